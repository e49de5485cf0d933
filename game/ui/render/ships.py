"""Ships as seen from above: base, hull, sails, name and status marks; wakes; disposition zones.

Shapes are built in the ship's own frame (+along = bow, +across = port, in
fractions of the base) and carried to the table with the ship's pose, then to
the screen by the camera, so nothing here knows about pixels per inch except
when choosing how much detail is worth drawing.
"""

from __future__ import annotations

import math

import pygame

from game.systems.btq21.disposition import zone_limits
from game.systems.btq21.state import CAPTURED, STRUCK, Ship
from game.table.geometry import base_corners, heading_vector
from game.ui import palette as P
from game.ui.camera import Camera
from game.ui.fonts import blit_text, text

# Hull outline, half of it (port side, bow to stern), in fractions of the half length / half width.
_HALF_HULL = [(0.98, 0.0), (0.78, 0.42), (0.5, 0.7), (0.1, 0.78), (-0.5, 0.74), (-0.86, 0.6), (-0.95, 0.4)]
HULL_SHAPE = _HALF_HULL + [(a, -c) for a, c in reversed(_HALF_HULL[1:])]
SAIL_SPAN = {"full": 0.98, "battle": 0.74, "easy": 0.5}
MASTS = {"brig": (0.3, -0.25), "sloop": (0.3, -0.25)}
THREE_MASTS = (0.46, 0.0, -0.46)


def local_to_table(ship: Ship, along: float, across: float) -> tuple[float, float]:
    fx, fy = heading_vector(ship.heading)
    return (ship.x + fx * along - fy * across, ship.y + fy * along + fx * across)


def pose_points(pose: tuple[float, float, float], pts) -> list[tuple[float, float]]:
    x, y, h = pose
    fx, fy = heading_vector(h)
    return [(x + fx * a - fy * c, y + fy * a + fx * c) for a, c in pts]


def hull_points(pose, length: float, width: float) -> list[tuple[float, float]]:
    hl, hw = length / 2, width / 2
    return pose_points(pose, [(a * hl, c * hw) for a, c in HULL_SHAPE])


