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
#: Rows are cut this much narrower than the box (see LogPanel._wrap).
WRAP_SLACK_PX = 10
SCROLL_BAR_PX = 20  # pygame_gui's text box scroll bar
#: Events whose line is set in bold (and measured in the bold face).
BOLD = ("turn", "game_over")


class LogPanel:
    """The words of the battle so far; ``lines`` are the plain sentences, ``kinds`` their event types."""

    def __init__(self, rect: pygame.Rect, manager, container) -> None:
        self.manager, self.container = manager, container
        self.shown = 0  # events already in the box
        self.lines: list[str] = []
        self.kinds: list[str] = []
        self.box = self._make(rect)

    def _make(self, rect: pygame.Rect) -> pygame_gui.elements.UITextBox:
        box = pygame_gui.elements.UITextBox(
            "", rect, manager=self.manager, container=self.container, object_id="#battle_log"
        )
        self.box = box
        if self.lines:  # rows are cut for this box's width
            box.set_text(self._html(range(len(self.lines))))
        return box

    def _html(self, indices) -> str:
        return "<br>".join(_markup(self.kinds[i], self._wrap(self.lines[i], self.kinds[i] in BOLD)) for i in indices)

    def sync(self, events: list[dict], names: dict[str, str], rules=None) -> None:
        if len(events) < self.shown:  # a take-back removed events: start again
            self.shown = 0
            self.lines, self.kinds = [], []
            self.box.set_text("")
        before = len(self.lines)
        for e in events[self.shown :]:
            line = describe(e, names, rules=rules)
            if line:
                self.lines.append(line)
                self.kinds.append(str(e.get("type")))
        self.shown = len(events)
        if len(self.lines) == before:
            return
        if len(self.lines) > MAX_LINES:
            self.lines, self.kinds = self.lines[-MAX_LINES:], self.kinds[-MAX_LINES:]
            self.box.set_text(self._html(range(len(self.lines))))
        else:
            self.box.append_html_text(("<br>" if before else "") + self._html(range(before, len(self.lines))))
        self._trim_to_scrollable()
        self._follow()

    def _wrap(self, line: str, bold: bool) -> list[str]:
        """The line cut into rows that leave room at their ends.

        pygame_gui wraps by itself, but a line whose last row came within a few
        pixels of the edge got its line break pushed onto a row of its own: an
        empty row in the middle of the log.  Rows a little narrower than the box
        never reach the edge, so every break stays on its row.
        """
        try:
            theme = self.manager.get_theme()
            info = theme.get_font_info(self.box.combined_element_ids)
            font = theme.get_font_dictionary().find_font(info["size"], info["name"], bold=bold)
            limit = self.box.text_wrap_rect[2] - WRAP_SLACK_PX
            if self.box.scroll_bar is None:  # it narrows the text once the log overflows
                limit -= SCROLL_BAR_PX
        except Exception:  # another pygame_gui: let it wrap on its own
            return [line]
        rows: list[str] = []
        cur = ""
        for word in line.split(" "):
            trial = f"{cur} {word}" if cur else word
            if cur and font.size(trial)[0] > limit:
                rows.append(cur)
                cur = word
            else:
                cur = trial
        rows.append(cur)
        return rows

    def _trim_to_scrollable(self) -> None:
        """Keep only as many lines as the scroll bar can reach the end of."""
        for _ in range(8):
            bar = self.box.scroll_bar
            if bar is None or bar.scrollable_height * bar.visible_percentage >= MIN_THUMB_PX or len(self.lines) < 40:
                return
            keep = len(self.lines) * 2 // 3
            self.lines, self.kinds = self.lines[-keep:], self.kinds[-keep:]
            self.box.set_text(self._html(range(len(self.lines))))

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
        self._trim_to_scrollable()
        self._follow()


def _markup(t: str, rows: list[str]) -> str:
    text = "<br>".join(html.escape(r) for r in rows)
    if t in BOLD:
        return f"<b>{text}</b>"
    if t in ("broadside", "critical", "sunk", "exploded", "struck", "captured"):
        return f"<font color='#ffd27f'>{text}</font>"
    if t in ("collision", "aground", "taken_aback", "left_table"):
        return f"<font color='#ff9a8a'>{text}</font>"
    return text
