"""The editor's writer: every shipped Beat to Quarters scenario written out reads back as the same scenario, and
words YAML would take for something else stay words."""

from __future__ import annotations

from dataclasses import replace

from game.content.load import list_scenarios, load_default, open_scenario, scenario_path
from game.ui.editor import document as D
from game.ui.editor.writing import check_text, scenario_text


def test_every_shipped_scenario_reads_back_the_same():
    rules, ships = load_default()
    for name in list_scenarios("btq21"):
        sc = open_scenario(scenario_path(name), ships, rules)
        back, problems = check_text(scenario_text(sc), f"{name}.yaml", ships, rules)
        assert not problems, problems
        assert back is not None and D.same(back, sc), name


def test_words_that_look_like_other_things_stay_words():
    rules, ships = load_default()
    sc = open_scenario(scenario_path("duel"), ships, rules)
    odd = replace(sc, name="no", description="1812\n\nTwo paragraphs: # not a comment", turn_limit=3)
    odd = D.with_side(odd, 0, name="null")
    odd = D.rename_squadron(odd, 0, 0, "Übermut & 'quotes'")
    back, problems = check_text(scenario_text(odd), "odd.yaml", ships, rules)
    assert not problems, problems
    assert back is not None and D.same(back, odd)
    assert back.name == "no" and back.sides[0].name == "null" and back.description.startswith("1812\n\n")
