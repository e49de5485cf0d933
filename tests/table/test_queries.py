"""Pivots, distances, arcs and sight lines on hand-built tables."""

from __future__ import annotations

import math
import random

import pytest

from game.table import Contact, TableSpace, decompose
from game.table.geometry import base_corners, bearing, convex_distance, polygon_area


def ship(pose, length=3.0, width=1.0):
    return (pose, length, width)


def space(ships, terrain=()):
    ts = TableSpace(72.0, 48.0, terrain)
    ts.set_ships(ships)
    return ts


def inside(poly, p):
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) <= 0:
            return False
    return True


# ------------------------------------------------------------------ pivot


def test_pivot_blocked_by_touching_neighbour_alongside_either_way():
    ts = space({"a": ship((30, 20, 0)), "b": ship((31, 20, 0))})
    for turn in (10, -10, 3):
        assert ts.pivot_blocker("a", turn) == Contact("ship", "b")


def test_pivot_clear_until_the_corner_swings_into_a_neighbour():
    # b's port side is 0.3" off a's starboard side.  Turning theta swings a corner
    # out by 1.5 sin(theta) + 0.5 cos(theta) - 0.5: 0.253" at 10 deg, 0.483" at 20 deg.
    ts = space({"a": ship((30, 20, 0)), "b": ship((31.3, 20, 0))})
    assert ts.pivot_blocker("a", 10) is None
    assert ts.pivot_blocker("a", -10) is None
    assert ts.pivot_blocker("a", 20) == Contact("ship", "b")
    assert ts.pivot_blocker("a", -20) == Contact("ship", "b")  # the stern swings in
    p = ts.pivot("a", 90)
    assert 10 <= p.turned < 20
    assert p.heading == pytest.approx(p.turned)


def test_pivot_blocked_by_table_edge_and_shorter_way():
    ts = space({"a": ship((36, 47.2, 90))})  # port side 0.3" below the north edge
    assert ts.pivot_blocker("a", -90) == Contact("edge", "north")
    assert ts.pivot_blocker_to("a", 0) == Contact("edge", "north")
    ts.move_ship("a", (36, 24, 90))
    assert ts.pivot_blocker_to("a", 0) is None
    assert ts.pivot("a", 360).contact is None


def test_small_turns_are_checked():
    # A rock 0.05" off the starboard bow: the bow corner swings out 0.026" in a
    # 1-degree turn and 0.129" in a 5-degree one.
    ts = space({"a": ship((30, 20, 0))}, [("rock", [(30.55, 20.5), (31, 20.5), (31, 21.6), (30.55, 21.6)])])
    assert ts.pivot_blocker("a", 1) is None
    assert ts.pivot_blocker("a", 5) == Contact("terrain", "rock")


# ------------------------------------------------------------------ distance


@pytest.mark.parametrize("h", [0.0, 37.0, 90.0, 212.5])
def test_parallel_bases_two_inches_apart(h):
    r = math.radians(h)
    stbd = (math.cos(r), -math.sin(r))
    ts = space({"a": ship((30, 20, h)), "b": ship((30 + 3 * stbd[0], 20 + 3 * stbd[1], h))})
    assert ts.closest_distance("a", "b") == pytest.approx(2.0, abs=1e-6)


def test_distance_corner_to_corner_touching_and_overlapping():
    ts = space({"a": ship((0 + 10, 0 + 10, 0)), "b": ship((20, 20, 0))})
    assert ts.closest_distance("a", "b") == pytest.approx(math.hypot(9, 7), abs=1e-9)
    ts.move_ship("b", (11, 10, 0))
    assert ts.closest_distance("a", "b") == 0.0
    ts.move_ship("b", (10.5, 10.5, 33))
    assert ts.closest_distance("a", "b") == 0.0


def test_distance_to_polygon():
    ts = space({"a": ship((10, 10, 0))})
    assert ts.distance_to([(13, 9), (14, 9), (14, 11), (13, 11)], "a") == pytest.approx(2.5)
    assert ts.distance_to([(10, 10), (11, 10), (11, 11)], "a") == 0.0


# ------------------------------------------------------------------ first_within


