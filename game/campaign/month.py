"""The campaign's commands and Gifford's monthly turn sequence (20.d.1, steps a to i).

Orders are given first and carried out together when they close, in his
order: construction (a), repairs (b), re-crews (c), the engagement set up (d).
The engagement is fought (e) by the window or resolved headless, its result
recorded (f), damaged ships put into repair (g), and the month ends with
launches (h) and the month's points (i).  Every command either does all it
says or, refused, changes nothing: a single command checks everything before
it changes anything, and the two that carry out many steps (closing the
orders, ending the month) put the whole campaign back as it was if a step
fails, so a client reads the campaign afresh after a refusal.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from game.campaign import victory
from game.campaign.ledger import available, earn, pay, price
from game.campaign.ledger import ship_class as class_of
from game.campaign.prizes import recrew, recrew_cost
from game.campaign.state import (
    ACTIVE,
    LOST,
    PLAYERS,
    PRIZE,
    RC,
    REPAIR,
    SIDES,
    Battery,
    BattlePlan,
    BuildOrder,
    Campaign,
    CampaignDice,
    CampaignError,
    CampaignShip,
    Orders,
    RecrewOrder,
    Side,
)
from game.campaign.tables import BATTERY_KINDS, RECREWS, shipped
from game.campaign.yards import (
    can_repair,
    enter_repair,
    free_berths,
    in_repair,
    launch_built,
    launch_repaired,
    lay_keel,
    make_good_masts,
    new_ship,
    pay_repairs,
)
from game.fleets.value import nations

T = TypeVar("T")
#: Longest name a player may give a side, squadron or ship.
MAX_NAME = 60

#: The kinds of a month's order, as cancel_order takes them (the screen names them by these).
ORDER_BUILD, ORDER_REPAIR, ORDER_RELEASE, ORDER_RECREW = "build", "repair", "release", "recrew"


@dataclass(frozen=True)
class SideSetup:
    name: str
    nation: str
    player: str = "human"


def _atomic(campaign: Campaign, work: Callable[[], T]) -> T:
    """Run ``work``; if it refuses (or fails), put the campaign back exactly as it was."""
    before = copy.deepcopy(campaign.__dict__)
    try:
        return work()
    except Exception:
        campaign.__dict__.clear()
        campaign.__dict__.update(before)
        raise


def _stage(campaign: Campaign, *stages: str) -> None:
    if campaign.stage not in stages:
        raise CampaignError(f"not now: the campaign is at '{campaign.stage}', this is done at '{' or '.join(stages)}'")


def _name(text: str, what: str) -> str:
    text = " ".join(str(text).split())
    if not text or len(text) > MAX_NAME or not text.isprintable():
        raise CampaignError(f"a {what} needs a name of 1 to {MAX_NAME} printable characters")
    return text


# --- a new campaign and its setup -------------------------------------------------------------


def new_campaign(seed: int, sides: tuple[SideSetup, SideSetup], name: str = "campaign") -> Campaign:
    """Both sides with Gifford's 240 points and two empty squadrons, at setup."""
    t = shipped()
    navies = nations("btq21")
    made: dict[str, Side] = {}
    for sid, setup in zip(SIDES, sides, strict=True):
        if setup.player not in PLAYERS:
            raise CampaignError(f"side {sid}: no player {setup.player!r} (players: {', '.join(PLAYERS)})")
        if setup.nation not in navies:
            raise CampaignError(f"side {sid}: no ships of nation {setup.nation!r} (nations: {', '.join(navies)})")
        made[sid] = Side(
            id=sid, name=_name(setup.name, "side"), nation=setup.nation, player=setup.player,
            treasury=t.start_points, squadrons=["First Squadron", "Second Squadron"],
        )
    c = Campaign(seed=seed, dice=CampaignDice(seed), sides=made, name=_name(name, "campaign"))
    c.note("setup", None, f"{made['A'].name} against {made['B'].name}, {t.start_points} points each")
    return c


