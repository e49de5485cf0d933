"""The scenario's ``victory:`` section in the editor: its mode, exit edges and objectives, and how it is written.

Everything about victory the editor knows lives here, so the writer asks
:func:`victory_entry` for the section and the Victory page asks the edits
below.  An objective is held as the reader gives it (every key its model
has, defaults included), so a document read from a file and the same one
made in the editor compare equal; :func:`objective_entry` writes only the
keys its kind reads, because the reader refuses any other.
"""

from __future__ import annotations

from typing import Any

from game.content import shapes
from game.content.model import Scenario
from game.content.scenarios import EDGES, MAX_OBJECTIVE_POINTS, MAX_OBJECTIVES, MAX_TABLE, OBJECTIVE_KEYS
from game.ui.editor.document import fresh_id, ships, with_aims

#: The choice "no exit edge" in a side's row (and "any edge" for a protect objective).
NO_EDGE = "none"
#: What every objective holds when the file leaves a key out (the reader's defaults).
DEFAULTS: dict[str, Any] = {"name": "", "ships": (), "edge": "", "when": "end", "ends": False}
#: A new objective's points, and a new hold zone's radius in inches, before the player sets them.
NEW_POINTS = 10.0
NEW_RADIUS = 6.0
#: Kinds whose ships are the side's own, and those whose ships are the enemy's.
OWN_SHIPS = ("escape", "protect")
ENEMY_SHIPS = ("take", "destroy")


def edge_choices() -> list[str]:
    return [NO_EDGE, *EDGES]


def exit_edge(sc: Scenario, side_id: str) -> str:
    return str(dict(sc.victory.get("exit_edges") or {}).get(side_id, NO_EDGE))


def with_exit_edge(sc: Scenario, side_id: str, edge: str) -> dict[str, Any]:
    """The victory section with ``side_id``'s exit edge set (or removed, for NO_EDGE)."""
    victory = dict(sc.victory)
    edges = dict(victory.get("exit_edges") or {})
    if edge == NO_EDGE:
        edges.pop(side_id, None)
    else:
        edges[side_id] = edge
    if edges:
        victory["exit_edges"] = edges
    else:
        victory.pop("exit_edges", None)
    return victory


# --- objectives -------------------------------------------------------------------------------------


def objectives(sc: Scenario) -> list[dict[str, Any]]:
    return [dict(o) for o in sc.victory.get("objectives") or ()]


def _with_objectives(sc: Scenario, aims: list[dict[str, Any]]) -> dict[str, Any]:
    return with_aims(sc.victory, aims)


def candidates(sc: Scenario, kind: str, side_id: str) -> list[tuple[str, str]]:
    """(id, name) of what an objective of ``kind`` for ``side_id`` may name: her own ships to bring off or keep,
    the enemy's to take, the enemy's ships and batteries to destroy."""
    if kind not in OWN_SHIPS + ENEMY_SHIPS:
        return []
    own = kind in OWN_SHIPS
    out = [(s.id, s.shown_name) for (si, _, _), s in ships(sc) if (sc.sides[si].id == side_id) == own]
    if kind == "destroy":
        out += [(b.id, b.name) for side in sc.sides if side.id != side_id for b in side.batteries]
    return out


def add_objective(sc: Scenario, kind: str, side_id: str) -> tuple[dict[str, Any], int] | str:
    """The victory section with a new objective of ``kind`` for ``side_id`` and its index, or why not.

    It starts as complete as the reader wants it: a protect, take or destroy names every ship it may, an escape
    every ship of the side by the side's exit edge (or the north), a hold a circle in the middle of the table.
    """
    aims = objectives(sc)
    if len(aims) >= MAX_OBJECTIVES:
        return f"a scenario sets at most {MAX_OBJECTIVES} objectives"
    side = next((s for s in sc.sides if s.id == side_id), None)
    if side is None:
        return f"there is no side '{side_id}'"
    aim: dict[str, Any] = {"id": fresh_id(f"{side_id}_{kind}", [str(o.get("id")) for o in aims]), "kind": kind,
                           "side": side_id, **DEFAULTS}
    if kind != "escape":
        aim["points"] = NEW_POINTS
    if kind in ("protect", "take", "destroy"):
        found = candidates(sc, kind, side_id)
        if not found:
            whose = "its own" if kind == "protect" else "the enemy's"
            return f"a {kind} objective names ships of {whose}, and {side.name} has none to name: place them first"
        aim["ships"] = tuple(uid for uid, _ in found)
    if kind == "escape":
        own = exit_edge(sc, side_id)
        aim["edge"] = own if own != NO_EDGE else EDGES[0]
    if kind == "hold":
        aim["centre"] = (sc.table[0] / 2, sc.table[1] / 2)
        aim["radius"] = NEW_RADIUS
    return _with_objectives(sc, [*aims, aim]), len(aims)


