"""Building a fleet one change at a time, every change undoable, none taking her over her budget.

The fleet builder window is a view of a :class:`Builder`: each button calls
one method, which either makes the change (keeping the fleet as it was, for
Undo) or refuses it with the reason in words, leaving the fleet untouched.
A fleet is immutable, so a history of fleets is the whole of Undo.
"""

from __future__ import annotations

from dataclasses import replace

from game.fleets.model import MAX_SHIPS, MAX_SQUADRONS, Fleet, FleetShip, FleetSquadron, ordinal_name
from game.fleets.muster import random_fleet, squadron_names
from game.fleets.value import SYSTEM_NAMES, budgets, flags, nations, offer, ship_points

#: Changes Undo can take back.
MAX_HISTORY = 200
#: Characters of a ship's, a squadron's or a fleet's name.
MAX_NAME = 60


def new_fleet(system: str, nation: str | None = None, budget: int | None = None) -> Fleet:
    """An empty fleet of ``system`` with two squadrons and the middle of the offered budgets."""
    offered = budgets(system)
    known = nations(system)
    nation = nation if nation is not None else (known or flags(system))[0]
    name = f"{nation.capitalize()} fleet" if nation else "My fleet"
    squadrons = tuple(FleetSquadron(n) for n in squadron_names(2))
    return Fleet(system, nation, name, budget or offered[(len(offered) - 1) // 2], squadrons)


def _clean(name: str) -> str:
    return " ".join(name.split())


class Builder:
    """The fleet being built, and the fleets it was before each change."""

    def __init__(self, fleet: Fleet) -> None:
        self.fleet = fleet
        self.history: list[Fleet] = []

    # --- reading ---------------------------------------------------------------

    def total(self, fleet: Fleet | None = None) -> int:
        return sum(ship_points((fleet or self.fleet).rules, s) for s in (fleet or self.fleet).ships())

    def ship(self, squadron: int, index: int) -> FleetShip:
        return self.fleet.squadrons[squadron].ships[index]

    def _over(self, fleet: Fleet, what: str) -> str | None:
        total = self.total(fleet)
        if total > fleet.budget:
            return f"{what}: the fleet would cost {total} points, over its budget of {fleet.budget}"
        return None

    # --- changing --------------------------------------------------------------

    def _commit(self, fleet: Fleet) -> None:
        self.history.append(self.fleet)
        del self.history[:-MAX_HISTORY]
        self.fleet = fleet

    def undo(self) -> bool:
        """Take back the last change; False when there is none."""
        if not self.history:
            return False
        self.fleet = self.history.pop()
        return True

    def replace_fleet(self, fleet: Fleet) -> None:
        """A fleet opened or drawn at random takes this one's place (Undo brings this one back)."""
        self._commit(fleet)

    def add(self, ship: str, squadron: int) -> str | None:
        """Buy a ship of class ``ship`` into ``squadron``; the reason when refused."""
        found = offer(self.fleet.rules, ship)
        if len(self.fleet.ships()) >= MAX_SHIPS:
            return f"A fleet holds at most {MAX_SHIPS} ships"
        if not self.fleet.squadrons:
            self._commit(replace(self.fleet, squadrons=(FleetSquadron(squadron_names(1)[0]),)))
            squadron = 0
        squadron = max(0, min(squadron, len(self.fleet.squadrons) - 1))
        new = FleetShip(found.id, ordinal_name(found.name, self.fleet.names()))
        old = self.fleet.squadrons[squadron]
        fleet = self.fleet.with_squadron(squadron, replace(old, ships=(*old.ships, new)))
        why = self._over(fleet, f"{found.name} costs {found.points}")
        if why:
            return why
        self._commit(fleet)
        return None

    def remove(self, squadron: int, index: int) -> None:
        old = self.fleet.squadrons[squadron]
        ships = old.ships[:index] + old.ships[index + 1 :]
        self._commit(self.fleet.with_squadron(squadron, replace(old, ships=ships)))

    def rename_ship(self, squadron: int, index: int, name: str) -> str | None:
        name = _clean(name)
        ship = self.ship(squadron, index)
        if not name:
            return "A ship needs a name"
        if len(name) > MAX_NAME:
            return f"A name has at most {MAX_NAME} characters"
        if name == ship.name:
            return None
        if name in self.fleet.names():
            return f"Another ship of the fleet already sails as {name}"
        self._set_ship(squadron, index, replace(ship, name=name))
        return None

    def set_quality(self, squadron: int, index: int, quality: str | None) -> str | None:
        """Give her crew ``quality`` (None: her class's own); refused when she would cost too much."""
        ship = self.ship(squadron, index)
        found = offer(self.fleet.rules, ship.ship)
        quality = None if quality == found.quality else quality
        if quality == ship.quality:
            return None
        fleet = self._with_ship(squadron, index, replace(ship, quality=quality))
        why = self._over(fleet, f"A {quality or found.quality} crew for {ship.name}")
        if why:
            return why
        self._commit(fleet)
        return None

    def move(self, squadron: int, index: int, to: int) -> None:
        """Move a ship to the end of squadron ``to``."""
        if to == squadron or not 0 <= to < len(self.fleet.squadrons):
            return
        ship = self.ship(squadron, index)
        old = self.fleet.squadrons[squadron]
        fleet = self.fleet.with_squadron(squadron, replace(old, ships=old.ships[:index] + old.ships[index + 1 :]))
        dest = fleet.squadrons[to]
        self._commit(fleet.with_squadron(to, replace(dest, ships=(*dest.ships, ship))))

    def add_squadron(self) -> str | None:
        if len(self.fleet.squadrons) >= MAX_SQUADRONS:
            return f"A fleet has at most {MAX_SQUADRONS} squadrons"
        taken = {s.name for s in self.fleet.squadrons}
        n = len(self.fleet.squadrons) + 1
        while f"Squadron {n}" in taken:
            n += 1
        self._commit(replace(self.fleet, squadrons=(*self.fleet.squadrons, FleetSquadron(f"Squadron {n}"))))
        return None

    def rename_squadron(self, squadron: int, name: str) -> str | None:
        name = _clean(name)
        if not name:
            return "A squadron needs a name"
        if len(name) > MAX_NAME:
            return f"A name has at most {MAX_NAME} characters"
        if name == self.fleet.squadrons[squadron].name:
            return None
        self._commit(self.fleet.with_squadron(squadron, replace(self.fleet.squadrons[squadron], name=name)))
        return None

    def set_name(self, name: str) -> str | None:
        name = _clean(name)
        if not name:
            return "The fleet needs a name"
        if len(name) > MAX_NAME:
            return f"A name has at most {MAX_NAME} characters"
        if name != self.fleet.name:
            self._commit(replace(self.fleet, name=name))
        return None

    def set_budget(self, budget: int) -> str | None:
        if budget == self.fleet.budget:
            return None
        fleet = replace(self.fleet, budget=budget)
        total = self.total(fleet)
        if total > budget:
            return f"The fleet already costs {total} points: remove ships before lowering the budget to {budget}"
        self._commit(fleet)
        return None

    def set_nation(self, nation: str) -> None:
        """Fly another nation's flag; her ships stay (a prize may serve any flag), the builder offers the nation's."""
        if nation != self.fleet.nation:
            rename = self.fleet.name == f"{self.fleet.nation.capitalize()} fleet"
            name = f"{nation.capitalize()} fleet" if rename else self.fleet.name
            self._commit(replace(self.fleet, nation=nation, name=name))

    def set_rules(self, system: str) -> None:
        """Another rule system: its ships are others, so the fleet starts empty (Undo brings hers back)."""
        if system != self.fleet.rules:
            self._commit(new_fleet(system))

    def randomize(self, seed: int) -> str | None:
        """A random fleet of this nation and budget, in as many squadrons as this one has (two at least)."""
        fleet = random_fleet(self.fleet.rules, self.fleet.nation, self.fleet.budget, seed,
                             max(2, len(self.fleet.squadrons)))
        if not fleet.ships():
            return f"{self.fleet.budget} points buy no ship of {SYSTEM_NAMES[self.fleet.rules]}"
        self._commit(fleet)
        return None

    def _with_ship(self, squadron: int, index: int, ship: FleetShip) -> Fleet:
        old = self.fleet.squadrons[squadron]
        ships = (*old.ships[:index], ship, *old.ships[index + 1 :])
        return self.fleet.with_squadron(squadron, replace(old, ships=ships))

    def _set_ship(self, squadron: int, index: int, ship: FleetShip) -> None:
        self._commit(self._with_ship(squadron, index, ship))
