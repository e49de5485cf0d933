"""Option ``visibility``: a battle fought in fog or at night.

Gifford's engagement table gives FOG on a 1: a D6 each turn, the fog stays on
1, 3 or 5 and lifts on 2, 4 or 6 (the faces are the tables' ``lifts_on``).
His weather rule's poor visibility halves the gun ranges.  On this table
(docs/READINGS.md): while the fog or the night holds, a ship sees, and so
fires, only ``reach`` inches (per visibility, in the tables), measured as
ranges are; every range band beyond it is closed (each band's limit is cut
to the reach, so a band that begins beyond it is never reached).  The fog is
rolled for at the start of every turn after the first; the night holds all
battle, or until the start of the turn the scenario names as its ``dawn``.
Every roll is a ``visibility_roll`` event.  With the option off, or once the
air has cleared, ``state.visibility`` is empty and nothing here changes a
number.
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out
from game.systems.btq21.state import GameState

NAME = "visibility"
FOG, NIGHT = "fog", "night"
CHOICES = (FOG, NIGHT)


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def distance(state: GameState) -> float:
    """How far a ship sees while the fog or night holds (inches); 0 when the air is clear."""
    if not state.visibility:
        return 0.0
    return float(spec(state)["reach"][state.visibility])


def clip(state: GameState, limits: dict[str, float]) -> dict[str, float]:
    """Each band's limit cut to what a ship can see: a band wholly beyond it is closed."""
    reach = distance(state)
    if reach <= 0.0:
        return limits
    return {band: min(limit, reach) for band, limit in limits.items()}


def closed(state: GameState, limits: dict[str, float]) -> set[str]:
    """The bands (of ``limits``, cut by :func:`clip`) that no distance can fall in: closed by the fog or night."""
    out, last = set(), -1.0
    for band, limit in limits.items():
        if limit <= last + 1e-9:
            out.add(band)
        last = max(last, limit)
    return out


def dawn(state: GameState) -> int:
    """The turn the scenario's night ends at the start of (0: it lasts the battle)."""
    extra = getattr(state.scenario, "extra", None) or {}
    return int(extra.get("dawn") or 0)


def new_turn(state: GameState, out: Out) -> None:
    """At the start of a turn: a die for the fog, or the dawn."""
    was = state.visibility
    if was == FOG:
        s = spec(state)
        roll = state.dice.die(int(s["lift_die"]))
        clears = roll in s["lifts_on"]
        out.emit(ev.VisibilityRoll(was=was, roll=roll, clears=clears))
        if clears:
            state.visibility = ""
    elif was == NIGHT and dawn(state) and state.turn >= dawn(state):
        out.emit(ev.VisibilityRoll(was=was, clears=True))
        state.visibility = ""
