"""Islands and other terrain: arbitrary simple polygons cut into convex pieces.

The exact kernels only handle convex shapes, so a concave island becomes
several convex pieces that all carry the island's id.
"""

from __future__ import annotations

from collections.abc import Sequence

from pymunk.autogeometry import convex_decomposition

from game.table.convex import ccw, convex_hull, is_convex
from game.table.geometry import Point, polygon_area

#: Decomposition tolerance, inches: small enough that the pieces are the island.
DECOMP_TOL = 1e-6


def decompose(points: Sequence[Point]) -> list[list[Point]]:
    """Convex pieces of a simple polygon (either winding), covering exactly its area."""
    pts = _clean(ccw(points))
    if len(pts) < 3 or abs(polygon_area(pts)) <= 1e-12:
        raise ValueError("terrain polygon needs at least three distinct corners")
    if is_convex(pts):
        return [pts]
    raw = convex_decomposition([*pts, pts[0]], DECOMP_TOL)
    pieces = [convex_hull((float(p.x), float(p.y)) for p in piece) for piece in raw]
    pieces = [p for p in pieces if len(p) >= 3]
    total = sum(polygon_area(p) for p in pieces)
    if abs(total - polygon_area(pts)) > 1e-6 * max(1.0, polygon_area(pts)):
        raise ValueError("terrain polygon could not be decomposed (is it self-intersecting?)")
    return pieces


def _clean(pts: list[Point]) -> list[Point]:
    """Drop repeated and collinear corners, which upset the decomposition."""
    out: list[Point] = []
    for p in pts:
        if not out or p != out[-1]:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    changed = True
    while changed and len(out) > 3:
        changed = False
        for i in range(len(out)):
            (ax, ay), (bx, by), (cx, cy) = out[i - 1], out[i], out[(i + 1) % len(out)]
            if abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) <= 1e-12:
                del out[i]
                changed = True
                break
    return out
