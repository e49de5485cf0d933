"""``data/scenarios/NAME.yaml`` -> :class:`Scenario`."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BeforeValidator

from game.content import shapes
from game.content.fields import (
    Loc,
    Model,
    Name,
    Slug,
    Vocab,
    count,
    distinct,
    fixed,
    keyed,
    one_of,
    problem,
    text,
    within,
)
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
from game.content.rules import Guns, Nation, Points, Quality, RateName, Share, Special, vocabulary
from game.content.validate import Checked, check
from game.content.yaml_nodes import Ctx, Node, parse_file, suggest
from game.systems import parse_option
from game.systems.base import OptionError
from game.table.geometry import base_corners, convex_overlap

TERRAIN_KINDS = ("island", "coast", "shoal")
#: The tracks a placed ship's ``condition`` may give.
CONDITION_TRACKS = ("hull", "rigging", "crew")
EDGES = ("north", "south", "east", "west")
#: How a battle is won: on points (ships lost and taken, and any objectives), or on its objectives alone.
VICTORY_MODES = ("points", "objectives")
#: The kinds of scenario objective (docs/DATA-FORMAT.md; game/systems/btq21/objectives.py scores them).
OBJECTIVE_KINDS = ("escape", "protect", "take", "destroy", "hold")
#: When a hold objective is scored: once at the end of the battle, or at the end of every turn.
HOLD_WHEN = ("end", "turn")
#: Most objectives one scenario may set, and most points one may be worth.
MAX_OBJECTIVES = 20
MAX_OBJECTIVE_POINTS = 10000.0
#: What each kind of objective reads besides id, kind, side, name, points and ends; any other key is refused.
OBJECTIVE_KEYS = {
    "escape": ("ships", "edge"),
    "protect": ("ships", "edge"),
    "take": ("ships",),
    "destroy": ("ships",),
    "hold": ("centre", "radius", "zone", "when"),
}

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
MAX_TRACK = 1000  # points of one track of a damaged ship (her class's figure bounds it first)

#: Coordinates may lie off the table (terrain running off an edge), but not without limit.
Coord = Annotated[float, within(-MAX_TABLE, 2 * MAX_TABLE)]
Compass = Annotated[float, within(0, 360, hi_open=True)]
Spot = Annotated[tuple[Coord, Coord], fixed("[x, y]", 2)]
Length = Annotated[float, within(0, MAX_TABLE, lo_open=True)]
Byte = Annotated[int, within(0, 255)]


class TableSize(Model):
    width: Length
    height: Length


class TerrainPiece(Model):
    id: Slug
    name: Name = ""
    kind: Annotated[str, one_of(TERRAIN_KINDS, "terrain kind")]
    points: Annotated[tuple[Spot, ...], count(3, MAX_POLYGON)]
    #: A shoal's depth, as the rate that feels its way over it (option shoals).
    depth: RateName = ""


Track = Annotated[int, within(0, MAX_TRACK)]


class Condition(Model):
    """A damaged ship's tracks at the start (a ship carried from an earlier battle); a track not given is full."""

    hull: Annotated[int, within(1, MAX_TRACK)] | None = None
    rigging: Track | None = None
    crew: Annotated[int, within(1, MAX_TRACK)] | None = None


class PlacedShip(Model):
    """A ship of a squadron: a class of the ships list, placed; her id is the class's unless she has her own."""

    ship: Name
    #: The name she sails under, if not her class's.
    name: Name = ""
    condition: Condition | None = None
    id: Slug | None = None
    pose: Annotated[tuple[Coord, Coord, Compass], fixed("[x, y, heading]", 3)]
    sail: Annotated[str, one_of(Vocab("sails"), "sail setting")]
    flagship: bool = False
    quality: Quality | None = None
    specials: Annotated[tuple[Special, ...], distinct] = ()
    anchored: Annotated[str, one_of(ANCHOR_ENDS, "anchored end")] = ""


def _manned(ships: Any) -> Any:
    if ships == ():
        raise problem("a squadron needs at least one ship", at_key=True)
    return ships


class SquadronEntry(Model):
    id: Slug
    name: Name
    nation: Nation | None = None
    ships: Annotated[tuple[PlacedShip, ...], BeforeValidator(_manned)]


