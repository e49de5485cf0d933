"""data/scenarios/*.yaml: a valid scenario loads; each mistake names its file, line and field."""

from __future__ import annotations

import pytest

from game.content.load import load_scenario
from game.content.model import RuleSet, Scenario, ShipClass, Terrain
from tests.content.samples import SCENARIO, find, line_of, problems_of, replace

F = "duel.yaml"


@pytest.fixture
def load(write, ships: dict[str, ShipClass], rules: RuleSet):
    def _load(text: str) -> Scenario:
        return load_scenario(write(F, text), ships, rules)

    return _load


@pytest.fixture
def bad(write, ships: dict[str, ShipClass], rules: RuleSet):
    def _bad(text: str) -> list[str]:
        return problems_of(load_scenario, write(F, text), ships, rules)

    return _bad


def test_valid_scenario(load, ships: dict[str, ShipClass]) -> None:
    sc = load(SCENARIO)
    assert sc.id == "duel"
    assert sc.source == F
    assert (sc.name, sc.description) == ("Test Duel", "Two ships and a fort.")
    assert sc.table == (48, 48) and sc.wind_from == 315 and sc.turn_limit == 12
    assert sc.terrain == (
        Terrain(
            id="north_isle", kind="island", name="North Isle", points=((20, 30), (30, 30), (30, 44), (25, 34), (20, 44))
        ),
    )
    brit, fr = sc.sides
    assert (brit.id, brit.nation, brit.colour) == ("british", "british", (200, 40, 40))
    (van,) = brit.squadrons
    victory, surprise = van.ships
    assert victory.id == "victory" and victory.ship is ships["victory"]
    assert victory.pose == (10, 10, 90) and victory.flagship and victory.quality is None
    assert victory.source == f"{F}:{line_of(SCENARIO, '- ship: victory')}"
    # The frigate sits in the notch of the concave island: clear of the land.
    assert surprise.pose == (25, 41, 0)
    assert (surprise.quality, surprise.specials, surprise.flagship) == ("average", ("signals",), False)
    (fort,) = fr.batteries
    assert (fort.id, fort.position, fort.arc, fort.fort) == ("fort_royal", (45, 30), (200, 340), 60)
    assert sc.victory == {"mode": "points", "exit_edges": {"french": "east"}}
    assert [s.id for _, _, s in sc.ships()] == ["victory", "surprise", "redoutable"]


def test_victory_defaults(load) -> None:
    text = SCENARIO[: SCENARIO.index("victory:\n  mode")]
    assert load(text).victory == {"mode": "points", "exit_edges": {}}


def test_terrain_and_batteries_are_optional(load) -> None:
    text = SCENARIO[: SCENARIO.index("terrain:")] + SCENARIO[SCENARIO.index("sides:") :]
    text = text[: text.index("    batteries:")] + text[text.index("victory:") :]
    sc = load(text)
    assert sc.terrain == () and sc.sides[1].batteries == ()


def test_unknown_ship_suggests(bad) -> None:
    text = replace(SCENARIO, "- ship: victory", "- ship: victroy")
    probs = bad(text)
    assert probs == [
        f"{F}:{line_of(text, 'victroy')}: sides[0].squadrons[0].ships[0].ship: "
        "unknown ship 'victroy' (did you mean 'victory'?)"
    ]


def test_pose_with_two_numbers(bad) -> None:
    text = replace(SCENARIO, "pose: [10, 10, 90]", "pose: [10, 10]")
    probs = bad(text)
    assert probs == [
        f"{F}:{line_of(text, '[10, 10]')}: sides[0].squadrons[0].ships[0].pose: expected [x, y, heading], got 2 numbers"
    ]


def test_heading_out_of_range(bad) -> None:
    text = replace(SCENARIO, "pose: [10, 10, 90]", "pose: [10, 10, 400]")
    find(bad(text), F, line_of(text, "400"), "sides[0].squadrons[0].ships[0].pose[2]", "must be in [0, 360), got 400")


def test_ship_off_the_table(bad) -> None:
    text = replace(SCENARIO, "pose: [38, 10, 270]", "pose: [47.5, 10, 270]")
    probs = bad(text)
    assert len(probs) == 1
    find(
        probs,
        F,
        line_of(text, "[47.5"),
        "sides[1].squadrons[0].ships[0].pose",
        "base of 'redoutable' is not wholly on the 48 x 48 table",
    )


def test_overlapping_ships_name_both(bad) -> None:
    text = replace(SCENARIO, "pose: [38, 10, 270]", "pose: [11, 10.5, 45]")
    probs = bad(text)
    assert len(probs) == 1
    find(
        probs,
        F,
        line_of(text, "[11, 10.5"),
        "sides[1].squadrons[0].ships[0].pose",
        "'redoutable'",
        "'victory'",
        f"line {line_of(text, '[10, 10, 90]')}",
    )