def test_first_within_head_on_and_already_and_never():
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 10, 0))})
    assert ts.first_within("a", 12, "b", 2.0) == pytest.approx(6.0, abs=0.005)
    assert ts.first_within("a", 12, "b", 9.0) == 0.0
    assert ts.first_within("a", 5, "b", 2.0) is None
    assert ts.first_within("a", 12, "b", 0.0) == pytest.approx(8.0, abs=0.005)


def test_first_within_passing_abeam():
    # a's port side (y = 10.5) passes 3" below b's stern-side (y = 13.5)
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 15, 0))})
    assert ts.first_within("a", 20, "b", 3.0) == pytest.approx(8.0, abs=0.005)
    assert ts.first_within("a", 20, "b", 5.0) == pytest.approx(4.0, abs=0.005)
    assert ts.first_within("a", 20, "b", 2.9) is None


def _reference_first_within(d_at, dist, reach, tol=1e-4):
    """The suggested numeric method: distance is convex in travel, so ternary-search the
    minimum, then bisect the falling side."""
    if d_at(0.0) <= reach:
        return 0.0
    lo, hi = 0.0, dist
    while hi - lo > tol:
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if d_at(m1) <= d_at(m2):
            hi = m2
        else:
            lo = m1
    t_min = (lo + hi) / 2
    if d_at(t_min) > reach:
        return None
    lo, hi = 0.0, t_min
    while hi - lo > tol:
        mid = (lo + hi) / 2
        if d_at(mid) <= reach:
            hi = mid
        else:
            lo = mid
    return hi


def test_first_within_matches_numeric_search():
    rnd = random.Random(7)
    checked = 0
    for _ in range(400):
        a = (rnd.uniform(20, 50), rnd.uniform(10, 40), rnd.uniform(0, 360))
        b = (rnd.uniform(20, 50), rnd.uniform(10, 40), rnd.uniform(0, 360))
        ts = space({"a": ship(a), "b": ship(b, 2, 0.75)})
        if ts.closest_distance("a", "b") == 0.0:
            continue
        reach, dist = rnd.uniform(0, 6), rnd.uniform(0, 12)
        target = base_corners(b, 2, 0.75)
        fx, fy = math.sin(math.radians(a[2])), math.cos(math.radians(a[2]))

        def d_at(t, a=a, target=target, fx=fx, fy=fy):
            return convex_distance(base_corners((a[0] + fx * t, a[1] + fy * t, a[2]), 3, 1), target)

        got = ts.first_within("a", dist, "b", reach)
        ref = _reference_first_within(d_at, dist, reach)
        if got is None or ref is None:
            # only disagree when the closest approach is a whisker from ``reach``
            assert got == ref or abs(min(d_at(t / 100 * dist) for t in range(101)) - reach) < 1e-3
        else:
            assert abs(got - ref) <= 0.005
            assert d_at(got) <= reach + 1e-9
            checked += 1
    assert checked > 20


# ------------------------------------------------------------------ arcs


