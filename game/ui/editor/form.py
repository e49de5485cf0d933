"""Rows of labelled controls in the editor's side panel, each with the edit it makes.

Every control is made with a tool tip and a handler; the scene sends each
pygame_gui event to the handler of the control it came from.  A text field
makes its edit when the player presses Enter or leaves it, never on each
letter, so one word typed is one step of undo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextEntryBox,
    UITextEntryLine,
)

from game.ui.scale import rect as R

Handler = Callable[[Any], None]
Action = Callable[[], None]


def _ticked(on_change: Handler) -> Handler:
    return lambda e: on_change(e.type == pygame_gui.UI_CHECK_BOX_CHECKED)


def _pressed(on_press: Action) -> Handler:
    return lambda _e: on_press()
#: Height of a row and the gap under it, design pixels.
ROW = 30
GAP = 6
LABEL_W = 108


class Form:
    """Controls laid top to bottom in ``container``, ``width`` design pixels wide, from ``top``."""

    def __init__(self, manager, container, width: int, height: int = 10_000, top: int = 8, left: int = 10) -> None:
        self.ui, self.container = manager, container
        self.height = height
        self.left, self.width, self.y = left, width - 2 * left, top
        self.handlers: dict[Any, Handler] = {}
        self.text_fields: dict[Any, Handler] = {}
        self.written: dict[Any, str] = {}  # what each text field held when its edit was last made

    # --- layout ---------------------------------------------------------------------------

    def _label(self, text: str, tip: str, cls: str = "@field_label", width: int = LABEL_W) -> UILabel:
        label = UILabel(R(self.left, self.y + 4, width, 22), text, manager=self.ui, container=self.container,
                        object_id=ObjectID(class_id=cls))
        if tip:
            label.set_tooltip(tip)
        return label

    def heading(self, text: str, tip: str = "") -> UILabel:
        label = UILabel(R(self.left, self.y, self.width, 26), text, manager=self.ui, container=self.container,
                        object_id=ObjectID(class_id="@field_label"))
        if tip:
            label.set_tooltip(tip)
        self.y += 28
        return label

    def note(self, text: str, lines: int = 1, tip: str = "", cls: str = "@caption") -> UILabel | Any:
        """A line of words (or a small box of them, for ``lines`` > 1)."""
        if lines <= 1:
            label = UILabel(R(self.left, self.y, self.width, 22), text, manager=self.ui, container=self.container,
                            object_id=ObjectID(class_id=cls))
            if tip:
                label.set_tooltip(tip)
            self.y += 24
            return label
        box = pygame_gui.elements.UITextBox(text, R(self.left, self.y, self.width, 20 * lines + 8), manager=self.ui,
                                            container=self.container, object_id=ObjectID(class_id="@reading"))
        self.y += 20 * lines + 12
        return box

    def skip(self, dy: int = 8) -> None:
        self.y += dy

    # --- controls ----------------------------------------------------------------------------

    def entry(self, label: str, value: str, tip: str, on_done: Handler, *, numbers: bool = False,
              limit: int = 200, width: int | None = None) -> UITextEntryLine:
        """A one-line field; ``on_done(text)`` when Enter is pressed or the field is left."""
        self._label(label, tip)
        w = width or self.width - LABEL_W - 4
        field = UITextEntryLine(R(self.left + LABEL_W + 4, self.y, w, ROW), manager=self.ui,
                                container=self.container, initial_text=value or None)
        if numbers:
            field.set_allowed_characters([*"0123456789."])
        field.set_text_length_limit(limit)
        field.set_tooltip(tip)
        self.text_fields[field] = on_done
        self.written[field] = field.get_text()
        self.y += ROW + GAP
        return field

    def pair(self, specs: list[tuple[str, str, str, Handler]], numbers: bool = True, limit: int = 6,
             label_w: int = 66) -> list[UITextEntryLine]:
        """Two short fields on one row, each after its own label: (label, value, tip, on_done) each."""
        half = (self.width - GAP) // 2
        out = []
        for i, (label, value, tip, on_done) in enumerate(specs[:2]):
            x = self.left + i * (half + GAP)
            UILabel(R(x, self.y + 4, label_w, 22), label, manager=self.ui, container=self.container,
                    object_id=ObjectID(class_id="@field_label")).set_tooltip(tip)
            field = UITextEntryLine(R(x + label_w, self.y, half - label_w, ROW), manager=self.ui,
                                    container=self.container, initial_text=value or None)
            if numbers:
                field.set_allowed_characters([*"0123456789."])
            field.set_text_length_limit(limit)
            field.set_tooltip(tip)
            self.text_fields[field] = on_done
            self.written[field] = field.get_text()
            out.append(field)
        self.y += ROW + GAP
        return out

    def entries(self, label: str, specs: list[tuple[str, str, str, Handler]], tip: str, limit: int = 6
                ) -> list[UITextEntryLine]:
        """Short number fields side by side after one label: (caption, value, tip, on_done) each."""
        self._label(label, tip)
        x0 = self.left + LABEL_W + 4
        w = (self.width - LABEL_W - 4) // max(1, len(specs))
        out = []
        for i, (caption, value, field_tip, on_done) in enumerate(specs):
            UILabel(R(x0 + i * w, self.y + 4, 20, 22), caption, manager=self.ui, container=self.container,
                    object_id=ObjectID(class_id="@caption"))
            field = UITextEntryLine(R(x0 + i * w + 20, self.y, w - 24, ROW), manager=self.ui,
                                    container=self.container, initial_text=value or None)
            field.set_allowed_characters([*"0123456789"])
            field.set_text_length_limit(limit)
            field.set_tooltip(field_tip)
            self.text_fields[field] = on_done
            self.written[field] = field.get_text()
            out.append(field)
        self.y += ROW + GAP
        return out

    def text_box(self, label: str, value: str, tip: str, on_done: Handler, lines: int = 4, *, label_row: bool = True
                 ) -> UITextEntryBox:
        if label_row:
            self._label(label, tip)
            self.y += 24
        box = UITextEntryBox(R(self.left, self.y, self.width, 20 * lines + 8), value, manager=self.ui,
                             container=self.container)
        box.set_tooltip(tip)
        self.text_fields[box] = on_done
        self.written[box] = box.get_text()
        self.y += 20 * lines + 8 + GAP
        return box

    def choice(self, label: str, options: list[tuple[str, str]], value: str, tip: str, on_pick: Handler,
               then: tuple[str, str, str, Handler] | None = None, then_numbers: bool = True) -> UIDropDownMenu:
        """A drop-down of (words, value) pairs; ``on_pick(value)``.  ``then``: a short field after it on the same
        row, (caption, value, tip, on_done), of whole numbers unless not ``then_numbers``."""
        self._label(label, tip)
        current = next((o for o in options if o[1] == value), options[0])
        w = self.width - LABEL_W - 4
        if then is not None:
            w = w * 5 // 10
        menu = UIDropDownMenu(list[str | tuple[str, str]](options), current,
                              R(self.left + LABEL_W + 4, self.y, w, ROW), manager=self.ui, container=self.container)
        menu.set_tooltip(tip)
        self.handlers[menu] = lambda e: on_pick(menu.selected_option[1])
        if then is not None:
            caption, text, field_tip, on_done = then
            x = self.left + LABEL_W + 4 + w + GAP
            rest = self.left + self.width - x
            cw = rest // 2 if caption else 0
            if caption:
                UILabel(R(x, self.y + 4, cw, 22), caption, manager=self.ui, container=self.container,
                        object_id=ObjectID(class_id="@caption")).set_tooltip(field_tip)
            field = UITextEntryLine(R(x + cw, self.y, rest - cw, ROW), manager=self.ui,
                                    container=self.container, initial_text=text or None)
            if then_numbers:
                field.set_allowed_characters([*"0123456789"])
            field.set_text_length_limit(3 if then_numbers else 200)
            field.set_tooltip(field_tip)
            self.text_fields[field] = on_done
            self.written[field] = field.get_text()
        self.y += ROW + GAP
        return menu

    def tick(self, label: str, on: bool, tip: str, on_change: Handler, enabled: bool = True,
             then: tuple[str, str, Action] | None = None) -> UICheckBox:
        """A tick box; ``then``: a button on the right of the same row, (words, tip, on_press)."""
        box = UICheckBox(R(self.left, self.y + 3, 22, 22), label, manager=self.ui, container=self.container,
                         initial_state=on, tool_tip_text=tip)
        if not enabled:
            box.disable()
        self.handlers[box] = _ticked(on_change)
        if then is not None:
            words, button_tip, on_press = then
            half = self.width // 2
            b = UIButton(R(self.left + half, self.y, self.width - half, ROW), words, manager=self.ui,
                         container=self.container, tool_tip_text=button_tip)
            self.handlers[b] = _pressed(on_press)
            self.y += GAP
        self.y += ROW
        return box

    def ticks(self, specs: list[tuple[str, bool, str, Handler]], columns: int = 2) -> None:
        """Tick boxes side by side, ``columns`` to a row: (words, on, tip, on_change)."""
        col_w = self.width // columns
        top = self.y
        for i, (words, on, tip, on_change) in enumerate(specs):
            x, y = self.left + (i % columns) * col_w, top + (i // columns) * ROW
            box = UICheckBox(R(x, y + 3, 22, 22), words, manager=self.ui, container=self.container,
                             initial_state=on, tool_tip_text=tip)
            self.handlers[box] = _ticked(on_change)
        self.y = top + -(-len(specs) // columns) * ROW

    def buttons(self, specs: list[tuple[str, str, Action]], height: int = ROW) -> list[UIButton]:
        """A row of buttons sharing the width: (words, tip, on_press)."""
        n = len(specs)
        gap = 6
        w = (self.width - gap * (n - 1)) // n
        out = []
        for i, (words, tip, on_press) in enumerate(specs):
            b = UIButton(R(self.left + i * (w + gap), self.y, w, height), words, manager=self.ui,
                         container=self.container, tool_tip_text=tip)
            self.handlers[b] = _pressed(on_press)
            out.append(b)
        self.y += height + GAP
        return out

    def pick_list(self, items: list[tuple[str, str]], chosen: str | None, height: int, tip: str, on_pick: Handler
                  ) -> UISelectionList:
        """A list of (words, key); ``on_pick(key)`` when one is chosen."""
        shown = [(words, f"#k{i}") for i, (words, _) in enumerate(items)]
        keys = {f"#k{i}": key for i, (_, key) in enumerate(items)}
        default = next((shown[i] for i, (_, key) in enumerate(items) if key == chosen), None)
        lst = UISelectionList(R(self.left, self.y, self.width, height), list[str | tuple[str, str]](shown),
                              manager=self.ui, container=self.container, default_selection=default)
        lst.set_tooltip(tip)
        at = next((i for i, (_, key) in enumerate(items) if key == chosen), None)
        bar = getattr(lst, "scroll_bar", None)
        # the chosen row in view, not the top of the list (a list too short for its bar to slide stays put)
        if at is not None and bar is not None and len(items) > 1 and getattr(bar, "scrollable_height", 0) > 0:
            bar.set_scroll_from_start_percentage(min(1.0, at / len(items)))

        def picked(_e) -> None:
            got = lst.get_single_selection(include_object_id=True)
            if isinstance(got, tuple) and got[1] in keys:
                on_pick(keys[got[1]])

        self.handlers[lst] = picked
        self.y += height + GAP
        return lst

    # --- events ------------------------------------------------------------------------------

    def event(self, event: pygame.event.Event) -> bool:
        """Send a widget's event to its handler; True if it was one of this form's."""
        element = getattr(event, "ui_element", None)
        if element is None:
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element in self.text_fields:
            self.written[element] = element.get_text()
            self.text_fields[element](element.get_text())
            return True
        if event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_CHECK_BOX_CHECKED,
                          pygame_gui.UI_CHECK_BOX_UNCHECKED, pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                          pygame_gui.UI_DROP_DOWN_MENU_CHANGED) and element in self.handlers:
            self.handlers[element](event)
            return True
        return False

    def flush(self, focused) -> bool:
        """A text field left with new words in it makes its edit; True if one did (the panel is then rebuilt)."""
        for field, on_done in list(self.text_fields.items()):
            if field.alive() and field not in focused and field.get_text() != self.written.get(field):
                self.written[field] = field.get_text()
                on_done(field.get_text())
                return True
        return False
