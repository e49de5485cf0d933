"""The measuring tape laid from the bow, the turning handle and the free tape."""

from __future__ import annotations

import math

import pygame

from game.systems.base import Stick
from game.table.geometry import heading_vector
from game.ui import palette as P
from game.ui.camera import Camera
from game.ui.fonts import blit_text, text
from game.ui.render.labels import LabelPlacer, Placed, blit_placed
from game.ui.tools.tape import SegmentPlan

TAPE_WIDTH = 0.45  # inches
TAPE_SIDE = 1.0  # laid along the port side of the centreline, clear of the hull


def _strip(cam: Camera, origin, f, a: float, b: float, side: float, width: float):
    ox, oy = origin
    px, py = -f[1] * side, f[0] * side
    pts = [
        (ox + f[0] * a, oy + f[1] * a),
        (ox + f[0] * b, oy + f[1] * b),
        (ox + f[0] * b + px * width, oy + f[1] * b + py * width),
        (ox + f[0] * a + px * width, oy + f[1] * a + py * width),
    ]
    return cam.points(pts)


def draw_tape(
    surf: pygame.Surface, overlay: pygame.Surface, cam: Camera, plan: SegmentPlan, length: float, width: float
) -> None:
    """A tape from the bow straight ahead: inch ticks, the legal stretch green, the plan marked.

    When the rule system measures the move with a coloured stick, the tape is
    that stick: its colour, a mark at each segment, and as long as her points
    let it reach.
    """
    f, off, (px, py) = _tape_frame(plan, length, width)
    side = TAPE_SIDE
    stick = plan.stick()
    if stick is not None and stick.segment > 0:
        _draw_stick(surf, overlay, cam, plan, stick, f, off, (px, py))
        return
    total = max(plan.hi + 1.0, 3.0)
    pygame.draw.polygon(overlay, (*P.TAPE, 200), _strip(cam, off, f, 0, total, side, TAPE_WIDTH))
    if plan.lo > 0:
        pygame.draw.polygon(overlay, (200, 70, 50, 170), _strip(cam, off, f, 0, plan.lo, side, TAPE_WIDTH * 0.45))
    pygame.draw.polygon(overlay, (70, 190, 90, 200), _strip(cam, off, f, plan.lo, plan.hi, side, TAPE_WIDTH * 0.45))
    step = 1 if cam.scale >= 30 else 2 if cam.scale >= 14 else 5
    i = 0
    while i <= total + 1e-9:
        a = (off[0] + f[0] * i, off[1] + f[1] * i)
        tick = TAPE_WIDTH * (1.0 if i % step == 0 else 0.4)
        b = (a[0] + px * tick, a[1] + py * tick)
        pygame.draw.line(surf, P.TAPE_DARK, cam.to_screen(*a), cam.to_screen(*b), 1)
        i += 1
    _plan_marks(surf, cam, plan, f, off, (px, py))


def _stick_reach(plan: SegmentPlan, stick: Stick) -> float:
    return stick.reach if stick.reach > 0 else plan.hi


def _draw_stick(surf, overlay, cam: Camera, plan: SegmentPlan, stick: Stick, f, off, perp) -> None:
    """The coloured stick: painted segments as far as she can go, a grey stub beyond, a notch at each segment."""
    px, py = perp
    reach = _stick_reach(plan, stick)
    segments = max(1, math.ceil(reach / stick.segment - 1e-9))
    total = max(segments * stick.segment, stick.segment)
    pygame.draw.polygon(overlay, (90, 90, 90, 150), _strip(cam, off, f, 0, total + stick.segment, 1.0, TAPE_WIDTH))
    for k in range(segments):  # alternate light and dark, as a painted stick is
        start, end = k * stick.segment, min(reach, (k + 1) * stick.segment)
        shade = 1.0 if k % 2 == 0 else 0.72
        colour = tuple(max(0, min(255, round(c * shade))) for c in stick.colour)
        pygame.draw.polygon(overlay, (*colour, 235), _strip(cam, off, f, start, end, 1.0, TAPE_WIDTH))
    for k in range(segments + 2):
        notch = (off[0] + f[0] * k * stick.segment, off[1] + f[1] * k * stick.segment)
        tip = (notch[0] + px * TAPE_WIDTH, notch[1] + py * TAPE_WIDTH)
        pygame.draw.line(surf, (20, 20, 20), cam.to_screen(*notch), cam.to_screen(*tip), 2)
    _plan_marks(surf, cam, plan, f, off, perp, ends=(reach,))


