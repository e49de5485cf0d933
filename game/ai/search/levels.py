"""Difficulty levels: how much a captain thinks and how often she errs.

A level is counted in trials (plans played out on a copy with dice of their
own), not in seconds, so a battle between computer players plays the same on
any machine and its golden pin holds.  The clock is a ceiling only: in the
window a slow machine cuts the search short rather than freeze the table
(``budget_ms``).  A level may also be a bare time budget (``captain:800ms``):
then the search runs until the clock says stop, as many trials as fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from game.systems.dice import Dice


@dataclass(frozen=True)
class Level:
    """How a captain at this level plans (``plans`` and ``samples``) and errs (``blunder``)."""

    name: str
    #: Plans of the activation the look-ahead keeps for the search to rank (1: no ranking).
    plans: int
    #: Trials each plan gets at most (dice of their own each, shared among the plans: common numbers).
    samples: int
    #: Enemy ships whose reply is sailed on each trial.
    replies: int
    #: Width of the activation's own look-ahead (paths kept at each segment); 0: the look-ahead's own.
    beam: int
    #: Ceiling on a decision, in milliseconds (None: none; the trials alone bound it).
    budget_ms: float | None
    #: The first round's dice come up at their means (a trial of the expected course of things);
    #: the rounds after it sample.  With one round, a level looks ahead without sampling's noise.
    mean_first: bool = False
    #: On each trial, after the enemies' replies, her own next activation is sailed too (two activations ahead).
    follow: bool = False
    #: The look-ahead's own second look at its best plans (the replies sailed with mean dice); the trials
    #: sail them anyway, so a level with trials may spare it.
    second_look: bool = True
    #: Chance that she takes one of her worse plans rather than her best (a beginner's slip; see ``_slip``).
    blunder: float = 0.0
    #: A pure time budget: trials go on until the clock runs out (``captain:800ms``).
    timed: bool = False
    #: A beginner's habits: she sails as if the enemy will not answer (no weight for his reply, nor for
    #: setting up her own next broadside), fires as she bears at the first chance, at any range, aims at
    #: the hull, and never declines action.
    heedless: bool = False
    #: She weighs her squadron: doubling on the enemy a friend is about to fire on, covering a crippled friend.
    squadron: bool = False
    #: She chooses which of her squadron's ships acts next by sailing them all, each order's first ship in
    #: turn, on a trial (``SearchCaptain.activate``), rather than taking the ship nearest the enemy first.
    order: bool = False

    def slips(self, roll: Dice) -> bool:
        """Whether this decision is one of her slips (a ``blunder`` share of them), drawn with ``roll``."""
        return roll.die(100) <= round(100 * self.blunder)


LEVELS: dict[str, Level] = {
    # Easy: a beginner's habits (heedless), a narrow look-ahead, and about one plan in three one of her worse ones.
    "easy": Level(
        "easy", plans=6, samples=0, mean_first=True, replies=0, follow=False, second_look=False, beam=3,
        budget_ms=150.0, blunder=0.3, heedless=True,
    ),
    # Normal: the look-ahead a little narrower than the old captain's, the time saved spent on trials.
    "normal": Level(
        "normal", plans=3, samples=1, mean_first=True, replies=1, follow=False, second_look=False, beam=4,
        budget_ms=400.0, squadron=True,
    ),
    # Hard: the old captain's look-ahead, more plans, more trials, more replies.
    "hard": Level(
        "hard", plans=5, samples=6, mean_first=True, replies=2, follow=True, second_look=True, beam=0,
        budget_ms=2000.0, squadron=True, order=True,
    ),
}

#: Time budgets a player may ask for, in milliseconds.
MIN_BUDGET_MS, MAX_BUDGET_MS = 20, 10_000
_TIMED = re.compile(r"^(\d{1,5})ms$")


def parse_level(text: str | None) -> Level:
    """The level a kind's suffix names (``easy``, ``normal``, ``hard`` or ``<N>ms``); ValueError if none."""
    if text is None:
        return LEVELS["normal"]
    if text in LEVELS:
        return LEVELS[text]
    m = _TIMED.match(text)
    if m:
        ms = int(m.group(1))
        if not MIN_BUDGET_MS <= ms <= MAX_BUDGET_MS:
            raise ValueError(f"a captain's time budget is {MIN_BUDGET_MS} to {MAX_BUDGET_MS} ms, not {ms}")
        return replace(LEVELS["hard"], name=f"{ms}ms", samples=10_000, budget_ms=float(ms), timed=True,
                       plans=5 if ms >= 300 else 3, beam=0 if ms >= 300 else 4)
    raise ValueError(f"no level {text!r} (easy, normal, hard, or a time budget such as 800ms)")
