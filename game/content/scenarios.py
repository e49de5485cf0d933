"""``data/scenarios/NAME.yaml`` -> :class:`Scenario`."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content import shapes
from game.content.model import (
    RuleSet,
    Scenario,
    ScenarioShip,
    ShipClass,
    ShoreBattery,
    Side,
    Squadron,
    Terrain,
)
from game.content.rules import MAX_GUNS, MAX_POINTS, NATIONS
from game.content.yaml_nodes import (
    BAD,
    Bool,
    Choice,
    Ctx,
    DictOf,
    F,
    Fixed,
    Int,
    ListOf,
    Node,
    Num,
    Raw,
    Record,
    Slug,
    Str,
    all_ok,
    expect_list,
    idx,
    parse_file,
    sub,
    suggest,
)
from game.systems import parse_option
from game.systems.base import OptionError
from game.table.geometry import base_corners, convex_overlap

TERRAIN_KINDS = ("island", "coast", "shoal")
EDGES = ("north", "south", "east", "west")
VICTORY_MODES = ("points",)

#: Limits of a scenario (docs/DATA-FORMAT.md), checked before the work they would cost is done.
#: Characters of one option's ``NAME=VALUE``.
MAX_OPTION_TEXT = 80
#: A scenario switches on at most this many options.
MAX_OPTIONS = 20
#: The ends a ship may lie at anchor by (option anchors).
ANCHOR_ENDS = ("bow", "stern")
MAX_TABLE = 500.0  # inches of either side of the table
MAX_TURNS = 100
MAX_SIDES = 8
MAX_SQUADRONS = 100
MAX_SHIPS = 120  # ships and batteries in all: Trafalgar had 60 (a random self-play game of 120 took 30 s here)
MAX_TERRAIN = 50
MAX_POLYGON = 256  # corners of one piece of terrain
MAX_TEXT = 4000  # characters of a description
#: Coordinates may lie off the table (terrain running off an edge), but not without limit.
_COORD = Num(-MAX_TABLE, 2 * MAX_TABLE)
_POINT = Fixed("[x, y]", _COORD, _COORD)
_COMPASS = Num(0, 360, hi_open=True)


@dataclass
class _Placed:
    id: str
    path: str
    line: int
    corners: list[tuple[float, float]]


class _Ids:
    """One namespace of ids (side, squadron, ship/battery, terrain)."""

    def __init__(self, ctx: Ctx, what: str):
        self.ctx, self.what = ctx, what
        self.seen: dict[Any, int] = {}

    def claim(self, value: Any, node: Node | None, path: str, hint: str = "") -> bool:
        if value is BAD or node is None:
            return False
        if value in self.seen:
            self.ctx.add(
                node.line, path, f"duplicate {self.what} id '{value}' (first at line {self.seen[value]}){hint}"
            )
            return False
        self.seen[value] = node.line
        return True


def read_scenario(ctx: Ctx, root: Node, ships: Mapping[str, ShipClass], rules: RuleSet, sid: str) -> Scenario | None:
    """Build a Scenario from a parsed file; None if any problem was added to ``ctx``."""
    before = ctx.count()
    top = Record(
        name=Str(),
        description=Str(max_len=MAX_TEXT, lines=True),
        table=Record(width=Num(0, MAX_TABLE, lo_open=True), height=Num(0, MAX_TABLE, lo_open=True)),
        wind_from=_COMPASS,
        turn_limit=Int(1, MAX_TURNS),
        terrain=F(Raw(), False, None),
        sides=Raw(),
        victory=F(Raw(), False, None),
        options=F(ListOf(Str(max_len=MAX_OPTION_TEXT), max_len=MAX_OPTIONS), False, []),
    ).read(ctx, root, "")
    if top is BAD:
        return None
    tbl = top["table"]
    size: tuple[float, float] | None = (
        None if tbl is BAD or not all_ok(tbl.values()) else (tbl["width"], tbl["height"])
    )

    terrain = _read_terrain(ctx, top["terrain"], size, list(rules.rates)) if top["terrain"] is not BAD else BAD
    # Ships are checked against every terrain piece that did load.
    good_terrain = tuple(t for t in terrain if t is not BAD) if terrain is not BAD else ()
    terrain = BAD if terrain is BAD or not all_ok(terrain) else terrain
    sides = _read_sides(ctx, top["sides"], ships, rules, size, good_terrain) if top["sides"] is not BAD else BAD
    side_ids = _side_ids(top["sides"]) if top["sides"] is not BAD else None
    victory = _read_victory(ctx, top["victory"], side_ids) if top["victory"] is not BAD else BAD

    if top["options"] is not BAD:
        for i, text in enumerate(top["options"]):
            try:
                parse_option(rules.system, text)
            except OptionError as e:
                node = root.get("options")
                line = node.value[i].line if node is not None and node.kind == "seq" else root.line
                ctx.add(line, f"options[{i}]", str(e))
    if sides is not BAD and top["options"] is not BAD:
        _check_anchored(ctx, sides, top["options"])
    if size is None or ctx.count() > before or not all_ok([*top.values(), terrain, sides, victory]):
        return None
    return Scenario(
        id=sid,
        name=top["name"],
        description=top["description"],
        table=size,
        wind_from=top["wind_from"],
        turn_limit=top["turn_limit"],
        options=tuple(top["options"]),
        sides=sides,
        terrain=terrain,
        victory=victory,
        source=ctx.label,
    )


def _read_terrain(ctx: Ctx, node: Node | None, size: tuple[float, float] | None, rates: list[str]) -> Any:
    if node is None:
        return ()
    if not expect_list(ctx, node, "terrain"):
        return BAD
    if len(node.value) > MAX_TERRAIN:
        ctx.add(node.line, "terrain", f"at most {MAX_TERRAIN} pieces of terrain, got {len(node.value)}")
        return BAD
    rec = Record(
        id=Slug(),
        name=F(Str(), False, ""),
        kind=Choice(TERRAIN_KINDS, "terrain kind"),
        points=ListOf(_POINT, min_len=3, max_len=MAX_POLYGON),
        # a shoal's depth, as the rate that feels its way over it (option shoals)
        depth=F(Choice(rates, "rate") if rates else Slug(), False, ""),
    )
    ids = _Ids(ctx, "terrain")
    out: list[Any] = []
    for i, tn in enumerate(node.value):
        path = idx("terrain", i)
        v = rec.read(ctx, tn, path)
        if v is BAD:
            out.append(BAD)
            continue
        if not ids.claim(v["id"], tn.value.get("id"), sub(path, "id")):
            v["id"] = BAD
        if v["depth"] and v["kind"] != "shoal":
            ctx.add(tn.value["depth"].line, sub(path, "depth"), f"only a shoal has a depth, not {v['kind']} terrain")
            v["depth"] = BAD
        pts = v["points"]
        if pts is not BAD:
            pline = tn.value["points"].line
            why = shapes.polygon_problem(pts)
            if why:
                ctx.add(pline, sub(path, "points"), f"not a simple polygon: {why}")
                v["points"] = BAD
            elif size is not None and not shapes.overlaps(pts, shapes.rect(*size)):
                ctx.add(pline, sub(path, "points"), f"the polygon lies wholly off the {_fmt(size)} table")
                v["points"] = BAD
        out.append(
            Terrain(id=v["id"], kind=v["kind"], points=v["points"], name=v["name"], depth=v["depth"])
            if all_ok(v.values())
            else BAD
        )
    return tuple(out)  # may hold BAD items; the caller sorts them out


def _fmt(size: tuple[float, float]) -> str:
    return " x ".join(f"{x:g}" for x in size)


def _read_sides(
    ctx: Ctx,
    node: Node,
    ships: Mapping[str, ShipClass],
    rules: RuleSet,
    size: tuple[float, float] | None,
    terrain: tuple[Terrain, ...],
) -> Any:
    if not expect_list(ctx, node, "sides"):
        return BAD
    too_many = _too_many(node)
    if too_many:
        ctx.add(node.line, "sides", too_many)
        return BAD
    if len(node.value) < 2:
        ctx.add(node.head, "sides", f"a scenario needs at least 2 sides, got {len(node.value)}")
    side_rec = Record(
        id=Slug(),
        name=Str(),
        nation=Choice(NATIONS, "nation"),
        colour=Fixed("[red, green, blue]", Int(0, 255), Int(0, 255), Int(0, 255)),
        squadrons=Raw(),
        batteries=F(Raw(), False, None),
    )
    sq_rec = Record(id=Slug(), name=Str(), nation=F(Choice(NATIONS, "nation"), False, None), ships=Raw())
    ship_rec = Record(
        ship=Str(),
        id=F(Slug(), False, None),
        pose=Fixed("[x, y, heading]", _COORD, _COORD, _COMPASS),
        sail=Choice(rules.sails, "sail setting"),
        flagship=F(Bool(), False, False),
        quality=F(Choice(rules.crew_qualities, "crew quality"), False, None),
        specials=F(ListOf(Choice(rules.specials, "special rule"), unique=True), False, ()),
        anchored=F(Choice(ANCHOR_ENDS, "anchored end"), False, ""),
    )
    bat_rec = Record(
        id=Slug(),
        name=Str(),
        position=_POINT,
        guns=Int(1, MAX_GUNS),
        large_share=Num(0, 1),
        fort=Int(1, MAX_POINTS),
        crew=Int(1, MAX_POINTS),
        quality=Choice(rules.crew_qualities, "crew quality"),
        arc=F(Fixed("[from, to]", _COMPASS, _COMPASS), False, None),
    )
    side_ids, sq_ids, unit_ids = _Ids(ctx, "side"), _Ids(ctx, "squadron"), _Ids(ctx, "ship or battery")
    placed: list[_Placed] = []
    sides: list[Any] = []

    for si, sn in enumerate(node.value if node.kind == "seq" else []):
        spath = idx("sides", si)
        sv = side_rec.read(ctx, sn, spath)
        if sv is BAD:
            sides.append(BAD)
            continue
        if not side_ids.claim(sv["id"], sn.value.get("id"), sub(spath, "id")):
            sv["id"] = BAD

        squadrons: list[Any] = []
        sqn = sv["squadrons"]
        if sqn is not BAD and expect_list(ctx, sqn, sub(spath, "squadrons")):
            for qi, qn in enumerate(sqn.value):
                qpath = idx(sub(spath, "squadrons"), qi)
                qv = sq_rec.read(ctx, qn, qpath)
                if qv is BAD:
                    squadrons.append(BAD)
                    continue
                if not sq_ids.claim(qv["id"], qn.value.get("id"), sub(qpath, "id")):
                    qv["id"] = BAD
                members: list[Any] = []
                mn = qv["ships"]
                if mn is not BAD and expect_list(ctx, mn, sub(qpath, "ships")):
                    if not mn.value:
                        ctx.add(mn.head, sub(qpath, "ships"), "a squadron needs at least one ship")
                        members.append(BAD)
                    for mi, en in enumerate(mn.value):
                        members.append(
                            _read_ship(
                                ctx,
                                en,
                                idx(sub(qpath, "ships"), mi),
                                ship_rec,
                                ships,
                                rules,
                                unit_ids,
                                size,
                                terrain,
                                placed,
                            )
                        )
                else:
                    members.append(BAD)
                squadrons.append(
                    Squadron(id=qv["id"], name=qv["name"], ships=tuple(members), nation=qv["nation"])
                    if all_ok([*qv.values(), *members])
                    else BAD
                )
        else:
            squadrons.append(BAD)

        batteries: list[Any] = []
        bn = sv["batteries"]
        if bn is not None and bn is not BAD and expect_list(ctx, bn, sub(spath, "batteries")):
            for bi, b in enumerate(bn.value):
                bpath = idx(sub(spath, "batteries"), bi)
                bv = bat_rec.read(ctx, b, bpath)
                if bv is BAD:
                    batteries.append(BAD)
                    continue
                if not unit_ids.claim(bv["id"], b.value.get("id"), sub(bpath, "id")):
                    bv["id"] = BAD
                if bv["guns"] is not BAD and (why := rules.broadside_guns_problem(bv["guns"])):
                    ctx.add(b.value["guns"].line, sub(bpath, "guns"), why)
                    bv["guns"] = BAD
                if bv["position"] is not BAD and size is not None and not shapes.inside_rect([bv["position"]], *size):
                    ctx.add(b.value["position"].line, sub(bpath, "position"), f"is not on the {_fmt(size)} table")
                    bv["position"] = BAD
                batteries.append(ShoreBattery(source=ctx.where(b.line), **bv) if all_ok(bv.values()) else BAD)
        elif bn is not None:
            batteries.append(BAD)

        if sqn is not BAD and sqn.kind == "seq" and not sqn.value and not batteries:
            ctx.add(sqn.head, sub(spath, "squadrons"), "a side needs at least one squadron or shore battery")
            squadrons.append(BAD)
        sides.append(
            Side(
                id=sv["id"],
                name=sv["name"],
                nation=sv["nation"],
                colour=sv["colour"],
                squadrons=tuple(squadrons),
                batteries=tuple(batteries),
            )
            if all_ok([*sv.values(), *squadrons, *batteries])
            else BAD
        )

    _check_overlaps(ctx, placed)
    if len(node.value) < 2:
        return BAD
    return tuple(sides) if all_ok(sides) else BAD


def _too_many(sides: Node) -> str | None:
    """Refuse a scenario too big to check or play before any of it is measured."""
    if len(sides.value) > MAX_SIDES:
        return f"at most {MAX_SIDES} sides, got {len(sides.value)}"
    squadrons = units = 0
    for sn in sides.value:
        for key in ("squadrons", "batteries"):
            lst = sn.get(key) if sn.kind == "map" else None
            if lst is None or lst.kind != "seq":
                continue
            if key == "batteries":
                units += len(lst.value)
                continue
            squadrons += len(lst.value)
            for qn in lst.value:
                ships = qn.get("ships") if qn.kind == "map" else None
                units += len(ships.value) if ships is not None and ships.kind == "seq" else 0
    if squadrons > MAX_SQUADRONS:
        return f"at most {MAX_SQUADRONS} squadrons, got {squadrons}"
    if units > MAX_SHIPS:
        return f"at most {MAX_SHIPS} ships and batteries in a scenario, got {units}"
    return None


def _read_ship(
    ctx: Ctx,
    en: Node,
    path: str,
    rec: Record,
    ships: Mapping[str, ShipClass],
    rules: RuleSet,
    unit_ids: _Ids,
    size: tuple[float, float] | None,
    terrain: tuple[Terrain, ...],
    placed: list[_Placed],
) -> Any:
    v = rec.read(ctx, en, path)
    if v is BAD:
        return BAD
    m = en.value
    cls = None
    if v["ship"] is not BAD:
        cls = ships.get(v["ship"])
        if cls is None:
            ctx.add(m["ship"].line, sub(path, "ship"), f"unknown ship '{v['ship']}'{suggest(v['ship'], ships)}")
            v["ship"] = BAD
    if v["id"] is not None:
        uid = v["id"]
        if not unit_ids.claim(uid, m.get("id"), sub(path, "id")):
            uid = BAD
    else:  # the id defaults to the ship's
        uid = v["ship"]
        if not unit_ids.claim(uid, m.get("ship"), sub(path, "ship"), "; give this entry its own 'id'"):
            uid = BAD
    pose = v["pose"]
    if cls is not None and pose is not BAD and uid is not BAD:
        length, width = rules.base_of(cls.rate)
        corners = base_corners(pose, length, width)
        pline = m["pose"].line
        ppath = sub(path, "pose")
        if size is not None and not shapes.inside_rect(corners, *size):
            ctx.add(pline, ppath, f"base of '{uid}' is not wholly on the {_fmt(size)} table")
            pose = BAD
        box = _bbox(corners)
        for t in terrain:
            if _boxes_meet(box, _bbox(t.points)) and shapes.overlaps(t.points, corners):
                ctx.add(pline, ppath, f"base of '{uid}' overlaps {t.kind} '{t.id}'")
                pose = BAD
        placed.append(_Placed(uid, ppath, pline, corners))
    if not all_ok([*v.values(), pose, uid]) or cls is None:
        return BAD
    return ScenarioShip(
        id=uid,
        ship=cls,
        pose=pose,
        sail=v["sail"],
        flagship=v["flagship"],
        quality=v["quality"],
        specials=v["specials"],
        source=ctx.where(en.line),
        anchored=v["anchored"],
    )


def _check_anchored(ctx: Ctx, sides: Any, options: list[str]) -> None:
    """A ship may start at anchor only in a scenario played with option anchors."""
    if any(str(t).split("=", 1)[0].strip() == "anchors" for t in options):
        return
    for side in sides:
        if side is BAD:
            continue
        for sq in side.squadrons:
            for s in sq.ships:
                if s.anchored:
                    line = int(s.source.rsplit(":", 1)[1])
                    ctx.add(line, "anchored", f"'{s.id}' starts at anchor: add 'anchors' to the scenario's options")


def _check_overlaps(ctx: Ctx, placed: list[_Placed]) -> None:
    boxes = [_bbox(p.corners) for p in placed]
    for j, b in enumerate(placed):
        for i, a in enumerate(placed[:j]):
            if _boxes_meet(boxes[i], boxes[j]) and convex_overlap(a.corners, b.corners):
                ctx.add(b.line, b.path, f"base of '{b.id}' overlaps base of '{a.id}' (line {a.line})")


@functools.lru_cache(maxsize=MAX_TERRAIN * 4)
def _bbox_of(points: tuple[tuple[float, float], ...]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _bbox(points: Iterable[tuple[float, float]]) -> tuple[float, float, float, float]:
    return _bbox_of(tuple(points))


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _side_ids(node: Node) -> list[str] | None:
    """The side ids as written (even if a side has other problems), for checking references to them."""
    if node.kind != "seq":
        return None
    ids = []
    for sn in node.value:
        idn = sn.get("id")
        if idn is not None and idn.kind == "scalar" and isinstance(idn.value, str):
            ids.append(idn.value.strip())
    return ids


def _read_victory(ctx: Ctx, node: Node | None, side_ids: list[str] | None) -> Any:
    v = (
        Record(
            mode=F(Choice(VICTORY_MODES, "victory mode"), False, "points"),
            exit_edges=F(DictOf(Choice(EDGES, "table edge"), keys=side_ids, what="side id"), False, {}),
        ).read(ctx, node, "victory")
        if node is not None
        else {"mode": "points", "exit_edges": {}}
    )
    if v is BAD or not all_ok(v.values()):
        return BAD
    return v


def load_scenario(path: str | os.PathLike[str], ships: Mapping[str, ShipClass], rules: RuleSet) -> Scenario:
    """Load and check a scenario; raises ContentError listing every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    sc = read_scenario(ctx, root, ships, rules, Path(path).stem) if root is not None else None
    ctx.raise_if_any()
    assert sc is not None
    return sc
