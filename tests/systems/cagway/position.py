"""Small Cagway battles built in code, so each rule test shows its whole position."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.content.model import Scenario, ScenarioShip, ShipClass, Side, Squadron, Terrain
from game.systems.base import Command, Refusal
from game.systems.cagway import engine
from game.systems.cagway.events import Out
from game.systems.cagway.state import Activation, GameState
from game.systems.cagway.system import CagwayBay
from game.systems.cagway.tables import load_tables
from game.systems.dice import Loaded

TABLES = load_tables()
SYSTEM = CagwayBay(TABLES)
SEG = TABLES.segments  # inches per segment of each stick
YELLOW = TABLES.shooting_segment


def island(iid: str, points: Iterable[tuple[float, float]], name: str = "") -> Terrain:
    return Terrain(id=iid, kind="island", points=tuple(points), name=name or iid.title())


def scenario(
    ships: list[tuple[str, str, str, tuple[float, float, float]]],
    *,
    size: tuple[float, float] = (40.0, 40.0),
    source: tuple[float, float] = (20.0, 0.0),
    islands: tuple[Terrain, ...] = (),
    victory: dict[str, Any] | None = None,
    deploy: dict[str, tuple[tuple[float, float], tuple[float, float]]] | None = None,
    turn_limit: int = 10,
) -> Scenario:
    """Ships as (id, side, card, pose); the wind from ``source`` (default: the middle of the south edge)."""
    sides = list(dict.fromkeys(side for _i, side, _c, _p in ships))
    return Scenario(
        id="test",
        name="Test",
        description="",
        table=size,
        wind_from=180.0,
        turn_limit=turn_limit,
        sides=tuple(
            Side(
                side,
                side.title(),
                side,
                (200, 0, 0),
                (
                    Squadron(
                        side,
                        side.title(),
                        tuple(
                            ScenarioShip(sid, _ship_class(card, sid, side), pose, "")
                            for sid, s, card, pose in ships
                            if s == side
                        ),
                    ),
                ),
            )
            for side in sides
        ),
        terrain=islands,
        system="cagway",
        extra={
            "wind_source": source,
            "victory": victory or {"mode": "fleet"},
            "deploy": dict(deploy or {}),
        },
    )


def _ship_class(card: str, sid: str, side: str) -> ShipClass:
    c = TABLES.cards[card]
    return ShipClass(sid, sid.title(), side, card, len(c.guns), 0.0, c.hp, 0, c.hp, 0, "average")


def battle(ships: list[tuple[str, str, str, tuple[float, float, float]]], seed: int = 1, **kw: Any) -> GameState:
    """A battle begun (no deployment lines: round 1's move phase is under way)."""
    state, _ = SYSTEM.new_game(scenario(ships, **kw), seed)
    return state


def turn_of(state: GameState, ship_id: str, phase: str, actions: int | None = None) -> GameState:
    """Make it ``ship_id``'s turn in ``phase`` (with ``actions`` points), whatever the priority says."""
    ship = state.ships[ship_id]
    rest = tuple(s for s in state.ships if s != ship_id and state.ships[s].on_table)
    state.phase = phase
    state.order = (ship_id, *rest)
    state.order_index = 0
    state.activation = Activation(ship_id, phase)
    for s in state.ships.values():
        s.moved = s.fought = s.sailed = False
    if actions is not None:
        ship.actions = ship.round_actions = actions
    return state


def load(state: GameState, *faces: int) -> None:
    """The next dice come up ``faces``."""
    state.dice = Loaded(faces)


def play(state: GameState, command: Command) -> list[dict[str, Any]]:
    """Apply a command that must be accepted; its events."""
    result = SYSTEM.apply(state, command)
    assert not isinstance(result, Refusal), result.reason
    return result


def refused(state: GameState, command: Command) -> str:
    """Apply a command that must be refused (the state unchanged); the reason."""
    before = state.state_hash()
    result = SYSTEM.apply(state, command)
    assert isinstance(result, Refusal), f"accepted: {result}"
    assert state.state_hash() == before
    return result.reason


def of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def new_round(state: GameState) -> list[dict[str, Any]]:
    """Start the next round as the engine does (action points from health)."""
    out = Out(state)
    engine.start_round(state, out)
    return list(out)
