"""What every computer player does with the turn's fortune or calamity card."""

from __future__ import annotations

import pytest

from game.ai import make_player
from game.content.load import load_default, load_scenario, scenario_path
from game.systems import make_system
from game.systems.btq21 import board

RULES, SHIPS = load_default()


def _battle():
    sc = load_scenario(scenario_path("fortunes_of_war"), SHIPS, RULES)
    system = make_system("btq21", RULES, {"fortune": {}})
    state, _ = system.new_game(sc, 1)
    return system, state


def _enemy_distance(state, ship_id: str) -> float:
    me = state.ships[ship_id]
    return min(board.closest_distance(state, ship_id, e.id) for e in state.ships.values() if e.side != me.side)


@pytest.mark.parametrize("kind", ["scripted", "captain"])
@pytest.mark.parametrize(("card", "farthest"), [("damp_powder", True), ("fair_wind", False)])
def test_a_calamity_goes_to_the_ship_with_least_to_do_and_a_fortune_to_the_one_in_the_fight(kind, card, farthest):
    system, state = _battle()
    squadron = state.active_squadron
    state.fortune = (squadron.id, card)
    options = system.legal(state)
    side = state.ships[options[0].ship].side
    chosen = make_player(kind, 1, side).choose(state, options)
    distances = {s: _enemy_distance(state, s) for s in squadron.ships}
    want = max(distances, key=distances.__getitem__) if farthest else min(distances, key=distances.__getitem__)
    assert distances[chosen.ship] == distances[want]
