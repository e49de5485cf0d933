"""Colours of the table, drawn once here so every layer agrees."""

from __future__ import annotations

SEA = (38, 84, 110)
SEA_DEEP = (22, 52, 72)
TABLE_EDGE = (214, 196, 150)
GRID = (58, 104, 130)
ISLAND = (150, 136, 92)
ISLAND_EDGE = (96, 84, 52)
COAST = (128, 120, 84)
SHOAL = (86, 140, 150)
TEXT = (236, 232, 220)
TEXT_DIM = (170, 176, 180)
PANEL = (28, 32, 38)
HULL = (96, 64, 36)
HULL_EDGE = (40, 26, 14)
DECK = (170, 130, 80)
SAIL = (240, 236, 222)
WAKE_A = (80, 200, 110)  # green
WAKE_B = (236, 150, 50)  # orange
SELECT = (255, 236, 120)
ACTIVE = (255, 255, 255)
TAPE = (240, 214, 90)
TAPE_DARK = (60, 50, 20)
BLOCKED = (230, 60, 50)
CLEAR = (120, 230, 140)
FIRE = (255, 120, 30)
LEAK = (90, 160, 255)
ZONES = {
    "aback": (220, 70, 60),
    "beating": (240, 190, 60),
    "reaching": (110, 210, 120),
    "running": (90, 170, 240),
}
BANDS = {
    "point_blank": (255, 90, 70),
    "close": (255, 170, 60),
    "effective": (240, 230, 110),
    "long": (170, 210, 240),
}

#: Fallback colours by nation when a scenario gives none.
NATIONS = {
    "british": (200, 40, 40),
    "french": (40, 80, 200),
    "spanish": (230, 190, 40),
    "american": (240, 240, 240),
    "dutch": (240, 130, 30),
}


def side_colour(state, side_id: str) -> tuple[int, int, int]:
    sc = getattr(state, "scenario", None)
    if sc is not None:
        for side in sc.sides:
            if side.id == side_id:
                return tuple(side.colour)  # type: ignore[return-value]
    return NATIONS.get(side_id, (200, 200, 200))


def side_name(state, side_id: str) -> str:
    sc = getattr(state, "scenario", None)
    if sc is not None:
        for side in sc.sides:
            if side.id == side_id:
                return side.name
    return side_id.title()
