"""The sea, the table's edge, the grid, islands and coast; scale bar, compass and wind.

The sea layer depends only on the camera and the scenario, so it is drawn
into a cached surface and blitted while the camera stands still.
"""

from __future__ import annotations

import math

import pygame

from game.ui import palette as P
from game.ui.camera import Camera
from game.ui.fonts import blit_text

TERRAIN_COLOURS = {"island": (P.ISLAND, P.ISLAND_EDGE), "coast": (P.COAST, P.ISLAND_EDGE), "shoal": (P.SHOAL, P.GRID)}


class TableLayer:
    """Draws (and caches) the parts of the table that never move during a battle."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surf: pygame.Surface | None = None

    def draw(self, target: pygame.Surface, cam: Camera, scenario, grid: bool) -> None:
        key = (cam.key(), id(scenario), grid)
        if key != self._key or self._surf is None:
            self._surf = self._render(cam, scenario, grid)
            self._key = key
        target.blit(self._surf, (cam.view_x, cam.view_y))

    def _render(self, cam: Camera, scenario, grid: bool) -> pygame.Surface:
        surf = pygame.Surface((cam.view_w, cam.view_h))
        surf.fill(P.SEA_DEEP)
        shifted = Camera(cam.view_w, cam.view_h, cam.scale, cam.cx, cam.cy, 0, 0)
        w, h = scenario.table
        corners = shifted.points([(0, 0), (w, 0), (w, h), (0, h)])
        pygame.draw.polygon(surf, P.SEA, corners)
        if grid:
            _grid(surf, shifted, w, h)
        for t in scenario.terrain:
            fill, edge = TERRAIN_COLOURS.get(t.kind, (P.ISLAND, P.ISLAND_EDGE))
            pts = shifted.points(t.points)
            pygame.draw.polygon(surf, fill, pts)
            pygame.draw.aalines(surf, edge, True, pts)
            if t.name and shifted.scale >= 4:
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
                blit_text(surf, t.name, (cx, cy), 16, P.ISLAND_EDGE, "center", bold=True)
                if t.depth:  # a shoal's depth rating: the rate that must feel her way over it
                    blit_text(surf, f"{t.depth}-rate water", (cx, cy + 16), 13, P.ISLAND_EDGE, "center")
        pygame.draw.lines(surf, P.TABLE_EDGE, True, corners, 3)
        return surf


def _grid(surf: pygame.Surface, cam: Camera, w: float, h: float, step: float = 6.0) -> None:
    x = step
    while x < w - 1e-6:
        a, b = cam.to_screen(x, 0), cam.to_screen(x, h)
        pygame.draw.line(surf, P.GRID, a, b)
        x += step
    y = step
    while y < h - 1e-6:
        a, b = cam.to_screen(0, y), cam.to_screen(w, y)
        pygame.draw.line(surf, P.GRID, a, b)
        y += step


def nice_length(max_inches: float) -> float:
    """The largest 1-2-5 step that fits, so the bar reads as a round number."""
    if max_inches <= 0:
        return 1.0
    p = 10 ** math.floor(math.log10(max_inches))
    for m in (5, 2, 1):
        if m * p <= max_inches:
            return float(m * p)
    return float(p)


def draw_scale_bar(surf: pygame.Surface, cam: Camera) -> None:
    inches = nice_length(160 / cam.scale)
    px = inches * cam.scale
    x0 = cam.view_x + 16
    y0 = cam.view_y + cam.view_h - 22
    pygame.draw.rect(surf, (0, 0, 0), (x0 - 4, y0 - 18, px + 8, 30), border_radius=4)
    pygame.draw.line(surf, P.TEXT, (x0, y0), (x0 + px, y0), 2)
    ticks = 4 if inches >= 4 else int(inches) or 1
    for i in range(ticks + 1):
        x = x0 + px * i / ticks
        pygame.draw.line(surf, P.TEXT, (x, y0 - 5), (x, y0 + 5), 1)
    blit_text(surf, f'{inches:g}"', (x0 + px / 2, y0 - 6), 16, P.TEXT, "midbottom")


def draw_wind(surf: pygame.Surface, cam: Camera, wind_from: float) -> pygame.Rect:
    """A compass rose with the wind arrow blowing across it, top right of the table view."""
    r = 38
    cx = cam.view_x + cam.view_w - r - 18
    cy = cam.view_y + r + 22
    pygame.draw.circle(surf, (0, 0, 0), (cx, cy), r + 14)
    pygame.draw.circle(surf, P.TEXT_DIM, (cx, cy), r, 1)
    for deg, lab in ((0, "N"), (90, "E"), (180, "S"), (270, "W")):
        dx, dy = math.sin(math.radians(deg)), -math.cos(math.radians(deg))
        blit_text(surf, lab, (cx + dx * (r + 7), cy + dy * (r + 7)), 15, P.TEXT, "center")
    # the arrow points where the wind blows to
    to = math.radians(wind_from + 180)
    dx, dy = math.sin(to), -math.cos(to)
    tail = (cx - dx * (r - 6), cy - dy * (r - 6))
    head = (cx + dx * (r - 6), cy + dy * (r - 6))
    pygame.draw.line(surf, (140, 200, 255), tail, head, 4)
    left = (head[0] - dx * 12 - dy * 7, head[1] - dy * 12 + dx * 7)
    right = (head[0] - dx * 12 + dy * 7, head[1] - dy * 12 - dx * 7)
    pygame.draw.polygon(surf, (140, 200, 255), [head, left, right])
    blit_text(surf, f"wind from {wind_from:03.0f}°", (cx, cy + r + 16), 15, P.TEXT, "center")
    return pygame.Rect(cx - r - 14, cy - r - 14, 2 * r + 28, 2 * r + 40)
