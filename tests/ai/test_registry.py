"""Each rule system has the computer players that know its rules; asking for another is a clear refusal."""

import pytest

from game.ai import PLAYER_KINDS, kind_problem, kinds_for, known_kind, make_player, side_and_kind
from game.ai.random_player import RandomPlayer
from game.ai.search.levels import LEVELS, MAX_BUDGET_MS, MIN_BUDGET_MS


def test_beat_to_quarters_offers_the_random_and_scripted_players_the_captain_at_each_level_and_the_old_captain():
    assert kinds_for("btq21") == ("random", "scripted", *(f"captain:{lv}" for lv in LEVELS), "captain-v1")


def test_the_random_player_serves_every_rule_system():
    assert isinstance(make_player("random", 1, "runner", "cagway"), RandomPlayer)


def test_a_kind_a_rule_system_lacks_is_refused_naming_the_rule_system_and_what_it_has():
    with pytest.raises(ValueError, match=r"no 'captain-v1' computer player for rule system 'cagway' \(known: random"):
        make_player("captain-v1", 1, "runner", "cagway")


def test_a_save_may_name_any_kind_some_rule_system_has_and_the_bare_captain_of_older_saves():
    assert {"random", "scripted", "captain", "captain-v1", *(f"captain:{lv}" for lv in LEVELS)} == set(PLAYER_KINDS)


@pytest.mark.parametrize("kind", ["captain", "captain:easy", "captain:hard", f"captain:{MIN_BUDGET_MS}ms",
                                  "captain:800ms", f"captain:{MAX_BUDGET_MS}ms"])
def test_the_captain_takes_a_named_level_or_a_time_budget(kind):
    assert known_kind(kind, "btq21") and kind_problem(kind, "btq21") is None


@pytest.mark.parametrize(("kind", "why"), [
    ("captain:0ms", f"time budget is {MIN_BUDGET_MS} to {MAX_BUDGET_MS} ms, not 0"),
    (f"captain:{MAX_BUDGET_MS + 1}ms", f"not {MAX_BUDGET_MS + 1}"),
    ("captain:hard2", "no level 'hard2'"),
    ("scripted:hard", "the 'scripted' player has no levels"),
    ("admiral", "no computer player 'admiral' for rule system 'btq21'"),
])
def test_a_kind_that_names_no_player_is_refused_saying_why_and_listing_what_there_is(kind, why):
    problem = kind_problem(kind, "btq21")
    assert problem is not None and why in problem
    assert "known: random, scripted, captain:easy, captain:normal, captain:hard, captain-v1" in problem
    assert "captain:<N>ms" in problem


def test_the_old_captain_is_refused_for_cagway_bay_which_never_had_her():
    problem = kind_problem("captain-v1", "cagway")
    assert problem is not None and "'cagway'" in problem and "captain-v1" not in problem.split("known:")[1]


@pytest.mark.parametrize(("text", "sides", "split"), [
    ("french:captain:hard", ["british", "french"], ("french", "captain:hard")),
    ("captain:hard", ["british", "french"], (None, "captain:hard")),
    ("captain:800ms", ["british", "french"], (None, "captain:800ms")),
    ("british:captain-v1", ["british", "french"], ("british", "captain-v1")),
    ("scripted", ["british", "french"], (None, "scripted")),
    ("spanish:captain", ["british", "french"], ("spanish", "captain")),  # a side the caller refuses
    ("french:captain:hard", None, ("french", "captain:hard")),  # sides not known yet: not a kind, so a side
    ("captain:easy", None, (None, "captain:easy")),
])
def test_a_player_argument_is_cut_at_the_first_colon_only_after_a_side(text, sides, split):
    assert side_and_kind(text, sides) == split
