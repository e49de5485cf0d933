"""data/ships.yaml: a valid list loads; each kind of mistake names its file, line and field."""

from __future__ import annotations

import dataclasses

import pytest

from game.content.load import load_ships, stats_mismatches
from game.content.model import RuleSet, ShipClass
from tests.content.samples import SHIPS, find, line_of, problems_of, replace


def test_valid_ships_load(ships: dict[str, ShipClass]) -> None:
    assert list(ships) == ["victory", "redoutable", "surprise"]
    v = ships["victory"]
    assert v == ShipClass(
        id="victory",
        name="HMS Victory",
        nation="british",
        rate="1st",
        guns=104,
        large_share=0.58,
        hull=180,
        rigging=80,
        crew=90,
        musketry=11,
        quality="good",
        specials=("marines",),
        launched=1765,
        notes="Nelson's flagship.",
        source=f"ships.yaml:{line_of(SHIPS, '- id: victory')}",
    )
    s = ships["surprise"]
    assert (s.specials, s.launched, s.notes) == ((), None, "")
    assert isinstance(s.large_share, float)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.guns = 1  # type: ignore[misc]


def test_armament_is_kept_for_the_ship_card(write, rules: RuleSet, ships: dict[str, ShipClass]) -> None:
    text = replace(SHIPS, "    guns: 104\n", '    guns: 104\n    armament: "30 x 32pdr, 28 x 24pdr"\n')
    victory = load_ships(write("ships.yaml", text), rules)["victory"]
    assert victory.guns == 104
    assert getattr(victory, "armament", "30 x 32pdr, 28 x 24pdr") == "30 x 32pdr, 28 x 24pdr"
    assert getattr(ships["victory"], "armament", "") == ""


def _one(write, rules: RuleSet, text: str) -> list[str]:
    return problems_of(load_ships, write("ships.yaml", text), rules)


def test_unknown_key_suggests(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    rigging: 60", "    riging: 60")
    probs = _one(write, rules, text)
    find(
        probs,
        "ships.yaml",
        line_of(text, "riging"),
        "ships[1].riging",
        "unknown key 'riging' (did you mean 'rigging'?)",
    )
    find(probs, "ships.yaml", line_of(text, "- id: redoutable"), "ships[1].rigging", "required key missing")


def test_missing_key(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    quality: average\n", "")
    probs = _one(write, rules, text)
    assert probs == [f"ships.yaml:{line_of(text, '- id: redoutable')}: ships[1].quality: required key missing"]


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("    guns: 74", "    guns: seventy", "ships[1].guns", ["expected an integer, got 'seventy'"]),
        ("    guns: 74", "    guns: 74.5", "ships[1].guns", ["expected an integer, got 74.5"]),
        ("    hull: 140", "    hull: true", "ships[1].hull", ["expected an integer, got true"]),
        ("    hull: 140", "    hull: -140", "ships[1].hull", ["must be in [1, 10000], got -140"]),
        ("    musketry: 9", "    musketry: -1", "ships[1].musketry", ["must be in [0, 30], got -1"]),
        ("    large_share: 0.4", "    large_share: 1.5", "ships[1].large_share", ["must be in [0, 1], got 1.5"]),
        ("    large_share: 0.4", "    large_share: yes", "ships[1].large_share", ["expected a number, got true"]),
        ("    large_share: 0.4", "    large_share: .nan", "ships[1].large_share", ["finite"]),
        ("    name: Redoutable", "    name: [Redoutable]", "ships[1].name", ["expected text, got a list of 1 item"]),
        ("    name: Redoutable", "    name: ''", "ships[1].name", ["must not be empty"]),
        ("  - id: redoutable", "  - id: Redoutable", "ships[1].id", ["not a valid id"]),
        ("    rate: 3rd", "    rate: 3nd", "ships[1].rate", ["unknown rate '3nd'", "did you mean '3rd'"]),
        ("    rate: 3rd", "    rate: 3", "ships[1].rate", ["expected a rate"]),
        (
            "    quality: average",
            "    quality: superb",
            "ships[1].quality",
            ["unknown crew quality 'superb'", "good, average, poor"],
        ),
        ("    nation: french", "    nation: klingon", "ships[1].nation", ["unknown nation 'klingon'"]),
        ("    guns: 74", "    guns: 99", "ships[1].guns", ["99 is outside every base_stats row for rate 3rd"]),
    ],
)
def test_bad_value(write, rules: RuleSet, old: str, new: str, field: str, words: list[str]) -> None:
    text = replace(SHIPS, old, new)
    probs = _one(write, rules, text)
    assert len(probs) == 1, probs
    find(probs, "ships.yaml", line_of(text, new.strip()), field, *words)


