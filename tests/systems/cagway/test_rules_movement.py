"""Cagway Bay's movement as the book gives it: the wheel, the sticks, legs, turns, paying, collisions, drift.

Unless a test says otherwise the wind blows from the middle of the south edge of a 40" x 40" table, so
at (20, y) it blows due north: a frigate heading north runs before it.
"""

from __future__ import annotations

import math

import pytest

from game.systems.cagway import engine, sticks, wind
from game.systems.cagway.commands import Drift, EndMove, Repair, Sail
from game.systems.cagway.state import COMBAT, MOVE
from game.table.geometry import heading_vector

from .position import SEG, TABLES, battle, island, new_round, of, play, refused, turn_of

FRIGATE = TABLES.cards["frigate"]


def frigate_at(x: float = 20.0, y: float = 20.0, h: float = 0.0, actions: int = 6, **kw: object):
    st = battle([("hawk", "navy", "frigate", (x, y, h)), ("far", "pirate", "frigate", (36.0, 36.0, 0.0))], **kw)
    return turn_of(st, "hawk", MOVE, actions)


def bow(ship) -> tuple[float, float]:
    fx, fy = heading_vector(ship.heading)
    return (ship.x + fx * ship.length / 2, ship.y + fy * ship.length / 2)


# --- the movement wheel: the stick by the angle off the wind ------------------------------------------


@pytest.mark.parametrize(
    ("heading", "sector", "stick"),
    [(0, 0, "yellow"), (45, 45, "green"), (90, 90, "green"), (270, 90, "green"), (135, 135, "red"), (180, 180, "none")],
)
def test_the_wheel_gives_the_stick_for_each_sector_off_the_wind(heading, sector, stick):
    st = frigate_at(h=heading)
    assert sticks.chart(st, st.ships["hawk"], float(heading)) == (sector, stick)


def test_a_leg_is_measured_with_the_stick_of_her_new_heading():
    st = frigate_at(h=0.0)
    e = of(play(st, Sail("hawk", SEG["green"], 45.0)), "move")[0]
    assert (e["stick"], e["sector"], e["points"]) == ("green", 45, 1)


def test_between_two_sectors_the_one_nearer_the_wind_s_eye_is_taken():
    assert wind.sector(22.5) == 45 and wind.sector(22.4) == 0 and wind.sector(157.5) == 180


def test_the_wind_is_a_point_source_blowing_through_her_centre():
    st = battle([("hawk", "navy", "frigate", (30.0, 10.0, 0.0))], source=(20.0, 0.0))
    assert wind.blowing(st, (30.0, 10.0)) == pytest.approx(45.0)
    assert wind.blowing(st, (10.0, 10.0)) == pytest.approx(315.0)


def test_no_stick_into_the_wind():
    st = frigate_at(h=180.0)
    assert "no stick" in refused(st, Sail("hawk", 1.0, 0.0))


# --- paying for the move ------------------------------------------------------------------------------


def test_one_point_a_segment_and_a_part_segment_costs_a_whole_point():
    st = frigate_at(h=0.0)  # running: yellow
    e = of(play(st, Sail("hawk", SEG["yellow"] * 1.5, 0.0)), "move")[0]
    assert e["points"] == 2 and e["actions_left"] == 4
    assert st.ships["hawk"].y == pytest.approx(20.0 + SEG["yellow"] * 1.5)


def test_whole_segments_cost_exactly_their_number():
    st = frigate_at(h=0.0)
    e = of(play(st, Sail("hawk", SEG["yellow"] * 3, 0.0)), "move")[0]
    assert e["points"] == 3


def test_no_further_than_her_points_worth_of_that_stick():
    st = frigate_at(h=0.0, actions=2)
    assert "at most" in refused(st, Sail("hawk", SEG["yellow"] * 2 + 0.01, 0.0))
    play(st, Sail("hawk", SEG["yellow"] * 2, 0.0))
    assert st.ships["hawk"].moved  # out of points: her move is over


def test_several_legs_in_one_move_each_paid_for():
    st = frigate_at(h=0.0)
    play(st, Sail("hawk", SEG["yellow"] * 0.5, 0.0))
    play(st, Sail("hawk", SEG["yellow"] * 0.5, 0.0))
    assert st.ships["hawk"].actions == 4 and not st.ships["hawk"].moved


# --- turning --------------------------------------------------------------------------------------


def test_a_turn_needs_a_full_segment_on_the_new_heading():
    st = frigate_at(h=0.0)
    why = refused(st, Sail("hawk", SEG["green"] * 0.9, 40.0))
    assert "full segment" in why
    play(st, Sail("hawk", SEG["green"], 40.0))


