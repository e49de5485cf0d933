"""The one door through which a battle changes.

``apply(state, command)`` checks the command against the rules, and either
returns the events it caused (the state has changed) or a :class:`Rejected`
with the reason (the state is exactly as it was: the command is carried out
on a copy that replaces the original only on success).  So after a
successful ``apply`` the state's ``ships`` are new objects: look ships up by
id again rather than holding on to them.

``legal_commands(state)`` describes what may be done next, with the ranges of
any free parameters, for the UI, the AI players and the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.systems.base import Option, Refusal
from game.systems.btq21 import commands as c
from game.systems.btq21 import events as ev
from game.systems.btq21 import gunnery, movement, specials
from game.systems.btq21.boarding import boarding_refusal, check_declaration, within_reach
from game.systems.btq21.events import Event, Out
from game.systems.btq21.illegal import Illegal
from game.systems.btq21.initiative import roll_initiative
from game.systems.btq21.morale import take_due_tests
from game.systems.btq21.state import AFLOAT, CAPTURED, STRUCK, Activation, GameState, Ship
from game.systems.btq21.victory import check_end, check_now

#: The engine's refusal: the generic :class:`Refusal` (kept under its old name for the rule modules).
Rejected = Refusal


# --- applying commands ---------------------------------------------------------


def apply(state: GameState, command: c.Command, *, scratch: bool = False) -> list[Event] | Rejected:
    """Play one command; a refused command leaves the state as it was.

    ``scratch``: the caller throws the state away if the command is refused
    (a look-ahead copy), so it is changed in place and a refusal may leave it
    half-changed.  That skips a copy of the whole state per command.
    """
    handler = _system(state).handlers.get(type(command))
    if handler is None:
        kind = getattr(command, "type", type(command).__name__)
        return Rejected(f"{kind!r} is not a command of this battle (its rule system and options have no such command)")
    if state.phase == "over":
        return Rejected("the battle is over")
    if state.snap and not (isinstance(command, (c.SnapFire, c.HoldFire)) and command.ship == state.snap[0]):
        return Rejected(f"{state.ships[state.snap[0]].name} may snap fire at her boarder first: fire or hold")
    for gate in _system(state).gates:
        why = gate(state, command)
        if why:
            return Rejected(why)
    # A ship just boarded snap fires (or holds) before any ship firing as she bears: the legal
    # commands offer hers first, so the window waits for her.
    if state.fas_window and not state.snap and not isinstance(command, (c.Fire, c.HoldFire)):
        first = state.ships[state.fas_window[0]]
        return Rejected(f"{first.name} may fire as she bears first: fire or hold")
    work = state if scratch else state.copy()
    out = Out(work)
    try:
        handler(work, command, out)
        movement.limit_activation(work)
        for hook in _system(work).command_hooks:
            hook(work, out)
        if not check_now(work, out):  # a scenario objective that ends the battle at once
            _advance(work, out)
    except Illegal as e:
        return Rejected(e.reason)
    if work is not state:
        state.__dict__.update(work.__dict__)
    return list(out)


def _activation_for(state: GameState, ship_id: str) -> tuple[Activation, Ship]:
    act = state.activation
    if act is None:
        raise Illegal("no ship is active: activate one first")
    if act.ship != ship_id:
        raise Illegal(f"it is {state.ships[act.ship].name}'s activation, not {_ship_name(state, ship_id)}'s")
    return act, state.ships[ship_id]


def _ship_name(state: GameState, ship_id: str) -> str:
    s = state.ships.get(ship_id)
    return s.name if s else repr(ship_id)


def _activate(state: GameState, cmd: c.ActivateShip, out: Out) -> None:
    if state.activation is not None:
        raise Illegal(f"{state.ships[state.activation.ship].name} is still active: end her activation first")
    sq = state.active_squadron
    ship = state.ships.get(cmd.ship)
    if ship is None:
        raise Illegal(f"no ship {cmd.ship!r} in this battle")
    if sq is None or ship.squadron != sq.id:
        raise Illegal(f"{ship.name} is not in the squadron whose turn it is ({sq.name if sq else 'none'})")
    if ship.activated:
        raise Illegal(f"{ship.name} has already acted this turn")
    if not ship.can_act:
        raise Illegal(f"{ship.name} cannot act ({ship.status})")
    begin_activation(state, ship, out)


def begin_activation(state: GameState, ship: Ship, out: Out) -> Activation:
    """The start of a ship's activation, whoever asked for it (the squadron's turn, or a trial)."""
    act = Activation(ship=ship.id, segments_allowed=movement.segments_allowed(state, ship))
    act.fouled_with = movement.touching(state, ship)
    ship.fas = False  # Fire As She Bears lasts until her next activation
    if ship.boarding_with or ship.shore_battery:
        act.movement_over = True  # locked alongside her enemy until the boarding is decided
    state.activation = act
    out.emit(ev.Activation(ship=ship.id, squadron=ship.squadron))
    for hook in _system(state).activation_hooks:
        hook(state, ship, act, out)
    return act


def _set_sail(state: GameState, cmd: c.SetSail, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    sails = state.rules.sails
    if act.sail_changed:
        raise Illegal(f"{ship.name} has already changed sail this turn")
    if act.past_start:
        raise Illegal(f"sail is changed at the start of the activation, before {ship.name} moves or fires")
    if ship.sail is None:
        raise Illegal(f"{ship.name} is demasted: she has no sail to set")
    if cmd.sail not in sails:
        raise Illegal(f"unknown sail setting {cmd.sail!r}")
    if abs(sails.index(cmd.sail) - sails.index(ship.sail)) != 1:
        raise Illegal(
            f"sail changes one level at a time: {ship.sail} can go to {', '.join(_next_sails(sails, ship.sail))}"
        )
    specials.pay_for_neglect(state, act, ship, out)
    ship.sail = cmd.sail
    act.sail_changed = True
    out.emit(ev.Sail(ship=ship.id, sail=ship.sail))


def _next_sails(sails: tuple[str, ...], sail: str) -> list[str]:
    i = sails.index(sail)
    return [sails[j] for j in (i - 1, i + 1) if 0 <= j < len(sails)]


def _under_sail(state: GameState, ship_id: str) -> tuple[Activation, Ship]:
    """The active ship, if she may sail a segment (ahead or backing clear) now."""
    act, ship = _activation_for(state, ship_id)
    if ship.adrift:
        raise Illegal(f"{ship.name} is demasted: she drifts instead of sailing")
    if act.movement_over or act.segment >= act.segments_allowed:
        raise Illegal(f"{ship.name} has no movement left this activation")
    return act, ship


def _move(state: GameState, cmd: c.MoveSegment, out: Out) -> None:
    act, ship = _under_sail(state, cmd.ship)
    specials.leave_start(state, act, ship, out)
    if act.movement_over:
        return
    movement.move_segment(state, act, ship, cmd.distance, cmd.turn, out)
    gunnery.open_window(state, ship)


def _back_clear(state: GameState, cmd: c.BackClear, out: Out) -> None:
    act, ship = _under_sail(state, cmd.ship)
    movement.check_back_clear(state, act, ship, cmd.distance)
    specials.leave_start(state, act, ship, out)
    if act.movement_over:
        return
    movement.back_clear(state, act, ship, cmd.distance, cmd.turn, out)
    gunnery.open_window(state, ship)


def _drift(state: GameState, cmd: c.Drift, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    if not ship.adrift:
        raise Illegal(f"{ship.name} still has rigging: she sails rather than drifts")
    if act.drifted:
        raise Illegal(f"{ship.name} has already drifted this activation")
    if act.movement_over:
        raise Illegal(f"{ship.name} has no movement left this activation")
    specials.leave_start(state, act, ship, out)
    if act.movement_over:
        return
    act.drifted = True
    act.movement_over = True
    movement.drift(state, ship, out)
    gunnery.open_window(state, ship)


def _declare_boarding(state: GameState, cmd: c.DeclareBoarding, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    if act.movement_over or act.segment >= act.segments_allowed:
        raise Illegal(f"{ship.name} has no movement left to close with an enemy")
    if act.boarding_target is not None:
        raise Illegal(f"{ship.name} has already declared a boarding this segment")
    target = check_declaration(state, ship, cmd.target)
    p = movement.plan(state, act, ship)
    if p.aback:
        raise Illegal(f"{ship.name} is taken aback this segment and cannot close with {target.name}")
    if not within_reach(state, ship, target, p.maximum):
        raise Illegal(
            f'{target.name} is out of reach: {ship.name} can sail at most {p.maximum:g}" this segment '
            f'and must come within {state.rules.boarding_range:g}" of her'
        )
    specials.leave_start(state, act, ship, out)
    if act.movement_over:
        return
    act.boarding_target = target.id
    out.emit(ev.DeclareBoarding(ship=ship.id, target=target.id, segment=act.segment + 1))


def _tack(state: GameState, cmd: c.Tack, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    specials.check_special_allowed(ship, act, "tack")
    if not specials.under_way_for_special(state, act, ship, out):
        return
    specials.tack(state, act, ship, out)


def _boxhaul(state: GameState, cmd: c.Boxhaul, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    specials.check_special_allowed(ship, act, "boxhaul")
    if ship.adrift:
        raise Illegal(f"{ship.name} is demasted and cannot boxhaul")
    if not specials.under_way_for_special(state, act, ship, out):
        return
    specials.boxhaul(state, act, ship, cmd.distance, cmd.fail_turn, out)
    gunnery.open_window(state, ship)


def _fight_fires(state: GameState, cmd: c.FightFires, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    specials.fight_fires(state, act, ship, cmd.all_hands, out)


def _repair(state: GameState, cmd: c.Repair, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    specials.repair(state, act, ship, cmd.what, cmd.all_hands, out)


def _end_activation(state: GameState, cmd: c.EndActivation, out: Out) -> None:
    act, ship = _activation_for(state, cmd.ship)
    if ship.status == AFLOAT and not act.movement_over:
        if ship.adrift and not act.drifted:
            raise Illegal(f"{ship.name} must drift before her activation ends")
        if not ship.adrift and act.segment < act.segments_allowed:
            left = act.segments_allowed - act.segment
            raise Illegal(f"{ship.name} must still sail {left} more segment{'s' if left > 1 else ''}")
    specials.leave_start(state, act, ship, out)
    ship.activated = True
    ship.wake_flips += 1
    state.activation = None
    out.emit(ev.ActivationEnd(ship=ship.id))
    take_due_tests(state, out)


#: What a command of each type does: the core of the book.  A rule-system instance starts
#: from these and adds what its options bring (see system.py).
Handler = Callable[[GameState, Any, Out], None]
HANDLERS: dict[type, Handler] = {
    c.ActivateShip: _activate,
    c.SetSail: _set_sail,
    c.MoveSegment: _move,
    c.BackClear: _back_clear,
    c.Drift: _drift,
    c.DeclareBoarding: _declare_boarding,
    c.Tack: _tack,
    c.Boxhaul: _boxhaul,
    c.FightFires: _fight_fires,
    c.Repair: _repair,
    c.EndActivation: _end_activation,
    c.Fire: gunnery.fire,
    c.HoldFire: gunnery.hold_fire,
    c.SnapFire: gunnery.snap_fire,
    c.FireAsSheBears: gunnery.declare_fas,
}


def _system(state: GameState) -> Any:
    """The rule-system instance a battle is played under: its handlers, hooks and extra options."""
    if state.system is None:
        raise RuntimeError("a battle state without its rule system (start battles with setup.new_game)")
    return state.system


# --- the flow of the turn ------------------------------------------------------


def _advance(state: GameState, out: Out) -> None:
    """Move past squadrons with nobody left to act, and past the end of the turn."""
    while state.phase == "activation" and state.activation is None:
        sq = state.active_squadron
        if sq is None:
            _end_of_turn(state, out)
            continue
        if any(state.ships[s].can_act and not state.ships[s].activated for s in sq.ships):
            return
        state.order_index += 1


def _end_of_turn(state: GameState, out: Out) -> None:
    out.emit(ev.Phase(phase="boarding"))
    for hook in _system(state).phase_hooks:
        hook(state, out)
    out.emit(ev.Phase(phase="end"))
    for ship in list(state.ships.values()):
        if (
            ship.status in (STRUCK, CAPTURED)
            and not ship.shore_battery
            and ship.taken_on_turn != state.turn
            and not ship.anchor
            and not ship.fouled
        ):  # options anchors and fouling: held fast
            movement.drift(state, ship, out)
    if check_end(state, out):
        return
    state.turn += 1
    for ship in state.ships.values():
        ship.activated = False
        ship.fired = ()
        ship.volleys = ()
    out.emit(ev.Turn(number=state.turn))
    for hook in _system(state).turn_hooks:
        hook(state, out)
    for hook in _system(state).every_turn_hooks:
        hook(state, out)
    roll_initiative(state, out)


# --- what may be done -------------------------------------------------------------


def legal_commands(state: GameState) -> list[Option]:
    if state.phase != "activation":
        return []
    if state.fas_window or state.snap:
        return gunnery.fire_options(state)
    act = state.activation
    if act is None:
        sq = state.active_squadron
        if sq is None:
            return []
        return [c.option("activate", s) for s in sq.ships if state.ships[s].can_act and not state.ships[s].activated]
    ship = state.ships[act.ship]
    opts: list[Option] = []
    sid = ship.id
    moving_left = not act.movement_over and act.segment < act.segments_allowed and ship.status == AFLOAT
    can_special = act.special is None and not ship.crippled("crew") and ship.status == AFLOAT
    at_start = not act.past_start and not act.sail_changed
    if ship.status == AFLOAT and at_start and can_special:
        hands = (False, True)
        if ship.fires > 0:
            opts.append(c.option("fight_fires", sid, choices={"all_hands": hands}))
        if ship.leaks > 0:
            opts.append(c.option("repair", sid, fixed={"what": "leaks"}, choices={"all_hands": hands}))
        if ship.rudder:
            opts.append(c.option("repair", sid, fixed={"what": "rudder"}, choices={"all_hands": hands}))
    if ship.status == AFLOAT and not act.sail_changed and not act.past_start and ship.sail is not None:
        for s in _next_sails(state.rules.sails, ship.sail):
            opts.append(c.option("set_sail", sid, fixed={"sail": s}))
    if ship.adrift and ship.status == AFLOAT and not act.drifted and not act.movement_over:
        opts.append(c.option("drift", sid))
    elif moving_left:
        p = movement.plan(state, act, ship)
        opts.append(c.option("move", sid, ranges={"distance": (p.minimum, p.maximum), "turn": (-p.turn, p.turn)}))
        if act.boarding_target is None and movement.fouled_by(state, act, ship, p) is not None:
            opts.append(c.option("back_clear", sid, ranges={"distance": (0.0, p.minimum), "turn": (-p.turn, p.turn)}))
        if can_special:
            opts.append(c.option("tack", sid))
            lo, hi = specials.boxhaul_limits(state, act, ship)
            opts.append(c.option("boxhaul", sid, ranges={"distance": (lo, hi)}, choices={"fail_turn": (1, -1)}))
        if act.boarding_target is None and not p.aback:
            for other in state.ships.values():
                if boarding_refusal(ship, other) is None and within_reach(state, ship, other, p.maximum):
                    opts.append(c.option("declare_boarding", sid, fixed={"target": other.id}))
    if not moving_left or act.movement_over:
        if not (ship.adrift and ship.status == AFLOAT and not act.drifted and not act.movement_over):
            opts.append(c.option("end_activation", sid))
    opts.extend(gunnery.fire_options(state))
    for extra in _system(state).extra_options:
        opts.extend(extra(state))
    gates = _system(state).gates
    if gates:
        opts = [o for o in opts if not any(g(state, o.command()) for g in gates)]
    return opts
