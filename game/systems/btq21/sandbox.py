"""Trials: copies of the battle on which commands can be tried without learning the dice.

Whoever wants to know what a command would do before it is given -- the
tape's ghost, a computer player's look-ahead, a check that a command would
be accepted -- asks for a trial here instead of copying the state and
editing it.  A plain copy carries the game's own generator, so trying a
collision on it would tell the player, before he commits, whether the real
dice will sink his enemy.  A trial differs from the state it came from in
three ways, all the engine's doing:

* its dice are its own: every die at its mean (:class:`MeanDice`) unless
  the caller brings an independent generator; never the game's;
* any chance to fire as she bears or to snap fire that was waiting is held,
  and what is tried on it opens no new ones (nobody is there to answer):
  the engine reports a grapple's snap-fire chance as a ``snap_chance``
  event instead, so a look-ahead can still weigh it;
* it is marked, and every copy of it stays a trial.

A trial is thrown away after use; nothing in it goes back to the game.
"""

from __future__ import annotations

from game.systems.btq21.dice import Dice, MeanDice
from game.systems.btq21.engine import begin_activation
from game.systems.btq21.events import Out
from game.systems.btq21.state import GameState


class SandboxError(ValueError):
    """A trial asked for with the game's own dice."""


def sandbox(state: GameState, dice: Dice | None = None, *, hold: bool = True) -> GameState:
    """A trial of ``state``: dice at their mean unless ``dice`` is given.

    ``hold``: a chance to fire that is waiting for an answer is held, so the
    trial can go on with the activation.  Without it the chance stays open,
    for a caller asking whether an answer to it would be accepted.
    """
    if dice is not None and dice is state.dice:
        raise SandboxError("a trial never rolls the game's own dice")
    work = state.copy()
    work.dice = MeanDice() if dice is None else dice
    work.trial = True
    if hold:
        work.fas_window = ()
        work.snap = ()
    return work


def next_activation(trial: GameState, ship_id: str) -> GameState:
    """Start ``ship_id``'s next activation on a trial, whoever's turn it really is.

    Used to ask what an enemy could do when her turn comes: if she has acted
    this turn, her next activation is in the next turn, with her guns loaded
    again.  Only on a trial: the real battle activates ships by the rules.
    """
    if not trial.trial:
        raise SandboxError("only a trial can start an activation out of turn")
    ship = trial.ships[ship_id]
    if ship.activated:
        ship.fired = ()
        ship.volleys = ()
    trial.activation = None
    begin_activation(trial, ship, Out(trial))
    return trial

