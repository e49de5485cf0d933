"""Paints what a rule system draws on the table (game.systems.figures): shapes in inches, card templates."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.systems.figures import Shape, Template
from game.ui.camera import Camera
from game.ui.render.brush import mix


def draw_shapes(overlay: pygame.Surface, cam: Camera, shapes: Iterable[Shape | None]) -> None:
    """Each shape projected to the screen: filled (with its alpha) where it asks, then edged."""
    for shape in shapes:
        if shape is None or len(shape.points) < 2:
            continue
        pts = cam.points(list(shape.points))
        if shape.fill and len(pts) >= 3:
            pygame.draw.polygon(overlay, (*shape.colour, shape.fill), pts)
        if shape.edge:
            pygame.draw.lines(overlay, (*shape.colour, shape.edge), shape.closed, pts, shape.width)


#: The card a template is printed on, and its ink.
CARD = (240, 234, 216)
INK = (70, 64, 54)


def draw_template(surf: pygame.Surface, cam: Camera, card: Template | Shape | None) -> None:
    """A card template lying on the table: off-white card tinted by the face that is up, a border in the
    face's colour, its ruled marks in ink, and a little shadow under it."""
    if card is None or len(card.points) < 3:
        return
    pts = cam.points(list(card.points))
    lift = max(1, round(cam.scale * 0.05))
    pygame.draw.polygon(surf, (6, 12, 18, 90), [(x + lift, y + lift) for x, y in pts])
    pygame.draw.polygon(surf, (*mix(CARD, card.colour, 0.16), 230), pts)
    border = max(2, round(cam.scale * 0.07))
    pygame.draw.lines(surf, (*mix(card.colour, (0, 0, 0), 0.15), 235), True, pts, border)
    if cam.scale >= 12 and isinstance(card, Template):
        for a, b in card.marks:
            pygame.draw.line(surf, (*INK, 200), cam.to_screen(*a), cam.to_screen(*b), 1)
