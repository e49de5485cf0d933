"""The tape's ghost tells the player what the rules say, never what the coming dice will do."""

import pytest

from game.systems.btq21.engine import legal_commands
from game.systems.btq21.odds import at_least
from game.ui.tools.tape import SegmentPlan
from tests.systems.btq21.battle import activate, battle


def ramming(seed, genereux_hull=None):
    # Amazon (small) sails east into a 74 lying across her path: contact after 4.3".
    st = battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "genereux", "side": "french", "rate": "3rd", "pose": (15.75, 20, 0)},
        ],
        seed=seed,
    )
    if genereux_hull is not None:
        st.ships["genereux"].hull = genereux_hull
    activate(st, "amazon")
    return st


def preview(st, distance, turn=0.0):
    opt = next(o for o in legal_commands(st) if o.type == "move")
    plan = SegmentPlan.for_option(st, opt)
    plan.set_distance(distance)
    plan.set_turn(turn)
    return plan.refresh(st, st.system)


def test_a_collision_preview_gives_the_dice_and_the_chance_she_sinks_the_same_whatever_the_seed():
    seen = set()
    for seed in range(1, 9):
        st = ramming(seed, genereux_hull=10)
        coming = st.dice.state
        pv = preview(st, 5.0)
        assert st.dice.state == coming  # the game's dice were not touched
        seen.add(tuple(pv.warnings))
    (warnings,) = seen  # eight different futures, one forecast
    assert at_least(3, 6, 10) == pytest.approx(0.625)
    assert warnings == ("collision with Genereux: 4D6 hull to her, 3D6 to Genereux; 62% that Genereux sinks",)


def test_a_sound_ship_in_a_collision_is_told_the_chance_of_crippling_not_of_sinking():
    st = ramming(1)
    st.ships["amazon"].hull = 66  # 14 of 80 lost: 26 lost cripples her, so 12 more do
    (w,) = preview(st, 5.0).warnings
    assert w.startswith("collision with Genereux: 4D6 hull to her, 3D6 to Genereux")
    assert f"{100 * at_least(4, 6, 12):.0f}% that Amazon's hull is crippled" in w
    assert "Genereux" in w and "sinks" not in w


def test_no_trial_outcome_is_shown_as_if_it_had_happened():
    st = ramming(3, genereux_hull=3)  # any 3D6 sinks her
    (w,) = preview(st, 5.0).warnings
    assert w.endswith("certain that Genereux sinks")
    assert "if the dice fall" not in w


def test_taken_aback_gives_the_rigging_dice_and_the_chance_of_losing_the_masts():
    st = battle(
        [{"id": "amazon", "pose": (10, 20, 0)}, {"id": "virginie", "side": "french", "pose": (60, 40, 270)}],
        wind_from=0,
    )
    st.ships["amazon"].rigging = 12
    activate(st, "amazon")
    (w,) = preview(st, 0.0, 45.0).warnings
    chance = f"{100 * at_least(4, 6, 12):.0f}%"
    assert w == f"taken aback: she stops and loses 4D6 rigging; {chance} that Amazon is dismasted"


# --- the shot box over an enemy -------------------------------------------------------------
