"""The turn: activations by squadron, morale at the end of an activation, end phase."""

from game.systems.btq21 import commands as c
from game.systems.btq21.engine import Rejected, apply, legal_commands
from tests.systems.btq21.battle import activate, battle, load, of_type, ok, refused


def two_ships():
    return battle([{"id": "amazon", "pose": (10, 10, 90)}, {"id": "virginie", "side": "french", "pose": (60, 40, 270)}])


def sail_out(st, sid, dist=3.0):
    ok(st, c.ActivateShip(sid))
    for _ in range(3):
        ok(st, c.MoveSegment(sid, dist))
    return ok(st, c.EndActivation(sid))


def test_only_the_active_squadrons_ships_may_activate_and_each_once():
    st = two_ships()
    mine = st.squadrons[st.order[0]].ships[0]
    other = "virginie" if mine == "amazon" else "amazon"
    assert "not in the squadron" in refused(st, c.ActivateShip(other))
    sail_out(st, mine)
    assert refused(st, c.ActivateShip(mine))
    sail_out(st, other)


def test_a_new_turn_rolls_initiative_and_flips_the_wakes():
    st = two_ships()
    for sq in list(st.order):
        sail_out(st, st.squadrons[sq].ships[0])
    assert st.turn == 2
    assert all(s.wake_flips == 1 and not s.activated for s in st.ships.values())
    assert len(st.order) == 2


def test_morale_is_tested_at_the_end_of_the_activation_and_failing_strikes():
    from game.systems.btq21.damage import lose
    from game.systems.btq21.events import Out

    st = two_ships()
    activate(st, "amazon")
    s = st.ships["amazon"]
    lose(st, s, "crew", 12, Out(st))  # crew 40 is crippled at 13 lost: not yet
    assert not s.morale_due
    lose(st, s, "crew", 1, Out(st))
    assert s.morale_due  # crippled now: a test is owed, taken at the end of the activation
    for _ in range(3):
        ok(st, c.MoveSegment("amazon", 3.0))
    assert st.ships["amazon"].status == "afloat"
    load(st, 1, 2, 3, 1)  # no success; one reroll (average crew) comes up 1
    ev = ok(st, c.EndActivation("amazon"))
    assert of_type(ev, "test")[0]["purpose"] == "morale"
    assert of_type(ev, "struck")[0]["ship"] == "amazon"
    assert st.ships["amazon"].status == "struck"  # apply() swaps in new ship objects


def test_struck_ships_drift_in_the_end_phase_and_the_battle_ends_when_a_side_cannot_fight():
    st = two_ships()
    st.ships["amazon"].status = "struck"
    events = []
    while st.phase != "over":
        opts = legal_commands(st)
        o = opts[0]
        cmd = o.command(**{k: lo for k, (lo, hi) in o.ranges.items()})
        res = apply(st, cmd)
        assert not isinstance(res, Rejected)
        events += res
    assert of_type(events, "drift")[0]["ship"] == "amazon"
    (over,) = of_type(events, "game_over")
    assert over["winner"] == "french" and over["reason"] == "only french can fight"


def test_a_refused_command_changes_nothing():
    st = two_ships()
    before = st.state_hash()
    assert isinstance(apply(st, c.MoveSegment("amazon", 3.0)), Rejected)
    assert isinstance(apply(st, c.EndActivation("virginie")), Rejected)
    assert st.state_hash() == before
