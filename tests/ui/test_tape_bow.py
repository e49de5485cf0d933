"""A tape laid from the bow: she turns about her bow onto it and runs along it, as a stick laid at her bow."""

from types import SimpleNamespace

import pytest

from game.systems.base import Control, Option
from game.ui.tools.tape import SegmentPlan


def plan_for(pose=(10.0, 10.0, 0.0), length=2.4, hi=12.0, allowance=45.0) -> SegmentPlan:
    ship = SimpleNamespace(pose=pose, length=length)
    state = SimpleNamespace(ships={"s": ship})
    opt = Option("sail", "s", ranges={"distance": (0.0, hi), "turn": (-allowance, allowance)},
                 control=Control.TAPE, measure="bow")
    return SegmentPlan.for_option(state, opt)


def test_straight_ahead_her_bow_runs_the_distance_along_her_heading():
    plan = plan_for()
    plan.set_distance(3.0)
    x, y, h = plan.ghost_pose()
    assert (x, y, h) == pytest.approx((10.0, 13.0, 0.0))


def test_turned_she_pivots_about_her_bow_then_runs_along_the_tape():
    plan = plan_for()
    plan.set_turn(45.0)
    plan.set_distance(0.0)
    x, y, h = plan.ghost_pose()
    # bow stays at (10, 11.2); her centre swings to 1.2" behind it on the new heading (45 degrees)
    assert h == pytest.approx(45.0)
    assert (x, y) == pytest.approx((10.0 - 1.2 * 0.7071068, 11.2 - 1.2 * 0.7071068), abs=1e-6)


def test_dragging_ahead_of_her_bow_swings_the_tape_to_the_hand_within_her_turn():
    plan = plan_for()
    grab = plan.along((10.0, 10.0)) - 0.0  # she is picked up by her centre
    d = plan.distance_towards((14.0, 15.2), grab)  # 4" ahead of her bow and 4" to starboard: 45 degrees
    assert plan.turn == pytest.approx(45.0)
    plan.set_distance(d)
    assert plan.ghost_pose()[2] == pytest.approx(45.0)
    plan.distance_towards((30.0, 11.2), grab)  # due east of her bow: more than she may turn
    assert plan.turn == pytest.approx(45.0)


def test_a_hand_behind_her_bow_does_not_swing_the_tape():
    plan = plan_for()
    plan.set_turn(20.0)
    plan.distance_towards((9.0, 10.0), 0.0)
    assert plan.turn == pytest.approx(20.0)


def test_the_turn_handle_swings_the_tape_about_her_bow():
    plan = plan_for()
    plan.set_distance(4.0)
    assert plan.turn_towards((10.0 - 5.0, 11.2 + 5.0)) == pytest.approx(-45.0)


def test_the_tape_snaps_to_the_marks_of_the_stick_the_rule_system_names():
    from game.systems.base import Preview, Stick

    plan = plan_for()
    plan.preview = Preview(stick=Stick((200, 180, 40), 1.92, "yellow stick"))
    plan.set_distance(1.9)  # a tenth short of one segment: the mark itself
    assert plan.distance == pytest.approx(1.92)
    plan.set_distance(2.0)  # beyond the mark: a part segment is asked for, and given
    assert plan.distance == pytest.approx(2.0)
    plan.set_distance(3.8)
    assert plan.distance == pytest.approx(3.84)


def test_a_turn_that_brings_another_stick_puts_the_distance_on_its_mark():
    from game.systems.base import Preview, Stick

    class Sticks:
        """A rule system whose stick is green (2.4") straight ahead and yellow (1.92") once turned."""

        def preview(self, state, command):
            seg = 2.4 if command.turn == 0 else 1.92
            return Preview(stick=Stick((0, 0, 0), seg))

    plan = plan_for()
    plan.option = Option("sail", "s", ranges={"distance": (0.0, 12.0), "turn": (-45.0, 45.0)},
                         control=Control.TAPE, measure="bow", make=lambda **kw: SimpleNamespace(**kw))
    state = SimpleNamespace(seq=1)
    plan.set_distance(1.9)
    plan.refresh(state, Sticks())
    plan.set_turn(-45.0)
    plan.refresh(state, Sticks())
    assert plan.distance == pytest.approx(1.92)
