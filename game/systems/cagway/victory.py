"""How a Cagway Bay battle ends, and its points.

Blockade run (the book's scenario): the Runner wins the moment the ship with
the prize aboard touches the destination island; the Blocker wins the moment
she is captured or sunk, and (a reading) when the last turn ends without her
arriving.

Fleet (open warfare, built by points): at the end each side scores the points
of the enemy ships sunk or captured (the tables' shares, full by default) and
a share of those left dead in the water; more points wins, equal points are a
draw.  A side with nothing afloat (every ship sunk or taken) loses at once.

Points in either mode are the fleet's (the blockade's winner is the mission's,
whatever the points): :func:`scoring` works them out from each ship's
standing, so the after-action account can work them out from the log alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.systems.account import PointsEntry, totals
from game.systems.cagway import board
from game.systems.cagway import events as ev
from game.systems.cagway.events import Out
from game.systems.cagway.state import OVER, GameState

BLOCKADE, FLEET = "blockade_run", "fleet"
MODES = (BLOCKADE, FLEET)


@dataclass(frozen=True)
class Standing:
    """What the points need of a ship: whose she was, whose she is, how she stands, what she is worth."""

    ship: str
    owner: str  # the side she began on
    side: str  # the side she is on now
    sunk: bool
    dead: bool
    value: int


def standings(state: GameState) -> list[Standing]:
    return [
        Standing(s.id, s.original_side or s.side, s.side, not s.on_table, s.dead, state.card_of(s).points)
        for s in state.ships.values()
    ]


def scoring(ships: Iterable[Standing], sides: Iterable[str], shares: Mapping[str, float]) -> list[PointsEntry]:
    """Every score of the battle, ship by ship (the tables' ``victory`` shares).

    Sunk: each enemy of her first side scores her value times ``sunk``.  Taken (on another side than
    she began with, afloat): the side holding her scores ``captured``.  Dead in the water on her own
    side: each enemy scores ``dead``.  A prize retaken by her own side scores nothing.
    """
    every = tuple(sides)
    out: list[PointsEntry] = []
    for st in ships:
        enemies = [s for s in every if s != st.owner]
        if st.sunk:
            share = float(shares["sunk"])
            out += [PointsEntry(e, st.ship, "sunk", st.value * share, st.value, share, "sunk") for e in enemies]
        elif st.side != st.owner:
            share = float(shares["captured"])
            out.append(PointsEntry(st.side, st.ship, "captured", st.value * share, st.value, share, "taken as a prize"))
        elif st.dead:
            share = float(shares["dead"])
            why = "left dead in the water"
            out += [PointsEntry(e, st.ship, "dead", st.value * share, st.value, share, why) for e in enemies]
    return out


def points_account(state: GameState) -> list[PointsEntry]:
    return scoring(standings(state), state.sides, state.tables.victory)


def points(state: GameState) -> dict[str, float]:
    """Each side's points, the sum of :func:`points_account` rounded to a tenth."""
    return {k: round(v, 1) for k, v in totals(points_account(state), state.sides).items()}


def terms(state: GameState) -> dict[str, str]:
    """The scenario's victory terms (mode; runner, blocker and destination in a blockade run)."""
    raw = state.extra.get("victory", {}) or {}
    return {str(k): str(v) for k, v in dict(raw).items()}


def afloat_sides(state: GameState) -> list[str]:
    """The sides with a ship of theirs still on the table."""
    return [side for side in state.sides if any(s.side == side and s.on_table for s in state.ships.values())]


def finish(state: GameState, out: Out, winner: str | None, reason: str) -> None:
    """The battle is over: the carrier is named, then the result."""
    state.phase = OVER
    state.activation = None
    state.winner = winner
    state.points = points(state)
    state.result = reason
    if state.victory_mode == BLOCKADE and state.carrier:
        out.emit(ev.Reveal(ship=state.carrier, carrier=True))
    out.emit(ev.GameOver(winner=winner, points=dict(state.points), reason=reason))


def check_now(state: GameState, out: Out) -> bool:
    """After every command: the results that come at once.  True (and game_over) when the battle is over."""
    if state.phase == OVER:
        return True
    if state.victory_mode == BLOCKADE:
        return _blockade_now(state, out)
    alive = afloat_sides(state)
    if len(alive) >= len(state.sides):
        return False
    if len(alive) == 1:
        lost = ", ".join(state.side_name(s) for s in state.sides if s not in alive)
        finish(state, out, alive[0], f"{lost} has nothing afloat")
    elif not alive:
        finish(state, out, None, "nothing is left afloat on either side")
    else:
        return False
    return True


def _blockade_now(state: GameState, out: Out) -> bool:
    t = terms(state)
    carrier = state.ships.get(state.carrier)
    if carrier is None:
        return False
    runner, blocker = t.get("runner", ""), t.get("blocker", "")
    if not carrier.on_table:
        finish(state, out, blocker, f"{carrier.name}, carrying the prize, was sunk")
        return True
    if carrier.side != runner:
        finish(state, out, blocker, f"{carrier.name}, carrying the prize, was captured")
        return True
    dest = t.get("destination", "")
    if dest and board.island_distance(state, carrier, dest) <= board.TOUCH:
        out.emit(ev.Arrived(ship=carrier.id))
        finish(state, out, runner, f"{carrier.name} carried the prize to {board.island_name(state, dest)}")
        return True
    return False


def end_of_round(state: GameState, out: Out) -> bool:
    """At the end of a round: the turn limit.  True (and game_over) when the battle is over."""
    if state.turn < state.turn_limit:
        return False
    if state.victory_mode == BLOCKADE:
        blocker = terms(state).get("blocker")
        finish(state, out, blocker, "the blockade held to the last turn: the prize never arrived")
        return True
    pts = points(state)
    best = max(pts.values()) if pts else 0.0
    leaders = [s for s, v in pts.items() if v == best]
    finish(state, out, leaders[0] if len(leaders) == 1 else None, "turn limit")
    return True
