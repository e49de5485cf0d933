"""A ship off the table has no base to measure: every question of distance about her has the same answer."""

import dataclasses
import math

from game.content.load import load_default, load_scenario, scenario_path
from game.systems import make_system
from game.systems.btq21.board import closest_distance
from game.systems.btq21.state import LEFT_TABLE


def test_a_ship_off_the_table_is_out_of_reach_and_has_no_shot_box():
    rules, ships = load_default()
    sc = load_scenario(scenario_path("duel"), ships, rules)
    system = make_system("btq21", rules, {})
    state, _ = system.new_game(sc, 1)
    a, b = list(state.ships)
    assert math.isfinite(closest_distance(state, a, b))
    gone = state.copy()
    gone.ships[b] = dataclasses.replace(gone.ships[b], status=LEFT_TABLE)
    assert closest_distance(gone, a, b) == math.inf and closest_distance(gone, b, a) == math.inf
    assert system.shot_box(gone, a, b) is None and system.shot_box(state, a, b) is not None
