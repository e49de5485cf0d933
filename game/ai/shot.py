"""What the computer players load their guns with under option shot.

Both players use the same gunner's rule of thumb, read at the start of each
activation for each broadside from the nearest enemy it bears on:

* point blank: grape into her crew, or the double shot already rammed home;
* close: chain while her rigging is whole (it slows her for the next pass);
* effective: hot shot at a larger ship not yet burning, while our own deck is
  not burning either (a fire aboard is never risked on top of another);
* nothing bearing but an enemy within close range: ram double shot home for
  the next pass;
* otherwise, and whenever the fleet's special shot is gone, round shot.

The load is only changed when the rule asks for a different one, so a player
gives at most one load command per broadside and never undoes its own.  A
special load that cannot reach the target is changed back at the next
activation, before a broadside is lost to it.
"""

from __future__ import annotations

from game.systems.base import Command, Option
from game.systems.btq21 import board, broadside, shot, weather
from game.systems.btq21.state import AFLOAT, GameState, Ship

GRAPE, CHAIN, HOT, DOUBLE = "grape", "chain", "hot", "double"


def load_wish(state: GameState, options: list[Option]) -> Command | None:
    """A load command the rule of thumb asks for now, or None."""
    for o in options:
        if o.type != "load":
            continue
        ship, side = state.ships[o.ship], o.fixed["side"]
        want = wanted_load(state, ship, side)
        if want != shot.load_of(ship, side) and want in o.choices["shot"]:
            return o.command(shot=want)
    return None


def wanted_load(state: GameState, ship: Ship, side: str) -> str:
    """The load the rule of thumb picks for this broadside (see the module's docstring)."""
    if shot.stock(state, ship.side) <= 0:
        return shot.ROUND
    known = shot.names(state)
    enemies = [e for e in state.enemies_of(ship.side) if e.status == AFLOAT and not e.shore_battery]
    bearing = sorted(
        ((board.closest_distance(state, ship.id, e.id), e) for e in enemies if broadside.in_arc(state, ship, side, e)),
        key=lambda pair: pair[0],
    )
    want = shot.ROUND
    if bearing:
        dist, target = bearing[0]
        band = broadside.band_of(state, dist)
        if band == "point_blank":
            want = DOUBLE if shot.load_of(ship, side) == DOUBLE and side not in ship.loading else GRAPE
        elif band == "close" and not target.crippled("rigging"):
            want = CHAIN
        elif band == "effective" and target.guns > ship.guns and target.fires == 0 and ship.fires == 0:
            want = HOT
    else:
        close = weather.ranges(state)["close"]
        if any(board.closest_distance(state, ship.id, e.id) <= close for e in enemies):
            want = DOUBLE
    return want if want in known else shot.ROUND
