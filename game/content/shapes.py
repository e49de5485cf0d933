"""Polygon tests the scenario checks need beyond :mod:`game.table.geometry`.

Terrain polygons may be concave, so overlap with a (convex) base is measured
as the area of their intersection: the terrain is clipped by the base
(Sutherland-Hodgman, which is exact for a concave subject and a convex clip
window) and anything above :data:`AREA_EPS` square inches is an overlap.
Touching is not overlap.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.table.geometry import Point, polygon_area

#: Intersections smaller than this (square inches) are touching, not overlap.
AREA_EPS = 1e-6
_EPS = 1e-9


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def clip(subject: Sequence[Point], window: Sequence[Point]) -> list[Point]:
    """``subject`` clipped to the convex ``window`` (either orientation)."""
    win = list(window)
    if polygon_area(win) < 0:
        win.reverse()
    out = list(subject)
    n = len(win)
    for i in range(n):
        a, b = win[i], win[(i + 1) % n]
        pts, out = out, []
        if not pts:
            break
        prev = pts[-1]
        prev_in = _cross(a, b, prev) >= 0
        for cur in pts:
            cur_in = _cross(a, b, cur) >= 0
            if cur_in != prev_in:
                out.append(_line_hit(prev, cur, a, b))
            if cur_in:
                out.append(cur)
            prev, prev_in = cur, cur_in
    return out


def _line_hit(p: Point, q: Point, a: Point, b: Point) -> Point:
    """Where segment p-q crosses the line through a-b."""
    dp = _cross(a, b, p)
    dq = _cross(a, b, q)
    t = dp / (dp - dq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def overlap_area(poly: Sequence[Point], convex: Sequence[Point]) -> float:
    """Area shared by any simple polygon and a convex one."""
    res = clip(poly, convex)
    return abs(polygon_area(res)) if len(res) >= 3 else 0.0


def overlaps(poly: Sequence[Point], convex: Sequence[Point]) -> bool:
    return overlap_area(poly, convex) > AREA_EPS


def rect(width: float, height: float) -> list[Point]:
    return [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]


def inside_rect(pts: Sequence[Point], width: float, height: float, eps: float = 1e-6) -> bool:
    return all(-eps <= x <= width + eps and -eps <= y <= height + eps for x, y in pts)


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return (
        min(a[0], b[0]) - _EPS <= p[0] <= max(a[0], b[0]) + _EPS
        and min(a[1], b[1]) - _EPS <= p[1] <= max(a[1], b[1]) + _EPS
    )


def segments_touch(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True if closed segments a-b and c-d share any point."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > _EPS and d2 < -_EPS) or (d1 < -_EPS and d2 > _EPS)) and (
        (d3 > _EPS and d4 < -_EPS) or (d3 < -_EPS and d4 > _EPS)
    ):
        return True
    return (
        (abs(d1) <= _EPS and _on_segment(a, c, d))
        or (abs(d2) <= _EPS and _on_segment(b, c, d))
        or (abs(d3) <= _EPS and _on_segment(c, a, b))
        or (abs(d4) <= _EPS and _on_segment(d, a, b))
    )


def polygon_problem(pts: Sequence[Point]) -> str | None:
    """Why ``pts`` is not a usable simple polygon, or None."""
    n = len(pts)
    for i in range(n):
        if pts[i] == pts[(i + 1) % n]:
            return f"point {(i + 1) % n} repeats point {i}"
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        for j in range(i + 1, n):
            c, d = pts[j], pts[(j + 1) % n]
            if j == i + 1 or (i == 0 and j == n - 1):
                # Neighbours share a vertex; they must not fold back along each other.
                shared, p, q = (b, a, d) if j == i + 1 else (a, b, c)
                if (
                    abs(_cross(shared, p, q)) <= _EPS
                    and (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1]) > 0
                ):
                    return f"edges {i} and {j} fold back on each other"
                continue
            if segments_touch(a, b, c, d):
                return f"edges {i} and {j} cross (the polygon must not intersect itself)"
    if abs(polygon_area(pts)) <= AREA_EPS:
        return "has no area"
    return None
