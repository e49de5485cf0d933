"""Beat to Quarters on the table: broadside arcs by range band, the wind's wedges, wakes, badges, the shot box.

Everything is worked out here in inches from the rules and handed to the
window as plain shapes and lines (:mod:`game.systems.figures`).  The shot
box's numbers come from the same ``plan_shot`` the engine fires with, so it
can never disagree with the dice; its chances are counted exactly
(:mod:`odds`).
"""

from __future__ import annotations

import math

from game.content import shapes
from game.systems.btq21 import board, chasers, fortune, national, objectives, visibility, weather
from game.systems.btq21 import shot as shot_mod
from game.systems.btq21.broadside import AIMS, SIDES, Shot, battery_arc, gun_sides, plan_shot
from game.systems.btq21.disposition import zone_limits
from game.systems.btq21.odds import hits_at_least, percent, shot_hits
from game.systems.btq21.state import (
    AFLOAT,
    AGROUND,
    CAPTURED,
    DESTROYED,
    EXPLODED,
    STRUCK,
    SUNK,
    TRACKS,
    GameState,
    Ship,
)
from game.systems.figures import RGB, Badge, Model, Shape, ShotBox, Template
from game.table.arcs import ENDS, arc_polygon, chase_polygon, corridor
from game.table.convex import Rect
from game.table.geometry import heading_vector, to_table
from game.table.written import inches

#: Range bands, nearest first, and the wind's dispositions: the colours the book's tables are drawn in.
BANDS: dict[str, RGB] = {
    "point_blank": (255, 90, 70),
    "close": (255, 170, 60),
    "effective": (240, 230, 110),
    "long": (170, 210, 240),
}
ZONES: dict[str, RGB] = {
    "aback": (220, 70, 60),
    "beating": (240, 190, 60),
    "reaching": (110, 210, 120),
    "running": (90, 170, 240),
}
WIND = (160, 210, 255)
CLEAR, BLOCKED = (120, 230, 140), (230, 60, 50)
#: The two colours of the wake template, swapped at the end of each of her activations.
WAKES = ((80, 200, 110), (236, 150, 50))
FIRE, LEAK = (255, 120, 30), (90, 160, 255)

Pose = tuple[float, float, float]


def band_colour(band: str) -> RGB:
    return BANDS.get(band, (200, 200, 200))


# --- arcs and zones ------------------------------------------------------------------------------


def arcs(state: GameState, ship_id: str, pose: Pose | None = None) -> tuple[Shape, ...]:
    """Each broadside not yet fired, longest band first, so each band shows as a ring of its own colour.

    ``pose``: drawn from where the ship is planned to be rather than where she is.
    """
    ship = state.ships[ship_id]
    limits = weather.ranges(state)
    shut = visibility.closed(state, limits)  # option visibility: bands beyond her sight are not drawn
    bands = [(band, reach) for band, reach in limits.items() if band not in shut]
    if ship.shore_battery:
        return _battery_rings(state, ship, bands)
    if ship.fireship:  # option fireships: nobody aboard to fire her guns
        return ()
    off = float(state.rules.arc_off_beam)
    base = Rect.from_pose(pose or ship.pose, ship.length, ship.width)
    out = [
        Shape(tuple(arc_polygon(base, side, reach, off)), band_colour(name))
        for side in SIDES
        if national.ready(state, ship, side) and side not in ship.loading
        for name, reach in reversed(bands)
        if _reaches(state, ship, side, name)
    ]
    if ship.chasers:  # option chasers: a cone ahead and astern, out to long range
        keel = chasers.off_keel(state)
        out += [
            Shape(tuple(chase_polygon(base, end, reach, keel)), band_colour(name))
            for end in ENDS
            if national.ready(state, ship, end)
            for name, reach in reversed(bands)
        ]
    return tuple(out)


def _reaches(state: GameState, ship: Ship, side: str, band: str) -> bool:
    """Whether the broadside's load reaches this band (option shot: grape only point blank, say)."""
    bands = shot_mod.loaded(state, ship, side).bands
    return bands is None or band in bands


