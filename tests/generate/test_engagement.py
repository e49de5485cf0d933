"""Random engagements: every line of Gifford's table gives a scenario that loads, placed as the line says."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml

from game.content.check import check_data
from game.content.load import load_default, load_scenario
from game.content.yaml_nodes import ContentError
from game.fleets.model import Fleet, FleetShip, FleetSquadron
from game.generate import engagement
from game.generate.tables import generator_problems, shipped
from game.systems import options_of
from game.systems.btq21.disposition import off_the_bow

RULES, SHIPS = load_default()
TAB = shipped()


def fleet(nation: str, name: str, *squadrons: tuple[str, ...]) -> Fleet:
    sqs = tuple(
        FleetSquadron(f"Squadron {i + 1}", tuple(FleetShip(s, n) for s, n in (x.split(":") for x in ids)))
        for i, ids in enumerate(squadrons)
    )
    return Fleet("btq21", nation, name, 300, sqs)


BRITISH = fleet(
    "british",
    "Channel Fleet",
    ("victory:Victory", "amazon:Amazon", "speedy:Speedy"),
    ("bellerophon:Bellerophon", "euryalus:Euryalus"),
)
FRENCH = fleet("french", "Escadre de Brest", ("redoutable:Redoutable", "cleopatre:Cleopatre"), ("virginie:Virginie",))
FLEETS = (BRITISH, FRENCH)


def loaded(text: str, tmp_path: Path, name: str = "rolled.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, load_scenario(path, SHIPS, RULES)


def attitude_of(line, side: int, sc_ship, wind: float) -> float:
    """The angle off the bow the line puts this side's ships at."""
    if line.layout == "apart":
        top = 0 if line.top == "a" else 1
        return TAB.attitudes[line.attitude if side == top else line.other_attitude].off_bow
    if line.layout == "shore" and sc_ship.anchored:
        return 0.0  # at anchor by the bow: head to wind
    return TAB.attitudes[line.attitude].off_bow


@pytest.mark.parametrize("roll", range(1, 13))
def test_every_line_loads_checks_and_faces_the_wind_as_it_says(roll: int, tmp_path: Path) -> None:
    e = engagement(FLEETS, 11, roll=roll)
    assert e.roll == roll and f"line {roll}" in e.summary
    path, sc = loaded(e.yaml_text, tmp_path)  # on the table, clear of each other and the shore
    assert check_data([path]) == []
    line = TAB.lines[roll - 1]
    assert sc.wind_from == e.wind_from
    placed = sc.ships()
    assert len(placed) == len(BRITISH.ships()) + len(FRENCH.ships())
    for k, side in enumerate(sc.sides):
        for sq in side.squadrons:
            for s in sq.ships:
                want = attitude_of(line, k, s, sc.wind_from)
                assert off_the_bow(s.pose[2], sc.wind_from) == pytest.approx(want, abs=0.1), (s.id, line)
    # each squadron's flagship is its biggest ship
    for _side, sq, s in placed:
        assert s.flagship == (s.ship.guns == max(x.ship.guns for x in sq.ships))
    if line.layout == "shore":
        home = sc.sides[0 if line.top == "a" else 1]
        assert [t.kind for t in sc.terrain] == ["coast"] and home.batteries
        assert "anchors" in sc.options
        for bat in home.batteries:  # its guns bear out to sea, across the table
            assert bat.arc is not None and 0 <= bat.position[0] <= sc.table[0]


def test_twenty_hexes_apart_is_a_hundred_inches_between_the_nearest_ships(tmp_path: Path) -> None:
    for roll in (3, 5, 7, 9):
        _path, sc = loaded(engagement(FLEETS, 4, roll=roll).yaml_text, tmp_path)
        a = [s.pose for s in sc.sides[0].squadrons[0].ships + sc.sides[0].squadrons[1].ships]
        b = [s.pose for sq in sc.sides[1].squadrons for s in sq.ships]
        nearest = min(math.dist(p[:2], q[:2]) for p in a for q in b)
        apart = TAB.lines[roll - 1].apart * TAB.inches_per_hex
        assert apart <= nearest <= apart + 4  # a base's length of slack: centres, not the bases' edges
        top = sc.sides[0 if TAB.lines[roll - 1].top == "a" else 1]
        assert min(s.pose[1] for sq in top.squadrons for s in sq.ships) > sc.table[1] / 2


