"""``--player SIDE:KIND`` on the command line: a kind may hold a colon itself (``french:captain:hard``), and a
kind the scenario's rule system has no player for is refused listing the ones it has."""

from types import SimpleNamespace

import pytest

import main

SIDES = ["british", "american"]


def _players(*texts: str, sides=SIDES, system="btq21"):
    return main._players(SimpleNamespace(player=list(texts)), sides, system)


def test_a_side_and_a_levelled_kind_are_cut_at_the_sides_colon():
    assert _players("american:captain:hard") == {"american": "captain:hard"}


def test_a_levelled_kind_alone_commands_the_last_side():
    assert _players("captain:hard") == {"american": "captain:hard"}


def test_a_time_budget_and_the_old_captain_are_kinds_too():
    assert _players("british:captain-v1", "american:captain:800ms") == {
        "british": "captain-v1", "american": "captain:800ms"}


def test_human_still_names_a_person_at_the_table():
    assert _players("british:human", "american:scripted") == {"british": "human", "american": "scripted"}


@pytest.mark.parametrize(("text", "why"), [
    ("captain:0ms", "time budget is"),
    ("american:captain:hard2", "no level 'hard2'"),
    ("scripted:hard", "the 'scripted' player has no levels"),
    ("american:admiral", "no computer player 'admiral' for rule system 'btq21'"),
])
def test_a_kind_without_a_player_is_refused_listing_the_rule_systems_players_and_human(text, why):
    err = _players(text)
    assert isinstance(err, str) and err.startswith(f"--player {text}: ") and why in err
    assert "captain:easy, captain:normal, captain:hard, captain-v1, human" in err


def test_a_side_the_scenario_lacks_is_refused_naming_its_sides():
    err = _players("french:captain:hard")
    assert err == "--player french:captain:hard: no side 'french' (sides: british, american)"


def test_the_old_captain_is_refused_in_a_cagway_battle():
    err = _players("captain-v1", sides=["runner", "blockade"], system="cagway")
    assert isinstance(err, str) and "'cagway'" in err


def test_selfplay_refuses_a_bad_level_in_match_before_playing_a_game(capsys):
    assert main.main(["--selfplay", "duel", "--match", "captain:hard2", "scripted", "--games", "1"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and "--match captain:hard2 scripted: 'captain:hard2': no level 'hard2'" in err.err
