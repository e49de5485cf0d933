"""A small picture of a scenario's table, for the menu's scenario chooser.

The player picks a battle by its look as much as by its name: where the land
lies, who starts where and where the wind blows from.  Everything is drawn to
scale (sea, table edge, terrain, each ship's base in its side's colour and
pointing along its heading, batteries as dots) except that bases are kept a
few pixels long so they stay visible on a small picture.

Pure drawing on a new Surface (no display needed beyond pygame being
importable); pictures are cached by (scenario id, size) because the menu asks
for the same one every time the selection is redrawn.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.table.geometry import heading_vector
from game.ui import palette as P

#: Base length and width (inches) used when no rule set is at hand.
_FALLBACK_BASE = (2.5, 0.9)
_MIN_LENGTH_PX = 12.0
_MIN_WIDTH_PX = 5.0
_CACHE_SIZE = 32

_TERRAIN = {"island": (P.ISLAND, P.ISLAND_EDGE), "coast": (P.COAST, P.ISLAND_EDGE), "shoal": (P.SHOAL, P.GRID)}
_BACKGROUND = (14, 22, 32)
_OUTLINE = (12, 12, 14)
_WIND = (236, 232, 220)

_cache: OrderedDict[tuple[str, tuple[int, int]], tuple[object, pygame.Surface]] = OrderedDict()


def scenario_thumbnail(scenario, size: tuple[int, int], rules=None, poses=None) -> pygame.Surface:
    """The scenario's table drawn to fit ``size`` (pixels), aspect kept, centred on a dark ground.

    ``rules`` gives the real base sizes; without it the shipped rule set is
    used if it loads, otherwise a middling base.  ``poses`` (ship id -> x, y,
    heading, on the table) draws the ships where a battle left them instead of
    where the scenario sets them (a ship off the table is left out); such a
    picture is not cached.  A cached surface is shared: blit or copy it, don't
    draw on it.
    """
    size = (max(1, int(size[0])), max(1, int(size[1])))
    if poses is not None:
        return _render(scenario, size, _bases(rules), poses)
    key = (scenario.id, size)
    hit = _cache.get(key)
    # Same id but a different scenario (a test's sample, an edited file) must not get the old picture.
    if hit is not None and (hit[0] is scenario or hit[0] == scenario):
        _cache.move_to_end(key)
        return hit[1]
    surf = _render(scenario, size, _bases(rules))
    _cache[key] = (scenario, surf)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return surf


def clear_cache() -> None:
    _cache.clear()


def _bases(rules):
    """A function rate -> (length, width) in inches."""
    if rules is None:
        try:
            from game.content.load import load_default

            rules, _ = load_default()
        except Exception:  # a broken data folder must not stop the menu from drawing
            rules = None

    def base(rate: str) -> tuple[float, float]:
        try:
            return rules.base_of(rate) if rules is not None else _FALLBACK_BASE
        except (KeyError, AttributeError):
            return _FALLBACK_BASE

    return base


def _render(scenario, size: tuple[int, int], base_of, poses=None) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(_BACKGROUND)
    tw, th = (max(1e-6, float(v)) for v in scenario.table)
    margin = max(3, min(w, h) // 20)
    scale = max(1e-6, min((w - 2 * margin) / tw, (h - 2 * margin) / th))
    ox = (w - tw * scale) / 2
    oy = (h - th * scale) / 2

    def px(x: float, y: float) -> tuple[float, float]:
        return (ox + x * scale, oy + (th - y) * scale)  # y north on the table, down on the screen

    table = pygame.Rect(round(ox), round(oy), round(tw * scale), round(th * scale))
    pygame.draw.rect(surf, P.SEA, table)
    _grid(surf, px, tw, th, scale)
    for t in scenario.terrain:
        fill, edge = _TERRAIN.get(t.kind, (P.ISLAND, P.ISLAND_EDGE))
        pts = [px(x, y) for x, y in t.points]
        if len(pts) >= 3:
            pygame.draw.polygon(surf, fill, pts)
            pygame.draw.polygon(surf, edge, pts, 1)
    pygame.draw.rect(surf, P.TABLE_EDGE, table.inflate(2, 2), 2)

    marks: list[tuple[float, float]] = []  # where ships and batteries stand, so the wind arrow avoids them
    for side in scenario.sides:
        colour = tuple(side.colour)
        for bat in side.batteries:
            c = px(*bat.position)
            r = max(3, round(scale * 0.8))
            pygame.draw.circle(surf, _OUTLINE, c, r + 1)
            pygame.draw.circle(surf, colour, c, r)
            marks.append(c)
        for sq in side.squadrons:
            for s in sq.ships:
                pose = s.pose
                if poses is not None:
                    if s.id not in poses or not poses[s.id][3]:
                        continue  # sunk, run off the table or otherwise gone
                    pose = tuple(poses[s.id][:3])
                length, width = getattr(scenario, "extra", {}).get("bases", {}).get(s.ship.rate) or base_of(s.ship.rate)
                _ship(surf, px, pose, length, width, scale, colour)
                marks.append(px(pose[0], pose[1]))
    for t in scenario.terrain:
        marks.extend(px(x, y) for x, y in t.points)

    _wind_arrow(surf, scenario.wind_from, table, marks)
    return surf


def _grid(surf: pygame.Surface, px, tw: float, th: float, scale: float) -> None:
    """Faint lines a foot apart, so distances can be judged at a glance."""
    step = 12.0
    if step * scale < 12:
        return
    x = step
    while x < tw - 1e-6:
        pygame.draw.line(surf, P.GRID, px(x, 0), px(x, th))
        x += step
    y = step
    while y < th - 1e-6:
        pygame.draw.line(surf, P.GRID, px(0, y), px(tw, y))
        y += step


def _ship(surf: pygame.Surface, px, pose, length: float, width: float, scale: float, colour) -> None:
    """A base with a pointed bow, so the heading reads even at a few pixels."""
    x, y, heading = pose
    hl = max(length * scale, _MIN_LENGTH_PX) / 2 / scale
    hw = max(width * scale, _MIN_WIDTH_PX) / 2 / scale
    fx, fy = heading_vector(heading)
    lx, ly = -fy, fx  # port
    shape = [(hl, 0.0), (hl * 0.45, hw), (-hl, hw), (-hl, -hw), (hl * 0.45, -hw)]
    pts = [px(x + fx * a + lx * c, y + fy * a + ly * c) for a, c in shape]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, _OUTLINE, pts, 1)


def _wind_arrow(surf: pygame.Surface, wind_from: float, table: pygame.Rect, marks) -> None:
    """An arrow pointing where the wind blows to, in the corner of the table with least on it."""
    r = max(6, min(table.w, table.h) // 9)
    corners = [
        (table.right - r - 6, table.top + r + 6),
        (table.left + r + 6, table.top + r + 6),
        (table.right - r - 6, table.bottom - r - 6),
        (table.left + r + 6, table.bottom - r - 6),
    ]

    def crowding(corner: tuple[float, float]) -> int:
        reach = (r * 1.6) ** 2
        return sum(1 for x, y in marks if (x - corner[0]) ** 2 + (y - corner[1]) ** 2 < reach)

    cx, cy = min(corners, key=crowding)  # first of the emptiest: top right when all are clear
    disc = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(disc, (0, 0, 0, 110), (r + 1, r + 1), r)
    surf.blit(disc, (cx - r - 1, cy - r - 1))
    a = math.radians(wind_from + 180.0)  # blowing towards
    dx, dy = math.sin(a), -math.cos(a)  # screen y points down
    tail = (cx - dx * r * 0.75, cy - dy * r * 0.75)
    tip = (cx + dx * r * 0.75, cy + dy * r * 0.75)
    pygame.draw.line(surf, _WIND, tail, tip, max(1, r // 6))
    head = r * 0.45
    nx, ny = -dy, dx
    back = (tip[0] - dx * head, tip[1] - dy * head)
    barb = head * 0.55
    left = (back[0] + nx * barb, back[1] + ny * barb)
    right = (back[0] - nx * barb, back[1] - ny * barb)
    pygame.draw.polygon(surf, _WIND, [tip, left, right])
