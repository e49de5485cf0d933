"""Option chasers: guns shifted to fire ahead and astern, at half a broadside's dice and a price."""

from __future__ import annotations

from game.ai.chasers import wants_chasers
from game.logcheck import check_events
from game.systems.btq21 import broadside, figures, narrate
from game.systems.btq21 import commands as c
from game.systems.btq21.engine import legal_commands
from tests.systems.btq21.battle import RULES, activate, battle, of_type, ok, refused, scripted_games

SPEC = RULES.options["chasers"]


def _chase(gap: float, rate: str = "5th", options: dict | None = None):
    """A british frigate dead astern of a french one, ``gap`` inches between centres, both heading south."""
    state = battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 70, 180), "rate": rate},
            {"id": "bellone", "side": "french", "pose": (30, 70 - gap, 180)},
        ],
        options={"chasers": {}} if options is None else options,
        table=(72.0, 96.0),
    )
    return state


def _rig(state):
    activate(state, "aurora")
    return ok(state, c.RigChasers("aurora", True))


def test_rigging_chasers_is_a_start_of_activation_step_and_silences_her_for_the_turn():
    state = _chase(20.0)
    events = _rig(state)
    assert of_type(events, "chasers")[0]["rigged"] is True and state.ships["aurora"].chasers
    assert "already fired her bow chasers" in refused(state, c.Fire("aurora", "bow", "bellone", "hull"))
    assert not any(o.type == "fire" for o in legal_commands(state))
    state = _chase(20.0)
    activate(state, "aurora")
    ok(state, c.MoveSegment("aurora", 3.0))
    assert "start of her activation" in refused(state, c.RigChasers("aurora", True))


def test_a_chaser_fires_dead_ahead_with_half_the_broadsides_dice_and_never_rakes():
    state = _chase(20.0)
    _rig(state)
    ship = state.ships["aurora"]
    ship.fired = ()  # the next turn
    plan = broadside.plan_shot(state, ship, "bow", state.ships["bellone"], "hull")
    assert not isinstance(plan, str) and plan.rake is False
    total = broadside.broadside_total(state, ship.guns, plan.band)
    d10, d6 = broadside.split_dice(total, ship.large_share)
    assert (plan.d10, plan.d6) == (int(d10 * SPEC["dice_factor"]), int(d6 * SPEC["dice_factor"]))
    assert isinstance(broadside.plan_shot(state, ship, "stern", state.ships["bellone"], "hull"), str)
    assert "chasers" not in plan.modifiers


def test_rigged_chasers_cost_her_broadsides_and_a_brig_fires_only_her_chasers():
    state = _chase(20.0)
    _rig(state)
    ship = state.ships["aurora"]
    ship.heading = 90.0  # yawed: the enemy now bears on a broadside
    side = next(s for s in broadside.SIDES if broadside.in_arc(state, ship, s, state.ships["bellone"]))
    ship.fired = ()
    plan = broadside.plan_shot(state, ship, side, state.ships["bellone"], "hull")
    assert not isinstance(plan, str) and plan.modifiers["chasers"] == SPEC["broadside_to_hit"]
    brig = _chase(20.0, rate="brig")
    _rig(brig)
    b = brig.ships["aurora"]
    b.heading, b.fired = 90.0, ()
    why = broadside.plan_shot(brig, b, side, brig.ships["bellone"], "hull")
    assert isinstance(why, str) and "fires only her chasers" in why


def test_without_the_option_there_are_no_chasers_and_the_state_holds_no_trace_of_them():
    state = _chase(20.0, options={})
    activate(state, "aurora")
    assert not any(o.type == "rig_chasers" for o in legal_commands(state))
    assert "not a command of this battle" in refused(state, c.RigChasers("aurora", True))
    assert "chasers" not in state.to_dict()["ships"]["aurora"]


def test_the_table_draws_the_chasers_fields_and_the_log_names_them():
    state = _chase(20.0)
    before = len(figures.arcs(state, "aurora"))
    _rig(state)
    state.ships["aurora"].fired = ()
    assert len(figures.arcs(state, "aurora")) == before + 2 * len(RULES.ranges)
    line = narrate.describe({"type": "chasers", "ship": "aurora", "rigged": True}, {"aurora": "Aurora"}, rules=RULES)
    assert line.startswith("Aurora rigs her bow and stern chasers")


def test_the_computer_players_rig_chasers_in_a_chase_and_not_in_a_broadside_fight():
    assert wants_chasers(_chase(40.0), _chase(40.0).ships["aurora"]) is True
    state = battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 10, 180)},
            {"id": "bellone", "side": "french", "pose": (40, 10, 180)},
        ],
        options={"chasers": {}},
    )
    assert wants_chasers(state, state.ships["aurora"]) is False


def test_the_scenario_fires_chasers_and_audits_clean_and_the_auditor_catches_a_forged_one():
    sessions = list(scripted_games("stern_chase", range(1, 3)))
    for s in sessions:
        assert check_events(s.events, RULES) == []
    events = [dict(e) for s in sessions for e in s.events][: len(sessions[0].events)]
    rigged = next(e for e in events if e["type"] == "chasers")
    events.remove(rigged)
    assert any("chasers" in p for p in check_events(events, RULES))
