"""Option visibility: the fog lifts on the tables' faces, the night at its dawn, and both close the long ranges."""

from __future__ import annotations

import copy

from game.logcheck import audit
from game.systems.btq21 import broadside, visibility, weather
from game.systems.btq21 import commands as c
from game.systems.btq21.dice import Loaded
from game.systems.btq21.events import Out
from tests.systems.btq21.battle import RULES, activate, battle, of_type, refused

SPEC = RULES.options["visibility"]


def _battle(value: str, gap: float = 20.0, **kw):
    """A British frigate firing distance: a French one ``gap`` inches off her starboard beam."""
    return battle(
        [{"id": "a", "side": "british", "pose": (20, 24, 0)}, {"id": "x", "side": "french", "pose": (23 + gap, 24, 0)}],
        options={"visibility": {"value": value}}, **kw,
    )


def test_while_the_fog_holds_the_bands_beyond_its_reach_are_closed():
    state = _battle("fog")
    reach = float(SPEC["reach"]["fog"])
    assert reach < float(RULES.ranges["long"])
    limits = weather.ranges(state)
    assert max(limits.values()) == reach
    shut = visibility.closed(state, limits)
    assert shut and all(RULES.ranges[b] > reach for b in shut)
    assert broadside.band_of(state, reach - 0.5) is not None
    assert broadside.band_of(state, reach + 0.5) is None
    state.visibility = ""  # the air clears: every band open again
    assert broadside.band_of(state, reach + 0.5) is not None


def test_a_ship_cannot_fire_beyond_what_she_sees_but_can_within_it():
    state = _battle("fog", gap=float(SPEC["reach"]["fog"]) + 2.0)
    activate(state, "a")
    assert "out of range" in refused(state, c.Fire("a", "starboard", "x", "hull"))
    near = _battle("fog", gap=float(SPEC["reach"]["fog"]) - 4.0)
    assert broadside.plan_shot(near, near.ships["a"], "starboard", near.ships["x"], "hull") is not None
    assert not isinstance(broadside.plan_shot(near, near.ships["a"], "starboard", near.ships["x"], "hull"), str)


def test_the_fog_lifts_on_an_even_die_and_stays_on_an_odd_one():
    state = _battle("fog")
    lifts = [f for f in range(1, int(SPEC["lift_die"]) + 1) if f in SPEC["lifts_on"]]
    assert lifts == [2, 4, 6]
    state.dice = Loaded([3])
    out = Out(state)
    visibility.new_turn(state, out)
    (roll,) = of_type(list(out), "visibility_roll")
    assert (roll["roll"], roll["clears"], state.visibility) == (3, False, "fog")
    state.dice = Loaded([4])
    out = Out(state)
    visibility.new_turn(state, out)
    assert of_type(list(out), "visibility_roll")[0]["clears"] is True and state.visibility == ""
    out = Out(state)
    visibility.new_turn(state, out)  # clear air rolls nothing more
    assert list(out) == []


def test_the_night_holds_without_a_die_until_the_scenarios_dawn():
    state = _battle("night", extra={"dawn": 3})
    state.dice = Loaded([])  # the night rolls no dice
    state.turn = 2
    out = Out(state)
    visibility.new_turn(state, out)
    assert list(out) == [] and state.visibility == "night"
    state.turn = 3
    visibility.new_turn(state, out)
    assert of_type(list(out), "visibility_roll")[0]["clears"] and state.visibility == ""


def _fog_log():
    from game.selfplay import play

    state = _battle("fog", gap=10.0, turn_limit=4)
    return play(state.scenario, RULES, 1, {"british": "random", "french": "random"},
                {"visibility": {"value": "fog"}}).session.events


def test_the_auditor_recounts_the_fog_and_the_shots_through_it():
    events = _fog_log()
    rolls = of_type(events, "visibility_roll")
    assert [r["clears"] for r in rolls] == [False, True]  # this seed: a 3 keeps the fog, then a 2 lifts it
    assert audit(events, RULES) == []
    forged = copy.deepcopy(events)
    roll = next(e for e in forged if e["type"] == "visibility_roll")
    roll["clears"] = not roll["clears"]
    assert any("the fog" in p for p in audit(forged, RULES))
    setup = copy.deepcopy(events)
    setup[0]["visibility_range"] = 64.0
    assert any("see" in p for p in audit(setup, RULES))


def test_the_computer_players_fire_at_what_they_can_see_in_fog():
    from game.ai import make_player
    from game.ai.solo.player import ScriptedPlayer
    from game.ai.solo.tables import AGGRESSIVE, MAINTAIN_COURSE, SoloOrders
    from game.systems.btq21.engine import legal_commands

    state = battle(
        [
            {"id": "amazon", "pose": (20.0, 20.0, 0.0), "sail": "easy"},
            {"id": "virginie", "side": "french", "pose": (40.0, 30.0, 0.0)},  # 20" off: in the fog
            {"id": "cleopatre", "side": "french", "pose": (31.0, 19.0, 0.0), "squadron": "second"},  # 10" off
        ],
        options={"visibility": {"value": "fog"}},
    )
    activate(state, "amazon")
    options = legal_commands(state)
    assert {o.fixed["target"] for o in options if o.type == "fire"} == {"cleopatre"}
    scripted = ScriptedPlayer(7, "british")
    scripted.orders[("amazon", state.turn)] = SoloOrders(AGGRESSIVE, 0, MAINTAIN_COURSE, 0.0)
    cmd = scripted.choose(state, options)
    assert isinstance(cmd, c.Fire) and cmd.target == "cleopatre"
    captain = make_player("captain", 7, "british", "btq21").choose(state, options)
    assert captain.type in {o.type for o in options}
