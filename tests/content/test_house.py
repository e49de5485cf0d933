"""A club's house rules change numbers of the tables, are checked like any data file and travel with the save."""

from __future__ import annotations

import pytest
import yaml

from game.content.house import load_house_rules
from game.content.load import load_default, load_scenario, scenario_path
from game.content.paths import rules_path
from game.content.yaml_nodes import ContentError
from game.persistence.save import load_save, write_save
from game.selfplay import play
from game.systems.btq21.engine import apply, legal_commands
from game.systems.btq21.setup import new_game

RULES, SHIPS = load_default()


def house(tmp_path, changes: str, tables: str = "btq21"):
    path = tmp_path / "house.yaml"
    path.write_text(f"house_rules: Plymouth Wargames Club\ntables: {tables}\nchanges:\n{changes}")
    return path


def test_a_house_rule_changes_one_number_and_names_itself(tmp_path):
    rules = load_house_rules(house(tmp_path, "  speeds.large.battle: 4\n"), RULES, rules_path())
    assert rules.speeds["large"]["battle"] == 4 and RULES.speeds["large"]["battle"] != 4
    assert rules.speeds["large"]["full"] == RULES.speeds["large"]["full"]
    assert rules.name == "Beat to Quarters v2.1 with Plymouth Wargames Club"
    assert rules.house == (("speeds.large.battle", 4),)


def test_a_ship_sails_farther_under_a_house_rule_for_her_size_and_sail(tmp_path):
    sc = load_scenario(scenario_path("squadron"), SHIPS, RULES)

    def first_move(rules):
        state, _ = new_game(sc, rules, 1)
        first = legal_commands(state)[0]
        apply(state, first.command())
        move = next(o for o in legal_commands(state) if o.type == "move")
        return state.ships[first.ship], move.ranges["distance"][1]

    ship, book = first_move(RULES)
    assert (ship.size, ship.sail) == ("medium", "battle")  # Redoutable, a 74 at battle sail
    faster = RULES.speeds["medium"]["battle"] + 2
    club = load_house_rules(house(tmp_path, f"  speeds.medium.battle: {faster}\n"), RULES, rules_path())
    _, farther = first_move(club)
    assert farther == pytest.approx(book + 2)


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ("  speeds.larg.full: 5\n", "house.yaml:4: changes.speeds.larg.full: the rules file has no 'larg' there (did "
                                    "you mean 'large'?)"),
        ("  speeds.large.battle: 4\n  to_hit.hull.long: far\n", "house.yaml:5: changes.to_hit.hull.long: expected an "
                                                                 "integer, got 'far'"),
        ("  base_stats[99].hull: 3\n", "house.yaml:4: changes.base_stats[99].hull: no item [99] there"),
        ("  speeds large battle: 3\n", "house.yaml:4: changes.speeds large battle: not a path into the rules file"),
    ],
)
def test_a_bad_house_rule_is_reported_at_its_line(tmp_path, changes, said):
    with pytest.raises(ContentError) as e:
        load_house_rules(house(tmp_path, changes), RULES, rules_path())
    assert any(p.endswith(said) or said in p for p in e.value.problems), e.value.problems


def test_house_rules_for_other_tables_are_refused(tmp_path):
    with pytest.raises(ContentError, match="these house rules change 'cagway'"):
        load_house_rules(house(tmp_path, "  speeds.large.battle: 4\n", tables="cagway"), RULES, rules_path())


def test_a_battle_under_house_rules_records_them_and_replays_under_them(tmp_path):
    rules = load_house_rules(house(tmp_path, "  speeds.large.battle: 5\n  speeds.medium.battle: 5\n"), RULES,
                             rules_path())
    sc = load_scenario(scenario_path("squadron"), SHIPS, rules)
    session = play(sc, rules, 1, {s.id: "random" for s in sc.sides}).session
    path = tmp_path / "club.yaml"
    write_save(path, session)
    doc = yaml.safe_load(path.read_text())
    assert doc["house_rules"] == {"name": "Plymouth Wargames Club", "changes": {"speeds.large.battle": 5,
                                                                               "speeds.medium.battle": 5}}
    again = load_save(path, RULES, SHIPS)  # loaded where the book's tables are in force
    assert again.state.state_hash() == session.state.state_hash()
    assert again.rules.speeds["large"]["battle"] == 5
    book = play(load_scenario(scenario_path("squadron"), SHIPS, RULES), RULES, 1,
                {s.id: "random" for s in sc.sides}).session
    assert book.state.state_hash() != session.state.state_hash()  # the change is felt in play
