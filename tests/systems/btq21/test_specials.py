"""Special actions: Tack, Boxhaul, Fight Fires, Repair and All Hands on Deck."""

import pytest

from game.systems.btq21 import commands as c
from game.systems.btq21.engine import legal_commands
from tests.systems.btq21.battle import activate, battle, load, of_type, ok, refused


def frigate(heading=90.0, **kw):
    return battle(
        [{"id": "amazon", "pose": (30, 20, heading), **kw}, {"id": "virginie", "side": "french", "pose": (60, 40, 270)}]
    )


def test_a_passed_tack_lets_her_sail_through_the_wind_at_the_beating_rate():
    st = frigate(heading=0.0)
    activate(st, "amazon")
    load(st, 4, 4, 1)  # two successes: passed without rerolls
    ev = ok(st, c.Tack("amazon"))
    assert of_type(ev, "test")[0]["passed"]
    move = next(o for o in legal_commands(st) if o.type == "move")
    assert move.ranges["distance"] == (pytest.approx(2.0), pytest.approx(4.0))
    ok(st, c.MoveSegment("amazon", 4.0))
    assert st.ships["amazon"].y == pytest.approx(24.0)


def test_a_failed_tack_costs_2d6_rigging():
    st = frigate(heading=0.0)
    activate(st, "amazon")
    load(st, 1, 2, 3, 1, 5, 6)  # 0 successes, reroll (average: 1) the lowest -> 1: still fails; then 2D6 = 5+6
    ev = ok(st, c.Tack("amazon"))
    assert not of_type(ev, "test")[0]["passed"]
    assert st.ships["amazon"].rigging == 40 - 11
    assert "already attempted" in refused(st, c.Tack("amazon"))


def test_a_passed_boxhaul_sails_one_segment_turns_about_and_ends_the_move():
    st = frigate(heading=90.0)
    activate(st, "amazon")
    load(st, 6, 4, 1)  # three successes
    ok(st, c.Boxhaul("amazon", 3.0, 1))
    s = st.ships["amazon"]
    assert (s.x, s.y, s.heading) == (pytest.approx(33.0), pytest.approx(20.0), pytest.approx(270.0))
    assert st.activation.movement_over
    ok(st, c.EndActivation("amazon"))


def test_a_failed_boxhaul_turns_ninety_loses_rigging_and_movement_goes_on():
    st = frigate(heading=90.0)
    activate(st, "amazon")
    load(st, 1, 1, 1, 1, 2, 2)  # fail, reroll one die -> 1, 2D6 = 4
    ok(st, c.Boxhaul("amazon", 3.0, -1))
    s = st.ships["amazon"]
    assert s.heading == pytest.approx(0.0) and s.rigging == 36
    assert not st.activation.movement_over


def test_fight_fires_removes_d3_fires_on_a_pass():
    st = frigate()
    st.ships["amazon"].fires = 2
    activate(st, "amazon")
    load(st, 6, 5, 1, 3)  # 3 successes; D3 from a 3 = 2
    ev = ok(st, c.FightFires("amazon"))
    assert of_type(ev, "fires_fought")[0]["removed"] == 2
    assert st.ships["amazon"].fires == 0


def test_all_hands_on_deck_rolls_four_dice():
    st = frigate()
    st.ships["amazon"].fires = 1
    activate(st, "amazon")
    load(st, 4, 4, 4, 1, 6)
    ev = ok(st, c.FightFires("amazon", all_hands=True))
    t = of_type(ev, "test")[0]
    assert t["dice"] == 4 and t["passed"]
    assert st.activation.all_hands


def test_a_failed_fight_fires_costs_2d6_crew():
    st = frigate()
    st.ships["amazon"].fires = 1
    activate(st, "amazon")
    load(st, 1, 1, 1, 1, 3, 4)
    ok(st, c.FightFires("amazon"))
    assert st.ships["amazon"].crew == 33


def test_fires_not_fought_spread_and_cost_crew_when_she_gets_under_way():
    st = frigate()
    st.ships["amazon"].fires = 1
    activate(st, "amazon")
    load(st, 2, 3)
    ev = ok(st, c.MoveSegment("amazon", 3.0))
    assert of_type(ev, "fire_spreads")
    s = st.ships["amazon"]
    assert s.fires == 2 and s.crew == 35


def test_six_leaks_sink_her():
    st = frigate()
    st.ships["amazon"].leaks = 5
    activate(st, "amazon")
    load(st, 1, 1)
    ev = ok(st, c.MoveSegment("amazon", 2.5))
    assert of_type(ev, "sunk")
    assert st.ships["amazon"].status == "sunk"


def test_repair_mends_a_rudder():
    st = frigate()
    st.ships["amazon"].rudder = True
    activate(st, "amazon")
    load(st, 6, 6, 1)
    ok(st, c.Repair("amazon", "rudder"))
    assert not st.ships["amazon"].rudder


def test_specials_are_declared_at_the_start_and_a_crippled_crew_takes_none():
    st = frigate()
    st.ships["amazon"].fires = 1
    activate(st, "amazon")
    load(st, 1, 1)
    ok(st, c.MoveSegment("amazon", 3.0))
    assert "start of the activation" in refused(st, c.FightFires("amazon"))
    st2 = frigate()
    s = st2.ships["amazon"]
    s.fires, s.crew = 1, s.crew_start - s.crew_cripple
    activate(st2, "amazon")
    assert "crippled" in refused(st2, c.FightFires("amazon"))
    assert not [o for o in legal_commands(st2) if o.type in ("fight_fires", "tack", "boxhaul")]


@pytest.mark.parametrize("command", [c.Tack("amazon"), c.Boxhaul("amazon", 3.0, 1)])
def test_a_fire_that_cripples_her_crew_as_she_gets_under_way_stops_the_special_but_not_the_command(command):
    st = frigate(heading=90.0)
    s = st.ships["amazon"]
    s.fires, s.crew = 1, s.crew_start - s.crew_cripple + 1  # one man short of a crippled crew
    activate(st, "amazon")
    load(st, 2, 3)  # the fire spreads: 5 crew lost
    ev = ok(st, command)
    assert of_type(ev, "fire_spreads") and of_type(ev, "damage")[0]["crippled"]
    assert not of_type(ev, "test") and not of_type(ev, "special_failed")
    assert st.activation.special is None and not st.activation.movement_over
    assert (s.x, s.y) == (30, 20)
    assert "crippled" in refused(st, c.Tack("amazon"))
    ok(st, c.MoveSegment("amazon", 3.0))
