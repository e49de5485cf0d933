"""The replay's timeline: every command of a battle along one bar, a block for each activation, grouped by turn.

A point of the battle is a number of commands played (0: the battle as set
up; all of them: the end).  The bar runs from the first point to the last at
an even pace per command, so a long activation (a ship sailing three
segments, firing and fighting fires) takes more of it than a short one, as
it took more of the evening.  Each activation is a block in her side's
colour, each turn a band with its label ("T3"), and the point the table
shows is a marker that can be dragged.

:class:`Timeline` is the battle cut into activations and turns (no pygame);
:class:`TimelineBar` draws it and says which point or activation lies under
the pointer.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import palette as P
from game.ui.fonts import blit_text
from game.ui.fonts import text as render
from game.ui.scale import px


@dataclass(frozen=True)
class Span:
    """A run of commands: ``first`` is the point before its first command, ``end`` the point after its last."""

    first: int
    end: int
    turn: int
    #: The ship of the activation (None: commands played outside any activation).
    ship: str | None = None


class Timeline:
    """A battle's commands cut into activations (an ``activation`` event in the log begins one) and turns."""

    def __init__(self, session: Any) -> None:
        self.total = len(session.steps)
        runs: list[list[Any]] = []  # [first, end, turn, ship]
        for i, step in enumerate(session.steps):
            turn = step.before.turn
            said = session.events[step.events_before : session.events_at(i + 1)]
            began = next((e for e in said if e.get("type") == "activation"), None)
            if began is not None or not runs or runs[-1][2] != turn:
                ship = began.get("ship") if began is not None else None
                runs.append([i, i + 1, turn, ship if isinstance(ship, str) else None])
            else:
                runs[-1][1] = i + 1
        self.activations = tuple(Span(*r) for r in runs)
        turns: list[Span] = []
        for a in self.activations:
            if turns and turns[-1].turn == a.turn:
                turns[-1] = Span(turns[-1].first, a.end, a.turn)
            else:
                turns.append(Span(a.first, a.end, a.turn))
        self.turns = tuple(turns)
        self._act_starts = [a.first for a in self.activations]
        self._turn_starts = [t.first for t in self.turns]

    # --- where a point lies ------------------------------------------------------------

    def played(self, point: int) -> Span | None:
        """The activation of the last command played by ``point`` (None at the start)."""
        if point <= 0 or not self.activations:
            return None
        return self.activations[max(0, bisect_right(self._act_starts, point - 1) - 1)]

    def turn_at(self, point: int) -> int | None:
        """The turn of the last command played by ``point``, or of the first one at the start."""
        span = self.played(point)
        if span is not None:
            return span.turn
        return self.activations[0].turn if self.activations else None

    # --- moving about ----------------------------------------------------------------------

    def next_activation(self, point: int) -> int:
        """The next point at which an activation begins (or the end)."""
        return self._after(self._act_starts, point)

    def previous_activation(self, point: int) -> int:
        """The last point before ``point`` at which an activation begins (or the start)."""
        return _before(self._act_starts, point)

    def next_turn(self, point: int) -> int:
        return self._after(self._turn_starts, point)

    def previous_turn(self, point: int) -> int:
        return _before(self._turn_starts, point)

    def _after(self, starts: list[int], point: int) -> int:
        i = bisect_right(starts, point)
        return starts[i] if i < len(starts) else self.total


# --- drawing ---------------------------------------------------------------------------------

HEIGHT = 62  # the strip under the table: turn labels, then the bar
LABEL_H = 20
PAD_X = 14
BAR_H = 22
MARKER = (255, 236, 150)
PLAYED_ALPHA = 255
UNPLAYED_MIX = 0.62  # blocks not yet played are mixed this far into the bar's background
BAND = ((30, 38, 48), (38, 48, 60))
BRANCH_MARK = (120, 220, 160)


def _mix(a: tuple[int, ...], b: tuple[int, ...], f: float) -> tuple[int, int, int]:
    return (int(a[0] + (b[0] - a[0]) * f), int(a[1] + (b[1] - a[1]) * f), int(a[2] + (b[2] - a[2]) * f))


def _before(starts: list[int], point: int) -> int:
    """The last of ``starts`` before ``point``, or the start of the battle."""
    i = bisect_left(starts, point)
    return starts[i - 1] if i > 0 else 0


