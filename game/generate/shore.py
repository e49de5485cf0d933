"""Gifford's lines 11 and 12: a side fights off its own shore, under its batteries.

A D4 picks the edge.  The shoreline is drawn with dice between the least and
most depth the data gives, with a bay cut into it for the port; the batteries
stand along it (the heaviest at the port's headlands), their guns bearing
over the open sea.  The shore side's ships lie off the shore, at anchor by the
bow if a D6 says so (anchors is switched on either way, so a ship can anchor
later); the other side comes in from the opposite edge.

Everything is drawn along one edge, in (along, in-from-the-edge) coordinates,
then turned onto the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.content.model import RuleSet
from game.generate.formation import Group, lay_out
from game.generate.placing import Layout, Placed, Side, best, classes, put
from game.generate.tables import GeneratorFile, Line
from game.table.geometry import heading_vector, norm_heading

#: The D4's faces: the edge the shore lies along, and the bearing of the open sea from it.
EDGES = ("north", "east", "south", "west")
SEAWARD = {"north": 180.0, "east": 270.0, "south": 0.0, "west": 90.0}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
ANCHOR_END = "bow"

Die = Callable[[int, str], int]


def shore_layout(
    sides: list[Side],
    line: Line,
    wind: float,
    rules: RuleSet,
    tab: GeneratorFile,
    die: Die,
    least: tuple[float, float],
) -> Layout:
    hx = tab.inches_per_hex
    home = 0 if line.top == "a" else 1
    away = 1 - home
    edge = EDGES[die(len(EDGES), "shore edge") - 1]
    lengthwise = edge in ("north", "south")  # the edge runs east-west
    sea = SEAWARD[edge]
    landward = _unit(norm_heading(sea + 180.0))
    along = _unit(90.0) if lengthwise else _unit(0.0)
    att = tab.attitudes[line.attitude]
    anchor_roll = die(6, "anchors")
    anchored = anchor_roll >= tab.shore.anchor_on
    if anchored:  # a ship at anchor by the bow lies head to wind
        home_group = lay_out(classes(sides[home]), norm_heading(wind), rules, tab.formation)
    else:
        home_group = lay_out(classes(sides[home]), best(wind, att, along, along=True), rules, tab.formation)
    away_group = lay_out(classes(sides[away]), best(wind, att, landward), rules, tab.formation)

    def extent(g: Group) -> tuple[float, float]:  # (along the edge, in from it)
        return (g.width, g.height) if lengthwise else (g.height, g.width)

    lo, hi = tab.shore.depth[0] * hx, tab.shore.depth[1] * hx
    m = tab.margin
    (hu, hv), (au, av) = extent(home_group), extent(away_group)
    length0, depth0 = least if lengthwise else (least[1], least[0])
    length = max(length0, hu + 2 * m, au + 2 * m, tab.shore.port_width + 4 * tab.shore.step)
    depth = max(depth0, hi + m + hv + 2 * hx + av + m)
    width, height = (length, depth) if lengthwise else (depth, length)

    def to_table(u: float, v: float) -> tuple[float, float]:
        if edge == "south":
            return (u, v)
        if edge == "north":
            return (u, height - v)
        if edge == "west":
            return (v, u)
        return (width - v, u)

    def box_corner(u0: float, v0: float, eu: float, ev: float) -> tuple[float, float]:
        """The table's lower-left corner of a box lying over [u0, u0+eu] x [v0, v0+ev]."""
        xs = [to_table(u, v)[0] for u in (u0, u0 + eu) for v in (v0, v0 + ev)]
        ys = [to_table(u, v)[1] for u in (u0, u0 + eu) for v in (v0, v0 + ev)]
        return (min(xs), min(ys))

    coast, port, headlands, shoreline = _coastline(length, lo, hi, tab, die)
    terrain = [
        {
            "id": "shore",
            "name": f"The coast of the {sides[home].name}",
            "kind": "coast",
            "points": [[_num(c) for c in to_table(u, v)] for u, v in coast],
        }
    ]
    batteries = _batteries(home, headlands, shoreline, tab, die, to_table, sea)
    u_home = min(max(port - hu / 2, m), length - m - hu)
    placed: list[Placed] = put(
        home,
        home_group,
        *box_corner(u_home, hi + m, hu, hv),
        tab.attitudes["D"].sail if anchored and "D" in tab.attitudes else att.sail,
        ANCHOR_END if anchored else "",
    )
    placed += put(away, away_group, *box_corner((length - au) / 2, depth - m - av, au, av), att.sail)
    kinds = ", ".join(str(b["name"]).lower() for b in batteries)
    area, off = (line.area or 1) * hx, (line.away or 1) * hx
    words = (
        f"The shore of the {sides[home].name} runs along the {edge} edge, with a port in a bay and "
        f"{len(batteries)} shore batter{'y' if len(batteries) == 1 else 'ies'} ({kinds}). Its ships lie within "
        f'{line.area} hexes ({area:g}") of the shore, '
        + ("at anchor by the bow" if anchored else att.words)
        + f" (D6 {anchor_roll}: {tab.shore.anchor_on}+ anchors them); the {sides[away].name} come in within "
        f'{line.away} hexes ({off:g}") of the {OPPOSITE[edge]} edge, {att.words}.'
    )
    return Layout(width, height, placed, words, terrain, batteries, ["anchors"])


