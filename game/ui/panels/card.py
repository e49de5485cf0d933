"""The ship data card: everything a player would read off the paper card beside the model.

The rule system says what the card holds (:class:`game.systems.card.Card`:
heading lines, damage tracks, marks, a table); this module only draws it,
with plain pygame into a surface of exactly the size asked for, so nothing
can spill outside its rect; text that would not fit is shrunk a little and
then cut with an ellipsis.  :class:`ShipCard` keeps the rendered surface
while the card is unchanged, so a card on screen every frame costs one blit.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pygame

from game.systems.card import LOST, OK, PINK, PINK_LOST, Card, Mark, Table, Track
from game.ui import palette as P
from game.ui.fonts import fit_text, text
from game.ui.scale import factor, px

# --- colours -----------------------------------------------------------------

BG = (24, 27, 33)
BORDER = (74, 80, 92)
RULE = (52, 57, 66)
DIM = P.TEXT_DIM
FAINT = (118, 124, 132)
GOOD = (120, 220, 140)
BAD = (240, 96, 84)
WARN = (250, 200, 90)
BOX_COLOURS = {
    OK: ((214, 206, 182), (120, 112, 92)),  # fill, edge
    PINK: ((236, 150, 176), (150, 80, 104)),
    LOST: ((58, 60, 66), (86, 88, 96)),
    PINK_LOST: ((92, 52, 66), (132, 76, 96)),
}
CROSS = (236, 232, 220)
#: The stamp's colour for each kind of end a rule system names (game.systems.card.FATES).
FATE_COLOURS = {
    "struck": (240, 240, 240),
    "taken": (250, 170, 60),
    "sunk": (90, 160, 255),
    "destroyed": (255, 90, 60),
    "ashore": (214, 180, 110),
    "gone": (170, 176, 180),
}
#: A mark's or line's tone as a colour.
TONE_COLOURS: dict[str, tuple[int, int, int]] = {
    "": P.TEXT, "dim": DIM, "faint": FAINT, "bad": BAD, "flame": P.FIRE, "drop": P.LEAK, "warn": WARN,
}


# --- text that fits ----------------------------------------------------------


def wrap_lines(s: str, size: int, max_w: int, max_lines: int) -> list[str]:
    """Words of ``s`` in at most ``max_lines`` lines of ``max_w`` pixels; the last line may still need cutting."""
    words = s.split()
    lines: list[str] = []
    cur = ""
    for i, w in enumerate(words):
        trial = f"{cur} {w}" if cur else w
        if cur and text(trial, size).get_width() > max_w:
            lines.append(cur)
            if len(lines) >= max_lines - 1:
                lines.append(" ".join(words[i:]))  # the rest, for fit_text to cut
                return lines[:max_lines]
            cur = w
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines[:max_lines]


def _blit(surf: pygame.Surface, img: pygame.Surface, pos: tuple[int, int], anchor: str = "topleft") -> pygame.Rect:
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    return r


# --- the card ----------------------------------------------------------------

SIZE_NAME = 30
SIZE_BODY = 19
SIZE_SMALL = 17
PAD = 8
LABEL_W = 72
MARK_LINE = 21
TRACKS_MIN = 96  # the least room for the damage tracks before the dice table gives way


def render_card(card: Card, size: tuple[int, int], colour: tuple[int, int, int] = P.TEXT) -> pygame.Surface:
    """The whole card as a new surface of ``size``; everything is clipped to it.  ``colour``: her side's."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pad = px(PAD)
    pygame.draw.rect(surf, BG, (0, 0, w, h), border_radius=px(6))
    pygame.draw.rect(surf, BORDER, (0, 0, w, h), 1, border_radius=px(6))
    pygame.draw.rect(surf, colour, (1, 1, w - 2, px(5)), border_top_left_radius=px(6), border_top_right_radius=px(6))
    surf.set_clip(pygame.Rect(pad, 0, w - 2 * pad, h))
    inner = w - 2 * pad

    # heading: name, stamp badge, the lines about who and what she is
    y = px(10)
    stamp_colour = FATE_COLOURS.get(card.fate, P.TEXT)
    badge_w = 0
    if card.stamp:
        img = fit_text(card.stamp, SIZE_SMALL, BG, inner // 2, bold=True)
        br = img.get_rect(topright=(w - pad - px(4), y + px(4))).inflate(px(10), px(6))
        pygame.draw.rect(surf, stamp_colour, br, border_radius=px(4))
        _blit(surf, img, br.center, "center")
        badge_w = br.width + px(8)
    r = _blit(surf, fit_text(card.name, SIZE_NAME, P.TEXT, inner - badge_w, bold=True), (pad, y))
    y = r.bottom + px(3)
    for n, line in enumerate(card.lines):
        size_ = SIZE_SMALL if line.small else SIZE_BODY
        tone = TONE_COLOURS.get(line.tone, P.TEXT)
        rows = wrap_lines(line.text, size_, inner, 2 if h >= px(380) else 1) if line.wrap else [line.text]
        for row in rows:
            r = _blit(surf, fit_text(row, size_, tone, inner), (pad, y))
            y = r.bottom + 1
        y += 1 if n < len(card.lines) - 1 else px(4)
    pygame.draw.line(surf, RULE, (pad, y), (w - pad, y))
    y += px(5)

    # bottom block, laid out from the bottom up so the tracks get what is left; on a card too short
    # for both, the tracks keep their room and the dice table goes (the shot box shows the dice too)
    table = card.table
    table_h = _table_height(table)
    mark_line = px(MARK_LINE)
    if table is not None and h - pad - table_h - px(6) - len(card.marks) * mark_line - px(8) - y < px(TRACKS_MIN):
        table, table_h = None, 0
    marks_h = len(card.marks) * mark_line
    bottom = h - pad - table_h
    marks_top = bottom - px(6) - marks_h
    if table is not None:
        _draw_table(surf, table, pygame.Rect(pad, bottom, inner, table_h))
        pygame.draw.line(surf, RULE, (pad, bottom - px(4)), (w - pad, bottom - px(4)))
    _draw_marks(surf, card.marks, pad, marks_top, inner)
    pygame.draw.line(surf, RULE, (pad, marks_top - px(4)), (w - pad, marks_top - px(4)))

    tracks_rect = pygame.Rect(pad, y, inner, max(0, marks_top - px(8) - y))
    _draw_tracks(surf, card.tracks, tracks_rect)

    surf.set_clip(None)
    if card.stamp:
        _stamp(surf, card.stamp, stamp_colour, tracks_rect)
    return surf


def _label_height(crippled: bool, compact: bool) -> int:
    if compact:
        return px(15)
    return px(44) if crippled else px(30)


def _cell_size(counts: list[tuple[int, bool]], width: int, height: int, gap: int, compact: bool) -> int | None:
    """The largest box pitch (pixels, 16 to 4 at scale 1) at which every track fits in ``height``, or None."""
    for cell in range(px(16), px(4) - 1, -1):
        per_row = max(1, width // cell)
        need = sum(max(_label_height(c, compact), math.ceil(n / per_row) * cell) for n, c in counts)
        need += gap * (len(counts) - 1)
        if need <= height:
            return cell
    return None


def _draw_tracks(surf: pygame.Surface, tracks: tuple[Track, ...], rect: pygame.Rect) -> None:
    """The damage tracks, with boxes as large as the room allows.

    On a short card the labels lose their counts (the boxes show them) before
    the boxes get too small to read; anything still too big is clipped rather
    than drawn over the lines below.
    """
    tracks = tuple(t for t in tracks if t.start > 0)
    if not tracks or rect.height <= 0:
        return
    label_w = px(LABEL_W)
    box_w = rect.width - label_w
    counts = [(t.start, t.crippled) for t in tracks]
    compact, gap = False, px(8)
    cell = _cell_size(counts, box_w, rect.height, gap, compact)
    if cell is None:
        compact, gap = True, px(3)
        cell = _cell_size(counts, box_w, rect.height, gap, compact) or px(4)
    per_row = max(1, box_w // cell)
    old_clip = surf.get_clip()
    surf.set_clip(rect.clip(old_clip))
    y = rect.top
    for track in tracks:
        n, crippled = track.start, track.crippled
        rows = math.ceil(n / per_row)
        block_h = max(_label_height(crippled, compact), rows * cell)
        colour = BAD if crippled else P.TEXT
        r = _blit(
            surf,
            fit_text(track.label, SIZE_SMALL if compact else SIZE_BODY, colour, label_w - px(6), bold=True),
            (rect.left, y),
        )
        if not compact:
            r = _blit(surf, fit_text(f"{track.left}/{n}", SIZE_SMALL, DIM, label_w - px(6)), (rect.left, r.bottom + 2))
            if crippled:
                _blit(surf, fit_text("crippled", SIZE_SMALL, BAD, label_w - px(6)), (rect.left, r.bottom + 2))
        x0 = rect.left + label_w
        for i, box in enumerate(track.boxes()):
            bx = x0 + (i % per_row) * cell
            by = y + (i // per_row) * cell
            _box(surf, pygame.Rect(bx, by, cell - 1, cell - 1), box)
        y += block_h + gap
    surf.set_clip(old_clip)


def draw_box(surf: pygame.Surface, r: pygame.Rect, state: str) -> None:
    """One box of a track as the card draws it: plain, pink (crippling), or crossed out."""
    _box(surf, r, state)


def _box(surf: pygame.Surface, r: pygame.Rect, state: str) -> None:
    fill, edge = BOX_COLOURS[state]
    pygame.draw.rect(surf, fill, r)
    if r.width >= 6:
        pygame.draw.rect(surf, edge, r, 1)
    if state in (LOST, PINK_LOST):
        pygame.draw.line(surf, CROSS, (r.left + 1, r.bottom - 2), (r.right - 2, r.top + 1))
        if r.width >= 7:
            pygame.draw.line(surf, CROSS, (r.left + 1, r.top + 1), (r.right - 2, r.bottom - 2))


def _flame(surf: pygame.Surface, cx: int, cy: int, lit: bool) -> None:
    outer = P.FIRE if lit else (96, 80, 70)
    inner = (255, 220, 90) if lit else (120, 110, 100)
    k = factor()
    pygame.draw.polygon(surf, outer, [(cx + a * k, cy + b * k) for a, b in ((0, -8), (6, 1), (4, 6), (-4, 6), (-6, 1))])
    pygame.draw.polygon(surf, inner, [(cx + a * k, cy + b * k) for a, b in ((0, -2), (3, 3), (0, 6), (-3, 3))])


def _drop(surf: pygame.Surface, cx: int, cy: int, lit: bool) -> None:
    col = P.LEAK if lit else (80, 90, 110)
    k = factor()
    pygame.draw.circle(surf, col, (cx, cy + 2 * k), 5 * k)
    pygame.draw.polygon(surf, col, [(cx, cy - 8 * k), (cx + 4 * k, cy), (cx - 4 * k, cy)])


def _icon_flame_or_drop(draw: Callable[[pygame.Surface, int, int, bool], None]) -> Callable[..., int]:
    def put(surf: pygame.Surface, mark: Mark, x: int, cy: int, room: int) -> int:
        draw(surf, x + px(7), cy, mark.on)
        r = _blit(surf, fit_text(mark.label, SIZE_BODY, TONE_COLOURS.get(mark.tone, P.TEXT), room - px(17)),
                  (x + px(17), cy), "midleft")
        return r.right + px(9)

    return put


def _put_dot(surf: pygame.Surface, mark: Mark, x: int, cy: int, room: int) -> int:
    pygame.draw.circle(surf, GOOD if mark.on else FAINT, (x + px(5), cy), px(5), 0 if mark.on else 1)
    r = _blit(surf, fit_text(mark.label, SIZE_BODY, TONE_COLOURS.get(mark.tone, P.TEXT), room - px(14)),
              (x + px(14), cy), "midleft")
    return r.right + px(14)


def _put_chip(surf: pygame.Surface, mark: Mark, x: int, cy: int, room: int) -> int:
    img = fit_text(mark.label, SIZE_SMALL, P.TEXT, max(1, room - px(8)))
    chip = img.get_rect(midleft=(x + px(5), cy)).inflate(px(10), px(4))
    if chip.width > room:
        return x + room + 1  # no room left on the line
    pygame.draw.rect(surf, (58, 66, 82), chip, border_radius=px(4))
    surf.blit(img, img.get_rect(center=chip.center))
    return chip.right + px(6)


def _put_plain(surf: pygame.Surface, mark: Mark, x: int, cy: int, room: int) -> int:
    size_ = SIZE_SMALL if mark.tone == "faint" else SIZE_BODY
    r = _blit(surf, fit_text(mark.label, size_, TONE_COLOURS.get(mark.tone, P.TEXT), max(1, room)), (x, cy), "midleft")
    return r.right + px(12)


_PUT: dict[str, Callable[..., int]] = {
    "flame": _icon_flame_or_drop(_flame),
    "drop": _icon_flame_or_drop(_drop),
    "dot": _put_dot,
    "chip": _put_chip,
    "": _put_plain,
}


def _draw_marks(surf: pygame.Surface, lines: tuple[tuple[Mark, ...], ...], x0: int, y: int, width: int) -> None:
    """Each line of marks: those set at the right first (they are short), then the rest from the left."""
    for n, line in enumerate(lines):
        cy = y + px(9) + n * px(MARK_LINE)
        right = x0 + width
        for mark in (m for m in line if m.right):
            if mark.icon == "badge":
                img = fit_text(mark.label, SIZE_SMALL, BG if mark.on else FAINT, width // 2)
                fr = img.get_rect(midright=(right - px(4), cy))
                if mark.on:
                    pygame.draw.rect(surf, WARN, fr.inflate(px(8), px(4)), border_radius=px(4))
                surf.blit(img, fr)
                right = fr.left - px(10)
            else:
                img = fit_text(mark.label, SIZE_BODY, TONE_COLOURS.get(mark.tone, P.TEXT), width // 2)
                right = _blit(surf, img, (right, cy), "midright").left - px(10)
        x = x0
        for mark in (m for m in line if not m.right):
            if x >= right - px(8):
                break
            x = _PUT.get(mark.icon, _put_plain)(surf, mark, x, cy, right - x)


def _table_height(table: Table | None) -> int:
    return 0 if table is None else px(20) + len(table.rows) * px(18)


def _draw_table(surf: pygame.Surface, table: Table, rect: pygame.Rect) -> None:
    w = rect.width
    cols = [0, int(w * 0.29), int(w * 0.43), int(w * 0.78), int(w * 0.89), w]  # name | limit | dice | heads...
    r = _blit(surf, text(table.title, SIZE_SMALL, DIM, bold=True), (rect.left, rect.top))
    if table.note:
        note = fit_text(table.note, SIZE_SMALL, BAD, rect.left + cols[3] - r.right - px(8))
        _blit(surf, note, (r.right + px(8), r.top))
    centres = [rect.left + (cols[3 + i] + cols[4 + i]) // 2 for i in range(min(2, len(table.heads)))]
    for head, cx in zip(table.heads, centres, strict=False):
        _blit(surf, text(head, SIZE_SMALL, DIM), (cx, rect.top), "midtop")
    y = rect.top + px(20)
    for row in table.rows:
        cy = y + px(8)
        pygame.draw.rect(surf, P.BANDS.get(row.key, P.TEXT), (rect.left, cy - px(5), px(4), px(11)))
        cells = list(row.cells) + [""] * (3 - len(row.cells))
        _blit(surf, fit_text(cells[0], SIZE_BODY, P.TEXT, cols[1] - px(12)), (rect.left + px(8), cy), "midleft")
        _blit(surf, fit_text(cells[1], SIZE_SMALL, FAINT, cols[2] - cols[1] - 4), (rect.left + cols[1], cy), "midleft")
        _blit(surf, fit_text(cells[2], SIZE_BODY, P.TEXT, cols[3] - cols[2] - 4, bold=True), (rect.left + cols[2], cy),
              "midleft")
        for cell, cx in zip(row.cells[3:], centres, strict=False):
            _blit(surf, text(cell, SIZE_BODY, P.TEXT), (cx, cy), "center")
        y += px(18)


def _stamp(surf: pygame.Surface, words: str, colour: tuple[int, int, int], over: pygame.Rect) -> None:
    """A rubber stamp across the damage tracks, so a struck or sunk ship cannot be mistaken for a fighting one."""
    if over.width < 20 or over.height < 20:
        return
    img = text(words, 64, colour, True)
    img = pygame.transform.rotozoom(img, 14, 1.0)
    scale = min(1.0, (over.width - 10) / img.get_width(), (over.height - 4) / img.get_height())
    if scale < 1.0:
        img = pygame.transform.smoothscale(
            img, (max(1, int(img.get_width() * scale)), max(1, int(img.get_height() * scale)))
        )
    img.set_alpha(150)
    surf.blit(img, img.get_rect(center=over.center))


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: Card, colour: tuple[int, int, int] = P.TEXT) -> None:
    """Draw ``card`` into ``rect`` (rendered afresh; use :class:`ShipCard` to cache it)."""
    surface.blit(render_card(card, rect.size, colour), rect.topleft)


class ShipCard:
    """Ship cards cached by (card, colour, size): an unchanged card is one blit.

    A card is a frozen value, so one that moved but did not change compares
    equal.  A few entries are kept so flicking between two or three selected
    ships does not re-render each time.
    """

    def __init__(self, max_entries: int = 8) -> None:
        self.max_entries = max_entries
        self._cache: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self.renders = 0  # how many times a card was actually drawn (for tests and profiling)

    def surface(self, card: Card, size: tuple[int, int], colour: tuple[int, int, int] = P.TEXT) -> pygame.Surface:
        key = (card, colour, (int(size[0]), int(size[1])))
        img = self._cache.get(key)
        if img is None:
            img = render_card(card, size, colour)
            self.renders += 1
            self._cache[key] = img
            while len(self._cache) > self.max_entries:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return img

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, card: Card, colour: tuple[int, int, int] = P.TEXT
    ) -> None:
        surface.blit(self.surface(card, rect.size, colour), rect.topleft)

    def clear(self) -> None:
        self._cache.clear()
