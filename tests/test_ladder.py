"""The ladder: its schedule is mirrored, its interval and ratings are the textbook ones, and a real run prints."""

from __future__ import annotations

import io
import json
import math

import pytest

from game.content.load import load_default, open_scenario, scenario_path
from game.ladder import (
    ANCHOR_RATING,
    ELO_SCALE,
    Fixture,
    LadderError,
    Plan,
    bradley_terry,
    make_plan,
    mean_half_width,
    parse_pair,
    percentile,
    round_robin,
    run,
    run_fixtures,
    schedule,
    tally,
    wilson,
)
from game.selfplay import play

# ------------------------------------------------------------------------------------------- the interval


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3 (score interval without correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_the_wilson_interval_matches_published_values(k, n, lo, hi):
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_the_wilson_interval_is_symmetric_and_stays_inside_zero_to_one():
    lo, hi = wilson(3, 10)
    lo2, hi2 = wilson(7, 10)
    assert (lo, hi) == pytest.approx((1 - hi2, 1 - lo2))
    assert wilson(10, 10)[1] == pytest.approx(1.0) and 0.5 < wilson(10, 10)[0] < 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_margin_half_width_is_the_normal_one():
    mean, half = mean_half_width([1.0, 3.0])
    assert mean == 2.0
    assert half == pytest.approx(1.959963984540054 * math.sqrt(2.0) / math.sqrt(2))
    assert math.isnan(mean_half_width([5.0])[1])


def test_percentile_by_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 50) == 50
    assert percentile(values, 95) == 95
    assert percentile([7.0], 95) == 7.0


# ------------------------------------------------------------------------------------------- the ratings


def _expected_wins(strengths: dict[str, float], games: int) -> dict[tuple[str, str], float]:
    """A tournament whose results are exactly what the strengths predict."""
    out = {}
    for i in strengths:
        for j in strengths:
            if i != j:
                out[(i, j)] = games * strengths[i] / (strengths[i] + strengths[j])
    return out


def test_bradley_terry_recovers_the_strengths_of_a_constructed_tournament():
    strengths = {"w": 1.0, "x": 2.0, "y": 4.0, "z": 8.0}
    ratings = bradley_terry(list(strengths), _expected_wins(strengths, 40), prior=0.0, anchor="w")
    assert sorted(ratings, key=ratings.get) == ["w", "x", "y", "z"]
    assert ratings["w"] == pytest.approx(ANCHOR_RATING)
    for p, s in strengths.items():
        assert ratings[p] - ratings["w"] == pytest.approx(ELO_SCALE * math.log10(s), abs=1e-6)


def test_bradley_terry_keeps_the_order_when_regularised():
    strengths = {"w": 1.0, "x": 2.0, "y": 4.0, "z": 8.0}
    ratings = bradley_terry(list(strengths), _expected_wins(strengths, 40), anchor="w")
    assert sorted(ratings, key=ratings.get) == ["w", "x", "y", "z"]
    # The virtual games pull toward the middle: the spread shrinks a little, never grows.
    assert 0 < ratings["z"] - ratings["w"] < ELO_SCALE * math.log10(8.0)


def test_two_players_get_the_odds_of_their_record():
    ratings = bradley_terry(["a", "b"], {("a", "b"): 3.0, ("b", "a"): 1.0}, prior=0.0)
    assert ratings["a"] - ratings["b"] == pytest.approx(ELO_SCALE * math.log10(3.0), abs=1e-6)


def test_draws_alone_leave_two_players_level():
    # Ten draws: half a win to each, ten times.
    ratings = bradley_terry(["a", "b"], {("a", "b"): 5.0, ("b", "a"): 5.0})
    assert ratings["a"] == pytest.approx(ratings["b"])


def test_an_undefeated_player_gets_a_finite_rating_above_the_rest():
    wins = {("a", "b"): 10.0, ("b", "c"): 10.0}
    ratings = bradley_terry(["c", "b", "a"], wins, anchor="c")
    assert all(math.isfinite(r) for r in ratings.values())
    assert ratings["a"] > ratings["b"] > ratings["c"] == pytest.approx(ANCHOR_RATING)


# ------------------------------------------------------------------------------------------- the schedule


