"""Points and the end of the battle.

Default conditions (a scenario may add to them): the battle ends at the end
of a turn when one side has no ship able to fight, or at the end of the last
turn.  Each enemy ship sunk, exploded, aground or struck scores her value,
a captured one half as much again, one that left the table half her value
(unless her side was meant to leave by that edge, when her own side scores
her value: a blockade run).  The side with more points wins; equal points
are a draw.

Ship value = guns + hull/10 + rigging/10 + crew/5 at the start of the
battle (factors in the rules data), rounded to a whole number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.content.model import RuleSet, Scenario
from game.systems.account import PointsEntry, totals
from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out
from game.systems.btq21.state import (
    AFLOAT,
    AGROUND,
    CAPTURED,
    DESTROYED,
    EXPLODED,
    LEFT_TABLE,
    STRUCK,
    SUNK,
    GameState,
    Ship,
)


def value_of(rules: RuleSet, guns: int, hull: int, rigging: int, crew: int) -> int:
    """A ship's value from her guns and her tracks at the start of the battle (factors in the rules data)."""
    f = rules.victory["value"]
    v = guns * f["guns"] + hull * f["hull"] + rigging * f["rigging"]
    v += crew * f["crew"]
    return int(v + 0.5)


def ship_value(state: GameState, ship: Ship) -> int:
    return value_of(state.rules, ship.guns, ship.hull_start, ship.rigging_start, ship.crew_start)


@dataclass(frozen=True)
class Standing:
    """What the points need of a ship at the end: whose she was, whose she is, how she ended, what she is worth."""

    ship: str
    owner: str  # the side she began the battle on
    side: str  # the side she belongs to now (a prize changes hands)
    status: str
    value: int
    exit_edge: str = ""
    fireship: bool = False


def standings(state: GameState) -> list[Standing]:
    return [
        Standing(
            ship.id,
            ship.original_side or ship.side,
            ship.side,
            ship.status,
            ship_value(state, ship),
            ship.exit_edge,
            bool(ship.fireship),
        )
        for ship in state.ships.values()
    ]


def exit_edges(scenario: Scenario | None) -> dict[str, str]:
    """The edge each side is meant to leave by, if the scenario names one (a blockade run)."""
    return dict((scenario.victory or {}).get("exit_edges", {})) if scenario is not None else {}


#: How a ship's loss scored for the enemy, in the words of the points table.
_WHY = {
    SUNK: "sunk",
    EXPLODED: "blew up",
    AGROUND: "ran aground",
    DESTROYED: "silenced",
    STRUCK: "struck her colours",
    CAPTURED: "taken as a prize",
    LEFT_TABLE: "left the table",
}
_NOBODY = {
    "fireship": "a fireship, spent by her own side: she scores for nobody",
    "retaken": "taken, then retaken by her own side: a prize for nobody",
}


def scoring(
    ships: list[Standing], sides: tuple[str, ...], rules: RuleSet, exits: Mapping[str, str]
) -> list[PointsEntry]:
    """Every score of the battle, ship by ship: the points are these and nothing else.

    An entry with no points says why a ship lost to her side scored for nobody (a
    prize retaken, a fireship spent).
    """
    vic = rules.victory
    out: list[PointsEntry] = []
    for st in ships:
        enemies = [s for s in sides if s != st.owner]
        if st.fireship:  # option fireships: spent by her own side, a prize for nobody
            if st.status != AFLOAT:
                out.append(PointsEntry(st.owner, st.ship, "fireship", 0.0, st.value, 0.0, _NOBODY["fireship"]))
            continue
        if st.status in (SUNK, EXPLODED, AGROUND, STRUCK, DESTROYED):
            out += _to(enemies, st, st.status, float(vic["struck" if st.status == STRUCK else "sunk"]), _WHY[st.status])
        elif st.status == CAPTURED:
            if st.side == st.owner:
                out.append(PointsEntry(st.owner, st.ship, "retaken", 0.0, st.value, 0.0, _NOBODY["retaken"]))
                continue
            out += _to(enemies, st, CAPTURED, float(vic["captured"]), _WHY[CAPTURED])
        elif st.status == LEFT_TABLE:
            if exits.get(st.owner) and exits.get(st.owner) == st.exit_edge:
                why = f"escaped by the {st.exit_edge} edge, as her side set out to"
                out.append(PointsEntry(st.owner, st.ship, "escaped", float(st.value), st.value, 1.0, why))
            else:
                out += _to(enemies, st, LEFT_TABLE, float(vic["left_table"]), _WHY[LEFT_TABLE])
    return out


def _to(sides: list[str], st: Standing, reason: str, share: float, why: str) -> list[PointsEntry]:
    """Her value times ``share`` to each of ``sides``."""
    return [PointsEntry(side, st.ship, reason, st.value * share, st.value, share, why) for side in sides]


def points_account(state: GameState) -> list[PointsEntry]:
    return scoring(standings(state), state.sides, state.rules, exit_edges(state.scenario))


def points(state: GameState) -> dict[str, float]:
    """Each side's points: the sum of :func:`points_account`, rounded to a tenth."""
    return {k: round(v, 1) for k, v in totals(points_account(state), state.sides).items()}


def fighting_sides(state: GameState) -> list[str]:
    return [side for side in state.sides if any(s.side == side and s.status == AFLOAT for s in state.ships.values())]


def check_end(state: GameState, out: Out) -> bool:
    """End-phase check; True (and a game_over event) when the battle is over."""
    alive = fighting_sides(state)
    if len(alive) >= 2 and state.turn < state.turn_limit:
        return False
    reason = (
        "turn limit"
        if len(alive) >= 2
        else ("no ship left able to fight" if not alive else f"only {alive[0]} can fight")
    )
    pts = points(state)
    best = max(pts.values()) if pts else 0
    leaders = [s for s, v in pts.items() if v == best]
    winner = leaders[0] if len(leaders) == 1 else None
    state.phase = "over"
    state.winner = winner
    state.points = pts
    state.result = reason
    state.activation = None
    out.emit(ev.GameOver(winner=winner, points=pts, reason=reason))
    return True
