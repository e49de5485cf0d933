"""A fleet: the ships a side brings, in squadrons, and the budget she was bought with."""

from __future__ import annotations

from dataclasses import dataclass, replace

#: The most ships and squadrons a fleet holds: a fleet action of Trafalgar's size, with room to spare.
MAX_SHIPS = 200
MAX_SQUADRONS = 20


@dataclass(frozen=True)
class FleetShip:
    """One ship: ``ship`` is her class (a ships-list id, or a Cagway card id), ``name`` the name she sails under.

    ``quality`` is her crew when it is not her class's own (None: the class's).
    """

    ship: str
    name: str
    quality: str | None = None


@dataclass(frozen=True)
class FleetSquadron:
    name: str
    ships: tuple[FleetShip, ...] = ()


@dataclass(frozen=True)
class Fleet:
    """A side's fleet under the rules of ``rules`` (a rule system id), bought for ``budget`` points."""

    rules: str
    nation: str
    name: str
    budget: int
    squadrons: tuple[FleetSquadron, ...] = ()

    def ships(self) -> list[FleetShip]:
        """Every ship, squadron by squadron."""
        return [ship for squadron in self.squadrons for ship in squadron.ships]

    def names(self) -> set[str]:
        return {ship.name for ship in self.ships()}

    def with_squadron(self, index: int, squadron: FleetSquadron) -> Fleet:
        """This fleet with squadron ``index`` replaced."""
        squadrons = list(self.squadrons)
        squadrons[index] = squadron
        return replace(self, squadrons=tuple(squadrons))


def ordinal_name(base: str, taken: set[str]) -> str:
    """``base`` if no ship of the fleet has it, else ``base II``, ``base III`` ...: a second ship of a class
    sails under a name of her own."""
    if base not in taken:
        return base
    n = 2
    while f"{base} {roman(n)}" in taken:
        n += 1
    return f"{base} {roman(n)}"


def roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out
