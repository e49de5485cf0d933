"""Hit points and what they give: action points and combat value, read off her card's health chart.

Damage takes effect at once: the points she still holds this round are cut to
what her new health gives (a reading; repair, by the book, gives no new points
until the next round).  At 0 HP she is dead in the water: no action points, and
later attacks do her no more harm.
"""

from __future__ import annotations

from game.systems.cagway import events as ev
from game.systems.cagway.events import Out
from game.systems.cagway.state import GameState, Ship


def chart_actions(state: GameState, ship: Ship) -> int:
    """The action points her health gives at the start of a round."""
    return 0 if ship.dead else state.card_of(ship).actions(ship.hp)


def combat_value(state: GameState, ship: Ship) -> int:
    """Her crew's combat value at her present health."""
    return 0 if ship.dead else state.card_of(ship).combat_value(ship.hp)


def cap_actions(state: GameState, ship: Ship) -> None:
    """Cut the points she holds to what her health now gives (never raised: that waits for the next round)."""
    ship.actions = max(0, min(ship.actions, chart_actions(state, ship)))


def hurt(state: GameState, ship: Ship, amount: int, out: Out) -> int:
    """Take ``amount`` HP from her (a dead ship loses no more); the ``damage`` event; the HP lost."""
    if amount <= 0 or ship.dead:
        return 0
    lost = min(amount, ship.hp)
    ship.hp -= lost
    cap_actions(state, ship)
    out.emit(ev.Damage(ship=ship.id, lost=lost, hp=ship.hp, actions=ship.actions, dead=ship.dead))
    return lost
