"""A new battle, deployment along the lines, and the Runner's secret carrier.

Deployment (turn 1 only): the sides place their ships in the order the
scenario lists them (in the Blockade Run the Blocker first, on the midline;
then the Runner, on his edge).  Each ship starts where the scenario put her,
lying along her side's line; she slides along it ahead or astern (stopping if
she meets another ship), then turns in place to any heading.

The secret (Blockade Run): the Runner then chooses, unseen, which of his ships
carries the prize.  The log says only that he has chosen.
"""

from __future__ import annotations

import math
from typing import Any

from game.content.model import Scenario
from game.systems.cagway import board
from game.systems.cagway import events as ev
from game.systems.cagway.commands import ChooseCarrier, Deploy
from game.systems.cagway.events import Out, pose_of
from game.systems.cagway.illegal import Illegal, number
from game.systems.cagway.state import DEPLOY, SECRET, GameState, Ship
from game.systems.cagway.tables import CagwayTables
from game.systems.cagway.turn import acting, named
from game.systems.dice import Dice
from game.table.geometry import Point, bearing, heading_vector, norm_heading

SLACK = board.SLACK


def _source(scenario: Scenario) -> tuple[float, float]:
    src = scenario.extra.get("wind_source")
    if isinstance(src, (tuple, list)) and len(src) == 2:
        return (float(src[0]), float(src[1]))
    # A scenario without a source: the wind blows from the table's edge along its wind_from.
    cx, cy = scenario.table[0] / 2.0, scenario.table[1] / 2.0
    fx, fy = heading_vector(scenario.wind_from)
    reach = max(scenario.table) * 2.0
    return (cx + fx * reach, cy + fy * reach)


def deploy_lines(scenario: Scenario | None) -> dict[str, tuple[Point, Point]]:
    """Each side's deployment line, if the scenario gives it one."""
    raw = (scenario.extra.get("deploy") if scenario is not None else None) or {}
    out: dict[str, tuple[Point, Point]] = {}
    for side, line in dict(raw).items():
        (x1, y1), (x2, y2) = line
        out[str(side)] = ((float(x1), float(y1)), (float(x2), float(y2)))
    return out


def new_game(
    scenario: Scenario, tables: CagwayTables, seed: int, system: Any = None
) -> tuple[GameState, list[dict[str, Any]]]:
    """The first state of a battle and its opening events (setup; the first ship to deploy, or round 1)."""
    from game.systems.cagway import engine

    lines = deploy_lines(scenario)
    ships: dict[str, Ship] = {}
    for side in scenario.sides:
        for sq in side.squadrons:
            for entry in sq.ships:
                card = tables.cards[entry.ship.rate]
                ships[entry.id] = Ship(
                    id=entry.id,
                    name=entry.ship.name,
                    side=side.id,
                    squadron=sq.id,
                    nation=entry.ship.nation or side.nation,
                    card=card.id,
                    length=card.length,
                    width=card.width,
                    x=float(entry.pose[0]),
                    y=float(entry.pose[1]),
                    heading=norm_heading(float(entry.pose[2])),
                    hp=card.hp,
                    hp_max=card.hp,
                    original_side=side.id,
                    deployed=side.id not in lines,
                )
    source = _source(scenario)
    state = GameState(
        scenario_id=scenario.id,
        ruleset_id=tables.id,
        seed=seed,
        table_width=float(scenario.table[0]),
        table_height=float(scenario.table[1]),
        wind_from=float(scenario.wind_from),
        wind_source=source,
        turn_limit=int(scenario.turn_limit),
        sides=tuple(s.id for s in scenario.sides),
        ships=ships,
        dice=Dice.from_seed(seed),
        tables=tables,
        scenario=scenario,
        system=system,
    )
    out = Out(state)
    out.emit(
        ev.Setup(
            system="cagway",
            scenario=scenario.id,
            seed=seed,
            ruleset=tables.id,
            table={"width": state.table_width, "height": state.table_height},
            wind_source=source,
            wind_from=state.wind_from,
            turn_limit=state.turn_limit,
            victory=dict(scenario.extra.get("victory") or {"mode": "fleet"}),
            sides=tuple({"id": s.id, "name": s.name, "nation": s.nation} for s in scenario.sides),
            squadrons=tuple(
                {"id": q.id, "name": q.name, "side": s.id, "nation": q.nation or s.nation}
                for s in scenario.sides
                for q in s.squadrons
            ),
            ships=tuple(
                {
                    "id": s.id,
                    "name": s.name,
                    "side": s.side,
                    "squadron": s.squadron,
                    "nation": s.nation,
                    "card": s.card,
                    "points": tables.cards[s.card].points,
                    "hp": s.hp,
                    "hp_max": s.hp_max,
                    "base": [s.length, s.width],
                    "pose": list(pose_of(s)),
                }
                for s in ships.values()
            ),
        )
    )
    state.phase = DEPLOY
    state.order = tuple(s.id for s in ships.values() if not s.deployed)
    state.order_index = 0
    engine.advance(state, out)
    return state, list(out)


