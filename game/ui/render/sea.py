"""The painted sea: deep water with a brushed texture and wave crests lying across the wind.

The sea is a seamless tile painted for the zoom and the wind (wrapped at its
edges, so it repeats without a seam), laid once over a sheet a tile larger
than the view; each frame blits the sheet shifted to where the table is and
how far the waves have drifted downwind.  That costs one blit a frame and
leaves the table's pieces, cached on their own layer, untouched: the waves
move without redrawing a ship.

The pattern is fixed (a hash of the crest's number, not chance): the same
table always shows the same sea.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.ui.render.brush import pattern

SEA = (34, 84, 112)
DEEP = (28, 72, 100)
SHALLOWER = (44, 98, 124)
CREST = (226, 240, 244)
TROUGH = (18, 52, 76)
#: Inches a second the wave pattern drifts downwind: slow enough to be felt rather than watched.
DRIFT = 0.12
#: The tile's side in inches, largest first: the largest whose pixels stay under TILE_PX at the zoom.
PERIODS = (48.0, 24.0, 12.0, 6.0, 3.0, 1.5)
TILE_PX = 640
#: Inches between wave crests (on average), and a crest's length.
CREST_GAP = 2.3
CREST_LENGTH = 1.0
#: The brushwork's resolution (pixels an inch): it is soft, so it is painted small and scaled up.
MOTTLE_PPI = 6.0
#: Steps of the wind's direction the crests are painted for.
WIND_STEP = 5


def period(scale: float) -> float:
    """The tile's side in inches at this zoom."""
    for t in PERIODS:
        if t * scale <= TILE_PX:
            return t
    return PERIODS[-1]


def paint_tile(scale: float, wind_from: float) -> pygame.Surface:
    """One seamless square of sea, ``period(scale)`` inches a side, at ``scale`` pixels an inch."""
    t_in = period(scale)
    n = max(8, round(t_in * scale))
    s = n / t_in  # exact pixels an inch of this tile (so it wraps on whole pixels)
    tile = pygame.Surface((n, n))
    tile.fill(SEA)
    # the brushwork: broad patches a shade lighter or darker, wrapped, softened at a low resolution
    lo = min(s, MOTTLE_PPI)
    m = max(4, round(t_in * lo))
    pad = max(2, round(1.2 * lo))
    mottle = pygame.Surface((m + 2 * pad, m + 2 * pad), pygame.SRCALPHA)
    patches = max(6, round((t_in / 3.0) ** 2 * 3))
    for i in range(patches):
        x, y = pattern(1, i) * m, pattern(2, i) * m
        r = max(1.5, (1.0 + 2.5 * pattern(3, i)) * lo)
        colour = (*(SHALLOWER if pattern(4, i) > 0.5 else DEEP), 70)
        for ox in (-m, 0, m):
            for oy in (-m, 0, m):
                cx, cy = x + ox + pad, y + oy + pad
                if -r < cx < m + 2 * pad + r and -r < cy < m + 2 * pad + r:
                    pygame.draw.circle(mottle, colour, (cx, cy), r)
    blur = max(1, min(pad - 1, round(0.5 * lo)))
    if mottle.get_width() > 2 * blur + 2:
        mottle = pygame.transform.gaussian_blur(mottle, blur)
    soft = pygame.transform.smoothscale(mottle.subsurface((pad, pad, m, m)), (n, n))
    tile.blit(soft, (0, 0))
    if CREST_LENGTH * s >= 4:
        _crests(tile, n, s, t_in, wind_from)
    return tile


