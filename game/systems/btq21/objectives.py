"""Scenario objectives: what a side fights for besides the enemy's ships.

Gifford scores a battle by ships lost and taken; the actions the scenarios
recall were fought for other things too: a convoy brought through, a prize
cut out, a battery silenced, an anchorage held.  A scenario's ``victory:``
lists them (docs/DATA-FORMAT.md), each for one side and worth points:

- ``escape``: each ship named (or every ship of the side) that leaves the
  table by the edge scores the points (without points, her own value: the
  old ``exit_edges``, which is read as this).  Her leaving scores nothing
  for the enemy: she did what she set out to do.
- ``protect``: each ship named that ends the battle afloat, neither struck
  nor taken, or has left by the edge (any edge when none is named).
- ``take``: each enemy ship named that ends the battle a prize: struck, or
  captured and held by the side.
- ``destroy``: each enemy ship or battery named sunk, blown up, wrecked
  aground or (a battery) silenced.
- ``hold``: a circle or polygon; the side scores when it has a ship there
  able to fight and the enemy has none (a ship is there when her centre
  is), at the end of the battle or at the end of every turn.

The ship kinds are read from where each ship stands at the end, so the log's
own endings recount them; a zone held is an ``objective`` event, the only
thing of an objective the log could not otherwise show.  ``ends``: the battle
ends at once when the objective is done (every ship it names through or lost
with at least one through, every prize taken, the zone held).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.systems.account import PointsEntry
from game.systems.btq21.state import (
    AFLOAT,
    AGROUND,
    CAPTURED,
    DESTROYED,
    EXPLODED,
    LEFT_TABLE,
    STRUCK,
    SUNK,
    GameState,
)

ESCAPE, PROTECT, TAKE, DESTROY, HOLD = "escape", "protect", "take", "destroy", "hold"
#: How a ship ends when she is destroyed, for a destroy objective.
DESTROYED_AS = (SUNK, EXPLODED, AGROUND, DESTROYED)
#: The reason word of each kind's points entries.
REASON = {ESCAPE: "escaped", PROTECT: "protected", TAKE: "taken", DESTROY: "target_destroyed", HOLD: "held"}

Point = tuple[float, float]


@dataclass(frozen=True)
class Objective:
    """One objective of a scenario, as its file gives it (see the module's docstring for the kinds)."""

    id: str
    kind: str
    side: str
    name: str = ""
    points: float | None = None
    ships: tuple[str, ...] = ()
    edge: str = ""
    centre: Point | None = None
    radius: float = 0.0
    zone: tuple[Point, ...] = ()
    when: str = "end"
    ends: bool = False

    @property
    def title(self) -> str:
        """How a player reads it: its name, else its kind and id."""
        return self.name or f"{self.kind} {self.id.replace('_', ' ')}"

    def serves(self, ship: str, owner: str) -> bool:
        """Whether a ship is one the objective is about (named, or any of its side when it names none)."""
        return ship in self.ships if self.ships else owner == self.side

    def contains(self, x: float, y: float) -> bool:
        """Whether a point lies in the zone to hold (its edge counts as in)."""
        if self.centre is not None:
            return math.hypot(x - self.centre[0], y - self.centre[1]) <= self.radius + 1e-9
        return _in_polygon((x, y), self.zone)


def _in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd rule; a point on an edge is in."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if abs(cross) < 1e-9 and min(ax, bx) - 1e-9 <= x <= max(ax, bx) + 1e-9 and min(ay, by) - 1e-9 <= y <= max(
            ay, by
        ) + 1e-9:
            return True
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _pair(v: Any) -> Point | None:
    return (float(v[0]), float(v[1])) if isinstance(v, (list, tuple)) and len(v) == 2 else None


def objectives_of(victory: Mapping[str, Any] | None) -> tuple[Objective, ...]:
    """A scenario's objectives from its ``victory`` terms; each ``exit_edges`` entry is a side's escape."""
    if not victory:
        return ()
    out = [
        Objective(id=f"exit_{side}", kind=ESCAPE, side=str(side), edge=str(edge))
        for side, edge in dict(victory.get("exit_edges") or {}).items()
    ]
    for o in victory.get("objectives") or ():
        if not isinstance(o, Mapping):
            continue
        pts = o.get("points")
        out.append(
            Objective(
                id=str(o.get("id", "")),
                kind=str(o.get("kind", "")),
                side=str(o.get("side", "")),
                name=str(o.get("name") or ""),
                points=float(pts) if isinstance(pts, (int, float)) and not isinstance(pts, bool) else None,
                ships=tuple(str(s) for s in o.get("ships") or ()),
                edge=str(o.get("edge") or ""),
                centre=_pair(o.get("centre")),
                radius=float(o.get("radius") or 0.0),
                zone=tuple(p for p in (_pair(z) for z in o.get("zone") or ()) if p is not None),
                when=str(o.get("when") or "end"),
                ends=bool(o.get("ends")),
            )
        )
    return tuple(out)


def mode_of(victory: Mapping[str, Any] | None) -> str:
    """"points" (ships and objectives count) or "objectives" (objectives alone)."""
    return str((victory or {}).get("mode") or "points")


