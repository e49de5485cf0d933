"""The campaign sheet's money and victory-point columns: what things cost, paying, earning, scoring.

Prices are Gifford's campaign points.  A ship's price is her fleet price
(H3's value formula, docs/FLEETS.md) turned into his points, so a campaign
and a fleet bought by points agree on what a ship is worth; that price is
also her "original point value" for victory points.
"""

from __future__ import annotations

from game.campaign.state import Campaign, CampaignError, Side, VPEntry
from game.content.load import load_default
from game.content.model import ShipClass
from game.fleets.model import FleetShip
from game.fleets.value import UnknownShip, gifford_points, ship_points


def ship_class(ship: str) -> ShipClass:
    """Her class in ships.yaml; CampaignError when there is none."""
    ships = load_default()[1]
    if ship not in ships:
        raise CampaignError(f"there is no ship class {ship!r} in ships.yaml")
    return ships[ship]


def price(ship: str, quality: str) -> int:
    """Her price in campaign points with a crew of ``quality`` (at least one point, rounded half up)."""
    try:
        ours = ship_points("btq21", FleetShip(ship=ship, name=ship, quality=quality))
    except (UnknownShip, ValueError) as e:
        raise CampaignError(str(e)) from None
    return max(1, int(gifford_points(ours) + 0.5))


def available(campaign: Campaign, side: str) -> int:
    """Her treasury less what this month's orders will cost when they are carried out."""
    from game.campaign.prizes import recrew_bill
    from game.campaign.yards import repair_bill

    s = campaign.side(side)
    building = sum(price(o.ship, o.quality) for o in s.orders.build)
    return s.treasury - building - repair_bill(campaign, s) - recrew_bill(campaign, s)


def pay(campaign: Campaign, side: Side, amount: int, step: str, why: str) -> None:
    """Take ``amount`` from her treasury, or refuse (nothing changes) when she has not got it."""
    if amount > side.treasury:
        raise CampaignError(f"{side.name} has {side.treasury} points, and {why} costs {amount}")
    side.treasury -= amount
    campaign.note(step, side.id, f"paid {amount} for {why} ({side.treasury} left)")


def earn(campaign: Campaign, side: Side, amount: int, step: str, why: str) -> None:
    side.treasury += amount
    campaign.note(step, side.id, f"gained {amount} points: {why} ({side.treasury} in hand)")


def score(campaign: Campaign, side: Side, points: int, reason: str, ship: str, step: str = "f") -> None:
    """One line of her victory-point ledger (kept running, added up only at the end)."""
    if points == 0:
        return
    side.vp.append(VPEntry(campaign.month, points, reason, ship))
    campaign.note(step, side.id, f"{points:+d} victory points: {reason}")
