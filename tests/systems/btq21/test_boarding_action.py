"""Boarding actions: the crews fight it out in the boarding phase.

Each test scripts every die of the action (``load``) and checks that none is
left over, so the dice counted are exactly the dice the rules call for.  The
two 5th rates have 40 crew each; a crew of 40 is crippled once 13 are lost,
that is at 27 or fewer.
"""

import pytest

from game.systems.btq21 import boarding_action
from game.systems.btq21 import commands as c
from game.systems.btq21.boarding_action import boarding_phase, pool, surrender_on_boarding
from game.systems.btq21.engine import legal_commands
from game.systems.btq21.events import Out
from game.systems.btq21.victory import points, ship_value
from tests.systems.btq21.battle import activate, battle, load, of_type, ok, refused

MISS = 1  # a D10 or D6 face that neither hits (4+) nor saves (5+) nor counts in a morale test (4+)


def locked(amazon: dict | None = None, virginie: dict | None = None, amazon_crew: int = 40, virginie_crew: int = 40):
    """Amazon (British) has grappled Virginie (French): a boarding action is underway."""
    st = battle(
        [
            {"id": "amazon", "pose": (10, 20, 90), **(amazon or {})},
            {"id": "virginie", "side": "french", "pose": (10, 20.8, 90), **(virginie or {})},
        ]
    )
    a, v = st.ships["amazon"], st.ships["virginie"]
    a.crew, v.crew = amazon_crew, virginie_crew
    a.boarding_with, a.boarding_attacker = "virginie", True
    v.boarding_with, v.boarding_attacker = "amazon", False
    return st


def fight(st, *faces):
    """The boarding phase with these dice; every one of them must be used."""
    dice = load(st, *faces)
    out = Out(st)
    boarding_phase(st, out)
    assert dice.faces == [], f"{len(dice.faces)} scripted dice were not rolled"
    return list(out)


def fails_average():
    """A failed morale test for an average crew: three misses and a missed reroll."""
    return [MISS] * 4


def sail_on(st, sid):
    """Three short segments straight ahead and the end of her activation."""
    for _ in range(3):
        ok(st, c.MoveSegment(sid, 2.5))
    ok(st, c.EndActivation(sid))


def assert_released(st):
    for s in st.ships.values():
        assert s.boarding_with is None and not s.boarding_attacker


# --- the dice pool -------------------------------------------------------------------


@pytest.mark.parametrize(("crew", "d10", "d6"), [(40, 8, 0), (37, 7, 1), (35, 7, 0), (4, 0, 1), (1, 0, 1), (5, 1, 0)])
def test_a_d10_for_every_full_five_crew_and_a_d6_for_a_remainder(crew, d10, d6):
    st = locked(amazon_crew=crew)
    assert pool(st, st.ships["amazon"]) == (d10, d6)


@pytest.mark.parametrize(
    ("extra", "d10"),
    [
        ({"specials": ("marines",)}, 9),
        ({"quality": "good"}, 8),
        ({"quality": "poor"}, 6),
        ({"quality": "good", "specials": ("marines",)}, 10),
        ({"quality": "poor", "specials": ("marines",)}, 8),
    ],
)
def test_marines_add_two_d10_a_good_crew_one_and_a_poor_crew_one_less(extra, d10):
    st = locked(amazon=extra, amazon_crew=37)  # 7 D10 + 1 D6 before the extras
    assert pool(st, st.ships["amazon"]) == (d10, 1)


def test_a_poor_crew_never_rolls_fewer_than_no_d10():
    st = locked(amazon={"quality": "poor"}, amazon_crew=4)
    assert pool(st, st.ships["amazon"]) == (0, 1)


def test_both_pools_are_rolled_at_once_attacker_first_d10s_before_d6s():
    st = locked(amazon_crew=37, virginie_crew=28)  # 7 D10 + 1 D6 against 5 D10 + 1 D6
    faces = [*[MISS] * 7, 2, *[MISS] * 5, 3]  # round 1: Amazon's D10s, her D6, then Virginie's: no hits
    faces += [*[10] * 7, MISS, *[MISS] * 6, *[MISS] * 7]  # round 2: 7 hits, 7 saves missed: 28 -> 21
    faces += fails_average()  # Virginie is crippled and breaks
    ev = fight(st, *faces)
    first, second = of_type(ev, "boarding")
    assert first["attacker_dice"] == {"d10": [MISS] * 7, "d6": [2]}
    assert first["defender_dice"] == {"d10": [MISS] * 5, "d6": [3]}
    assert second["attacker_dice"] == {"d10": [10] * 7, "d6": [MISS]}
    assert second["defender_saves"] == [MISS] * 7


# --- hits and saves --------------------------------------------------------------------


