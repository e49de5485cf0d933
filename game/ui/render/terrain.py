"""Islands, coast and shoals painted as on a model table: beach, surf, relief, shallows.

The rules know a terrain piece only as a polygon; the painting keeps that
polygon as the shore (the sand ends where a ship would ground), and paints
around and within it: a light apron of shallow water and a broken line of surf
outside, a ring of beach inside, then the land rising in terraces of green and
ochre, each lit from the north-west and shaded to the south-east, with trees
on the low ground.  A shoal is pale turquoise water stippled with sand, edged
with a dotted line as charts draw them.

Each piece is painted once at an art resolution (pixels an inch, in octaves
up to ART_MAX), using masks for the beach and terraces, and scaled to the zoom;
past ART_MAX the scaled painting is softened, so the shore is traced again
crisply over it at the real zoom.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any

import pygame

from game.ui.render.brush import mix, pattern

ART_MAX = 32.0
#: The coarse resolution the terraces are worked out at (their edges are soft anyway).
RELIEF_PPI = 12.0
MARGIN = 1.0  # inches of sea painted round a piece (its shallows and surf)

SAND = (222, 204, 152)
SAND_WET = (190, 176, 134)
SHORE_LINE = (120, 104, 70)
SURF = (240, 248, 250)
SHALLOWS = (92, 170, 178)
#: The land's terraces: inches in from the shore, and their colour.
TERRACES = (
    (0.16, (104, 138, 72)),
    (0.8, (122, 148, 80)),
    (1.7, (148, 148, 92)),
    (2.8, (166, 144, 98)),
    (4.2, (150, 132, 108)),
    (5.8, (138, 126, 112)),
)
TREE = (64, 100, 56)
SHOAL = (128, 204, 196)
SHOAL_SAND = (232, 226, 190)
SHOAL_EDGE = (44, 118, 126)
LABEL = (246, 238, 214)
SHOAL_LABEL = (214, 244, 240)


def art_ppi(scale: float) -> float:
    """The resolution a piece is painted at: the octave at or below the zoom, never above ART_MAX."""
    if scale >= ART_MAX:
        return ART_MAX
    return float(2.0 ** math.floor(math.log2(max(scale, 2.0))))


def _disk(r: int) -> pygame.mask.Mask:
    d = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
    pygame.draw.circle(d, (255, 255, 255, 255), (r, r), r)
    return pygame.mask.from_surface(d)


def dilate(m: pygame.mask.Mask, r: int) -> pygame.mask.Mask:
    if r <= 0:
        return m.copy()
    out = pygame.mask.Mask(m.get_size())
    m.convolve(_disk(r), out, (-r, -r))
    return out


def erode(m: pygame.mask.Mask, r: int) -> pygame.mask.Mask:
    if r <= 0:
        return m.copy()
    inv = m.copy()
    inv.invert()
    out = dilate(inv, r)
    out.invert()
    return out


def _mask(size: tuple[int, int], pts: list[tuple[float, float]]) -> pygame.mask.Mask:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(s, (255, 255, 255, 255), pts)
    return pygame.mask.from_surface(s)


class Piece:
    """One terrain piece painted at one resolution: the picture and where its top-left corner lies (inches)."""

    def __init__(self, surf: pygame.Surface, x0: float, y1: float, ppi: float) -> None:
        self.surf, self.x0, self.y1, self.ppi = surf, x0, y1, ppi


def paint_piece(t: Any, ppi: float, table: tuple[float, float], seed: int = 0) -> Piece:
    """Paint terrain ``t`` (kind, points) at ``ppi`` pixels an inch."""
    xs, ys = [p[0] for p in t.points], [p[1] for p in t.points]
    x0, x1 = min(xs) - MARGIN, max(xs) + MARGIN
    y0, y1 = min(ys) - MARGIN, max(ys) + MARGIN
    size = (max(2, math.ceil((x1 - x0) * ppi)), max(2, math.ceil((y1 - y0) * ppi)))

    def px(p: tuple[float, float], k: float = ppi) -> tuple[float, float]:
        return ((p[0] - x0) * k, (y1 - p[1]) * k)

    pts = [px(p) for p in t.points]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    if t.kind == "shoal":
        _paint_shoal(surf, pts, ppi, seed)
    else:
        _paint_land(surf, t, pts, ppi, (x0, y1), table, seed)
    return Piece(surf, x0, y1, ppi)


def _paint_shoal(surf: pygame.Surface, pts: list[tuple[float, float]], ppi: float, seed: int) -> None:
    size = surf.get_size()
    water = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(water, (*SHOAL, 95), pts)
    blur = max(1, round(0.12 * ppi))
    if min(size) > 2 * blur + 2:
        water = pygame.transform.gaussian_blur(water, blur)
    surf.blit(water, (0, 0))
    inner = pygame.Surface(size, pygame.SRCALPHA)
    inside = _mask(size, pts)
    eroded = erode(inside, max(1, round(0.25 * ppi)))
    inner.blit(eroded.to_surface(setcolor=(*SHOAL, 45), unsetcolor=(0, 0, 0, 0)), (0, 0))
    if min(size) > 2 * blur + 2:
        inner = pygame.transform.gaussian_blur(inner, blur)
    surf.blit(inner, (0, 0))
    if ppi >= 6:  # sand showing through the water
        w, h = size
        dots = round(w * h / (ppi * ppi) * 3)
        r = max(1, round(0.03 * ppi))
        sand = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(min(dots, 6000)):
            x, y = int(pattern(seed + 5, i) * w), int(pattern(seed + 6, i) * h)
            if inside.get_at((x, y)):
                pygame.draw.circle(sand, (*SHOAL_SAND, 40 + round(50 * pattern(seed + 7, i))), (x, y), r)
        surf.blit(sand, (0, 0))
    # the chart's dotted edge
    step = max(3.0, 0.22 * ppi)
    r = max(1, round(0.03 * ppi))
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True):
        n = max(1, int(math.hypot(bx - ax, by - ay) / step))
        for k in range(n):
            pygame.draw.circle(surf, (*SHOAL_EDGE, 200), (ax + (bx - ax) * k / n, ay + (by - ay) * k / n), r)


def _paint_land(surf: pygame.Surface, t: Any, pts: list[tuple[float, float]], ppi: float,
                corner: tuple[float, float], table: tuple[float, float], seed: int) -> None:
    size = surf.get_size()
    land = _mask(size, pts)
    # off the table counts as land, so a coast has no beach along the table's edge
    x0, y1 = corner
    tw, th = table
    beyond = pygame.Surface(size, pygame.SRCALPHA)
    beyond.fill((255, 255, 255, 255))
    pygame.draw.rect(beyond, (0, 0, 0, 0), pygame.Rect(round(-x0 * ppi), round((y1 - th) * ppi), round(tw * ppi),
                                                       round(th * ppi)))
    solid = land.copy()
    solid.draw(pygame.mask.from_surface(beyond), (0, 0))
    # shallows: a soft apron of lighter water outside the shore
    coarse = min(ppi, RELIEF_PPI)
    k = coarse / ppi
    csize = (max(2, round(size[0] * k)), max(2, round(size[1] * k)))
    cland = _mask(csize, [(x * k, y * k) for x, y in pts])
    apron = dilate(cland, max(1, round(0.55 * coarse))).to_surface(setcolor=(*SHALLOWS, 120),
                                                                     unsetcolor=(0, 0, 0, 0))
    blur = max(1, round(0.25 * coarse))  # softened small, then enlarged: soft anyway, and cheap
    if min(csize) > 2 * blur + 2:
        apron = pygame.transform.gaussian_blur(apron, blur)
    surf.blit(pygame.transform.smoothscale(apron, size), (0, 0))
    # surf: a broken white line just off the sand
    ring = dilate(land, max(1, round(0.06 * ppi)))
    ring.erase(land, (0, 0))
    surf.blit(ring.to_surface(setcolor=(*SURF, 170), unsetcolor=(0, 0, 0, 0)), (0, 0))
    # the beach, wet sand at the water's edge, then the land's terraces
    surf.blit(land.to_surface(setcolor=(*SAND_WET, 255), unsetcolor=(0, 0, 0, 0)), (0, 0))
    dry = erode(solid, max(1, round(0.04 * ppi)))
    dry.erase(_inverse(land), (0, 0))
    surf.blit(dry.to_surface(setcolor=(*SAND, 255), unsetcolor=(0, 0, 0, 0)), (0, 0))
    csolid = cland.copy()
    cbeyond = pygame.transform.smoothscale(beyond, csize)
    csolid.draw(pygame.mask.from_surface(cbeyond, 127), (0, 0))
    relief = pygame.Surface(csize, pygame.SRCALPHA)
    levels = []
    for inset, colour in TERRACES:
        m = erode(csolid, max(1, round(inset * coarse)))
        m.erase(_inverse(cland), (0, 0))
        if m.count() == 0:
            break
        levels.append(m)
        shade = m.to_surface(setcolor=(*mix(colour, (30, 30, 20), 0.45), 255), unsetcolor=(0, 0, 0, 0))
        light = m.to_surface(setcolor=(*mix(colour, (255, 250, 220), 0.35), 255), unsetcolor=(0, 0, 0, 0))
        relief.blit(shade, (1, 1))
        relief.blit(light, (-1, -1))
        relief.blit(m.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0)), (0, 0))
    if levels:
        if min(csize) > 6:
            relief = pygame.transform.gaussian_blur(relief, 1)  # soften the coarse steps before they are enlarged
        up = pygame.transform.smoothscale(relief, size)
        keep = erode(solid, max(1, round(TERRACES[0][0] * ppi)))
        keep.erase(_inverse(land), (0, 0))
        cut = keep.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
        up.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(up, (0, 0))
        if ppi >= 8:
            _speckle(surf, keep, ppi, seed)
            _trees(surf, levels[0], levels[2] if len(levels) > 2 else None, coarse, ppi, seed)


def _inverse(m: pygame.mask.Mask) -> pygame.mask.Mask:
    out = m.copy()
    out.invert()
    return out


def _speckle(surf: pygame.Surface, land: pygame.mask.Mask, ppi: float, seed: int) -> None:
    """Brush marks over the land, a shade lighter or darker: grass, scrub and rock as a painter dabs them."""
    w, h = land.get_size()
    area = land.count() / (ppi * ppi)
    r = max(1, round(0.05 * ppi))
    layer = pygame.Surface((w, h), pygame.SRCALPHA)  # dabbed on a layer of its own, laid over the land
    for i in range(min(5000, round(area * 10))):
        x, y = int(pattern(seed + 31, i) * w), int(pattern(seed + 32, i) * h)
        if land.get_at((x, y)):
            tone = (255, 250, 220, 26) if pattern(seed + 33, i) > 0.5 else (40, 36, 20, 30)
            pygame.draw.circle(layer, tone, (x, y), r)
    surf.blit(layer, (0, 0))


def _trees(surf: pygame.Surface, low: pygame.mask.Mask, high: pygame.mask.Mask | None, coarse: float, ppi: float,
           seed: int) -> None:
    """Clumps of trees on the low ground (not on the heights): small dark crowns, lit on one side."""
    w, h = low.get_size()
    area = low.count() / (coarse * coarse)
    r = max(1.5, 0.09 * ppi)
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for i in range(min(900, round(area * 5))):
        cx, cy = int(pattern(seed + 21, i) * w), int(pattern(seed + 22, i) * h)
        if not low.get_at((cx, cy)) or (high is not None and high.get_at((cx, cy))):
            continue
        x, y = (cx + pattern(seed + 23, i)) * ppi / coarse, (cy + pattern(seed + 24, i)) * ppi / coarse
        pygame.draw.circle(layer, (*mix(TREE, (10, 20, 10), 0.5), 255), (x + r * 0.3, y + r * 0.3), r)
        pygame.draw.circle(layer, (*TREE, 255), (x, y), r)
        pygame.draw.circle(layer, (*mix(TREE, (200, 220, 150), 0.3), 255), (x - r * 0.3, y - r * 0.3), r * 0.45)
    surf.blit(layer, (0, 0))


#: A piece bigger than this scaled (pixels) is scaled a square of CHUNK art pixels at a time, only where seen.
WHOLE_PX = 1_500_000
CHUNK = 128
CHUNKS_KEPT = 400


class Terrain:
    """The terrain of a table painted and scaled to the zoom, kept while the zoom stands.

    A piece is painted once per art resolution; at the zoom it is scaled whole
    if that is small, else in squares, only those in view, each kept while
    the zoom stands, so a close look at a long coast costs what is on the screen.
    """

    def __init__(self) -> None:
        self._art: dict[tuple[int, str, float], Piece] = {}
        self._scaled: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def draw(self, target: pygame.Surface, cam, scenario: Any) -> None:
        """Every piece of the scenario's terrain, shoals first, then the land over them."""
        ppi = art_ppi(cam.scale)
        table = tuple(scenario.table)
        seen = target.get_clip()
        for i, t in enumerate(sorted(scenario.terrain, key=lambda t: t.kind != "shoal")):
            key = (id(scenario), t.id, ppi)
            piece = self._art.get(key)
            if piece is None:
                piece = self._art[key] = paint_piece(t, ppi, table, seed=i * 101)
            x, y = cam.to_screen(piece.x0, piece.y1)
            w, h = piece.surf.get_size()
            f = cam.scale / piece.ppi
            if w * h * f * f <= WHOLE_PX:
                scaled = self._kept((id(scenario), t.id, round(cam.scale, 3)), piece.surf, pygame.Rect(0, 0, w, h), f)
                target.blit(scaled, (round(x), round(y)))
            else:
                self._draw_in_squares(target, seen, scenario, t.id, piece, (x, y), f)
            if cam.scale > ppi * 1.5 and t.kind != "shoal":  # the painting is soft here: trace the shore again
                pygame.draw.lines(target, SHORE_LINE, True, cam.points(t.points), 1)

    def _draw_in_squares(self, target: pygame.Surface, seen: pygame.Rect, scenario: Any, tid: str, piece: Piece,
                         at: tuple[float, float], f: float) -> None:
        w, h = piece.surf.get_size()
        x, y = at
        i0, i1 = max(0, int((seen.left - x) / f // CHUNK)), min((w - 1) // CHUNK, int((seen.right - x) / f // CHUNK))
        j0, j1 = max(0, int((seen.top - y) / f // CHUNK)), min((h - 1) // CHUNK, int((seen.bottom - y) / f // CHUNK))
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                square = pygame.Rect(i * CHUNK, j * CHUNK, min(CHUNK, w - i * CHUNK), min(CHUNK, h - j * CHUNK))
                scaled = self._kept((id(scenario), tid, round(f * piece.ppi, 3), i, j), piece.surf, square, f)
                target.blit(scaled, (round(x + square.x * f), round(y + square.y * f)))

    def _kept(self, key: tuple, art: pygame.Surface, square: pygame.Rect, f: float) -> pygame.Surface:
        """``square`` of ``art`` scaled by ``f``: scaled with a margin round it and cut, so squares meet unseen."""
        got = self._scaled.get(key)
        if got is not None:
            self._scaled.move_to_end(key)
            return got
        if square.size == art.get_size() and abs(f - 1.0) < 1e-9:
            got = art
        else:
            outer = square.inflate(4, 4).clip(art.get_rect())
            big = pygame.transform.smoothscale(art.subsurface(outer),
                                               (max(1, round(outer.w * f)), max(1, round(outer.h * f))))
            x0, y0 = round((square.x - outer.x) * f), round((square.y - outer.y) * f)
            size = (max(1, round(square.right * f) - round(square.x * f)),
                    max(1, round(square.bottom * f) - round(square.y * f)))
            got = big.subsurface(pygame.Rect((x0, y0), size).clip(big.get_rect())).copy()
        self._scaled[key] = got
        while len(self._scaled) > CHUNKS_KEPT:
            self._scaled.popitem(last=False)
        return got
