"""What a window needs from the far end of a battle between two computers.

A :class:`Link` is how the window plays a network game (``game.net``: the
host's own end and a client's are both links) or an e-mail game
(``game.mail``).  The window keeps its own copy of the battle: it is built
from :meth:`Link.opening` (a save document, replayed and checked like any
save) and moved on only by what :meth:`Link.poll` hands back, so the
window's copy is always the authority's.  Nothing here blocks: ``send``
queues, ``poll`` returns what has arrived.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.systems.base import Command


@dataclass(frozen=True)
class Played:
    """Command ``number`` (1 for the first) was played by ``side``: play it on the window's copy with the
    dice state ``reseed`` (None when it rolled nothing); the authority's state hash after it is ``state_hash``."""

    number: int
    side: str
    command: Command
    reseed: int | None
    state_hash: str


@dataclass(frozen=True)
class TakenBack:
    """Command ``number`` was taken back (it rolled no dice)."""

    number: int


@dataclass(frozen=True)
class Refused:
    """The window's last command (or take-back) was refused; ``reason`` names the rule or the fault."""

    reason: str


@dataclass(frozen=True)
class Said:
    """A line of chat."""

    who: str
    text: str


@dataclass(frozen=True)
class Notice:
    """The link's state changed: ``text`` for the status line (and the log), ``connected`` False while
    the other end is away.  ``waiting`` is True while the battle waits on the far end (its move, its
    reveal, its turn file)."""

    text: str
    connected: bool = True
    waiting: bool = False


@dataclass(frozen=True)
class Ended:
    """The link is closed for good (the host quit, a wrong code, a game that is not this one)."""

    reason: str


Incoming = Played | TakenBack | Refused | Said | Notice | Ended


class Link(Protocol):
    #: The sides this window commands (empty for a spectator).
    sides: frozenset[str]
    #: Who this window is, as chat and the log name it ("British (host)", "spectator 2").
    name: str

    def opening(self) -> dict[str, Any] | None:
        """The battle as a save document (``game.persistence.save.to_document`` form, commands included) once
        the far end has sent it; None until then."""
        ...

    def send(self, command: Command) -> None:
        """A command of one of :attr:`sides`; it comes back as :class:`Played` or :class:`Refused`."""
        ...

    def take_back(self) -> None:
        """Ask to take back this window's last command (refused if it rolled or is not ours)."""
        ...

    def say(self, text: str) -> None:
        ...

    def poll(self) -> list[Incoming]:
        """What has arrived since the last call, in order."""
        ...

    def status(self) -> str:
        """One line for the window's status bar."""
        ...

    def close(self) -> None:
        ...
