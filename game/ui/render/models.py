"""Ship miniatures seen from above, painted by the program: base, hull, deck, masts, sails and colours.

A miniature is painted once for each look (her :class:`~game.systems.figures.Model`,
her base, her side's colour and the wind on her bow, in steps of WIND_STEP
degrees) and each zoom step, into a sprite with her bow to the right; the
sprite is then turned to her heading (in HEADING_STEP degree steps) and scaled
to the exact zoom, and both results are kept, so a frame of a still table costs
one blit a ship.  The sprite holds two layers, the flat base and the model on
it, so the model can throw a soft shadow across her base and the sea, always
towards the same corner of the screen whichever way she heads.

Everything is drawn in her own frame in inches (``u`` towards the bow, ``v``
to port), like the rule system's shapes, and turned into pixels only here.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.systems.figures import Model
from game.ui.render import nations
from game.ui.render.brush import mix, pattern

RGB = tuple[int, int, int]
Point = tuple[float, float]

#: Steps of the wind's bearing on her bow: the sails are braced and the flags fly anew at each.
WIND_STEP = 15
#: Steps of her heading for a turned sprite: fine enough that a turn looks smooth.
HEADING_STEP = 0.5
#: Zoom steps a sprite is painted at: four to each doubling of the zoom.
ZOOM_STEPS_PER_OCTAVE = 4
#: Pixels the turned sprites may hold between them before the least recently used are let go.
TURNED_BUDGET = 48_000_000 // 4
#: Where the light comes from: shadows fall this many inches towards the bottom right of the screen.
SHADOW = (0.10, 0.13)

CANVAS_CLOTH = (240, 234, 216)
CANVAS_SHADE = (214, 204, 180)
CANVAS_EDGE = (150, 138, 112)
CANVAS_FURLED = (226, 218, 196)
SPAR = (74, 52, 32)
MAST = (58, 40, 26)
DECK = (184, 146, 96)
DECK_WAIST = (156, 120, 78)
PLANK = (172, 136, 88)
GRATING = (96, 70, 44)
BOAT = (214, 202, 170)
GUN = (34, 32, 30)
COPPER = (176, 112, 64)
FOAM = (236, 244, 246)
SEA_ON_BASE = (34, 78, 102)
CHARRED = (44, 36, 30)
STONE = (176, 166, 142)
STONE_DARK = (120, 110, 92)
EARTH = (120, 104, 72)

#: Each build: the hull's share of the base's length and width, how bluff her bow is, her guns a side.
BUILD = {
    "three_decker": (0.82, 0.62, 0.0, 12),
    "two_decker": (0.82, 0.57, 0.15, 11),
    "frigate": (0.80, 0.52, 0.35, 10),
    "sloop": (0.78, 0.52, 0.45, 8),
    "brig": (0.78, 0.50, 0.45, 7),
}
#: Sails set on each mast for each canvas, lowest first: (name, span as a share of the course's).
SAILS = {
    "": (),
    "topsails": (("topsail", 0.86),),
    "fighting": (("topsail", 0.86), ("topgallant", 0.62)),
    "plain": (("course", 1.0), ("topsail", 0.86), ("topgallant", 0.62), ("royal", 0.42)),
}


@dataclass(frozen=True)
class Look:
    """Everything a sprite depends on: the cache key of a painted miniature."""

    model: Model
    length: float
    width: float
    side: RGB
    wind: int  # the bearing the wind comes from, relative to her bow, in WIND_STEP steps
    seed: int  # which of her planks the shot scars and her sails the holes (from her id)


def wind_on_bow(wind_from: float, heading: float) -> int:
    """The wind's relative bearing (clockwise from her bow), in the steps the sprites are painted for."""
    rel = (wind_from - heading) % 360.0
    return int(round(rel / WIND_STEP) * WIND_STEP) % 360


def seed_of(ship_id: str) -> int:
    """A small number that is always the same for a ship: where her scars and sail holes fall."""
    h = 2166136261
    for ch in ship_id.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


def zoom_step(scale: float) -> float:
    """The zoom (pixels an inch) a sprite is painted at: the step at or above ``scale``."""
    k = math.ceil(math.log2(max(scale, 0.5)) * ZOOM_STEPS_PER_OCTAVE - 1e-9)
    return float(2.0 ** (k / ZOOM_STEPS_PER_OCTAVE))


# --- the painter's frame: her inches to the sprite's pixels ----------------------------------------


