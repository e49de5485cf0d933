"""What a ship's data card shows, as a rule system describes it; the window only draws it.

A paper ship card holds a few kinds of thing, whatever the rule book: lines
about who and what she is, damage tracks of boxes crossed out from the full
end (white first, then pink: once the crossing reaches the pink she is crippled), short marks (fires
burning, a broadside fired, a special rule, a standing order) and a table
(the dice of a broadside at each range).  A rule system fills a :class:`Card`
with its own words and numbers; every value is plain and frozen, so a card
that has not changed compares equal and the window draws it once.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- the states of a track's boxes ------------------------------------------------------------

OK = "ok"
PINK = "pink"
LOST = "lost"
PINK_LOST = "pink_lost"


def track_boxes(start: int, lost: int, cripple: int) -> list[str]:
    """The state of each box of a damage track, from the full end.

    Points are lost from the full end, so the first ``lost`` boxes are crossed
    out.  The track is crippled once ``lost >= cripple``: the first ``cripple``
    boxes are white and every box after them pink, so she is crippled exactly
    when the crossing reaches the pink boxes, as on the book's card.  (Pink
    first would make one hit look like a crippled ship.)
    """
    start = max(0, int(start))
    lost = max(0, min(start, int(lost)))
    cripple = max(0, min(start, int(cripple)))
    out: list[str] = []
    for i in range(start):
        pink = i >= cripple
        if i < lost:
            out.append(PINK_LOST if pink else LOST)
        else:
            out.append(PINK if pink else OK)
    return out


@dataclass(frozen=True)
class Track:
    """A damage track: ``start`` boxes, ``left`` of them still whole, crippled after ``cripple`` are lost."""

    label: str
    left: int
    start: int
    cripple: int

    @property
    def lost(self) -> int:
        return self.start - self.left

    @property
    def crippled(self) -> bool:
        return self.lost >= self.cripple

    def boxes(self) -> list[str]:
        return track_boxes(self.start, self.lost, self.cripple)


#: The icons a mark may carry.
ICONS = ("", "flame", "drop", "dot", "chip", "badge")
#: The tones a mark or line may take (the window picks the colours).
TONES = ("", "dim", "faint", "bad", "flame", "drop", "warn")


@dataclass(frozen=True)
class Mark:
    """A short item on one of the card's lines of marks.

    ``icon``: a flame or a drop (lit when ``on``), a dot (filled when ``on``), a
    chip (a special rule), a badge (a standing order, lit when ``on``) or none.
    ``right``: set at the right end of its line.
    """

    label: str
    icon: str = ""
    on: bool = True
    tone: str = ""
    right: bool = False


@dataclass(frozen=True)
class TableRow:
    """One row: ``cells`` under the table's columns; ``key`` names the colour of its tab (a range band)."""

    key: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """A small table: a title, a warning ``note`` beside it, the heads of its last columns, its rows."""

    title: str
    heads: tuple[str, ...]
    rows: tuple[TableRow, ...]
    note: str = ""


@dataclass(frozen=True)
class Line:
    """A line of the card's heading; ``wrap`` lines may take up to two rows, cut after that."""

    text: str
    tone: str = ""
    small: bool = False
    wrap: bool = False


#: How a ship out of the fight is stamped, by the kind of end: the window picks the colour.
FATES = ("", "struck", "taken", "sunk", "destroyed", "ashore", "gone")


@dataclass(frozen=True)
class Fate:
    """How the battle left a ship, for the result: whose she was, what she was, and her end in words."""

    side: str  # the side she began the battle with (her column in the result)
    what: str  # "74 guns", "shore battery"
    text: str  # "captured by the French", "afloat: hull 30/40, rigging 12/20, crew 200/300"
    kind: str = ""  # one of FATES; "" while she is still in the fight


@dataclass(frozen=True)
class Card:
    name: str
    side: str
    lines: tuple[Line, ...]
    tracks: tuple[Track, ...]
    marks: tuple[tuple[Mark, ...], ...]
    table: Table | None = None
    #: The stamp across a ship out of the fight ("STRUCK"), and the kind of end it is.
    stamp: str = ""
    fate: str = ""
