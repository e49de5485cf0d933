"""The measuring tape: lay out a measured move by dragging the ship along it, then turning her.

The tool keeps the plan (distance, turn) for the tape option the rule system
offers, and what the rule system says it would do (``RuleSystem.preview``, a
trial with dice of its own): where she would end, the warnings (the dice to
come and the chance of what matters, never a trial's outcome) and what comes
next.  Nothing is submitted until the player commits.  Distances snap to a
tenth of an inch, turns to a degree, as a player with a tape and a turning
template would.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.systems.base import Command, Option, Preview, RuleSystem, Stick
from game.table.geometry import bearing, heading_vector, signed_angle

DISTANCE_STEP = 0.1
TURN_STEP = 1.0


def snap(v: float, step: float, lo: float, hi: float) -> float:
    """Snap to the step, but never outside the legal range (the ends stay reachable)."""
    s = round(round(v / step) * step, 6)
    if s < lo - 1e-9:
        s = lo
    if s > hi + 1e-9:
        s = hi
    return round(s, 6)


@dataclass
class SegmentPlan:
    ship: str
    start: tuple[float, float, float]
    lo: float
    hi: float
    allowance: float
    distance: float | None = None
    turn: float = 0.0
    preview: Preview | None = None
    _previewed: tuple[Any, ...] | None = None
    astern: bool = False  # laid from her stern: she moves astern
    option: Option | None = None  # the tape option the plan is for
    #: Laid from her bow at the turn off her heading: she turns about her bow onto the tape, then runs along it.
    bow: bool = False
    length: float = 0.0  # her length: where her bow is
    _resting: Stick | None = None  # the stick before anything is measured
    _resting_key: tuple[Any, ...] | None = None

    @classmethod
    def for_option(cls, state: Any, option: Option) -> SegmentPlan:
        ship = state.ships[option.ship]
        lo, hi = option.ranges["distance"]
        t = option.ranges["turn"][1]
        plan = cls(
            option.ship, ship.pose, lo, hi, t, astern=option.measure == "astern", option=option,
            bow=option.measure == "bow", length=float(ship.length),
        )
        if plan.aback:  # taken aback: nothing to measure, only the free turn
            plan.distance = 0.0
        return plan

    @property
    def aback(self) -> bool:
        return not self.astern and self.hi <= 1e-9

    @property
    def forward(self) -> tuple[float, float]:
        """The way she moves: ahead (along the tape when it is laid from her bow), or astern when backing clear."""
        fx, fy = heading_vector(self.start[2] + (self.turn if self.bow else 0.0))
        return (-fx, -fy) if self.astern else (fx, fy)

    @property
    def bow_point(self) -> tuple[float, float]:
        """Where her bow is before she moves: the tape's zero when it is laid from her bow."""
        fx, fy = heading_vector(self.start[2])
        return (self.start[0] + fx * self.length / 2, self.start[1] + fy * self.length / 2)

    def centre_at(self, distance: float) -> tuple[float, float]:
        fx, fy = self.forward
        if self.bow:  # turned about her bow, then run along the tape
            bx, by = self.bow_point
            return (bx + fx * (distance - self.length / 2), by + fy * (distance - self.length / 2))
        return (self.start[0] + fx * distance, self.start[1] + fy * distance)

    def along(self, point: tuple[float, float]) -> float:
        """How far along the tape ``point`` lies (from her centre, or from her bow when the tape is laid there)."""
        ox, oy = self.bow_point if self.bow else self.start[:2]
        fx, fy = self.forward
        return (point[0] - ox) * fx + (point[1] - oy) * fy

    def distance_towards(self, point: tuple[float, float], grab: float = 0.0) -> float:
        """The distance that puts the point of her that was grabbed level with ``point`` along the tape.

        Laid from her bow, the tape also swings to point at ``point`` (within her
        turn), as a stick laid at her bow follows the hand.
        """
        if self.bow:
            bx, by = self.bow_point
            if (point[0] - bx) * self.forward[0] + (point[1] - by) * self.forward[1] > self.length / 4:
                self.set_turn(signed_angle(self.start[2], bearing((bx, by), point)))
        d = self.along(point) - grab
        return self._on_marks(snap(d, DISTANCE_STEP, self.lo, self.hi))

    def set_distance(self, d: float) -> None:
        self.distance = self._on_marks(snap(d, DISTANCE_STEP, self.lo, self.hi))

    def full(self) -> float:
        """As far as the tape may be run out: the stick's reach when the rule system measures with one."""
        stick = self.stick()
        if stick is not None and stick.reach > 0:
            return min(self.hi, max(self.lo, stick.reach))
        return self.hi

    def _on_marks(self, d: float) -> float:
        """A distance within half a step of a mark of the stick in use is the mark itself.

        Sticks are marked in segments that are no whole number of tenths (a 1.92"
        segment), and a move is paid by the segment begun: a tape snapped to
        tenths could never run exactly one segment.
        """
        stick = self.stick()
        if stick is None or stick.segment <= 0:
            return d
        k = round(d / stick.segment)
        mark = k * stick.segment
        if k >= 1 and abs(d - mark) <= DISTANCE_STEP / 2 + 1e-9 and self.lo - 1e-9 <= mark <= self.hi + 1e-9:
            return round(mark, 6)
        return d

    def turn_towards(self, point: tuple[float, float]) -> float:
        if self.bow:  # the tape swings about her bow
            bx, by = self.bow_point
            if math.hypot(point[0] - bx, point[1] - by) < 1e-6:
                return self.turn
            want = signed_angle(self.start[2], bearing((bx, by), point))
            return snap(want, TURN_STEP, -self.allowance, self.allowance)
        cx, cy = self.centre_at(self.distance or 0.0)
        if math.hypot(point[0] - cx, point[1] - cy) < 1e-6:
            return self.turn
        want = signed_angle(self.start[2], bearing((cx, cy), point))
        return snap(want, TURN_STEP, -self.allowance, self.allowance)

    def set_turn(self, t: float) -> None:
        self.turn = snap(t, TURN_STEP, -self.allowance, self.allowance)

    def command(self) -> Command:
        if self.option is None:
            raise ValueError("a tape laid for no option")
        return self.option.command(distance=float(self.distance or 0.0), turn=float(self.turn))

    def ghost_pose(self) -> tuple[float, float, float]:
        """Where the plan puts her (before the engine has had its say)."""
        x, y = self.centre_at(self.distance or 0.0)
        return (x, y, (self.start[2] + self.turn) % 360.0)

    def stick(self) -> Stick | None:
        """The measuring stick the rule system says this move takes, if it measures with sticks."""
        return self.preview.stick if self.preview is not None else self._resting

    def refresh(self, state: Any, system: RuleSystem) -> Preview | None:
        """Ask the rule system what the plan would do (only when it changed)."""
        if self.distance is None:
            self.preview = None
            if self.bow and self._resting_key != (self.turn, state.seq):
                # nothing measured yet: the stick she would take all the same, so the tape is that stick from the start
                self._resting_key = (self.turn, state.seq)
                self._resting = system.preview(state, self.option.command(distance=0.0, turn=float(self.turn))).stick \
                    if self.option is not None else None
            return None
        key = (self.distance, self.turn, state.seq)
        if key == self._previewed and self.preview is not None:
            return self.preview
        self._previewed = key
        self.preview = system.preview(state, self.command())
        marked = min(self._on_marks(self.distance), self.full())
        if marked != self.distance:  # another stick: the distance goes to its mark, and no farther than it reaches
            self.distance = marked
            self._previewed = (self.distance, self.turn, state.seq)
            self.preview = system.preview(state, self.command())
        return self.preview
