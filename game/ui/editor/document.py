"""The scenario being edited, and every edit the editor can make to it.

The document is the game's own :class:`Scenario` value: frozen, so each edit
returns a new one and undo is a list of the ones before (nothing to copy).
The same value is what the table draws and what the writer turns into YAML,
so what the player sees is what the file will say.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from game.content.model import Scenario, ScenarioShip, ShipClass, ShoreBattery, Side, Squadron, Terrain

#: Where one ship sits in the document: (side, squadron, ship) indexes.
ShipAt = tuple[int, int, int]

#: Colours offered for a new side, in turn (the first two are the shipped scenarios' red and blue).
SIDE_COLOURS = ((180, 40, 40), (40, 70, 160), (200, 170, 40), (40, 140, 70), (140, 60, 150), (90, 90, 90))
#: A new scenario when the player gives nothing else: the shipped duel's table and wind.
NEW_TABLE = (72.0, 48.0)
NEW_WIND = 315.0
NEW_TURNS = 12


def slug(text: str, fallback: str = "item") -> str:
    """An id from a name, in the format's alphabet (lower-case letters, digits, ``_``)."""
    s = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return s or fallback


def fresh_id(base: str, taken: Iterable[str]) -> str:
    """``base``, or ``base_2``, ``base_3``...: the first not ``taken``."""
    used = set(taken)
    if base not in used:
        return base
    n = 2
    while f"{base}_{n}" in used:
        n += 1
    return f"{base}_{n}"


def new_scenario(table: tuple[float, float] = NEW_TABLE, wind_from: float = NEW_WIND) -> Scenario:
    """Two empty sides on an empty table: the least a player can start placing ships on."""
    sides = (
        Side("british", "Royal Navy", "british", SIDE_COLOURS[0], (Squadron("british_sq", "First Squadron", ()),)),
        Side("french", "French Navy", "french", SIDE_COLOURS[1], (Squadron("french_sq", "First Squadron", ()),)),
    )
    return Scenario(
        id="new_scenario",
        name="New scenario",
        description="What happened, and what each side must do.",
        table=table,
        wind_from=wind_from,
        turn_limit=NEW_TURNS,
        sides=sides,
        victory={"mode": "points"},
    )


# --- finding things -----------------------------------------------------------------------


def ships(sc: Scenario) -> list[tuple[ShipAt, ScenarioShip]]:
    return [
        ((si, qi, mi), s)
        for si, side in enumerate(sc.sides)
        for qi, sq in enumerate(side.squadrons)
        for mi, s in enumerate(sq.ships)
    ]


def find_ship(sc: Scenario, uid: str) -> ShipAt | None:
    return next((at for at, s in ships(sc) if s.id == uid), None)


def ship_at(sc: Scenario, at: ShipAt) -> ScenarioShip:
    si, qi, mi = at
    return sc.sides[si].squadrons[qi].ships[mi]


def unit_ids(sc: Scenario) -> set[str]:
    """Ship and battery ids: one namespace (both can be fired at)."""
    out = {s.id for _, s in ships(sc)}
    out.update(b.id for side in sc.sides for b in side.batteries)
    return out


def squadron_ids(sc: Scenario) -> set[str]:
    return {sq.id for side in sc.sides for sq in side.squadrons}


def terrain_index(sc: Scenario, tid: str) -> int | None:
    return next((i for i, t in enumerate(sc.terrain) if t.id == tid), None)


# --- edits: each returns the new document ---------------------------------------------------


def _swap(items: tuple, i: int, new) -> tuple:
    return (*items[:i], new, *items[i + 1:])


def _drop(items: tuple, i: int) -> tuple:
    return (*items[:i], *items[i + 1:])


def with_side(sc: Scenario, si: int, **changes) -> Scenario:
    return replace(sc, sides=_swap(sc.sides, si, replace(sc.sides[si], **changes)))


