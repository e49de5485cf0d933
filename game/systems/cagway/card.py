"""Cagway Bay's ship card, her fate in the result, and the bar across the table.

The card is what the paper card and the d6 beside the model would say: her
HP track, the action points she has left of those her health gave her at the
start of the round, her combat value, her guns and the damage column each
reads, her movement wheel (the sector her heading falls in now and the stick
it gives), and her health chart as the card's table, her present row marked.
Nothing on it ever tells the carrier of a blockade run from her consorts.
"""

from __future__ import annotations

from game.systems.base import TurnBar
from game.systems.cagway import health, sticks
from game.systems.cagway.state import COMBAT, DEPLOY, MOVE, OVER, SECRET, SUNK, GameState, Ship
from game.systems.cagway.tables import NONE, SECTORS, ShipCard
from game.systems.card import Card, Fate, Line, Mark, Table, TableRow, Track
from game.table.written import compass_point, inches

#: How each sector of the wheel is named on the card.
SECTOR_WORDS = {0: "running", 45: "broad reach", 90: "beam reach", 135: "close-hauled", 180: "in irons"}
GUN_NAMES = {"fore": "Fore", "aft": "Aft", "port": "Port", "starboard": "Starboard"}
COLUMN_NAMES = {"side": "side", "fore_aft": "fore-aft"}
PHASE_NAMES = {DEPLOY: "deployment", SECRET: "the secret choice", MOVE: "move phase", COMBAT: "combat phase",
               OVER: "battle over"}
#: The tab colour (a range band's, as the window knows them) of the health chart's row she is in now.
NOW = "effective"


def cripple_at(card: ShipCard) -> int:
    """HP lost before her crew weakens: the pink boxes begin where her combat value first falls below its best."""
    best = max((b.combat for b in card.health), default=0)
    weaker = [b.high for b in card.health if b.combat < best]
    return card.hp - max(weaker) if weaker else card.hp


def _who(state: GameState, ship: Ship) -> str:
    side = state.side_name(ship.side)
    return f"Prize of {side}" if ship.prize else side


def wheel_line(state: GameState, ship: Ship) -> str:
    """Her whole wheel: 'Wheel: 0° yellow · 45° green · 90° green · 135° red · 180° none'."""
    card = state.card_of(ship)
    return "Wheel: " + " · ".join(f"{sec}° {stick}" for sec, stick in zip(SECTORS, card.wheel, strict=True))


def guns_line(sc: ShipCard) -> str:
    """'Guns: fore, aft (fore-aft column); port, starboard (side column)'."""
    by_column: dict[str, list[str]] = {}
    for g in sc.guns:
        by_column.setdefault(g.column, []).append(g.direction)
    parts = [f"{', '.join(guns)} ({COLUMN_NAMES.get(col, col)} column)" for col, guns in by_column.items()]
    return "Guns: " + "; ".join(parts)


def ap_marks(ship: Ship) -> tuple[Mark, ...]:
    """The d6 beside her: a dot for each point her health gave her this round, lit for those she has left."""
    dots = tuple(Mark("", "dot", i < ship.actions) for i in range(max(ship.round_actions, ship.actions)))
    return (Mark("AP", tone="dim"), *dots) if dots else (Mark("No action points", tone="faint"),)


def heading_line(state: GameState, ship: Ship) -> str:
    """'Heading 045° (NE): broad reach, green stick, 2.4" a segment'."""
    sec, stick = sticks.chart(state, ship, ship.heading)
    head = f"Heading {ship.heading % 360:03.0f}° ({compass_point(ship.heading)}): {SECTOR_WORDS.get(sec, sec)}"
    if stick == NONE:
        return head + ", no stick: she cannot sail this way"
    return head + f", {stick} stick, {inches(sticks.segment(state.tables, stick), None)} a segment"


