"""What a Cagway Bay position is worth to a side, in the scenario's own currency.

A computer player that looks ahead plays a plan out on a trial and needs to
say how much better off the trial leaves her side: this module says it from
the rules alone (it knows nothing of how any player chooses).

* **Material** (every scenario): what the fleet battle scores, counted as it
  stands now: an enemy sunk or taken is worth her card's points times the
  tables' share, one dead in the water the ``dead`` share, and a hurt ship the
  ``dead`` share in proportion to the HP she has lost (so a HP is worth more
  on a small ship than on a big one, and taking a dead ship as a prize is
  worth the difference between the two shares).  What one side gains the
  other loses.
* **Blockade run**: the battle is won or lost with the carrier, so on top of
  the material the position is worth, for each ship that may be the carrier
  (weighed by how likely she is to be it, as the side judging may know):
  the whole stake if she has arrived, minus the whole stake if she is taken
  or sunk, and otherwise a charge for every inch she still has to sail to the
  island, for each HP she has lost, and a large part of the stake if she is
  dead in the water (the Blocker has only to take her).  The Blocker does not
  know the carrier, so he weighs every runner still in the fight alike; the
  Runner knows her.

The distance to the island is straight by default; a caller that knows the
way round the islands (a pilot) may pass its own measure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.systems.cagway import board
from game.systems.cagway.state import GameState, Ship
from game.systems.cagway.victory import BLOCKADE, terms

#: Distance still to sail to the destination island (inches), for the ship given.
Distance = Callable[[GameState, Ship], float]


@dataclass(frozen=True)
class Stakes:
    """The weights of a blockade run, in fleet points (a frigate is 30)."""

    #: The run won or lost.
    win: float = 100.0
    #: Each inch the carrier still has to sail.
    inch: float = 1.25
    #: Each HP the carrier has lost, as a share of her HP: her safety (a hurt carrier is slower and nearer death).
    hurt: float = 20.0
    #: The carrier dead in the water: this share of the stake is as good as lost.
    dead: float = 0.6
    #: How much the fleet's material counts beside the run.
    material: float = 1.0


STAKES = Stakes()


def ship_loss(state: GameState, ship: Ship) -> float:
    """What her first side has lost in her (fleet points): sunk, taken, dead, or the HP gone from her."""
    value = float(state.card_of(ship).points)
    shares = state.tables.victory
    if not ship.on_table:
        return value * float(shares["sunk"])
    if ship.side != (ship.original_side or ship.side):
        return value * float(shares["captured"])
    if ship.dead:
        return value * float(shares["dead"])
    lost = max(0, ship.hp_max - ship.hp) / max(1, ship.hp_max)
    return value * float(shares["dead"]) * lost


def material(state: GameState, side: str) -> float:
    """The fleet's standing for ``side``: what her enemies have lost less what she has lost."""
    total = 0.0
    for s in state.ships.values():
        owner = s.original_side or s.side
        total += -ship_loss(state, s) if owner == side else ship_loss(state, s)
    return total


def straight_distance(state: GameState, ship: Ship) -> float:
    """Inches from her base to the destination island, in a straight line (through islands)."""
    dest = terms(state).get("destination", "")
    if not dest:
        return 0.0
    return max(0.0, board.island_distance(state, ship, dest))


def candidates(state: GameState) -> list[str]:
    """The runners that may still carry the prize, as anyone may tell: on the table and still the Runner's.

    (A runner sunk or taken while the battle goes on was not the carrier: the battle would have ended.)
    """
    runner = terms(state).get("runner", "")
    return sorted(s.id for s in state.ships.values() if s.original_side == runner and s.side == runner and s.on_table)


def carrier_run(state: GameState, ship_id: str, distance: Distance, stakes: Stakes = STAKES) -> float:
    """What the run is worth to the Runner if ``ship_id`` carries the prize (from -win to +win)."""
    t = terms(state)
    ship = state.ships.get(ship_id)
    if ship is None or not ship.on_table or ship.side != t.get("runner", ""):
        return -stakes.win
    dest = t.get("destination", "")
    if dest and board.island_distance(state, ship, dest) <= board.TOUCH:
        return stakes.win
    if ship.dead:
        return -stakes.dead * stakes.win
    lost = max(0, ship.hp_max - ship.hp) / max(1, ship.hp_max)
    return -stakes.inch * distance(state, ship) - stakes.hurt * lost


def worth(
    state: GameState,
    side: str,
    belief: Mapping[str, float] | None = None,
    distance: Distance = straight_distance,
    stakes: Stakes = STAKES,
) -> float:
    """What the position is worth to ``side`` (fleet points; higher is better).

    ``belief``: in a blockade run, each ship that may carry the prize and how likely she is to (the
    Runner's own knowledge, or the Blocker's guess); by default every candidate alike.
    """
    value = stakes.material * material(state, side)
    t = terms(state)
    if t.get("mode") != BLOCKADE:
        return value
    runner = t.get("runner", "")
    sign = 1.0 if side == runner else -1.0
    if state.winner is not None:
        return value + (stakes.win if state.winner == side else -stakes.win)
    if belief is None:
        ids = candidates(state)
        belief = {i: 1.0 / len(ids) for i in ids} if ids else {}
    run = sum(p * carrier_run(state, sid, distance, stakes) for sid, p in belief.items())
    return value + sign * run
