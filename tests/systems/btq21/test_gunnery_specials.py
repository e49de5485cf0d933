"""Fire As She Bears, Chain Shot, musketry, All Hands, and shore batteries."""

import pytest

from game.content.load import load_scenario, scenario_path
from game.systems.btq21 import commands as c
from game.systems.btq21.broadside import plan_shot
from game.systems.btq21.engine import legal_commands
from game.systems.btq21.events import Out
from game.systems.btq21.setup import new_game
from tests.systems.btq21.battle import (
    RULES,
    SHIPS,
    activate,
    battle,
    load,
    of_type,
    ok,
    refused,
    sail_with_fire_as_she_bears,
)


def test_fire_as_she_bears_fires_with_priority_during_another_ships_move():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (27, 30, 90)}])
    sail_with_fire_as_she_bears(st, "amazon")
    assert st.ships["amazon"].fas
    ok(st, c.ActivateShip("virginie"))
    ok(st, c.MoveSegment("virginie", 5.0))
    assert st.fas_window == ("amazon",)
    assert {o.ship for o in legal_commands(st)} == {"amazon"}
    assert "fire as she bears first" in refused(st, c.MoveSegment("virginie", 5.0))
    load(st, *([1] * 8))
    ev = ok(st, c.Fire("amazon", "port", "virginie", "hull"))
    assert of_type(ev, "broadside")[0]["band"] == "close"
    assert not st.ships["amazon"].fas and st.fas_window == ()
    ok(st, c.MoveSegment("virginie", 5.0))  # the activation goes on; FAS was spent by firing


def test_holding_fire_keeps_fire_as_she_bears_in_force():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (27, 30, 90)}])
    sail_with_fire_as_she_bears(st, "amazon")
    ok(st, c.ActivateShip("virginie"))
    ok(st, c.MoveSegment("virginie", 5.0))
    ok(st, c.HoldFire("amazon"))
    assert st.ships["amazon"].fas
    ok(st, c.MoveSegment("virginie", 2.5))
    assert st.fas_window == ("amazon",)  # asked again after the next segment


def test_chain_shot_adds_two_against_rigging_at_close_range():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    activate(st, "amazon")
    load(st, 6, 1, 1, *([1] * 8))
    ev = ok(st, c.Fire("amazon", "port", "virginie", "rigging", chain_shot=True))
    assert of_type(ev, "test")[0]["purpose"] == "special:chain_shot"
    b = of_type(ev, "broadside")[0]
    assert b["modifiers"]["chain_shot"] == 2 and b["needed_d6"] == 6


def test_a_fire_that_cripples_her_crew_before_she_fires_stops_chain_shot_and_leaves_her_guns_loaded():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    s = st.ships["amazon"]
    s.fires, s.crew = 1, s.crew_start - s.crew_cripple + 1
    activate(st, "amazon")
    load(st, 2, 3)  # the fire spreads: 5 crew lost, her crew is crippled
    ev = ok(st, c.Fire("amazon", "port", "virginie", "rigging", chain_shot=True))
    assert of_type(ev, "fire_spreads") and not of_type(ev, "test") and not of_type(ev, "broadside")
    assert st.activation.special is None and "port" not in s.fired
    load(st, *([1] * 8))
    ev = ok(st, c.Fire("amazon", "port", "virginie", "rigging"))
    assert "chain_shot" not in of_type(ev, "broadside")[0]["modifiers"]


def test_musketry_at_point_blank_with_marines_rerolling_misses():
    st = battle(
        [
            {"id": "amazon", "pose": (30, 20, 90), "specials": ("marines",)},
            {"id": "virginie", "side": "french", "pose": (30, 24, 90)},
        ]
    )
    activate(st, "amazon")
    # 12 D6 broadside all missing, then 6 D6 musketry: 4, 5, 1, 2, 3, 6 -> three misses rerolled to 4, 1, 6
    load(st, *([1] * 12), 4, 5, 1, 2, 3, 6, 4, 1, 6)
    ev = ok(st, c.Fire("amazon", "port", "virginie", "hull"))
    (m,) = of_type(ev, "musketry")
    assert m["dice"] == 6 and m["rerolled"] == [2, 3, 4] and m["hits"] == 5
    assert st.ships["virginie"].crew == 35


