"""Hand-computed sweeps: the numbers in these tests were worked out on paper."""

from __future__ import annotations

import math

import pytest

from game.table import Contact, TableSpace
from game.table.geometry import CONTACT_EPS, base_corners, convex_distance, convex_overlap

TOL = 0.01


def ship(pose, length=3.0, width=1.0):
    return (pose, length, width)


def space(ships, terrain=()):
    ts = TableSpace(72.0, 48.0, terrain)
    ts.set_ships(ships)
    return ts


def assert_resting_against(ts, sid, res, other):
    """The stopped base touches ``other`` (separation in [0, 0.01]) and does not overlap it."""
    me = base_corners(res.pose, *ts_size(ts, sid))
    them = ts.ship_polygon(other)
    assert not convex_overlap(me, them, eps=0.0)
    assert convex_distance(me, them) <= TOL


def ts_size(ts, sid):
    rec = ts._ships[sid]
    return rec.length, rec.width


def test_head_on_contact_distance():
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 10, 0))})
    res = ts.sweep("a", 12)
    # bow at x = 11.5 meets b's side at x = 19.5
    assert res.travelled == pytest.approx(8.0, abs=TOL)
    assert res.travelled <= 8.0
    assert res.contact == Contact("ship", "b")
    assert_resting_against(ts, "a", res, "b")


def test_short_move_has_no_contact_and_full_distance():
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 10, 0))})
    res = ts.sweep("a", 7.5)
    assert res.contact is None
    assert res.travelled == 7.5
    assert res.pose == pytest.approx((17.5, 10.0, 90.0))


def test_oblique_bow_corner_meets_rotated_side():
    # b heading 45: its port side runs from (20 - sqrt2, 10 - 1/sqrt2) at 45 degrees.
    # a's bow-starboard corner (y = 9.5) meets it after 8 - 1/sqrt2.
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 10, 45))})
    res = ts.sweep("a", 12)
    assert res.travelled == pytest.approx(8 - 1 / math.sqrt(2), abs=TOL)
    assert res.contact == Contact("ship", "b")
    assert_resting_against(ts, "a", res, "b")


def test_oblique_forward_move_into_wall():
    # heading 30: the base's highest point is 1.5 cos30 + 0.5 sin30 above the centre.
    wall = ("wall", [(0, 30), (72, 30), (72, 31), (0, 31)])
    ts = space({"a": ship((10, 10, 30))}, [wall])
    res = ts.sweep("a", 30)
    top = 10 + 1.5 * math.cos(math.radians(30)) + 0.5 * math.sin(math.radians(30))
    assert res.travelled == pytest.approx((30 - top) / math.cos(math.radians(30)), abs=TOL)
    assert res.contact == Contact("terrain", "wall")


def test_drift_keeps_orientation_and_moves_downwind():
    wall = ("wall", [(20, 0), (21, 0), (21, 48), (20, 48)])
    ts = space({"a": ship((10, 10, 0))}, [wall])
    res = ts.sweep("a", 20, heading=45)
    assert res.pose[2] == 0
    assert res.travelled == pytest.approx(9.5 * math.sqrt(2), abs=TOL)
    assert res.contact == Contact("terrain", "wall")


@pytest.mark.parametrize("heading,distance", [(270, 5), (None, -5), (200, 3), (340, 3)])
def test_starting_in_contact_and_moving_away_is_free(heading, distance):
    # a's bow (x = 11.5) touches b's stern.
    ts = space({"a": ship((10, 10, 90)), "b": ship((13, 10, 90))})
    res = ts.sweep("a", distance, heading)
    assert res.contact is None
    assert res.travelled == distance


def test_starting_in_contact_and_pushing_is_blocked_at_once():
    ts = space({"a": ship((10, 10, 90)), "b": ship((13, 10, 90))})
    res = ts.sweep("a", 5)
    assert res.travelled == 0.0
    assert res.contact == Contact("ship", "b")
    assert ts.sweep("a", 5, heading=60).contact == Contact("ship", "b")


@pytest.mark.parametrize("h", [0.0, 30.0, 90.0, 137.0, 271.3])
def test_sliding_along_a_touching_base_is_free(h):
    pose = (30.0, 20.0, h)
    # b alongside to port, touching, with the same heading or the reverse one
    port = (-math.cos(math.radians(h)), math.sin(math.radians(h)))
    for bh in (h, h + 180.0):
        other = (pose[0] + port[0], pose[1] + port[1], bh)
        ts = space({"a": ship(pose), "b": ship(other)})
        assert ts.closest_distance("a", "b") < 1e-9
        for d in (10.0, -10.0):
            res = ts.sweep("a", d)
            assert res.contact is None, (h, bh, d)
            assert res.travelled == d


def test_repeat_sweep_after_contact_goes_nowhere():
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 10, 0))})
    res = ts.sweep("a", 12)
    ts.move_ship("a", res.pose)
    again = ts.sweep("a", 12)
    assert again.travelled < 1e-6
    assert again.contact == Contact("ship", "b")


# ------------------------------------------------------------------ concave terrain

L_SHAPE = ("L", [(30, 20), (40, 20), (40, 22), (32, 22), (32, 30), (30, 30)])
U_SHAPE = ("U", [(30, 20), (40, 20), (40, 30), (39, 30), (39, 21), (31, 21), (31, 30), (30, 30)])


