"""Fleets by points: prices per rule system, random musters, fleet files and their problems, the command line."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from game.content.load import ContentError, load_default
from game.fleets.edit import Builder, new_fleet
from game.fleets.files import fleet_text, list_fleets, load_fleet, save_fleet
from game.fleets.model import Fleet, FleetShip, FleetSquadron
from game.fleets.muster import random_fleet
from game.fleets.value import catalogue, fleet_points, nations, offer, prices, ship_points

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _table(name: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "rules" / f"{name}.yaml").read_text(encoding="utf-8"))


# --- prices ------------------------------------------------------------------------------------------


def test_a_beat_to_quarters_price_is_the_victory_value_times_the_crew_factor():
    table = _table("btq21")
    f, crew = table["victory"]["value"], table["fleet"]["quality"]
    _, ships = load_default()
    for ship_id in ("victory", "bellerophon", "shannon", "speedy"):
        s = ships[ship_id]
        value = round(s.guns * f["guns"] + s.hull * f["hull"] + s.rigging * f["rigging"] + s.crew * f["crew"])
        for quality in ("good", "average", "poor"):
            want = math.floor(value * crew[quality] + 0.5)
            assert ship_points("btq21", FleetShip(ship_id, s.name, quality)) == want, (ship_id, quality)
        assert ship_points("btq21", FleetShip(ship_id, s.name)) == math.floor(value * crew[s.quality] + 0.5)


def test_the_worked_examples_of_the_fleets_document():
    # docs/FLEETS.md quotes these: Victory (good) 148 -> 185, a 74 (good) 108 -> 135, Shannon 58 -> 73
    assert offer("btq21", "victory").points == 185
    assert ship_points("btq21", FleetShip("victory", "HMS Victory", "poor")) == 118
    assert offer("btq21", "bellerophon").points == 135
    assert ship_points("btq21", FleetShip("bellerophon", "HMS Bellerophon", "average")) == 108
    assert offer("btq21", "shannon").points == 73
    assert offer("cagway", "frigate").points == 30


def test_a_cagway_price_is_the_card_points_and_any_flag_may_buy_any_card():
    cards = _table("cagway")["cards"]
    assert {o.id: o.points for o in catalogue("cagway", "pirate")} == {k: c["points"] for k, c in cards.items()}
    assert catalogue("cagway", "navy") == catalogue("cagway")


def test_the_catalogue_is_filtered_by_nation():
    french = catalogue("btq21", "french")
    assert french and all(o.nation == "french" for o in french)
    assert {o.id for o in catalogue("btq21")} == set(load_default()[1])
    assert "british" in nations("btq21") and nations("cagway") == ()


# --- random fleets -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "system,nation,budget", [("btq21", "british", 150), ("btq21", "french", 1200), ("cagway", "pirate", 100)]
)
def test_a_random_fleet_is_the_same_for_a_seed_and_spends_what_it_sensibly_can(system, nation, budget):
    fleet = random_fleet(system, nation, budget, seed=11)
    assert fleet == random_fleet(system, nation, budget, seed=11)
    spent = fleet_points(fleet)
    assert spent <= budget
    cheapest = min(o.points for o in catalogue(system, nation))
    assert budget - spent < 2 * cheapest  # what is left buys at most a small ship the mix kept out
    names = [s.name for s in fleet.ships()]
    assert len(names) == len(set(names))
    assert fleet.rules == system and fleet.budget == budget


def test_random_fleets_differ_by_seed_keep_the_limits_and_mix_the_classes():
    fleets = [random_fleet("btq21", "british", 2400, seed) for seed in range(8)]
    assert len({tuple(s.ship for s in f.ships()) for f in fleets}) > 1
    rates = {o.id: o.kind for o in catalogue("btq21")}
    small = set(prices().small_rates)
    for fleet in fleets:
        ships = fleet.ships()
        assert sum(rates[s.ship] == "1st" for s in ships) <= prices().most_of_rate["1st"]
        assert sum(rates[s.ship] in small for s in ships) <= max(1, prices().small_share * len(ships) + 1)
        assert len({s.ship for s in ships}) >= len(ships) / 3  # not one class over and over
        assert len(fleet.squadrons) == 2
        totals = [sum(ship_points("btq21", s) for s in sq.ships) for sq in fleet.squadrons]
        assert abs(totals[0] - totals[1]) <= max(o.points for o in catalogue("btq21", "british"))


def test_a_second_ship_of_a_class_sails_under_a_name_of_her_own():
    fleet = random_fleet("btq21", "american", 2400, seed=1)  # nine American classes cannot fill 2400 points alone
    classes = [s.ship for s in fleet.ships()]
    names = [s.name for s in fleet.ships()]
    assert len(classes) > len(set(classes))  # some class bought twice or more
    assert len(set(names)) == len(names)
    twice = next(c for c in classes if classes.count(c) > 1)
    first = next(s.name for s in fleet.ships() if s.ship == twice)
    assert f"{first} II" in names


# --- files -------------------------------------------------------------------------------------------


def test_a_fleet_file_round_trips(tmp_path):
    fleet = Fleet("btq21", "british", "Channel: \"Squadron\" #1", 600, (
        FleetSquadron("Van", (FleetShip("bellerophon", "HMS Bellerophon"),
                              FleetShip("bellerophon", "HMS Colossus", "average"))),
        FleetSquadron("Rear", (FleetShip("shannon", "HMS Shannon", "poor"),)),
    ))
    path = tmp_path / "f.yaml"
    save_fleet(fleet, path)
    assert load_fleet(path) == fleet
    cagway = random_fleet("cagway", "pirate", 100, seed=3)
    save_fleet(cagway, tmp_path / "c.yaml")
    assert load_fleet(tmp_path / "c.yaml") == cagway


def test_an_empty_squadron_is_left_out_of_the_file_and_an_empty_fleet_is_not_written(tmp_path):
    fleet = new_fleet("btq21")
    with pytest.raises(ValueError):
        fleet_text(fleet)
    b = Builder(fleet)
    assert b.add("victory", 1) is None
    save_fleet(b.fleet, tmp_path / "f.yaml")
    loaded = load_fleet(tmp_path / "f.yaml")
    assert [s.name for s in loaded.squadrons] == ["Rear"] and loaded.ships() == b.fleet.ships()


def test_the_fleets_folder_lists_the_saved_fleets(home):
    assert list_fleets() == []
    save_fleet(random_fleet("btq21", "british", 300, 1), home / "fleets" / "b.yaml")
    save_fleet(random_fleet("btq21", "british", 300, 2), home / "fleets" / "A.yaml")
    assert [p.name for p in list_fleets()] == ["A.yaml", "b.yaml"]


BAD = {
    "unknown ship": (
        "fleet: F\nrules: btq21\nnation: british\nbudget: 600\nsquadrons:\n  - name: Van\n    ships:\n"
        "      - {ship: victori}\n",
        ["f.yaml:8: squadrons[0].ships[0].ship: unknown ship 'victori' (did you mean 'victory'?)"],
    ),
    "over budget": (
        "fleet: F\nrules: btq21\nnation: british\nbudget: 200\nsquadrons:\n  - name: Van\n    ships:\n"
        "      - {ship: victory}\n      - {ship: shannon}\n",
        ["f.yaml:4: budget: the ships cost 258 points, over the budget of 200"],
    ),
    "bad quality": (
        "fleet: F\nrules: btq21\nnation: british\nbudget: 600\nsquadrons:\n  - name: Van\n    ships:\n"
        "      - {ship: victory, quality: elite}\n",
        ["f.yaml:8: squadrons[0].ships[0].quality: unknown crew quality 'elite'; expected one of good, average, poor"],
    ),
    "a crew for a card": (
        "fleet: F\nrules: cagway\nnation: pirate\nbudget: 100\nsquadrons:\n  - name: Van\n    ships:\n"
        "      - {ship: frigate, quality: good}\n",
        ["f.yaml:8: squadrons[0].ships[0].quality: Cagway Bay ships have no crew quality"],
    ),
    "broken yaml": (
        "fleet: F\nrules: btq21\nnation: [british\nbudget: 600\n",
        ["f.yaml:4: (file): invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3)"],
    ),
    "two ships under one name": (
        "fleet: F\nrules: btq21\nnation: british\nbudget: 600\nsquadrons:\n  - name: Van\n    ships:\n"
        "      - {ship: shannon}\n  - name: Rear\n    ships:\n      - {ship: java, name: HMS Shannon}\n",
        ["f.yaml:11: squadrons[1].ships[0].name: two ships sail as 'HMS Shannon' (also at line 8)"],
    ),
    "no such rule system": (
        "fleet: F\nrules: hornblower\nnation: british\nbudget: 600\nsquadrons:\n  - name: Van\n    ships:\n"
        "      - {ship: victory}\n",
        ["f.yaml:2: rules: unknown rule system 'hornblower'; expected one of btq21, cagway"],
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_fleet_file_names_its_line_and_field(case, tmp_path, monkeypatch):
    text, problems = BAD[case]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as e:
        load_fleet(tmp_path / "f.yaml")
    assert e.value.problems == problems


# --- building ----------------------------------------------------------------------------------------


def test_the_builder_keeps_the_fleet_when_it_refuses():
    b = Builder(new_fleet("btq21", "british", 300))
    assert b.add("victory", 0) is None
    before = b.fleet
    refusal = b.add("bellerophon", 1)
    assert refusal == "HMS Bellerophon costs 135: the fleet would cost 320 points, over its budget of 300"
    assert b.fleet is before
    assert b.set_quality(0, 0, "poor") is None and b.total() == 118
    assert b.add("bellerophon", 1) is None and b.total() == 253
    assert b.set_quality(0, 0, "good") is not None  # 185 + 135 > 300
    assert b.set_budget(200) is not None and b.fleet.budget == 300
    assert b.rename_ship(1, 0, "HMS Victory") == "Another ship of the fleet already sails as HMS Victory"
    assert b.rename_ship(1, 0, "  HMS   Colossus ") is None and b.ship(1, 0).name == "HMS Colossus"
    assert b.undo() and b.ship(1, 0).name == "HMS Bellerophon"
    assert b.undo() and b.undo() and b.undo() and b.fleet.ships() == []
    assert not b.undo()


def test_the_builder_moves_ships_between_squadrons_and_adds_squadrons():
    b = Builder(new_fleet("btq21", "french", 600))
    assert b.add("redoutable", 0) is None and b.add("redoutable", 0) is None
    assert [s.name for s in b.fleet.ships()] == ["Redoutable", "Redoutable II"]
    b.move(0, 1, 1)
    assert [len(s.ships) for s in b.fleet.squadrons] == [1, 1]
    assert b.add_squadron() is None and b.fleet.squadrons[2].name == "Squadron 3"
    assert b.rename_squadron(2, "Reserve") is None
    b.move(1, 0, 2)
    assert [(s.name, [x.name for x in s.ships]) for s in b.fleet.squadrons] == [
        ("Van", ["Redoutable"]), ("Rear", []), ("Reserve", ["Redoutable II"])]


# --- the command line --------------------------------------------------------------------------------


def test_fleet_random_prints_a_fleet_that_loads_and_writes_one_with_out(tmp_path, capsys):
    import main

    assert main.main(["--fleet-random", "btq21", "french", "600", "--seed", "5"]) == 0
    text = capsys.readouterr().out
    (tmp_path / "printed.yaml").write_text(text, encoding="utf-8")
    assert load_fleet(tmp_path / "printed.yaml") == random_fleet("btq21", "french", 600, 5)
    out = tmp_path / "written.yaml"
    assert main.main(["--fleet-random", "cagway", "pirate", "100", "--seed", "5", "--out", str(out)]) == 0
    assert load_fleet(out) == random_fleet("cagway", "pirate", 100, 5)
    assert main.main(["--fleet-random", "btq21", "prussian", "600"]) == 2
    assert main.main(["--fleet-random", "btq21", "british", "many"]) == 2
    assert "no ships of nation 'prussian'" in capsys.readouterr().err


def test_check_data_reads_a_fleet_file(tmp_path, capsys, monkeypatch):
    import main

    monkeypatch.chdir(tmp_path)
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    save_fleet(random_fleet("btq21", "british", 300, 1), good)
    bad.write_text(BAD["unknown ship"][0], encoding="utf-8")
    assert main.main(["--check-data", str(good)]) == 0
    assert main.main(["--check-data", str(good), str(bad), str(ROOT / "data" / "scenarios" / "duel.yaml")]) == 2
    out = capsys.readouterr().out
    assert "bad.yaml:8: squadrons[0].ships[0].ship: unknown ship 'victori'" in out and "good.yaml" not in out


def test_a_random_fleet_of_a_huge_budget_stops_at_the_most_ships_a_fleet_holds(tmp_path):
    from game.fleets.model import MAX_SHIPS

    fleet = random_fleet("btq21", "american", 1_000_000, seed=2)
    assert len(fleet.ships()) == MAX_SHIPS
    save_fleet(fleet, tmp_path / "huge.yaml")
    assert load_fleet(tmp_path / "huge.yaml") == fleet