class BatteryEntry(Model):
    id: Slug
    name: Name
    position: Spot
    guns: Guns
    large_share: Share
    fort: Points
    crew: Points
    quality: Quality
    arc: Annotated[tuple[Compass, Compass], fixed("[from, to]", 2)] | None = None


class SideEntry(Model):
    id: Slug
    name: Name
    nation: Nation
    colour: Annotated[tuple[Byte, Byte, Byte], fixed("[red, green, blue]", 3)]
    squadrons: tuple[SquadronEntry, ...]
    batteries: tuple[BatteryEntry, ...] = ()


def _not_too_many(sides: Any) -> Any:
    """Refuse a scenario too big to check or play before any of it is measured."""
    if not isinstance(sides, tuple):
        return sides
    if len(sides) > MAX_SIDES:
        raise problem(f"at most {MAX_SIDES} sides, got {len(sides)}")
    squadrons = units = 0
    for side in sides:
        if not isinstance(side, dict):
            continue
        if isinstance(side.get("batteries"), tuple):
            units += len(side["batteries"])
        if isinstance(side.get("squadrons"), tuple):
            squadrons += len(side["squadrons"])
            for sq in side["squadrons"]:
                ships = sq.get("ships") if isinstance(sq, dict) else None
                units += len(ships) if isinstance(ships, tuple) else 0
    if squadrons > MAX_SQUADRONS:
        raise problem(f"at most {MAX_SQUADRONS} squadrons, got {squadrons}")
    if units > MAX_SHIPS:
        raise problem(f"at most {MAX_SHIPS} ships and batteries in a scenario, got {units}")
    return sides


class ObjectiveEntry(Model):
    """One aim a side fights for (``victory.objectives``); which keys it reads depends on its kind."""

    id: Slug
    kind: Annotated[str, one_of(OBJECTIVE_KINDS, "objective kind")]
    #: The side it serves: the side that scores it.
    side: Annotated[str, one_of(Vocab("side_ids"), "side id")]
    name: Name = ""
    #: Points it is worth: for each ship that does it (escape, protect, take, destroy), or each time it is held;
    #: an escape without points scores each ship her own value (what ``exit_edges`` does).
    points: Annotated[float, within(0, MAX_OBJECTIVE_POINTS)] | None = None
    ships: Annotated[tuple[Slug, ...], distinct] = ()
    edge: Annotated[str, one_of(EDGES, "table edge")] = ""
    centre: Spot | None = None
    radius: Length | None = None
    zone: Annotated[tuple[Spot, ...], count(3, MAX_POLYGON)] | None = None
    when: Annotated[str, one_of(HOLD_WHEN, "when a zone is scored")] = "end"
    #: The battle ends at once when it is done (every ship it names through, the prize taken, the zone held).
    ends: bool = False


class VictoryTerms(Model):
    mode: Annotated[str, one_of(VICTORY_MODES, "victory mode")] = "points"
    objectives: Annotated[tuple[ObjectiveEntry, ...], count(0, MAX_OBJECTIVES, "objectives")] = ()
    #: Side id -> the edge its ships may leave the table by; the side ids are those the file gives.
    exit_edges: Annotated[
        dict[str, Annotated[str, one_of(EDGES, "table edge")]], keyed(Vocab("side_ids"), "side id", complete=False)
    ] = {}


class ScenarioFile(Model):
    """``data/scenarios/NAME.yaml``; its ships' classes, rates, sails, crew qualities and specials are
    words of the ships list and the rule set."""

    name: Name
    description: Annotated[str, text(max_len=MAX_TEXT, lines=True)]
    #: What really happened (or the real events an invented battle echoes), with sources; shown after the description.
    history: Annotated[str, text(max_len=MAX_TEXT, lines=True)] = ""
    table: TableSize
    wind_from: Compass
    turn_limit: Annotated[int, within(1, MAX_TURNS)]
    terrain: Annotated[tuple[TerrainPiece, ...], count(0, MAX_TERRAIN, "pieces of terrain")] = ()
    sides: Annotated[tuple[SideEntry, ...], BeforeValidator(_not_too_many)]
    victory: VictoryTerms = VictoryTerms()
    options: Annotated[tuple[Annotated[str, text(max_len=MAX_OPTION_TEXT)], ...], count(0, MAX_OPTIONS)] = ()
    #: The turn at whose start the night ends (option visibility=night); without it the night lasts the battle.
    dawn: Annotated[int, within(2, MAX_TURNS)] | None = None


