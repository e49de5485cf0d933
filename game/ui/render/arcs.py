"""Firing arcs drawn only as far as they matter: out to the farthest enemy in them, and never off the table.

The rule system hands over a ship's arcs as shapes (each range band a
polygon, game.systems.figures.Shape) reaching as far as her guns can.  Drawn
whole, the long bands of a ship of the line cover most of the table.  Here
they are cut to a circle round her: as far as the farthest enemy any of her
arcs holds, plus a margin, never closer than her shortest band and never
beyond her longest, and cut again at the table's edge.  The cut is drawn
without an edge, so the bands simply fade out where nothing more matters.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

import pygame

from game.systems.figures import Shape
from game.ui.camera import Camera

Point = tuple[float, float]
#: Inches of arc shown beyond the farthest enemy in it.
MARGIN = 4.0
#: How the arcs are toned down from the rule system's colours: fill and edge alpha as shares.
FILL_SHARE, EDGE_SHARE = 1.0, 0.8
#: The toggle showing every ship's arcs tones them down further still.
CROWD_SHARE = 0.55
CIRCLE_SIDES = 72


def inside(poly: Sequence[Point], p: Point) -> bool:
    """Whether ``p`` lies inside the polygon (even-odd rule)."""
    hit = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > p[1]) != (y2 > p[1]):
            x = x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1)
            if x > p[0]:
                hit = not hit
    return hit


def reach(centre: Point, shapes: Sequence[Shape], enemies: Iterable[Sequence[Point]]) -> float:
    """How far out her arcs are worth drawing: to the farthest enemy point in any arc, plus MARGIN,
    between her shortest band's reach and her longest's."""
    polys = [s.points for s in shapes if s.closed and len(s.points) >= 3]
    if not polys:
        return 0.0
    reaches = [max(math.dist(centre, p) for p in poly) for poly in polys]
    longest, shortest = max(reaches), min(reaches)
    boxes = [(min(x for x, _ in poly), min(y for _, y in poly), max(x for x, _ in poly), max(y for _, y in poly))
             for poly in polys]
    far = 0.0
    for pts in enemies:
        for p in pts:
            d = math.dist(centre, p)
            if d <= far or d > longest:
                continue
            if any(b[0] <= p[0] <= b[2] and b[1] <= p[1] <= b[3] and inside(poly, p) for poly, b in zip(polys, boxes,
                                                                                                     strict=True)):
                far = d
    return min(longest, max(shortest, far + MARGIN if far > 0 else shortest))


def clip_region(centre: Point, radius: float, table: tuple[float, float]) -> list[Point]:
    """The circle round her (as a polygon) cut to the table: a convex polygon, counter-clockwise."""
    circle = [(centre[0] + radius * math.cos(2 * math.pi * i / CIRCLE_SIDES),
               centre[1] + radius * math.sin(2 * math.pi * i / CIRCLE_SIDES)) for i in range(CIRCLE_SIDES)]
    w, h = table
    return clip(circle, [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)])


def clip(subject: Sequence[Point], region: Sequence[Point]) -> list[Point]:
    """Sutherland and Hodgman: ``subject`` cut to the convex, counter-clockwise ``region``."""
    out = list(subject)
    n = len(region)
    for i in range(n):
        if not out:
            break
        a, b = region[i], region[(i + 1) % n]
        src, out = out, []
        for j in range(len(src)):
            p, q = src[j - 1], src[j]
            pin, qin = _left(a, b, p), _left(a, b, q)
            if qin:
                if not pin:
                    out.append(_cross(a, b, p, q))
                out.append(q)
            elif pin:
                out.append(_cross(a, b, p, q))
    return out


def _left(a: Point, b: Point, p: Point) -> bool:
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0


def _cross(a: Point, b: Point, p: Point, q: Point) -> Point:
    dx1, dy1 = b[0] - a[0], b[1] - a[1]
    dx2, dy2 = q[0] - p[0], q[1] - p[1]
    den = dx1 * dy2 - dy1 * dx2
    if abs(den) < 1e-12:
        return q
    t = (dx1 * (a[1] - p[1]) - dy1 * (a[0] - p[0])) / den
    return (p[0] + dx2 * t, p[1] + dy2 * t)


def clipped(shapes: Sequence[Shape], region: Sequence[Point]) -> list[tuple[Shape, list[bool]]]:
    """Each shape cut to ``region``, with which of its edges are its own (False: along the cut)."""
    out = []
    for s in shapes:
        if not s.closed or len(s.points) < 3:
            continue
        pts = clip(s.points, region)
        if len(pts) < 3:
            continue
        own = [not (_on_edge(pts[i], region) and _on_edge(pts[(i + 1) % len(pts)], region)) for i in range(len(pts))]
        out.append((replace(s, points=tuple(pts)), own))
    return out


def _on_edge(p: Point, region: Sequence[Point], eps: float = 1e-6) -> bool:
    n = len(region)
    for i in range(n):
        a, b = region[i], region[(i + 1) % n]
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if abs(cross) <= eps * max(1.0, math.dist(a, b)):
            return True
    return False


def cut_arcs(shapes: Sequence[Shape], centre: Point, enemies: Iterable[Sequence[Point]],
             table: tuple[float, float]) -> tuple[float, list[tuple[Shape, list[bool]]]]:
    """Her arcs cut to as far as they matter, in table inches (kept while nothing moves), and that radius."""
    radius = reach(centre, shapes, enemies)
    if radius <= 0:
        return 0.0, []
    return radius, clipped(shapes, clip_region(centre, radius, table))


def paint_arcs(overlay: pygame.Surface, cam: Camera, cut: Sequence[tuple[Shape, list[bool]]],
               share: float = 1.0) -> None:
    """Cut arcs, toned down (``share`` more for the all-arcs toggle), without an edge along the cut."""
    for shape, own in cut:
        pts = cam.points(list(shape.points))
        fill = round(shape.fill * FILL_SHARE * share)
        edge = round(shape.edge * EDGE_SHARE * share)
        if fill:
            pygame.draw.polygon(overlay, (*shape.colour, fill), pts)
        if edge:
            for i, mine in enumerate(own):
                if mine:
                    pygame.draw.line(overlay, (*shape.colour, edge), pts[i], pts[(i + 1) % len(pts)], shape.width)
