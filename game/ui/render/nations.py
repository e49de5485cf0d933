"""Each nation's paint and colours: how her yard painted a hull, and the ensign she flies.

Paint follows the fashions of the 1790s to 1810s closely enough for a player
to tell ships apart across the table (the British black and yellow, the
American white strake, the Spanish red); ensigns are those flown at sea in
those years, reduced to what still reads when the flag is a few pixels wide.
A nation this module does not know gets a plain dark hull and a white flag
with its initial's colour band, never an error: a new nation in the data
must not stop the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

RGB = tuple[int, int, int]

RED = (200, 30, 36)
DARK_RED = (160, 26, 30)
WHITE = (244, 242, 236)
BLUE = (20, 44, 130)
NAVY = (14, 28, 84)
YELLOW = (250, 200, 30)
SKY = (40, 90, 170)


@dataclass(frozen=True)
class Paint:
    """A hull's colours: her sides, the strakes along her gun decks, and the rail and fittings."""

    hull: RGB
    band: RGB
    rail: RGB = (60, 44, 30)


# --- ensigns: each paints a flag into a rectangle (the hoist on the left) ------------------------


def _union_canton(s: pygame.Surface, r: pygame.Rect) -> None:
    """The Union flag of 1801 in a canton: a blue field, the white and red saltires, the red cross."""
    pygame.draw.rect(s, NAVY, r)
    if r.w >= 6:
        t = max(1, r.h // 6)
        pygame.draw.line(s, WHITE, r.topleft, (r.right - 1, r.bottom - 1), t + 1)
        pygame.draw.line(s, WHITE, (r.left, r.bottom - 1), (r.right - 1, r.top), t + 1)
        pygame.draw.line(s, RED, r.topleft, (r.right - 1, r.bottom - 1), max(1, t // 2))
        pygame.draw.line(s, RED, (r.left, r.bottom - 1), (r.right - 1, r.top), max(1, t // 2))
    cw = max(1, r.h // 3)
    pygame.draw.rect(s, WHITE, (r.left, r.centery - cw // 2 - 1, r.w, cw + 2))
    pygame.draw.rect(s, WHITE, (r.centerx - cw // 2 - 1, r.top, cw + 2, r.h))
    pygame.draw.rect(s, RED, (r.left, r.centery - cw // 2, r.w, cw))
    pygame.draw.rect(s, RED, (r.centerx - cw // 2, r.top, cw, r.h))


def _british(s: pygame.Surface, r: pygame.Rect) -> None:
    """The red ensign: a red field with the Union in the canton."""
    pygame.draw.rect(s, RED, r)
    _union_canton(s, pygame.Rect(r.left, r.top, (r.w + 1) // 2, (r.h + 1) // 2))


def _french(s: pygame.Surface, r: pygame.Rect) -> None:
    """The tricolour of 1794: blue at the hoist, white, red at the fly (the red a little wider)."""
    w = r.w
    a, b = round(w * 0.30), round(w * 0.63)
    pygame.draw.rect(s, BLUE, (r.left, r.top, a, r.h))
    pygame.draw.rect(s, WHITE, (r.left + a, r.top, b - a, r.h))
    pygame.draw.rect(s, RED, (r.left + b, r.top, w - b, r.h))


def _spanish(s: pygame.Surface, r: pygame.Rect) -> None:
    """The ensign of 1785: red, a yellow band twice as wide, red; the crowned arms near the hoist."""
    q = r.h / 4
    pygame.draw.rect(s, DARK_RED, r)
    pygame.draw.rect(s, YELLOW, (r.left, round(r.top + q), r.w, round(2 * q)))
    if r.w >= 10:
        arms = pygame.Rect(0, 0, max(2, r.h // 3), max(2, r.h // 3))
        arms.center = (r.left + r.w // 4, r.centery)
        pygame.draw.rect(s, DARK_RED, arms)
        pygame.draw.rect(s, WHITE, arms.inflate(-arms.w // 2, -arms.h // 2))


def _american(s: pygame.Surface, r: pygame.Rect) -> None:
    """The Stars and Stripes of the war of 1812: red and white stripes, stars on a blue canton."""
    stripes = 13 if r.h >= 26 else 7 if r.h >= 8 else 3
    for i in range(stripes):
        y0, y1 = r.top + r.h * i // stripes, r.top + r.h * (i + 1) // stripes
        pygame.draw.rect(s, RED if i % 2 == 0 else WHITE, (r.left, y0, r.w, max(1, y1 - y0)))
    canton = pygame.Rect(r.left, r.top, round(r.w * 0.42), r.top + r.h * ((stripes + 1) // 2) // stripes - r.top)
    pygame.draw.rect(s, NAVY, canton)
    if canton.w >= 6:
        step = max(2, canton.w // 5)
        for y in range(canton.top + step // 2, canton.bottom - 1, step):
            for x in range(canton.left + step // 2, canton.right - 1, step):
                s.set_at((x, y), WHITE)


def _bands(colours: tuple[RGB, ...]) -> Callable[[pygame.Surface, pygame.Rect], None]:
    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        n = len(colours)
        for i, c in enumerate(colours):
            y0, y1 = r.top + r.h * i // n, r.top + r.h * (i + 1) // n
            pygame.draw.rect(s, c, (r.left, y0, r.w, max(1, y1 - y0)))

    paint.__doc__ = "Horizontal bands, top first."
    return paint


def _nordic(field: RGB, cross: RGB, split: bool) -> Callable[[pygame.Surface, pygame.Rect], None]:
    """A Scandinavian cross towards the hoist; a naval ensign's fly is cut into a swallow tail."""

    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(s, field, r)
        t = max(1, r.h // 5)
        pygame.draw.rect(s, cross, (r.left, r.centery - t // 2, r.w, t))
        x = r.left + round(r.w * 0.36)
        pygame.draw.rect(s, cross, (x - t // 2, r.top, t, r.h))
        if split and r.w >= 8:
            notch = [(r.right, r.top + r.h * 0.3), (r.left + r.w * 0.8, r.centery), (r.right, r.bottom - r.h * 0.3)]
            pygame.draw.polygon(s, (0, 0, 0, 0), notch)

    return paint


def _russian(s: pygame.Surface, r: pygame.Rect) -> None:
    """St Andrew's ensign: a blue saltire on white."""
    pygame.draw.rect(s, WHITE, r)
    t = max(1, r.h // 5)
    pygame.draw.line(s, SKY, r.topleft, (r.right - 1, r.bottom - 1), t)
    pygame.draw.line(s, SKY, (r.left, r.bottom - 1), (r.right - 1, r.top), t)


def _portuguese(s: pygame.Surface, r: pygame.Rect) -> None:
    """The royal ensign: white, the arms (a blue shield on a red border) at the centre."""
    pygame.draw.rect(s, WHITE, r)
    shield = pygame.Rect(0, 0, max(2, r.h // 2), max(2, r.h * 3 // 5))
    shield.center = r.center
    pygame.draw.rect(s, DARK_RED, shield)
    pygame.draw.rect(s, NAVY, shield.inflate(-max(1, shield.w // 3), -max(1, shield.h // 3)))


def _pirate(s: pygame.Surface, r: pygame.Rect) -> None:
    """The black flag: a white skull over crossed bones."""
    pygame.draw.rect(s, (16, 16, 18), r)
    cx, cy, u = r.centerx, r.centery, max(1, min(r.w, r.h) // 6)
    bone = max(1, u // 2)
    pygame.draw.line(s, WHITE, (cx - 2 * u, cy - u), (cx + 2 * u, cy + 2 * u), bone)
    pygame.draw.line(s, WHITE, (cx - 2 * u, cy + 2 * u), (cx + 2 * u, cy - u), bone)
    pygame.draw.circle(s, WHITE, (cx, cy - u), u)


def _navy(s: pygame.Surface, r: pygame.Rect) -> None:
    """A plain naval ensign: blue, a white canton with a red cross."""
    pygame.draw.rect(s, BLUE, r)
    canton = pygame.Rect(r.left, r.top, max(1, r.w // 2), max(1, r.h // 2))
    pygame.draw.rect(s, WHITE, canton)
    pygame.draw.line(s, RED, canton.midtop, canton.midbottom, max(1, canton.w // 5))
    pygame.draw.line(s, RED, canton.midleft, canton.midright, max(1, canton.h // 5))


def _unknown(s: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.rect(s, WHITE, r)
    pygame.draw.rect(s, (90, 90, 90), (r.left, r.top, max(1, r.w // 4), r.h))


ENSIGNS: dict[str, Callable[[pygame.Surface, pygame.Rect], None]] = {
    "british": _british,
    "french": _french,
    "spanish": _spanish,
    "american": _american,
    "dutch": _bands(((174, 28, 40), WHITE, (33, 70, 139))),
    "danish": _nordic((198, 12, 48), WHITE, True),
    "swedish": _nordic((0, 82, 147), (254, 204, 0), True),
    "russian": _russian,
    "portuguese": _portuguese,
    "pirate": _pirate,
    "navy": _navy,
}

PAINT: dict[str, Paint] = {
    "british": Paint((30, 27, 25), (222, 176, 62)),  # black, with yellow ochre along the gun decks
    "french": Paint((34, 30, 28), (168, 58, 40)),  # black with red ochre
    "spanish": Paint((122, 38, 30), (30, 26, 24), (80, 40, 28)),  # red sides with black wales
    "american": Paint((28, 27, 27), (232, 228, 214)),  # black with a white strake
    "dutch": Paint((44, 38, 32), (70, 120, 84)),  # dark, with green
    "danish": Paint((40, 40, 42), (150, 152, 150)),  # black with grey
    "swedish": Paint((46, 34, 28), (118, 152, 186)),  # dark with a pale blue strake
    "russian": Paint((34, 32, 30), (150, 126, 80)),  # black with dull ochre
    "portuguese": Paint((36, 32, 30), (214, 206, 150)),  # black with a pale straw strake
    "pirate": Paint((58, 40, 30), (120, 28, 26)),  # weathered brown with a dull red strake
    "navy": Paint((32, 34, 44), (200, 190, 150)),  # dark blue-black with a buff strake
}
UNKNOWN_PAINT = Paint((48, 40, 34), (140, 120, 90))


#: The long pennant at her main masthead, by nation (the commissioning pennant, in one colour).
PENNANTS: dict[str, RGB] = {
    "british": RED, "french": BLUE, "spanish": DARK_RED, "american": RED, "dutch": (174, 28, 40),
    "danish": (198, 12, 48), "swedish": (0, 82, 147), "russian": SKY, "portuguese": WHITE,
    "pirate": (16, 16, 18), "navy": BLUE,
}


def pennant(nation: str) -> RGB:
    return PENNANTS.get(nation, WHITE)


def paint(nation: str) -> Paint:
    return PAINT.get(nation, UNKNOWN_PAINT)


def ensign(nation: str, size: tuple[int, int]) -> pygame.Surface:
    """Her ensign as a flag ``size`` pixels (hoist on the left), on a transparent surface."""
    w, h = max(2, size[0]), max(2, size[1])
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    ENSIGNS.get(nation, _unknown)(s, pygame.Rect(0, 0, w, h))
    return s


def known(nation: str) -> bool:
    """Whether this nation has paint and an ensign of its own."""
    return nation in ENSIGNS and nation in PAINT
