"""Cagway's data files: the tables and the scenarios, and every problem named as ``file:line: field: reason``."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from game.content.paths import scenario_path
from game.content.yaml_nodes import ContentError
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.tables import load_tables, tables_path

from .position import TABLES

BLOCKADE = scenario_path("cagway_blockade_run").read_text()
OPEN = scenario_path("cagway_open_water").read_text()


def problems(path: Path, text: str, loader) -> list[str]:  # type: ignore[no-untyped-def]
    path.write_text(text)
    with pytest.raises(ContentError) as err:
        loader(path)
    return err.value.problems


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# --- the tables -------------------------------------------------------------------------------------------


def test_the_shipped_tables_hold_the_book_s_numbers():
    t = load_tables()
    assert t.sticks == {"brown": 3.0, "red": 4.0, "yellow": 4.8, "green": 6.0, "blue": 8.0}
    assert t.rod == 0.4 and t.segments["yellow"] == pytest.approx(1.92) and t.shooting_stick == "yellow"
    assert t.damage[7] == (2, 1) and t.damage[1] == (6, 3) and t.beyond == 10 and t.damage_at(10, "side") == 0
    assert (t.repair_hp, t.drift_stick, t.drift_segments, t.fire_at_will_die) == (2, "red", 1, 6)
    frigate = t.cards["frigate"]
    assert (frigate.hp, frigate.length_rods, not frigate.own) == (30, 6.0, True)
    assert [(g.direction, g.column) for g in frigate.guns] == [
        ("fore", "fore_aft"), ("aft", "fore_aft"), ("port", "side"), ("starboard", "side")
    ]
    assert all(t.cards[c].own for c in ("sloop", "brigantine", "galleon"))
    dataclasses.asdict(t)  # what a save keeps of them
    assert (t.id, t.system, t.house, t.house_name) == ("cagway", "cagway", (), "")


def test_every_problem_of_a_tables_file_is_listed_with_its_line(tmp_path):
    text = tables_path().read_text()
    bad = (
        text.replace("shooting_stick: yellow", "shooting_stick: purple")
        .replace("    9: [1, 0]\n", "")
        .replace("      - [17, 21, 5, 4]\n", "", 1)
        .replace("wheel: {0: yellow, 45: green, 90: blue,", "wheel: {0: yelow, 45: green, 90: blue,")
    )
    found = problems(tmp_path / "cagway.yaml", bad, load_tables)
    joined = "\n".join(found)
    assert f"cagway.yaml:{line_of(bad, 'shooting_stick:')}: shooting_stick: unknown stick 'purple'" in joined
    assert "damage.rows: needs one row for each range from 1 to 9" in joined
    assert "cards.frigate.health: no row for HP 17" in joined
    assert "unknown stick (or none) 'yelow' (did you mean 'yellow'?)" in joined
    assert all(re.match(r".*cagway\.yaml:\d+: ", p) for p in found)


# --- the scenarios ---------------------------------------------------------------------------------------------


def test_the_shipped_scenarios_load_as_cagway_scenarios():
    sc = load_scenario(scenario_path("cagway_blockade_run"), TABLES)
    assert sc.system == "cagway" and sc.table == (32.0, 36.0) and sc.extra["wind_source"] == (0.0, 4.0)
    assert sc.extra["victory"] == {"mode": "blockade_run", "runner": "runner", "blocker": "blocker",
                                   "destination": "destination"}
    assert [len(sq.ships) for side in sc.sides for sq in side.squadrons] == [3, 3]
    frigate = sc.sides[0].squadrons[0].ships[0].ship
    assert (frigate.rate, frigate.guns, frigate.hull, frigate.nation) == ("frigate", 4, 30, "navy")
    assert sc.sides[0].squadrons[0].ships[0].sail == ""
    sc = load_scenario(scenario_path("cagway_open_water"), TABLES)
    assert sc.extra["victory"] == {"mode": "fleet"} and sc.extra["budget"] == 100


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("{card: frigate, id: vigilant", "{card: frigat, id: vigilant", "id: vigilant",
         "sides[0].ships[1].card: unknown card 'frigat' (did you mean 'frigate'?)"),
        ("pose: [26, 18, 90]", "pose: [31.5, 18, 90]", "id: steadfast",
         "'steadfast' is not wholly on the 32 x 36 table"),
        ("pose: [16, 18, 90]", "pose: [7, 18, 90]", "id: vigilant", "'vigilant' overlaps 'resolute'"),
        ("wind_source: [0, 4]", "wind_source: [3, 4]", "wind_source:",
         "[3, 4] is not on the edge of the 32 x 36 table"),
        ("mode: blockade_run", "mode: siege", "mode:", "victory.mode: unknown victory mode 'siege'"),
        ("destination: destination", "destination: port_royal", "destination: port_royal",
         "victory.destination: unknown island 'port_royal'"),
        ("rules: cagway", "rules: btq21", "rules:", "rules: unknown rule system 'btq21'"),
        ("pose: [8, 1.6, 90]", "pose: [8, 1.6, 0]", "id: swallow", "'swallow' must lie along her side's deployment"),
    ],
)
def test_a_scenario_s_problems_are_named_at_their_line(tmp_path, old, new, needle, message):
    bad = BLOCKADE.replace(old, new)
    assert bad != BLOCKADE
    found = problems(tmp_path / "cagway_bad.yaml", bad, lambda p: load_scenario(p, TABLES))
    line = line_of(bad, needle)
    assert any(p.startswith(f"cagway_bad.yaml:{line}:") or f"/cagway_bad.yaml:{line}:" in p for p in found), found
    assert any(message in p for p in found), found


def test_a_ship_on_an_island_and_a_fleet_over_budget_are_both_reported(tmp_path):
    bad = OPEN.replace("budget: 100", "budget: 90").replace("pose: [45, 20, 180]", "pose: [45, 20, 180]")
    bad = bad.replace("points: [[20, 12], [24, 11], [27, 13], [25, 16], [21, 15.5]]",
                      "points: [[1, 9], [5, 9], [5, 11], [1, 11]]")
    found = "\n".join(problems(tmp_path / "cagway_bad.yaml", bad, lambda p: load_scenario(p, TABLES)))
    assert "'queen_anne' overlaps island 'twin_south'" in found
    assert "the fleet costs 92 points, over the budget of 90" in found


def test_a_blockade_run_s_islands_are_two_boat_lengths_apart(tmp_path):
    bad = BLOCKADE.replace("points: [[24, 24], [27.5, 24.5], [28, 27], [25, 27.5], [23.5, 26]]",
                           "points: [[9, 26], [11, 26], [11, 28], [9, 28]]")
    found = "\n".join(problems(tmp_path / "cagway_bad.yaml", bad, lambda p: load_scenario(p, TABLES)))
    assert "island 'rum_cay' is closer than two boat lengths" in found
