"""The ships a fleet may buy and what they cost, under each rule system.

Each rule system keeps its own price formula (``game/systems/<id>/value.py``,
docs/FLEETS.md); this module offers its ships in one shape, so the builder,
the generator and the campaign need not know which rule book they play.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from game.content.load import load_default, tables_of
from game.content.paths import rules_path
from game.content.rules import NATIONS, FleetPrices, fleet_prices
from game.fleets.model import Fleet, FleetShip
from game.systems.btq21 import value as btq21_value
from game.systems.cagway import value as cagway_value

#: The rule systems fleets can be bought for.
SYSTEMS = ("btq21", "cagway")
#: The rule systems' names, as the builder shows them.
SYSTEM_NAMES = {"btq21": "Beat to Quarters", "cagway": "Cagway Bay"}


class UnknownShip(ValueError):
    """A ship class (or card) the rule system does not have."""


@dataclass(frozen=True)
class Offer:
    """A ship class a fleet may buy: ``kind`` is her rate (Beat to Quarters) or "card" (Cagway Bay);
    ``nation`` is "" when any fleet may buy her; ``figures`` are her card's numbers, a line each."""

    id: str
    name: str
    nation: str
    kind: str
    guns: int
    points: int
    quality: str | None
    figures: tuple[str, ...] = ()


@functools.cache
def prices() -> FleetPrices:
    """Beat to Quarters' fleet prices (the ``fleet:`` table of its rules file)."""
    found = fleet_prices(rules_path())
    if found is None:
        raise ValueError(f"{rules_path()}: the rules have no 'fleet' table, so ships have no price")
    return found


def _known(system: str) -> None:
    if system not in SYSTEMS:
        raise ValueError(f"no fleets for rule system {system!r} (known: {', '.join(SYSTEMS)})")


def nations(system: str) -> tuple[str, ...]:
    """The nations a fleet of ``system`` may fly: those with ships to buy; () when any will do (Cagway Bay)."""
    _known(system)
    if system == "cagway":
        return ()
    _, ships = load_default()
    present = {s.nation for s in ships.values()}
    return tuple(n for n in NATIONS if n in present)


def flags(system: str) -> tuple[str, ...]:
    """The flags the builder offers a fleet: the nations with ships, or for Cagway Bay (whose cards any
    fleet may buy) the pirates', a navy's and every nation's."""
    return nations(system) or ("pirate", "navy", *NATIONS)


def qualities(system: str) -> tuple[str, ...]:
    """The crew qualities a ship may be given; () when the rule system has none."""
    _known(system)
    return tuple(load_default()[0].crew_qualities) if system == "btq21" else ()


def budgets(system: str) -> tuple[int, ...]:
    """The budgets the builder offers, smallest first."""
    _known(system)
    return tuple(prices().budgets) if system == "btq21" else cagway_value.BUDGETS


def catalogue(system: str, nation: str | None = None) -> list[Offer]:
    """Every ship class of ``system`` a fleet may buy (of ``nation`` only, when given), dearest first."""
    _known(system)
    offers = _btq21_offers() if system == "btq21" else _cagway_offers()
    return [o for o in offers if nation is None or not o.nation or o.nation == nation]


@functools.cache
def _btq21_offers() -> tuple[Offer, ...]:
    rules, ships = load_default()
    out = []
    for s in ships.values():
        figures = (
            f"{s.rate} rate, {s.guns} guns ({s.armament})" if s.armament else f"{s.rate} rate, {s.guns} guns",
            f"Hull {s.hull}, rigging {s.rigging}, crew {s.crew}, musketry {s.musketry}D6",
            f"Crew {s.quality}" + (f"; {', '.join(s.specials)}" if s.specials else "")
            + f"; victory value {btq21_value.ship_value(rules, s)}",
        )
        price = btq21_value.ship_price(rules, prices(), s)
        out.append(Offer(s.id, s.name, s.nation, s.rate, s.guns, price, s.quality, figures))
    return tuple(sorted(out, key=lambda o: (-o.points, o.name)))


@functools.cache
def _cagway_offers() -> tuple[Offer, ...]:
    tables: Any = tables_of("cagway")
    out = []
    for card in tables.cards.values():
        top = max(card.health, key=lambda band: band.high)
        figures = (
            f"{card.hp} HP, {top.actions} action points, combat value {top.combat}",
            "Guns: " + ", ".join(f"{g.direction} ({g.column.replace('_', '-')})" for g in card.guns),
            f"Length {card.length_rods:g} rods" + (" (Quarterdeck's own card)" if card.own else ""),
        )
        out.append(Offer(card.id, card.name, "", "card", len(card.guns), cagway_value.card_price(tables, card.id),
                         None, figures))
    return tuple(sorted(out, key=lambda o: (-o.points, o.name)))


def offer(system: str, ship: str) -> Offer:
    """The class ``ship`` of ``system``; UnknownShip when it has none."""
    found = next((o for o in catalogue(system) if o.id == ship), None)
    if found is None:
        raise UnknownShip(f"unknown ship {ship!r} for {SYSTEM_NAMES.get(system, system)}")
    return found


def ship_points(system: str, ship: FleetShip) -> int:
    """Her price under ``system``, with her crew quality when she has her own."""
    _known(system)
    if system == "cagway":
        return offer(system, ship.ship).points
    rules, ships = load_default()
    if ship.ship not in ships:
        raise UnknownShip(f"unknown ship {ship.ship!r} for Beat to Quarters")
    if ship.quality is not None and ship.quality not in rules.crew_qualities:
        raise ValueError(f"unknown crew quality {ship.quality!r}")
    return btq21_value.ship_price(rules, prices(), ships[ship.ship], ship.quality)


def fleet_points(fleet: Fleet) -> int:
    """What the whole fleet cost."""
    return sum(ship_points(fleet.rules, ship) for ship in fleet.ships())


def gifford_points(points: int) -> float:
    """Beat to Quarters points in Gifford's campaign points."""
    return btq21_value.gifford_points(prices(), points)