def test_every_4_or_more_hits_and_every_save_of_5_or_more_cancels_a_hit():
    st = locked(virginie_crew=30)  # 8 D10 against 6 D10
    ev = fight(
        st,
        *[4, 4, 4, 3, 1, 10, 2, 9],  # Amazon: five hits
        *[3, 3, 3, 3, 3, 4],  # Virginie: one hit
        5,  # Amazon saves the one hit against her
        *[5, 6, 4, 1, 2],  # Virginie saves two of five: she loses 3 (30 -> 27, crippled)
        *fails_average(),
    )
    (b,) = of_type(ev, "boarding")
    assert b == {
        **b,
        "type": "boarding",
        "attacker": "amazon",
        "defender": "virginie",
        "round": 1,
        "attacker_dice": {"d10": [4, 4, 4, 3, 1, 10, 2, 9], "d6": []},
        "defender_dice": {"d10": [3, 3, 3, 3, 3, 4], "d6": []},
        "attacker_hits": 5,
        "defender_hits": 1,
        "attacker_saves": [5],
        "defender_saves": [5, 6, 4, 1, 2],
    }
    assert not [d for d in of_type(ev, "damage") if d["ship"] == "amazon"]
    (lost,) = [d for d in of_type(ev, "damage") if d["ship"] == "virginie"]
    assert lost["lost"] == 3 and lost["crippled"]


def test_a_d6_from_the_remainder_hits_on_4_as_well():
    st = locked(amazon_crew=1, virginie_crew=1)  # one D6 each
    ev = fight(st, 4, 3, MISS)  # Amazon hits, Virginie misses, Virginie fails her save
    (b,) = of_type(ev, "boarding")
    assert b["attacker_hits"] == 1 and b["defender_hits"] == 0
    assert st.ships["virginie"].status == "captured"


# --- another round, or morale ---------------------------------------------------------------


def test_while_neither_crew_is_crippled_they_fight_another_round():
    st = locked(virginie_crew=28)  # one more loss cripples her
    ev = fight(
        st,
        *[MISS] * 8,
        *[MISS] * 6,  # round 1: nobody hits, nobody is crippled, no morale test
        4,
        *[MISS] * 7,
        *[MISS] * 6,  # round 2: one hit on Virginie
        MISS,  # not saved: 27, crippled
        *fails_average(),
    )
    assert [b["round"] for b in of_type(ev, "boarding")] == [1, 2]
    (test,) = of_type(ev, "test")
    assert test["ship"] == "virginie" and test["purpose"] == "morale"


def test_a_crippled_crew_that_passes_its_morale_fights_another_round_and_tests_again():
    st = locked(virginie_crew=28)
    ev = fight(
        st,
        4,
        *[MISS] * 7,
        *[MISS] * 6,
        MISS,  # round 1: Virginie down to 27, crippled
        6,
        MISS,
        MISS,  # a 6 is two successes: she holds
        *[MISS] * 8,
        *[MISS] * 6,  # round 2: no hits, but she is still crippled
        *fails_average(),
    )
    assert [b["round"] for b in of_type(ev, "boarding")] == [1, 2]
    assert [t["passed"] for t in of_type(ev, "test")] == [True, False]
    assert st.ships["virginie"].status == "captured"


def test_the_boarding_morale_test_is_the_one_the_losses_owed():
    st = locked(virginie_crew=28)
    fight(st, 4, *[MISS] * 7, *[MISS] * 6, MISS, 6, MISS, MISS, *[MISS] * 8, *[MISS] * 6, *fails_average())
    assert not any(s.morale_due for s in st.ships.values())


def test_a_crippled_crew_that_fails_its_morale_strikes_and_is_captured():
    st = locked(virginie_crew=28)
    ev = fight(st, 4, *[MISS] * 7, *[MISS] * 6, MISS, *fails_average())
    (struck,) = of_type(ev, "struck")
    assert struck["ship"] == "virginie" and struck["by"] == "amazon" and struck["reason"] == "failed morale"
    (cap,) = of_type(ev, "captured")
    assert cap["ship"] == "virginie" and cap["by"] == "amazon"
    v = st.ships["virginie"]
    assert v.status == "captured" and v.side == "british" and v.original_side == "french"
    assert v.crew == 27 + 10  # a prize crew of 10 goes aboard
    assert v.squadron == "french_sq" and v.sail is None and not v.morale_due
    assert st.ships["amazon"].status == "afloat"
    assert_released(st)


def test_the_attacker_can_be_the_one_taken():
    st = locked(amazon_crew=28)
    ev = fight(st, *[MISS] * 6, 4, *[MISS] * 7, MISS, *fails_average())
    assert of_type(ev, "captured")[0] == {**of_type(ev, "captured")[0], "ship": "amazon", "by": "virginie"}
    assert st.ships["amazon"].side == "french"