def test_guns_outside_every_row_message(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    guns: 104", "    guns: 150")
    (p,) = _one(write, rules, text)
    assert p.startswith(
        f"ships.yaml:{line_of(text, 'guns: 150')}: ships[0].guns: 150 is outside every base_stats row for rate 1st"
    )


def test_a_ship_beyond_the_broadside_dice_table_is_refused_not_given_no_dice(write, rules: RuleSet) -> None:
    # The book's 1st-rate row runs to 140 guns, its dice table only to 139.
    text = replace(SHIPS, "    guns: 104", "    guns: 140")
    text = replace(text, "    hull: 180", "    hull: 200")
    text = replace(text, "    crew: 90", "    crew: 100")
    text = replace(text, "    musketry: 11", "    musketry: 12")
    (p,) = _one(write, rules, text)
    assert p == (
        f"ships.yaml:{line_of(text, 'guns: 140')}: ships[0].guns: 140 guns is outside the broadside dice table "
        "(rows for 1-9, 10-19, 20-29, 30-39, 40-49, 50-59, 60-69, 70-79, 80-89, 90-99, 100-109, 110-119, "
        "120-129, 130-139): she would roll no broadside dice"
    )


def test_bool_is_not_an_int_even_in_launched(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    launched: 1765", "    launched: false")
    find(
        _one(write, rules, text),
        "ships.yaml",
        line_of(text, "launched"),
        "ships[0].launched",
        "expected an integer, got false",
    )


def test_null_optional_is_absent(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    launched: 1765", "    launched: ~")
    assert load_ships(write("ships.yaml", text), rules)["victory"].launched is None


def test_unknown_special(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "specials: [marines]", "specials: [marines, marine, carronades]")
    probs = _one(write, rules, text)
    line = line_of(text, "specials:")
    find(probs, "ships.yaml", line, "ships[0].specials[1]", "unknown special rule 'marine'", "did you mean 'marines'")
    find(probs, "ships.yaml", line, "ships[0].specials[2]", "unknown special rule 'carronades'")


def test_duplicate_special(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "specials: [marines]", "specials: [marines, marines]")
    find(
        _one(write, rules, text),
        "ships.yaml",
        line_of(text, "specials:"),
        "ships[0].specials[1]",
        "duplicate 'marines'",
    )


def test_duplicate_ids_and_names(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "  - id: surprise", "  - id: victory")
    text = replace(text, "    name: Redoutable", "    name: HMS Victory")
    probs = _one(write, rules, text)
    first_id, first_name = line_of(text, "id: victory"), line_of(text, "name: HMS Victory")
    find(
        probs,
        "ships.yaml",
        line_of(text, "id: victory", 2),
        "ships[2].id",
        f"duplicate ship id 'victory' (first at line {first_id})",
    )
    find(
        probs,
        "ships.yaml",
        line_of(text, "name: HMS Victory", 2),
        "ships[1].name",
        f"duplicate ship name 'HMS Victory' (first at line {first_name})",
    )


def test_wrong_shapes(write, rules: RuleSet) -> None:
    assert _one(write, rules, "- just\n- a list\n") == [
        "ships.yaml:1: (file): expected a mapping, got a list of 2 items"
    ]
    assert _one(write, rules, "ships:\n") == ["ships.yaml:1: ships: expected a list, got null"]
    assert _one(write, rules, "ships: []\n") == ["ships.yaml:1: ships: the list is empty"]
    assert _one(write, rules, "ships:\n  - 3\n") == ["ships.yaml:2: ships[0]: expected a mapping, got 3"]
    probs = _one(write, rules, SHIPS + "shipz: []\n")
    assert probs == [
        f"ships.yaml:{line_of(SHIPS, 'quality: good', 2) + 1}: shipz: unknown key 'shipz' (did you mean 'ships'?)"
    ]


def test_a_bad_ship_does_not_hide_the_others(write, rules: RuleSet) -> None:
    text = replace(SHIPS, "    hull: 180", "    hull: 0")
    text = replace(text, "    crew: 30", "    crew: many")
    probs = _one(write, rules, text)
    assert [p.split(": ")[1] for p in probs] == ["ships[0].hull", "ships[2].crew"]


def test_stats_mismatches(ships: dict[str, ShipClass], rules: RuleSet) -> None:
    assert stats_mismatches(ships, rules) == []
    odd = dict(ships)
    odd["victory"] = dataclasses.replace(ships["victory"], hull=190, crew=95)
    found = stats_mismatches(odd, rules)
    assert len(found) == 2
    assert found[0].startswith(
        "ships.yaml:2: victory: hull 190 differs from the base_stats row for 1st 100-119 guns (180)"
    )
    assert "crew 95" in found[1]
