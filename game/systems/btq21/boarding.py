"""Laying a ship alongside an enemy to board her.

Declared at the start of a segment; if during that segment the ship comes
within the boarding range (2") of her target, she stops there and is laid
parallel alongside the target in base contact, on the side she approached
from, turning whichever way is smaller (so the two may end up bow to bow or
bow to stern).  The two are then locked in a boarding action, fought in the
boarding phase.  If there is no room alongside (another base or the shore),
the grapple fails and she stops where she reached the range.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.btq21 import board
from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out, pose_of, r3
from game.systems.btq21.illegal import Illegal
from game.systems.btq21.state import AFLOAT, CAPTURED, STRUCK, GameState, Ship
from game.table.geometry import CONTACT_EPS, base_corners, heading_vector, norm_heading, signed_angle, to_local

if TYPE_CHECKING:
    from game.systems.btq21.movement import SegmentPlan

#: Ships that can be boarded: a fighting enemy, one that has struck, or a prize (to retake her).
BOARDABLE = (AFLOAT, STRUCK, CAPTURED)


def boarding_refusal(ship: Ship, target: Ship) -> str | None:
    """Why ``ship`` may not declare a boarding against ``target``, or None if she may."""
    if target.side == ship.side:
        return f"{target.name} is a friend: only an enemy can be boarded"
    if target.status not in BOARDABLE or target.shore_battery:
        return f"{target.name} cannot be boarded ({target.status})"
    if ship.crippled("crew"):
        return f"{ship.name}'s crew is crippled: she cannot declare a boarding action"
    if ship.adrift:
        return f"{ship.name} is demasted: she cannot declare a boarding action"
    if ship.boarding_with or target.boarding_with:
        return "ships already locked in a boarding action cannot start another"
    if ship.fireship or target.fireship:  # option fireships
        return f"{(ship if ship.fireship else target).name} is a fireship ablaze: nobody boards from her or into her"
    return None


def check_declaration(state: GameState, ship: Ship, target_id: str) -> Ship:
    target = state.ships.get(target_id)
    if target is None:
        raise Illegal(f"no ship {target_id!r} to board")
    why = boarding_refusal(ship, target)
    if why:
        raise Illegal(why)
    return target


def within_reach(state: GameState, ship: Ship, target: Ship, maximum: float) -> bool:
    """Could this segment bring her within boarding range of the target at all?"""
    return board.space(state).first_within(ship.id, maximum, target.id, float(state.rules.boarding_range)) is not None


def alongside_pose(ship: Ship, target: Ship) -> tuple[float, float, float]:
    """Parallel to the target, in base contact, on the side the ship is on."""
    along, across = to_local(target.pose, (ship.x, ship.y))
    side = 1.0 if across >= 0 else -1.0  # +1 port, -1 starboard
    reach = max(0.0, target.length / 2.0)
    along = max(-reach, min(reach, along))
    offset = target.width / 2.0 + ship.width / 2.0 + CONTACT_EPS / 2
    fx, fy = heading_vector(target.heading)
    px, py = -fy, fx
    x = target.x + fx * along + px * offset * side
    y = target.y + fy * along + py * offset * side
    same = target.heading
    reverse = norm_heading(target.heading + 180.0)
    heading = same if abs(signed_angle(ship.heading, same)) <= abs(signed_angle(ship.heading, reverse)) else reverse
    return (x, y, heading)


def approach(state: GameState, ship: Ship, target_id: str, distance: float, plan: SegmentPlan, out: Out) -> bool:
    """Try to close and grapple this segment; True when the ships are now locked."""
    target = state.ships.get(target_id)
    if target is None or target.status not in BOARDABLE:
        return False
    sp = board.space(state)
    reach = float(state.rules.boarding_range)
    at = sp.first_within(ship.id, distance, target.id, reach)
    if at is None:
        return False
    sw = sp.sweep(ship.id, at)
    if sw.contact is not None and not (sw.contact.kind == "ship" and sw.contact.id == target.id):
        return False  # something else is in the way first: an ordinary move meets it
    ship.x, ship.y = sw.pose[0], sw.pose[1]
    out.emit(
        ev.move_of(
            ship, plan.segment, plan.disposition, (plan.minimum, plan.maximum), sw.travelled, 0.0, stopped="boarding"
        )
    )
    pose = alongside_pose(ship, target)
    poly = base_corners(pose, ship.length, ship.width)
    if board.space(state).overlapping(poly, ignore=(ship.id, target.id)):
        out.emit(ev.BoardingFailed(ship=ship.id, target=target.id, reason="no room alongside"))
        return True
    turn = signed_angle(ship.heading, pose[2])
    ship.x, ship.y, ship.heading = pose
    lock(state, ship, target, out, turn)
    return True


def lock(state: GameState, ship: Ship, target: Ship, out: Out, turn: float = 0.0, fouled: bool | None = None) -> None:
    """The two are grappled, locked in a boarding action for the boarding phase.

    The grappled ship may snap fire at her boarder; a struck ship or a prize
    grappled surrenders to the boarder at once.
    """
    ship.boarding_with = target.id
    target.boarding_with = ship.id
    ship.boarding_attacker = True
    target.boarding_attacker = False
    out.emit(ev.Grapple(ship=ship.id, target=target.id, turned=r3(turn), to=pose_of(ship), fouled=fouled))
    if target.status == AFLOAT:
        from game.systems.btq21.gunnery import offer_snap_fire

        offer_snap_fire(state, target, ship, out)
    if target.status in (STRUCK, CAPTURED):
        from game.systems.btq21.boarding_action import surrender_on_boarding  # it imports the engine, which imports us

        surrender_on_boarding(state, ship, target, out)
