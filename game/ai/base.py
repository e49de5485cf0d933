"""What every computer player is: state and legal options in, a command out.

Players have their own random stream, seeded from the game's seed and their
side, so a player's whims never touch the game's dice; the game is still
reproduced exactly because a save records the commands, not the whims.
"""

from __future__ import annotations

import zlib
from typing import Protocol

from game.systems.base import Option
from game.systems.btq21 import fortune, objectives
from game.systems.btq21.commands import Command
from game.systems.btq21.dice import Dice
from game.systems.btq21.state import GameState


class Player(Protocol):
    kind: str

    def choose(self, state: GameState, options: list[Option]) -> Command: ...


def player_dice(seed: int, side: str, kind: str) -> Dice:
    """A stream that depends only on the seed, the side and the kind of player."""
    return Dice.from_seed((seed * 1_000_003 + zlib.crc32(f"{side}:{kind}".encode())) & ((1 << 64) - 1))


def calamity_pending(state: GameState, squadron: str) -> bool:
    """This turn's card is a calamity waiting for the first ship of ``squadron`` to act (option fortune).

    Whoever activates first takes it, so a player sends first the ship it hurts least:
    the one with the least to do, farthest from the enemy.
    """
    if not state.fortune or state.fortune[0] != squadron:
        return False
    return fortune.kind(state, state.fortune[1]) == "calamity"


def exit_edges(state: GameState) -> dict[str, str]:
    """The scenario's exit objectives: side -> the table edge she scores by leaving over."""
    if state.scenario is None:
        return {}
    return objectives.exit_edges(state.scenario.victory)