def _battery_rings(state: GameState, ship: Ship, bands: list[tuple[str, float]]) -> tuple[Shape, ...]:
    arc = battery_arc(state, ship)
    a0, a1 = arc if arc else (0.0, 360.0)
    span = (a1 - a0) % 360 or 360.0
    out = []
    for name, reach in reversed(bands):
        r = reach + max(ship.length, ship.width) / 2
        pts = [] if span >= 360 else [(ship.x, ship.y)]
        steps = max(8, int(span / 4))
        for i in range(steps + 1):
            b = math.radians(a0 + span * i / steps)
            pts.append((ship.x + math.sin(b) * r, ship.y + math.cos(b) * r))
        out.append(Shape(tuple(pts), band_colour(name), fill=30))
    return tuple(out)


def zones(state: GameState, ship_id: str, pose: Pose | None, radius: float) -> tuple[Shape, ...]:
    """The four dispositions as wedges ``radius`` inches round her, and the wind's line from windward; in fog or
    at night the mist beyond what she can see."""
    ship = state.ships[ship_id]
    mist = _mist(state, ship, pose)
    if ship.shore_battery or ship.status != AFLOAT:
        return tuple(mist)
    aback, beat, reach = zone_limits(state.rules, ship.length, ship.width)
    x0, y0, h0 = pose or ship.pose
    wedges = [
        ("aback", -aback, aback),
        ("beating", aback, beat),
        ("beating", -beat, -aback),
        ("reaching", beat, reach),
        ("reaching", -reach, -beat),
        ("running", reach, 360 - reach),
    ]
    out = mist
    for name, a0, a1 in wedges:
        pts = [(x0, y0)]
        steps = max(2, int(abs(a1 - a0) / 6))
        for i in range(steps + 1):
            vx, vy = heading_vector(h0 + a0 + (a1 - a0) * i / steps)
            pts.append((x0 + vx * radius, y0 + vy * radius))
        out.append(Shape(tuple(pts), ZONES[name], fill=55, edge=170))
    vx, vy = heading_vector(state.wind_from)
    out.append(Shape(((x0 + vx * radius * 1.15, y0 + vy * radius * 1.15), (x0, y0)), WIND, fill=0, edge=230,
                     width=2, closed=False))
    return tuple(out)


def wake(state: GameState, ship_id: str) -> Template | None:
    """The wake template laid astern, as long as her speed at her sail; its colour flips each activation.

    Like the book's card it is ruled: a line across at the length of each
    sail setting shorter than hers, and a tick every inch along its edges.
    """
    ship = state.ships[ship_id]
    if not ship.on_table or ship.shore_battery or ship.status != AFLOAT or not ship.sail:
        return None
    speeds = state.rules.speeds.get(ship.size, {})
    length = float(speeds.get(ship.sail, 0.0))
    if length <= 0:
        return None
    hl, hw = ship.length / 2, ship.width / 2

    def half_width(d: float) -> float:  # the card narrows from her stern to its far end
        return hw * (1 - 0.55 * d / length)

    local = [(-hl, hw), (-hl - length, half_width(length)), (-hl - length, -half_width(length)), (-hl, -hw)]
    pts = tuple(to_table(ship.pose, p) for p in local)
    marks = []
    for other in speeds.values():
        d = float(other)
        if 0 < d < length:
            w = half_width(d)
            marks.append((to_table(ship.pose, (-hl - d, w)), to_table(ship.pose, (-hl - d, -w))))
    inch = 1.0
    while inch < length - 1e-6:
        w = half_width(inch)
        for side in (w, -w):
            marks.append((to_table(ship.pose, (-hl - inch, side)), to_table(ship.pose, (-hl - inch, side * 0.7))))
        inch += 1.0
    face = ship.wake_flips % 2
    return Template(pts, WAKES[face], fill=90, edge=200, marks=tuple(marks), face=face)


#: How far each sail setting spreads the sails across the beam; where the masts stand, by rate.
SAIL_SPREAD = {"full": 0.98, "battle": 0.74, "easy": 0.5}
TWO_MASTS, THREE_MASTS = (0.3, -0.25), (0.46, 0.0, -0.46)
MASTS = {"brig": TWO_MASTS, "sloop": TWO_MASTS}
#: The canvas each sail setting shows on the model: topsails only, fighting sail, all plain sail.
CANVAS = {"easy": "topsails", "battle": "fighting", "full": "plain"}
#: Her build and gun decks by rate: the book's rates are ships of three decks, two decks and frigates.
BUILDS = {
    "1st": ("three_decker", 3), "2nd": ("three_decker", 3),
    "3rd": ("two_decker", 2), "4th": ("two_decker", 2),
    "5th": ("frigate", 1), "6th": ("frigate", 1),
    "sloop": ("sloop", 1), "brig": ("brig", 1),
}
#: What is left where she was: a wreck; a ship that sailed off the table leaves nothing.
WRECKED = (SUNK, EXPLODED, AGROUND, DESTROYED)
#: How far a crippled hull lies over at once, before the rest of her hull goes.
FIRST_LIST = 0.35


