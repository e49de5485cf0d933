"""Property: a sweep never passes through anything and never stops short for nothing.

Obstacles are generated as known convex pieces (bases, slivers, odd convex
blobs, L and U islands built from rectangles, star-shaped islands built from
triangles); the space only ever sees their outlines, so this also checks the
concave decomposition.  Everything here is checked with the slow, obvious
helpers of game.table.geometry, independently of the SAT kernels under test.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.table import TableSpace
from game.table.geometry import (
    CONTACT_EPS,
    base_corners,
    convex_distance,
    convex_overlap,
    heading_vector,
    polygon_area,
)

W, H = 72.0, 48.0
SIZES = [(3.0, 1.0), (2.5, 0.9), (2.0, 0.75)]
STEP = 0.01


def rot(points, cx, cy, angle):
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [(cx + x * c - y * s, cy + x * s + y * c) for x, y in points]


def box(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def hull(points):
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq):
        out = []
        for p in seq:
            while (
                len(out) >= 2
                and (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1]) - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                <= 0
            ):
                out.pop()
            out.append(p)
        return out

    return half(pts)[:-1] + half(pts[::-1])[:-1]


# An obstacle: (kind, outline or None, convex pieces, ship spec or None)


@st.composite
def obstacle(draw, cx, cy):
    kind = draw(st.sampled_from(["ship", "ship", "sliver", "sliver", "blob", "L", "U", "comb", "star"]))
    ang = draw(st.floats(0, 360))
    if kind == "ship":
        length, width = draw(st.sampled_from([*SIZES, (0.1, 0.05), (6.0, 2.0)]))
        pose = (cx, cy, ang)
        return ("ship", None, [base_corners(pose, length, width)], (pose, length, width))
    if kind == "sliver":
        w = draw(st.floats(0.02, 0.2))
        ln = draw(st.floats(0.3, 8.0))
        poly = rot(box(-ln / 2, -w / 2, ln / 2, w / 2), cx, cy, ang)
        return ("terrain", poly, [poly], None)
    if kind == "blob":
        n = draw(st.integers(3, 7))
        r = draw(st.floats(0.05, 2.5))
        pts = [(cx + r * draw(st.floats(-1, 1)), cy + r * draw(st.floats(-1, 1))) for _ in range(n)]
        poly = hull(pts)
        if len(poly) < 3 or polygon_area(poly) < 1e-4:
            return None
        return ("terrain", poly, [poly], None)
    if kind in ("L", "U"):
        a = draw(st.floats(0.05, 1.5))  # arm thickness
        w = draw(st.floats(2 * a + 0.5, 8.0))
        h = draw(st.floats(a + 0.5, 8.0))
        if kind == "L":
            outline = [(0, 0), (w, 0), (w, a), (a, a), (a, h), (0, h)]
            pieces = [box(0, 0, w, a), box(0, a, a, h)]
        else:
            outline = [(0, 0), (w, 0), (w, h), (w - a, h), (w - a, a), (a, a), (a, h), (0, h)]
            pieces = [box(0, 0, w, a), box(0, a, a, h), box(w - a, a, w, h)]
        shift = [(x - w / 2, y - h / 2) for x, y in outline]
        return (
            "terrain",
            rot(shift, cx, cy, ang),
            [rot([(x - w / 2, y - h / 2) for x, y in p], cx, cy, ang) for p in pieces],
            None,
        )
    if kind == "comb":
        # spine [0, 2n-1] x [0, 1] with n teeth [2k, 2k+1] x [1, h_k], all scaled
        n = draw(st.integers(2, 5))
        sc = draw(st.floats(0.05, 1.6))
        hs = [draw(st.floats(1.5, 5.0)) for _ in range(n)]
        outline = [(0.0, 0.0), (2.0 * n - 1, 0.0)]
        for k in range(n - 1, -1, -1):
            outline += [(2.0 * k + 1, hs[k]), (2.0 * k, hs[k])]
            if k > 0:
                outline += [(2.0 * k, 1.0), (2.0 * k - 1, 1.0)]
        pieces = [box(0, 0, 2 * n - 1, 1)] + [box(2 * k, 1, 2 * k + 1, hs[k]) for k in range(n)]

        def place(poly):
            return rot([((x - n) * sc, (y - 1) * sc) for x, y in poly], cx, cy, ang)

        return ("terrain", place(outline), [place(p) for p in pieces], None)
    # star-shaped about its centre: a fan of triangles is an exact convex partition
    n = draw(st.integers(5, 9))
    radii = [draw(st.floats(0.3, 3.0)) for _ in range(n)]
    outline = [
        (cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i, r in enumerate(radii)
    ]
    pieces = [[(cx, cy), outline[i], outline[(i + 1) % n]] for i in range(n)]
    return ("terrain", outline, pieces, None)


@st.composite
def scenario(draw):
    length, width = draw(st.sampled_from(SIZES))
    heading = draw(st.floats(0, 360))
    drift = draw(st.one_of(st.none(), st.floats(0, 360)))
    distance = draw(st.floats(0, 12))
    x = draw(st.floats(3, W - 3))
    y = draw(st.floats(3, H - 3))
    start = (x, y, heading)
    mx, my = heading_vector(heading if drift is None else drift)
    base = base_corners(start, length, width)
    obstacles = []
    for _ in range(draw(st.integers(1, 7))):
        along = draw(st.floats(-2, 14))
        side = draw(st.floats(-3.5, 3.5))
        ob = draw(obstacle(x + mx * along - my * side, y + my * along + mx * side))
        if ob is None or any(convex_overlap(base, p, eps=0.0) for p in ob[2]):
            continue  # nothing may overlap the starting position
        obstacles.append(ob)
    return start, length, width, drift, distance, obstacles


def build(start, length, width, obstacles):
    ships = {"me": (start, length, width)}
    terrain = []
    named = {}
    for i, (kind, outline, pieces, spec) in enumerate(obstacles):
        name = f"{kind[0]}{i}"
        named[(kind, name)] = pieces
        if kind == "ship":
            ships[name] = spec
        else:
            terrain.append((name, outline))
    ts = TableSpace(W, H, terrain)
    ts.set_ships(ships)
    return ts, named


def bbox(poly):
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def window(b0, dx, dy, pb, t_end):
    """Travel range in which the moving box can meet box ``pb`` (keeps sampling cheap)."""
    lo, hi = 0.0, t_end
    for a0, a1, p0, p1, v in ((b0[0], b0[2], pb[0], pb[2], dx), (b0[1], b0[3], pb[1], pb[3], dy)):
        if abs(v) < 1e-12:
            if a1 < p0 or p1 < a0:
                return None
            continue
        t1, t2 = (p0 - a1) / v, (p1 - a0) / v
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return (lo, hi) if lo <= hi else None


def outside_table(poly, eps):
    x0, y0, x1, y1 = bbox(poly)
    return x0 < -eps or y0 < -eps or x1 > W + eps or y1 > H + eps


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario())
def test_sweep_is_exact(case):
    start, length, width, drift, distance, obstacles = case
    ts, named = build(start, length, width, obstacles)
    res = ts.sweep("me", distance, drift)
    dx, dy = heading_vector(start[2] if drift is None else drift)

    def at(t):
        return base_corners((start[0] + dx * t, start[1] + dy * t, start[2]), length, width)

    t_end = res.travelled
    assert 0.0 <= t_end <= distance
    assert res.pose[2] == start[2]
    assert math.hypot(res.pose[0] - start[0] - dx * t_end, res.pose[1] - start[1] - dy * t_end) < 1e-9

    # (a) nothing along the path is overlapped by more than CONTACT_EPS
    b0 = bbox(at(0.0))
    for pieces in named.values():
        for piece in pieces:
            win = window(b0, dx, dy, bbox(piece), t_end)
            if win is None:
                continue
            ts_ = [i * STEP for i in range(math.ceil(win[0] / STEP), math.floor(win[1] / STEP) + 1)]
            for t in [*ts_, t_end]:
                if win[0] <= t <= win[1]:
                    assert not convex_overlap(at(t), piece), (t, piece)
    assert not outside_table(at(t_end), CONTACT_EPS)

    if res.contact is None:
        # (c) nothing met: the whole distance
        assert t_end == distance
        return

    # (b) the reported thing is really there, within 0.02" further on
    beyond = at(t_end + 0.02)
    if res.contact.kind == "edge":
        x0, y0, x1, y1 = bbox(beyond)
        crossed = {"west": x0 < 0, "south": y0 < 0, "east": x1 > W, "north": y1 > H}
        assert crossed[res.contact.id]
        return
    pieces = named[(res.contact.kind, res.contact.id)]
    here = at(t_end)
    assert min(convex_distance(here, p) for p in pieces) <= 0.01
    swept = hull(here + beyond)
    assert any(convex_overlap(beyond, p, eps=0.0) for p in pieces) or any(
        convex_overlap(swept, p, eps=0.0) for p in pieces
    )


@settings(max_examples=500, deadline=None)
@given(
    heading=st.floats(0, 360),
    size=st.sampled_from(SIZES),
    other=st.sampled_from([*SIZES, (0.1, 0.05), (6.0, 2.0)]),
    other_heading=st.floats(0, 360),
    face=st.integers(0, 3),
    along=st.floats(-0.9, 0.9),
    move=st.floats(0, 360),
    distance=st.floats(0.1, 12),
)
def test_touching_at_start_blocks_only_when_pushed(heading, size, other, other_heading, face, along, move, distance):
    """A base touching a face of ours blocks at once if we move into it, never otherwise."""
    length, width = size
    fx, fy = heading_vector(heading)
    px, py = -fy, fx
    hl, hw = length / 2, width / 2
    # outward normal, distance of the face from the centre, tangent, face half length
    n, off, tan, half = [
        ((fx, fy), hl, (px, py), hw),
        ((px, py), hw, (fx, fy), hl),
        ((-fx, -fy), hl, (px, py), hw),
        ((-px, -py), hw, (fx, fy), hl),
    ][face]
    dx, dy = heading_vector(move)
    push = dx * n[0] + dy * n[1]
    if abs(push) < math.sin(math.radians(0.5)):
        return  # too close to sliding to say which way it goes
    cx, cy = 36.0, 24.0
    touch = (cx + n[0] * off + tan[0] * along * half, cy + n[1] * off + tan[1] * along * half)
    # put the other base's deepest corner (towards us) exactly on the touch point
    corners = base_corners((0.0, 0.0, other_heading), *other)
    v = min(corners, key=lambda c: c[0] * n[0] + c[1] * n[1])
    opose = (touch[0] - v[0], touch[1] - v[1], other_heading)
    ts = TableSpace(W, H, [])
    ts.set_ships({"me": ((cx, cy, heading), length, width), "it": (opose, *other)})
    assert ts.closest_distance("me", "it") < 1e-9
    res = ts.sweep("me", distance, move)
    if push > 0:
        assert res.contact is not None and res.contact.id == "it"
        assert res.travelled < 1e-5
    else:
        assert res.contact is None
        assert res.travelled == distance
