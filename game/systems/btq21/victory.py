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


def ship_value(state: GameState, ship: Ship) -> int:
    f = state.rules.victory["value"]
    v = ship.guns * f["guns"] + ship.hull_start * f["hull"] + ship.rigging_start * f["rigging"]
    v += ship.crew_start * f["crew"]
    return int(v + 0.5)


def points(state: GameState) -> dict[str, float]:
    vic = state.rules.victory
    exits = (state.scenario.victory or {}).get("exit_edges", {}) if state.scenario else {}
    pts = {side: 0.0 for side in state.sides}
    for ship in state.ships.values():
        if ship.fireship:  # option fireships: spent by her own side, a prize for nobody
            continue
        value = ship_value(state, ship)
        owner = ship.original_side or ship.side
        enemies = [s for s in state.sides if s != owner]
        if ship.status in (SUNK, EXPLODED, AGROUND, STRUCK, DESTROYED):
            for e in enemies:
                pts[e] += value * float(vic["struck" if ship.status == STRUCK else "sunk"])
        elif ship.status == CAPTURED:
            if ship.side == ship.original_side:
                continue  # retaken by her own side: a prize for nobody
            for e in enemies:
                pts[e] += value * float(vic["captured"])
        elif ship.status == LEFT_TABLE:
            if exits.get(owner) and exits.get(owner) == ship.exit_edge:
                pts[owner] += value
            else:
                for e in enemies:
                    pts[e] += value * float(vic["left_table"])
    return {k: round(v, 1) for k, v in pts.items()}


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
