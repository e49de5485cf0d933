"""Success tests: the engine's pass rates against the exact probabilities."""

import itertools
from fractions import Fraction

import pytest

from game.systems.btq21.dice import Dice
from game.systems.btq21.events import Out
from game.systems.btq21.success import success_test
from tests.systems.btq21.battle import battle


def exact_pass_chance(dice: int, needed: int, rerolls: int) -> Fraction:
    """Enumerate every roll; failed dice (1-3) are rerolled, up to ``rerolls`` of them."""

    def succ(f):
        return 2 if f == 6 else 1 if f >= 4 else 0

    total = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=dice):
        base = sum(succ(f) for f in faces)
        failed = sum(1 for f in faces if f < 4)
        r = min(rerolls, failed)
        # the rerolled dice add successes independently
        dist = {0: Fraction(1)}
        for _ in range(r):
            nxt: dict[int, Fraction] = {}
            for s, p in dist.items():
                for f in range(1, 7):
                    nxt[s + succ(f)] = nxt.get(s + succ(f), 0) + p / 6
            dist = nxt
        total += sum((p for s, p in dist.items() if base + s >= needed), Fraction(0)) / 6**dice
    return total


@pytest.mark.parametrize(
    ("quality", "needed", "extra", "flagship"),
    [
        ("poor", 2, 0, False),
        ("average", 2, 0, False),
        ("good", 2, 0, False),
        ("good", 3, 0, True),
        ("average", 3, 1, False),
        ("poor", 3, 0, False),
    ],
)
def test_pass_rate_matches_the_exact_probability(quality, needed, extra, flagship):
    st = battle(
        [
            {"id": "a", "pose": (10, 10, 90), "quality": quality, "flagship": flagship},
            {"id": "b", "side": "french", "pose": (60, 40, 270)},
        ]
    )
    ship = st.ships["a"]
    rerolls = {"good": 2, "average": 1, "poor": 0}[quality] + (1 if flagship else 0)
    p = float(exact_pass_chance(3 + extra, needed, rerolls))
    st.dice = Dice.from_seed(2024)
    n = 20000
    passes = sum(success_test(st, ship, "x", needed, Out(st), extra_dice=extra) for _ in range(n))
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(passes / n - p) < 4 * sigma + 1e-9, (passes / n, p)


def test_known_values():
    # 3D6 needing two: fails on no success (27/216) or exactly one 4-5 with two failures (54/216)
    assert exact_pass_chance(3, 2, 0) == Fraction(5, 8)
    assert exact_pass_chance(3, 2, 1) > Fraction(5, 8)
