"""The table: the sea, the terrain, the grid and the table's wooden edge; the scale bar, compass and wind.

The painted table is two layers.  The sea (game.ui.render.sea) is laid each
frame, drifting downwind; the terrain, grid, names and the room round the
table depend only on the camera and the scenario, so they are drawn once into
a see-through layer kept while the camera stands still.  The plain table
(a setting, for slow machines) is one flat picture, cached the same way.
"""

from __future__ import annotations

import math

import pygame

from game.ui import palette as P
from game.ui.camera import Camera
from game.ui.fonts import blit_text
from game.ui.render import terrain as T
from game.ui.render.brush import mix
from game.ui.render.sea import Sea
from game.ui.scale import factor

TERRAIN_COLOURS = {"island": (P.ISLAND, P.ISLAND_EDGE), "coast": (P.COAST, P.ISLAND_EDGE), "shoal": (P.SHOAL, P.GRID)}
ROOM = (24, 26, 30)
WOOD = (112, 76, 46)
WOOD_DARK = (74, 48, 28)
WOOD_LIGHT = (150, 108, 68)
GRID = (150, 190, 210, 70)
#: The table's wooden edge, inches (and never thinner or thicker than these pixels).
FRAME = 0.5
FRAME_PX = (5, 26)


class TableLayer:
    """Draws the parts of the table that never move during a battle (cached), and the sea under them."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surf: pygame.Surface | None = None
        self._premultiplied = False
        self.sea = Sea()
        self.terrain = T.Terrain()

    def key(self, cam: Camera, scenario, grid: bool, *, plain: bool = False, wind_from: float = 0.0) -> tuple:
        """Changes whenever the table under the pieces looks different: the camera, the grid, the waves' drift."""
        waves = () if plain else (round(wind_from / 5), self.sea.offset(cam, wind_from))
        return (cam.key(), id(scenario), grid, plain, waves)

    def draw(self, target: pygame.Surface, cam: Camera, scenario, grid: bool, *, plain: bool = False,
             wind_from: float = 0.0) -> None:
        """The sea (painted, or flat on the plain table), then the cached land, grid and edge over it."""
        key = (cam.key(), id(scenario), grid, plain)
        if key != self._key or self._surf is None:
            self._surf = self._render_plain(cam, scenario, grid) if plain else self._render(cam, scenario, grid)
            self._key, self._premultiplied = key, False
        elif not plain and not self._premultiplied:
            # kept a second frame: premultiplied now, it is laid over the moving sea for less from here on
            self._surf, self._premultiplied = self._surf.premul_alpha(), True
        if plain:
            target.blit(self._surf, (cam.view_x, cam.view_y))
            return
        self.sea.draw(target, cam, wind_from)
        flags = pygame.BLEND_PREMULTIPLIED if self._premultiplied else 0
        target.blit(self._surf, (cam.view_x, cam.view_y), special_flags=flags)

    def advance(self, dt: float) -> None:
        """Let the waves drift on."""
        self.sea.advance(dt)

    def _render(self, cam: Camera, scenario, grid: bool) -> pygame.Surface:
        surf = pygame.Surface((cam.view_w, cam.view_h), pygame.SRCALPHA)
        shifted = Camera(cam.view_w, cam.view_h, cam.scale, cam.cx, cam.cy, 0, 0)
        w, h = scenario.table
        (x0, y0), (x1, y1) = shifted.to_screen(0, h), shifted.to_screen(w, 0)
        table = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        surf.set_clip(table)
        self.terrain.draw(surf, shifted, scenario)
        if grid:
            _grid(surf, shifted, w, h, colour=GRID)
        surf.set_clip(None)
        _room_and_edge(surf, table, shifted.scale)
        _names(surf, shifted, scenario, T.LABEL, T.SHOAL_LABEL, shadow=True)
        return surf

    def _render_plain(self, cam: Camera, scenario, grid: bool) -> pygame.Surface:
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
        _names(surf, shifted, scenario, P.ISLAND_EDGE, P.ISLAND_EDGE)
        pygame.draw.lines(surf, P.TABLE_EDGE, True, corners, 3)
        return surf


def _names(surf: pygame.Surface, cam: Camera, scenario, colour, shoal_colour, shadow: bool = False) -> None:
    """Each named piece's name at its middle; a rated shoal says the rate that must feel her way over it."""
    if cam.scale < 4:
        return
    for t in scenario.terrain:
        if not t.name:
            continue
        pts = cam.points(t.points)
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        c = shoal_colour if t.kind == "shoal" else colour
        lit = shadow  # pale words with a shadow: they stand out on water and painted land alike
        blit_text(surf, t.name, (cx, cy), 16, c, "center", bold=True, shadow=lit)
        if t.depth:
            blit_text(surf, f"{t.depth}-rate water", (cx, cy + 16), 13, c, "center", shadow=lit)