def _dim(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def draw_ship(
    surf: pygame.Surface,
    cam: Camera,
    ship: Ship,
    colour: tuple[int, int, int],
    *,
    pose=None,
    selected: bool = False,
    active: bool = False,
    ghost: bool = False,
) -> None:
    """One ship; ``pose`` overrides where she is drawn (the tape's preview)."""
    pose = pose or ship.pose
    base = cam.points(base_corners(pose, ship.length, ship.width))
    gone = ship.status not in ("afloat", CAPTURED, STRUCK)
    base_fill = (90, 90, 90) if gone else _dim(colour, 0.55)
    if ship.status == STRUCK:
        base_fill = (150, 150, 150)
    if ghost:
        pygame.draw.lines(surf, colour, True, base, 2)
    else:
        pygame.draw.polygon(surf, base_fill, base)
        pygame.draw.lines(surf, colour, True, base, 2)
    if ship.shore_battery:
        _draw_battery(surf, cam, ship, pose, colour, ghost)
    else:
        hull = cam.points(hull_points(pose, ship.length, ship.width))
        if not ghost:
            pygame.draw.polygon(surf, P.HULL if not gone else (70, 60, 55), hull)
        pygame.draw.aalines(surf, P.HULL_EDGE if not ghost else colour, True, hull)
        if cam.scale >= 6 and not ghost:
            _draw_rig(surf, cam, ship, pose)
    if selected or active:
        pygame.draw.lines(surf, P.SELECT if selected else P.ACTIVE, True, base, 3)


def _draw_rig(surf: pygame.Surface, cam: Camera, ship: Ship, pose) -> None:
    hl, hw = ship.length / 2, ship.width / 2
    masts = MASTS.get(ship.rate, THREE_MASTS)
    span = SAIL_SPAN.get(ship.sail or "", 0.0)
    thick = max(2, int(cam.scale * 0.16))
    for m in masts:
        if span > 0 and ship.rigging > 0:
            a, b = cam.points(pose_points(pose, [(m * hl, span * hw * 1.25), (m * hl, -span * hw * 1.25)]))
            pygame.draw.line(surf, P.SAIL, a, b, thick)
        (mx, my), = cam.points(pose_points(pose, [(m * hl, 0.0)]))
        pygame.draw.circle(surf, P.HULL_EDGE, (mx, my), max(1, int(cam.scale * 0.06)))


def _draw_battery(surf: pygame.Surface, cam: Camera, ship: Ship, pose, colour, ghost: bool) -> None:
    cx, cy = cam.to_screen(pose[0], pose[1])
    r = max(4, int(min(ship.length, ship.width) * cam.scale * 0.45))
    pygame.draw.circle(surf, (90, 84, 70), (cx, cy), r)
    pygame.draw.circle(surf, colour, (cx, cy), r, 2)
    for k in range(8):
        ang = k * math.pi / 4
        gun = (cx + math.cos(ang) * r * 0.7, cy + math.sin(ang) * r * 0.7)
        pygame.draw.circle(surf, (40, 36, 30), gun, max(1, r // 6))


def status_marks(ship: Ship, flagship: bool) -> list[tuple[str, tuple[int, int, int]]]:
    """Short badges under a ship's name: what a player must see at a glance."""
    marks: list[tuple[str, tuple[int, int, int]]] = []
    if flagship:
        marks.append(("FLAG", (240, 200, 60)))
    if ship.fires:
        marks.append((f"FIRE {ship.fires}", P.FIRE))
    if ship.leaks:
        marks.append((f"LEAK {ship.leaks}", P.LEAK))
    if ship.rudder:
        marks.append(("RUDDER", (200, 120, 240)))
    if ship.status == STRUCK:
        marks.append(("STRUCK", (255, 255, 255)))
    elif ship.status == CAPTURED:
        marks.append(("PRIZE", (255, 255, 255)))
    elif ship.status not in ("afloat",):
        marks.append((ship.status.replace("_", " ").upper(), (160, 160, 160)))
    if ship.adrift and ship.status == "afloat":
        marks.append(("ADRIFT", (180, 180, 180)))
    if ship.boarding_with:
        marks.append(("BOARDING", (255, 80, 80)))
    if ship.fas:
        marks.append(("FAS", (255, 230, 140)))
    if ship.activated:
        marks.append(("DONE", (150, 160, 170)))
    return marks


def _name_place(cam: Camera, ship: Ship) -> tuple[tuple[float, float], int]:
    """The top middle of a ship's name on screen, and its type size: just below her base."""
    sx, sy = cam.to_screen(ship.x, ship.y)
    below = sy + max(ship.length, ship.width) * cam.scale * 0.5 + 6
    return (sx, below), (17 if cam.scale >= 8 else 14)


def draw_label(surf: pygame.Surface, cam: Camera, ship: Ship, flagship: bool, colour) -> None:
    (sx, below), size = _name_place(cam, ship)
    r = blit_text(surf, ship.name, (sx, below), size, P.TEXT, "midtop", shadow=True)
    marks = status_marks(ship, flagship)
    if not marks or cam.scale < 4:
        return
    x = sx - sum(len(m[0]) * 6 + 8 for m in marks) / 2
    y = r.bottom + 1
    for label, col in marks:
        img_r = blit_text(surf, label, (x + 3, y + 1), 13, col, "topleft")
        pygame.draw.rect(surf, col, img_r.inflate(5, 2), 1, border_radius=3)
        x = img_r.right + 6


def label_rect(cam: Camera, ship: Ship, flagship: bool) -> pygame.Rect:
    """Where :func:`draw_label` prints the name and its marks, so other words can keep off them."""
    (sx, below), size = _name_place(cam, ship)
    r = text(ship.name, size, P.TEXT).get_rect(midtop=(round(sx), round(below)))
    marks = status_marks(ship, flagship)
    if marks and cam.scale >= 4:
        r.height += 16
    return r


def wake_points(ship: Ship, length: float) -> list[tuple[float, float]]:
    """A tapering template laid astern of the base, ``length`` inches long."""
    hl, hw = ship.length / 2, ship.width / 2
    return pose_points(ship.pose, [(-hl, hw), (-hl - length, hw * 0.45), (-hl - length, -hw * 0.45), (-hl, -hw)])


def wake_colour(ship: Ship) -> tuple[int, int, int]:
    """Green and orange swap every time the ship completes an activation."""
    return P.WAKE_A if ship.wake_flips % 2 == 0 else P.WAKE_B


def draw_wake(overlay: pygame.Surface, cam: Camera, ship: Ship, length: float) -> None:
    if length <= 0 or ship.shore_battery:
        return
    pts = cam.points(wake_points(ship, length))
    col = wake_colour(ship)
    pygame.draw.polygon(overlay, (*col, 90), pts)
    pygame.draw.lines(overlay, (*col, 200), True, pts, 1)


def draw_zones(overlay: pygame.Surface, cam: Camera, ship: Ship, rules, wind_from: float, pose=None) -> None:
    """The four dispositions as wedges around the ship: where the wind comes from decides."""
    aback, beat, reach = zone_limits(rules, ship.length, ship.width)
    r = max(ship.length * 1.15, 60 / cam.scale)
    x0, y0, h0 = pose or ship.pose
    bands = [
        ("aback", -aback, aback),
        ("beating", aback, beat),
        ("beating", -beat, -aback),
        ("reaching", beat, reach),
        ("reaching", -reach, -beat),
        ("running", reach, 360 - reach),
    ]
    for name, a0, a1 in bands:
        pts = [(x0, y0)]
        steps = max(2, int(abs(a1 - a0) / 6))
        for i in range(steps + 1):
            hd = h0 + a0 + (a1 - a0) * i / steps
            vx, vy = heading_vector(hd)
            pts.append((x0 + vx * r, y0 + vy * r))
        col = P.ZONES[name]
        pygame.draw.polygon(overlay, (*col, 55), cam.points(pts))
        pygame.draw.lines(overlay, (*col, 170), True, cam.points(pts), 1)
    # the wind line through the ship, from windward
    vx, vy = heading_vector(wind_from)
    a = cam.to_screen(x0 + vx * r * 1.15, y0 + vy * r * 1.15)
    b = cam.to_screen(x0, y0)
    pygame.draw.line(overlay, (160, 210, 255, 230), a, b, 2)
