"""Exact chances of dice sums, as the previews quote them."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.systems.btq21.odds import at_least, hits_at_least, loss, percent, shot_hits
from tests.systems.btq21.battle import battle


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


def shot(d10, d6, needed, modifier=0):
    from game.systems.btq21.broadside import Shot

    mods = {"x": modifier} if modifier else {}
    return Shot("a", "b", "port", "hull", 10.0, "close", False, False, d10, d6, needed, mods)


def test_a_die_needing_six_hits_once_in_six_and_twice_in_thirty_six_with_its_extra_die():
    dist = shot_hits(shot(0, 1, 6))
    assert hits_at_least(dist, 1) == pytest.approx(1 / 6) and hits_at_least(dist, 2) == pytest.approx(1 / 36)


@given(st.integers(0, 6), st.integers(0, 12), st.integers(2, 9), st.integers(-2, 2))
def test_the_hits_distribution_is_whole_and_its_mean_counts_the_extra_dice(d10, d6, needed, modifier):
    dist = shot_hits(shot(d10, d6, needed, modifier))
    assert sum(dist) == pytest.approx(1.0, abs=1e-9)
    want = sum(
        n * sum(1 for f in range(2, s + 1) if f + modifier >= needed) / s * s / (s - 1) for n, s in ((d10, 10), (d6, 6))
    )
    assert sum(i * p for i, p in enumerate(dist)) == pytest.approx(want, abs=1e-6)


def test_the_hits_distribution_matches_the_engines_own_rolls():
    from game.systems.btq21.dice import Dice
    from game.systems.btq21.gunnery import roll_type

    class S:
        dice = Dice.from_seed(11)

    dist = shot_hits(shot(3, 8, 5))
    n = 20000
    counts = [0] * 60
    for _ in range(n):
        got = roll_type(S, 3, 10, 5, 0)[1] + roll_type(S, 8, 6, 5, 0)[1]
        counts[got] += 1
    for k in (2, 4, 6, 8):
        seen = sum(counts[k:]) / n
        assert seen == pytest.approx(hits_at_least(dist, k), abs=0.015)
