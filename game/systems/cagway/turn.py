"""Whose turn it is: the ship a command names must be the one acting in the phase it belongs to."""

from __future__ import annotations

from game.systems.cagway import events as ev
from game.systems.cagway.events import Out
from game.systems.cagway.illegal import Illegal, word
from game.systems.cagway.state import COMBAT, DEPLOY, MOVE, SECRET, GameState, Ship

_PHASE_WORDS = {
    DEPLOY: "deployment",
    SECRET: "the Runner's secret choice",
    MOVE: "the move phase",
    COMBAT: "the combat phase",
}


def phase_words(phase: str) -> str:
    return _PHASE_WORDS.get(phase, phase)


def named(state: GameState, ship_id: object, what: str = "ship") -> Ship:
    """The ship a command names, or Illegal."""
    sid = word(ship_id, what)
    ship = state.ships.get(sid)
    if ship is None:
        raise Illegal(f"no {what} {sid[:40]!r} in this battle")
    return ship


def acting(state: GameState, ship_id: object, phase: str, action: str) -> Ship:
    """The ship named, if it is her turn in ``phase`` (Each Round: ships act one at a time, by priority)."""
    ship = named(state, ship_id)
    if state.phase != phase:
        raise Illegal(f"{action} belongs to {phase_words(phase)}; this is {phase_words(state.phase)}")
    act = state.activation
    if act is None or act.ship != ship.id:
        who = state.ships[act.ship].name if act is not None and act.ship in state.ships else "nobody"
        raise Illegal(f"it is {who}'s turn, not {ship.name}'s (priority by the wind)")
    if not ship.on_table:
        raise Illegal(f"{ship.name} has been sunk")
    return ship


def end_move(state: GameState, ship: Ship, out: Out) -> None:
    """Her move is over for this round."""
    if ship.moved:
        return
    ship.moved = True
    out.emit(ev.EndMove(ship=ship.id, actions_left=ship.actions))


def end_combat(ship: Ship) -> None:
    """Her single combat action is taken."""
    ship.fought = True
