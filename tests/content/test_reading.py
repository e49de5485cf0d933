"""The reading layer: pydantic models over the node tree, each error back at its line in the project's words."""

from __future__ import annotations

import pytest

from game.content.load import load_rules, load_scenario, load_ships
from game.content.model import RuleSet, ShipClass
from game.content.ships import ShipsFile
from game.content.validate import Checked, field_path
from game.content.yaml_nodes import Ctx, parse_text
from tests.content.samples import RULES_FILE, SCENARIO, SHIPS, find, line_of, problems_of, replace


@pytest.fixture
def book() -> str:
    return RULES_FILE.read_text(encoding="utf-8")


def test_a_wrong_type_deep_in_a_block_list_names_its_own_line(write, ships: dict[str, ShipClass], rules: RuleSet):
    flow = "points: [[20, 30], [30, 30], [30, 44], [25, 34], [20, 44]]"
    block = "points:\n      - [20, 30]\n      - [30, 30]\n      - [30, \"x\"]\n      - [25, 34]\n      - [20, 44]"
    text = replace(SCENARIO, flow, block)
    probs = problems_of(load_scenario, write("duel.yaml", text), ships, rules)
    bad = line_of(text, '[30, "x"]')
    assert probs == [f"duel.yaml:{bad}: terrain[0].points[2][1]: expected a number, got 'x'"]


def test_a_wrong_type_in_a_row_of_a_table_names_the_row_and_the_column(write, book: str) -> None:
    text = replace(book, "  - [120, 129, 40, 26, 14, 8]", "  - [120, 129, 40, 26, many, 8]")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    assert probs == [
        f"rules/house.yaml:{line_of(text, 'many')}: broadside_dice[1][4]: expected an integer, got 'many'"
    ]


def test_an_unknown_key_deep_in_the_options_suggests_the_near_one(write, book: str) -> None:
    text = replace(book, "aims: [rigging], to_hit: 1}", "aims: [rigging], to_hitt: 1}")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    assert probs == [
        f"rules/house.yaml:{line_of(text, 'to_hitt')}: options.shot.loads.chain.to_hitt: "
        "unknown key 'to_hitt' (did you mean 'to_hit'?)"
    ]


def test_an_unknown_word_of_a_fixed_vocabulary_suggests_the_near_one(write, book: str) -> None:
    text = replace(book, "table: [perfect,", "table: [perfekt,")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "perfekt"), "options.weather.table[0]",
         "unknown weather 'perfekt' (did you mean 'perfect'?)")
    assert len(probs) == 1


def test_the_files_own_words_key_its_later_tables(write, book: str) -> None:
    """Renaming a size in 'bases' only: every table keyed by size says so, at its own line."""
    text = replace(book, "  large: [3.0, 1.0]", "  huge: [3.0, 1.0]")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "1st: large"), "rates.1st", "unknown size 'large'")
    find(probs, "rules/house.yaml", line_of(text, "  large: {easy: 2"), "speeds.large", "unknown size 'large'")
    find(probs, "rules/house.yaml", line_of(text, "speeds:"), "speeds.huge", "missing (every size needs an entry)")
    find(probs, "rules/house.yaml", line_of(text, "collision_dice:"), "collision_dice.huge", "missing")


def test_a_vocabulary_that_does_not_validate_is_not_used_for_checking_others(write, book: str) -> None:
    """No cascade: with 'bases' broken, the sizes are unknown and the tables keyed by them are not faulted."""
    text = replace(book, "  large: [3.0, 1.0]", "  large: [3.0]")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    assert probs == [f"rules/house.yaml:{line_of(text, '[3.0]')}: bases.large: expected [length, width], got 1 number"]


def test_checks_across_rows_run_on_the_tables_that_validated(write, book: str) -> None:
    text = replace(book, "    - {min: 3, max: 4, effect: mast", "    - {min: 2, max: 4, effect: mast")
    text = replace(text, "segments: 3", "segments: three")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "segments:"), "segments", "expected an integer, got 'three'")
    find(probs, "rules/house.yaml", line_of(text, "{min: 2, max: 4"), "critical.table[1]", "overlap row 0",
         f"(line {line_of(text, '{min: 2, max: 2')})")
    assert len(probs) == 2


