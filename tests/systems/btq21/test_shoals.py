"""Option shoals: a shoal's depth grounds deeper ships, tests ships of its own draft, lets smaller ones by."""

from __future__ import annotations

import pytest

from game.content.model import Terrain
from game.logcheck import check_events
from game.systems.btq21 import board, narrate
from game.systems.btq21 import commands as c
from tests.systems.btq21.battle import RULES, activate, battle, load, of_type, ok, refused, scripted_games

#: A bank across her course, 3rd-rate water: 3rd rates test, 1st and 2nd ground, frigates sail over.
BANK = Terrain(id="bank", kind="shoal", points=((14, 0), (20, 0), (20, 40), (14, 40)), name="The Bank", depth="3rd")
ON = {"shoals": {}}


def _run(rate: str, options: dict | None = None):
    """A ship of ``rate`` heading east with the wind behind her, her bow 2.5 inches short of the bank."""
    size = RULES.size_of(rate)
    half = RULES.bases[size][0] / 2
    state = battle(
        [
            {"id": "amazon", "pose": (11.5 - half, 20, 90), "rate": rate},
            {"id": "b", "side": "french", "pose": (60, 44, 270)},
        ],
        terrain=(BANK,),
        wind_from=270.0,
        options=ON if options is None else options,
    )
    activate(state, "amazon")
    return state


def test_a_frigate_sails_over_water_deep_enough_for_a_74_without_a_test():
    state = _run("5th")
    events = ok(state, c.MoveSegment("amazon", 5.0))
    assert not of_type(events, "test") and not of_type(events, "aground")
    assert state.ships["amazon"].status == "afloat"


def test_a_74_feels_her_way_over_and_crosses_when_her_crew_passes():
    state = _run("3rd")
    load(state, 6, 6, 6)
    events = ok(state, c.MoveSegment("amazon", 4.0))
    test = of_type(events, "test")[0]
    assert test["purpose"] == "shoal:bank" and test["passed"] and test["needed"] == RULES.options["shoals"]["successes"]
    assert state.ships["amazon"].status == "afloat"
    assert of_type(events, "move")[0]["distance"] == pytest.approx(4.0)


def test_a_74_whose_crew_fails_takes_the_ground_where_she_meets_the_shoal():
    state = _run("3rd")
    load(state, 1, 1, 1, 1, 1, 1)
    events = ok(state, c.MoveSegment("amazon", 4.0))
    assert not of_type(events, "test")[0]["passed"]
    assert of_type(events, "aground")[0]["on"] == "bank"
    assert of_type(events, "move")[0]["distance"] == pytest.approx(2.5, abs=0.01)
    assert state.ships["amazon"].status == "aground"
    line = narrate.describe(of_type(events, "move")[0], {"amazon": "Amazon"}, rules=RULES)
    assert "takes the ground on a shoal" in line


def test_a_first_rate_grounds_on_3rd_rate_water_without_a_test():
    state = _run("1st")
    events = ok(state, c.MoveSegment("amazon", 3.0))
    assert not of_type(events, "test") and of_type(events, "aground")[0]["on"] == "bank"


def test_without_the_option_every_shoal_is_shore():
    state = _run("5th", options={})
    events = ok(state, c.MoveSegment("amazon", 5.0))
    assert of_type(events, "aground")[0]["on"] == "bank"


def test_a_turn_with_no_room_is_refused_before_the_shoals_test_is_rolled():
    state = _run("3rd")
    state.ships["b"].x, state.ships["b"].y, state.ships["b"].heading = 14.0, 21.0, 90.0  # alongside where she ends
    assert "no room to turn" in refused(state, c.MoveSegment("amazon", 4.0, -30.0))


def test_a_shoal_never_blocks_the_guns_line_of_sight():
    state = battle(
        [{"id": "amazon", "pose": (10, 20, 0)}, {"id": "b", "side": "french", "pose": (24, 20, 0)}],
        terrain=(BANK,),
        options=ON,
    )
    assert board.line_of_sight(state, "amazon", "b") == []
    plain = battle(
        [{"id": "amazon", "pose": (10, 20, 0)}, {"id": "b", "side": "french", "pose": (24, 20, 0)}],
        terrain=(BANK,),
    )
    assert [x.id for x in board.line_of_sight(plain, "amazon", "b")] == ["bank"]


def test_the_scenario_audits_clean_and_the_auditor_catches_a_grounding_with_no_failed_test():
    events = []
    for s in scripted_games("shoal_water", range(1, 4)):
        assert check_events(s.events, RULES) == []
        events = [dict(e) for e in s.events]
    forged = [dict(e) for e in events]
    setup = forged[0]
    ship = next(x for x in setup["ships"] if x["rate"] == "5th")
    forged.insert(len(forged) - 1, {"seq": 0, "turn": forged[-2]["turn"], "type": "aground", "ship": ship["id"],
                                    "on": "les_platiers", "at": [1.0, 1.0, 0.0]})
    for i, e in enumerate(forged):
        e["seq"] = i + 1
    assert any("floats over it" in p for p in check_events(forged, RULES))
