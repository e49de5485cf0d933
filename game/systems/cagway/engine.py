"""The one door through which a Cagway Bay battle changes, and the flow of its rounds.

``apply(state, command)`` checks the command against the rules and returns
its events (the state has changed) or a Refusal naming the rule (the state is
exactly as it was: the command is carried out on a copy that replaces the
original only on success).

A round (Each Round): at its start every ship's action points are set from
her health chart; in the move phase each ship takes her move, the farthest
downwind first; in the combat phase each takes one combat action, the farthest
upwind first; then the turn limit is checked.  Deployment and, in a blockade
run, the Runner's secret choice come before the first round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.systems.base import Command, Option, Refusal
from game.systems.cagway import board, crew, gunnery, health, movement, repair, setup, sticks, victory, wind
from game.systems.cagway import commands as c
from game.systems.cagway import events as ev
from game.systems.cagway.events import Event, Out
from game.systems.cagway.illegal import Illegal
from game.systems.cagway.state import COMBAT, DEPLOY, MOVE, OVER, SECRET, Activation, GameState, Ship

Handler = Callable[[GameState, Any, Out], None]


def apply(state: GameState, command: Command, *, scratch: bool = False) -> list[Event] | Refusal:
    """Play one command; a refused command leaves the state as it was.

    ``scratch``: the caller throws the state away if the command is refused, so it is changed in place.
    """
    handler = HANDLERS.get(type(command))
    if handler is None:
        kind = getattr(command, "type", type(command).__name__)
        return Refusal(f"{kind!r} is not a command of Cagway Bay")
    if state.phase == OVER:
        return Refusal("the battle is over")
    work = state if scratch else state.copy()
    out = Out(work)
    try:
        handler(work, command, out)
        if not victory.check_now(work, out):
            advance(work, out)
    except Illegal as e:
        return Refusal(e.reason)
    if work is not state:
        state.__dict__.update(work.__dict__)
    return list(out)


# --- the flow of a round ---------------------------------------------------------------------------


def _finished(state: GameState, ship: Ship) -> bool:
    """Her part in the phase is over (or she has none: sunk, or no points for a combat action)."""
    if not ship.on_table:
        return True
    if state.phase == DEPLOY:
        return ship.deployed
    if state.phase == MOVE:
        return ship.moved
    if ship.fought:
        return True
    if ship.actions < 1:  # no points: no combat action to take
        ship.fought = True
        return True
    return False


def advance(state: GameState, out: Out) -> None:
    """Move on past ships whose part is over, phases that are done and rounds that are finished."""
    while state.phase in (DEPLOY, MOVE, COMBAT):
        if state.order_index >= len(state.order):
            _phase_over(state, out)
            continue
        ship = state.ships[state.order[state.order_index]]
        if _finished(state, ship):
            state.order_index += 1
            state.activation = None
            continue
        if state.activation is None or state.activation.ship != ship.id:
            state.activation = Activation(ship.id, state.phase)
            out.emit(ev.Activation(ship=ship.id, phase=state.phase))
        return


def _phase_over(state: GameState, out: Out) -> None:
    state.activation = None
    if state.phase == DEPLOY:
        if setup.needs_carrier(state):
            state.phase = SECRET
            state.order, state.order_index = (), 0
        else:
            start_round(state, out)
    elif state.phase == MOVE:
        _begin_phase(state, COMBAT, out)
    elif state.phase == COMBAT:
        if victory.end_of_round(state, out):
            return
        state.turn += 1
        start_round(state, out)


def start_round(state: GameState, out: Out) -> None:
    """Beginning of Turn: each ship's action points from her health chart; then the move phase."""
    actions: dict[str, int] = {}
    for ship in state.ships.values():
        ship.moved = ship.fought = ship.sailed = False
        if not ship.on_table:
            ship.actions = ship.round_actions = 0
            continue
        ship.actions = ship.round_actions = health.chart_actions(state, ship)
        actions[ship.id] = ship.actions
    out.emit(ev.Round(actions=actions))
    _begin_phase(state, MOVE, out)


def _begin_phase(state: GameState, phase: str, out: Out) -> None:
    state.phase = phase
    state.order = wind.priority(state, phase)
    state.order_index = 0
    state.activation = None
    out.emit(ev.Priority(phase=phase, order=state.order))


