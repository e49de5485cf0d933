"""Rule systems are found by id and configured per battle: nothing is registered in the process."""

import pytest

from game.content.load import load_default, load_scenario, scenario_path
from game.systems import UnknownSystem, make_system, system_ids
from game.systems.base import Refusal
from game.systems.btq21.commands import EndActivation

RULES, SHIPS = load_default()


def test_beat_to_quarters_is_found_by_its_id():
    system = make_system("btq21", RULES)
    assert "btq21" in system_ids()
    assert system.id == "btq21" and system.title == "Beat to Quarters v2.1"


def test_an_unknown_rule_system_is_refused_naming_the_known_ones():
    with pytest.raises(UnknownSystem, match="no rule system 'trafalgar' .*btq21, cagway"):
        make_system("trafalgar", RULES)


def test_two_instances_keep_their_own_handlers():
    one, two = make_system("btq21", RULES), make_system("btq21", RULES)
    one.handlers[EndActivation] = lambda state, cmd, out: None
    assert two.handlers[EndActivation] is not one.handlers[EndActivation]


def test_a_battle_is_played_through_the_interface_alone():
    system = make_system("btq21", RULES)
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    state, setup = system.new_game(sc, 3)
    assert setup[0]["type"] == "setup" and state.system is system
    first = system.legal(state)[0]
    events = system.apply(state, first.command())
    assert events and events[0]["type"] == "activation"
    refused = system.apply(state, first.command())  # she is active already
    assert isinstance(refused, Refusal) and "still active" in refused.reason
    trial = system.sandbox(state)
    assert trial.trial and trial.dice is not state.dice