@dataclass
class _Placed:
    id: str
    at: Loc
    line: int
    corners: list[tuple[float, float]]


class _Ids:
    """One namespace of ids (side, squadron, ship/battery, terrain)."""

    def __init__(self, checked: Checked[ScenarioFile], what: str):
        self.checked, self.what = checked, what
        self.seen: dict[str, int] = {}

    def claim(self, value: str | None, loc: Loc, hint: str = "") -> bool:
        """Take ``value`` (read at ``loc``) for one thing; False, after saying so, if another has it."""
        if value is None:
            return False
        if value in self.seen:
            first = self.seen[value]
            self.checked.add(loc, f"duplicate {self.what} id '{value}' (first at line {first}){hint}")
            return False
        self.seen[value] = self.checked.line(loc)
        return True


def read_scenario(ctx: Ctx, root: Node, ships: Mapping[str, ShipClass], rules: RuleSet, sid: str) -> Scenario | None:
    """Build a Scenario from a parsed file; None if any problem was added to ``ctx``."""
    before = ctx.count()
    checked = check(ctx, ScenarioFile, root, {**vocabulary(rules), "side_ids": _side_ids(root)})
    table: TableSize | None = checked.at(("table",))
    size = (table.width, table.height) if table is not None else None
    # Ships are checked against every terrain piece that did load.
    terrain = _check_terrain(checked, size)
    _check_sides(checked, ships, rules, size, terrain)
    for i in checked.entries(("options",)):
        option: str | None = checked.at(("options", i))
        try:
            if option is not None:
                parse_option(rules.system, option)
        except OptionError as e:
            checked.add(("options", i), str(e))
    _check_anchored(checked)
    _check_dawn(checked)
    _check_objectives(checked, size)
    if size is None or checked.model is None or ctx.count() > before:
        return None
    return _build(checked, ships, size, terrain, sid, ctx)


#: The option a ship that starts at anchor needs (her ``anchored:``), and the option and its value that make
#: a night, the only battle with a ``dawn:`` (the editor asks these of the format, not of the rule book).
ANCHORS_OPTION = "anchors"
NIGHT_OPTION = ("visibility", "night")


def _check_anchored(checked: Checked[ScenarioFile]) -> None:
    """A ship may start at anchor only in a scenario played with option anchors."""
    options = [checked.at(("options", i)) for i in checked.entries(("options",))]
    if any(str(o).split("=", 1)[0].strip() == ANCHORS_OPTION for o in options if o is not None):
        return
    for si in checked.entries(("sides",)):
        for qi in checked.entries(("sides", si, "squadrons")):
            for mi in checked.entries(("sides", si, "squadrons", qi, "ships")):
                at = ("sides", si, "squadrons", qi, "ships", mi, "anchored")
                if checked.at(at):
                    checked.add(at, f"she starts at anchor: add '{ANCHORS_OPTION}' to the scenario's options")


def _check_dawn(checked: Checked[ScenarioFile]) -> None:
    """A dawn ends a night: only a scenario fought at night (option visibility=night) has one."""
    dawn = checked.at(("dawn",))
    if dawn is None:
        return
    options = [checked.at(("options", i)) for i in checked.entries(("options",))]
    night = "=".join(NIGHT_OPTION)
    if not any(str(o).replace(" ", "") == night for o in options if o is not None):
        checked.add(("dawn",), f"only a night action has a dawn: add '{night}' to the scenario's options")
    limit = checked.at(("turn_limit",))
    if limit is not None and dawn > limit:
        checked.add(("dawn",), f"turn {dawn} comes after the last turn ({limit})")


def _units(checked: Checked[ScenarioFile]) -> dict[str, str]:
    """Every ship's and battery's id as the file gives it, with the id of her side."""
    out: dict[str, str] = {}
    for si in checked.entries(("sides",)):
        side = checked.at(("sides", si, "id"))
        for qi in checked.entries(("sides", si, "squadrons")):
            for mi in checked.entries(("sides", si, "squadrons", qi, "ships")):
                at = ("sides", si, "squadrons", qi, "ships", mi)
                uid = checked.at((*at, "id")) or checked.at((*at, "ship"))
                if uid is not None and side is not None:
                    out.setdefault(uid, side)
        for bi in checked.entries(("sides", si, "batteries")):
            uid = checked.at(("sides", si, "batteries", bi, "id"))
            if uid is not None and side is not None:
                out.setdefault(uid, side)
    return out


