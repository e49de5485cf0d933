"""Broadside arcs and sight corridors as plain polygons.

Kept apart from :mod:`game.table.space` because both are pure geometry of one
or two bases: the rules and the UI can draw them without a space.
"""

from __future__ import annotations

import math

from game.table.convex import Piece, Rect, ccw, make_piece, piece_piece_overlaps
from game.table.geometry import Point

SIDES = ("port", "starboard")
#: The ends a chaser fires from (Gifford's optional bow and stern chasers).
ENDS = ("bow", "stern")


def arc_polygon(base: Rect, side: str, reach: float, off_beam: float = 30.0) -> list[Point]:
    """The broadside arc of ``side`` as a CCW trapezoid.

    It is bounded by the base's side edge and two lines from the bow and stern
    corners of that side, each ``off_beam`` degrees from the beam, opening
    outwards (60 degrees off the bow and off the stern by default).  It is cut
    by a line parallel to the side at ``reach``: every point within ``reach``
    of the side has a perpendicular distance of at most ``reach``, so nothing
    in range is lost.  The trapezoid also holds points a little beyond
    ``reach`` near its far corners -- the arc is a bearing test; range is a
    separate question (see ``TableSpace.closest_distance``).
    """
    if side not in SIDES:
        raise ValueError(f"side must be 'port' or 'starboard', not {side!r}")
    if not 0.0 <= off_beam < 90.0:
        raise ValueError("off_beam must be in [0, 90) degrees")
    if reach <= 0.0:
        raise ValueError("reach must be positive")
    sx, sy = (base.px, base.py) if side == "port" else (-base.px, -base.py)
    fx, fy = base.fx, base.fy
    o = math.radians(off_beam)
    co, so = math.cos(o), math.sin(o)
    k = reach / co
    bow = (base.cx + fx * base.hl + sx * base.hw, base.cy + fy * base.hl + sy * base.hw)
    stern = (base.cx - fx * base.hl + sx * base.hw, base.cy - fy * base.hl + sy * base.hw)
    fwd = (sx * co + fx * so, sy * co + fy * so)
    aft = (sx * co - fx * so, sy * co - fy * so)
    far_bow = (bow[0] + fwd[0] * k, bow[1] + fwd[1] * k)
    far_stern = (stern[0] + aft[0] * k, stern[1] + aft[1] * k)
    return ccw([bow, far_bow, far_stern, stern])


def chase_polygon(base: Rect, end: str, reach: float, off_keel: float = 30.0) -> list[Point]:
    """The field of a bow or stern chaser as a CCW triangle.

    Its apex is the middle of the bow (stern); its sides run ``off_keel``
    degrees either side of the keel line, and it is cut at ``reach`` ahead
    (astern) of the apex, measured along the keel, so nothing in range is lost.
    """
    if end not in ENDS:
        raise ValueError(f"end must be 'bow' or 'stern', not {end!r}")
    if not 0.0 < off_keel < 90.0:
        raise ValueError("off_keel must be in (0, 90) degrees")
    if reach <= 0.0:
        raise ValueError("reach must be positive")
    way = 1.0 if end == "bow" else -1.0
    fx, fy = base.fx * way, base.fy * way
    apex = (base.cx + fx * base.hl, base.cy + fy * base.hl)
    t = math.tan(math.radians(off_keel)) * reach
    tip = (apex[0] + fx * reach, apex[1] + fy * reach)
    return ccw([apex, (tip[0] + base.px * t, tip[1] + base.py * t), (tip[0] - base.px * t, tip[1] - base.py * t)])


def field_polygon(base: Rect, side: str, reach: float, off: float) -> list[Point]:
    """A broadside's arc or a chaser's field, by the name of the side or end."""
    return chase_polygon(base, side, reach, off) if side in ENDS else arc_polygon(base, side, reach, off)


def in_arc(base: Rect, side: str, reach: float, off_beam: float, target: Piece) -> bool:
    """True if any part of ``target`` lies strictly inside the ``side`` arc (or chaser's field) of ``base``."""
    return piece_piece_overlaps(make_piece("arc", "", field_polygon(base, side, reach, off_beam)), target, 0.0)


def corridor(a: Point, b: Point, width: float) -> Rect | None:
    """The sight corridor between two centres: the segment widened by half ``width`` each side.

    A rectangle, not a capsule: a ship sitting beside or behind the firer
    within ``width / 2`` of its centre is not "between" the two ships.
    None when the centres coincide (there is no line to block).
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy)
    if ln <= 1e-9:
        return None
    fx, fy = dx / ln, dy / ln
    return Rect((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0, fx, fy, -fy, fx, ln / 2.0, width / 2.0)
