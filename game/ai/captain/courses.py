"""The segments worth trying: a grid of distances and turns, plus the exact ones that matter.

A grid alone would almost never stop a ship on an enemy's keel line (the
strip a rake needs is her base's width, three quarters of an inch for a
frigate), nor just inside a better range band.  So for each enemy within
reach the distance that puts our centre on her keel line ahead or astern,
with the turn that lays us across her, and the distances that bring the
bases just inside point blank and close range are added to the grid.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai.captain.reach import can_fight, out_of_reach
from game.systems.btq21 import board, weather
from game.systems.btq21.movement import SegmentPlan
from game.systems.btq21.state import GameState, Ship
from game.table.geometry import heading_vector, norm_heading, signed_angle

DISTANCES = (0.0, 0.5, 1.0)  # fractions of the way from a segment's minimum to its maximum
TURNS = (-1.0, -0.5, 0.0, 0.5, 1.0)  # fractions of the turn allowance
#: Enemies farther than this (centre to centre) get no exact candidates.
NEAR = 40.0
#: Keel lines crossed at less than this sine of the angle are too oblique to stop on.
OBLIQUE = 0.3


def candidates(st: GameState, me: Ship, p: SegmentPlan) -> list[tuple[float, float]]:
    """(distance, turn) pairs for the next segment, grid first, without repeats."""
    lo, hi = p.minimum, p.maximum
    dists = sorted({round(lo + f * (hi - lo), 4) for f in DISTANCES})
    out = list(dict.fromkeys((d, f * p.turn + 0.0) for d in dists for f in TURNS))
    seen = set(out)
    return out + [x for x in exact_moves(st, me, p, dists) if x not in seen]


def exact_moves(st: GameState, me: Ship, p: SegmentPlan, dists: Sequence[float] = ()) -> list[tuple[float, float]]:
    """The moves onto an enemy's keel line, laid across it, and just inside a better range band.

    Band moves close to a distance in ``dists`` (the grid's) are left out.
    """
    lo, hi = p.minimum, p.maximum
    out: list[tuple[float, float]] = []
    seen: set[tuple[float, float]] = set()
    sp = board.space(st)
    hx, hy = heading_vector(me.heading)
    for e in st.ships.values():
        if e.side == me.side or not can_fight(e) or math.hypot(e.x - me.x, e.y - me.y) > NEAR:
            continue
        extra: list[tuple[float, float]] = []
        if not e.shore_battery:  # cross her keel line heading across her: a rake
            ex, ey = heading_vector(e.heading)
            cross = hx * ey - hy * ex
            if abs(cross) > OBLIQUE:
                dx, dy = e.x - me.x, e.y - me.y
                s = (dx * ey - dy * ex) / cross
                t = (dx * hy - dy * hx) / cross
                if lo - 1e-9 <= s <= hi + 1e-9 and abs(t) >= e.length / 2 + 0.3:
                    for perp in (e.heading + 90.0, e.heading - 90.0):
                        turn = max(-p.turn, min(p.turn, signed_angle(me.heading, norm_heading(perp))))
                        extra.append((round(min(max(s, lo), hi), 4), round(turn, 3)))
        for limit in ("point_blank", "close"):  # just inside a better range band
            within = weather.ranges(st)[limit] - 0.05
            if out_of_reach(me, e, hi, within):
                continue
            inside = sp.first_within(me.id, hi, e.id, within)
            if inside is not None and lo < inside < hi and all(abs(inside - d) > 0.3 for d in dists):
                extra += [(round(inside, 4), f * p.turn) for f in (-1.0, 0.0, 1.0)]
        out += [x for x in extra if x not in seen]
        seen.update(extra)
    return out


def signature(state: GameState, me: str) -> tuple:
    """What must be as planned before the plan's next command is played."""
    s, act = state.ships[me], state.activation
    where = (round(s.x, 3), round(s.y, 3), round(s.heading, 2), s.status, s.sail, s.boarding_with)
    if act is None:
        return where
    return where + (act.segment, act.segments_allowed, act.movement_over, act.tack, act.boarding_target, act.drifted)
