"""Whose command is it (the side of the ship a command names), and whether a reconnecting chain is the same one."""

from __future__ import annotations

from typing import Any

from game.fair.chain import step
from game.persistence.session import Session
from game.systems.base import Command


def side_of(session: Session, command: Command) -> str | None:
    """The side of the ship ``command`` names (None if it names none of this battle's ships)."""
    return _side_of_ship(session.state, getattr(command, "ship", None))


def _side_of_ship(state: Any, ship: Any) -> str | None:
    if not isinstance(ship, str) or ship not in state.ships:
        return None
    side: str = state.ships[ship].side
    return side


#: How many reveals a reconnecting side may be behind the host (reveals it made that it has not yet seen played).
MAX_BEHIND = 4


def behind(ahead: str | None, value: str | None, limit: int = MAX_BEHIND) -> bool:
    """Whether ``value`` is ``ahead`` or an earlier value of the same chain, at most ``limit`` reveals back:
    a side that reconnects before it saw its last reveal played is the same chain, not a new one."""
    if ahead is None or value is None:
        return False
    for _ in range(limit + 1):
        if ahead == value:
            return True
        ahead = step(ahead)
    return False
