"""What the layouts share: a side as the generator holds it, a placed ship, a finished layout, headings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.content.model import ShipClass
from game.fleets.model import FleetShip
from game.generate.formation import Group, Member
from game.generate.tables import Attitude
from game.table.geometry import heading_vector, norm_heading

#: A side's ships, squadron by squadron: (squadron name, [(fleet ship, her class)]).
Squadrons = list[tuple[str, list[tuple[FleetShip, ShipClass]]]]
#: Ship name -> her tracks at the start, for a damaged ship.
Conditions = Mapping[str, Mapping[str, int]]


@dataclass
class Side:
    id: str
    name: str
    nation: str
    colour: tuple[int, int, int]
    squadrons: Squadrons
    conditions: Conditions


@dataclass
class Placed:
    side: int
    member: Member
    pose: tuple[float, float, float]
    sail: str
    anchored: str = ""


@dataclass
class Layout:
    width: float
    height: float
    placed: list[Placed]
    words: str
    terrain: list[dict[str, Any]] = field(default_factory=list)
    batteries: list[dict[str, Any]] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    fog: bool = False


def classes(side: Side) -> list[list[ShipClass]]:
    return [[cls for _fs, cls in ships] for _n, ships in side.squadrons]


def heading_for(wind: float, att: Attitude, tack: int) -> float:
    """The heading that puts the wind ``att.off_bow`` degrees off her bow, on one tack or the other."""
    return norm_heading(wind + tack * att.off_bow)


def best(wind: float, att: Attitude, toward: tuple[float, float], along: bool = False) -> float:
    """Of the two tacks, the heading that points most ``toward`` (most nearly along it, either way, if ``along``)."""

    def score(h: float) -> float:
        fx, fy = heading_vector(h)
        d = fx * toward[0] + fy * toward[1]
        return abs(d) if along else d

    return max((heading_for(wind, att, t) for t in (1, -1)), key=score)


def put(side: int, group: Group, x: float, y: float, sail: str, anchored: str = "") -> list[Placed]:
    return [Placed(side, m, pose, sail, anchored) for m, pose in group.poses(x, y)]
