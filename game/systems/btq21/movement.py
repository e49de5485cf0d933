"""Three measured segments a turn, each straight ahead and then a turn.

Readings (see RULES-NOTES.md): disposition is taken at the start of each
segment; the segment's maximum is the table rate for size and sail, +1"
running, -1" beating, -1" with any leak, and its minimum half that maximum.
Moves are swept, so the first base, shore or table edge met ends the move.
A passed Tack lets a ship that would be taken aback sail the segment as if
beating.

A ship fouled with another -- touching her when her activation began, and
unable to sail the segment's minimum ahead without running into her again --
may back clear instead: straight astern up to that minimum, then her turn as
usual.  Without it, the minimum move and turning only after moving would
drive her into the same ship every activation (a reading: the book has no
way astern, but it never meant two ships to grind together for the rest of
the battle).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.systems.btq21 import board, fortune, national, shoals, weather
from game.systems.btq21 import events as ev
from game.systems.btq21.boarding import approach
from game.systems.btq21.collision import resolve_contact
from game.systems.btq21.damage import lose, losing
from game.systems.btq21.disposition import ABACK, BEATING, disposition
from game.systems.btq21.events import Out, pose_of, r3
from game.systems.btq21.illegal import Illegal
from game.systems.btq21.state import AFLOAT, Activation, GameState, Ship
from game.table.geometry import Pose, norm_heading
from game.table.space import Contact, Sweep

#: Tolerance when checking a requested distance or turn against its limits.
SLACK = 1e-6


@dataclass(frozen=True)
class SegmentPlan:
    """What the next segment allows, as the UI and the players need to know it."""

    segment: int  # 1-based number of the segment about to be sailed
    disposition: str
    aback: bool  # taken aback: no movement, a free turn and rigging damage
    minimum: float
    maximum: float
    turn: float  # largest turn either way at the end of the segment (0 with a damaged rudder early on)


def allowance(state: GameState, ship: Ship) -> float:
    return float(state.rules.turns[ship.size])


def may_turn_after(ship: Ship, segment: int) -> bool:
    """A damaged rudder forbids turning in the 1st and 2nd segments."""
    return not (ship.rudder and segment <= 2)


def ship_disposition(state: GameState, ship: Ship) -> str:
    return disposition(state.rules, ship.heading, state.wind_from, ship.length, ship.width)


def rate_limits(state: GameState, ship: Ship, disp: str) -> tuple[float, float]:
    """Minimum and maximum for one segment in a given disposition (not aback)."""
    r = state.rules
    if ship.sail is None:
        return (0.0, 0.0)
    rate = float(r.speeds[ship.size][ship.sail]) + float(r.disposition_rate.get(disp, 0.0))
    if ship.leaks > 0:
        rate += float(r.leak_rate)
    hi = weather.top_speed(state, rate)
    if hi > 0:  # a fair wind or a parted sheet, for the ship the turn's card fell on
        hi = max(0.0, hi + float(fortune.effect(state, ship, "speed")))
    return (hi * national.least_way(state, ship), hi)


def segments_allowed(state: GameState, ship: Ship) -> int:
    """Crippled rigging: one segment; demasted: none (she drifts instead)."""
    if ship.adrift:
        return 0
    if ship.crippled("rigging"):
        return 1
    return int(state.rules.segments)


def plan(state: GameState, act: Activation, ship: Ship) -> SegmentPlan:
    seg = act.segment + 1
    disp = ship_disposition(state, ship)
    aback = disp == ABACK and not act.tack
    turn = allowance(state, ship) if may_turn_after(ship, seg) and not ship.fireship else 0.0
    if aback:
        return SegmentPlan(seg, disp, True, 0.0, 0.0, turn)
    lo, hi = rate_limits(state, ship, BEATING if disp == ABACK else disp)
    if ship.fireship:  # option fireships: all her way, straight on
        lo = hi
    return SegmentPlan(seg, disp, False, lo, hi, turn)


def check_turn(
    state: GameState, ship: Ship, turn: float, limit: float, at: Pose | None = None, passing: Collection[str] = ()
) -> None:
    if abs(turn) > limit + SLACK:
        if limit == 0:
            raise Illegal(f"{ship.name} cannot turn this segment (damaged rudder)")
        raise Illegal(f"{ship.name} may turn at most {limit:g} degrees at the end of a segment (asked {turn:g})")
    if abs(turn) > SLACK:
        blocker = board.pivot_blocker(state, ship.id, turn, at, passing)
        if blocker is not None:
            raise Illegal(
                f"{ship.name} has no room to turn {turn:+g} degrees: her base would foul {contact_name(state, blocker)}"
            )


def contact_name(state: GameState, contact: Contact) -> str:
    """What a base met, in a refusal's words: a ship's name, a table edge, a piece of terrain."""
    if contact.kind == "ship":
        return state.ships[contact.id].name
    if contact.kind == "edge":
        return f"the {contact.id} table edge"
    return str(contact.id).replace("_", " ")


def _sail(
    state: GameState, ship: Ship, distance: float, turn: float, limit: float, out: Out
) -> tuple[Sweep, list[str]]:
    """Her straight run (astern if ``distance`` is negative), testing at shoals of her draft on the way.

    A turn with no room at the end is refused before any shoal's test is
    rolled, judged as if every test passes (the only way she gets there).
    """
    testing = shoals.to_test(state, ship)
    if testing and abs(turn) > SLACK:
        ahead = board.sweep(state, ship.id, distance, passing=testing)
        if ahead.contact is None:
            check_turn(state, ship, turn, limit, at=ahead.pose, passing=testing)
    return shoals.sweep(state, ship, distance, out)


def move_segment(state: GameState, act: Activation, ship: Ship, distance: float, turn: float, out: Out) -> None:
    """Sail one segment (validated first; raises :class:`Illegal` before changing anything)."""
    if act.movement_over or act.segment >= act.segments_allowed:
        raise Illegal(f"{ship.name} has no movement left this activation")
    p = plan(state, act, ship)
    if p.aback:
        if abs(distance) > SLACK:
            raise Illegal(f"{ship.name} is taken aback: she cannot move this segment, only turn")
        check_turn(state, ship, turn, p.turn)
        _taken_aback(state, act, ship, p, turn, out)
        return
    if distance < p.minimum - SLACK or distance > p.maximum + SLACK:
        raise Illegal(
            f'{ship.name} must sail between {p.minimum:g}" and {p.maximum:g}" this segment '
            f'({p.disposition}, {ship.sail} sail); asked {distance:g}"'
        )
    distance = min(max(distance, p.minimum), p.maximum)
    target = act.boarding_target
    if target is not None:
        act.boarding_target = None
        if approach(state, ship, target, distance, p, out):
            act.segment += 1
            act.movement_over = True
            return
    sw, passed = _sail(state, ship, distance, turn, p.turn, out)
    if sw.contact is None:
        end = sw.pose
        check_turn(state, ship, turn, p.turn, at=end, passing=passed)
        ship.x, ship.y = end[0], end[1]
        ship.heading = norm_heading(ship.heading + turn)
        act.segment += 1
        _emit_move(out, ship, p, sw.travelled, turn)
        return
    ship.x, ship.y = sw.pose[0], sw.pose[1]
    act.segment += 1
    act.movement_over = True
    _emit_move(out, ship, p, sw.travelled, 0.0, stopped=sw.contact.kind)
    resolve_contact(state, ship, sw.contact, out)


#: Bases this close (inches) at the start of an activation are touching: fouled, if one lies across the other's bow.
FOULED_GAP = 0.02


def touching(state: GameState, ship: Ship) -> tuple[str, ...]:
    """Ships (not batteries: that is the shore) whose bases touch hers, in table order."""
    return tuple(
        o.id
        for o in state.ships.values()
        if o.id != ship.id
        and o.on_table
        and not o.shore_battery
        and abs(o.x - ship.x) + abs(o.y - ship.y) <= o.length + ship.length + FOULED_GAP * 2
        and board.closest_distance(state, ship.id, o.id) <= FOULED_GAP
    )


def fouled_by(state: GameState, act: Activation, ship: Ship, p: SegmentPlan) -> str | None:
    """The ship she is fouled with, if the segment's minimum ahead would run her into it again."""
    if not act.fouled_with or p.aback:
        return None
    sw = board.sweep(state, ship.id, max(p.minimum, SLACK))
    if sw.contact is not None and sw.contact.kind == "ship" and sw.contact.id in act.fouled_with:
        return sw.contact.id
    return None