def _check_objectives(checked: Checked[ScenarioFile], size: tuple[float, float] | None) -> None:
    """What each objective names must exist and fit its kind: her own ships to bring off, the enemy's to take."""
    units = _units(checked)
    ids = _Ids(checked, "objective")
    root = ("victory", "objectives")
    found = checked.entries(root)
    if checked.at(("victory", "mode")) == "objectives" and checked.ok(root) and not found:
        checked.add(("victory", "mode"), "a battle won by objectives alone needs at least one objective")
    for i in found:
        at = (*root, i)
        ids.claim(checked.at((*at, "id")), (*at, "id"))
        kind, side = checked.at((*at, "kind")), checked.at((*at, "side"))
        raw = checked.data["victory"]["objectives"][i]
        if kind is None or not isinstance(raw, dict):
            continue
        for key in ("ships", "edge", "centre", "radius", "zone", "when"):
            if key in raw and raw[key] is not None and key not in OBJECTIVE_KEYS[kind]:
                checked.add((*at, key), f"a {kind} objective has no '{key}'", at_key=True)
        if raw.get("points") is None and kind != "escape":
            checked.add(at, f"a {kind} objective needs 'points'", at_key=True)
        if kind in ("protect", "take", "destroy") and not raw.get("ships"):
            checked.add(at, f"a {kind} objective names the ships it is about in 'ships'", at_key=True)
        if kind == "escape" and not raw.get("edge"):
            checked.add(at, "an escape objective names the table edge in 'edge'", at_key=True)
        if kind == "hold":
            _check_zone(checked, at, raw, size)
        for j in checked.entries((*at, "ships")):
            uid = checked.at((*at, "ships", j))
            if uid is None:
                continue
            if uid not in units:
                hint = suggest(uid, list(units))
                checked.add((*at, "ships", j), f"no ship or battery '{uid}' in this scenario{hint}")
            elif side is not None and kind in ("escape", "protect") and units[uid] != side:
                checked.add((*at, "ships", j), f"'{uid}' is of side '{units[uid]}': a side {kind}s its own ships")
            elif side is not None and kind in ("take", "destroy") and units[uid] == side:
                checked.add((*at, "ships", j), f"'{uid}' is of side '{side}' itself: a side {kind}s the enemy's")


def _check_zone(checked: Checked[ScenarioFile], at: Loc, raw: dict[str, Any], size: tuple[float, float] | None) -> None:
    """A zone to hold: a circle (centre and radius) or a polygon (zone), not both, on the table at least in part."""
    circle = raw.get("centre") is not None or raw.get("radius") is not None
    if circle and raw.get("zone") is not None:
        checked.add((*at, "zone"), "give a circle (centre, radius) or a polygon (zone), not both", at_key=True)
        return
    if not circle and raw.get("zone") is None:
        checked.add(at, "a hold objective needs a circle (centre and radius) or a polygon (zone)", at_key=True)
        return
    if circle and (raw.get("centre") is None or raw.get("radius") is None):
        checked.add(at, "a circle needs both 'centre' and 'radius'", at_key=True)
        return
    points = checked.at((*at, "zone"))
    if points is not None:
        why = shapes.polygon_problem(points)
        if why:
            checked.add((*at, "zone"), f"not a simple polygon: {why}")
        elif size is not None and not shapes.overlaps(points, shapes.rect(*size)):
            checked.add((*at, "zone"), f"the zone lies wholly off the {_fmt(size)} table")
    centre = checked.at((*at, "centre"))
    if centre is not None and size is not None and not shapes.inside_rect([centre], *size):
        checked.add((*at, "centre"), f"is not on the {_fmt(size)} table")


