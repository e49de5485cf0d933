"""The bench's decision times: every level of the captain and the old captain are timed against the scripted
player in both scenarios; a level that thinks long plays fewer games, and says so."""

from game.ai import timing
from game.ai.timing import SCENARIOS, decision_times


def test_each_kind_is_timed_in_each_scenario_with_the_games_it_played(monkeypatch):
    monkeypatch.setattr(timing, "FEWER_GAMES", {"captain:easy": 1})
    got = decision_times(games=2, kinds=("captain:easy",))
    assert set(got) == {"captain:easy", "scripted"}
    easy = got["captain:easy"]
    assert easy["games_per_scenario"] == 1 and got["scripted"]["games_per_scenario"] == 1
    assert set(easy["by_scenario"]) == set(SCENARIOS)
    for name in SCENARIOS:
        assert easy["by_scenario"][name]["activations"] > 0
    assert easy["activations"] == sum(easy["by_scenario"][name]["activations"] for name in SCENARIOS)
    assert 0 < easy["median_ms_per_activation"] <= easy["p95_ms_per_activation"]
    assert easy["median_cpu_ms_per_activation"] > 0


def test_the_hard_captain_plays_fewer_games_than_the_others_by_default():
    assert timing.FEWER_GAMES["captain:hard"] < 4
    assert set(timing.KINDS) == {"captain:easy", "captain:normal", "captain:hard", "captain-v1"}