def _plan_marks(surf, cam: Camera, plan: SegmentPlan, f, off, perp, ends: tuple[float, ...] | None = None) -> None:
    """White marks at the ends of what is allowed, a red one where the plan stops."""
    px, py = perp
    for v in ends if ends is not None else (plan.lo, plan.hi):
        a = (off[0] + f[0] * v, off[1] + f[1] * v)
        b = (a[0] + px * TAPE_WIDTH * 1.6, a[1] + py * TAPE_WIDTH * 1.6)
        pygame.draw.line(surf, (255, 255, 255), cam.to_screen(*a), cam.to_screen(*b), 2)
    if plan.distance is not None and not plan.aback:
        d = plan.distance
        a = (off[0] + f[0] * d, off[1] + f[1] * d)
        b = (a[0] + px * TAPE_WIDTH * 2.2, a[1] + py * TAPE_WIDTH * 2.2)
        pygame.draw.line(surf, (255, 60, 60), cam.to_screen(*a), cam.to_screen(*b), 3)


def tape_labels(cam: Camera, plan: SegmentPlan, length: float, width: float) -> list[tuple[str, Placed]]:
    """Every label of the tape and the turning handle, laid out so that none covers another.

    The table lays them out with its other words (ship names, the plan's hints)
    in one :class:`LabelPlacer`: :func:`key_labels` first, :func:`mark_labels` last.
    """
    placer = LabelPlacer()
    return key_labels(cam, plan, length, width, placer) + mark_labels(cam, plan, length, width, placer)


def key_labels(
    cam: Camera, plan: SegmentPlan, length: float, width: float, placer: LabelPlacer
) -> list[tuple[str, Placed]]:
    """The words a move depends on, placed before anything else: the turn (by its handle) and the distance."""
    f, off, (px, py) = _tape_frame(plan, length, width)
    away = _away(cam, off, px, py)
    out: list[tuple[str, Placed]] = []
    if plan.distance is not None:
        c = cam.to_screen(*handle_point(plan, length))
        placer.block(pygame.Rect(c[0] - 10, c[1] - 10, 20, 20))
        x, y, _ = plan.ghost_pose()
        centre = cam.to_screen(x, y)
        dx, dy = c[0] - centre[0], c[1] - centre[1]
        m = math.hypot(dx, dy) or 1.0
        label = f"{abs(plan.turn):.0f}° {'starboard' if plan.turn > 0 else 'port'}" if plan.turn else "no turn"
        # beyond the handle, on the line from her centre, so it reads as the handle's own label
        at = (c[0] + dx / m * 12, c[1] + dy / m * 12)
        p = placer.place(label + f" (±{plan.allowance:.0f}°)", at, 16, (255, 255, 255),
                         _anchor_towards(dx / m, dy / m), (dx / m, dy / m))
        if p is not None:
            out.append(("turn", p))
    if plan.distance is not None and not plan.aback:
        d = plan.distance
        a = (off[0] + f[0] * d + px * TAPE_WIDTH * 2.2, off[1] + f[1] * d + py * TAPE_WIDTH * 2.2)
        p = placer.place(f'{d:.1f}"', cam.to_screen(*a), 20, (255, 255, 255), _anchor_towards(*away), away,
                         bold=True)
        if p is not None:
            out.append(("distance", p))
    return out


