"""Gunnery for the look-ahead: where each broadside is worth firing, and what enemy guns see of us.

Every shot is measured with the engine's own ``plan_shot`` (arc, range band,
line of sight, dice, rake, modifiers) and valued with ``Appraiser.shot_value``;
the line of sight, the dearest test on a crowded table, is asked only of a shot
that would be kept (the answer is the same: a blocked shot is never kept);
only the cheap ``maybe_in_arc`` test, which can err only towards yes, is
ours, to skip the targets a broadside plainly cannot bear on.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace

from game.ai.captain.reach import can_fight
from game.systems.btq21 import national, weather
from game.systems.btq21 import shot as loads
from game.systems.btq21.broadside import AIMS, SIDES, Shot, gun_sides, plan_shot, sees
from game.systems.btq21.evaluation import Appraiser, special_p
from game.systems.btq21.state import AFLOAT, GameState, Ship
from game.table.geometry import to_local

TAN_30 = math.tan(math.radians(30.0))
#: Whether an enemy firing as she bears is expected to fire at the first point her guns bear on us
#: (True), or at the point of our path where her shot is best (False).
FIRST_CHANCE = False


@dataclass
class Pick:
    """A broadside the plan fires: at which point of the path, at whom, at what, with Chain Shot or not."""

    value: float
    point: int
    side: str
    target: str
    aim: str
    chain: bool = False
    test: float = 0.0  # the morale test part of its value (counted once per target in a plan)


def maybe_in_arc(me: Ship, side: str, t: Ship, reach: float) -> bool:
    """Cheap test that can only err towards yes: could any of ``t``'s base lie in ``side``'s arc?"""
    along, across = to_local(me.pose, (t.x, t.y))
    rho = math.hypot(t.length, t.width) / 2
    if side not in SIDES:  # a chaser's field: only the range is cheap to rule out
        return math.hypot(along, across) - rho - me.length <= reach
    if side == "starboard":
        across = -across
    if across + rho <= me.width / 2 or math.hypot(along, across) - rho - me.length > reach:
        return False
    slack = (across + rho - me.width / 2) * TAN_30 + rho * 1.2
    return -me.length / 2 - slack <= along <= me.length / 2 + slack


def aims_at(target: Ship) -> tuple[str, ...]:
    """Rigging, always, while she has any: hull only at a shore battery or a dismasted ship.

    Weighing hull against rigging by the condition model lost points: in the squadron
    action, aiming at rigging alone gained 29.9 points a game (+-11.8) over 200 paired
    games, where the model had chosen hull for one broadside in five (see docs/CAPTAIN.md).
    Morale tests take ships, and the rigging is the short track that brings them.
    """
    if target.shore_battery or target.rigging <= 0:
        return ("hull",)
    return ("rigging",)


def hull_only(target: Ship) -> tuple[str, ...]:
    """A beginner's aim: the hull, to sink her (the rigging is the shorter road to the morale tests that take ships)."""
    return ("hull",)


def best_broadsides(
    ap: Appraiser, st: GameState, me: Ship, point: int, picks: dict[str, Pick], among: Collection[str] | None = None,
    focus: Mapping[str, float] | None = None, aims: Callable[[Ship], tuple[str, ...]] | None = None,
) -> None:
    """Aim every unfired broadside from where ``me`` is now; keep in ``picks`` the best point for each.

    Both aims are weighed; against rigging at the ranges Chain Shot helps, so is
    the chance of passing its test (if the turn's special action is still free).
    ``among``: the only targets weighed, if given (a fleet action's nearest enemies).
    ``focus``: a factor on each target's worth (doubling on a target, ``squadron.focus``).
    ``aims``: what she aims at on each target (``aims_at`` unless a captain's habits say otherwise).
    """
    aims = aims or aims_at
    if me.status != AFLOAT or me.boarding_with:
        return
    reach = weather.ranges(st)["long"]
    chain = st.rules.special_actions["chain_shot"]
    act = st.activation
    p_chain = 0.0
    if act is not None and act.special is None and not me.crippled("crew") and not me.shore_battery:
        p_chain = special_p(st, me, "chain_shot")
    for side in gun_sides(me):
        if not national.ready(st, me, side):
            continue
        for t in st.ships.values():
            if among is not None and t.id not in among:
                continue
            if t.side == me.side or not can_fight(t) or not (me.shore_battery or maybe_in_arc(me, side, t, reach)):
                continue
            allowed = loads.aims(st, me, side, AIMS)
            shot = plan_shot(st, me, side, t, allowed[0], sight=False)
            if isinstance(shot, str):
                continue
            seen: bool | None = None  # the line of sight, asked only of a shot that would be picked
            for aim in [a for a in aims(t) if a in allowed] or allowed:
                s = shot if aim == shot.aim else replace(shot, aim=aim, needed=int(st.rules.to_hit[aim][shot.band]))
                v = ap.shot_value(s, me, t)
                test = ap.test_value(s, me, t)
                use_chain = False
                if aim == "rigging" and p_chain > 0 and shot.band in chain["bands"] and shot.load == loads.ROUND:
                    boosted = replace(s, modifiers={**s.modifiers, "chain_shot": int(chain["to_hit"])})
                    with_chain = p_chain * ap.shot_value(boosted, me, t) + (1 - p_chain) * v
                    use_chain, v = with_chain > v, max(v, with_chain)
                if focus is not None:
                    v *= focus.get(t.id, 1.0)
                if v > picks.get(side, Pick(0.0, 0, side, "", "")).value + 1e-9:
                    if seen is None:
                        seen = sees(st, me, t)
                    if not seen:
                        break
                    picks[side] = Pick(v, point, side, t.id, aim, use_chain, test)


def exposure(ap: Appraiser, st: GameState, me: Ship, shooters: list[str], worst: dict[str, float]) -> None:
    """Ships firing as she bears: the best shot each has at ``me`` where she is now, kept at its worst."""
    if not can_fight(me):
        return
    reach = weather.ranges(st)["long"]
    for sid in shooters:
        shooter = st.ships[sid]
        if not can_fight(shooter):
            continue
        best = 0.0
        for side in gun_sides(shooter):
            if not national.ready(st, shooter, side):
                continue
            if not (shooter.shore_battery or maybe_in_arc(shooter, side, me, reach)):
                continue
            shot = plan_shot(st, shooter, side, me, "hull", sight=False)
            if isinstance(shot, Shot):
                v = ap.shot_value(shot, shooter, me)
                if v > best and sees(st, shooter, me):
                    best = v
        if FIRST_CHANCE and worst.get(sid, 0.0) > 0.0:
            continue  # she has fired already, at the first point she bore
        worst[sid] = max(worst.get(sid, 0.0), best)


def picks_value(picks: dict[str, Pick]) -> float:
    """The broadsides' worth together: a target hit by both tests her morale once, not twice."""
    total = sum(p.value for p in picks.values())
    tests: dict[str, list[float]] = {}
    for p in picks.values():
        tests.setdefault(p.target, []).append(p.test)
    return total - sum(sum(t) - max(t) for t in tests.values())
