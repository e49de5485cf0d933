"""Grappling and boarding for the scripted player.

The solo rules let only an Aggressive ship grapple, and make her grapple
whenever she can.  In Beat to Quarters v2.1 a boarding is a fight to the
finish between the crews, so "whenever she can" is read as "whenever her
boarders would carry the enemy's deck": a struck ship or a prize is always
boarded (she gives up without a fight), a fighting ship only when the
enemy's crew would be broken first by a clear margin.  The same sums tell
her which enemies she should not end her move beside.
"""

from __future__ import annotations

from game.ai.solo.tables import pass_chance
from game.systems.btq21 import board, weather
from game.systems.btq21.boarding_action import pool
from game.systems.btq21.state import AFLOAT, GameState, Ship
from game.systems.btq21.success import rerolls_for

#: She grapples only when her boarders need at most this share of the rounds the enemy's need.
BOARDING_EDGE = 0.75
#: Inches beyond one segment's sailing that an enemy's grapple is feared from.
REACH_MARGIN = 1.0


def rounds_to_break(state: GameState, victim: Ship, by: Ship) -> float:
    """Mean boarding rounds before ``victim`` strikes to ``by``.

    First the rounds ``by``'s crew needs to cripple hers (mean hits less
    saves), then the mean number of morale tests until one fails.
    """
    b = state.rules.boarding
    d10, d6 = pool(state, by)
    hit_on, save_on = int(b["hit_on"]), int(b["save_on"])
    per_round = (d10 * (11 - hit_on) / 10.0 + d6 * (7 - hit_on) / 6.0) * (save_on - 1) / 6.0
    left = max(0.0, victim.crew_cripple - victim.lost("crew"))
    holds = pass_chance(rerolls_for(state, victim, morale=True), state.rules.morale_successes)
    return left / max(per_round, 0.1) + 1.0 / max(1.0 - holds, 0.01)


def boarding_favours(state: GameState, ship: Ship, target: Ship) -> bool:
    """Worth grappling: a ship that has struck, a prize, or a crew hers should break first."""
    if target.status != AFLOAT:
        return True
    return rounds_to_break(state, target, ship) <= BOARDING_EDGE * rounds_to_break(state, ship, target)


def boarders_threaten(state: GameState, ship: Ship) -> bool:
    """Could an enemy grapple her in his next segment, in a boarding she would not clearly win?

    A boarding between crews of like strength is a lottery of morale tests,
    which a ship that is winning the gunnery has no reason to enter.
    """
    r = state.rules
    for enemy in state.ships.values():
        if enemy.side == ship.side or enemy.status != AFLOAT or enemy.shore_battery or enemy.adrift:
            continue
        if enemy.boarding_with or enemy.crippled("crew") or enemy.sail is None:
            continue
        reach = weather.top_speed(state, float(r.speeds[enemy.size][enemy.sail]) + 1.0) + float(r.boarding_range)
        reach += REACH_MARGIN
        if board.closest_distance(state, ship.id, enemy.id) > reach:
            continue
        if not boarding_favours(state, ship, enemy):
            return True
    return False
