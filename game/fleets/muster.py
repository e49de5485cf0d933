"""A random fleet: ships bought for a budget by a seeded draw, in a plausible mix, split into squadrons.

A fleet of twenty brigs or of one ship and a pile of unspent points is no
fleet, so the draw favours ships of about the price a fleet of that size
builds on (the geometric mean of the budget and the catalogue's median price,
halved: frigates for a duel, 74s for a squadron, the great ships for a fleet),
makes a second and third copy of a class less likely than a new class, keeps
small ships to a share of the whole (``fleet.small_share``) and obeys the
rule system's limits on a rate (two 1st rates, as Gifford's campaign).  It
buys until nothing more fits, so what is left is less than the cheapest ship
it may still buy (or she has MAX_SHIPS).  The squadrons are dealt dearest ship first to the poorest
squadron, so that they come out near equal.
"""

from __future__ import annotations

import math
import random
from statistics import median

from game.fleets.model import MAX_SHIPS, MAX_SQUADRONS, Fleet, FleetShip, FleetSquadron, ordinal_name
from game.fleets.value import Offer, catalogue, prices

#: The spread of prices the draw favours, as a standard deviation of log(price / ideal).
SPREAD = 0.6
#: The names of the squadrons of a fleet of two and of three; more are numbered.
SQUADRON_NAMES = {1: ("Squadron",), 2: ("Van", "Rear"), 3: ("Van", "Centre", "Rear")}


def squadron_names(count: int) -> tuple[str, ...]:
    return SQUADRON_NAMES.get(count, tuple(f"Squadron {i + 1}" for i in range(count)))


def _limits(system: str) -> tuple[dict[str, int], frozenset[str], float]:
    if system != "btq21":
        return {}, frozenset(), 1.0
    p = prices()
    return dict(p.most_of_rate), frozenset(p.small_rates), p.small_share


def random_fleet(system: str, nation: str, budget: int, seed: int, squadrons: int = 2) -> Fleet:
    """A fleet of ``nation`` bought for at most ``budget`` points; the same arguments give the same fleet.

    Raises ValueError when the nation has no ship to buy.
    """
    offers = catalogue(system, nation)
    if not offers:
        raise ValueError(f"no ships of nation {nation!r} to buy")
    rng = random.Random(seed)
    most, small, small_share = _limits(system)
    ideal = math.sqrt(budget * median(o.points for o in offers)) / 2
    picked: list[Offer] = []
    left = budget
    while len(picked) < MAX_SHIPS:
        fits = [o for o in offers if o.points <= left and _within(o, picked, most)]
        large = [o for o in fits if o.kind not in small]
        small_ok = sum(o.kind in small for o in picked) + 1 <= small_share * (len(picked) + 1)
        choice = [o for o in fits if o.kind not in small or small_ok or not large]
        if not choice:
            break
        weights = [_weight(o, ideal, picked) for o in choice]
        pick = rng.choices(choice, weights)[0]
        picked.append(pick)
        left -= pick.points
    name = f"Random {nation.capitalize()} fleet (seed {seed})" if nation else f"Random fleet (seed {seed})"
    return Fleet(system, nation, name, budget, _deal(picked, squadrons))


def _within(offer: Offer, picked: list[Offer], most: dict[str, int]) -> bool:
    return offer.kind not in most or sum(o.kind == offer.kind for o in picked) < most[offer.kind]


def _weight(offer: Offer, ideal: float, picked: list[Offer]) -> float:
    off = math.log(offer.points / ideal)
    copies = sum(o.id == offer.id for o in picked)
    return math.exp(-off * off / (2 * SPREAD * SPREAD)) / (1 + copies) ** 2 + 1e-9


def _deal(picked: list[Offer], count: int) -> tuple[FleetSquadron, ...]:
    """The ships into ``count`` squadrons, dearest first to the squadron that has cost least so far."""
    count = max(1, min(count, MAX_SQUADRONS))
    names = squadron_names(count)
    dealt: list[list[Offer]] = [[] for _ in range(count)]
    totals = [0] * count
    for offer in sorted(picked, key=lambda o: (-o.points, o.name)):
        i = min(range(count), key=lambda k: (totals[k], k))
        dealt[i].append(offer)
        totals[i] += offer.points
    taken: set[str] = set()
    out = []
    for name, offers in zip(names, dealt, strict=True):
        ships = []
        for offer in offers:
            ships.append(FleetShip(offer.id, ordinal_name(offer.name, taken)))
            taken.add(ships[-1].name)
        if ships:
            out.append(FleetSquadron(name, tuple(ships)))
    return tuple(out)
