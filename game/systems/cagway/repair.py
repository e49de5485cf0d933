"""Repair, in the move phase: one action point for every 2 HP mended (the tables' rate).

It may come at any time in her move, before or between legs.  The points she
gains no new action points until the next round, and a dead ship cannot repair
herself (her friends repair her in the combat phase: crew.py).
"""

from __future__ import annotations

import math

from game.systems.cagway import events as ev
from game.systems.cagway.commands import Repair
from game.systems.cagway.events import Out
from game.systems.cagway.illegal import Illegal, whole
from game.systems.cagway.state import MOVE, GameState, Ship
from game.systems.cagway.turn import acting, end_move


def most_points(state: GameState, ship: Ship) -> int:
    """The most points worth spending on repair now: enough to mend her to her card's HP, no more than she has."""
    if ship.dead:
        return 0
    need = math.ceil(max(0, ship.hp_max - ship.hp) / state.tables.repair_hp)
    return max(0, min(ship.actions, need))


def repair_problem(state: GameState, ship: Ship) -> str | None:
    if ship.dead:
        return f"{ship.name} is dead in the water: she cannot repair herself; friends can, in the combat phase (Repair)"
    if ship.hp >= ship.hp_max:
        return f"{ship.name} has no damage to repair (Repair)"
    if ship.actions < 1:
        return f"{ship.name} has no action points left to repair (Repair)"
    return None


def repair(state: GameState, cmd: Repair, out: Out) -> None:
    ship = acting(state, cmd.ship, MOVE, "repair")
    why = repair_problem(state, ship)
    if why:
        raise Illegal(why)
    points = whole(cmd.points, "the points")
    top = most_points(state, ship)
    if not 1 <= points <= top:
        raise Illegal(f"{ship.name} can spend from 1 to {top} points on repair now (Repair)")
    gained = min(points * state.tables.repair_hp, ship.hp_max - ship.hp)
    ship.hp += gained
    ship.actions -= points
    ship.sailed = True
    out.emit(ev.Repair(ship=ship.id, points=points, hp_gained=gained, hp=ship.hp))
    if ship.actions <= 0:
        end_move(state, ship, out)
