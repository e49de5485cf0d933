"""The after-action account's rule-system half: the luck of the gun dice and the points, from the log alone."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.content.load import load_default, load_scenario, scenario_path
from game.selfplay import play
from game.systems import make_system
from game.systems.account import totals
from game.systems.btq21.account import dice_luck, log_standings, points_from_log
from game.systems.btq21.figures import expected_hits
from game.systems.btq21.victory import Standing, points_account, scoring, standings

RULES, SHIPS = load_default()
SETUP = {"type": "setup", "ships": [{"id": "a", "specials": ["marines"]}, {"id": "b", "specials": []}]}


def broadside(d10: int, d6: int, needed: int, modifier: int = 0, hits: int = 0, **more) -> dict:
    return {"type": "broadside", "ship": "a", "target": "b", "d10": d10, "d6": d6, "needed_d10": needed,
            "needed_d6": needed, "modifier": modifier, "hits": hits, **more}  # fmt: skip


def test_six_d10_needing_7_promise_two_and_two_thirds_hits_with_the_extra_dice():
    # 4 faces in 10 hit (7, 8, 9, 10), and every 10 rolls another die: each die starts a chain of 10/9 dice on
    # average, so 6 x 0.4 x 10/9 = 8/3.  Without the extra dice it would be the 2.4 of 6 x 0.4.
    luck = dice_luck(broadside(6, 0, 7, hits=4), SETUP, RULES)
    assert luck is not None
    assert luck.expected == pytest.approx(8 / 3, abs=1e-9)
    assert luck.rolled == 4 and luck.surplus == pytest.approx(4 - 8 / 3, abs=1e-9)
    assert luck.ship == "a" and luck.target == "b" and luck.kind == "broadside"


def _chain_moments(sides: int, needed: int, modifier: int, depth: int = 9) -> tuple[Fraction, Fraction]:
    """Mean and variance of one die's hits, by following every chain of natural maximums ``depth`` dice deep."""
    dist: dict[int, Fraction] = {}

    def follow(prob: Fraction, hits: int, left: int) -> None:
        for face in range(1, sides + 1):
            p, h = prob / sides, hits + (1 if face != 1 and face + modifier >= needed else 0)
            if face == sides and left > 1:
                follow(p, h, left - 1)
            else:
                dist[h] = dist.get(h, Fraction(0)) + p

    follow(Fraction(1), 0, depth)
    mean = sum(k * p for k, p in dist.items())
    return mean, sum((k - mean) ** 2 * p for k, p in dist.items())


@pytest.mark.parametrize("d10, d6, needed, modifier", [(0, 3, 7, 2), (2, 5, 8, -1), (4, 0, 9, 1), (1, 1, 12, 0)])
def test_a_broadsides_expectation_and_spread_match_counting_every_chain_of_dice(d10, d6, needed, modifier):
    m10, v10 = _chain_moments(10, needed, modifier)
    m6, v6 = _chain_moments(6, needed, modifier)
    luck = dice_luck(broadside(d10, d6, needed, modifier), SETUP, RULES)
    assert luck is not None
    assert luck.expected == pytest.approx(float(d10 * m10 + d6 * m6), abs=1e-6)
    assert luck.variance == pytest.approx(float(d10 * v10 + d6 * v6), abs=1e-5)
    # and the shot box's closed form agrees
    want = expected_hits(d10, 10, needed, modifier) + expected_hits(d6, 6, needed, modifier)
    assert luck.expected == pytest.approx(want, abs=1e-9)


def test_three_d6_needing_7_with_2_added_hit_on_5_and_6_for_an_expected_1_point_2():
    # faces 5 and 6 hit (2 in 6); a 6 rolls again: 3 x (2/6) / (5/6) = 1.2
    luck = dice_luck(broadside(0, 3, 7, 2, hits=1), SETUP, RULES)
    assert luck is not None and luck.expected == pytest.approx(1.2, abs=1e-9)


