"""The order within an activation: special action, then sail, then movement with broadsides at any point.

Once she has fired, moved or drifted, the start of her activation is behind
her: no sail change, Fight Fires, Repair or All Hands on Deck after that.
"""

from game.systems.btq21 import commands as c
from game.systems.btq21.engine import legal_commands
from tests.systems.btq21.battle import activate, battle, load, of_type, ok, refused


def within_close_range(sail="easy", **amazon):
    # Virginie 10" off Amazon's port beam: close range.
    return battle(
        [
            {"id": "amazon", "pose": (30, 20, 90), "sail": sail, **amazon},
            {"id": "virginie", "side": "french", "pose": (30, 30, 90)},
        ]
    )


def offered(state, kind):
    return [o for o in legal_commands(state) if o.type == kind]


def test_after_firing_at_easy_sail_she_may_not_make_sail():
    st = within_close_range(sail="easy")
    activate(st, "amazon")
    assert offered(st, "set_sail")
    load(st, *([1] * 8))
    ok(st, c.Fire("amazon", "port", "virginie", "hull"))
    assert "before Amazon moves or fires" in refused(st, c.SetSail("amazon", "battle"))
    assert not offered(st, "set_sail")


def test_after_a_broadside_she_may_not_call_all_hands_or_fight_fires():
    st = within_close_range(sail="battle")
    st.ships["amazon"].fires = 1
    activate(st, "amazon")
    assert offered(st, "fight_fires")
    load(st, *([1] * 8), 2, 3)  # eight misses, then the fire she did not fight spreads (2D6 crew)
    ev = ok(st, c.Fire("amazon", "port", "virginie", "hull"))
    assert of_type(ev, "fire_spreads")  # firing leaves the start behind: the neglected fire takes its toll
    assert st.ships["amazon"].fires == 2
    assert "start of the activation" in refused(st, c.FightFires("amazon", all_hands=True))
    assert "start of the activation" in refused(st, c.FightFires("amazon"))
    assert not offered(st, "fight_fires")


def test_after_a_broadside_she_may_not_repair():
    st = within_close_range(sail="battle")
    st.ships["amazon"].rudder = True
    activate(st, "amazon")
    load(st, *([1] * 8))
    ok(st, c.Fire("amazon", "port", "virginie", "hull"))
    assert "start of the activation" in refused(st, c.Repair("amazon", "rudder"))
    assert not offered(st, "repair")


def test_sail_then_fire_then_move_is_the_books_order():
    st = within_close_range(sail="easy")
    activate(st, "amazon")
    ok(st, c.SetSail("amazon", "battle"))
    load(st, *([1] * 8))
    ev = ok(st, c.Fire("amazon", "port", "virginie", "hull"))
    assert "firer_sail" not in of_type(ev, "broadside")[0]["modifiers"]  # she fired at battle sail
    ok(st, c.MoveSegment("amazon", 2.5))


def test_a_special_action_may_come_before_the_sail_change_but_not_after_it():
    st = within_close_range(sail="easy")
    st.ships["amazon"].fires = 1
    activate(st, "amazon")
    ok(st, c.SetSail("amazon", "battle"))
    assert "before the sail change" in refused(st, c.FightFires("amazon"))