def _unit(bearing: float) -> tuple[float, float]:
    return heading_vector(bearing)


def _coastline(
    length: float, lo: float, hi: float, tab: GeneratorFile, die: Die
) -> tuple[list[tuple[float, float]], float, list[tuple[float, float]], list[tuple[float, float]]]:
    """The coast polygon, the port's place along the edge, its two headlands, and the shoreline's corners."""
    step, half = tab.shore.step, tab.shore.port_width / 2
    span = int(hi - lo)

    def depth() -> float:
        return lo + die(span + 1, "shore") - 1 if span > 0 else lo

    third = max(1, int(length / 3))
    port = length / 3 + die(third, "port") - 1  # in the middle third of the shore
    u1, u2 = port - half, port + half
    d1, d2 = depth(), depth()
    floor = max(1.0, min(d1, d2) - tab.shore.port_depth * tab.inches_per_hex)
    shoreline: list[tuple[float, float]] = []
    u = 0.0
    while u <= length + 1e-9:
        if u < u1 - 1.0 or u > u2 + 1.0:
            shoreline.append((u, depth()))
        if u < u1 <= u + step or (u == 0.0 and u1 <= 0.0):
            shoreline += [(u1, d1), (u1 + 1.0, floor), (u2 - 1.0, floor), (u2, d2)]
        u += step
    if shoreline[-1][0] < length:
        shoreline.append((length, depth()))
    coast = [(0.0, 0.0), *shoreline, (length, 0.0)]
    return coast, port, [(u1, d1), (u2, d2)], shoreline


def _batteries(
    home: int,
    headlands: list[tuple[float, float]],
    shoreline: list[tuple[float, float]],
    tab: GeneratorFile,
    die: Die,
    to_table: Callable[[float, float], tuple[float, float]],
    sea: float,
) -> list[dict[str, Any]]:
    """D3 batteries: the first two on the port's headlands, the next on the shore away from it."""
    count = min(die(tab.shore.battery_dice, "batteries"), len(tab.shore.batteries))
    spots = list(headlands)
    bay = (headlands[0][0] - tab.shore.port_width, headlands[1][0] + tab.shore.port_width)
    open_shore = [p for p in shoreline[1:-1] if not bay[0] <= p[0] <= bay[1]]
    while len(spots) < count and open_shore:
        spots.append(open_shore.pop(die(len(open_shore), "battery place") - 1))
    half = tab.shore.arc / 2
    out = []
    for n in range(min(count, len(spots))):
        kind = tab.shore.batteries[n]
        u, v = spots[n]
        x, y = to_table(u, max(0.5, v - 1.0))  # a little inland of the shoreline
        entry: dict[str, Any] = {
            "side": home,
            "id": f"battery_{n + 1}",
            "name": f"{kind.kind.capitalize()} battery",
            "position": [_num(x), _num(y)],
            "guns": kind.guns,
            "large_share": kind.large_share,
            "fort": kind.fort,
            "crew": kind.crew,
            "quality": kind.quality,
        }
        if half < 180:
            entry["arc"] = [_num(norm_heading(sea - half)), _num(norm_heading(sea + half))]
        out.append(entry)
    return out


def _num(v: float) -> float | int:
    r = round(float(v), 1)
    return int(r) if r == int(r) else r
