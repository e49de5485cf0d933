"""Movement: three segments, limits by size, sail and wind, turns at segment ends."""

import pytest

from game.systems.btq21 import commands as c
from game.systems.btq21.engine import legal_commands
from tests.systems.btq21.battle import activate, battle, load, of_type, ok, refused

# Wind from the north throughout: heading 90 (east) is reaching.


def frigate_at(x=10.0, y=10.0, heading=90.0, **kw):
    return battle(
        [{"id": "amazon", "pose": (x, y, heading), **kw}, {"id": "virginie", "side": "french", "pose": (60, 40, 270)}]
    )


@pytest.mark.parametrize(
    ("rate", "sail", "heading", "lo", "hi"),
    [
        ("1st", "battle", 90, 1.5, 3.0),  # large, reaching
        ("1st", "full", 180, 2.5, 5.0),  # large, running: +1
        ("1st", "easy", 45, 0.5, 1.0),  # large, beating: -1
        ("3rd", "battle", 90, 2.0, 4.0),
        ("5th", "full", 180, 3.5, 7.0),
        ("5th", "easy", 60, 1.5, 3.0),
    ],
)
def test_segment_limits_by_size_sail_and_disposition(rate, sail, heading, lo, hi):
    st = battle(
        [
            {"id": "a", "rate": rate, "sail": sail, "pose": (30, 20, heading)},
            {"id": "b", "side": "french", "pose": (60, 40, 270)},
        ]
    )
    activate(st, "a")
    move = next(o for o in legal_commands(st) if o.type == "move")
    assert move.ranges["distance"] == (pytest.approx(lo), pytest.approx(hi))


def test_a_leak_costs_an_inch_a_segment():
    st = frigate_at()
    st.ships["amazon"].leaks = 2
    activate(st, "amazon")
    load(st, 3, 3)  # the unrepaired leak worsens: 2D6 crew
    ok(st, c.MoveSegment("amazon", 4.0))
    move = next(o for o in legal_commands(st) if o.type == "move")
    assert move.ranges["distance"][1] == pytest.approx(4.0)  # small battle 5, reaching, -1 leak


def test_a_segment_sails_straight_then_turns_within_the_allowance():
    st = frigate_at()
    activate(st, "amazon")
    ev = ok(st, c.MoveSegment("amazon", 5.0, 45.0))
    s = st.ships["amazon"]
    assert (s.x, s.y, s.heading) == (pytest.approx(15.0), pytest.approx(10.0), pytest.approx(135.0))
    (move,) = of_type(ev, "move")
    assert move["segment"] == 1 and move["disposition"] == "reaching" and move["distance"] == 5.0
    assert move["to"] == [15.0, 10.0, 135.0]


def test_three_segments_then_the_activation_may_end():
    st = frigate_at()
    activate(st, "amazon")
    assert "must still sail 3 more segments" in refused(st, c.EndActivation("amazon"))
    for _ in range(3):
        ok(st, c.MoveSegment("amazon", 3.0))
    assert "no movement left" in refused(st, c.MoveSegment("amazon", 3.0))
    ok(st, c.EndActivation("amazon"))
    assert st.ships["amazon"].x == pytest.approx(19.0)


def test_less_than_half_the_maximum_is_refused():
    st = frigate_at()
    activate(st, "amazon")
    reason = refused(st, c.MoveSegment("amazon", 2.4))
    assert 'between 2.5" and 5"' in reason


def test_more_than_the_maximum_is_refused():
    st = frigate_at()
    activate(st, "amazon")
    refused(st, c.MoveSegment("amazon", 5.1))


def test_turning_past_the_allowance_is_refused():
    st = battle(
        [{"id": "victory", "rate": "1st", "pose": (30, 20, 90)}, {"id": "b", "side": "french", "pose": (60, 40, 270)}]
    )
    activate(st, "victory")
    assert "at most 15 degrees" in refused(st, c.MoveSegment("victory", 2.0, 16.0))
    ok(st, c.MoveSegment("victory", 2.0, -15.0))
    assert st.ships["victory"].heading == pytest.approx(75.0)