def with_squadron(sc: Scenario, si: int, qi: int, **changes) -> Scenario:
    side = sc.sides[si]
    return with_side(sc, si, squadrons=_swap(side.squadrons, qi, replace(side.squadrons[qi], **changes)))


def with_ship(sc: Scenario, at: ShipAt, **changes) -> Scenario:
    si, qi, mi = at
    sq = sc.sides[si].squadrons[qi]
    return with_squadron(sc, si, qi, ships=_swap(sq.ships, mi, replace(sq.ships[mi], **changes)))


def add_ship(sc: Scenario, si: int, qi: int, cls: ShipClass, pose: tuple[float, float, float], sail: str
             ) -> tuple[Scenario, str]:
    """Her class placed at ``pose`` in squadron ``qi`` of side ``si``; the new document and her id."""
    uid = fresh_id(cls.id, unit_ids(sc))
    ship = ScenarioShip(id=uid, ship=cls, pose=pose, sail=sail)
    sq = sc.sides[si].squadrons[qi]
    return with_squadron(sc, si, qi, ships=(*sq.ships, ship)), uid


def remove_ship(sc: Scenario, at: ShipAt) -> Scenario:
    si, qi, mi = at
    out = with_squadron(sc, si, qi, ships=_drop(sc.sides[si].squadrons[qi].ships, mi))
    return replace(out, victory=without_unit(out.victory, ship_at(sc, at).id))


def set_flagship(sc: Scenario, at: ShipAt, on: bool) -> Scenario:
    """One flagship to a side: ticking her unticks the side's other flagship."""
    si = at[0]
    out = sc
    if on:
        for other, s in ships(sc):
            if other[0] == si and other != at and s.flagship:
                out = with_ship(out, other, flagship=False)
    return with_ship(out, at, flagship=on)


def add_side(sc: Scenario, nation: str) -> Scenario:
    sid = fresh_id(slug(nation, "side"), [s.id for s in sc.sides])
    colour = SIDE_COLOURS[len(sc.sides) % len(SIDE_COLOURS)]
    qid = fresh_id(f"{sid}_sq", squadron_ids(sc))
    side = Side(sid, nation.title(), nation, colour, (Squadron(qid, "First Squadron", ()),))
    return replace(sc, sides=(*sc.sides, side))


def remove_side(sc: Scenario, si: int) -> Scenario:
    gone = sc.sides[si].id
    victory = dict(sc.victory)
    edges = {k: v for k, v in dict(victory.get("exit_edges") or {}).items() if k != gone}
    victory["exit_edges"] = edges
    if not edges:
        victory.pop("exit_edges")
    return replace(sc, sides=_drop(sc.sides, si), victory=without_side(victory, gone))


def rename_side(sc: Scenario, si: int, name: str) -> Scenario:
    """Her name, and an id made from it (exit edges follow the id)."""
    old = sc.sides[si].id
    new = fresh_id(slug(name, "side"), [s.id for i, s in enumerate(sc.sides) if i != si])
    out = with_side(sc, si, name=name, id=new)
    edges = dict(out.victory.get("exit_edges") or {})
    if old in edges:
        edges[new] = edges.pop(old)
        out = replace(out, victory={**out.victory, "exit_edges": edges})
    return replace(out, victory=renamed_side(out.victory, old, new))


def add_squadron(sc: Scenario, si: int) -> Scenario:
    side = sc.sides[si]
    qid = fresh_id(f"{side.id}_sq", squadron_ids(sc))
    n = len(side.squadrons) + 1
    return with_side(sc, si, squadrons=(*side.squadrons, Squadron(qid, f"Squadron {n}", ())))


def remove_squadron(sc: Scenario, si: int, qi: int) -> Scenario:
    return with_side(sc, si, squadrons=_drop(sc.sides[si].squadrons, qi))


def rename_squadron(sc: Scenario, si: int, qi: int, name: str) -> Scenario:
    new = fresh_id(slug(name, "squadron"), squadron_ids(sc) - {sc.sides[si].squadrons[qi].id})
    return with_squadron(sc, si, qi, name=name, id=new)