def test_the_same_seed_gives_the_same_file_and_another_seed_another() -> None:
    one = engagement(FLEETS, 123)
    assert engagement(FLEETS, 123).yaml_text == one.yaml_text
    others = {engagement(FLEETS, s).yaml_text for s in range(124, 130)}
    assert one.yaml_text not in others and len(others) > 1


def test_the_dice_choose_the_line_and_the_wind() -> None:
    rolled = {(e.roll, e.wind_from) for e in (engagement(FLEETS, s) for s in range(40))}
    assert len({r for r, _w in rolled}) >= 8 and len({w for _r, w in rolled}) == 6
    forced = engagement(FLEETS, 7, roll=12)
    assert forced.roll == 12 and forced.wind_from == engagement(FLEETS, 7).wind_from  # forcing moves no other die


def test_the_fog_line_plays_the_fog_option_when_the_rules_have_it() -> None:
    known = any(o.name == TAB.fog_option.split("=")[0] for o in options_of("btq21"))
    e = engagement(FLEETS, 3, roll=1)
    assert e.fog == known
    assert (TAB.fog_option in yaml.safe_load(e.yaml_text).get("options", [])) == known
    assert ("does not model the fog" in e.summary) == (not known)
    # an option the rules do have is switched on
    present = TAB.model_copy(update={"fog_option": "weather=poor_visibility"})
    e = engagement(FLEETS, 3, roll=1, tables=present)
    assert e.fog and yaml.safe_load(e.yaml_text)["options"] == ["weather=poor_visibility"]


def test_names_squadrons_conditions_and_one_squadron_each(tmp_path: Path) -> None:
    e = engagement(FLEETS, 5, roll=2, squadron=(1, 0), conditions=({"Euryalus": {"hull": 30}}, {}))
    _path, sc = loaded(e.yaml_text, tmp_path)
    names = [s.shown_name for _side, _sq, s in sc.ships()]
    assert sorted(names) == ["Bellerophon", "Cleopatre", "Euryalus", "Redoutable"]
    euryalus = next(s for _a, _b, s in sc.ships() if s.shown_name == "Euryalus")
    assert euryalus.condition == {"hull": 30}
    with pytest.raises(ValueError, match="squadrons 0 to 1"):
        engagement(FLEETS, 5, squadron=(2, 0))


def test_a_ship_sails_under_her_own_name_and_two_of_a_class_get_their_own_ids(tmp_path: Path) -> None:
    twins = fleet("british", "Twins", ("amazon:HMS Amazon", "amazon:HMS Amazon II"))
    _path, sc = loaded(engagement((twins, FRENCH), 2, roll=4).yaml_text, tmp_path)
    ours = [s for sq in sc.sides[0].squadrons for s in sq.ships]
    assert [s.shown_name for s in ours] == ["HMS Amazon", "HMS Amazon II"]
    assert len({s.id for s in ours}) == 2


def test_fleets_the_generator_cannot_place_are_refused() -> None:
    stranger = fleet("british", "Ghosts", ("flying_dutchman:The Dutchman",))
    with pytest.raises(ContentError, match="unknown ship 'flying_dutchman'"):
        engagement((stranger, FRENCH), 1)
    with pytest.raises(ValueError, match="Beat to Quarters"):
        engagement((Fleet("cagway", "pirate", "Brethren", 10, ()), FRENCH), 1)
    with pytest.raises(ValueError, match="1 to 12"):
        engagement(FLEETS, 1, roll=13)


def test_a_rolled_file_is_written_where_asked(tmp_path: Path) -> None:
    e = engagement(FLEETS, 8)
    path = e.write(tmp_path / "scenarios")
    assert path.parent == tmp_path / "scenarios" and path.read_text(encoding="utf-8") == e.yaml_text


def test_the_generator_file_is_checked_with_file_line_and_field(tmp_path: Path) -> None:
    assert generator_problems() == []
    text = Path("data/generator.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "generator.yaml"
    bad.write_text(
        text.replace("inches_per_hex: 5", "inches_per_hex: -5").replace(
            "{roll: 4, name: Before the wind, layout: edges", "{roll: 5, name: Before the wind, layout: edgs"
        ),
        encoding="utf-8",
    )
    problems = generator_problems(bad)
    assert f"{bad}:5: inches_per_hex: must be in (0, 100], got -5" in problems
    assert any("lines[3].layout" in p and "edgs" in p for p in problems)
    assert any("lines[3].roll" in p for p in problems)
