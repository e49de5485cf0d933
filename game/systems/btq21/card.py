"""Beat to Quarters' ship card: what the paper card beside the model would say, as rows for the window.

The one table a player checks most -- how many dice each broadside throws at
each range -- is a pure function (:func:`broadside_table`), so the rule it
shows can be tested without drawing anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.content.scenarios import EDGES
from game.systems.btq21 import national, objectives, shot, visibility, weather
from game.systems.btq21.broadside import broadside_total, gun_sides, split_dice
from game.systems.btq21.state import (
    AGROUND,
    CAPTURED,
    DESTROYED,
    EXPLODED,
    LEFT_TABLE,
    STRUCK,
    SUNK,
    GameState,
    Ship,
)
from game.systems.card import Card, Fate, Line, Mark, Table, TableRow, Track
from game.table.written import inches

#: The stamp across a ship out of the fight, and the kind of end it is.
STAMPS = {
    STRUCK: ("STRUCK", "struck"),
    CAPTURED: ("CAPTURED", "taken"),
    SUNK: ("SUNK", "sunk"),
    EXPLODED: ("EXPLODED", "destroyed"),
    AGROUND: ("AGROUND", "ashore"),
    LEFT_TABLE: ("LEFT THE TABLE", "gone"),
    DESTROYED: ("DESTROYED", "destroyed"),
}
SPECIAL_NAMES = {"flagship": "Flagship", "marines": "Marines", "signals": "Signals"}
BAND_NAMES = {"point_blank": "Point blank", "close": "Close", "effective": "Effective", "long": "Long"}


@dataclass(frozen=True)
class BandDice:
    """One row of the card's gunnery table: the dice of one broadside at one range band."""

    band: str
    limit: float  # the band's upper limit, inches
    d10: int
    d6: int
    hull: int  # number needed to hit, aiming at the hull
    rigging: int  # ... aiming at the rigging
    halved: bool  # dice halved (rounding up) for a crippled hull

    @property
    def dice(self) -> str:
        """The dice as a player says them: "12 D10 + 16 D6"."""
        parts = [f"{n} D{s}" for n, s in ((self.d10, 10), (self.d6, 6)) if n]
        return " + ".join(parts) if parts else "none"


def broadside_table(state: GameState, ship: Ship) -> list[BandDice]:
    """Dice of one broadside at each range band, as :func:`game.systems.btq21.broadside.plan_shot` counts them.

    Only what belongs to the firer is applied (the guns table, the large-gun
    share, halving for a crippled hull); a rake or snap fire depends on the
    target and is left to the shot preview.
    """
    halved = ship.crippled("hull")
    rows: list[BandDice] = []
    for band, limit in weather.ranges(state).items():
        d10, d6 = split_dice(broadside_total(state, ship.guns, band), ship.large_share)
        if halved:
            d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
        rows.append(
            BandDice(
                band,
                float(limit),
                d10,
                d6,
                int(state.rules.to_hit["hull"][band]),
                int(state.rules.to_hit["rigging"][band]),
                halved,
            )
        )
    return rows


def _armament(state: GameState, ship: Ship) -> str:
    """Her real battery, after her class when she sails under a name of her own."""
    sc = getattr(state, "scenario", None)
    if sc is None:
        return ""
    for _side, _sq, entry in sc.ships():
        if entry.id == ship.id:
            cls = f"{entry.ship.name} class" if entry.name and entry.name != entry.ship.name else ""
            return " · ".join(t for t in (cls, str(entry.ship.armament)) if t)
    return ""


def _gun_mark(state: GameState, ship: Ship, side: str) -> Mark:
    """A broadside's state: ready or fired, and under option shot what is in the guns."""
    fired = side in ship.fired
    words = f"{side.title()} {'fired' if fired else 'ready'}"
    if not fired and national.fired_once(ship, side):  # option national: a British broadside's second round
        words = f"{side.title()} fired once, ready again"
    if side in ship.loading:
        words, fired = f"{side.title()} loading {shot.title(shot.load_of(ship, side))}", True
    elif shot.load_of(ship, side) != shot.ROUND:
        words += f" · {shot.title(shot.load_of(ship, side))}"
    return Mark(words, "dot", not fired, "faint" if fired else "")