def add_terrain(sc: Scenario, kind: str, points: tuple[tuple[float, float], ...], name: str = "",
                depth: str = "") -> tuple[Scenario, str]:
    tid = fresh_id(slug(name, kind) if name else kind, [t.id for t in sc.terrain])
    piece = Terrain(id=tid, kind=kind, points=points, name=name, depth=depth if kind == "shoal" else "")
    return replace(sc, terrain=(*sc.terrain, piece)), tid


def with_terrain(sc: Scenario, i: int, **changes) -> Scenario:
    piece = replace(sc.terrain[i], **changes)
    if piece.kind != "shoal":
        piece = replace(piece, depth="")
    return replace(sc, terrain=_swap(sc.terrain, i, piece))


def rename_terrain(sc: Scenario, i: int, name: str) -> Scenario:
    piece = sc.terrain[i]
    new = fresh_id(slug(name, piece.kind) if name else piece.kind, [t.id for j, t in enumerate(sc.terrain) if j != i])
    return with_terrain(sc, i, name=name, id=new)


def remove_terrain(sc: Scenario, i: int) -> Scenario:
    return replace(sc, terrain=_drop(sc.terrain, i))


def set_option(sc: Scenario, name: str, on: bool) -> Scenario:
    """Tick or untick one option of the rule system (a value it was given is kept while it stays on)."""
    kept = [o for o in sc.options if o.split("=", 1)[0].strip() != name]
    if on:
        old = next((o for o in sc.options if o.split("=", 1)[0].strip() == name), name)
        kept.append(old)
    return replace(sc, options=tuple(kept))


def option_value(sc: Scenario, name: str) -> str | None:
    """The value option ``name`` is given (``""`` when it is ticked without one; None when it is off)."""
    for o in sc.options:
        key, _, value = o.partition("=")
        if key.strip() == name:
            return value.strip()
    return None


def set_option_value(sc: Scenario, name: str, value: str) -> Scenario:
    """Option ``name`` on, with ``value`` (in its place in the list, if it was already there)."""
    entry = f"{name}={value}" if value else name
    if not has_option(sc, name):
        return replace(sc, options=(*sc.options, entry))
    return replace(sc, options=tuple(entry if o.split("=", 1)[0].strip() == name else o for o in sc.options))


def with_dawn(sc: Scenario, turn: int | None) -> Scenario:
    """The night ending at the start of ``turn`` (None: lasting the battle)."""
    extra = {k: v for k, v in sc.extra.items() if k != "dawn"}
    if turn is not None:
        extra["dawn"] = turn
    return replace(sc, extra=extra)


def has_option(sc: Scenario, name: str) -> bool:
    return any(o.split("=", 1)[0].strip() == name for o in sc.options)


def same(a: Scenario, b: Scenario) -> bool:
    """The same scenario whatever file and lines it was read from."""
    return _sourceless(a) == _sourceless(b)


def _sourceless(sc: Scenario) -> Scenario:
    sides = tuple(
        replace(
            side,
            squadrons=tuple(replace(sq, ships=tuple(replace(s, source="") for s in sq.ships)) for sq in side.squadrons),
            batteries=tuple(replace(b, source="") for b in side.batteries),
        )
        for side in sc.sides
    )
    return replace(sc, sides=sides, source="", id="")


# --- shore batteries ----------------------------------------------------------------------

#: Where one battery sits: (side, battery) indexes.
BatteryAt = tuple[int, int]
#: A new battery's guns, heavy share, fort points, crew and crew quality before the player sets them: those of
#: the shipped Battery at Cap Noir, a middling work.
NEW_BATTERY = {"guns": 24, "large_share": 0.5, "fort": 60, "crew": 30, "quality": "average"}


