"""What a side may know of a Cagway battle, and the trials it looks ahead on.

Every decision of the scripted player is taken on a *trial* of the battle
made by the rule system's own sandbox (dice of its own, never the game's),
and a side that is not the Runner gets a trial with the Runner's secret
wiped: ``carrier`` is blank on it.  So the Blocker's decisions cannot depend on
which ship carries the prize, and a look-ahead that captures or scuttles a
runner never tells him (the engine ends a blockade run only when it knows the
carrier).  Nothing else here reads ``carrier``.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from game.systems.cagway import board
from game.systems.cagway.state import GameState, Ship
from game.systems.cagway.system import CagwayBay
from game.table.geometry import Point

RUNNER, BLOCKER, FLEET = "runner", "blocker", "fleet"

_SYSTEMS: dict[int, CagwayBay] = {}


def rules(state: GameState) -> Any:
    """The rule system the battle is played with (one made from its tables for a bare state)."""
    if state.system is not None:
        return state.system
    key = id(state.tables)
    if key not in _SYSTEMS:
        _SYSTEMS[key] = CagwayBay(state.tables)
    return _SYSTEMS[key]


def terms(state: GameState) -> dict[str, str]:
    """The scenario's victory terms (mode; runner, blocker, destination in a blockade run)."""
    raw = state.extra.get("victory") or {}
    return {str(k): str(v) for k, v in dict(raw).items()}


def role(state: GameState, side: str) -> str:
    """``runner`` or ``blocker`` in a blockade run, ``fleet`` in open warfare."""
    t = terms(state)
    if t.get("mode") == "blockade_run":
        return RUNNER if side == t.get("runner") else BLOCKER
    return FLEET


def trial(state: GameState, side: str) -> GameState:
    """A trial of the battle as ``side`` may see it: the rule system's sandbox, the secret kept from the Blocker."""
    view: GameState = rules(state).sandbox(state)
    if role(view, side) != RUNNER:
        view.carrier = ""
    return view


def known_carrier(view: GameState, side: str) -> str:
    """The carrier, for the side that chose her; "" for anyone else (and on a trial made for the Blocker)."""
    return view.carrier if role(view, side) == RUNNER else ""


def ghost(ship: Ship, pose: tuple[float, float, float]) -> Ship:
    """A copy of her standing at ``pose``, for measuring what she would see and suffer there."""
    g = copy.copy(ship)
    g.x, g.y, g.heading = pose
    return g


def enemies(view: GameState, ship: Ship) -> list[Ship]:
    """Enemy ships still on the table (dead ones too)."""
    return [s for s in view.ships.values() if s.on_table and s.side != ship.side]


def live_enemies(view: GameState, ship: Ship) -> list[Ship]:
    """Enemies with crew aboard: the ones that can still fight."""
    return [s for s in enemies(view, ship) if not s.dead]


def friends(view: GameState, ship: Ship) -> list[Ship]:
    return [s for s in view.ships.values() if s.on_table and s.side == ship.side and s.id != ship.id]


def centre(ship: Ship) -> Point:
    return (ship.x, ship.y)


def apart(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def destination(view: GameState) -> str:
    return terms(view).get("destination", "")


def island_centre(view: GameState, island: str) -> Point | None:
    """The middle of an island's outline (None if the scenario has no such island)."""
    for t in view.scenario.terrain if view.scenario is not None else ():
        if t.id == island and t.points:
            xs = [float(p[0]) for p in t.points]
            ys = [float(p[1]) for p in t.points]
            return (sum(xs) / len(xs), sum(ys) / len(ys))
    return None


def to_island(view: GameState, ship: Ship) -> float:
    """How far her base is from the destination island (0 touching; a large number with no island)."""
    dest = destination(view)
    if not dest:
        return 1e6
    d = board.island_distance(view, ship, dest)
    return d if math.isfinite(d) else 1e6


def threat_ranks(view: GameState) -> dict[str, float]:
    """The Blocker's reading of the runners: the nearer the island, the likelier and the worse (3, 2, 1.5 ...).

    Made from what the Blocker sees (positions), never from the secret.
    """
    runner = terms(view).get("runner", "")
    runners = [s for s in view.ships.values() if s.on_table and s.side == runner]
    ranked = sorted(runners, key=lambda s: (to_island(view, s), s.id))
    weights = (3.0, 2.0, 1.5)
    return {s.id: weights[i] if i < len(weights) else 1.0 for i, s in enumerate(ranked)}
