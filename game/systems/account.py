"""The parts of a battle's account that a rule system works out and an after-action report shows.

A report is built from the battle's events by code that knows no rule book,
so what it cannot know comes from the rule system as these plain values:
how lucky each throw of the gun dice was (:class:`DiceLuck`: the hits rolled
against the hits the same dice promise before they fall), how the points
were earned (:class:`PointsEntry`: which side scored how much for which ship,
and why), which event deals the damage that follows it and to whom
(:class:`Blow`), and the rule system's own words for what a report counts
(:class:`AccountTerms`: its damage tracks, what one firing of the guns is
called, the columns it has no use for).  They are frozen and hold only
numbers and words, so a report can be drawn from them on any thread.
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


# --- who dealt the damage, and the rule system's words for it ---------------------------------------------

#: What the damage a ship took was caused by: an enemy's guns, an enemy's crew, a collision, or nobody's hand.
GUNFIRE, BOARDING, COLLISION, OTHER = "gunfire", "boarding", "collision", "other"
CAUSES = (GUNFIRE, BOARDING, COLLISION, OTHER)


@dataclass(frozen=True)
class Blow:
    """An event that deals the damage following it (until an event that is no consequence of it), and to whom.

    ``hit`` pairs each ship the damage may fall on with the ship it is put down to (None: nobody's hand, as in
    a collision); damage to a ship it does not name is nobody's.  ``fought``: the ships for which this event
    begins a boarding action, each counting it once however many rounds it lasts.
    """

    cause: str
    hit: tuple[tuple[str, str | None], ...] = ()
    fought: tuple[str, ...] = ()

    def struck(self, ship: str) -> bool:
        """The damage to ``ship`` after this event is this blow's."""
        return any(victim == ship for victim, _ in self.hit)

    def by(self, ship: str) -> str | None:
        """Whose hand the damage to ``ship`` is put down to (None: nobody's)."""
        return next((hand for victim, hand in self.hit if victim == ship), None)


@dataclass(frozen=True)
class Track:
    """A damage track: ``key`` is the ``track`` of its ``damage`` events, ``name`` how a report names it."""

    key: str
    name: str


@dataclass(frozen=True)
class Firing:
    """One firing of a ship's guns as a rule system calls it, and the events a report counts them from.

    Each event of a type in ``events`` is one firing by its ``ship`` at its ``target``; its field ``score``
    (a whole number) says how heavy it was, in the rule system's word ``score_name``.
    """

    name: str
    plural: str
    events: tuple[str, ...]
    score: str
    score_name: str


@dataclass(frozen=True)
class AccountTerms:
    """What an after-action report counts in a rule system's battles, and the words it says it in.

    ``consequences`` are the event types that follow a blow as its consequences: the damage after them is
    still the blow's (any other event ends it).  ``rakes`` and ``criticals``: the rule system has them (a
    report leaves out the columns of those it has not).  The words fill the report's sentences:
    ``measure`` what damage is counted in ("points of hull, rigging and crew"), ``struck_off`` what a ship's
    hand does to the enemy's tracks, ``dealt_by`` and ``hands`` what deals it, ``boardings`` the title of the
    boarding actions' column, ``causes`` each cause of damage the rule system has, in its words (in the
    order of :data:`CAUSES`), and the luck of the dice: ``luck_unit`` what its dice roll ("hits";
    ``luck_one`` one of them, if it is said otherwise), ``luck_dice`` which dice are counted, ``luck_note`` how.
    """

    tracks: tuple[Track, ...]
    firing: Firing
    consequences: frozenset[str]
    rakes: bool
    criticals: bool
    measure: str
    struck_off: str
    dealt_by: str
    hands: str
    boardings: str
    causes: tuple[tuple[str, str], ...]
    luck_unit: str
    luck_dice: str
    luck_note: str
    luck_one: str = ""

    def luck_count(self, n: int) -> str:
        """``n`` of what the dice roll: "3 hits", "1 point of aim"."""
        return f"{n} {self.luck_one if n == 1 and self.luck_one else self.luck_unit}"

    @property
    def lost(self) -> str:
        """The tracks named together: "hull, rigging and crew", "hit points"."""
        names = [t.name for t in self.tracks] or ["damage"]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def cause_name(self, cause: str) -> str:
        return dict(self.causes).get(cause, cause)


#: What a report says of a battle whose rule system it has no terms from (an account made by hand): its
#: damage counted on one track, ``damage``, and nothing counted as a firing.
PLAIN_TERMS = AccountTerms(
    tracks=(Track("damage", "damage"),),
    firing=Firing("firing", "firings", (), "hits", "hits"),
    consequences=frozenset({"damage"}),
    rakes=False,
    criticals=False,
    measure="points of damage",
    struck_off="dealt to",
    dealt_by="guns and crew",
    hands="guns and crew",
    boardings="Boardings",
    causes=tuple((c, c) for c in CAUSES),
    luck_unit="hits",
    luck_dice="the dice that score hits",
    luck_note="Each throw of dice is counted against what its dice promised before they fell.",
)
