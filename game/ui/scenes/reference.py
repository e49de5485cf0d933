"""The rules tables in force, readable without leaving the program.

A player checking a range band or a critical hit mid-battle should not have
to find the rule book, so this scene lists the reference sections on the left
and shows the chosen one on the right.  It is an overlay: opened from a
battle it draws over the table (dimmed) and ``Back``/Escape pops it, leaving
the battle exactly as it was; opened from the menu it does the same there.

The text is the rule system's own (``RuleSystem.reference()``), in the markup
of :mod:`game.systems.reference_text`.

Also home to the two helpers every overlay here needs (:func:`make_scrim`,
:func:`is_input`): pygame_gui draws all scenes' widgets after the scenes'
own drawing, so an overlay must cover the widgets below with a widget of its
own, and must swallow input so the scene below does not act on it.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UISelectionList, UITextBox

from game.systems.base import RuleSystem
from game.systems.reference_text import TABLE_FACE, TABLE_PIXELS
from game.ui.app import Scene
from game.ui.keys import keys_section
from game.ui.scale import design, px
from game.ui.scale import rect as R

#: Above anything the scene below is likely to stack (panels, dropdowns, their lists).
OVERLAY_HEIGHT = 40

_INPUT = {
    pygame.KEYDOWN,
    pygame.KEYUP,
    pygame.TEXTINPUT,
    pygame.TEXTEDITING,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEWHEEL,
}


def is_input(event: pygame.event.Event) -> bool:
    """Keyboard and mouse events: what an overlay keeps from the scene beneath it."""
    return event.type in _INPUT


def make_scrim(scene: Scene) -> UIPanel:
    """A translucent panel over the whole window, above the widgets of the scenes below.

    It dims them (they are drawn after every scene's own drawing, so only a
    widget can cover them) and, being a panel, takes their clicks and hover.
    """
    return UIPanel(
        pygame.Rect((0, 0), scene.app.size),
        starting_height=OVERLAY_HEIGHT,
        manager=scene.app.ui,
        container=scene.root,
        object_id=ObjectID(class_id="@scrim"),
    )


def centred_card(scene: Scene, scrim: UIPanel, width: int, height: int) -> UIPanel:
    """The card an overlay scene sets its content on, centred on the window over its scrim."""
    w, h = scene.app.size
    return UIPanel(
        pygame.Rect((w - width) // 2, (h - height) // 2, width, height),
        starting_height=1,
        manager=scene.app.ui,
        container=scrim,
        object_id=ObjectID(class_id="@card"),
    )


def preload_reading_fonts(manager: pygame_gui.UIManager, sizes: tuple[int, ...] = (14, 15, 16)) -> None:
    """Bold and italic faces used by HTML text boxes, loaded up front (pygame_gui warns otherwise)."""
    try:
        fonts: Any = manager.get_theme().get_font_dictionary()  # loaded_fonts is not in the interface
        for size in (px(v) for v in sizes):  # the theme's sizes at the UI scale (game.ui.theme)
            for bold, italic in ((True, False), (False, True), (True, True)):
                if fonts.create_font_id(size, "noto_sans", bold, italic) not in fonts.loaded_fonts:
                    fonts.preload_font(size, "noto_sans", bold, italic)
        for bold in (False, True):  # the tables' monospaced face, header row bold
            if fonts.create_font_id(TABLE_PIXELS, TABLE_FACE, bold, False) not in fonts.loaded_fonts:
                fonts.preload_font(TABLE_PIXELS, TABLE_FACE, bold, False)
    except Exception:  # another pygame_gui or theme: the fonts then load on first use, with a warning
        pass


def select_item(selection_list: UISelectionList, index: int) -> None:
    """Highlight one row of a single-choice list without posting events.

    pygame_gui lets a click on the chosen row drop the choice, and keys do not
    move it; the scenes keep their own choice and show it with this.
    """
    for i, item in enumerate(selection_list.item_list):
        item["selected"] = i == index
        button = item.get("button_element")
        if button is not None:
            if i == index:
                button.select()
            else:
                button.unselect()


def _sections(system: RuleSystem) -> list[tuple[str, str]]:
    sections = list(system.reference()) or [("Rules reference", "No reference sections.")]
    return [*sections, keys_section(system)]


class ReferenceScene(Scene):
    """Sections on the left, the chosen one's text on the right, Back (Escape) to return."""

    overlay = True

    def __init__(self, app, system: RuleSystem | None = None) -> None:
        super().__init__(app)
        self.system = system or app.system
        self.sections = _sections(self.system)
        self.current = 0
        preload_reading_fonts(app.ui)
        self._build()

    # --- widgets -------------------------------------------------------------

    def _build(self) -> None:
        ui = self.app.ui
        w, h = design(self.app.size)  # laid out in design pixels (game.ui.scale), drawn by R
        self.scrim = make_scrim(self)
        self.card = centred_card(self, self.scrim, px(min(w - 64, 1180)), px(h - 64))
        inner_w, inner_h = design(self.card.get_container().get_size())
        pad = 18
        UILabel(
            R(pad, 12, inner_w - 2 * pad, 34),
            "Rules reference",
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@heading"),
        )
        named = self.system.title
        caption = f"{named}: the book's tables" if self.system.tables_name == named else (
            f"{named}, with the tables in force: {self.system.tables_name}"
        )
        UILabel(
            R(pad, 44, inner_w - 2 * pad, 22),
            caption,
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@caption"),
        )
        top = 76
        bottom = inner_h - 64
        list_w = min(300, max(250, inner_w // 4))
        self.items: list[str | tuple[str, str]] = [
            (title, f"#section_{i}") for i, (title, _) in enumerate(self.sections)
        ]
        self.list = UISelectionList(
            R(pad, top, list_w, bottom - top),
            self.items,
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@roomy_list"),
            default_selection=self.items[self.current],
        )
        self.text = UITextBox(
            self.sections[self.current][1],
            R(pad + list_w + 14, top, inner_w - 2 * pad - list_w - 14, bottom - top),
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@reading"),
        )
        UILabel(
            R(pad, inner_h - 48, inner_w // 2, 32),
            "Up / Down: sections    Escape: back",
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@caption"),
        )
        self.back = UIButton(
            R(inner_w - pad - 150, inner_h - 52, 150, 40),
            "Back",
            manager=ui,
            container=self.card,
            tool_tip_text="Close the rules reference and return (Escape).",
            object_id=ObjectID(class_id="@action_button"),
        )

    def show(self, index: int) -> None:
        """Show section ``index`` and mark it in the list."""
        index = max(0, min(len(self.sections) - 1, index))
        if index == self.current and self.text.html_text == self.sections[index][1]:
            return
        self.current = index
        self.text.set_text(self.sections[index][1])
        select_item(self.list, index)  # in step when the keyboard chose the section

    # --- scene ---------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            picked = self.list.get_single_selection(include_object_id=True)
            if isinstance(picked, tuple):
                for i, item in enumerate(self.items):
                    if item[1] == picked[1]:
                        self.show(i)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_j):
                self.show(self.current + 1)
            elif event.key in (pygame.K_UP, pygame.K_k):
                self.show(self.current - 1)
            elif event.key == pygame.K_HOME:
                self.show(0)
            elif event.key == pygame.K_END:
                self.show(len(self.sections) - 1)
            return True
        return is_input(event)

    def update(self, dt: float) -> None:
        if self.list.get_single_selection() is None:
            select_item(self.list, self.current)  # a click on the open section unselects it in pygame_gui

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.scrim.kill()
        self._build()
