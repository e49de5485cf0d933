"""The battle log as plain words in a scrollable box; rebuilt after a take-back."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from game.ui.narrate import describe

MAX_LINES = 400  # the box keeps the latest; the export keeps everything
#: pygame_gui never draws a scroll thumb shorter than 5 pixels and stops it that far from the bottom, so
#: with a long log the last lines could not be scrolled to (nor followed).  Below this thumb height the
#: box drops its oldest third.
MIN_THUMB_PX = 8


class LogPanel:
    def __init__(self, rect: pygame.Rect, manager, container) -> None:
        self.manager, self.container = manager, container
        self.shown = 0  # events already in the box
        self.lines: list[str] = []
        self.box = self._make(rect)

    def _make(self, rect: pygame.Rect) -> pygame_gui.elements.UITextBox:
        return pygame_gui.elements.UITextBox(
            "<br>".join(self.lines), rect, manager=self.manager, container=self.container, object_id="#battle_log"
        )

    def sync(self, events: list[dict], names: dict[str, str], rules=None) -> None:
        if len(events) < self.shown:  # a take-back removed events: start again
            self.shown = 0
            self.lines = []
            self.box.set_text("")
        new: list[str] = []
        for e in events[self.shown :]:
            line = describe(e, names, rules=rules)
            if line:
                new.append(_markup(e, line))
        self.shown = len(events)
        if not new:
            return
        self.lines.extend(new)
        if len(self.lines) > MAX_LINES:
            self.lines = self.lines[-MAX_LINES:]
            self.box.set_text("<br>".join(self.lines))
        else:
            self.box.append_html_text(("<br>" if len(self.lines) > len(new) else "") + "<br>".join(new))
        self._trim_to_scrollable()
        self._follow()

    def _trim_to_scrollable(self) -> None:
        """Keep only as many lines as the scroll bar can reach the end of."""
        for _ in range(8):
            bar = self.box.scroll_bar
            if bar is None or bar.scrollable_height * bar.visible_percentage >= MIN_THUMB_PX or len(self.lines) < 40:
                return
            self.lines = self.lines[-(len(self.lines) * 2 // 3) :]
            self.box.set_text("<br>".join(self.lines))

    def _follow(self) -> None:
        """Show the newest line: the thumb at the bottom and the text scrolled right to its end."""
        bar = self.box.scroll_bar
        if bar is None:
            return
        bar.set_scroll_from_start_percentage(1.0)
        bar.start_percentage = max(bar.start_percentage, 1.0 - bar.visible_percentage)
        bar.has_moved_recently = True

    def set_rect(self, rect: pygame.Rect) -> None:
        """A new box at the new size (pygame_gui's text layout does not survive a resize)."""
        if self.box.relative_rect == rect:
            return
        self.box.kill()
        self.box = self._make(rect)


def _markup(e: dict, line: str) -> str:
    text = html.escape(line)
    t = e.get("type")
    if t in ("turn", "game_over"):
        return f"<b>{text}</b>"
    if t in ("broadside", "critical", "sunk", "exploded", "struck", "captured"):
        return f"<font color='#ffd27f'>{text}</font>"
    if t in ("collision", "aground", "taken_aback", "left_table"):
        return f"<font color='#ff9a8a'>{text}</font>"
    return text