def buy(
    c: Campaign, side: str, ship_class: str, quality: str, name: str | None = None, squadron: str | None = None
) -> CampaignShip:
    """Setup: a ship bought and paid for at once (at most two 1st rates)."""
    _stage(c, "setup")
    s = c.side(side)
    t = shipped()
    if squadron is not None and squadron not in s.squadrons:
        raise CampaignError(f"{s.name} has no squadron {squadron!r}")
    cls = class_of(ship_class)
    if quality not in t.class_of_quality:
        raise CampaignError(f"no crew quality {quality!r} (qualities: {', '.join(t.class_of_quality)})")
    cost = price(ship_class, quality)
    if cost > s.treasury:
        raise CampaignError(f"{s.name} has {s.treasury} points, and the ship costs {cost}")
    firsts = [x for x in s.ships if ship_class_rate(x.ship) == t.first_rate]
    if cls.rate == t.first_rate and len(firsts) >= t.most_first_rates:
        raise CampaignError(f"at most {t.most_first_rates} 1st rates may be bought at setup")
    ship = new_ship(c, s, ship_class, quality, _name(name, "ship") if name else None, squadron)
    pay(c, s, ship.value, "setup", f"buying {ship.name}")
    s.ships.append(ship)
    return ship


def ship_class_rate(ship: str) -> str:
    return class_of(ship).rate


def sell(c: Campaign, side: str, ship_id: str) -> None:
    """Setup: a purchase undone, its points back."""
    _stage(c, "setup")
    s = c.side(side)
    ship = s.ship(ship_id)
    s.ships.remove(ship)
    s.treasury += ship.value
    c.note("setup", side, f"sold {ship.name} back ({s.treasury} in hand)")


def buy_battery(c: Campaign, side: str, kind: str) -> Battery:
    """Setup only: a shore battery (heavy, medium or light), at most three."""
    _stage(c, "setup")
    s = c.side(side)
    t = shipped()
    if kind not in BATTERY_KINDS:
        raise CampaignError(f"no battery {kind!r} (kinds: {', '.join(BATTERY_KINDS)})")
    if len(s.batteries) >= t.most_batteries:
        raise CampaignError(f"at most {t.most_batteries} shore batteries")
    row = t.battery(kind)
    if row.price > s.treasury:
        raise CampaignError(f"{s.name} has {s.treasury} points, and a {kind} battery costs {row.price}")
    bat = Battery(id=c.new_id(side), name=f"{row.name} {len(s.batteries) + 1}", kind=kind, value=row.price)
    pay(c, s, bat.value, "setup", f"a {kind} shore battery")
    s.batteries.append(bat)
    return bat


def sell_battery(c: Campaign, side: str, battery_id: str) -> None:
    _stage(c, "setup")
    s = c.side(side)
    bat = next((b for b in s.batteries if b.id == battery_id), None)
    if bat is None:
        raise CampaignError(f"{s.name} has no battery {battery_id!r}")
    s.batteries.remove(bat)
    s.treasury += bat.value


def add_squadron(c: Campaign, side: str, name: str) -> None:
    _stage(c, "setup", "orders", "after")
    s = c.side(side)
    given = _name(name, "squadron")
    if given in s.squadrons:
        raise CampaignError(f"{s.name} already has a squadron {given!r}")
    s.squadrons.append(given)


def rename_squadron(c: Campaign, side: str, old: str, new: str) -> None:
    _stage(c, "setup", "orders", "after")
    s = c.side(side)
    if old not in s.squadrons:
        raise CampaignError(f"{s.name} has no squadron {old!r}")
    given = _name(new, "squadron")
    if given in s.squadrons:
        raise CampaignError(f"{s.name} already has a squadron {given!r}")
    s.squadrons[s.squadrons.index(old)] = given
    for ship in s.ships:
        if ship.squadron == old:
            ship.squadron = given
        if ship.home_squadron == old:
            ship.home_squadron = given
    if s.orders.squadron == old:
        s.orders.squadron = given


def set_squadron(c: Campaign, side: str, ship_id: str, squadron: str) -> None:
    _stage(c, "setup", "orders", "after")
    s = c.side(side)
    ship = s.ship(ship_id)
    if squadron not in s.squadrons:
        raise CampaignError(f"{s.name} has no squadron {squadron!r}")
    if ship.status == LOST:
        raise CampaignError(f"{ship.name} is lost")
    ship.squadron = squadron
    if ship.original_owner == side:
        ship.home_squadron = squadron


def begin(c: Campaign) -> None:
    """Setup done: each side needs ships in at least two squadrons; leftover points carry into month 1."""
    _stage(c, "setup")
    t = shipped()
    for s in c.sides.values():
        manned = {ship.squadron for ship in s.ships}
        if len(manned) < t.least_squadrons:
            raise CampaignError(f"{s.name} must divide her ships into at least {t.least_squadrons} squadrons")
    for s in c.sides.values():
        s.squadrons = [q for q in s.squadrons if any(ship.squadron == q for ship in s.ships)]
        c.note("setup", s.id,
               f"{len(s.ships)} ships, {len(s.batteries)} batteries, {s.treasury} points carried over")
    c.month = 1
    c.stage = "orders"
    _new_orders(c)


