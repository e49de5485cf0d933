"""Exact convex-polygon kernels the table space is built on.

pymunk is only trusted to *find candidates*: its collision routines work with
their own slop and cannot tell "touching and sliding" from "about to
penetrate", which the rules care about.  Everything that decides an outcome
lives here, in plain floating point with the separating-axis theorem, so the
answer does not depend on the step size or speed of a move.

Two shapes matter:

* :class:`Piece` -- any convex polygon that does not move during a query
  (a convex part of an island, the strip beyond a table edge, or another
  ship's base).  Its axes and their projection ranges are computed once.
* :class:`Rect` -- a ship base as centre, unit forward/port vectors and half
  extents.  Projecting it onto an axis costs two multiplications instead of a
  loop over corners, which is what makes thousands of sweeps a second
  affordable in pure Python.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.table.geometry import Point, Pose, heading_vector, polygon_area

#: Penetration deeper than this is overlap for timing purposes.  Far below
#: CONTACT_EPS so a stopped base sits within a micro-inch of what it touched,
#: yet large enough that rounding noise on a touching face never counts.
PEN_TOL = 1e-9
#: Projected speeds below this are treated as sliding parallel to a face.
SLIDE_TOL = 1e-12
#: Depth growth per inch of travel that counts as "the motion pushes in".
DEEPEN_TOL = 1e-9

Axis = tuple[float, float, float, float]  # nx, ny, lo, hi (own projection range)
BBox = tuple[float, float, float, float]  # minx, miny, maxx, maxy


@dataclass(frozen=True, slots=True)
class Piece:
    """A static convex polygon tagged with what it belongs to."""

    kind: str
    id: str
    verts: tuple[Point, ...]
    axes: tuple[Axis, ...]
    bb: BBox


@dataclass(frozen=True, slots=True)
class Rect:
    """A base: centre, unit forward (f) and port (p) vectors, half length and width."""

    cx: float
    cy: float
    fx: float
    fy: float
    px: float
    py: float
    hl: float
    hw: float

    @staticmethod
    def from_pose(pose: Pose, length: float, width: float) -> Rect:
        fx, fy = heading_vector(pose[2])
        return Rect(pose[0], pose[1], fx, fy, -fy, fx, length / 2.0, width / 2.0)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.cx + dx, self.cy + dy, self.fx, self.fy, self.px, self.py, self.hl, self.hw)

    def corners(self) -> list[Point]:
        """CCW, bow-starboard first, matching geometry.base_corners."""
        cx, cy, fx, fy, px, py = self.cx, self.cy, self.fx, self.fy, self.px, self.py
        ax, ay = fx * self.hl, fy * self.hl
        bx, by = px * self.hw, py * self.hw
        return [
            (cx + ax - bx, cy + ay - by),
            (cx + ax + bx, cy + ay + by),
            (cx - ax + bx, cy - ay + by),
            (cx - ax - bx, cy - ay - by),
        ]

    def bb(self) -> BBox:
        ex = self.hl * abs(self.fx) + self.hw * abs(self.px)
        ey = self.hl * abs(self.fy) + self.hw * abs(self.py)
        return (self.cx - ex, self.cy - ey, self.cx + ex, self.cy + ey)

    def as_piece(self, kind: str, ident: str) -> Piece:
        cf = self.cx * self.fx + self.cy * self.fy
        cp = self.cx * self.px + self.cy * self.py
        axes = (
            (self.fx, self.fy, cf - self.hl, cf + self.hl),
            (self.px, self.py, cp - self.hw, cp + self.hw),
        )
        return Piece(kind, ident, tuple(self.corners()), axes, self.bb())


# --------------------------------------------------------------------------- building


def convex_hull(points: Iterable[Point]) -> list[Point]:
    """Monotone-chain hull, CCW, without collinear points."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def half(seq: Sequence[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2:
                (ox, oy), (ax, ay) = out[-2], out[-1]
                if (ax - ox) * (p[1] - oy) - (ay - oy) * (p[0] - ox) <= 0:
                    out.pop()
                else:
                    break
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


def ccw(poly: Sequence[Point]) -> list[Point]:
    """The polygon counter-clockwise, without a repeated closing vertex."""
    pts = [(float(x), float(y)) for x, y in poly]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    return pts if polygon_area(pts) >= 0 else pts[::-1]


