"""Cagway Bay on the table: the guns' arcs, the move chart round a ship, the wind's point, badges, the shot box.

Everything is worked out here in inches from the state and the tables, and
handed to the window as plain shapes (:mod:`game.systems.figures`).  The wind
and the move chart are read through the engine's own :mod:`wind` and
:mod:`sticks`, and the shot box through :mod:`gunnery`, so what is drawn can
never disagree with what is played.

Arcs (the book's "typically"): the fore gun fires into the half-plane ahead
of the middle of her bow, the aft gun into the half-plane astern of the middle
of her stern; each broadside into the band beside her as wide as she is long.
Each is drawn out to the shooting range (the damage chart's ``beyond``
segments of the shooting stick), in bands where the gun's damage column
steps down, so the tint deepens where she hits harder.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.systems.cagway import board, gunnery, health, sticks, wind
from game.systems.cagway.state import MOVE, SUNK, GameState, Ship
from game.systems.cagway.tables import NONE, SECTORS, CagwayTables, ShipCard
from game.systems.figures import RGB, Badge, Model, Shape, ShotBox
from game.table.geometry import Point, heading_vector

Pose = tuple[float, float, float]

#: Each gun's colour: port red and starboard green, as a ship's lights; the chasers orange and violet.
GUNS: dict[str, RGB] = {
    "fore": (250, 170, 60),
    "aft": (190, 140, 240),
    "port": (240, 80, 70),
    "starboard": (80, 200, 110),
}
GUN_WORDS = {"fore": "fore gun", "aft": "aft gun", "port": "port broadside", "starboard": "starboard broadside"}
COLUMN_WORDS = {"side": "side", "fore_aft": "fore-aft"}
#: A sector of the move chart that gives no stick: grey, hatched.
NO_STICK: RGB = (150, 150, 150)
#: The wind: its source on the table edge, the lines fanning from it, its line through a ship.
WIND: RGB = (160, 210, 255)
#: How far apart (degrees) the wind's faint lines fan out from its source.
FAN_STEP = 10.0
#: The line from a gun to the nearest part of her target: clear, or an island in the way.
CLEAR: RGB = (120, 230, 140)
BLOCKED: RGB = (230, 60, 50)
#: The step (degrees) with which the move chart's wedges are traced round her (each change then found exactly).
WEDGE_STEP = 5.0
#: Hatching of a sector that gives no stick: lines this far apart, as a share of the radius.
HATCH = 0.12

#: Every badge a ship may wear: kind -> (colour, the word as the legend shows it).
BADGES: dict[str, tuple[RGB, str]] = {
    "ap": ((250, 225, 120), "5 AP"),
    "no_ap": ((150, 150, 150), "0 AP"),
    "dead": ((230, 110, 90), "DEAD"),
    "prize": ((255, 255, 255), "PRIZE"),
    "sunk": ((160, 160, 160), "SUNK"),
    "done": ((150, 160, 170), "DONE"),
    "to_deploy": ((170, 200, 230), "TO DEPLOY"),
}


def _badge(kind: str, label: str | None = None) -> Badge:
    colour, word = BADGES[kind]
    return Badge(label if label is not None else word, colour)


def stick_colour(tables: CagwayTables, stick: str) -> RGB:
    return NO_STICK if stick == NONE else tables.stick_colours.get(stick, NO_STICK)


# --- arcs ------------------------------------------------------------------------------------------


def reach(tables: CagwayTables) -> float:
    """How far (inches) the arcs are drawn: the shooting range, ``beyond`` segments of the shooting stick."""
    return tables.beyond * tables.shooting_segment


def steps(tables: CagwayTables, column: str) -> list[int]:
    """Where a column's bands end (segments): each range after which its damage steps down, and the shooting range.

    The book's side column (6 6 5 4 3 2 2 1 1) gives 2, 3, 4, 5, 7, 9 and 10.
    """
    out = [rng for rng in sorted(tables.damage)
           if rng < tables.beyond and tables.damage_at(rng, column) > tables.damage_at(rng + 1, column)]
    return sorted(set(out) | {tables.beyond})


def _half_disc(centre: Point, heading: float, radius: float) -> tuple[Point, ...]:
    """The half-disc of ``radius`` ahead of ``centre`` along ``heading``: a 180-degree arc from that point."""
    n = 36
    pts = [centre]
    for i in range(n + 1):
        vx, vy = heading_vector(heading - 90.0 + 180.0 * i / n)
        pts.append((centre[0] + vx * radius, centre[1] + vy * radius))
    return tuple(pts)


def gun_polygon(pose: Pose, length: float, width: float, gun: str, out: float) -> tuple[Point, ...]:
    """A gun's arc ``out`` inches from where it is measured: the middle of the bow or stern, or her side."""
    x, y, h = pose
    fx, fy = heading_vector(h)
    px, py = -fy, fx  # to port
    hl, hw = length / 2.0, width / 2.0
    if gun == "fore":
        return _half_disc((x + fx * hl, y + fy * hl), h, out)
    if gun == "aft":
        return _half_disc((x - fx * hl, y - fy * hl), h + 180.0, out)
    way = 1.0 if gun == "port" else -1.0
    sx, sy = px * way, py * way
    near, far = hw, hw + out
    return (
        (x + fx * hl + sx * near, y + fy * hl + sy * near),
        (x + fx * hl + sx * far, y + fy * hl + sy * far),
        (x - fx * hl + sx * far, y - fy * hl + sy * far),
        (x - fx * hl + sx * near, y - fy * hl + sy * near),
    )


