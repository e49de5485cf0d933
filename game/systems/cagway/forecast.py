"""What a command tried on a trial tells the player before it is given: where she ends, what it costs.

The trial's dice are its own (every die at its mean), so its rolls are never
reported as if they had fallen: fire at will's warning names the die to come
and what each face would do.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.systems.base import Command, Preview, Refusal, Stick
from game.systems.cagway import gunnery, movement, sticks
from game.systems.cagway.commands import Drift, FireAtWill, Sail
from game.systems.cagway.engine import apply
from game.systems.cagway.sandbox import sandbox
from game.systems.cagway.state import MOVE, GameState, Ship
from game.systems.cagway.tables import NONE


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def sail_stick(state: GameState, ship: Ship, cmd: Sail) -> Stick | None:
    """The stick the leg is measured with, worded for the distance asked (None into the wind)."""
    turn = cmd.turn if isinstance(cmd.turn, (int, float)) and math.isfinite(cmd.turn) else 0.0
    dist = cmd.distance if isinstance(cmd.distance, (int, float)) and math.isfinite(cmd.distance) else 0.0
    leg = movement.plan_leg(state, ship, max(-movement.MAX_TURN, min(movement.MAX_TURN, float(turn))))
    if leg.stick == NONE:
        return None
    cost = sticks.points_for(max(0.0, float(dist)), leg.segment)
    words = f"{max(0.0, float(dist)) / leg.segment:.1f} segments, {_plural(cost, 'point')} of {ship.actions}"
    return replace(sticks.stick_of(state.tables, leg.stick, words), reach=ship.actions * leg.segment)


def preview(state: GameState, command: Command) -> Preview:
    """Where the command leaves its ship, what it costs her and what follows."""
    sid = getattr(command, "ship", "")
    start = state.ships.get(sid) if isinstance(sid, str) else None
    stick = sail_stick(state, start, command) if isinstance(command, Sail) and start is not None else None
    work = sandbox(state)
    result = apply(work, command, scratch=True)
    if isinstance(result, Refusal):
        return Preview(refused=result.reason, stick=stick)
    assert start is not None
    ship = work.ships[sid]
    pv = Preview(
        pose=ship.pose,
        travelled=math.hypot(ship.x - start.x, ship.y - start.y),
        warnings=warnings(state, command, result),
        events=list(result),
        stick=stick,
    )
    act = work.activation
    if isinstance(command, (Sail, Drift, FireAtWill)) or state.phase == MOVE:
        if work.phase == MOVE and act is not None and act.ship == sid:
            pv.next = f"she may go on: {_plural(ship.actions, 'action point')} left"
        else:
            pv.next = f"her move ends: {_plural(ship.actions, 'action point')} kept for the combat phase"
    return pv


def warnings(state: GameState, command: Command, events: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for e in events:
        t = e.get("type")
        if t == "move":
            line = (
                f"{e['stick']} stick, {e['sector']}° off the wind: {e['segments']:g} segments for "
                f"{_plural(int(e['points']), 'point')}; {_plural(int(e['actions_left']), 'point')} left"
            )
            if e.get("stopped_by"):
                line += f"; stopped by {_name(state, str(e['stopped_by']))}"
            out.append(line)
        elif t == "drift":
            out.append(
                "blocked: she does not move, only turns" if e.get("blocked") else "drifts one red segment downwind"
            )
            out.append("a drift costs all her action points")
        elif t == "shot" and e.get("hasty"):
            out.append(_hasty(state, command, e))
        elif t == "shot":
            out.append(
                f"{e['gun']} gun at range {e['range']}, {e['aim']} aim: effective range {e['effective']}, "
                f"{e['damage']} damage"
            )
        elif t == "crew_attack":
            out.append(f"her crew attacks at combat value {e['combat_value']}: {e['damage']} damage")
        elif t == "repair":
            points = _plural(int(e["points"]), "point")
            out.append(f"mends {e['hp_gained']} HP for {points}: no new action points until the next round")
        elif t == "captured":
            out.append(f"{_name(state, str(e['ship']))} is taken")
        elif t == "sunk":
            out.append(f"{_name(state, str(e['ship']))} goes down")
        elif t == "arrived":
            out.append("she reaches the destination: the Runner wins")
    return out


def _hasty(state: GameState, command: Command, e: dict[str, Any]) -> str:
    """Fire at will: the D6 to come and what its faces would do (never the trial's own roll)."""
    ship = state.ships[str(e["ship"])]
    left = ship.actions - state.tables.costs["fire"]
    die = state.tables.fire_at_will_die
    rng, column = int(e["range"]), str(e["column"])
    damages = [gunnery.shot_damage(state, column, rng, face if face <= left else 0)[1] for face in range(1, die + 1)]
    aims = max(0, min(left, die))
    mean = sum(damages) / len(damages)
    counts = f"{aims} in {die} that it counts (1–{aims})" if aims else "no point left after the shot: it cannot count"
    return (
        f"a D{die} for her aim: {counts}; range {rng}: "
        f"{min(damages)}–{max(damages)} damage, {mean:.1f} on average; all her points"
    )


def _name(state: GameState, sid: str) -> str:
    s = state.ships.get(sid)
    return s.name if s else sid