def test_an_unknown_key_does_not_hide_a_check_of_the_rest_of_its_table(write, book: str) -> None:
    text = replace(book, "  wind_shifts:\n", "  wind_shiftz:\n")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "wind_shiftz"), "options.wind_shiftz", "did you mean 'wind_shifts'")
    find(probs, "rules/house.yaml", line_of(text, "  weather:"), "options.weather", "give them too")
    assert len(probs) == 2


def test_a_tag_deep_in_a_table_is_one_problem_without_a_cascade(write, book: str) -> None:
    text = replace(book, "  hull: {point_blank: 3,", "  hull: {point_blank: !!binary aGk=,")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    where = f"rules/house.yaml:{line_of(text, '!!binary')}"
    assert probs == [f"{where}: to_hit.hull.point_blank: unsupported YAML tag '!!binary'"]


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        ("  large: {easy: 2,", "  large: {easy: true,", "speeds.large.easy", "expected a number, got true"),
        ("  dice: 2\n", "  dice: '2'\n", "initiative.dice", "expected an integer, got '2'"),
        ("  fraction: 0.3333333333333333", "  fraction: [0.3]", "crippled.fraction", "expected a number, got 1 number"),
        ("  mode: base", "  mode: 1", "disposition.mode", "expected a disposition mode (one of base, angles), got 1"),
        ("  target_on_fire: 1", "  target_on_fire: 1.0", "to_hit_modifiers.target_on_fire",
         "expected an integer, got 1.0"),
    ],
)
def test_yaml_types_are_kept_apart(write, book: str, old: str, new: str, field: str, reason: str) -> None:
    text = replace(book, old, new)
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    assert probs == [f"rules/house.yaml:{line_of(text, new.strip())}: {field}: {reason}"]


def test_a_repeated_word_in_a_block_list_names_the_line_it_repeats(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "specials: [marines]", "specials:\n      - marines\n      - signals\n      - marines")
    probs = problems_of(load_ships, write("ships.yaml", text), rules)
    assert probs == [
        f"ships.yaml:{line_of(text, '- marines', 2)}: ships[0].specials[2]: duplicate 'marines' "
        f"(also at line {line_of(text, '- marines')})"
    ]


def test_an_optional_key_given_as_null_is_its_default_at_the_top_of_a_rules_file_too(write, book: str) -> None:
    text = replace(book, "system: btq21", "system: ~")
    assert load_rules(write("rules/house.yaml", text)).system == "btq21"


def test_the_parts_that_validated_are_there_for_the_checks_across_them(rules: RuleSet) -> None:
    ctx = Ctx("ships.yaml")
    text = replace(SHIPS, "    hull: 180", "    hull: lots")
    root = parse_text(ctx, text)
    assert root is not None
    checked = Checked(ShipsFile, root, {"rates": list(rules.rates), "crew_qualities": ["good", "average"]})
    assert checked.model is None
    assert checked.at(("ships", 0)) is None
    assert checked.at(("ships", 0, "hull")) is None
    assert checked.at(("ships", 0, "guns")) == 104
    assert checked.at(("ships", 0, "specials")) == ("marines",)  # no vocabulary of specials given: any id
    assert checked.at(("ships", 2, "launched")) is None  # left out: its default
    assert checked.at(("ships", 1)).quality == "average"
    assert checked.ok(("ships", 1)) and not checked.ok(("ships",))
    assert list(checked.entries(("ships",))) == [0, 1, 2]
    assert [checked.line(("ships", i)) for i in range(3)] == [
        line_of(text, "- id: victory"), line_of(text, "- id: redoutable"), line_of(text, "- id: surprise")
    ]


def test_field_paths() -> None:
    assert field_path(("sides", 0, "squadrons", 1, "ships", 2, "pose")) == "sides[0].squadrons[1].ships[2].pose"
    assert field_path(("broadside_dice", 3, 1)) == "broadside_dice[3][1]"
    assert field_path(()) == ""
    assert field_path(("changes", "x" * 100)) == "changes." + "x" * 40