class _Pen:
    """Draws in her frame (``u`` bow, ``v`` port, inches) on a sprite with her bow to the right."""

    def __init__(self, surf: pygame.Surface, ppi: float) -> None:
        self.surf = surf
        self.k = ppi
        self.ox, self.oy = surf.get_width() / 2, surf.get_height() / 2

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.ox + u * self.k, self.oy - v * self.k)

    def pts(self, pts: Sequence[Point]) -> list[tuple[float, float]]:
        return [self.p(u, v) for u, v in pts]

    def px(self, inches: float, least: float = 1.0) -> int:
        return max(int(least), round(inches * self.k))

    def poly(self, colour: Sequence[int], pts: Sequence[Point], width: int = 0) -> None:
        if len(pts) >= 3:
            px = self.pts(pts)
            blend(self.surf, colour, _reach(px, width), lambda s, o: pygame.draw.polygon(s, colour, _moved(px, o),
                                                                                        width))

    def line(self, colour: Sequence[int], a: Point, b: Point, inches: float, least: int = 1) -> None:
        px, w = [self.p(*a), self.p(*b)], self.px(inches, least)
        def draw(s: pygame.Surface, o: tuple[int, int]) -> None:
            a_, b_ = _moved(px, o)
            pygame.draw.line(s, colour, a_, b_, w)

        blend(self.surf, colour, _reach(px, w), draw)

    def lines(self, colour: Sequence[int], pts: Sequence[Point], inches: float, closed: bool = False) -> None:
        if len(pts) >= 2:
            px, w = self.pts(pts), self.px(inches)
            blend(self.surf, colour, _reach(px, w), lambda s, o: pygame.draw.lines(s, colour, closed, _moved(px, o),
                                                                                   w))

    def dot(self, colour: Sequence[int], c: Point, r_inches: float, least: float = 0.5) -> None:
        r = max(least, r_inches * self.k)
        at = self.p(*c)
        blend(self.surf, colour, _reach([at], r), lambda s, o: pygame.draw.circle(s, colour, _moved([at], o)[0], r))


def blend(surf: pygame.Surface, colour: Sequence[int], box: pygame.Rect, draw) -> None:
    """Draw with ``draw(surface, offset)``: straight onto ``surf`` in an opaque colour, else on a scrap of
    surface blitted over it, so a see-through colour is laid over what is there (drawn straight onto a
    see-through surface it would replace it, and let the sea show through a ship's deck)."""
    if len(colour) < 4 or colour[3] >= 255:
        draw(surf, (0, 0))
        return
    box = box.clip(surf.get_rect())
    if box.w <= 0 or box.h <= 0:
        return
    scrap = pygame.Surface(box.size, pygame.SRCALPHA)
    draw(scrap, (-box.x, -box.y))
    surf.blit(scrap, box.topleft)


def _reach(px: Sequence[tuple[float, float]], pad: float) -> pygame.Rect:
    xs, ys = [p[0] for p in px], [p[1] for p in px]
    x0, y0 = math.floor(min(xs) - pad - 2), math.floor(min(ys) - pad - 2)
    return pygame.Rect(x0, y0, math.ceil(max(xs) + pad + 2) - x0, math.ceil(max(ys) + pad + 2) - y0)


def _moved(px: Sequence[tuple[float, float]], o: tuple[int, int]) -> list[tuple[float, float]]:
    return [(x + o[0], y + o[1]) for x, y in px]


def _bezier(a: Point, c: Point, b: Point, n: int = 8) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]))
    return out


# --- the painted sprite ---------------------------------------------------------------------------


@dataclass
class Sprite:
    """A painted miniature with her bow to the right: the flat base and the model on it, same size."""

    base: pygame.Surface
    model: pygame.Surface
    ppi: float


def _hull_half(bluff: float) -> list[Point]:
    """Half her hull's outline (port side, bow to stern) in shares of her half length and half beam."""
    fine = 1.0 - bluff
    return [
        (1.0, 0.0), (0.96, 0.20 + 0.06 * fine), (0.88, 0.42 + 0.08 * fine), (0.76, 0.64 + 0.06 * fine),
        (0.58, 0.84), (0.36, 0.96), (0.1, 1.0), (-0.3, 0.99), (-0.62, 0.94), (-0.84, 0.86),
        (-0.96, 0.78), (-1.0, 0.72),
    ]


def hull_outline(hl: float, hb: float, bluff: float, shrink: float = 0.0) -> list[Point]:
    """Her hull in her frame, inches: ``shrink`` inches in from the outside (the bulwark, the deck)."""
    half = _hull_half(bluff)
    a = max(0.01, hl - shrink)
    b = max(0.01, hb - shrink)
    port = [(x * a, y * b) for x, y in half]
    stern = [(-a * 1.02, b * 0.36), (-a * 1.03, 0.0), (-a * 1.02, -b * 0.36)]
    return port + stern + [(x, -y) for x, y in reversed(port[1:])]


