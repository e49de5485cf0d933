"""The shipped rule set loads and holds the rule book's tables."""

from __future__ import annotations

import pytest

from game.content.load import load_rules
from game.content.model import BaseStats, CriticalRow, RuleSet
from tests.content.samples import RULES_FILE, find, line_of, problems_of, replace

BOOK_BROADSIDES = [
    (130, 139, 42, 28, 14, 8),
    (120, 129, 40, 26, 14, 8),
    (110, 119, 36, 24, 12, 6),
    (100, 109, 34, 22, 12, 6),
    (90, 99, 30, 20, 10, 6),
    (80, 89, 28, 18, 10, 6),
    (70, 79, 24, 16, 8, 4),
    (60, 69, 22, 14, 8, 4),
    (50, 59, 18, 12, 6, 4),
    (40, 49, 16, 10, 6, 4),
    (30, 39, 12, 8, 4, 2),
    (20, 29, 10, 6, 4, 2),
    (10, 19, 8, 4, 2, 1),
    (1, 9, 6, 2, 1, 0),
]


def test_loads_as_a_ruleset(rules: RuleSet) -> None:
    assert isinstance(rules, RuleSet)
    assert rules.id == "btq21"
    assert rules.source.endswith("btq21.yaml")
    assert all(isinstance(r, BaseStats) for r in rules.base_stats)
    assert all(isinstance(r, CriticalRow) for r in rules.critical_table)
    assert isinstance(rules.sails, tuple) and isinstance(rules.crew_qualities, tuple)
    assert isinstance(rules.specials, tuple)
    assert rules.bases["large"] == (3.0, 1.0)
    assert all(isinstance(v, tuple) and len(v) == 2 for v in rules.bases.values())


def test_to_hit(rules: RuleSet) -> None:
    assert list(rules.to_hit["hull"].values()) == [3, 4, 5, 6]
    assert list(rules.to_hit["rigging"].values()) == [5, 6, 7, 8]
    assert list(rules.to_hit["hull"]) == list(rules.ranges)


def test_ranges(rules: RuleSet) -> None:
    assert rules.ranges == {"point_blank": 8, "close": 16, "effective": 32, "long": 64}


def test_speeds_and_turns(rules: RuleSet) -> None:
    assert rules.speeds["large"] == {"easy": 2, "battle": 3, "full": 4}
    assert rules.speeds["medium"] == {"easy": 3, "battle": 4, "full": 5}
    assert rules.speeds["small"] == {"easy": 4, "battle": 5, "full": 6}
    assert rules.turns == {"large": 15, "medium": 30, "small": 45}
    assert rules.sails == ("easy", "battle", "full")


def test_every_broadside_row(rules: RuleSet) -> None:
    assert list(rules.broadside_dice) == BOOK_BROADSIDES
    assert all(isinstance(r, tuple) and len(r) == 6 for r in rules.broadside_dice)


def test_critical_table(rules: RuleSet) -> None:
    rows = [(r.low, r.high, r.effect) for r in rules.critical_table]
    assert rows == [
        (2, 2, "rudder"),
        (3, 4, "mast"),
        (5, 7, "fire"),
        (8, 9, "fires"),
        (10, 11, "leak"),
        (12, 12, "magazine"),
    ]
    by_effect = {r.effect: r for r in rules.critical_table}
    assert by_effect["mast"].rigging_dice == 1
    assert (by_effect["fire"].fires, by_effect["fires"].fires) == (1, 2)
    assert by_effect["leak"].leaks == 1
    assert by_effect["rudder"] == CriticalRow(2, 2, "rudder")
    assert rules.critical_check_on == 6
    assert rules.sink_at == 6


def test_initiative_modifiers(rules: RuleSet) -> None:
    ini = rules.initiative
    assert ini["flagship_squadron"] == 2
    assert ini["signalled"] == 1
    assert ini["crippled_ship_in_squadron"] == -2
    assert ini["nation"]["british"] == 1
    assert ini["nation"]["french"] == 0
    assert ini["nation"]["spanish"] == -1


def test_taken_aback_and_collision(rules: RuleSet) -> None:
    assert rules.taken_aback_dice == {"full": 5, "battle": 4, "easy": 2}
    assert rules.collision_dice == {"large": 5, "medium": 4, "small": 3}


def test_crippled_at_a_third_rounding_down(rules: RuleSet) -> None:
    assert rules.crippled_rounding == "down"
    assert rules.crippled_at(80) == 26
    assert rules.crippled_at(40) == 13
    assert rules.crippled_at(90) == 30