def _choose_carrier(state: GameState, cmd: c.ChooseCarrier, out: Out) -> None:
    """The Runner's secret kept: the first round begins."""
    setup.choose_carrier(state, cmd, out)
    start_round(state, out)


HANDLERS: dict[type[Command], Handler] = {
    c.Deploy: setup.deploy,
    c.ChooseCarrier: _choose_carrier,
    c.Sail: movement.sail,
    c.Drift: movement.drift,
    c.Repair: repair.repair,
    c.FireAtWill: gunnery.fire_at_will,
    c.EndMove: movement.finish,
    c.Fire: gunnery.fire,
    c.Board: crew.board_enemy,
    c.Capture: crew.capture,
    c.Scuttle: crew.scuttle,
    c.Share: crew.share,
    c.Pass: crew.pass_turn,
}


# --- what may be done ------------------------------------------------------------------------------


def legal_commands(state: GameState) -> list[Option]:
    """The options open now, with the ranges and choices of their free values (offers.py words them)."""
    if state.phase == SECRET:
        side = setup.runner(state)
        return [c.option("choose_carrier", s.id) for s in state.ships.values() if s.side == side and s.on_table]
    act = state.activation
    if state.phase not in (DEPLOY, MOVE, COMBAT) or act is None or act.ship not in state.ships:
        return []
    ship = state.ships[act.ship]
    if state.phase == DEPLOY:
        return [
            c.option(
                "deploy",
                ship.id,
                fixed={"astern": astern},
                ranges={"distance": (0.0, setup.room(state, ship, astern)), "turn": (-180.0, 180.0)},
            )
            for astern in (False, True)
        ]
    if state.phase == MOVE:
        return _move_options(state, ship)
    return _combat_options(state, ship)


def _move_options(state: GameState, ship: Ship) -> list[Option]:
    opts: list[Option] = []
    if ship.actions >= 1:
        top = ship.actions * sticks.longest(state, ship)
        turn = movement.MAX_TURN
        opts.append(c.option("sail", ship.id, ranges={"distance": (0.0, top), "turn": (-turn, turn)}))
    most = repair.most_points(state, ship)
    if most >= 1 and repair.repair_problem(state, ship) is None:
        opts.append(c.option("repair", ship.id, choices={"points": tuple(range(1, most + 1))}))
    if not ship.sailed:
        opts.append(c.option("drift", ship.id, ranges={"distance": (0.0, 0.0), "turn": (-180.0, 180.0)}))
        if ship.actions >= max(1, state.tables.costs["fire"]):
            opts += _gun_options(state, ship, "fire_at_will")
    opts.append(c.option("end_move", ship.id))
    return opts


def _gun_options(state: GameState, ship: Ship, kind: str) -> list[Option]:
    if board.touching_live_enemy(state, ship) is not None:
        return []
    opts = []
    for target in state.ships.values():
        if target.side == ship.side or not target.on_table or target.dead:
            continue
        guns = tuple(b.gun for b in gunnery.bearing_guns(state, ship, target))
        if guns:
            opts.append(c.option(kind, ship.id, fixed={"target": target.id}, choices={"gun": guns}))
    return opts


def _combat_options(state: GameState, ship: Ship) -> list[Option]:
    opts = _gun_options(state, ship, "fire")
    for other in board.touching_ships(state, ship):
        if crew.board_problem(state, ship, other) is None:
            opts.append(c.option("board", ship.id, fixed={"target": other.id}))
        if crew.capture_problem(state, ship, other) is None:
            top = crew.capture_limit(ship, other)
            hps = tuple(range(1, top + 1))
            opts.append(c.option("capture", ship.id, fixed={"target": other.id}, choices={"hp": hps}))
        if crew.scuttle_problem(state, ship, other) is None:
            opts.append(c.option("scuttle", ship.id, fixed={"target": other.id}))
        if crew.share_problem(state, ship, other) is None:
            take, give = crew.share_limits(ship, other)
            values = tuple(range(1, give + 1)) + tuple(-v for v in range(1, take + 1))
            opts.append(c.option("share", ship.id, fixed={"friend": other.id}, choices={"hp": values}))
    opts.append(c.option("pass", ship.id))
    return opts
