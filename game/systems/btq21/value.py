"""What a ship costs in a fleet bought by points, in Beat to Quarters.

The rules already say what a ship is worth: her victory value (guns, hull,
rigging and crew, :func:`~game.systems.btq21.victory.value_of`), the points
the enemy scores for sinking her.  Buying her at that value keeps the two
sides' stakes equal to what they paid.  Her crew changes what she can do with
the same guns (to-hit rolls, success-test rerolls) without changing her
value, so the price is the value times a factor for her crew's quality
(``fleet.quality`` in the rules data).  docs/FLEETS.md works examples.
"""

from __future__ import annotations

from game.content.model import RuleSet, ShipClass
from game.content.rules import FleetPrices
from game.systems.btq21.victory import value_of


def ship_value(rules: RuleSet, ship: ShipClass) -> int:
    """Her victory value at the start of a battle, undamaged."""
    return value_of(rules, ship.guns, ship.hull, ship.rigging, ship.crew)


def ship_price(rules: RuleSet, prices: FleetPrices, ship: ShipClass, quality: str | None = None) -> int:
    """Her price with the crew ``quality`` (her own when None): value times the crew's factor, rounded half up."""
    factor = prices.quality[quality or ship.quality]
    return int(ship_value(rules, ship) * factor + 0.5)


def gifford_points(prices: FleetPrices, points: int) -> float:
    """Our points in Gifford's campaign points (one of his is ``gifford_point`` of ours)."""
    return points / prices.gifford_point
