"""Captured ships (Gifford 20.g): the prize changes hands as she is, and must be re-crewed to sail.

A prize keeps her name and her damage, joins the squadron that took her, and
waits on the right of the sheet until her captor pays for a new crew (poor,
green or average).  A ship retaken by her original owner is "RC": her own
kind of crew comes back for a smaller sum, and she returns to her old
squadron.  Victory points for the capture are the victory module's.
"""

from __future__ import annotations

from game.campaign.ledger import pay
from game.campaign.state import ACTIVE, PRIZE, RC, Campaign, CampaignError, CampaignShip, RecrewOrder, Side
from game.campaign.tables import shipped


def take(campaign: Campaign, ship: CampaignShip, captor: Side, squadron: str) -> str:
    """She changes hands after a battle; returns "recaptured" when she came home, else "captured"."""
    if ship.original_owner == captor.id:
        ship.status = RC
        ship.squadron = ship.home_squadron if ship.home_squadron in captor.squadrons else squadron
        kind = "recaptured"
    else:
        ship.status = PRIZE
        ship.squadron = squadron
        kind = "captured"
    loser = campaign.side(ship.owner)
    loser.ships.remove(ship)
    ship.owner = captor.id
    captor.ships.append(ship)
    campaign.note("f", captor.id, f"{ship.name} {kind} from {loser.name}, into {ship.squadron}")
    return kind


def recrew_cost(ship: CampaignShip, crew: str) -> int:
    t = shipped()
    if ship.status == RC:
        return t.recrew.recapture
    if ship.status == PRIZE:
        return t.recrew_row(crew).cost
    raise CampaignError(f"{ship.name} is neither a prize nor a recapture: she has her crew")


def recrew_bill(campaign: Campaign, side: Side) -> int:
    return sum(recrew_cost(side.ship(o.ship), o.crew_class) for o in side.orders.recrew)


def recrew(campaign: Campaign, side: Side, order: RecrewOrder) -> None:
    """Step c: pay and man her; she is in active service from now."""
    t = shipped()
    ship = side.ship(order.ship)
    cost = recrew_cost(ship, order.crew_class)
    if ship.status == RC:
        crew_class = t.class_of_quality[ship.built_quality]
        share = t.recrew.average.crew_share
        what = f"her old crew back in {ship.name}"
    else:
        row = t.recrew_row(order.crew_class)
        crew_class, share = row.crew_class, row.crew_share
        what = f"a new crew for {ship.name} ({order.crew_class})"
    pay(campaign, side, cost, "c", what)
    ship.crew_class = crew_class
    ship.quality = t.crew_classes[crew_class]
    ship.crew = max(ship.crew, min(ship.crew_max, int(ship.crew_max * share + 0.5)))
    ship.status = ACTIVE
    if ship.squadron not in side.squadrons:
        ship.squadron = side.squadrons[0]