def test_l_shape_notch_is_empty_water():
    # Heading south over the notch of the L: must reach the top of the foot at y = 22,
    # not the hypotenuse of the L's convex hull.
    ts = space({"a": ship((36, 40, 180))}, [L_SHAPE])
    res = ts.sweep("a", 30)
    assert res.travelled == pytest.approx(38.5 - 22, abs=TOL)
    assert res.contact == Contact("terrain", "L")


def test_l_shape_hit_on_the_upright():
    ts = space({"a": ship((20, 26, 90))}, [L_SHAPE])
    res = ts.sweep("a", 30)
    assert res.travelled == pytest.approx(30 - 21.5, abs=TOL)
    assert res.contact == Contact("terrain", "L")


def test_reaching_the_inside_of_a_u():
    ts = space({"a": ship((35, 40, 180))}, [U_SHAPE])
    res = ts.sweep("a", 30)
    assert res.travelled == pytest.approx(38.5 - 21, abs=TOL)
    assert res.contact == Contact("terrain", "U")


def test_u_arm_from_outside_and_clockwise_outline():
    cw = (U_SHAPE[0], list(reversed(U_SHAPE[1])))
    ts = space({"a": ship((20, 25, 90))}, [cw])
    res = ts.sweep("a", 30)
    assert res.travelled == pytest.approx(30 - 21.5, abs=TOL)
    assert res.contact == Contact("terrain", "U")


def test_inside_u_sliding_between_the_arms_touching_one():
    # base 1" wide sliding north inside the U, its west side on the west arm's inner face.
    ts = space({"a": ship((31.5, 25, 0), 3, 1)}, [U_SHAPE])
    res = ts.sweep("a", 20)
    assert res.contact is None


# ------------------------------------------------------------------ thin things


@pytest.mark.parametrize("distance", [14.0, 40.0, 60.0])
def test_thin_sliver_across_the_path_is_found(distance):
    sliver = ("sliver", [(25, 5), (25.05, 5), (25.05, 15), (25, 15)])
    ts = space({"a": ship((10, 10, 90))}, [sliver])
    res = ts.sweep("a", distance)
    assert res.contact == Contact("terrain", "sliver")
    assert res.travelled == pytest.approx(13.5, abs=TOL)


def test_diagonal_sliver_and_tiny_base_are_found_on_long_moves():
    c, s = math.cos(math.radians(40)), math.sin(math.radians(40))
    ax, ay = 30.0, 24.0
    pts = [(ax - 5 * c, ay - 5 * s), (ax + 5 * c, ay + 5 * s)]
    nx, ny = -s * 0.02, c * 0.02
    sliver = ("diag", [pts[0], pts[1], (pts[1][0] + nx, pts[1][1] + ny), (pts[0][0] + nx, pts[0][1] + ny)])
    ts = space({"a": ship((5, 24, 90)), "dinghy": ship((50, 10, 17), 0.1, 0.05)}, [sliver])
    assert ts.sweep("a", 60).contact == Contact("terrain", "diag")
    ts.move_ship("a", (5, 10, 90))
    res = ts.sweep("a", 60)
    assert res.contact == Contact("ship", "dinghy")


# ------------------------------------------------------------------ table edge


@pytest.mark.parametrize(
    "pose,heading,edge,expected",
    [
        ((36, 24, 0), None, "north", 48 - 25.5),
        ((36, 24, 180), None, "south", 24 - 1.5),
        ((36, 24, 90), None, "east", 72 - 37.5),
        ((36, 24, 270), None, "west", 36 - 1.5),
        ((36, 24, 0), 90, "east", 72 - 36.5),  # drifting sideways
    ],
)
def test_table_edge_is_named(pose, heading, edge, expected):
    ts = space({"a": ship(pose)})
    res = ts.sweep("a", 80, heading)
    assert res.contact == Contact("edge", edge)
    assert res.travelled == pytest.approx(expected, abs=TOL)
    xs = [p[0] for p in base_corners(res.pose, 3, 1)]
    ys = [p[1] for p in base_corners(res.pose, 3, 1)]
    assert min(xs) >= -CONTACT_EPS and max(xs) <= 72 + CONTACT_EPS
    assert min(ys) >= -CONTACT_EPS and max(ys) <= 48 + CONTACT_EPS


def test_sliding_along_the_edge_is_free():
    ts = space({"a": ship((36, 47.5, 90))})  # port side on the north edge
    res = ts.sweep("a", 10)
    assert res.contact is None


def test_nearest_of_several_obstacles_wins():
    ts = space(
        {"a": ship((10, 10, 90)), "far": ship((30, 10, 0)), "near": ship((20, 10.9, 90))},
        [("rock", [(25, 9), (26, 9), (26, 11), (25, 11)])],
    )
    res = ts.sweep("a", 50)
    assert res.contact == Contact("ship", "near")
    assert res.travelled == pytest.approx(18.5 - 11.5, abs=TOL)


def test_sweep_from_a_hypothetical_start_leaves_the_space_alone():
    ts = space({"a": ship((10, 10, 90)), "b": ship((20, 10, 0))})
    res = ts.sweep("a", 12, start=(10, 30, 90))
    assert res.contact is None
    assert ts.ship_pose("a") == (10, 10, 90)
