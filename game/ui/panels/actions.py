"""Buttons for everything the rules allow now, built from the rule system's options.

The table's tools cover moving and aiming; these buttons cover the rest and
repeat the table's actions for players who prefer a button.  Nothing here knows
a rule book: each option brings its label, help, key and kind of control, and a
new command of any rule system appears here without a change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import groupby

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.systems.base import Command, Control, Option, Variant
from game.table.written import inches
from game.ui.scale import px

BUTTON_H = 22
ROW_H = 26  # from one row of buttons to the next
GAP = 4
TITLE_W = 58  # the column of group titles
BUTTON_PAD = 12  # a button's width beyond its words
SCROLL_BAR_W = 20
STEM_SHARE = 0.6  # at most this much of a row for the label a row of variants shares
CAPTION_FONT, CAPTION_SIZE = "noto_sans", 13  # as the theme's @action_caption
BUTTON_FONT_SIZE = 14  # pygame_gui's default, which the theme keeps for buttons

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
    #: The option's own label when it comes in several variants, which share a row under it.
    stem: str = ""
    #: The type of the option it gives (what a guide points at: "the End activation button").
    kind: str = ""


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


def tape_id(option: Option, options: list[Option]) -> str:
    """How the window names a tape option: its type, with the way it is laid when another option shares the type."""
    same = [o for o in options if o.control is Control.TAPE and o.type == option.type]
    return option.type if len(same) <= 1 else f"{option.type}@{option.measure}"



def actions_for(options: list[Option], tape: str | None, distance: float | None) -> list[Action]:
    """The buttons, in the order the rule system gives its options.

    ``tape``: the type of the option the measuring tape is laid for (None when there is
    no tape); ``distance``: what is measured on it.
    """
    out: list[Action] = []
    for o in options:
        if o.control is Control.TAPE:
            if tape == tape_id(o, options):
                out.append(Action(o.label, _tip(o.help, o.key), partial(str, COMMIT), key_code(o.key), o.group,
                                  kind=o.type))
            elif o.lay_label:
                out.append(Action(o.lay_label, _tip(o.help, o.lay_key), partial(LayTape, tape_id(o, options)),
                                  key_code(o.lay_key), o.group, kind=o.type))
            continue
        for v in o.variants or (Variant({}, o.label, o.help, o.key),):
            values = dict(v.values)
            label = v.label
            if o.control is Control.TAPE_DISTANCE:
                lo, hi = o.ranges["distance"]
                values["distance"] = hi if distance is None else min(hi, max(lo, distance))
                label = label.replace("{distance}", inches(values["distance"]))
            out.append(Action(label, _tip(v.help or o.help, v.key), partial(o.command, **values), key_code(v.key),
                              o.group, o.target, o.label if len(o.variants) > 1 else "", o.type))
    return out


def short(label: str, stem: str) -> str:
    """A variant's words without the option's own, which its row already shows ("hull" for "Fire port at X: hull")."""
    if stem and label.startswith(stem) and len(label) > len(stem):
        return label[len(stem):].lstrip(" :\u2014\u2013-") or label
    return label


def _after_title(words: str, title: str) -> str:
    """A row's label without its group's title word, which the title column already says."""
    if title and words.lower().startswith(title.lower() + " "):
        return words[len(title) + 1:]
    return words


@dataclass(frozen=True)
class Placed:
    """Where one thing sits in the panel: a button for an action, or a caption (``action`` None)."""

    text: str
    rect: pygame.Rect
    action: Action | None = None


def arrange(
    actions: list[Action], groups: Sequence[tuple[str, str]], width: int, measure: Callable[[str, bool], int]
) -> tuple[list[Action], list[Placed], int]:
    """Lay the actions out in rows by group, buttons sized to their words, as compact as they read.

    Returns the actions in the order they are shown (the digit keys press the
    first nine of that order), where each button and caption goes, and the height
    it all takes.  A group starts a row, its title in a column on the left; an
    option with several variants takes a row of its own, its label then a short
    button per variant (no label when one variant's words are the option's own:
    that button says it); other buttons flow along the row and wrap.
    ``measure(words, caption)`` is the width a button (or a caption) needs.
    """
    order = {g: i for i, (g, _) in enumerate(groups)}
    titles = dict(groups)
    gathered: dict[str, list[Action]] = {}
    for a in actions:
        gathered.setdefault(a.group, []).append(a)
    names = sorted(gathered, key=lambda g: order.get(g, len(order)))  # stable: unknown groups as they came
    shown = {g: titles.get(g, g.capitalize()) for g in names}
    gap, row_h, button_h = px(GAP), px(ROW_H), px(BUTTON_H)
    left = px(TITLE_W) if any(shown.values()) else 0
    ordered: list[Action] = []
    placed: list[Placed] = []
    y = 0
    for g in names:
        if shown[g]:
            placed.append(Placed(shown[g], pygame.Rect(0, y, left - gap, button_h)))
        x = left
        plain_first = sorted(gathered[g], key=lambda a: bool(a.stem))  # stable: lone buttons share the first row
        for stem, group_run in groupby(plain_first, key=lambda a: a.stem):
            run = list(group_run)
            indent = left
            if stem:
                if x > left:
                    y, x = y + row_h, left
                if all(a.label != stem for a in run):
                    words = _after_title(stem, shown[g])
                    cap_w = min(measure(words, True), int((width - left) * STEM_SHARE))
                    placed.append(Placed(words, pygame.Rect(x, y, cap_w, button_h)))
                    x = indent = x + cap_w + gap
            for a in run:
                n = len(ordered)
                words = short(a.label, stem)
                words = f"{n + 1}  {words}" if n < 9 else words  # the digit keys press the first nine
                w = min(measure(words, False), width - indent)
                if x + w > width and x > indent:
                    y, x = y + row_h, indent
                placed.append(Placed(words, pygame.Rect(x, y, min(w, width - x), button_h), a))
                ordered.append(a)
                x += w + gap
            if stem:  # a row of variants ends its row
                y, x = y + row_h, left
        if x > left:
            y += row_h
    return ordered, placed, y


class ActionPanel:
    """The buttons, always in view: rebuilt at the top whenever the options change.

    ``needed`` is the height the buttons take, for the scene to make room; the
    panel scrolls only when the window is too short to give it.
    """

    def __init__(self, rect: pygame.Rect, manager, container, groups: Sequence[tuple[str, str]] = ()) -> None:
        self.manager = manager
        self.rect = rect
        self.groups = tuple(groups)
        self.container = container
        self.scroll = self._new_scroll()
        self.buttons: dict[pygame_gui.elements.UIButton, Action] = {}
        self.key: tuple | None = None
        self.actions: list[Action] = []
        self._given: list[Action] = []
        self.needed = 0

    def set_actions(self, actions: list[Action], key: tuple) -> None:
        if key == self.key:
            return
        self.key = key
        self._given = actions
        self._build()

    def _new_scroll(self) -> pygame_gui.elements.UIScrollingContainer:
        return pygame_gui.elements.UIScrollingContainer(
            self.rect, manager=self.manager, container=self.container, allow_scroll_x=False
        )

    def _font(self, caption: bool):
        """The font pygame_gui sets a caption or a button in, at the UI scale (game.ui.theme)."""
        fonts = self.manager.get_theme().get_font_dictionary()
        if caption:
            return fonts.find_font(px(CAPTION_SIZE), CAPTION_FONT, bold=True)
        return fonts.find_font(px(BUTTON_FONT_SIZE), CAPTION_FONT)

    def _measure(self, words: str, caption: bool) -> int:
        return int(self._font(caption).size(words)[0]) + (2 if caption else px(BUTTON_PAD))

    def _fit(self, words: str, width: int) -> str:
        """A caption cut with an ellipsis to fit ``width`` (its button tips say it in full)."""
        font = self._font(True)
        if font.size(words)[0] <= width:
            return words
        while words and font.size(words + "\u2026")[0] > width:
            words = words[:-1]
        return words.rstrip() + "\u2026"

    def _build(self) -> None:
        # a new scroller each time, at the top: a list scrolled down and then changed must never
        # leave the panel blank (pygame_gui's scroller keeps a stale offset when its area shrinks)
        self.scroll.kill()
        self.scroll = self._new_scroll()
        self.buttons = {}
        width = self.rect.width - 4
        self.actions, placed, height = arrange(self._given, self.groups, width, self._measure)
        if height > self.rect.height:  # it must scroll: make room for the scroll bar
            self.actions, placed, height = arrange(self._given, self.groups, width - px(SCROLL_BAR_W), self._measure)
        self.needed = height
        for p in placed:
            if p.action is None:
                pygame_gui.elements.UILabel(
                    p.rect, self._fit(p.text, p.rect.width), manager=self.manager, container=self.scroll,
                    object_id=ObjectID(class_id="@action_caption"),
                )
            else:
                a = p.action
                button = pygame_gui.elements.UIButton(
                    p.rect, p.text, manager=self.manager, container=self.scroll,
                    tool_tip_text=a.tip if p.text.endswith(a.label) else f"{a.label}: {a.tip}",  # a short one: in full
                )
                self.buttons[button] = a
        self.scroll.set_scrollable_area_dimensions((width, max(1, height)))

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
        if rect == self.rect:
            return
        self.rect = rect
        self._build()
