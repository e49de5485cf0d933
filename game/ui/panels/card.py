"""The ship data card: everything a player would read off the paper card beside the model.

The card is drawn with plain pygame into a surface of exactly the size asked
for, so nothing can spill outside its rect; text that would not fit is shrunk
a little and then cut with an ellipsis.  :class:`ShipCard` keeps the rendered
surface while the ship is unchanged, so a card on screen every frame costs one
blit.

The two tables a player checks most -- which damage boxes are gone, and how
many dice each broadside throws at each range -- are pure functions
(:func:`track_boxes`, :func:`broadside_table`) so the rule they show can be
tested without drawing anything.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, fields

import pygame

from game.systems.btq21.broadside import broadside_total, split_dice
from game.systems.btq21.state import (
    AFLOAT,
    AGROUND,
    CAPTURED,
    DESTROYED,
    EXPLODED,
    LEFT_TABLE,
    STRUCK,
    SUNK,
    GameState,
    Ship,
)
from game.ui import palette as P
from game.ui.fonts import text

# --- box states --------------------------------------------------------------

OK = "ok"
PINK = "pink"
LOST = "lost"
PINK_LOST = "pink_lost"


def track_boxes(start: int, lost: int, cripple: int) -> list[str]:
    """The state of each box of a damage track, from the full end.

    Points are lost from the full end, so the first ``lost`` boxes are crossed
    out.  The track is crippled once ``lost >= cripple``: the first ``cripple``
    boxes are the ones whose loss cripples her, and the card prints them pink
    so a player sees at a glance how far she is from it.
    """
    start = max(0, int(start))
    lost = max(0, min(start, int(lost)))
    cripple = max(0, min(start, int(cripple)))
    out: list[str] = []
    for i in range(start):
        if i < lost:
            out.append(PINK_LOST if i < cripple else LOST)
        else:
            out.append(PINK if i < cripple else OK)
    return out


# --- broadside dice ----------------------------------------------------------


@dataclass(frozen=True)
class BandDice:
    """One row of the card's gunnery table: the dice of one broadside at one range band."""

    band: str
    limit: float  # the band's upper limit, inches
    d10: int
    d6: int
    hull: int  # number needed to hit, aiming at the hull
    rigging: int  # ... aiming at the rigging
    halved: bool  # dice halved (rounding up) for a crippled hull

    @property
    def dice(self) -> str:
        """The dice as a player says them: "12 D10 + 16 D6"."""
        parts = [f"{n} D{s}" for n, s in ((self.d10, 10), (self.d6, 6)) if n]
        return " + ".join(parts) if parts else "none"


def broadside_table(state: GameState, ship: Ship) -> list[BandDice]:
    """Dice of one broadside at each range band, as :func:`game.systems.btq21.broadside.plan_shot` counts them.

    Only what belongs to the firer is applied (the guns table, the large-gun
    share, halving for a crippled hull); a rake or snap fire depends on the
    target and is left to the shot preview.
    """
    halved = ship.crippled("hull")
    rows: list[BandDice] = []
    for band, limit in state.rules.ranges.items():
        d10, d6 = split_dice(broadside_total(state, ship.guns, band), ship.large_share)
        if halved:
            d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
        rows.append(
            BandDice(
                band,
                float(limit),
                d10,
                d6,
                int(state.rules.to_hit["hull"][band]),
                int(state.rules.to_hit["rigging"][band]),
                halved,
            )
        )
    return rows


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
STATUS = {
    STRUCK: ("STRUCK", (240, 240, 240)),
    CAPTURED: ("CAPTURED", (250, 170, 60)),
    SUNK: ("SUNK", (90, 160, 255)),
    EXPLODED: ("EXPLODED", (255, 90, 60)),
    AGROUND: ("AGROUND", (214, 180, 110)),
    LEFT_TABLE: ("LEFT THE TABLE", (170, 176, 180)),
    DESTROYED: ("DESTROYED", (255, 90, 60)),
}
SPECIAL_NAMES = {"flagship": "Flagship", "marines": "Marines", "signals": "Signals"}
BAND_NAMES = {"point_blank": "Point blank", "close": "Close", "effective": "Effective", "long": "Long"}


