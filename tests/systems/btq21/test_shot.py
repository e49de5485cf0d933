"""Option shot: each broadside loaded with round, chain, double, grape or hot shot, from a fleet's stock."""

from __future__ import annotations

import pytest

from game.ai.shot import wanted_load
from game.logcheck import check_events
from game.systems.btq21 import broadside, narrate, shot
from game.systems.btq21 import commands as c
from game.systems.btq21.engine import legal_commands
from game.systems.btq21.offers import offer
from tests.systems.btq21.battle import RULES, activate, battle, load, of_type, ok, refused, scripted_games

SPEC = RULES.options["shot"]
LOADS = SPEC["loads"]
MISS = 1  # a natural 1 always misses, and is never a die's maximum
HIT = 5  # hits the hull at point blank and close whatever the small modifiers; never a maximum


def _duel(gap: float, options: dict | None = None, rate: str = "5th", target_rate: str = "5th"):
    """Two frigates side by side ``gap`` inches apart (centre to centre), the british one to act."""
    state = battle(
        [
            {"id": "aurora", "side": "british", "pose": (30, 20, 90), "rate": rate},
            {"id": "bellone", "side": "french", "pose": (30, 20 + gap, 90), "rate": target_rate},
        ],
        options={"shot": {}} if options is None else options,
    )
    side = next(s for s in broadside.SIDES if broadside.in_arc(state, state.ships["aurora"], s, state.ships["bellone"]))
    return state, side


def _stocked(state, n: int = 3):
    state.shot_stock = tuple(n for _ in state.sides)
    return state


def _faces(state, side: str, aim: str, head: list[int], hit: int = HIT, tail: list[int] | None = None):
    """Dice for one broadside: ``head`` (a hot shot die), one face per gun die, then ``tail`` (checks, musketry)."""
    plan = broadside.plan_shot(state, state.ships["aurora"], side, state.ships["bellone"], aim)
    assert not isinstance(plan, str), plan
    load(state, *head, *([hit] * (plan.d10 + plan.d6)), *(tail if tail is not None else [MISS] * 12))
    return plan


def test_each_fleet_rolls_its_stock_of_special_shot_when_the_battle_opens():
    state, _ = _duel(6.0)
    assert len(state.shot_stock) == 2 and all(1 <= n <= SPEC["stock_die"] for n in state.shot_stock)


def test_without_the_option_nothing_is_loaded_and_the_state_holds_no_trace_of_it():
    state, side = _duel(6.0, options={})
    assert state.shot_stock == () and "shot_stock" not in state.to_dict()
    assert "loads" not in state.to_dict()["ships"]["aurora"]
    activate(state, "aurora")
    assert all(o.type != "load" for o in legal_commands(state))
    assert "not a command of this battle" in refused(state, c.LoadShot("aurora", side, "grape"))


def test_guns_are_loaded_at_the_start_of_her_activation_and_not_after_she_has_moved():
    state, side = _duel(6.0)
    _stocked(state)
    activate(state, "aurora")
    events = ok(state, c.LoadShot("aurora", side, "grape"))
    assert of_type(events, "load")[0] == {**of_type(events, "load")[0], "shot": "grape", "ready": True}
    assert shot.load_of(state.ships["aurora"], side) == "grape"
    ok(state, c.LoadShot("aurora", side, "chain"))  # changed again before she moves: allowed
    ok(state, c.MoveSegment("aurora", 3.0))
    assert "start of her activation" in refused(state, c.LoadShot("aurora", side, "round"))


def test_no_special_shot_is_loaded_once_the_fleet_has_none():
    state, side = _duel(6.0)
    state.shot_stock = (0, 0)
    activate(state, "aurora")
    assert "no special shot left" in refused(state, c.LoadShot("aurora", side, "hot"))
    assert {o.fixed["side"]: o.choices["shot"] for o in legal_commands(state) if o.type == "load"} == {}


