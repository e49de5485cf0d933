"""Exact chances of dice sums, as the previews quote them."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.odds import at_least, loss, percent
from tests.rules.battle import battle


@given(st.integers(0, 4), st.sampled_from([6, 10]), st.integers(-2, 42))
def test_at_least_matches_counting_every_throw(count, sides, total):
    throws = list(itertools.product(range(1, sides + 1), repeat=count))
    want = Fraction(sum(1 for t in throws if sum(t) >= total), len(throws))
    assert at_least(count, sides, total) == pytest.approx(float(want), abs=1e-12)


def test_a_collision_of_4d6_sinks_a_ship_with_14_hull_left_a_little_over_half_the_time():
    assert at_least(4, 6, 14) == pytest.approx(721 / 1296)  # 55.6%


def test_loss_reads_what_is_left_and_what_cripples_the_track():
    s = battle([{"id": "amazon", "pose": (10, 10, 90)}]).ships["amazon"]
    s.hull = 60  # 20 of 80 lost; 26 lost cripples her
    lo = loss(s, "hull", 3)
    assert lo.gone == 0.0 and lo.crippled == pytest.approx(at_least(3, 6, 6))
    s.hull = 10
    lo = loss(s, "hull", 3)
    assert lo.crippled == 0.0 and lo.gone == pytest.approx(at_least(3, 6, 10))


def test_percent_never_says_never_or_always_for_a_chance():
    assert percent(0.0) == "no chance" and percent(1.0) == "certain"
    assert percent(0.001) == "under 1%" and percent(0.999) == "over 99%" and percent(0.375) == "38%"
