"""Fleet files: a fleet as YAML in the user's folder, read with every problem as ``file:line: field: reason``.

    fleet: The Channel Squadron      # its name
    rules: btq21                     # the rule system it was bought for
    nation: british
    budget: 600
    squadrons:
      - name: Van
        ships:
          - {ship: bellerophon, name: HMS Bellerophon}
          - {ship: bellerophon, name: HMS Colossus, quality: average}

``ship`` is a class of the ships list (a card for Cagway Bay); ``name`` the
name she sails under (her class's when left out); ``quality`` her crew when
it is not her class's.  The ships must be the rule system's and cost no more
than the budget.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import yaml

from game.content.fields import Model, Name, Vocab, count, one_of, within
from game.content.rules import NATIONS
from game.content.validate import Checked, check
from game.content.yaml_nodes import ContentError, Ctx, Node, parse_text, read_text
from game.files import write_atomic
from game.fleets.model import MAX_SHIPS, MAX_SQUADRONS, Fleet, FleetShip, FleetSquadron
from game.fleets.value import SYSTEM_NAMES, SYSTEMS, catalogue, qualities, ship_points
from game.persistence.user import MAX_LISTED, fleets_dir

#: The largest budget, and the bytes of a fleet file.
MAX_BUDGET = 1_000_000
MAX_FILE_BYTES = 256_000


class ShipEntry(Model):
    ship: Annotated[str, one_of(Vocab("ships"), "ship")]
    name: Name | None = None
    quality: Annotated[str, one_of(Vocab("crew_qualities"), "crew quality")] | None = None


class SquadronEntry(Model):
    name: Name
    ships: Annotated[tuple[ShipEntry, ...], count(1, MAX_SHIPS, "ships")]


class FleetFile(Model):
    fleet: Name
    rules: Annotated[str, one_of(SYSTEMS, "rule system")]
    nation: Annotated[str, one_of(Vocab("nations"), "nation")]
    budget: Annotated[int, within(1, MAX_BUDGET)]
    squadrons: Annotated[tuple[SquadronEntry, ...], count(1, MAX_SQUADRONS, "squadrons")]


def list_fleets() -> list[Path]:
    """The fleet files of the user's folder, by name; an unreadable or missing folder lists nothing."""
    try:
        found = [p for p in fleets_dir().iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name.lower())[:MAX_LISTED]


def _context(root: Node) -> dict[str, Any]:
    """The words the file's rule system gives its ships, crews and nations (none while it is unknown)."""
    rules = root.get("rules") if root.kind == "map" else None
    system = rules.value if rules is not None and rules.kind == "scalar" else None
    if system not in SYSTEMS:
        return {"ships": None, "crew_qualities": None, "nations": None}
    assert isinstance(system, str)
    return {
        "ships": [o.id for o in catalogue(system)],
        "crew_qualities": list(qualities(system)) or None,
        "nations": list(NATIONS) if system == "btq21" else None,
    }


def read_fleet(ctx: Ctx, root: Node) -> Fleet | None:
    """The fleet of a parsed file; None after adding its problems to ``ctx``."""
    before = ctx.count()
    checked = check(ctx, FleetFile, root, _context(root))
    fleet = _cross_checks(checked)
    if checked.model is None or ctx.count() > before:
        return None
    return fleet


def _cross_checks(checked: Checked[FleetFile]) -> Fleet | None:
    """Names given twice, crews a rule system has not, the budget; the fleet when all of it validated."""
    system = checked.at(("rules",))
    names: dict[str, int] = {}
    squadrons: list[FleetSquadron] = []
    ships_seen = 0
    total = 0
    for i in checked.entries(("squadrons",)):
        ships: list[FleetShip] = []
        for j in checked.entries(("squadrons", i, "ships")):
            at = ("squadrons", i, "ships", j)
            ships_seen += 1
            if ships_seen == MAX_SHIPS + 1:
                checked.add(at, f"a fleet holds at most {MAX_SHIPS} ships")
            cls, quality = checked.at((*at, "ship")), checked.at((*at, "quality"))
            if system is None or cls is None:
                continue
            if quality is not None and not qualities(system):
                checked.add((*at, "quality"), f"{SYSTEM_NAMES[system]} ships have no crew quality")
                continue
            offer = next(o for o in catalogue(system) if o.id == cls)
            name = checked.at((*at, "name")) or offer.name
            line = checked.line((*at, "name") if checked.at((*at, "name")) else at)
            if name in names:
                hint = "" if checked.at((*at, "name")) else "; give one a name of her own"
                checked.add((*at, "name"), f"two ships sail as {name!r} (also at line {names[name]}){hint}")
            else:
                names[name] = line
            ship = FleetShip(cls, name, quality)
            total += ship_points(system, ship)
            ships.append(ship)
        squadrons.append(FleetSquadron(checked.at(("squadrons", i, "name")) or "", tuple(ships)))
    budget = checked.at(("budget",))
    if budget is not None and system is not None and checked.ok(("squadrons",)) and total > budget:
        checked.add(("budget",), f"the ships cost {total} points, over the budget of {budget}")
    model = checked.model
    if model is None or system is None:
        return None
    return Fleet(system, model.nation, model.fleet, model.budget, tuple(squadrons))


def load_fleet(path: str | os.PathLike[str]) -> Fleet:
    """Read and check a fleet file; raises ContentError listing every problem."""
    ctx = Ctx(path)
    text = read_text(ctx, MAX_FILE_BYTES)
    root = parse_text(ctx, text, MAX_SHIPS) if text is not None else None
    fleet = read_fleet(ctx, root) if root is not None else None
    ctx.raise_if_any()
    assert fleet is not None
    return fleet


def fleet_text(fleet: Fleet) -> str:
    """The fleet as a file's text; squadrons without a ship are left out."""
    squadrons = [squadron for squadron in fleet.squadrons if squadron.ships]
    if not squadrons:
        raise ValueError("a fleet needs at least one ship")
    doc = {"fleet": fleet.name, "rules": fleet.rules, "nation": fleet.nation, "budget": fleet.budget}
    lines = [
        f"# A Quarterdeck fleet for {SYSTEM_NAMES.get(fleet.rules, fleet.rules)} (docs/FLEETS.md).",
        _dump(doc, block=True).rstrip("\n"),
        "squadrons:",
    ]
    for squadron in squadrons:
        lines += [f"  - name: {_dump(squadron.name)}", "    ships:"]
        for ship in squadron.ships:
            entry: dict[str, Any] = {"ship": ship.ship, "name": ship.name}
            if ship.quality is not None:
                entry["quality"] = ship.quality
            lines.append(f"      - {_dump(entry)}")
    return "\n".join(lines) + "\n"

def _dump(value: Any, block: bool = False) -> str:
    """``value`` as YAML on one line (a mapping in braces), or as a block."""
    text = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=not block, width=10**6)
    return text.removesuffix("\n...\n").rstrip("\n") if not block else text


def save_fleet(fleet: Fleet, path: str | os.PathLike[str]) -> None:
    """Write the fleet to ``path`` at once (FileProblem when it cannot be written, the old file untouched)."""
    write_atomic(path, fleet_text(fleet))


__all__ = ["ContentError", "fleets_dir", "list_fleets", "load_fleet", "read_fleet", "save_fleet", "fleet_text"]