def card(state: GameState, ship_id: str) -> Card:
    """Her ship card."""
    ship = state.ships[ship_id]
    sc = state.card_of(ship)
    cv = health.combat_value(state, ship)
    chart = health.chart_actions(state, ship)
    lines = [Line(f"{_who(state, ship)} · {sc.name} · {sc.points} points", "dim")]
    if ship.dead:
        lines.append(Line("Dead in the water: no action points", "bad"))
    else:
        points = f"Action points {ship.actions} of {ship.round_actions}"
        if chart != ship.round_actions:
            points += f" (her health now gives {chart})"
        lines.append(Line(f"{points} · Combat value {cv}"))
    if ship.on_table:
        lines.append(Line(heading_line(state, ship), "", small=True, wrap=True))
    lines.append(Line(wheel_line(state, ship), "dim", small=True, wrap=True))
    lines.append(Line(guns_line(sc), "dim", small=True, wrap=True))
    tracks = (Track("HP", max(0, ship.hp), max(ship.hp_max, ship.hp), cripple_at(sc)),)
    done: tuple[Mark, ...] = ()
    if state.phase == MOVE:
        done = (Mark("Moved" if ship.moved else "To move", "badge", not ship.moved, right=True),)
    elif state.phase == COMBAT:
        done = (Mark("Fought" if ship.fought else "To fight", "badge", not ship.fought, right=True),)
    guns = tuple(Mark(GUN_NAMES.get(g.direction, g.direction), "dot", ship.actions > 0 and not ship.dead,
                      "" if ship.actions > 0 and not ship.dead else "faint")
                 for g in sc.guns)
    marks = (ap_marks(ship) + done, guns)
    here = ship.hp
    rows = tuple(
        TableRow(NOW if b.low <= here <= b.high else "",
                 (f"{b.low}-{b.high}" if b.low != b.high else str(b.low), "",
                  "now" if b.low <= here <= b.high else "", str(b.actions), str(b.combat)))
        for b in sc.health
    )
    table = Table("HEALTH CHART (HP)", ("AP", "CV"), rows)
    stamp, kind = _stamp(ship)
    return Card(ship.name, ship.side, tuple(lines), tracks, marks, table, stamp, kind)


def _stamp(ship: Ship) -> tuple[str, str]:
    if ship.status == SUNK:
        return "SUNK", "sunk"
    if ship.dead:
        return "DEAD IN THE WATER", "struck"
    if ship.prize:
        return "PRIZE", "taken"
    return "", ""


def fate(state: GameState, ship_id: str) -> Fate:
    """How the battle left her: scuttled, taken, dead in the water, or afloat with her HP."""
    ship = state.ships[ship_id]
    sc = state.card_of(ship)
    side = ship.original_side or ship.side
    what = f"{sc.name}, {sc.points} points"
    if ship.status == SUNK:
        text, kind = "scuttled", "sunk"
    elif ship.prize:
        captors = state.side_name(ship.side)
        text, kind = f"captured by {captors if captors.lower().startswith('the ') else 'the ' + captors}", "taken"
        if ship.dead:
            text += ", dead in the water"
    elif ship.dead:
        text, kind = "dead in the water", "struck"
    else:
        text, kind = f"afloat: {ship.hp}/{ship.hp_max} HP", ""
    return Fate(side=side, what=what, text=text, kind=kind)


# --- the bar across the table ----------------------------------------------------------------------


def turn_bar(state: GameState, to_move: str | None) -> TurnBar:
    """'Turn 3 of 15 — move phase', the phase's priority order (done, acting) and what is happening now."""
    phase = PHASE_NAMES.get(state.phase, state.phase)
    title = f"Turn {state.turn} of {state.turn_limit} — {phase}"
    acting = state.activation.ship if state.activation is not None else None
    order = []
    for i, sid in enumerate(state.order):
        ship = state.ships.get(sid)
        if ship is None:
            continue
        if state.phase == MOVE:
            done = ship.moved
        elif state.phase == COMBAT:
            done = ship.fought
        elif state.phase == DEPLOY:
            done = ship.deployed
        else:
            done = i < state.order_index
        order.append((ship.name, ship.side, bool(done), sid == acting))
    return TurnBar(title, tuple(order), _status(state, to_move))


def _status(state: GameState, to_move: str | None) -> str:
    if state.phase == OVER:
        return "battle over"
    if state.phase == SECRET:
        who = state.side_name(to_move) if to_move else "The Runner"
        return f"{who}: choose, in secret, the ship that carries the cargo"
    act = state.activation
    ship = state.ships.get(act.ship) if act is not None else None
    if ship is None:
        return ""
    if state.phase == DEPLOY:
        return f"{state.side_name(ship.side)}: place {ship.name} on her deployment line"
    if state.phase == MOVE:
        return f"{ship.name} is moving — {ship.actions} AP left"
    if state.phase == COMBAT:
        return f"{ship.name} takes her combat action — {ship.actions} AP left"
    return ""
