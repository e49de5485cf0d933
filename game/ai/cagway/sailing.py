"""The move phase for the scripted player: where to sail, and when to stop and keep the points for the guns.

A ship's move is planned once, when it begins, by a small beam search over
legs of one segment each (turns of up to 45 degrees; the stick is the one her
movement wheel gives for the new heading against the wind at her centre, so
a leg into a ``none`` sector is never tried, and a ship tacks round it leg by
leg).  Each leg is swept on the rule system's own table space, so a leg that
meets a ship, an island or the edge stops where the rules stop it.  Every
place the search reaches is a place she may stop, valued as

    objective (her aims' steering, or the carrier's points to the island)
    + firepower (what her guns would do from there with the points she keeps)
    - DANGER * exposure (what the enemy could do to her there)

so a shot that pays more than another leg keeps her points, and she ends
with a gun bearing when she can.  Legs of the best plan that run straight on
with the same stick are given as one command.  The plan is followed while the
ship stands where it said she would; otherwise it is made again.

Besides sailing she may, as her whole move, fire at will (worth the mean of
the die) or drift (when she cannot otherwise turn: dead in the water, hemmed
in, or with a point or none left); and she repairs when badly hurt and out
of the fight.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.ai.cagway import boarding, gunnery, sight
from game.ai.cagway.aims import Aims
from game.ai.cagway.sight import RUNNER
from game.systems.base import Command, Option
from game.systems.cagway import board, health, movement, sticks, wind
from game.systems.cagway.state import GameState, Ship
from game.systems.cagway.tables import NONE
from game.table.geometry import Point, Pose, bearing, heading_vector, signed_angle

#: Turns tried for the first leg, and for every later one.
TURNS_FIRST = (-45.0, -30.0, -15.0, 0.0, 15.0, 30.0, 45.0)
TURNS_LATER = (-45.0, 0.0, 45.0)
#: Places kept at each depth of the search.
BEAM = 4
#: Weight of the enemy's fire on her, against her own.
DANGER = 0.5
#: Weight of what her guns could do from there next round, with the points her health will give her.
NEXT_ROUND = 0.3
#: What an inch nearer her steering point is worth (HP of damage), and a point nearer the island for the carrier.
PACE = 0.5
CARRIER_PACE = 6.0
#: The carrier's own guns count for this share: she fights only when it costs her nothing.
CARRIER_FIRE = 0.3
#: Worth of reaching the destination island (the Runner wins).
ARRIVAL = 1000.0
#: What facing the wrong way for her next move costs, per 45 degrees beyond the first (in points of sailing).
TURN_COST = 0.7
#: Badly hurt: at or below this share of her HP she repairs when out of the fight.
BADLY_HURT = 0.5
#: Out of the fight: no live enemy within this many inches of her.
OUT_OF_FIGHT = 10.0
#: A leg shorter than this (inches) is no leg at all.
MIN_LEG = 0.05
#: Hemmed in: her bow this close (inches) to an edge, an island or a ship dead ahead ...
HEMMED_ROOM = 0.5
#: ... costs this much (she will have to drift to get out, or sail into her enemy).
HEMMED = 3.0


@dataclass(frozen=True)
class Leg:
    turn: float
    #: Inches she makes good (less than asked where something stops her).
    distance: float
    stick: str
    points: int
    #: Inches asked of the stick: whole segments (a turned leg must ask a full one, whatever stops her).
    asked: float


@dataclass
class Node:
    pose: Pose
    points: int
    legs: tuple[Leg, ...] = ()
    arrived: bool = False
    value: float = 0.0


@dataclass
class Plan:
    """The commands of one ship's move, with where each leaves her (to know the plan still holds)."""

    steps: list[tuple[Command, Pose, int]] = field(default_factory=list)


# --- measuring a place -------------------------------------------------------------------------


