"""Points and the end of the battle.

Default conditions (a scenario may add to them): the battle ends at the end
of a turn when one side has no ship able to fight, or at the end of the last
turn.  Each enemy ship sunk, exploded, aground or struck scores her value,
a captured one half as much again, one that left the table half her value
(unless her side was meant to leave by that edge, when her own side scores
her value: a blockade run).  The scenario's objectives (objectives.py) score
besides, or alone when its victory ``mode`` is ``objectives``.  The side with
more points wins; equal points are a draw.

Ship value = guns + hull/10 + rigging/10 + crew/5 at the start of the
battle (factors in the rules data), rounded to a whole number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.content.model import RuleSet, Scenario
from game.systems.account import PointsEntry, totals
from game.systems.btq21 import events as ev
from game.systems.btq21 import objectives as obj
from game.systems.btq21.events import Out
from game.systems.btq21.objectives import Objective
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
    """The edge each side is meant to leave by, if the scenario names one (a blockade run, a convoy)."""
    return obj.exit_edges(scenario.victory) if scenario is not None else {}


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
    ships: list[Standing],
    sides: tuple[str, ...],
    rules: RuleSet,
    exits: Mapping[str, str],
    objectives: Sequence[Objective] = (),
    held: Iterable[str] = (),
    mode: str = "points",
) -> list[PointsEntry]:
    """Every score of the battle, ship by ship, then objective by objective: the points are these and nothing else.

    ``exits`` (side -> edge) are escapes as the old ``exit_edges`` gave them, for callers with no objectives;
    ``held`` the zones held (``"objective@turn"``).  In mode ``objectives`` a ship lost scores nobody anything
    by herself: only what the objectives say counts.  An entry with no points says why a ship lost to her side
    scored for nobody (a prize retaken, a fireship spent).
    """
    vic = rules.victory
    aims = list(objectives) or list(obj.objectives_of({"exit_edges": dict(exits)}))
    by_ship = mode != "objectives"
    out: list[PointsEntry] = []
    for st in ships:
        enemies = [s for s in sides if s != st.owner] if by_ship else []
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
            aim = obj.escape_for(aims, st.ship, st.owner, st.exit_edge)
            if aim is not None and aim.kind == obj.ESCAPE:
                out.append(obj.escape_entry(aim, st.ship, st.owner, st.value, st.exit_edge))
            elif aim is None:
                out += _to(enemies, st, LEFT_TABLE, float(vic["left_table"]), _WHY[LEFT_TABLE])
    for aim in aims:
        if aim.kind in (obj.PROTECT, obj.TAKE, obj.DESTROY) and aim.points is not None:
            for st in ships:
                why = obj.done_by(aim, st.ship, st.owner, st.side, st.status, st.exit_edge)
                if why:
                    out.append(PointsEntry(aim.side, st.ship, obj.REASON[aim.kind], aim.points, aim.points, 1.0, why))
    out += obj.held_entries(aims, held)
    return out


def _to(sides: list[str], st: Standing, reason: str, share: float, why: str) -> list[PointsEntry]:
    """Her value times ``share`` to each of ``sides``."""
    return [PointsEntry(side, st.ship, reason, st.value * share, st.value, share, why) for side in sides]


def points_account(state: GameState) -> list[PointsEntry]:
    victory = state.scenario.victory if state.scenario is not None else None
    return scoring(
        standings(state), state.sides, state.rules, {}, obj.objectives_of(victory), state.held, obj.mode_of(victory)
    )


def points(state: GameState) -> dict[str, float]:
    """Each side's points: the sum of :func:`points_account`, rounded to a tenth."""
    return {k: round(v, 1) for k, v in totals(points_account(state), state.sides).items()}


def fighting_sides(state: GameState) -> list[str]:
    return [side for side in state.sides if any(s.side == side and s.status == AFLOAT for s in state.ships.values())]


def check_end(state: GameState, out: Out) -> bool:
    """End-phase check; True (and a game_over event) when the battle is over.

    Zones are held first (each turn's, then an objective that ends the battle), so the last turn's count.
    """
    hold_turn(state, out)
    done = _done(state)
    if done is not None:
        finish(state, out, done)
        return True
    alive = fighting_sides(state)
    if len(alive) >= 2 and state.turn < state.turn_limit:
        return False
    reason = (
        "turn limit"
        if len(alive) >= 2
        else ("no ship left able to fight" if not alive else f"only {alive[0]} can fight")
    )
    finish(state, out, reason)
    return True


def check_now(state: GameState, out: Out) -> bool:
    """After a command: True (the battle over) if it did what an objective that ends the battle asks."""
    if state.phase == "over" or not any(o.ends and o.kind != obj.HOLD for o in obj.for_state(state)):
        return False
    done = _done(state)
    if done is None:
        return False
    finish(state, out, done)
    return True


#: How the ``game_over`` reason says an objective that ends the battle was done.
_DONE = {
    obj.ESCAPE: "the last of them is away or out of the fight",
    obj.PROTECT: "all of them are away",
    obj.TAKE: "taken",
    obj.DESTROY: "destroyed",
    obj.HOLD: "held",
}


def _done(state: GameState) -> str | None:
    for o in obj.for_state(state):
        if o.ends and obj.fulfilled(state, o):
            return f"{o.title}: {_DONE.get(o.kind, 'done')}"
    return None


def hold_turn(state: GameState, out: Out) -> None:
    """At the end of a turn, each zone scored every turn that its side alone holds."""
    for o in obj.for_state(state):
        if o.kind == obj.HOLD and o.when == "turn" and obj.holder(state, o):
            _held(state, out, o, state.turn)


def _held(state: GameState, out: Out, o: Objective, turn: int) -> None:
    state.held = (*state.held, f"{o.id}@{turn}")
    out.emit(ev.ObjectiveHeld(objective=o.id, side=o.side, points=float(o.points or 0.0), held_turn=turn))


def finish(state: GameState, out: Out, reason: str) -> None:
    """The battle is over: zones held at the end score, then the points decide (equal points: a draw)."""
    for o in obj.for_state(state):
        if o.kind == obj.HOLD and o.when == "end" and obj.holder(state, o):
            _held(state, out, o, 0)
    account = points_account(state)
    pts = {k: round(v, 1) for k, v in totals(account, state.sides).items()}
    best = max(pts.values()) if pts else 0
    leaders = [s for s, v in pts.items() if v == best]
    winner = leaders[0] if len(leaders) == 1 else None
    state.phase = "over"
    state.winner = winner
    state.points = pts
    state.result = reason
    state.activation = None
    out.emit(ev.GameOver(winner=winner, points=pts, reason=reason, objectives=obj.logged_rows(account) or None))
