"""check_data (``--check-data``), the path helpers and the shipped files."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import check, load
from game.content.load import (
    check_data,
    data_dir,
    list_scenarios,
    load_default,
    load_rules,
    load_scenario,
    open_scenario,
    scenario_path,
    stats_mismatches,
)
from tests.content.samples import RULES_FILE, SCENARIO, SHIPS, line_of, replace

SHIPPED_SHIPS = data_dir() / "ships.yaml"


def test_good_files_have_no_problems(write) -> None:
    assert check_data([write("ships.yaml", SHIPS), write("duel.yaml", SCENARIO)]) == []


def test_every_kind_of_file_is_recognised(write) -> None:
    rules = write("rules/house.yaml", RULES_FILE.read_text(encoding="utf-8"))
    moved = write("elsewhere.yaml", RULES_FILE.read_text(encoding="utf-8"))  # found by its 'to_hit'
    assert check.classify(rules, None) == check.RULES
    assert check_data([rules, moved, write("ships.yaml", SHIPS), write("duel.yaml", SCENARIO)]) == []


def test_problems_of_several_files(write) -> None:
    ships = replace(SHIPS, "    hull: 180", "    hull: 0")
    scen = replace(SCENARIO, "wind_from: 315", "wind_from: -1")
    probs = check_data([write("ships.yaml", ships), write("duel.yaml", scen)])
    assert probs[0].startswith(f"ships.yaml:{line_of(ships, 'hull: 0')}: ships[0].hull: ")
    # The scenario cannot be checked against a ships list that did not load.
    assert probs[1] == "duel.yaml:1: (file): not checked further: the ships list did not load"
    assert len(probs) == 2


def test_scenario_problems(write) -> None:
    scen = replace(SCENARIO, "wind_from: 315", "wind_from: -1")
    assert check_data([write("ships.yaml", SHIPS), write("duel.yaml", scen)]) == [
        f"duel.yaml:{line_of(scen, 'wind_from')}: wind_from: must be in [0, 360), got -1"
    ]


def test_ships_are_checked_against_the_given_rules(write) -> None:
    house = replace(
        RULES_FILE.read_text(encoding="utf-8"),
        "specials: [flagship, marines, signals, shore_battery]",
        "specials: [flagship, signals, shore_battery]",
    )
    probs = check_data([write("rules/house.yaml", house), write("ships.yaml", SHIPS)])
    assert probs == [
        f"ships.yaml:{line_of(SHIPS, 'specials:')}: ships[0].specials[0]: unknown special rule 'marines'; "
        "expected one of flagship, signals, shore_battery"
    ]


def test_bad_rules_stop_the_rest(write) -> None:
    house = replace(RULES_FILE.read_text(encoding="utf-8"), "segments: 3", "segments: three")
    probs = check_data([write("rules/house.yaml", house), write("ships.yaml", SHIPS), write("duel.yaml", SCENARIO)])
    assert probs == [
        f"rules/house.yaml:{line_of(house, 'segments:')}: segments: expected an integer, got 'three'",
        "ships.yaml:1: (file): not checked further: the rule set did not load",
        "duel.yaml:1: (file): not checked further: the rule set did not load",
    ]


def test_never_raises_on_bad_files(write, work: Path) -> None:
    marker = work / "PWNED"
    probs = check_data(
        [
            write("garbage.yaml", b"\x00\xff\xfe" * 50),
            write("evil.yaml", f'sides: !!python/object/apply:os.system ["touch {marker}"]\n'),
            write("broken.yaml", "name: [unclosed\n"),
            write("mystery.yaml", "colour: blue\n"),
            write("listy.yaml", "- 1\n"),
            work / "absent.yaml",
        ]
    )
    assert not marker.exists()
    assert list(dict.fromkeys(p.split(":")[0] for p in probs)) == [
        "garbage.yaml",
        "evil.yaml",
        "broken.yaml",
        "mystery.yaml",
        "listy.yaml",
        "absent.yaml",
    ]
    assert any(p.startswith("evil.yaml:1: sides: unsupported YAML tag") for p in probs)
    assert any(p.startswith("mystery.yaml:1: (file): cannot tell what kind of data file") for p in probs)


def test_main_exit_codes(write, capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main([str(write("ships.yaml", SHIPS))]) == 0
    bad = write("bad.yaml", replace(SHIPS, "    hull: 180", "    hull: 0"))
    assert check.main([str(bad)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"bad.yaml:{line_of(SHIPS, 'hull: 180')}: ships[0].hull: ")


# --- paths ---------------------------------------------------------------------------


def test_data_dir_is_found_from_the_package(work: Path) -> None:
    assert data_dir() == Path(load.__file__).resolve().parents[2] / "data"
    assert (data_dir() / "rules" / "btq21.yaml").is_file()


def test_scenario_path() -> None:
    assert scenario_path("duel") == data_dir() / "scenarios" / "duel.yaml"
    assert scenario_path("my/duel.yaml") == Path("my/duel.yaml")
    assert scenario_path("duel.yaml") == Path("duel.yaml")
    assert scenario_path(Path("x") / "y.yml") == Path("x/y.yml")


def test_list_scenarios_matches_the_folder() -> None:
    names = list_scenarios()
    assert names == sorted(p.stem for p in (data_dir() / "scenarios").glob("*.yaml"))
    assert all(scenario_path(n).is_file() for n in names)


def test_load_scenario_by_path_names_the_stem(write, ships, rules) -> None:
    sc = load_scenario(scenario_path(str(write("battle_of_x.yaml", SCENARIO))), ships, rules)
    assert sc.id == "battle_of_x"


# --- the shipped data (written by others; checked once it exists) ---------------------


def test_shipped_rules_load() -> None:
    assert load_rules(data_dir() / "rules" / "btq21.yaml").id == "btq21"


@pytest.mark.skipif(not SHIPPED_SHIPS.exists(), reason="data/ships.yaml not written yet")
def test_shipped_data_has_no_problems() -> None:
    assert check_data() == []


@pytest.mark.skipif(not SHIPPED_SHIPS.exists(), reason="data/ships.yaml not written yet")
def test_shipped_ships_match_the_rule_book() -> None:
    rules, ships = load_default()
    assert ships, "no ships"
    assert stats_mismatches(ships, rules) == []


@pytest.mark.skipif(not SHIPPED_SHIPS.exists(), reason="data/ships.yaml not written yet")
def test_load_default_is_cached_but_hands_out_copies() -> None:
    rules_a, ships_a = load_default()
    rules_b, ships_b = load_default()
    assert rules_a is rules_b
    assert ships_a == ships_b and ships_a is not ships_b
    ships_a.clear()
    assert load_default()[1]


@pytest.mark.skipif(not SHIPPED_SHIPS.exists(), reason="data/ships.yaml not written yet")
@pytest.mark.parametrize("name", list_scenarios())
def test_shipped_scenarios_load(name: str) -> None:
    rules, ships = load_default()
    assert open_scenario(scenario_path(name), ships, rules).id == name