def test_grape_reaches_only_point_blank_and_its_hits_fall_on_the_crew():
    state, side = _duel(12.0)
    _stocked(state)
    activate(state, "aurora")
    ok(state, c.LoadShot("aurora", side, "grape"))
    reason = refused(state, c.Fire("aurora", side, "bellone", "hull"))
    assert "reaches only point blank" in reason
    state, side = _duel(4.0)
    _stocked(state)
    activate(state, "aurora")
    ok(state, c.LoadShot("aurora", side, "grape"))
    crew, hull = state.ships["bellone"].crew, state.ships["bellone"].hull
    _faces(state, side, "hull", [])
    events = ok(state, c.Fire("aurora", side, "bellone", "hull"))
    fired = of_type(events, "broadside")[0]
    assert fired["shot"] == "grape" and fired["hits_on"] == "crew" and fired["hits"] > 0
    assert state.ships["bellone"].hull == hull and state.ships["bellone"].crew < crew
    assert state.shot_stock[state.sides.index("british")] == 2


def test_chain_is_fired_at_the_rigging_only_with_its_to_hit_bonus():
    state, side = _duel(12.0)
    _stocked(state)
    activate(state, "aurora")
    ok(state, c.LoadShot("aurora", side, "chain"))
    assert "rigging" in refused(state, c.Fire("aurora", side, "bellone", "hull"))
    plan = broadside.plan_shot(state, state.ships["aurora"], side, state.ships["bellone"], "rigging")
    assert not isinstance(plan, str) and plan.modifiers["shot"] == LOADS["chain"]["to_hit"]
    fire = [o for o in legal_commands(state) if o.type == "fire" and o.fixed["side"] == side]
    assert [o.choices["aim"] for o in fire] == [("rigging",)]  # and no Chain Shot special on top of it
    assert not any(o.fixed.get("chain_shot") for o in fire)


