"""A headless network end's ``--player``: a kind may carry a level after its own colon, with or without a side
before it; the battle's rule system is not known yet, so a kind no rule system has is refused at once."""

import pytest

from game.net.cli import _kind_for, _kinds


def test_a_side_then_a_levelled_kind():
    assert _kinds(["french:captain:hard"]) == {"french": "captain:hard"}


def test_a_levelled_kind_alone_plays_whichever_side_this_end_is_given():
    players = _kinds(["captain:800ms"])
    assert players == {"": "captain:800ms"}
    assert _kind_for(players, frozenset({"british"})) == "captain:800ms"


def test_a_side_named_plays_before_the_kind_for_any_side():
    players = _kinds(["captain:easy", "british:captain-v1"])
    assert _kind_for(players, frozenset({"british"})) == "captain-v1"
    assert _kind_for(players, frozenset({"french"})) == "captain:easy"


@pytest.mark.parametrize(("text", "why"), [
    ("captain:0ms", "time budget is"),
    ("french:captain:hard2", "no level 'hard2'"),
    ("scripted:hard", "the 'scripted' player has no levels"),
    ("human", "no computer player 'human'"),
])
def test_a_kind_without_a_computer_player_is_refused_listing_the_kinds(text, why):
    err = _kinds([text])
    assert isinstance(err, str) and err.startswith(f"--player {text}: headless ends are computer players: ")
    assert why in err and "captain:easy, captain:normal, captain:hard" in err
