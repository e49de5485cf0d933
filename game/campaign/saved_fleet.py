"""A saved fleet (the fleet builder's file) bought into a campaign at setup, whole or not at all.

A player who has built her fleet once in the builder should not have to buy
it again ship by ship.  The fleet is bought at the campaign's own prices
(Gifford's points, not the fleet file's budget), under Gifford's setup rules
(at most two 1st rates), and only with ships her navy may buy: the campaign's
catalogue offers a side her own nation's ships, so a fleet of another flag,
or one holding another nation's ship, is refused rather than half bought.
Every reason is found before anything is paid, so a refusal changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.campaign.ledger import price, ship_class
from game.campaign.month import MAX_NAME, _atomic, _stage, add_squadron, buy
from game.campaign.state import Campaign, CampaignError, CampaignShip
from game.campaign.tables import shipped
from game.content.yaml_nodes import ContentError
from game.fleets.files import list_fleets, load_fleet
from game.fleets.model import Fleet, FleetShip
from game.fleets.value import SYSTEM_NAMES, fleet_points, prices

#: The only rule system a campaign is fought under (Gifford's module is written for Beat to Quarters).
CAMPAIGN_RULES = "btq21"


@dataclass(frozen=True)
class FleetBill:
    """What a fleet costs a side: the total and each ship's price, in campaign points, in the file's order."""

    total: int
    prices: tuple[int, ...]
    first_rates: int


def _quality(ship: FleetShip) -> str:
    """Her crew: the one the file gives her, else her class's own."""
    return ship.quality or ship_class(ship.ship).quality


def _nation_word(nation: str) -> str:
    return nation.replace("_", " ").capitalize()


def fleet_bill(c: Campaign, side: str, fleet: Fleet) -> FleetBill:
    """The fleet's price for ``side``; CampaignError naming why she may not buy it (points in hand aside)."""
    s = c.side(side)
    if fleet.rules != CAMPAIGN_RULES:
        raise CampaignError(f"{fleet.name!r} is a {SYSTEM_NAMES.get(fleet.rules, fleet.rules)} fleet; a campaign "
                            f"buys {SYSTEM_NAMES[CAMPAIGN_RULES]} ships only")
    if fleet.nation != s.nation:
        raise CampaignError(f"{fleet.name!r} sails under the {_nation_word(fleet.nation)} flag; "
                            f"{s.name} buys {_nation_word(s.nation)} ships only")
    ships = fleet.ships()
    if not ships:
        raise CampaignError(f"{fleet.name!r} has no ship to buy")
    t = shipped()
    prices: list[int] = []
    firsts = 0
    for ship in ships:
        cls = ship_class(ship.ship)
        if cls.nation != s.nation:
            raise CampaignError(f"{ship.name} ({cls.name}) is a {_nation_word(cls.nation)} ship; "
                                f"{s.name} buys {_nation_word(s.nation)} ships only")
        if len(ship.name) > MAX_NAME:
            raise CampaignError(f"the name {ship.name[:20]!r}\u2026 is longer than {MAX_NAME} characters")
        quality = _quality(ship)
        if quality not in t.class_of_quality:
            raise CampaignError(f"{ship.name}: no crew quality {quality!r} in a campaign")
        prices.append(price(ship.ship, quality))
        firsts += cls.rate == t.first_rate
    for squadron in fleet.squadrons:
        if squadron.ships and len(squadron.name) > MAX_NAME:
            raise CampaignError(f"the squadron name {squadron.name[:20]!r}\u2026 is longer than {MAX_NAME} characters")
    return FleetBill(sum(prices), tuple(prices), firsts)


def check_fleet(c: Campaign, side: str, fleet: Fleet) -> FleetBill:
    """Everything buy_fleet asks before it buys: the stage, the fleet, the 1st rates and the points."""
    _stage(c, "setup")
    s = c.side(side)
    bill = fleet_bill(c, side, fleet)
    t = shipped()
    have = sum(1 for x in s.ships if ship_class(x.ship).rate == t.first_rate)
    if bill.first_rates and have + bill.first_rates > t.most_first_rates:
        already = f" and {s.name} has {have} already" if have else ""
        raise CampaignError(f"{fleet.name!r} brings {bill.first_rates} 1st rates{already}: at most "
                            f"{t.most_first_rates} may be bought at setup")
    if bill.total > s.treasury:
        # A fleet built to the purse can still come out a point or two over: each ship is rounded on her own.
        rounded = fleet_points(fleet) <= s.treasury * prices().gifford_point
        hint = " (each ship's price is rounded to campaign points on its own)" if rounded else ""
        raise CampaignError(f"{fleet.name!r} costs {bill.total} points and {s.name} has {s.treasury} in hand{hint}")
    return bill


def buy_fleet(c: Campaign, side: str, fleet: Fleet) -> list[CampaignShip]:
    """Setup: every ship of ``fleet`` bought, under her name and crew, into squadrons of the fleet's names
    (made when the side has none of that name); all of them or, refused, none."""
    check_fleet(c, side, fleet)
    s = c.side(side)

    def work() -> list[CampaignShip]:
        bought: list[CampaignShip] = []
        for squadron in fleet.squadrons:
            if not squadron.ships:
                continue
            name = " ".join(squadron.name.split())  # as add_squadron writes it
            if name not in s.squadrons:
                add_squadron(c, side, name)
            for ship in squadron.ships:
                bought.append(buy(c, side, ship.ship, _quality(ship), ship.name, name))
        c.note("setup", side, f"bought the fleet {fleet.name!r}: {len(bought)} ships ({s.treasury} in hand)")
        return bought

    return _atomic(c, work)


@dataclass(frozen=True)
class SavedFleet:
    """A fleet file as a side's setup offers it: ``fleet`` None when the file is damaged; ``problem`` why it
    cannot be bought (the file's first problem, or the campaign's refusal), "" when it can; ``cost`` its price."""

    path: Path
    fleet: Fleet | None
    problem: str
    cost: int = 0


def saved_fleets(c: Campaign, side: str) -> list[SavedFleet]:
    """The user's fleet files a side might buy: those of her nation, and every damaged one (whose flag cannot
    be read), each with its price or the reason it cannot be bought.  Points in hand are not judged here:
    they change as she buys, and buy_fleet says so when they fall short."""
    s = c.side(side)
    out: list[SavedFleet] = []
    for path in list_fleets():
        try:
            fleet = load_fleet(path)
        except ContentError as e:
            first = e.problems[0] if e.problems else "the file cannot be read"
            more = f" (and {len(e.problems) - 1} more problems)" if len(e.problems) > 1 else ""
            out.append(SavedFleet(path, None, first + more))
            continue
        except OSError as e:  # gone or unreadable since it was listed
            out.append(SavedFleet(path, None, f"{path}: {e}"))
            continue
        if fleet.nation != s.nation:
            continue
        try:
            bill = fleet_bill(c, side, fleet)
        except CampaignError as e:
            out.append(SavedFleet(path, fleet, str(e)))
            continue
        out.append(SavedFleet(path, fleet, "", bill.total))
    return out
