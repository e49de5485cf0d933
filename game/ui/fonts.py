"""Rendered text, cached: drawing the same label every frame must cost a blit."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame

from game.ui.scale import px

#: Characters of a message the window shows; a longer one (quoting a hostile file, say) is cut.
MAX_MESSAGE = 600


def message(s: str) -> str:
    """A message for the player: drawable, and never so long that laying it out stalls the window."""
    s = shown(s)
    return s if len(s) <= MAX_MESSAGE else s[: MAX_MESSAGE - 1] + "\u2026"


def shown(s: str) -> str:
    """Text as it can be drawn: a control code or an unpaired surrogate (from a damaged file) becomes \ufffd.

    pygame refuses to render a NUL, and a name read from a hostile save must not
    take the window down.
    """
    if s.isprintable():
        return s
    return "".join(
        c if c in "\n\t" or unicodedata.category(c) not in ("Cc", "Cs", "Co", "Cn") else "\ufffd" for c in s
    )


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The window's type at ``size`` design points, drawn at the UI scale in force (game.ui.scale)."""
    f = pygame.font.Font(None, max(6, px(size)))
    f.set_bold(bold)
    return f


@lru_cache(maxsize=4096)
def text(s: str, size: int = 18, colour: tuple[int, int, int] = (236, 232, 220), bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(shown(s), True, colour)


def blit_text(
    surf: pygame.Surface,
    s: str,
    pos: tuple[float, float],
    size: int = 18,
    colour: tuple[int, int, int] = (236, 232, 220),
    anchor: str = "topleft",
    bold: bool = False,
    shadow: bool = False,
) -> pygame.Rect:
    img = text(s, size, colour, bold)
    r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surf.blit(text(s, size, (0, 0, 0), bold), r.move(1, 1))
    surf.blit(img, r)
    return r


def forget() -> None:
    font.cache_clear()
    text.cache_clear()


def fit_text(
    s: str, size: int, colour: tuple[int, int, int], max_w: int, bold: bool = False, shrink: int = 4
) -> pygame.Surface:
    """``s`` rendered no wider than ``max_w``: up to ``shrink`` sizes smaller, then cut with an ellipsis.

    Shrinking only a little keeps the card's type consistent; a long ship name
    or armament is better cut than made unreadable.
    """
    max_w = max(1, int(max_w))
    for sz in range(size, max(8, size - shrink) - 1, -1):
        img = text(s, sz, colour, bold)
        if img.get_width() <= max_w:
            return img
    sz = max(8, size - shrink)
    lo, hi = 0, len(s)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text(s[:mid].rstrip() + "…", sz, colour, bold).get_width() <= max_w:
            lo = mid
        else:
            hi = mid - 1
    img = text((s[:lo].rstrip() + "…") if lo else "…", sz, colour, bold)
    if img.get_width() > max_w:  # not even the ellipsis fits: crop
        img = img.subsurface((0, 0, max_w, img.get_height()))
    return img
