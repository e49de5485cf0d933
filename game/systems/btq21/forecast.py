"""What a move tried on a trial tells the player before he commits it: no dice, only the odds.

The trial has dice of its own (every die at its mean), so its outcomes are
never shown as if they had happened: only what happens for certain, the dice
that will be rolled and the exact chance of each outcome that matters, worked
out from the rules on the state as it is (:mod:`odds`).
"""

from __future__ import annotations

import math
from typing import Any

from game.systems.base import Command, Preview, Refusal
from game.systems.btq21 import movement
from game.systems.btq21.engine import apply
from game.systems.btq21.odds import Loss, loss, percent
from game.systems.btq21.sandbox import sandbox
from game.systems.btq21.state import GameState
from game.table.written import inches


def preview(state: GameState, command: Command) -> Preview:
    """Where the command leaves its ship, what the player should be warned of, and what her next segment is."""
    work = sandbox(state)
    result = apply(work, command)
    if isinstance(result, Refusal):
        return Preview(refused=result.reason)
    sid = getattr(command, "ship", "")
    ship = work.ships[sid]
    start = state.ships[sid]
    pv = Preview(
        pose=ship.pose,
        travelled=math.hypot(ship.x - start.x, ship.y - start.y),
        warnings=forecast(state, result),
        events=list(result),
    )
    act = work.activation
    if act is not None and act.ship == sid and not act.movement_over and act.segment < act.segments_allowed:
        p = movement.plan(work, act, ship)
        way = "taken aback" if p.aback else p.disposition
        pv.next = f"next segment: {way}, {p.minimum:.1f}–{inches(p.maximum)}"
    elif pv.refused is None:
        pv.next = "her movement ends here"
    return pv


def forecast(state: GameState, events: list[dict[str, Any]]) -> list[str]:
    """What the player should know before committing, from a trial's events and the rules' odds.

    The trial's own outcomes (who sank with dice at their mean) are never
    shown: only what happens for certain, the dice that will be rolled, and
    the chance of each outcome that matters, worked out on ``state`` as it is.
    """
    out = []
    for e in events:
        line = _warning(state, e)
        if line:
            out.append(line)
    return out


def _warning(state: GameState, e: dict[str, Any]) -> str | None:
    t = e["type"]

    def name(key: str) -> str:
        sid = e.get(key)
        s = state.ships.get(sid) if isinstance(sid, str) else None
        return s.name if s else str(sid)

    if t == "collision":
        mover, other = state.ships[e["ship"]], state.ships[e["other"]]
        ours, theirs = len(e["faces"]), len(e["other_faces"])
        text = f"collision with {other.name}: {ours}D6 hull to her, {theirs}D6 to {other.name}"
        return text + _chances([loss(mover, "hull", ours), loss(other, "hull", theirs)], state, "sinks")
    if t == "taken_aback":
        ship = state.ships[e["ship"]]
        dice = len(e["faces"])
        text = f"taken aback: she stops and loses {dice}D6 rigging"
        return text + _chances([loss(ship, "rigging", dice)], state, "is dismasted")
    if t in ("fire_spreads", "leak_worsens"):
        ship = state.ships[e["ship"]]
        what, count = ("fire", ship.fires) if t == "fire_spreads" else ("leak", ship.leaks)
        dice = len(e["faces"])
        text = f"the {what}s she leaves alone spread: one more {what} and {dice}D6 crew"
        if count + 1 >= int(state.rules.sink_at):
            return text + f" — {count + 1} {what}s sink her"
        return text + _chances([loss(ship, "crew", dice)], state, "strikes")
    if t == "aground":
        return f"runs aground on {str(e.get('on', 'land')).replace('_', ' ')}: she is lost"
    if t == "left_table":
        return f"leaves the table by the {e.get('edge', '')} edge"
    if t == "grapple":
        return f"comes alongside {name('target')} and grapples: the boarding is fought in the boarding phase"
    if t == "snap_chance":
        return f"{name('ship')} may snap fire at her as she comes alongside (point blank, half her dice)"
    if t == "boarding_failed":
        return f"no room alongside {name('target')}"
    return None


def _chances(losses: list[Loss], state: GameState, gone_word: str) -> str:
    """'; 38% that Guerriere sinks, 60% that her hull is crippled' -- only the chances that are there."""
    parts = []
    for lo in losses:
        who = state.ships[lo.ship].name
        if lo.gone > 0.0:
            parts.append(f"{percent(lo.gone)} that {who} {gone_word}")
        elif lo.crippled > 0.0:
            parts.append(f"{percent(lo.crippled)} that {who}'s {lo.track} is crippled (a morale test)")
    return ("; " + ", ".join(parts)) if parts else ""
