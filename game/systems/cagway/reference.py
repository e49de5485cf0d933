"""Cagway Bay's rules reference (F1), written from the tables in force.

Every number comes from the loaded :class:`CagwayTables` -- the sticks, the
damage chart, the health charts, the costs, the wheels -- never typed here, so
a club playing house rules sees its own values.  The words are Quarterdeck's
summary of how the engine plays the book (``docs/CAGWAY.md`` and the readings
in ``docs/READINGS.md``); the book itself is not reproduced.  Bodies are in the
markup of :mod:`game.systems.reference_text`.  Pure Python: no pygame.
"""

from __future__ import annotations

from typing import Any

from game.systems.cagway.tables import SECTORS, CagwayTables, ShipCard
from game.systems.reference_text import body, esc, heading, para, table

#: What each sector of the wheel means, by the angle between her course and the way the wind blows.
SECTOR_NAMES = {
    0: "running (wind dead astern)",
    45: "broad reach (wind on the quarter)",
    90: "beam reach (wind abeam)",
    135: "close-hauled (wind forward of the beam)",
    180: "in irons (head to wind)",
}
#: The guns' directions as the reference names them.
GUN_NAMES = {"fore": "Fore", "aft": "Aft", "port": "Port", "starboard": "Starboard"}
COLUMN_NAMES = {"side": "side", "fore_aft": "fore-aft"}


def _n(x: Any) -> str:
    """A number as written: 3, 4.8, 0.4."""
    try:
        f = float(x)
    except (TypeError, ValueError):
        return str(x)
    if f == int(f):
        return str(int(f))
    return f"{f:.3f}".rstrip("0").rstrip(".")


def _inch(x: float) -> str:
    return f'{_n(round(x, 2))}"'


def _plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else word + 's'}"


