"""What the computer players do with an anchor under option anchors.

An anchored line is a battery that can turn: both players keep a ship at
anchor where she is and swing her so that the nearest enemy within long range
lies as near abeam as the swing allows, when that brings him at least
``WORTH_SWINGING`` degrees nearer the beam.  A ship of a side that scores by
sailing off the table cuts her cable at once.  A dismasted ship lets go an
anchor when her drift would put her on a shore, a shoal or over the edge.
Neither player ever anchors a ship that can sail, or weighs: in a battle of a
dozen turns an anchor is a place to fight from, not to wait at.
"""

from __future__ import annotations

from game.ai.base import exit_edges
from game.systems.base import Command, Option
from game.systems.btq21 import anchors, board, weather
from game.systems.btq21.offers import ANCHOR_WORK
from game.systems.btq21.state import AFLOAT, GameState, Ship
from game.table.geometry import bearing, norm_heading

#: Degrees nearer the beam a swing must bring the enemy to be worth making.
WORTH_SWINGING = 10.0
#: Degrees between the swings a player weighs up.
SWING_STEP = 5.0
#: Degrees of a ship's own bearing that are her beam, port and starboard.
BEAMS = (90.0, 270.0)


def anchor_wish(state: GameState, options: list[Option]) -> Command | None:
    by_type = {o.type: o for o in options}
    act = state.activation
    if act is None or not by_type.keys() & set(ANCHOR_WORK):
        return None
    ship = state.ships[act.ship]
    if "cut_cable" in by_type and ship.side in exit_edges(state):
        return by_type["cut_cable"].command()
    if "let_go" in by_type and ship.adrift and _drift_wrecks(state, ship):
        return by_type["let_go"].command(end=anchors.BOW)
    if "swing" in by_type:
        degrees = best_swing(state, ship)
        if degrees is not None:
            return by_type["swing"].command(distance=0.0, turn=degrees)
    return None


def best_swing(state: GameState, ship: Ship) -> float | None:
    """The swing that lays the nearest enemy within long range nearest her beam, if one is worth making."""
    reach = weather.ranges(state)["long"]
    foes = [e for e in state.enemies_of(ship.side) if e.status == AFLOAT and not e.shore_battery]
    near = sorted((board.closest_distance(state, ship.id, e.id), e.id) for e in foes)
    near = [(d, sid) for d, sid in near if d <= reach]
    if not near:
        return None
    foe = state.ships[near[0][1]]
    now = _off_beam(ship.pose, foe)
    limit = anchors.swing_limit(state)
    steps = int(limit // SWING_STEP)
    tries = sorted(
        (_off_beam(anchors.swung_pose(ship, ship.anchor, k * SWING_STEP), foe), abs(k), k * SWING_STEP)
        for k in range(-steps, steps + 1)
        if k
    )
    for off, _size, degrees in tries:
        if off > now - WORTH_SWINGING:
            return None
        if anchors.swing_refusal(state, ship, 0.0, degrees) is None:
            return degrees
    return None


def _off_beam(pose: tuple[float, float, float], foe: Ship) -> float:
    """Degrees between the enemy's bearing from her and the nearer of her beams."""
    rel = norm_heading(bearing((pose[0], pose[1]), (foe.x, foe.y)) - pose[2])
    return min(min(abs(rel - b), 360.0 - abs(rel - b)) for b in BEAMS)


def _drift_wrecks(state: GameState, ship: Ship) -> bool:
    """Whether her next drift would end on a shore, a shoal or over the table edge."""
    downwind = norm_heading(state.wind_from + 180.0)
    sw = board.sweep(state, ship.id, float(state.rules.drift_distance), downwind)
    return sw.contact is not None and sw.contact.kind != "ship"
