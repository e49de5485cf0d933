"""The best firing position: how the scripted player weighs where a move leads.

Gifford's aggressive move turns the ship "to the best firing position".  On
the gridless table that is measured, not judged by eye: a candidate segment
is sailed on a copy of the state, the rest of the activation played out on
it, and the position reached is worth

* the expected hits of each broadside not yet fired, counted at the first
  moment it bears on the closest enemy (she fires at the earliest chance);
* plus :data:`END_POSITION_WEIGHT` times her broadsides' expected hits from
  where she ends (next turn's shooting);
* less :data:`THREAT_WEIGHT` times the enemy's expected hits at her, from
  where each enemy lies and where his next move may take him.

A rollout that runs her off the table or aground is worth -LOST_WORTH, one
that carries her off by her exit edge +EXIT_WORTH.  It also tells whether she
ends beside a boarding party she would not beat, or under a raking broadside.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.ai.solo.boarding import boarders_threaten
from game.ai.solo.gunnery import exit_edges, expected_hits, foes
from game.systems.btq21 import board, movement, national, weather
from game.systems.btq21 import commands as c
from game.systems.btq21.broadside import SIDES, Shot, band_of, broadside_total, modifiers, plan_shot, split_dice
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.movement import SegmentPlan
from game.systems.btq21.state import AFLOAT, LEFT_TABLE, GameState, Ship
from game.table.geometry import advance, bearing, norm_heading, signed_angle, to_local

#: Shots fired on the way count fully, the position she ends in partly.
END_POSITION_WEIGHT = 0.6
THREAT_WEIGHT = 0.4
#: The bearings off the bow a broadside covers, for the rough threat estimate.
ARC_FROM, ARC_TO = 60.0, 120.0
#: Inches within which an enemy's next move is looked at in the threat he poses.
THREAT_WATCH = 40.0
#: Range band within which she keeps out of an enemy's raking broadside.
RAKE_WATCH_BAND = "close"
#: Hits a rollout that runs her off the table or aground is reckoned to cost.
LOST_WORTH = 100.0
#: And one that carries her off by the edge her side must leave by, what it gains.
EXIT_WORTH = 100.0

#: How the rest of the activation is steered in a rollout: the turn for the next segment.
Follow = Callable[[GameState, Ship, SegmentPlan], float]


def firing_position(work: GameState, ship_id: str, share: float, follow: Follow) -> tuple[float, bool]:
    """Worth of the position a candidate leads to: the best firing position scores highest.

    The rest of the activation is sailed on the copy at the same share of
    way, each segment's turn given by ``follow``.  Also returned: whether
    she ends beside a boarding party that would carry her, or raked.
    """
    gained = {side: 0.0 for side in SIDES}
    _count_shots(work, ship_id, gained)
    while True:
        act = work.activation
        if act is None or act.ship != ship_id or act.movement_over or act.segment >= act.segments_allowed:
            break
        ship = work.ships[ship_id]
        p = movement.plan(work, act, ship)
        if p.aback:
            break
        t = follow(work, ship, p)
        d = p.minimum + share * (p.maximum - p.minimum)
        if isinstance(apply(work, c.MoveSegment(ship_id, d, t)), Rejected):
            break
        _count_shots(work, ship_id, gained)
    ship = work.ships[ship_id]
    if ship.status == LEFT_TABLE and ship.exit_edge and ship.exit_edge == exit_edges(work).get(ship.side):
        return EXIT_WORTH, False
    if not ship.on_table:
        return -LOST_WORTH, False
    if ship.status != AFLOAT:
        return sum(gained.values()), False
    ahead = sum(_best_shot(work, ship, side) for side in SIDES)
    threat = sum(enemy_threat(work, enemy, ship) for enemy in foes(work, ship) if not enemy.boarding_with)
    worth = sum(gained.values()) + END_POSITION_WEIGHT * ahead - THREAT_WEIGHT * threat
    return worth, boarders_threaten(work, ship) or raked(work, ship)


def raked(work: GameState, ship: Ship) -> bool:
    """Does an enemy broadside within close range rake her where she lies?"""
    reach = weather.ranges(work)[RAKE_WATCH_BAND]
    for enemy in foes(work, ship):
        if enemy.shore_battery or enemy.boarding_with:
            continue
        if board.closest_distance(work, ship.id, enemy.id) > reach:
            continue
        for side in SIDES:
            shot = plan_shot(work, enemy, side, ship, "hull")
            if not isinstance(shot, str) and shot.rake:
                return True
    return False


def enemy_threat(work: GameState, enemy: Ship, ship: Ship) -> float:
    """Mean expected hits of the enemy's best broadside at her, from where he is and where he may sail.

    He may fire before or after his own move, so his present pose and the
    ends of three plain moves (held course, full turns either way, at three
    quarters way) are averaged; an enemy beyond :data:`THREAT_WATCH` is
    taken where he lies.  The shots are estimated (``rough_broadside``).
    """
    poses = [enemy.pose]
    near = math.dist((enemy.x, enemy.y), (ship.x, ship.y)) <= THREAT_WATCH
    if near and not enemy.shore_battery and enemy.sail is not None and not enemy.adrift:
        r = work.rules
        step = 0.75 * weather.top_speed(work, float(r.speeds[enemy.size][enemy.sail]))
        allowance = float(r.turns[enemy.size])
        for sense in (0, 1, -1):
            pose = enemy.pose
            for _ in range(int(r.segments)):
                x, y, h = advance(pose, step)
                pose = (x, y, norm_heading(h + sense * allowance))
            poses.append(pose)
    return sum(rough_broadside(work, enemy, pose, ship) for pose in poses) / len(poses)


def rough_broadside(work: GameState, firer: Ship, pose: tuple[float, float, float], target: Ship) -> float:
    """Expected hull hits of ``firer``'s better broadside from ``pose`` at ``target``, by plain geometry.

    A quick stand-in for the engine's ``plan_shot`` in the threat estimate:
    range between centres less half the two beams, the arc as the bearing 60
    to 120 degrees off the bow (any bearing for a battery without an arc),
    no line of sight, a rake when she lies across his line of fire as the
    engine reckons it.
    """
    x, y, h = pose
    dist = max(0.0, math.dist((x, y), (target.x, target.y)) - (firer.width + target.width) / 2.0)
    band = band_of(work, dist)
    if band is None:
        return 0.0
    if not firer.shore_battery:
        off = abs(signed_angle(h, bearing((x, y), (target.x, target.y))))
        if not ARC_FROM - 1e-9 <= off <= ARC_TO + 1e-9:
            return 0.0
    d10, d6 = split_dice(broadside_total(work, firer.guns, band), firer.large_share)
    if firer.crippled("hull"):
        d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
    along, across = to_local(target.pose, (x, y))
    keels = abs(signed_angle(h, target.heading)) % 180.0
    rake = abs(across) <= target.width / 2.0 and abs(along) >= target.length / 2.0 and 60.0 <= keels <= 120.0
    if rake and not firer.shore_battery:
        d10, d6 = 2 * d10, 2 * d6
    mods = modifiers(work, firer, target, "hull", band, False)
    needed = int(work.rules.to_hit["hull"][band])
    shot = Shot(firer.id, target.id, "", "hull", dist, band, rake, False, d10, d6, needed, mods)
    return expected_hits(shot)


def _count_shots(work: GameState, ship_id: str, gained: dict[str, float]) -> None:
    ship = work.ships[ship_id]
    if ship.status != AFLOAT:
        return
    for side in SIDES:
        if national.ready(work, ship, side) and gained[side] == 0.0:
            gained[side] = _best_shot(work, ship, side, closest=True)


def _best_shot(work: GameState, ship: Ship, side: str, closest: bool = False) -> float:
    """Expected hits of one broadside at the closest enemy it bears on (or the best, for the end position)."""
    found: list[tuple[float, float]] = []
    for enemy in foes(work, ship):
        shot = plan_shot(work, ship, side, enemy, "hull")
        if not isinstance(shot, str):
            found.append((shot.range, expected_hits(shot)))
    if not found:
        return 0.0
    return min(found)[1] if closest else max(w for _, w in found)
