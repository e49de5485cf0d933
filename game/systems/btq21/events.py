"""Events: what happened, in the battle log's words (see BATTLE-LOG.md).

Every change the engine makes is reported as an event so the log explains
every outcome and the UI can animate it.  Numbers are rounded for reading;
the state keeps full precision.
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21.state import GameState, Ship

Event = dict[str, Any]


class Out(list[Event]):
    """The events of one command, in order; knows the state for numbering."""

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def emit(self, type_: str, **fields: Any) -> Event:
        """Number and record an event.

        BATTLE-LOG.md gives every event the game ``turn``, but its ``move`` row
        also names the degrees turned ``turn``.  The specific row wins for that
        event, and the game turn is then kept under ``game_turn``.
        """
        e: Event = {"seq": self.state.seq, "turn": self.state.turn, "type": type_}
        if "turn" in fields:
            e["game_turn"] = self.state.turn
        e.update(fields)
        self.state.seq += 1
        self.append(e)
        return e


def r3(v: float) -> float:
    r = round(v, 3)
    return 0.0 if r == 0 else r


def pose_of(ship: Ship) -> list[float]:
    return [r3(ship.x), r3(ship.y), r3(ship.heading)]


def emit_move(
    out: Out,
    ship: Ship,
    segment: int,
    disposition: str,
    limits: tuple[float, float],
    travelled: float,
    turn: float,
    **extra: Any,
) -> Event:
    """The log's ``move`` event; ``stopped`` in ``extra`` names what cut the move short."""
    return out.emit(
        "move",
        ship=ship.id,
        segment=segment,
        sail=ship.sail,
        disposition=disposition,
        min=r3(limits[0]),
        max=r3(limits[1]),
        distance=r3(travelled),
        turn=r3(turn),
        to=pose_of(ship),
        **extra,
    )