def ship_card(state: GameState, ship_id: str) -> Card:
    ship = state.ships[ship_id]
    fort = ship.shore_battery
    who = state.side_name(ship.side)
    if ship.original_side and ship.original_side != ship.side:
        who = f"Prize of {who}"
    if fort:
        kind = f"Shore battery · {ship.guns} guns"
    else:
        rate = f"{ship.rate} rate" if ship.rate[:1].isdigit() else ship.rate.title()
        kind = f"{ship.nation.title()} · {rate} · {ship.guns} guns"
    bits = [f"Crew {ship.quality}"]
    if not fort:
        bits.append("Sail: dismasted" if ship.adrift else f"Sail: {ship.sail or '-'}")
    if ship.musketry:
        bits.append(f"Musketry {ship.musketry} D6")
    if shot.enabled(state) and not fort:
        bits.append(f"Special shot {shot.stock(state, ship.side)}")
    lines = [Line(f"{who} · {kind}", "dim")]
    arm = _armament(state, ship)
    if arm:
        lines.append(Line(arm, "faint", small=True, wrap=True))
    lines.append(Line("   ".join(bits)))

    tracks = [Track("FORT" if fort else "HULL", ship.hull, ship.hull_start, ship.hull_cripple)]
    if not fort:
        tracks.append(Track("RIGGING", ship.rigging, ship.rigging_start, ship.rigging_cripple))
    tracks.append(Track("CREW", ship.crew, ship.crew_start, ship.crew_cripple))

    damage = [
        Mark(f"Fires {ship.fires}", "flame", ship.fires > 0, "flame" if ship.fires else "faint"),
        Mark(f"Leaks {ship.leaks}", "drop", ship.leaks > 0, "drop" if ship.leaks else "faint"),
    ]
    if not fort:
        words, tone = ("Rudder damaged", "bad") if ship.rudder else ("Rudder sound", "faint")
        damage.append(Mark(words, tone=tone, right=True))
    guns = [_gun_mark(state, ship, side) for side in gun_sides(ship)]
    if ship.fireship:  # option fireships
        guns = [Mark("Guns abandoned with her crew", tone="faint")]
    if "musketry" in ship.fired:
        guns.append(Mark("Muskets fired", tone="faint"))
    orders = [Mark("Fire As She Bears" if ship.fas else "FAS off", "badge", ship.fas, right=True)]
    if ship.chasers:
        orders.append(Mark("Chasers rigged", "badge", True))
    if ship.anchor:  # option anchors
        need = state.rules.options["anchors"]["weigh_turns"]
        weighing = f", weighing {ship.weighing}/{need}" if ship.weighing else ""
        orders.append(Mark(f"At anchor by the {ship.anchor}{weighing}", "badge", True))
    elif ship.cable_cut:
        orders.append(Mark("Cable cut: no anchor", tone="faint"))
    if ship.fireship:  # option fireships
        orders.append(Mark("Fireship ablaze: crew gone", "badge", True))
    if ship.fouled:  # option fouling
        names = ", ".join(state.ships[p].name for p in ship.fouled)
        orders.append(Mark(f"Fouled with {names}", "badge", True))
    specials = [SPECIAL_NAMES.get(s, s.replace("_", " ").title()) for s in ship.specials if s != "shore_battery"]
    orders += [Mark(name, "chip") for name in specials] or [Mark("No special rules", tone="faint")]
    orders += [Mark(knack, "chip") for knack in national.knacks(state, ship)]

    aim = objective_line(state, ship)
    if aim:
        lines.append(Line(aim, "", small=True, wrap=True))
    rows = broadside_table(state, ship)
    shut = visibility.closed(state, {r.band: r.limit for r in rows})
    rows = [r for r in rows if r.band not in shut]
    notes = ["halved: hull crippled"] if rows and rows[0].halved else []
    if state.visibility:  # option visibility: the bands beyond her sight are left off
        notes.insert(0, f'{state.visibility.capitalize()}: guns reach {inches(visibility.distance(state), None)}')
    table = Table(
        "BATTERY DICE" if fort else "BROADSIDE DICE",
        ("Hull", "Rig"),
        tuple(
            TableRow(r.band, (BAND_NAMES.get(r.band, r.band.replace("_", " ").title()), f"≤{inches(r.limit, None)}",
                              r.dice, f"{r.hull}+", f"{r.rigging}+"))
            for r in rows
        ),
        " · ".join(notes),
    )
    stamp, fate = STAMPS.get(ship.status, ("", ""))
    return Card(ship.name, ship.side, tuple(lines), tuple(t for t in tracks if t.start > 0),
                (tuple(damage), tuple(guns), tuple(orders)), table, stamp, fate)


def objective_line(state: GameState, ship: Ship) -> str:
    """The scenario's objectives that name her, short: their names, whose they are and their points ("" if none)."""
    parts = []
    owner = ship.original_side or ship.side
    for o in objectives.for_state(state):
        if o.kind != objectives.HOLD and ship.id in o.ships:
            whose = "" if o.side == owner else f", {state.side_name(o.side)}'s"
            pts = f" {o.points:g} pts" if o.points is not None else ""
            parts.append(f"{o.title} ({o.kind}{whose}{pts})")
    return "Objectives · " + " · ".join(parts) if parts else ""


FATE_WORDS = {
    SUNK: "sunk",
    EXPLODED: "blew up",
    STRUCK: "struck her colours",
    AGROUND: "aground",
    DESTROYED: "destroyed",
}


def ship_fate(state: GameState, ship_id: str) -> Fate:
    """Her end in a few words, or if still in the fight what she has left on each track."""
    ship = state.ships[ship_id]
    side = ship.original_side or ship.side
    what = "shore battery" if ship.shore_battery else f"{ship.guns} guns"
    kind = STAMPS.get(ship.status, ("", ""))[1]
    if ship.status == CAPTURED:
        text = f"captured by the {state.side_name(ship.side)}" if ship.side != side else "captured"
    elif ship.status == LEFT_TABLE:
        text = f"left the table by the {ship.exit_edge} edge" if ship.exit_edge in EDGES else "left the table"
    elif ship.status in FATE_WORDS:
        text = FATE_WORDS[ship.status]
    elif ship.shore_battery:
        text = f"holding out: fort {ship.hull}/{ship.hull_start}, crew {ship.crew}/{ship.crew_start}"
    else:
        left = ", ".join(f"{t} {ship.left(t)}/{ship.start(t)}" for t in ("hull", "rigging", "crew"))
        text = f"afloat: {left}"
    return Fate(side=side, what=what, text=text, kind=kind)
