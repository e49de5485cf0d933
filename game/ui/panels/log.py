"""The battle log as plain words in a scrolling box, drawn by hand.

The box once was a pygame_gui text box.  Every appended line made it lay out
and render its whole text again, and the window's memory grew with every
event (a squadron action's log took 60-100 MB more than no log at all).  Here
each line is wrapped once into rows, and a frame blits only the rows in view
from the font cache: the cost of a frame and the memory held no longer grow
with the battle.  The box follows the newest line unless the player has
scrolled back (the wheel, or dragging the bar); the whole log is exported
from the end screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.systems.narration import PLAIN, Cue, Describe
from game.ui import palette as P
from game.ui.fonts import font, text
from game.ui.scale import px

MAX_LINES = 400  # the box keeps the latest; the export keeps everything
FONT_SIZE = 18
PAD = 6
BAR_W = 8  # the scroll bar
WHEEL_ROWS = 3  # rows a notch of the wheel scrolls
#: The colour of each tone a rule system gives a line (a "heading" is set in bold).
TONE_COLOURS = {
    "notable": (255, 210, 127), "mishap": (255, 154, 138), "chat": (150, 205, 255), "link": (170, 180, 190),
}


def _colour(tone: str) -> tuple[int, int, int]:
    return TONE_COLOURS.get(tone, P.TEXT)


class LogPanel:
    """The words of the battle so far: ``lines`` the plain sentences, ``tones`` the tone the rule system gave each."""

    def __init__(self, rect: pygame.Rect, manager=None, container=None) -> None:
        self.rect = pygame.Rect(rect)
        self.shown = 0  # events already in the box
        self.lines: list[str] = []
        self.tones: list[str] = []
        self.rows: list[tuple[str, bool, tuple[int, int, int]]] = []  # (text, bold, colour)
        self.offset = 0  # rows scrolled back from the newest (0: following the battle)
        self._drag: tuple[int, int] | None = None  # (mouse y, offset) when the bar was grabbed
        #: Lines that are not the battle's (chat, a network game's news): (events before it, text, tone).
        self.notes: list[tuple[int, str, str]] = []

    # --- the lines ------------------------------------------------------------------

    def sync(
        self, events: list[dict], names: dict[str, str], describe: Describe, cue: Callable[[Any], Cue] = lambda e: PLAIN
    ) -> None:
        reset = len(events) < self.shown
        if reset:  # a take-back removed events: start again
            self.shown = 0
            self.lines, self.tones, self.rows = [], [], []
            self.offset = 0
        before = len(self.lines)
        replay = list(self.notes) if reset else []
        for k, e in enumerate(events[self.shown :], self.shown):
            while replay and replay[0][0] <= k:  # a note kept through a take-back, where it was
                _, said, tone = replay.pop(0)
                self.lines.append(said)
                self.tones.append(tone)
            line = describe(e, names)
            if line:
                self.lines.append(line)
                self.tones.append(cue(e).tone)
        for _, said, tone in replay:
            self.lines.append(said)
            self.tones.append(tone)
        self.shown = len(events)
        if len(self.lines) == before:
            return
        if len(self.lines) > MAX_LINES:
            self.lines, self.tones = self.lines[-MAX_LINES:], self.tones[-MAX_LINES:]
            self._rewrap()
            return
        added = 0
        for i in range(before, len(self.lines)):
            new = self._wrap(i)
            self.rows += new
            added += len(new)
        if self.offset:
            self.offset += added  # a player reading back keeps his place

    def note(self, said: str, tone: str = "chat") -> None:
        """A line that is not an event of the battle: chat, or the news of a network game's link."""
        self.notes.append((self.shown, said, tone))
        self.lines.append(said)
        self.tones.append(tone)
        new = self._wrap(len(self.lines) - 1)
        self.rows += new
        if self.offset:
            self.offset += len(new)

    def _wrap(self, i: int) -> list[tuple[str, bool, tuple[int, int, int]]]:
        """Line ``i`` cut into rows that fit the box."""
        tone = self.tones[i]
        bold = tone == "heading"
        size = font(FONT_SIZE, bold).size
        limit = max(40, self.rect.width - 2 * px(PAD) - px(BAR_W) - 4)
        rows: list[str] = []
        cur = ""
        for word in self.lines[i].split(" "):
            while size(word)[0] > limit and len(word) > 1:  # a word wider than the box is cut
                cut = max(1, len(word) * limit // size(word)[0])
                if cur:
                    rows.append(cur)
                    cur = ""
                rows.append(word[:cut])
                word = word[cut:]
            trial = f"{cur} {word}" if cur else word
            if cur and size(trial)[0] > limit:
                rows.append(cur)
                cur = word
            else:
                cur = trial
        rows.append(cur)
        colour = _colour(tone)
        return [(r, bold, colour) for r in rows]

    def _rewrap(self) -> None:
        self.rows = [row for i in range(len(self.lines)) for row in self._wrap(i)]
        self.offset = min(self.offset, self._max_offset())

    # --- geometry ---------------------------------------------------------------------

    @property
    def row_h(self) -> int:
        return font(FONT_SIZE).get_linesize()

    def _visible_count(self) -> int:
        return max(1, (self.rect.height - 2 * px(PAD)) // self.row_h)

    def _max_offset(self) -> int:
        return max(0, len(self.rows) - self._visible_count())

    def visible_rows(self) -> list[str]:
        """The rows in view, top to bottom."""
        end = len(self.rows) - self.offset
        return [r[0] for r in self.rows[max(0, end - self._visible_count()) : end]]

    def set_rect(self, rect: pygame.Rect) -> None:
        if pygame.Rect(rect) == self.rect:
            return
        self.rect = pygame.Rect(rect)
        self._rewrap()

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """(track, thumb) of the scroll bar, when there is more than the box shows."""
        total, shown = len(self.rows), self._visible_count()
        if total <= shown:
            return None
        bar_w = px(BAR_W)
        track = pygame.Rect(self.rect.right - bar_w - 3, self.rect.top + 3, bar_w, self.rect.height - 6)
        h = max(16, track.height * shown // total)
        first = total - shown - self.offset  # index of the top row in view
        y = track.top + (track.height - h) * first // max(1, total - shown)
        return track, pygame.Rect(track.left, y, bar_w, h)

    # --- the player -------------------------------------------------------------------

    def scroll(self, rows: int) -> None:
        """Positive: back towards the start of the battle."""
        self.offset = max(0, min(self._max_offset(), self.offset + rows))

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel over the box scrolls it; the bar can be dragged.  True when the event was the log's."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll(event.y * WHEEL_ROWS)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar()
            if bar is not None and bar[0].inflate(6, 0).collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            bar = self._bar()
            if bar is not None:
                track, thumb = bar
                per_px = (len(self.rows) - self._visible_count()) / max(1, track.height - thumb.height)
                y0, off0 = self._drag
                self.offset = max(0, min(self._max_offset(), off0 - round((event.pos[1] - y0) * per_px)))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, (17, 26, 36), self.rect, border_radius=4)
        pygame.draw.rect(surf, (93, 82, 56), self.rect, 1, border_radius=4)
        clip = surf.get_clip()
        surf.set_clip(self.rect.inflate(-2, -2))
        end = len(self.rows) - self.offset
        start = max(0, end - self._visible_count())
        y = self.rect.top + px(PAD)
        for row, bold, colour in self.rows[start:end]:
            surf.blit(text(row, FONT_SIZE, colour, bold), (self.rect.left + px(PAD), y))
            y += self.row_h
        bar = self._bar()
        if bar is not None:
            track, thumb = bar
            pygame.draw.rect(surf, (30, 40, 52), track, border_radius=3)
            pygame.draw.rect(surf, (120, 130, 140) if self.offset else (90, 100, 110), thumb, border_radius=3)
        surf.set_clip(clip)