def arcs(state: GameState, ship_id: str, pose: Pose | None = None) -> tuple[Shape, ...]:
    """Each of her guns' arcs, out to the shooting range in bands of its damage column (longest first).

    ``pose``: drawn from where the tape puts her rather than where she is.  A ship dead in the water or
    sunk has no arcs: she has no points to fire with.
    """
    ship = state.ships[ship_id]
    if not ship.on_table or ship.dead:
        return ()
    tables = state.tables
    card = state.card_of(ship)
    seg = tables.shooting_segment
    where = pose or ship.pose
    out: list[Shape] = []
    for gun in card.guns:
        colour = GUNS.get(gun.direction, (220, 220, 220))
        for rng in reversed(steps(tables, gun.column)):
            out.append(Shape(gun_polygon(where, ship.length, ship.width, gun.direction, rng * seg), colour, fill=16,
                             edge=110))
    return tuple(out)


def in_arc(state: GameState, ship_id: str, gun: str, point: Point, pose: Pose | None = None) -> bool:
    """Whether a point of the table lies in one of her guns' arcs (out to the shooting range)."""
    ship = state.ships[ship_id]
    poly = gun_polygon(pose or ship.pose, ship.length, ship.width, gun, reach(state.tables))
    return _inside(poly, point)


def _inside(poly: Sequence[Point], p: Point) -> bool:
    hit = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > p[1]) != (y2 > p[1]):
            x = x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1)
            if x > p[0]:
                hit = not hit
    return hit


# --- the move chart round her ----------------------------------------------------------------------


def wedges(state: GameState, ship: Ship, at: Point) -> list[tuple[float, float, int]]:
    """The move chart round a point: (from, to, sector) as compass courses, each a run of one sector.

    Traced with the engine's own sector rule, each change of sector found by halving the step where it
    happens, so the wedges meet where the engine's sectors do.
    """
    down = wind.blowing(state, at)

    def sector_of(course: float) -> int:
        return wind.sector(wind.off_wind(state, at, course))

    start = down + 180.0  # begin in the wind's eye, so the sector there is one run across it
    n = int(round(360.0 / WEDGE_STEP))
    runs: list[tuple[float, float, int]] = []
    a0, prev = start, sector_of(start)
    for i in range(1, n + 1):
        a = start + i * WEDGE_STEP
        sec = sector_of(a) if i < n else prev
        if sec == prev:
            continue
        lo, hi = a - WEDGE_STEP, a  # the sector changes in (lo, hi]: halve it down to a hair
        for _ in range(40):
            mid = (lo + hi) / 2.0
            if sector_of(mid) == prev:
                lo = mid
            else:
                hi = mid
        runs.append((a0, hi, prev))
        a0, prev = hi, sec
    runs.append((a0, start + 360.0, prev))
    if len(runs) > 1 and runs[0][2] == runs[-1][2]:  # the sector the trace began in, met again at its end
        first = runs.pop(0)
        last = runs.pop()
        runs.append((last[0], first[1] + 360.0, first[2]))
    return runs