def test_all_hands_on_deck_means_no_shooting_this_turn():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    st.ships["amazon"].fires = 1
    activate(st, "amazon")
    load(st, 6, 6, 6, 6, 1)
    ok(st, c.FightFires("amazon", all_hands=True))
    assert "already fired" in refused(st, c.Fire("amazon", "port", "virginie", "hull"))
    assert not [o for o in legal_commands(st) if o.type == "fire"]


def fort():
    sc = load_scenario(scenario_path("cap_noir"), SHIPS, RULES)
    st, _ = new_game(sc, RULES, 1)
    return st


def test_a_shore_battery_is_its_own_squadron_never_moves_and_fires_all_round_with_plus_one():
    st = fort()
    assert st.squadrons["fort_noir"].ships == ("fort_noir",)
    bat = st.ships["fort_noir"]
    st.ships["cleopatre"].status = "sunk"  # out of the way
    st.ships["amazon"].x, st.ships["amazon"].y = 20.0, 22.0
    activate(st, "fort_noir")
    types = {o.type for o in legal_commands(st)}
    assert "move" not in types and "end_activation" in types
    shot = plan_shot(st, bat, "battery", st.ships["amazon"], "hull")
    assert shot.modifiers == {"shore_battery": 1}
    assert "battery" in plan_shot(st, bat, "port", st.ships["amazon"], "hull")


def test_a_battery_limited_to_its_arc():
    st = fort()
    bat = st.ships["fort_noir"]
    st.ships["cleopatre"].status = "sunk"
    st.ships["amazon"].x, st.ships["amazon"].y = 20.0, 10.0  # bearing about 137: inside [0, 180]
    assert not isinstance(plan_shot(st, bat, "battery", st.ships["amazon"], "hull"), str)
    st.ships["speedy"].x, st.ships["speedy"].y = 8.5, 3.0  # bearing about 181.5: outside the arc
    assert "not in" in plan_shot(st, bat, "battery", st.ships["speedy"], "hull")


def test_a_battery_takes_no_criticals_halves_dice_when_crippled_and_is_destroyed_at_zero():
    from game.systems.btq21.damage import lose

    st = fort()
    bat = st.ships["fort_noir"]
    st.ships["cleopatre"].status = "sunk"
    st.ships["amazon"].x, st.ships["amazon"].y = 20.0, 22.0
    full = plan_shot(st, bat, "battery", st.ships["amazon"], "hull")
    lose(st, bat, "hull", 20, Out(st))  # 60 fort points: crippled at 20 lost
    half = plan_shot(st, bat, "battery", st.ships["amazon"], "hull")
    assert (half.d10, half.d6) == ((full.d10 + 1) // 2, (full.d6 + 1) // 2)
    assert not bat.morale_due  # a battery tests morale for its crew only
    out = Out(st)
    lose(st, bat, "hull", 40, out)
    assert bat.status == "destroyed" and of_type(out, "destroyed")


def test_a_battery_whose_crippled_crew_fails_morale_surrenders():
    from game.systems.btq21.damage import lose

    st = fort()
    activate(st, "fort_noir")
    bat = st.ships["fort_noir"]  # after activating: apply() swaps in new ship objects
    lose(st, bat, "crew", 10, Out(st))
    assert st.ships["fort_noir"].morale_due
    load(st, 1, 1, 1, 1)
    ok(st, c.EndActivation("fort_noir"))
    assert st.ships["fort_noir"].status == "struck"


@pytest.mark.parametrize("name", ["cap_noir"])
def test_ships_that_sail_into_a_battery_run_aground(name):
    st = fort()
    a = st.ships["amazon"]
    a.x, a.y, a.heading = 15.0, 22.0, 270.0  # bow 4" from the battery
    st.ships["cleopatre"].status = "sunk"
    activate(st, "amazon")
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    assert st.ships["amazon"].status == "aground" and of_type(ev, "aground")


def abeam_of_virginie():
    return battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (27, 30, 90)}])


