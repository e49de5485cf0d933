"""Guns for the scripted player: which gun does most damage after aiming, and what a position is worth in fire.

In the combat phase a shot costs one point and every other point goes into
aiming, so the damage of each gun that bears is known before it is fired
(no dice): the player fires the gun and target whose damage is worth most to
its aims (:class:`aims.Aims`), its gun the one doing most damage on that
target.  Fire at will (move phase) rolls a die for the aim; its worth is the
mean over the die's faces.

The same sums measure a position in the move phase: what her guns could do
from there with the points she keeps (:func:`firepower`), and what the
enemy's could do to her there (:func:`exposure`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.ai.cagway import sight
from game.ai.cagway.aims import Aims
from game.systems.base import Command, Option
from game.systems.cagway import board, health
from game.systems.cagway import gunnery as rules_gunnery
from game.systems.cagway.state import GameState, Ship

#: A target that has not yet moved this round may sail out of the arc: her worth is cut to this share.
MAY_SAIL_AWAY = 0.6
#: A threat that has not yet moved may sail into a better position, or away: its worth, likewise.
MAY_SAIL_IN = 0.6


@dataclass(frozen=True)
class Shot:
    gun: str
    target: str
    range: int
    damage: int


def touching(a: Ship, b: Ship) -> bool:
    """The bases touch (the rules' measure), with a quick look at the centres first."""
    reach = (math.hypot(a.length, a.width) + math.hypot(b.length, b.width)) / 2.0 + 0.05
    if abs(a.x - b.x) > reach or abs(a.y - b.y) > reach:
        return False
    return board.distance(a, b) <= board.TOUCH


def reach_in(state: GameState, points: int) -> float:
    """Inches between centres beyond which no gun does damage with ``points`` to aim (a quick filter)."""
    seg = state.tables.shooting_segment
    return (state.tables.beyond - 1 + max(0, points - state.tables.costs["fire"])) * seg + 8.0


#: Bearings measured for the scenario in play: (firer's card and pose, target and pose) -> (gun, column, range).
_BEARINGS: dict[tuple[object, ...], tuple[tuple[str, str, int], ...]] = {}
_BEARINGS_OF: list[object] = [None]
_BEARINGS_MAX = 50_000


def bearings(state: GameState, firer: Ship, target: Ship) -> tuple[tuple[str, str, int], ...]:
    """Her guns that bear on ``target`` with no island in the way, each (gun, column, range); measured once."""
    if _BEARINGS_OF[0] is not state.scenario or len(_BEARINGS) > _BEARINGS_MAX:
        _BEARINGS.clear()
        _BEARINGS_OF[0] = state.scenario
    key = (firer.card, firer.x, firer.y, firer.heading, target.id, target.x, target.y, target.heading)
    got = _BEARINGS.get(key)
    if got is None:
        out = []
        for g in state.card_of(firer).guns:
            if not _may_bear(firer, g.direction, target):
                continue
            b = rules_gunnery.bearing(state, firer, g.direction, target)
            if b is not None and b.blocked_by is None and b.range >= 1:
                out.append((g.direction, b.column, b.range))
        got = tuple(out)
        _BEARINGS[key] = got
    return got


def _may_bear(firer: Ship, gun: str, target: Ship) -> bool:
    """A quick look: could any part of the target lie in the gun's arc?  (False only when it surely cannot.)"""
    fx, fy = math.sin(math.radians(firer.heading)), math.cos(math.radians(firer.heading))
    dx, dy = target.x - firer.x, target.y - firer.y
    ahead, port = dx * fx + dy * fy, -dx * fy + dy * fx
    r = math.hypot(target.length, target.width) / 2.0 + 1e-6
    hl, hw = firer.length / 2.0, firer.width / 2.0
    if gun == "fore":
        return ahead + r > hl
    if gun == "aft":
        return ahead - r < -hl
    if abs(ahead) > hl + r:
        return False
    return port + r > hw if gun == "port" else port - r < -hw


def best_gun(state: GameState, firer: Ship, target: Ship, points: int) -> Shot | None:
    """Her gun that does most damage on ``target`` with ``points`` (one for the shot, the rest aim); None if none bears.

    Works for a ghost of her (or of the target) standing anywhere: only poses, cards and islands are read.
    """
    cost = state.tables.costs["fire"]
    if points < max(1, cost) or target.dead or not target.on_table or target.side == firer.side:
        return None
    if sight.apart(sight.centre(firer), sight.centre(target)) > reach_in(state, points):
        return None
    best: Shot | None = None
    for gun, column, rng in bearings(state, firer, target):
        _eff, dmg = rules_gunnery.shot_damage(state, column, rng, points - cost)
        if best is None or (dmg, -rng) > (best.damage, -best.range):
            best = Shot(gun, target.id, rng, dmg)
    return best


def hasty_mean(state: GameState, column: str, rng: int, left: int) -> float:
    """Mean damage of fire at will: the die's face is the aim if no more than the points left after the shot."""
    die = state.tables.fire_at_will_die
    total = 0
    for face in range(1, die + 1):
        total += rules_gunnery.shot_damage(state, column, rng, face if face <= left else 0)[1]
    return total / die


def firepower(view: GameState, aims: Aims, ship: Ship, points: int, still: bool = False) -> float:
    """What her guns (or her crew, if she touches a live enemy) could do from where ``ship`` stands with ``points``.

    ``ship`` may be a ghost.  An enemy still to move counts for less: she may sail out of the arc
    (``still``: every enemy counts for less, as if all were still to move: next round's reckoning).
    """
    if points < 1:
        return 0.0
    best = 0.0
    foes = sight.live_enemies(view, ship)
    touching_foes = [f for f in foes if touching(ship, f)]
    if touching_foes:  # guns no longer effective: her crew attacks at her combat value
        cv = health.combat_value(view, ship)
        return max(aims.value_of_hit(f, cv) for f in touching_foes)
    for f in foes:
        shot = best_gun(view, ship, f, points)
        if shot is None:
            continue
        v = aims.value_of_hit(f, shot.damage) * (1.0 if f.moved and not still else MAY_SAIL_AWAY)
        best = max(best, v)
    return best


def exposure(view: GameState, aims: Aims, ship: Ship) -> float:
    """What the enemy's guns and crews could do to ``ship`` (a ghost, maybe) in the coming combat phase.

    Each live enemy fires once with the points she holds now (all poured into aim but the shot's),
    worth ``aims.own_worth`` a HP of hers.
    """
    worth = aims.own_worth.get(ship.id, 1.0)
    total = 0.0
    for f in sight.live_enemies(view, ship):
        if f.fought or f.actions < 1:
            continue
        if touching(ship, f):
            total += health.combat_value(view, f) * worth
            continue
        shot = best_gun(view, f, ship, f.actions)
        if shot is None:
            continue
        total += min(shot.damage, max(0, ship.hp)) * worth * (1.0 if f.moved else MAY_SAIL_IN)
    return total


def fire_choice(view: GameState, aims: Aims, options: list[Option]) -> tuple[float, Command] | None:
    """The combat phase's best shot among the ``fire`` options: (worth, command), or None if none is offered."""
    best: tuple[float, int, Command] | None = None
    for opt in options:
        if opt.type != "fire":
            continue
        ship = view.ships[opt.ship]
        target = view.ships[opt.fixed["target"]]
        for gun in opt.choices.get("gun", ()):
            b = rules_gunnery.bearing(view, ship, gun, target)
            if b is None:
                continue
            _eff, dmg = rules_gunnery.shot_damage(view, b.column, b.range, ship.actions - view.tables.costs["fire"])
            worth = aims.value_of_hit(target, dmg)
            key = (worth, dmg)
            if best is None or key > (best[0], best[1]):
                best = (worth, dmg, opt.command(gun=gun))
    return None if best is None else (best[0], best[2])


def hasty_choice(view: GameState, aims: Aims, options: list[Option]) -> tuple[float, Command] | None:
    """The best fire at will among the options: (mean worth, command), or None."""
    best: tuple[float, Command] | None = None
    for opt in options:
        if opt.type != "fire_at_will":
            continue
        ship = view.ships[opt.ship]
        target = view.ships[opt.fixed["target"]]
        left = ship.actions - view.tables.costs["fire"]
        for gun in opt.choices.get("gun", ()):
            b = rules_gunnery.bearing(view, ship, gun, target)
            if b is None:
                continue
            die = view.tables.fire_at_will_die
            worth = 0.0
            for face in range(1, die + 1):
                _eff, dmg = rules_gunnery.shot_damage(view, b.column, b.range, face if face <= left else 0)
                worth += aims.value_of_hit(target, dmg) / die
            if best is None or worth > best[0]:
                best = (worth, opt.command(gun=gun))
    return best