def _band(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _cards(tables: CagwayTables) -> list[ShipCard]:
    return list(tables.cards.values())


def _card_name(card: ShipCard) -> str:
    return card.name + ("*" if card.own else "")


def _own_note(tables: CagwayTables) -> str:
    return esc("* Quarterdeck's own card, not in the rule book.") if any(c.own for c in _cards(tables)) else ""


# --- the sections -------------------------------------------------------------------------------


def _round(tables: CagwayTables) -> str:
    charts = []
    for card in _cards(tables):
        rows = [[_band(b.low, b.high), str(b.actions), str(b.combat)] for b in card.health]
        charts.append(heading(f"{_card_name(card)}: {card.hp} HP, {card.points} points"))
        charts.append(table(["Health (HP)", "Actions", "Combat value"], rows))
    return body(
        para(
            esc("A round has two phases, move and then combat; every choice a player makes is a move action or a"),
            esc("combat action. The first round opens with deployment and, in the Blockade Run, the Runner's"),
            esc("secret choice of the ship carrying the cargo."),
        ),
        para(
            esc("At the start of each round every ship is given action points by her health chart: find her HP"),
            esc("on her card's chart and read the actions beside it. Points spent in the move phase are gone for"),
            esc("the combat phase; repairs mend HP at once, but her points are only read again at the next"),
            esc("round's start. A ship at 0 HP has no points: she is dead in the water."),
        ),
        *charts,
        _own_note(tables),
    )


def _sticks(tables: CagwayTables) -> str:
    rows = [
        [name.title(), _n(tables.sticks[name]), _inch(tables.segments[name])]
        for name in tables.sticks
    ]
    wheels = [
        [_card_name(card), *(card.stick(s) for s in SECTORS)]
        for card in _cards(tables)
    ]
    sectors = "; ".join(f"{s}°: {SECTOR_NAMES.get(s, '')}" for s in SECTORS)
    return body(
        para(
            esc(f"Distances are measured in rods; on this table a rod is {_inch(tables.rod)}. Moves are measured"),
            esc("with five coloured sticks, each marked in segments: the faster the stick, the longer its"),
            esc("segments."),
        ),
        table(["Stick", "Rods a segment", "Inches"], rows),
        heading("The move chart (each card's wheel)"),
        para(
            esc("Lay the wheel along the wind at her position and read the sector her course falls in, by the"),
            esc(f"angle between her course and the way the wind blows ({sectors}). The sector names the stick"),
            esc("she sails with; none means she cannot sail that way at all."),
        ),
        table(["Card", *(f"{s}°" for s in SECTORS)], wheels),
        _own_note(tables),
    )


def _wind(tables: CagwayTables) -> str:
    return body(
        para(
            esc("The wind blows from a point at the edge of the table, not in parallel lines: at any ship it"),
            esc("blows along the line from that point through her centre, so two ships in different places feel"),
            esc("it from different bearings. The marker on the table edge shows the point, and faint lines fan"),
            esc("out from it."),
        ),
        heading("Priority"),
        para(
            esc("The wind also sets the order of play. In the move phase the ship farthest from the wind's"),
            esc("point (farthest downwind) moves first, then the next farthest. In the combat phase the order"),
            esc("turns round: the ship nearest the point (farthest upwind) acts first. Being upwind of the"),
            esc("enemy lets a ship move after him and shoot before him."),
        ),
    )


def _movement(tables: CagwayTables) -> str:
    return body(
        para(
            esc("On her move a ship sails one or more legs. For each leg the stick is laid at her bow, pointing"),
            esc("the way she will go, at most 45 degrees off her heading; the move chart gives the stick for"),
            esc("that course. She turns onto the stick about her bow and runs her bow along it."),
        ),
        para(
            esc("Each segment costs one action point, and part of a segment costs a whole point. A leg that"),
            esc("turns her must run at least one full segment, so she changes heading by at most 45 degrees"),
            esc("for each segment sailed; a straight leg may be any length her points pay for. She may turn"),
            esc("again on a later leg. A ship cannot turn in place except by drifting."),
        ),
        para(
            esc("A leg stops where her hull first touches another ship, an island or the table edge; she pays"),
            esc("for the distance she actually sailed. Her move ends when she says so or has no points left."),
        ),
    )


def _other_moves(tables: CagwayTables) -> str:
    die = tables.fire_at_will_die
    drift = _plural(tables.drift_segments, f"{tables.drift_stick} segment")
    return body(
        heading("Fire at will"),
        para(
            esc("Instead of sailing, a ship may fire one gun in the move phase: it is her whole move and costs"),
            esc(f"all her action points. Firing costs {_plural(tables.costs['fire'], 'point')}; then a D{die} is"),
            esc("rolled for a hasty aim. If the roll is no more than the points she has left after paying to fire,"),
            esc("it is taken off the range like aiming; if it is more, she gets no aiming bonus and does the"),
            esc("chart's damage for the range as measured."),
        ),
        heading("Repair"),
        para(
            esc(f"Any time in her move a ship may mend {tables.repair_hp} HP for each action point spent, up to"),
            esc("her full HP. Her action points do not rise until the next round. A dead ship cannot repair"),
            esc("herself: friends may share HP with her in the combat phase."),
        ),
        heading("Drift"),
        para(
            esc(f"As her whole move a ship may drift: she moves {drift}"),
            esc(f"({_inch(tables.drift_distance)}) straight downwind, unless something is in the way, in which"),
            esc("case she stays where she is; then she turns on her centre to face any way. Drifting takes all"),
            esc("her points and nothing else may come before it in her move. A dead ship may drift too, spending"),
            esc("her 0 points."),
        ),
    )


def _firing(tables: CagwayTables) -> str:
    rows = []
    for card in _cards(tables):
        guns = ", ".join(f"{GUN_NAMES.get(g.direction, g.direction)} ({COLUMN_NAMES.get(g.column, g.column)})"
                         for g in card.guns)
        rows.append([_card_name(card), guns])
    return body(
        para(
            esc("In the combat phase each ship takes one combat action. To fire, she chooses one of her guns"),
            esc(f"(one direction), pays {_plural(tables.costs['fire'], 'action point')}, and may pour every point"),
            esc("she has left into aiming. She fires only one gun a round."),
        ),
        heading("Arcs"),
        para(
            esc("Fore and aft guns fire into the half of the table ahead of her bow (behind her stern): a"),
            esc("180-degree arc from the middle of that end. Broadsides have no angle: they fire at anything"),
            esc("in the band beside her as wide as she is long, port or starboard. A target is in the arc if"),
            esc("any part of her is."),
        ),
        heading("Guns by card (and the damage column each reads)"),
        table(["Card", "Guns"], rows, align="ll"),
        _own_note(tables),
    )


def _ranges(tables: CagwayTables) -> str:
    stick = tables.shooting_stick
    seg = tables.sticks[stick]
    rows = [[str(r), str(side), str(fa)] for r, (side, fa) in sorted(tables.damage.items(), reverse=True)]
    rows.insert(0, [f"{tables.beyond}+", "0", "0"])
    rows.append(["0", "CV", "CV"])
    return body(
        para(
            esc(f"Ranges are counted on the {stick} stick ({_n(seg)} rods, {_inch(tables.segments[stick])} a"),
            esc("segment): the distance from the nearest point of the gun's arc to the nearest part of the"),
            esc("target, in whole segments, any part of a segment counting as a whole one. Ships touching"),
            esc("are at range 0, where the guns fall silent and the crews fight (CV: combat value)."),
        ),
        heading("Damage chart"),
        table(["Range", "Side", "Fore-aft"], rows),
        para(esc(f"At range {tables.beyond} or more a shot does nothing.")),
    )


def _aiming(tables: CagwayTables) -> str:
    fire = tables.costs["fire"]
    points, rng = 4, 7  # the worked example: a ship with 4 points, her broadside at range 7
    aim = max(0, points - fire)
    effective = max(1, rng - aim)
    return body(
        para(
            esc("Each action point spent on aiming lowers the effective range of the shot by 1; the damage is"),
            esc("read at the effective range. The effective range never falls below 1, since range 0 means"),
            esc("the ships are touching."),
        ),
        para(
            esc(f"For example: with {points} points a ship pays {fire} to fire her broadside at range {rng} and"),
            esc(f"pours the other {aim} into aiming: effective range {effective},"),
            esc(f"{tables.damage_at(effective, 'side')} damage instead of {tables.damage_at(rng, 'side')}."),
        ),
    )


def _crew(tables: CagwayTables) -> str:
    c = tables.costs
    return body(
        heading("Crew combat"),
        para(
            esc("When ships touch their guns are no use: the crews fight. As her combat action a ship may"),
            esc(f"attack a ship touching her for {_plural(c['board'], 'action point')}; the damage is her combat"),
            esc("value, read from her health chart at her present HP."),
        ),
        heading("Dead ships"),
        para(
            esc("A ship at 0 HP is dead in the water: no action points, so no moves and no actions of her own"),
            esc("except to drift. Further attacks do her no more damage."),
        ),
        heading("Capture"),
        para(
            esc(f"A ship touching a dead enemy may capture her for {_plural(c['capture'], 'action point')}: she"),
            esc("moves any number of her own HP (her crew) across, and the prize changes sides."),
        ),
        heading("Scuttle"),
        para(
            esc(f"A ship with points left may scuttle a dead ship touching her for {_plural(c['scuttle'], 'point')}:"),
            esc("the dead ship sinks at once and leaves play. A dead ship cannot scuttle herself."),
        ),
        heading("Sharing HP"),
        para(
            esc("Friendly ships that touch may move HP between them in the same way, the repair of a dead"),
            esc(f"friend included; it costs {_plural(c['share'], 'action point')}, paid by one of them."),
        ),
    )


def _blockade(tables: CagwayTables) -> str:
    v = tables.victory
    return body(
        para(
            esc("The book's scenario. The Blocker deploys his ships on the midline of the table, the Runner"),
            esc("his on one edge; the destination island is at the far edge, and the wind blows from a point"),
            esc("in the south-west. Before the first move the Runner chooses in secret which of his ships"),
            esc("carries the cargo; the Blocker is never told which until it no longer matters."),
        ),
        para(
            esc("The Runner wins when the carrier touches the destination island. The Blocker wins if the"),
            esc("carrier is captured or sunk, or if the last round ends without her arriving."),
        ),
        heading("Fleet battles"),
        para(
            esc("In open warfare each side is bought with points (each card's points are on its chart). At the"),
            esc(f"end a side scores an enemy ship's points times {_n(v.get('sunk', 0))} if it sank her,"),
            esc(f"{_n(v.get('captured', 0))} if it captured her and {_n(v.get('dead', 0))} if she lies dead in the"),
            esc("water; a side with nothing left afloat loses at once."),
        ),
    )


def reference(tables: CagwayTables) -> list[tuple[str, str]]:
    """The rules reference: (title, body) sections, every number read from ``tables``."""
    return [
        ("The round, action points and health", _round(tables)),
        ("Sticks and the move chart", _sticks(tables)),
        ("The wind and priority", _wind(tables)),
        ("Movement", _movement(tables)),
        ("Fire at will, repair and drift", _other_moves(tables)),
        ("Firing and arcs", _firing(tables)),
        ("Ranges and the damage chart", _ranges(tables)),
        ("Aiming", _aiming(tables)),
        ("Crew combat, dead ships, capture, scuttle, sharing", _crew(tables)),
        ("The Blockade Run", _blockade(tables)),
    ]