def batteries(sc: Scenario) -> list[tuple[BatteryAt, ShoreBattery]]:
    return [((si, bi), b) for si, side in enumerate(sc.sides) for bi, b in enumerate(side.batteries)]


def find_battery(sc: Scenario, bid: str) -> BatteryAt | None:
    return next((at for at, b in batteries(sc) if b.id == bid), None)


def battery_at(sc: Scenario, at: BatteryAt) -> ShoreBattery:
    return sc.sides[at[0]].batteries[at[1]]


def add_battery(sc: Scenario, si: int, position: tuple[float, float]) -> tuple[Scenario, str]:
    bid = fresh_id("battery", unit_ids(sc))
    n = len(batteries(sc)) + 1
    battery = ShoreBattery(id=bid, name=f"Battery {n}", position=position, **NEW_BATTERY)  # type: ignore[arg-type]
    return with_side(sc, si, batteries=(*sc.sides[si].batteries, battery)), bid


def with_battery(sc: Scenario, at: BatteryAt, **changes) -> Scenario:
    si, bi = at
    side = sc.sides[si]
    return with_side(sc, si, batteries=_swap(side.batteries, bi, replace(side.batteries[bi], **changes)))


def rename_battery(sc: Scenario, at: BatteryAt, name: str) -> Scenario:
    old = battery_at(sc, at).id
    new = fresh_id(slug(name, "battery"), unit_ids(sc) - {old})
    out = with_battery(sc, at, name=name, id=new)
    aims = [{**o, "ships": tuple(new if u == old else u for u in o.get("ships") or ())}
            if old in (o.get("ships") or ()) else o for o in out.victory.get("objectives") or ()]
    return replace(out, victory=with_aims(out.victory, aims)) if aims else out


def remove_battery(sc: Scenario, at: BatteryAt) -> Scenario:
    si, bi = at
    out = with_side(sc, si, batteries=_drop(sc.sides[si].batteries, bi))
    return replace(out, victory=without_unit(out.victory, battery_at(sc, at).id))


def move_to_squadron(sc: Scenario, at: ShipAt, si: int, qi: int) -> tuple[Scenario, ShipAt]:
    """Her, moved to the end of squadron ``qi`` of side ``si``; the new document and where she now is."""
    if at[:2] == (si, qi):
        return sc, at
    ship = ship_at(sc, at)
    out = with_squadron(sc, at[0], at[1], ships=_drop(sc.sides[at[0]].squadrons[at[1]].ships, at[2]))
    sq = out.sides[si].squadrons[qi]
    out = with_squadron(out, si, qi, ships=(*sq.ships, ship))
    return out, (si, qi, len(sq.ships))


# --- keeping objectives in step with the ships and sides they name -----------------------------------


def without_unit(victory: dict[str, Any], uid: str) -> dict[str, Any]:
    """The section once ``uid`` has gone from the table: no objective names her (one left naming none goes)."""
    aims = []
    for o in victory.get("objectives") or ():
        named = tuple(u for u in o.get("ships") or () if u != uid)
        if named == tuple(o.get("ships") or ()):
            aims.append(o)
        elif named or o.get("kind") == "escape":
            aims.append({**o, "ships": named})
    return with_aims(victory, aims)


def without_side(victory: dict[str, Any], side_id: str) -> dict[str, Any]:
    return with_aims(victory, [o for o in victory.get("objectives") or () if o.get("side") != side_id])


def renamed_side(victory: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    aims = victory.get("objectives") or ()
    return with_aims(victory, [{**o, "side": new} if o.get("side") == old else o for o in aims])


def with_aims(victory: dict[str, Any], aims: list) -> dict[str, Any]:
    """The section with these objectives (none: no ``objectives`` key, and a battle on points again, since one
    won by objectives alone needs one)."""
    out = dict(victory)
    if aims:
        out["objectives"] = aims
    else:
        out.pop("objectives", None)
        if out.get("mode") == "objectives":
            out["mode"] = "points"
    return out
