"""Self-play: ``--player`` and ``--match`` take a kind with a level (alone it commands every side, after a side
and a colon that side) and refuse a kind without a player before any game is played; timing the decisions
only watches, so a game plays the same with it or without."""

import pytest

from game.content.load import load_default, open_scenario, scenario_path
from game.selfplay import SelfPlayError, assign_players, play

SIDES = ("british", "american")


def test_a_levelled_kind_alone_commands_every_side():
    assert assign_players(SIDES, 1, ["captain:hard"], None, "btq21") == {"british": "captain:hard",
                                                                          "american": "captain:hard"}


def test_a_side_then_a_levelled_kind_commands_that_side_the_others_stay_random():
    assert assign_players(SIDES, 1, ["british:captain:hard"], None, "btq21") == {"british": "captain:hard",
                                                                                  "american": "random"}


def test_a_match_between_levels_alternates_sides_game_by_game():
    first = assign_players(SIDES, 1, [], ["captain:hard", "scripted"], "btq21")
    second = assign_players(SIDES, 2, [], ["captain:hard", "scripted"], "btq21")
    assert first == {"british": "captain:hard", "american": "scripted"}
    assert second == {"british": "scripted", "american": "captain:hard"}


def test_a_time_budget_is_a_kind():
    assert assign_players(SIDES, 1, ["american:captain:800ms"], None, "btq21")["american"] == "captain:800ms"


@pytest.mark.parametrize(("args", "match", "why"), [
    (["captain:0ms"], None, "--player captain:0ms: 'captain:0ms': a captain's time budget is"),
    (["british:captain:hard2"], None, "--player british:captain:hard2: 'captain:hard2': no level 'hard2'"),
    (["scripted:hard"], None, "--player scripted:hard: the 'scripted' player has no levels"),
    ([], ["captain:hard", "scripted:hard"], "--match captain:hard scripted:hard: the 'scripted' player has no levels"),
    (["french:captain"], None, "--player french:captain: no side 'french' (sides: british, american)"),
])
def test_a_kind_without_a_player_is_refused_saying_why(args, match, why):
    with pytest.raises(SelfPlayError) as e:
        assign_players(SIDES, 1, args, match, "btq21")
    assert str(e.value).startswith(why)


def test_a_rule_system_is_asked_for_its_own_players():
    with pytest.raises(SelfPlayError, match="no computer player 'captain-v1' for rule system 'cagway'"):
        assign_players(("runner", "blockade"), 1, ["captain-v1"], None, "cagway")


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
