"""Broadsides: arcs, range bands, line of sight, dice, to-hit numbers, raking, criticals."""

from fractions import Fraction

import pytest

from game.systems.btq21 import commands as c
from game.systems.btq21.broadside import band_of, broadside_total, is_rake, plan_shot, split_dice
from game.systems.btq21.dice import Dice
from game.systems.btq21.gunnery import roll_type
from tests.systems.btq21.battle import RULES, activate, battle, load, of_type, ok, refused

BOOK_DICE = {  # guns: (point blank, close, effective, long), the rule book's table
    135: (42, 28, 14, 8),
    125: (40, 26, 14, 8),
    115: (36, 24, 12, 6),
    105: (34, 22, 12, 6),
    95: (30, 20, 10, 6),
    85: (28, 18, 10, 6),
    75: (24, 16, 8, 4),
    65: (22, 14, 8, 4),
    55: (18, 12, 6, 4),
    45: (16, 10, 6, 4),
    35: (12, 8, 4, 2),
    25: (10, 6, 4, 2),
    15: (8, 4, 2, 1),
    5: (6, 2, 1, 0),
}


def duel(**kw):
    return battle(
        [
            {
                "id": "amazon",
                "pose": kw.get("a", (30, 20, 90)),
                "quality": kw.get("qa", "average"),
                "sail": kw.get("sa", "battle"),
            },
            {"id": "virginie", "side": "french", "pose": kw.get("v", (30, 30, 90)), "sail": kw.get("sv", "battle")},
        ]
        + kw.get("extra", [])
    )


@pytest.mark.parametrize("guns", sorted(BOOK_DICE))
def test_every_row_of_the_broadside_dice_table(guns):
    st = duel()
    got = tuple(broadside_total(st, guns, b) for b in ("point_blank", "close", "effective", "long"))
    assert got == BOOK_DICE[guns]


def test_range_bands_include_their_upper_limit():
    st = duel()
    assert [band_of(st, d) for d in (0, 8, 8.01, 16, 16.5, 32, 32.1, 64)] == [
        "point_blank",
        "point_blank",
        "close",
        "close",
        "effective",
        "effective",
        "long",
        "long",
    ]
    assert band_of(st, 64.01) is None


def test_dice_split_by_the_share_of_large_guns_rounding_half_up():
    assert split_dice(16, 0.58) == (9, 7)  # 9.28 -> 9
    assert split_dice(10, 0.25) == (3, 7)  # 2.5 -> 3
    assert split_dice(12, 0.0) == (0, 12)


def test_a_target_abeam_is_in_that_broadside_and_one_ahead_in_neither():
    st = duel(a=(30, 20, 90), v=(30, 30, 90))  # Virginie 10" to the north: Amazon's port side
    a, v = st.ships["amazon"], st.ships["virginie"]
    assert not isinstance(plan_shot(st, a, "port", v, "hull"), str)
    assert "not in" in plan_shot(st, a, "starboard", v, "hull")
    st2 = duel(a=(30, 20, 90), v=(45, 20, 90))  # dead ahead
    assert "not in" in plan_shot(st2, st2.ships["amazon"], "port", st2.ships["virginie"], "hull")


def test_shot_from_the_table_close_range_with_modifiers():
    # 38 guns, no large guns: close range 8 D6 at the hull needing 4+.
    st = duel(a=(30, 20, 90), v=(30, 30, 90), qa="good", sa="easy", sv="full")
    st.ships["virginie"].fires = 1
    shot = plan_shot(st, st.ships["amazon"], "port", st.ships["virginie"], "hull")
    assert shot.band == "close" and shot.range == pytest.approx(10 - 0.75)
    assert (shot.d10, shot.d6, shot.needed) == (0, 8, 4)
    assert shot.modifiers == {"firer_quality": 1, "firer_sail": 1, "target_sail": 1, "target_on_fire": 1}


@pytest.mark.parametrize(
    ("aim", "band", "needed"),
    [
        ("hull", "point_blank", 3),
        ("hull", "close", 4),
        ("hull", "effective", 5),
        ("hull", "long", 6),
        ("rigging", "point_blank", 5),
        ("rigging", "close", 6),
        ("rigging", "effective", 7),
        ("rigging", "long", 8),
    ],
)
def test_to_hit_table(aim, band, needed):
    assert RULES.to_hit[aim][band] == needed


