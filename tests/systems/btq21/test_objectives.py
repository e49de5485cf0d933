"""Scenario objectives: each kind scores as its scenario writes it, and may end the battle at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.load import load_scenario
from game.content.yaml_nodes import ContentError
from game.systems.btq21 import commands as c
from game.systems.btq21 import victory
from game.systems.btq21.events import Out
from game.systems.btq21.objectives import objectives_of
from game.systems.btq21.state import AFLOAT, CAPTURED, DESTROYED, LEFT_TABLE, STRUCK, SUNK
from game.systems.btq21.victory import Standing, check_end, check_now, points, points_account, scoring
from tests.systems.btq21.battle import RULES, SHIPS, activate, battle, of_type, ok

SIDES = ("british", "french")


def aims(*objectives: dict, **terms) -> tuple:
    return objectives_of({"objectives": list(objectives), **terms})


def st(ship: str, owner: str, status: str = AFLOAT, side: str = "", edge: str = "", value: int = 40) -> Standing:
    return Standing(ship, owner, side or owner, status, value, edge)


def test_an_escape_scores_each_ship_through_by_its_edge_and_her_leaving_scores_nothing_for_the_enemy():
    objs = aims({"id": "run", "kind": "escape", "side": "british", "ships": ["a", "b"], "edge": "west", "points": 10})
    ships = [st("a", "british", LEFT_TABLE, edge="west"), st("b", "british", LEFT_TABLE, edge="north"),
             st("x", "french")]
    rows = scoring(ships, SIDES, RULES, {}, objs)
    assert [(r.side, r.ship, r.reason, r.points) for r in rows] == [
        ("british", "a", "escaped", 10.0),
        ("french", "b", "left_table", 40 * float(RULES.victory["left_table"])),  # the wrong edge: she fled
    ]


def test_the_old_exit_edges_key_still_scores_her_own_value_to_her_side():
    ships = [st("a", "french", LEFT_TABLE, edge="east", value=37)]
    (row,) = scoring(ships, SIDES, RULES, {"french": "east"})
    assert (row.side, row.reason, row.points) == ("french", "escaped", 37.0)
    terms = {"exit_edges": {"french": "east"}}
    assert scoring(ships, SIDES, RULES, {}, objectives_of(terms)) == [row]


def test_protect_scores_a_ship_afloat_or_away_by_its_edge_but_not_one_struck_or_taken():
    objs = aims({"id": "convoy", "kind": "protect", "side": "british", "ships": ["a", "b", "c", "d"],
                 "edge": "west", "points": 5})
    ships = [st("a", "british"), st("b", "british", LEFT_TABLE, edge="west"), st("c", "british", STRUCK),
             st("d", "british", CAPTURED, side="french")]
    mine = [r for r in scoring(ships, SIDES, RULES, {}, objs) if r.reason == "protected"]
    assert [(r.ship, r.points) for r in mine] == [("a", 5.0), ("b", 5.0)]


def test_take_scores_a_prize_struck_or_held_and_not_one_retaken():
    objs = aims({"id": "prize", "kind": "take", "side": "british", "ships": ["x", "y", "z"], "points": 15})
    ships = [st("x", "french", STRUCK), st("y", "french", CAPTURED, side="british"),
             st("z", "french", CAPTURED, side="french")]
    taken = [r.ship for r in scoring(ships, SIDES, RULES, {}, objs) if r.reason == "taken"]
    assert taken == ["x", "y"]


def test_destroy_scores_a_battery_silenced_or_a_ship_sunk_but_not_one_struck():
    objs = aims({"id": "guns", "kind": "destroy", "side": "british", "ships": ["fort", "x", "y"], "points": 10})
    ships = [st("fort", "french", DESTROYED), st("x", "french", SUNK), st("y", "french", STRUCK)]
    assert [r.ship for r in scoring(ships, SIDES, RULES, {}, objs) if r.reason == "target_destroyed"] == ["fort", "x"]


def test_in_mode_objectives_a_ship_lost_scores_nobody_anything():
    objs = aims({"id": "prize", "kind": "take", "side": "british", "ships": ["x"], "points": 15})
    ships = [st("x", "french", STRUCK), st("y", "french", SUNK), st("a", "british", SUNK)]
    rows = scoring(ships, SIDES, RULES, {}, objs, mode="objectives")
    assert [(r.side, r.ship, r.reason, r.points) for r in rows] == [("british", "x", "taken", 15.0)]


HOLD = {"id": "roads", "name": "the Roads", "kind": "hold", "side": "british", "centre": [36, 24], "radius": 6,
        "points": 4}


def _hold_battle(objective: dict, french_at: tuple[float, float, float] = (60, 40, 0)):
    return battle(
        [{"id": "a", "side": "british", "pose": (36, 25, 0)}, {"id": "x", "side": "french", "pose": french_at}],
        turn_limit=3, victory={"objectives": [objective]},
    )


def test_a_zone_held_at_the_end_of_each_turn_scores_each_time_and_only_while_the_enemy_is_out_of_it():
    state = _hold_battle({**HOLD, "when": "turn"})
    out = Out(state)
    assert check_end(state, out) is False  # turn 1 of 3: held, not over
    (held,) = of_type(list(out), "objective")
    assert (held["objective"], held["side"], held["points"], held["held_turn"]) == ("roads", "british", 4.0, 1)
    state.turn = 2
    state.ships["x"].x, state.ships["x"].y = 38.0, 20.0  # the enemy comes into the zone: nobody holds it
    assert check_end(state, Out(state)) is False
    assert state.held == ("roads@1",)
    assert points(state) == {"british": 4.0, "french": 0.0}
    (row,) = points_account(state)
    assert (row.ship, row.reason, row.why) == ("the Roads", "held", "held at the end of turn 1")


def test_a_polygon_zone_scored_at_the_end_counts_only_the_last_position():
    zone = {**HOLD, "centre": None, "radius": None, "zone": [[30, 20], [42, 20], [42, 30], [30, 30]]}
    state = _hold_battle(zone)
    assert check_end(state, Out(state)) is False and state.held == ()  # scored at the end only
    state.turn = 3
    out = Out(state)
    assert check_end(state, out) is True
    assert state.held == ("roads@0",)
    assert [e["type"] for e in out] == ["objective", "game_over"]
    assert state.winner == "british"


def test_a_hold_that_ends_the_battle_ends_it_the_first_turn_it_is_held():
    state = _hold_battle({**HOLD, "when": "turn", "ends": True})
    out = Out(state)
    assert check_end(state, out) is True
    (over,) = of_type(list(out), "game_over")
    assert over["reason"] == "the Roads: held" and over["winner"] == "british"


def test_an_escape_that_ends_the_battle_ends_it_as_the_last_ship_sails_off():
    state = battle(
        [{"id": "a", "side": "british", "pose": (3, 24, 270)}, {"id": "x", "side": "french", "pose": (60, 24, 90)}],
        wind_from=90,
        victory={"objectives": [{"id": "run", "kind": "escape", "side": "british", "ships": ["a"], "edge": "west",
                                 "points": 10, "ends": True}]},
    )
    activate(state, "a")
    events = ok(state, c.MoveSegment("a", 4.0))
    assert of_type(events, "left_table")[0]["edge"] == "west"
    (over,) = of_type(events, "game_over")
    assert state.phase == "over" and over["points"] == {"british": 10.0, "french": 0.0}


def test_taking_the_prize_ends_the_battle_at_once_when_the_objective_says_so():
    state = battle(
        [{"id": "a", "side": "british", "pose": (30, 24, 0)}, {"id": "x", "side": "french", "pose": (60, 24, 90)}],
        victory={"objectives": [{"id": "cut_out", "kind": "take", "side": "british", "ships": ["x"], "points": 15,
                                 "ends": True}]},
    )
    assert check_now(state, Out(state)) is False
    state.ships["x"].status = STRUCK
    out = Out(state)
    assert check_now(state, out) is True
    assert state.phase == "over" and state.winner == "british"
    (over,) = of_type(list(out), "game_over")  # the log says what the objective scored
    assert over["objectives"] == [{"side": "british", "ship": "x", "points": 15.0,
                                   "why": "struck her colours: take cut out"}]
    worth = victory.ship_value(state, state.ships["x"])
    assert state.points["british"] == 15.0 + worth * float(RULES.victory["struck"])


def test_a_battle_without_objectives_keeps_its_points_and_its_events():
    state = battle([{"id": "a", "side": "british", "pose": (30, 24, 0)}, {"id": "x", "side": "french",
                                                                          "pose": (60, 24, 90)}])
    state.ships["x"].status = SUNK
    out = Out(state)
    assert check_now(state, out) is False
    assert check_end(state, out) is True
    assert [e["type"] for e in out] == ["game_over"] and state.held == ()
    worth = victory.ship_value(state, state.ships["x"])
    assert victory.points(state)["british"] == worth * float(RULES.victory["sunk"])


BAD = """\
name: Bad objectives
description: x
table: {width: 72, height: 48}
wind_from: 0
turn_limit: 5
sides:
  - id: british
    name: RN
    nation: british
    colour: [1, 2, 3]
    squadrons:
      - id: sa
        name: SA
        ships:
          - {ship: amazon, pose: [10, 10, 90], sail: battle}
  - id: french
    name: MN
    nation: french
    colour: [1, 2, 3]
    squadrons:
      - id: sb
        name: SB
        ships:
          - {ship: cleopatre, pose: [50, 30, 270], sail: battle}
