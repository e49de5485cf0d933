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


#: Seconds the camera takes to glide to the action.
FOLLOW_SECONDS = 0.4
#: The share of the view (from its middle, each way) a followed ship is kept within before the camera moves.
COMFORT = 0.7


class Follow:
    """The camera gliding to the action: eased over FOLLOW_SECONDS, never touching the zoom.

    A glide gives way to the player: if the camera is moved by anything else
    (a drag, the arrow keys, the wheel) while it glides, the glide stops there.
    """

    def __init__(self) -> None:
        self.start: tuple[float, float] | None = None
        self.end: tuple[float, float] | None = None
        self.t = 0.0
        self._put: tuple[float, float] | None = None  # where the glide last put the camera

    @property
    def gliding(self) -> bool:
        return self.end is not None

    def cancel(self) -> None:
        self.start = self.end = self._put = None

    def glide(self, cam: Camera, to: tuple[float, float]) -> None:
        """Glide the view's middle to the table point ``to``."""
        self.start, self.end, self.t = (cam.cx, cam.cy), to, 0.0
        self._put = (cam.cx, cam.cy)

    def keep(self, cam: Camera, point: tuple[float, float], aim: tuple[float, float] | None = None,
             share: float = COMFORT) -> bool:
        """Glide to ``aim`` (else ``point``) if ``point`` lies outside the middle ``share`` of the view."""
        sx, sy = cam.to_screen(*point)
        mx, my = cam.view_x + cam.view_w / 2, cam.view_y + cam.view_h / 2
        if abs(sx - mx) <= cam.view_w * share / 2 and abs(sy - my) <= cam.view_h * share / 2:
            return False
        target = aim or point
        if self.end is not None and abs(self.end[0] - target[0]) < 1e-6 and abs(self.end[1] - target[1]) < 1e-6:
            return False  # already on its way there
        self.glide(cam, target)
        return True

    def update(self, cam: Camera, dt: float) -> None:
        if self.start is None or self.end is None:
            return
        if self._put is not None and (abs(cam.cx - self._put[0]) > 1e-9 or abs(cam.cy - self._put[1]) > 1e-9):
            self.cancel()  # the player moved the camera: theirs wins
            return
        self.t += dt
        k = min(1.0, self.t / FOLLOW_SECONDS)
        k = k * k * (3 - 2 * k)
        cam.cx = self.start[0] + (self.end[0] - self.start[0]) * k
        cam.cy = self.start[1] + (self.end[1] - self.start[1]) * k
        self._put = (cam.cx, cam.cy)
        if k >= 1.0:
            self.cancel()
