"""Seamanship of the scripted player: what no order from the solo table may make her do.

Every candidate segment is sailed on a trial of the state with the real
engine (``lookahead``: the trial carries dice of its own, so the player never
learns the game's coming rolls) and judged (``judge``), best first:

* SAFE: nothing wrong;
* NO_SEA_ROOM: she could not be sure of keeping off an edge or a shore for
  the rest of this turn and the next two (``sea_room``);
* ABACK_NEXT: her heading would leave her taken aback at the next segment;
* FOUL: she runs into another ship;
* LOST: she runs aground or off the table (other than by her exit edge).
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.solo.gunnery import exit_edges
from game.systems.btq21 import board, movement, weather
from game.systems.btq21.dice import Dice
from game.systems.btq21.disposition import ABACK, disposition
from game.systems.btq21.sandbox import sandbox
from game.systems.btq21.state import AFLOAT, LEFT_TABLE, GameState, Ship
from game.table.geometry import advance, norm_heading

#: Seed of the dice every look-ahead copy carries instead of the game's own.
LOOKAHEAD_DICE = 0x5010

#: How a ship's state after a segment is judged, best first.
SAFE, NO_SEA_ROOM, ABACK_NEXT, FOUL, LOST = range(5)

#: Segments of the coming turns the sea-room check looks ahead, beyond this activation.
NEXT_TURN_SEGMENTS = 6
#: Inches kept between her base and an edge or a shore in the sea-room check.
SEA_ROOM_MARGIN = 0.5
#: Ways of clawing off in the sea-room check: the turn after each segment, in allowances.
ESCAPES = ((0, 0, 0, 0, 0, 0), (1, 1, 1, 1, 1, 1), (-1, -1, -1, -1, -1, -1), (1, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0))


def lookahead(state: GameState, hold: bool = True) -> GameState:
    """A trial to sail candidates on, with dice of its own (a fixed stream, the same for every candidate)."""
    return sandbox(state, Dice(LOOKAHEAD_DICE), hold=hold)


def judge(work: GameState, ship_id: str, events: list) -> tuple[int, int]:
    """How safe the ship is after the segment sailed on the copy: (SAFE ... LOST, segments short of sea room)."""
    ship = work.ships[ship_id]
    edge = exit_edges(work).get(ship.side)
    if ship.status == LEFT_TABLE:
        return (SAFE, 0) if edge and ship.exit_edge == edge else (LOST, 0)
    if not ship.on_table:
        return (LOST, 0)
    if any(e["type"] == "collision" and e["ship"] == ship_id for e in events):
        return (FOUL, 0)
    if ship.status != AFLOAT or ship.adrift:
        return (SAFE, 0)  # struck or demasted by the move: nothing left to steer
    act = work.activation
    now: list[int] = []
    tacked = 0
    if act is not None and act.ship == ship_id and not act.movement_over:
        now = list(range(act.segment + 1, act.segments_allowed + 1))
        tacked = len(now) if act.tack else 0  # a passed Tack carries her through the wind this turn
    if taken_aback_heading(work, ship, ship.heading) and not tacked:
        return (ABACK_NEXT, 0)
    per_turn = int(work.rules.segments)
    segments = now + [k % per_turn + 1 for k in range(NEXT_TURN_SEGMENTS)]
    short = len(segments) - sea_room(work, ship, segments, edge, tacked)
    return (NO_SEA_ROOM, short) if short else (SAFE, 0)


def room_under_sail(state: GameState, ship: Ship, sail: str) -> bool:
    """Would she have sea room for this turn's segments and the next turn's under this sail?"""
    per_turn = int(state.rules.segments)
    segments = [k % per_turn + 1 for k in range(per_turn + NEXT_TURN_SEGMENTS)]
    return sea_room(state, replace(ship, sail=sail), segments, exit_edges(state).get(ship.side)) >= len(segments)


def taken_aback_heading(state: GameState, ship: Ship, heading: float) -> bool:
    """Would she be taken aback on this heading?"""
    return disposition(state.rules, heading, state.wind_from, ship.length, ship.width) == ABACK


def sea_room(state: GameState, ship: Ship, segments: list[int], exit_edge: str | None, tacked: int = 0) -> int:
    """How many of the coming segments (numbered within their turns) she can surely sail clear of edges and shore.

    Tried holding on, turning her full allowance every segment either way,
    or once either way; the best of them counts.  Ships are left out (they
    move too); a heading taken aback counts as the end of the way, and a
    damaged rudder forbids the turns after segments 1 and 2; the first
    ``tacked`` segments are sailed under a passed Tack, aback or not.  Her
    least way is taken running and one sail setting up, since next turn she
    may set more sail, and her base is widened by a margin.
    """
    sp = board.space(state)
    r = state.rules
    sails = list(r.sails)
    fastest = sails[min(len(sails) - 1, sails.index(ship.sail) + 1)] if ship.sail in sails else sails[0]
    # her least way, running
    step = weather.top_speed(state, float(r.speeds[ship.size][fastest]) + 1.0) * float(r.minimum_fraction)
    allowance = float(r.turns[ship.size])
    length, width = ship.length + 2 * SEA_ROOM_MARGIN, ship.width + 2 * SEA_ROOM_MARGIN
    best = 0
    for senses in ESCAPES:
        pose = ship.pose
        done = 0
        for k, number in enumerate(segments):
            if k and k >= tacked and taken_aback_heading(state, ship, pose[2]):
                break
            probes = [advance(pose, step * part) for part in (0.5, 1.0)]
            if any(
                _grounds(state, h, exit_edge)
                for probe in probes
                for h in sp.overlapping_base(probe, length, width, ignore=(ship.id,))
            ):
                break
            done += 1
            end = probes[-1]
            sense = senses[min(k, len(senses) - 1)] if movement.may_turn_after(ship, number) else 0
            pose = (end[0], end[1], norm_heading(end[2] + sense * allowance))
        best = max(best, done)
        if best >= len(segments):
            break
    return best


def _grounds(state: GameState, contact, exit_edge: str | None) -> bool:
    if contact.kind == "ship":
        other = state.ships.get(contact.id)
        return bool(other and other.shore_battery)
    return not (contact.kind == "edge" and contact.id == exit_edge)
