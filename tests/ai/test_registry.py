"""Each rule system has the computer players that know its rules; asking for another is a clear refusal."""

import pytest

from game.ai import PLAYER_KINDS, kinds_for, make_player
from game.ai.random_player import RandomPlayer


def test_beat_to_quarters_has_the_random_player_the_scripted_opponent_and_the_captain():
    assert kinds_for("btq21") == ("random", "scripted", "captain")


def test_the_random_player_serves_every_rule_system():
    assert isinstance(make_player("random", 1, "runner", "cagway"), RandomPlayer)


def test_a_kind_a_rule_system_lacks_is_refused_naming_the_rule_system_and_what_it_has():
    with pytest.raises(ValueError, match=r"no 'captain-v1' computer player for rule system 'cagway' \(known: random"):
        make_player("captain-v1", 1, "runner", "cagway")


def test_cagway_has_a_captain_at_every_level():
    hard = make_player("captain:hard", 1, "runner", "cagway")
    assert type(hard).__name__ == "CagwayCaptain" and hard.level.name == "hard"
    assert make_player("captain", 1, "runner", "cagway").level.name == "normal"


def test_a_save_may_name_any_kind_some_rule_system_has():
    assert set(PLAYER_KINDS) == {"random", "scripted", "captain"}
