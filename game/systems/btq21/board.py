"""The rules' window onto the table geometry.

The pymunk space is derived from the state (terrain from the scenario, bases
from the ships) and never hashed or saved.  Copies of a state share their
parent's space on the same thread; every query first brings the ship bodies
up to date with the state it is asked about, which costs little because
unchanged poses are skipped.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Collection
from typing import Any

from game.systems.btq21.state import ON_TABLE, GameState, Ship, option_on
from game.table import arcs
from game.table.convex import Piece, Rect, piece_distance
from game.table.geometry import Pose
from game.table.space import Contact, Sweep, TableSpace


def space(state: GameState) -> TableSpace:
    """The table space with the state's bases placed."""
    sp = state._space
    if sp is None:
        shoals = rated_shoals(state)
        terrain = state.scenario.terrain if state.scenario else ()
        sp = TableSpace(
            state.table_width,
            state.table_height,
            [(t.id, t.points) for t in terrain if t.id not in shoals],
            [(t.id, t.points) for t in terrain if t.id in shoals],
        )
        for ship in state.ships.values():
            over = floats_over(state, ship.rate)
            if over:
                sp.set_floats(ship.id, over)
        state._space = sp
    ships = state.ships.values()
    sp.sync_unless(list(map(_LAYOUT, ships)), lambda: [s for s in ships if s.status in ON_TABLE])
    return sp


#: What the space is synced from: every ship's status (on the table or not), pose and size.
_LAYOUT = operator.attrgetter("id", "status", "x", "y", "heading", "length", "width")


def rated_shoals(state: GameState) -> dict[str, str]:
    """Shoal id -> depth, for the shoals option shoals rates (none without it: then every shoal is shore)."""
    sc = state.scenario
    if sc is None or not option_on(state, "shoals"):
        return {}
    return {t.id: t.depth for t in sc.terrain if t.kind == "shoal" and t.depth}


def floats_over(state: GameState, rate: str) -> list[str]:
    """The rated shoals a ship of ``rate`` sails over: shallower than her draft (option shoals)."""
    mine = draft(state, rate)
    return [sid for sid, depth in rated_shoals(state).items() if mine > draft(state, depth)]


def draft(state: GameState, rate: str) -> int:
    """A rate's place in the tables' list, deepest draft (the 1st rate) first."""
    rates = list(state.rules.rates)
    return rates.index(rate) if rate in rates else len(rates)


#: Closest distances already measured, by the two bases' poses and sizes.  The distance
#: depends on nothing else, and look-ahead asks the same pairs again and again.
_DISTANCES: dict[tuple[Any, ...], float] = {}
_DISTANCES_KEPT = 1 << 16
#: Bases as rectangles and SAT pieces, by pose and size: the questions about two bases
#: (distance, arc) need no space, so a look-ahead copy need not sync one to ask them.
_BASES: dict[tuple[Any, ...], tuple[Rect, Piece]] = {}


def _keep(store: dict[Any, Any], key: tuple[Any, ...], value: Any) -> Any:
    """Remember ``value`` under ``key``; a store grown to its limit is emptied first."""
    if len(store) >= _DISTANCES_KEPT:
        store.clear()
    store[key] = value
    return value


def _base(ship: Ship) -> tuple[Rect, Piece]:
    key = (ship.x, ship.y, ship.heading, ship.length, ship.width)
    got = _BASES.get(key)
    if got is None:
        rect = Rect.from_pose((float(ship.x), float(ship.y), float(ship.heading)), ship.length, ship.width)
        got = _keep(_BASES, key, (rect, rect.as_piece("ship", "")))
    return got


def closest_distance(state: GameState, a: str, b: str) -> float:
    """Shortest distance between two bases; a ship off the table (gone, sunk, or sailed off in a preview)
    is out of every reach, not a base the table space could measure."""
    sa, sb = state.ships.get(a), state.ships.get(b)
    if sa is None or sb is None:
        return space(state).closest_distance(a, b)
    if not (sa.on_table and sb.on_table):
        return math.inf
    key = (sa.pose, sa.length, sa.width, sb.pose, sb.length, sb.width)
    got = _DISTANCES.get(key)
    if got is None:
        got = _keep(_DISTANCES, key, piece_distance(_base(sa)[1], _base(sb)[1]))
    return got


#: Arc answers already measured, by both bases' poses and sizes and the arc's shape.
_ARCS: dict[tuple[Any, ...], bool] = {}


def in_arc(state: GameState, firer: str, side: str, target: str, reach: float, off_beam: float) -> bool:
    """Whether any of the target's base lies inside the firer's ``side`` arc (see TableSpace.in_arc)."""
    sa, sb = state.ships.get(firer), state.ships.get(target)
    if sa is None or sb is None or not (sa.on_table and sb.on_table):
        return space(state).in_arc(firer, side, target, reach=reach, off_beam=off_beam)
    key: tuple[Any, ...] = (sa.x, sa.y, sa.heading, sa.length, sa.width, side)
    key += (sb.x, sb.y, sb.heading, sb.length, sb.width, reach, off_beam)
    got = _ARCS.get(key)
    if got is None:
        got = _keep(_ARCS, key, arcs.in_arc(_base(sa)[0], side, reach, off_beam, _base(sb)[1]))
    return got


def sweep(
    state: GameState, ship_id: str, distance: float, heading: float | None = None, passing: Collection[str] = ()
) -> Sweep:
    return space(state).sweep(ship_id, distance, heading, passing=passing)


def pivot_blocker(
    state: GameState, ship_id: str, turn: float, at: Pose | None = None, passing: Collection[str] = ()
) -> Contact | None:
    """What turning ``turn`` degrees in place (from ``at``, default where she is) would foul."""
    return space(state).pivot_blocker(ship_id, turn, start=at, passing=passing)


def line_of_sight(state: GameState, a: str, b: str) -> list[Contact]:
    """Blockers of the sight corridor between two bases.

    Land under either end's own base does not block: a battery sees out over
    the shore it stands on (a reading; the book's batteries are on land).
    """
    sp = space(state)
    width = state.rules.los_corridor_width
    token = sp.layout_token()
    key = ("sight", token, a, b, width)
    got = sp.memo.get(key) if token is not None else None
    if got is None:
        got = _sight(sp, a, b, width)
        if token is not None:
            sp.memo[key] = got
    return list(got)


def sight_clear(state: GameState, a: str, b: str) -> bool:
    """Whether nothing blocks the sight corridor between two bases: ``not line_of_sight(...)``, sooner.

    A ship in the corridor settles it at once; only land needs the full answer
    (land under either end's own base does not count).
    """
    sp = space(state)
    width = state.rules.los_corridor_width
    token = sp.layout_token()
    key = ("clear", token, a, b, width)
    got = sp.memo.get(key) if token is not None else None
    if got is None:
        kind = sp.sight_kind(a, b, width)
        got = kind == "" or (kind == "terrain" and not line_of_sight(state, a, b))
        if token is not None:
            sp.memo[key] = got
    return got


def _sight(sp: TableSpace, a: str, b: str, width: float) -> tuple[Contact, ...]:
    blockers = sp.line_of_sight(a, b, width)
    if not any(x.kind == "terrain" for x in blockers):
        return tuple(blockers)
    own = {x.id for end in (a, b) for x in sp.overlapping(sp.ship_polygon(end), ignore=(a, b)) if x.kind == "terrain"}
    return tuple(x for x in blockers if not (x.kind == "terrain" and x.id in own))