def check_back_clear(state: GameState, act: Activation, ship: Ship, distance: float) -> None:
    """Refuse a segment astern unless she is fouled, and then only up to the segment's minimum."""
    p = plan(state, act, ship)
    if p.aback:
        raise Illegal(f"{ship.name} is taken aback: she stops and turns, she does not back")
    if act.boarding_target is not None:
        raise Illegal(f"{ship.name} is closing to board: she sails ahead")
    if fouled_by(state, act, ship, p) is None:
        raise Illegal(f"{ship.name} is not fouled: only a ship with another across her bow backs clear")
    if distance < -SLACK or distance > p.minimum + SLACK:
        raise Illegal(f'{ship.name} may back between 0" and the segment minimum, {p.minimum:g}"; asked {distance:g}"')


def back_clear(state: GameState, act: Activation, ship: Ship, distance: float, turn: float, out: Out) -> None:
    """Back straight astern, then turn (validated by :func:`check_back_clear` first)."""
    p = plan(state, act, ship)
    distance = min(max(distance, 0.0), p.minimum)
    sw, passed = _sail(state, ship, -distance, turn, p.turn, out)
    if sw.contact is None:
        check_turn(state, ship, turn, p.turn, at=sw.pose, passing=passed)
        ship.x, ship.y = sw.pose[0], sw.pose[1]
        ship.heading = norm_heading(ship.heading + turn)
        act.segment += 1
        _emit_move(out, ship, p, abs(sw.travelled), turn, astern=True)
        return
    ship.x, ship.y = sw.pose[0], sw.pose[1]
    act.segment += 1
    act.movement_over = True
    _emit_move(out, ship, p, abs(sw.travelled), 0.0, astern=True, stopped=sw.contact.kind)
    resolve_contact(state, ship, sw.contact, out)