victory:
  objectives:
    - {id: run, kind: escape, side: british, edge: norht}
    - {id: prize, kind: take, side: british, ships: [amazon, clopatre]}
    - {id: roads, kind: hold, side: spanish, points: 3, centre: [30, 20], zone: [[1, 1], [2, 2], [3, 1]]}
    - {id: run, kind: protect, side: french, points: 5, ships: [cleopatre], radius: 4}
    - {id: hill, kind: hold, side: french, points: 2, centre: [300, 20], radius: 3, when: sometimes}
"""


def test_bad_objectives_are_named_by_file_line_and_field(tmp_path: Path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_scenario(path, SHIPS, RULES)
    got = [p.split(": ", 1)[1] if p.startswith(str(path)) else p for p in info.value.problems]
    lines = [p.split(":")[1] for p in info.value.problems]
    assert got == [
        "victory.objectives[0].edge: unknown table edge 'norht' (did you mean 'north'?)",
        "victory.objectives[1]: a take objective needs 'points'",
        "victory.objectives[1].ships[0]: 'amazon' is of side 'british' itself: a side takes the enemy's",
        "victory.objectives[1].ships[1]: no ship or battery 'clopatre' in this scenario (did you mean 'cleopatre'?)",
        "victory.objectives[2].side: unknown side id 'spanish'; expected one of british, french",
        "victory.objectives[2].zone: give a circle (centre, radius) or a polygon (zone), not both",
        "victory.objectives[3].id: duplicate objective id 'run' (first at line 27)",
        "victory.objectives[3].radius: a protect objective has no 'radius'",
        "victory.objectives[4].when: unknown when a zone is scored 'sometimes'; expected one of end, turn",
        "victory.objectives[4].centre: is not on the 72 x 48 table",
    ]
    assert lines == ["27", "28", "28", "28", "29", "29", "30", "30", "31", "31"]
