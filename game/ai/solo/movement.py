"""Movement of the scripted player: the D12 manoeuvre sailed one segment at a time.

The solo table gives an intention for the whole activation (hold on, turn
toward or away from the enemy, or seek the best firing position) and a
must-move distance.  Each segment is the engine's "sail straight, then
turn", so the intention becomes a wished-for (distance, turn) per segment
(``wished_segment``):

* distance: the must-move fraction of the way from the segment's minimum to
  its maximum (the aggressive move may sail further, never less);
* turn: the table's share of the allowance toward (or away from) the
  reference point, stopping once the bow (or stern) bears on it, and
  wearing rather than going through the wind.

Within the helmsman's latitude around that wish the best firing position
decides (``solo_firing_position``); seamanship has the last word
(``solo_seamanship``).  docs/SOLO.md gives the readings and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.solo.firing_position import Follow, firing_position, raked
from game.ai.solo.gunnery import closest_enemy, exit_edges
from game.ai.solo.seamanship import LOST, SAFE, judge, lookahead
from game.ai.solo.tables import AGGRESSIVE_MOVE, HARD_TOWARD, STANDARD_TOWARD, TURNS, SoloOrders
from game.systems.base import Option
from game.systems.btq21 import board, movement, weather
from game.systems.btq21 import commands as c
from game.systems.btq21.disposition import zone_limits
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.movement import SegmentPlan
from game.systems.btq21.state import AFLOAT, GameState, Ship
from game.table.geometry import advance, bearing, norm_heading, signed_angle

#: The helmsman's latitude in carrying out a table order: a share of the turn
#: allowance either side of the wished turn, and of the segment's span of
#: distance beyond the must-move distance.
TURN_LATITUDE = 0.25
DISTANCE_LATITUDE = 0.5
#: Degrees off the wind beyond the taken-aback zone that she steers at the closest.
CLOSE_HAULED_MARGIN = 3.0
#: Orders that close the range, and the band within which the range counts as closed
#: (Gifford's guns reach 13 hexes, about the end of the effective band: see SOLO.md).
CLOSING_ORDERS = (STANDARD_TOWARD, HARD_TOWARD)
CLOSED_IN_BAND = "effective"


def exit_point(state: GameState, ship: Ship, edge: str) -> tuple[float, float]:
    """Straight across to her exit edge, kept clear of the corners."""
    w, h = state.table_width, state.table_height
    x = min(max(ship.x, 6.0), w - 6.0)
    y = min(max(ship.y, 6.0), h - 6.0)
    return {"east": (w + 10.0, y), "west": (-10.0, y), "north": (x, h + 10.0), "south": (x, -10.0)}[edge]


def reference_point(state: GameState, ship: Ship) -> tuple[float, float] | None:
    """What "toward" means for her: the exit edge if her side must leave by it, else the closest enemy."""
    edge = exit_edges(state).get(ship.side)
    if edge:
        return exit_point(state, ship, edge)
    enemy = closest_enemy(state, ship)
    return (enemy.x, enemy.y) if enemy else None


@dataclass(frozen=True)
class Wish:
    """The segment the solo table asks for before seamanship has a say.

    ``turn_slack`` and ``longest`` are the helmsman's latitude: any turn
    within the slack of the wished one and any distance from the wished one
    up to ``longest`` carries out the order, and among those she takes the
    best firing position.  ``steady`` rollouts hold the candidate's turn for
    the rest of the activation (the aggressive move); otherwise they follow
    the table's order again each segment.
    """

    distance: float
    turn: float
    turn_slack: float = 0.0
    longest: float = 0.0
    steady: bool = False


def wished_segment(
    state: GameState, ship: Ship, limits: tuple[float, float, float], orders: SoloOrders, boarding: bool
) -> Wish:
    lo, hi, limit = limits
    exiting = ship.side in exit_edges(state)
    if boarding:
        return Wish(hi, 0.0, longest=hi)
    if hi <= 0.0:  # taken aback: no way on, only the free turn out of the wind
        off = signed_angle(state.wind_from, ship.heading)
        return Wish(0.0, limit if off >= 0 else -limit)
    share = 1.0 if exiting else orders.must_move
    distance = lo + share * (hi - lo)
    if not exiting and (orders.manoeuvre == AGGRESSIVE_MOVE or closed_in(state, ship, orders.manoeuvre)):
        return Wish(distance, 0.0, turn_slack=limit, longest=hi, steady=True)
    fraction, sense = (1.0, 1) if exiting else TURNS[orders.manoeuvre]
    slack = 0.0 if exiting else TURN_LATITUDE * limit
    longest = distance if exiting else min(hi, distance + DISTANCE_LATITUDE * (hi - lo))
    ref = reference_point(state, ship)
    if sense == 0 or ref is None or limit <= 0.0:
        return Wish(distance, 0.0, slack, longest)
    x, y, h = advance(ship.pose, distance)
    want = bearing((x, y), ref) if sense > 0 else bearing(ref, (x, y))
    turn = max(-fraction * limit, min(fraction * limit, turn_without_tacking(state, ship, h, want)))
    return Wish(distance, round(turn, 1), slack, longest)


def turn_without_tacking(state: GameState, ship: Ship, heading: float, want: float) -> float:
    """The turn toward heading ``want`` a square-rigger makes: she wears rather than go through the wind.

    A heading inside the taken-aback zone is replaced by the nearer
    close-hauled one, and when the short way round passes the wind's eye
    she turns the long way.
    """
    close = zone_limits(state.rules, ship.length, ship.width)[0] + CLOSE_HAULED_MARGIN
    off = signed_angle(state.wind_from, want)
    if abs(off) < close:
        want = norm_heading(state.wind_from + (close if off >= 0 else -close))
    turn = signed_angle(heading, want)
    eye = signed_angle(heading, state.wind_from)
    if turn * eye > 0 and abs(eye) < abs(turn):
        turn -= 360.0 if turn > 0 else -360.0
    return turn


def closed_in(state: GameState, ship: Ship, manoeuvre: str) -> bool:
    """Has a turn toward the enemy done its work?  Within gun range it is sailed as the aggressive move."""
    if manoeuvre not in CLOSING_ORDERS:
        return False
    enemy = closest_enemy(state, ship)
    reach = weather.ranges(state)[CLOSED_IN_BAND]
    return enemy is not None and board.closest_distance(state, ship.id, enemy.id) <= reach


def steer(state: GameState, ship: Ship, opt: Option, orders: SoloOrders, boarding: bool = False) -> c.MoveSegment:
    """This segment's move (see ``helm``)."""
    return helm(state, ship, opt, orders, boarding)[0]


