"""The computer's admiral: its side's campaign decisions, sensible and seeded.

It buys a mixed fleet at setup and keeps a reserve for repairs; each month it
mans its prizes, sends its worst-hurt ships to the yard (never the last that
can sail), lays down a new ship with what the hurt ships' repairs do not need, sends its strongest
ready squadron, and refuses battle when it is ahead on victory points and
that squadron is under half the enemy's strongest, or when it would be
sending every ship it has left against a stronger enemy (a side behind must
otherwise fight to catch up, and refusing costs the month's points).  Every
choice that is not forced is drawn from the campaign's own dice, so the same
seed gives the same war.
"""

from __future__ import annotations

from game.campaign import month
from game.campaign.ledger import available, price
from game.campaign.state import ACTIVE, PRIZE, RC, Campaign, CampaignError, CampaignShip, Side, other
from game.campaign.tables import shipped
from game.campaign.yards import free_berths, in_repair
from game.fleets.muster import random_fleet
from game.fleets.value import catalogue, prices

#: Share of the setup purse spent on ships (the rest is kept for repairs and prizes).
SPEND_AT_SETUP = 0.85
#: A ship goes to the yard when her hull or crew is below this share of what she was built with.
REPAIR_BELOW = 0.7
#: Months of repairs to the ships now hurt that she keeps the points for before laying down a new ship.
MONTHS_OF_MENDING = 3
#: She refuses battle when her squadron is weaker than this share of the enemy's strongest.
REFUSE_BELOW = 0.5


def strength(ship: CampaignShip) -> float:
    """What a ship brings to a fight: her value, scaled by what is left of her hull and crew."""
    return ship.value * (ship.hull / ship.hull_max + ship.crew / ship.crew_max) / 2


def setup(c: Campaign, side: str) -> None:
    """Buy a fleet with the setup purse, split into two squadrons."""
    s = c.side(side)
    budget = int(s.treasury * SPEND_AT_SETUP * prices().gifford_point)
    fleet = random_fleet("btq21", s.nation, budget, c.dice.seed_for(), squadrons=2)
    names = [sq.name for sq in fleet.squadrons]
    for i, name in enumerate(names):
        if i < len(s.squadrons):
            if s.squadrons[i] != name:
                month.rename_squadron(c, side, s.squadrons[i], name)
        else:
            month.add_squadron(c, side, name)
    for sq in fleet.squadrons:
        for fs in sq.ships:
            quality = fs.quality or _class_quality(fs.ship)
            if price(fs.ship, quality) <= s.treasury:
                month.buy(c, side, fs.ship, quality, squadron=sq.name)


def _class_quality(ship: str) -> str:
    from game.campaign.ledger import ship_class

    return ship_class(ship).quality


def orders(c: Campaign, side: str) -> None:
    """This month's orders for a computer side."""
    s = c.side(side)
    _recrew(c, s)
    _repairs(c, s)
    _build(c, s)
    _squadron_and_engage(c, s)


def _recrew(c: Campaign, s: Side) -> None:
    for ship in sorted(s.having(PRIZE, RC), key=lambda x: -x.value):
        for crew in (("average", "green", "poor") if ship.status == PRIZE else ("average",)):
            try:
                month.order_recrew(c, s.id, ship.id, crew)
                break
            except CampaignError:
                continue


def _hurt(ship: CampaignShip) -> bool:
    return ship.hull < REPAIR_BELOW * ship.hull_max or ship.crew < REPAIR_BELOW * ship.crew_max


def _repairs(c: Campaign, s: Side) -> None:
    cost = shipped().repair.cost
    if s.treasury < cost:  # no points to mend anyone: what is in the yard sails as she is
        for ship in in_repair(s):
            month.order_release(c, s.id, ship.id)
        return
    for ship in sorted(s.having(ACTIVE), key=lambda x: strength(x) / x.value):
        if not _hurt(ship) or available(c, s.id) < cost:
            continue
        if len([x for x in s.having(ACTIVE) if x.id not in s.orders.repair]) <= 2:
            return  # never strip the fleet of the ships that can still sail
        try:
            month.order_repair(c, s.id, ship.id)
        except CampaignError:
            return


def _build(c: Campaign, s: Side) -> None:
    if free_berths(s.yards.building) <= len(s.orders.build):
        return
    # Keep in hand what a few months of mending the ships now hurt would cost.
    cost = shipped().repair.cost
    hurt = len(in_repair(s)) + sum(1 for x in s.having(ACTIVE) if _hurt(x))
    purse = available(c, s.id) - MONTHS_OF_MENDING * cost * hurt
    offers = [o for o in catalogue("btq21", s.nation) if 0 < price(o.id, o.quality or "average") <= purse]
    if not offers:
        return
    best = sorted(offers, key=lambda o: (-price(o.id, o.quality or "average"), o.id))[:4]
    pick = best[c.dice.below(len(best))]
    month.order_build(c, s.id, pick.id, pick.quality or "average", squadron=_weakest_squadron(s))


def _weakest_squadron(s: Side) -> str:
    def power(q: str) -> float:
        return sum(strength(x) for x in s.ships if x.squadron == q and x.status == ACTIVE)

    return min(s.squadrons, key=lambda q: (power(q), q))


def _squadron_power(c: Campaign, side: str, squadron: str) -> float:
    return sum(strength(x) for x in month.ready_ships(c, side, squadron))


def _squadron_and_engage(c: Campaign, s: Side) -> None:
    ready = [(q, _squadron_power(c, s.id, q)) for q in s.squadrons]
    ready = [(q, p) for q, p in ready if p > 0]
    if not ready:
        month.engage(c, s.id, False)
        return
    squadron, power = max(ready, key=lambda qp: (qp[1], qp[0]))
    month.choose_squadron(c, s.id, squadron)
    enemy = c.side(other(s.id))
    threat = max(
        (sum(strength(x) for x in enemy.ships if x.squadron == q and x.status == ACTIVE) for q in enemy.squadrons),
        default=0.0,
    )
    # A little doubt in the reckoning (the enemy's choice is secret): up to a tenth either way.
    doubt = 0.9 + c.dice.below(21) / 100
    # Refusing costs the month's points, so only a side ahead on victory points can afford to shun a
    # battle it would lose; a side behind must fight to catch up.
    ahead = s.victory_points > enemy.victory_points
    # Nor does anyone send every ship it has left into a fight it is not favoured in: losing them all
    # loses the war.
    last = len(month.ready_ships(c, s.id, squadron)) >= len(s.having(ACTIVE))
    reckoned = power * doubt
    refuse = (ahead and reckoned < REFUSE_BELOW * threat) or (last and reckoned < threat)
    month.engage(c, s.id, not refuse)


def after(c: Campaign, side: str) -> None:
    """Step g: the ships the engagement hurt worst go into free repair berths."""
    s = c.side(side)
    for ship in sorted(s.having(ACTIVE), key=lambda x: strength(x) / x.value):
        if not _hurt(ship) or not free_berths(s.yards.repair):
            continue
        if len(s.having(ACTIVE)) <= 2:
            return
        month.order_repair(c, s.id, ship.id)