def test_both_crippled_and_both_failing_the_side_that_inflicted_more_casualties_wins():
    st = locked(amazon_crew=20, virginie_crew=20)  # both crippled: 4 D10 each
    ev = fight(
        st,
        *[4, 4, MISS, MISS],  # Amazon: two hits
        *[4, MISS, MISS, MISS],  # Virginie: one
        MISS,
        MISS,
        MISS,  # nothing saved: Amazon loses 1, Virginie 2
        *fails_average(),
        *fails_average(),  # both break
    )
    assert [t["ship"] for t in of_type(ev, "test")] == ["amazon", "virginie"]
    (struck,) = of_type(ev, "struck")
    assert struck["ship"] == "virginie"
    assert st.ships["amazon"].status == "afloat"
    assert st.ships["virginie"].status == "captured"


def test_both_failing_the_defender_wins_too_when_she_killed_more():
    st = locked(amazon_crew=20, virginie_crew=20)
    fight(st, *[4, MISS, MISS, MISS], *[4, 4, MISS, MISS], MISS, MISS, MISS, *fails_average(), *fails_average())
    assert st.ships["amazon"].status == "captured" and st.ships["amazon"].side == "french"
    assert st.ships["virginie"].status == "afloat"


def test_both_failing_with_equal_casualties_the_better_crew_wins():
    st = locked(amazon={"quality": "good"}, amazon_crew=20, virginie_crew=20)  # 5 D10 against 4 D10
    fight(
        st,
        *[4, MISS, MISS, MISS, MISS],
        *[4, MISS, MISS, MISS],  # one hit each
        MISS,
        MISS,  # one casualty each
        *[MISS] * 5,  # a good crew fails with both rerolls
        *fails_average(),
    )
    assert st.ships["amazon"].status == "afloat"
    assert st.ships["virginie"].status == "captured"


def test_both_failing_with_equal_casualties_a_poor_attacker_loses_to_a_good_defender():
    st = locked(amazon={"quality": "poor"}, virginie={"quality": "good"}, amazon_crew=20, virginie_crew=20)
    fight(st, *[4, MISS, MISS], *[4, *[MISS] * 4], MISS, MISS, *[MISS] * 3, *[MISS] * 5)
    assert st.ships["amazon"].status == "captured"


def test_both_failing_with_equal_casualties_and_equal_crews_the_defender_holds():
    st = locked(amazon_crew=20, virginie_crew=20)
    fight(st, *[4, MISS, MISS, MISS], *[4, MISS, MISS, MISS], MISS, MISS, *fails_average(), *fails_average())
    assert st.ships["amazon"].status == "captured"
    assert st.ships["virginie"].status == "afloat"


def test_a_crew_cut_down_to_nothing_strikes_without_a_test_and_the_enemy_takes_her():
    st = locked(amazon_crew=20, virginie_crew=1)  # Amazon is crippled already
    ev = fight(st, *[4, MISS, MISS, MISS], 4, MISS, MISS)  # each hits once, no saves
    assert not of_type(ev, "test")  # the enemy is gone: Amazon need not test
    (struck,) = of_type(ev, "struck")
    assert struck["ship"] == "virginie" and struck["reason"] == "no crew left"
    v, a = st.ships["virginie"], st.ships["amazon"]
    assert v.status == "captured" and v.crew == 10
    assert a.crew == 19 and not a.morale_due
    assert_released(st)


def test_when_both_crews_are_cut_down_both_strike_and_nobody_captures():
    st = locked(amazon_crew=1, virginie_crew=1)
    ev = fight(st, 4, 4, MISS, MISS)
    assert sorted(s["ship"] for s in of_type(ev, "struck")) == ["amazon", "virginie"]
    assert not of_type(ev, "captured")
    assert {s.status for s in st.ships.values()} == {"struck"}
    assert {s.side for s in st.ships.values()} == {"british", "french"}
    assert_released(st)


def test_the_prize_crew_never_takes_her_above_her_starting_crew():
    st = locked(virginie_crew=36)
    st.ships["virginie"].status = "struck"  # struck in her activation (fire, say) while locked
    ev = fight(st)  # no dice: a struck ship that is boarded surrenders
    assert not of_type(ev, "boarding")
    assert st.ships["virginie"].status == "captured" and st.ships["virginie"].crew == 40


