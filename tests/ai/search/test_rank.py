"""Ranking plans by trials: every plan meets the same dice in a round, the worst drops out, the clock is obeyed."""

from game.ai.search import Candidate, rank
from game.ai.search.rank import Clock, trial_dice


def test_a_plan_scores_its_prior_plus_its_trials_weighted():
    a, b = Candidate("a", prior=1.0), Candidate("b", prior=0.0)
    got = rank([a, b], lambda cand, r: 0.0 if cand.plan == "a" else 3.0, rounds=2, weight=0.5, clock=Clock(None))
    assert got.best == 1 and got.scores == [1.0, 1.5]


def test_every_plan_of_a_round_meets_the_same_dice():
    seen: dict[int, set[int]] = {}

    def trial(cand: Candidate, r: int) -> float:
        seen.setdefault(r, set()).add(trial_dice(7, "here", r).die(1_000_000))
        return 0.0

    rank([Candidate(i, 0.0) for i in range(4)], trial, rounds=3, weight=1.0, clock=Clock(None))
    assert all(len(rolls) == 1 for rolls in seen.values()) and len(seen) == 3


def test_rounds_differ_and_positions_differ():
    assert trial_dice(7, "here", 0).die(1_000_000) != trial_dice(7, "here", 1).die(1_000_000)
    assert trial_dice(7, "here", 0).die(1_000_000) != trial_dice(7, "there", 0).die(1_000_000)


def test_the_worst_plan_drops_out_each_round_and_the_trials_go_to_the_rest():
    played: list[str] = []

    def trial(cand: Candidate, r: int) -> float:
        played.append(cand.plan)
        return {"good": 2.0, "fair": 1.0, "poor": 0.0}[cand.plan]

    got = rank([Candidate(p, 0.0) for p in ("poor", "fair", "good")], trial, rounds=3, weight=1.0, clock=Clock(None))
    assert got.best == 2
    assert played.count("poor") == 1 and played.count("good") == 3


def test_one_plan_needs_no_trial():
    got = rank([Candidate("only", 0.0)], lambda cand, r: 1 / 0, rounds=5, weight=1.0, clock=Clock(None))
    assert got.best == 0 and got.trials == 0


def test_a_spent_clock_answers_with_the_complete_rounds_it_has():
    clock = Clock(0.0)
    got = rank([Candidate("a", 1.0), Candidate("b", 0.0)], lambda cand, r: 5.0, rounds=10, weight=1.0, clock=clock)
    assert got.rounds == 0 and got.best == 0  # no round played: the priors decide


class _Ticks(Clock):
    """A clock that runs out after ``n`` looks at it."""

    def __init__(self, n: int) -> None:
        super().__init__(1.0)
        self.left = n

    def out(self) -> bool:
        self.left -= 1
        return self.left < 0


def test_a_clock_that_runs_out_in_the_first_round_leaves_the_priors_to_decide():
    # A slow first trial (a Cagway carrier choice plays a whole round) must not hold the window past its ceiling.
    played = []

    def trial(cand, r):
        played.append(cand.plan)
        return 10.0 if cand.plan == "b" else 0.0

    got = rank([Candidate("a", 1.0), Candidate("b", 0.0), Candidate("c", 0.0)], trial, rounds=5, weight=1.0,
               clock=_Ticks(2))
    assert played == ["a"] and got.rounds == 0 and got.best == 0
