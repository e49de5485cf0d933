"""Each rule system has the computer players that know its rules; asking for another is a clear refusal."""

import pytest

from game.ai import PLAYER_KINDS, kind_problem, kinds_for, known_kind, make_player, side_and_kind, split_kind
from game.ai.captain import CaptainPlayer
from game.ai.captain.search import SearchCaptain
from game.ai.random_player import RandomPlayer
from game.ai.search import LEVELS
from game.ai.search.levels import MAX_BUDGET_MS, MIN_BUDGET_MS


def test_beat_to_quarters_has_the_random_player_the_scripted_opponent_the_captain_at_each_level_and_the_old_captain():
    assert kinds_for("btq21") == (
        "random", "scripted", "captain:easy", "captain:normal", "captain:hard", "captain-v1"
    )


def test_cagway_bay_has_a_captain_too():
    assert "captain:hard" in kinds_for("cagway") and "captain-v1" not in kinds_for("cagway")


def test_the_random_player_serves_every_rule_system():
    assert isinstance(make_player("random", 1, "runner", "cagway"), RandomPlayer)


def test_a_kind_a_rule_system_lacks_is_refused_naming_the_rule_system_and_what_it_has():
    with pytest.raises(ValueError, match=r"no 'captain-v1' computer player for rule system 'cagway' \(known: random"):
        make_player("captain-v1", 1, "runner", "cagway")


def test_a_captain_without_a_level_plays_at_normal_and_the_old_captain_is_kept_apart():
    assert make_player("captain", 1, "british").level == LEVELS["normal"]
    assert make_player("captain:hard", 1, "british").level == LEVELS["hard"]
    old = make_player("captain-v1", 1, "british")
    assert isinstance(old, CaptainPlayer) and not isinstance(old, SearchCaptain)


def test_a_time_budget_is_a_level_of_its_own():
    captain = make_player("captain:800ms", 1, "british")
    assert captain.level.timed and captain.level.budget_ms == 800.0


@pytest.mark.parametrize(
    "kind", ["captain:0ms", "captain:hard2", "captain:", "scripted:hard", "admiral", "captain:99999ms"]
)
def test_a_kind_with_a_level_it_cannot_take_is_not_known(kind):
    assert not known_kind(kind)


def test_a_level_that_does_not_exist_is_refused_by_name():
    with pytest.raises(ValueError, match="no level 'brave'"):
        make_player("captain:brave", 1, "british")


def test_a_kind_splits_into_its_base_and_its_level():
    assert split_kind("captain:hard") == ("captain", "hard")
    assert split_kind("scripted") == ("scripted", None)


def test_cagway_has_a_captain_at_every_level():
    hard = make_player("captain:hard", 1, "runner", "cagway")
    assert type(hard).__name__ == "CagwayCaptain" and hard.level.name == "hard"
    assert make_player("captain", 1, "runner", "cagway").level.name == "normal"


def test_a_save_may_name_any_kind_some_rule_system_has():
    assert set(PLAYER_KINDS) == {
        "random", "scripted", "captain", "captain:easy", "captain:normal", "captain:hard", "captain-v1"
    }


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