def test_musketry_expects_marines_to_roll_their_misses_again():
    need = RULES.musketry_hit_on
    p = Fraction(7 - need, 6)
    volley = {"type": "musketry", "ship": "a", "target": "b", "dice": 6, "faces": [1] * 6, "hits": 0}
    with_marines = dice_luck(volley, SETUP, RULES)
    without = dice_luck({**volley, "ship": "b", "target": "a"}, SETUP, RULES)
    assert without is not None and without.expected == pytest.approx(float(6 * p))
    assert with_marines is not None and with_marines.expected == pytest.approx(float(6 * (1 - (1 - p) ** 2)))
    assert without.variance == pytest.approx(float(6 * p * (1 - p)))


def test_a_fireships_blast_counts_its_dice_unmodified():
    blast = {"type": "fireship_blast", "ship": "a", "target": "b", "d10": 3, "d6": 2, "needed": 7, "hits": 2}
    luck = dice_luck(blast, SETUP, RULES)
    assert luck is not None and luck.kind == "fireship_blast"
    assert luck.expected == pytest.approx(expected_hits(3, 10, 7, 0) + expected_hits(2, 6, 7, 0))


@pytest.mark.parametrize(
    "damage",
    [
        {"d10": "6"},
        {"d10": -1},
        {"d6": 10**7},
        {"hits": None},
        {"modifier": True},
        {"needed_d6": [7]},
        {"ship": 3},
        {"target": None},
    ],
)
def test_a_damaged_broadside_counts_for_nothing_and_never_raises(damage):
    assert dice_luck({**broadside(2, 2, 7), **damage}, SETUP, RULES) is None


def test_events_that_roll_no_gun_dice_have_no_luck():
    for event in ({"type": "move"}, {"type": "test", "dice": 3, "hits": 1}, {"type": "damage"}, {}):
        assert dice_luck(event, SETUP, RULES) is None


# --- the points ----------------------------------------------------------------------------------------


def _standing(ship: str, owner: str, status: str, value: int = 40, side: str | None = None, **more) -> Standing:
    return Standing(ship, owner, side or owner, status, value, **more)


def test_every_way_of_scoring_is_an_entry_and_the_entries_are_the_points():
    ships = [
        _standing("sunk_one", "red", "sunk", 40),
        _standing("struck_one", "red", "struck", 30),
        _standing("prize", "red", "captured", 20, side="blue"),
        _standing("retaken", "blue", "captured", 25),
        _standing("runner", "red", "left_table", 50, exit_edge="east"),
        _standing("straggler", "blue", "left_table", 10, exit_edge="west"),
        _standing("fireship", "blue", "exploded", 12, fireship=True),
        _standing("afloat", "blue", "afloat", 60),
    ]
    entries = scoring(ships, ("red", "blue"), RULES, {"red": "east"})
    by_ship = {e.ship: e for e in entries}
    vic = RULES.victory
    assert by_ship["sunk_one"].side == "blue" and by_ship["sunk_one"].points == 40 * vic["sunk"]
    assert by_ship["struck_one"].points == 30 * vic["struck"]
    assert by_ship["prize"].points == 20 * vic["captured"] and by_ship["prize"].reason == "captured"
    assert by_ship["retaken"].points == 0.0 and "nobody" in by_ship["retaken"].why
    assert by_ship["runner"].side == "red" and by_ship["runner"].reason == "escaped" and by_ship["runner"].points == 50
    assert by_ship["straggler"].side == "red" and by_ship["straggler"].points == 10 * vic["left_table"]
    assert by_ship["fireship"].points == 0.0 and "fireship" in by_ship["fireship"].why
    assert "afloat" not in by_ship
    assert all(e.points == pytest.approx(e.value * e.share) for e in entries)
    assert totals(entries, ("red", "blue")) == {"red": 50 + 10 * 0.5, "blue": 40 + 30 + 20 * 1.5}


#: Self-played battles whose endings between them sink, strike, explode, run aground, leave the table, escape,
#: are taken, retaken and spent as fireships (found by playing each scenario's first seeds).
GAMES = [
    ("duel", 6, "random"),
    ("blockade_run", 2, "scripted"),
    ("cap_noir", 3, "random"),
    ("squadron", 2, "random"),
    ("aboukir_bay", 5, "random"),
    ("basque_roads", 5, "random"),
    ("shoal_water", 6, "random"),
]


