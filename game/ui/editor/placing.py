"""Whether a ship, a piece of terrain or a table size may stand where the player puts it.

The same tests the scenario reader makes (game.content.scenarios), asked at
the moment of the edit, so the editor refuses on the spot, with the reason,
what ``--check-data`` would refuse later.
"""

from __future__ import annotations

from game.content import shapes
from game.content.model import RuleSet, Scenario, ShipClass
from game.table.geometry import base_corners, convex_overlap
from game.ui.editor.document import ShipAt, ships

Pose = tuple[float, float, float]


def _size(table: tuple[float, float]) -> str:
    return " x ".join(f"{v:g}\u2033" for v in table)


def corners(rules: RuleSet, cls: ShipClass, pose: Pose) -> list[tuple[float, float]]:
    length, width = rules.base_of(cls.rate)
    return base_corners(pose, length, width)


def ship_problem(sc: Scenario, rules: RuleSet, cls: ShipClass, pose: Pose, skip: ShipAt | None = None) -> str | None:
    """Why a ship of ``cls`` may not stand at ``pose`` (ignoring the ship at ``skip``, the one being moved)."""
    mine = corners(rules, cls, pose)
    if not shapes.inside_rect(mine, *sc.table):
        return f"{cls.name}'s base would not lie wholly on the {_size(sc.table)} table"
    for at, other in ships(sc):
        if at != skip and convex_overlap(mine, corners(rules, other.ship, other.pose)):
            return f"{cls.name}'s base would overlap {other.ship.name}'s ({other.id}): bases may touch, not overlap"
    for t in sc.terrain:
        if shapes.overlaps(t.points, mine):
            return f"{cls.name}'s base would overlap the {t.kind} {t.name or t.id}"
    return None


def terrain_problem(sc: Scenario, rules: RuleSet, points: list[tuple[float, float]], skip: int | None = None
                    ) -> str | None:
    """Why a piece of terrain may not have these corners (``skip``: the index of the piece being changed)."""
    if len(points) < 3:
        return "a piece of terrain needs at least 3 corners"
    why = shapes.polygon_problem(points)
    if why:
        return f"not a simple polygon: {why}"
    if not shapes.overlaps(points, shapes.rect(*sc.table)):
        return f"the piece lies wholly off the {_size(sc.table)} table"
    for _, s in ships(sc):
        if shapes.overlaps(points, corners(rules, s.ship, s.pose)):
            return f"it would cover {s.ship.name}'s base ({s.id}): move her first"
    del skip  # terrain may overlap terrain (a shoal off an island's shore)
    return None


def table_problem(sc: Scenario, rules: RuleSet, table: tuple[float, float]) -> str | None:
    """Why the table may not take this size: a ship would be left off it, or a piece of terrain wholly off."""
    for _, s in ships(sc):
        if not shapes.inside_rect(corners(rules, s.ship, s.pose), *table):
            return f"{s.ship.name} ({s.id}) would be off a {_size(table)} table: move her first"
    for t in sc.terrain:
        if not shapes.overlaps(t.points, shapes.rect(*table)):
            return f"the {t.kind} {t.name or t.id} would lie wholly off a {_size(table)} table"
    return None


def battery_problem(sc: Scenario, rules: RuleSet, position: tuple[float, float], guns: int | None = None
                    ) -> str | None:
    """Why a battery may not stand at ``position`` (or have ``guns`` guns)."""
    if not shapes.inside_rect([position], *sc.table):
        return f"a battery must stand on the {_size(sc.table)} table"
    if guns is not None:
        return rules.broadside_guns_problem(guns)
    return None