def model(state: GameState, ship_id: str) -> Model:
    """Her model: a fort, or a ship with her build, paint and colours, the canvas she carries and her wounds."""
    ship = state.ships[ship_id]
    if ship.status in (AFLOAT, CAPTURED):
        condition = ""
    elif ship.status == STRUCK:
        condition = "struck"
    else:
        condition = "wreck" if ship.status in WRECKED else "away"
    paint = national.nation(state, ship)
    colours = "" if condition else _colours(state, ship, paint)
    lost = {t: _share_lost(ship, t) for t in TRACKS}
    fires = ship.fires + (3 if ship.fireship and ship.status == AFLOAT else 0)
    if ship.shore_battery:
        return Model(fort=True, condition=condition, nation=paint, ensign=colours, hull_lost=lost["hull"],
                     crew_lost=lost["crew"], fires=fires)
    gone_by_board = ship.rigging <= 0
    sail = ship.sail if ship.status == AFLOAT or ship.status == CAPTURED else None
    canvas = "" if gone_by_board or condition else CANVAS.get(sail or "", "")
    spread = SAIL_SPREAD.get(sail or "", 0.0) if not gone_by_board else 0.0
    build, decks = BUILDS.get(ship.rate, ("frigate", 1))
    return Model(
        fort=False,
        masts=MASTS.get(ship.rate, THREE_MASTS),
        spread=spread,
        condition=condition,
        hull=build,
        decks=decks,
        nation=paint,
        ensign=colours,
        sails=canvas,
        hull_lost=lost["hull"],
        rigging_lost=lost["rigging"],
        crew_lost=lost["crew"],
        fires=fires if condition != "wreck" else 0,
        listing=_listing(ship),
        dismasted=gone_by_board,
        flag=ship.has("flagship"),
    )


def _share_lost(ship: Ship, track: str) -> float:
    start = ship.start(track)
    return min(1.0, max(0.0, ship.lost(track) / start)) if start > 0 else 0.0


def _listing(ship: Ship) -> float:
    """How far she lies over: not at all until her hull is crippled, then more with every hit to the end."""
    if ship.shore_battery or not ship.crippled("hull"):
        return 0.0
    past = ship.lost("hull") - ship.hull_cripple
    room = max(1, ship.hull_start - ship.hull_cripple)
    return min(1.0, FIRST_LIST + (1.0 - FIRST_LIST) * past / room)


def _colours(state: GameState, ship: Ship, paint: str) -> str:
    """The ensign she flies: her own, or her captors' once she is a prize."""
    if ship.original_side and ship.side != ship.original_side:
        for side in state.scenario.sides:
            if side.id == ship.side:
                return side.nation
    return paint


#: The badge of a ship an objective names, while it is still to be done.
OBJECTIVE_BADGES = {
    objectives.ESCAPE: "TO ESCAPE",
    objectives.PROTECT: "PROTECT",
    objectives.TAKE: "TO TAKE",
    objectives.DESTROY: "TO DESTROY",
}
#: The mist beyond what the ship in hand can see (option visibility), and the line where it begins.
MIST, MIST_EDGE = (200, 206, 214), (225, 230, 236)
#: Sectors the mist's ring is cut into.
MIST_STEPS = 72


def marks(state: GameState) -> tuple[Shape, ...]:
    """The scenario's objectives on the table: zones to hold, edges to get away by."""
    out: list[Shape] = []
    colours = {s.id: s.colour for s in getattr(state.scenario, "sides", ())}
    for o in objectives.for_state(state):
        colour = tuple(colours.get(o.side, (230, 230, 230)))
        if o.kind == objectives.HOLD:
            pts = o.zone or _circle(o.centre or (0.0, 0.0), o.radius)
            out.append(Shape(tuple(pts), _bright(colour), fill=40, edge=210, width=2))
        elif o.kind in (objectives.ESCAPE, objectives.PROTECT) and o.edge:
            out += _edge_marks(state, o.edge, _bright(colour))
    return tuple(out)


