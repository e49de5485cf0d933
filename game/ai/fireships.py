"""When the computer players set a ship ablaze under option fireships.

A navy sends its least ships in as fireships, and only at a target she cannot
miss: both players light a sloop or a brig (or a ship whose rigging and hull
are both crippled, worth more as a torch than as a warship) when, sailing
straight on at her best for the segments she has, she would run into an enemy
ship afloat or come within the blast's reach of one.  Once lit she has no
choices left: the engine holds her to her best way, straight ahead.
"""

from __future__ import annotations

from game.systems.base import Command, Option
from game.systems.btq21 import board, fireships, movement
from game.systems.btq21.state import AFLOAT, GameState, Ship

#: The rates a navy would send in as fireships.
SMALL_RATES = ("sloop", "brig")


def fireship_wish(state: GameState, options: list[Option]) -> Command | None:
    light = next((o for o in options if o.type == "light_fireship"), None)
    if light is None:
        return None
    ship = state.ships[light.ship]
    expendable = ship.rate in SMALL_RATES or (ship.crippled("rigging") and ship.crippled("hull"))
    return light.command() if expendable and on_target(state, ship) else None


def on_target(state: GameState, ship: Ship) -> bool:
    """Whether her straight run at her best this activation ends in, or within the blast of, an enemy."""
    act = state.activation
    if act is None:
        return False
    reach = float(fireships.spec(state)["blast_range"])
    _lo, hi = movement.rate_limits(state, ship, movement.ship_disposition(state, ship))
    run = hi * max(0, act.segments_allowed - act.segment)
    if run <= 0:
        return False
    sw = board.sweep(state, ship.id, run)
    if sw.contact is not None and sw.contact.kind == "ship":
        return _enemy(state, ship, sw.contact.id)
    near = board.space(state).overlapping_base(sw.pose, ship.length + 2 * reach, ship.width + 2 * reach,
                                                ignore=(ship.id,))
    return any(_enemy(state, ship, c.id) for c in near if c.kind == "ship")


def _enemy(state: GameState, ship: Ship, other_id: str) -> bool:
    other = state.ships[other_id]
    return other.side != ship.side and other.status == AFLOAT and not other.shore_battery
