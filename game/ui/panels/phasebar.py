"""The bar across the top: turn, phase, initiative order, who acts now."""

from __future__ import annotations

import pygame

from game.systems.base import TurnBar
from game.ui import palette as P
from game.ui.fonts import blit_text, fit_text
from game.ui.scale import px

HEIGHT = 40  # design pixels (game.ui.scale)


def draw_phase_bar(
    surf: pygame.Surface, width: int, state: object, bar: TurnBar, to_move: str | None, waiting: str,
    limit: int | None = None,
) -> None:
    """The turn, the order of play (one chip each, the acting one outlined), then what is happening now (and
    ``waiting``: a computer thinking, the far end of a network game).

    Nothing is written past ``limit`` (where the bar's buttons begin): the words shrink, then are cut short.
    """
    limit = width if limit is None else limit
    height = px(HEIGHT)
    mid = height // 2
    pygame.draw.rect(surf, P.PANEL, (0, 0, width, height))
    pygame.draw.line(surf, (70, 80, 90), (0, height - 1), (width, height - 1))
    x = px(10)
    r = blit_text(surf, bar.turn, (x, mid), 22, P.TEXT, "midleft", bold=True)
    x = r.right + px(18)
    for name, side, done, acting in bar.order:
        col = P.side_colour(state, side)
        img_r = blit_text(surf, name, (x + px(6), mid), 16, (140, 140, 140) if done else P.TEXT, "midleft")
        chip = img_r.inflate(px(12), px(10))
        pygame.draw.rect(surf, col, chip, 2 if acting else 1, border_radius=px(5))
        x = chip.right + px(6)
        if x > limit * 0.55:
            break
    words = bar.status + (f" — {waiting}" if waiting and bar.status else "")
    if to_move:
        col = P.side_colour(state, to_move)
        pygame.draw.circle(surf, col, (x + px(14), mid), px(7))
        x += px(26)
    img = fit_text(words, 18, P.TEXT, limit - x - px(8))
    surf.blit(img, img.get_rect(midleft=(x, mid)))