def test_double_shot_takes_her_activation_to_load_then_fires_half_as_many_dice_again():
    state, side = _duel(4.0)
    _stocked(state)
    round_shot = broadside.plan_shot(state, state.ships["aurora"], side, state.ships["bellone"], "hull")
    activate(state, "aurora")
    events = ok(state, c.LoadShot("aurora", side, "double"))
    assert of_type(events, "load")[0]["ready"] is False
    assert "still being loaded" in refused(state, c.Fire("aurora", side, "bellone", "hull"))
    state.ships["aurora"].activated = False  # her next activation
    state.activation = None
    events = activate(state, "aurora")
    assert of_type(events, "loaded") == [{**of_type(events, "loaded")[0], "side": side, "shot": "double"}]
    doubled = broadside.plan_shot(state, state.ships["aurora"], side, state.ships["bellone"], "hull")
    factor = LOADS["double"]["dice_factor"]
    assert not isinstance(doubled, str) and not isinstance(round_shot, str)
    assert (doubled.d10, doubled.d6) == (-(-round_shot.d10 * factor // 1), -(-round_shot.d6 * factor // 1))
    assert doubled.d10 + doubled.d6 > round_shot.d10 + round_shot.d6


def test_hot_shot_may_set_her_own_deck_alight_and_the_broadside_is_lost():
    state, side = _duel(12.0)
    _stocked(state)
    activate(state, "aurora")
    ok(state, c.LoadShot("aurora", side, "hot"))
    load(state, LOADS["hot"]["self_fire_on"][0])
    events = ok(state, c.Fire("aurora", side, "bellone", "hull"))
    assert [e["type"] for e in events] == ["hot_shot"] and events[0]["backfire"] is True
    assert state.ships["aurora"].fires == 1 and side in state.ships["aurora"].fired
    assert state.shot_stock[state.sides.index("british")] == 2


def test_hot_shot_sets_the_target_afire_and_blows_her_up_if_the_broadside_lit_her_too():
    fire_roll = next(r for r in range(2, 13) if any(row.low <= r <= row.high and row.effect == "fire"
                                                    for row in RULES.critical_table))
    crit = [fire_roll // 2, fire_roll - fire_roll // 2]
    kindle = LOADS["hot"]["target_fire_on"][0]
    # a fire from the hot shot alone
    state, side = _duel(12.0)
    _stocked(state)
    activate(state, "aurora")
    ok(state, c.LoadShot("aurora", side, "hot"))
    _faces(state, side, "hull", [MISS], tail=[MISS, kindle])  # no critical, then the hot shot kindles her
    events = ok(state, c.Fire("aurora", side, "bellone", "hull"))
    hit = of_type(events, "hot_shot_hit")[0]
    assert hit["fire"] is True and hit["explodes"] is False and state.ships["bellone"].fires == 1
    # a critical fire and the hot shot together
    state, side = _duel(12.0)
    _stocked(state)
    activate(state, "aurora")
    ok(state, c.LoadShot("aurora", side, "hot"))
    _faces(state, side, "hull", [MISS], tail=[RULES.critical_check_on, *crit, MISS, MISS, kindle])
    events = ok(state, c.Fire("aurora", side, "bellone", "hull"))
    assert of_type(events, "hot_shot_hit")[0]["explodes"] is True
    assert state.ships["bellone"].status == "exploded"
    blast = of_type(events, "exploded")[0]
    assert "hot shot" in narrate.describe(blast, {"bellone": "Bellone"}, rules=RULES)


def test_the_last_special_shot_sends_every_gun_of_the_fleet_back_to_round_shot():
    state, side = _duel(4.0)
    _stocked(state, 1)
    activate(state, "aurora")
    other = "port" if side == "starboard" else "starboard"
    ok(state, c.LoadShot("aurora", other, "chain"))
    ok(state, c.LoadShot("aurora", side, "grape"))
    _faces(state, side, "hull", [])
    events = ok(state, c.Fire("aurora", side, "bellone", "hull"))
    spent = of_type(events, "shot_spent")
    assert spent and spent[0]["ships"] == ["aurora"] and state.ships["aurora"].loads == ()


def test_the_window_offers_one_button_per_broadside_that_loads_the_next_shot_in_turn():
    state, side = _duel(6.0)
    _stocked(state)
    activate(state, "aurora")
    buttons = [o for o in offer(state, legal_commands(state)) if o.type == "load"]
    assert len(buttons) == 2 and all(len(o.variants) == 1 for o in buttons)
    first = next(o for o in buttons if o.fixed["side"] == side)
    assert "round shot → chain shot" in first.label
    ok(state, first.command(**first.variants[0].values))
    again = next(o for o in offer(state, legal_commands(state)) if o.type == "load" and o.fixed["side"] == side)
    assert "chain shot → double shot" in again.label


def test_the_log_says_what_is_loaded_and_what_hot_shot_did():
    names = {"aurora": "Aurora", "bellone": "Bellone"}
    line = narrate.describe({"type": "load", "ship": "aurora", "side": "port", "shot": "double", "ready": False},
                            names, rules=RULES)
    assert line == "Aurora loads her port guns with double shot: it takes her whole activation, ready at her next."
    boom = {"type": "hot_shot_hit", "ship": "aurora", "target": "bellone", "roll": 6, "fire": True, "explodes": True}
    assert "she blows up" in narrate.describe(boom, names, rules=RULES)


def test_the_computer_players_load_grape_alongside_chain_at_close_range_and_double_for_the_next_pass():
    state, side = _duel(4.0)
    _stocked(state)
    assert wanted_load(state, state.ships["aurora"], side) == "grape"
    state, side = _duel(12.0)
    _stocked(state)
    assert wanted_load(state, state.ships["aurora"], side) == "chain"
    other = "port" if side == "starboard" else "starboard"
    assert wanted_load(state, state.ships["aurora"], other) == "double"
    state.shot_stock = (0, 0)
    assert wanted_load(state, state.ships["aurora"], side) == "round"


@pytest.fixture(scope="module")
def played():
    return [s.events for s in scripted_games("round_and_grape", range(1, 4))]


def test_the_scenario_fires_special_shot_and_audits_clean(played):
    fired = [e.get("shot") for events in played for e in events if e["type"] == "broadside"]
    assert {"chain", "grape"} & set(fired)
    for events in played:
        assert check_events(events, RULES) == []


def test_the_auditor_catches_a_broadside_fired_with_the_wrong_load(played):
    events = [dict(e) for e in next(ev for ev in played if any(e.get("shot") for e in ev))]
    i = next(i for i, e in enumerate(events) if e["type"] == "broadside" and e.get("shot"))
    events[i].pop("shot")
    events[i].pop("hits_on")
    assert any("the log fires round" in p for p in check_events(events, RULES))


def test_the_auditor_catches_special_shot_loaded_from_an_empty_stock(played):
    events = [dict(e) for e in played[0]]
    for e in events:
        if e["type"] == "shot_stock":
            e["roll"] = e["stock"] = 0
    problems = check_events(events, RULES)
    assert any("from a roll of 0" in p for p in problems) and any("no special shot left" in p for p in problems)