@pytest.fixture(scope="module")
def played():
    out = []
    for name, seed, kind in GAMES:
        scenario = load_scenario(scenario_path(name), SHIPS, RULES)
        session = play(scenario, RULES, seed, {side.id: kind for side in scenario.sides}).session
        out.append((name, session))
    return out


def test_the_points_from_the_log_are_the_games_points_entry_by_entry(played):
    reasons = set()
    for name, session in played:
        events = session.events
        over = events[-1]
        assert over["type"] == "game_over", name
        entries = session.system.points_account(events, session.scenario)
        assert list(entries) == points_account(session.state), name  # the log tells what the state knows
        summed = {k: round(v, 1) for k, v in totals(entries, session.state.sides).items()}
        assert summed == over["points"], name
        reasons |= {e.reason for e in entries}
    want = {"sunk", "struck", "exploded", "aground", "left_table", "escaped", "captured", "retaken", "fireship"}
    assert want <= reasons  # the games above do score in all these ways


def test_the_logs_standings_are_the_states(played):
    for name, session in played:
        from_log, sides = log_standings(session.events, RULES)
        assert sides == session.state.sides
        assert from_log == standings(session.state), name


def test_a_log_with_no_setup_or_a_damaged_ship_scores_what_it_can_and_never_raises():
    assert points_from_log([], RULES, None) == []
    ships = [{"id": "x", "side": "a", "guns": "many"}, {"id": 5}, None, {"id": "y", "side": "b", "guns": 40}]
    setup = {"type": "setup", "sides": [{"id": "a"}, {"id": "b"}, "junk"], "ships": ships}
    events = [setup, {"type": "sunk", "ship": "x"}, {"type": "captured", "ship": "y", "side": "a"}, "junk",
              {"type": "left_table", "ship": "nobody"}]  # fmt: skip
    entries = points_from_log(events, RULES, None)
    assert [(e.side, e.ship, e.reason) for e in entries] == [("b", "x", "sunk"), ("a", "y", "captured")]


def test_the_rule_system_answers_through_its_interface():
    system = make_system(RULES.system, RULES)
    assert system.dice_luck(broadside(6, 0, 7), SETUP) == dice_luck(broadside(6, 0, 7), SETUP, RULES)
    assert system.points_account([], None) == ()


# --- who dealt each loss, and the book's words ---------------------------------------------------------------


def test_who_dealt_each_loss():
    from game.systems.account import BOARDING, COLLISION, GUNFIRE, Blow
    from game.systems.btq21.account import TERMS, blow

    assert blow(broadside(1, 1, 7)) == Blow(GUNFIRE, (("b", "a"),))
    assert blow({"type": "musketry", "ship": "a", "target": "b"}) == Blow(GUNFIRE, (("b", "a"),))
    assert blow({"type": "fireship_blast", "ship": "f", "target": "b"}) == Blow(GUNFIRE, (("b", "f"),))
    assert blow({"type": "fireship_blast", "ship": "f"}) is None
    first = blow({"type": "boarding", "attacker": "a", "defender": "b", "round": 1})
    assert first == Blow(BOARDING, (("a", "b"), ("b", "a")), ("a", "b"))  # a boarding action begins
    assert blow({"type": "boarding", "attacker": "a", "defender": "b", "round": 2}).fought == ()
    assert blow({"type": "boarding", "attacker": "a", "defender": "b"}).fought == ("a", "b")  # a log without rounds
    crash = blow({"type": "collision", "ship": "a", "other": "b"})
    assert crash == Blow(COLLISION, (("a", None), ("b", None))) and crash.struck("b") and crash.by("b") is None
    for e in ({"type": "fire_spreads", "ship": "a"}, {"type": "damage", "ship": "a"}, {}, {"type": 7}):
        assert blow(e) is None
    assert {"damage", "critical", "critical_check", "test", "demasted", "struck", "captured"} <= TERMS.consequences
    assert [t.key for t in TERMS.tracks] == ["hull", "rigging", "crew"] and TERMS.lost == "hull, rigging and crew"
    assert TERMS.rakes and TERMS.criticals and TERMS.firing.events == ("broadside",)
    assert make_system(RULES.system, RULES).account_terms() is TERMS
