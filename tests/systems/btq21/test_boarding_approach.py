"""Declaring a boarding and laying the ship alongside her enemy."""

import pytest

from game.systems.btq21 import board
from game.systems.btq21 import commands as c
from tests.systems.btq21.battle import activate, battle, of_type, ok, refused


def closing():
    return battle(
        [{"id": "amazon", "pose": (10, 20, 90)}, {"id": "virginie", "side": "french", "pose": (16, 21.5, 80)}]
    )


def test_within_two_inches_the_boarder_is_laid_parallel_alongside_in_base_contact():
    st = closing()
    activate(st, "amazon")
    ok(st, c.DeclareBoarding("amazon", "virginie"))
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    (g,) = of_type(ev, "grapple")
    a, v = st.ships["amazon"], st.ships["virginie"]
    assert a.heading == pytest.approx(80.0)  # parallel, the smaller turn
    assert board.closest_distance(st, "amazon", "virginie") < 0.02
    assert a.boarding_with == "virginie" and v.boarding_with == "amazon"
    assert st.activation.movement_over
    assert g["turn"] == pytest.approx(-10.0)


def test_a_friend_cannot_be_boarded():
    st = battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "java", "pose": (16, 20, 90)},
            {"id": "b", "side": "french", "pose": (60, 40, 270)},
        ]
    )
    activate(st, "amazon")
    assert "friend" in refused(st, c.DeclareBoarding("amazon", "java"))


def test_a_crippled_crew_cannot_declare_a_boarding():
    st = closing()
    s = st.ships["amazon"]
    s.crew = s.crew_start - s.crew_cripple
    activate(st, "amazon")
    assert "crippled" in refused(st, c.DeclareBoarding("amazon", "virginie"))


def test_a_boarding_cannot_be_declared_against_a_ship_this_segment_cannot_reach():
    st = battle([{"id": "amazon", "pose": (10, 20, 90)}, {"id": "virginie", "side": "french", "pose": (40, 30, 80)}])
    activate(st, "amazon")
    assert "out of reach" in refused(st, c.DeclareBoarding("amazon", "virginie"))


def test_a_declared_boarding_that_falls_short_is_an_ordinary_move():
    # within reach at full stretch (5"), but she only sails the minimum
    st = battle(
        [{"id": "amazon", "pose": (10, 20, 90)}, {"id": "virginie", "side": "french", "pose": (18.0, 22.2, 90)}]
    )
    activate(st, "amazon")
    ok(st, c.DeclareBoarding("amazon", "virginie"))
    ev = ok(st, c.MoveSegment("amazon", 2.5))
    assert not of_type(ev, "grapple")
    assert st.ships["amazon"].x == pytest.approx(12.5)
    assert not st.activation.movement_over


def test_a_prize_boarded_by_her_own_side_is_retaken_at_once_but_still_only_drifts():
    st = battle([{"id": "amazon", "pose": (40, 40, 90)},
                 {"id": "virginie", "side": "french", "pose": (16, 21.5, 80)},
                 {"id": "cleopatre", "side": "french", "pose": (10, 20, 90)}])
    v = st.ships["virginie"]
    v.status, v.side, v.sail = "captured", "british", None  # taken earlier by the British
    activate(st, "cleopatre")
    ok(st, c.DeclareBoarding("cleopatre", "virginie"))
    ev = ok(st, c.MoveSegment("cleopatre", 5.0))
    (cap,) = of_type(ev, "captured")
    assert cap["ship"] == "virginie" and cap["by"] == "cleopatre"
    v = st.ships["virginie"]
    assert v.side == "french" and v.status == "captured"
