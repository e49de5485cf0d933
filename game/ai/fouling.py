"""What the computer players do with a ship fouled with another under option fouling.

Fouled with an enemy whose crew hers should break first (the scripted
player's boarding sum, ``boarding_favours``), she tries to grapple her where
she lies; otherwise, fouled with a friend or with an enemy she would rather
not board, she tries to clear her rigging and sail.  Either is one test at the
start of her activation, tried every turn until it passes.
"""

from __future__ import annotations

from game.systems.base import Command, Option
from game.systems.btq21.state import GameState


def foul_wish(state: GameState, options: list[Option]) -> Command | None:
    from game.ai.solo.boarding import boarding_favours  # the solo player imports this module

    act = state.activation
    if act is None:
        return None
    ship = state.ships[act.ship]
    for o in options:
        if o.type == "grapple" and boarding_favours(state, ship, state.ships[o.fixed["target"]]):
            return o.command()
    return next((o.command() for o in options if o.type == "unfoul"), None)
