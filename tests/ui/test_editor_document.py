"""The editor's edits and on-the-spot checks, without the window: each says what --check-data would say."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

from game.content.load import load_default, open_scenario, scenario_path
from game.ui.editor import document as D
from game.ui.editor import placing
from game.ui.editor.victory import NO_EDGE, exit_edge, with_exit_edge
from game.ui.editor.writing import check_text, scenario_text


def _duel():
    """The Duel fought on points (without its prize objectives): two frigates and nothing else to win."""
    rules, ships = load_default()
    sc = open_scenario(scenario_path("duel"), ships, rules)
    return dataclasses.replace(sc, victory={"mode": "points", "exit_edges": {}}), rules, ships


def test_a_renamed_side_keeps_its_exit_edge_and_a_removed_one_takes_it_away():
    sc, rules, ships = _duel()
    sc = replace(sc, victory=with_exit_edge(sc, "british", "east"))
    sc = D.rename_side(sc, 1, "His Majesty's Ships")
    assert sc.sides[1].id == "his_majesty_s_ships" and exit_edge(sc, "his_majesty_s_ships") == "east"
    back, problems = check_text(scenario_text(sc), "renamed.yaml", ships, rules)
    assert not problems and back is not None and back.victory["exit_edges"] == {"his_majesty_s_ships": "east"}
    sc = D.remove_side(sc, 1)
    assert exit_edge(sc, "his_majesty_s_ships") == NO_EDGE and "exit_edges" not in sc.victory


def test_one_flagship_a_side():
    sc, rules, ships = _duel()
    sc, _ = D.add_ship(sc, 0, 0, ships["essex"], (40, 10, 0), "battle")
    sc = D.set_flagship(sc, (0, 0, 0), True)
    sc = D.set_flagship(sc, (0, 0, 1), True)
    assert [s.flagship for s in sc.sides[0].squadrons[0].ships] == [False, True]


def test_a_second_ship_of_a_class_gets_her_own_id():
    sc, rules, ships = _duel()
    sc, uid = D.add_ship(sc, 0, 0, ships["constitution"], (40, 10, 0), "battle")
    assert uid == "constitution_2"
    assert not check_text(scenario_text(sc), "twins.yaml", ships, rules)[1]


def test_terrain_and_table_checks_give_the_readers_reasons():
    sc, rules, ships = _duel()
    constitution = sc.sides[0].squadrons[0].ships[0]  # at (16, 14)
    assert "cover" in (placing.terrain_problem(sc, rules, [(14, 12), (18, 12), (16, 17)]) or "")
    assert "simple polygon" in (placing.terrain_problem(sc, rules, [(30, 30), (34, 34), (34, 30), (30, 34)]) or "")
    assert "wholly off" in (placing.terrain_problem(sc, rules, [(100, 100), (104, 100), (102, 104)]) or "")
    assert placing.terrain_problem(sc, rules, [(30, 5), (40, 5), (35, 10)]) is None
    assert "off a" in (placing.table_problem(sc, rules, (15.0, 48.0)) or "")
    assert placing.ship_problem(sc, rules, constitution.ship, constitution.pose, skip=(0, 0, 0)) is None
    assert "overlap" in (placing.ship_problem(sc, rules, constitution.ship, constitution.pose) or "")


def test_objectives_follow_the_ships_and_sides_they_name():
    from game.ui.editor import victory as V

    sc, rules, ships = _duel()
    got = V.add_objective(sc, "take", "british")
    assert not isinstance(got, str)
    sc = replace(sc, victory=got[0])
    assert V.objectives(sc)[0]["ships"] == ("constitution",)
    sc = D.rename_side(sc, 1, "His Majesty's Ships")
    assert V.objectives(sc)[0]["side"] == "his_majesty_s_ships"
    assert not check_text(scenario_text(sc), "renamed.yaml", ships, rules)[1]
    moved, _ = D.move_to_squadron(D.add_squadron(sc, 0), (0, 0, 0), 0, 1)
    assert V.objectives(moved)[0]["ships"] == ("constitution",)  # a ship moved between squadrons is still named
    sc = D.remove_ship(sc, (0, 0, 0))  # the only ship it named: the objective goes with her
    assert V.objectives(sc) == []
    assert "protect objective names ships" in str(V.add_objective(sc, "protect", "american"))