def test_arc_polygon_is_convex_ccw_and_covers_reach():
    ts = space({"a": ship((36, 24, 23))})
    for side in ("port", "starboard"):
        arc = ts.arc_polygon("a", side, 12.0)
        assert polygon_area(arc) > 0
        n = len(arc)
        for i in range(n):
            (ax, ay), (bx, by), (cx, cy) = arc[i - 1], arc[i], arc[(i + 1) % n]
            assert (bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0
    # every point abeam within reach of the starboard side is inside the arc
    r = math.radians(23)
    f, s = (math.sin(r), math.cos(r)), (math.cos(r), -math.sin(r))
    arc = ts.arc_polygon("a", "starboard", 12.0)
    for along in (-1.4, 0.0, 1.4):
        for out in (0.6, 6.0, 12.4):
            p = (36 + f[0] * along + s[0] * out, 24 + f[1] * along + s[1] * out)
            assert inside(arc, p)


def test_abeam_target_is_in_starboard_arc_only():
    ts = space({"a": ship((36, 24, 0)), "t": ship((46, 24, 0))})
    assert ts.in_arc("a", "starboard", "t")
    assert not ts.in_arc("a", "port", "t")
    ts.move_ship("t", (26, 24, 90))
    assert ts.in_arc("a", "port", "t")
    assert not ts.in_arc("a", "starboard", "t")


def test_dead_ahead_is_in_neither_arc():
    ts = space({"a": ship((36, 24, 0)), "t": ship((36, 40, 90))})
    assert not ts.in_arc("a", "starboard", "t")
    assert not ts.in_arc("a", "port", "t")


def _corner_case(offset):
    """Target 59 deg off the bow, seen from the bow-starboard corner, with one corner in the arc.

    The forward arc line leaves the bow-starboard corner K=(36.5, 25.5) at 60 deg.
    The target lies parallel to that line but turned 5 degrees more, its centre
    ``offset`` outside the line (on the bow side), far enough along for the
    centre to bear 59 deg from K.
    """
    k = (36.5, 25.5)
    line = (math.sin(math.radians(60)), math.cos(math.radians(60)))
    out = (-line[1], line[0])  # left of the line = towards the bow
    along = offset / math.tan(math.radians(1))
    c = (k[0] + line[0] * along + out[0] * offset, k[1] + line[1] * along + out[1] * offset)
    return k, (c[0], c[1], 65.0)


def test_target_with_only_a_corner_in_the_arc_counts():
    k, pose = _corner_case(0.55)
    assert bearing(k, pose[:2]) == pytest.approx(59.0)
    ts = space({"a": ship((36, 24, 0)), "t": ship(pose)})
    arc = ts.arc_polygon("a", "starboard", 64.0)
    corners_in = [p for p in base_corners(pose, 3, 1) if inside(arc, p)]
    assert len(corners_in) == 1
    assert not inside(arc, pose[:2])
    assert ts.in_arc("a", "starboard", "t")
    k, pose = _corner_case(0.7)  # now every corner stays out
    ts.move_ship("t", pose)
    assert not ts.in_arc("a", "starboard", "t")


# ------------------------------------------------------------------ line of sight


def los_space(extra, terrain=()):
    return space({"a": ship((10, 24, 0)), "b": ship((40, 24, 0)), **extra}, terrain)


def test_clear_line():
    assert los_space({}).line_of_sight("a", "b") == []


def test_ship_2_9_off_the_line_blocks_and_3_1_does_not():
    # c lies along the line, its near side 2.9" (then 3.1") from it
    ts = los_space({"c": ship((25, 24 + 2.9 + 0.5, 90))})
    assert ts.line_of_sight("a", "b") == [Contact("ship", "c")]
    ts.move_ship("c", (25, 24 - 3.1 - 0.5, 90))
    assert ts.distance_to([(10, 24), (40, 24), (40, 24.0001)], "c") == pytest.approx(3.1, abs=1e-3)
    assert ts.line_of_sight("a", "b") == []


def test_blocked_by_island_and_sorted_by_distance_from_a():
    u = ("U", [(20, 20), (24, 20), (24, 28), (23, 28), (23, 21), (21, 21), (21, 28), (20, 28)])
    ts = los_space({"c": ship((33, 25, 0)), "d": ship((13, 22, 90))}, [u])
    assert ts.line_of_sight("a", "b") == [Contact("ship", "d"), Contact("terrain", "U"), Contact("ship", "c")]
    assert ts.line_of_sight("b", "a") == [Contact("ship", "c"), Contact("terrain", "U"), Contact("ship", "d")]


def test_corridor_stops_at_the_centres_and_ignores_edges():
    # e sits behind a, within 3" of a's centre but not between the two ships
    ts = space({"a": ship((4, 24, 0)), "b": ship((30, 24, 0)), "e": ship((1.5, 25, 0))})
    assert ts.line_of_sight("a", "b") == []
    assert ts.line_of_sight("a", "a") == []


# ------------------------------------------------------------------ overlapping and bookkeeping


def test_overlapping_reports_ships_terrain_and_edge_but_not_touching():
    ts = space({"a": ship((2, 24, 0)), "b": ship((5, 24, 0))}, [("rock", [(0, 30), (5, 30), (5, 35)])])
    poly = [(-1, 23), (4.6, 23), (4.6, 31), (-1, 31)]
    assert ts.overlapping(poly) == [
        Contact("ship", "a"),
        Contact("ship", "b"),
        Contact("terrain", "rock"),
        Contact("edge", "west"),
    ]
    assert ts.overlapping(poly, ignore={"a", "west"}) == [Contact("ship", "b"), Contact("terrain", "rock")]
    # touching b's port side exactly, within the table: nothing
    assert ts.overlapping([(5.5, 22), (7, 22), (7, 26), (5.5, 26)]) == []


def test_set_ships_adds_moves_resizes_and_removes():
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 10, 0))})
    ts.set_ships({"a": ship((10, 10, 90)), "b": ship((30, 10, 0)), "c": ship((50, 10, 0))})
    assert ts.sweep("a", 40).contact == Contact("ship", "b")
    assert ts.sweep("a", 40).travelled == pytest.approx(18.0, abs=0.01)
    ts.set_ships({"a": ship((10, 10, 90)), "c": ship((50, 10, 0), 5, 2)})
    assert sorted(ts.ship_ids()) == ["a", "c"]
    res = ts.sweep("a", 60)
    assert res.contact == Contact("ship", "c")
    assert res.travelled == pytest.approx(49 - 11.5, abs=0.01)


