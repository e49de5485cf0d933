"""The move chart: which measuring stick a ship sails with, read off her movement wheel.

Her wheel gives a stick (or none) for each 45-degree sector of the angle
between her heading and the way the wind blows at her (see :mod:`wind`).
Each stick is marked in segments of so many rods; a ship pays one action
point for each segment she sails, a part segment as a whole one.
"""

from __future__ import annotations

import math

from game.systems.base import Stick
from game.systems.cagway import wind
from game.systems.cagway.state import GameState, Ship
from game.systems.cagway.tables import NONE, CagwayTables
from game.table.geometry import Point

#: Part of a segment so small it is rounding, not a segment begun (inches).
FUZZ = 1e-6


def chart(state: GameState, ship: Ship, heading: float, at: Point | None = None) -> tuple[int, str]:
    """(sector, stick) for sailing on ``heading`` from ``at`` (default her centre); the stick may be ``none``."""
    where = (ship.x, ship.y) if at is None else at
    sec = wind.sector(wind.off_wind(state, where, heading))
    return sec, state.card_of(ship).stick(sec)


def segment(tables: CagwayTables, stick: str) -> float:
    """Inches of one segment of ``stick`` (0 for none)."""
    return 0.0 if stick == NONE else tables.segments[stick]


def longest(state: GameState, ship: Ship) -> float:
    """Inches of the longest segment her wheel ever gives."""
    return max((segment(state.tables, s) for s in state.card_of(ship).wheel if s != NONE), default=0.0)


def points_for(distance: float, seg: float) -> int:
    """Action points a leg of ``distance`` costs on a stick of ``seg``-inch segments: part segments whole."""
    if distance <= FUZZ or seg <= 0:
        return 0
    return max(1, math.ceil(distance / seg - FUZZ / seg))


def stick_of(tables: CagwayTables, stick: str, words: str = "") -> Stick:
    """The stick as the tape draws it."""
    colour = tables.stick_colours.get(stick, (128, 128, 128))
    label = f"{stick} stick" + (f": {words}" if words else "")
    return Stick(colour=colour, segment=segment(tables, stick), label=label)
