"""Gifford's tactical-engagement set-up: a D6 for the wind, a D12 on his table, two fleets placed.

His table is drawn for a hex map with a top and a bottom; ours keeps that:
side A's edge is the south (bottom) one and side B's the north (top) one,
except where both run before the wind (his lines 4 and 8): there the sides
take the pair of edges the wind blows along, or one of them would start
with the wind driving her straight off her own edge.  Everything Gifford
counts in hexes is counted in data/generator.yaml and turned into inches
there.  The dice are the project's own seeded stream, so the same seed and
fleets give the same scenario, byte for byte.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.content.model import RuleSet, Scenario, ShipClass
from game.content.rules import NATIONS
from game.content.scenarios import read_scenario
from game.content.yaml_nodes import ContentError, Ctx, parse_text
from game.fleets.model import Fleet, FleetShip
from game.generate import shore as shore_mod
from game.generate.formation import lay_out
from game.generate.placing import Conditions, Layout, Placed, Side, Squadrons, best, classes, heading_for, put
from game.generate.tables import GeneratorFile, Line, shipped
from game.generate.text import scenario_text, slug
from game.systems import parse_option
from game.systems.base import OptionError
from game.systems.dice import Dice
from game.table.geometry import heading_vector, norm_heading

#: The rule system whose scenarios the generator writes.
SYSTEM = "btq21"
POINTS16 = "N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW".split()


@dataclass(frozen=True)
class Engagement:
    """A rolled engagement: what the dice said, and the scenario file it makes."""

    seed: int
    roll: int  # the D12 (or the line asked for)
    wind_roll: int  # the D6
    wind_from: float
    title: str
    summary: str
    yaml_text: str
    fog: bool = False  # Gifford's fog is played (the option exists and is on)
    rolls: tuple[tuple[str, int], ...] = field(default=())  # every die, in order, for the summary
    sides: tuple[str, ...] = ()  # the scenario's side ids, fleet by fleet
    side_names: tuple[str, ...] = ()

    @property
    def against(self) -> str:
        """'Channel Fleet against Escadre de Brest'."""
        return " against ".join(self.side_names)

    @property
    def stem(self) -> str:
        """The sides' ids, for the file's name."""
        return "_".join(self.sides)

    def scenario(self, ships: Mapping[str, ShipClass], rules: RuleSet) -> Scenario:
        """The scenario the text makes, read as a file is (a ContentError if it were ever wrong)."""
        ctx = Ctx(self.file_name())
        root = parse_text(ctx, self.yaml_text)
        sc = read_scenario(ctx, root, ships, rules, Path(self.file_name()).stem) if root is not None else None
        ctx.raise_if_any()
        assert sc is not None
        return sc

    def file_name(self) -> str:
        return f"engagement_{self.stem}_{self.seed}.yaml"

    def write(self, folder: str | Path) -> Path:
        """Write the scenario into ``folder`` (made if need be); its path."""
        from game.files import write_atomic

        path = Path(folder) / self.file_name()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, self.yaml_text)
        return path


def engagement(
    fleets: tuple[Fleet, Fleet],
    seed: int,
    *,
    roll: int | None = None,
    squadron: tuple[int, int] | None = None,
    conditions: tuple[Conditions, Conditions] | None = None,
    tables: GeneratorFile | None = None,
) -> Engagement:
    """Roll an engagement between two fleets.

    ``roll`` forces a line of the D12 table (the die is still thrown, so the
    other dice fall as they would); ``squadron`` picks the squadron of each
    fleet that fights (Gifford: each player secretly picks one), None for all
    of them; ``conditions`` gives damaged ships' tracks by ship name.
    Raises ValueError for fleets the generator cannot place, ContentError for
    a ship the ships list lacks.
    """
    from game.content.load import load_default

    tab = tables or shipped()
    rules, classes = load_default()
    if roll is not None and not 1 <= roll <= len(tab.lines):
        raise ValueError(f"the table has lines 1 to {len(tab.lines)}, not {roll}")
    dice = Dice.from_seed(seed)
    rolls: list[tuple[str, int]] = []

    def die(sides: int, what: str) -> int:
        face = dice.die(sides)
        rolls.append((what, face))
        return face

    wind_face = die(len(tab.wind_from), "wind")
    table_face = die(len(tab.lines), "table")
    line = tab.lines[(roll or table_face) - 1]
    wind = float(tab.wind_from[wind_face - 1])
    sides = _sides(fleets, squadron, conditions, classes, tab)
    total = sum(len(ships) for s in sides for _n, ships in s.squadrons)
    layout = _LAYOUTS[line.layout](sides, line, wind, rules, tab, die, _table_for(total, tab))
    # the line's name and the seed: the sides' names follow it wherever the scenario's name is shown
    title = f"{line.name}, random engagement {seed}"
    taken = {str(b["id"]) for b in layout.batteries}  # ship and battery ids share one namespace
    summary = _summary(line, wind, wind_face, table_face, roll, layout, rolls)
    text = scenario_text(
        name=title,
        description=summary,
        table=(layout.width, layout.height),
        wind_from=wind,
        turn_limit=tab.turn_limit,
        terrain=layout.terrain,
        sides=[_side_entry(i, s, layout, taken) for i, s in enumerate(sides)],
        options=layout.options,
        header=f"Random engagement: seed {seed}, D6 {wind_face}, D12 {table_face}"
        + (f" (line {roll} asked for)" if roll else ""),
    )
    return Engagement(
        seed,
        line.roll,
        wind_face,
        wind,
        title,
        summary,
        text,
        layout.fog,
        tuple(rolls),
        (sides[0].id, sides[1].id),
        (sides[0].name, sides[1].name),
    )


# -- the sides ---------------------------------------------------------------------------------


def random_fleets(nations: tuple[str, str], budgets: tuple[int, int], seed: int) -> tuple[Fleet, Fleet]:
    """Two fleets mustered at random for an engagement of ``seed``: each its own stream of the seed, so two
    fleets of one nation differ."""
    from game.fleets.muster import random_fleet

    a, b = (random_fleet(SYSTEM, n, p, seed * 2 + k) for k, (n, p) in enumerate(zip(nations, budgets, strict=True)))
    # named by their flags, as a player would call them (the muster's names carry its seed)
    first, second = (f"{n.replace('_', ' ').capitalize()} squadron" for n in nations)
    if second == first:
        second = f"Second {second}"
    return (replace(a, name=first), replace(b, name=second))


def _sides(
    fleets: tuple[Fleet, Fleet],
    squadron: tuple[int, int] | None,
    conditions: tuple[Conditions, Conditions] | None,
    classes: Mapping[str, ShipClass],
    tab: GeneratorFile,
) -> list[Side]:
    out: list[Side] = []
    for k, fleet in enumerate(fleets):
        if fleet.rules != SYSTEM:
            raise ValueError(f"{fleet.name} is a {fleet.rules} fleet: random engagements are for Beat to Quarters")
        if fleet.nation not in NATIONS:
            raise ValueError(f"{fleet.name}: unknown nation {fleet.nation!r}")
        chosen = list(enumerate(fleet.squadrons))
        if squadron is not None:
            pick = squadron[k]
            if not 0 <= pick < len(fleet.squadrons):
                raise ValueError(f"{fleet.name} has squadrons 0 to {len(fleet.squadrons) - 1}, not {pick}")
            chosen = [chosen[pick]]
        squadrons: Squadrons = []
        for _i, sq in chosen:
            ships = []
            for fs in sq.ships:
                cls = classes.get(fs.ship)
                if cls is None:
                    raise ContentError([f"{fleet.name}: {fs.name}: unknown ship '{fs.ship}'"])
                ships.append((fs, cls))
            if ships:
                squadrons.append((sq.name, ships))
        if not squadrons:
            raise ValueError(f"{fleet.name} brings no ships to the engagement")
        base = slug(fleet.nation)
        sid = base if all(s.id != base for s in out) else f"{base}_2"
        colour = tab.colours.get(fleet.nation, tab.other)
        if out and out[0].colour == colour:
            colour = tab.other
        out.append(Side(sid, fleet.name, fleet.nation, colour, squadrons, (conditions or ({}, {}))[k]))
    return out


# -- headings ----------------------------------------------------------------------------------


# -- the table's size --------------------------------------------------------------------------


def _table_for(total: int, tab: GeneratorFile) -> tuple[float, float]:
    for row in tab.tables:
        if total <= row.ships:
            return (row.width, row.height)
    if total > 120:
        raise ValueError(f"{total} ships are more than a scenario holds (120)")
    last = tab.tables[-1]
    return (last.width, last.height)


# -- the layouts: one for each kind of line of the table --------------------------------------


def _fog(
    sides: list[Side], line: Line, wind: float, rules: RuleSet, tab: GeneratorFile, die: Any, least: tuple[float, float]
) -> Layout:
    """Line 1: both sides in line ahead on one course, ``apart`` hexes abeam of each other."""
    att = tab.attitudes[line.attitude]
    h = heading_for(wind, att, 1)
    apart = (line.apart or 1) * tab.inches_per_hex
    ga = lay_out(classes(sides[0]), h, rules, tab.formation, single_line=True)
    gb = lay_out(classes(sides[1]), h, rules, tab.formation, single_line=True)
    fx, fy = heading_vector(h)
    sx, sy = fy * apart, -fx * apart  # B's line lies to starboard of A's
    x0 = min(ga.box[0], gb.box[0] + sx)
    y0 = min(ga.box[1], gb.box[1] + sy)
    x1 = max(ga.box[2], gb.box[2] + sx)
    y1 = max(ga.box[3], gb.box[3] + sy)
    m = tab.margin
    w, hgt = max(least[0], x1 - x0 + 2 * m), max(least[1], y1 - y0 + 2 * m)
    ox, oy = (w - (x1 - x0)) / 2 - x0, (hgt - (y1 - y0)) / 2 - y0  # the pair centred on the table
    placed = put(0, ga, ox + ga.box[0], oy + ga.box[1], att.sail)
    placed += put(1, gb, ox + gb.box[0] + sx, oy + gb.box[1] + sy, att.sail)
    known = _option_known(tab.fog_option)
    words = f'Fog. Both sides in line ahead {att.words}, {line.apart} hexes ({apart:g}") apart.' + (
        f" The fog is played (option {tab.fog_option})."
        if known
        else f" Quarterdeck does not model the fog (Beat to Quarters has no option {tab.fog_option}):"
        " the lines only start close."
    )
    return Layout(w, hgt, placed, words, options=[tab.fog_option] if known else [], fog=known)


def _corners(
    sides: list[Side], line: Line, wind: float, rules: RuleSet, tab: GeneratorFile, die: Any, least: tuple[float, float]
) -> Layout:
    """Lines 2, 6, 10: each side in a corner of its own edge, sailing into the table."""
    att = tab.attitudes[line.attitude]
    w, hgt = least
    m = tab.margin
    # The two sides take opposite corners (west and east), the pair that sails most into the table.
    options: list[tuple[float, list[tuple[str, float]]]] = []
    for corners in (("west", "east"), ("east", "west")):
        total, picks = 0.0, []
        for k, corner in enumerate(corners):
            x, y = (0.0 if corner == "west" else w), (0.0 if k == 0 else hgt)
            toward = (w / 2 - x, hgt / 2 - y)
            size = math.hypot(*toward)
            h = best(wind, att, (toward[0] / size, toward[1] / size))
            fx, fy = heading_vector(h)
            total += (fx * toward[0] + fy * toward[1]) / size
            picks.append((corner, h))
        options.append((total, picks))
    picks = max(options, key=lambda o: o[0])[1]  # the first on a tie
    groups = [lay_out(classes(s), h, rules, tab.formation) for s, (_c, h) in zip(sides, picks, strict=True)]
    w = max(w, max(g.width for g in groups) + 2 * m)
    hgt = max(hgt, groups[0].height + groups[1].height + 2 * m + tab.inches_per_hex)
    placed: list[Placed] = []
    names = []
    for k, (g, (corner, _h)) in enumerate(zip(groups, picks, strict=True)):
        x = m if corner == "west" else w - m - g.width
        y = m if k == 0 else hgt - m - g.height
        placed += put(k, g, x, y, att.sail)
        names.append(f"{sides[k].name} in the {'south' if k == 0 else 'north'}-{corner} corner")
    area = (line.area or 1) * tab.inches_per_hex
    words = (
        f'Each side in a corner of its own edge, within {line.area} hexes ({area:g}"), {att.words}: '
        + "; ".join(names)
        + "."
    )
    return Layout(w, hgt, placed, words)


def _apart(
    sides: list[Side], line: Line, wind: float, rules: RuleSet, tab: GeneratorFile, die: Any, least: tuple[float, float]
) -> Layout:
    """Lines 3, 5, 7, 9: one side at the top edge, the other's nearest ship ``apart`` hexes south of it."""
    top = 0 if line.top == "a" else 1
    other = 1 - top
    att, oatt = tab.attitudes[line.attitude], tab.attitudes[line.other_attitude or line.attitude]
    gt = lay_out(classes(sides[top]), best(wind, att, (0.0, -1.0)), rules, tab.formation)
    go = lay_out(classes(sides[other]), best(wind, oatt, (0.0, 1.0)), rules, tab.formation)
    apart = (line.apart or 1) * tab.inches_per_hex
    m = tab.margin
    w = max(least[0], max(gt.width, go.width) + 2 * m)
    hgt = max(least[1], gt.height + apart + go.height + 2 * m)
    yt = hgt - m - gt.height
    yo = yt - apart - go.height
    placed = put(top, gt, (w - gt.width) / 2, yt, att.sail)
    placed += put(other, go, (w - go.width) / 2, yo, oatt.sail)
    words = (
        f"{sides[top].name} {att.words} at the top (north) edge; {sides[other].name}'s nearest ship "
        f'{line.apart} hexes ({apart:g}") to the south, {oatt.words}.'
    )
    return Layout(w, hgt, placed, words)


