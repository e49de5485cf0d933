"""Gifford's solo-play tables, as numbers the scripted player looks up.

The source is the "Solo Play" section of Beat To Quarters 4.0
(``shared/seeds/000_...txt``); docs/SOLO.md explains each reading.  The
tables live here rather than in ``data/rules/``: every YAML file in that
folder is checked as a complete rule set by ``--check-data``, and this is
a player's script, not a rule of the game.

* Mode: a crew check each turn; passing the first makes the ship
  Aggressive, else passing a second makes her Standard, else Unsure.  The
  crew check is a Beat to Quarters v2.1 success test (3D6, 4+ a success, a 6
  two, rerolls by crew quality) needing :data:`CREW_CHECK_SUCCESSES`.
* Manoeuvre: a D12 by mode.  Our copy of the table lost some cells in its
  extraction; the reading below fills them so each column covers 1-12 once.
* Must-move: the book halves a roll of the ship's movement dice; on the
  gridless table 2D6 place each segment between its minimum and maximum.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from game.systems.btq21.dice import Dice
from game.systems.btq21.success import successes

AGGRESSIVE = "aggressive"
STANDARD = "standard"
UNSURE = "unsure"
MODES = (AGGRESSIVE, STANDARD, UNSURE)

MAINTAIN_COURSE = "maintain_course"
AGGRESSIVE_MOVE = "aggressive_move"  # turn to the best firing position
STANDARD_TOWARD = "standard_turn_toward"
STANDARD_AWAY = "standard_turn_away"
HARD_TOWARD = "hard_turn_toward"
HARD_AWAY = "hard_turn_away"
MANOEUVRES = (MAINTAIN_COURSE, AGGRESSIVE_MOVE, STANDARD_TOWARD, STANDARD_AWAY, HARD_TOWARD, HARD_AWAY)

#: D12 faces giving each manoeuvre, by mode.  Readings of the lost cells: the
#: Aggressive 12 is a hard turn toward (an Aggressive ship never turns hard
#: away), the Standard column reads 1-4 / 5 / 6-7 / 8-9 / 10-11 / 12, and an
#: Unsure ship maintains course on 1-4 and turns hard away on 5-8.
D12_TABLE: dict[str, dict[str, tuple[int, ...]]] = {
    AGGRESSIVE: {
        MAINTAIN_COURSE: (1, 2),
        AGGRESSIVE_MOVE: (3, 4, 5),
        STANDARD_TOWARD: (6, 7, 8),
        STANDARD_AWAY: (9,),
        HARD_TOWARD: (10, 11, 12),
    },
    STANDARD: {
        MAINTAIN_COURSE: (1, 2, 3, 4),
        AGGRESSIVE_MOVE: (5,),
        STANDARD_TOWARD: (6, 7),
        STANDARD_AWAY: (8, 9),
        HARD_TOWARD: (10, 11),
        HARD_AWAY: (12,),
    },
    UNSURE: {
        MAINTAIN_COURSE: (1, 2, 3, 4),
        HARD_AWAY: (5, 6, 7, 8),
        STANDARD_AWAY: (9, 10, 11, 12),
    },
}

#: Turn at the end of each segment, as a fraction of the size class's allowance,
#: and its sense (+1 bow toward the reference point, -1 away, 0 none).
#: "Half the turn value" is half the allowance; the "full turn value" all of it.
#: The aggressive move has no fixed turn: it is searched for (solo_movement).
TURNS: dict[str, tuple[float, int]] = {
    MAINTAIN_COURSE: (0.0, 0),
    AGGRESSIVE_MOVE: (1.0, 0),
    STANDARD_TOWARD: (0.5, 1),
    STANDARD_AWAY: (0.5, -1),
    HARD_TOWARD: (1.0, 1),
    HARD_AWAY: (1.0, -1),
}

#: Successes a crew check needs: the smallest test of the v2.1 book (Tack,
#: Fire As She Bears, Chain Shot and morale all need two).
CREW_CHECK_SUCCESSES = 2
CREW_CHECK_DICE = 3


@dataclass(frozen=True)
class SoloOrders:
    """What the solo tables decided for one ship this turn."""

    mode: str
    d12: int
    manoeuvre: str
    must_move: float  # 0 = each segment's minimum, 1 = its maximum


def crew_check(dice: Dice, rerolls: int, needed: int = CREW_CHECK_SUCCESSES) -> bool:
    """A v2.1 success test rolled on the player's dice, rerolls spent as the engine spends them."""
    faces = dice.roll(CREW_CHECK_DICE, 6)
    used: set[int] = set()
    while successes(faces) < needed and len(used) < rerolls:
        failed = [i for i, f in enumerate(faces) if f < 4 and i not in used]
        if not failed:
            break
        i = min(failed, key=lambda k: (faces[k], k))
        faces[i] = dice.die(6)
        used.add(i)
    return successes(faces) >= needed


@functools.lru_cache(maxsize=64)
def pass_chance(rerolls: int, needed: int = CREW_CHECK_SUCCESSES, dice: int = CREW_CHECK_DICE) -> float:
    """Exact chance of passing a v2.1 success test (also used for morale: 2 successes on 3D6)."""

    def after(faces: tuple[int, ...], used: frozenset[int], left: int) -> float:
        if successes(list(faces)) >= needed:
            return 1.0
        failed = [i for i, f in enumerate(faces) if f < 4 and i not in used]
        if not failed or left == 0:
            return 0.0
        i = min(failed, key=lambda k: (faces[k], k))
        return sum(after(faces[:i] + (f,) + faces[i + 1 :], used | {i}, left - 1) for f in range(1, 7)) / 6.0

    rolls = itertools.product(range(1, 7), repeat=dice)
    return sum(after(faces, frozenset(), rerolls) for faces in rolls) / 6.0**dice


def decide_mode(dice: Dice, rerolls: int) -> str:
    """Two crew checks at most: the first passed is Aggressive, the second Standard."""
    if crew_check(dice, rerolls):
        return AGGRESSIVE
    if crew_check(dice, rerolls):
        return STANDARD
    return UNSURE


def manoeuvre_for(mode: str, d12: int) -> str:
    for manoeuvre, faces in D12_TABLE[mode].items():
        if d12 in faces:
            return manoeuvre
    raise ValueError(f"no manoeuvre for a D12 of {d12} in {mode} mode")


def must_move_fraction(dice: Dice) -> float:
    """2D6 from 2 to 12 spread over 0..1: like the book's halved dice roll, the middle is likeliest."""
    return (sum(dice.roll(2, 6)) - 2) / 10.0


def roll_orders(dice: Dice, rerolls: int) -> SoloOrders:
    """The whole of a ship's solo roll for a turn, in the book's order: mode, manoeuvre, distance."""
    mode = decide_mode(dice, rerolls)
    d12 = dice.die(12)
    return SoloOrders(mode, d12, manoeuvre_for(mode, d12), must_move_fraction(dice))