def _check_terrain(checked: Checked[ScenarioFile], size: tuple[float, float] | None) -> list[Terrain]:
    """The terrain's ids, depths and polygons; the pieces that loaded."""
    ids = _Ids(checked, "terrain")
    out = []
    for i in checked.entries(("terrain",)):
        at = ("terrain", i)
        good = ids.claim(checked.at((*at, "id")), (*at, "id"))
        kind, depth = checked.at((*at, "kind")), checked.at((*at, "depth"))
        if depth and kind is not None and kind != "shoal":
            checked.add((*at, "depth"), f"only a shoal has a depth, not {kind} terrain")
            good = False
        points = checked.at((*at, "points"))
        if points is not None:
            why = shapes.polygon_problem(points)
            if why:
                checked.add((*at, "points"), f"not a simple polygon: {why}")
                good = False
            elif size is not None and not shapes.overlaps(points, shapes.rect(*size)):
                checked.add((*at, "points"), f"the polygon lies wholly off the {_fmt(size)} table")
                good = False
        piece: TerrainPiece | None = checked.at(at)
        if good and piece is not None:
            out.append(Terrain(id=piece.id, kind=piece.kind, points=piece.points, name=piece.name, depth=piece.depth))
    return out


def _fmt(size: tuple[float, float]) -> str:
    return " x ".join(f"{x:g}" for x in size)


def _check_sides(
    checked: Checked[ScenarioFile],
    ships: Mapping[str, ShipClass],
    rules: RuleSet,
    size: tuple[float, float] | None,
    terrain: list[Terrain],
) -> None:
    """Ids across the scenario, ship classes, and where every ship and battery is placed."""
    side_ids, sq_ids = _Ids(checked, "side"), _Ids(checked, "squadron")
    unit_ids = _Ids(checked, "ship or battery")
    placed: list[_Placed] = []
    sides = checked.entries(("sides",))
    if sides and len(sides) < 2:
        checked.add(("sides",), f"a scenario needs at least 2 sides, got {len(sides)}", at_key=True)
    for si in sides:
        side = ("sides", si)
        side_ids.claim(checked.at((*side, "id")), (*side, "id"))
        for qi in checked.entries((*side, "squadrons")):
            sq = (*side, "squadrons", qi)
            sq_ids.claim(checked.at((*sq, "id")), (*sq, "id"))
            for mi in checked.entries((*sq, "ships")):
                _check_ship(checked, (*sq, "ships", mi), ships, rules, unit_ids, size, terrain, placed)
        for bi in checked.entries((*side, "batteries")):
            at = (*side, "batteries", bi)
            unit_ids.claim(checked.at((*at, "id")), (*at, "id"))
            guns = checked.at((*at, "guns"))
            if guns is not None and (why := rules.broadside_guns_problem(guns)):
                checked.add((*at, "guns"), why)
            spot = checked.at((*at, "position"))
            if spot is not None and size is not None and not shapes.inside_rect([spot], *size):
                checked.add((*at, "position"), f"is not on the {_fmt(size)} table")
        raw = checked.data["sides"][si]
        if isinstance(raw, dict) and raw.get("squadrons") == () and raw.get("batteries") in (None, ()):
            checked.add((*side, "squadrons"), "a side needs at least one squadron or shore battery", at_key=True)
    _check_overlaps(checked, placed)


def _check_ship(
    checked: Checked[ScenarioFile],
    at: Loc,
    ships: Mapping[str, ShipClass],
    rules: RuleSet,
    unit_ids: _Ids,
    size: tuple[float, float] | None,
    terrain: list[Terrain],
    placed: list[_Placed],
) -> None:
    """Her class, her id, and her base on the table."""
    name: str | None = checked.at((*at, "ship"))
    cls = None
    if name is not None:
        cls = ships.get(name)
        if cls is None:
            checked.add((*at, "ship"), f"unknown ship '{name}'{suggest(name, list(ships))}")
    uid: str | None = checked.at((*at, "id"))
    if uid is not None:
        uid = uid if unit_ids.claim(uid, (*at, "id")) else None
    elif checked.ok((*at, "id")):  # the id defaults to the ship's
        uid = name if unit_ids.claim(name, (*at, "ship"), "; give this entry its own 'id'") else None
    if cls is not None:
        _check_condition(checked, at, cls)
    pose = checked.at((*at, "pose"))
    if cls is None or pose is None or uid is None:
        return
    length, width = rules.base_of(cls.rate)
    corners = base_corners(pose, length, width)
    if size is not None and not shapes.inside_rect(corners, *size):
        checked.add((*at, "pose"), f"base of '{uid}' is not wholly on the {_fmt(size)} table")
    box = _bbox(corners)
    for t in terrain:
        if _boxes_meet(box, _bbox(t.points)) and shapes.overlaps(t.points, corners):
            checked.add((*at, "pose"), f"base of '{uid}' overlaps {t.kind} '{t.id}'")
    placed.append(_Placed(uid, (*at, "pose"), checked.line((*at, "pose")), corners))