def paint(look: Look, ppi: float) -> Sprite:
    """Paint her miniature at ``ppi`` pixels an inch (drawn larger and smoothed down, for clean edges)."""
    m = look.model
    margin_u = 0.34 + (0.12 if m.fort else 0.0)
    margin_v = 0.42 * look.width + 0.12
    flag_px = 9  # an ensign is never drawn smaller than this: the nation must read at any zoom
    half_u = look.length / 2 + max(margin_u, (flag_px + 3) / ppi)
    half_v = look.width / 2 + max(margin_v, (flag_px + 3) / ppi)
    w_px, h_px = 2 * math.ceil(half_u * ppi) + 2, 2 * math.ceil(half_v * ppi) + 2
    ss = 4 if w_px < 60 else 3 if w_px < 160 else 2 if w_px < 420 else 1
    base = pygame.Surface((w_px * ss, h_px * ss), pygame.SRCALPHA)
    model = pygame.Surface((w_px * ss, h_px * ss), pygame.SRCALPHA)
    k = ppi * ss
    bpen, mpen = _Pen(base, k), _Pen(model, k)
    detail = look.length * ppi  # her base's length in pixels: how much is worth drawing
    if m.condition == "wreck":
        _paint_wreck(mpen, look, detail)
    elif m.fort:
        _paint_base(bpen, look, detail, round_base=True)
        _paint_fort(mpen, look, detail, flag_px / ppi)
    else:
        _paint_base(bpen, look, detail)
        _paint_ship(mpen, look, detail, flag_px / ppi)
    if ss > 1:
        base = pygame.transform.smoothscale(base, (w_px, h_px))
        model = pygame.transform.smoothscale(model, (w_px, h_px))
    return Sprite(base, model, ppi)


def _paint_base(pen: _Pen, look: Look, detail: float, round_base: bool = False) -> None:
    """The base as wargamers paint them: the sea in the side's colour, a bright rim, foam at her bow."""
    m = look.model
    hl, hw = look.length / 2, look.width / 2
    side = look.side
    struck = m.condition == "struck"
    top = mix(side, (16, 18, 22), 0.45) if not struck else mix(mix(side, (16, 18, 22), 0.45), (110, 110, 110), 0.5)
    rim = mix(side, (255, 255, 255), 0.3)
    if struck:
        rim = mix(rim, (200, 200, 200), 0.5)
    r = pygame.Rect(0, 0, round(look.length * pen.k), round(look.width * pen.k))
    r.center = (round(pen.ox), round(pen.oy))
    radius = r.h // 2 if round_base else max(1, round(0.07 * pen.k))
    pygame.draw.rect(pen.surf, (12, 18, 24, 150), r.inflate(2, 2).move(1, 1), border_radius=radius)
    pygame.draw.rect(pen.surf, top, r, border_radius=radius)
    if detail >= 28 and not round_base:
        inner = r.inflate(-2 * pen.px(0.05, 2), -2 * pen.px(0.05, 2))
        pygame.draw.rect(pen.surf, mix(top, SEA_ON_BASE, 0.35), inner, border_radius=radius)
    pygame.draw.rect(pen.surf, rim, r, max(1, round(0.045 * pen.k)) if detail >= 20 else max(1, round(pen.k * 0.08)),
                     border_radius=radius)
    if round_base or m.sails == "" or struck or detail < 24:
        return
    build = BUILD.get(m.hull, BUILD["frigate"])
    hlh, hb = hl * build[0], hw * build[1]
    foam = (*FOAM, 110)
    # the bow wave, folding back along both sides, and the wash under her stern
    for s in (1, -1):
        pen.poly(foam, [(hlh * 1.0, 0), (hlh * 0.6, s * hb * 1.18), (hlh * 0.35, s * hb * 1.14),
                        (hlh * 0.62, s * hb * 0.9)])
    pen.poly((*FOAM, 70), [(-hlh * 0.95, hb * 0.6), (-hl * 0.97, hb * 0.4), (-hl * 0.97, -hb * 0.4),
                           (-hlh * 0.95, -hb * 0.6)])


