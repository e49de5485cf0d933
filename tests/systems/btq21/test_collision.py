"""Collisions, running aground and sailing off the table."""

import pytest
from hypothesis import given
from hypothesis import strategies as st_

from game.systems.btq21 import board
from game.systems.btq21 import commands as c
from game.systems.btq21.collision import aligned_headings
from game.systems.btq21.engine import legal_commands
from game.table.geometry import signed_angle
from tests.systems.btq21.battle import activate, battle, load, of_type, ok, refused


def test_ships_meeting_at_90_degrees_or_less_take_the_heading_between_theirs():
    assert aligned_headings(0, 90) == pytest.approx((45, 45))
    assert aligned_headings(350, 10) == pytest.approx((0, 0))
    assert aligned_headings(10, 350) == pytest.approx((0, 0))


def test_ships_meeting_at_more_than_90_degrees_head_opposite_ways_along_one_line():
    # the heading lines of 0 and 135 meet at 45 degrees: the line between them runs 337.5 / 157.5
    assert aligned_headings(0, 135) == pytest.approx((337.5, 157.5))
    assert aligned_headings(90, 250) == pytest.approx((80, 260))


def test_ships_meeting_head_on_keep_their_headings():
    assert aligned_headings(270, 90) == pytest.approx((270, 90))


@given(st_.floats(0, 360, exclude_max=True), st_.floats(0, 360, exclude_max=True))
def test_alignment_puts_both_on_the_line_splitting_the_smaller_angle_and_turns_neither_past_45(a, b):
    ha, hb = aligned_headings(a, b)
    assert abs(signed_angle(a, ha)) <= 45 + 1e-6 and abs(signed_angle(b, hb)) <= 45 + 1e-6
    apart = abs(signed_angle(ha, hb))
    assert apart < 1e-6 or abs(apart - 180) < 1e-6  # one line
    # the line is as far from one heading line as from the other
    def off_line(h, line):
        d = abs(signed_angle(h, line)) % 180
        return min(d, 180 - d)

    assert off_line(a, ha) == pytest.approx(off_line(b, ha), abs=1e-6)


def rammer():
    # Amazon (small) sails east at a 74 (medium) lying across her path.
    return battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "genereux", "side": "french", "rate": "3rd", "pose": (15.75, 20, 0)},
        ]
    )


def test_collision_stops_the_mover_damages_both_by_the_other_ships_size_and_aligns_them():
    st = rammer()
    activate(st, "amazon")
    # bow at 11.0; the 74's side at 15.75 - 0.45 = 15.3: contact after 4.3"
    load(st, 1, 2, 3, 4, 5, 6, 6)  # 4D6 for Amazon (hit by a medium), 3D6 for the 74 (hit by a small)
    ev = ok(st, c.MoveSegment("amazon", 5.0, 45.0))
    (move,) = of_type(ev, "move")
    assert move["distance"] == pytest.approx(4.3, abs=0.01)
    (col,) = of_type(ev, "collision")
    assert col["faces"] == [1, 2, 3, 4] and col["hull_lost"] == 10
    assert col["other_faces"] == [5, 6, 6] and col["other_hull_lost"] == 17
    a, g = st.ships["amazon"], st.ships["genereux"]
    assert a.hull == 70 and g.hull == 140 - 17
    assert a.heading == pytest.approx(45) and g.heading == pytest.approx(45)
    assert col["aligned"] and col["other_aligned"]
    assert board.closest_distance(st, "amazon", "genereux") < 0.02
    # her movement is over: the requested turn was not made and no more segments
    assert st.activation.movement_over
    ok(st, c.EndActivation("amazon"))


def test_running_onto_an_island_takes_the_ship_out_of_play():
    from game.content.model import Terrain

    isle = Terrain(id="rock", kind="island", points=((14, 18), (16, 18), (16, 22), (14, 22)))
    st = battle(
        [{"id": "amazon", "pose": (10, 20, 90)}, {"id": "b", "side": "french", "pose": (60, 40, 270)}], terrain=(isle,)
    )
    activate(st, "amazon")
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    assert of_type(ev, "aground")[0]["ship"] == "amazon"
    assert st.ships["amazon"].status == "aground"
    assert of_type(ev, "move")[0]["distance"] == pytest.approx(3.0, abs=0.01)


