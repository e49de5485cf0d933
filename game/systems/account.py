"""The parts of a battle's account that a rule system works out and an after-action report shows.

A report is built from the battle's events by code that knows no rule book,
so two things it cannot know come from the rule system as these plain values:
how lucky each throw of the gun dice was (:class:`DiceLuck`: the hits rolled
against the hits the same dice promise before they fall) and how the points
were earned (:class:`PointsEntry`: which side scored how much for which ship,
and why).  They are frozen and hold only numbers and words, so a report can be
drawn from them on any thread.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class DiceLuck:
    """One throw of dice that score hits, against what the same dice promise.

    ``expected`` and ``variance`` are those of the number of hits, worked out
    from the dice, the numbers needed and the modifiers before a die fell (extra
    dice included where the rules give them).  ``kind`` is the event's type.
    """

    ship: str
    target: str
    kind: str
    rolled: int
    expected: float
    variance: float

    @property
    def surplus(self) -> float:
        """Hits beyond what the dice promised (negative: fewer)."""
        return self.rolled - self.expected


@dataclass(frozen=True)
class PointsEntry:
    """Points one side earned for one ship: ``points`` = her ``value`` x ``share``.

    ``reason`` is a short word for the kind of score (the rule system's own, e.g.
    "sunk", "struck", "captured", "left_table", "escaped"); ``why`` says it in a
    sentence a player reads.  An entry may carry no points, to say why a ship that
    was lost scored for nobody.
    """

    side: str
    ship: str
    reason: str
    points: float
    value: float
    share: float
    why: str


def totals(entries: Iterable[PointsEntry], sides: Iterable[str]) -> dict[str, float]:
    """Each side's points, summed in the order of the entries (unrounded)."""
    out = {side: 0.0 for side in sides}
    for entry in entries:
        out[entry.side] = out.get(entry.side, 0.0) + entry.points
    return out


@dataclass(frozen=True)
class LuckTally:
    """Many throws taken together: hits rolled, hits expected, and how far from the expectation that is."""

    rolled: int = 0
    expected: float = 0.0
    variance: float = 0.0
    throws: int = 0

    def add(self, luck: DiceLuck) -> LuckTally:
        return LuckTally(
            self.rolled + luck.rolled,
            self.expected + luck.expected,
            self.variance + luck.variance,
            self.throws + 1,
        )

    @property
    def surplus(self) -> float:
        return self.rolled - self.expected

    @property
    def spread(self) -> float:
        """How many standard deviations the hits rolled lie from those expected (0 with no spread)."""
        if self.variance <= 0.0:
            return 0.0
        return self.surplus / math.sqrt(self.variance)

    @property
    def at_least_as_lucky(self) -> float:
        """About how often dice as many as these roll this many hits or more (a normal approximation)."""
        if self.variance <= 0.0:
            return 1.0 if self.surplus <= 0 else 0.0
        z = (self.surplus - 0.5) / math.sqrt(self.variance)  # hits are whole: half a hit of continuity
        return 0.5 * math.erfc(z / math.sqrt(2.0))

    @property
    def at_most_as_lucky(self) -> float:
        """About how often dice as many as these roll this few hits or fewer (a normal approximation)."""
        if self.variance <= 0.0:
            return 1.0 if self.surplus >= 0 else 0.0
        z = (self.surplus + 0.5) / math.sqrt(self.variance)
        return 0.5 * math.erfc(-z / math.sqrt(2.0))
