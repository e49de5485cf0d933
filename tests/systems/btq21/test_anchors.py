"""Option anchors: let go instead of moving, swing about the anchor, weigh in two turns or cut and run."""

from __future__ import annotations

import math

import pytest

from game.ai.anchors import anchor_wish, best_swing
from game.content.model import Terrain
from game.logcheck import check_events
from game.systems.btq21 import anchors, figures, narrate
from game.systems.btq21 import commands as c
from game.systems.btq21.engine import legal_commands
from tests.systems.btq21.battle import RULES, activate, battle, of_type, ok, refused, scripted_games

ON = {"anchors": {}}
SPEC = RULES.options["anchors"]


def _roads(anchored: str = "", options: dict | None = None, terrain: tuple[Terrain, ...] = (), **extra: object):
    """A british frigate heading north in open water (wind from the west), a french one far off to the east."""
    return battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 20, 0), "anchored": anchored, **extra},
            {"id": "bellone", "side": "french", "pose": (60, 20, 0)},
        ],
        wind_from=270.0,
        terrain=terrain,
        options=ON if options is None else options,
    )


def _types(state) -> set[str]:
    return {o.type for o in legal_commands(state)}


def _bow(ship) -> tuple[float, float]:
    h = math.radians(ship.heading)
    return (ship.x + math.sin(h) * ship.length / 2, ship.y + math.cos(h) * ship.length / 2)


def _next_turn(state, sid: str = "aurora") -> None:
    """End her activation, then give her the next one (as if the turn had gone round)."""
    ok(state, c.EndActivation(sid))
    state.ships[sid].activated = False
    state.ships[sid].fired = ()
    activate(state, sid)


def test_she_lets_go_instead_of_moving_and_then_neither_sails_nor_drifts():
    state = _roads()
    activate(state, "aurora")
    assert {"let_go", "move"} <= _types(state) and "swing" not in _types(state)
    events = ok(state, c.LetGo("aurora", "bow"))
    assert of_type(events, "anchor")[0]["act"] == "let_go" and state.ships["aurora"].anchor == "bow"
    assert "no movement left" in refused(state, c.MoveSegment("aurora", 3.0))
    assert "move" not in _types(state) and "end_activation" in _types(state)
    _next_turn(state)
    assert "move" not in _types(state) and {"swing", "weigh", "cut_cable"} <= _types(state)


def test_an_anchor_is_let_go_only_before_she_moves_or_fires():
    state = _roads()
    activate(state, "aurora")
    ok(state, c.MoveSegment("aurora", 3.0))
    assert "start of her activation" in refused(state, c.LetGo("aurora", "stern"))


def test_she_swings_about_the_anchored_end_up_to_two_hexsides_whatever_the_wind():
    state = _roads(anchored="bow")
    activate(state, "aurora")
    ship = state.ships["aurora"]
    bow = _bow(ship)
    assert f"at most {SPEC['swing']:g} degrees" in refused(state, c.Swing("aurora", 0.0, SPEC["swing"] + 5))
    assert "does not sail" in refused(state, c.Swing("aurora", 2.0, 30.0))
    events = ok(state, c.Swing("aurora", 0.0, -100.0))  # her stern swings round: her head comes into the wind
    ship = state.ships["aurora"]
    assert ship.heading == pytest.approx(260.0) and math.dist(_bow(ship), bow) < 1e-6
    assert of_type(events, "swing")[0]["about"] == "bow"
    assert "already swung at anchor" in refused(state, c.Swing("aurora", 0.0, 10.0))


def test_a_stern_anchor_swings_her_bow_and_keeps_the_stern_where_it_is():
    state = _roads(anchored="stern")
    activate(state, "aurora")
    ship = state.ships["aurora"]
    h = math.radians(ship.heading)
    stern = (ship.x - math.sin(h) * ship.length / 2, ship.y - math.cos(h) * ship.length / 2)
    ok(state, c.Swing("aurora", 0.0, 90.0))
    ship = state.ships["aurora"]
    h = math.radians(ship.heading)
    assert math.dist((ship.x - math.sin(h) * ship.length / 2, ship.y - math.cos(h) * ship.length / 2), stern) < 1e-6