def test_touching_ships_are_not_overlapping(load) -> None:
    # Victory (1st rate, 3" x 1") heading east at (10, 10); Redoutable (2.5" x 0.9")
    # alongside, the two long sides touching.
    text = replace(SCENARIO, "pose: [38, 10, 270]", "pose: [10, 10.95, 270]")
    assert load(text).sides[1].squadrons[0].ships[0].pose == (10, 10.95, 270)


def test_ship_on_an_island(bad) -> None:
    text = replace(SCENARIO, "pose: [25, 41, 0]", "pose: [25, 31, 90]")
    probs = bad(text)
    assert len(probs) == 1
    find(
        probs,
        F,
        line_of(text, "[25, 31"),
        "sides[0].squadrons[0].ships[1].pose",
        "base of 'surprise' overlaps island 'north_isle'",
    )


def test_ship_across_an_island_edge(bad) -> None:
    # Bow pokes into the island's east arm, every corner of the base outside it.
    text = replace(SCENARIO, "pose: [25, 41, 0]", "pose: [29.5, 42, 90]")
    find(bad(text), F, line_of(text, "[29.5, 42"), "sides[0].squadrons[0].ships[1].pose", "overlaps island")


@pytest.mark.parametrize(
    ("points", "words"),
    [
        ("[[20, 30], [30, 44], [30, 30], [20, 44]]", ["not a simple polygon", "cross"]),
        ("[[20, 30], [25, 30], [30, 30]]", ["not a simple polygon"]),
        ("[[20, 30], [30, 30], [30, 30], [20, 44]]", ["repeats"]),
        ("[[60, 60], [70, 60], [70, 70]]", ["wholly off the 48 x 48 table"]),
        ("[[20, 30], [30, 30]]", ["needs at least 3 items, got 2"]),
        ("[[20, 30], [30, 30], [30]]", ["expected [x, y], got 1 number"]),
    ],
)
def test_bad_terrain(bad, points: str, words: list[str]) -> None:
    text = replace(SCENARIO, "points: [[20, 30], [30, 30], [30, 44], [25, 34], [20, 44]]", f"points: {points}")
    probs = bad(text)
    assert len(probs) == 1, probs
    field = "terrain[0].points[2]" if "[30]]" in points else "terrain[0].points"
    find(probs, F, line_of(text, "points:"), field, *words)


def test_terrain_overlapping_the_table_edge_is_fine(load) -> None:
    text = replace(SCENARIO, "[20, 44]]", "[20, 50]]")
    assert load(text).terrain[0].points[-1] == (20, 50)


def test_unknown_key_suggests(bad) -> None:
    text = replace(SCENARIO, "colour: [40, 40, 200]", "colr: [40, 40, 200]")
    probs = bad(text)
    line = line_of(text, "colr")
    find(probs, F, line, "sides[1].colr", "unknown key 'colr' (did you mean 'colour'?)")
    find(probs, F, line_of(text, "- id: french"), "sides[1].colour", "required key missing")
    assert len(probs) == 2


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("colour: [200, 40, 40]", "colour: [300, 40, 40]", "sides[0].colour[0]", ["must be in [0, 255], got 300"]),
        ("colour: [200, 40, 40]", "colour: red", "sides[0].colour", ["expected [red, green, blue], got 'red'"]),
        ("wind_from: 315", "wind_from: 360", "wind_from", ["must be in [0, 360), got 360"]),
        ("wind_from: 315", "wind_from: north", "wind_from", ["expected a number, got 'north'"]),
        ("turn_limit: 12", "turn_limit: 0", "turn_limit", ["must be in [1, 100], got 0"]),
        ("turn_limit: 12", "turn_limit: 12.5", "turn_limit", ["expected an integer"]),
        ("flagship: true", "flagship: 1", "sides[0].squadrons[0].ships[0].flagship", ["expected true or false, got 1"]),
        (
            "sail: full",
            "sail: topgallants",
            "sides[0].squadrons[0].ships[1].sail",
            ["unknown sail setting 'topgallants'"],
        ),
        (
            "specials: [signals]",
            "specials: [signal]",
            "sides[0].squadrons[0].ships[1].specials[0]",
            ["unknown special rule 'signal'", "did you mean 'signals'"],
        ),
        (
            "quality: average\n            specials",
            "quality: elite\n            specials",
            "sides[0].squadrons[0].ships[1].quality",
            ["unknown crew quality 'elite'"],
        ),
        ("nation: french", "nation: france", "sides[1].nation", ["unknown nation 'france'", "did you mean 'french'"]),
        ("position: [45, 30]", "position: [50, 30]", "sides[1].batteries[0].position", ["is not on the 48 x 48 table"]),
        ("arc: [200, 340]", "arc: [200, 360]", "sides[1].batteries[0].arc[1]", ["must be in [0, 360)"]),
        ("fort: 60", "fort: 0", "sides[1].batteries[0].fort", ["must be in [1, 10000], got 0"]),
        ("        large_share: 0.5", "        large_share: 2", "sides[1].batteries[0].large_share", ["[0, 1]"]),
        (
            "exit_edges: {french: east}",
            "exit_edges: {fench: east}",
            "victory.exit_edges.fench",
            ["unknown side id 'fench'", "did you mean 'french'"],
        ),
        (
            "exit_edges: {french: east}",
            "exit_edges: {french: up}",
            "victory.exit_edges.french",
            ["unknown table edge 'up'"],
        ),
        ("mode: points", "mode: glory", "victory.mode", ["unknown victory mode 'glory'"]),
        ("- id: north_isle", "- id: North Isle", "terrain[0].id", ["not a valid id"]),
        ("kind: island", "kind: volcano", "terrain[0].kind", ["unknown terrain kind 'volcano'"]),
    ],
)
def test_bad_value(bad, old: str, new: str, field: str, words: list[str]) -> None:
    text = replace(SCENARIO, old, new)
    probs = bad(text)
    assert len(probs) == 1, probs
    find(probs, F, line_of(text, new.split("\n")[0].strip()), field, *words)