def _new_orders(c: Campaign) -> None:
    t = shipped()
    for s in c.sides.values():
        keep = s.orders.squadron if s.orders.squadron in s.squadrons else None
        s.orders = Orders(squadron=keep)
        s.income = t.monthly_points


# --- the month's orders -------------------------------------------------------------------------


def order_build(
    c: Campaign, side: str, ship_class: str, quality: str, name: str | None = None, squadron: str | None = None
) -> None:
    """Step a, ordered: a keel laid when orders close, paid then."""
    _stage(c, "orders")
    s = c.side(side)
    if free_berths(s.yards.building) <= len(s.orders.build):
        raise CampaignError(f"{s.name} has no free construction berth")
    if squadron is not None and squadron not in s.squadrons:
        raise CampaignError(f"{s.name} has no squadron {squadron!r}")
    cost = price(ship_class, quality)
    if quality not in shipped().class_of_quality:
        raise CampaignError(f"no crew quality {quality!r}")
    if cost > available(c, side):
        raise CampaignError(f"{s.name} has {available(c, side)} points to spend; the ship costs {cost}")
    s.orders.build.append(
        BuildOrder(ship_class, quality, _name(name, "ship") if name else "", squadron or s.squadrons[0])
    )


def order_repair(c: Campaign, side: str, ship_id: str) -> None:
    """Step b (when ordered before the engagement) or step g (after it): a ship into a repair berth."""
    _stage(c, "orders", "after")
    s = c.side(side)
    ship = s.ship(ship_id)
    if c.stage == "after":
        enter_repair(c, s, ship, "g")
        return
    can_repair(s, ship)
    if ship_id in s.orders.repair:
        raise CampaignError(f"{ship.name} is already ordered into repair")
    if free_berths(s.yards.repair) <= len(s.orders.repair):
        raise CampaignError(f"{s.name} has no free repair berth")
    s.orders.repair.append(ship_id)


def order_release(c: Campaign, side: str, ship_id: str) -> None:
    """Take her out of repair at this month's launch (step h), mended or not."""
    _stage(c, "orders", "after")
    s = c.side(side)
    ship = s.ship(ship_id)
    if ship.status != REPAIR:
        raise CampaignError(f"{ship.name} is not under repair")
    if c.stage == "after":
        ship.release_asked = True
    elif ship_id not in s.orders.release:
        s.orders.release.append(ship_id)


def order_recrew(c: Campaign, side: str, ship_id: str, crew_class: str = "average") -> None:
    """Step c: a prize manned (poor, green or average), or a recapture given her old crew back."""
    _stage(c, "orders")
    s = c.side(side)
    ship = s.ship(ship_id)
    if ship.status not in (PRIZE, RC):
        raise CampaignError(f"{ship.name} is neither a prize nor a recapture: she has her crew")
    if ship.status == PRIZE and crew_class not in RECREWS:
        raise CampaignError(f"no crew {crew_class!r} (crews: {', '.join(RECREWS)})")
    if any(o.ship == ship_id for o in s.orders.recrew):
        raise CampaignError(f"{ship.name} is already to be re-crewed")
    cost = recrew_cost(ship, crew_class)
    if cost > available(c, side):
        raise CampaignError(f"{s.name} has {available(c, side)} points to spend; the crew costs {cost}")
    s.orders.recrew.append(RecrewOrder(ship_id, crew_class))


def cancel_order(c: Campaign, side: str, kind: str, key: str | int) -> None:
    """An order taken back before orders close: ``kind`` build (key = its index), repair, release, recrew (ship id)."""
    _stage(c, "orders")
    o = c.side(side).orders
    if kind == ORDER_BUILD and isinstance(key, int) and 0 <= key < len(o.build):
        del o.build[key]
    elif kind == ORDER_REPAIR and key in o.repair:
        o.repair.remove(str(key))
    elif kind == ORDER_RELEASE and key in o.release:
        o.release.remove(str(key))
    elif kind == ORDER_RECREW and any(r.ship == key for r in o.recrew):
        o.recrew = [r for r in o.recrew if r.ship != key]
    else:
        raise CampaignError(f"no {kind} order {key!r} to cancel")


