"""--rules SYSTEM: the command line plays a rule system by name and finds its scenarios."""

import json

import main


def test_rules_cagway_finds_the_blockade_run_among_its_scenarios(capsys):
    assert main.main(["--rules", "cagway", "--selfplay", "blockade_run", "--games", "1", "--seed", "2"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first["scenario"] == "cagway_blockade_run"


def test_a_scenario_of_another_rule_system_is_not_found_under_rules(capsys):
    assert main.main(["--rules", "cagway", "--selfplay", "duel"]) == 2
    err = capsys.readouterr().err
    assert "--rules cagway: no scenario 'duel' plays under it" in err and "cagway_open_water" in err


def test_an_unknown_rule_system_is_named_with_those_there_are(capsys):
    assert main.main(["--rules", "chess", "--selfplay", "duel"]) == 2
    assert "no such rule system (known: btq21, cagway)" in capsys.readouterr().err
