"""The replay viewer's buttons, where the battle has its actions: move through the battle, play, take command.

Every button has a key, named in its tool tip and on the F1 Keys page
(``game.ui.keys.REPLAY_KEYS``); a button and its key do the same thing,
through the scene's ``act(name)``.  Above the buttons two lines say what
is being watched and where in it the table stands.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.ui import palette as P
from game.ui.fonts import blit_text
from game.ui.fonts import text as render
from game.ui.scale import px


@dataclass(frozen=True)
class Control:
    name: str
    label: str
    tip: str
    key: str


#: The buttons in their rows; ``key`` as the tool tip and the Keys page name it.
ROWS: tuple[tuple[Control, ...], ...] = (
    (
        Control("turn_back", "\u00ab Turn", "Back to the start of this turn, or of the turn before", "PageUp"),
        Control("activation_back", "\u2039 Ship", "Back to the start of this activation, or of the one before",
                "Shift+Left"),
        Control("step_back", "\u2039 Step", "One command back", "Left"),
        Control("step", "Step \u203a", "One command on, sailed and rolled as it was played", "Right"),
        Control("activation", "Ship \u203a", "On to the end of this activation", "Shift+Right"),
        Control("turn", "Turn \u00bb", "On to the start of the next turn", "PageDown"),
    ),
    (
        Control("start", "Start", "Back to the battle as it was set up", "Home"),
        Control("play", "Play", "Play the battle on at the speed shown; again to pause", "Space"),
        Control("end", "End", "On to the last command of the battle", "End"),
    ),
    (
        Control("slower", "Slower", "Play more slowly", "-"),
        Control("faster", "Faster", "Play faster", "+"),
    ),
    (
        Control("branch", "Take command from here\u2026",
                "Play on from this point as a new battle: choose who commands each side", "T"),
        Control("close", "Close", "Leave the replay", "Esc"),
    ),
)
CONTROLS = {c.name: c for row in ROWS for c in row}
CAPTION_H = 46
ROW_H = 34
BUTTON_H = 30
GAP = 5
HEIGHT = CAPTION_H + len(ROWS) * ROW_H + 4  # design pixels (game.ui.scale)
#: The share of a row each button takes, by row (the rest of a row is split evenly).
_WIDTHS = {"play": 2.0, "branch": 2.4, "slower": 1.0, "faster": 1.0}


def tip(control: Control) -> str:
    return f"{control.tip}.  Key: {control.key}"


class ReplayControls:
    """The buttons in ``rect`` (on the scene's root), and the two caption lines drawn above them."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, container) -> None:
        self.manager = manager
        self.container = container
        self.rect = pygame.Rect(rect)
        self.buttons: dict[str, UIButton] = {}
        self.title = ""
        self.where = ""
        self.speed_text = ""
        self._build()

    def _build(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        y = self.rect.top + px(CAPTION_H)
        for row in ROWS:
            shares = [_WIDTHS.get(c.name, 1.0) for c in row]
            room = self.rect.width - px(GAP) * (len(row) - 1)
            if row[0].name == "slower":  # the speed is written between Slower and Faster
                room -= px(SPEED_W) + px(GAP)
            x = float(self.rect.left)
            for c, share in zip(row, shares, strict=True):
                w = room * share / sum(shares)
                self.buttons[c.name] = UIButton(
                    pygame.Rect(round(x), y, round(w), px(BUTTON_H)), c.label, manager=self.manager,
                    container=self.container, tool_tip_text=tip(c),
                )
                x += w + px(GAP)
                if c.name == "slower":
                    self.speed_rect = pygame.Rect(round(x), y, px(SPEED_W), px(BUTTON_H))
                    x += px(SPEED_W) + px(GAP)
            y += px(ROW_H)

    def set_rect(self, rect: pygame.Rect) -> None:
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self._build()

    def clicked(self, element) -> str | None:
        """The control a pressed button stands for, if it is one of these."""
        return next((name for name, b in self.buttons.items() if b is element), None)

    def refresh(
        self, *, point: int, total: int, playing: bool, speed: str, can_slower: bool, can_faster: bool,
        branch_refusal: str | None,
    ) -> None:
        """Enable what can be done at ``point`` and name the play button for what it would do."""
        b = self.buttons
        self.speed_text = speed
        for name in ("turn_back", "activation_back", "step_back", "start"):
            _able(b[name], point > 0)
        for name in ("step", "activation", "turn", "end"):
            _able(b[name], point < total)
        _able(b["slower"], can_slower)
        _able(b["faster"], can_faster)
        label = "Pause" if playing else ("Play again" if point >= total and total else "Play")
        if b["play"].text != label:
            b["play"].set_text(label)
        _able(b["play"], total > 0)
        branch = b["branch"]
        _able(branch, branch_refusal is None)
        wanted = tip(CONTROLS["branch"]) if branch_refusal is None else branch_refusal
        if branch.tool_tip_text != wanted:
            branch.tool_tip_text = wanted  # a disabled button shows no tip: the reason is also in the caption

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        blit_text(surf, _fit(self.title, r.width, 18, True), (r.left + 2, r.top + 2), 18, (230, 199, 122), bold=True)
        blit_text(surf, _fit(self.where, r.width, 17, False), (r.left + 2, r.top + 24), 17, P.TEXT)
        if hasattr(self, "speed_rect"):
            blit_text(surf, self.speed_text, self.speed_rect.center, 20, P.TEXT, "center", bold=True)

    def kill(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}


SPEED_W = 64


def _able(button: UIButton, on: bool) -> None:
    if on and not button.is_enabled:
        button.enable()
    elif not on and button.is_enabled:
        button.disable()


def _fit(s: str, width: int, size: int, bold: bool) -> str:
    """``s`` cut with an ellipsis to fit ``width`` pixels."""
    if render(s, size, P.TEXT, bold).get_width() <= width:
        return s
    while s and render(s + "\u2026", size, P.TEXT, bold).get_width() > width:
        s = s[:-1]
    return s + "\u2026"
