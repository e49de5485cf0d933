"""A side's ships laid out together: each squadron in line ahead, squadrons in parallel columns.

Gifford lets a side place "in any formation"; line ahead is the one every
fleet of the age knew, and a column's ships can neither overlap nor foul.
The group is laid about its own origin; the layouts move it into place.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.content.model import RuleSet, ShipClass
from game.generate.tables import Formation
from game.table.geometry import base_corners, heading_vector

Box = tuple[float, float, float, float]  # min x, min y, max x, max y


@dataclass(frozen=True)
class Member:
    """One ship of the group: where her centre lies from the group's origin."""

    squadron: int
    index: int  # her place in her squadron
    cls: ShipClass
    dx: float
    dy: float


@dataclass(frozen=True)
class Group:
    heading: float
    members: tuple[Member, ...]
    box: Box  # of every base, about the origin

    @property
    def width(self) -> float:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]

    def poses(self, x: float, y: float) -> list[tuple[Member, tuple[float, float, float]]]:
        """Each ship's pose with the group's box moved so its lower-left corner is at (x, y)."""
        ox, oy = x - self.box[0], y - self.box[1]
        return [(m, (ox + m.dx, oy + m.dy, self.heading)) for m in self.members]


def lay_out(
    squadrons: list[list[ShipClass]], heading: float, rules: RuleSet, form: Formation, single_line: bool = False
) -> Group:
    """Columns of ships on ``heading``: one a squadron (a long one split), or one line of the whole side."""
    fx, fy = heading_vector(heading)
    sx, sy = fy, -fx  # to starboard
    columns: list[list[tuple[int, int, ShipClass]]] = []
    if single_line:
        columns.append([(q, i, c) for q, ships in enumerate(squadrons) for i, c in enumerate(ships)])
    else:
        for q, ships in enumerate(squadrons):
            for start in range(0, len(ships), form.column_most):
                columns.append([(q, i, c) for i, c in enumerate(ships) if start <= i < start + form.column_most])
    members = []
    for k, column in enumerate(columns):
        along = 0.0
        previous = 0.0
        for n, (q, i, cls) in enumerate(column):
            length = rules.base_of(cls.rate)[0]
            if n:
                along += previous / 2 + form.gap + length / 2
            previous = length
            off = k * form.columns_apart
            members.append(Member(q, i, cls, sx * off - fx * along, sy * off - fy * along))
    return Group(heading, tuple(members), _box(members, heading, rules))


def _box(members: list[Member], heading: float, rules: RuleSet) -> Box:
    xs: list[float] = []
    ys: list[float] = []
    for m in members:
        length, width = rules.base_of(m.cls.rate)
        for cx, cy in base_corners((m.dx, m.dy, heading), length, width):
            xs.append(cx)
            ys.append(cy)
    return (min(xs), min(ys), max(xs), max(ys))
