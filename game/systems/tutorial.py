"""A guided first battle: a rule system's lessons, in a small vocabulary the window can check.

Each rule system teaches its own game (its commands, its wind, its dice), so
the words and the order of the lessons are its own; what ends a lesson is
said in plain conditions that the window checks against what it sees (the
ship picked, the tape, the options on offer, the events of the battle).  The
window never needs to know what a broadside is to see that one was fired.

Conditions (strings):

- ``next``: the player pressed Next.
- ``selected:SHIP``: SHIP's card is shown.
- ``hover:SHIP``: the pointer is on SHIP.
- ``event:TYPE`` or ``event:TYPE:SHIP``: such an event happened in this battle.
- ``option:TYPE``: the player is offered such a command now.
- ``my_move`` / ``their_move``: the player (or the computer) is to decide now.
- ``plan:distance`` / ``plan:turn``: the tape has a distance, or a turn, laid out.
- ``legend``: the legend is open.
- ``over``: the battle is over.

Where a lesson points (``point``): ``ship:SHIP``, ``card``, ``compass``, ``tape``,
``handle``, ``ghost``, ``action:TYPE`` (its button), ``log``, ``tray``, ``legend``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

CONDITIONS = ("next", "selected", "hover", "event", "option", "my_move", "their_move", "plan", "legend", "over")
POINTS = ("ship", "card", "compass", "tape", "handle", "ghost", "action", "log", "tray", "legend", "")


def _check(words: tuple[str, ...], known: tuple[str, ...], what: str) -> None:
    for w in words:
        if w.split(":")[0] not in known:
            raise ValueError(f"unknown tutorial {what} {w!r} (known: {', '.join(k for k in known if k)})")


@dataclass(frozen=True)
class Lesson:
    """One step of the guide.

    It shows once every ``ready`` condition holds (and none of ``skip``), in the
    order of the list, and ends when any ``done`` condition holds.
    """

    key: str
    title: str
    text: str
    done: tuple[str, ...] = ("next",)
    ready: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    point: str = ""

    def __post_init__(self) -> None:
        _check(self.done + self.ready + self.skip, CONDITIONS, "condition")
        _check((self.point,), POINTS, "pointer")


@dataclass(frozen=True)
class Tutorial:
    """The guided battle: which scenario, who commands each side, the lessons, and tips given once each later."""

    scenario: str
    players: Mapping[str, str]
    lessons: tuple[Lesson, ...]
    tips: tuple[Lesson, ...] = field(default=())