def _wedge(centre: Point, a0: float, a1: float, radius: float) -> tuple[Point, ...]:
    pts = [centre]
    n = max(2, int(abs(a1 - a0) / 4.0))
    for i in range(n + 1):
        vx, vy = heading_vector(a0 + (a1 - a0) * i / n)
        pts.append((centre[0] + vx * radius, centre[1] + vy * radius))
    return tuple(pts)


def _hatch(poly: Sequence[Point], direction: float, spacing: float) -> list[Shape]:
    """Parallel lines at compass ``direction`` across a convex polygon, ``spacing`` inches apart."""
    fx, fy = heading_vector(direction)
    nx, ny = -fy, fx
    offs = [p[0] * nx + p[1] * ny for p in poly]
    lo, hi = min(offs), max(offs)
    out: list[Shape] = []
    k = math.floor(lo / spacing) + 1
    while k * spacing < hi:
        c = k * spacing
        seg = _clip_line(poly, (nx * c, ny * c), (fx, fy))
        if seg is not None:
            out.append(Shape(seg, NO_STICK, fill=0, edge=140, width=1, closed=False))
        k += 1
    return out


def _clip_line(poly: Sequence[Point], origin: Point, d: Point) -> tuple[Point, Point] | None:
    """The chord a line (``origin`` + t ``d``) cuts from a convex polygon, or None."""
    ts: list[float] = []
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        den = d[0] * ey - d[1] * ex
        if abs(den) < 1e-12:
            continue
        t = ((x1 - origin[0]) * ey - (y1 - origin[1]) * ex) / den
        u = ((x1 - origin[0]) * d[1] - (y1 - origin[1]) * d[0]) / den
        if -1e-9 <= u <= 1 + 1e-9:
            ts.append(t)
    if len(ts) < 2:
        return None
    t0, t1 = min(ts), max(ts)
    if t1 - t0 < 1e-9:
        return None
    return ((origin[0] + d[0] * t0, origin[1] + d[1] * t0), (origin[0] + d[0] * t1, origin[1] + d[1] * t1))


def zones(state: GameState, ship_id: str, pose: Pose | None, radius: float) -> tuple[Shape, ...]:
    """Her move chart round her: a wedge for each sector of course against the wind where she is (or would be),
    coloured by the stick it gives (none: grey and hatched), and the wind's line from its source through her."""
    ship = state.ships[ship_id]
    if not ship.on_table:
        return ()
    x0, y0, _h = pose or ship.pose
    card = state.card_of(ship)
    out: list[Shape] = []
    for a0, a1, sec in wedges(state, ship, (x0, y0)):
        stick = card.stick(sec)
        poly = _wedge((x0, y0), a0, a1, radius)
        if stick == NONE:
            out.append(Shape(poly, NO_STICK, fill=30, edge=120))
            out += _hatch(poly, (a0 + a1) / 2.0 + 45.0, max(0.05, radius * HATCH))
        else:
            out.append(Shape(poly, stick_colour(state.tables, stick), fill=55, edge=170))
    down = wind.blowing(state, (x0, y0))
    vx, vy = heading_vector(down + 180.0)
    out.append(Shape(((x0 + vx * radius * 1.15, y0 + vy * radius * 1.15), (x0, y0)), WIND, fill=0, edge=230,
                     width=2, closed=False))
    return tuple(out)


# --- the wind's point ------------------------------------------------------------------------------


def _exit(origin: Point, d: Point, w: float, h: float) -> Point | None:
    """Where a ray from ``origin`` along ``d`` leaves the table (None if it never crosses it)."""
    t_in, t_out = 0.0, math.inf
    for o, v, lo, hi in ((origin[0], d[0], 0.0, w), (origin[1], d[1], 0.0, h)):
        if abs(v) < 1e-12:
            if not lo - 1e-9 <= o <= hi + 1e-9:
                return None
            continue
        ta, tb = (lo - o) / v, (hi - o) / v
        t_in, t_out = max(t_in, min(ta, tb)), min(t_out, max(ta, tb))
    if t_out <= t_in + 1e-9 or not math.isfinite(t_out):
        return None
    return (origin[0] + d[0] * t_out, origin[1] + d[1] * t_out)


