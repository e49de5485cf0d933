"""Morale: a ship whose track became crippled, or lost more from a crippled
track, tests at the end of the activation (3D6, two successes, rerolls by
crew quality and one more for a friendly flagship within 12"); failing
strikes her colours.
"""

from __future__ import annotations

from game.systems.btq21.damage import strike
from game.systems.btq21.events import Out
from game.systems.btq21.state import AFLOAT, GameState
from game.systems.btq21.success import success_test


def take_due_tests(state: GameState, out: Out) -> None:
    for ship in state.ships.values():
        if not ship.morale_due:
            continue
        ship.morale_due = False
        if ship.status != AFLOAT or ship.fireship:  # option fireships: nobody aboard her to lose heart
            continue
        if not success_test(state, ship, "morale", state.rules.morale_successes, out, morale=True):
            strike(state, ship, out, reason="failed morale")