def is_convex(poly: Sequence[Point]) -> bool:
    """True for a CCW polygon with no reflex vertex (collinear vertices allowed)."""
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = poly[i - 1], poly[i], poly[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -1e-12:
            return False
    return True


def _span(verts: Sequence[Point], nx: float, ny: float) -> tuple[float, float]:
    """Least and greatest projection of the vertices on the axis (nx, ny)."""
    lo = hi = verts[0][0] * nx + verts[0][1] * ny
    for x, y in verts:
        d = x * nx + y * ny
        if d < lo:
            lo = d
        elif d > hi:
            hi = d
    return lo, hi


def make_piece(kind: str, ident: str, poly: Sequence[Point]) -> Piece:
    """Precompute a convex polygon's unique edge normals and their projection ranges.

    Opposite edges give the same axis, so rectangles need only two; halving
    the axes halves the per-candidate cost of every later query.
    """
    verts = ccw(poly)
    axes: list[Axis] = []
    n = len(verts)
    for i in range(n):
        x1, y1 = verts[i]
        x2, y2 = verts[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        ln = math.hypot(ex, ey)
        if ln <= 1e-12:
            continue
        nx, ny = ey / ln, -ex / ln  # outward for CCW
        for ax in axes:
            if abs(nx * ax[1] - ny * ax[0]) < 1e-12:
                break
        else:
            axes.append((nx, ny, *_span(verts, nx, ny)))
    (x0, x1), (y0, y1) = _span(verts, 1.0, 0.0), _span(verts, 0.0, 1.0)
    return Piece(kind, ident, tuple(verts), tuple(axes), (x0, y0, x1, y1))


def bb_overlap(a: BBox, b: BBox) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


# --------------------------------------------------------------------------- static tests


def rect_piece_overlaps(r: Rect, pc: Piece, eps: float) -> bool:
    """True if the base overlaps the piece by more than ``eps`` along every axis."""
    cx, cy, hl, hw = r.cx, r.cy, r.hl, r.hw
    for ax, ay, h in ((r.fx, r.fy, hl), (r.px, r.py, hw)):
        c = cx * ax + cy * ay
        lo, hi = _span(pc.verts, ax, ay)
        if c + h <= lo + eps or hi <= c - h + eps:
            return False
    fx, fy, px, py = r.fx, r.fy, r.px, r.py
    for nx, ny, lo, hi in pc.axes:
        c = cx * nx + cy * ny
        e = hl * abs(fx * nx + fy * ny) + hw * abs(px * nx + py * ny)
        if c + e <= lo + eps or hi <= c - e + eps:
            return False
    return True


def piece_piece_overlaps(a: Piece, b: Piece, eps: float) -> bool:
    """Separating-axis overlap of two pieces by more than ``eps``."""
    for first, second in ((a, b), (b, a)):
        for nx, ny, lo, hi in first.axes:
            olo, ohi = _span(second.verts, nx, ny)
            if hi <= olo + eps or ohi <= lo + eps:
                return False
    return True


def _seg_dist2(x: float, y: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    wx, wy = x - ax, y - ay
    ln2 = dx * dx + dy * dy
    t = (wx * dx + wy * dy) / ln2 if ln2 > 0.0 else 0.0
    if t <= 0.0:
        return wx * wx + wy * wy
    if t >= 1.0:
        qx, qy = x - bx, y - by
        return qx * qx + qy * qy
    qx, qy = wx - t * dx, wy - t * dy
    return qx * qx + qy * qy


def poly_distance(a: Sequence[Point], b: Sequence[Point], overlapping: bool) -> float:
    """Distance between two disjoint convex polygons (0 when ``overlapping``).

    For disjoint convex polygons the closest pair always involves a vertex of
    one and an edge of the other, so the vertex-edge minimum is exact.
    """
    if overlapping:
        return 0.0
    best = math.inf
    for p, q in ((a, b), (b, a)):
        edges = list(zip((q[-1], *q[:-1]), q, strict=True))
        for x, y in p:
            for (ax, ay), (bx, by) in edges:
                d = _seg_dist2(x, y, ax, ay, bx, by)
                if d < best:
                    best = d
    return math.sqrt(best)


def piece_distance(a: Piece, b: Piece) -> float:
    return poly_distance(a.verts, b.verts, piece_piece_overlaps(a, b, 0.0))


# --------------------------------------------------------------------------- moving tests


def _axis_window(depth_lead: float, depth_trail: float, v: float, state: list[float]) -> bool:
    """Narrow the overlap window ``state`` = [t_in, t_out, depth, slope] by one axis.

    ``depth_lead`` grows with +v (the moving interval's front edge past the
    obstacle's near edge), ``depth_trail`` shrinks.  Returns False as soon as
    the axis proves the motion never overlaps.
    """
    if v > SLIDE_TOL:
        t_enter = (PEN_TOL - depth_lead) / v
        t_exit = (depth_trail - PEN_TOL) / v
    elif v < -SLIDE_TOL:
        t_enter = (depth_trail - PEN_TOL) / v
        t_exit = (PEN_TOL - depth_lead) / v
    else:
        if depth_lead <= PEN_TOL or depth_trail <= PEN_TOL:
            return False
        t_enter, t_exit = -math.inf, math.inf
    state[0] = max(state[0], t_enter)
    state[1] = min(state[1], t_exit)
    # Track the shallowest term and how fast it deepens: only needed when the
    # shapes already overlap at t = 0.
    for d, s in ((depth_lead, v), (depth_trail, -v)):
        if d < state[2] - PEN_TOL or (d <= state[2] + PEN_TOL and s < state[3]):
            state[2], state[3] = d, s
    return True


def time_of_impact(r: Rect, dx: float, dy: float, pc: Piece, tmax: float) -> float | None:
    """First travel t in [0, tmax] along unit (dx, dy) at which the base penetrates ``pc``.

    The moving base and the piece overlap on a single interval of t (both are
    convex), found exactly by intersecting the per-axis windows.  A piece the
    base already touches or overlaps at t = 0 only counts if the motion makes
    the overlap deeper -- sliding along it or backing away is free.
    """
    state = [-math.inf, math.inf, math.inf, 0.0]
    cx, cy, hl, hw = r.cx, r.cy, r.hl, r.hw
    verts = pc.verts
    for ax, ay, h in ((r.fx, r.fy, hl), (r.px, r.py, hw)):
        c = cx * ax + cy * ay
        lo, hi = _span(verts, ax, ay)
        if not _axis_window(c + h - lo, hi - (c - h), dx * ax + dy * ay, state):
            return None
        if state[0] >= state[1] or state[0] > tmax or state[1] <= 0.0:
            return None
    fx, fy, px, py = r.fx, r.fy, r.px, r.py
    for nx, ny, lo, hi in pc.axes:
        c = cx * nx + cy * ny
        e = hl * abs(fx * nx + fy * ny) + hw * abs(px * nx + py * ny)
        if not _axis_window(c + e - lo, hi - (c - e), dx * nx + dy * ny, state):
            return None
        if state[0] >= state[1] or state[0] > tmax or state[1] <= 0.0:
            return None
    if state[0] >= 0.0:
        return state[0]
    # Overlapping (beyond PEN_TOL) already: blocked only if pushing deeper.
    return 0.0 if state[3] > DEEPEN_TOL else None


def first_within(
    a: Sequence[Point], dx: float, dy: float, b: Sequence[Point], reach: float, tmax: float
) -> float | None:
    """First travel t in [0, tmax] along unit (dx, dy) at which polygon a comes within ``reach`` of b.

    dist(a + t*d, b) is the distance from the point t*d to the Minkowski
    difference M = b - a, so the answer is where a ray from the origin first
    enters M grown by ``reach``: the earliest hit on an edge pushed out by
    ``reach`` or on a circle of radius ``reach`` about a vertex.  Exact, and
    cheaper than a numeric search.
    """
    m = convex_hull([(bx - ax, by - ay) for ax, ay in a for bx, by in b])
    if _point_poly_distance(m) <= reach:
        return 0.0
    best = math.inf
    n = len(m)
    r2 = reach * reach
    for i in range(n):
        vx, vy = m[i]
        wx, wy = m[(i + 1) % n]
        ex, ey = wx - vx, wy - vy
        ln = math.hypot(ex, ey)
        if ln > 0.0:
            nx, ny = ey / ln, -ex / ln
            dn = dx * nx + dy * ny
            if dn < 0.0:
                t = (reach + vx * nx + vy * ny) / dn
                s = ((t * dx - vx) * ex + (t * dy - vy) * ey) / ln
                if 0.0 <= t < best and -1e-12 <= s <= ln + 1e-12:
                    best = t
        dv = dx * vx + dy * vy
        disc = dv * dv - (vx * vx + vy * vy - r2)
        if disc >= 0.0:
            t = dv - math.sqrt(disc)
            if 0.0 <= t < best:
                best = t
    return best if best <= tmax else None


def _point_poly_distance(m: Sequence[Point]) -> float:
    """Distance from the origin to convex CCW polygon m (0 inside)."""
    n = len(m)
    if n == 0:
        return math.inf
    if n >= 3:
        inside = True
        for i in range(n):
            (ax, ay), (bx, by) = m[i], m[(i + 1) % n]
            if (bx - ax) * (-ay) - (by - ay) * (-ax) < 0.0:
                inside = False
                break
        if inside:
            return 0.0
    if n == 1:
        return math.hypot(m[0][0], m[0][1])
    return math.sqrt(min(_seg_dist2(0.0, 0.0, *m[i - 1], *m[i]) for i in range(n)))


def base_distance(a: Pose, a_size: tuple[float, float], b: Pose, b_size: tuple[float, float]) -> float:
    """The closest distance between two rectangular bases (length, width) at their poses; 0 when they touch."""
    ra, rb = Rect.from_pose(a, *a_size), Rect.from_pose(b, *b_size)
    return piece_distance(ra.as_piece("base", "a"), rb.as_piece("base", "b"))
