"""The ships of Trafalgar and Camperdown, the frigate actions of 1812-13, and the history notes.

The orders of battle are written out here from the published lists, independently of the data
files, so a ship dropped, renamed or moved to the wrong side is caught.
"""

from __future__ import annotations

import re

import pytest

from game.content.load import list_scenarios, load_default, open_scenario, scenario_path
from game.content.model import Scenario, ShipClass

# Trafalgar, 21 October 1805: 27 British ships of the line, 18 French, 15 Spanish.
NELSON = (
    "victory temeraire neptune leviathan conqueror britannia ajax agamemnon orion minotaur spartiate africa"
).split()
COLLINGWOOD = (
    "royal_sovereign belleisle mars tonnant bellerophon colossus achille polyphemus revenge swiftsure "
    "defiance thunderer defence dreadnought prince"
).split()
BRITISH_LIGHT = ["euryalus", "naiad", "phoebe", "sirius", "pickle", "entreprenante"]
FRENCH_LINE = (
    "bucentaure formidable_fr neptune_fr indomptable algesiras achille_fr aigle argonaute berwick "
    "duguay_trouin fougueux heros intrepide mont_blanc pluton redoutable scipion swiftsure_fr"
).split()
SPANISH_LINE = (
    "santisima_trinidad principe_de_asturias santa_ana rayo neptuno argonauta bahama montanes san_agustin "
    "san_ildefonso san_juan_nepomuceno monarca san_francisco_de_asis san_justo san_leandro"
).split()
FRENCH_LIGHT = ["cornelie", "hermione_fr", "hortense", "rhin", "themis", "argus_fr", "furet"]
# Camperdown, 11 October 1797: the two lines.
DUNCAN = ["venerable", "triumph", "bedford", "ardent", "belliqueux", "lancaster", "isis"]
ONSLOW = ["monarch", "powerful", "monmouth", "russell", "director", "montagu", "veteran", "agincourt", "adamant"]
DUTCH = (
    "beschermer gelijkheid hercules admiraal_de_vries vrijheid staaten_generaal wassenaar batavier brutus "
    "leijden mars_nl cerberus jupiter haarlem alkmaar delft"
).split()

ACTIONS = NELSON + COLLINGWOOD + BRITISH_LIGHT + FRENCH_LINE + SPANISH_LINE + FRENCH_LIGHT + DUNCAN + ONSLOW + DUTCH
NEW_SCENARIOS = ["trafalgar", "camperdown", "shannon_chesapeake", "java", "macedonian"]
LINE_RATES = {"1st", "2nd", "3rd"}
ITEM = re.compile(r"(\d+) x (\d+)pdr(?: carronades| obusiers)?")


@pytest.fixture(scope="module")
def default() -> tuple[object, dict[str, ShipClass]]:
    return load_default()


@pytest.fixture(scope="module")
def scenarios(default) -> dict[str, Scenario]:
    rules, ships = default
    return {name: open_scenario(scenario_path(name), ships, rules) for name in NEW_SCENARIOS}


def _share(armament: str) -> float:
    """The file's large_share rule worked again from the battery: 24pdr and up over every piece."""
    items = [ITEM.fullmatch(part.strip()) for part in armament.split(",")]
    assert all(items), armament
    pieces = sum(int(m[1]) for m in items if m)
    large = sum(int(m[1]) for m in items if m and int(m[2]) >= 24)
    return large / pieces


@pytest.mark.parametrize("sid", ACTIONS)
def test_every_ship_of_both_actions_is_listed_true_to_her_row(default, sid: str) -> None:
    rules, ships = default
    ship = ships[sid]
    row = rules.stats_row(ship.rate, ship.guns)
    assert row is not None, f"{sid}: {ship.guns} guns fits no {ship.rate} row"
    assert (ship.hull, ship.rigging, ship.crew, ship.musketry) == (row.hull, row.rigging, row.crew, row.musketry)
    assert abs(ship.large_share - _share(ship.armament)) <= 0.0051  # 0.475 may be written 0.48
    assert ship.notes and ship.quality in rules.crew_qualities
    if ship.rate in LINE_RATES or ship.rate == "4th":
        assert "marines" in ship.specials


def test_names_shared_across_navies_keep_distinct_ids(default) -> None:
    _, ships = default
    for british, other in [
        ("neptune", "neptune_fr"),
        ("swiftsure", "swiftsure_fr"),
        ("achille", "achille_fr"),
        ("mars", "mars_nl"),
        ("argus", "argus_fr"),
    ]:
        assert ships[british].nation != ships[other].nation
        assert ships[british].name.split()[-1] == ships[other].name.split()[-1]


