"""Gunnery orders of the scripted player: the closest enemy, at the first chance.

The solo rules leave the ship no choice: she fires at the closest enemy she
can bear on, as soon as she can, in her own activation and (through Fire As
She Bears) in the enemy's.  What is left to decide is written down here:

* Aim: at the track (hull or rigging) this broadside would cripple soonest,
  in expected hits against the points still to lose before it is crippled;
  a track already crippled counts as one point away, since every further
  loss to it makes the crew test morale; the rigging is reckoned with Chain
  Shot's help when she may try it.  A blockade runner's rigging is
  aimed at until it is crippled, whatever the sums: a slow runner is caught.
* Chain Shot: tried whenever the rigging is the aim and the range is one the
  special action helps at (point blank or close), if the special is unused.

Expected hits measure a shot for the best firing position (``expected_hits``).
"""

from __future__ import annotations

from game.ai.base import exit_edges
from game.systems.base import Option
from game.systems.btq21 import board
from game.systems.btq21.broadside import AIMS, Shot, hits_on, plan_shot
from game.systems.btq21.commands import Command
from game.systems.btq21.state import AFLOAT, GameState, Ship

#: A rake's automatic critical, counted as this many hits when comparing positions.
RAKE_CRITICAL_WORTH = 4.0


def foes(state: GameState, ship: Ship) -> list[Ship]:
    """Enemies still fighting: afloat, of another side."""
    return [s for s in state.ships.values() if s.side != ship.side and s.status == AFLOAT]


def closest_enemy(state: GameState, ship: Ship) -> Ship | None:
    """The enemy to steer by: the closest ship afloat, a shore battery only when no ship is left."""
    enemies = foes(state, ship)
    sailing = [s for s in enemies if not s.shore_battery] or enemies
    if not sailing:
        return None
    return min(sailing, key=lambda s: (board.closest_distance(state, ship.id, s.id), s.id))


def expected_hits(shot: Shot) -> float:
    """Mean hits of a broadside, counting the extra die each natural maximum brings."""
    total = 0.0
    for count, sides in ((shot.d10, 10), (shot.d6, 6)):
        if count:
            p = sum(1 for f in range(1, sides + 1) if hits_on(f, shot.needed, shot.modifier)) / sides
            total += count * sides / (sides - 1) * p
    if shot.rake:
        total += RAKE_CRITICAL_WORTH
    return total


def aim_at(state: GameState, firer: Ship, side: str, target: Ship, chain_shot: bool = False) -> str:
    """The track this broadside would cripple soonest (see the module's readings).

    ``chain_shot``: she may try Chain Shot, so the rigging is reckoned with its help.
    """
    if target.shore_battery:
        return "hull"
    if (target.original_side or target.side) in exit_edges(state) and not target.crippled("rigging"):
        return "rigging"
    best, best_need = "hull", float("inf")
    for aim in AIMS:
        shot = plan_shot(state, firer, side, target, aim, chain_shot=chain_shot and aim == "rigging")
        if isinstance(shot, str):
            continue
        left = 1 if target.crippled(aim) else max(1, getattr(target, aim + "_cripple") - target.lost(aim))
        need = left / max(expected_hits(shot), 1e-6)
        if need < best_need - 1e-9:
            best, best_need = aim, need
    return best


def fire_order(state: GameState, options: list[Option]) -> Command | None:
    """The broadside to fire now: the one whose target is the closest enemy it bears on."""
    best: tuple[float, int, Option] | None = None
    for i, opt in enumerate(options):
        if opt.type != "fire":
            continue
        dist = board.closest_distance(state, opt.ship, opt.fixed["target"])
        if best is None or (dist, i) < best[:2]:
            best = (dist, i, opt)
    if best is None:
        return None
    opt = best[2]
    target = state.ships[opt.fixed["target"]]
    # Chain Shot is offered only where it helps: at the rigging, at point blank or close range.
    chained = next(
        (
            o
            for o in options
            if o.type == "fire"
            and o.fixed.get("chain_shot")
            and (o.fixed["side"], o.fixed["target"]) == (opt.fixed["side"], opt.fixed["target"])
        ),
        None,
    )
    aim = aim_at(state, state.ships[opt.ship], opt.fixed["side"], target, chain_shot=chained is not None)
    if aim == "rigging" and chained is not None:
        return chained.command()
    if aim not in opt.choices.get("aim", ("hull",)):
        aim = "hull"
    return opt.command(aim=aim)
