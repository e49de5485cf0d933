"""Ships on the table: the miniature (or the plain table's drawing), the ghost, and her name with its badges.

Shapes are built in the ship's own frame (+along = bow, +across = port, in
fractions of the base) and carried to the table with the ship's pose, then to
the screen by the camera, so nothing here knows about pixels per inch except
when choosing how much detail is worth drawing.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.systems.figures import Badge, Model
from game.table.geometry import base_corners, to_table
from game.ui import palette as P
from game.ui.camera import Camera
from game.ui.fonts import blit_text, text
from game.ui.render.models import Look, ModelCache, seed_of, wind_on_bow

# Hull outline, half of it (port side, bow to stern), in fractions of the half length / half width.
_HALF_HULL = [(0.98, 0.0), (0.78, 0.42), (0.5, 0.7), (0.1, 0.78), (-0.5, 0.74), (-0.86, 0.6), (-0.95, 0.4)]
HULL_SHAPE = _HALF_HULL + [(a, -c) for a, c in reversed(_HALF_HULL[1:])]


def pose_points(pose: tuple[float, float, float], pts) -> list[tuple[float, float]]:
    return [to_table(pose, p) for p in pts]


def hull_points(pose, length: float, width: float) -> list[tuple[float, float]]:
    hl, hw = length / 2, width / 2
    return pose_points(pose, [(a * hl, c * hw) for a, c in HULL_SHAPE])


def _dim(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


#: The miniatures painted so far, shared by every table the window draws (see game.ui.render.models).
MODELS = ModelCache()


def look_of(ship: Any, look: Model, colour: tuple[int, int, int], heading: float, wind_from: float) -> Look:
    """What her sprite depends on: her model, her base, her side's colour and the wind on her bow."""
    side = (int(colour[0]), int(colour[1]), int(colour[2]))
    # her own pattern of scars and holes only once she has some: unhurt sister ships share a painting
    hurt = look.hull_lost > 0 or look.rigging_lost > 0 or look.dismasted or look.condition == "wreck"
    return Look(look, ship.length, ship.width, side, wind_on_bow(wind_from, heading), seed_of(ship.id) if hurt else 0)


def draw_ship(
    surf: pygame.Surface,
    cam: Camera,
    ship: Any,
    look: Model,
    colour: tuple[int, int, int],
    *,
    pose=None,
    selected: bool = False,
    active: bool = False,
    ghost: bool = False,
    refused: bool = False,
    wind_from: float | None = None,
    plain: bool = False,
    models: ModelCache | None = None,
) -> None:
    """One ship as her rule system says she looks; ``pose`` overrides where she is drawn (the tape's preview).

    Painted as a miniature (game.ui.render.models) when ``wind_from`` is given and
    ``plain`` is not; the plain drawing (base, hull and sail lines) is for slow
    machines.  A ghost is a pale, see-through copy of her with a light outline,
    greyed and outlined in red when the move would be ``refused``.
    """
    pose = pose or ship.pose
    if look.condition == "away":
        return
    base = cam.points(base_corners(pose, ship.length, ship.width))
    if plain or wind_from is None:
        if look.condition == "wreck" and not ghost:
            return
        _draw_plain(surf, cam, ship, look, colour, pose, base, ghost)
    else:
        kind = ("refused" if refused else "ghost") if ghost else ""
        sprite = (models or MODELS).turned_sprite(look_of(ship, look, colour, pose[2], wind_from), cam.scale,
                                                 pose[2], kind)
        sx, sy = cam.to_screen(pose[0], pose[1])
        surf.blit(sprite, sprite.get_rect(center=(round(sx), round(sy))))
    if ghost:
        _ghost_outline(surf, base, refused)
    if selected or active:
        pygame.draw.lines(surf, P.SELECT if selected else P.ACTIVE, True, base, 3 if cam.scale >= 6 else 2)


#: The ghost's outline: light for a move the rules allow, red (dashed) for one they refuse.
GHOST_EDGE, REFUSED_EDGE = (225, 240, 255), (255, 110, 100)


def _ghost_outline(surf: pygame.Surface, base: list[tuple[float, float]], refused: bool) -> None:
    if not refused:
        pygame.draw.lines(surf, GHOST_EDGE, True, base, 2)
        return
    for i in range(len(base)):  # dashes round her base, and a cross over it
        (x0, y0), (x1, y1) = base[i], base[(i + 1) % len(base)]
        n = max(2, int(math.hypot(x1 - x0, y1 - y0) / 7))
        for k in range(0, n, 2):
            a, b = k / n, min(1.0, (k + 1) / n)
            pygame.draw.line(surf, REFUSED_EDGE, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), 2)
    pygame.draw.line(surf, REFUSED_EDGE, base[0], base[2], 2)
    pygame.draw.line(surf, REFUSED_EDGE, base[1], base[3], 2)