def marks(state: GameState) -> tuple[Shape, ...]:
    """Where the wind blows from: faint lines fanning out across the table from its source, and a marker there."""
    sx, sy = state.wind_source
    w, h = state.table_width, state.table_height
    centre = (w / 2.0, h / 2.0)
    inward = wind.blowing(state, centre)
    out: list[Shape] = []
    k = -int(180.0 / FAN_STEP)
    while k <= int(180.0 / FAN_STEP):
        d = heading_vector(inward + k * FAN_STEP)
        end = _exit((sx, sy), d, w, h)
        if end is not None and math.dist(end, (sx, sy)) > 1e-6:
            out.append(Shape(((sx, sy), end), WIND, fill=0, edge=45 if k else 90, width=1, closed=False))
        k += 1
    size = max(0.4, min(w, h) * 0.025)
    fx, fy = heading_vector(inward)
    px, py = -fy, fx
    marker = (
        (sx + fx * size * 1.6, sy + fy * size * 1.6),
        (sx + px * size, sy + py * size),
        (sx - fx * size * 0.4, sy - fy * size * 0.4),
        (sx - px * size, sy - py * size),
    )
    out.append(Shape(marker, WIND, fill=200, edge=255, width=2))
    return tuple(out)


# --- her model and her badges ----------------------------------------------------------------------

#: Her build, gun decks and masts by card; a card not listed is drawn as a frigate.
BUILDS: dict[str, tuple[str, int, tuple[float, ...]]] = {
    "frigate": ("frigate", 1, (0.46, 0.0, -0.46)),
    "sloop": ("sloop", 1, (0.1,)),
    "brigantine": ("brig", 1, (0.3, -0.25)),
    "galleon": ("two_decker", 2, (0.46, 0.0, -0.46)),
}


def _nation_of(state: GameState, side: str) -> str:
    for s in getattr(state.scenario, "sides", ()) or ():
        if s.id == side:
            return str(s.nation)
    return ""


def model(state: GameState, ship_id: str) -> Model:
    """Her model: her build by card, her canvas by the action points her health gives, her losses."""
    ship = state.ships[ship_id]
    card = state.card_of(ship)
    if ship.status == SUNK:
        condition = "wreck"
    elif ship.dead:
        condition = "struck"
    else:
        condition = ""
    build, decks, masts = BUILDS.get(ship.card, BUILDS["frigate"])
    full = max((b.actions for b in card.health), default=0)
    acts = health.chart_actions(state, ship)
    share = acts / full if full > 0 else 0.0
    if condition or acts <= 0:
        canvas, spread = "", 0.0
    elif share >= 1.0:
        canvas, spread = "plain", 0.98
    elif share >= 0.5:
        canvas, spread = "fighting", 0.74
    else:
        canvas, spread = "topsails", 0.5
    lost = min(1.0, max(0.0, 1.0 - ship.hp / ship.hp_max)) if ship.hp_max > 0 else 0.0
    paint = ship.nation or _nation_of(state, ship.original_side or ship.side)
    ensign = "" if condition else (_nation_of(state, ship.side) if ship.prize else paint) or paint
    return Model(
        masts=masts,
        spread=spread,
        condition=condition,
        hull=build,
        decks=decks,
        nation=paint,
        ensign=ensign,
        sails=canvas,
        hull_lost=lost,
        rigging_lost=lost,
        crew_lost=lost,
        listing=0.0 if condition == "wreck" else max(0.0, lost - 0.5),
    )


def badges(state: GameState, ship_id: str) -> tuple[Badge, ...]:
    """Short words under her name: her action points left, dead, a prize, done this phase.

    Never anything that tells the carrier of a blockade run from her consorts.
    """
    ship = state.ships[ship_id]
    if ship.status == SUNK:
        return (_badge("sunk"),)
    out: list[Badge] = []
    if ship.dead:
        out.append(_badge("dead"))
    elif state.phase in ("move", "combat"):
        out.append(_badge("ap", f"{ship.actions} AP") if ship.actions > 0 else _badge("no_ap"))
    if ship.prize:
        out.append(_badge("prize"))
    if state.phase == "deploy" and not ship.deployed and _deploys(state, ship):
        out.append(_badge("to_deploy"))
    if (state.phase == "move" and ship.moved) or (state.phase == "combat" and ship.fought):
        out.append(_badge("done"))
    return tuple(out)