def _room_and_edge(surf: pygame.Surface, table: pygame.Rect, scale: float) -> None:
    """Beyond the table, the room; round it, the table's wooden edge, lit from the top left."""
    fw = max(FRAME_PX[0], min(FRAME_PX[1], round(FRAME * scale)))
    frame = table.inflate(2 * fw, 2 * fw)
    w, h = surf.get_size()
    for r in ((0, 0, w, frame.top), (0, frame.bottom, w, h - frame.bottom), (0, frame.top, frame.left, frame.h),
              (frame.right, frame.top, w - frame.right, frame.h)):
        if r[2] > 0 and r[3] > 0:
            surf.fill((*ROOM, 255), r)
    shadow = (*mix(ROOM, (0, 0, 0), 0.45), 255)  # the table's shadow on the room, to the bottom right
    surf.fill(shadow, pygame.Rect(frame.right, frame.top + 4, 4, frame.h))
    surf.fill(shadow, pygame.Rect(frame.left + 4, frame.bottom, frame.w, 4))
    pygame.draw.rect(surf, WOOD, frame, fw)
    for k in range(1, 4):  # the grain running along each side
        inset = fw * k // 4
        c = WOOD_LIGHT if k % 2 else WOOD_DARK
        pygame.draw.rect(surf, (*c, 90), frame.inflate(-2 * inset, -2 * inset), 1)
    pygame.draw.line(surf, WOOD_LIGHT, frame.topleft, (frame.right - 1, frame.top), 2)
    pygame.draw.line(surf, WOOD_LIGHT, frame.topleft, (frame.left, frame.bottom - 1), 2)
    pygame.draw.rect(surf, mix(WOOD_DARK, (0, 0, 0), 0.4), table.inflate(2, 2), 1)


def _grid(surf: pygame.Surface, cam: Camera, w: float, h: float, step: float = 6.0, colour=P.GRID) -> None:
    x = step
    while x < w - 1e-6:
        a, b = cam.to_screen(x, 0), cam.to_screen(x, h)
        pygame.draw.line(surf, colour, a, b)
        x += step
    y = step
    while y < h - 1e-6:
        a, b = cam.to_screen(0, y), cam.to_screen(w, y)
        pygame.draw.line(surf, colour, a, b)
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


def draw_scale_bar(surf: pygame.Surface, cam: Camera) -> pygame.Rect:
    """A bar of a round number of inches, bottom left of the table view; its box is returned, to keep clear of."""
    k = factor()
    inches = nice_length(160 * k / cam.scale)
    length = inches * cam.scale
    x0 = cam.view_x + 16 * k
    y0 = cam.view_y + cam.view_h - 22 * k
    box = pygame.Rect(round(x0 - 4 * k), round(y0 - 18 * k), round(length + 8 * k), round(30 * k))
    pygame.draw.rect(surf, (0, 0, 0), box, border_radius=round(4 * k))
    pygame.draw.line(surf, P.TEXT, (x0, y0), (x0 + length, y0), max(2, round(2 * k)))
    ticks = 4 if inches >= 4 else int(inches) or 1
    for i in range(ticks + 1):
        x = x0 + length * i / ticks
        pygame.draw.line(surf, P.TEXT, (x, y0 - 5 * k), (x, y0 + 5 * k), max(1, round(k)))
    blit_text(surf, f'{inches:g}"', (x0 + length / 2, y0 - 6 * k), 16, P.TEXT, "midbottom")
    return box


def draw_wind(surf: pygame.Surface, cam: Camera, wind_from: float) -> pygame.Rect:
    """A compass rose with the wind arrow blowing across it, top right of the table view (at the UI scale)."""
    k = factor()
    r = round(38 * k)
    cx = cam.view_x + cam.view_w - r - round(18 * k)
    cy = cam.view_y + r + round(22 * k)
    pygame.draw.circle(surf, (0, 0, 0), (cx, cy), r + round(14 * k))
    pygame.draw.circle(surf, P.TEXT_DIM, (cx, cy), r, max(1, round(k)))
    for deg, lab in ((0, "N"), (90, "E"), (180, "S"), (270, "W")):
        dx, dy = math.sin(math.radians(deg)), -math.cos(math.radians(deg))
        blit_text(surf, lab, (cx + dx * (r + 7 * k), cy + dy * (r + 7 * k)), 15, P.TEXT, "center")
    # the arrow points where the wind blows to
    to = math.radians(wind_from + 180)
    dx, dy = math.sin(to), -math.cos(to)
    tail = (cx - dx * (r - 6 * k), cy - dy * (r - 6 * k))
    head = (cx + dx * (r - 6 * k), cy + dy * (r - 6 * k))
    pygame.draw.line(surf, (140, 200, 255), tail, head, max(2, round(4 * k)))
    a, b = 12 * k, 7 * k
    left = (head[0] - dx * a - dy * b, head[1] - dy * a + dx * b)
    right = (head[0] - dx * a + dy * b, head[1] - dy * a - dx * b)
    pygame.draw.polygon(surf, (140, 200, 255), [head, left, right])
    blit_text(surf, f"wind from {wind_from:03.0f}°", (cx, cy + r + 16 * k), 15, P.TEXT, "center")
    return pygame.Rect(cx - r - round(14 * k), cy - r - round(14 * k), 2 * r + round(28 * k), 2 * r + round(40 * k))