def mark_labels(
    cam: Camera, plan: SegmentPlan, length: float, width: float, placer: LabelPlacer
) -> list[tuple[str, Placed]]:
    """Max and min (which the green stretch also shows) and the inch numbers: placed last, dropped when crowded."""
    f, off, (px, py) = _tape_frame(plan, length, width)
    away = _away(cam, off, px, py)
    out: list[tuple[str, Placed]] = []
    stick = plan.stick()
    if stick is not None and stick.segment > 0:
        return out + _stick_labels(cam, plan, stick, f, off, (px, py), away, placer)
    for v, name in ((plan.hi, "max"), (plan.lo, "min")):
        a = (off[0] + f[0] * v + px * TAPE_WIDTH * 1.6, off[1] + f[1] * v + py * TAPE_WIDTH * 1.6)
        p = placer.place(f'{name} {v:.1f}"', cam.to_screen(*a), 14, (255, 255, 255), _anchor_towards(*away), away,
                         optional=True, steps=3)
        if p is not None:
            out.append((name, p))
    step = 1 if cam.scale >= 30 else 2 if cam.scale >= 14 else 5
    total = max(plan.hi + 1.0, 3.0)
    i = step
    while i <= total + 1e-9:
        a = (off[0] + f[0] * i + px * (TAPE_WIDTH + 0.35), off[1] + f[1] * i + py * (TAPE_WIDTH + 0.35))
        p = placer.place(f"{i}", cam.to_screen(*a), 15, P.TAPE, "center", away, optional=True, steps=0)
        if p is not None:
            out.append(("tick", p))
        i += step
    return out


def _stick_labels(cam: Camera, plan: SegmentPlan, stick: Stick, f, off, perp, away, placer: LabelPlacer):
    """The stick's name by its far end, and the segment numbers along it (dropped when crowded)."""
    px, py = perp
    out: list[tuple[str, Placed]] = []
    reach = _stick_reach(plan, stick)
    if stick.label:
        a = (off[0] + f[0] * reach + px * TAPE_WIDTH * 1.6, off[1] + f[1] * reach + py * TAPE_WIDTH * 1.6)
        p = placer.place(stick.label, cam.to_screen(*a), 15, (255, 255, 255), _anchor_towards(*away), away,
                         optional=True, steps=3)
        if p is not None:
            out.append(("stick", p))
    k = 1
    while k * stick.segment <= reach + 1e-6:
        d = (k - 0.5) * stick.segment
        a = (off[0] + f[0] * d + px * (TAPE_WIDTH + 0.35), off[1] + f[1] * d + py * (TAPE_WIDTH + 0.35))
        p = placer.place(f"{k}", cam.to_screen(*a), 15, P.TAPE, "center", away, optional=True, steps=0)
        if p is not None:
            out.append(("tick", p))
        k += 1
    return out


def _away(cam: Camera, off: tuple[float, float], px: float, py: float) -> tuple[float, float]:
    """On screen, the unit direction away from the tape on the side its labels go."""
    o = cam.to_screen(*off)
    q = cam.to_screen(off[0] + px, off[1] + py)
    n = math.hypot(q[0] - o[0], q[1] - o[1]) or 1.0
    return ((q[0] - o[0]) / n, (q[1] - o[1]) / n)


def _tape_frame(plan: SegmentPlan, length: float, width: float):
    """The tape's direction, its zero point at the bow (the stern when backing), and the unit vector to its labels."""
    f = plan.forward
    if plan.bow:  # the stick lies from her bow along the way she will go, centred on it
        bx, by = plan.bow_point
        off = (bx + f[1] * TAPE_WIDTH / 2, by - f[0] * TAPE_WIDTH / 2)
        return f, off, (-f[1], f[0])
    bow = (plan.start[0] + f[0] * length / 2, plan.start[1] + f[1] * length / 2)
    off = (bow[0] - f[1] * width * 0.5 * TAPE_SIDE, bow[1] + f[0] * width * 0.5 * TAPE_SIDE)
    return f, off, (-f[1] * TAPE_SIDE, f[0] * TAPE_SIDE)


def _anchor_towards(ux: float, uy: float) -> str:
    """The point of a label's rectangle to pin at the anchor, for a label lying in screen direction (ux, uy)."""
    col = "left" if ux > 0.38 else "right" if ux < -0.38 else "mid"
    row = "top" if uy > 0.38 else "bottom" if uy < -0.38 else ""
    if not row:
        return {"left": "midleft", "right": "midright", "mid": "center"}[col]
    return {"left": f"{row}left", "right": f"{row}right", "mid": f"mid{row}"}[col]


