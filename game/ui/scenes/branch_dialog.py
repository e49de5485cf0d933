"""'Take command from here': who commands each side of the battle that plays on from the replay's point.

The same choice as the new-battle panel of the menu (human, or one of the
computer players), one row per side, over the replay.  The sides start as
the battle watched had them when a person commanded any of them (a player
taking back his own battle), else as a new battle would (the first side
yours, the strongest computer player for the rest).
"""

from __future__ import annotations

import html

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UIImage, UILabel, UITextBox, UIWindow

from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.menu import HUMAN, default_players, kind_label, levels_tooltip, player_kinds

ROW_H = 42


class BranchDialog:
    """The window and its widgets; the scene reads :meth:`players` when Take command is pressed."""

    def __init__(self, scene, sides: list[tuple[str, str, tuple[int, int, int]]], played_by: dict[str, str],
                 words: str) -> None:
        ui = scene.app.ui
        self.kinds = player_kinds()
        ids = [side for side, _, _ in sides]
        if any(played_by.get(s) == HUMAN for s in ids):
            chosen = {s: played_by.get(s, HUMAN) for s in ids}
        else:
            chosen = default_players(ids, self.kinds)
        sw, sh = design(scene.app.size)  # laid out in design pixels (game.ui.scale), drawn by R
        w = min(sw - 40, 600)
        h = 290 + ROW_H * len(sides)
        rect = R((sw - w) // 2, (sh - h) // 2, w, h)
        self.window = UIWindow(rect, ui, window_display_title="Take command from here", always_on_top=True,
                               object_id=ObjectID(object_id="#branch_dialog"))
        cw = design(self.window.get_container().get_size())[0]
        pad = 16
        UITextBox(html.escape(words), R(pad, 10, cw - 2 * pad, 136), manager=ui,
                  container=self.window, object_id=ObjectID(class_id="@reading"))
        y = 156
        UILabel(R(pad, y, cw - 2 * pad, 22), "Who commands", manager=ui, container=self.window,
                object_id=ObjectID(class_id="@field_label"))
        y += 28
        options: list[str | tuple[str, str]] = [(kind_label(k), k) for k in self.kinds]
        menu_w = min(250, cw // 2)
        self.menus: dict[str, UIDropDownMenu] = {}
        for side, name, colour in sides:
            swatch = pygame.Surface((px(14), px(14)))
            swatch.fill(colour)
            pygame.draw.rect(swatch, (200, 168, 96), swatch.get_rect(), 1)
            UIImage(R(pad, y + 10, 14, 14), swatch, manager=ui, container=self.window)
            UILabel(R(pad + 20, y + 6, cw - menu_w - 2 * pad - 24, 22), name, manager=ui,
                    container=self.window, object_id=ObjectID(class_id="@field_label"))
            kind = chosen.get(side, HUMAN)
            kind = kind if kind in self.kinds else HUMAN
            self.menus[side] = UIDropDownMenu(
                options, (kind_label(kind), kind), R(cw - pad - menu_w, y, menu_w, 34), manager=ui,
                container=self.window, object_id=ObjectID(object_id=f"#branch_player_{side}",
                                                          class_id="@player_kind"),
            )
            if levels_tooltip(self.kinds):
                self.menus[side].set_tooltip(levels_tooltip(self.kinds))
            y += ROW_H
        by = y + 14
        self.take_button = UIButton(
            R(cw - pad - 190, by, 190, 40), "Take command", manager=ui, container=self.window,
            tool_tip_text="Replay the battle to here and play on as a new battle.  Key: Enter",
            object_id=ObjectID(object_id="#take_command", class_id="@action_button"),
        )
        self.cancel_button = UIButton(
            R(cw - pad - 190 - 12 - 120, by, 120, 40), "Cancel", manager=ui, container=self.window,
            tool_tip_text="Back to the replay.  Key: Escape",
            object_id=ObjectID(object_id="#cancel_command", class_id="@action_button"),
        )

    def players(self) -> dict[str, str]:
        return {side: menu.selected_option[1] for side, menu in self.menus.items()}

    def alive(self) -> bool:
        return self.window.alive()

    def kill(self) -> None:
        self.window.kill()