class TimelineBar:
    """The strip under the table; ``colour_of(ship)`` gives a ship's side colour, ``name_of(ship)`` her name."""

    def __init__(
        self,
        timeline: Timeline,
        colour_of: Callable[[str], tuple[int, int, int]],
        name_of: Callable[[str], str],
        branch_point: int | None = None,
    ) -> None:
        self.timeline = timeline
        self.colour_of = colour_of
        self.name_of = name_of
        #: Where the battle watched was itself taken in command from another (marked on the bar).
        self.branch_point = branch_point
        self.rect = pygame.Rect(0, 0, 10, px(HEIGHT))
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple = ()

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    @property
    def bar(self) -> pygame.Rect:
        """The bar itself (the strip less its margins and the turn labels)."""
        r = self.rect
        pad = px(PAD_X)
        return pygame.Rect(r.left + pad, r.top + px(LABEL_H) + px(6), max(1, r.width - 2 * pad), px(BAR_H))

    def x_of(self, point: int) -> float:
        bar = self.bar
        return bar.left + bar.width * point / max(1, self.timeline.total)

    def point_at(self, x: float) -> int:
        """The point nearest to ``x`` (clamped to the bar)."""
        bar = self.bar
        f = (x - bar.left) / max(1, bar.width)
        return max(0, min(self.timeline.total, round(f * self.timeline.total)))

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the strip where a press scrubs (the bar and a little about it)."""
        return self.bar.inflate(2 * px(PAD_X), px(16)).collidepoint(pos) or self.rect.collidepoint(pos)

    def span_at(self, pos: tuple[int, int]) -> Span | None:
        """The activation under ``pos`` on the bar, if any."""
        if not self.bar.inflate(0, 8).collidepoint(pos):
            return None
        x = pos[0]
        for a in self.timeline.activations:
            if self.x_of(a.first) <= x < self.x_of(a.end):
                return a
        return None

    def describe(self, span: Span) -> str:
        """What a hovered activation is: the ship, the turn and which commands."""
        who = f"{self.name_of(span.ship)}'s activation" if span.ship else "between activations"
        first, last = span.first + 1, span.end
        which = f"command {first}" if first == last else f"commands {first}\u2013{last}"
        words = f"Turn {span.turn} \u00b7 {who} \u00b7 {which}"
        if self.branch_point is not None and span.first < self.branch_point <= span.end:
            words += f" \u00b7 taken in command after command {self.branch_point}"  # the green mark
        return words

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, point: int, hover: tuple[int, int] | None) -> None:
        key = (self.rect.topleft, self.rect.size, point, self.timeline.total)
        if self._cache is None or key != self._cache_key:
            self._cache = self._render(point)
            self._cache_key = key
        surf.blit(self._cache, self.rect.topleft)
        if hover is not None:
            span = self.span_at(hover)
            if span is not None:
                self._tip(surf, hover, self.describe(span))

    def _render(self, point: int) -> pygame.Surface:
        """The strip as it stands at ``point``, drawn at (0, 0) of its own surface."""
        r = self.rect
        out = pygame.Surface(r.size)
        out.fill(P.PANEL)
        pygame.draw.line(out, (70, 80, 90), (0, 0), (r.width, 0))
        ox, oy = r.left, r.top
        bar = self.bar.move(-ox, -oy)
        pygame.draw.rect(out, (14, 20, 28), bar.inflate(2, 2), border_radius=3)
        tl = self.timeline
        if tl.total == 0:
            blit_text(out, "no command was played in this battle", bar.center, 16, P.TEXT_DIM, "center")
            return out
        last_label = -1000.0
        for i, t in enumerate(tl.turns):
            x0, x1 = self.x_of(t.first) - ox, self.x_of(t.end) - ox
            pygame.draw.rect(out, BAND[i % 2], (round(x0), bar.top, max(1, round(x1) - round(x0)), bar.height))
            label = f"T{t.turn}"
            w = render(label, 16).get_width()
            if x0 - last_label >= w + 6 and x0 + w <= bar.right + 2:  # labels that would run together give way
                pygame.draw.line(out, (110, 118, 126), (round(x0), bar.top - 4), (round(x0), bar.bottom), 1)
                blit_text(out, label, (x0 + 3, bar.top - 5), 16, P.TEXT if t.first < point else P.TEXT_DIM,
                          "bottomleft", bold=t.first < point <= t.end)
                last_label = x0
        for a in tl.activations:
            if a.ship is None:
                continue
            x0, x1 = self.x_of(a.first) - ox, self.x_of(a.end) - ox
            block = pygame.Rect(round(x0) + 1, bar.top + 4, max(1, round(x1) - round(x0) - 1), bar.height - 8)
            colour = self.colour_of(a.ship)
            if a.first >= point:
                colour = _mix(colour, BAND[0], UNPLAYED_MIX)
            pygame.draw.rect(out, colour, block, border_radius=2)
        if self.branch_point is not None and 0 <= self.branch_point <= tl.total:
            bx = round(self.x_of(self.branch_point) - ox)
            pygame.draw.line(out, BRANCH_MARK, (bx, bar.top - 2), (bx, bar.bottom + 2), 2)
            flag = [(bx, bar.bottom + 2), (bx + 7, bar.bottom + 6), (bx, bar.bottom + 9)]
            pygame.draw.polygon(out, BRANCH_MARK, flag)
        x = round(self.x_of(point) - ox)
        pygame.draw.line(out, MARKER, (x, bar.top - 4), (x, bar.bottom + 3), 3)
        pygame.draw.polygon(out, MARKER, [(x - 7, bar.bottom + 12), (x + 7, bar.bottom + 12), (x, bar.bottom + 3)])
        return out

    def _tip(self, surf: pygame.Surface, at: tuple[int, int], words: str) -> None:
        img = render(words, 17, P.TEXT)
        box = img.get_rect().inflate(14, 8)
        box.midbottom = (at[0], self.bar.top - 14)
        box.clamp_ip(pygame.Rect(0, 0, *surf.get_size()))
        pygame.draw.rect(surf, (10, 14, 20), box, border_radius=4)
        pygame.draw.rect(surf, (120, 130, 140), box, 1, border_radius=4)
        surf.blit(img, img.get_rect(center=box.center))