# --- text that fits ----------------------------------------------------------


def fit_text(
    s: str, size: int, colour: tuple[int, int, int], max_w: int, bold: bool = False, shrink: int = 4
) -> pygame.Surface:
    """``s`` rendered no wider than ``max_w``: up to ``shrink`` sizes smaller, then cut with an ellipsis.

    Shrinking only a little keeps the card's type consistent; a long ship name
    or armament is better cut than made unreadable.
    """
    max_w = max(1, int(max_w))
    for sz in range(size, max(8, size - shrink) - 1, -1):
        img = text(s, sz, colour, bold)
        if img.get_width() <= max_w:
            return img
    sz = max(8, size - shrink)
    lo, hi = 0, len(s)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text(s[:mid].rstrip() + "…", sz, colour, bold).get_width() <= max_w:
            lo = mid
        else:
            hi = mid - 1
    img = text((s[:lo].rstrip() + "…") if lo else "…", sz, colour, bold)
    if img.get_width() > max_w:  # not even the ellipsis fits: crop
        img = img.subsurface((0, 0, max_w, img.get_height()))
    return img


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


def _armament(state: GameState, ship: Ship) -> str:
    sc = getattr(state, "scenario", None)
    if sc is None:
        return ""
    for _side, _sq, entry in sc.ships():
        if entry.id == ship.id:
            return entry.ship.armament
    return ""


