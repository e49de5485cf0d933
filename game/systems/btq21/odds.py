"""The exact chances of what dice about to be rolled will do, for previews that must not roll them.

A preview shows what the rules say before the player commits: which dice
will be rolled and how likely each outcome that matters is (a collision
sinking a ship, being taken aback bringing the masts down).  The sums of a
few dice are counted exactly by convolution, never sampled.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.systems.btq21.broadside import Shot, hits_on
from game.systems.btq21.state import Ship

#: A die's chain of extra dice is followed this far (a chain of 40 natural sixes is 1 in 10**31).
CHAIN_LIMIT = 40


def mean_die(sides: int = 6) -> float:
    """A die's average face: what each die of a loss costs on average (3.5 for a D6)."""
    return (sides + 1) / 2


#: The average of a D6, the die of every loss in the rules.
MEAN_D6 = mean_die(6)


@cache
def _sums(count: int, sides: int) -> tuple[float, ...]:
    """Probability of each total 0 .. count * sides for ``count`` dice of ``sides`` sides."""
    dist = [1.0]
    for _ in range(count):
        nxt = [0.0] * (len(dist) + sides)
        for total, p in enumerate(dist):
            if p:
                for face in range(1, sides + 1):
                    nxt[total + face] += p / sides
        dist = nxt
    return tuple(dist)


def at_least(count: int, sides: int, total: int) -> float:
    """Chance that ``count`` dice of ``sides`` sides add up to ``total`` or more."""
    if total <= count:
        return 1.0 if count > 0 or total <= 0 else 0.0
    dist = _sums(count, sides)
    return sum(dist[total:]) if total < len(dist) else 0.0


@cache
def _chain_hits(sides: int, needed: int, modifier: int) -> tuple[float, ...]:
    """Hits from one gun die and the extra dice its natural maximums bring: probability of 0, 1, 2 ..."""
    top_hits = 1 if hits_on(sides, needed, modifier) else 0
    q = sum(1 for f in range(1, sides) if hits_on(f, needed, modifier)) / (sides - 1)
    dist = [0.0] * (CHAIN_LIMIT * top_hits + 2)
    for k in range(CHAIN_LIMIT):  # k maximums, then a die that is not one
        p = (1.0 / sides) ** k * (sides - 1) / sides
        dist[k * top_hits] += p * (1.0 - q)
        dist[k * top_hits + 1] += p * q
    return tuple(dist)


def _convolve(a: tuple[float, ...] | list[float], b: tuple[float, ...] | list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return out


def shot_hits(shot: Shot) -> list[float]:
    """Probability of each number of hits the broadside will score (extra dice for natural maximums included)."""
    dist: list[float] = [1.0]
    for count, sides in ((shot.d10, 10), (shot.d6, 6)):
        chain = _chain_hits(sides, shot.needed, shot.modifier)
        for _ in range(count):
            dist = _convolve(dist, chain)
            while len(dist) > 1 and dist[-1] < 1e-15:
                dist.pop()
    return dist


def hits_at_least(dist: list[float], n: int) -> float:
    return sum(dist[max(0, n) :]) if n < len(dist) else 0.0


@dataclass(frozen=True)
class Loss:
    """Dice of loss to one track of one ship, and the chances of what they may do to her."""

    ship: str
    track: str
    dice: int
    sides: int
    gone: float  # the track runs out: hull sinks her, crew strikes her, rigging brings the masts down
    crippled: float  # the track becomes crippled (0 when it already is): a morale test follows


def loss(ship: Ship, track: str, dice: int, sides: int = 6) -> Loss:
    left = ship.left(track)
    to_cripple = getattr(ship, track + "_cripple") - ship.lost(track)
    crippled = 0.0 if ship.crippled(track) else at_least(dice, sides, to_cripple)
    return Loss(ship.id, track, dice, sides, at_least(dice, sides, left) if left > 0 else 0.0, crippled)


def percent(p: float) -> str:
    """A chance as a player reads it: never "0%" or "100%" for what may or may not happen."""
    if p <= 0.0:
        return "no chance"
    if p >= 1.0:
        return "certain"
    pct = 100.0 * p
    if pct < 1.0:
        return "under 1%"
    if pct > 99.0:
        return "over 99%"
    return f"{pct:.0f}%"