def helm(
    state: GameState, ship: Ship, opt: Option, orders: SoloOrders, boarding: bool = False
) -> tuple[c.MoveSegment, int]:
    """This segment's move, and how safe it leaves her (SAFE ... LOST).

    The move is the best firing position within the order's latitude, if
    seamanlike.  Every candidate is sailed on a copy and the rest of the activation
    played out (``firing_position``).  Those within the order's latitude
    come first; the nearest one outside it is taken only when none within
    is safe, or all of them end the activation beside a boarding party
    that would carry her.
    """
    lo, hi = opt.ranges["distance"]
    limit = opt.ranges["turn"][1]
    wish = wished_segment(state, ship, (lo, hi, limit), orders, boarding)
    choose_by_worth = wish.turn_slack > 0 or wish.longest > wish.distance
    best: tuple[tuple, c.MoveSegment] | None = None
    for d, t, outside in candidates(wish, lo, hi, limit):
        if outside and best is not None and best[0][:3] == (SAFE, 0, False):
            break  # a sound candidate within the order's latitude is always preferred
        cmd = c.MoveSegment(ship.id, d, t)
        work = lookahead(state)
        events = apply(work, cmd, scratch=True)
        if isinstance(events, Rejected):
            continue
        verdict, short = judge(work, ship.id, events)
        worth, exposed = 0.0, False
        if verdict == SAFE and not boarding and work.ships[ship.id].status == AFLOAT:
            exposed = raked(work, work.ships[ship.id])
            worth, exposed_later = firing_position(
                work, ship.id, (d - lo) / max(hi - lo, 1e-9), follow_order(orders, wish, t)
            )
            exposed = exposed or exposed_later
        if not choose_by_worth or outside:
            worth = 0.0
        key = (verdict, short, exposed, outside, -worth + 0.01 * abs(t - wish.turn) / max(limit, 1.0))
        if best is None or key < best[0]:
            best = (key, cmd)
        if outside and key[:3] == (SAFE, 0, False):
            break  # outside candidates come nearest-to-the-wish first
    if best is None:
        return c.MoveSegment(ship.id, lo, 0.0), LOST  # turning 0 is never refused
    return best[1], best[0][0]


