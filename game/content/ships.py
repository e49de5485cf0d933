"""``data/ships.yaml`` -> ``{id: ShipClass}``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BeforeValidator

from game.content.fields import Model, Name, Slug, distinct, problem, text, within
from game.content.model import RuleSet, ShipClass
from game.content.rules import Dice, Guns, Nation, Points, Quality, RateName, Share, Special, vocabulary
from game.content.validate import check
from game.content.yaml_nodes import Ctx, Node, parse_file

#: Ships a ships file may list, and characters of a ship's notes.
MAX_CLASSES = 5000
MAX_TEXT = 4000


class ShipEntry(Model):
    """One ship of the list; her rate, crew quality and special rules are words of the rule set."""

    id: Slug
    name: Name
    nation: Nation
    rate: RateName
    guns: Guns
    armament: Annotated[str, text(empty_ok=True, max_len=MAX_TEXT)] = ""
    large_share: Share
    hull: Points
    rigging: Points
    crew: Points
    musketry: Dice
    quality: Quality
    specials: Annotated[tuple[Special, ...], distinct] = ()
    launched: Annotated[int, within(1000, 3000)] | None = None
    notes: Annotated[str, text(empty_ok=True, max_len=MAX_TEXT, lines=True)] = ""


def _listed(ships: Any) -> Any:
    if isinstance(ships, tuple) and not ships:
        raise problem("the list is empty", at_key=True)
    if isinstance(ships, tuple) and len(ships) > MAX_CLASSES:
        raise problem(f"at most {MAX_CLASSES} ships, got {len(ships)}", at_key=True)
    return ships


class ShipsFile(Model):
    """``data/ships.yaml``."""

    ships: Annotated[tuple[ShipEntry, ...], BeforeValidator(_listed)]


def _rows_text(rules: RuleSet, rate: str) -> str:
    rows = [f"{r.guns[0]}-{r.guns[1]}" for r in rules.base_stats if r.rate == rate]
    return f"rows for {rate}: {', '.join(rows)}" if rows else f"there is no row for {rate}"


def read_ships(ctx: Ctx, root: Node, rules: RuleSet) -> dict[str, ShipClass]:
    """The ships of a parsed file; {} after adding its problems to ``ctx``."""
    before = ctx.count()
    checked = check(ctx, ShipsFile, root, vocabulary(rules))
    # Across ships, and against the rule set's tables: every ship whose values did validate.
    firsts: dict[str, dict[str, int]] = {"id": {}, "name": {}}
    for i in checked.entries(("ships",)):
        for key, seen in firsts.items():
            value, loc = checked.at(("ships", i, key)), ("ships", i, key)
            if value in seen:
                checked.add(loc, f"duplicate ship {key} '{value}' (first at line {seen[value]})")
            elif value is not None:
                seen[value] = checked.line(loc)
        rate, guns, loc = checked.at(("ships", i, "rate")), checked.at(("ships", i, "guns")), ("ships", i, "guns")
        if rate is not None and guns is not None and rules.stats_row(rate, guns) is None:
            checked.add(loc, f"{guns} is outside every base_stats row for rate {rate} ({_rows_text(rules, rate)})")
        elif guns is not None and (why := rules.broadside_guns_problem(guns)):
            checked.add(loc, why)
    if checked.model is None or ctx.count() > before:
        return {}
    return {
        ship.id: ShipClass(source=ctx.where(checked.line(("ships", i))), **dict(ship))
        for i, ship in enumerate(checked.model.ships)
    }


def load_ships(path: str | os.PathLike[str], rules: RuleSet) -> dict[str, ShipClass]:
    """Load and check a ships file; raises ContentError listing every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    ships = read_ships(ctx, root, rules) if root is not None else {}
    ctx.raise_if_any()
    return ships


def stats_mismatches(ships: Mapping[str, ShipClass], rules: RuleSet) -> list[str]:
    """Ships whose hull/rigging/crew/musketry differ from their base_stats row.

    Not an error (house rules may vary); the tests use it to keep the shipped
    list true to the rule book.
    """
    out = []
    for ship in ships.values():
        row = rules.stats_row(ship.rate, ship.guns)
        if row is None:
            out.append(
                f"{ship.source}: {ship.id}: {ship.guns} guns is outside every base_stats row for rate {ship.rate}"
            )
            continue
        for name in ("hull", "rigging", "crew", "musketry"):
            got, want = getattr(ship, name), getattr(row, name)
            if got != want:
                out.append(
                    f"{ship.source}: {ship.id}: {name} {got} differs from the base_stats row for "
                    f"{row.rate} {row.guns[0]}-{row.guns[1]} guns ({want})"
                )
    return out
