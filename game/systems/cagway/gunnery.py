"""Guns: firing arcs, range, aiming, the damage chart, and fire at will.

Arcs (Firing Arcs): a fore or aft gun fires into the half of the table ahead
of the line across her bow (astern of the line across her stern), 180 degrees
from the middle of that end; a broadside fires into the band straight out from
her side, as long as she is.  A ship any part of which lies inside is a target.

Range: from the gun (the middle of the bow or stern; the point of her side
straight across from the target) to the nearest part of the target inside the
arc, in whole segments of the shooting stick, a part segment counted whole.
Touching ships are at range 0, where guns are no longer effective and the
crews fight instead (crew.py).

Aiming: every action point put into aim lowers the effective range by one,
never below 1.  In the combat phase firing costs one point and all the rest go
into the aim.  Fire at will, in the move phase, is a ship's whole move and
costs all her points: a D6 is rolled, and it is taken off the range only if it
is no more than the points she has left after paying for the shot.

Line of sight (a reading; the book has none): an island blocks a shot when the
line from the gun to the target's nearest point in the arc runs through it.
Ships never block.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.systems.cagway import board, health
from game.systems.cagway import events as ev
from game.systems.cagway.commands import Fire, FireAtWill
from game.systems.cagway.events import Out, r3
from game.systems.cagway.illegal import Illegal, word
from game.systems.cagway.state import COMBAT, MOVE, GameState, Ship
from game.systems.cagway.turn import acting, end_combat, end_move, named
from game.table.geometry import Point, base_corners, polygon_area, to_local, to_table

#: A target's part inside an arc must be bigger than this (square inches): grazing the edge is not in it.
AREA_EPS = 1e-6

#: Half-planes (nx, ny, c: n.p >= c in her frame, +x ahead, +y to port) bounding each gun's arc,
#: in units of her half length (hl) and half width (hw).
_FORE, _AFT, _PORT, _STARBOARD = "fore", "aft", "port", "starboard"


@dataclass(frozen=True)
class Bearing:
    """What a gun sees of a target: how far, at what range, from where to where, and whether an island is in the way."""

    gun: str
    column: str
    distance: float  # inches
    range: int  # segments of the shooting stick; 0 touching
    origin: Point  # the gun's point, on the table
    aim_point: Point  # the target's nearest point inside the arc, on the table
    blocked_by: str | None  # the island the line runs through


def _halfplanes(gun: str, hl: float, hw: float) -> list[tuple[float, float, float]]:
    if gun == _FORE:
        return [(1.0, 0.0, hl)]
    if gun == _AFT:
        return [(-1.0, 0.0, hl)]
    side = [(1.0, 0.0, -hl), (-1.0, 0.0, -hl)]
    if gun == _PORT:
        return [(0.0, 1.0, hw), *side]
    if gun == _STARBOARD:
        return [(0.0, -1.0, hw), *side]
    return []


def _clip(poly: Sequence[Point], nx: float, ny: float, c: float) -> list[Point]:
    """Sutherland-Hodgman: the part of a convex polygon where n.p >= c."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        dp, dq = nx * p[0] + ny * p[1] - c, nx * q[0] + ny * q[1] - c
        if dp >= 0:
            out.append(p)
        if (dp >= 0) != (dq >= 0):
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def in_arc_part(ship: Ship, gun: str, target: Ship) -> list[Point]:
    """The part of the target's base inside the gun's arc, in the firer's frame ([] if none)."""
    hl, hw = ship.length / 2.0, ship.width / 2.0
    poly = [to_local(ship.pose, p) for p in base_corners(target.pose, target.length, target.width)]
    planes = _halfplanes(gun, hl, hw)
    if not planes:
        return []
    for nx, ny, c in planes:
        poly = _clip(poly, nx, ny, c)
        if len(poly) < 3:
            return []
    return poly if abs(polygon_area(poly)) > AREA_EPS else []


def _nearest_on(poly: Sequence[Point], o: Point) -> tuple[Point, float]:
    """The point of a convex polygon's boundary nearest ``o`` (outside it), and the distance."""
    best, where = math.inf, poly[0]
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln2 = dx * dx + dy * dy
        t = 0.0 if ln2 <= 0 else max(0.0, min(1.0, ((o[0] - a[0]) * dx + (o[1] - a[1]) * dy) / ln2))
        p = (a[0] + t * dx, a[1] + t * dy)
        d = math.hypot(p[0] - o[0], p[1] - o[1])
        if d < best - 1e-12:
            best, where = d, p
    return where, best


def bearing(state: GameState, ship: Ship, gun: str, target: Ship) -> Bearing | None:
    """The gun's view of the target, or None when no part of her is in its arc (or the ship has no such gun)."""
    g = state.card_of(ship).gun(gun)
    if g is None or target.id == ship.id or not target.on_table:
        return None
    part = in_arc_part(ship, gun, target)
    if not part:
        return None
    hl, hw = ship.length / 2.0, ship.width / 2.0
    if gun in (_FORE, _AFT):
        origin = (hl if gun == _FORE else -hl, 0.0)
        near, dist = _nearest_on(part, origin)
    else:
        way = 1.0 if gun == _PORT else -1.0
        # The nearest part to her side: least distance out from it (ties: the one nearest amidships).
        near = min(part, key=lambda p: (round(way * p[1], 9), abs(p[0])))
        dist = max(0.0, way * near[1] - hw)
        origin = (near[0], way * hw)
    start, end = to_table(ship.pose, origin), to_table(ship.pose, near)
    seg = state.tables.shooting_segment
    rng = 0 if dist <= board.TOUCH else max(1, math.ceil(dist / seg - 1e-9))
    blocked = board.crossing(state, start, end) if dist > board.TOUCH else None
    return Bearing(gun, g.column, dist, rng, start, end, blocked)


