"""The squadron: doubling on a target and covering a crippled friend.

The one-activation look-ahead plans each ship alone.  Points come only from
ships that strike, sink or are taken, so damage spread over three enemies
scores nothing where the same damage on one may take her: a searching
captain weighs what her friends are about to do.

- **Doubling.** An enemy that a friend still to fire (this turn or next)
  has as her best target is worth more to hit: the broadsides of both bring
  her to the morale tests that take ships (``focus``).
- **Covering.** An enemy that can fire on a crippled or burning friend is one
  to bear on: her own next broadside at him counts again, at a share, so she
  sails to stand by the friend rather than leave him to be finished
  (``pressing`` and ``cover``).

Keeping line (the squadron near its flagship) is the look-ahead's own
cohesion term (``plan.COHESION_COST``).
"""

from __future__ import annotations

from game.ai.captain import reach
from game.systems.btq21.evaluation import Appraiser
from game.systems.btq21.state import GameState, Ship

#: A broadside at an enemy a friend is about to fire on is worth this much more (a share of its value).
DOUBLE_SHARE = 0.25
#: Her next broadside at an enemy pressing a crippled friend counts again at this share.
COVER_WEIGHT = 0.3
#: Friends farther than this (inches between the bases) are not weighed: in a fleet action the
#: squadron she works with is the ships about her, and weighing seventy would cost the decision its time.
NEAR = 24.0


def _friends(state: GameState, me: Ship) -> list[Ship]:
    return [
        s for s in state.ships.values()
        if s.side == me.side and s.id != me.id and reach.can_fight(s) and reach.gap(me, s) <= NEAR
    ]


def focus(ap: Appraiser, state: GameState, me: Ship) -> dict[str, float]:
    """Each enemy's factor on the worth of hitting her: 1, or more if a friend's best next shot is at her."""
    foes = reach.fighting_foes(state, me)
    out = {e.id: 1.0 for e in foes}
    for f in _friends(state, me):
        if f.shore_battery:
            continue
        shots = [(reach.next_shot(ap, state, f, e), e.id) for e in foes]
        value, target = max(shots, default=(0.0, ""))
        if value > 0.0:
            out[target] = 1.0 + DOUBLE_SHARE
    return out


def distressed(ship: Ship) -> bool:
    """A friend who needs covering: a crippled track, a fire, or adrift."""
    return ship.adrift or ship.fires > 0 or any(ship.crippled(t) for t in ("hull", "rigging", "crew"))


def pressing(ap: Appraiser, state: GameState, me: Ship) -> set[str]:
    """The enemies that can fire on one of her crippled or burning friends next activation."""
    out: set[str] = set()
    foes = reach.fighting_foes(state, me)
    for f in _friends(state, me):
        if distressed(f):
            out |= {e.id for e in foes if reach.next_shot(ap, state, e, f) > 0.0}
    return out


def cover(ap: Appraiser, state: GameState, me: Ship, foes: dict[str, float], enemies: set[str]) -> float:
    """Her best next broadside at one of ``enemies`` (those pressing a friend), at ``COVER_WEIGHT``."""
    if not enemies or not reach.can_fight(me):
        return 0.0
    near = {e: d for e, d in foes.items() if e in enemies}
    return COVER_WEIGHT * reach.potential(ap, state, me, near)
