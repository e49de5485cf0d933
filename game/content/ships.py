"""``data/ships.yaml`` -> ``{id: ShipClass}``."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping

from game.content.model import RuleSet, ShipClass
from game.content.rules import MAX_DICE, MAX_GUNS, MAX_POINTS, NATIONS
from game.content.yaml_nodes import (
    BAD,
    Choice,
    Ctx,
    F,
    Int,
    ListOf,
    Node,
    Num,
    Record,
    Slug,
    Str,
    all_ok,
    check_keys,
    expect_list,
    expect_map,
    idx,
    parse_file,
    sub,
)

_SHIP_FIELDS = {f.name for f in dataclasses.fields(ShipClass)}
#: Ships a ships file may list, and characters of a ship's notes.
MAX_CLASSES = 5000
MAX_TEXT = 4000


def ship_record(rules: RuleSet) -> Record:
    return Record(
        id=Slug(),
        name=Str(),
        nation=Choice(NATIONS, "nation"),
        rate=Choice(list(rules.rates), "rate"),
        guns=Int(1, MAX_GUNS),
        armament=F(Str(empty_ok=True, max_len=MAX_TEXT), False, ""),
        large_share=Num(0, 1),
        hull=Int(1, MAX_POINTS),
        rigging=Int(1, MAX_POINTS),
        crew=Int(1, MAX_POINTS),
        musketry=Int(0, MAX_DICE),
        quality=Choice(rules.crew_qualities, "crew quality"),
        specials=F(ListOf(Choice(rules.specials, "special rule"), unique=True), False, ()),
        launched=F(Int(1000, 3000), False, None),
        notes=F(Str(empty_ok=True, max_len=MAX_TEXT, lines=True), False, ""),
    )


def _rows_text(rules: RuleSet, rate: str) -> str:
    rows = [f"{r.guns[0]}-{r.guns[1]}" for r in rules.base_stats if r.rate == rate]
    return f"rows for {rate}: {', '.join(rows)}" if rows else f"there is no row for {rate}"


def read_ships(ctx: Ctx, root: Node, rules: RuleSet) -> dict[str, ShipClass]:
    if not expect_map(ctx, root, ""):
        return {}
    check_keys(ctx, root, "", ["ships"])
    lst = root.value.get("ships")
    if lst is None:
        ctx.add(root.line, "ships", "required key missing")
        return {}
    if not expect_list(ctx, lst, "ships"):
        return {}
    if not lst.value:
        ctx.add(lst.head, "ships", "the list is empty")
    if len(lst.value) > MAX_CLASSES:
        ctx.add(lst.head, "ships", f"at most {MAX_CLASSES} ships, got {len(lst.value)}")
        return {}
    rec = ship_record(rules)
    out: dict[str, ShipClass] = {}
    ids: dict[str, int] = {}
    names: dict[str, int] = {}
    for i, node in enumerate(lst.value):
        path = idx("ships", i)
        v = rec.read(ctx, node, path)
        if v is BAD:
            continue
        m = node.value
        if v["id"] is not BAD:
            if v["id"] in ids:
                ctx.add(m["id"].line, sub(path, "id"), f"duplicate ship id '{v['id']}' (first at line {ids[v['id']]})")
                v["id"] = BAD
            else:
                ids[v["id"]] = m["id"].line
        if v["name"] is not BAD:
            if v["name"] in names:
                ctx.add(
                    m["name"].line,
                    sub(path, "name"),
                    f"duplicate ship name '{v['name']}' (first at line {names[v['name']]})",
                )
                v["name"] = BAD
            else:
                names[v["name"]] = m["name"].line
        if v["rate"] is not BAD and v["guns"] is not BAD and rules.stats_row(v["rate"], v["guns"]) is None:
            ctx.add(
                m["guns"].line,
                sub(path, "guns"),
                f"{v['guns']} is outside every base_stats row for rate {v['rate']} ({_rows_text(rules, v['rate'])})",
            )
            v["guns"] = BAD
        if v["guns"] is not BAD and (why := rules.broadside_guns_problem(v["guns"])):
            ctx.add(m["guns"].line, sub(path, "guns"), why)
            v["guns"] = BAD
        if not all_ok(v.values()):
            continue
        if "armament" not in _SHIP_FIELDS:  # older model: documentation only
            del v["armament"]
        out[v["id"]] = ShipClass(source=ctx.where(node.line), **v)
    return out


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
