"""Self-play's timing of decisions only watches: a game plays the same with it or without."""

from game.content.load import load_default, open_scenario, scenario_path
from game.selfplay import play


def test_timing_the_players_changes_nothing_and_times_every_side():
    rules, ships = load_default()
    scenario = open_scenario(scenario_path("duel"), ships, rules)
    kinds = {scenario.sides[0].id: "random", scenario.sides[1].id: "scripted"}
    thinking: dict[str, list[float]] = {}
    timed = play(scenario, rules, 2, kinds, thinking=thinking).session.state
    plain = play(scenario, rules, 2, kinds).session.state
    assert timed.state_hash() == plain.state_hash()
    assert set(thinking) == set(kinds)
    assert all(times and min(times) >= 0.0 for times in thinking.values())