def test_table_size(bad) -> None:
    text = replace(SCENARIO, "table: {width: 48, height: 48}", "table: {width: 0, height: 48}")
    probs = bad(text)
    # No cascade: with no table size, nothing is checked against the table.
    assert probs == [f"{F}:{line_of(text, 'table:')}: table.width: must be in (0, 500], got 0"]


def test_missing_top_level_keys(bad) -> None:
    text = replace(SCENARIO, "turn_limit: 12\n", "")
    text = replace(text, "name: Test Duel\n", "")
    probs = bad(text)
    first = line_of(text, "description:")
    assert probs == [f"{F}:{first}: name: required key missing", f"{F}:{first}: turn_limit: required key missing"]


def test_duplicate_ship_ids(bad) -> None:
    text = replace(SCENARIO, "- ship: redoutable", "- ship: victory")
    probs = bad(text)
    find(
        probs,
        F,
        line_of(text, "- ship: victory", 2),
        "sides[1].squadrons[0].ships[0].ship",
        f"duplicate ship or battery id 'victory' (first at line {line_of(text, '- ship: victory')})",
        "give this entry its own 'id'",
    )


def test_second_victory_with_its_own_id(load) -> None:
    text = replace(SCENARIO, "- ship: redoutable\n", "- ship: victory\n            id: victory_2\n")
    sc = load(text)
    assert sc.sides[1].squadrons[0].ships[0].id == "victory_2"
    assert sc.sides[1].squadrons[0].ships[0].ship.name == "HMS Victory"


def test_duplicate_squadron_side_and_battery_ids(bad) -> None:
    text = replace(SCENARIO, "- id: escadre", "- id: van")
    text = replace(text, "- id: french", "- id: british")
    text = replace(text, "- id: fort_royal", "- id: surprise")
    text = replace(text, "{french: east}", "{british: east}")
    probs = bad(text)
    find(probs, F, line_of(text, "- id: van", 2), "sides[1].squadrons[0].id", "duplicate squadron id 'van'")
    find(probs, F, line_of(text, "- id: british", 2), "sides[1].id", "duplicate side id 'british'")
    find(
        probs, F, line_of(text, "- id: surprise"), "sides[1].batteries[0].id", "duplicate ship or battery id 'surprise'"
    )
    assert len(probs) == 3


def test_duplicate_terrain_ids(bad) -> None:
    island = (
        "  - id: north_isle\n    name: North Isle\n    kind: island\n"
        "    points: [[20, 30], [30, 30], [30, 44], [25, 34], [20, 44]]\n"
    )
    shoal = "  - id: north_isle\n    kind: shoal\n    points: [[1, 40], [5, 40], [5, 45]]\n"
    text = replace(SCENARIO, island, island + shoal)
    find(bad(text), F, line_of(text, "- id: north_isle", 2), "terrain[1].id", "duplicate terrain id 'north_isle'")


