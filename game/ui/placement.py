"""Where passing words go (tool tips, the program's one-line messages): never over what the player is using.

pygame_gui puts a tool tip under the pointer's widget and the program's
messages sat at the bottom middle of the window; in the battle both fell on
the action buttons, the log and the measuring tape's label, and in the menu on
the scenario list.  Each scene names what must stay clear (``Scene.keep_clear``)
and where its messages belong (``Scene.message_area``); these functions pick
the first free spot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui

GAP = 6


def _free(r: pygame.Rect, window: pygame.Rect, avoid: Sequence[pygame.Rect]) -> bool:
    return window.contains(r) and r.collidelist(list(avoid)) < 0


def tip_spot(
    size: tuple[int, int], anchor: pygame.Rect, window: pygame.Rect, avoid: Sequence[pygame.Rect]
) -> pygame.Rect:
    """A tool tip of ``size`` beside ``anchor`` (its widget): below, above, left, right, in that order of
    preference, the first that covers nothing in ``avoid``; failing all, the first that stays on screen and
    off the widget itself."""
    w, h = size
    spots = [
        pygame.Rect(anchor.left, anchor.bottom + GAP, w, h),
        pygame.Rect(anchor.left, anchor.top - GAP - h, w, h),
        pygame.Rect(anchor.left - GAP - w, anchor.top, w, h),
        pygame.Rect(anchor.right + GAP, anchor.top, w, h),
    ]
    # beside a panel that must stay clear: off its left or right edge, at the widget's height
    for block in avoid:
        if block.colliderect(anchor):
            spots.append(pygame.Rect(block.left - GAP - w, anchor.top, w, h))
            spots.append(pygame.Rect(block.right + GAP, anchor.top, w, h))
    fitted = [s.clamp(window) for s in spots]
    for s in fitted:
        if _free(s, window, avoid) and not s.colliderect(anchor):
            return s
    for s in fitted:
        if not s.colliderect(anchor):
            return s
    return fitted[0]


def message_spot(
    size: tuple[int, int], area: pygame.Rect, avoid: Sequence[pygame.Rect], first: str = "bottom"
) -> pygame.Rect:
    """A message box of ``size`` centred at the ``first`` edge of ``area`` (bottom or top), else the other,
    else wherever it covers least."""
    bottom = pygame.Rect(0, 0, *size)
    bottom.midbottom = (area.centerx, area.bottom - GAP)
    top = pygame.Rect(0, 0, *size)
    top.midtop = (area.centerx, area.top + GAP)
    spots = [bottom.clamp(area), top.clamp(area)]
    if first == "top":
        spots.reverse()
    for s in spots:
        if s.collidelist(list(avoid)) < 0:
            return s

    def covered(r: pygame.Rect) -> int:
        return sum(r.clip(a).width * r.clip(a).height for a in avoid)

    return min(spots, key=covered)


class TipManager(pygame_gui.UIManager):
    """pygame_gui's manager, placing each tool tip off whatever the scene on top keeps clear."""

    def __init__(self, *args: Any, keep_clear: Callable[[], list[pygame.Rect]] = list, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keep_clear = keep_clear

    def create_tool_tip(self, text, position, hover_distance, parent_element, object_id, **kwargs):  # type: ignore[no-untyped-def]
        tip = super().create_tool_tip(text, position, hover_distance, parent_element, object_id, **kwargs)
        if parent_element is None:
            return tip
        window = self.get_root_container().get_rect()
        spot = tip_spot(tip.rect.size, parent_element.get_abs_rect(), window, self.keep_clear())
        tip.set_position(spot.topleft)
        return tip
