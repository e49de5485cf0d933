"""The measuring tape: plan one segment by dragging the ship along it, then turning her.

The tool keeps the plan (distance, turn) and what the engine says it would
do, tried on a trial of the state (``sandbox``): where she would end, what she
would touch, and the disposition and speed of the next segment.  The trial has
dice of its own, so the ghost never foretells the real ones: where dice will
be rolled the warning names them and gives the chance of each outcome that
matters, worked out from the rules.  Nothing is submitted until the player
commits.  Distances snap to a tenth of an inch, turns to a degree, as a player
with a tape and a turning template would.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.systems.base import Option
from game.systems.btq21 import movement
from game.systems.btq21.commands import BackClear, MoveSegment
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.odds import loss, percent
from game.systems.btq21.sandbox import sandbox
from game.systems.btq21.state import GameState
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
    astern: bool = False  # a fouled ship backing clear: the tape runs from her stern

    @classmethod
    def for_option(cls, state: GameState, option: Option) -> SegmentPlan:
        ship = state.ships[option.ship]
        lo, hi = option.ranges["distance"]
        t = option.ranges["turn"][1]
        plan = cls(option.ship, ship.pose, lo, hi, t, astern=option.measure == "astern")
        if plan.aback:  # taken aback: nothing to measure, only the free turn
            plan.distance = 0.0
        return plan

    @property
    def aback(self) -> bool:
        return not self.astern and self.hi <= 1e-9

    @property
    def forward(self) -> tuple[float, float]:
        """The way she moves: ahead, or astern when backing clear."""
        fx, fy = heading_vector(self.start[2])
        return (-fx, -fy) if self.astern else (fx, fy)

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

    def command(self) -> MoveSegment | BackClear:
        if self.astern:
            return BackClear(self.ship, float(self.distance or 0.0), float(self.turn))
        return MoveSegment(self.ship, float(self.distance or 0.0), float(self.turn))

    def ghost_pose(self) -> tuple[float, float, float]:
        """Where the plan puts her (before the engine has had its say)."""
        x, y = self.centre_at(self.distance or 0.0)
        return (x, y, (self.start[2] + self.turn) % 360.0)

    def refresh(self, state: GameState) -> Preview | None:
        """Try the plan on a trial (only when it changed): where she ends, and what the dice may do."""
        if self.distance is None:
            self.preview = None
            return None
        key = (self.distance, self.turn, state.seq)
        if key == self._previewed and self.preview is not None:
            return self.preview
        self._previewed = key
        work = sandbox(state)
        result = apply(work, self.command())
        pv = Preview()
        if isinstance(result, Rejected):
            pv.refused = result.reason
        else:
            pv.events = result
            ship = work.ships[self.ship]
            pv.pose = ship.pose
            pv.travelled = math.hypot(ship.x - self.start[0], ship.y - self.start[1])
            pv.warnings = forecast(state, result)
            act = work.activation
            moving = act is not None and act.ship == self.ship and not act.movement_over
            if act is not None and moving and act.segment < act.segments_allowed:
                p = movement.plan(work, act, ship)
                pv.next_disposition = "taken aback" if p.aback else p.disposition
                pv.next_limits = (p.minimum, p.maximum)
        self.preview = pv
        return pv


def forecast(state: GameState, events: list[dict]) -> list[str]:
    """What the player should know before committing, from a trial's events and the rules' odds.

    The trial's own outcomes (who sank with dice at their mean) are never
    shown: only what happens for certain, the dice that will be rolled, and
    the chance of each outcome that matters, worked out on ``state`` as it is.
    """
    out = []
    for e in events:
        line = _warning(state, e)
        if line:
            out.append(line)
    return out


def _warning(state: GameState, e: dict) -> str | None:
    t = e["type"]

    def name(key: str) -> str:
        sid = e.get(key)
        s = state.ships.get(sid) if isinstance(sid, str) else None
        return s.name if s else str(sid)

    if t == "collision":
        mover, other = state.ships[e["ship"]], state.ships[e["other"]]
        ours, theirs = len(e["faces"]), len(e["other_faces"])
        text = f"collision with {other.name}: {ours}D6 hull to her, {theirs}D6 to {other.name}"
        return text + _chances([loss(mover, "hull", ours), loss(other, "hull", theirs)], state, "sinks")
    if t == "taken_aback":
        ship = state.ships[e["ship"]]
        dice = len(e["faces"])
        text = f"taken aback: she stops and loses {dice}D6 rigging"
        return text + _chances([loss(ship, "rigging", dice)], state, "is dismasted")
    if t in ("fire_spreads", "leak_worsens"):
        ship = state.ships[e["ship"]]
        what, count = ("fire", ship.fires) if t == "fire_spreads" else ("leak", ship.leaks)
        dice = len(e["faces"])
        text = f"the {what}s she leaves alone spread: one more {what} and {dice}D6 crew"
        if count + 1 >= int(state.rules.sink_at):
            return text + f" — {count + 1} {what}s sink her"
        return text + _chances([loss(ship, "crew", dice)], state, "strikes")
    if t == "aground":
        return f"runs aground on {str(e.get('on', 'land')).replace('_', ' ')}: she is lost"
    if t == "left_table":
        return f"leaves the table by the {e.get('edge', '')} edge"
    if t == "grapple":
        return f"comes alongside {name('target')} and grapples: the boarding is fought in the boarding phase"
    if t == "snap_chance":
        return f"{name('ship')} may snap fire at her as she comes alongside (point blank, half her dice)"
    if t == "boarding_failed":
        return f"no room alongside {name('target')}"
    return None


def _chances(losses: list, state: GameState, gone_word: str) -> str:
    """'; 38% that Guerriere sinks, 60% that her hull is crippled' -- only the chances that are there."""
    parts = []
    for lo in losses:
        who = state.ships[lo.ship].name
        if lo.gone > 0.0:
            parts.append(f"{percent(lo.gone)} that {who} {gone_word}")
        elif lo.crippled > 0.0:
            parts.append(f"{percent(lo.crippled)} that {who}'s {lo.track} is crippled (a morale test)")
    return ("; " + ", ".join(parts)) if parts else ""
