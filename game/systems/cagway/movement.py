"""Sailing legs and drifting, in the move phase.

A leg: the stick is laid from her bow up to 45 degrees off her heading; she
turns about her bow onto it and runs her bow along it.  The stick is the one
her movement wheel gives for the new heading against the wind at her centre.
She pays one action point a segment, a part segment as a whole one (each leg
is paid for on its own: a reading).  A turned leg must be at least one full
segment long, and must have room to run it; a leg that meets a ship, an
island or the table's edge stops where her base first touches it, and she pays
for the way she made.  She
cannot turn in place except by drifting.

A drift is her whole move and costs all her points: one red segment downwind
(from the wind's source through her centre), or none if anything lies in the
way of the whole segment; then she may turn on her centre to any heading.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.systems.cagway import board, sticks, wind
from game.systems.cagway import events as ev
from game.systems.cagway.commands import Drift, EndMove, Sail
from game.systems.cagway.events import Out, pose_of, r3
from game.systems.cagway.illegal import Illegal, number
from game.systems.cagway.state import MOVE, GameState, Ship
from game.systems.cagway.tables import NONE
from game.systems.cagway.turn import acting, end_move
from game.table import geometry
from game.table.geometry import Pose, heading_vector, norm_heading
from game.table.space import Contact, Sweep

#: The most a leg turns: one angle of the wheel.
MAX_TURN = 45.0
#: A turn smaller than this (degrees) is no turn.
TURN_EPS = 1e-6
#: Largest step between the orientations checked while she pivots about her bow.
PIVOT_STEP = 2.0
SLACK = board.SLACK


@dataclass(frozen=True)
class Leg:
    """What a leg would be, worked out before anything is moved."""

    turn: float
    heading: float
    #: Her pose once she has turned about her bow onto the stick.
    pivot: Pose
    sector: int
    angle: float  # degrees off the wind
    stick: str
    segment: float  # inches
    #: The farthest her points take her on this stick.
    limit: float


def bow_pivot(ship: Ship, turn: float) -> Pose:
    """Her pose after turning ``turn`` degrees (clockwise +) about the middle of her bow."""
    hl = ship.length / 2.0
    fx, fy = heading_vector(ship.heading)
    bx, by = ship.x + fx * hl, ship.y + fy * hl
    h = ship.heading + turn
    gx, gy = heading_vector(h)
    return (bx - gx * hl, by - gy * hl, norm_heading(h))


def plan_leg(state: GameState, ship: Ship, turn: float) -> Leg:
    heading = norm_heading(ship.heading + turn)
    angle = wind.off_wind(state, (ship.x, ship.y), heading)
    sec = wind.sector(angle)
    stick = state.card_of(ship).stick(sec)
    seg = sticks.segment(state.tables, stick)
    return Leg(turn, heading, bow_pivot(ship, turn), sec, angle, stick, seg, seg * max(0, ship.actions))


def pivot_blocker(state: GameState, ship: Ship, turn: float) -> Contact | None:
    """The first thing her base would foul turning ``turn`` degrees about her bow, or None."""
    sp = board.space(state)
    steps = max(1, math.ceil(abs(turn) / PIVOT_STEP - 1e-9))
    for k in range(1, steps + 1):
        pose = bow_pivot(ship, turn * k / steps)
        hits = sp.overlapping_base(pose, ship.length, ship.width, ignore=(ship.id,))
        if hits:
            return hits[0]
    return None


def check_leg(state: GameState, ship: Ship, distance: float, turn: float) -> tuple[Leg, Sweep]:
    """The leg and where it ends, or Illegal naming the rule it breaks."""
    if ship.actions < 1:
        raise Illegal(f"{ship.name} has no action points left to sail (Paying for the Move)")
    if distance < -SLACK:
        raise Illegal("a leg runs ahead along the stick, never astern (Movement)")
    if abs(turn) > MAX_TURN + SLACK:
        raise Illegal(
            f"the stick is laid at most {MAX_TURN:g}° off her heading: one angle of the wheel a leg (Movement)"
        )
    leg = plan_leg(state, ship, turn)
    if leg.stick == NONE:
        raise Illegal(
            f"{ship.name} cannot sail {leg.angle:.0f}° off the wind: her movement wheel gives no stick "
            "there (The Movement Wheel)"
        )
    if distance > leg.limit + SLACK:
        raise Illegal(
            f"{ship.actions} point{'s' if ship.actions != 1 else ''} of the {leg.stick} stick take her at most "
            f'{leg.limit:.2f}"; she asked {distance:.2f}" (Paying for the Move: one point a segment)'
        )
    turned = abs(turn) > TURN_EPS
    if turned and distance < leg.segment - SLACK:
        raise Illegal(
            f'a turn needs a full segment: she must sail at least one {leg.stick} segment ({leg.segment:.2f}") '
            "on her new heading (Movement)"
        )
    if distance <= sticks.FUZZ:
        raise Illegal("a leg must carry her along the stick: ships turn in place only by drifting (Movement)")
    if turned:
        blocker = pivot_blocker(state, ship, turn)
        if blocker is not None:
            raise Illegal(
                f"no room to turn about her bow: her base would foul {board.contact_name(state, blocker)} (Movement)"
            )
    sweep = board.space(state).sweep(ship.id, distance, start=leg.pivot)
    if sweep.travelled <= sticks.FUZZ:
        raise Illegal(
            f"{board.contact_name(state, sweep.contact) or 'something'} lies hard against her that way: "
            "she cannot sail there (Movement)"
        )
    if turned and sweep.travelled < leg.segment - SLACK:
        raise Illegal(
            f"a turn needs a full segment: {board.contact_name(state, sweep.contact)} would stop her after "
            f'{sweep.travelled:.2f}" of the {leg.segment:.2f}" {leg.stick} segment on her new heading (Movement)'
        )
    return leg, sweep


def sail(state: GameState, cmd: Sail, out: Out) -> None:
    """A leg along the stick (Movement; Paying for the Move)."""
    ship = acting(state, cmd.ship, MOVE, "sailing")
    distance = number(cmd.distance, "the distance")
    turn = number(cmd.turn, "the turn")
    leg, sweep = check_leg(state, ship, distance, turn)
    cost = sticks.points_for(sweep.travelled, leg.segment)
    ship.x, ship.y, ship.heading = sweep.pose[0], sweep.pose[1], norm_heading(sweep.pose[2])
    ship.actions -= cost
    ship.sailed = True
    out.emit(
        ev.Move(
            ship=ship.id,
            stick=leg.stick,
            sector=leg.sector,
            distance=r3(sweep.travelled),
            segments=r3(sweep.travelled / leg.segment),
            points=cost,
            actions_left=ship.actions,
            to=pose_of(ship),
            turned=r3(turn),
            stopped_by=board.contact_id(sweep.contact),
        )
    )
    if ship.actions <= 0:
        end_move(state, ship, out)


#: How far inside the table's edge a ship eased back onto it is set down, inches.
EDGE_GAP = 0.01


@dataclass(frozen=True)
class DriftPlan:
    pose: Pose
    blocked: bool
    contact: Contact | None
    downwind: float


def plan_drift(state: GameState, ship: Ship) -> DriftPlan:
    """Where a drift carries her: the whole red segment downwind, or nowhere if anything is in the way."""
    downwind = wind.blowing(state, (ship.x, ship.y))
    dist = state.tables.drift_distance
    if dist <= 0:
        return DriftPlan(ship.pose, False, None, downwind)
    sweep = board.space(state).sweep(ship.id, dist, downwind)
    if sweep.contact is not None and sweep.travelled < dist - 2e-6:
        return DriftPlan(ship.pose, True, sweep.contact, downwind)
    return DriftPlan(sweep.pose, False, None, downwind)


def drift(state: GameState, cmd: Drift, out: Out) -> None:
    """Her whole move: drift downwind, then turn on her centre; all her points, even a dead ship's 0 (Drift)."""
    ship = acting(state, cmd.ship, MOVE, "drifting")
    if ship.sailed:
        raise Illegal(f"a drift must be {ship.name}'s whole move: she has already sailed or repaired (Drift)")
    if abs(number(cmd.distance, "the distance")) > SLACK:
        raise Illegal("a drift is one red segment downwind, not the tape's distance: leave the tape at 0 (Drift)")
    turn = number(cmd.turn, "the turn")
    if abs(turn) > 180.0 + SLACK:
        raise Illegal("she turns at most half round either way on her centre (Drift)")
    plan = plan_drift(state, ship)
    end = (plan.pose[0], plan.pose[1], norm_heading(plan.pose[2] + turn))
    if abs(turn) > TURN_EPS:
        blocker = board.space(state).pivot_blocker(ship.id, turn, start=plan.pose)
        if blocker is not None and blocker.kind == "edge":
            end, blocker = eased_inside(state, ship, end)
        if blocker is not None:
            raise Illegal(
                f"no room to turn her on her centre: her base would foul {board.contact_name(state, blocker)} (Drift)"
            )
    ship.x, ship.y, ship.heading = end
    ship.actions = 0
    ship.sailed = True
    out.emit(
        ev.Drift(ship=ship.id, to=pose_of(ship), blocked=plan.blocked, blocked_by=board.contact_id(plan.contact))
    )
    end_move(state, ship, out)


def eased_inside(state: GameState, ship: Ship, pose: Pose) -> tuple[Pose, Contact | None]:
    """Her pose turned in place at the table's edge, eased back onto the table; what it would foul there, if anything.

    A ship may face any way after her drift; against the edge of the table
    there is no room to swing, so she is set down just inside it instead.
    """
    corners = geometry.base_corners(pose, ship.length, ship.width)
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    dx = max(0.0, EDGE_GAP - min(xs)) - max(0.0, max(xs) - (state.table_width - EDGE_GAP))
    dy = max(0.0, EDGE_GAP - min(ys)) - max(0.0, max(ys) - (state.table_height - EDGE_GAP))
    eased = (pose[0] + dx, pose[1] + dy, pose[2])
    hits = board.space(state).overlapping_base(eased, ship.length, ship.width, ignore=(ship.id,))
    return eased, (hits[0] if hits else None)


def finish(state: GameState, cmd: EndMove, out: Out) -> None:
    """She ends her move; the points she keeps are hers for the combat phase."""
    ship = acting(state, cmd.ship, MOVE, "ending a move")
    end_move(state, ship, out)