def test_she_turns_about_her_bow_and_runs_her_bow_along_the_stick():
    st = frigate_at(h=0.0)
    start_bow = bow(st.ships["hawk"])
    play(st, Sail("hawk", SEG["green"], 45.0))
    ship = st.ships["hawk"]
    assert ship.heading == pytest.approx(45.0)
    fx, fy = heading_vector(45.0)
    want = (start_bow[0] + fx * SEG["green"], start_bow[1] + fy * SEG["green"])
    assert bow(ship) == pytest.approx(want, abs=1e-6)


def test_no_more_than_one_angle_a_leg():
    st = frigate_at(h=0.0)
    assert "45" in refused(st, Sail("hawk", SEG["green"] * 2, 46.0))


def test_she_cannot_turn_in_place_by_sailing():
    st = frigate_at(h=0.0)
    assert "drifting" in refused(st, Sail("hawk", 0.0, 0.0))


def test_a_turn_that_would_foul_something_is_refused():
    # Another ship lies alongside to starboard: swinging the stern about the bow hits her.
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("wall", "navy", "frigate", (20.9, 19.0, 0.0))])
    turn_of(st, "hawk", MOVE, 6)
    assert "no room to turn" in refused(st, Sail("hawk", SEG["green"], -45.0))


# --- collisions -------------------------------------------------------------------------------------


def test_a_leg_stops_where_her_base_first_touches_a_ship_and_she_pays_for_the_way_made():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("block", "pirate", "frigate", (20.0, 24.0, 90.0))])
    turn_of(st, "hawk", MOVE, 6)
    e = of(play(st, Sail("hawk", SEG["yellow"] * 4, 0.0)), "move")[0]
    gap = 24.0 - 0.4 - (20.0 + 1.2)  # her bow to the other's side
    assert e["distance"] == pytest.approx(gap, abs=1e-3)
    assert e["stopped_by"] == "block"
    assert e["points"] == math.ceil(gap / SEG["yellow"])


def test_a_turned_leg_that_something_would_stop_before_a_full_segment_is_refused():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("block", "pirate", "frigate", (20.6, 23.0, 90.0))])
    turn_of(st, "hawk", MOVE, 6)
    assert "full segment: Block would stop her" in refused(st, Sail("hawk", SEG["green"] * 2, 10.0))
    play(st, Sail("hawk", SEG["yellow"] * 2, 0.0))  # straight on, she runs until she touches her


def test_a_leg_stops_at_an_island_and_at_the_table_edge():
    rock = island("rock", [(18, 25), (22, 25), (22, 27), (18, 27)])
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0))], islands=(rock,))
    turn_of(st, "hawk", MOVE, 6)
    e = of(play(st, Sail("hawk", SEG["yellow"] * 6, 0.0)), "move")[0]
    assert e["stopped_by"] == "rock" and bow(st.ships["hawk"])[1] == pytest.approx(25.0, abs=1e-3)
    st = frigate_at(x=20.0, y=37.0, h=0.0)
    e = of(play(st, Sail("hawk", SEG["yellow"] * 2, 0.0)), "move")[0]
    assert e["stopped_by"] == "edge:north" and bow(st.ships["hawk"])[1] == pytest.approx(40.0, abs=1e-3)


# --- repair ---------------------------------------------------------------------------------------------


def test_repair_mends_two_hp_a_point_and_gives_no_new_points_till_the_next_round():
    st = frigate_at(actions=3)
    st.ships["hawk"].hp = 10  # 3 actions on her chart
    e = of(play(st, Repair("hawk", 2)), "repair")[0]
    assert (e["hp_gained"], e["hp"]) == (4, 14)
    assert st.ships["hawk"].actions == 1  # 14 HP would give 4, but not until the next round
    new_round(st)
    assert st.ships["hawk"].actions == FRIGATE.actions(14) == 4


def test_repair_stops_at_her_card_s_hp_and_a_dead_ship_cannot_repair_herself():
    st = frigate_at(actions=6)
    st.ships["hawk"].hp = 29
    assert "from 1 to 1" in refused(st, Repair("hawk", 2))
    assert of(play(st, Repair("hawk", 1)), "repair")[0]["hp_gained"] == 1
    st = frigate_at(actions=0)
    st.ships["hawk"].hp = 0
    assert "dead" in refused(st, Repair("hawk", 1))