def _along(state: GameState, ship: Ship) -> tuple[Point, Point] | None:
    return deploy_lines(state.scenario).get(ship.original_side)


def room(state: GameState, ship: Ship, astern: bool) -> float:
    """How far she may slide along her line ahead (or astern) before her centre reaches its end."""
    line = _along(state, ship)
    if line is None:
        return 0.0
    (x1, y1), (x2, y2) = line
    length = math.hypot(x2 - x1, y2 - y1)
    if length <= 1e-9:
        return 0.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    t = max(0.0, min(length, (ship.x - x1) * ux + (ship.y - y1) * uy))
    fx, fy = heading_vector(ship.heading)
    towards_end = (fx * ux + fy * uy) >= 0.0
    if astern:
        towards_end = not towards_end
    return max(0.0, length - t) if towards_end else max(0.0, t)


def deploy(state: GameState, cmd: Deploy, out: Out) -> None:
    """Slide her along her deployment line, then turn her in place (setup)."""
    ship = acting(state, cmd.ship, DEPLOY, "deployment")
    distance = number(cmd.distance, "the distance")
    turn = number(cmd.turn, "the turn")
    astern = cmd.astern
    if not isinstance(astern, bool):
        raise Illegal("astern must be true or false")
    if distance < -SLACK:
        raise Illegal("she slides a distance along her line, ahead or astern (deployment)")
    top = room(state, ship, astern)
    if distance > top + SLACK:
        raise Illegal(
            f'her deployment line runs only {top:.2f}" {"astern" if astern else "ahead"} of her (deployment)'
        )
    if abs(turn) > 180.0 + SLACK:
        raise Illegal("she turns at most half round either way in place (deployment)")
    sp = board.space(state)
    pose = ship.pose
    if distance > SLACK:
        pose = sp.sweep(ship.id, -distance if astern else distance).pose
    if abs(turn) > 1e-6:
        blocker = sp.pivot_blocker(ship.id, turn, start=pose)
        if blocker is not None:
            raise Illegal(
                f"no room to turn her there: her base would foul {board.contact_name(state, blocker)} (deployment)"
            )
    ship.x, ship.y, ship.heading = pose[0], pose[1], norm_heading(pose[2] + turn)
    ship.deployed = True
    out.emit(ev.Deploy(ship=ship.id, to=pose_of(ship)))


def runner(state: GameState) -> str:
    return str((state.extra.get("victory") or {}).get("runner", ""))


def choose_carrier(state: GameState, cmd: ChooseCarrier, out: Out) -> None:
    """The Runner hides the prize aboard one of his ships (Blockade Run)."""
    if state.phase != SECRET:
        raise Illegal("the carrier is chosen once, after deployment (Blockade Run)")
    ship = named(state, cmd.ship)
    side = runner(state)
    if ship.side != side or not ship.on_table:
        raise Illegal(f"{ship.name} is not one of the Runner's ships (Blockade Run)")
    state.carrier = ship.id
    out.emit(ev.CarrierChosen(side=side))


def needs_carrier(state: GameState) -> bool:
    return state.victory_mode == "blockade_run" and not state.carrier


def wind_bearing(scenario_table: tuple[float, float], source: Point) -> float:
    """The compass bearing the wind blows from, seen from the middle of the table."""
    return bearing((scenario_table[0] / 2.0, scenario_table[1] / 2.0), source)