def _check_condition(checked: Checked[ScenarioFile], at: Loc, cls: ShipClass) -> None:
    """A damaged ship has at most her class's figure on each track: damage cannot add to her."""
    given: Condition | None = checked.at((*at, "condition"))
    if given is None:
        return
    for track in CONDITION_TRACKS:
        left = getattr(given, track)
        full = int(getattr(cls, track))
        if left is not None and left > full:
            checked.add((*at, "condition", track), f"{left} is more than {cls.name}'s {track} of {full}")


def _check_overlaps(checked: Checked[ScenarioFile], placed: list[_Placed]) -> None:
    boxes = [_bbox(p.corners) for p in placed]
    for j, b in enumerate(placed):
        for i, a in enumerate(placed[:j]):
            if _boxes_meet(boxes[i], boxes[j]) and convex_overlap(a.corners, b.corners):
                checked.add(b.at, f"base of '{b.id}' overlaps base of '{a.id}' (line {a.line})")


@functools.lru_cache(maxsize=MAX_TERRAIN * 4)
def _bbox_of(points: tuple[tuple[float, float], ...]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _bbox(points: Iterable[tuple[float, float]]) -> tuple[float, float, float, float]:
    return _bbox_of(tuple(points))


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _side_ids(root: Node) -> list[str] | None:
    """The side ids as written (even if a side has other problems), for checking references to them."""
    sides = root.get("sides")
    if sides is None or sides.kind != "seq":
        return None
    ids = []
    for sn in sides.value:
        idn = sn.get("id")
        if idn is not None and idn.kind == "scalar" and isinstance(idn.value, str):
            ids.append(idn.value.strip())
    return ids


def _build(
    checked: Checked[ScenarioFile],
    ships: Mapping[str, ShipClass],
    size: tuple[float, float],
    terrain: list[Terrain],
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
            squadrons=tuple(
                Squadron(
                    id=sq.id,
                    name=sq.name,
                    nation=sq.nation,
                    ships=tuple(
                        ScenarioShip(
                            id=s.id or s.ship,
                            ship=ships[s.ship],
                            pose=s.pose,
                            sail=s.sail,
                            flagship=s.flagship,
                            quality=s.quality,
                            specials=s.specials,
                            source=where("sides", si, "squadrons", qi, "ships", mi),
                            anchored=s.anchored,
                            name=s.name,
                            condition=_condition(s.condition),
                        )
                        for mi, s in enumerate(sq.ships)
                    ),
                )
                for qi, sq in enumerate(side.squadrons)
            ),
            batteries=tuple(
                ShoreBattery(source=where("sides", si, "batteries", bi), **dict(b))
                for bi, b in enumerate(side.batteries)
            ),
        )
        for si, side in enumerate(sc.sides)
    )
    return Scenario(
        id=sid,
        name=sc.name,
        description=sc.description,
        history=sc.history,
        table=size,
        wind_from=sc.wind_from,
        turn_limit=sc.turn_limit,
        options=sc.options,
        sides=sides,
        terrain=tuple(terrain),
        victory=_terms(sc.victory),
        source=ctx.label,
        extra={"dawn": sc.dawn} if sc.dawn is not None else {},
    )


def _condition(given: Condition | None) -> dict[str, int]:
    if given is None:
        return {}
    return {t: int(v) for t in CONDITION_TRACKS if (v := getattr(given, t)) is not None}


def _terms(victory: VictoryTerms) -> dict[str, Any]:
    """The victory terms as the rule system reads them: each objective without the keys its kind leaves out,
    and no ``objectives`` at all when there are none (so terms on points read as they always did)."""
    out = victory.model_dump()
    aims = [{k: v for k, v in o.items() if v is not None} for o in out.pop("objectives")]
    if aims:
        out["objectives"] = aims
    return out


def load_scenario(path: str | os.PathLike[str], ships: Mapping[str, ShipClass], rules: RuleSet) -> Scenario:
    """Load and check a scenario; raises ContentError listing every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    sc = read_scenario(ctx, root, ships, rules, Path(path).stem) if root is not None else None
    ctx.raise_if_any()
    assert sc is not None
    return sc