def test_an_action_that_is_never_decided_is_broken_off(monkeypatch):
    monkeypatch.setattr(boarding_action, "MAX_ROUNDS", 2)
    # Poor crews of 5 have no dice at all; both are crippled and keep passing their tests.
    st = locked(amazon={"quality": "poor"}, virginie={"quality": "poor"}, amazon_crew=5, virginie_crew=5)
    ev = fight(st, *[6, MISS, MISS] * 4)
    assert len(of_type(ev, "boarding")) == 2
    (b,) = of_type(ev, "boarding_broken_off")
    assert b["attacker"] == "amazon" and b["defender"] == "virginie"
    assert {s.status for s in st.ships.values()} == {"afloat"}
    assert_released(st)


def test_a_ship_no_longer_on_the_table_is_skipped():
    st = locked()
    st.ships["virginie"].status = "sunk"
    assert fight(st) == []


def test_the_boarding_phase_runs_the_actions():
    assert boarding_phase in locked().system.phase_hooks


# --- struck ships, prizes and points ------------------------------------------------------


def test_a_struck_ship_that_is_boarded_surrenders_at_once():
    st = battle([{"id": "amazon", "pose": (10, 20, 90)}, {"id": "virginie", "side": "french", "pose": (16, 21.5, 80)}])
    v = st.ships["virginie"]
    v.crew, v.status, v.sail = 0, "struck", None
    activate(st, "amazon")
    ok(st, c.DeclareBoarding("amazon", "virginie"))
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    kinds = [e["type"] for e in ev]
    assert kinds.index("grapple") < kinds.index("captured")
    v = st.ships["virginie"]
    assert v.status == "captured" and v.side == "british" and v.crew == 10
    assert_released(st)


def test_a_prize_retaken_by_her_own_side_changes_back_but_still_only_drifts():
    st = battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "java", "pose": (10, 30, 90)},
            {"id": "virginie", "side": "french", "pose": (40, 30, 90)},
        ]
    )
    a = st.ships["amazon"]
    a.status, a.side, a.crew, a.sail = "captured", "french", 10, None
    assert points(st)["french"] == 1.5 * ship_value(st, a)
    out = Out(st)
    surrender_on_boarding(st, st.ships["java"], a, out)
    assert a.side == "british" and a.status == "captured" and a.crew == 20
    assert of_type(list(out), "captured")[0]["by"] == "java"
    assert points(st) == {"british": 0.0, "french": 0.0}


def test_a_captured_ship_scores_half_as_much_again_as_her_value():
    st = locked(virginie_crew=28)
    fight(st, 4, *[MISS] * 7, *[MISS] * 6, MISS, *fails_average())
    value = ship_value(st, st.ships["virginie"])
    assert value == 58
    assert points(st) == {"british": 87.0, "french": 0.0}


# --- through the turn ------------------------------------------------------------------------


def test_grapple_fight_capture_and_then_the_prize_drifts_and_the_victor_sails_away():
    st = battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "virginie", "side": "french", "pose": (6, 21.5, 80)},
            {"id": "hermione", "side": "french", "pose": (60, 40, 270)},
        ],
        wind_from=180.0,  # the prize will drift north, away from Amazon alongside her to the south
    )
    st.ships["virginie"].crew = 28
    activate(st, "virginie")  # the French act first, so Virginie has had her chance to fire when boarded
    sail_on(st, "virginie")
    ok(st, c.ActivateShip("hermione"))
    sail_on(st, "hermione")
    ok(st, c.ActivateShip("amazon"))
    ok(st, c.DeclareBoarding("amazon", "virginie"))
    assert of_type(ok(st, c.MoveSegment("amazon", 5.0)), "grapple")
    load(
        st,
        *[10] * 8,  # Amazon: eight hits
        *[MISS] * 6,  # Virginie: none
        *[MISS] * 8,  # no saves: 28 -> 20
        *fails_average(),  # Virginie strikes
        *[6, 6, 1, 1],  # initiative for turn 2, one squadron after the other
    )
    ev = ok(st, c.EndActivation("amazon"))  # the last activation: the boarding phase follows
    kinds = [e["type"] for e in ev]
    assert kinds.index("boarding") < kinds.index("captured") < kinds.index("turn")
    assert [e["phase"] for e in of_type(ev, "phase")] == ["boarding", "end"]
    # lashed alongside her captor, the prize does not drift in the end phase of the turn she is taken
    assert not of_type(ev, "drift")
    v, a = st.ships["virginie"], st.ships["amazon"]
    assert v.status == "captured" and v.side == "british" and v.crew == 30
    assert st.turn == 2 and st.phase == "activation"

    st.order, st.order_index = ("french_sq", "british_sq"), 0
    assert not [o for o in legal_commands(st) if o.ship == "virginie"]
    assert "cannot act" in refused(st, c.ActivateShip("virginie"))
    activate(st, "amazon")
    assert not st.activation.movement_over  # no longer held alongside
    ok(st, c.MoveSegment("amazon", 2.5))
    assert st.ships["amazon"].x > a.x
