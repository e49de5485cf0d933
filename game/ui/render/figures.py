"""Paints what a rule system draws on the table (game.systems.figures): shapes in inches, badges."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.systems.figures import Shape
from game.ui.camera import Camera


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