def _edges(
    sides: list[Side], line: Line, wind: float, rules: RuleSet, tab: GeneratorFile, die: Any, least: tuple[float, float]
) -> Layout:
    """Lines 4, 8: each side within ``area`` hexes of its own edge, of the pair the wind blows along."""
    att = tab.attitudes[line.attitude]
    wx, wy = heading_vector(wind)  # towards where the wind comes from
    north_south = abs(wx) >= abs(wy)  # the wind blows along the north and south edges
    toward = [(0.0, 1.0), (0.0, -1.0)] if north_south else [(1.0, 0.0), (-1.0, 0.0)]
    groups = [lay_out(classes(s), best(wind, att, t), rules, tab.formation) for s, t in zip(sides, toward, strict=True)]
    m, area = tab.margin, (line.area or 1) * tab.inches_per_hex
    placed: list[Placed] = []
    w, hgt = least
    if north_south:
        w = max(w, max(g.width for g in groups) + 2 * m)
        hgt = max(hgt, groups[0].height + groups[1].height + 2 * m + 3 * tab.inches_per_hex)
        for k, g in enumerate(groups):
            x = w - m - g.width if wx > 0 else m  # at the windward end, with the length of the edge to run
            y = m + tab.inches_per_hex if k == 0 else hgt - m - tab.inches_per_hex - g.height
            placed += put(k, g, x, y, att.sail)
        edges = ("south", "north")
    else:
        w = max(w, groups[0].width + groups[1].width + 2 * m + 3 * tab.inches_per_hex)
        hgt = max(hgt, max(g.height for g in groups) + 2 * m)
        for k, g in enumerate(groups):
            y = hgt - m - g.height if wy > 0 else m
            x = m + tab.inches_per_hex if k == 0 else w - m - tab.inches_per_hex - g.width
            placed += put(k, g, x, y, att.sail)
        edges = ("west", "east")
    words = (
        f'Each side within {line.area} hexes ({area:g}") of its own edge, {att.words}: '
        f"{sides[0].name} on the {edges[0]}, {sides[1].name} on the {edges[1]} (the edges the wind blows along)."
    )
    return Layout(w, hgt, placed, words)


