"""Ranking plans by trials: each plan played out on copies whose dice are the search's own.

The look-ahead that proposes the plans scores each with every die at its
mean; that misses what turns on a single roll (a critical, a morale test
failed, a ship struck) and what the enemy, sailing her own reply, really
does to the position the plan leaves.  Each trial plays a plan and the
enemy's reply with sampled dice, and the plans are compared on the same
dice, round by round (common random numbers: the plans differ by what they
do, not by their luck).  Between rounds the worst plan is dropped, so the
trials go to the plans still in contention; the search stops at the last
round or when the clock says so, and answers with what complete rounds it has.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.search.levels import Level
from game.systems.dice import Dice

#: Plans kept to the last round (the others dropped one a round).
FINALISTS = 2


@dataclass
class Candidate:
    """One plan: what the rule system's captain needs to play it, and its look-ahead's own score."""

    plan: Any
    prior: float
    trials: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.trials) / len(self.trials) if self.trials else 0.0


@dataclass
class Ranking:
    """What the search found: the chosen plan's index, each plan's score, trials run and time taken."""

    best: int
    scores: list[float]
    trials: int
    rounds: int
    elapsed_ms: float


class Clock:
    """A ceiling on a decision's time (None: no ceiling, the trials alone bound the search)."""

    def __init__(self, budget_ms: float | None) -> None:
        self.start = time.perf_counter()
        self.budget_ms = budget_ms

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.start) * 1000.0

    def out(self) -> bool:
        return self.budget_ms is not None and self.elapsed_ms() >= self.budget_ms


def clock_for(level: Level, live: bool) -> Clock:
    """A decision's clock: the level's ceiling in the window (``live``) or on a time budget, and none off the
    window, where the trials alone bound a decision so a battle between computer players plays the same anywhere."""
    return Clock(level.budget_ms if live or level.timed else None)


def trial_dice(seed: int, position: str, round_: int) -> Dice:
    """The dice of one round of trials: from the player's seed and the position alone, never the game's dice.

    The same position gives the same dice, so a detached copy of the state (the window's worker)
    decides as the original does, and every plan of a round meets the same luck.
    """
    return Dice.from_seed(zlib.crc32(f"{seed}:{position}:{round_}".encode()) * 2654435761 + round_)


def rank(
    candidates: list[Candidate],
    trial: Callable[[Candidate, int], float],
    rounds: int,
    weight: float,
    clock: Clock,
) -> Ranking:
    """Play up to ``rounds`` rounds of trials; each plan's score is its prior plus ``weight`` x its trials' mean.

    ``trial(candidate, round)`` plays one plan with that round's dice and says what the position is
    then worth to us.  A round is used only when every plan still in contention has played it.
    """
    alive = list(range(len(candidates)))
    done = 0
    count = 0
    for r in range(rounds if len(candidates) > 1 else 0):
        if clock.out():
            break
        got: dict[int, float] = {}
        for i in alive:
            if clock.out():
                break  # even in the first round: an unfinished round is not used, and the priors decide
            got[i] = trial(candidates[i], r)
            count += 1
        if len(got) < len(alive):
            break
        for i, v in got.items():
            candidates[i].trials.append(v)
        done += 1
        if len(alive) > FINALISTS:
            worst = min(alive, key=lambda i: (_score(candidates[i], weight), -i))
            alive.remove(worst)
    scores = [_score(c, weight) for c in candidates]
    best = max(alive, key=lambda i: (scores[i], -i))
    return Ranking(best, scores, count, done, clock.elapsed_ms())


def _score(c: Candidate, weight: float) -> float:
    return c.prior + weight * c.mean