def points_to_island(view: GameState, aims: Aims, ship: Ship) -> float:
    """The carrier's reckoning: points of sailing to the destination, by sea, from where (and how) ``ship`` stands."""
    p = aims.pilot(view, ship)
    if p is None:
        return sight.to_island(view, ship)
    dist, first = p.way(sight.centre(ship))
    way = bearing(sight.centre(ship), first)
    seg = best_speed(view, ship, way)
    turn = abs(signed_angle(ship.heading, way))
    return max(0.0, dist - ship.length / 2.0) / seg + TURN_COST * max(0.0, turn - 45.0) / 45.0


def best_speed(view: GameState, ship: Ship, way: float) -> float:
    """Inches a point she makes good along ``way``: the stick that way, or tacking across it when none."""
    best = 0.0
    for off in (0.0, 45.0, -45.0, 90.0, -90.0):
        sec = wind.sector(wind.off_wind(view, sight.centre(ship), way + off))
        seg = sticks.segment(view.tables, view.card_of(ship).stick(sec))
        best = max(best, seg * math.cos(math.radians(off)))
    return max(best, 0.1)


def objective(view: GameState, aims: Aims, ship: Ship) -> float:
    """What her aims make of where (and which way) ``ship`` stands: 0 at best, less the farther off (by sea)."""
    if aims.role == RUNNER and ship.id == aims.carrier:
        return -CARRIER_PACE * points_to_island(view, aims, ship)
    p = aims.pilot(view, ship)
    if p is None:
        return 0.0
    d, first = p.way(sight.centre(ship))
    off = max(0.0, d - aims.standoff.get(ship.id, 0.0))
    value = -PACE * off
    if off > 2.0:
        turn = abs(signed_angle(ship.heading, bearing(sight.centre(ship), first)))
        value -= PACE * best_speed(view, ship, ship.heading) * TURN_COST * max(0.0, turn - 45.0) / 45.0
    return value


def worth(view: GameState, aims: Aims, ship: Ship, pose: Pose, points: int, arrived: bool = False) -> float:
    """The value of stopping at ``pose`` with ``points`` kept for the combat phase."""
    g = sight.ghost(ship, pose)
    g.actions = points
    if arrived:
        return ARRIVAL
    fire = max(gunnery.firepower(view, aims, g, points), boarding.prize_potential(view, aims, g, points))
    if aims.role == RUNNER and ship.id == aims.carrier:
        fire *= CARRIER_FIRE  # she is there to run, not to fight
    later = gunnery.firepower(view, aims, g, health.chart_actions(view, g), still=True) if NEXT_ROUND else 0.0
    value = objective(view, aims, g) + fire + NEXT_ROUND * later - DANGER * gunnery.exposure(view, aims, g)
    if hemmed(view, ship, pose):
        value -= HEMMED * (CARRIER_PACE if aims.role == RUNNER and ship.id == aims.carrier else 1.0)
    return value


def hemmed(view: GameState, ship: Ship, pose: Pose) -> bool:
    """Something lies close ahead of her and she has no room to turn off it: next round she can only drift.

    Close ahead: within one segment of the stick her wheel gives ahead (a turn needs a full one).
    """
    g = sight.ghost(ship, pose)
    room = max(HEMMED_ROOM, sticks.segment(view.tables, sticks.chart(view, g, g.heading)[1]))
    if board.space(view).sweep(ship.id, room, start=pose).travelled >= room - 1e-6:
        return False
    return all(leg_from(view, ship, pose, turn) is None for turn in (-movement.MAX_TURN, movement.MAX_TURN))


# --- the search --------------------------------------------------------------------------------


