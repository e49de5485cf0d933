"""The side's fleet as a table of her own: squadrons, ships with their condition bars, batteries, losses.

Drawn by hand rather than with a list widget because a ship's hull, rigging
and crew are best read as bars against her class's figures, which no
pygame_gui list draws.  Rows are picked with the mouse, the wheel scrolls,
and Up/Down move the choice; the scene asks ``chosen()`` what the row is.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.campaign.state import (
    BUILDING,
    LOST,
    PRIZE,
    RC,
    REPAIR,
    TRACKS,
    Battery,
    Campaign,
    CampaignShip,
    Side,
)
from game.ui.campaign.sheet import class_words, repair_months, status_words
from game.ui.fonts import fit_text
from game.ui.scale import px

_BG = (18, 27, 37)
_ROW_ALT = (22, 33, 45)
_CHOSEN = (52, 70, 92)
_EDGE = (92, 80, 52)
_TEXT = (236, 228, 208)
_DIM = (140, 150, 160)
_HEAD = (200, 168, 96)
_LOST = (150, 110, 100)
_BAR_BG = (40, 46, 54)
#: Bar colours: hull, rigging, crew.
BAR_COLOURS = {"hull": (196, 150, 96), "rigging": (214, 214, 196), "crew": (120, 170, 230)}
STATUS_COLOURS = {REPAIR: (232, 184, 96), PRIZE: (232, 184, 96), RC: (232, 184, 96), BUILDING: (150, 190, 230),
                  LOST: (240, 138, 106)}
ROW_H = 26
FONT = 18


@dataclass
class Row:
    kind: str  # "squadron" | "ship" | "battery" | "header"
    key: str  # the squadron's name, the ship's or battery's id; "" for a header
    text: str
    ship: CampaignShip | None = None
    battery: Battery | None = None
    side: str = ""  # whose sheet the row is on


def taken(c: Campaign, side: Side) -> list[CampaignShip]:
    """Her own ships the enemy holds now: lost to her, taken (her sheet keeps them with their fate)."""
    return [s for other in c.sides.values() if other.id != side.id for s in other.ships
            if s.original_owner == side.id and s.owner != side.id]


def short_status(c: Campaign, ship: CampaignShip, side: str | None = None) -> str:
    if side is not None and ship.owner != side:
        return "captured"
    if ship.status == LOST:
        return ship.fate or "lost"
    if ship.status == BUILDING:
        return f"sails m. {ship.ready_month}"
    if ship.status == REPAIR:
        return f"repair {repair_months(ship)} mo."
    return {PRIZE: "prize", RC: "RC"}.get(ship.status, ship.status)


def rows_of(c: Campaign, side: Side) -> list[Row]:
    """Her squadrons with their ships, ships of no squadron, her batteries, then her losses."""
    rows: list[Row] = []
    afloat = [s for s in side.ships if s.status != LOST]
    for name in side.squadrons:
        ships = [s for s in afloat if s.squadron == name]
        sent = " \u2014 sent to the engagement" if c.stage == "orders" and side.orders.squadron == name else ""
        rows.append(Row("squadron", name, f"{name} ({len(ships)} ship{'s' if len(ships) != 1 else ''}){sent}"))
        rows += [Row("ship", s.id, s.name, ship=s, side=side.id) for s in ships]
    stray = [s for s in afloat if s.squadron not in side.squadrons]
    if stray:
        rows.append(Row("header", "", "In port, in no squadron"))
        rows += [Row("ship", s.id, s.name, ship=s, side=side.id) for s in stray]
    if side.batteries:
        rows.append(Row("header", "", "Shore batteries"))
        rows += [Row("battery", b.id, b.name, battery=b) for b in side.batteries]
    lost = [s for s in side.ships if s.status == LOST] + taken(c, side)
    if lost:
        rows.append(Row("header", "", "Lost"))
        rows += [Row("ship", s.id, s.name, ship=s, side=side.id) for s in lost]
    return rows


def details(c: Campaign, row: Row | None) -> str:
    """One line on the chosen row, under the table."""
    if row is None:
        return "Pick a squadron or a ship (click, or Up/Down)."
    if row.ship is not None:
        s = row.ship
        if s.owner != row.side:
            return f"{s.name} ({class_words(s.ship)}) was taken by {c.side(s.owner).name}: lost to you"
        return (f"{s.name} ({class_words(s.ship)}), crew {s.crew_class} ({s.quality}), value {s.value}: hull {s.hull}/"
                f"{s.hull_max}, rigging {s.rigging}/{s.rigging_max}, crew {s.crew}/{s.crew_max}; "
                f"{status_words(c, s)}")
    if row.battery is not None:
        b = row.battery
        return f"{b.name}: a {b.kind} shore battery, value {b.value}" + (", destroyed" if b.destroyed else "")
    return row.text


class FleetTable:
    """The table's rows, the chosen one and the scroll; ``rect`` in screen pixels."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.rows: list[Row] = []
        self.index: int | None = None
        self.top = 0  # first row shown

    # --- content ----------------------------------------------------------------------

    def set_rows(self, rows: list[Row]) -> None:
        """New rows; the same squadron, ship or battery stays chosen if it is still there."""
        key = self.chosen()
        self.rows = rows
        self.index = None
        if key is not None:
            self.index = next((i for i, r in enumerate(rows) if (r.kind, r.key) == (key.kind, key.key)), None)
        if self.index is None:
            self.index = next((i for i, r in enumerate(rows) if r.kind == "ship"), None)
        self._keep_in_view()

    def chosen(self) -> Row | None:
        return self.rows[self.index] if self.index is not None and self.index < len(self.rows) else None

    def choose(self, kind: str, key: str) -> bool:
        for i, r in enumerate(self.rows):
            if (r.kind, r.key) == (kind, key):
                self.index = i
                self._keep_in_view()
                return True
        return False

    # --- input ------------------------------------------------------------------------

    def _row_h(self) -> int:
        return px(ROW_H)

    def _body(self) -> pygame.Rect:
        """The rows' area: under the column heads, above the details line."""
        r = self.rect
        return pygame.Rect(r.x, r.y + self._row_h(), r.w, r.h - self._row_h() - px(44))

    def visible(self) -> int:
        return max(1, self._body().h // self._row_h())

    def _keep_in_view(self) -> None:
        if self.index is None:
            return
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible():
            self.top = self.index - self.visible() + 1
        self.top = max(0, min(self.top, max(0, len(self.rows) - self.visible())))

    def click(self, pos: tuple[int, int]) -> bool:
        body = self._body()
        if not body.collidepoint(pos):
            return False
        i = self.top + (pos[1] - body.y) // self._row_h()
        if 0 <= i < len(self.rows) and self.rows[i].kind != "header":
            self.index = i
            return True
        return False

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, max(0, len(self.rows) - self.visible())))

    def move(self, step: int) -> None:
        """Up/Down: the next row that can be chosen."""
        if not self.rows:
            return
        i = self.index if self.index is not None else -step
        for _ in range(len(self.rows)):
            i = (i + step) % len(self.rows)
            if self.rows[i].kind != "header":
                self.index = i
                break
        self._keep_in_view()

    # --- drawing ----------------------------------------------------------------------

    def _columns(self) -> dict[str, tuple[int, int]]:
        """Column x and width: name, class, crew class, bars, status."""
        w = self.rect.w - px(16)
        widths = {"name": 0.30, "class": 0.22, "crew": 0.07, "bars": 0.21, "status": 0.20}
        out, x = {}, self.rect.x + px(8)
        for name, share in widths.items():
            out[name] = (x, int(w * share))
            x += int(w * share)
        return out

    def draw(self, surface: pygame.Surface, c: Campaign) -> None:
        r, rh = self.rect, self._row_h()
        pygame.draw.rect(surface, _BG, r, border_radius=6)
        pygame.draw.rect(surface, _EDGE, r, 1, border_radius=6)
        cols = self._columns()
        heads = {"name": "Ship", "class": "Class", "crew": "Crew", "bars": "Hull \u00b7 rigging \u00b7 crew",
                 "status": "Status"}
        for name, (x, w) in cols.items():
            surface.blit(fit_text(heads[name], FONT - 1, _HEAD, w - px(4), bold=True), (x, r.y + px(5)))
        body = self._body()
        clip = surface.get_clip()
        surface.set_clip(body)
        for n, row in enumerate(self.rows[self.top : self.top + self.visible() + 1]):
            i = self.top + n
            y = body.y + n * rh
            line = pygame.Rect(r.x + 1, y, r.w - 2, rh)
            if i == self.index:
                pygame.draw.rect(surface, _CHOSEN, line)
            elif n % 2:
                pygame.draw.rect(surface, _ROW_ALT, line)
            self._draw_row(surface, c, row, cols, y, rh)
        surface.set_clip(clip)
        if len(self.rows) > self.visible():  # where the view is in the list
            track = pygame.Rect(r.right - px(5), body.y, px(3), body.h)
            share = self.visible() / len(self.rows)
            knob = pygame.Rect(track.x, body.y + int(body.h * self.top / len(self.rows)), track.w,
                               max(px(10), int(body.h * share)))
            pygame.draw.rect(surface, _EDGE, knob)
        text = details(c, self.chosen())
        y = body.bottom + px(4)
        pygame.draw.line(surface, _EDGE, (r.x + px(6), y), (r.right - px(6), y))
        from game.ui.app import wrap
        from game.ui.fonts import font

        for k, part in enumerate(wrap(text, font(FONT - 1).size, r.w - px(16))[:2]):
            surface.blit(fit_text(part, FONT - 1, _TEXT, r.w - px(16)), (r.x + px(8), y + px(4) + k * px(18)))

    def _draw_row(self, surface: pygame.Surface, c: Campaign, row: Row, cols, y: int, rh: int) -> None:
        ty = y + (rh - px(FONT)) // 2
        if row.kind in ("squadron", "header"):
            colour = _HEAD if row.kind == "squadron" else _DIM
            x, _ = cols["name"]
            surface.blit(fit_text(row.text, FONT, colour, self.rect.w - px(24), bold=True), (x, ty))
            return
        if row.battery is not None:
            b = row.battery
            surface.blit(fit_text(f"  {b.name}", FONT, _TEXT, cols["name"][1] - px(4)), (cols["name"][0], ty))
            surface.blit(fit_text(b.kind, FONT, _DIM, cols["class"][1] - px(4)), (cols["class"][0], ty))
            words = "destroyed" if b.destroyed else "standing"
            surface.blit(fit_text(words, FONT, _DIM, cols["status"][1]), (cols["status"][0], ty))
            return
        s = row.ship
        assert s is not None
        gone = s.status == LOST or s.owner != row.side
        colour = _LOST if gone else _TEXT
        surface.blit(fit_text(f"  {s.name}", FONT, colour, cols["name"][1] - px(4)), (cols["name"][0], ty))
        surface.blit(fit_text(class_words(s.ship), FONT, _DIM, cols["class"][1] - px(4)), (cols["class"][0], ty))
        surface.blit(fit_text(s.crew_class, FONT, colour, cols["crew"][1] - px(2)), (cols["crew"][0], ty))
        x, w = cols["bars"]
        bar_h, gap = max(2, px(5)), max(1, px(2))
        top = y + (rh - 3 * bar_h - 2 * gap) // 2
        for k, track in enumerate(TRACKS):
            most = max(1, s.most(track))
            full = pygame.Rect(x, top + k * (bar_h + gap), w - px(10), bar_h)
            pygame.draw.rect(surface, _BAR_BG, full)
            filled = full.copy()
            filled.w = int(full.w * max(0, min(1.0, s.track(track) / most)))
            if not gone and filled.w:
                pygame.draw.rect(surface, BAR_COLOURS[track], filled)
        status = short_status(c, s, row.side)
        surface.blit(fit_text(status, FONT, STATUS_COLOURS.get(LOST if gone else s.status, _TEXT), cols["status"][1]),
                     (cols["status"][0], ty))
