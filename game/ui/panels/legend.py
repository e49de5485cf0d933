"""The legend (key L, or the Legend button): every mark on the table and the card, with a sample and its meaning.

The rule system says what its own marks mean (``RuleSystem.legend``: the
wind's wedges, the range bands, the card's boxes, the words under a name);
the window adds the marks of its tools (rings, the tape, the handle, the
ghost, the measuring tape).  Samples are drawn here from the plain values;
the panel lies over the table's left side, out of the way of the card and
the buttons, and scrolls with the wheel when it is taller than the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.systems.card import LOST, OK, PINK
from game.systems.legend import LegendGroup, Mark
from game.ui import palette as P
from game.ui.fonts import text
from game.ui.panels.card import draw_box
from game.ui.scale import px

SAMPLE = (46, 24)  # a sample's box
PAD = 14
ROW_GAP = 6
LABEL = 16
MEANING = 15
BG = (12, 18, 26, 250)
EDGE = (138, 116, 69)
HEAD = (230, 199, 122)

#: The window's own marks: what the table's tools draw, whatever the rules.
TABLE_MARKS = LegendGroup(
    "The table and its tools",
    (
        Mark("ring", (255, 255, 255), "Thin white ring", "a ship that may act now: click her, then Enter"),
        Mark("ring", P.SELECT, "Yellow outline", "the ship whose card is shown"),
        Mark("tape", P.TAPE, "Tape", "laid from her bow; the green stretch is how far she may sail this segment, "
                                     "red what she must at least; drag her along it"),
        Mark("handle", (255, 255, 255), "Handle", "drag it to turn her within her allowance (the pale fan)"),
        Mark("ghost", (235, 240, 250), "Ghost", "where the tape puts her; click it or press Enter to sail"),
        Mark("line", P.TAPE, "Measuring tape", "M, then drag between two points: the distance, base to base "
                                               "between two ships"),
        Mark("swatch", P.GRID, "Grid", "G: faint lines every 6 inches"),
        Mark("line", (160, 210, 255), "Compass", "top right: the arrow points where the wind blows to, the figure "
                                                 "is the bearing it blows from"),
        Mark("line", (236, 232, 220), "Scale bar", "bottom left: inches on the table at this zoom"),
    ),
)


class Legend:
    """The legend's picture for a size, remembered until the size or the rules change; its scroll."""

    def __init__(self) -> None:
        self.visible = False
        self.scroll = 0
        self._image: pygame.Surface | None = None
        self._key: tuple | None = None
        self.rect: pygame.Rect | None = None

    def toggle(self) -> None:
        self.visible = not self.visible
        self.scroll = 0

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy * 40)

    def draw(self, surf: pygame.Surface, view: pygame.Rect, groups_of: Callable[[], Sequence[LegendGroup]]) -> None:
        """Over ``view`` when open; ``groups_of`` gives the marks, asked only then (the table draws every frame)."""
        if not self.visible:
            self.rect = None
            return
        groups = groups_of()
        width = max(px(320), min(view.width - 24, px(980)))
        key = (width, tuple(groups))
        if key != self._key:
            self._image = render_legend(groups, width)
            self._key = key
        img = self._image
        assert img is not None
        height = min(img.get_height(), view.height - 24)
        self.scroll = max(0, min(self.scroll, img.get_height() - height))
        self.rect = pygame.Rect(view.left + 12, view.top + 12, width, height)
        surf.blit(img, self.rect.topleft, pygame.Rect(0, self.scroll, width, height))
        if img.get_height() > height:  # a bar saying there is more, and where we are in it
            bar_h = max(20, height * height // img.get_height())
            y = self.rect.top + (height - bar_h) * self.scroll // max(1, img.get_height() - height)
            pygame.draw.rect(surf, EDGE, (self.rect.right - 6, y, 4, bar_h), border_radius=2)


def render_legend(groups: Sequence[LegendGroup], width: int) -> pygame.Surface:
    """Every group's marks, in two columns when the panel is wide enough, under a title."""
    columns = 2 if width >= px(720) else 1
    col_w = (width - px(PAD) * (columns + 1)) // columns
    blocks = [_group_block(g, col_w) for g in groups]
    title = text("Legend: what the marks mean", 22, HEAD, True)
    hint = text("L or Esc closes; the wheel scrolls", 15, P.TEXT_DIM)
    top = px(PAD) + title.get_height() + 10
    # fill the columns in order, each block to the shortest column
    heights = [top] * columns
    places: list[tuple[int, int]] = []
    for b in blocks:
        c = heights.index(min(heights))
        places.append((px(PAD) + c * (col_w + px(PAD)), heights[c]))
        heights[c] += b.get_height() + 12
    out = pygame.Surface((width, max(heights) + px(PAD) - 12), pygame.SRCALPHA)
    pygame.draw.rect(out, BG, out.get_rect(), border_radius=8)
    pygame.draw.rect(out, EDGE, out.get_rect(), 1, border_radius=8)
    out.blit(title, (px(PAD), px(PAD)))
    out.blit(hint, (width - px(PAD) - hint.get_width(), px(PAD) + title.get_height() - hint.get_height()))
    for b, at in zip(blocks, places, strict=True):
        out.blit(b, at)
    return out


def _group_block(group: LegendGroup, width: int) -> pygame.Surface:
    rows: list[tuple[Mark, pygame.Surface, list[pygame.Surface]]] = []
    text_x = px(SAMPLE[0] + 10)
    for m in group.marks:
        label = text(m.label, LABEL, P.TEXT, True)
        rows.append((m, label, [text(ln, MEANING, P.TEXT_DIM) for ln in _wrap(m.meaning, width - text_x)]))
    head = text(group.title, 17, HEAD, True)
    height = head.get_height() + 6 + sum(
        max(px(SAMPLE[1]), r[1].get_height() + sum(i.get_height() for i in r[2])) + px(ROW_GAP) for r in rows
    )
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    out.blit(head, (0, 0))
    y = head.get_height() + 6
    for m, label, lines in rows:
        draw_sample(out, pygame.Rect(0, y + 2, px(SAMPLE[0]), px(SAMPLE[1])), m)
        out.blit(label, (text_x, y))
        ly = y + label.get_height()
        for ln in lines:
            out.blit(ln, (text_x, ly))
            ly += ln.get_height()
        y = max(y + px(SAMPLE[1]), ly) + px(ROW_GAP)
    return out


def _wrap(s: str, width: int) -> list[str]:
    from game.ui.app import wrap
    from game.ui.fonts import font

    f = font(MEANING)
    return wrap(s, f.size, max(40, width))


def draw_sample(surf: pygame.Surface, r: pygame.Rect, m: Mark) -> None:
    """A small picture of the mark, as the table or the card draws it."""
    c = tuple(m.colour)
    layer = pygame.Surface(SAMPLE, pygame.SRCALPHA)  # drawn at its design size, then scaled to the rect
    w, h = SAMPLE
    if m.sample == "wedge":
        pts = [(4, h - 2)] + [(4 + math.cos(a) * (w - 8), h - 2 - math.sin(a) * (h - 4))
                              for a in (i * math.pi / 2 / 8 for i in range(9))]
        pygame.draw.polygon(layer, (*c, 110), pts)
        pygame.draw.polygon(layer, (*c, 220), pts, 1)
    elif m.sample == "band":
        pygame.draw.rect(layer, (*c, 70), layer.get_rect(), border_radius=3)
        pygame.draw.rect(layer, (*c, 220), layer.get_rect(), 1, border_radius=3)
    elif m.sample in ("box", "pink_box", "crossed_box"):
        state = {"box": OK, "pink_box": PINK, "crossed_box": LOST}[m.sample]
        for i in range(3):
            draw_box(layer, pygame.Rect(2 + i * 14, h // 2 - 6, 12, 12), state)
    elif m.sample == "badge":
        word = pygame.font.Font(None, 13).render(m.label, True, c)  # design size: the sample is scaled whole
        box = word.get_rect(center=(w // 2, h // 2))
        if box.width + 6 > w:  # a long word: its frame only
            box = pygame.Rect(2, 4, w - 4, h - 8)
            pygame.draw.rect(layer, c, box, 1, border_radius=3)
        else:
            layer.blit(word, box)
            pygame.draw.rect(layer, c, box.inflate(6, 2), 1, border_radius=3)
    elif m.sample == "line":
        pygame.draw.line(layer, c, (3, h // 2), (w - 6, h // 2), 3)
        pygame.draw.polygon(layer, c, [(w - 2, h // 2), (w - 10, h // 2 - 5), (w - 10, h // 2 + 5)])
    elif m.sample == "swatch":
        pygame.draw.rect(layer, (*c, 150), layer.get_rect().inflate(-4, -6), border_radius=3)
    elif m.sample == "ring":
        pygame.draw.circle(layer, c, (w // 2, h // 2), h // 2 - 1, 2)
    elif m.sample == "tape":
        pygame.draw.rect(layer, (*c, 220), (0, h // 2 - 6, w, 12))
        pygame.draw.rect(layer, (200, 70, 50, 220), (0, h // 2 - 3, w // 4, 6))
        pygame.draw.rect(layer, (70, 190, 90, 230), (w // 4, h // 2 - 3, w // 2, 6))
        for x in range(2, w, 6):
            pygame.draw.line(layer, P.TAPE_DARK, (x, h // 2 - 6), (x, h // 2 - 2))
    elif m.sample == "handle":
        pygame.draw.circle(layer, c, (w // 2, h // 2), 8)
        pygame.draw.circle(layer, (30, 30, 30), (w // 2, h // 2), 8, 2)
    elif m.sample == "ghost":
        hull = [(4, h // 2), (12, 4), (w - 10, 5), (w - 3, h // 2), (w - 10, h - 5), (12, h - 4)]
        pygame.draw.polygon(layer, (*c, 90), hull)
        pygame.draw.polygon(layer, (*c, 230), hull, 1)
    if layer.get_size() != r.size:
        layer = pygame.transform.smoothscale(layer, r.size)
    surf.blit(layer, r.topleft)
