"""Option national: British rate of fire, American gunnery, and how closely each crew handles her ship."""

from __future__ import annotations

import collections

from game.logcheck import check_events
from game.systems.btq21 import broadside, card, movement, narrate
from game.systems.btq21 import commands as c
from tests.systems.btq21.battle import RULES, activate, battle, ok, refused, scripted_games

SPEC = RULES.options["national"]
ON = {"national": {}}


def _abeam(nation: str = "british", quality: str = "average", options: dict | None = None):
    """A ship of ``nation`` with a french frigate 10 inches on her beam, both heading north, wind on the quarter."""
    return battle(
        [
            {"id": "aurora", "side": "british", "nation": nation, "pose": (30, 10, 0), "quality": quality},
            {"id": "bellone", "side": "french", "pose": (40, 10, 0)},
        ],
        options=ON if options is None else options,
        wind_from=150.0,
    )


def _side(state) -> str:
    return next(s for s in broadside.SIDES if broadside.in_arc(state, state.ships["aurora"], s, state.ships["bellone"]))


def test_a_british_broadside_fires_twice_a_turn_but_never_twice_in_one_segment():
    state = _abeam()
    activate(state, "aurora")
    side = _side(state)
    ok(state, c.Fire("aurora", side, "bellone", "hull"))
    assert "in this segment already" in refused(state, c.Fire("aurora", side, "bellone", "hull"))
    assert side not in state.ships["aurora"].fired
    ok(state, c.MoveSegment("aurora", 3.0))
    ok(state, c.Fire("aurora", side, "bellone", "hull"))
    ok(state, c.MoveSegment("aurora", 3.0))
    assert "already fired" in refused(state, c.Fire("aurora", side, "bellone", "hull"))


def test_the_card_says_a_british_broadside_fired_once_is_ready_again():
    state = _abeam()
    activate(state, "aurora")
    side = _side(state)
    ok(state, c.Fire("aurora", side, "bellone", "hull"))
    words = [m.label for group in card.ship_card(state, "aurora").marks for m in group]
    assert f"{side.title()} fired once, ready again" in words


def test_other_nations_and_battles_without_the_option_fire_each_broadside_once():
    for state in (_abeam("french"), _abeam(options={})):
        activate(state, "aurora")
        side = _side(state)
        ok(state, c.Fire("aurora", side, "bellone", "hull"))
        ok(state, c.MoveSegment("aurora", 3.0))
        assert "already fired" in refused(state, c.Fire("aurora", side, "bellone", "hull"))


def test_american_gunners_add_to_every_roll_to_hit():
    state = _abeam("american")
    shot = broadside.plan_shot(state, state.ships["aurora"], _side(state), state.ships["bellone"], "hull")
    assert not isinstance(shot, str) and shot.modifiers["national"] == SPEC["to_hit"]["american"]
    line = narrate._modifier_words("national", 1, RULES)
    assert "nation" in line
    plain = _abeam("american", options={})
    shot = broadside.plan_shot(plain, plain.ships["aurora"], _side(plain), plain.ships["bellone"], "hull")
    assert not isinstance(shot, str) and "national" not in shot.modifiers


def test_a_good_crew_may_sail_a_shorter_segment_and_a_spanish_ship_must_sail_a_longer_one():
    for nation, quality, want in (
        ("spanish", "average", SPEC["handling_by_nation"]["spanish"]),
        ("spanish", "good", SPEC["handling_by_quality"]["good"]),
        ("french", "average", RULES.minimum_fraction),
    ):
        state = _abeam(nation, quality)
        ship = state.ships["aurora"]
        lo, hi = movement.rate_limits(state, ship, movement.ship_disposition(state, ship))
        assert abs(lo - hi * want) < 1e-9, (nation, quality)
    plain = _abeam("spanish", options={})
    ship = plain.ships["aurora"]
    lo, hi = movement.rate_limits(plain, ship, movement.ship_disposition(plain, ship))
    assert abs(lo - hi * RULES.minimum_fraction) < 1e-9


def test_a_spanish_ship_is_refused_a_segment_shorter_than_her_least_way():
    state = _abeam("spanish")
    activate(state, "aurora")
    ship = state.ships["aurora"]
    lo, hi = movement.rate_limits(state, ship, movement.ship_disposition(state, ship))
    assert refused(state, c.MoveSegment("aurora", (lo + hi * RULES.minimum_fraction) / 2))
    ok(state, c.MoveSegment("aurora", lo + 0.01))


def test_the_scenario_audits_clean_with_second_broadsides_and_the_auditor_catches_a_third():
    sessions = list(scripted_games("st_vincent", range(1, 3)))
    for s in sessions:
        assert check_events(s.events, RULES) == []
    events = [dict(e) for e in sessions[0].events]
    seen = collections.Counter((e["ship"], e["side"], e["turn"]) for e in events if e["type"] == "broadside")
    assert max(seen.values()) == 2
    twice = next(k for k, v in seen.items() if v == 2)
    first = next(
        i for i, e in enumerate(events) if e["type"] == "broadside" and (e["ship"], e["side"], e["turn"]) == twice
    )
    events.insert(first + 1, dict(events[first]))
    for i, e in enumerate(events):
        e["seq"] = i + 1
    assert any("twice in one segment" in p or "times this turn" in p for p in check_events(events, RULES))