def ready_ships(c: Campaign, side: str, squadron: str) -> list[CampaignShip]:
    """The ships of ``squadron`` that will be able to sail in this month's engagement, after the orders."""
    s = c.side(side)
    going = set(s.orders.repair)
    manned = {o.ship for o in s.orders.recrew}
    return [
        ship for ship in s.ships
        if ship.squadron == squadron
        and ((ship.status == ACTIVE and ship.id not in going) or (ship.status in (PRIZE, RC) and ship.id in manned))
    ]


def choose_squadron(c: Campaign, side: str, squadron: str) -> None:
    """Her secret choice of the one squadron that goes to the engagement."""
    _stage(c, "orders")
    s = c.side(side)
    if squadron not in s.squadrons:
        raise CampaignError(f"{s.name} has no squadron {squadron!r}")
    s.orders.squadron = squadron


def engage(c: Campaign, side: str, yes: bool) -> None:
    """Whether she will fight this month (False: she refuses, and gains nothing this month)."""
    _stage(c, "orders")
    c.side(side).orders.engage = bool(yes)


def scuttle(c: Campaign, side: str, ship_id: str) -> None:
    victory.scuttle(c, side, ship_id)


def surrender(c: Campaign, side: str) -> None:
    victory.surrender(c, side)


# --- orders close: steps a to d -----------------------------------------------------------------


def close_orders(c: Campaign) -> BattlePlan | None:
    """Both sides' orders carried out in Gifford's order; the month's engagement, if any, set up."""
    def work() -> BattlePlan | None:
        from game.campaign.engagement import plan

        _stage(c, "orders")
        t = shipped()
        for s in c.sides.values():
            if s.orders.engage and not (s.orders.squadron and ready_ships(c, s.id, s.orders.squadron)):
                raise CampaignError(
                    f"{s.name} must choose a squadron with a ship fit to sail, or refuse the engagement"
                )
        for s in c.sides.values():  # a
            for order in s.orders.build:
                lay_keel(c, s, order)
        for s in c.sides.values():  # b
            pay_repairs(c, s)
        for s in c.sides.values():  # c
            for r in s.orders.recrew:
                if recrew_cost(s.ship(r.ship), r.crew_class) > s.treasury:
                    c.note("c", s.id, f"no points left to re-crew {s.ship(r.ship).name} this month")
                    continue
                recrew(c, s, r)
        refusing = [s for s in c.sides.values() if not s.orders.engage]  # d
        battle = None
        if len(refusing) == 2:
            c.note("d", None, "both sides refuse: no engagement this month")
        elif refusing:
            loser = refusing[0]
            winner = c.side("B" if loser.id == "A" else "A")
            loser.income, winner.income = t.refused.refuser, t.refused.other
            c.note("d", loser.id, f"{loser.name} refuses the engagement: {loser.income} points this month, "
                                  f"{winner.name} {winner.income}")
        else:
            battle = plan(c)
            c.note("d", None, f"engagement: {battle.title} (D12 {battle.roll}); {battle.summary}")
        c.battle = battle
        c.stage = "battle" if battle else "after"
        return battle

    return _atomic(c, work)


# --- the month's end: steps h and i -------------------------------------------------------------


def end_month(c: Campaign) -> None:
    """Launches (h), masts made good, each side's points (i); then the next month, or the end."""
    def work() -> None:
        _stage(c, "after")
        t = shipped()
        for s in c.sides.values():
            launch_repaired(c, s)
            launch_built(c, s)
        make_good_masts(c)
        for s in c.sides.values():
            earn(c, s, s.income, "i", "the month's points")
        if c.month >= t.months:
            victory.on_points(c, f"{t.months} months have passed")
            return
        c.month += 1
        c.stage = "orders"
        c.battle = None
        _new_orders(c)

    _atomic(c, work)


def under_repair(c: Campaign, side: str) -> list[CampaignShip]:
    return in_repair(c.side(side))


__all__ = [
    "SideSetup",
    "add_squadron",
    "begin",
    "buy",
    "buy_battery",
    "cancel_order",
    "choose_squadron",
    "close_orders",
    "end_month",
    "engage",
    "new_campaign",
    "order_build",
    "order_recrew",
    "order_release",
    "order_repair",
    "ready_ships",
    "rename_squadron",
    "scuttle",
    "sell",
    "sell_battery",
    "set_squadron",
    "surrender",
    "under_repair",
]