def test_a_swing_with_no_room_is_refused_naming_what_is_in_the_way():
    rock = Terrain(id="the_rock", kind="island", points=((24, 14), (28.6, 14), (28.6, 20), (24, 20)), name="Rock")
    state = _roads(anchored="bow", terrain=(rock,))
    activate(state, "aurora")
    assert "foul the rock" in refused(state, c.Swing("aurora", 0.0, 90.0)).lower()
    ok(state, c.Swing("aurora", 0.0, -90.0))


def test_at_anchor_on_a_shoal_of_her_own_draft_she_swings_without_a_test():
    bank = Terrain(id="bank", kind="shoal", points=((24, 14), (28.6, 14), (28.6, 20), (24, 20)), depth="5th")
    state = _roads(anchored="bow", terrain=(bank,), options={"anchors": {}, "shoals": {}})
    activate(state, "aurora")
    events = ok(state, c.Swing("aurora", 0.0, 90.0))
    assert not of_type(events, "test") and state.ships["aurora"].status == "afloat"


def test_weighing_takes_two_turns_instead_of_moving_and_she_sails_on_the_third():
    assert SPEC["weigh_turns"] == 2
    state = _roads(anchored="bow")
    activate(state, "aurora")
    first = ok(state, c.Weigh("aurora"))
    assert of_type(first, "anchor")[0]["step"] == 1 and state.ships["aurora"].anchor == "bow"
    _next_turn(state)
    assert "coming in" in refused(state, c.Swing("aurora", 0.0, 10.0))
    second = ok(state, c.Weigh("aurora"))
    assert of_type(second, "anchor")[0]["weighed"] is True and state.ships["aurora"].anchor == ""
    assert "move" not in _types(state)  # the weighing was her move this turn
    _next_turn(state)
    assert "move" in _types(state) and "let_go" in _types(state)


def test_cutting_the_cable_frees_her_at_once_but_she_cannot_anchor_again():
    state = _roads(anchored="stern")
    activate(state, "aurora")
    ok(state, c.CutCable("aurora"))
    assert "move" in _types(state)
    for _ in range(3):
        ok(state, c.MoveSegment("aurora", 3.0))
    _next_turn(state)
    assert "no anchor left" in refused(state, c.LetGo("aurora", "bow"))


def test_her_cable_holds_a_struck_ship_and_a_dismasted_one_against_the_wind():
    state = _roads(anchored="bow")
    ship = state.ships["aurora"]
    ship.rigging, ship.sail = 0, None
    activate(state, "aurora")
    assert "drift" not in _types(state)
    ok(state, c.EndActivation("aurora"))
    struck = battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 20, 0), "anchored": "bow"},
            {"id": "amazon", "side": "british", "pose": (10, 40, 0)},
            {"id": "bellone", "side": "french", "pose": (60, 20, 0)},
        ],
        wind_from=270.0,
        options=ON,
    )
    struck.ships["aurora"].status = "struck"
    before = struck.ships["aurora"].pose
    events = []
    for sid in ("amazon", "bellone"):
        activate(struck, sid)
        for _ in range(3):
            ok(struck, c.MoveSegment(sid, 3.0))
        events += ok(struck, c.EndActivation(sid))
    assert of_type(events, "phase")[-1]["phase"] == "end"  # struck ships drift at this point
    assert struck.ships["aurora"].pose == before
    assert not any(e.get("ship") == "aurora" for e in of_type(events, "drift"))


def test_a_ship_at_anchor_is_not_swung_round_when_another_runs_into_her():
    state = battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 20, 0), "anchored": "bow"},
            {"id": "bellone", "side": "french", "pose": (24, 20, 90)},
        ],
        wind_from=270.0,
        options=ON,
    )
    activate(state, "bellone")
    events = ok(state, c.MoveSegment("bellone", 5.0))
    hit = of_type(events, "collision")
    assert hit and hit[0]["other_aligned"] is False and state.ships["aurora"].heading == 0.0


def test_without_the_option_there_are_no_anchors():
    state = _roads(options={})
    activate(state, "aurora")
    assert not _types(state) & {"let_go", "swing", "weigh", "cut_cable"}
    assert "not a command of this battle" in refused(state, c.LetGo("aurora", "bow"))