def test_crippled_hull_halves_each_type_rounding_up():
    st = duel(a=(30, 20, 90), v=(30, 24, 90))  # point blank
    a = st.ships["amazon"]
    a.large_share = 0.3  # 12 dice -> 4 D10 + 8 D6
    a.hull = a.hull_start - a.hull_cripple
    shot = plan_shot(st, a, "port", st.ships["virginie"], "hull")
    assert (shot.d10, shot.d6, shot.crippled) == (2, 4, True)


def test_line_of_sight_blocked_by_a_ship_in_the_corridor():
    st = duel(a=(30, 20, 90), v=(30, 40, 90), extra=[{"id": "java", "pose": (32, 30, 90)}])
    reason = plan_shot(st, st.ships["amazon"], "port", st.ships["virginie"], "hull")
    assert "Java is in the way" in reason


def test_raking_across_the_bow_doubles_the_dice():
    # Virginie heads north; Amazon lies across her bow, heading east, 6" ahead of her.
    st = duel(a=(30, 30, 90), v=(30, 22, 0))
    a, v = st.ships["amazon"], st.ships["virginie"]
    assert is_rake(a, v)
    shot = plan_shot(st, a, "starboard", v, "hull")
    assert shot.rake and shot.d6 == 2 * 12  # point blank 12 D6, doubled
    st2 = duel(a=(30, 30, 45), v=(30, 22, 0))  # keels 45 degrees apart: no rake
    assert not is_rake(st2.ships["amazon"], st2.ships["virginie"])
    st3 = duel(a=(31, 30, 90), v=(30, 22, 0))  # her centre is 1" off Virginie's keel line: outside the beam
    assert not is_rake(st3.ships["amazon"], st3.ships["virginie"])


def test_a_rake_gives_an_automatic_critical():
    st = duel(a=(30, 30, 90), v=(30, 22, 0))
    activate(st, "amazon")
    load(st, *([2] * 24), 4, 4)  # 24 D6 needing 3+ at point blank; critical 2D6 = 8: fires
    st.dice.faces += [1, 1]  # fires: 2D6 crew
    st.dice.faces += [1] * 6  # musketry at point blank: 6 D6, all missing
    ev = ok(st, c.Fire("amazon", "starboard", "virginie", "hull"))
    assert of_type(ev, "broadside")[0]["hits"] == 0  # every die a 2, needing 3: the critical comes from the rake
    (crit,) = of_type(ev, "critical")
    assert crit["roll"] == 8 and crit["effect"] == "fires"
    assert st.ships["virginie"].fires == 2


def test_each_broadside_fires_once_a_turn():
    st = duel(a=(30, 20, 90), v=(30, 30, 90))
    activate(st, "amazon")
    load(st, *([1] * 8))
    ok(st, c.Fire("amazon", "port", "virginie", "rigging"))
    assert "already fired her port" in refused(st, c.Fire("amazon", "port", "virginie", "hull"))


def test_a_natural_one_always_misses_and_a_six_rolls_again():
    from game.systems.btq21.dice import Loaded

    st = duel()
    st.dice = Loaded([1, 6, 6, 2])
    faces, hits = roll_type(st, 2, 6, 3, 5)  # +5: everything but a natural 1 hits
    assert faces == [1, 6, 6, 2] and hits == 3


def _expected_hits(sides: int, needed: int, modifier: int) -> Fraction:
    p = Fraction(sum(1 for f in range(2, sides + 1) if f + modifier >= needed), sides)
    return p * Fraction(sides, sides - 1)  # each natural maximum adds a die: sides/(sides-1) dice per die


@pytest.mark.parametrize(
    ("sides", "needed", "modifier"), [(6, 3, 0), (6, 4, 1), (6, 6, -1), (6, 8, 2), (10, 5, 0), (10, 8, -1), (10, 3, 1)]
)
def test_hit_rates_match_the_exact_expectation(sides, needed, modifier):
    st = duel()
    st.dice = Dice.from_seed(sides * 100 + needed * 10 + modifier + 5)
    n = 40000
    total = 0
    sq = 0
    for _ in range(n):
        _, h = roll_type(st, 1, sides, needed, modifier)
        total += h
        sq += h * h
    mean = total / n
    var = sq / n - mean * mean
    expected = float(_expected_hits(sides, needed, modifier))
    assert abs(mean - expected) < 4 * (var / n) ** 0.5 + 1e-9, (mean, expected)


def test_critical_table_rows():
    rows = {(r.low, r.high): r.effect for r in RULES.critical_table}
    assert rows == {
        (2, 2): "rudder",
        (3, 4): "mast",
        (5, 7): "fire",
        (8, 9): "fires",
        (10, 11): "leak",
        (12, 12): "magazine",
    }
