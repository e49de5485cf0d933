"""Trials: copies of a Cagway battle on which commands can be tried without learning the dice.

The tape's ghost, a preview's warnings or a computer player's look-ahead try
commands here, never on the game: a trial's dice are its own (every die at its
mean unless the caller brings a generator of its own), so trying fire at will
on it tells nothing of the real die to come.  A trial is thrown away after use.
"""

from __future__ import annotations

from game.systems.cagway.state import GameState
from game.systems.dice import Dice, MeanDice


class SandboxError(ValueError):
    """A trial asked for with the game's own dice."""


def sandbox(state: GameState, dice: Dice | None = None, *, hold: bool = True) -> GameState:
    """A trial of ``state``: dice at their mean unless ``dice`` is given.

    ``hold`` is the interface's (a rule system with chances to fire out of turn holds them on a trial);
    Cagway Bay has none, so it changes nothing.
    """
    if dice is not None and dice is state.dice:
        raise SandboxError("a trial never rolls the game's own dice")
    work = state.copy()
    work.dice = MeanDice() if dice is None else dice
    work.trial = True
    return work
