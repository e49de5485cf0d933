"""Special actions: one a turn, each a success test, none for a crippled crew.

Readings:
* Fight Fires and Repair are declared at the start of the activation, before
  the sail change; "All Hands on Deck" adds a die to that test and forbids
  firing for the rest of the turn.
* A ship on fire that does not fight its fires this activation suffers the
  failed result (2D6 crew) and gains a fire; likewise for leaks and Repair.
  The price is paid when the ship goes on past the start of her activation:
  when she changes sail, moves, drifts, declares a boarding or fires.
* Tack may be declared at any point of the movement; it lasts for the turn.
* Boxhaul is declared at the start of a segment.  Pass: that segment is
  sailed straight (taken aback or not: if aback, at the beating rate) and the
  ship then turns 180 degrees, ending her movement.  Fail: she turns 90
  degrees the way the player chose, loses 2D6 rigging, and carries on.
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21 import board, shoals
from game.systems.btq21 import events as ev
from game.systems.btq21.collision import resolve_contact
from game.systems.btq21.damage import add_fires, add_leaks, lose
from game.systems.btq21.dice import d3_from_d6
from game.systems.btq21.disposition import ABACK, BEATING
from game.systems.btq21.events import Out, pose_of
from game.systems.btq21.illegal import Illegal
from game.systems.btq21.movement import SLACK, plan, rate_limits
from game.systems.btq21.state import AFLOAT, Activation, GameState, Ship
from game.systems.btq21.success import success_test
from game.table.geometry import norm_heading


def _spec(state: GameState, name: str) -> dict[str, Any]:
    return state.rules.special_actions[name]


def check_special_allowed(ship: Ship, act: Activation, name: str) -> None:
    if act.special is not None:
        raise Illegal(f"{ship.name} has already attempted a special action this turn ({act.special})")
    if ship.crippled("crew"):
        raise Illegal(f"{ship.name}'s crew is crippled: no special actions")


def check_start_of_activation(ship: Ship, act: Activation, name: str) -> None:
    check_special_allowed(ship, act, name)
    if act.past_start:
        raise Illegal(
            f"{name.replace('_', ' ').title()} is declared at the start of the activation, "
            f"before {ship.name} moves or fires"
        )
    if act.sail_changed:
        raise Illegal(f"{name.replace('_', ' ').title()} is declared before the sail change, at the start")


def leave_start(state: GameState, act: Activation, ship: Ship, out: Out) -> None:
    """She moves, drifts or fires: the start of the activation is behind her.

    From here no sail change, Fight Fires, Repair or All Hands; unfought fires
    and unrepaired leaks take their toll now.
    """
    if not act.past_start:
        act.past_start = True
        pay_for_neglect(state, act, ship, out)
        if ship.status != AFLOAT:
            act.movement_over = True


def _all_hands(ship: Ship, act: Activation, all_hands: bool) -> None:
    """All Hands on Deck: the gun crews are at the pumps or the fires, so no shooting this turn."""
    act.all_hands = all_hands
    if all_hands:
        ship.fired = ship.fired + tuple(s for s in ("port", "starboard", "battery", "musketry") if s not in ship.fired)


def fight_fires(state: GameState, act: Activation, ship: Ship, all_hands: bool, out: Out) -> None:
    check_start_of_activation(ship, act, "fight_fires")
    if ship.fires <= 0:
        raise Illegal(f"{ship.name} is not on fire")
    spec = _spec(state, "fight_fires")
    act.special = "fight_fires"
    _all_hands(ship, act, all_hands)
    extra = int(state.rules.success_test["all_hands_extra_dice"]) if all_hands else 0
    purpose = "special:fight_fires" + (":all_hands" if all_hands else "")
    if success_test(state, ship, purpose, int(spec["successes"]), out, extra_dice=extra):
        face = state.dice.die(6)
        removed = min(ship.fires, d3_from_d6(face))
        ship.fires -= removed
        out.emit(ev.FiresFought(ship=ship.id, roll=face, removed=removed, fires=ship.fires))
    else:
        faces = state.dice.roll(int(spec["fail_crew_dice"]), 6)
        out.emit(ev.SpecialFailed(ship=ship.id, action="fight_fires", faces=tuple(faces)))
        lose(state, ship, "crew", sum(faces), out)


def repair(state: GameState, act: Activation, ship: Ship, what: str, all_hands: bool, out: Out) -> None:
    check_start_of_activation(ship, act, "repair")
    if what not in ("leaks", "rudder"):
        raise Illegal("Repair mends either 'leaks' or 'rudder'")
    if what == "leaks" and ship.leaks <= 0:
        raise Illegal(f"{ship.name} has no leaks to repair")
    if what == "rudder" and not ship.rudder:
        raise Illegal(f"{ship.name}'s rudder is not damaged")
    spec = _spec(state, "repair")
    act.special = "repair:" + what
    _all_hands(ship, act, all_hands)
    extra = int(state.rules.success_test["all_hands_extra_dice"]) if all_hands else 0
    purpose = "special:repair" + (":all_hands" if all_hands else "")
    if success_test(state, ship, purpose, int(spec["successes"]), out, extra_dice=extra):
        if what == "rudder":
            ship.rudder = False
            out.emit(ev.Repaired(ship=ship.id, what="rudder", leaks=ship.leaks, rudder=False))
        else:
            face = state.dice.die(6)
            removed = min(ship.leaks, d3_from_d6(face))
            ship.leaks -= removed
            out.emit(ev.Repaired(ship=ship.id, what="leaks", roll=face, removed=removed, leaks=ship.leaks))
    else:
        faces = state.dice.roll(int(spec["fail_crew_dice"]), 6)
        out.emit(ev.SpecialFailed(ship=ship.id, action="repair", faces=tuple(faces)))
        lose(state, ship, "crew", sum(faces), out)


def pay_for_neglect(state: GameState, act: Activation, ship: Ship, out: Out) -> None:
    """Fires not fought spread, leaks not repaired worsen (once per activation)."""
    if act.neglect_done:
        return
    act.neglect_done = True
    if ship.fires > 0 and act.special != "fight_fires" and ship.on_table:
        faces = state.dice.roll(int(_spec(state, "fight_fires")["fail_crew_dice"]), 6)
        out.emit(ev.FireSpreads(ship=ship.id, faces=tuple(faces), fires=ship.fires + 1))
        lose(state, ship, "crew", sum(faces), out)
        add_fires(state, ship, 1, out)
    if ship.leaks > 0 and act.special != "repair:leaks" and ship.on_table:
        faces = state.dice.roll(int(_spec(state, "repair")["fail_crew_dice"]), 6)
        out.emit(ev.LeakWorsens(ship=ship.id, faces=tuple(faces), leaks=ship.leaks + 1))
        lose(state, ship, "crew", sum(faces), out)
        add_leaks(state, ship, 1, out)


def under_way_for_special(state: GameState, act: Activation, ship: Ship, out: Out) -> bool:
    """She gets under way to tack or box-haul (``leave_start``): whether she may still try it.

    Her unfought fires and unmended leaks are paid for first, and they may strike
    her, sink her or cripple her crew, which then takes no special action.  The
    command stands either way, with the dice the neglect rolled, rather than being
    refused after them: a refusal after dice would let a player see the roll and
    take the command back, and a turn file sent by e-mail could not be played by
    its receiver.  Chain Shot, declared as she fires, is held back the same way
    (``gunnery.fire``).
    """
    leave_start(state, act, ship, out)
    return not act.movement_over and not ship.crippled("crew")


def tack(state: GameState, act: Activation, ship: Ship, out: Out) -> None:
    check_special_allowed(ship, act, "tack")
    if act.movement_over or act.segment >= act.segments_allowed:
        raise Illegal(f"{ship.name} has no movement left to tack in")
    spec = _spec(state, "tack")
    act.special = "tack"
    if success_test(state, ship, "special:tack", int(spec["successes"]), out):
        act.tack = True
    else:
        faces = state.dice.roll(int(spec["fail_rigging_dice"]), 6)
        out.emit(ev.SpecialFailed(ship=ship.id, action="tack", faces=tuple(faces)))
        lose(state, ship, "rigging", sum(faces), out)


def boxhaul_limits(state: GameState, act: Activation, ship: Ship) -> tuple[float, float]:
    p = plan(state, act, ship)
    return rate_limits(state, ship, BEATING if p.disposition == ABACK else p.disposition)


def boxhaul(state: GameState, act: Activation, ship: Ship, distance: float, fail_turn: int, out: Out) -> None:
    check_special_allowed(ship, act, "boxhaul")
    if act.movement_over or act.segment >= act.segments_allowed:
        raise Illegal(f"{ship.name} has no movement left to boxhaul in")
    if fail_turn not in (1, -1):
        raise Illegal("a boxhaul's fallback turn is +1 (clockwise) or -1 (anticlockwise)")
    spec = _spec(state, "boxhaul")
    lo, hi = boxhaul_limits(state, act, ship)
    if distance < lo - SLACK or distance > hi + SLACK:
        raise Illegal(f'{ship.name} must sail between {lo:g}" and {hi:g}" when boxhauling; asked {distance:g}"')
    distance = min(max(distance, lo), hi)
    # Both outcomes must be possible on the table before any die is rolled.
    fail_deg = float(spec["fail_turn"]) * fail_turn
    if board.pivot_blocker(state, ship.id, fail_deg) is not None:
        raise Illegal(f"{ship.name} has no room to turn {fail_deg:+g} degrees if the boxhaul fails")
    testing = shoals.to_test(state, ship)  # the room to turn is judged as if every shoal's test passes
    sw = board.sweep(state, ship.id, distance, passing=testing)
    if sw.contact is None and board.pivot_blocker(state, ship.id, float(spec["turn"]), sw.pose, testing) is not None:
        raise Illegal(f"{ship.name} has no room to turn about at the end of that boxhaul")
    p = plan(state, act, ship)
    act.special = "boxhaul"
    if success_test(state, ship, "special:boxhaul", int(spec["successes"]), out):
        sw, _ = shoals.sweep(state, ship, distance, out)
        ship.x, ship.y = sw.pose[0], sw.pose[1]
        act.segment += 1
        act.movement_over = True
        turn = 0.0 if sw.contact is not None else float(spec["turn"])
        ship.heading = norm_heading(ship.heading + turn)
        stopped = sw.contact.kind if sw.contact else None
        out.emit(
            ev.move_of(ship, p.segment, p.disposition, (lo, hi), sw.travelled, turn, boxhaul=True, stopped=stopped)
        )
        if sw.contact is not None:
            resolve_contact(state, ship, sw.contact, out)
    else:
        ship.heading = norm_heading(ship.heading + fail_deg)
        faces = state.dice.roll(int(spec["fail_rigging_dice"]), 6)
        out.emit(
            ev.SpecialFailed(ship=ship.id, action="boxhaul", faces=tuple(faces), turned=fail_deg, to=pose_of(ship))
        )
        lose(state, ship, "rigging", sum(faces), out)
