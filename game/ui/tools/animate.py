"""Ships glide from where they were to where the engine put them.

The state already holds the end of every move; an animation only changes
where a ship is *drawn* for a moment, so skipping one loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.table.geometry import signed_angle

BASE_SECONDS = 0.55


@dataclass
class Glide:
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    duration: float
    t: float = 0.0

    def pose(self) -> tuple[float, float, float]:
        k = 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)
        k = k * k * (3 - 2 * k)  # ease in and out
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        h = self.start[2] + signed_angle(self.start[2], self.end[2]) * k
        return (x, y, h % 360.0)

    @property
    def done(self) -> bool:
        return self.t >= self.duration


class Animator:
    def __init__(self) -> None:
        self.glides: dict[str, Glide] = {}

    def add(self, ship_id: str, start, end, speed: float) -> None:
        if speed <= 0:
            return
        if ship_id in self.glides:  # already moving: start from where she is drawn now
            start = self.glides[ship_id].pose()
        self.glides[ship_id] = Glide(tuple(start), tuple(end), BASE_SECONDS / speed)

    def update(self, dt: float) -> None:
        for sid in list(self.glides):
            g = self.glides[sid]
            g.t += dt
            if g.done:
                del self.glides[sid]

    def pose(self, ship_id: str):
        g = self.glides.get(ship_id)
        return g.pose() if g else None

    @property
    def busy(self) -> bool:
        return bool(self.glides)

    def skip(self) -> None:
        self.glides.clear()
