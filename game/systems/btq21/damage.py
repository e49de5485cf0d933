"""Points lost from the three tracks, and what follows from them.

Crippling is read off the track at the moment of loss, so a morale test is
owed when a track *becomes* crippled and again for every later loss to a
crippled track; the test itself is taken at the end of the activation.
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21.events import Out
from game.systems.btq21.state import AFLOAT, CAPTURED, DESTROYED, STRUCK, SUNK, GameState, Ship


def lose(state: GameState, ship: Ship, track: str, amount: int, out: Out) -> int:
    """Take ``amount`` points off a track; returns the points actually lost."""
    if amount <= 0 or not ship.on_table:
        return 0
    before = ship.left(track)
    after = max(0, before - amount)
    lost = before - after
    if lost == 0:
        return 0
    setattr(ship, track, after)
    crippled = ship.crippled(track)
    out.emit("damage", ship=ship.id, track=track, lost=lost, left=after, crippled=crippled)
    if crippled and ship.status == AFLOAT and (track == "crew" or not ship.shore_battery):
        ship.morale_due = True  # a battery tests morale for its crew only
    if track == "hull" and after == 0:
        sink(state, ship, out)
    elif track == "crew" and after == 0:
        strike(state, ship, out, reason="no crew left")
    elif track == "rigging" and after == 0 and ship.sail is not None:
        ship.sail = None
        out.emit("demasted", ship=ship.id)
    return lost


def sink(state: GameState, ship: Ship, out: Out, by: str | None = None) -> None:
    if ship.status in (SUNK, DESTROYED):
        return
    release_boarding(state, ship)
    ship.status = DESTROYED if ship.shore_battery else SUNK
    ship.morale_due = False
    fields = {"ship": ship.id}
    if by:
        fields["by"] = by
    out.emit(ship.status, **fields)
    _cast_off(state, ship, out)


def strike(state: GameState, ship: Ship, out: Out, reason: str = "", by: str | None = None) -> None:
    """Strike the colours: the ship takes no more actions and drifts."""
    if ship.status not in (AFLOAT,):
        return
    ship.status = STRUCK
    ship.sail = None
    ship.morale_due = False
    fields = {"ship": ship.id}
    if by:
        fields["by"] = by
    if reason:
        fields["reason"] = reason
    out.emit("struck", **fields)


def remove(state: GameState, ship: Ship, status: str, out: Out, **fields: Any) -> None:
    """Take a ship off the table (aground, left the table, exploded)."""
    release_boarding(state, ship)
    ship.status = status
    ship.morale_due = False
    out.emit(status, ship=ship.id, **fields)
    _cast_off(state, ship, out)


def _cast_off(state: GameState, ship: Ship, out: Out) -> None:
    """Option fouling: a ship gone from the table frees those fouled with her, or drags them down."""
    if ship.fouled:
        from game.systems.btq21.fouling import cast_off  # fouling reads the boarding rules, which read ours

        cast_off(state, ship, out)


def release_boarding(state: GameState, ship: Ship) -> None:
    if ship.boarding_with:
        other = state.ships.get(ship.boarding_with)
        if other is not None and other.boarding_with == ship.id:
            other.boarding_with = None
            other.boarding_attacker = False
        ship.boarding_with = None
        ship.boarding_attacker = False


def add_fires(state: GameState, ship: Ship, n: int, out: Out) -> None:
    ship.fires += n
    if ship.fires >= state.rules.sink_at and ship.status in (AFLOAT, STRUCK, CAPTURED):
        sink(state, ship, out)


def add_leaks(state: GameState, ship: Ship, n: int, out: Out) -> None:
    ship.leaks += n
    if ship.leaks >= state.rules.sink_at and ship.status in (AFLOAT, STRUCK, CAPTURED):
        sink(state, ship, out)
