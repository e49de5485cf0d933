"""What a ship could do in her next activation, judged from where everybody stands.

The captain cannot play out every enemy reply, so a ship's next activation
is summed up by her *reach*: the inches she can sail (segments times her
rate).  Within reach she can bring a broadside to bear at about the range
she can close to; and she can rake a ship if she can put her centre on
that ship's keel line, ahead of the bow or astern of the stern, heading
across it (the rake rule), which the heading she can turn to allows or not.
These are estimates for comparing positions, deliberately simple: every
candidate move of every activation is scored with them.

``sea_room`` asks the harder question of the table's edges and shores: can
the ship still keep off them next turn, sailing the least she may?
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.captain.grapple import odds
from game.systems.btq21 import board, weather
from game.systems.btq21.broadside import RAKE_OFF_PERPENDICULAR, band_of, battery_arc, in_arc
from game.systems.btq21.disposition import ABACK, disposition
from game.systems.btq21.evaluation import Appraiser, last_turn, pseudo_shot, special_p
from game.systems.btq21.movement import segments_allowed
from game.systems.btq21.state import AFLOAT, STRUCK, GameState, Ship
from game.table.geometry import bearing, heading_vector, norm_heading, signed_angle

#: Share of her reach counted as closing the range.  All of it measured best (CAPTAIN.md): an
#: enemy that means to fire does come close, and a captain who hopes otherwise keeps running.
CLOSING = 1.0
#: Closest range a ship is expected to choose (base contact is a collision).
NEAREST = 8.5
#: Chance a reachable rake is actually achieved (it needs a precise move; see docs/CAPTAIN.md).
RAKE_CHANCE = 0.1
#: Chance a broadside kept back to fire as she bears finds the enemy in its arc.
HELD_BEARS = 0.5
#: Chance an enemy within reach who would gain by boarding us does so.
BOARDED = 0.5
#: Chance a struck enemy within reach is actually taken next activation.
PRIZE_CHANCE = 0.5
#: A crippled or drifting enemy's pull: this share of her value alongside, none beyond the range (inches).
PURSUIT_WORTH, PURSUIT_RANGE = 0.05, 30.0
#: Minimum inches between the bases for a rake to be counted (closer is a collision risk).
RAKE_GAP = 0.5


def reach(state: GameState, ship: Ship) -> float:
    """Inches she can sail in her next activation (about: reaching, at her sail)."""
    if ship.shore_battery or ship.status != AFLOAT or ship.boarding_with:
        return 0.0
    if ship.adrift or ship.sail is None:
        return float(state.rules.drift_distance)
    rate = float(state.rules.speeds[ship.size][ship.sail]) + (float(state.rules.leak_rate) if ship.leaks else 0.0)
    return weather.top_speed(state, rate) * segments_allowed(state, ship)


def reach_of(ap: Appraiser, state: GameState, ship: Ship) -> float:
    """``reach``, remembered for the decision: it is asked of every enemy at every position tried."""
    key = (ship.id, ship.sail, ship.status, ship.boarding_with, ship.rigging, ship.leaks > 0, ship.shore_battery)
    got = ap.reaches.get(key)
    if got is None:
        got = ap.reaches[key] = reach(state, ship)
    return got


def can_fight(ship: Ship) -> bool:
    return ship.status == AFLOAT and not ship.boarding_with


def fighting_foes(state: GameState, ship: Ship) -> list[Ship]:
    """Her enemies still able to fight."""
    return [e for e in state.ships.values() if e.side != ship.side and can_fight(e)]


def next_shot(
    ap: Appraiser,
    state: GameState,
    firer: Ship,
    target: Ship,
    dist: float | None = None,
    r: float | None = None,
    segments: int | None = None,
    rake_chance: float | None = None,
) -> float:
    """Estimated value of the best broadside ``firer`` can fire at ``target`` in her next activation.

    ``r`` and ``segments`` (her reach and segments) default to a whole activation;
    ``rake_chance`` to ``RAKE_CHANCE``.
    """
    if not can_fight(firer) or not can_fight(target) or target.side == firer.side:
        return 0.0
    if dist is None:
        dist = board.closest_distance(state, firer.id, target.id)
    if firer.shore_battery:
        band = band_of(state, dist)
        if band is None or (battery_arc(state, firer) and not in_arc(state, firer, "battery", target)):
            return 0.0
        return ap.shot_value(pseudo_shot(state, firer, target, band), firer, target)
    r = reach_of(ap, state, firer) if r is None else r
    if dist - max(CLOSING * r, r + target.length / 2 + firer.width / 2) > max(weather.ranges(state).values()) + 1e-6:
        return 0.0  # beyond long range however she closes, rake or no rake (see rake_gap): no need to work it out
    band = band_of(state, max(dist - CLOSING * r, min(dist, NEAREST)))
    best = 0.0 if band is None else broadside_worth(ap, state, firer, target, band)
    if not firer.adrift and not target.shore_battery:
        gap = rake_gap(state, firer, target, r, segments)
        if gap is not None:
            rb = band_of(state, gap)
            if rb is not None:
                chance = RAKE_CHANCE if rake_chance is None else rake_chance
                best = max(best, chance * broadside_worth(ap, state, firer, target, rb, rake=True))
    return best


def broadside_worth(ap: Appraiser, state: GameState, firer: Ship, target: Ship, band: str, rake: bool = False) -> float:
    """Her broadside from ``band`` range, aimed at hull or rigging, whichever is worth more.

    (Counting Chain Shot here as well made the captain shy of close range and lose more
    often: 62% against 67% of 200 duels.)
    """
    key: tuple[Any, ...] = (firer.id, firer.hull, firer.sail, "musketry" in firer.fired, band, rake, target.id)
    key += (target.status,)
    key += (target.sail, target.hull, target.rigging, target.crew, target.fires, target.leaks, target.rudder)
    got = ap.worth.get(key)
    if got is None:
        aims = ("hull",) if target.shore_battery else ("hull", "rigging")
        shots = (pseudo_shot(state, firer, target, band, aim, rake) for aim in aims)
        got = ap.worth[key] = max(ap.shot_value(shot, firer, target) for shot in shots)
    return got


def rake_gap(state: GameState, firer: Ship, target: Ship, r: float, segments: int | None = None) -> float | None:
    """Least gap between the bases at which ``firer`` could rake ``target`` within reach ``r``, or None."""
    ux, uy = heading_vector(target.heading)
    dx, dy = firer.x - target.x, firer.y - target.y
    off = abs(dx * uy - dy * ux)
    if off > r:  # her keel line is out of reach: no need to ask the wind
        return None
    n = segments_allowed(state, firer) if segments is None else segments
    allowance = float(state.rules.turns[firer.size]) * n
    perps = [norm_heading(target.heading + d) for d in (90.0, -90.0)]
    ok = [
        h
        for h in perps
        if abs(signed_angle(firer.heading, h)) <= allowance + RAKE_OFF_PERPENDICULAR
        and disposition(state.rules, h, state.wind_from, firer.length, firer.width) != ABACK
    ]
    if not ok:
        return None
    t0 = dx * ux + dy * uy
    s = math.sqrt(r * r - off * off)
    tmin = target.length / 2 + firer.width / 2 + RAKE_GAP
    best = None
    if t0 + s >= tmin:  # ahead of her bow
        best = max(tmin, t0 - s)
    if t0 - s <= -tmin:  # astern
        t = -min(-tmin, t0 + s)
        best = t if best is None else min(best, t)
    if best is None:
        return None
    return best - target.length / 2 - firer.width / 2


def held_shot(ap: Appraiser, state: GameState, me: Ship, foes: dict[str, float] | None = None) -> float:
    """What a broadside kept back to fire as she bears is worth, from where ``me`` ends her move.

    The enemy still to act comes within her reach of us (see ``next_shot``); the broadside
    bears about half the time, and the Fire As She Bears test must pass first.
    ``foes`` are the enemies weighed, with their gaps (``foes_at``, the default).
    """
    act = state.activation
    if act is None or act.special is not None or me.crippled("crew") or me.shore_battery or not can_fight(me):
        return 0.0
    best = 0.0
    for eid, d in (foes_at(state, me) if foes is None else foes).items():
        e = state.ships[eid]
        if e.shore_battery:
            continue
        band = band_of(state, max(d - CLOSING * reach_of(ap, state, e), min(d, NEAREST)))
        if band is not None:
            best = max(best, (0.5 if e.activated else 1.0) * broadside_worth(ap, state, me, e, band))
    return HELD_BEARS * special_p(state, me, "fire_as_she_bears") * best


def gap(a: Ship, b: Ship) -> float:
    """About the closest distance between two bases: centre to centre, less each base's extent that way.

    Exact for bases facing each other squarely, a little short otherwise; the
    estimates here need speed more than the last tenth of an inch.
    """
    dx, dy = b.x - a.x, b.y - a.y
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return 0.0
    ux, uy = dx / d, dy / d
    ext = 0.0
    for s in (a, b):
        fx, fy = heading_vector(s.heading)
        along = abs(fx * ux + fy * uy)
        ext += s.length / 2 * along + s.width / 2 * math.sqrt(max(0.0, 1.0 - along * along))
    return max(0.0, d - ext)


def out_of_reach(me: Ship, other: Ship, travel: float, within: float) -> bool:
    """True when no move of ``me`` up to ``travel`` inches can bring the bases within ``within``.

    Each base lies inside the circle of its half diagonal about its centre, so the
    bases stay farther apart than the centres less both radii and the travel: a
    sure no that spares the exact ``first_within`` its work (a fleet has many ships
    plainly out of reach).  A margin keeps it on the safe side of rounding.
    """
    radii = math.hypot(me.length, me.width) / 2 + math.hypot(other.length, other.width) / 2
    return math.hypot(other.x - me.x, other.y - me.y) - abs(travel) - radii > within + REACH_MARGIN


#: Inches of margin in ``out_of_reach`` (its answer must never differ from the exact test's).
REACH_MARGIN = 1e-3


def foes_at(state: GameState, me: Ship, among: tuple[str, ...] | None = None) -> dict[str, float]:
    """Enemies able to fight, with about the closest distance from ``me`` to each (only those ``among``
    the ids given, if any)."""
    ships = state.ships.values() if among is None else (state.ships[i] for i in among)
    return {e.id: gap(me, e) for e in ships if e.side != me.side and can_fight(e)}


def nearest_foes(state: GameState, me: Ship, count: int) -> tuple[str, ...] | None:
    """The ``count`` enemies nearest ``me`` (by ``gap``, then id), in the state's order; None if that is all of them.

    A fleet action's look-ahead weighs only these (see ``plan.FOES_MANY``).
    """
    foes = foes_at(state, me)
    if len(foes) <= count:
        return None
    keep = set(sorted(foes, key=lambda i: (foes[i], i))[:count])
    return tuple(i for i in foes if i in keep)


def threat(ap: Appraiser, state: GameState, me: Ship, foes: dict[str, float]) -> float:
    """Points the enemy may take off ``me`` before she acts again.

    Each enemy that has still to act this turn counts fully; one that has
    acted counts half (she may act before ``me`` next turn, or after), and not
    at all in the last turn, when there is no next turn.
    """
    if not can_fight(me):
        return 0.0
    total = 0.0
    acted = 0.0 if last_turn(state) else 0.5
    for eid, dist in foes.items():
        e = state.ships[eid]
        w = acted if e.activated else 1.0
        total += w * next_shot(ap, state, e, me, dist)
        if dist <= reach_of(ap, state, e) + float(state.rules.boarding_range):
            total += w * BOARDED * boarding_threat(ap, state, e, me)
    return total


def boarding_threat(ap: Appraiser, state: GameState, e: Ship, me: Ship) -> float:
    """What ``e`` laying ``me`` aboard would cost us, when it would (her odds better than ours)."""
    if e.shore_battery or me.shore_battery or e.adrift or e.crippled("crew") or me.boarding_with:
        return 0.0
    win, lose = odds(state, e, me, ap.fail[e.id], ap.fail[me.id], ap.memo)
    ev = win * ap.value[me.id] * (ap.prize - ap.phi(me)) - lose * ap.value[e.id] * (ap.prize - ap.phi(e))
    return max(0.0, ev)


def potential(ap: Appraiser, state: GameState, me: Ship, foes: dict[str, float]) -> float:
    """Best estimated broadside ``me`` could fire next activation (the enemy moves first, so only a hint)."""
    if not can_fight(me):
        return 0.0
    return max((next_shot(ap, state, me, state.ships[eid], dist) for eid, dist in foes.items()), default=0.0)


def prize(ap: Appraiser, state: GameState, me: Ship) -> float:
    """A struck enemy she could lay aboard next activation: taking her adds half her value again.

    Counted at ``PRIZE_CHANCE`` (her friends may get there first, or drive us off), for the best
    such prize within her reach.
    """
    if not can_fight(me) or me.shore_battery or me.adrift or me.crippled("crew"):
        return 0.0
    r = reach_of(ap, state, me) + float(state.rules.boarding_range)
    best = 0.0
    for e in state.ships.values():
        if e.status == STRUCK and e.side != me.side and not e.boarding_with and gap(me, e) <= r:
            best = max(best, ap.value[e.id] * (ap.prize - ap.phi(e)))
    return PRIZE_CHANCE * best


def disabled(ship: Ship) -> bool:
    """She can no longer get away or fight back well: adrift, or her rigging or crew crippled."""
    return ship.adrift or ship.crippled("rigging") or ship.crippled("crew")


#: Beyond this many inches an enemy draws a side pressing home no nearer (``nearness``).
NEARNESS_RANGE = 48.0


def pursuit(
    ap: Appraiser,
    state: GameState,
    me: Ship,
    worth: float = PURSUIT_WORTH,
    reach_in: float = PURSUIT_RANGE,
) -> float:
    """Being near an enemy that can no longer get away or fight back well: adrift, or with her rigging
    or crew crippled.

    One activation of look-ahead does not see the capture or the sinking two turns away, so without
    this the captain trades long shots with a wreck and the game ends drawn.  Each such enemy adds
    ``worth`` of her value, in full alongside and falling to nothing at ``reach_in`` inches.
    """
    v = 0.0
    for e in fighting_foes(state, me):
        if disabled(e):
            v += worth * ap.value[e.id] * max(0.0, reach_in - gap(me, e)) / reach_in
    return v


def nearness(state: GameState, me: Ship, reach_in: float = NEARNESS_RANGE) -> float:
    """How near the nearest enemy able to fight lies: 1 alongside, 0 at ``reach_in`` inches or more.

    The pull of a side pressing home on an enemy it far outguns (``search.PRESS_WORTH``): unlike
    ``pursuit`` it draws her to any enemy, crippled or not, since at that balance every exchange
    alongside goes her way.
    """
    foes = [e for e in fighting_foes(state, me) if not e.shore_battery]
    if not foes:
        return 0.0
    return max(0.0, reach_in - min(gap(me, e) for e in foes)) / reach_in


def offing(ap: Appraiser, state: GameState, me: Ship, past_cripples: bool = False) -> float:
    """How far she lies from the enemy, as a share (0 to 1) of what the nearest can close in two activations.

    A ship declining action wants the enemy unable to reach close range before the battle ends;
    each enemy's own reach measures that, so a dismasted one is soon left behind.  ``past_cripples``:
    disabled enemies do not count (a stronger side standing off keeps clear of the ships that can
    still come on to her, not of the wreck she means to finish).
    """
    worst = 1.0
    close = float(weather.ranges(state)["close"])
    for e in fighting_foes(state, me):
        if not e.shore_battery and not (past_cripples and disabled(e)):
            worst = min(worst, gap(me, e) / (2.0 * reach_of(ap, state, e) + close))
    return worst


def sea_room(
    state: GameState, ship: Ship, exit_edge: str | None = None, through_ships: bool = False, segments: int = 0
) -> float:
    """0 when she can keep off every edge and shore next turn; up to 1 when she cannot.

    Sailing the least she may (half the rate, at one sail lower) and turning
    her full allowance, half of it, or not at all after each segment, where
    her base has room to pivot; a path that is taken aback stops her (costly
    but not lost) and counts as 0.4.  ``through_ships``: her moves meet only the
    edges and shores, as if the other ships were not there (they move on), though
    a ship alongside still stops her turning; without it, a ship lying ahead stops
    the look there and the edge behind him is not seen (the old captain's way,
    kept for ``captain-v1``).  ``segments``: look only that many segments ahead (the rest of the
    battle's last activation) rather than a whole turn.
    """
    if ship.status != AFLOAT or ship.shore_battery or ship.adrift or ship.boarding_with:
        return 0.0
    sp = board.space(state)
    r = state.rules
    sails = r.sails
    top = weather.top_speed(state, float(r.speeds[ship.size][ship.sail or sails[0]]) + 1.0)
    n = segments or int(r.segments)  # a ship down to one segment a turn gets no more room from that: look as far
    probe = sp.sweep(ship.id, top * n + 1.0, through_ships=through_ships)
    if probe.contact is None or probe.contact.kind == "ship" or probe.contact.id == exit_edge:
        return 0.0
    lower = sails[max(0, sails.index(ship.sail) - 1)] if ship.sail in sails else sails[0]
    rate = weather.top_speed(state, float(r.speeds[ship.size][lower]) + (float(r.leak_rate) if ship.leaks else 0.0))
    turn = float(r.turns[ship.size])
    worst = [1.0]

    def walk(pose, k: int) -> bool:
        if k == n:
            return True
        disp = disposition(r, pose[2], state.wind_from, ship.length, ship.width)
        if disp == ABACK:
            worst[0] = min(worst[0], 0.4)
            return False
        least = max(0.0, rate + float(r.disposition_rate.get(disp, 0.0))) * float(r.minimum_fraction)
        sw = sp.sweep(ship.id, least, start=pose, through_ships=through_ships)
        if sw.contact is not None and sw.contact.kind != "ship" and sw.contact.id != exit_edge:
            return False
        for t in (0.0, turn, -turn, turn / 2, -turn / 2) if not (ship.rudder and k < 2) else (0.0,):
            if t and sp.pivot_blocker(ship.id, t, start=sw.pose) is not None:
                continue  # no room to swing her stern round
            if walk((sw.pose[0], sw.pose[1], norm_heading(pose[2] + t)), k + 1):
                return True
        return False

    return 0.0 if walk(ship.pose, 0) else worst[0]


def aback_next(state: GameState, ship: Ship) -> bool:
    """Would her next segment (this activation's or the next one's first) start taken aback?"""
    if ship.status != AFLOAT or ship.adrift or ship.shore_battery or ship.boarding_with:
        return False
    return disposition(state.rules, ship.heading, state.wind_from, ship.length, ship.width) == ABACK


def upwind(state: GameState, me: Ship, other: Ship) -> float:
    """Inches ``me`` lies to windward of ``other`` (negative: to leeward)."""
    wx, wy = heading_vector(state.wind_from)
    return (me.x - other.x) * wx + (me.y - other.y) * wy


def bearing_off_bow(me: Ship, other: Ship) -> float:
    return abs(signed_angle(me.heading, bearing((me.x, me.y), (other.x, other.y))))
