"""Labels that keep out of each other's way.

At the fitted zoom an inch is a dozen pixels, so the tape's "min", "max", the
planned distance and the turn label all want the same few pixels beside the bow.
Drawn where they are anchored they print over each other and nobody can read the
numbers a move depends on.  A :class:`LabelPlacer` hands out screen rectangles in
order of importance: each label tries its anchored place, then steps away along
a direction it is given until it is clear of everything placed before it.  A
label that may be dropped (a tick number, a min/max mark the green stretch already
shows) is skipped when it finds no room; the others are always placed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.ui.fonts import text

STEPS = 8  # how many line heights a label may walk away from its anchor


@dataclass
class Placed:
    """One label's text, style and the screen rectangle it was given."""

    text: str
    size: int
    colour: tuple[int, int, int]
    bold: bool
    rect: pygame.Rect


@dataclass
class LabelPlacer:
    """Screen rectangles handed out in order; later labels walk around earlier ones."""

    taken: list[pygame.Rect] = field(default_factory=list)
    placed: list[Placed] = field(default_factory=list)
    #: Where labels must stay (the table's view): one near an edge is moved in rather than cut off.
    bounds: pygame.Rect | None = None

    def block(self, rect: pygame.Rect) -> None:
        """Keep labels off something that is not a label (the turning handle)."""
        self.taken.append(pygame.Rect(rect))

    def place(
        self,
        s: str,
        pos: tuple[float, float],
        size: int,
        colour: tuple[int, int, int],
        anchor: str = "midbottom",
        push: tuple[float, float] = (0.0, -1.0),
        bold: bool = False,
        optional: bool = False,
        steps: int = STEPS,
    ) -> Placed | None:
        """Put a label at ``pos`` or the nearest clear spot along ``push`` (a screen direction) or across it, at most
        ``steps`` label heights away (0: only where it is anchored, for a number that means nothing elsewhere)."""
        w, h = text(s, size, colour, bold).get_size()
        r = self.reserve((w, h), pos, anchor, push, optional, steps)
        if r is None:
            return None
        p = Placed(s, size, colour, bold, r)
        self.placed.append(p)
        return p

    def reserve(
        self,
        size: tuple[int, int],
        pos: tuple[float, float],
        anchor: str = "midbottom",
        push: tuple[float, float] = (0.0, -1.0),
        optional: bool = False,
        steps: int = STEPS,
    ) -> pygame.Rect | None:
        """A clear rectangle of ``size`` for something drawn by its caller (a name with its badges), as ``place``."""
        base = pygame.Rect(0, 0, *size)
        setattr(base, anchor, (round(pos[0]), round(pos[1])))
        base = self._inside(base)
        n = math.hypot(*push) or 1.0
        ux, uy = push[0] / n, push[1] / n
        # walk in steps of a line's height whatever the direction: a step of the label's width
        # (sideways pushes) threw the turn label a hundred pixels and more from its handle
        step = min(size[1], 24) + 2.0
        if base.collidelist(self.taken) < 0:
            return self._take(base)
        # nearest clear spot first: along the push, then to either side of it
        for k in range(1, steps + 1):
            for dx, dy in ((ux, uy), (-uy, ux), (uy, -ux)):
                r = self._inside(base.move(round(dx * step * k), round(dy * step * k)))
                if r.collidelist(self.taken) < 0:
                    return self._take(r)
        if optional:
            return None
        return self._take(base)

    def _inside(self, r: pygame.Rect) -> pygame.Rect:
        return r.clamp(self.bounds) if self.bounds is not None else r

    def _take(self, r: pygame.Rect) -> pygame.Rect:
        self.taken.append(r)
        return r


def blit_placed(surf: pygame.Surface, p: Placed, shadow: bool = True) -> None:
    """Draw a placed label (with the one-pixel shadow the table labels use)."""
    if shadow:
        surf.blit(text(p.text, p.size, (0, 0, 0), p.bold), p.rect.move(1, 1))
    surf.blit(text(p.text, p.size, p.colour, p.bold), p.rect)
