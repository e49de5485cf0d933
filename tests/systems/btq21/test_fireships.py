"""Option fireships: set ablaze, she runs straight on at her best until she blows up among the enemy."""

from __future__ import annotations

from game.ai.fireships import fireship_wish
from game.logcheck import check_events
from game.systems.btq21 import commands as c
from game.systems.btq21 import figures, narrate, victory
from game.systems.btq21.broadside import broadside_total, split_dice
from game.systems.btq21.engine import legal_commands
from tests.systems.btq21.battle import RULES, activate, battle, load, of_type, ok, refused, scripted_games

ON = {"fireships": {}}
SPEC = RULES.options["fireships"]


def _roads(gap: float = 30.0, rate: str = "brig", options: dict | None = None):
    """A british brig running east (wind from the west) at a french 74 ``gap`` inches ahead, bow on."""
    return battle(
        [
            {"id": "speedy", "side": "british", "pose": (10, 20, 90), "rate": rate, "sail": "full"},
            {"id": "amazon", "side": "british", "pose": (5, 40, 90)},
            {"id": "fougueux", "side": "french", "pose": (10 + gap, 20, 270), "rate": "3rd"},
            {"id": "junon", "side": "french", "pose": (60, 44, 0)},
        ],
        wind_from=270.0,
        options=ON if options is None else options,
    )


def _types(state) -> set[str]:
    return {o.type for o in legal_commands(state)}


def _again(state, sid: str) -> list[dict]:
    """Her next activation, as if the turn had come round."""
    state.ships[sid].activated = False
    return activate(state, sid)


def test_lit_she_sails_every_segment_at_her_best_and_never_turns_or_fires():
    state = _roads()
    activate(state, "speedy")
    assert "light_fireship" in _types(state)
    ok(state, c.LightFireship("speedy"))
    move = next(o for o in legal_commands(state) if o.type == "move")
    lo, hi = move.ranges["distance"]
    assert lo == hi and move.ranges["turn"] == (0.0, 0.0)
    assert "must sail between" in refused(state, c.MoveSegment("speedy", lo - 1.0))
    assert "turn" in refused(state, c.MoveSegment("speedy", hi, 10.0))
    assert "her crew has left her" in refused(state, c.SetSail("speedy", "battle"))
    assert not _types(state) & {"fire", "set_sail", "tack", "boxhaul", "declare_boarding"}


def test_from_her_next_activation_she_blows_up_on_four_to_six_among_the_ships_near_her():
    state = _roads(gap=5.0)  # her bow 2.75" from the 74's: within the blast
    activate(state, "speedy")
    ok(state, c.LightFireship("speedy"))
    state.activation = None
    load(state, 4, *([3] * 60))  # the explosion die, then the blast dice and the flames
    events = _again(state, "speedy")
    assert of_type(events, "fireship_roll")[0]["explodes"] is True
    blast = of_type(events, "fireship_blast")[0]
    want = split_dice(broadside_total(state, state.ships["speedy"].guns, SPEC["blast_band"]),
                      state.ships["speedy"].large_share)
    assert blast["target"] == "fougueux" and (blast["d10"], blast["d6"]) == want
    assert of_type(events, "fireship_flames")[0]["blast"] is True
    assert state.ships["speedy"].status == "exploded" and of_type(events, "exploded")[0]["cause"] == "fireship"


def test_on_one_to_three_she_burns_on_and_after_three_activations_only_drifts():
    state = _roads(gap=50.0)
    activate(state, "speedy")
    ok(state, c.LightFireship("speedy"))
    for _ in range(3):
        run = next(o for o in legal_commands(state) if o.type == "move").ranges["distance"][0]
        ok(state, c.MoveSegment("speedy", run))
    ok(state, c.EndActivation("speedy"))
    for n in (2, 3):
        load(state, 1, *([1] * 10))
        events = _again(state, "speedy")
        assert of_type(events, "fireship_roll")[0]["explodes"] is False and "move" in _types(state), n
        state.ships["speedy"].activated = True
        state.activation = None
    load(state, 2)
    events = _again(state, "speedy")
    assert of_type(events, "drift") and "move" not in _types(state)


def test_a_ship_that_comes_near_a_burning_fireship_takes_fire_on_a_six_once_a_turn():
    state = _roads(gap=50.0)
    activate(state, "speedy")
    ok(state, c.LightFireship("speedy"))
    junon = state.ships["junon"]
    junon.x, junon.y, junon.heading = 17.0, 21.5, 90.0  # just clear of her track, where her first segment ends
    run = next(o for o in legal_commands(state) if o.type == "move").ranges["distance"][0]
    load(state, 6)
    flames = of_type(ok(state, c.MoveSegment("speedy", run)), "fireship_flames")
    junon = state.ships["junon"]
    assert [f["target"] for f in flames] == ["junon"] and flames[0]["fire"] is True and junon.fires == 1
    junon.x = state.ships["speedy"].x  # still alongside after her next segment: no second roll this turn
    assert not of_type(ok(state, c.MoveSegment("speedy", run)), "fireship_flames")


def test_a_fireship_scores_for_nobody_and_is_not_boarded_nor_set_alight_at_anchor():
    state = _roads()
    activate(state, "speedy")
    ok(state, c.LightFireship("speedy"))
    state.ships["speedy"].status = "exploded"
    assert victory.points(state)["french"] == 0.0
    anchored = battle(
        [{"id": "speedy", "side": "british", "pose": (10, 20, 90), "rate": "brig", "anchored": "bow"},
         {"id": "junon", "side": "french", "pose": (60, 44, 0)}],
        wind_from=270.0, options={"fireships": {}, "anchors": {}},
    )
    activate(anchored, "speedy")
    assert "must run free" in refused(anchored, c.LightFireship("speedy"))


def test_without_the_option_there_are_no_fireships():
    state = _roads(options={})
    activate(state, "speedy")
    assert "light_fireship" not in _types(state)
    assert "not a command of this battle" in refused(state, c.LightFireship("speedy"))


def test_the_computer_players_light_a_brig_on_target_and_not_a_74_nor_one_far_off():
    near = _roads(gap=20.0)
    activate(near, "speedy")
    assert isinstance(fireship_wish(near, legal_commands(near)), c.LightFireship)
    far = _roads(gap=45.0)
    activate(far, "speedy")
    assert fireship_wish(far, legal_commands(far)) is None
    big = _roads(gap=20.0, rate="3rd")
    activate(big, "speedy")
    assert fireship_wish(big, legal_commands(big)) is None


def test_the_card_badge_and_log_name_the_fireship():
    state = _roads()
    activate(state, "speedy")
    events = ok(state, c.LightFireship("speedy"))
    assert any(b.label == "FIRESHIP" for b in figures.badges(state, "speedy"))
    line = narrate.describe(of_type(events, "fireship")[0], {"speedy": "Speedy"})
    assert line is not None and line.startswith("Speedy is set ablaze as a fireship")


def test_the_scenario_burns_and_audits_clean_and_the_auditor_catches_a_forged_explosion():
    sessions = list(scripted_games("basque_roads", range(1, 4)))
    events = [e for s in sessions for e in s.events]
    assert of_type(events, "fireship") and of_type(events, "fireship_roll")
    for s in sessions:
        assert check_events(s.events, RULES) == []
    log = next(s.events for s in sessions if any(e["type"] == "fireship_roll" for e in s.events))
    forged = [dict(e) for e in log]
    roll = next(e for e in forged if e["type"] == "fireship_roll")
    roll["roll"] = 1 if roll["explodes"] else 6
    assert any("explosion die" in p for p in check_events(forged, RULES))