def test_she_may_repair_between_legs_but_then_neither_drift_nor_fire_at_will():
    st = frigate_at(actions=6)
    st.ships["hawk"].hp = 20
    play(st, Sail("hawk", SEG["yellow"], 0.0))
    play(st, Repair("hawk", 1))
    play(st, Sail("hawk", SEG["yellow"], 0.0))
    assert "whole move" in refused(st, Drift("hawk", 0.0, 0.0))
    types = {o.type for o in engine.legal_commands(st)}
    assert "drift" not in types and "fire_at_will" not in types


# --- drift ----------------------------------------------------------------------------------------------


def test_drift_is_one_red_segment_downwind_then_any_heading_for_all_her_points():
    st = battle([("hawk", "navy", "frigate", (30.0, 10.0, 0.0)), ("far", "pirate", "frigate", (5.0, 35.0, 0.0))])
    turn_of(st, "hawk", MOVE, 6)
    e = of(play(st, Drift("hawk", 0.0, 120.0)), "drift")[0]
    ship = st.ships["hawk"]
    fx, fy = heading_vector(45.0)  # the wind blows from (20, 0) through (30, 10)
    assert (ship.x, ship.y) == pytest.approx((30.0 + fx * SEG["red"], 10.0 + fy * SEG["red"]))
    assert ship.heading == pytest.approx(120.0) and ship.actions == 0 and ship.moved and not e["blocked"]


def test_a_drift_blocked_by_an_obstacle_does_not_move_her_but_she_may_still_turn():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 90.0)), ("lee", "pirate", "frigate", (20.0, 21.9, 90.0))])
    turn_of(st, "hawk", MOVE, 6)
    e = of(play(st, Drift("hawk", 0.0, -90.0)), "drift")[0]
    ship = st.ships["hawk"]
    assert e["blocked"] and e["blocked_by"] == "lee"
    assert (ship.x, ship.y, ship.heading) == pytest.approx((20.0, 20.0, 0.0))


def test_a_dead_ship_may_drift_spending_her_zero_points():
    st = frigate_at(actions=0)
    st.ships["hawk"].hp = 0
    assert {o.type for o in engine.legal_commands(st)} == {
        "drift",
        "end_move",
    }
    play(st, Drift("hawk", 0.0, 0.0))
    assert st.ships["hawk"].y == pytest.approx(20.0 + SEG["red"])


def test_drift_must_be_her_whole_move():
    st = frigate_at()
    play(st, Sail("hawk", SEG["yellow"], 0.0))
    assert "whole move" in refused(st, Drift("hawk", 0.0, 0.0))


# --- the order of the phases ------------------------------------------------------------------------------


def test_in_the_move_phase_the_ship_farthest_downwind_moves_first_and_in_combat_the_farthest_upwind():
    ships = [
        ("near", "navy", "frigate", (20.0, 5.0, 90.0)),
        ("far", "pirate", "frigate", (20.0, 30.0, 90.0)),
        ("mid", "navy", "frigate", (10.0, 15.0, 90.0)),
    ]
    st = battle(ships)
    assert st.order == ("far", "mid", "near") and st.activation.ship == "far"
    for sid in ("far", "mid", "near"):
        assert st.activation.ship == sid
        play(st, EndMove(sid))
    assert st.phase == COMBAT and st.order == ("near", "mid", "far")


def test_equal_distance_from_the_source_goes_by_the_scenario_s_order():
    st = battle([("b", "navy", "frigate", (10.0, 10.0, 90.0)), ("a", "pirate", "frigate", (30.0, 10.0, 90.0))])
    assert st.order == ("b", "a")


def test_at_the_table_edge_she_still_turns_after_her_drift_eased_back_onto_the_table():
    # Her bow touches the north edge and the wind blows her onto it: no drift, no room to swing;
    # she may still face any way, set down just inside the edge.
    st = battle([("hawk", "navy", "frigate", (20.0, 38.8, 0.0)), ("far", "pirate", "frigate", (5.0, 5.0, 0.0))])
    turn_of(st, "hawk", MOVE, 6)
    e = of(play(st, Drift("hawk", 0.0, 90.0)), "drift")[0]
    ship = st.ships["hawk"]
    assert e["blocked"] and ship.heading == pytest.approx(90.0)
    half = ship.length / 2
    assert ship.y + ship.width / 2 <= 40.0 and half <= ship.x <= 40.0 - half


def test_eased_back_from_the_edge_she_still_may_not_foul_another_ship():
    st = battle([("hawk", "navy", "frigate", (20.0, 38.8, 0.0)), ("lee", "pirate", "frigate", (21.5, 38.0, 0.0))])
    turn_of(st, "hawk", MOVE, 6)
    assert "no room to turn her" in refused(st, Drift("hawk", 0.0, 90.0))