def _emit_move(
    out: Out,
    ship: Ship,
    p: SegmentPlan,
    travelled: float,
    turn: float,
    *,
    astern: bool | None = None,
    stopped: str | None = None,
) -> None:
    out.emit(
        ev.move_of(
            ship, p.segment, p.disposition, (p.minimum, p.maximum), travelled, turn, astern=astern, stopped=stopped
        )
    )


def _taken_aback(state: GameState, act: Activation, ship: Ship, p: SegmentPlan, turn: float, out: Out) -> None:
    sail = ship.sail or "easy"
    faces = state.dice.roll(int(state.rules.taken_aback_dice[sail]), 6)
    ship.heading = norm_heading(ship.heading + turn)
    act.segment += 1
    lost = losing(ship, "rigging", sum(faces))
    out.emit(ev.TakenAback(ship=ship.id, segment=p.segment, sail=sail, faces=tuple(faces), rigging_lost=lost))
    _emit_move(out, ship, p, 0.0, turn)
    lose(state, ship, "rigging", lost, out)


def limit_activation(state: GameState) -> None:
    """What the active ship has lost so far cuts what she may still do, at once.

    Crippled rigging leaves her the one segment a crippled ship may sail (none
    more if she has sailed one); masts brought down, colours struck or the ship
    lost end her movement.  Whatever did it -- being taken aback, a failed Tack,
    a collision, an enemy firing as she bears -- the engine calls this after
    every command.  (A rudder hit, leaks and a crippled crew need nothing here:
    the segment limits and the special actions read them when asked.)
    """
    act = state.activation
    if act is None:
        return
    ship = state.ships[act.ship]
    if ship.status != AFLOAT:
        act.movement_over = True
        return
    if ship.adrift and act.segments_allowed > 0:
        act.movement_over = True  # dismasted during her move: she drifts from her next activation
    act.segments_allowed = min(act.segments_allowed, segments_allowed(state, ship))


def drift(state: GameState, ship: Ship, out: Out) -> None:
    """1" downwind, heading unchanged; she can still hit a ship, the shore or the edge."""
    dist = float(state.rules.drift_distance)
    downwind = norm_heading(state.wind_from + 180.0)
    sw, _ = shoals.sweep(state, ship, dist, out, heading=downwind)
    ship.x, ship.y = sw.pose[0], sw.pose[1]
    out.emit(ev.Drift(ship=ship.id, distance=r3(sw.travelled), to=pose_of(ship)))
    if sw.contact is not None:
        resolve_contact(state, ship, sw.contact, out)
