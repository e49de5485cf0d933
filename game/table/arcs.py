"""Broadside arcs and sight corridors as plain polygons.

Kept apart from :mod:`game.table.space` because both are pure geometry of one
or two bases: the rules and the UI can draw them without a space.
"""

from __future__ import annotations

import math

from game.table.convex import Piece, Rect, ccw, make_piece, piece_piece_overlaps
from game.table.geometry import Point

SIDES = ("port", "starboard")


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


def in_arc(base: Rect, side: str, reach: float, off_beam: float, target: Piece) -> bool:
    """True if any part of ``target`` lies strictly inside the ``side`` arc of ``base``."""
    return piece_piece_overlaps(make_piece("arc", "", arc_polygon(base, side, reach, off_beam)), target, 0.0)


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
