"""The construction and repair berths of a side's yards (Gifford 20.e and 20.f).

Two berths of each kind: a ship is built in five months and paid for when
her keel is laid; a ship under repair (UR) mends one rate a month at five
points the rate, never above what she was built to, and may be launched
before she is whole.  Lost masts and steering cost nothing: every ship has
them made good at the month's end.
"""

from __future__ import annotations

from game.campaign.ledger import pay, price, ship_class
from game.campaign.state import (
    ACTIVE,
    BUILDING,
    LOST,
    REPAIR,
    BuildOrder,
    Campaign,
    CampaignError,
    CampaignShip,
    Side,
)
from game.campaign.tables import shipped
from game.fleets.model import ordinal_name


def free_berths(berths: list[str | None]) -> int:
    return sum(1 for b in berths if b is None)


def _take_berth(berths: list[str | None], ship_id: str, what: str, side: Side) -> None:
    for i, b in enumerate(berths):
        if b is None:
            berths[i] = ship_id
            return
    raise CampaignError(f"{side.name} has no free {what} berth")


def _leave_berth(berths: list[str | None], ship_id: str) -> None:
    for i, b in enumerate(berths):
        if b == ship_id:
            berths[i] = None


def new_ship(
    campaign: Campaign, side: Side, ship: str, quality: str, name: str | None, squadron: str | None
) -> CampaignShip:
    """A ship of class ``ship`` as she leaves the yard (or is bought): full tracks, her side's own."""
    t = shipped()
    cls = ship_class(ship)
    if quality not in t.class_of_quality:
        raise CampaignError(f"no crew quality {quality!r} (qualities: {', '.join(t.class_of_quality)})")
    squadron = squadron or (side.squadrons[0] if side.squadrons else "First Squadron")
    # Two of a class need names of their own ("HMS Java II"), as a fleet's do.
    given = ordinal_name(name or cls.name, {s.name for s in side.ships if s.status != LOST})
    return CampaignShip(
        id=campaign.new_id(side.id), ship=ship, name=given, owner=side.id, original_owner=side.id,
        squadron=squadron, quality=quality, crew_class=t.class_of_quality[quality], built_quality=quality,
        value=price(ship, quality), hull=cls.hull, rigging=cls.rigging, crew=cls.crew, hull_max=cls.hull,
        rigging_max=cls.rigging, crew_max=cls.crew, home_squadron=squadron,
    )


# --- construction (step a, launch at step h) ------------------------------------------------


def lay_keel(campaign: Campaign, side: Side, order: BuildOrder) -> CampaignShip:
    """Step a: a berth, the price paid now, and the month she first sails recorded."""
    t = shipped()
    if not free_berths(side.yards.building):
        raise CampaignError(f"{side.name} has no free construction berth")
    ship = new_ship(campaign, side, order.ship, order.quality, order.name or None, order.squadron or None)
    pay(campaign, side, ship.value, "a", f"building {ship.name}")
    ship.status = BUILDING
    ship.ready_month = campaign.month + t.construction.months
    side.ships.append(ship)
    _take_berth(side.yards.building, ship.id, "construction", side)
    campaign.note("a", side.id, f"laid down {ship.name}; she sails from month {ship.ready_month}")
    return ship


def launch_built(campaign: Campaign, side: Side) -> list[CampaignShip]:
    """Step h: ships whose five months are up leave the yard into their squadron."""
    out = []
    for ship in side.having(BUILDING):
        if ship.ready_month <= campaign.month + 1:
            ship.status = ACTIVE
            ship.ready_month = 0
            if ship.squadron not in side.squadrons:
                ship.squadron = side.squadrons[0]
            _leave_berth(side.yards.building, ship.id)
            campaign.note("h", side.id, f"{ship.name} launched into {ship.squadron}")
            out.append(ship)
    return out


# --- repairs (step b, and launch at step h) ------------------------------------------------


def can_repair(side: Side, ship: CampaignShip) -> None:
    if ship.status != ACTIVE:
        raise CampaignError(f"{ship.name} is not in active service: only an active ship goes into a repair berth")
    if not ship.damaged_rates:
        raise CampaignError(f"{ship.name} is whole: there is nothing to repair (masts are made good free)")


def enter_repair(campaign: Campaign, side: Side, ship: CampaignShip, step: str) -> None:
    can_repair(side, ship)
    _take_berth(side.yards.repair, ship.id, "repair", side)
    ship.status = REPAIR
    ship.release_asked = False
    campaign.note(step, side.id, f"{ship.name} in for repair (UR)")


def in_repair(side: Side) -> list[CampaignShip]:
    return [side.ship(i) for i in side.yards.repair if i is not None]


def wants_rate(ship: CampaignShip) -> bool:
    return ship.damaged_rates and not ship.release_asked


def repair_bill(campaign: Campaign, side: Side) -> int:
    """What step b will charge this month: a rate for each ship in a berth (or ordered in) still wanting one."""
    cost = shipped().repair.cost
    ships = [s for s in in_repair(side) if s.id not in side.orders.release]
    ships += [side.ship(i) for i in side.orders.repair]
    return cost * sum(1 for s in ships if s.damaged_rates)


def mend_one_rate(ship: CampaignShip) -> None:
    """One rate of repair: hull and crew back by the table's figures, never above what she was built to."""
    rate = shipped().repair.rate
    ship.hull = min(ship.hull_max, ship.hull + rate.hull)
    ship.crew = min(ship.crew_max, ship.crew + rate.crew)


def pay_repairs(campaign: Campaign, side: Side) -> None:
    """Step b: ships ordered in take their berths, then each ship in a berth is paid a rate (if she can be)."""
    for ship_id in side.orders.repair:
        enter_repair(campaign, side, side.ship(ship_id), "b")
    for ship_id in side.orders.release:
        side.ship(ship_id).release_asked = True
    cost = shipped().repair.cost
    for ship in in_repair(side):
        if not wants_rate(ship):
            continue
        if side.treasury < cost:
            campaign.note("b", side.id, f"no points to repair {ship.name} this month: she waits in her berth")
            continue
        pay(campaign, side, cost, "b", f"a rate of repair to {ship.name}")
        mend_one_rate(ship)


def launch_repaired(campaign: Campaign, side: Side) -> list[CampaignShip]:
    """Step h: ships whole again, or asked for, leave the repair berths."""
    out = []
    for ship in in_repair(side):
        if ship.damaged_rates and not ship.release_asked:
            continue
        ship.status = ACTIVE
        ship.release_asked = False
        if ship.squadron not in side.squadrons:
            ship.squadron = side.squadrons[0]
        _leave_berth(side.yards.repair, ship.id)
        campaign.note("h", side.id, f"{ship.name} relaunched from repair" + (" unmended" if ship.damaged_rates else ""))
        out.append(ship)
    return out


def free_berth_of(side: Side, ship: CampaignShip) -> None:
    """A ship lost in a berth (a ship under repair boarded in port) frees it."""
    _leave_berth(side.yards.repair, ship.id)
    _leave_berth(side.yards.building, ship.id)


def make_good_masts(campaign: Campaign) -> None:
    """Month's end: every ship afloat has her masts (rigging) and steering made good, free."""
    for side in campaign.sides.values():
        for ship in side.ships:
            if ship.status != LOST and ship.rigging < ship.rigging_max:
                ship.rigging = ship.rigging_max
    campaign.note("h", None, "lost masts and steering made good on every ship")
