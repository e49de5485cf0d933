"""The exact chances of what dice about to be rolled will do, for previews that must not roll them.

A preview shows what the rules say before the player commits: which dice
will be rolled and how likely each outcome that matters is (a collision
sinking a ship, being taken aback bringing the masts down).  The sums of a
few dice are counted exactly by convolution, never sampled.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.rules.state import Ship


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
