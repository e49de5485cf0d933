"""The scenario's ``victory:`` section in the editor: what it holds, how it is written, and its panel's rows.

Kept in this one module so that the kinds of objective still to come
(escape, protect, take, hold, destroy) are added here and nowhere else: the
writer asks :func:`victory_entry` for the section, the panel asks
:func:`edge_choices` for its rows, and :data:`OBJECTIVES_NOTE` says in the
panel what is not edited yet.
"""

from __future__ import annotations

from typing import Any

from game.content.model import Scenario
from game.content.scenarios import EDGES

#: The choice "no exit edge" in a side's row.
NO_EDGE = "none"
OBJECTIVES_NOTE = "Objectives (escape, protect, take, hold, destroy) are not edited here yet: a file's own are kept."


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


def victory_entry(victory: dict[str, Any]) -> dict[str, Any] | None:
    """The section as the file writes it: the mode, then the exit edges in the sides' order, then anything else
    the file had (so a section this editor cannot edit yet survives a save)."""
    if not victory:
        return None
    out: dict[str, Any] = {"mode": victory.get("mode", "points")}
    if victory.get("exit_edges"):
        out["exit_edges"] = dict(victory["exit_edges"])
    for key, value in victory.items():
        if key not in out and key != "exit_edges":
            out[key] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    """Lists and mappings all the way down (a tuple the reader made has no YAML spelling of its own)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
