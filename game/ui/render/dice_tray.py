"""The dice tray: the rolls the engine has made, tumbling briefly and then settling on the real faces.

The engine has already rolled every die by the time the tray hears of it; the
tumble is decoration so a player sees that something was rolled and which
dice did the damage.  The random faces shown while tumbling come from a
private :class:`random.Random` and never touch the game's dice.

Rolls arrive as :class:`game.systems.narration.DiceRoll` (``purpose``, ``groups``,
``summary``), each group a :class:`~game.systems.narration.DiceGroup` (``sides``,
``faces``, ``needed``, ``rerolled``, and optionally ``label`` and
``first_faces``).  Only those attributes are read, so anything shaped the same
will do.

Drawing must be cheap because the tray is on screen every frame: each die face
is rendered once per (sides, face, size, style) and reused, the layout is
computed once per roll and rect size, and a settled roll is drawn once into a
surface that is then only blitted (and faded with its alpha).
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from game.ui import palette as P
from game.ui.fonts import fit_text, text
from game.ui.scale import px

# --- timing (seconds at speed 1) ----------------------------------------------

TUMBLE = 0.6  # dice rolling about before they settle
HOLD = 3.0  # the result stays up this long when nothing else is waiting
QUEUE_HOLD = 0.8  # ... and this long when the next roll is waiting
FADE = 0.6
TICK = 0.07  # a tumbling die shows a new face this often
RUSH_AT = 4  # more rolls than this waiting: play them faster
RUSH = 4.0
MAX_WAITING = 12  # older rolls beyond this are dropped (the battle log keeps them all)
RECENT = 5  # rolls kept in the stack above the tray once they have left it

# --- looks --------------------------------------------------------------------

TRAY_BG = (20, 46, 38, 255)  # green baize, opaque: the table edge showed through as a box inside the tray
TRAY_EDGE = (70, 110, 90)
HIT_RING = (255, 222, 90)
REROLL = (90, 200, 255)
BODY = {6: (238, 230, 208), 10: (196, 62, 52), 12: (52, 140, 100)}
BODY_OTHER = (120, 90, 170)
INK = {6: (28, 28, 34), 10: (250, 246, 236), 12: (250, 246, 236)}
INK_OTHER = (250, 246, 236)
PAD = 8
TEXT_H = 40  # purpose and summary lines under the dice
LINE_H = 24  # one roll of the recent stack
MINI = 14  # a die in the recent stack
MINI_MAX = 10  # dice drawn on a stack line before "+n"
PIN = (250, 200, 90)

TUMBLING, HOLDING, FADING = "tumble", "hold", "fade"
#: Styles a face is drawn in: the result of a die with a number to beat, a die that just counts, or one in the air.
HIT, MISS, PLAIN, ROLLING = "hit", "miss", "plain", "rolling"


class DiceGroupLike(Protocol):
    sides: int
    faces: list[int]
    needed: int | None
    rerolled: list[int]


class DiceRollLike(Protocol):
    purpose: str
    summary: str

    @property
    def groups(self) -> Sequence[DiceGroupLike]: ...


def die_hits(face: int, needed: int | None) -> bool | None:
    """Whether a die counts: None when there is nothing to beat.

    ``needed`` is already the effective number after modifiers, so only the
    rule that a natural 1 always misses remains.
    """
    if needed is None:
        return None
    return face != 1 and face >= needed


# --- one die, drawn -------------------------------------------------------------

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _mix(a: tuple[int, ...], b: tuple[int, ...], f: float) -> tuple[int, int, int]:
    return (int(a[0] + (b[0] - a[0]) * f), int(a[1] + (b[1] - a[1]) * f), int(a[2] + (b[2] - a[2]) * f))


def _shape(sides: int, s: int) -> list[tuple[float, float]] | None:
    """Outline of a die seen from above, in pixels of an ``s`` square; None for the D6's rounded square."""
    if sides == 6:
        return None
    if sides == 10:  # a kite, as a D10 lies
        return [(s * 0.5, s * 0.02), (s * 0.97, s * 0.56), (s * 0.5, s * 0.98), (s * 0.03, s * 0.56)]
    n = 5 if sides == 12 else 6
    r = s * 0.49
    c = s / 2
    return [(c + r * math.sin(2 * math.pi * k / n), c + 0.04 * s - r * math.cos(2 * math.pi * k / n)) for k in range(n)]