def leg_from(view: GameState, ship: Ship, pose: Pose, turn: float) -> tuple[Pose, Leg, bool] | None:
    """One segment from ``pose`` after turning ``turn`` about her bow: (where she ends, the leg, arrived?)."""
    g = sight.ghost(ship, pose)
    plan = movement.plan_leg(view, g, turn)
    if plan.stick == NONE or plan.segment <= 0:
        return None
    sp = board.space(view)
    if abs(turn) > 1e-9 and sp.overlapping_base(plan.pivot, ship.length, ship.width, ignore=(ship.id,)):
        return None
    sweep = sp.sweep(ship.id, plan.segment, start=plan.pivot)
    if sweep.travelled < MIN_LEG:
        return None
    if abs(turn) > 1e-9 and sweep.travelled < plan.segment - 1e-6:
        return None  # a turned leg needs room for its full segment
    cost = sticks.points_for(sweep.travelled, plan.segment)
    dest = sight.destination(view)
    arrived = bool(dest) and sweep.contact is not None and sweep.contact.id == dest
    return sweep.pose, Leg(turn, sweep.travelled, plan.stick, cost, plan.segment), arrived


def aim_point(view: GameState, aims: Aims, ship: Ship) -> Point | None:
    """Where she is making for: the island for the carrier, else her steering point."""
    if aims.role == RUNNER and ship.id == aims.carrier:
        return sight.island_centre(view, sight.destination(view))
    return aims.goal.get(ship.id)


def turns_from(pose: Pose, first: bool, towards: Point | None) -> list[float]:
    """The turns tried from ``pose``: the fixed set, and the one that points her straight at ``towards``."""
    turns = list(TURNS_FIRST if first else TURNS_LATER)
    if towards is not None and math.hypot(towards[0] - pose[0], towards[1] - pose[1]) > 1e-6:
        straight = signed_angle(pose[2], bearing((pose[0], pose[1]), towards))
        straight = round(max(-movement.MAX_TURN, min(movement.MAX_TURN, straight)), 3)
        if all(abs(straight - t) > 2.0 for t in turns):
            turns.append(straight)
    return turns


def search(view: GameState, aims: Aims, ship: Ship) -> tuple[Node, bool]:
    """The best place to stop this move, the legs that take her there (none: stay), and whether she can sail at all."""
    root, frontiers, can_sail = _beam(view, aims, ship, BEAM)
    best = root
    for frontier in frontiers:
        if frontier and frontier[0].value > best.value + 1e-9:
            best = frontier[0]
    return best, can_sail


def _beam(view: GameState, aims: Aims, ship: Ship, beam: int) -> tuple[Node, list[list[Node]], bool]:
    """The beam search over legs: her place now, the places kept at each depth, and whether any leg sails."""
    root = Node(ship.pose, ship.actions)
    root.value = worth(view, aims, ship, root.pose, root.points)
    frontier = [root]
    frontiers: list[list[Node]] = []
    depth = 0
    carrier = aims.role == RUNNER and ship.id == aims.carrier
    towards = aim_point(view, aims, ship)
    can_sail = False
    while frontier:
        children: list[Node] = []
        for node in frontier:
            if node.points < 1 or node.arrived:
                continue
            for turn in turns_from(node.pose, depth == 0, towards):
                got = leg_from(view, ship, node.pose, turn)
                if got is None:
                    continue
                pose, leg, arrived = got
                if leg.points > node.points:
                    continue
                child = Node(pose, node.points - leg.points, (*node.legs, leg), arrived and carrier)
                child.value = worth(view, aims, ship, pose, child.points, child.arrived)
                children.append(child)
                can_sail = True
        children.sort(key=lambda n: -n.value)
        frontier = _distinct(children)[:beam]
        frontiers.append(frontier)
        depth += 1
    return root, frontiers, can_sail


def top_plans(view: GameState, aims: Aims, ship: Ship, k: int, beam: int = BEAM) -> list[Node]:
    """The ``k`` best places to stop that the same search reaches (distinct places, best first; the root, her
    staying put, among them), for a captain that looks further than the script before choosing.

    The search is :func:`search`'s own (same turns, same beam, same worth), so its first place is the one
    :func:`search` gives; the rest are the runners-up it met at any depth.
    """
    root, frontiers, _ = _beam(view, aims, ship, beam)
    met = [root] + [n for frontier in frontiers for n in frontier]
    met.sort(key=lambda n: (-n.value, len(n.legs)))
    return _distinct(met)[:k]


