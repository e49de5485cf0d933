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

- **The lead ship first.** A ship whose bow lies on a friend still to act
  would run into him with her least way: that friend is sent first, so he
  sails on and clears her (``lead_of``, ``clear_ahead``).  Sent first, he must
  not end his activation still across her bow, or she meets him all the same:
  that costs him the collision (``blocking``).

Keeping line (the squadron near its flagship) is the look-ahead's own
cohesion term (``plan.COHESION_COST``).
"""

from __future__ import annotations

from collections.abc import Collection

from game.ai.captain import reach
from game.systems.btq21 import board
from game.systems.btq21.disposition import ABACK
from game.systems.btq21.evaluation import Appraiser
from game.systems.btq21.movement import rate_limits, ship_disposition
from game.systems.btq21.odds import MEAN_D6
from game.systems.btq21.state import GameState, Ship

#: A broadside at an enemy a friend is about to fire on is worth this much more (a share of its value).
DOUBLE_SHARE = 0.25
#: Her next broadside at an enemy pressing a crippled friend counts again at this share.
COVER_WEIGHT = 0.3
#: Friends farther than this (inches between the bases) are not weighed: in a fleet action the
#: squadron she works with is the ships about her, and weighing seventy would cost the decision its time.
NEAR = 24.0
#: A friend still to act who lies within this many of her least segments straight ahead is in her way:
#: after the first she may turn, but a turn of 15-45 degrees seldom takes a base clear of a ship dead ahead.
WAY_SEGMENTS = 2.0


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


def in_her_way(state: GameState, ship: Ship, waiting: Collection[str]) -> str | None:
    """The ship of ``waiting`` that her least way straight on would run into, if any.

    ``waiting``: for ``lead_of`` her squadron's ships yet to activate; for ``blocking`` the one friend
    whose place is weighed."""
    if ship.adrift or ship.sail is None or ship.boarding_with or ship.shore_battery:
        return None
    disp = ship_disposition(state, ship)
    if disp == ABACK:
        return None  # she stops where she is and turns: no way to run into anybody
    least, _ = rate_limits(state, ship, disp)
    way = WAY_SEGMENTS * least
    if least <= 0.0 or all(reach.out_of_reach(ship, state.ships[w], way, 0.0) for w in waiting):
        return None  # a sure no, without sweeping her base along the table (a line in close order has many)
    hit = board.space(state).sweep(ship.id, way).contact
    return hit.id if hit is not None and hit.kind == "ship" and hit.id in waiting else None


def lead_of(state: GameState, order: list[str]) -> str:
    """The ship to send first of ``order`` (ships still to act, the one wanted first at its head).

    Whoever would go first but has a friend still to act close ahead of her bow sends that friend
    first (and his own, if he has one): he sails on and leaves her room.  Sent first, she would
    have to sail her least way into him (a collision costs both hulls dice of damage, and leaves
    them aligned in contact to do it again next turn).
    """
    pick, seen = order[0], {order[0]}
    while (ahead := in_her_way(state, state.ships[pick], set(order) - seen)) is not None:
        pick = ahead
        seen.add(pick)
    return pick


def clear_ahead(state: GameState, order: list[str]) -> list[str]:
    """``order`` with each ship after any friend still to act lying in her way (``lead_of``, again and again)."""
    left, out = list(order), []
    while left:
        out.append(lead_of(state, left))
        left.remove(out[-1])
    return out


def blocking(ap: Appraiser, state: GameState, me: Ship) -> float:
    """What her lying here costs her side in collisions: the hull both ships lose (at the means) for each
    friend still to act this turn whose least way straight on would run into her (``in_her_way``).

    Sent first so as to clear a friend's bow (``lead_of``), a ship that ends her activation still
    across it leaves him no choice: he must sail at least half his rate and meets her.
    """
    dice = state.rules.collision_dice
    cost = 0.0
    for f in _friends(state, me):
        if not f.activated and in_her_way(state, f, (me.id,)) == me.id:  # (a shore battery runs into nobody)
            cost += ap.loss(me, hull=MEAN_D6 * int(dice[f.size])) + ap.loss(f, hull=MEAN_D6 * int(dice[me.size]))
    return cost
