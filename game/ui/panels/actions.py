"""Buttons for everything the rules allow now, built from the rule system's options.

The table's tools cover moving and aiming; these buttons cover the rest and
repeat the table's actions for players who prefer a button.  Nothing here knows
a rule book: each option brings its label, help, key and kind of control, and a
new command of any rule system appears here without a change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame
import pygame_gui

from game.systems.base import Command, Control, Option, Variant
from game.table.written import inches

BUTTON_H = 30

#: What a tape button asks of the scene: commit the tape, or lay it for another option.
COMMIT = "commit"


@dataclass(frozen=True)
class LayTape:
    """Lay the tape for the option of this type (the scene's own action, not a command)."""

    option: str


@dataclass
class Action:
    label: str
    tip: str
    make: Callable[[], Command | str | LayTape]  # a command, COMMIT, or LayTape
    key: int | None = None
    group: str = ""
    target: str | None = None  # the ship a shot or a boarding is aimed at


def key_code(name: str) -> int | None:
    """pygame's key for a key name ("e", "=", "return"); None for no key or one pygame does not know."""
    if not name:
        return None
    try:
        return int(pygame.key.key_code(name))
    except ValueError:
        return None


def _tip(text: str, key: str) -> str:
    return f"{text} (key {key.upper() if len(key) == 1 else key.capitalize()})" if key else text


def actions_for(options: list[Option], tape: str | None, distance: float | None) -> list[Action]:
    """The buttons, in the order the rule system gives its options.

    ``tape``: the type of the option the measuring tape is laid for (None when there is
    no tape); ``distance``: what is measured on it.
    """
    out: list[Action] = []
    for o in options:
        if o.control is Control.TAPE:
            if o.type == tape:
                out.append(Action(o.label, _tip(o.help, o.key), partial(str, COMMIT), key_code(o.key), o.group))
            elif o.lay_label:
                out.append(Action(o.lay_label, _tip(o.help, o.lay_key), partial(LayTape, o.type),
                                  key_code(o.lay_key), o.group))
            continue
        for v in o.variants or (Variant({}, o.label, o.help, o.key),):
            values = dict(v.values)
            label = v.label
            if o.control is Control.TAPE_DISTANCE:
                lo, hi = o.ranges["distance"]
                values["distance"] = hi if distance is None else min(hi, max(lo, distance))
                label = label.replace("{distance}", inches(values["distance"]))
            out.append(Action(label, _tip(v.help or o.help, v.key), partial(o.command, **values), key_code(v.key),
                              o.group, o.target))
    return out


class ActionPanel:
    def __init__(self, rect: pygame.Rect, manager, container) -> None:
        self.manager = manager
        self.rect = rect
        self.scroll = pygame_gui.elements.UIScrollingContainer(
            rect, manager=manager, container=container, allow_scroll_x=False
        )
        self.buttons: dict[pygame_gui.elements.UIButton, Action] = {}
        self.key: tuple | None = None
        self.actions: list[Action] = []

    def set_actions(self, actions: list[Action], key: tuple) -> None:
        if key == self.key:
            return
        self.key = key
        for b in self.buttons:
            b.kill()
        self.buttons = {}
        self.actions = actions
        w = self.rect.width - 20
        for i, a in enumerate(actions):
            label = f"{i + 1}  {a.label}" if i < 9 else a.label  # the digit keys press the first nine
            b = pygame_gui.elements.UIButton(
                pygame.Rect(0, i * (BUTTON_H + 4), w, BUTTON_H), label, manager=self.manager,
                container=self.scroll, tool_tip_text=a.tip,
            )
            self.buttons[b] = a
        self.scroll.set_scrollable_area_dimensions((w, max(1, len(actions) * (BUTTON_H + 4))))

    def clicked(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.buttons.get(event.ui_element)
        return None

    def for_key(self, key: int) -> Action | None:
        if pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            return self.actions[i] if i < len(self.actions) else None
        for a in self.actions:
            if a.key == key:
                return a
        return None

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.scroll.set_relative_position(rect.topleft)
        self.scroll.set_dimensions(rect.size)
        self.key = None
