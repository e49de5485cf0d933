"""The campaign's two years as a strip of months: where the war stands and when new ships sail.

Gifford's sheet counts 24 turns; the strip shows each as a cell, the months
gone by dimmed, the current one lit, and a brass mark under each month in
which one of the side's own ships leaves the builders' yard.
"""

from __future__ import annotations

import pygame

from game.campaign.state import BUILDING, Campaign
from game.ui.fonts import fit_text
from game.ui.scale import px

_PAST = (30, 40, 52)
_FUTURE = (20, 30, 42)
_NOW = (200, 168, 96)
_EDGE = (92, 80, 52)
_TEXT = (236, 228, 208)
_DIM = (120, 130, 140)
_LAUNCH = (150, 190, 230)


def launches(c: Campaign, side: str | None) -> dict[int, list[str]]:
    """Month -> names of her ships in the builders' yard that sail that month (none for no side)."""
    out: dict[int, list[str]] = {}
    if side is None:
        return out
    for ship in c.side(side).ships:
        if ship.status == BUILDING and ship.ready_month:
            out.setdefault(ship.ready_month, []).append(ship.name)
    return out


def draw_calendar(surface: pygame.Surface, rect: pygame.Rect, c: Campaign, side: str | None, months: int) -> None:
    """The strip in ``rect`` (screen pixels): ``months`` cells; launches marked for ``side``."""
    due = launches(c, side)
    gap = max(1, px(3))
    cell_w = (rect.w - gap * (months - 1)) / months
    mark_h = max(3, px(5))
    cell_h = rect.h - mark_h - px(2)
    for m in range(1, months + 1):
        x = rect.x + round((m - 1) * (cell_w + gap))
        cell = pygame.Rect(x, rect.y, max(1, round(cell_w)), cell_h)
        now = m == c.month and c.stage != "over"
        past = m < c.month or (c.stage == "over" and m <= c.month)
        pygame.draw.rect(surface, _NOW if now else _PAST if past else _FUTURE, cell, border_radius=3)
        pygame.draw.rect(surface, _EDGE, cell, 1, border_radius=3)
        colour = (20, 24, 30) if now else _DIM if past else _TEXT
        label = fit_text(str(m), 14, colour, cell.w - 2, bold=now)
        surface.blit(label, label.get_rect(center=cell.center))
        if m in due:
            mark = pygame.Rect(cell.x + 2, cell.bottom + px(2), cell.w - 4, mark_h)
            pygame.draw.rect(surface, _LAUNCH, mark, border_radius=2)
