"""The replay's clock: playing or paused, at which speed, and when the next command is due.

Playing paces the battle as the window paces a computer's commands: a command
is shown when the ships have glided to where it put them and its dice have
settled in the tray, and a short pause after it has passed; every one of those
times is divided by the speed.  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The speeds offered, slowest first (1 is the battle's own pace).
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
#: Seconds between two commands at speed 1, once the ships and the dice have settled (as a computer's).
STEP_PAUSE = 0.35


def speed_label(speed: float) -> str:
    return f"{speed:g}\u00d7"


@dataclass
class Playback:
    playing: bool = False
    speed_index: int = SPEEDS.index(1.0)
    #: Real seconds before the next command may be shown.
    wait: float = 0.0

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def faster(self) -> bool:
        """One speed up; False if already the fastest."""
        if self.speed_index + 1 >= len(SPEEDS):
            return False
        self.speed_index += 1
        self.wait = min(self.wait, STEP_PAUSE / self.speed)
        return True

    def slower(self) -> bool:
        if self.speed_index <= 0:
            return False
        self.speed_index -= 1
        return True

    def tick(self, dt: float, busy: bool) -> bool:
        """Advance the clock by ``dt`` real seconds; True when the next command is due (and the pause restarts).

        ``busy``: ships still gliding or dice still in the air.
        """
        if not self.playing:
            return False
        self.wait = max(0.0, self.wait - dt)
        if busy or self.wait > 0:
            return False
        self.wait = STEP_PAUSE / self.speed
        return True