def test_boarding(rules: RuleSet) -> None:
    b = rules.boarding
    assert b["crew_per_d10"] == 5
    assert b["marines_d10"] == 2
    assert b["quality_d10"] == {"good": 1, "average": 0, "poor": -1}
    assert (b["hit_on"], b["save_on"]) == (4, 5)


def test_rerolls(rules: RuleSet) -> None:
    st = rules.success_test
    assert st["rerolls"] == {"good": 2, "average": 1, "poor": 0}
    assert st["flagship_rerolls"] == 1


def test_base_stats_lookup(rules: RuleSet) -> None:
    row = rules.stats_row("1st", 104)
    assert row is not None and (row.hull, row.rigging, row.crew, row.musketry) == (180, 80, 90, 11)
    assert rules.stats_row("1st", 150) is None
    assert rules.base_of("3rd") == (2.5, 0.9)


def test_nested_lists_become_tuples(rules: RuleSet) -> None:
    assert rules.special_actions["chain_shot"]["bands"] == ("point_blank", "close")
    assert "turn" not in rules.special_actions["tack"]  # absent optional keys stay absent


# --- a broken rule set ------------------------------------------------------------


@pytest.fixture
def book() -> str:
    return RULES_FILE.read_text(encoding="utf-8")


def test_rules_unknown_top_level_key(write, book: str) -> None:
    text = replace(book, "segments: 3", "segmnts: 3")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "segmnts"), "segmnts", "unknown key", "did you mean 'segments'")
    find(probs, "rules/house.yaml", line_of(text, "id: btq21"), "segments", "required key missing")


def test_rules_speed_for_an_unknown_size(write, book: str) -> None:
    text = replace(book, "  small: {easy: 4, battle: 5, full: 6}", "  smal: {easy: 4, battle: 5, full: 6}")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "smal:"), "speeds.smal", "unknown size", "did you mean 'small'")
    find(probs, "rules/house.yaml", line_of(text, "speeds:"), "speeds.small", "missing")


def test_rules_bad_values(write, book: str) -> None:
    text = replace(book, "  rounding: down", "  rounding: sideways")
    text = replace(text, "  - [120, 129, 40, 26, 14, 8]", "  - [120, 129, 40, 26, 14]")
    text = replace(text, "    - {min: 12, max: 12, effect: magazine}", "    - {min: 12, max: 12, effect: kraken}")
    text = replace(text, "los_corridor_width: 6.0", "los_corridor_width: true")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "sideways"), "crippled.rounding", "unknown rounding")
    find(
        probs,
        "rules/house.yaml",
        line_of(text, "[120, 129"),
        "broadside_dice[1]",
        "expected [lowest guns",
        "got 5 numbers",
    )
    find(
        probs,
        "rules/house.yaml",
        line_of(text, "kraken"),
        "critical.table[5].effect",
        "unknown critical effect 'kraken'",
    )
    find(
        probs,
        "rules/house.yaml",
        line_of(text, "los_corridor_width"),
        "los_corridor_width",
        "expected a number, got true",
    )


def test_rules_overlapping_rows(write, book: str) -> None:
    text = replace(book, "    - {min: 3, max: 4, effect: mast", "    - {min: 2, max: 4, effect: mast")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "{min: 2, max: 4"), "critical.table[1]", "overlap row 0")


def test_open_tables_keep_new_keys(write, book: str) -> None:
    """House rules may add keys to the free-form tables (initiative, boarding, ...)."""
    text = replace(book, "  prize_crew: 10", "  prize_crew: 10\n  grapple_on: 5")
    rules = load_rules(write("rules/house.yaml", text))
    assert rules.boarding["grapple_on"] == 5


def test_a_shot_load_that_rolls_off_its_die_or_misnames_a_band_is_refused_with_its_line(write, book: str) -> None:
    text = replace(book, "self_fire_on: [6], target_fire_on: [6]}", "self_fire_on: [7], target_fire_on: [6]}")
    text = replace(text, "chain: {bands: [point_blank, close]", "chain: {bands: [point_blank, clsoe]")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "clsoe"), "options.shot.loads.chain.bands[1]", "did you mean 'close'")
    text = replace(book, "self_fire_on: [6], target_fire_on: [6]}", "self_fire_on: [7], target_fire_on: [6]}")
    probs = problems_of(load_rules, write("rules/house.yaml", text))
    find(probs, "rules/house.yaml", line_of(text, "self_fire_on: [7]"), "options.shot.loads.hot.self_fire_on",
         "faces of the D6")