def remove_objective(sc: Scenario, i: int) -> dict[str, Any]:
    aims = objectives(sc)
    return _with_objectives(sc, aims[:i] + aims[i + 1:])


def with_objective(sc: Scenario, i: int, **changes: Any) -> dict[str, Any]:
    """The section with objective ``i`` changed; a change to None takes the key away (points, centre...)."""
    aims = objectives(sc)
    aim = dict(aims[i])
    for key, value in changes.items():
        if value is None:
            aim.pop(key, None)
        else:
            aim[key] = value
    aims[i] = aim
    return _with_objectives(sc, aims)


def with_ship_named(sc: Scenario, i: int, uid: str, on: bool) -> dict[str, Any] | str:
    aim = objectives(sc)[i]
    named = [u for u in aim.get("ships") or () if u != uid]
    if on:
        named.append(uid)
    if not named and aim["kind"] != "escape":
        return f"a {aim['kind']} objective names at least one ship"
    return with_objective(sc, i, ships=tuple(named))


def set_mode(sc: Scenario, mode: str) -> dict[str, Any] | str:
    if mode == "objectives" and not objectives(sc):
        return "a battle won by objectives alone needs at least one objective: add one first"
    return {**sc.victory, "mode": mode}


def points_problem(text: str, kind: str) -> float | None | str:
    """The points typed (None: an escape's ships each score their own value), or why they will not do."""
    if not text.strip():
        return None if kind == "escape" else f"a {kind} objective needs points"
    try:
        v = float(text)
    except ValueError:
        return f"points: '{text}' is not a number"
    if not 0 <= v <= MAX_OBJECTIVE_POINTS:
        return f"points must be from 0 to {MAX_OBJECTIVE_POINTS:g}, not {v:g}"
    return v


def radius_problem(text: str) -> float | str:
    try:
        v = float(text)
    except ValueError:
        return f"the radius: '{text}' is not a number"
    if not 0 < v <= MAX_TABLE:
        return f"the radius must be more than 0 and at most {MAX_TABLE:g} inches, not {v:g}"
    return v


def centre_problem(sc: Scenario, spot: tuple[float, float]) -> str | None:
    if not shapes.inside_rect([spot], *sc.table):
        return "a zone's centre must be on the table"
    return None


def zone_problem(sc: Scenario, points: list[tuple[float, float]]) -> str | None:
    """Why a hold zone may not have these corners: the reader's own tests."""
    if len(points) < 3:
        return "a zone needs at least 3 corners"
    why = shapes.polygon_problem(points)
    if why:
        return f"not a simple polygon: {why}"
    if not shapes.overlaps(points, shapes.rect(*sc.table)):
        return "the zone lies wholly off the table"
    return None


# --- the section as the file writes it ----------------------------------------------------------------


def victory_entry(victory: dict[str, Any]) -> dict[str, Any] | None:
    """The section as the file writes it: the mode, the exit edges in the sides' order, the objectives."""
    if not victory:
        return None
    out: dict[str, Any] = {"mode": victory.get("mode", "points")}
    if victory.get("exit_edges"):
        out["exit_edges"] = dict(victory["exit_edges"])
    if victory.get("objectives"):
        out["objectives"] = [objective_entry(o) for o in victory["objectives"]]
    for key, value in victory.items():
        if key not in out and key not in ("exit_edges", "objectives"):
            out[key] = _plain(value)
    return out


def objective_entry(o: dict[str, Any]) -> dict[str, Any]:
    """One objective in the format's order, with only the keys its kind reads and none left at its default."""
    kind = str(o.get("kind"))
    reads = OBJECTIVE_KEYS.get(kind, ())
    out: dict[str, Any] = {"id": o.get("id")}
    if o.get("name"):
        out["name"] = o["name"]
    out["kind"], out["side"] = kind, o.get("side")
    for key in ("ships", "edge", "centre", "radius", "zone"):
        if key in reads and o.get(key) not in (None, "", ()):
            out[key] = _plain(o[key])
    if "when" in reads and o.get("when", "end") != "end":
        out["when"] = o["when"]
    if o.get("points") is not None:
        out["points"] = _num(o["points"])
    if o.get("ends"):
        out["ends"] = True
    return out


def _num(v: Any) -> Any:
    """A whole number as an integer (``10``, not ``10.0``), as the shipped files write it."""
    return int(v) if isinstance(v, float) and v.is_integer() and abs(v) < 1e15 else v


def _plain(value: Any) -> Any:
    """Lists and mappings all the way down (a tuple the reader made has no YAML spelling of its own)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return _num(value)