def exit_edges(victory: Mapping[str, Any] | None) -> dict[str, str]:
    """The edge each side means to leave by (its first escape objective's), for the computer players."""
    out: dict[str, str] = {}
    for o in objectives_of(victory):
        if o.kind == ESCAPE:
            out.setdefault(o.side, o.edge)
    return out


def for_state(state: GameState) -> tuple[Objective, ...]:
    return objectives_of(state.scenario.victory if state.scenario is not None else None)


# --- the points of the ship kinds ---------------------------------------------------------------------


def escape_for(objectives: Iterable[Objective], ship: str, owner: str, edge: str) -> Objective | None:
    """The objective a ship that left by ``edge`` fulfilled: an escape, else a protect (None: she fled)."""
    found = None
    for o in objectives:
        if o.kind == ESCAPE and o.edge == edge and o.serves(ship, owner):
            return o
        if found is None and o.kind == PROTECT and ship in o.ships and o.edge in ("", edge):
            found = o
    return found


def escape_entry(o: Objective, ship: str, owner: str, value: int, edge: str) -> PointsEntry:
    pts = float(value) if o.points is None else o.points
    if o.id.startswith("exit_") and o.points is None:  # the old exit_edges: worded as it always was
        why = f"escaped by the {edge} edge, as her side set out to"
    else:
        why = f"escaped by the {edge} edge: {o.title}"
    return PointsEntry(o.side, ship, REASON[ESCAPE], pts, pts, 1.0, why)


def done_by(o: Objective, ship: str, owner: str, side: str, status: str, edge: str) -> str:
    """Why this ship fulfils the (non-escape, non-hold) objective at the end of the battle, or ""."""
    if ship not in o.ships:
        return ""
    if o.kind == PROTECT:
        if status == AFLOAT and side == owner:
            return f"brought through the battle afloat: {o.title}"
        if status == LEFT_TABLE and o.edge in ("", edge):
            return f"got away by the {edge} edge: {o.title}"
    elif o.kind == TAKE:
        if status == STRUCK and owner != o.side:
            return f"struck her colours: {o.title}"
        if status == CAPTURED and side == o.side:
            return f"taken as a prize: {o.title}"
    elif o.kind == DESTROY and status in DESTROYED_AS:
        words = {SUNK: "sunk", EXPLODED: "blown up", AGROUND: "wrecked aground", DESTROYED: "silenced"}
        return f"{words[status]}: {o.title}"
    return ""


#: The reasons of the rows ships score by objectives (a zone held has its own event).
SHIP_REASONS = frozenset(REASON[k] for k in (ESCAPE, PROTECT, TAKE, DESTROY))


def logged_rows(entries: Iterable[PointsEntry]) -> tuple[dict[str, Any], ...]:
    """The points rows ships scored by objectives, as ``game_over`` logs them."""
    return tuple(
        {"side": e.side, "ship": e.ship, "points": e.points, "why": e.why}
        for e in entries
        if e.reason in SHIP_REASONS and e.points
    )


def held_entries(objectives: Sequence[Objective], held: Iterable[str]) -> list[PointsEntry]:
    """The points of every zone held, from the records ``"objective@turn"`` (turn 0: at the end)."""
    by_id = {o.id: o for o in objectives}
    out = []
    for record in held:
        oid, _, turn = record.partition("@")
        o = by_id.get(oid)
        if o is None or o.points is None:
            continue
        when = "at the end of the battle" if turn == "0" else f"at the end of turn {turn}"
        out.append(PointsEntry(o.side, o.title, REASON[HOLD], o.points, o.points, 1.0, f"held {when}"))
    return out


# --- in the battle: zones held, objectives done ----------------------------------------------------------


def holder(state: GameState, o: Objective) -> bool:
    """Whether the objective's side holds its zone now: a ship of hers able to fight there, and no enemy's."""
    ours = theirs = False
    for ship in state.ships.values():
        if ship.status != AFLOAT or not o.contains(ship.x, ship.y):
            continue
        if ship.side == o.side:
            ours = True
        else:
            theirs = True
    return ours and not theirs


def fulfilled(state: GameState, o: Objective) -> bool:
    """Whether the objective is done now, for ``ends``."""
    if o.kind == HOLD:
        return any(r.partition("@")[0] == o.id for r in state.held)
    if o.kind == ESCAPE:
        scope = [s for s in state.ships.values() if not s.shore_battery and o.serves(s.id, s.original_side or s.side)]
        away = [s for s in scope if s.status == LEFT_TABLE and s.exit_edge == o.edge]
        return bool(away) and all(s.status != AFLOAT for s in scope)
    ships = [state.ships[s] for s in o.ships if s in state.ships]
    if o.kind == PROTECT:
        return bool(ships) and all(s.status == LEFT_TABLE and o.edge in ("", s.exit_edge) for s in ships)
    return bool(ships) and all(
        done_by(o, s.id, s.original_side or s.side, s.side, s.status, s.exit_edge) for s in ships
    )
