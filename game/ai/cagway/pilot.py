"""Pilotage for the scripted player: how far a place is by sea, going round the islands.

A straight line to the goal runs through islands; a ship steering by it
sails into the lee of the first rock in the way and stays there.  The pilot
knows a chart of waypoints a little off every island's corners (far enough
off for a ship to pass), which waypoints see which (a line between them runs
through no island), and, for a goal, the length of the shortest way from
each waypoint to it.  The distance from any place is then the shortest of
"straight to the goal if nothing is in the way, else to a waypoint in sight
and on from there", and the way to steer is towards the first point of it.

The chart of an island group is made once and kept (islands never move); a
goal costs one shortest-path search over a few dozen waypoints.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.systems.cagway.board import segment_enters
from game.systems.cagway.state import GameState
from game.table.geometry import Point, bearing
from game.table.terrain import decompose

#: How far off an island's corner its waypoint lies (inches): room for a ship's half length and more.
OFFING = 1.8
#: Islands are swollen by this much (inches) when asking whether a line clears them.
CLEARANCE = 0.4


@dataclass(frozen=True)
class _Chart:
    points: tuple[Point, ...]
    #: Convex pieces of the swollen islands, each with its island's id.
    pieces: tuple[tuple[str, tuple[Point, ...]], ...]
    #: For each waypoint, (other waypoint, distance) in sight of it.
    links: tuple[tuple[tuple[int, float], ...], ...]


_CHARTS: dict[tuple[object, ...], _Chart] = {}


def _swell(points: Sequence[Point], by: float) -> list[Point]:
    """Each corner pushed out by ``by`` along the bisector of its corner (outwards from the middle)."""
    n = len(points)
    cx = sum(p[0] for p in points) / n
    cy = sum(p[1] for p in points) / n
    out = []
    for i, p in enumerate(points):
        a, b = points[i - 1], points[(i + 1) % n]
        ux, uy = _unit(p[0] - a[0], p[1] - a[1])
        vx, vy = _unit(p[0] - b[0], p[1] - b[1])
        bx, by_ = _unit(ux + vx, uy + vy)
        if bx == 0.0 and by_ == 0.0:
            bx, by_ = _unit(p[0] - cx, p[1] - cy)
        if (p[0] - cx) * bx + (p[1] - cy) * by_ < 0:  # a reflex corner: push it away from the middle all the same
            bx, by_ = _unit(p[0] - cx, p[1] - cy)
        out.append((p[0] + bx * by, p[1] + by_ * by))
    return out


def _unit(x: float, y: float) -> tuple[float, float]:
    n = math.hypot(x, y)
    return (0.0, 0.0) if n < 1e-12 else (x / n, y / n)


def _chart(view: GameState) -> _Chart:
    terrain = tuple(view.scenario.terrain) if view.scenario is not None else ()
    key: tuple[object, ...] = (view.table_width, view.table_height, *((t.id, tuple(t.points)) for t in terrain))
    chart = _CHARTS.get(key)
    if chart is not None:
        return chart
    pieces: list[tuple[str, tuple[Point, ...]]] = []
    points: list[Point] = []
    for t in terrain:
        outline = [(float(x), float(y)) for x, y in t.points]
        try:
            for piece in decompose(_swell(outline, CLEARANCE)):
                pieces.append((t.id, tuple(piece)))
        except ValueError:
            continue
        for p in _swell(outline, OFFING):
            if 0.0 < p[0] < view.table_width and 0.0 < p[1] < view.table_height:
                points.append(p)
    links: list[list[tuple[int, float]]] = [[] for _ in points]
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            if _clear(pieces, points[i], points[j]):
                d = math.dist(points[i], points[j])
                links[i].append((j, d))
                links[j].append((i, d))
    chart = _Chart(tuple(points), tuple(pieces), tuple(tuple(x) for x in links))
    _CHARTS[key] = chart
    return chart


def _clear(pieces: Sequence[tuple[str, Sequence[Point]]], a: Point, b: Point, ignore: str = "") -> bool:
    return not any(tid != ignore and segment_enters(a, b, piece) for tid, piece in pieces)


class Pilot:
    """Distances by sea to one goal (a point, or the outline of an island) from anywhere on the table."""

    def __init__(self, view: GameState, goals: Sequence[Point], island: str = "") -> None:
        self.chart = _chart(view)
        #: The goal's island (its own outline never hides it from a ship).
        self.island = island
        self.goals = tuple(goals)
        pts = self.chart.points
        # The shortest way from each waypoint to the goal (Dijkstra from the goal's points).
        dist = [math.inf] * len(pts)
        heap: list[tuple[float, int]] = []
        for i, p in enumerate(pts):
            d = self._direct(p)
            if d < dist[i]:
                dist[i] = d
                heapq.heappush(heap, (d, i))
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist[i]:
                continue
            for j, step in self.chart.links[i]:
                if d + step < dist[j] - 1e-12:
                    dist[j] = d + step
                    heapq.heappush(heap, (dist[j], j))
        self.dist = dist

    def _direct(self, p: Point) -> float:
        """Straight to the nearest goal point in sight (infinite if none is)."""
        best = math.inf
        for g in self.goals:
            d = math.dist(p, g)
            if d < best and _clear(self.chart.pieces, p, g, ignore=self.island):
                best = d
        return best

    def way(self, p: Point) -> tuple[float, Point]:
        """(distance by sea, the first point to steer for) from ``p``; straight at the goal when no way is found."""
        best, first = self._direct(p), None
        if math.isfinite(best):
            first = min(self.goals, key=lambda g: math.dist(p, g))
        # Waypoints by the length of the way through them: the first in sight is the shortest way.
        ways = sorted(
            (math.dist(p, q) + self.dist[i], i) for i, q in enumerate(self.chart.points) if math.isfinite(self.dist[i])
        )
        for d, i in ways:
            if d >= best - 1e-9:
                break
            q = self.chart.points[i]
            if _clear(self.chart.pieces, p, q):
                best, first = d, q
                break
        if first is None:
            g = min(self.goals, key=lambda g: math.dist(p, g))
            return math.dist(p, g), g
        return best, first

    def steer(self, p: Point) -> float:
        """The compass bearing to steer from ``p``."""
        return bearing(p, self.way(p)[1])


_ISLAND_PILOTS: dict[tuple[int, str], Pilot] = {}


def to_island(view: GameState, island: str) -> Pilot | None:
    """The pilot for reaching an island (kept: islands never move); None if there is no such island."""
    key = (id(_chart(view)), island)
    pilot = _ISLAND_PILOTS.get(key)
    if pilot is None:
        goals = island_goals(view, island)
        if not goals:
            return None
        pilot = Pilot(view, goals, island)
        _ISLAND_PILOTS[key] = pilot
    return pilot


def island_goals(view: GameState, island: str) -> list[Point]:
    """Points round an island's outline (corners and the middles of its sides) that a ship reaching it touches."""
    for t in view.scenario.terrain if view.scenario is not None else ():
        if t.id == island:
            pts = [(float(x), float(y)) for x, y in t.points]
            out = []
            for i, p in enumerate(pts):
                q = pts[(i + 1) % len(pts)]
                out += [p, ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0)]
            return [(x, y) for x, y in out if 0.0 <= x <= view.table_width and 0.0 <= y <= view.table_height]
    return []