def render_card(state: GameState, ship_id: str, size: tuple[int, int]) -> pygame.Surface:
    """The whole card as a new surface of ``size``; everything is clipped to it."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    ship = state.ships[ship_id]
    pygame.draw.rect(surf, BG, (0, 0, w, h), border_radius=6)
    pygame.draw.rect(surf, BORDER, (0, 0, w, h), 1, border_radius=6)
    colour = P.side_colour(state, ship.side)
    pygame.draw.rect(surf, colour, (1, 1, w - 2, 5), border_top_left_radius=6, border_top_right_radius=6)
    surf.set_clip(pygame.Rect(PAD, 0, w - 2 * PAD, h))
    inner = w - 2 * PAD
    fort = ship.shore_battery

    # header: name, status, who and what she is
    y = 10
    badge = STATUS.get(ship.status)
    badge_w = 0
    if badge:
        img = fit_text(badge[0], SIZE_SMALL, BG, inner // 2, bold=True)
        br = img.get_rect(topright=(w - PAD - 4, y + 4)).inflate(10, 6)
        pygame.draw.rect(surf, badge[1], br, border_radius=4)
        _blit(surf, img, br.center, "center")
        badge_w = br.width + 8
    r = _blit(surf, fit_text(ship.name, SIZE_NAME, P.TEXT, inner - badge_w, bold=True), (PAD, y))
    y = r.bottom + 3
    who = P.side_name(state, ship.side)
    if ship.original_side and ship.original_side != ship.side:
        who = f"Prize of {who}"
    if fort:
        kind = f"Shore battery · {ship.guns} guns"
    else:
        rate = f"{ship.rate} rate" if ship.rate[:1].isdigit() else ship.rate.title()
        kind = f"{ship.nation.title()} · {rate} · {ship.guns} guns"
    r = _blit(surf, fit_text(f"{who} · {kind}", SIZE_BODY, DIM, inner), (PAD, y))
    y = r.bottom + 2
    arm = _armament(state, ship)
    if arm:
        for line in wrap_lines(arm, SIZE_SMALL, inner, 2 if h >= 380 else 1):
            r = _blit(surf, fit_text(line, SIZE_SMALL, FAINT, inner), (PAD, y))
            y = r.bottom + 1
    y += 2
    bits = [f"Crew {ship.quality}"]
    if not fort:
        bits.append("Sail: dismasted" if ship.adrift else f"Sail: {ship.sail or '-'}")
    if ship.musketry:
        bits.append(f"Musketry {ship.musketry} D6")
    r = _blit(surf, fit_text("   ".join(bits), SIZE_BODY, P.TEXT, inner), (PAD, y))
    y = r.bottom + 5
    pygame.draw.line(surf, RULE, (PAD, y), (w - PAD, y))
    y += 5

    # bottom block, laid out from the bottom up so the tracks get what is left
    table_h = _table_height()
    info_h = 3 * 21
    bottom = h - PAD - table_h
    info_top = bottom - 6 - info_h
    _draw_table(surf, state, ship, pygame.Rect(PAD, bottom, inner, table_h))
    pygame.draw.line(surf, RULE, (PAD, bottom - 4), (w - PAD, bottom - 4))
    _draw_info(surf, state, ship, PAD, info_top, inner)
    pygame.draw.line(surf, RULE, (PAD, info_top - 4), (w - PAD, info_top - 4))

    tracks_rect = pygame.Rect(PAD, y, inner, max(0, info_top - 8 - y))
    _draw_tracks(surf, ship, tracks_rect)

    surf.set_clip(None)
    if ship.status != AFLOAT and badge:
        _stamp(surf, badge[0], badge[1], tracks_rect)
    return surf


def _track_list(ship: Ship) -> list[tuple[str, str]]:
    out = [("hull", "FORT" if ship.shore_battery else "HULL")]
    if not ship.shore_battery:
        out.append(("rigging", "RIGGING"))
    out.append(("crew", "CREW"))
    return [(t, name) for t, name in out if ship.start(t) > 0]


def _label_height(crippled: bool, compact: bool) -> int:
    if compact:
        return 15
    return 44 if crippled else 30


def _cell_size(counts: list[tuple[int, bool]], width: int, height: int, gap: int, compact: bool) -> int | None:
    """The largest box pitch (pixels, 16 to 4) at which every track fits in ``height``, or None."""
    for cell in range(16, 3, -1):
        per_row = max(1, width // cell)
        need = sum(max(_label_height(c, compact), math.ceil(n / per_row) * cell) for n, c in counts)
        need += gap * (len(counts) - 1)
        if need <= height:
            return cell
    return None


def _draw_tracks(surf: pygame.Surface, ship: Ship, rect: pygame.Rect) -> None:
    """The damage tracks, with boxes as large as the room allows.

    On a short card the labels lose their counts (the boxes show them) before
    the boxes get too small to read; anything still too big is clipped rather
    than drawn over the lines below.
    """
    tracks = _track_list(ship)
    if not tracks or rect.height <= 0:
        return
    box_w = rect.width - LABEL_W
    counts = [(ship.start(t), ship.crippled(t)) for t, _ in tracks]
    compact, gap = False, 8
    cell = _cell_size(counts, box_w, rect.height, gap, compact)
    if cell is None:
        compact, gap = True, 3
        cell = _cell_size(counts, box_w, rect.height, gap, compact) or 4
    per_row = max(1, box_w // cell)
    old_clip = surf.get_clip()
    surf.set_clip(rect.clip(old_clip))
    y = rect.top
    for (track, name), (n, crippled) in zip(tracks, counts, strict=True):
        boxes = track_boxes(n, ship.lost(track), getattr(ship, track + "_cripple"))
        rows = math.ceil(n / per_row)
        block_h = max(_label_height(crippled, compact), rows * cell)
        colour = BAD if crippled else P.TEXT
        r = _blit(
            surf, fit_text(name, SIZE_SMALL if compact else SIZE_BODY, colour, LABEL_W - 6, bold=True), (rect.left, y)
        )
        if not compact:
            r = _blit(
                surf, fit_text(f"{ship.left(track)}/{n}", SIZE_SMALL, DIM, LABEL_W - 6), (rect.left, r.bottom + 2)
            )
            if crippled:
                _blit(surf, fit_text("crippled", SIZE_SMALL, BAD, LABEL_W - 6), (rect.left, r.bottom + 2))
        x0 = rect.left + LABEL_W
        for i, state in enumerate(boxes):
            bx = x0 + (i % per_row) * cell
            by = y + (i // per_row) * cell
            _box(surf, pygame.Rect(bx, by, cell - 1, cell - 1), state)
        y += block_h + gap
    surf.set_clip(old_clip)


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
    pygame.draw.polygon(
        surf, outer, [(cx, cy - 8), (cx + 6, cy + 1), (cx + 4, cy + 6), (cx - 4, cy + 6), (cx - 6, cy + 1)]
    )
    pygame.draw.polygon(surf, inner, [(cx, cy - 2), (cx + 3, cy + 3), (cx, cy + 6), (cx - 3, cy + 3)])


def _drop(surf: pygame.Surface, cx: int, cy: int, lit: bool) -> None:
    col = P.LEAK if lit else (80, 90, 110)
    pygame.draw.circle(surf, col, (cx, cy + 2), 5)
    pygame.draw.polygon(surf, col, [(cx, cy - 8), (cx + 4, cy), (cx - 4, cy)])


def _draw_info(surf: pygame.Surface, state: GameState, ship: Ship, x0: int, y: int, width: int) -> None:
    """Three lines: fires, leaks and rudder; the broadsides fired this turn; special rules."""
    right = x0 + width
    cy = y + 9
    _flame(surf, x0 + 7, cy, ship.fires > 0)
    r = _blit(surf, text(f"Fires {ship.fires}", SIZE_BODY, P.FIRE if ship.fires else FAINT), (x0 + 17, cy), "midleft")
    _drop(surf, r.right + 16, cy, ship.leaks > 0)
    r = _blit(
        surf, text(f"Leaks {ship.leaks}", SIZE_BODY, P.LEAK if ship.leaks else FAINT), (r.right + 26, cy), "midleft"
    )
    if not ship.shore_battery:
        words, col = ("Rudder damaged", BAD) if ship.rudder else ("Rudder sound", FAINT)
        _blit(surf, fit_text(words, SIZE_BODY, col, max(1, right - r.right - 14)), (right, cy), "midright")

    cy += 21
    sides = ("battery",) if ship.shore_battery else ("port", "starboard")
    x = x0
    for side in sides:
        fired = side in ship.fired
        pygame.draw.circle(surf, FAINT if fired else GOOD, (x + 5, cy), 5, 1 if fired else 0)
        words = f"{side.title()} {'fired' if fired else 'ready'}"
        r = _blit(
            surf,
            fit_text(words, SIZE_BODY, FAINT if fired else P.TEXT, max(1, right - x - 14)),
            (x + 14, cy),
            "midleft",
        )
        x = r.right + 14
    if "musketry" in ship.fired and x < right - 40:
        r = _blit(surf, fit_text("Muskets fired", SIZE_SMALL, FAINT, right - x), (x, cy), "midleft")
        x = r.right + 12
    cy += 21
    # Fire As She Bears is a standing order: it sits at the right of the specials line, which rarely fills up
    fas = fit_text("Fire As She Bears" if ship.fas else "FAS off", SIZE_SMALL, BG if ship.fas else FAINT, width // 2)
    fr = fas.get_rect(midright=(right - 4, cy))
    if ship.fas:
        pygame.draw.rect(surf, WARN, fr.inflate(8, 4), border_radius=4)
    surf.blit(fas, fr)
    right = fr.left - 10
    specials = [SPECIAL_NAMES.get(s, s.replace("_", " ").title()) for s in ship.specials if s != "shore_battery"]
    x = x0
    if not specials:
        _blit(surf, fit_text("No special rules", SIZE_SMALL, FAINT, max(1, right - x)), (x, cy), "midleft")
    for name in specials:
        img = fit_text(name, SIZE_SMALL, P.TEXT, max(1, right - x - 8))
        chip = img.get_rect(midleft=(x + 5, cy)).inflate(10, 4)
        if chip.right > right:
            break
        pygame.draw.rect(surf, (58, 66, 82), chip, border_radius=4)
        surf.blit(img, img.get_rect(center=chip.center))
        x = chip.right + 6


def _table_height() -> int:
    return 20 + 4 * 18


def _draw_table(surf: pygame.Surface, state: GameState, ship: Ship, rect: pygame.Rect) -> None:
    rows = broadside_table(state, ship)
    w = rect.width
    cols = [0, int(w * 0.29), int(w * 0.43), int(w * 0.78), int(w * 0.89), w]  # band | range | dice | hull | rig
    title = "BATTERY DICE" if ship.shore_battery else "BROADSIDE DICE"
    r = _blit(surf, text(title, SIZE_SMALL, DIM, bold=True), (rect.left, rect.top))
    if rows and rows[0].halved:
        _blit(
            surf,
            fit_text("halved: hull crippled", SIZE_SMALL, BAD, rect.left + cols[3] - r.right - 8),
            (r.right + 8, r.top),
        )
    hx = rect.left + (cols[3] + cols[4]) // 2
    rx = rect.left + (cols[4] + cols[5]) // 2
    _blit(surf, text("Hull", SIZE_SMALL, DIM), (hx, rect.top), "midtop")
    _blit(surf, text("Rig", SIZE_SMALL, DIM), (rx, rect.top), "midtop")
    y = rect.top + 20
    for row in rows:
        cy = y + 8
        col = P.BANDS.get(row.band, P.TEXT)
        pygame.draw.rect(surf, col, (rect.left, cy - 5, 4, 11))
        name = BAND_NAMES.get(row.band, row.band.replace("_", " ").title())
        _blit(surf, fit_text(name, SIZE_BODY, P.TEXT, cols[1] - 12), (rect.left + 8, cy), "midleft")
        _blit(
            surf,
            fit_text(f'≤{row.limit:g}"', SIZE_SMALL, FAINT, cols[2] - cols[1] - 4),
            (rect.left + cols[1], cy),
            "midleft",
        )
        _blit(
            surf,
            fit_text(row.dice, SIZE_BODY, P.TEXT, cols[3] - cols[2] - 4, bold=True),
            (rect.left + cols[2], cy),
            "midleft",
        )
        _blit(surf, text(f"{row.hull}+", SIZE_BODY, P.TEXT), (hx, cy), "center")
        _blit(surf, text(f"{row.rigging}+", SIZE_BODY, P.TEXT), (rx, cy), "center")
        y += 18


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


def draw_card(surface: pygame.Surface, rect: pygame.Rect, state: GameState, ship_id: str) -> None:
    """Draw the card of ``ship_id`` into ``rect`` (rendered afresh; use :class:`ShipCard` to cache it)."""
    surface.blit(render_card(state, ship_id, rect.size), rect.topleft)


#: Fields the card does not show: a moving ship would otherwise re-render it every frame.
_UNSHOWN = frozenset({"x", "y", "heading", "wake_flips", "activated", "morale_due", "taken_on_turn"})


def card_key(state: GameState, ship_id: str, size: tuple[int, int]) -> tuple:
    """What the card's pixels depend on: the ship's shown fields, the rect size and the shared content."""
    ship = state.ships[ship_id]
    values = tuple(getattr(ship, f.name) for f in fields(ship) if f.name not in _UNSHOWN)
    return (ship_id, values, (int(size[0]), int(size[1])), id(state.rules), id(state.scenario))


class ShipCard:
    """Ship cards cached by (ship, shown field values, size): an unchanged card is one blit.

    A few entries are kept so flicking between two or three selected ships
    does not re-render each time.
    """

    def __init__(self, max_entries: int = 8) -> None:
        self.max_entries = max_entries
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.renders = 0  # how many times a card was actually drawn (for tests and profiling)

    def surface(self, state: GameState, ship_id: str, size: tuple[int, int]) -> pygame.Surface:
        key = card_key(state, ship_id, size)
        img = self._cache.get(key)
        if img is None:
            img = render_card(state, ship_id, size)
            self.renders += 1
            self._cache[key] = img
            while len(self._cache) > self.max_entries:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return img

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: GameState, ship_id: str) -> None:
        surface.blit(self.surface(state, ship_id, rect.size), rect.topleft)

    def clear(self) -> None:
        self._cache.clear()