def _shore(
    sides: list[Side], line: Line, wind: float, rules: RuleSet, tab: GeneratorFile, die: Any, least: tuple[float, float]
) -> Layout:
    """Lines 11, 12: one side's shoreline, port and batteries; its ships off the shore, the other's at sea."""
    return shore_mod.shore_layout(sides, line, wind, rules, tab, die, least)


_LAYOUTS = {"fog": _fog, "corners": _corners, "apart": _apart, "edges": _edges, "shore": _shore}


def _option_known(option: str) -> bool:
    """Whether Beat to Quarters has the option (another piece of work may add it)."""
    try:
        parse_option(SYSTEM, option)
    except OptionError:
        return False
    return True


# -- the file ----------------------------------------------------------------------------------


def _side_entry(k: int, side: Side, layout: Layout, taken: set[str]) -> dict[str, Any]:
    mine = [p for p in layout.placed if p.side == k]
    squadrons = []
    for q, (name, ships) in enumerate(side.squadrons):
        here = sorted((p for p in mine if p.member.squadron == q), key=lambda p: p.member.index)
        biggest = max(range(len(ships)), key=lambda i: (ships[i][1].guns, -i))
        entries = []
        for p in here:
            fs, cls = ships[p.member.index]
            entries.append(_ship_entry(fs, cls, p, p.member.index == biggest, side.conditions, taken))
        squadrons.append({"id": f"{side.id}_{q + 1}", "name": name, "ships": entries})
    out: dict[str, Any] = {
        "id": side.id,
        "name": side.name,
        "nation": side.nation,
        "colour": list(side.colour),
        "squadrons": squadrons,
    }
    batteries = [b for b in layout.batteries if b["side"] == k]
    if batteries:
        out["batteries"] = [{key: v for key, v in b.items() if key != "side"} for b in batteries]
    return out


