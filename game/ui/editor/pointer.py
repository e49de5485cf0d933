"""What is under the mouse on the editor's table: a ship, her turning handle, a piece of terrain or its corner.

Hits are judged in table inches against the same bases and polygons the
reader checks, with a few pixels of grace (turned to inches by the camera) so
a small ship at a far zoom can still be picked up.
"""

from __future__ import annotations

import math

from game.content.model import RuleSet, Scenario, Terrain
from game.table.geometry import heading_vector, to_local
from game.ui.camera import Camera
from game.ui.editor.document import ships

#: Pixels of grace round a base, a corner or the handle.
GRACE = 6
#: How far beyond her bow the turning handle stands, as a share of her length, and its radius in pixels.
HANDLE_OUT = 0.75
HANDLE_R = 7


def ship_under(sc: Scenario, rules: RuleSet, cam: Camera, p: tuple[float, float]) -> str | None:
    """The id of the ship whose base is under table point ``p`` (the last drawn, on top, first)."""
    grace = GRACE / cam.scale
    for _, s in reversed(ships(sc)):
        length, width = rules.base_of(s.ship.rate)
        along, across = to_local(s.pose, p)
        if abs(along) <= length / 2 + grace and abs(across) <= width / 2 + grace:
            return s.id
    return None


def handle_spot(pose: tuple[float, float, float], length: float) -> tuple[float, float]:
    """The table point of her turning handle: ahead of her bow."""
    fx, fy = heading_vector(pose[2])
    out = length * (0.5 + HANDLE_OUT)
    return (pose[0] + fx * out, pose[1] + fy * out)


def near(cam: Camera, a: tuple[float, float], b: tuple[float, float], pixels: float) -> bool:
    (ax, ay), (bx, by) = cam.to_screen(*a), cam.to_screen(*b)
    return math.hypot(ax - bx, ay - by) <= pixels


def inside(points, p: tuple[float, float]) -> bool:
    """Point in polygon (even-odd), for picking a piece of terrain."""
    x, y = p
    hit = False
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def terrain_under(sc: Scenario, p: tuple[float, float]) -> str | None:
    """The id of the piece of terrain under ``p``: land over shoals, as it is drawn."""
    pieces: list[Terrain] = sorted(sc.terrain, key=lambda t: t.kind != "shoal")
    for t in reversed(pieces):
        if inside(t.points, p):
            return t.id
    return None


def corner_under(piece: Terrain, cam: Camera, p: tuple[float, float]) -> int | None:
    for i, c in enumerate(piece.points):
        if near(cam, c, p, HANDLE_R + GRACE):
            return i
    return None


def battery_under(sc: Scenario, rules: RuleSet, cam: Camera, p: tuple[float, float]) -> str | None:
    """The id of the shore battery whose marker (a square of the rule set's size) is under ``p``."""
    half = float(rules.shore_battery.get("base", 2.0)) / 2 + GRACE / cam.scale
    for side in reversed(sc.sides):
        for b in reversed(side.batteries):
            if abs(p[0] - b.position[0]) <= half and abs(p[1] - b.position[1]) <= half:
                return b.id
    return None
