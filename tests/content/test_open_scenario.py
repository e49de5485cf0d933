"""A scenario names the rule system it is played under; the file's own reader then reads it."""

import pytest

from game.content.load import ContentError, load_default, open_scenario, scenario_path, scenario_system


def test_a_scenario_without_rules_is_beat_to_quarters(tmp_path):
    assert scenario_system(scenario_path("duel")) == ("btq21", 0)


def test_the_rules_line_is_read_with_quotes_and_a_comment(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("# a scenario\nname: x\nrules: 'cagway'   # Cagway Bay\n")
    assert scenario_system(p) == ("cagway", 3)


def test_a_scenario_naming_an_unknown_rule_system_is_refused_with_its_file_and_line(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("name: x\nrules: chess\nsides: []\n")
    rules, ships = load_default()
    with pytest.raises(ContentError) as e:
        open_scenario(p, ships, rules)
    assert e.value.problems[0].endswith("s.yaml:2: rules: no rule system 'chess' (known: btq21, cagway)")
