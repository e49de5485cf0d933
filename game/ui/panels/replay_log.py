"""The battle log as the replay viewer shows it: the words up to the point on the table, the latest marked.

The viewer jumps about the battle, back as often as forward, so the log is
laid out again from the start at every jump; each event's sentence and each
sentence's rows are worked out once and kept, so a jump costs a list of
rows, not the narration and wrapping of the whole battle again.  The lines
of the last command played are marked (a brass bar and a warmer ground), so
the player sees what the last step did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.systems.narration import PLAIN, Cue, Describe
from game.ui.panels.log import MAX_LINES, PAD, LogPanel

MARK_BAR = (200, 168, 96)
MARK_TINT = (26, 20, 6)  # added to the marked rows' colours
_ROW_CACHE = 20_000  # wrapped sentences kept (a sentence per event of a long battle, at one width)


class ReplayLog(LogPanel):
    def __init__(
        self,
        rect: pygame.Rect,
        events: list[dict[str, Any]],
        names: dict[str, str],
        describe: Describe,
        cue: Callable[[Any], Cue] = lambda e: PLAIN,
    ) -> None:
        super().__init__(rect)
        self._events = events
        self._names = names
        self._describe = describe
        self._cue = cue
        self._said: list[tuple[str, str] | None] = []  # each event's (sentence, tone), once worked out
        self._wrapped: dict[tuple[str, str, int], list[tuple[str, bool, tuple[int, int, int]]]] = {}
        self._shown_at: tuple[int, int] | None = None
        #: Rows at the end of the log that belong to the last command played.
        self.marked_rows = 0

    def show(self, upto: int, since: int) -> None:
        """The log of the first ``upto`` events, the lines of events from ``since`` on marked."""
        if self._shown_at == (upto, since):
            return
        self._shown_at = (upto, since)
        for e in self._events[len(self._said) : upto]:
            line = self._describe(e, self._names)
            self._said.append((line, self._cue(e).tone) if line else None)
        chosen = [i for i in range(upto) if self._said[i] is not None][-MAX_LINES:]
        said = [self._said[i] for i in chosen]
        self.lines = [s[0] for s in said if s is not None]
        self.tones = [s[1] for s in said if s is not None]
        self.shown = upto
        self.offset = 0  # the log follows the point on the table
        self._rewrap()
        newest = sum(1 for i in chosen if i >= since) or (1 if self.lines else 0)
        self.marked_rows = sum(len(self._wrap(i)) for i in range(len(self.lines) - newest, len(self.lines)))

    def _wrap(self, i: int) -> list[tuple[str, bool, tuple[int, int, int]]]:
        key = (self.lines[i], self.tones[i], self.rect.width)
        rows = self._wrapped.get(key)
        if rows is None:
            if len(self._wrapped) > _ROW_CACHE:
                self._wrapped.clear()
            rows = self._wrapped[key] = super()._wrap(i)
        return rows

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if not self.marked_rows:
            return
        end = len(self.rows) - self.offset
        start = max(0, end - self._visible_count())
        first_marked = len(self.rows) - self.marked_rows
        clip = surf.get_clip()
        surf.set_clip(self.rect.inflate(-2, -2))
        for n, index in enumerate(range(start, end)):
            if index < first_marked:
                continue
            y = self.rect.top + PAD + n * self.row_h
            row = pygame.Rect(self.rect.left + 2, y, self.rect.width - 16, self.row_h)
            surf.fill(MARK_TINT, row, special_flags=pygame.BLEND_RGB_ADD)
            pygame.draw.rect(surf, MARK_BAR, (self.rect.left + 2, y + 1, 3, self.row_h - 2))
        surf.set_clip(clip)
