"""``data/scenarios/cagway_*.yaml`` (``rules: cagway``) -> :class:`game.content.model.Scenario`.

A Cagway scenario lists each side's ships by card and name, placed on the
table (inches); gives the wind's source point on the table's edge, each side's
deployment line, the turn limit, the fleet budget in points (optional) and the
victory (``blockade_run`` or ``fleet``).  Each ship becomes a ScenarioShip
whose ShipClass is made from her card (rate = card id, guns = the card's
guns, hull = HP, nation from her side); the Cagway-only terms go into
``Scenario.extra``.  Every problem is reported as ``path:line: field: reason``.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated, Any

from game.content import shapes
from game.content.fields import Model, Name, Slug, count, fixed, one_of, text, within
from game.content.model import Scenario, ScenarioShip, ShipClass, Side, Squadron, Terrain
from game.content.scenarios import MAX_POLYGON, MAX_SHIPS, MAX_TABLE, MAX_TERRAIN, MAX_TEXT, MAX_TURNS
from game.content.validate import Checked, check
from game.content.yaml_nodes import Ctx, Node, parse_file, suggest
from game.systems.cagway.tables import CagwayTables
from game.systems.cagway.victory import BLOCKADE, MODES
from game.table.convex import poly_distance
from game.table.geometry import Point, base_corners, bearing, convex_overlap, point_segment_distance, signed_angle
from game.table.terrain import decompose

#: How far (inches) a ship's centre may lie off her side's deployment line, and her heading off its direction.
ON_LINE = 0.01
ALONG = 0.5
#: How near the table's edge (inches) the wind's source must lie.
ON_EDGE = 1e-6
#: The Blockade Run: the other islands at least this many of the longest boat lengths apart, and the
#: table at least this many rods across.
ISLAND_GAP_BOATS = 2
TABLE_RODS = 80

Coord = Annotated[float, within(-MAX_TABLE, 2 * MAX_TABLE)]
Compass = Annotated[float, within(0, 360, hi_open=True)]
Spot = Annotated[tuple[Coord, Coord], fixed("[x, y]", 2)]
Length = Annotated[float, within(0, MAX_TABLE, lo_open=True)]
Byte = Annotated[int, within(0, 255)]


class TableSize(Model):
    width: Length
    height: Length


class Island(Model):
    id: Slug
    name: Name = ""
    kind: Annotated[str, one_of(("island",), "terrain kind")] = "island"
    points: Annotated[tuple[Spot, ...], count(3, MAX_POLYGON)]


class ShipEntry(Model):
    card: Slug
    id: Slug
    name: Name
    pose: Annotated[tuple[Coord, Coord, Compass], fixed("[x, y, heading]", 3)]


class SideEntry(Model):
    id: Slug
    name: Name
    nation: Slug
    colour: Annotated[tuple[Byte, Byte, Byte], fixed("[red, green, blue]", 3)]
    deploy: Annotated[tuple[Spot, Spot], fixed("[[x, y], [x, y]]", 2)] | None = None
    ships: Annotated[tuple[ShipEntry, ...], count(1, MAX_SHIPS, "ships")]


class VictoryEntry(Model):
    mode: Annotated[str, one_of(MODES, "victory mode")]
    runner: Slug | None = None
    blocker: Slug | None = None
    destination: Slug | None = None


class CagwayScenarioFile(Model):
    rules: Annotated[str, one_of(("cagway",), "rule system")]
    name: Name
    description: Annotated[str, text(max_len=MAX_TEXT, lines=True)]
    table: TableSize
    wind_source: Spot
    turn_limit: Annotated[int, within(1, MAX_TURNS)]
    budget: Annotated[int, within(1, 1_000_000)] | None = None
    terrain: Annotated[tuple[Island, ...], count(0, MAX_TERRAIN, "islands")] = ()
    sides: Annotated[tuple[SideEntry, ...], count(2, 8, "sides")]
    victory: VictoryEntry


def is_cagway(root: Node | None) -> bool:
    """Whether a parsed scenario file says ``rules: cagway``."""
    node = root.get("rules") if root is not None else None
    return node is not None and node.kind == "scalar" and node.value == "cagway"


def read_scenario(ctx: Ctx, root: Node, tables: CagwayTables, sid: str) -> Scenario | None:
    """Build a Scenario from a parsed file; None if any problem was added to ``ctx``."""
    before = ctx.count()
    checked = check(ctx, CagwayScenarioFile, root)
    size_m: TableSize | None = checked.at(("table",))
    size = (size_m.width, size_m.height) if size_m is not None else None
    islands = _check_islands(checked, size)
    _check_wind(checked, size)
    _check_sides(checked, tables, size, islands)
    _check_victory(checked, tables, size, islands)
    if size is None or checked.model is None or ctx.count() > before:
        return None
    return _build(checked, tables, size, islands, sid, ctx)


def _fmt(size: tuple[float, float]) -> str:
    return " x ".join(f"{x:g}" for x in size)


def _check_islands(checked: Checked[CagwayScenarioFile], size: tuple[float, float] | None) -> list[Terrain]:
    seen: dict[str, int] = {}
    out = []
    for i in checked.entries(("terrain",)):
        at = ("terrain", i)
        isl: Island | None = checked.at(at)
        if isl is None:
            continue
        if isl.id in seen:
            checked.add((*at, "id"), f"duplicate island id '{isl.id}' (first at line {seen[isl.id]})")
            continue
        seen[isl.id] = checked.line((*at, "id"))
        why = shapes.polygon_problem(isl.points)
        if why:
            checked.add((*at, "points"), f"not a simple polygon: {why}")
            continue
        if size is not None and not shapes.overlaps(isl.points, shapes.rect(*size)):
            checked.add((*at, "points"), f"the island lies wholly off the {_fmt(size)} table")
            continue
        out.append(Terrain(id=isl.id, kind="island", points=isl.points, name=isl.name))
    return out


def on_edge(point: Point, size: tuple[float, float]) -> bool:
    """Whether a point lies on the table's edge."""
    x, y = point
    w, h = size
    within_x, within_y = -ON_EDGE <= x <= w + ON_EDGE, -ON_EDGE <= y <= h + ON_EDGE
    return (within_x and (abs(y) <= ON_EDGE or abs(y - h) <= ON_EDGE)) or (
        within_y and (abs(x) <= ON_EDGE or abs(x - w) <= ON_EDGE)
    )


