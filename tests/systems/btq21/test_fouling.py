"""Option fouling: ships that collide may foul; fouled, they neither sail nor drift until cleared or grappled."""

from __future__ import annotations

from game.ai.fouling import foul_wish
from game.logcheck import check_events
from game.systems.btq21 import commands as c
from game.systems.btq21 import figures, narrate
from game.systems.btq21.damage import sink
from game.systems.btq21.dice import Dice
from game.systems.btq21.engine import legal_commands
from tests.systems.btq21.battle import RULES, activate, battle, load, of_type, ok, refused, scripted_games

ON = {"fouling": {}}
SPEC = RULES.options["fouling"]
#: Collision dice of two frigates (small bases), each side.
BUMP = RULES.collision_dice["small"]


def _collide(foul_face: int, options: dict | None = None, other_side: str = "french"):
    """A british frigate sailing east into a frigate across her bow; the fouling die shows ``foul_face``."""
    state = battle(
        [
            {"id": "aurora", "side": "british", "pose": (24, 20, 90)},
            {"id": "amazon", "side": "british", "pose": (5, 40, 90)},
            {"id": "bellone", "side": other_side, "pose": (30, 20, 0)},
            {"id": "junon", "side": "french", "pose": (60, 5, 0)},
        ],
        wind_from=270.0,
        options=ON if options is None else options,
    )
    activate(state, "aurora")
    load(state, *([1] * (2 * BUMP)), foul_face)
    events = ok(state, c.MoveSegment("aurora", 5.0))
    assert of_type(events, "collision")
    return state, events


def _types(state) -> set[str]:
    return {o.type for o in legal_commands(state)}


def _next_activation(state, sid: str) -> None:
    """End the active ship's activation; give ``sid`` her next one, as if the turn had come round."""
    act = state.activation
    if act is not None:
        for _ in range(act.segments_allowed - act.segment):
            if act.movement_over:
                break
            ok(state, c.MoveSegment(act.ship, 3.0))
        ok(state, c.EndActivation(act.ship))
    state.ships[sid].activated = False
    state.ships[sid].fired = ()
    activate(state, sid)


def test_a_collision_fouls_the_two_on_a_one_or_two_of_the_fouling_die():
    assert tuple(SPEC["foul_on"]) == (1, 2)
    state, events = _collide(2)
    roll = of_type(events, "fouling")[0]
    assert roll["fouled"] is True and roll["roll"] == 2
    assert state.ships["aurora"].fouled == ("bellone",) and state.ships["bellone"].fouled == ("aurora",)
    state, events = _collide(3)
    assert of_type(events, "fouling")[0]["fouled"] is False and not state.ships["aurora"].fouled


def test_without_the_option_no_fouling_die_is_rolled():
    state, events = _collide(1, options={})
    assert not of_type(events, "fouling") and not state.ships["aurora"].fouled


def test_a_fouled_ship_does_not_sail_until_her_crew_clears_the_tangle():
    state, _ = _collide(1)
    _next_activation(state, "bellone")
    assert "move" not in _types(state) and {"unfoul", "end_activation"} <= _types(state)
    assert "no movement left" in refused(state, c.MoveSegment("bellone", 3.0))
    load(state, 1, 1, 1, 1, 1, 1)
    events = ok(state, c.Unfoul("bellone"))
    assert of_type(events, "test")[0]["passed"] is False and state.ships["bellone"].fouled
    assert "already tried" in refused(state, c.Unfoul("bellone"))
    _next_activation(state, "bellone")
    load(state, 6, 6, 6)
    events = ok(state, c.Unfoul("bellone"))
    assert of_type(events, "unfouled")[0]["others"] == ["aurora"]
    assert not state.ships["bellone"].fouled and not state.ships["aurora"].fouled
    assert "move" in _types(state)


def test_a_fouled_enemy_may_be_grappled_where_she_lies_after_a_passed_test():
    state, _ = _collide(1)
    _next_activation(state, "bellone")
    assert any(o.type == "grapple" and o.fixed["target"] == "aurora" for o in legal_commands(state))
    load(state, 6, 6, 6, *([3] * 40))  # the test, then whatever the snap fire rolls
    events = ok(state, c.Grapple("bellone", "aurora"))
    grapple = of_type(events, "grapple")[0]
    assert grapple["fouled"] is True
    assert state.ships["bellone"].boarding_with == "aurora" and state.ships["aurora"].boarding_with == "bellone"