def test_a_damaged_rudder_forbids_turning_in_the_first_two_segments():
    st = frigate_at()
    st.ships["amazon"].rudder = True
    activate(st, "amazon")
    assert "rudder" in refused(st, c.MoveSegment("amazon", 3.0, 10.0))
    ok(st, c.MoveSegment("amazon", 3.0))
    refused(st, c.MoveSegment("amazon", 3.0, -10.0))
    ok(st, c.MoveSegment("amazon", 3.0))
    ok(st, c.MoveSegment("amazon", 3.0, 30.0))
    assert st.ships["amazon"].heading == pytest.approx(120.0)


def test_crippled_rigging_allows_one_segment_only():
    st = frigate_at()
    s = st.ships["amazon"]
    s.rigging = s.rigging_start - s.rigging_cripple  # exactly a third lost, rounded down
    assert s.crippled("rigging")
    activate(st, "amazon")
    ok(st, c.MoveSegment("amazon", 3.0))
    refused(st, c.MoveSegment("amazon", 3.0))
    ok(st, c.EndActivation("amazon"))


def test_sail_changes_one_level_before_moving():
    st = frigate_at(sail="easy")
    activate(st, "amazon")
    assert "one level at a time" in refused(st, c.SetSail("amazon", "full"))
    ok(st, c.SetSail("amazon", "battle"))
    assert "already changed sail" in refused(st, c.SetSail("amazon", "full"))
    st2 = frigate_at()
    activate(st2, "amazon")
    ok(st2, c.MoveSegment("amazon", 3.0))
    assert "before Amazon moves or fires" in refused(st2, c.SetSail("amazon", "full"))


def test_taken_aback_stops_turns_free_and_loses_rigging_by_sail():
    st = frigate_at(heading=0.0)  # head to wind
    activate(st, "amazon")
    assert "taken aback" in refused(st, c.MoveSegment("amazon", 2.0))
    load(st, 3, 2, 1, 1)  # battle sail: 4D6
    ev = ok(st, c.MoveSegment("amazon", 0.0, 45.0))
    (aback,) = of_type(ev, "taken_aback")
    assert aback["faces"] == [3, 2, 1, 1] and aback["rigging_lost"] == 7
    s = st.ships["amazon"]
    assert s.rigging == 40 - 7 and (s.x, s.y, s.heading) == (10.0, 10.0, 45.0)
    # then she carries on: heading 45 with the wind from the north is beating (-1")
    move = next(o for o in legal_commands(st) if o.type == "move")
    assert move.ranges["distance"] == (pytest.approx(2.0), pytest.approx(4.0))


@pytest.mark.parametrize(("sail", "dice"), [("full", 5), ("battle", 4), ("easy", 2)])
def test_taken_aback_damage_dice_by_sail(sail, dice):
    st = frigate_at(heading=0.0, sail=sail)
    activate(st, "amazon")
    load(st, *([1] * dice))
    ev = ok(st, c.MoveSegment("amazon", 0.0, 0.0))
    assert of_type(ev, "taken_aback")[0]["rigging_lost"] == dice


def test_rigging_crippled_while_aback_ends_the_move_after_that_segment():
    st = frigate_at(heading=0.0, sail="full")
    activate(st, "amazon")
    load(st, 6, 6, 1, 1, 1, 6, 1, 1)  # 15 rigging of 40 (crippled at 13 lost), then a passed morale test
    ok(st, c.MoveSegment("amazon", 0.0, 45.0))
    assert st.ships["amazon"].crippled("rigging")
    refused(st, c.MoveSegment("amazon", 3.0))
    ok(st, c.EndActivation("amazon"))


def test_a_demasted_ship_drifts_an_inch_downwind_keeping_her_heading():
    st = frigate_at(heading=90.0)
    st.ships["amazon"].rigging = 0
    st.ships["amazon"].sail = None
    activate(st, "amazon")
    refused(st, c.MoveSegment("amazon", 3.0))
    assert "must drift" in refused(st, c.EndActivation("amazon"))
    ev = ok(st, c.Drift("amazon"))
    s = st.ships["amazon"]
    assert (s.x, s.y, s.heading) == (pytest.approx(10.0), pytest.approx(9.0), 90.0)  # wind from north
    assert of_type(ev, "drift")[0]["to"] == [10.0, 9.0, 90.0]
    ok(st, c.EndActivation("amazon"))
