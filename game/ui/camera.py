"""Inches on the table to pixels on the screen, and back.

The only place pixels and inches meet.  The table's y axis points north
(up), the screen's down, so the flip lives here too.  Zooming keeps the
point under the cursor still, the way a map app does.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_SCALE = 2.0  # pixels per inch
MAX_SCALE = 160.0


@dataclass
class Camera:
    """``scale`` pixels per inch; ``cx, cy`` the table point at the view's centre."""

    view_w: int
    view_h: int
    scale: float = 10.0
    cx: float = 0.0
    cy: float = 0.0
    view_x: int = 0  # where the table view starts on the screen (left panel width)
    view_y: int = 0

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (
            self.view_x + self.view_w / 2 + (x - self.cx) * self.scale,
            self.view_y + self.view_h / 2 - (y - self.cy) * self.scale,
        )

    def to_table(self, sx: float, sy: float) -> tuple[float, float]:
        return (
            self.cx + (sx - self.view_x - self.view_w / 2) / self.scale,
            self.cy - (sy - self.view_y - self.view_h / 2) / self.scale,
        )

    def points(self, pts) -> list[tuple[float, float]]:
        s, ox, oy = self.scale, self.view_x + self.view_w / 2, self.view_y + self.view_h / 2
        cx, cy = self.cx, self.cy
        return [(ox + (x - cx) * s, oy - (y - cy) * s) for x, y in pts]

    def fit(self, width: float, height: float, margin: float = 0.06) -> None:
        """Show the whole table with a little sea around it."""
        usable_w = max(1.0, self.view_w * (1 - 2 * margin))
        usable_h = max(1.0, self.view_h * (1 - 2 * margin))
        self.scale = max(MIN_SCALE, min(MAX_SCALE, min(usable_w / width, usable_h / height)))
        self.cx, self.cy = width / 2, height / 2

    def zoom_at(self, sx: float, sy: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the table point under (sx, sy) where it is."""
        before = self.to_table(sx, sy)
        self.scale = max(MIN_SCALE, min(MAX_SCALE, self.scale * factor))
        after = self.to_table(sx, sy)
        self.cx += before[0] - after[0]
        self.cy += before[1] - after[1]

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the table with the mouse: a drag right moves the view's contents right."""
        self.cx -= dx / self.scale
        self.cy += dy / self.scale

    def resize(self, x: int, y: int, w: int, h: int) -> None:
        self.view_x, self.view_y, self.view_w, self.view_h = x, y, max(1, w), max(1, h)

    def contains(self, sx: float, sy: float) -> bool:
        return self.view_x <= sx < self.view_x + self.view_w and self.view_y <= sy < self.view_y + self.view_h

    def key(self) -> tuple:
        """Changes whenever cached drawings of the table must be redrawn."""
        view = (self.view_x, self.view_y, self.view_w, self.view_h)
        return (round(self.scale, 6), round(self.cx, 6), round(self.cy, 6), *view)
