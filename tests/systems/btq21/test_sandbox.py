"""Trials: trying a command before giving it never tells the player the coming dice."""

import pytest

from game.systems.btq21 import commands as c
from game.systems.btq21.dice import MeanDice
from game.systems.btq21.engine import apply
from game.systems.btq21.sandbox import SandboxError, next_activation, sandbox
from tests.systems.btq21.battle import activate, battle, of_type, ok, sail_with_fire_as_she_bears


def ramming():
    # Amazon (small) sails east into a 74 lying across her path: contact after 4.3".
    return battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "genereux", "side": "french", "rate": "3rd", "pose": (15.75, 20, 0)},
        ]
    )


def test_a_trial_rolls_its_own_dice_and_leaves_the_games_untouched():
    st = ramming()
    activate(st, "amazon")
    coming = st.dice.state
    trial = sandbox(st)
    ev = apply(trial, c.MoveSegment("amazon", 5.0))
    (col,) = of_type(ev, "collision")
    # every die at its mean: 4D6 as 4, 3, 4, 3 -- not a sample of the game's own dice
    assert col["faces"] == [4, 3, 4, 3] and col["other_faces"] == [4, 3, 4]
    assert st.dice.state == coming
    assert st.ships["genereux"].hull == 140 and st.ships["amazon"].x == 10
    ok(st, c.MoveSegment("amazon", 5.0))
    assert st.dice.state != coming  # the real move rolls the real dice


def test_a_trial_is_never_given_the_games_generator():
    st = ramming()
    with pytest.raises(SandboxError):
        sandbox(st, st.dice)


def test_a_trial_and_its_copies_stay_trials_with_dice_of_their_own():
    st = ramming()
    trial = sandbox(st)
    again = trial.copy()
    assert trial.trial and again.trial and not st.trial
    assert isinstance(again.dice, MeanDice) and again.dice is not trial.dice


def test_no_chance_to_fire_as_she_bears_opens_on_a_trial():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (27, 30, 90)}])
    sail_with_fire_as_she_bears(st, "amazon")
    ok(st, c.ActivateShip("virginie"))
    trial = sandbox(st)
    ok(trial, c.MoveSegment("virginie", 5.0))
    assert trial.fas_window == () and trial.ships["amazon"].fas
    ok(trial, c.MoveSegment("virginie", 5.0))  # nobody to answer: the trial goes on
    ok(st, c.MoveSegment("virginie", 5.0))
    assert st.fas_window == ("amazon",)  # the real battle asks her


def test_a_waiting_chance_is_held_on_a_trial_unless_kept_open_for_an_answer():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (27, 30, 90)}])
    sail_with_fire_as_she_bears(st, "amazon")
    ok(st, c.ActivateShip("virginie"))
    ok(st, c.MoveSegment("virginie", 5.0))
    assert sandbox(st).fas_window == ()
    kept = sandbox(st, hold=False)
    assert kept.fas_window == ("amazon",)
    ok(kept, c.HoldFire("amazon"))


def test_a_grapple_on_a_trial_reports_the_snap_fire_chance_instead_of_waiting_for_it():
    st = battle([{"id": "amazon", "pose": (10, 20, 90)}, {"id": "virginie", "side": "french", "pose": (16, 21.5, 80)}])
    activate(st, "amazon")
    ok(st, c.DeclareBoarding("amazon", "virginie"))
    trial = sandbox(st)
    ev = ok(trial, c.MoveSegment("amazon", 5.0))
    assert of_type(ev, "snap_chance") == [of_type(ev, "snap_chance")[0]]
    assert of_type(ev, "snap_chance")[0]["ship"] == "virginie" and trial.snap == ()
    ok(st, c.MoveSegment("amazon", 5.0))
    assert st.snap == ("virginie", "amazon")


def test_next_activation_gives_an_enemy_her_turn_on_a_trial_with_her_guns_loaded_again():
    st = battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])
    st.ships["amazon"].activated = True  # she has acted this turn and fired her port broadside
    st.ships["amazon"].fired = ("port",)
    trial = next_activation(sandbox(st), "amazon")
    assert trial.activation.ship == "amazon" and trial.ships["amazon"].fired == ()
    assert st.ships["amazon"].fired == ("port",)
    with pytest.raises(SandboxError):
        next_activation(st, "amazon")