def test_fire_as_she_bears_lapses_when_she_fires_in_her_own_activation():
    st = abeam_of_virginie()
    activate(st, "amazon")
    load(st, 6, 6, 1)
    ok(st, c.FireAsSheBears("amazon"))
    assert st.ships["amazon"].fas
    load(st, *([1] * 8))
    ok(st, c.Fire("amazon", "port", "virginie", "hull"))
    assert not st.ships["amazon"].fas
    for _ in range(3):
        ok(st, c.MoveSegment("amazon", 2.5))
    ok(st, c.EndActivation("amazon"))
    ok(st, c.ActivateShip("virginie"))
    ok(st, c.MoveSegment("virginie", 5.0))
    assert st.fas_window == ()  # no second shot as she bears: her FAS went with her broadside


def test_fire_as_she_bears_lapses_when_she_snap_fires():
    st = battle([{"id": "amazon", "pose": (10, 20, 90)}, {"id": "virginie", "side": "french", "pose": (16, 21.5, 80)}])
    st.ships["virginie"].fas = True  # passed last turn; her next activation has not come
    activate(st, "amazon")
    ok(st, c.DeclareBoarding("amazon", "virginie"))
    ok(st, c.MoveSegment("amazon", 5.0))
    assert st.snap == ("virginie", "amazon")
    load(st, *([1] * 6))
    ok(st, c.SnapFire("virginie", "hull"))
    assert not st.ships["virginie"].fas


def test_a_fire_as_she_bears_broadside_that_cripples_the_movers_rigging_ends_her_move():
    st = abeam_of_virginie()
    sail_with_fire_as_she_bears(st, "virginie")  # she ends at (34.5, 30), Amazon off her starboard beam
    ok(st, c.ActivateShip("amazon"))
    ok(st, c.MoveSegment("amazon", 2.5))
    assert st.fas_window == ("virginie",)
    # 8 D6 at close range against rigging: thirteen sixes (each brings a die) then eight ones, and no critical
    load(st, *([6] * 13), *([1] * 8), 1)
    ev = ok(st, c.Fire("virginie", "starboard", "amazon", "rigging"))
    assert of_type(ev, "damage")[0]["crippled"]
    assert "no movement left" in refused(st, c.MoveSegment("amazon", 2.5))
    assert not [o for o in legal_commands(st) if o.type in ("move", "tack", "boxhaul", "declare_boarding")]
    load(st, 6, 6, 6, 6, 5, 1, 2)  # the morale test her crippled rigging calls for, then the next initiative
    ok(st, c.EndActivation("amazon"))


def test_a_mover_dismasted_as_she_bears_is_done_for_this_activation():
    st = abeam_of_virginie()
    st.ships["amazon"].rigging = 5
    sail_with_fire_as_she_bears(st, "virginie")
    ok(st, c.ActivateShip("amazon"))
    ok(st, c.MoveSegment("amazon", 2.5))
    load(st, *([6] * 5), *([1] * 8), 1)
    ok(st, c.Fire("virginie", "starboard", "amazon", "rigging"))
    assert st.ships["amazon"].adrift
    assert "drifts" in refused(st, c.MoveSegment("amazon", 2.5))
    assert "no movement left" in refused(st, c.Drift("amazon"))
    load(st, 6, 6, 6, 6, 5, 1, 2)
    ok(st, c.EndActivation("amazon"))


def test_a_rudder_hit_as_she_bears_stops_the_movers_turns_at_once():
    st = abeam_of_virginie()
    sail_with_fire_as_she_bears(st, "virginie")
    ok(st, c.ActivateShip("amazon"))
    ok(st, c.MoveSegment("amazon", 2.5))
    load(st, 4, *([1] * 7), 6, 1, 1)  # one hit on the hull, a critical: 2 on 2D6 is the rudder
    ok(st, c.Fire("virginie", "starboard", "amazon", "hull"))
    assert st.ships["amazon"].rudder
    assert "damaged rudder" in refused(st, c.MoveSegment("amazon", 2.5, 10.0))


