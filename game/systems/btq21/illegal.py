"""The one way a rule refuses a command, and the refusals several rules share."""

from __future__ import annotations

from game.systems.btq21.state import AFLOAT, GameState, Ship


class Illegal(Exception):
    """Raised before anything changes; the message names the rule broken."""

    @property
    def reason(self) -> str:
        return str(self.args[0]) if self.args else "illegal command"


def ship_of(state: GameState, ship_id: str) -> Ship:
    """The ship a command names; Illegal if the battle has none of that id."""
    ship = state.ships.get(ship_id)
    if ship is None:
        raise Illegal(f"unknown ship {ship_id!r}")
    return ship


def start_refusal(state: GameState, ship: Ship, doing: str, rule: str) -> str | None:
    """Why she may not ``doing`` (load her guns, rig her chasers) now: only at the start of her own activation."""
    act = state.activation
    if act is None or act.ship != ship.id:
        return f"{ship.name} may {doing} only at the start of her own activation"
    if ship.status != AFLOAT or ship.shore_battery:
        return f"{ship.name} cannot {doing} now"
    if ship.boarding_with:
        return f"{ship.name}'s crew is fighting a boarding action"
    if act.past_start:
        return f"{ship.name} has moved or fired: she may {doing} only at the start of her activation ({rule})"
    return None
