"""Option ``shoals``: Gifford's Shoals.

Gifford marks the sea hexes along a shore with a depth rating, and a ship's
draft is her undamaged rate.  A ship of the shoal's own rating tests each time
she moves in, out of or through it, before she moves, and grounds if the test
fails; a larger ship grounds; a smaller one sails over it.  Grounding is "as
per the basic ruleset", which for us is Beat to Quarters v2.1's shore: she
is aground and out of the battle.

Here a shoal is a piece of terrain of kind ``shoal`` with a ``depth``: the rate
that feels her way over it.  Rates are ordered as the tables list them, from
the deepest draft (1st rate) down.  Unrated shoals (a reef awash) stay what
they are without the option: shore to every ship.  A test passed lets her
across that shoal for the rest of the segment (a turn at its end included);
the next segment that takes her in, out or through it tests again.  Shoals
are under water: they never block the sight of guns.  The number of
successes is under ``options.shoals``; docs/READINGS.md has the readings.
"""

from __future__ import annotations

from collections.abc import Collection

from game.systems.btq21 import board
from game.systems.btq21.events import Out
from game.systems.btq21.state import GameState, Ship
from game.systems.btq21.success import success_test
from game.table.space import Sweep

NAME = "shoals"
PURPOSE = "shoal"


def sweep(
    state: GameState, ship: Ship, distance: float, out: Out, heading: float | None = None
) -> tuple[Sweep, list[str]]:
    """Slide her as board.sweep does, testing her crew at each shoal of her own draft she meets.

    Returns the sweep and the shoals she passed.  A failed test leaves the
    shoal as the contact: she is aground where she met it.
    """
    passed: list[str] = []
    testing = set(to_test(state, ship))
    successes = int(state.rules.options[NAME]["successes"]) if testing else 0
    while True:
        sw = board.sweep(state, ship.id, distance, heading, passing=passed)
        c = sw.contact
        if c is None or c.kind != "shoal" or c.id not in testing or c.id in passed:
            return sw, passed
        if not success_test(state, ship, f"{PURPOSE}:{c.id}", successes, out):
            return sw, passed
        passed.append(c.id)


def to_test(state: GameState, ship: Ship) -> Collection[str]:
    """The shoals she would test at: every rated shoal of her own draft (deeper ones ground her, shallower
    ones she sails over; board.space tells the table which)."""
    mine = board.draft(state, ship.rate)
    return [sid for sid, depth in board.rated_shoals(state).items() if board.draft(state, depth) == mine]