def handle_point(plan: SegmentPlan, length: float) -> tuple[float, float]:
    """Where the turning handle sits: ahead of the planned bow, on the planned heading."""
    x, y, h = plan.ghost_pose()
    f = heading_vector(h)
    r = length / 2 + 1.8
    return (x + f[0] * r, y + f[1] * r)


def draw_turn_fan(overlay: pygame.Surface, cam: Camera, plan: SegmentPlan, length: float) -> None:
    """The turn allowance as a pale fan ahead of the planned position."""
    if plan.allowance <= 0:
        return
    x, y, _ = plan.ghost_pose()
    r = length / 2 + 1.8
    pts = [(x, y)]
    steps = max(4, int(plan.allowance / 3))
    for i in range(2 * steps + 1):
        hd = plan.start[2] - plan.allowance + plan.allowance * i / steps
        v = heading_vector(hd)
        pts.append((x + v[0] * r, y + v[1] * r))
    pygame.draw.polygon(overlay, (255, 255, 255, 40), cam.points(pts))
    pygame.draw.lines(overlay, (255, 255, 255, 150), True, cam.points(pts), 1)


def draw_turn_handle(surf: pygame.Surface, cam: Camera, plan: SegmentPlan, length: float, label: Placed | None) -> None:
    """The handle to drag, on a line from the planned centre, and the turn in words (placed with the table's)."""
    x, y, _ = plan.ghost_pose()
    hx, hy = handle_point(plan, length)
    pygame.draw.line(surf, (255, 255, 255), cam.to_screen(x, y), cam.to_screen(hx, hy), 1)
    c = cam.to_screen(hx, hy)
    pygame.draw.circle(surf, (255, 255, 255), c, 8)
    pygame.draw.circle(surf, (30, 30, 30), c, 8, 2)
    if label is not None:
        blit_placed(surf, label)


def draw_free_tape(surf: pygame.Surface, cam: Camera, a, b, label: str) -> pygame.Rect:
    """The M tape between two points, its reading beyond the far end and kept inside the table view.

    A long reading ("42.1\" — one ship to another: 40.3\" base to base") is split over two lines, so it
    neither runs off the edge of the view nor lies across the ship it was measured to."""
    sa, sb = cam.to_screen(*a), cam.to_screen(*b)
    pygame.draw.line(surf, P.TAPE, sa, sb, 4)
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    n = int(d)
    for i in range(1, n + 1):
        t = i / d
        p = cam.to_screen(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        pygame.draw.circle(surf, P.TAPE_DARK, p, 2)
    first, _, second = label.partition("  —  ")
    imgs = [(first, 20, True)] + ([(second, 16, False)] if second else [])
    w = max(text(s, size, (255, 255, 255), bold).get_width() for s, size, bold in imgs)
    h = sum(text(s, size, (255, 255, 255), bold).get_height() + 2 for s, size, bold in imgs)
    box = free_tape_label_rect(cam, sa, sb, w, h)
    y = box.top
    for s, size, bold in imgs:
        r = blit_text(surf, s, (box.left, y), size, (255, 255, 255), bold=bold, shadow=True)
        y = r.bottom + 2
    return box


def free_tape_label_rect(cam: Camera, sa, sb, w: int, h: int) -> pygame.Rect:
    """Where the free tape's reading goes: past the far end, on the side the tape points to, inside the view."""
    dx, dy = sb[0] - sa[0], sb[1] - sa[1]
    box = pygame.Rect(0, 0, w, h)
    view = pygame.Rect(cam.view_x + 4, cam.view_y + 4, cam.view_w - 8, cam.view_h - 8)
    right, left = round(sb[0] + 14), round(sb[0] - 14 - w)
    below, above = round(sb[1] + 10), round(sb[1] - 10 - h)
    box.left = right if dx >= 0 else left
    if box.right > view.right or box.left < view.left:  # no room on that side: the other side of the end
        box.left = left if box.left == right else right
    box.top = below if dy >= 0 else above
    if box.bottom > view.bottom or box.top < view.top:
        box.top = above if box.top == below else below
    return box.clamp(view)
