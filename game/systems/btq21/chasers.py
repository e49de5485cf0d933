"""Option ``chasers``: Gifford's bow and stern chasers.

Gifford records CHASERS on the ship card in the command phase, and the ship
fires nothing in the turn she sets them up or takes them down.  Here that is a
command at the start of her activation (before she moves or fires), and every
gun she has counts as fired for the rest of the turn.  While they are rigged
she has two more fields of fire, ``bow`` and ``stern``: a cone either side of
the keel from the middle of her bow or stern out to long range.  A chaser
fires the broadside's dice for the band scaled down (his damage column halved,
a column of 0 a miss: a chaser with no dice cannot fire), never rakes, and is
fired once a turn like a broadside.  Her own broadsides suffer while the
chasers are rigged, and the smallest rates fire only their chasers.  The
numbers are under ``options.chasers``; docs/READINGS.md has the readings.
"""

from __future__ import annotations

import math
from typing import Any

from game.systems.base import Option
from game.systems.btq21 import commands as c
from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out
from game.systems.btq21.illegal import Illegal, ship_of, start_refusal
from game.systems.btq21.state import GameState, Ship
from game.table.arcs import ENDS, SIDES

NAME = "chasers"


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def ends(ship: Ship) -> tuple[str, ...]:
    """The chasers she can fire from (none unless rigged)."""
    return ENDS if ship.chasers else ()


def off_keel(state: GameState) -> float:
    """Degrees either side of the keel a chaser's field reaches."""
    return float(spec(state)["off_keel"])


def dice(state: GameState, d10: int, d6: int) -> tuple[int, int]:
    """A chaser's dice from the broadside's for the band: scaled down, rounded down."""
    f = float(spec(state)["dice_factor"])
    return math.floor(d10 * f + 1e-9), math.floor(d6 * f + 1e-9)


def broadside_to_hit(state: GameState, ship: Ship, side: str) -> int:
    """What rigged chasers cost her port and starboard broadsides (his rating raised by one)."""
    if not ship.chasers or side not in SIDES:
        return 0
    return int(spec(state)["broadside_to_hit"])


def broadsides_barred(state: GameState, ship: Ship, side: str) -> str | None:
    """Why a small ship with her chasers rigged may not fire this broadside, or None."""
    if ship.chasers and side in SIDES and ship.rate in spec(state)["no_broadsides"]:
        return f"{ship.name} is a {ship.rate} with her chasers rigged: she fires only her chasers (Chasers)"
    return None


def rig_refusal(state: GameState, ship: Ship, rigged: bool) -> str | None:
    why = start_refusal(state, ship, "rig or strike her chasers", "Chasers")
    if why:
        return why
    if rigged == ship.chasers:
        return f"{ship.name}'s chasers are already {'rigged' if rigged else 'struck below'}"
    return None


def handle_rig(state: GameState, cmd: c.RigChasers, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = rig_refusal(state, ship, cmd.rigged)
    if why:
        raise Illegal(why)
    ship.chasers = cmd.rigged
    # the guns are being shifted: nothing fires from her for the rest of the turn
    ship.fired = tuple(dict.fromkeys(ship.fired + SIDES + ENDS))
    ship.fas = False
    out.emit(ev.Chasers(ship=ship.id, rigged=cmd.rigged))


def rig_options(state: GameState) -> list[Option]:
    act = state.activation
    if act is None:
        return []
    ship = state.ships[act.ship]
    want = not ship.chasers
    if rig_refusal(state, ship, want) is not None:
        return []
    return [c.option("rig_chasers", ship.id, fixed={"rigged": want})]