def effective_range(rng: int, aim: int) -> int:
    """Aiming lowers the range a point at a time, never below 1 (range 0 needs the ships to touch)."""
    return max(1, rng - max(0, aim))


def shot_damage(state: GameState, column: str, rng: int, aim: int) -> tuple[int, int]:
    """(effective range, damage) of a shot at ``rng`` with ``aim`` points poured in."""
    eff = effective_range(rng, aim)
    return eff, state.tables.damage_at(eff, column)


def target_problem(state: GameState, ship: Ship, gun: str, target: Ship) -> str | None:
    """Why her ``gun`` cannot fire at ``target`` now, naming the rule; None if it can."""
    if state.card_of(ship).gun(gun) is None:
        guns = ", ".join(g.direction for g in state.card_of(ship).guns)
        return f"{ship.name} has no {gun[:20]} gun (her card: {guns})"
    if target.id == ship.id:
        return "a ship cannot fire on herself"
    if not target.on_table:
        return f"{target.name} has been sunk"
    if target.side == ship.side:
        return f"{target.name} is a friend"
    if target.dead:
        return f"{target.name} is dead in the water: further attacks do her no harm (Dead Ships)"
    foe = board.touching_live_enemy(state, ship)
    if foe is not None:
        return (
            f"{ship.name} is touching {foe.name}: her guns are no longer effective, her crew fights instead "
            "(Combat Value)"
        )
    b = bearing(state, ship, gun, target)
    if b is None:
        return f"no part of {target.name} is in {ship.name}'s {gun} gun's line of fire (Firing Arcs)"
    if b.blocked_by is not None:
        return (
            f"{board.island_name(state, b.blocked_by)} lies between her {gun} gun and {target.name} "
            "(line of sight, as Quarterdeck reads it)"
        )
    return None


def bearing_guns(state: GameState, ship: Ship, target: Ship) -> list[Bearing]:
    """Her guns that may fire at ``target`` now, each with its bearing."""
    out = []
    for g in state.card_of(ship).guns:
        if target_problem(state, ship, g.direction, target) is None:
            b = bearing(state, ship, g.direction, target)
            if b is not None:
                out.append(b)
    return out


def _check(state: GameState, ship: Ship, gun: object, target_id: object) -> tuple[Ship, Bearing]:
    gun_name = word(gun, "the gun")
    target = named(state, target_id, "target")
    why = target_problem(state, ship, gun_name, target)
    if why:
        raise Illegal(why)
    b = bearing(state, ship, gun_name, target)
    assert b is not None
    return target, b


def fire(state: GameState, cmd: Fire, out: Out) -> None:
    """Her combat action: one gun, one point, the rest poured into aiming (Firing Weapons; Aiming)."""
    ship = acting(state, cmd.ship, COMBAT, "firing")
    cost = state.tables.costs["fire"]
    if ship.actions < max(1, cost):
        raise Illegal(f"{ship.name} has no action points left to fire (Firing Weapons)")
    target, b = _check(state, ship, cmd.gun, cmd.target)
    aim = ship.actions - cost
    eff, dmg = shot_damage(state, b.column, b.range, aim)
    ship.actions = 0
    end_combat(ship)
    out.emit(
        ev.Shot(
            ship=ship.id, target=target.id, gun=b.gun, column=b.column, distance=r3(b.distance), range_=b.range,
            aim=aim, effective=eff, damage=dmg, hasty=False,
        )
    )
    health.hurt(state, target, dmg, out)


def fire_at_will(state: GameState, cmd: FireAtWill, out: Out) -> None:
    """Her whole move: one gun, all her points, a D6 for a hasty aim (Fire at Will)."""
    ship = acting(state, cmd.ship, MOVE, "fire at will")
    if ship.sailed:
        raise Illegal(
            f"fire at will must be {ship.name}'s whole move: she has already sailed or repaired (Fire at Will)"
        )
    cost = state.tables.costs["fire"]
    if ship.actions < max(1, cost):
        raise Illegal(f"{ship.name} has no action points to fire at will (Fire at Will)")
    target, b = _check(state, ship, cmd.gun, cmd.target)
    left = ship.actions - cost
    roll = state.dice.die(state.tables.fire_at_will_die)
    allowed = roll <= left
    aim = roll if allowed else 0
    eff, dmg = shot_damage(state, b.column, b.range, aim)
    ship.actions = 0
    ship.sailed = True
    out.emit(
        ev.Shot(
            ship=ship.id, target=target.id, gun=b.gun, column=b.column, distance=r3(b.distance), range_=b.range,
            aim=aim, effective=eff, damage=dmg, hasty=True, roll=roll, aim_allowed=allowed, left=left,
        )
    )
    health.hurt(state, target, dmg, out)
    end_move(state, ship, out)