def test_decompose_covers_the_area_and_accepts_either_winding():
    u = [(30, 20), (40, 20), (40, 30), (39, 30), (39, 21), (31, 21), (31, 30), (30, 30)]
    for poly in (u, list(reversed(u)), [*u, u[0]]):
        pieces = decompose(poly)
        assert len(pieces) >= 3
        assert sum(polygon_area(p) for p in pieces) == pytest.approx(28.0)
    assert decompose([(0, 0), (1, 0), (1, 1), (0, 1)]) == [[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]]
    with pytest.raises(ValueError):
        decompose([(0, 0), (1, 1), (2, 2)])


def _comb(heights):
    """A comb: a spine along y in [0, 1] with teeth of the given heights, x = 2k .. 2k+1."""
    n = len(heights)
    pts = [(0.0, 0.0), (2.0 * n - 1, 0.0)]
    for k in range(n - 1, -1, -1):
        pts += [(2.0 * k + 1, heights[k]), (2.0 * k, heights[k])]
        if k > 0:
            pts += [(2.0 * k, 1.0), (2.0 * k - 1, 1.0)]
    return pts


def _star(n, rnd):
    out = []
    for k in range(n):
        a = 2 * math.pi * (k + rnd.uniform(-0.45, 0.45)) / n
        r = rnd.uniform(0.05, 5)
        out.append((36 + r * math.cos(a), 24 + r * math.sin(a)))
    return out


def _assert_partition(poly, pieces, rnd):
    from game.table.terrain import _inside

    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    for _ in range(400):
        q = (rnd.uniform(min(xs), max(xs)), rnd.uniform(min(ys), max(ys)))
        hits = sum(_inside(pc, q) for pc in pieces)
        assert hits == (1 if _inside(poly, q) else 0)


def test_exact_fallback_partitions_combs_and_stars():
    from game.table.convex import ccw
    from game.table.terrain import _exact_convex_pieces, _is_partition

    rnd = random.Random(5)
    for i in range(60):
        poly = ccw(_comb([rnd.uniform(1.5, 6) for _ in range(rnd.randint(2, 7))]) if i % 2 else _star(20, rnd))
        pieces = _exact_convex_pieces(poly)
        assert _is_partition(poly, pieces)
        assert len(pieces) < len(poly)
        _assert_partition(poly, pieces, rnd)


def test_decompose_falls_back_when_pymunk_hulls_over_a_notch(monkeypatch):
    from game.table import terrain
    from game.table.convex import convex_hull

    monkeypatch.setattr(terrain, "convex_decomposition", lambda pts, tol: [convex_hull((p[0], p[1]) for p in pts)])
    u = [(30, 20), (40, 20), (40, 30), (39, 30), (39, 21), (31, 21), (31, 30), (30, 30)]
    pieces = decompose(u)
    assert sum(polygon_area(p) for p in pieces) == pytest.approx(28.0)
    _assert_partition(u, pieces, random.Random(1))
    ts = TableSpace(72, 48, [("U", u)])
    ts.set_ships({"a": ship((35, 40, 180))})
    assert ts.sweep("a", 30).travelled == pytest.approx(38.5 - 21, abs=0.01)