def _paint_ship(pen: _Pen, look: Look, detail: float, flag_in: float) -> None:
    m = look.model
    hl, hw = look.length / 2, look.width / 2
    build = BUILD.get(m.hull, BUILD["frigate"])
    hlh, hb, bluff, guns = hl * build[0], hw * build[1], build[2], build[3]
    rel = math.radians(look.wind)
    down = (-math.cos(rel), math.sin(rel))  # where the wind blows to, in her frame
    lee = 1.0 if down[1] >= 0 else -1.0
    lean = m.listing * hb * 0.9 * lee  # a crippled hull lies over to leeward: her masts lean with her
    paint_ = nations.paint(m.nation)
    outline = hull_outline(hlh, hb, bluff)
    # the copper of her bottom shows on the high side when she lies over
    if m.listing > 0.05:
        pen.poly(COPPER, [(u, v - lee * hb * 0.3 * m.listing) for u, v in outline])
    pen.poly(paint_.hull, outline)
    rim = max(0.012, hb * (0.11 if detail >= 60 else 0.15))  # her paint must show when she is small
    if detail >= 30:
        bands = m.decks if detail >= 90 else 1
        step = rim * 0.9 / max(1, bands)
        for i in range(bands):
            pen.poly(paint_.band, hull_outline(hlh, hb, bluff, rim * 0.5 + i * step * 1.6))
            pen.poly(paint_.hull, hull_outline(hlh, hb, bluff, rim * 0.5 + i * step * 1.6 + step * 0.8))
    elif detail >= 14:
        pen.poly(paint_.band, hull_outline(hlh, hb, bluff, rim * 0.4))
        pen.poly(paint_.hull, hull_outline(hlh, hb, bluff, rim * 1.0))
    deck_in = rim * (2.2 if detail >= 30 else 1.4)
    deck = hull_outline(hlh, hb, bluff, deck_in)
    pen.poly(DECK, deck)
    if detail >= 40:
        _paint_deck(pen, look, hlh, hb, deck_in, guns, bluff, detail)
    if m.listing > 0.05:  # the sea laps over her low side
        wet = [(u, v) for u, v in hull_outline(hlh, hb, bluff, deck_in) if v * lee > hb * (0.8 - 0.7 * m.listing)]
        if len(wet) >= 3:
            pen.poly((*SEA_ON_BASE, 170), wet)
    if m.hull_lost > 0 and detail >= 30:
        _paint_scars(pen, look, hlh, hb)
    # bowsprit and jib-boom
    tip = hl * 1.0
    pen.line(SPAR, (hlh * 0.9, 0), (tip, 0), 0.035, 1)
    masts = [u * hl for u in m.masts]
    if m.dismasted:
        _paint_dismasted(pen, look, masts, hb, down)
    else:
        _paint_rig(pen, look, masts, hlh, hb, tip, down, lee, lean, detail)
    if detail >= 16:
        for u in masts:
            pen.dot(MAST, (u, lean), 0.045 if not m.dismasted else 0.05, 1.0)
    _paint_colours(pen, look, masts, hlh, lean, down, flag_in)


