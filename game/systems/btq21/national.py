"""Option ``national``: Gifford's National Differences.

Gifford gives some fleets a knack of their own.  On this table:

A ship's nation is the flag of the squadron that crews her.

* Ship handling.  His movement is a throw of D4s of which a player may take
  the total or one die; Spanish captains only the total or the largest die,
  elite and crack crews also any two.  Here a segment's move already runs from
  a least way to the most: the choice a crew has is that least way, a
  fraction of the most.  A good crew's is smaller (it may shorten sail to a
  nicety), a Spanish ship's larger (she sails all or nearly all).  The crew's
  skill is read first, then her nation.
* British rate of fire.  His British fire each broadside twice a turn, never
  twice in one phase.  Here a British broadside may be fired twice a turn,
  never twice in the same segment (before she moves, after her first
  segment, and so on; as she bears, in the segment of the ship sailing by).
  A broadside fired once stays ready; the second firing spends it.
* American gunnery.  His Americans shift a column of damage for their
  accuracy; here that is added to every gun's to-hit roll.

The numbers are under ``options.national``; docs/READINGS.md has the readings.
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21.state import GameState, Ship, option_on

NAME = "national"


def enabled(state: GameState) -> bool:
    return option_on(state, NAME)


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def nation(state: GameState, ship: Ship) -> str:
    """The nation that crews her: her squadron's flag, not the yard that built her."""
    sq = state.squadrons.get(ship.squadron)
    return sq.nation if sq is not None else ship.nation


def least_way(state: GameState, ship: Ship) -> float:
    """The fraction of a segment's most she must sail: her crew's knack, else her nation's, else the book's."""
    base = float(state.rules.minimum_fraction)
    if not enabled(state):
        return base
    s = spec(state)
    by_quality, by_nation = s["handling_by_quality"], s["handling_by_nation"]
    if ship.quality in by_quality:
        return float(by_quality[ship.quality])
    return float(by_nation.get(nation(state, ship), base))


def volleys(state: GameState, ship: Ship) -> int:
    """How many times a turn she may fire each broadside."""
    if not enabled(state):
        return 1
    return int(spec(state)["volleys"].get(nation(state, ship), 1))


def to_hit(state: GameState, ship: Ship) -> int:
    """Her nation's knack with the guns, added to every gun's to-hit roll."""
    if not enabled(state):
        return 0
    return int(spec(state)["to_hit"].get(nation(state, ship), 0))


def stamp(state: GameState) -> str:
    """The segment of the turn a broadside is fired in: whose activation, and how far she has sailed."""
    act = state.activation
    return f"{act.ship}:{act.segment}" if act is not None else f"turn:{state.turn}"


def fired_here(state: GameState, ship: Ship, side: str) -> bool:
    """She fired this broadside once already in this very segment (so not again now)."""
    return f"{side}@{stamp(state)}" in ship.volleys


def ready(state: GameState, ship: Ship, side: str) -> bool:
    """This broadside (or chaser) may be fired now, as far as firing it before goes."""
    return side not in ship.fired and not fired_here(state, ship, side)


def refusal(state: GameState, ship: Ship, side: str) -> str | None:
    if fired_here(state, ship, side):
        return (
            f"{ship.name} fired her {side} guns in this segment already: a second broadside must wait "
            f"until she or the ship sailing by has moved on (National Differences)"
        )
    return None


def spend(state: GameState, ship: Ship, side: str) -> None:
    """Mark a broadside fired: spent, or for a British ship's first firing, fired once and still ready."""
    done = sum(1 for v in ship.volleys if v.split("@", 1)[0] == side) + 1
    if done < volleys(state, ship):
        ship.volleys = (*ship.volleys, f"{side}@{stamp(state)}")
    else:
        ship.fired = (*ship.fired, side)


def fired_once(ship: Ship, side: str) -> bool:
    """A British broadside fired once this turn and still ready for a second."""
    return any(v.split("@", 1)[0] == side for v in ship.volleys)


def knacks(state: GameState, ship: Ship) -> list[str]:
    """What her nation and crew give her under the option, as the card's chips say it."""
    if not enabled(state) or ship.shore_battery:
        return []
    out = []
    if volleys(state, ship) > 1:
        out.append(f"{volleys(state, ship)} rounds a broadside")
    if to_hit(state, ship):
        out.append(f"Gunnery {to_hit(state, ship):+d}")
    least = least_way(state, ship)
    if least != float(state.rules.minimum_fraction):
        out.append(f"Least way {least:.0%}")
    return out