def _check_wind(checked: Checked[CagwayScenarioFile], size: tuple[float, float] | None) -> None:
    src = checked.at(("wind_source",))
    if src is not None and size is not None and not on_edge(src, size):
        checked.add(
            ("wind_source",),
            f"[{src[0]:g}, {src[1]:g}] is not on the edge of the {_fmt(size)} table: the wind's source is placed "
            "at the table's edge",
        )


def _check_sides(
    checked: Checked[CagwayScenarioFile],
    tables: CagwayTables,
    size: tuple[float, float] | None,
    islands: list[Terrain],
) -> None:
    side_ids: dict[str, int] = {}
    ship_ids: dict[str, int] = {}
    placed: list[tuple[str, int, list[Point], tuple[str | int, ...]]] = []
    budget: int | None = checked.at(("budget",))
    for si in checked.entries(("sides",)):
        side = ("sides", si)
        sid = checked.at((*side, "id"))
        if sid is not None:
            if sid in side_ids:
                checked.add((*side, "id"), f"duplicate side id '{sid}' (first at line {side_ids[sid]})")
            else:
                side_ids[sid] = checked.line((*side, "id"))
        line = checked.at((*side, "deploy"))
        if line is not None and size is not None:
            if not shapes.inside_rect(list(line), *size):
                checked.add((*side, "deploy"), f"the deployment line runs off the {_fmt(size)} table")
            elif math.hypot(line[1][0] - line[0][0], line[1][1] - line[0][1]) <= 1e-9:
                checked.add((*side, "deploy"), "the deployment line has no length")
        cost = 0
        for mi in checked.entries((*side, "ships")):
            at = (*side, "ships", mi)
            entry: ShipEntry | None = checked.at(at)
            card_id = checked.at((*at, "card"))
            card = tables.cards.get(card_id) if card_id is not None else None
            if card_id is not None and card is None:
                checked.add((*at, "card"), f"unknown card '{card_id}'{suggest(card_id, list(tables.cards))}")
            if entry is None:
                continue
            if entry.id in ship_ids:
                checked.add((*at, "id"), f"duplicate ship id '{entry.id}' (first at line {ship_ids[entry.id]})")
            else:
                ship_ids[entry.id] = checked.line((*at, "id"))
            if card is None:
                continue
            cost += card.points
            corners = base_corners(entry.pose, card.length, card.width)
            if size is not None and not shapes.inside_rect(corners, *size):
                checked.add((*at, "pose"), f"'{entry.id}' is not wholly on the {_fmt(size)} table")
            for t in islands:
                if shapes.overlaps(t.points, corners):
                    checked.add((*at, "pose"), f"'{entry.id}' overlaps island '{t.id}'")
            for other, oline, ocorners, _ in placed:
                if convex_overlap(corners, ocorners):
                    checked.add((*at, "pose"), f"'{entry.id}' overlaps '{other}' (line {oline})")
            placed.append((entry.id, checked.line((*at, "pose")), corners, at))
            if line is not None:
                _check_on_line(checked, at, entry, line)
        if budget is not None and cost > budget:
            checked.add((*side, "ships"), f"the fleet costs {cost} points, over the budget of {budget}", at_key=True)