def _paint_deck(pen: _Pen, look: Look, hlh: float, hb: float, inset: float, guns: int, bluff: float,
                detail: float) -> None:
    """Planking, the waist with its gratings and boats, the guns along her sides, capstan and wheel."""
    m = look.model
    waist = [(u, v) for u, v in hull_outline(hlh, hb, bluff, inset) if -0.3 * hlh <= u <= 0.5 * hlh]
    if len(waist) >= 4:
        pen.poly(DECK_WAIST, [(-0.3 * hlh, waist[0][1])] + waist + [(-0.3 * hlh, waist[-1][1])])
    if detail >= 80:
        gap = 0.045
        v = -hb + inset + gap
        while v < hb - inset - gap * 0.5:
            pen.line(PLANK, (-hlh * 0.9, v), (hlh * 0.78, v), 0.006, 1)
            v += gap
    # the break of the quarterdeck and the forecastle
    pen.line(GRATING, (-0.3 * hlh, hb - inset), (-0.3 * hlh, -(hb - inset)), 0.018, 1)
    pen.line(GRATING, (0.5 * hlh, hb * 0.92 - inset), (0.5 * hlh, -(hb * 0.92 - inset)), 0.018, 1)
    # gratings and the boats on the booms in the waist
    gw = hb * 0.28
    for u0 in (0.36 * hlh, 0.02 * hlh):
        r = [(u0, gw), (u0 + 0.09 * hlh, gw), (u0 + 0.09 * hlh, -gw), (u0, -gw)]
        pen.poly(GRATING, r)
    boat = [(0.3, 0), (0.2, 0.5), (-0.25, 0.55), (-0.3, 0.3), (-0.3, -0.3), (-0.25, -0.55), (0.2, -0.5)]
    bl, bw = 0.22 * hlh, hb * 0.32
    for u0, v0 in ((-0.15 * hlh, 0.0), (0.25 * hlh, hb * 0.18)) if m.hull != "brig" else ((0.0, 0.0),):
        pen.poly(BOAT, [(u0 + a * bl, v0 + b * bw) for a, b in boat])
        pen.poly(mix(BOAT, GRATING, 0.35), [(u0 + a * bl * 0.8, v0 + b * bw * 0.6) for a, b in boat])
    # guns on the upper deck, run out through her ports
    if detail >= 60:
        n = max(3, guns // (2 if detail < 140 else 1))
        for i in range(n):
            u = hlh * (-0.82 + 1.55 * (i + 0.5) / n)
            edge = _half_beam_at(hlh, hb, bluff, u) - inset
            for s in (1, -1):
                pen.line(GUN, (u, s * (edge - inset * 0.15)), (u, s * (edge + inset * 0.75)), 0.022, 1)
    pen.dot(GRATING, (-0.42 * hlh, 0), 0.04, 1.0)  # capstan
    pen.line(GRATING, (-0.78 * hlh, hb * 0.18), (-0.78 * hlh, -hb * 0.18), 0.03, 1)  # the wheel
    lantern = (255, 214, 120)
    for v in ((-hb * 0.3, 0.0, hb * 0.3) if m.flag else (0.0,)):
        pen.dot(lantern, (-hlh * 1.02, v), 0.022, 1.0)


def _half_beam_at(hlh: float, hb: float, bluff: float, u: float) -> float:
    half = _hull_half(bluff)
    a = u / hlh
    for (a0, c0), (a1, c1) in zip(half, half[1:], strict=False):
        if a1 <= a <= a0:
            t = (a0 - a) / (a0 - a1) if a0 != a1 else 0.0
            return hb * (c0 + (c1 - c0) * t)
    return hb * 0.72


def _paint_scars(pen: _Pen, look: Look, hlh: float, hb: float) -> None:
    """Shot scars and splintered planks: more of them the more of her hull is gone."""
    m = look.model
    n = round(3 + 14 * m.hull_lost)
    for i in range(n):
        u = hlh * (-0.85 + 1.6 * pattern(look.seed, 2 * i))
        v = hb * (-0.8 + 1.6 * pattern(look.seed, 2 * i + 1))
        r = 0.025 + 0.035 * pattern(look.seed, 97 + i)
        pen.dot((*CHARRED, 200), (u, v), r, 0.7)
    if m.hull_lost > 0.3:  # stove-in bulwarks
        for i in range(round(6 * m.hull_lost)):
            u = hlh * (-0.8 + 1.5 * pattern(look.seed, 300 + i))
            s = 1 if pattern(look.seed, 400 + i) > 0.5 else -1
            pen.line(DECK, (u - 0.06, s * hb * 0.93), (u + 0.06, s * hb * 0.93), 0.03, 1)


def _yard(mast_u: float, span: float, rel_deg: int, lean: float) -> tuple[Point, Point, Point]:
    """A yard braced to the wind: its two ends (starboard, port) and the way its sail bellies."""
    a = min(rel_deg, 360 - rel_deg)  # how far off her bow the wind comes
    brace = math.radians(0 if a >= 170 else 18 if a >= 130 else 30 if a >= 95 else 40)
    if rel_deg <= 180:  # wind from starboard: the lee braces hauled, her port yardarms go aft
        su, sv, pu, pv = math.sin(brace), -math.cos(brace), -math.sin(brace), math.cos(brace)
    else:
        su, sv, pu, pv = -math.sin(brace), -math.cos(brace), math.sin(brace), math.cos(brace)
    star = (mast_u + su * span, lean + sv * span)
    port = (mast_u + pu * span, lean + pv * span)
    yu, yv = port[0] - star[0], port[1] - star[1]
    n = (yv, -yu) if yv > 0 else (-yv, yu)
    if n[0] < 0:
        n = (-n[0], -n[1])
    ln = math.hypot(*n) or 1.0
    return star, port, (n[0] / ln, n[1] / ln)


def _paint_rig(pen: _Pen, look: Look, masts: list[float], hlh: float, hb: float, tip: float,
               down: Point, lee: float, lean: float, detail: float) -> None:
    m = look.model
    sails = SAILS.get(m.sails, ())
    course = hb * 2.0
    count = len(masts)
    struck_or_bare = not sails
    # shrouds and stays first: the sails cover them
    if detail >= 70:
        rig = (40, 30, 22, 160)
        for u in masts:
            for s in (1, -1):
                pen.line(rig, (u, lean), (u - 0.08, s * hb * 0.96), 0.008, 1)
        stays = [tip] + masts
        for a, b in zip(stays, stays[1:], strict=False):
            pen.line(rig, (a, 0 if a == tip else lean), (b, lean), 0.008, 1)
    holes = round(m.rigging_lost * 16)
    hole_at = 0
    gone_above = 2 if m.rigging_lost > 0.75 else 3 if m.rigging_lost > 0.5 else 9  # sails shot away aloft
    for i, u in enumerate(masts):
        role = "main" if i == (1 if count >= 3 else count - 1) else "fore" if i == 0 else "mizzen"
        scale = {"fore": 0.94, "main": 1.0, "mizzen": 0.74}[role]
        if struck_or_bare:
            star, port, _ = _yard(u, course * 0.86 * scale, look.wind, lean)
            pen.line(CANVAS_FURLED, star, port, 0.045, 1)
            pen.line(SPAR, star, port, 0.014, 1)
            continue
        for level, (name, share) in enumerate(sails):
            if role == "mizzen" and name == "course":
                continue
            if level >= gone_above:
                break
            if name == "royal" and detail < 60:
                continue
            span = course * share * scale
            star, port, normal = _yard(u, span, look.wind, lean)
            push = normal[0] * down[0] + normal[1] * down[1]
            sign = 1.0 if push >= -0.05 else -1.0  # aback: the wind presses her sails against the masts
            depth = span * (0.3 + 0.32 * abs(push)) * (1.0 - 0.1 * level)
            belly = (normal[0] * sign * depth, normal[1] * sign * depth)
            mid = ((star[0] + port[0]) / 2 + belly[0] * 2, (star[1] + port[1]) / 2 + belly[1] * 2)
            foot = _bezier(port, mid, star)
            cloth = [star, port] + foot[1:-1]
            pen.poly(CANVAS_CLOTH, cloth)
            if detail < 60:  # small: an edge keeps the sail apart from the deck under it
                pen.poly(CANVAS_EDGE, cloth, 1)
            if detail >= 24:
                half_mid = ((star[0] + port[0]) / 2 + belly[0] * 0.9, (star[1] + port[1]) / 2 + belly[1] * 0.9)
                pen.poly(CANVAS_SHADE, [star, port] + _bezier(port, half_mid, star)[1:-1])
                pen.lines(CANVAS_EDGE, foot, 0.008)
            pen.line(SPAR, star, port, 0.016, 1)
            if detail >= 24:
                for _ in range(holes // (len(masts) * max(1, len(sails))) + (1 if hole_at < holes % 7 else 0)):
                    t = 0.15 + 0.7 * pattern(look.seed, 1000 + hole_at)
                    d = 0.25 + 0.5 * pattern(look.seed, 2000 + hole_at)
                    base = (star[0] + (port[0] - star[0]) * t, star[1] + (port[1] - star[1]) * t)
                    hole = (base[0] + belly[0] * 1.4 * d, base[1] + belly[1] * 1.4 * d)
                    pen.dot((50, 44, 38), hole, 0.018 + 0.014 * pattern(look.seed, 3000 + hole_at), 0.6)
                    hole_at += 1
    if struck_or_bare:
        return
    # the fore-and-aft sails: jibs from the bowsprit, the spanker on the aftermost mast
    jibs = 0 if m.sails == "topsails" else 2 if m.sails == "plain" else 1
    fore = masts[0]
    for j in range(jibs):
        tack = (tip * 0.97 - j * (tip - fore) * 0.25, 0.0)
        head = (fore + (tack[0] - fore) * 0.1, lean * 0.7)
        clew = (fore + (tack[0] - fore) * 0.5, lee * hb * (0.55 - 0.15 * j))
        belly = ((tack[0] + clew[0]) / 2, (tack[1] + clew[1]) / 2 + lee * hb * 0.12)
        pen.poly(CANVAS_CLOTH, [tack, head, clew, belly])
        if detail >= 24:
            pen.lines(CANVAS_EDGE, [tack, clew, head], 0.008)
    if m.sails in ("fighting", "plain"):
        aft = masts[-1]
        a = min(look.wind, 360 - look.wind)
        swing = math.radians(12 + 58 * (a / 180.0) ** 1.5)
        boom = max(0.2, hlh * 0.55 + aft)
        end = (aft - math.cos(swing) * boom, lean + lee * math.sin(swing) * boom)
        gaff = (aft - math.cos(swing * 0.85) * boom * 0.62, lean + lee * math.sin(swing * 0.85) * boom * 0.62)
        belly = (end[0] + gaff[0]) / 2 + lee * 0.0, (end[1] + gaff[1]) / 2 + lee * boom * 0.08
        pen.poly(CANVAS_CLOTH, [(aft, lean), gaff, belly, end])
        if detail >= 24:
            pen.lines(CANVAS_EDGE, [(aft, lean), end], 0.008)
        pen.line(SPAR, (aft, lean), end, 0.014, 1)


def _paint_dismasted(pen: _Pen, look: Look, masts: list[float], hb: float, down: Point) -> None:
    """Her masts gone by the board: jagged stumps, and the wreck of spars and canvas over her lee side."""
    lee = 1.0 if down[1] >= 0 else -1.0
    for i, u in enumerate(masts[:2]):
        fall = (u - 0.15 - 0.1 * i, lee * (hb + 0.2 + 0.06 * i))
        blob = [(u + 0.12, lee * hb * 0.7), (fall[0] + 0.18, fall[1] + lee * 0.02),
                (fall[0] - 0.02, fall[1] + lee * 0.08), (fall[0] - 0.2, fall[1] - lee * 0.04),
                (u - 0.16, lee * hb * 0.6)]
        pen.poly((*CANVAS_SHADE, 200), blob)
        pen.line(SPAR, (u, 0), fall, 0.04, 1)
        pen.line(SPAR, (fall[0] - 0.16, fall[1] - lee * 0.06), (fall[0] + 0.16, fall[1] + lee * 0.05), 0.02, 1)
    for u in masts:
        pen.dot((140, 110, 70), (u, 0), 0.05, 1.0)
        pen.dot(MAST, (u, 0), 0.03, 0.5)


def _flag(pen: _Pen, nation: str, at: Point, down: Point, length_in: float, least_px: float,
          square: bool = False) -> None:
    """A flag flying from ``at`` the way the wind blows, in her frame."""
    w = max(least_px, length_in * pen.k)
    h = w if square else w * 0.6
    cloth = nations.ensign(nation, (round(w), max(2, round(h))))
    angle = math.degrees(math.atan2(down[1], down[0]))
    turned = pygame.transform.rotate(cloth, angle)
    cx, cy = pen.p(at[0] + down[0] * w / 2 / pen.k, at[1] + down[1] * w / 2 / pen.k)
    pen.surf.blit(turned, turned.get_rect(center=(round(cx), round(cy))))


def _paint_colours(pen: _Pen, look: Look, masts: list[float], hlh: float, lean: float, down: Point,
                   flag_in: float) -> None:
    """Her ensign at the stern and a flag officer's flag at the main: none once she has struck."""
    m = look.model
    if not m.ensign:
        return
    least = max(4.0, flag_in * pen.k)
    pen.line(SPAR, (-hlh * 1.0, 0), (-hlh * 1.06, 0), 0.02, 1)
    _flag(pen, m.ensign, (-hlh * 1.06, 0), down, 0.24, least)
    if m.flag and masts and not m.dismasted:
        main = masts[1] if len(masts) >= 3 else masts[-1]
        _flag(pen, m.ensign, (main, lean), down, 0.16, least * 0.8, square=True)
    elif masts and not m.dismasted:  # the long pennant of a ship in commission
        main = masts[1] if len(masts) >= 3 else masts[-1]
        ln = 0.34
        tail = (main + down[0] * ln, lean + down[1] * ln)
        nx, ny = -down[1] * 0.03, down[0] * 0.03
        pen.poly(nations.pennant(m.ensign),
                 [(main + nx, lean + ny), tail, (main - nx, lean - ny)])


def _paint_wreck(pen: _Pen, look: Look, detail: float) -> None:
    """What is left of her: a dark hull awash, her spars adrift, wreckage on the water."""
    m = look.model
    hl, hw = look.length / 2, look.width / 2
    build = BUILD.get(m.hull, BUILD["frigate"])
    hlh, hb = hl * build[0], hw * build[1]
    if m.fort:
        for i in range(9):
            a = 2 * math.pi * pattern(look.seed, i)
            r = min(hl, hw) * 0.7 * pattern(look.seed, 50 + i)
            pen.dot((*STONE_DARK, 230), (math.cos(a) * r, math.sin(a) * r), 0.12 + 0.1 * pattern(look.seed, 80 + i))
        return
    # awash: the hull a dark shape under a film of sea, her ends out of the water, spars and wreckage round her
    pen.poly((*FOAM, 60), hull_outline(hlh * 1.1, hb * 1.35, build[2]))
    pen.poly((*CHARRED, 170), hull_outline(hlh, hb, build[2]))
    pen.poly((*SEA_ON_BASE, 120), hull_outline(hlh * 0.75, hb * 0.8, build[2]))
    pen.poly((*mix(DECK, CHARRED, 0.6), 200), [(u, v) for u, v in hull_outline(hlh, hb, build[2], hb * 0.3)
                                               if u > hlh * 0.55])
    for i in range(3):  # her masts, gone by the board and adrift
        u = hl * (-0.8 + 1.6 * pattern(look.seed, 10 + i))
        v = hw * (-1.2 + 2.4 * pattern(look.seed, 20 + i))
        a = math.pi * pattern(look.seed, 30 + i)
        ln = 0.5 + 0.6 * pattern(look.seed, 40 + i)
        end = (u + math.cos(a) * ln, v + math.sin(a) * ln)
        pen.line((*SPAR, 230), (u, v), end, 0.035, 1)
        pen.dot((*CANVAS_SHADE, 150), ((u + end[0]) / 2, (v + end[1]) / 2), 0.08)
    for i in range(9):  # flotsam
        u = hl * (-1.1 + 2.2 * pattern(look.seed, 60 + i))
        v = hw * (-1.5 + 3.0 * pattern(look.seed, 70 + i))
        pen.dot((*SPAR, 200), (u, v), 0.025, 0.6)


def _paint_fort(pen: _Pen, look: Look, detail: float, flag_in: float) -> None:
    """A shore battery: a bastioned work of earth and stone, its guns on the parapet, its flag in the middle."""
    m = look.model
    r = min(look.length, look.width) * 0.42
    pts = []
    for i in range(8):  # four bastions: a square with arrowheads at the corners
        a = math.pi / 4 * i
        rr = r if i % 2 == 0 else r * 0.72
        pts.append((math.cos(a) * rr, math.sin(a) * rr))
    pen.poly(EARTH, [(u * 1.12, v * 1.12) for u, v in pts])
    pen.poly(STONE, pts)
    pen.poly(STONE_DARK, pts, max(1, pen.px(0.03)))
    pen.poly(mix(STONE, EARTH, 0.5), [(u * 0.62, v * 0.62) for u, v in pts])
    if detail >= 24:
        for i in range(8):
            a = math.pi / 4 * i + math.pi / 8
            pen.line(GUN, (math.cos(a) * r * 0.7, math.sin(a) * r * 0.7), (math.cos(a) * r * 0.95,
                                                                            math.sin(a) * r * 0.95), 0.05, 1)
    if m.hull_lost > 0:
        for i in range(round(2 + 8 * m.hull_lost)):
            a = 2 * math.pi * pattern(look.seed, i)
            d = r * 0.8 * pattern(look.seed, 40 + i)
            pen.dot((*CHARRED, 200), (math.cos(a) * d, math.sin(a) * d), 0.05)
    if m.ensign:
        rel = math.radians(look.wind)
        down = (-math.cos(rel), math.sin(rel))
        pen.dot(SPAR, (0, 0), 0.03, 1.0)
        _flag(pen, m.ensign, (0, 0), down, 0.3, max(4.0, flag_in * pen.k))


# --- turning and keeping sprites ----------------------------------------------------------------------


class ModelCache:
    """Painted sprites by look and zoom step, and turned ones by heading and zoom: the cost of a ship's frame.

    Painting is rationed: at most PAINT_BUDGET sprites are painted in one frame
    (after a zoom, say, when every ship needs painting afresh).  A ship beyond
    the ration is drawn from her nearest painting at another zoom step, scaled,
    and ``owed`` says a better picture is due, so the next frame draws again.
    """

    PAINT_BUDGET = 12

    def __init__(self) -> None:
        self.sprites: dict[tuple[Look, float], Sprite] = {}
        self.turned: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._turned_px = 0
        self.painted = 0  # sprites painted so far (the bench and the tests read it)
        self.ration = self.PAINT_BUDGET
        self.owed = False

    def new_frame(self) -> None:
        """A fresh ration of painting for the frame about to be drawn."""
        self.ration = self.PAINT_BUDGET
        self.owed = False

    def sprite(self, look: Look, scale: float) -> Sprite:
        step = zoom_step(scale)
        key = (look, step)
        got = self.sprites.get(key)
        if got is None:
            if self.ration <= 0:
                near = min((k for k in self.sprites if k[0] == look), key=lambda k: abs(math.log(k[1] / step)),
                           default=None)
                if near is not None:
                    self.owed = True
                    return self.sprites[near]
            if len(self.sprites) > 600:  # a long battle's looks: let the oldest go
                for old in list(self.sprites)[:200]:
                    del self.sprites[old]
            got = self.sprites[key] = paint(look, step)
            self.painted += 1
            self.ration -= 1
        return got

    def turned_sprite(self, look: Look, scale: float, heading: float, kind: str = "") -> pygame.Surface:
        """Her sprite turned to ``heading`` at ``scale``, with its shadow; ``kind`` "ghost" or "refused" for the
        tape's preview of her (pale, no shadow)."""
        step = zoom_step(scale)
        h = (round(heading / HEADING_STEP) * HEADING_STEP) % 360.0
        key = (look, step, round(scale, 3), h, kind)
        got = self.turned.get(key)
        if got is not None:
            self.turned.move_to_end(key)
            return got
        sprite = self.sprite(look, scale)
        got = _turn(sprite, scale, h, kind)
        if sprite.ppi != step:
            return got  # a stand-in until her own painting is done: not kept
        self.turned[key] = got
        self._turned_px += got.get_width() * got.get_height()
        while self._turned_px > TURNED_BUDGET and len(self.turned) > 1:
            _, old = self.turned.popitem(last=False)
            self._turned_px -= old.get_width() * old.get_height()
        return got

    def forget(self) -> None:
        self.sprites.clear()
        self.turned.clear()
        self._turned_px = 0


def _turn(sprite: Sprite, scale: float, heading: float, kind: str) -> pygame.Surface:
    angle = 90.0 - heading
    zoom = scale / sprite.ppi
    base = pygame.transform.rotozoom(sprite.base, angle, zoom)
    model = pygame.transform.rotozoom(sprite.model, angle, zoom)
    if kind:
        out = base.copy()
        out.blit(model, model.get_rect(center=out.get_rect().center))
        if kind == "refused":
            out = pygame.transform.grayscale(out)
            out.fill((70, 0, 0, 0), special_flags=pygame.BLEND_RGB_ADD)
        else:
            out.fill((120, 120, 120, 0), special_flags=pygame.BLEND_RGB_ADD)
        out.set_alpha(150 if kind == "ghost" else 115)
        return out
    big = max(base.get_width(), model.get_width()), max(base.get_height(), model.get_height())
    lift = max(1, round(SHADOW[0] * scale)), max(1, round(SHADOW[1] * scale))
    out = pygame.Surface((big[0] + 2 * lift[0] + 4, big[1] + 2 * lift[1] + 4), pygame.SRCALPHA)
    centre = out.get_rect().center
    out.blit(base, base.get_rect(center=centre))
    if scale * sprite.base.get_width() / sprite.ppi > 30:
        shade = pygame.transform.solid_overlay(model, (8, 14, 20), keep_alpha=True)
        blur = max(1, round(0.035 * scale))
        if shade.get_width() > 2 * blur + 2 and shade.get_height() > 2 * blur + 2:
            shade = pygame.transform.gaussian_blur(shade, blur)
        shade.set_alpha(110)
        out.blit(shade, shade.get_rect(center=(centre[0] + lift[0], centre[1] + lift[1])))
    out.blit(model, model.get_rect(center=centre))
    return out
