"""Broadside arcs cut into the four range bands, and the line-of-sight corridor."""

from __future__ import annotations

import math

import pygame

from game.systems.btq21.broadside import battery_arc
from game.systems.btq21.state import GameState, Ship
from game.table.arcs import SIDES, arc_polygon, corridor
from game.table.convex import Rect
from game.ui import palette as P
from game.ui.camera import Camera


def band_limits(state: GameState) -> list[tuple[str, float]]:
    return [(name, float(v)) for name, v in state.rules.ranges.items()]


def draw_arcs(overlay: pygame.Surface, cam: Camera, state: GameState, ship: Ship, pose=None) -> None:
    """Nested arcs, longest range first, so each band shows as a ring of its own colour.

    ``pose``: draw them from where the ship is planned to be rather than where she is.
    """
    bands = band_limits(state)
    if ship.shore_battery:
        _battery_rings(overlay, cam, state, ship, bands)
        return
    off = float(state.rules.arc_off_beam)
    base = Rect.from_pose(pose or ship.pose, ship.length, ship.width)
    for side in SIDES:
        if side in ship.fired:
            continue
        for name, reach in reversed(bands):
            pts = cam.points(arc_polygon(base, side, reach, off))
            col = P.BANDS.get(name, (200, 200, 200))
            pygame.draw.polygon(overlay, (*col, 34), pts)
            pygame.draw.lines(overlay, (*col, 150), True, pts, 1)


def _battery_rings(overlay, cam: Camera, state: GameState, ship: Ship, bands) -> None:
    arc = battery_arc(state, ship)
    a0, a1 = arc if arc else (0.0, 360.0)
    span = (a1 - a0) % 360 or 360.0
    for name, reach in reversed(bands):
        r = reach + max(ship.length, ship.width) / 2
        pts = [] if span >= 360 else [(ship.x, ship.y)]
        steps = max(8, int(span / 4))
        for i in range(steps + 1):
            b = math.radians(a0 + span * i / steps)
            pts.append((ship.x + math.sin(b) * r, ship.y + math.cos(b) * r))
        col = P.BANDS.get(name, (200, 200, 200))
        spts = cam.points(pts)
        pygame.draw.polygon(overlay, (*col, 30), spts)
        pygame.draw.lines(overlay, (*col, 150), True, spts, 1)


def draw_corridor(overlay: pygame.Surface, cam: Camera, state: GameState, a: Ship, b: Ship, blocked: bool) -> None:
    rect = corridor((a.x, a.y), (b.x, b.y), float(state.rules.los_corridor_width))
    if rect is None:
        return
    hl, hw = rect.hl, rect.hw
    pts = [
        (rect.cx + rect.fx * hl + rect.px * hw, rect.cy + rect.fy * hl + rect.py * hw),
        (rect.cx - rect.fx * hl + rect.px * hw, rect.cy - rect.fy * hl + rect.py * hw),
        (rect.cx - rect.fx * hl - rect.px * hw, rect.cy - rect.fy * hl - rect.py * hw),
        (rect.cx + rect.fx * hl - rect.px * hw, rect.cy + rect.fy * hl - rect.py * hw),
    ]
    col = P.BLOCKED if blocked else P.CLEAR
    spts = cam.points(pts)
    pygame.draw.lines(overlay, col, True, spts, 2)
    pygame.draw.line(overlay, col, cam.to_screen(a.x, a.y), cam.to_screen(b.x, b.y), 2)