def _check_on_line(
    checked: Checked[CagwayScenarioFile], at: tuple[str | int, ...], entry: ShipEntry, line: tuple[Point, Point]
) -> None:
    """A ship deploying lies on her side's line: her centre on it, her heading along it."""
    x, y, h = entry.pose
    if point_segment_distance((x, y), line[0], line[1]) > ON_LINE:
        checked.add((*at, "pose"), f"'{entry.id}' must start with her centre on her side's deployment line")
        return
    along = bearing(line[0], line[1])
    off = abs(signed_angle(along, h))
    if min(off, 180.0 - off) > ALONG:
        checked.add(
            (*at, "pose"),
            f"'{entry.id}' must lie along her side's deployment line (heading {along:g} or {(along + 180) % 360:g})",
        )


def _island_gap(a: Terrain, b: Terrain) -> float:
    best = math.inf
    for p in decompose(a.points):
        for q in decompose(b.points):
            best = min(best, poly_distance(p, q, convex_overlap(p, q, eps=0.0)))
    return best


def _check_victory(
    checked: Checked[CagwayScenarioFile],
    tables: CagwayTables,
    size: tuple[float, float] | None,
    islands: list[Terrain],
) -> None:
    vic: VictoryEntry | None = checked.at(("victory",))
    if vic is None or vic.mode != BLOCKADE:
        return
    sides = [checked.at(("sides", i, "id")) for i in checked.entries(("sides",))]
    for role in ("runner", "blocker"):
        who = getattr(vic, role)
        if who is None:
            checked.add(("victory",), f"a blockade run names its {role}'s side", at_key=True)
        elif sides and who not in sides:
            checked.add(("victory", role), f"unknown side '{who}'{suggest(who, [s for s in sides if s])}")
    if vic.runner is not None and vic.runner == vic.blocker:
        checked.add(("victory", "blocker"), "the Blocker and the Runner must be different sides")
    ids = [t.id for t in islands]
    if vic.destination is None:
        checked.add(("victory",), "a blockade run names its destination island", at_key=True)
    elif vic.destination not in ids:
        checked.add(("victory", "destination"), f"unknown island '{vic.destination}'{suggest(vic.destination, ids)}")
    if size is not None and min(size) < TABLE_RODS * tables.rod - 1e-9:
        checked.add(
            ("table",),
            f"a blockade run needs a table at least {TABLE_RODS} rods ({TABLE_RODS * tables.rod:g}\") across",
            at_key=True,
        )
    longest = max((c.length for c in tables.cards.values()), default=0.0)
    lengths = [
        tables.cards[card].length
        for si in checked.entries(("sides",))
        for mi in checked.entries(("sides", si, "ships"))
        if (card := checked.at(("sides", si, "ships", mi, "card"))) in tables.cards
    ]
    gap = ISLAND_GAP_BOATS * (max(lengths) if lengths else longest)
    others = [t for t in islands if t.id != vic.destination]
    for j, b in enumerate(others):
        for a in others[:j]:
            if _island_gap(a, b) < gap - 1e-9:
                i = next(k for k in checked.entries(("terrain",)) if checked.at(("terrain", k, "id")) == b.id)
                checked.add(
                    ("terrain", i, "points"),
                    f"island '{b.id}' is closer than two boat lengths ({gap:g}\") to '{a.id}' (Blockade Run setup)",
                )