def _distinct(nodes: list[Node]) -> list[Node]:
    """Nodes whose places differ (two ways to the same place: the better is kept)."""
    out: list[Node] = []
    for n in nodes:
        if all(abs(n.pose[0] - o.pose[0]) + abs(n.pose[1] - o.pose[1]) > 0.05 or n.points != o.points for o in out):
            out.append(n)
    return out


def plan_commands(view: GameState, ship: Ship, sail: Option, node: Node) -> Plan:
    """The legs of a plan as Sail commands (a turned leg and the straight legs after it on one stick: one command)."""
    plan = Plan()
    pose = ship.pose
    points = ship.actions
    merged: list[Leg] = []
    for leg in node.legs:
        if merged and abs(leg.turn) < 1e-9 and leg.stick == merged[-1].stick:
            last = merged[-1]
            merged[-1] = Leg(
                last.turn, last.distance + leg.distance, leg.stick, last.points + leg.points, last.asked + leg.asked
            )
        else:
            merged.append(leg)
    for leg in merged:
        turn = leg.turn
        fx, fy = heading_vector(pose[2])
        hl = ship.length / 2.0
        bow = (pose[0] + fx * hl, pose[1] + fy * hl)
        h = pose[2] + turn
        gx, gy = heading_vector(h)
        end = (bow[0] - gx * hl + gx * leg.distance, bow[1] - gy * hl + gy * leg.distance, h % 360.0)
        points -= leg.points
        plan.steps.append((sail.command(distance=round(leg.asked, 6), turn=turn), end, points))
        pose = end
    return plan


# --- the other moves ---------------------------------------------------------------------------


def drift_candidates(view: GameState, aims: Aims, ship: Ship, drift: Option) -> list[tuple[float, Command]]:
    """Drifts worth trying: turned to face her steering point, or the island, or any of eight ways."""
    way = wind.blowing(view, sight.centre(ship))
    fx, fy = heading_vector(way)
    dist = view.tables.drift_distance
    sp = board.space(view)
    sweep = sp.sweep(ship.id, dist, way)
    blocked = sweep.contact is not None and sweep.travelled < dist - 2e-6
    x, y = (ship.x, ship.y) if blocked else (ship.x + fx * dist, ship.y + fy * dist)
    heads = [h * 45.0 for h in range(8)]
    goal = aim_point(view, aims, ship)
    if goal is not None:
        heads.append(bearing((x, y), goal))
    out: list[tuple[float, Command]] = []
    for h in heads:
        turn = signed_angle(ship.heading, h)
        if sp.pivot_blocker(ship.id, turn, start=(x, y, ship.heading)) is not None:
            continue
        value = worth(view, aims, ship, (x, y, h % 360.0), 0)
        out.append((value, drift.command(distance=0.0, turn=round(turn, 3))))
    return out


def repair_wish(view: GameState, aims: Aims, ship: Ship, repair: Option | None) -> Command | None:
    """Repair, when she is badly hurt and out of the fight: as many points as her damage needs."""
    if repair is None or ship.dead or ship.hp > BADLY_HURT * ship.hp_max:
        return None
    if aims.role == RUNNER and ship.id == aims.carrier and ship.hp > 6:
        return None  # the carrier sails on unless she is nearly dead
    here = sight.centre(ship)
    near = [f for f in sight.live_enemies(view, ship) if sight.apart(sight.centre(f), here) < OUT_OF_FIGHT]
    if near or gunnery.exposure(view, aims, ship) > 0:
        return None
    pts = [p for p in repair.choices.get("points", ()) if isinstance(p, int)]
    return repair.command(points=max(pts)) if pts else None
