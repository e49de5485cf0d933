"""The wind as a point source, and the priority it gives.

The wind blows from one point at the table's edge (the scenario's
``wind_source``), not in parallel lines: at any ship it blows along the line
from the source through her centre.  A ship's attitude to the wind is the
angle between her heading and the way the wind blows there (0: running
before it; 180: straight into it), read on her movement wheel in sectors of
45 degrees.  Priority: in the move phase the ship farthest downwind (farthest
from the source) acts first; in the combat phase the one farthest upwind.
"""

from __future__ import annotations

import math

from game.systems.cagway.state import COMBAT, GameState, Ship
from game.systems.cagway.tables import SECTORS
from game.table.geometry import Point, bearing, signed_angle

#: Distances to the source closer than this (inches) are equal: the tie is broken by the scenario's order.
TIE = 1e-6


def blowing(state: GameState, at: Point) -> float:
    """The compass bearing the wind blows towards at ``at``: from the source through that point."""
    sx, sy = state.wind_source
    if math.hypot(at[0] - sx, at[1] - sy) < 1e-9:  # at the source itself: towards the middle of the table
        return bearing((sx, sy), (state.table_width / 2.0, state.table_height / 2.0))
    return bearing((sx, sy), at)


def off_wind(state: GameState, at: Point, heading: float) -> float:
    """Degrees between ``heading`` and the way the wind blows at ``at``: 0 running before it, 180 into it."""
    return abs(signed_angle(blowing(state, at), heading))


def sector(angle: float) -> int:
    """The wheel's sector for an angle off the wind: the nearest of 0, 45, 90, 135, 180.

    An angle on the line between two sectors (22.5, 67.5 ...) takes the one nearer the wind's eye
    (a reading: the book's wheel is a picture).
    """
    a = max(0.0, min(180.0, angle))
    return SECTORS[min(len(SECTORS) - 1, int(math.floor((a + 22.5) / 45.0 + 1e-9)))]


def source_distance(state: GameState, ship: Ship) -> float:
    """Her centre's distance from the wind's source."""
    return math.hypot(ship.x - state.wind_source[0], ship.y - state.wind_source[1])


def priority(state: GameState, phase: str) -> tuple[str, ...]:
    """The order ships act in ``phase``: downwind first in the move phase, upwind first in combat.

    Ties (the same distance from the source, to a millionth of an inch) go by the order the scenario
    lists the ships (a reading: the book has no rule for them).
    """
    ships = [s for s in state.ships.values() if s.on_table]
    index = {s.id: i for i, s in enumerate(state.ships.values())}
    way = 1.0 if phase == COMBAT else -1.0

    def key(s: Ship) -> tuple[float, int]:
        return (way * round(source_distance(state, s) / TIE) * TIE, index[s.id])

    return tuple(s.id for s in sorted(ships, key=key))