def back_clear(state: GameState, ship: Ship, opt: Option, orders: SoloOrders) -> c.BackClear:
    """Fouled: drop back the whole way astern and turn the way that clears her bow, the order's way first.

    Each turn is tried on a trial: the safest first, then one after which a
    whole segment ahead would not run her into the ship she is fouled with,
    then the one nearest the order's wish.
    """
    lo, hi = opt.ranges["distance"]
    limit = opt.ranges["turn"][1]
    act = state.activation
    wish = wished_segment(state, ship, (lo, hi, limit), orders, False) if act is not None else None
    ahead = movement.plan(state, act, ship).maximum if act is not None else hi
    best: tuple[tuple, c.BackClear] | None = None
    for t in (-limit, 0.0, limit):
        cmd = c.BackClear(ship.id, hi, t)
        work = lookahead(state)
        events = apply(work, cmd, scratch=True)
        if isinstance(events, Rejected):
            continue
        verdict, short = judge(work, ship.id, events)
        key: tuple[Any, ...] = (verdict, _fouled_ahead(work, ship.id, ahead, act.fouled_with if act else ()), short)
        key += (abs(t - (wish.turn if wish else 0.0)),)
        if best is None or key < best[0]:
            best = (key, cmd)
    return best[1] if best is not None else c.BackClear(ship.id, hi, 0.0)


def _fouled_ahead(work: GameState, ship_id: str, distance: float, fouled_with: tuple[str, ...]) -> bool:
    """Would ``distance`` straight ahead from where the trial left her run her into a ship she was fouled with?"""
    if work.ships[ship_id].status != AFLOAT:
        return False
    sw = board.sweep(work, ship_id, max(distance, 1e-6))
    return sw.contact is not None and sw.contact.kind == "ship" and sw.contact.id in fouled_with


def follow_order(orders: SoloOrders, wish: Wish, turn: float) -> Follow:
    """How a rollout steers after the candidate: the same turn for the aggressive move, else the order."""
    if wish.steady:
        return lambda work, ship, p: max(-p.turn, min(p.turn, turn))

    def again(work: GameState, ship: Ship, p: SegmentPlan) -> float:
        return wished_segment(work, ship, (p.minimum, p.maximum, p.turn), orders, False).turn

    return again


def candidates(wish: Wish, lo: float, hi: float, limit: float) -> list[tuple[float, float, float]]:
    """(distance, turn, how far outside the latitude): those within first, the rest nearest first.

    Within the latitude: the wished turn, and a few either side (a grid of
    quarter allowances over the whole range for the aggressive move);
    outside it: quarter allowances the whole way round, at the least, the
    middle and the most way.
    """
    span_t, span_d = max(limit, 1.0), max(hi - lo, 0.01)
    if limit <= 0:
        inside_turns = outside_turns = [0.0]
    else:
        grid = [limit * k / 4.0 for k in range(-4, 5)]
        if wish.turn_slack >= limit:
            inside_turns = [wish.turn] + grid
        else:
            inside_turns = [wish.turn + wish.turn_slack * k / 2.0 for k in (0, -1, 1, -2, 2)]
        outside_turns = grid
    far = max(wish.longest, wish.distance)
    inside = [(d, t) for d in (wish.distance, (wish.distance + far) / 2.0, far) for t in inside_turns]
    outside = [(d, t) for d in (wish.distance, lo, (lo + hi) / 2.0, hi) for t in outside_turns]
    out: dict[tuple[float, float], float] = {}
    for d, t in inside + outside:
        d = round(min(hi, max(lo, d)), 2)
        t = round(max(-limit, min(limit, t)), 1)
        off_t = max(0.0, abs(t - wish.turn) - wish.turn_slack - 1e-6) / span_t
        off_d = max(0.0, wish.distance - d - 1e-6, d - far - 1e-6) / span_d
        out.setdefault((d, t), off_t + 0.5 * off_d)
    return sorted(((d, t, off) for (d, t), off in out.items()), key=lambda x: (x[2] > 0, x[2]))