def test_needs_two_sides(bad) -> None:
    text = SCENARIO[: SCENARIO.index("  - id: french")] + SCENARIO[SCENARIO.index("victory:") :]
    text = replace(text, "{french: east}", "{british: east}")
    assert bad(text) == [f"{F}:{line_of(text, 'sides:')}: sides: a scenario needs at least 2 sides, got 1"]


def test_empty_squadron(bad) -> None:
    start = SCENARIO.index("        ships:\n          - ship: redoutable")
    end = SCENARIO.index("    batteries:")
    text = SCENARIO[:start] + "        ships: []\n" + SCENARIO[end:]
    find(bad(text), F, line_of(text, "ships: []"), "sides[1].squadrons[0].ships", "at least one ship")


def test_side_of_batteries_only(load, bad) -> None:
    start = SCENARIO.index("    squadrons:\n      - id: escadre")
    end = SCENARIO.index("    batteries:")
    text = SCENARIO[:start] + "    squadrons: []\n" + SCENARIO[end:]
    assert load(text).sides[1].squadrons == ()
    no_fort = text[: text.index("    batteries:")] + text[text.index("victory:") :]
    find(
        bad(no_fort),
        F,
        line_of(no_fort, "squadrons: []"),
        "sides[1].squadrons",
        "at least one squadron or shore battery",
    )


def test_problems_come_in_line_order_without_cascades(bad) -> None:
    text = replace(SCENARIO, "wind_from: 315", "wind_from: 999")
    text = replace(text, "- ship: redoutable", "- ship: nelson")
    text = replace(text, "pose: [25, 41, 0]", "pose: [25, 31, 90]")
    probs = bad(text)
    assert [p.split(": ")[1] for p in probs] == [
        "wind_from",
        "sides[0].squadrons[0].ships[1].pose",
        "sides[1].squadrons[0].ships[0].ship",
    ]


def test_exit_edges_checked_even_when_a_side_is_broken(bad) -> None:
    text = replace(SCENARIO, "exit_edges: {french: east}", "exit_edges: {spain: east}")
    text = replace(text, "nation: french", "nation: gallic")
    probs = bad(text)
    assert [p.split(": ")[1] for p in probs] == ["sides[1].nation", "victory.exit_edges.spain"]


def test_a_broken_terrain_piece_does_not_hide_a_ship_on_another(bad) -> None:
    island = "    points: [[20, 30], [30, 30], [30, 44], [25, 34], [20, 44]]\n"
    rock = "  - id: rock\n    kind: shoal\n    points: [[9, 9], [11, 9], [10, 11]]\n"
    text = replace(SCENARIO, island, island + rock)
    text = replace(text, "kind: island", "kind: isle")
    probs = bad(text)
    find(probs, F, line_of(text, "kind: isle"), "terrain[0].kind", "unknown terrain kind")
    find(probs, F, line_of(text, "[10, 10, 90]"), "sides[0].squadrons[0].ships[0].pose", "overlaps shoal 'rock'")


def test_a_squadron_sails_under_its_sides_flag_unless_it_names_its_own(load) -> None:
    sc = load(SCENARIO)
    assert sc.sides[0].squadrons[0].nation is None  # the side's: british
    text = replace(SCENARIO, "        name: Van\n", "        name: Van\n        nation: spanish\n")
    assert load(text).sides[0].squadrons[0].nation == "spanish"


def test_a_squadron_nation_must_be_one_the_rules_know(bad) -> None:
    text = replace(SCENARIO, "        name: Van\n", "        name: Van\n        nation: atlantean\n")
    find(bad(text), F, line_of(text, "atlantean"), "sides[0].squadrons[0].nation", "atlantean")


def test_a_battery_beyond_the_broadside_dice_table_is_refused(bad) -> None:
    text = replace(SCENARIO, "        guns: 20", "        guns: 150")
    find(bad(text), F, line_of(text, "guns: 150"), "sides[1].batteries[0].guns", "outside the broadside dice table")


def test_only_a_shoal_has_a_depth_and_it_is_a_rate(bad, load) -> None:
    text = replace(SCENARIO, "kind: island", "kind: island\n    depth: 3rd")
    where = f"{F}:{line_of(text, 'depth: 3rd')}: terrain[0].depth"
    assert bad(text) == [f"{where}: only a shoal has a depth, not island terrain"]
    text = replace(SCENARIO, "kind: island", "kind: shoal\n    depth: 3nd")
    assert "unknown rate '3nd'" in bad(text)[0] and "terrain[0].depth" in bad(text)[0]
    shoal = load(replace(SCENARIO, "kind: island", "kind: shoal\n    depth: 3rd")).terrain[0]
    assert (shoal.kind, shoal.depth) == ("shoal", "3rd")
