"""What a broadside would do, worked out before the player fires it.

The numbers come from the same ``plan_shot`` the engine fires with, so the
hover panel can never disagree with the dice.  Expected hits account for the
extra die every natural maximum brings: a die of ``s`` sides starts a chain
of on average ``s / (s - 1)`` dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.systems.btq21.broadside import Shot, plan_shot
from game.systems.btq21.odds import hits_at_least, percent, shot_hits
from game.systems.btq21.state import GameState

MODIFIER_WORDS = {
    "firer_quality": "crew",
    "firer_sail": "firer's sail",
    "target_sail": "target's sail",
    "target_on_fire": "target on fire",
    "shore_battery": "shore battery",
    "chain_shot": "chain shot",
}


def hit_chance(sides: int, needed: int, modifier: int) -> float:
    """Chance one die hits: a natural 1 always misses."""
    good = sum(1 for f in range(2, sides + 1) if f + modifier >= needed)
    return good / sides


def on_die(needed: int, modifier: int) -> str:
    """The face a die must show once the modifiers are in, as the dice tray prints it ("need 4+"):
    without it the hover's "needing 6+" and the tray's "need 4+" for the same shot look like two answers."""
    return f"{max(2, needed - modifier)}+ on the die"


def expected_hits(count: int, sides: int, needed: int, modifier: int) -> float:
    if count <= 0:
        return 0.0
    return count * hit_chance(sides, needed, modifier) * sides / (sides - 1)


@dataclass
class ShotReport:
    side: str
    aim: str
    shot: Shot | None
    reason: str | None = None
    lines: list[str] = field(default_factory=list)
    expected: float = 0.0
    blocked_by: str | None = None


def report(state: GameState, firer_id: str, side: str, target_id: str, aim: str = "hull") -> ShotReport:
    firer, target = state.ships[firer_id], state.ships[target_id]
    shot = plan_shot(state, firer, side, target, aim)
    if isinstance(shot, str):
        r = ShotReport(side, aim, None, shot)
        if shot.startswith("no line of sight"):
            r.blocked_by = shot.split(": ", 1)[1].replace(" is in the way", "")
        return r
    mod = shot.modifier
    exp = expected_hits(shot.d10, 10, shot.needed, mod) + expected_hits(shot.d6, 6, shot.needed, mod)
    dice = " and ".join(x for x in (f"{shot.d10} D10" if shot.d10 else "", f"{shot.d6} D6" if shot.d6 else "") if x)
    mods = ", ".join(f"{v:+d} {MODIFIER_WORDS.get(k, k.replace('_', ' '))}" for k, v in shot.modifiers.items())
    band = shot.band.replace("_", " ")
    lines = [
        f"{side} broadside at {aim}: {band} range {shot.range:.1f}\"",
        f"{dice or 'no dice'} needing {shot.needed}+" + (f" ({mods}): {on_die(shot.needed, mod)}" if mods else ""),
        f"expected hits {exp:.1f}" + ("  — RAKE: dice doubled, automatic critical" if shot.rake else ""),
    ]
    chances = outcome_chances(state, shot)
    if chances:
        lines.append(chances)
    if shot.crippled:
        lines.append("crippled hull: dice halved")
    return ShotReport(side, aim, shot, None, lines, exp)


#: Chances smaller than this are not worth a player's attention in the shot box.
NEGLIGIBLE = 0.005


def outcome_chances(state: GameState, shot: Shot) -> str | None:
    """'31% to cripple her rigging' / '4% to sink her': what the broadside may do, counted exactly."""
    target = state.ships[shot.target]
    track = shot.aim
    dist = shot_hits(shot)
    parts = []
    gone = hits_at_least(dist, target.left(track))
    if gone >= NEGLIGIBLE:
        end = "destroy it" if target.shore_battery else {"hull": "sink her", "rigging": "dismast her"}[track]
        parts.append(f"{percent(gone)} to {end}")
    if not target.crippled(track):
        crip = hits_at_least(dist, getattr(target, track + "_cripple") - target.lost(track))
        if crip >= NEGLIGIBLE:
            what = "the fort" if target.shore_battery else f"her {track}"
            parts.append(f"{percent(crip)} to cripple {what}")
    return ", ".join(parts) if parts else None
