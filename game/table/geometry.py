"""Frames and angles used everywhere on the table, written down once.

* Positions are in inches, ``x`` east and ``y`` north from the table's
  south-west corner (the model never sees a pixel).
* Headings and wind are compass degrees: 0 = north, 90 = east, clockwise.
  The wind is named by the bearing it blows *from*.
* A ship is its base: a rectangle ``length`` along the heading by ``width``
  across it, centred on the main mast.  Turns pivot about that centre.

pymunk works in the mathematician's frame (angles counter-clockwise from the
x axis, in radians); :func:`body_angle` is the only conversion between the
two, so nobody else has to think about it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

Point = tuple[float, float]
Pose = tuple[float, float, float]  # x, y, heading (compass degrees)

#: Two bases closer than this are touching; also the precision of contact.
CONTACT_EPS = 0.005


def norm_heading(h: float) -> float:
    """Fold any angle into [0, 360)."""
    h = math.fmod(h, 360.0)
    if h < 0:
        h += 360.0
    # fmod can return 360.0 - tiny; keep the range half-open.
    return 0.0 if h >= 360.0 else h


def signed_angle(a: float, b: float) -> float:
    """Clockwise turn from heading ``a`` to heading ``b``, in (-180, 180]."""
    d = norm_heading(b - a)
    return d - 360.0 if d > 180.0 else d


@lru_cache(maxsize=1 << 16)
def heading_vector(h: float) -> Point:
    """Unit vector pointing along compass heading ``h``."""
    r = math.radians(h)
    return (math.sin(r), math.cos(r))


def wind_vector(wind_from: float) -> Point:
    """Unit vector of the direction the wind blows *towards*."""
    return heading_vector(wind_from + 180.0)


def bearing(a: Point, b: Point) -> float:
    """Compass bearing from point ``a`` to point ``b``."""
    return norm_heading(math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])))


def body_angle(h: float) -> float:
    """pymunk body angle (radians, CCW from +x) for a base whose local +x is the bow."""
    return math.radians(90.0 - h)


def advance(pose: Pose, distance: float) -> Pose:
    """Pose after sailing ``distance`` inches straight ahead."""
    dx, dy = heading_vector(pose[2])
    return (pose[0] + dx * distance, pose[1] + dy * distance, pose[2])


def local_rect(length: float, width: float) -> list[Point]:
    """Base corners in the ship's own frame (+x = bow, +y = port), CCW."""
    hl, hw = length / 2.0, width / 2.0
    return [(hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw)]


def base_corners(pose: Pose, length: float, width: float) -> list[Point]:
    """Corners of a base on the table, counter-clockwise.

    Order: bow-starboard, bow-port, stern-port, stern-starboard.
    """
    x, y, h = pose
    fx, fy = heading_vector(h)  # forward
    px, py = -fy, fx  # port (to the left of forward)
    hl, hw = length / 2.0, width / 2.0
    return [
        (x + fx * hl - px * hw, y + fy * hl - py * hw),
        (x + fx * hl + px * hw, y + fy * hl + py * hw),
        (x - fx * hl + px * hw, y - fy * hl + py * hw),
        (x - fx * hl - px * hw, y - fy * hl - py * hw),
    ]


def _axes(poly: Sequence[Point]) -> list[Point]:
    out = []
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        ln = math.hypot(ex, ey)
        if ln > 1e-12:
            out.append((-ey / ln, ex / ln))
    return out


def _project(poly: Sequence[Point], ax: Point) -> tuple[float, float]:
    vals = [p[0] * ax[0] + p[1] * ax[1] for p in poly]
    return min(vals), max(vals)


def convex_overlap(a: Sequence[Point], b: Sequence[Point], eps: float = CONTACT_EPS) -> bool:
    """True if two convex polygons overlap by more than ``eps`` (touching is not overlap)."""
    for ax in _axes(a) + _axes(b):
        amin, amax = _project(a, ax)
        bmin, bmax = _project(b, ax)
        if amax <= bmin + eps or bmax <= amin + eps:
            return False
    return True


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    ln2 = dx * dx + dy * dy
    t = 0.0 if ln2 <= 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ln2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def convex_distance(a: Sequence[Point], b: Sequence[Point]) -> float:
    """Shortest distance between two convex polygons; 0 when they touch or overlap."""
    if convex_overlap(a, b, eps=0.0):
        return 0.0
    best = math.inf
    for poly, other in ((a, b), (b, a)):
        n = len(other)
        for p in poly:
            for i in range(n):
                best = min(best, point_segment_distance(p, other[i], other[(i + 1) % n]))
    return best


def polygon_area(poly: Sequence[Point]) -> float:
    """Signed area (positive when counter-clockwise)."""
    s = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2.0


def to_table(pose: Pose, p: Point) -> Point:
    """A point of a ship's frame, (ahead of the centre, to port of the centre), on the table: to_local undone."""
    fx, fy = heading_vector(pose[2])
    return (pose[0] + fx * p[0] - fy * p[1], pose[1] + fy * p[0] + fx * p[1])


def to_local(pose: Pose, p: Point) -> Point:
    """A table point in a ship's frame: (ahead of the centre, to port of the centre)."""
    fx, fy = heading_vector(pose[2])
    dx, dy = p[0] - pose[0], p[1] - pose[1]
    return (dx * fx + dy * fy, -dx * fy + dy * fx)