def test_a_crew_crippled_as_she_bears_takes_no_special_action_after():
    st = abeam_of_virginie()
    st.ships["amazon"].crew = 30  # 10 lost: three more cripple a crew of 40
    sail_with_fire_as_she_bears(st, "virginie")
    ok(st, c.ActivateShip("amazon"))
    ok(st, c.MoveSegment("amazon", 2.5))
    load(st, 4, *([1] * 7), 6, 3, 3, 2, 2)  # a hit, a critical of 6 (fire): 2D6 = 4 crew
    ok(st, c.Fire("virginie", "starboard", "amazon", "hull"))
    assert st.ships["amazon"].crippled("crew")
    assert "crippled" in refused(st, c.Tack("amazon"))


def test_chain_shot_is_offered_only_where_it_helps():
    near = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    activate(near, "amazon")
    chains = [o for o in legal_commands(near) if o.type == "fire" and o.fixed.get("chain_shot")]
    assert [(o.fixed["side"], o.fixed["target"], o.fixed["aim"]) for o in chains] == [("port", "virginie", "rigging")]
    far = battle([{"id": "amazon", "pose": (30, 10, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    activate(far, "amazon")  # 19" apart: effective range
    fire = [o for o in legal_commands(far) if o.type == "fire"]
    assert fire and not [o for o in fire if o.fixed.get("chain_shot")]


def test_chain_shot_that_cannot_help_is_refused_and_the_special_action_kept():
    far = battle([{"id": "amazon", "pose": (30, 10, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    activate(far, "amazon")
    why = refused(far, c.Fire("amazon", "port", "virginie", "rigging", chain_shot=True))
    assert "helps only at point blank or close range" in why and "effective range" in why
    near = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    activate(near, "amazon")
    assert "fired at the rigging" in refused(near, c.Fire("amazon", "port", "virginie", "hull", chain_shot=True))
    assert near.activation.special is None
    load(near, 6, 6, 1)
    ok(near, c.FireAsSheBears("amazon"))  # the special action is still hers to use


def test_a_target_at_exactly_long_range_is_in_range():
    st = battle(
        [{"id": "amazon", "pose": (10, 10, 90)}, {"id": "virginie", "side": "french", "pose": (10, 74.75, 90)}],
        table=(100.0, 100.0),
    )
    shot = plan_shot(st, st.ships["amazon"], "port", st.ships["virginie"], "hull")
    assert shot.range == pytest.approx(64.0) and shot.band == "long"


def test_a_ship_just_boarded_snap_fires_before_another_ship_fires_as_she_bears():
    st = battle(
        [
            {"id": "virginie", "side": "french", "pose": (10, 20, 90)},
            {"id": "amazon", "pose": (16, 21.5, 80)},
            {"id": "cleopatre", "side": "french", "pose": (40, 10, 90)},
            {"id": "boreas", "pose": (40, 20, 90)},
        ]
    )
    st.ships["cleopatre"].fas = True  # Boreas lies off her port beam, clear of the boarding
    activate(st, "virginie")
    ok(st, c.DeclareBoarding("virginie", "amazon"))
    ok(st, c.MoveSegment("virginie", 5.0))
    assert st.snap == ("amazon", "virginie") and st.fas_window == ("cleopatre",)
    assert {(o.type, o.ship) for o in legal_commands(st)} == {("hold_fire", "amazon"), ("snap_fire", "amazon")}
    assert "snap fire at her boarder first" in refused(st, c.HoldFire("cleopatre"))  # nor may she hold first
    load(st, *([1] * 6))
    ok(st, c.SnapFire("amazon", "hull"))
    assert st.snap == () and st.fas_window == ("cleopatre",)  # then her turn comes
    assert {o.ship for o in legal_commands(st)} == {"cleopatre"}
    ok(st, c.HoldFire("cleopatre"))
    assert st.ships["cleopatre"].fas
