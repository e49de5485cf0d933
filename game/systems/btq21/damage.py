"""Points lost from the three tracks, and what follows from them.

Crippling is read off the track at the moment of loss, so a morale test is
owed when a track *becomes* crippled and again for every later loss to a
crippled track; the test itself is taken at the end of the activation.
"""

from __future__ import annotations

from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out
from game.systems.btq21.state import AFLOAT, CAPTURED, DESTROYED, STRUCK, SUNK, GameState, Ship


def lose(state: GameState, ship: Ship, track: str, amount: int, out: Out) -> int:
    """Take ``amount`` points off a track; returns the points actually lost."""
    lost = strip(state, ship, track, amount, out)
    if lost:
        follow(state, ship, track, out)
    return lost


def losing(ship: Ship, track: str, amount: int) -> int:
    """The points ``amount`` would take off a track as she stands (what an event reports before they go)."""
    if amount <= 0 or not ship.on_table:
        return 0
    return min(amount, ship.left(track))


def strip(state: GameState, ship: Ship, track: str, amount: int, out: Out) -> int:
    """The points come off the track (the ``damage`` event); what follows waits for :func:`follow`.

    Two ships hurt at the same moment (a collision) lose their points first
    and suffer the consequences after, so neither is gone before the other is hit.
    """
    lost = losing(ship, track, amount)
    if lost == 0:
        return 0
    after = ship.left(track) - lost
    setattr(ship, track, after)
    out.emit(ev.Damage(ship=ship.id, track=track, lost=lost, left=after, crippled=ship.crippled(track)))
    return lost


def follow(state: GameState, ship: Ship, track: str, out: Out) -> None:
    """What a loss just taken brings: a morale test owed, sinking, striking or the masts going."""
    if not ship.on_table:
        return
    after = ship.left(track)
    if ship.crippled(track) and ship.status == AFLOAT and (track == "crew" or not ship.shore_battery):
        ship.morale_due = True  # a battery tests morale for its crew only
    if track == "hull" and after == 0:
        sink(state, ship, out)
    elif track == "crew" and after == 0:
        strike(state, ship, out, reason="no crew left")
    elif track == "rigging" and after == 0 and ship.sail is not None:
        ship.sail = None
        out.emit(ev.Demasted(ship=ship.id))


def sink(state: GameState, ship: Ship, out: Out, by: str | None = None) -> None:
    if ship.status in (SUNK, DESTROYED):
        return
    release_boarding(state, ship)
    ship.status = DESTROYED if ship.shore_battery else SUNK
    ship.morale_due = False
    out.emit(ev.Destroyed(ship=ship.id, by=by) if ship.shore_battery else ev.Sunk(ship=ship.id, by=by))
    _cast_off(state, ship, out)


def strike(state: GameState, ship: Ship, out: Out, reason: str = "", by: str | None = None) -> None:
    """Strike the colours: the ship takes no more actions and drifts."""
    if ship.status not in (AFLOAT,):
        return
    ship.status = STRUCK
    ship.sail = None
    ship.morale_due = False
    out.emit(ev.Struck(ship=ship.id, by=by, reason=reason or None))


def remove(state: GameState, ship: Ship, out: Out, event: ev.Removal) -> None:
    """Take a ship off the table (aground, left the table, exploded, dragged down): her status is the event's."""
    release_boarding(state, ship)
    ship.status = event.TYPE
    ship.morale_due = False
    out.emit(event)
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