def test_the_card_the_badge_and_the_log_say_she_is_at_anchor():
    state = _roads(anchored="bow")
    assert any(b.label == "ANCHORED" for b in figures.badges(state, "aurora"))
    card = state.system.card(state, "aurora")
    assert any("At anchor by the bow" in m.label for row in card.marks for m in row)
    activate(state, "aurora")
    events = ok(state, c.Swing("aurora", 0.0, 45.0))
    line = narrate.describe(of_type(events, "swing")[0], {"aurora": "Aurora"})
    assert line is not None and "swings 45° to starboard about her anchor, her stern coming round" in line


def test_the_computer_players_swing_an_anchored_ship_to_bring_the_enemy_abeam():
    state = battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 20, 0), "anchored": "bow"},
            {"id": "bellone", "side": "french", "pose": (30, 40, 180)},  # dead ahead: in neither broadside
        ],
        wind_from=270.0,
        options=ON,
    )
    activate(state, "aurora")
    degrees = best_swing(state, state.ships["aurora"])
    assert degrees is not None and 60.0 <= abs(degrees) <= SPEC["swing"]
    cmd = anchor_wish(state, legal_commands(state))
    assert isinstance(cmd, c.Swing) and cmd.turn == degrees


def test_a_dismasted_ship_drifting_onto_a_shore_lets_go_her_anchor():
    shore = Terrain(id="lee_shore", kind="coast", points=((31.1, 0), (40, 0), (40, 48), (31.1, 48)), name="Shore")
    state = battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 20, 0)},
            {"id": "bellone", "side": "french", "pose": (10, 40, 180)},
        ],
        wind_from=270.0,
        terrain=(shore,),
        options=ON,
    )
    state.ships["aurora"].rigging, state.ships["aurora"].sail = 0, None
    activate(state, "aurora")
    cmd = anchor_wish(state, legal_commands(state))
    assert isinstance(cmd, c.LetGo)


def test_the_scenario_anchors_swings_and_audits_clean_and_the_auditor_catches_a_dragging_anchor():
    sessions = list(scripted_games("aboukir_bay", range(1, 3)))
    events = sessions[0].events
    assert of_type(events, "anchor") and of_type(events, "swing")
    for s in sessions:
        assert check_events(s.events, RULES) == []
    forged = [dict(e) for e in events]
    swing = next(e for e in forged if e["type"] == "swing")
    swing["to"] = [swing["to"][0] + 1.0, swing["to"][1], swing["to"][2]]
    assert any("swings about her anchor" in p for p in check_events(forged, RULES))
    moored = next(e["ship"] for e in events if e["type"] == "anchor")
    dragged = [dict(e) for e in events]
    i = next(i for i, e in enumerate(dragged) if e["type"] == "activation" and e["ship"] == moored)
    dragged[i + 1] = {**dragged[i + 1], "type": "drift", "ship": moored, "distance": 0.0,
                      "to": next(s["pose"] for s in events[0]["ships"] if s["id"] == moored)}
    assert any("while at anchor" in p for p in check_events(dragged, RULES))


def test_a_scenario_ship_may_start_at_anchor_only_with_the_option(tmp_path):
    from game.content.load import load_scenario, scenario_path
    from game.content.yaml_nodes import ContentError
    from tests.systems.btq21.battle import SHIPS

    text = scenario_path("aboukir_bay").read_text().replace("options: [anchors, shoals]", "options: [shoals]")
    bad = tmp_path / "no_anchors.yaml"
    bad.write_text(text)
    with pytest.raises(ContentError) as err:
        load_scenario(bad, SHIPS, RULES)
    assert "add 'anchors' to the scenario's options" in str(err.value) and "no_anchors.yaml:" in str(err.value)


def test_swung_pose_keeps_the_anchored_end_fixed():
    state = _roads(anchored="bow")
    ship = state.ships["aurora"]
    for end in anchors.ENDS:
        for deg in (-120.0, -33.0, 17.0, 120.0):
            x, y, h = anchors.swung_pose(ship, end, deg)
            sign = 1 if end == "bow" else -1
            r = math.radians(ship.heading)
            r2 = math.radians(h)
            before = (ship.x + sign * math.sin(r) * ship.length / 2, ship.y + sign * math.cos(r) * ship.length / 2)
            after = (x + sign * math.sin(r2) * ship.length / 2, y + sign * math.cos(r2) * ship.length / 2)
            assert math.dist(before, after) < 1e-9 and h == pytest.approx((ship.heading + deg) % 360)