def test_sailing_off_the_table_leaves_the_battle():
    st = battle([{"id": "amazon", "pose": (69, 20, 90)}, {"id": "b", "side": "french", "pose": (30, 40, 270)}])
    activate(st, "amazon")
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    assert of_type(ev, "left_table")[0]["edge"] == "east"
    assert st.ships["amazon"].status == "left_table"


def test_a_ship_struck_nearly_head_on_is_aligned_the_other_way_along_the_same_line():
    st = battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "genereux", "side": "french", "rate": "3rd", "pose": (15.5, 20.2, 250)},
        ]
    )
    activate(st, "amazon")
    load(st, *([1] * 7))
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    (col,) = of_type(ev, "collision")
    assert col["to"][2] == pytest.approx(80) and col["other_to"][2] == pytest.approx(260)
    assert board.closest_distance(st, "amazon", "genereux") < 0.02


# --- ships fouled together get free ----------------------------------------------------------


def wreck_across_her_bow():
    """Amazon heading north, running before a southerly wind, a struck frigate lying across her bow."""
    st = battle(
        [
            {"id": "amazon", "pose": (30, 20, 0)},
            {"id": "wreck", "side": "french", "pose": (30, 21.376, 90)},
            {"id": "virginie", "side": "french", "pose": (60, 40, 270)},
        ],
        wind_from=180,
    )
    st.ships["wreck"].status = "struck"
    return st


def test_a_ship_fouled_by_a_wreck_across_her_bow_may_back_clear_and_turn():
    st = wreck_across_her_bow()
    activate(st, "amazon")
    assert st.activation.fouled_with == ("wreck",)
    (back,) = [o for o in legal_commands(st) if o.type == "back_clear"]
    assert back.ranges["distance"] == pytest.approx((0.0, 3.0))  # small ship, battle sail, running: 3" - 6"
    ev = ok(st, c.BackClear("amazon", 3.0, 45.0))
    (move,) = of_type(ev, "move")
    assert move["astern"] and move["distance"] == pytest.approx(3.0)
    assert move["to"] == pytest.approx([30, 17, 45], abs=1e-3)
    ev = ok(st, c.MoveSegment("amazon", 3.0))
    assert not of_type(ev, "collision")  # clear of her


def test_sailing_ahead_into_the_ship_she_is_fouled_with_is_still_a_collision():
    st = wreck_across_her_bow()
    activate(st, "amazon")
    load(st, *([1] * 6))
    ev = ok(st, c.MoveSegment("amazon", 3.0))
    assert of_type(ev, "collision")


def test_only_a_fouled_ship_backs_and_only_up_to_the_segment_minimum():
    st = wreck_across_her_bow()
    activate(st, "amazon")
    assert "segment minimum" in refused(st, c.BackClear("amazon", 3.5))
    clear = battle([{"id": "amazon", "pose": (30, 20, 0)}, {"id": "b", "side": "french", "pose": (60, 40, 270)}], 180)
    activate(clear, "amazon")
    assert "not fouled" in refused(clear, c.BackClear("amazon", 1.0))
    assert not [o for o in legal_commands(clear) if o.type == "back_clear"]


def test_a_ship_touching_another_alongside_is_not_fouled_and_sails_on_past_her():
    st = battle(
        [
            {"id": "amazon", "pose": (30, 20, 0)},
            {"id": "java", "pose": (30.755, 20, 0)},  # side by side, bases touching
            {"id": "virginie", "side": "french", "pose": (60, 40, 270)},
        ],
        wind_from=180,
    )
    activate(st, "amazon")
    assert st.activation.fouled_with == ("java",)
    assert not [o for o in legal_commands(st) if o.type == "back_clear"]
    ev = ok(st, c.MoveSegment("amazon", 3.0))
    assert not of_type(ev, "collision")
