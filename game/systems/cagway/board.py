"""The rules' window onto the table: the pymunk space, distances, contact and islands.

The space is derived from the state (islands from the scenario, bases from
the ships on the table) and is never hashed or saved.  Copies of a state share
their parent's space on one thread; every query first brings the bases up to
date, which costs little because unchanged poses are skipped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from game.systems.cagway.state import GameState, Ship
from game.table.convex import base_distance, poly_distance
from game.table.geometry import Point, base_corners
from game.table.space import Contact, TableSpace
from game.table.terrain import decompose

#: Two bases this close (inches) are touching: the sweeps stop a millionth of an inch short.
TOUCH = 0.01
#: Slack when a number is checked against its limit.
SLACK = 1e-6


def space(state: GameState) -> TableSpace:
    """The table space with the state's bases placed."""
    sp = state._space
    if sp is None:
        terrain = state.scenario.terrain if state.scenario is not None else ()
        sp = TableSpace(state.table_width, state.table_height, [(t.id, t.points) for t in terrain])
        state._space = sp
    sp.sync([s for s in state.ships.values() if s.on_table])
    return sp


def distance(a: Ship, b: Ship) -> float:
    """Closest distance between two bases; 0 when they touch or overlap."""
    return base_distance(a.pose, (a.length, a.width), b.pose, (b.length, b.width))


def touching(a: Ship, b: Ship) -> bool:
    return a.id != b.id and a.on_table and b.on_table and distance(a, b) <= TOUCH


def touching_ships(state: GameState, ship: Ship) -> list[Ship]:
    """The ships on the table whose bases touch hers, in the state's order."""
    return [o for o in state.ships.values() if touching(ship, o)]


def touching_live_enemy(state: GameState, ship: Ship) -> Ship | None:
    """An enemy with crew aboard touching her: then the guns of both are no longer effective."""
    return next((o for o in touching_ships(state, ship) if o.side != ship.side and not o.dead), None)


def contact_name(state: GameState, contact: Contact | None) -> str:
    """What a base met, in a player's words."""
    if contact is None:
        return ""
    if contact.kind == "ship":
        s = state.ships.get(contact.id)
        return s.name if s else contact.id
    if contact.kind == "edge":
        return f"the {contact.id} edge of the table"
    return island_name(state, contact.id)


def contact_id(contact: Contact | None) -> str | None:
    """A contact as the log keeps it: a ship or island id, or ``edge:north``."""
    if contact is None:
        return None
    return f"edge:{contact.id}" if contact.kind == "edge" else contact.id


def island_name(state: GameState, island: str) -> str:
    for t in state.scenario.terrain if state.scenario is not None else ():
        if t.id == island:
            return t.name or t.id.replace("_", " ")
    return island


# --- islands --------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _pieces(points: tuple[Point, ...]) -> tuple[tuple[Point, ...], ...]:
    return tuple(tuple(p) for p in decompose(points))


def island_pieces(state: GameState) -> list[tuple[str, tuple[Point, ...]]]:
    """Every island's convex pieces, each with the island's id."""
    out: list[tuple[str, tuple[Point, ...]]] = []
    for t in state.scenario.terrain if state.scenario is not None else ():
        for piece in _pieces(tuple((float(x), float(y)) for x, y in t.points)):
            out.append((t.id, piece))
    return out


def island_distance(state: GameState, ship: Ship, island: str) -> float:
    """Closest distance from her base to an island (0 when touching); infinite if there is no such island."""
    corners = base_corners(ship.pose, ship.length, ship.width)
    best = math.inf
    for tid, piece in island_pieces(state):
        if tid == island:
            best = min(best, poly_distance(corners, piece, False))
    return best


def crossing(state: GameState, a: Point, b: Point) -> str | None:
    """The first island (by id order) whose inside the segment a-b passes through, or None."""
    for tid, piece in island_pieces(state):
        if segment_enters(a, b, piece):
            return tid
    return None


def segment_enters(a: Point, b: Point, piece: Sequence[Point]) -> bool:
    """Whether the segment a-b runs through the inside of a convex polygon (grazing an edge or corner is not)."""
    n = len(piece)
    area = sum(piece[i][0] * piece[(i + 1) % n][1] - piece[(i + 1) % n][0] * piece[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for i in range(n):
        p, q = piece[i], piece[(i + 1) % n]
        # Inward normal of edge p-q for a polygon wound ``sign``.
        nx, ny = -(q[1] - p[1]) * sign, (q[0] - p[0]) * sign
        num = nx * (a[0] - p[0]) + ny * (a[1] - p[1])  # > 0 inside
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if num <= 1e-12:
                return False
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t1 - t0 <= 1e-9:
            return False
    # Long enough inside to be more than a graze.
    return (t1 - t0) * math.hypot(dx, dy) > 1e-6