def test_a_round_robin_pairs_every_two_kinds_once():
    assert round_robin(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_each_seed_is_played_both_ways():
    fixtures = schedule([("a", "b"), ("a", "c")], ["duel", "squadron"], [5, 6, 7])
    assert len(fixtures) == 2 * 2 * 3 * 2
    assert [f.index for f in fixtures] == list(range(len(fixtures)))
    games: dict[tuple, list[dict[str, str]]] = {}
    for f in fixtures:
        games.setdefault((f.a, f.b, f.scenario, f.seed), []).append(f.kinds(("left", "right")))
    assert len(games) == 2 * 2 * 3
    for (a, b, _, _), kinds in games.items():
        assert kinds == [{"left": a, "right": b}, {"left": b, "right": a}]


def test_the_second_kind_takes_every_other_side():
    fx = Fixture(0, "a", "b", "x", 1, a_first=False)
    assert fx.kinds(("one", "two", "three")) == {"one": "b", "two": "a", "three": "a"}


def test_a_pairing_may_hold_levelled_kinds():
    assert parse_pair("captain:hard:scripted", "btq21") == ("captain:hard", "scripted")
    assert parse_pair("captain:easy:captain:400ms", "btq21") == ("captain:easy", "captain:400ms")
    assert parse_pair("random:captain", "cagway") == ("random", "captain")
    with pytest.raises(LadderError):
        parse_pair("random:nobody", "btq21")
    with pytest.raises(LadderError):
        parse_pair("captain-v1:random", "cagway")


def test_the_defaults_follow_the_rule_system():
    plan = make_plan("cagway", None, None, seeds=3, first_seed=10)
    assert plan.scenarios == ("cagway_blockade_run",)
    assert "captain-v1" not in plan.players and "captain:hard" in plan.players
    assert plan.seeds == (10, 11, 12)
    assert make_plan(None, None, ["cagway_open_water"], 1, 1).system == "cagway"
    assert make_plan(None, None, None, 1, 1).system == "btq21"


def test_a_ladder_refuses_what_it_cannot_play():
    with pytest.raises(LadderError):
        make_plan("cagway", None, ["duel"], 1, 1)
    with pytest.raises(LadderError):
        make_plan("cagway", ["random", "captain-v1"], None, 1, 1)
    with pytest.raises(LadderError):
        make_plan("btq21", ["random"], None, 1, 1)
    with pytest.raises(LadderError):
        make_plan(None, None, ["no_such_scenario"], 1, 1)


def test_lines_come_back_in_schedule_order():
    fixtures = schedule([("a", "b")], ["x"], [1, 2])
    seen = []
    lines = run_fixtures(fixtures, 1, seen.append, worker=lambda f: {"index": f.index, "seed": f.seed})
    assert [line["index"] for line in lines] == [0, 1, 2, 3] == [line["index"] for line in seen]


def _line(a, b, outcome, pa, pb, scenario="x"):
    return {"a": a, "b": b, "scenario": scenario, "outcome": outcome, "points_a": pa, "points_b": pb,
            "thinking_ms": {"a": [1.0], "b": [2.0, 4.0]}}


def test_a_draw_is_half_a_win_to_each_and_the_margin_is_a_minus_b():
    ladder = tally(["a", "b"], [_line("a", "b", "draw", 10.0, 4.0), _line("a", "b", "a", 20.0, 0.0)])
    t = ladder.pairs[("a", "b")]
    assert (t.games, t.a_wins, t.draws, t.b_wins) == (2, 1, 1, 0)
    assert t.margins == [6.0, 20.0]
    assert ladder.wins == {("a", "b"): 1.5, ("b", "a"): 0.5}
    assert (ladder.records["b"].draws, ladder.records["b"].losses) == (1, 1)
    assert ladder.records["b"].decision_ms == [2.0, 4.0, 2.0, 4.0]
    # No scripted player here: the first kind named is the anchor.
    assert ladder.ratings()["b"] < ladder.ratings()["a"] == ANCHOR_RATING


# ------------------------------------------------------------------------------------------- real games


def test_a_tiny_ladder_plays_mirrored_games_that_replay_alone():
    plan = make_plan("btq21", None, ["duel"], seeds=1, first_seed=3, pairs=["random:random"])
    out, lines = io.StringIO(), io.StringIO()
    assert run(plan, 1, out, json_out=lines) == 0
    text = out.getvalue()
    assert "random v random" in text and "Wilson" in text
    games = [json.loads(x) for x in lines.getvalue().splitlines()]
    assert [g["seed"] for g in games] == [3, 3]
    # The first kind takes the first side, then the other: between them every side, each once.
    assert sorted(games[0]["a_sides"] + games[1]["a_sides"]) == sorted(games[0]["players"])
    assert games[0]["a_sides"] == [next(iter(games[0]["players"]))]
    rules, ships = load_default()
    scenario = open_scenario(scenario_path("duel"), ships, rules)
    for g in games:
        assert f"--seed {g['seed']}" in g["replay"]
        again = play(scenario, rules, g["seed"], g["players"]).session.state
        assert again.state_hash() == g["state_hash"]
        assert again.winner == g["winner"]


def test_a_game_that_fails_is_reported_and_the_exit_is_one():
    plan = Plan("btq21", ("random", "scripted"), (("random", "scripted"),), ("no_such_scenario",), (1,))
    out = io.StringIO()
    assert run(plan, 1, out) == 1
    assert "2 game(s) failed" in out.getvalue() and "Traceback" in out.getvalue()


def _dies_on_odd_seeds(fx: Fixture) -> dict:
    if fx.seed % 2:
        raise RuntimeError("worker died")
    return {"index": fx.index, "seed": fx.seed}


def test_a_worker_that_raises_in_the_pool_fails_its_game_only():
    fixtures = schedule([("a", "b")], ["x"], [1, 2])
    ended = []
    lines = run_fixtures(fixtures, 2, worker=_dies_on_odd_seeds, on_done=ended.append)
    assert ["error" in line for line in lines] == [True, True, False, False]
    assert "worker died" in lines[0]["error"]
    assert sorted(line["index"] for line in ended) == [0, 1, 2, 3]