def test_only_an_enemy_fouled_with_her_can_be_grappled_so():
    state, _ = _collide(1, other_side="british")
    _next_activation(state, "bellone")
    assert "friend" in refused(state, c.Grapple("bellone", "aurora"))
    assert "fouled with" in refused(state, c.Grapple("bellone", "junon"))


def test_a_ship_fouled_with_one_that_sinks_tests_or_goes_down_with_her():
    state, _ = _collide(1)
    load(state, 1, 1, 1, 1, 1, 1)
    from game.systems.btq21.events import Out

    out = Out(state)
    sink(state, state.ships["bellone"], out)
    events = list(out)
    assert of_type(events, "test")[0]["purpose"] == "dragged:bellone"
    sunk = of_type(events, "sunk")
    assert [e["ship"] for e in sunk] == ["bellone", "aurora"] and sunk[1]["dragged_by"] == "bellone"
    state, _ = _collide(1)
    load(state, 6, 6, 6)
    out = Out(state)
    sink(state, state.ships["bellone"], out)
    assert state.ships["aurora"].status == "afloat" and not state.ships["aurora"].fouled


def test_a_struck_ship_fouled_does_not_drift():
    state, _ = _collide(1)
    state.ships["bellone"].status = "struck"
    state.dice = Dice.from_seed(5)  # the rest of the turn, and the next turn's initiative, on ordinary dice
    before = state.ships["bellone"].pose
    for sid in ("aurora", "amazon", "junon"):
        _next_activation(state, sid)
    _next_activation(state, "aurora")
    assert state.turn == 2 and state.ships["bellone"].pose == before  # the end of turn 1, when struck ships drift


def test_the_card_badge_and_log_name_the_fouling():
    state, events = _collide(1)
    assert any(b.label == "FOULED" for b in figures.badges(state, "aurora"))
    card = state.system.card(state, "aurora")
    assert any("Fouled with Bellone" in m.label for row in card.marks for m in row)
    line = narrate.describe(of_type(events, "fouling")[0], {"aurora": "Aurora", "bellone": "Bellone"})
    assert line == "Aurora and Bellone foul each other (a 1): their rigging is tangled and neither can sail."


def test_the_computer_players_clear_a_tangle_they_would_not_board_through():
    state, _ = _collide(1)
    _next_activation(state, "bellone")
    cmd = foul_wish(state, legal_commands(state))
    assert isinstance(cmd, c.Unfoul)


def test_the_scenario_fouls_and_audits_clean_and_the_auditor_catches_a_forged_roll_and_a_tangled_move():
    sessions = list(scripted_games("breaking_the_line", range(1, 4)))
    events = [e for s in sessions for e in s.events]
    assert of_type(events, "fouling")
    for s in sessions:
        assert check_events(s.events, RULES) == []
    log = next(s.events for s in sessions if any(e["type"] == "fouling" for e in s.events))
    forged = [dict(e) for e in log]
    roll = next(e for e in forged if e["type"] == "fouling")
    roll["fouled"] = not roll["fouled"]
    assert any("fouling roll of" in p for p in check_events(forged, RULES))
    unrolled = [dict(e) for e in log if e["type"] != "fouling"]
    for i, e in enumerate(unrolled):
        e["seq"] = i
    assert any("not followed by a fouling roll" in p for p in check_events(unrolled, RULES))


def test_a_battle_where_a_ship_is_dragged_at_by_her_sinking_partner_audits_clean():
    from game.content.load import load_scenario, scenario_path
    from game.selfplay import play
    from tests.systems.btq21.battle import SHIPS

    sc = load_scenario(scenario_path("breaking_the_line"), SHIPS, RULES)
    events = play(sc, RULES, 5050, {"british": "random", "combined": "random"}).session.events
    assert [e for e in events if e["type"] == "test" and e["purpose"].startswith("dragged:")]
    assert check_events(events, RULES) == []
