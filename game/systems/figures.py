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
    """How her model looks on the table: enough for the window to paint a miniature of her, no rule in it.

    ``fort``: a battery, drawn as an emplacement; ``masts``: where each mast
    stands, as fractions of half her length from the centre (bow positive);
    ``spread``: how far her sails are spread across the beam (0: none set);
    ``condition``: "" fighting (or a prize under her captors), "struck",
    "wreck" (sunk, aground, burnt out, blown up, a battery destroyed: what is
    left lies where she was) or "away" (gone off the table: nothing to draw).

    The rest dresses the miniature.  ``hull``: her build, one of HULLS;
    ``decks``: gun decks; ``nation``: whose yard painted her (the colours of her
    hull); ``ensign``: the colours she flies ("" none: struck); ``sails``: the
    canvas she carries, one of CANVAS; ``hull_lost``, ``rigging_lost``,
    ``crew_lost``: the share of each track gone (0..1); ``fires``: fires
    burning aboard; ``listing``: how far she lies over (0 upright .. 1 about to
    founder); ``dismasted``: her masts are gone by the board; ``flag``: she
    flies a flag officer's flag.
    """

    fort: bool = False
    masts: tuple[float, ...] = ()
    spread: float = 0.0
    condition: str = ""
    hull: str = "frigate"
    decks: int = 1
    nation: str = ""
    ensign: str = ""
    sails: str = "topsails"
    hull_lost: float = 0.0
    rigging_lost: float = 0.0
    crew_lost: float = 0.0
    fires: int = 0
    listing: float = 0.0
    dismasted: bool = False
    flag: bool = False


#: The builds a miniature may have, largest first (a fort is ``Model.fort``).
HULLS = ("three_decker", "two_decker", "frigate", "sloop", "brig")
#: The canvas a ship may carry, least first: nothing, topsails only, fighting sail, all plain sail.
CANVAS = ("", "topsails", "fighting", "plain")
#: Conditions in which something of her is drawn where she lies.
DRAWN = ("", "struck", "wreck")


@dataclass(frozen=True)
class Template(Shape):
    """A card template laid on the table (a wake): its outline and colour as a Shape, and its ruled marks.

    ``marks``: lines printed across the card, each a pair of points in table
    inches; ``face``: which face is up (the rule book's templates have two).
    """

    marks: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()
    face: int = 0


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
