"""What a rule system draws on the table around a ship, as plain shapes in inches.

Firing arcs, the wedges of the wind's disposition, a wake template, the
corridor a shot must see through, the badges under a ship's name: every rule
book has some of these and draws them its own way.  A rule system returns
them as :class:`Shape` and :class:`Badge` values (points in table inches,
colours as RGB); the window only projects and paints them, knowing no rule.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Shape:
    """An outline on the table: filled with ``fill`` alpha, edged with ``edge`` alpha, ``width`` pixels.

    ``closed=False`` with no fill is a line through the points.
    """

    points: tuple[tuple[float, float], ...]
    colour: RGB
    fill: int = 34
    edge: int = 150
    width: int = 1
    closed: bool = True


@dataclass(frozen=True)
class Model:
    """How her model looks on the table.

    ``fort``: a battery, drawn as a round emplacement; ``masts``: where each mast
    stands, as fractions of half her length from the centre (bow positive);
    ``spread``: how far her sails are spread across the beam (0: none set);
    ``condition``: "" fighting (or a prize under her captors), "struck", or
    "gone" (sunk, aground, burnt out: a wreck).
    """

    fort: bool = False
    masts: tuple[float, ...] = ()
    spread: float = 0.0
    condition: str = ""


@dataclass(frozen=True)
class Badge:
    """A short word under a ship's name (FIRE 2, STRUCK, FAS), in its colour."""

    label: str
    colour: RGB


@dataclass(frozen=True)
class ShotBox:
    """What a shot at a target would do, before it is fired: lines with their tones, and the sight corridor.

    Tones: "head" (a shot's first line), "", "dim", "bad" (no shot: blocked), "spent" (a side already fired).
    """

    title: str
    lines: tuple[tuple[str, str], ...]
    corridor: tuple[Shape, ...] = ()
