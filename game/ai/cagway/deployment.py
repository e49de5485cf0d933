"""Setup for the scripted player: where each ship is placed on her side's line, which way she faces, and the carrier.

* Ships are spread evenly along their side's deployment line, in the order
  the scenario lists them (the line cut into equal lengths, one in the middle
  of each).
* The **Blocker** lies across the Runner's way north: east or west, so her
  broadsides face north and south over the lanes the runners must use (of the
  two, the heading her wheel gives the faster stick).
* The **Runner** points her bows north, the way she must go (or 45 degrees off
  it if the wind makes north a ``none`` sector).
* In a **fleet** battle she faces the way that makes best speed towards the
  enemy's ships.
* The carrier is drawn with the player's own dice, one ship in as many: the
  Blocker cannot guess from a habit.
"""

from __future__ import annotations

import math

from game.ai.cagway import sight
from game.ai.cagway.sight import BLOCKER, RUNNER
from game.systems.base import Command, Option, Refusal
from game.systems.cagway import setup, sticks, wind
from game.systems.cagway.state import GameState, Ship
from game.systems.cagway.tables import NONE
from game.systems.dice import Dice
from game.table.geometry import Point, bearing, heading_vector, signed_angle


def slot(view: GameState, ship: Ship) -> Point | None:
    """Her place on her side's line: the middle of her share of it."""
    line = setup.deploy_lines(view.scenario).get(ship.original_side)
    if line is None:
        return None
    mates = [s.id for s in view.ships.values() if s.original_side == ship.original_side]
    i, n = mates.index(ship.id), len(mates)
    f = (i + 0.5) / n
    (x1, y1), (x2, y2) = line
    return (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f)


def speed(view: GameState, ship: Ship, at: Point, heading: float) -> float:
    """Inches a segment of the stick her wheel gives for ``heading`` at ``at`` (0 for none)."""
    sec = wind.sector(wind.off_wind(view, at, heading))
    stick = view.card_of(ship).stick(sec)
    return 0.0 if stick == NONE else sticks.segment(view.tables, stick)


def facing(view: GameState, side: str, ship: Ship, at: Point) -> float:
    """The heading she deploys with (see the module's docstring)."""
    r = sight.role(view, side)
    if r == BLOCKER:
        return max((90.0, 270.0), key=lambda h: (speed(view, ship, at, h), h == 90.0))
    if r == RUNNER:
        for h in (0.0, 45.0, 315.0, 90.0, 270.0):
            if speed(view, ship, at, h) > 0:
                return h
        return 0.0
    foes = [s for s in view.ships.values() if s.side != side and s.on_table]
    if not foes:
        return ship.heading
    cx = sum(s.x for s in foes) / len(foes)
    cy = sum(s.y for s in foes) / len(foes)
    way = bearing(at, (cx, cy))
    heads = [15.0 * k for k in range(24)]
    return max(heads, key=lambda h: (speed(view, ship, at, h) * math.cos(math.radians(signed_angle(way, h))), -h))


def deploy_command(view: GameState, side: str, options: list[Option]) -> Command | None:
    """Slide her to her slot and turn her to face the way she should (tried on the trial before it is given)."""
    opts = {bool(o.fixed.get("astern")): o for o in options if o.type == "deploy"}
    if not opts:
        return None
    ship = view.ships[next(iter(opts.values())).ship]
    target = slot(view, ship)
    want = facing(view, side, ship, target if target is not None else (ship.x, ship.y))
    tries: list[Command] = []
    if target is not None:
        fx, fy = heading_vector(ship.heading)
        along = (target[0] - ship.x) * fx + (target[1] - ship.y) * fy
        astern = along < 0
        opt = opts.get(astern)
        if opt is not None:
            lo, hi = opt.ranges["distance"]
            dist = max(lo, min(hi, abs(along)))
            turn = round(signed_angle(ship.heading, want), 3)
            tries += [opt.command(distance=round(dist, 4), turn=turn), opt.command(distance=round(dist, 4), turn=0.0)]
    first = opts.get(False) or next(iter(opts.values()))
    tries += [first.command(distance=0.0, turn=round(signed_angle(ship.heading, want), 3)), first.command()]
    rs = sight.rules(view)
    for cmd in tries:
        if not isinstance(rs.apply(rs.sandbox(view), cmd, scratch=True), Refusal):
            return cmd
    return tries[-1]


def carrier_command(dice: Dice, options: list[Option]) -> Command | None:
    """The Runner's secret: one of his ships, drawn with the player's own dice."""
    opts = sorted((o for o in options if o.type == "choose_carrier"), key=lambda o: o.ship)
    if not opts:
        return None
    return opts[dice.die(len(opts)) - 1].command()