# ------------------------------------------------------------------ randomised cross-checks

CONVEX_ISLES = [
    ("rock", [(15, 35), (18, 34), (19, 37), (16, 39)]),
    ("bar", [(10, 8), (22, 9), (22, 9.3), (10, 8.3)]),
]
U_PIECES = [
    [(50, 30), (60, 30), (60, 31), (50, 31)],
    [(50, 31), (51, 31), (51, 40), (50, 40)],
    [(59, 31), (60, 31), (60, 40), (59, 40)],
]
U_OUTLINE = [(50, 30), (60, 30), (60, 40), (59, 40), (59, 31), (51, 31), (51, 40), (50, 40)]


def random_table(rnd, n):
    from game.table.geometry import convex_overlap

    ts = TableSpace(72, 48, [*CONVEX_ISLES, ("U", U_OUTLINE)])
    ships, polys = {}, []
    while len(ships) < n:
        pose = (rnd.uniform(2, 70), rnd.uniform(2, 46), rnd.uniform(0, 360))
        size = rnd.choice([(3.0, 1.0), (2.5, 0.9), (2.0, 0.75)])
        poly = base_corners(pose, *size)
        if any(convex_overlap(poly, p, eps=0.0) for p in polys):
            continue
        polys.append(poly)
        ships[f"s{len(ships)}"] = (pose, *size)
    ts.set_ships(ships)
    terrain = {("terrain", k): [v] for k, v in CONVEX_ISLES} | {("terrain", "U"): U_PIECES}
    return ts, ships, terrain


def test_line_of_sight_matches_brute_force():
    rnd = random.Random(11)
    for _ in range(20):
        ts, ships, terrain = random_table(rnd, 40)
        everything = {("ship", s): [base_corners(*ships[s])] for s in ships} | terrain
        for _ in range(40):
            a, b = rnd.sample(list(ships), 2)
            (ax, ay, _), (bx, by, _) = ships[a][0], ships[b][0]
            ln = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / ln * 3, (bx - ax) / ln * 3
            lane = [(ax - nx, ay - ny), (bx - nx, by - ny), (bx + nx, by + ny), (ax + nx, ay + ny)]
            expect = {
                key
                for key, pieces in everything.items()
                if key[1] not in (a, b) and any(convex_distance(lane, p) <= 1e-9 for p in pieces)
            }
            got = ts.line_of_sight(a, b)
            assert {(c.kind, c.id) for c in got} == expect
            assert len(got) == len(expect)


def test_distances_and_overlaps_match_brute_force():
    from game.table.geometry import convex_overlap

    rnd = random.Random(12)
    for _ in range(10):
        ts, ships, terrain = random_table(rnd, 30)
        ids = list(ships)
        for _ in range(100):
            a, b = rnd.sample(ids, 2)
            pa, pb = base_corners(*ships[a]), base_corners(*ships[b])
            assert ts.closest_distance(a, b) == pytest.approx(convex_distance(pa, pb), abs=1e-9)
            probe = base_corners((rnd.uniform(0, 72), rnd.uniform(0, 48), rnd.uniform(0, 360)), 6, 2)
            assert ts.distance_to(probe, b) == pytest.approx(convex_distance(probe, pb), abs=1e-9)
            expect = {("ship", s) for s in ids if convex_overlap(probe, base_corners(*ships[s]))}
            expect |= {k for k, ps in terrain.items() if any(convex_overlap(probe, p) for p in ps)}
            xs, ys = [p[0] for p in probe], [p[1] for p in probe]
            for edge, out in (("west", -min(xs)), ("south", -min(ys)), ("east", max(xs) - 72), ("north", max(ys) - 48)):
                if out > 0.005:
                    expect.add(("edge", edge))
            assert {(c.kind, c.id) for c in ts.overlapping(probe)} == expect