def render_die(sides: int, face: int, size: int, style: str, rerolled: bool = False) -> pygame.Surface:
    """One die face on a transparent square: bright with a gold ring for a hit, faded for a miss."""
    s = max(4, int(size))
    img = pygame.Surface((s, s), pygame.SRCALPHA)
    body = BODY.get(sides, BODY_OTHER)
    ink = INK.get(sides, INK_OTHER)
    edge = _mix(body, (0, 0, 0), 0.45)
    if style == MISS:
        body = _mix(body, TRAY_BG, 0.62)
        ink = _mix(ink, TRAY_BG, 0.5)
        edge = _mix(edge, TRAY_BG, 0.5)
    ring = HIT_RING if style == HIT else edge
    width = max(2, s // 12) if style == HIT else 1
    poly = _shape(sides, s)
    if poly is None:
        r = pygame.Rect(0, 0, s, s)
        pygame.draw.rect(img, body, r, border_radius=max(2, s // 5))
        pygame.draw.rect(img, ring, r, width, border_radius=max(2, s // 5))
        if 1 <= face <= 6 and s >= 9:
            pr = max(1, round(s * 0.09))
            for px, py in _PIPS[face]:
                pygame.draw.circle(img, ink, (round(px * (s - 1)), round(py * (s - 1))), pr)
        else:
            _number(img, face, ink, s, 0.5)
    else:
        pygame.draw.polygon(img, body, poly)
        pygame.draw.polygon(img, ring, poly, width)
        _number(img, face, ink, s, 0.56 if sides == 10 else 0.54)
    if rerolled:  # a corner flag, outside the die's outline where the shape allows
        k = max(4, s // 3)
        pygame.draw.polygon(img, REROLL, [(s - k, 0), (s - 1, 0), (s - 1, k - 1)])
    return img


def _number(img: pygame.Surface, face: int, ink: tuple[int, int, int], s: int, cy: float) -> None:
    """The face's number, as large as the die allows: small dice are read by their numbers, not their shape."""
    size = max(9, int(s * 0.74))
    label = text(str(face), size, ink, True)
    if label.get_width() > s * 0.86:
        size = max(8, int(size * s * 0.86 / label.get_width()))
        label = text(str(face), size, ink, True)
    img.blit(label, label.get_rect(center=(s // 2, round(s * cy))))


# --- layout ---------------------------------------------------------------------


@dataclass
class Layout:
    """Where everything of one roll goes, relative to the tray's top-left."""

    size: int
    dice: list[tuple[int, int]]  # top-left of each die, groups in order
    headers: list[tuple[int, int] | None]  # where each group's caption goes (None: no captions)
    text_top: int


def _try(counts: list[int], w: int, h: int, s: int, mode: str) -> Layout | None:
    gap = max(2, s // 6)
    head = px(15) if mode == "labelled" else 0
    dice: list[tuple[int, int]] = []
    headers: list[tuple[int, int] | None] = []
    y = 0
    if mode == "flow":
        x = 0
        for gi, n in enumerate(counts):
            if gi and x:
                x += s // 2  # a little space marks a new group on the same row
            headers.append(None)
            for _ in range(n):
                if x + s > w:
                    x, y = 0, y + s + gap
                dice.append((x, y))
                x += s + gap
        bottom = y + s if dice else 0
    else:
        per_row = max(1, (w + gap) // (s + gap))
        for gi, n in enumerate(counts):
            if gi:
                y += 4
            headers.append((0, y) if head else None)
            y += head
            for i in range(n):
                dice.append(((i % per_row) * (s + gap), y + (i // per_row) * (s + gap)))
            y += math.ceil(n / per_row) * (s + gap) if n else 0
        bottom = y - gap if dice else y
    if bottom > h:
        return None
    return Layout(s, dice, headers, 0)


def layout_dice(counts: list[int], width: int, height: int) -> Layout:
    """Dice as large as fit: captioned rows per group, then plain rows, then one flowing block.

    Captions ("Amazon's broadside · 12 D10 · 5+") help most, so they are kept
    while the dice stay at a readable size; plain rows come next; a big roll
    flows as one block of small dice.  The text lines go under the dice.
    """
    w = max(4, width - 2 * px(PAD))
    h = max(4, height - 2 * px(PAD) - px(TEXT_H))
    for mode, smallest in (("labelled", 18), ("rows", 14), ("flow", 6)):
        for s in range(px(44), smallest - 1, -2):
            got = _try(counts, w, h, s, mode)
            if got is not None:
                return _finish(got, height)
    got = _try(counts, w, 10**6, 6, "flow")  # does not fit at all: the tray clips it
    return _finish(got, height)  # type: ignore[arg-type]


def _finish(lay: Layout, height: int) -> Layout:
    lay.dice = [(x + px(PAD), y + px(PAD)) for x, y in lay.dice]
    lay.headers = [(h[0] + px(PAD), h[1] + px(PAD)) if h else None for h in lay.headers]
    # the words stay in one place from roll to roll, where the eye looks for them (the dice end above them)
    lay.text_top = height - px(PAD) - px(TEXT_H) + 6
    return lay


# --- a roll on show -------------------------------------------------------------


@dataclass
class _Die:
    sides: int
    face: int
    first: int | None  # the face before a reroll, when known
    rerolled: bool
    style: str  # HIT / MISS / PLAIN once settled
    settle: float  # time in the tumble when it comes to rest
    tumble_faces: list[int]
    jitter: list[tuple[int, int]]


@dataclass
class _Show:
    roll: Any
    dice: list[_Die]
    phase: str = TUMBLING
    t: float = 0.0
    layouts: dict[tuple[int, int], Layout] = field(default_factory=dict)
    settled_image: tuple[tuple[int, int], pygame.Surface] | None = None


def _make_show(roll: Any, rng: random.Random) -> _Show:
    dice: list[_Die] = []
    flat = [(g, i) for g in roll.groups for i in range(len(g.faces))]
    n = len(flat)
    ticks = int(TUMBLE / TICK) + 2
    for k, (g, i) in enumerate(flat):
        sides = int(g.sides)
        face = int(g.faces[i])
        rer = i in set(getattr(g, "rerolled", None) or ())
        first_faces = getattr(g, "first_faces", None)
        first = int(first_faces[i]) if rer and first_faces and i < len(first_faces) else None
        hit = die_hits(face, g.needed)
        style = PLAIN if hit is None else (HIT if hit else MISS)
        # dice come to rest one after another, left to right; a rerolled die is thrown again and lands last
        settle = TUMBLE if rer else TUMBLE * (0.55 + 0.4 * (k / max(1, n - 1)))
        faces = [rng.randint(1, max(1, sides)) for _ in range(ticks)]
        jitter = [(rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(ticks)]
        dice.append(_Die(sides, face, first, rer, style, settle, faces, jitter))
    return _Show(roll, dice)


class DiceTray:
    """Rolls shown one after another: a short tumble, the real faces, a pause, a fade.

    ``busy`` is true while dice are in the air or rolls are waiting, so a
    caller that paces the battle by the tray knows when the player has seen
    the dice.  ``speed`` (passed to :meth:`update`) scales every duration;
    0 shows each roll's result at once.
    """

    def __init__(self, seed: int | None = 1805) -> None:
        self._rng = random.Random(seed)  # decoration only: never the game's dice
        self._queue: deque[Any] = deque()
        self._cur: _Show | None = None
        self._speed = 1.0
        self._faces: dict[tuple[int, int, int, str, bool], pygame.Surface] = {}
        self._bg: dict[tuple[int, int], pygame.Surface] = {}
        #: Rolls that have left the tray, newest last: a hit, its critical check, the critical and the
        #: crew it cost follow one another in a second or two, and each stays readable here.
        self.recent: deque[Any] = deque(maxlen=RECENT)
        #: A roll the player pinned: it stays in the tray, settled, until released; new rolls go to the stack.
        self.pinned: Any | None = None
        #: A stack roll under the pointer: shown in the tray while the pointer stays on it.
        self.peek: Any | None = None
        self._pinned_show: _Show | None = None
        self._peeked: _Show | None = None
        self._line_rects: list[tuple[pygame.Rect, Any]] = []
        self._lines: dict[tuple[int, int], tuple[Any, pygame.Surface]] = {}

    # --- feeding and time ---------------------------------------------------

    def push(self, roll: DiceRollLike) -> None:
        """Queue a roll; at instant speed it replaces whatever is showing; with a roll pinned it goes to the stack."""
        if self.pinned is not None:
            self.recent.append(roll)
            return
        if self._speed <= 0:
            for waiting in self._queue:
                self.recent.append(waiting)
            self._queue.clear()
            self._retire()
            self._start(roll, settled=True)
            return
        self._queue.append(roll)
        while len(self._queue) > MAX_WAITING:
            self.recent.append(self._queue.popleft())
        if self._cur is None:
            self._start(self._queue.popleft())

    def _retire(self) -> None:
        """The roll on show leaves the tray for the stack."""
        if self._cur is not None:
            self.recent.append(self._cur.roll)
            self._cur = None

    # --- pinning -------------------------------------------------------------------

    def pin(self, roll: Any | None = None) -> None:
        """Keep ``roll`` (default: the one on show, else the newest in the stack) in the tray until released."""
        if roll is None:
            roll = self._cur.roll if self._cur else (self.recent[-1] if self.recent else None)
        if roll is None:
            return
        for waiting in self._queue:  # what was waiting is not lost: it goes to the stack, settled
            self.recent.append(waiting)
        self._queue.clear()
        if self._cur is not None and self._cur.roll is not roll:
            self._retire()
        self._cur = None
        self._forget(roll)
        self.pinned = roll
        self._pinned_show = _make_show(roll, self._rng)
        self._settle(self._pinned_show)

    def _forget(self, roll: Any) -> None:
        """Take ``roll`` itself out of the stack (by identity: two rolls may read the same)."""
        kept = [r for r in self.recent if r is not roll]
        self.recent.clear()
        self.recent.extend(kept)

    def unpin(self) -> None:
        """Release the pinned roll: back to the stack, and the tray takes new rolls again."""
        if self.pinned is None:
            return
        self.recent.append(self.pinned)
        self.pinned = None
        self._pinned_show = None

    def toggle_pin(self, roll: Any | None = None) -> None:
        if self.pinned is not None and (roll is None or roll is self.pinned):
            self.unpin()
        else:
            if self.pinned is not None:
                self.unpin()
            self.pin(roll)

    def line_at(self, pos: tuple[int, int]) -> Any | None:
        """The stack's roll drawn under ``pos`` (as last drawn), if any."""
        for rect, roll in self._line_rects:
            if rect.collidepoint(pos):
                return roll
        return None

    @property
    def line_rects(self) -> list[pygame.Rect]:
        return [r for r, _ in self._line_rects]

    def update(self, dt: float, speed: float = 1.0) -> None:
        """Advance the animation by ``dt`` real seconds at ``speed`` (1 normal, 2.5 fast, 0 instant)."""
        self._speed = speed
        if speed <= 0:
            self.skip()
            remaining = max(0.0, dt)  # the result still stays up for HOLD real seconds
        else:
            rate = speed * (RUSH if len(self._queue) > RUSH_AT else 1.0)
            remaining = max(0.0, dt) * rate
        while self._cur is not None and remaining > 0:
            cur = self._cur
            limit = TUMBLE if cur.phase == TUMBLING else FADE if cur.phase == FADING else self._hold()
            step = min(remaining, limit - cur.t)
            cur.t += step
            remaining -= step
            if cur.t >= limit - 1e-9:
                self._next_phase()
        if self._cur is None and self._queue:
            self._start(self._queue.popleft())

    def _hold(self) -> float:
        return QUEUE_HOLD if self._queue else HOLD

    def _next_phase(self) -> None:
        cur = self._cur
        assert cur is not None
        if cur.phase == TUMBLING:
            cur.phase, cur.t = HOLDING, 0.0
        elif cur.phase == HOLDING and not self._queue:
            cur.phase, cur.t = FADING, 0.0
        else:  # held long enough with another roll waiting, or faded out
            self._retire()
            if self._queue:
                self._start(self._queue.popleft())

    def _start(self, roll: Any, settled: bool = False) -> None:
        self._cur = _make_show(roll, self._rng)
        if settled:
            self._settle(self._cur)

    @staticmethod
    def _settle(show: _Show) -> None:
        show.phase, show.t = HOLDING, 0.0

    def skip(self) -> None:
        """Stop the tumbling and show the result; with rolls waiting, jump to the newest, settled.

        A player who skips wants to catch up with the battle, not to watch the
        backlog one by one; the battle log has every roll.
        """
        if self._queue:
            last = self._queue.pop()
            self._retire()
            self.recent.extend(self._queue)  # skipped, not lost: each is in the stack
            self._queue.clear()
            self._start(last, settled=True)
        elif self._cur is not None and self._cur.phase == TUMBLING:
            self._settle(self._cur)

    def clear(self) -> None:
        """Forget every roll (a take-back, a new battle)."""
        self._queue.clear()
        self._cur = None
        self.recent.clear()
        self.pinned = self.peek = self._pinned_show = self._peeked = None
        self._line_rects = []

    # --- what is on show -------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Dice in the air, or rolls still waiting to be shown."""
        return bool(self._queue) or (self._cur is not None and self._cur.phase == TUMBLING)

    @property
    def current(self) -> Any | None:
        """The roll on show (tumbling, held or fading), if any."""
        return self._cur.roll if self._cur else None

    @property
    def waiting(self) -> int:
        return len(self._queue)

    @property
    def settled(self) -> bool:
        return self._cur is not None and self._cur.phase != TUMBLING

    def shown_faces(self) -> list[int]:
        """The faces as drawn right now, all groups in order (random ones while tumbling)."""
        if self._cur is None:
            return []
        return [_face_now(d, self._cur)[0] for d in self._cur.dice]

    def dice_rects(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """Screen rects of the current roll's dice at rest in ``rect`` (for hover and for tests)."""
        if self._cur is None:
            return []
        lay = self._layout(self._cur, rect.size)
        return [pygame.Rect(rect.left + x, rect.top + y, lay.size, lay.size) for x, y in lay.dice]

    # --- drawing ---------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The tray in ``rect`` with the stack of recent rolls above it; a settled roll is a single (faded) blit.

        What the tray shows, first found: the stack roll under the pointer, the pinned roll, the roll on show.
        """
        show = self._peek_show() or self._pinned_show or self._cur
        self._draw_stack(surface, rect, rect.top if show is not None else rect.bottom)
        if show is None or rect.width < 8 or rect.height < 8:
            return
        size = (rect.width, rect.height)
        if show.phase == TUMBLING:
            self._paint(surface, rect.topleft, show, size)
            return
        if show.settled_image is None or show.settled_image[0] != size:
            img = pygame.Surface(size, pygame.SRCALPHA)
            self._paint(img, (0, 0), show, size)
            if show is self._pinned_show:
                _pin_mark(img, "pinned: P or click to release")
            elif show is not self._cur:
                _pin_mark(img, "earlier roll: click to pin")
            show.settled_image = (size, img)
        img = show.settled_image[1]
        alpha = 255
        if show.phase == FADING:
            alpha = max(0, min(255, int(255 * (1.0 - show.t / FADE))))
        img.set_alpha(alpha)
        surface.blit(img, rect.topleft)

    def _peek_show(self) -> _Show | None:
        roll = self.peek
        if roll is None or roll is self.pinned or not any(r is roll for r in self.recent):
            return None
        if self._peeked is None or self._peeked.roll is not roll:
            self._peeked = _make_show(roll, self._rng)
            self._settle(self._peeked)
        return self._peeked

    def _draw_stack(self, surface: pygame.Surface, rect: pygame.Rect, bottom: int) -> None:
        """The recent rolls as one line each, newest nearest the tray; remembered for clicks and hovers."""
        self._line_rects = []
        y = bottom - 4
        keep: dict[tuple[int, int], tuple[Any, pygame.Surface]] = {}
        for roll in reversed(self.recent):
            if y - px(LINE_H) < rect.top - stack_height():
                break
            key = (id(roll), rect.width)
            got = self._lines.get(key)
            if got is None or got[0] is not roll:
                got = (roll, _stack_line(self, roll, rect.width))
            keep[key] = got
            img = got[1]
            r = img.get_rect(bottomleft=(rect.left, y))
            surface.blit(img, r)
            if roll is self.peek:
                pygame.draw.rect(surface, PIN, r, 1, border_radius=5)
            self._line_rects.append((r, roll))
            y = r.top - 2
        self._lines = keep

    def _layout(self, show: _Show, size: tuple[int, int]) -> Layout:
        lay = show.layouts.get(size)
        if lay is None:
            lay = layout_dice([len(g.faces) for g in show.roll.groups], size[0], size[1])
            show.layouts[size] = lay
        return lay

    def _face(self, sides: int, face: int, size: int, style: str, rerolled: bool) -> pygame.Surface:
        key = (sides, face, size, style, rerolled)
        img = self._faces.get(key)
        if img is None:
            if len(self._faces) > 2000:  # sizes change with the window; do not grow for ever
                self._faces.clear()
            img = self._faces[key] = render_die(sides, face, size, style, rerolled)
        return img

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        bg = self._bg.get(size)
        if bg is None:
            bg = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(bg, TRAY_BG, bg.get_rect(), border_radius=8)
            pygame.draw.rect(bg, TRAY_EDGE, bg.get_rect(), 2, border_radius=8)
            self._bg = {size: bg}
        return bg

    def _paint(self, target: pygame.Surface, origin: tuple[int, int], show: _Show, size: tuple[int, int]) -> None:
        ox, oy = origin
        target.blit(self._background(size), origin)
        lay = self._layout(show, size)
        old_clip = target.get_clip()
        target.set_clip(pygame.Rect(ox + 2, oy + 2, size[0] - 4, size[1] - 4).clip(old_clip))
        inner_w = size[0] - 2 * px(PAD)
        # group captions
        k = 0
        for g, head in zip(show.roll.groups, lay.headers, strict=False):
            n = len(g.faces)
            if head is not None:
                words = _caption(g, show.dice[k : k + n], show.phase != TUMBLING)
                img = fit_text(words, 16, P.TEXT_DIM, inner_w)
                target.blit(img, (ox + head[0], oy + head[1]))
            k += n
        amp = max(1, lay.size // 8)
        for d, (x, y) in zip(show.dice, lay.dice, strict=False):
            face, style, tick, final = _face_now(d, show)
            dx = dy = 0
            if tick >= 0:
                jx, jy = d.jitter[tick]
                dx, dy = jx * amp // 3, jy * amp // 3
            target.blit(self._face(d.sides, face, lay.size, style, d.rerolled and final), (ox + x + dx, oy + y + dy))
        ty = oy + lay.text_top
        purpose = fit_text(str(show.roll.purpose), 21, P.TEXT, inner_w, bold=True)
        target.blit(purpose, (ox + px(PAD), ty))
        if show.phase != TUMBLING:
            summary = fit_text(str(show.roll.summary), 19, HIT_RING, inner_w)
            target.blit(summary, (ox + px(PAD), ty + purpose.get_height() + 3))
        target.set_clip(old_clip)


def _face_now(d: _Die, show: _Show) -> tuple[int, str, int, bool]:
    """(face, style, tick, final) of a die at the show's current time; tick -1 means it is lying still."""
    if show.phase != TUMBLING or show.t >= d.settle:
        return d.face, d.style, -1, True
    if d.first is not None and TUMBLE * 0.4 <= show.t < TUMBLE * 0.75:
        return d.first, MISS, -1, False  # it landed once, and is picked up to be thrown again
    tick = min(len(d.tumble_faces) - 1, int(show.t / TICK))
    return d.tumble_faces[tick], ROLLING, tick, False


def _caption(group: Any, dice: list[_Die], settled: bool) -> str:
    """ "Amazon's broadside · 12 D10 · need 5+ · 4 hits" (the hit count once the dice are down)."""
    parts = []
    label = getattr(group, "label", "") or ""
    if label:
        parts.append(label)
    parts.append(f"{len(group.faces)} D{group.sides}")
    if group.needed is not None:
        parts.append(f"need {group.needed}+")
        if settled:
            hits = sum(1 for d in dice if d.style == HIT)
            word = getattr(group, "tally", "hit")
            parts.append(f"{hits} {word}" + ("" if hits == 1 else "es" if word.endswith("s") else "s"))
    elif settled and group.faces:
        parts.append(f"total {sum(int(f) for f in group.faces)}")
    return " · ".join(parts)



def _pin_mark(img: pygame.Surface, words: str) -> None:
    """A tag at the tray's top right saying the roll shown is not the newest, and what a click does."""
    tag = text(words, 14, (30, 24, 10), True)
    r = tag.get_rect(topright=(img.get_width() - px(PAD), px(PAD) - 2)).inflate(10, 4)
    pygame.draw.rect(img, PIN, r, border_radius=4)
    img.blit(tag, tag.get_rect(center=r.center))


def _stack_line(tray: DiceTray, roll: Any, width: int) -> pygame.Surface:
    """One recent roll on a line: a few of its dice, small, then what it was for and what came of it."""
    img = pygame.Surface((width, px(LINE_H)), pygame.SRCALPHA)
    pygame.draw.rect(img, (14, 32, 27, 225), img.get_rect(), border_radius=5)
    pygame.draw.rect(img, TRAY_EDGE, img.get_rect(), 1, border_radius=5)
    x = 5
    y = (px(LINE_H) - px(MINI)) // 2
    shown = 0
    total = sum(len(g.faces) for g in roll.groups)
    for g in roll.groups:
        for i, face in enumerate(g.faces):
            if shown == MINI_MAX:
                break
            hit = die_hits(int(face), g.needed)
            style = PLAIN if hit is None else (HIT if hit else MISS)
            rer = i in set(getattr(g, "rerolled", None) or ())
            img.blit(tray._face(int(g.sides), int(face), px(MINI), style, rer), (x, y))
            x += px(MINI) + 2
            shown += 1
    if total > shown:
        more = text(f"+{total - shown}", 13, P.TEXT_DIM)
        img.blit(more, (x + 1, (px(LINE_H) - more.get_height()) // 2))
        x += more.get_width() + 4
    words = f"{roll.purpose}: {roll.summary}" if roll.summary else str(roll.purpose)
    label = fit_text(words, 14, P.TEXT, max(1, width - x - 8))
    img.blit(label, (x + 4, (px(LINE_H) - label.get_height()) // 2))
    return img


# --- where the tray sits ----------------------------------------------------------

#: The corners of the table view the tray may take, the first preferred.
CORNERS = ("bottom-right", "bottom-left")


def tray_rect(view: pygame.Rect, corner: str, size: tuple[int, int], margin: int, clear_below: int) -> pygame.Rect:
    """The tray's rect in ``corner`` of ``view``; bottom left it sits ``clear_below`` higher, above the scale bar."""
    w, h = size
    if corner == "bottom-left":
        return pygame.Rect(view.left + margin, view.bottom - margin - clear_below - h, w, h)
    return pygame.Rect(view.right - margin - w, view.bottom - margin - h, w, h)


def stack_height() -> int:
    """How far above the tray the stack of recent rolls may reach (pixels)."""
    return px(LINE_H) * RECENT + 8


def tray_footprint(rect: pygame.Rect) -> pygame.Rect:
    """The tray with the stack of recent rolls above it: what it covers of the table."""
    stack = stack_height()
    return pygame.Rect(rect.left, rect.top - stack, rect.width, rect.height + stack)


def choose_corner(
    rects: dict[str, pygame.Rect], ships: Sequence[tuple[float, float, int]], keep: str, reach: int
) -> str:
    """The corner whose tray covers the least of the ships: (screen x, y, weight) each, a ship within ``reach``
    pixels of the footprint counting as covered.  The corner it has stays while it covers nothing, and on a tie,
    so the dice do not hop about the table from one roll to the next."""

    def covered(corner: str) -> int:
        area = tray_footprint(rects[corner]).inflate(2 * reach, 2 * reach)
        return sum(w for x, y, w in ships if area.collidepoint(x, y))

    cost = {c: covered(c) for c in rects}
    if cost[keep] == 0:
        return keep
    return min(cost, key=lambda c: (cost[c], c != keep))
