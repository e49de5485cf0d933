"""Disposition to the wind: where the wind line through the centre enters the base."""

import math

import pytest

from game.systems.btq21.disposition import ABACK, BEATING, REACHING, RUNNING, disposition, zone_limits
from tests.systems.btq21.battle import RULES

LARGE = (3.0, 1.0)


@pytest.mark.parametrize(
    ("off_bow", "expected"),
    [
        (0, ABACK),
        (18, ABACK),
        (19, BEATING),
        (60, BEATING),
        (89.9, BEATING),
        (90, REACHING),
        (120, REACHING),
        (161, REACHING),
        (162, RUNNING),
        (180, RUNNING),
    ],
)
def test_large_base_zones_follow_its_three_to_one_proportions(off_bow, expected):
    # wind from the north; the ship heads off_bow degrees away from it, either way round
    for heading in (off_bow, -off_bow % 360):
        assert disposition(RULES, heading, 0.0, *LARGE) == expected


def test_the_aback_zone_is_the_angle_of_the_bow_corner():
    aback, beat, reach = zone_limits(RULES, 3.0, 1.0)
    assert aback == pytest.approx(math.degrees(math.atan(1 / 3)))  # 18.43 degrees
    assert beat == 90.0
    assert reach == pytest.approx(180 - aback)


def test_a_narrower_small_base_is_aback_in_a_wider_cone_than_its_length_suggests():
    aback, _, _ = zone_limits(RULES, 2.0, 0.75)
    assert aback == pytest.approx(20.556, abs=0.01)


def test_disposition_depends_on_the_wind_not_on_the_compass():
    # heading east with the wind from the east is aback, from the west running
    assert disposition(RULES, 90, 90, *LARGE) == ABACK
    assert disposition(RULES, 90, 270, *LARGE) == RUNNING
    assert disposition(RULES, 90, 0, *LARGE) == REACHING


def test_fixed_angle_house_rule():
    from dataclasses import replace

    house = replace(RULES, disposition_mode="angles", disposition_angles={"aback": 45, "beating": 90, "reaching": 135})
    assert disposition(house, 40, 0, *LARGE) == ABACK
    assert disposition(house, 50, 0, *LARGE) == BEATING
    assert disposition(house, 100, 0, *LARGE) == REACHING
    assert disposition(house, 140, 0, *LARGE) == RUNNING