def _bright(colour: tuple[int, ...]) -> RGB:
    """A side's colour lifted towards white, to read on the dark sea."""
    r, g, b = (int(c + (255 - c) * 0.35) for c in colour[:3])
    return (r, g, b)


def _circle(centre: tuple[float, float], radius: float, steps: int = 48) -> list[tuple[float, float]]:
    return [
        (centre[0] + radius * math.sin(2 * math.pi * i / steps), centre[1] + radius * math.cos(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def _edge_marks(state: GameState, edge: str, colour: RGB) -> list[Shape]:
    """A broad stripe along the edge to get away by, and chevrons pointing off the table over it."""
    w, h = state.table_width, state.table_height
    depth = 1.2
    stripe = {
        "north": ((0, h - depth), (w, h - depth), (w, h), (0, h)),
        "south": ((0, 0), (w, 0), (w, depth), (0, depth)),
        "east": ((w - depth, 0), (w, 0), (w, h), (w - depth, h)),
        "west": ((0, 0), (depth, 0), (depth, h), (0, h)),
    }[edge]
    out = [Shape(tuple((float(x), float(y)) for x, y in stripe), colour, fill=90, edge=220, width=2)]
    along = w if edge in ("north", "south") else h
    n = max(2, int(along // 12))
    for i in range(n):
        t = along * (i + 0.5) / n
        if edge == "north":
            pts = ((t - 1.5, h - 4.0), (t, h - 2.0), (t + 1.5, h - 4.0))
        elif edge == "south":
            pts = ((t - 1.5, 4.0), (t, 2.0), (t + 1.5, 4.0))
        elif edge == "east":
            pts = ((w - 4.0, t - 1.5), (w - 2.0, t), (w - 4.0, t + 1.5))
        else:
            pts = ((4.0, t - 1.5), (2.0, t), (4.0, t + 1.5))
        out.append(Shape(pts, colour, fill=0, edge=200, width=2, closed=False))
    return out


def _mist(state: GameState, ship: Ship, pose: Pose | None) -> list[Shape]:
    """The table beyond her sight veiled (option visibility), and the rim of her sight.

    Sight is measured between bases, so the circle reaches past her centre by half her length.  The veil is
    the ring from that circle out past the table's far corner, cut into sectors each clipped to the table
    (convex pieces a window can fill), and the rim is kept only where it lies on the table.
    """
    if not state.visibility or not ship.on_table:
        return []
    x, y, _ = pose or ship.pose
    reach = visibility.distance(state) + ship.length / 2.0
    w, h = state.table_width, state.table_height
    far = max(math.hypot(cx - x, cy - y) for cx in (0.0, w) for cy in (0.0, h)) + 1.0
    if reach >= far:
        return []
    table = shapes.rect(w, h)
    inner, outer = _circle((x, y), reach, MIST_STEPS), _circle((x, y), far, MIST_STEPS)
    out = []
    for i in range(MIST_STEPS):
        j = (i + 1) % MIST_STEPS
        piece = shapes.clip([inner[i], outer[i], outer[j], inner[j]], table)
        if len(piece) >= 3:
            out.append(Shape(tuple(piece), MIST, fill=150, edge=0))
    run: list[tuple[float, float]] = []
    for p in [*inner, inner[0]]:
        if 0.0 <= p[0] <= w and 0.0 <= p[1] <= h:
            run.append(p)
            continue
        if len(run) >= 2:
            out.append(Shape(tuple(run), MIST_EDGE, fill=0, edge=170, width=2, closed=False))
        run = []
    if len(run) >= 2:
        out.append(Shape(tuple(run), MIST_EDGE, fill=0, edge=170, width=2, closed=False))
    return out


def _objective_badges(state: GameState, ship: Ship) -> list[Badge]:
    """One badge for the objectives that name her, the first kind of OBJECTIVE_BADGES's order (her card lists
    them all): under a crowd of badges the name would be lost."""
    if ship.status != AFLOAT:
        return []
    kinds = {o.kind for o in objectives.for_state(state) if ship.id in o.ships}
    first = next((k for k in (objectives.PROTECT, objectives.ESCAPE, objectives.TAKE, objectives.DESTROY)
                  if k in kinds), None)
    return [Badge(OBJECTIVE_BADGES[first], (250, 220, 120))] if first else []


def badges(state: GameState, ship_id: str) -> tuple[Badge, ...]:
    """Short badges under a ship's name: what a player must see at a glance."""
    ship = state.ships[ship_id]
    out: list[Badge] = _objective_badges(state, ship)
    if ship.has("flagship"):
        out.append(Badge("FLAG", (240, 200, 60)))
    if ship.fires:
        out.append(Badge(f"FIRE {ship.fires}", FIRE))
    if ship.leaks:
        out.append(Badge(f"LEAK {ship.leaks}", LEAK))
    if ship.rudder:
        out.append(Badge("RUDDER", (200, 120, 240)))
    if ship.status == STRUCK:
        out.append(Badge("STRUCK", (255, 255, 255)))
    elif ship.status == CAPTURED:
        out.append(Badge("PRIZE", (255, 255, 255)))
    elif ship.status != AFLOAT:
        out.append(Badge(ship.status.replace("_", " ").upper(), (160, 160, 160)))
    if ship.adrift and ship.status == AFLOAT:
        out.append(Badge("ADRIFT", (180, 180, 180)))
    if ship.boarding_with:
        out.append(Badge("BOARDING", (255, 80, 80)))
    if ship.fas:
        out.append(Badge("FAS", (255, 230, 140)))
    if ship.fireship and ship.status == AFLOAT:  # option fireships
        out.append(Badge("FIRESHIP", FIRE))
    if ship.fouled:  # option fouling
        out.append(Badge("FOULED", (240, 170, 90)))
    if ship.anchor:  # option anchors
        out.append(Badge("WEIGHING" if ship.weighing else "ANCHORED", (170, 200, 230)))
    act = state.activation
    if act is not None and act.ship == ship_id and act.fortune:  # the turn's card fell on her
        good = fortune.kind(state, act.fortune) == "fortune"
        out.append(Badge(("FORTUNE" if good else "CALAMITY"), (120, 220, 140) if good else (240, 140, 90)))
    if ship.activated:
        out.append(Badge("DONE", (150, 160, 170)))
    return tuple(out)


# --- the shot box ----------------------------------------------------------------------------------

MODIFIER_WORDS = {
    "firer_quality": "crew",
    "firer_sail": "firer's sail",
    "target_sail": "target's sail",
    "target_on_fire": "target on fire",
    "shore_battery": "shore battery",
    "chain_shot": "chain shot",
}
#: Chances smaller than this are not worth a player's attention in the shot box.
NEGLIGIBLE = 0.005


def hit_chance(sides: int, needed: int, modifier: int) -> float:
    """Chance one die hits: a natural 1 always misses."""
    good = sum(1 for f in range(2, sides + 1) if f + modifier >= needed)
    return good / sides


def expected_hits(count: int, sides: int, needed: int, modifier: int) -> float:
    """Every natural maximum brings an extra die: a die of ``s`` sides starts a chain of on average s/(s-1)."""
    if count <= 0:
        return 0.0
    return count * hit_chance(sides, needed, modifier) * sides / (sides - 1)


def on_die(needed: int, modifier: int) -> str:
    """The face a die must show once the modifiers are in, as the dice tray prints it ("4+ on the die")."""
    return f"{max(2, needed - modifier)}+ on the die"


def _expected(shot: Shot) -> float:
    return expected_hits(shot.d10, 10, shot.needed, shot.modifier) + expected_hits(shot.d6, 6, shot.needed,
                                                                                    shot.modifier)


def outcome_chances(state: GameState, shot: Shot) -> str | None:
    """'31% to cripple her rigging' / '4% to sink her': what the broadside may do, counted exactly."""
    target = state.ships[shot.target]
    track = shot.hits_on
    dist = shot_hits(shot)
    parts = []
    gone = hits_at_least(dist, target.left(track))
    if gone >= NEGLIGIBLE:
        end = "destroy it" if target.shore_battery else {"hull": "sink her", "rigging": "dismast her",
                                                          "crew": "leave her no crew"}[track]
        parts.append(f"{percent(gone)} to {end}")
    if not target.crippled(track):
        crip = hits_at_least(dist, getattr(target, track + "_cripple") - target.lost(track))
        if crip >= NEGLIGIBLE:
            what = "the fort" if target.shore_battery else f"her {track}"
            parts.append(f"{percent(crip)} to cripple {what}")
    return ", ".join(parts) if parts else None


def shot_lines(state: GameState, side: str, shot: Shot) -> list[str]:
    """The lines of one broadside at one aim: band and range, dice and number needed, expected hits, chances."""
    mod = shot.modifier
    dice = " and ".join(x for x in (f"{shot.d10} D10" if shot.d10 else "", f"{shot.d6} D6" if shot.d6 else "") if x)
    mods = ", ".join(f"{v:+d} {MODIFIER_WORDS.get(k, k.replace('_', ' '))}" for k, v in shot.modifiers.items())
    band = shot.band.replace("_", " ")
    loaded = "" if shot.load == shot_mod.ROUND else f" ({shot_mod.title(shot.load)}, hits the {shot.hits_on})"
    lines = [
        f"{side} {'chasers' if side in ENDS else 'broadside'} at {shot.aim}{loaded}: {band} range {inches(shot.range)}",
        f"{dice or 'no dice'} needing {shot.needed}+" + (f" ({mods}): {on_die(shot.needed, mod)}" if mods else ""),
        f"expected hits {_expected(shot):.1f}" + ("  — RAKE: dice doubled, automatic critical" if shot.rake else ""),
    ]
    chances = outcome_chances(state, shot)
    if chances:
        lines.append(chances)
    if shot.crippled:
        lines.append("crippled hull: dice halved")
    return lines


def shot_box(state: GameState, firer_id: str, target_id: str) -> ShotBox | None:
    """Every broadside's answer for an enemy the acting ship might fire at (None for a friend, or for a ship
    not on the table: gone, or sailed off it in the plan the window is showing)."""
    firer, target = state.ships[firer_id], state.ships[target_id]
    if firer.side == target.side or not (firer.on_table and target.on_table):
        return None
    lines: list[tuple[str, str]] = []
    for side in gun_sides(firer):
        aims = shot_mod.aims(state, firer, side, AIMS)
        shot = plan_shot(state, firer, side, target, aims[0])
        if isinstance(shot, str):
            lines.append((f"{side}: {shot}", "bad" if shot.startswith("no line of sight") else "dim"))
            continue
        fired = not national.ready(state, firer, side)
        for i, line in enumerate(shot_lines(state, side, shot)):
            tone = "spent" if fired else ("head" if i == 0 else "")
            lines.append((line + (" (already fired)" if fired and i == 0 else ""), tone))
        rig = plan_shot(state, firer, side, target, "rigging") if shot.aim != "rigging" else "one aim"
        if not isinstance(rig, str):
            rig_line = (f"at rigging: needing {rig.needed}+ ({on_die(rig.needed, rig.modifier)}), "
                        f"expected {_expected(rig):.1f}")
            chances = outcome_chances(state, rig)
            if chances:
                rig_line += f"; {chances}"
            lines.append((rig_line, "dim"))
    # the corridor shows the sight itself, whether or not a gun bears: an island between them is red
    return ShotBox(target.name, tuple(lines), _corridor(state, firer, target, bool(board.line_of_sight(state, firer.id,
                                                                                                       target.id))))


def _corridor(state: GameState, a: Ship, b: Ship, blocked: bool) -> tuple[Shape, ...]:
    """The corridor the shot must see along, and the line between the two ships: red when it is blocked."""
    rect = corridor((a.x, a.y), (b.x, b.y), float(state.rules.los_corridor_width))
    if rect is None:
        return ()
    hl, hw = rect.hl, rect.hw
    pts = (
        (rect.cx + rect.fx * hl + rect.px * hw, rect.cy + rect.fy * hl + rect.py * hw),
        (rect.cx - rect.fx * hl + rect.px * hw, rect.cy - rect.fy * hl + rect.py * hw),
        (rect.cx - rect.fx * hl - rect.px * hw, rect.cy - rect.fy * hl - rect.py * hw),
        (rect.cx + rect.fx * hl - rect.px * hw, rect.cy + rect.fy * hl - rect.py * hw),
    )
    colour = BLOCKED if blocked else CLEAR
    return (
        Shape(pts, colour, fill=0, edge=255, width=2),
        Shape(((a.x, a.y), (b.x, b.y)), colour, fill=0, edge=255, width=2, closed=False),
    )
