"""The battle log as the replay viewer shows it: the words up to the point on the table, the latest marked.

The viewer jumps about the battle, back as often as forward, so the log is
laid out again at every jump: from the point backwards until the box's
lines are found (a jump to the end of a long battle narrates its last few
hundred events, not the whole of it), each event's sentence and each
sentence's rows worked out once and kept, so a jump back over ground
already shown costs a list of rows.  The lines
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
        self._said: dict[int, tuple[str, str] | None] = {}  # an event's (sentence, tone), once worked out
        self._wrapped: dict[tuple[str, str, int], list[tuple[str, bool, tuple[int, int, int]]]] = {}
        self._shown_at: tuple[int, int] | None = None
        #: Rows at the end of the log that belong to the last command played.
        self.marked_rows = 0

    def show(self, upto: int, since: int) -> None:
        """The log of the first ``upto`` events, the lines of events from ``since`` on marked."""
        if self._shown_at == (upto, since):
            return
        self._shown_at = (upto, since)
        chosen: list[int] = []
        for i in range(upto - 1, -1, -1):
            if len(chosen) >= MAX_LINES:
                break
            if self._line(i) is not None:
                chosen.append(i)
        chosen.reverse()
        said = [s for s in (self._line(i) for i in chosen) if s is not None]
        self.lines = [s[0] for s in said]
        self.tones = [s[1] for s in said]
        self.shown = upto
        self.offset = 0  # the log follows the point on the table
        self._rewrap()
        newest = sum(1 for i in chosen if i >= since) or (1 if self.lines else 0)
        self.marked_rows = sum(len(self._wrap(i)) for i in range(len(self.lines) - newest, len(self.lines)))

    def _line(self, i: int) -> tuple[str, str] | None:
        """Event ``i``'s sentence and tone (None for bookkeeping the log does not show)."""
        if i not in self._said:
            e = self._events[i]
            line = self._describe(e, self._names)
            self._said[i] = (line, self._cue(e).tone) if line else None
        return self._said[i]

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
