"""The bar across the top: turn, phase, initiative order, who acts now."""

from __future__ import annotations

import pygame

from game.systems.btq21.state import GameState
from game.ui import palette as P
from game.ui.fonts import blit_text

HEIGHT = 40


def phase_words(state: GameState, to_move: str | None, thinking: bool) -> str:
    if state.phase == "over":
        return "battle over"
    if state.snap:
        return f"{state.ships[state.snap[0]].name} may snap fire at her boarder"
    if state.fas_window:
        return f"{state.ships[state.fas_window[0]].name} may fire as she bears"
    act = state.activation
    who = P.side_name(state, to_move) if to_move else ""
    if act is not None:
        s = state.ships[act.ship]
        seg = f"segment {min(act.segment + 1, act.segments_allowed)} of {act.segments_allowed}"
        if act.movement_over or act.segment >= act.segments_allowed:
            seg = "movement done"
        return f"{s.name} is active — {seg}" + (" — thinking…" if thinking else "")
    sq = state.active_squadron
    if sq is not None:
        return f"{who}: choose a ship of {sq.name} to activate" + (" — thinking…" if thinking else "")
    return ""


def draw_phase_bar(surf: pygame.Surface, width: int, state: GameState, to_move: str | None, thinking: bool) -> None:
    pygame.draw.rect(surf, P.PANEL, (0, 0, width, HEIGHT))
    pygame.draw.line(surf, (70, 80, 90), (0, HEIGHT - 1), (width, HEIGHT - 1))
    x = 10
    r = blit_text(surf, f"Turn {state.turn} of {state.turn_limit}", (x, HEIGHT // 2), 22, P.TEXT, "midleft", bold=True)
    x = r.right + 18
    # initiative order: one chip per squadron, the active one outlined
    for i, sq_id in enumerate(state.order):
        sq = state.squadrons[sq_id]
        col = P.side_colour(state, sq.side)
        done = i < state.order_index
        img_r = blit_text(surf, sq.name, (x + 6, HEIGHT // 2), 16, (140, 140, 140) if done else P.TEXT, "midleft")
        chip = img_r.inflate(12, 10)
        pygame.draw.rect(surf, col, chip, 2 if i == state.order_index else 1, border_radius=5)
        x = chip.right + 6
        if x > width * 0.55:
            break
    words = phase_words(state, to_move, thinking)
    if to_move:
        col = P.side_colour(state, to_move)
        pygame.draw.circle(surf, col, (x + 14, HEIGHT // 2), 7)
        x += 26
    blit_text(surf, words, (x, HEIGHT // 2), 18, P.TEXT, "midleft")
