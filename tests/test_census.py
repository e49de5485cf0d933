"""The census counts each event that names a ship for the kind of player who had her."""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

from game.census import count, owners, report
from game.content.load import load_default, open_scenario, scenario_path
from game.ladder import make_plan, run
from game.selfplay import play

OWNER = {"amazon": "british", "boreas": "british", "virginie": "french"}


def test_a_ship_counts_for_the_side_she_began_with_though_taken():
    ships = {
        "amazon": SimpleNamespace(side="french", original_side="british"),
        "virginie": SimpleNamespace(side="french"),
    }
    assert owners(ships) == {"amazon": "british", "virginie": "french"}


def test_a_raking_broadside_counts_for_the_firer_and_as_suffered_for_her_target():
    got = count([{"type": "broadside", "ship": "amazon", "target": "virginie", "band": "close", "rake": True}],
                OWNER, ["british"])
    assert got["a"] == {"broadside": 1, "broadside at close": 1, "broadside raking": 1}
    assert got["b"] == {"broadside raking, suffered": 1}


def test_a_collision_is_the_movers_and_says_whether_she_ran_into_a_friend():
    events = [{"type": "collision", "ship": "amazon", "other": "boreas"},
              {"type": "collision", "ship": "virginie", "other": "boreas"}]
    got = count(events, OWNER, ["french"])
    assert got["a"] == {"collision with an enemy": 1}
    assert got["b"] == {"collision with a friend": 1}


def test_a_test_counts_by_its_purpose_and_result_and_events_of_no_ship_not_at_all():
    events = [{"type": "test", "ship": "boreas", "purpose": "morale", "passed": False},
              {"type": "test", "ship": "boreas", "purpose": "morale", "passed": True},
              {"type": "turn", "number": 2}, {"type": "wind", "from": 0.0},
              {"type": "struck", "ship": "nobody we know"}]
    got = count(events, OWNER, ["british"])
    assert got == {"a": {"test morale failed": 1, "test morale passed": 1}, "b": {}}


def test_the_report_sums_a_pairings_games_and_gives_them_per_game():
    lines = [{"a": "x", "b": "y", "census": {"a": {"broadside": 3}, "b": {"broadside": 1}}},
             {"a": "x", "b": "y", "census": {"a": {"broadside": 1}, "b": {"sunk": 1}}}]
    out = io.StringIO()
    report(lines, out)
    row = next(r for r in out.getvalue().splitlines() if r.startswith("broadside"))
    assert row.split() == ["broadside", "4", "1", "2.00", "0.50"]
    assert "x v y (2 games)" in out.getvalue()


def test_the_ladders_census_agrees_with_the_log_of_the_game_played_again():
    plan = make_plan("btq21", None, ["duel"], seeds=1, first_seed=3, pairs=["captain-v1:scripted"])
    out, lines = io.StringIO(), io.StringIO()
    assert run(plan, 1, out, json_out=lines, census=True) == 0
    assert "Census, captain-v1 v scripted (2 games)" in out.getvalue()
    rules, ships = load_default()
    scenario = open_scenario(scenario_path("duel"), ships, rules)
    for g in map(json.loads, lines.getvalue().splitlines()):
        session = play(scenario, rules, g["seed"], g["players"]).session
        mine = {sid for sid, s in session.state.ships.items() if (s.original_side or s.side) in g["a_sides"]}
        fired = [e["ship"] in mine for e in session.events if e["type"] == "broadside"]
        assert fired, "a duel with no broadside tells nothing"
        assert g["census"]["a"].get("broadside", 0) == fired.count(True)
        assert g["census"]["b"].get("broadside", 0) == fired.count(False)
