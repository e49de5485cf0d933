"""Option ``fouling``: Gifford's Fouling and Grappling.

In Gifford's rules ships that collide roll a D6 and are fouled on a 1 or 2:
their rigging is tangled, they may not move until a Crew Check in the command
phase unfouls them, they may fire at each other, and a fouled pair may
grapple (another Crew Check) and board.  A ship dragged down by a fouled
partner that sinks is one more Crew Check.

Beat to Quarters v2.1 already rolls the damage of every collision; the option
adds his fouling die after it (``foul_on`` faces of a ``foul_die``).  Fouled,
a ship opens her activations with her movement done.  At the start of her
activation she may try to clear the tangle (``unfoul``: a success test
needing ``unfoul_successes``; passed, she is free of every ship she was fouled
with and sails this activation) or, fouled with an enemy, to grapple her
where she lies (``grapple``: a test needing ``grapple_successes``; passed,
the two are locked in a boarding action as if she had been laid alongside).
One try a turn, either way.  A fouled partner that sinks drags her down
unless she passes a test needing ``drag_successes``.  The numbers are under
``options.fouling``; docs/READINGS.md has the readings.
"""

from __future__ import annotations

from typing import Any

from game.systems.base import Option
from game.systems.btq21 import commands as c
from game.systems.btq21 import events as ev
from game.systems.btq21.boarding import boarding_refusal, lock
from game.systems.btq21.events import Out
from game.systems.btq21.illegal import Illegal, ship_of, start_refusal
from game.systems.btq21.state import AFLOAT, CAPTURED, STRUCK, SUNK, Activation, GameState, Ship, option_on
from game.systems.btq21.success import success_test

NAME = "fouling"
RULE = "Fouling and Grappling"


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def after_collision(state: GameState, ship: Ship, other: Ship, out: Out) -> None:
    """His fouling die, rolled when two ships have come together (and both are still on the table)."""
    if not option_on(state, NAME) or not (ship.on_table and other.on_table):
        return
    if ship.shore_battery or other.shore_battery:
        return
    sp = spec(state)
    roll = state.dice.roll(1, int(sp["foul_die"]))[0]
    fouled = roll in sp["foul_on"]
    if fouled:
        ship.fouled = tuple(dict.fromkeys((*ship.fouled, other.id)))
        other.fouled = tuple(dict.fromkeys((*other.fouled, ship.id)))
    out.emit(ev.Fouling(ship=ship.id, other=other.id, roll=roll, fouled=fouled))


def tangled(state: GameState, ship: Ship, act: Activation, out: Out) -> None:
    """At the start of her activation: free of partners gone from the table; still fouled, she does not sail."""
    gone = [p for p in ship.fouled if not state.ships[p].on_table]
    for p in gone:
        _part(state, ship, state.ships[p])
    if ship.fouled:
        act.movement_over = True


def _part(state: GameState, ship: Ship, other: Ship) -> None:
    ship.fouled = tuple(p for p in ship.fouled if p != other.id)
    other.fouled = tuple(p for p in other.fouled if p != ship.id)


def cast_off(state: GameState, gone: Ship, out: Out) -> None:
    """A ship leaves the table: those fouled with her are free, and if she sank each tests or goes down too."""
    from game.systems.btq21.damage import remove  # damage calls us as a ship leaves the table

    for pid in gone.fouled:
        partner = state.ships[pid]
        _part(state, gone, partner)
        if gone.status != SUNK or partner.status not in (AFLOAT, STRUCK, CAPTURED):
            continue
        if not success_test(state, partner, f"dragged:{gone.id}", int(spec(state)["drag_successes"]), out):
            remove(state, partner, out, ev.Sunk(ship=partner.id, dragged_by=gone.id))


# --- refusals ---------------------------------------------------------------------------


def _refusal(state: GameState, ship: Ship, doing: str) -> str | None:
    why = start_refusal(state, ship, doing, RULE)
    if why:
        return why
    if not ship.fouled:
        return f"{ship.name} is not fouled with another ship ({RULE})"
    act = state.activation
    if act is not None and act.foul_work:
        return f"{ship.name} has already tried to {act.foul_work} this turn ({RULE})"
    return None


def unfoul_refusal(state: GameState, ship: Ship) -> str | None:
    return _refusal(state, ship, "clear her rigging")


def grapple_refusal(state: GameState, ship: Ship, target_id: str) -> str | None:
    why = _refusal(state, ship, "grapple")
    if why:
        return why
    target = state.ships.get(target_id)
    if target is None or target_id not in ship.fouled:
        return f"{ship.name} can grapple only a ship she is fouled with ({RULE})"
    return boarding_refusal(ship, target)


# --- handlers ---------------------------------------------------------------------------


def handle_unfoul(state: GameState, cmd: c.Unfoul, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = unfoul_refusal(state, ship)
    if why:
        raise Illegal(why)
    act = state.activation
    assert act is not None  # start_refusal checked her activation
    act.foul_work = "clear her rigging"
    partners = ship.fouled
    if success_test(state, ship, "unfoul", int(spec(state)["unfoul_successes"]), out):
        for p in partners:
            _part(state, ship, state.ships[p])
        act.movement_over = bool(ship.anchor or ship.boarding_with)
        out.emit(ev.Unfouled(ship=ship.id, others=tuple(partners)))


def handle_grapple(state: GameState, cmd: c.Grapple, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = grapple_refusal(state, ship, cmd.target)
    if why:
        raise Illegal(why)
    act = state.activation
    assert act is not None
    act.foul_work = "grapple"
    target = state.ships[cmd.target]
    if success_test(state, ship, f"grapple:{target.id}", int(spec(state)["grapple_successes"]), out):
        lock(state, ship, target, out, fouled=True)


# --- what may be done -------------------------------------------------------------------


def foul_options(state: GameState) -> list[Option]:
    act = state.activation
    if act is None:
        return []
    ship = state.ships[act.ship]
    if not ship.fouled or unfoul_refusal(state, ship) is not None:
        return []
    out = [c.option("unfoul", ship.id)]
    for p in ship.fouled:
        if grapple_refusal(state, ship, p) is None:
            out.append(c.option("grapple", ship.id, fixed={"target": p}))
    return out
