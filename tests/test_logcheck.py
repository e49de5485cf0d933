"""Random self-play of every scenario leaves a log that recounts exactly by the rules."""

import pytest

from game.content.load import list_scenarios, load_default, load_scenario, scenario_path
from game.logcheck import check_events
from game.selfplay import play

RULES, SHIPS = load_default()


@pytest.mark.parametrize("name", list_scenarios())
def test_random_self_play_follows_the_rules(name):
    sc = load_scenario(scenario_path(name), SHIPS, RULES)
    kinds = set()
    for seed in range(1, 9):
        session = play(sc, RULES, seed, {s.id: "random" for s in sc.sides}).session
        assert session.over
        assert session.events[-1]["type"] == "game_over"
        assert session.state.turn <= sc.turn_limit
        assert check_events(session.events, RULES) == []
        kinds |= {e["type"] for e in session.events}
    # the random players exercise the movement rules, not just straight sailing
    assert {"move", "sail", "test", "initiative", "activation", "game_over"} <= kinds


def test_the_auditor_catches_a_doctored_log():
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    events = [dict(e) for e in play(sc, RULES, 1, {s.id: "random" for s in sc.sides}).session.events]
    move = next(e for e in events if e["type"] == "move" and e["distance"] > 0)
    move["max"] = move["max"] + 1
    assert any("limits" in p for p in check_events(events, RULES))
    test = next(e for e in events if e["type"] == "test")
    test["passed"] = not test["passed"]
    assert any("successes" in p for p in check_events(events, RULES))
