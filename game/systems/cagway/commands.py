"""What a player may ask Cagway Bay to do: plain frozen values, saved and replayed as they are.

``COMMAND_TYPES`` is the gate's list (a save may hold these and nothing else);
:func:`game.systems.base.command_from_dict` turns untrusted data into one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.systems.base import Command, Option, command_from_dict


@dataclass(frozen=True)
class Deploy(Command):
    """Setup: slide ``distance`` inches along her deployment line (ahead, or ``astern``), then turn in place."""

    type: ClassVar[str] = "deploy"
    ship: str
    distance: float = 0.0
    turn: float = 0.0
    astern: bool = False


@dataclass(frozen=True)
class ChooseCarrier(Command):
    """Setup of a blockade run: the Runner hides the prize aboard ``ship``."""

    type: ClassVar[str] = "choose_carrier"
    ship: str


@dataclass(frozen=True)
class Sail(Command):
    """A leg: turn ``turn`` degrees about her bow (up to 45), then run her bow ``distance`` inches along the stick."""

    type: ClassVar[str] = "sail"
    ship: str
    distance: float
    turn: float = 0.0


@dataclass(frozen=True)
class Repair(Command):
    """Spend ``points`` action points on repair, mending the tables' HP for each."""

    type: ClassVar[str] = "repair"
    ship: str
    points: int = 1


@dataclass(frozen=True)
class FireAtWill(Command):
    """Her whole move: fire the ``gun`` at ``target`` with a die for the aim; all her points."""

    type: ClassVar[str] = "fire_at_will"
    ship: str
    gun: str
    target: str


@dataclass(frozen=True)
class Drift(Command):
    """Her whole move: one red segment downwind unless blocked, then turn ``turn`` degrees on her centre.

    ``distance`` is the tape's and must be 0: the drift's distance is the rule's, not the player's.
    """

    type: ClassVar[str] = "drift"
    ship: str
    distance: float = 0.0
    turn: float = 0.0


@dataclass(frozen=True)
class EndMove(Command):
    type: ClassVar[str] = "end_move"
    ship: str


@dataclass(frozen=True)
class Fire(Command):
    """Her combat action: fire the ``gun`` at ``target``, one point, every other point poured into aiming."""

    type: ClassVar[str] = "fire"
    ship: str
    gun: str
    target: str


@dataclass(frozen=True)
class Board(Command):
    """Her combat action: her crew attacks ``target``, touching her, at her combat value."""

    type: ClassVar[str] = "board"
    ship: str
    target: str


@dataclass(frozen=True)
class Capture(Command):
    """Her combat action: take ``target``, a dead enemy touching her, putting ``hp`` of her crew aboard."""

    type: ClassVar[str] = "capture"
    ship: str
    target: str
    hp: int = 1


@dataclass(frozen=True)
class Scuttle(Command):
    """Her combat action: sink ``target``, a dead ship touching her."""

    type: ClassVar[str] = "scuttle"
    ship: str
    target: str


@dataclass(frozen=True)
class Share(Command):
    """Her combat action: move ``hp`` to ``friend``, touching her (negative: from the friend to her)."""

    type: ClassVar[str] = "share"
    ship: str
    friend: str
    hp: int = 1


@dataclass(frozen=True)
class Pass(Command):
    type: ClassVar[str] = "pass"
    ship: str


COMMAND_TYPES: dict[str, type[Command]] = {
    c.type: c
    for c in (
        Deploy, ChooseCarrier, Sail, Repair, FireAtWill, Drift, EndMove, Fire, Board, Capture, Scuttle, Share, Pass
    )
}


def from_dict(d: Any) -> Command:
    """A command of Cagway Bay from untrusted data; CommandError says why not."""
    return command_from_dict(d, COMMAND_TYPES)


def option(type_: str, ship: str, **details: Any) -> Option:
    """A legal option of Cagway Bay, able to make its command."""
    return Option(type_, ship, make=COMMAND_TYPES[type_], **details)
