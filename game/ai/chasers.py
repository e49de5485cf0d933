"""When the computer players rig or strike their chasers under option chasers.

Shifting guns silences the ship for the turn, so both players do it only in a
chase: chasers are rigged when no broadside of hers bears on an enemy within
long range and the nearest enemy is at effective range or beyond, dead ahead
or astern in a chaser's field; they are struck below again when an enemy
within close range bears on a broadside and none lies in either field.
"""

from __future__ import annotations

from game.systems.base import Command, Option
from game.systems.btq21 import board, broadside, chasers, weather
from game.systems.btq21.state import AFLOAT, GameState, Ship
from game.table.arcs import ENDS


def chaser_wish(state: GameState, options: list[Option]) -> Command | None:
    for o in options:
        if o.type == "rig_chasers" and o.fixed["rigged"] == wants_chasers(state, state.ships[o.ship]):
            return o.command()
    return None


def wants_chasers(state: GameState, ship: Ship) -> bool:
    """Whether the rule of thumb (the module's docstring) would have her chasers rigged now."""
    ranges = weather.ranges(state)
    reach = ranges["long"] + broadside.ARC_BEYOND_RANGE
    keel = chasers.off_keel(state)
    foes = [e for e in state.enemies_of(ship.side) if e.status == AFLOAT and not e.shore_battery]
    near = [(board.closest_distance(state, ship.id, e.id), e) for e in foes]
    near = [(d, e) for d, e in near if d <= ranges["long"]]
    if not near:
        return ship.chasers
    in_field = [e for _, e in near if any(board.in_arc(state, ship.id, end, e.id, reach, keel) for end in ENDS)]
    abeam = [(d, e) for d, e in near if any(broadside.in_arc(state, ship, side, e) for side in broadside.SIDES)]
    if ship.chasers:
        return not (any(d <= ranges["close"] for d, _ in abeam) and not in_field)
    closest = min(d for d, _ in near)
    return not abeam and bool(in_field) and closest > ranges["close"]