def _deploys(state: GameState, ship: Ship) -> bool:
    """Whether she is one of the ships placed in the deployment phase."""
    return ship.id in state.order or not state.order


# --- the shot box ----------------------------------------------------------------------------------


def shot_box(state: GameState, firer_id: str, target_id: str) -> ShotBox | None:
    """What she could do to ``target_id`` now: each gun that bears, its range, the aim her points give, the
    effective range and damage; or, touching, her crew's combat value.  None for a friend or if nothing bears."""
    firer, target = state.ships[firer_id], state.ships[target_id]
    if firer_id == target_id or not firer.on_table or not target.on_table or firer.side == target.side:
        return None
    if board.touching(firer, target):
        cv = health.combat_value(state, firer)
        lines = [(f"touching: crew combat at combat value {cv}", "head")]
        if target.dead:
            lines.append(("she is dead in the water: no more damage; capture or scuttle her", "dim"))
        else:
            lines.append((f"{cv} damage for {state.tables.costs['board']} action point", ""))
        if state.phase != "combat":
            lines.append(("crews fight in the combat phase", "dim"))
        return ShotBox(target.name, tuple(lines))
    foe = board.touching_live_enemy(state, firer)
    if foe is not None:
        return ShotBox(target.name, ((f"touching {foe.name}: her guns are silent, her crew fights instead", "bad"),))
    return _gun_box(state, firer, target)


def _gun_box(state: GameState, firer: Ship, target: Ship) -> ShotBox | None:
    tables = state.tables
    fire = tables.costs["fire"]
    hasty = state.phase == MOVE
    left = max(0, firer.actions - fire)
    lines: list[tuple[str, str]] = []
    corridor: list[Shape] = []
    for gun in state.card_of(firer).guns:
        b = gunnery.bearing(state, firer, gun.direction, target)
        if b is None:
            continue
        what = f"{GUN_WORDS.get(gun.direction, gun.direction)}: range {b.range}"
        column = f"{COLUMN_WORDS.get(gun.column, gun.column)} column"
        colour = BLOCKED if b.blocked_by else CLEAR
        corridor.append(Shape((b.origin, b.aim_point), colour, fill=0, edge=255, width=2, closed=False))
        if b.blocked_by is not None:
            lines.append((f"{what}: {board.island_name(state, b.blocked_by)} is in the way", "bad"))
            continue
        lines.append((what, "head"))
        if hasty:
            plain = tables.damage_at(max(1, b.range), gun.column)
            lines.append((f"fire at will, a D{tables.fire_at_will_die} off the range if no more than {left}: "
                          f"{plain} damage without it, {_hasty(tables, b.range, left, gun.column):.1f} on average",
                          ""))
        else:
            eff, dmg = gunnery.shot_damage(state, gun.column, b.range, left)
            lines.append((f"aim {left} ({firer.actions} AP, {fire} to fire): effective range {eff}, {dmg} damage "
                          f"({column})", ""))
    if not lines:
        return None
    if target.dead:
        lines.append(("she is dead in the water: no more damage to do", "dim"))
    elif firer.actions < max(1, fire):
        lines.append(("no action points left to fire", "dim"))
    return ShotBox(target.name, tuple(lines), tuple(corridor))


def _hasty(tables: CagwayTables, rng: int, left: int, column: str) -> float:
    """Average damage of fire at will: the die comes off the range only if it is no more than the points left."""
    die = tables.fire_at_will_die
    total = 0.0
    for face in range(1, die + 1):
        off = face if face <= left else 0
        total += tables.damage_at(max(1, rng - off), column)
    return total / die


def sectors(card: ShipCard) -> Iterable[tuple[int, str]]:
    """Her wheel: (sector, stick) for each sector."""
    return zip(SECTORS, card.wheel, strict=True)


def heading_stick(state: GameState, ship: Ship) -> tuple[int, str]:
    """The sector of her present heading against the wind where she is, and the stick it gives."""
    return sticks.chart(state, ship, ship.heading)