def _crests(tile: pygame.Surface, n: int, s: float, t_in: float, wind_from: float) -> None:
    """Broken crests lying across the wind, each with the darker trough in its lee; wrapped at the tile's edges."""
    layer = pygame.Surface((n, n), pygame.SRCALPHA)
    to = math.radians(wind_from + 180.0)
    dx, dy = math.sin(to), -math.cos(to)  # downwind, in screen pixels (y down)
    ax, ay = -dy, dx  # along a crest
    count = max(4, round((t_in / CREST_GAP) ** 2))
    width = max(1, round(0.022 * s))
    faint = min(1.0, 0.45 + s / 50)  # from afar the crests blur into the sea's colour
    for i in range(count):
        x, y = pattern(11, i) * n, pattern(12, i) * n
        half = CREST_LENGTH * s * (0.2 + 0.6 * pattern(13, i) ** 2) * min(1.0, 0.45 + s / 60)
        strength = pattern(14, i)
        pts = []
        for k in range(6):  # a ragged line, lifted downwind towards one end as a breaking crest is
            f = k / 5 * 2 - 1
            lift = half * (0.1 * (1 - f * f) + 0.05 * (pattern(15 + k, i) - 0.5) * 2 + 0.06 * f)
            pts.append((x + ax * half * f + dx * lift, y + ay * half * f + dy * lift))
        lee = [(px + dx * width * 2.5, py + dy * width * 2.5) for px, py in pts[1:-1]]
        for ox in (-n, 0, n):
            for oy in (-n, 0, n):
                if not (-2 * half < x + ox < n + 2 * half and -2 * half < y + oy < n + 2 * half):
                    continue
                pygame.draw.lines(layer, (*TROUGH, round((24 + 24 * strength) * faint)), False,
                                  [(px + ox, py + oy) for px, py in lee], width + 1)
                pygame.draw.lines(layer, (*CREST, round((26 + 64 * strength) * faint)), False,
                                  [(px + ox, py + oy) for px, py in pts], width)
    tile.blit(layer, (0, 0))


class Sea:
    """Paints the sea under the table each frame: a cached tile laid on a cached sheet, shifted."""

    def __init__(self) -> None:
        self._tiles: OrderedDict[tuple[float, int], pygame.Surface] = OrderedDict()
        self._sheet: pygame.Surface | None = None
        self._sheet_key: tuple | None = None
        self.clock = 0.0  # seconds of drift so far

    def tile(self, scale: float, wind_from: float) -> pygame.Surface:
        key = (round(scale, 3), round(wind_from / WIND_STEP) * WIND_STEP % 360)
        got = self._tiles.get(key)
        if got is None:
            got = self._tiles[key] = paint_tile(scale, key[1])
            while len(self._tiles) > 4:
                self._tiles.popitem(last=False)
        else:
            self._tiles.move_to_end(key)
        return got

    def sheet(self, cam, wind_from: float) -> tuple[pygame.Surface, int]:
        tile = self.tile(cam.scale, wind_from)
        n = tile.get_width()
        key = (id(tile), cam.view_w, cam.view_h)
        if key != self._sheet_key or self._sheet is None:
            sheet = pygame.Surface((cam.view_w + n, cam.view_h + n))
            for x in range(0, sheet.get_width(), n):
                for y in range(0, sheet.get_height(), n):
                    sheet.blit(tile, (x, y))
            self._sheet, self._sheet_key = sheet, key
        return self._sheet, n

    def offset(self, cam, wind_from: float) -> tuple[int, int, int]:
        """Where in the sheet the view starts (whole pixels) and the tile's size: the sea moves when it changes."""
        n = round(period(cam.scale) * cam.scale)
        n = max(8, n)
        to = math.radians(wind_from + 180.0)
        drift = self.clock * DRIFT * cam.scale
        x0, y0 = cam.to_screen(0.0, 0.0)
        x0 += math.sin(to) * drift
        y0 -= math.cos(to) * drift
        return int(math.floor(cam.view_x - x0)) % n, int(math.floor(cam.view_y - y0)) % n, n

    def draw(self, target: pygame.Surface, cam, wind_from: float) -> None:
        """The sea over the whole view, drifted ``DRIFT`` inches a second downwind since the clock started."""
        sheet, n = self.sheet(cam, wind_from)
        cx, cy, _ = self.offset(cam, wind_from)
        target.blit(sheet, (cam.view_x, cam.view_y), pygame.Rect(cx % n, cy % n, cam.view_w, cam.view_h))

    def advance(self, dt: float) -> None:
        self.clock += dt