def test_craft_without_a_row_of_their_own_take_the_brig_row(default) -> None:
    _, ships = default
    for sid, kind in [("pickle", "schooner"), ("entreprenante", "cutter")]:
        assert ships[sid].rate == "brig" and kind in ships[sid].notes


def _of(sc: Scenario, side_id: str) -> list:
    return [s for side in sc.sides if side.id == side_id for sq in side.squadrons for s in sq.ships]


def test_trafalgar_has_both_fleets_entire(scenarios) -> None:
    sc = scenarios["trafalgar"]
    british, combined = _of(sc, "british"), _of(sc, "combined")
    assert [s.ship.id for s in british] == NELSON + COLLINGWOOD + BRITISH_LIGHT
    assert sum(s.ship.rate in LINE_RATES for s in british) == 27
    line = [s for s in combined if s.ship.rate in LINE_RATES]
    assert len(line) == 33
    assert sorted(s.ship.id for s in line) == sorted(FRENCH_LINE + SPANISH_LINE)
    assert sorted(s.ship.id for s in combined if s.ship.rate not in LINE_RATES) == sorted(FRENCH_LIGHT)
    assert {s.ship.id for s in british if s.flagship or "flagship" in s.ship.specials} == {
        "victory",
        "royal_sovereign",
        "britannia",
    }
    assert {s.ship.id for s in combined if s.flagship or "flagship" in s.ship.specials} == {
        "bucentaure",
        "santisima_trinidad",
        "formidable_fr",
        "santa_ana",
        "algesiras",
        "principe_de_asturias",
    }


def test_trafalgar_squadrons_wind_and_table(scenarios) -> None:
    sc = scenarios["trafalgar"]
    squadrons = {sq.id: sq for side in sc.sides for sq in side.squadrons}
    assert [s.ship.id for s in squadrons["weather_column"].ships] == NELSON
    assert [s.ship.id for s in squadrons["lee_column"].ships] == COLLINGWOOD
    assert [s.ship.id for s in squadrons["combined_van"].ships][0] == "neptuno"
    assert [s.ship.id for s in squadrons["combined_rear"].ships][-1] == "principe_de_asturias"
    assert "bucentaure" in {s.ship.id for s in squadrons["combined_centre"].ships}
    assert 270 <= sc.wind_from <= 290
    assert sc.table[0] >= 96 and sc.table[1] >= 72
    # the Combined line heads north (its crescent bends each ship's heading a little either way)
    for s in squadrons["combined_van"].ships + squadrons["combined_centre"].ships + squadrons["combined_rear"].ships:
        assert min(s.pose[2], 360 - s.pose[2]) <= 22.5, s.id  # within two points of north
    # Royal Sovereign leads, well ahead of Belleisle, and is closer to the line than Victory
    sov, belle, victory = (
        squadrons[q].ships[i].pose for q, i in (("lee_column", 0), ("lee_column", 1), ("weather_column", 0))
    )
    santa_ana = next(s.pose for s in squadrons["combined_rear"].ships if s.ship.id == "santa_ana")
    bucentaure = next(s.pose for s in squadrons["combined_centre"].ships if s.ship.id == "bucentaure")
    assert sov[0] > belle[0] + 5
    assert abs(santa_ana[0] - sov[0]) < abs(bucentaure[0] - victory[0])


def test_camperdown_has_both_lines(scenarios) -> None:
    sc = scenarios["camperdown"]
    british, dutch = _of(sc, "british"), _of(sc, "dutch")
    assert [s.ship.id for s in british if s.ship.id != "circe"] == DUNCAN + ONSLOW
    assert [s.ship.id for s in dutch] == DUTCH
    assert {s.ship.id for s in british if s.flagship} == {"venerable", "monarch"}
    assert {s.ship.id for s in dutch if s.flagship} == {"vrijheid", "staaten_generaal", "brutus", "jupiter"}


@pytest.mark.parametrize(
    ("name", "sides"),
    [
        ("shannon_chesapeake", {"shannon", "chesapeake"}),
        ("java", {"constitution", "java"}),
        ("macedonian", {"united_states", "macedonian"}),
    ],
)
def test_frigate_actions_pit_the_right_ships(scenarios, name: str, sides: set[str]) -> None:
    sc = scenarios[name]
    assert {s.ship.id for _, _, s in sc.ships()} == sides
    assert sc.victory == {"mode": "points", "exit_edges": {}}


@pytest.mark.parametrize("name", list_scenarios("btq21"))
def test_every_beat_to_quarters_scenario_has_a_history(default, name: str) -> None:
    rules, ships = default
    history = open_scenario(scenario_path(name), ships, rules).history
    assert len(history) > 100 and "Sources:" in history
