"""Broadsides: who can fire at whom, with how many dice, needing what.

Readings (RULES-NOTES.md): the arc of each broadside runs from the bow and
stern corners of that side, 30 degrees off the beam either way; range is the
shortest distance between bases; line of sight is the 6" corridor between
centres; dice come from the guns table, split into large (D10) and regular
(D6) by the ship's share of large guns, halved (rounding up) for a crippled
hull, doubled for a rake.  A target is raked when the firer's centre lies in
the strip of the target's beam extended ahead of her bow or astern of her
stern, with the keels within 30 degrees of perpendicular; a rake brings one
automatic critical hit instead of the usual check.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.systems.btq21 import board, chasers, fortune, national, shot, weather
from game.systems.btq21.state import AFLOAT, GameState, Ship
from game.table.arcs import ENDS
from game.table.arcs import SIDES as SIDES  # the broadsides, as the rest of the rule system names them
from game.table.geometry import bearing, norm_heading, signed_angle, to_local

BATTERY = "battery"
AIMS = ("hull", "rigging")
#: Keels within this many degrees of perpendicular count as "perpendicular" for a rake (RULES-NOTES).
RAKE_OFF_PERPENDICULAR = 30.0
#: Inches the arc polygon reaches beyond long range.  The arc is a bearing test (range is measured
#: apart), and a target exactly at long range would only touch a polygon cut off at that range.
ARC_BEYOND_RANGE = 1.0


def band_of(state: GameState, distance: float) -> str | None:
    """The range band a distance falls in (each band includes its upper limit)."""
    for band, limit in weather.ranges(state).items():
        if distance <= limit + 1e-9:
            return band
    return None


def split_dice(total: int, large_share: float) -> tuple[int, int]:
    """(D10, D6): large = total x share, rounded half up; regular the rest."""
    large = int(total * large_share + 0.5)
    large = max(0, min(total, large))
    return large, total - large


def broadside_total(state: GameState, guns: int, band: str) -> int:
    col = list(state.rules.ranges).index(band)
    for lo, hi, *dice in state.rules.broadside_dice:
        if lo <= guns <= hi:
            return int(dice[col])
    return 0


def is_rake(firer: Ship, target: Ship) -> bool:
    along, across = to_local(target.pose, (firer.x, firer.y))
    if abs(across) > target.width / 2.0 + 1e-9 or abs(along) < target.length / 2.0:
        return False
    off = abs(signed_angle(firer.heading, target.heading)) % 180.0
    off = min(off, 180.0 - off)  # 0 = keels parallel, 90 = perpendicular
    return off >= 90.0 - RAKE_OFF_PERPENDICULAR - 1e-9


@dataclass
class Shot:
    """Everything about one broadside before the dice are rolled."""

    firer: str
    target: str
    side: str
    aim: str
    range: float
    band: str
    rake: bool
    crippled: bool
    d10: int
    d6: int
    needed: int
    modifiers: dict[str, int] = field(default_factory=dict)
    #: What the broadside is loaded with (option ``shot``; round shot otherwise).
    load: str = shot.ROUND
    #: The track her hits fall on: the aim's, unless the load says otherwise (grape: the crew).
    track: str = ""

    @property
    def modifier(self) -> int:
        return sum(self.modifiers.values())

    @property
    def hits_on(self) -> str:
        return self.track or self.aim


def targetable(state: GameState, target: Ship) -> str | None:
    """Why a ship cannot be fired at, or None if she can."""
    if target.status != AFLOAT:
        return f"{target.name} is {target.status.replace('_', ' ')}"
    if target.boarding_with:
        return f"{target.name} is locked in a boarding action"
    return None


def in_arc(state: GameState, firer: Ship, side: str, target: Ship) -> bool:
    if side == BATTERY:
        arc = battery_arc(state, firer)
        if arc is None:
            return True
        b = bearing((firer.x, firer.y), (target.x, target.y))
        lo, hi = arc
        return norm_heading(b - lo) <= norm_heading(hi - lo) + 1e-9
    reach = weather.ranges(state)["long"] + ARC_BEYOND_RANGE
    if side in ENDS:  # a chaser's field (option chasers)
        if not firer.chasers:
            return False
        return board.in_arc(state, firer.id, side, target.id, reach, chasers.off_keel(state))
    return board.in_arc(state, firer.id, side, target.id, reach, state.rules.arc_off_beam)


def gun_sides(firer: Ship) -> tuple[str, ...]:
    """Everything she may fire from: her battery, or her broadsides and any chasers rigged."""
    return (BATTERY,) if firer.shore_battery else SIDES + chasers.ends(firer)


def battery_arc(state: GameState, firer: Ship) -> tuple[float, float] | None:
    if state.scenario is None:
        return None
    for side in state.scenario.sides:
        for bat in side.batteries:
            if bat.id == firer.id:
                return bat.arc
    return None


def plan_shot(
    state: GameState,
    firer: Ship,
    side: str,
    target: Ship,
    aim: str,
    chain_shot: bool = False,
    snap: bool = False,
    sight: bool = True,
) -> Shot | str:
    """The broadside as it would be fired, or the reason it cannot be.

    ``snap``: snap fire at a boarder alongside, at point blank with half dice;
    she is in base contact, so arc, range and sight are not measured.
    ``sight=False`` leaves the line of sight to the caller (``sight_blocked``):
    it is the dearest test on a crowded table, and a look-ahead weighing many
    shots need only ask it of the one that would be chosen.
    """
    if aim not in AIMS:
        return f"aim at 'hull' or 'rigging', not {aim!r}"
    if firer.shore_battery != (side == BATTERY):
        return f"{firer.name} fires {'her battery' if firer.shore_battery else 'a port or starboard broadside'}"
    if target.side == firer.side:
        return f"{target.name} is a friend"
    if side in ENDS and not firer.chasers:
        return f"{firer.name}'s chasers are not rigged"
    barred = chasers.broadsides_barred(state, firer, side)
    if barred:
        return barred
    why = None if snap else targetable(state, target)
    if why:
        return why
    if target.shore_battery and aim != "hull":
        return "a shore battery is fired at as a hull (its fort points)"
    dist = board.closest_distance(state, firer.id, target.id)
    band = "point_blank" if snap else band_of(state, dist)
    if band is None:
        return f'{target.name} is out of range ({dist:.1f}", long range ends at {weather.ranges(state)["long"]:g}")'
    if not snap and not in_arc(state, firer, side, target):
        return f"{target.name} is not in {firer.name}'s {side} arc"
    why = None if snap or not sight else sight_blocked(state, firer, target)
    if why:
        return why
    why = shot.shot_refusal(state, firer, side, band, aim)
    if why:
        return why
    load = shot.loaded(state, firer, side)
    total = broadside_total(state, firer.guns, band)
    d10, d6 = split_dice(total, firer.large_share)
    crippled = firer.crippled("hull")
    if crippled:
        d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
    if snap:
        d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
    if load.dice_factor != 1.0:  # double shot: more dice, rounded up
        d10, d6 = math.ceil(d10 * load.dice_factor - 1e-9), math.ceil(d6 * load.dice_factor - 1e-9)
    if side in ENDS:
        d10, d6 = chasers.dice(state, d10, d6)
        if d10 + d6 == 0:
            return f"{firer.name}'s {side} chasers have no dice at {band.replace('_', ' ')} range"
    rake = side not in ENDS and not target.shore_battery and not firer.shore_battery and is_rake(firer, target)
    if rake:
        d10, d6 = d10 * 2, d6 * 2
    mods = modifiers(state, firer, target, aim, band, chain_shot)
    if load.to_hit:
        mods["shot"] = load.to_hit
    if chasers.broadside_to_hit(state, firer, side):
        mods["chasers"] = chasers.broadside_to_hit(state, firer, side)
    return Shot(
        firer.id, target.id, side, aim, dist, band, rake, crippled, d10, d6, int(state.rules.to_hit[aim][band]), mods,
        load.name, load.hits or "",
    )


def sight_blocked(state: GameState, firer: Ship, target: Ship) -> str | None:
    """Why the guns cannot see the target (the first thing in the way), or None if they can."""
    blockers = board.line_of_sight(state, firer.id, target.id)
    if not blockers:
        return None
    b = blockers[0]
    name = state.ships[b.id].name if b.kind == "ship" else b.id.replace("_", " ")
    return f"no line of sight: {name} is in the way"


def sees(state: GameState, firer: Ship, target: Ship) -> bool:
    """``sight_blocked(...) is None`` without naming what is in the way: what a look-ahead asks."""
    return board.sight_clear(state, firer.id, target.id)


def modifiers(state: GameState, firer: Ship, target: Ship, aim: str, band: str, chain_shot: bool) -> dict[str, int]:
    m = state.rules.to_hit_modifiers
    out: dict[str, int] = {}

    def add(key: str, value: int) -> None:
        if value:
            out[key] = value

    add("firer_quality", int(m["firer_quality"][firer.quality]))
    if firer.shore_battery:
        add("shore_battery", int(m["shore_battery_firing"]))
    elif firer.sail:
        add("firer_sail", int(m["firer_sail"][firer.sail]))
    if target.sail and not target.shore_battery:
        add("target_sail", int(m["target_sail"][target.sail]))
    if target.fires > 0:
        add("target_on_fire", int(m["target_on_fire"]))
    add("weather", weather.to_hit(state))
    add("fortune", int(fortune.effect(state, firer, "to_hit")))
    add("national", national.to_hit(state, firer))
    cs = state.rules.special_actions["chain_shot"]
    if chain_shot and aim == "rigging" and band in cs["bands"]:
        add("chain_shot", int(cs["to_hit"]))
    return out


def hits_on(face: int, needed: int, modifier: int) -> bool:
    """A natural 1 always misses; otherwise the modified die must reach the number needed."""
    return face != 1 and face + modifier >= needed
