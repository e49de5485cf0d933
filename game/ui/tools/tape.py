"""The measuring tape: plan one segment by dragging the ship along it, then turning her.

The tool keeps the plan (distance, turn) and what the engine says it would
do, tried on a copy of the state: where she would end, what she would touch,
and the disposition and speed of the next segment.  Nothing is submitted
until the player commits.  Distances snap to a tenth of an inch, turns to a
degree, as a player with a tape and a turning template would.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.rules import movement
from game.rules.commands import MoveSegment
from game.rules.engine import Option, Rejected, apply
from game.rules.state import GameState
from game.table.geometry import bearing, heading_vector, signed_angle

DISTANCE_STEP = 0.1
TURN_STEP = 1.0
#: Contact events a player wants to see before they happen.
WARNINGS = ("collision", "aground", "left_table", "taken_aback", "grapple", "boarding_failed", "sunk", "struck")


def snap(v: float, step: float, lo: float, hi: float) -> float:
    """Snap to the step, but never outside the legal range (the ends stay reachable)."""
    s = round(round(v / step) * step, 6)
    if s < lo - 1e-9:
        s = lo
    if s > hi + 1e-9:
        s = hi
    return round(s, 6)


@dataclass
class Preview:
    pose: tuple[float, float, float] | None = None
    travelled: float = 0.0
    warnings: list[str] = field(default_factory=list)
    refused: str | None = None
    next_disposition: str | None = None
    next_limits: tuple[float, float] | None = None
    events: list[dict] = field(default_factory=list)


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
    _previewed: tuple | None = None

    @classmethod
    def for_option(cls, state: GameState, option: Option) -> SegmentPlan:
        ship = state.ships[option.ship]
        lo, hi = option.ranges["distance"]
        t = option.ranges["turn"][1]
        plan = cls(option.ship, ship.pose, lo, hi, t)
        if hi <= 1e-9:  # taken aback: nothing to measure, only the free turn
            plan.distance = 0.0
        return plan

    @property
    def aback(self) -> bool:
        return self.hi <= 1e-9

    @property
    def forward(self) -> tuple[float, float]:
        return heading_vector(self.start[2])

    def centre_at(self, distance: float) -> tuple[float, float]:
        fx, fy = self.forward
        return (self.start[0] + fx * distance, self.start[1] + fy * distance)

    def distance_towards(self, point: tuple[float, float], grab: float = 0.0) -> float:
        """The distance that puts the ship's centre level with ``point`` along her heading."""
        fx, fy = self.forward
        d = (point[0] - self.start[0]) * fx + (point[1] - self.start[1]) * fy - grab
        return snap(d, DISTANCE_STEP, self.lo, self.hi)

    def set_distance(self, d: float) -> None:
        self.distance = snap(d, DISTANCE_STEP, self.lo, self.hi)

    def turn_towards(self, point: tuple[float, float]) -> float:
        cx, cy = self.centre_at(self.distance or 0.0)
        if math.hypot(point[0] - cx, point[1] - cy) < 1e-6:
            return self.turn
        want = signed_angle(self.start[2], bearing((cx, cy), point))
        return snap(want, TURN_STEP, -self.allowance, self.allowance)

    def set_turn(self, t: float) -> None:
        self.turn = snap(t, TURN_STEP, -self.allowance, self.allowance)

    def command(self) -> MoveSegment:
        return MoveSegment(self.ship, float(self.distance or 0.0), float(self.turn))

    def ghost_pose(self) -> tuple[float, float, float]:
        """Where the plan puts her (before the engine has had its say)."""
        x, y = self.centre_at(self.distance or 0.0)
        return (x, y, (self.start[2] + self.turn) % 360.0)

    def refresh(self, state: GameState) -> Preview | None:
        """Try the plan on a copy (only when it changed): the engine's answer, dice and all, thrown away."""
        if self.distance is None:
            self.preview = None
            return None
        key = (self.distance, self.turn, state.seq)
        if key == self._previewed and self.preview is not None:
            return self.preview
        self._previewed = key
        work = state.copy()
        result = apply(work, self.command())
        pv = Preview()
        if isinstance(result, Rejected):
            pv.refused = result.reason
        else:
            pv.events = result
            ship = work.ships[self.ship]
            pv.pose = ship.pose
            pv.travelled = math.hypot(ship.x - self.start[0], ship.y - self.start[1])
            pv.warnings = [describe_warning(work, e) for e in result if e["type"] in WARNINGS]
            act = work.activation
            moving = act is not None and act.ship == self.ship and not act.movement_over
            if moving and act.segment < act.segments_allowed:
                p = movement.plan(work, act, ship)
                pv.next_disposition = "taken aback" if p.aback else p.disposition
                pv.next_limits = (p.minimum, p.maximum)
        self.preview = pv
        return pv


def describe_warning(state: GameState, e: dict) -> str:
    def name(key: str) -> str:
        sid = e.get(key)
        s = state.ships.get(sid) if isinstance(sid, str) else None
        return s.name if s else str(sid)

    t = e["type"]
    if t == "collision":
        return f"collision with {name('other')}: both take hull damage"
    if t == "aground":
        return f"runs aground on {str(e.get('on', 'land')).replace('_', ' ')}"
    if t == "left_table":
        return f"leaves the table by the {e.get('edge', '')} edge"
    if t == "taken_aback":
        return "taken aback: she stops and loses rigging"
    if t == "grapple":
        return f"comes alongside {name('target')} and grapples"
    if t == "boarding_failed":
        return f"no room alongside {name('target')}"
    if t in ("sunk", "struck"):
        return f"{name('ship')} {t} (if the dice fall as in this trial)"
    return t.replace("_", " ")