def _draw_plain(surf: pygame.Surface, cam: Camera, ship: Any, look: Model, colour, pose, base, ghost: bool) -> None:
    """The plain table's ship: a base in her side's colour, a hull, and her sails as lines."""
    gone = look.condition == "wreck"
    base_fill = (90, 90, 90) if gone else _dim(colour, 0.55)
    if look.condition == "struck":
        base_fill = (150, 150, 150)
    if ghost:
        pygame.draw.lines(surf, colour, True, base, 2)
    else:
        pygame.draw.polygon(surf, base_fill, base)
        pygame.draw.lines(surf, colour, True, base, 2)
    if look.fort:
        _draw_battery(surf, cam, ship, pose, colour, ghost)
    else:
        hull = cam.points(hull_points(pose, ship.length, ship.width))
        if not ghost:
            pygame.draw.polygon(surf, P.HULL if not gone else (70, 60, 55), hull)
        pygame.draw.aalines(surf, P.HULL_EDGE if not ghost else colour, True, hull)
        if cam.scale >= 6 and not ghost:
            _draw_rig(surf, cam, ship, look, pose)


def _draw_rig(surf: pygame.Surface, cam: Camera, ship: Any, look: Model, pose) -> None:
    hl, hw = ship.length / 2, ship.width / 2
    span = look.spread
    thick = max(2, int(cam.scale * 0.16))
    for m in look.masts:
        if span > 0:
            a, b = cam.points(pose_points(pose, [(m * hl, span * hw * 1.25), (m * hl, -span * hw * 1.25)]))
            pygame.draw.line(surf, P.SAIL, a, b, thick)
        (mx, my), = cam.points(pose_points(pose, [(m * hl, 0.0)]))
        pygame.draw.circle(surf, P.HULL_EDGE, (mx, my), max(1, int(cam.scale * 0.06)))


def _draw_battery(surf: pygame.Surface, cam: Camera, ship: Any, pose, colour, ghost: bool) -> None:
    cx, cy = cam.to_screen(pose[0], pose[1])
    r = max(4, int(min(ship.length, ship.width) * cam.scale * 0.45))
    pygame.draw.circle(surf, (90, 84, 70), (cx, cy), r)
    pygame.draw.circle(surf, colour, (cx, cy), r, 2)
    for k in range(8):
        ang = k * math.pi / 4
        gun = (cx + math.cos(ang) * r * 0.7, cy + math.sin(ang) * r * 0.7)
        pygame.draw.circle(surf, (40, 36, 30), gun, max(1, r // 6))


def _name_place(cam: Camera, ship: Any) -> tuple[tuple[float, float], int]:
    """The top middle of a ship's name on screen, and its type size: just below her base."""
    sx, sy = cam.to_screen(ship.x, ship.y)
    below = sy + max(ship.length, ship.width) * cam.scale * 0.5 + 6
    return (sx, below), (17 if cam.scale >= 8 else 14)


BADGE_SIZE = 13  # type size of a badge's words
BADGE_GAP = 6  # between two badges


def _badge_rows(cam: Camera, badges: tuple[Badge, ...]) -> bool:
    return bool(badges) and cam.scale >= 4


def label_size(cam: Camera, ship: Any, badges: tuple[Badge, ...]) -> tuple[int, int]:
    """The size of her name with its badges under it, as :func:`draw_label` draws them."""
    _, size = _name_place(cam, ship)
    w, h = text(ship.name, size, P.TEXT).get_size()
    if _badge_rows(cam, badges):
        row = sum(text(b.label, BADGE_SIZE, b.colour).get_width() + 5 + BADGE_GAP for b in badges) - BADGE_GAP + 4
        w, h = max(w, row), h + text("X", BADGE_SIZE, P.TEXT).get_height() + 4
    return w + 2, h + 1


def label_anchor(cam: Camera, ship: Any) -> tuple[float, float]:
    """Where her name wants to be: its top middle, just below her base."""
    return _name_place(cam, ship)[0]


def draw_label(
    surf: pygame.Surface, cam: Camera, ship: Any, badges: tuple[Badge, ...], at: pygame.Rect | None = None
) -> None:
    """Her name and the rule system's badges under it (when the table is close enough), in ``at`` when given
    (a place the table's labels were laid out to give her), else under her base."""
    _, size = _name_place(cam, ship)
    box = at if at is not None else label_rect(cam, ship, badges)
    r = blit_text(surf, ship.name, (box.centerx, box.top), size, P.TEXT, "midtop", shadow=True)
    if not _badge_rows(cam, badges):
        return
    imgs = [text(b.label, BADGE_SIZE, b.colour) for b in badges]
    x = box.centerx - (sum(i.get_width() + 5 + BADGE_GAP for i in imgs) - BADGE_GAP) / 2
    y = r.bottom + 2
    for img, b in zip(imgs, badges, strict=True):
        img_r = surf.blit(img, (round(x + 3), y + 1))
        pygame.draw.rect(surf, b.colour, img_r.inflate(5, 2), 1, border_radius=3)
        x = img_r.right + 2 + BADGE_GAP


def label_rect(cam: Camera, ship: Any, badges: tuple[Badge, ...]) -> pygame.Rect:
    """Where her name and badges go when nothing is in their way: under her base."""
    r = pygame.Rect((0, 0), label_size(cam, ship, badges))
    sx, below = label_anchor(cam, ship)
    r.midtop = (round(sx), round(below))
    return r