def _ship_entry(
    fs: FleetShip, cls: ShipClass, p: Placed, flagship: bool, conditions: Conditions, taken: set[str]
) -> dict[str, Any]:
    entry: dict[str, Any] = {"ship": cls.id}
    base = slug(fs.name) or cls.id
    uid, n = base, 2
    while uid in taken:
        uid, n = f"{base}_{n}", n + 1
    taken.add(uid)
    entry["id"] = uid
    if fs.name and fs.name != cls.name:
        entry["name"] = fs.name
    x, y, h = p.pose
    entry["pose"] = [_num(x), _num(y), _num(norm_heading(h))]
    entry["sail"] = p.sail
    if flagship:
        entry["flagship"] = True
    if fs.quality:
        entry["quality"] = fs.quality
    cond = conditions.get(fs.name)
    if cond:
        entry["condition"] = {t: int(v) for t, v in cond.items()}
    if p.anchored:
        entry["anchored"] = p.anchored
    return entry


def _num(v: float) -> float | int:
    r = round(v, 1)
    return int(r) if r == int(r) else r


def compass(bearing: float) -> str:
    return POINTS16[int((norm_heading(bearing) + 11.25) // 22.5) % 16]


def _summary(
    line: Line,
    wind: float,
    wind_face: int,
    table_face: int,
    roll: int | None,
    layout: Layout,
    rolls: Sequence[tuple[str, int]],
) -> str:
    asked = f" (line {roll} asked for; the D12 showed {table_face})" if roll else ""
    return (
        f"Wind from the {compass(wind)} ({wind:g} degrees; D6 {wind_face}). "
        f"Gifford's table, line {line.roll}{asked}: {layout.words}"
    )