def _ship_class(card_id: str, tables: CagwayTables, name: str, nation: str, source: str) -> ShipClass:
    card = tables.cards[card_id]
    return ShipClass(
        id=card.id,
        name=name,
        nation=nation,
        rate=card.id,
        guns=len(card.guns),
        large_share=0.0,
        hull=card.hp,
        rigging=0,
        crew=card.hp,
        musketry=0,
        quality="average",
        source=source,
    )


def _build(
    checked: Checked[CagwayScenarioFile],
    tables: CagwayTables,
    size: tuple[float, float],
    islands: list[Terrain],
    sid: str,
    ctx: Ctx,
) -> Scenario:
    sc = checked.model
    assert sc is not None

    def where(*loc: str | int) -> str:
        return ctx.where(checked.line(loc))

    sides = tuple(
        Side(
            id=side.id,
            name=side.name,
            nation=side.nation,
            colour=side.colour,
            squadrons=(
                Squadron(
                    id=side.id,
                    name=side.name,
                    nation=side.nation,
                    ships=tuple(
                        ScenarioShip(
                            id=s.id,
                            ship=_ship_class(s.card, tables, s.name, side.nation, where("sides", si, "ships", mi)),
                            pose=s.pose,
                            sail="",
                            source=where("sides", si, "ships", mi),
                        )
                        for mi, s in enumerate(side.ships)
                    ),
                ),
            ),
        )
        for si, side in enumerate(sc.sides)
    )
    source = (float(sc.wind_source[0]), float(sc.wind_source[1]))
    victory = {k: v for k, v in sc.victory.model_dump().items() if v is not None}
    extra: dict[str, Any] = {
        "wind_source": source,
        "budget": sc.budget,
        "deploy": {side.id: side.deploy for side in sc.sides if side.deploy is not None},
        "victory": victory,
        "cards": {s.id: s.card for side in sc.sides for s in side.ships},
    }
    return Scenario(
        id=sid,
        name=sc.name,
        description=sc.description,
        table=size,
        wind_from=round(bearing((size[0] / 2.0, size[1] / 2.0), source), 3),
        turn_limit=sc.turn_limit,
        sides=sides,
        terrain=tuple(islands),
        victory=victory,
        source=ctx.label,
        system="cagway",
        extra=extra,
    )


def load_scenario(path: str | os.PathLike[str], tables: CagwayTables) -> Scenario:
    """Load and check a Cagway scenario; raises ContentError listing every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    sc = read_scenario(ctx, root, tables, Path(path).stem) if root is not None else None
    ctx.raise_if_any()
    assert sc is not None
    return sc


