"""What the marks on the table and the card mean: a rule system's side of the legend.

Wedges round a ship, coloured range bands, pink boxes on a card, short words
under a name: each rule book draws its own marks, so each says what they
mean.  The window draws a sample of each mark from these plain values (it
knows how to draw a wedge, a band, a box or a badge, not what any of them
means) beside the words, and adds the marks of its own tools (the tape, the
ghost, the rings).
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

#: How a sample is drawn: a wedge of a ship's surroundings, an arc band, a track box (plain, pink, crossed), a
#: badge under a name, a line, a filled swatch, a ring round a ship, a stretch of tape, a handle, a ghost hull.
SAMPLES = ("wedge", "band", "box", "pink_box", "crossed_box", "badge", "line", "swatch", "ring", "tape", "handle",
           "ghost")


@dataclass(frozen=True)
class Mark:
    """One mark and its meaning; ``label`` is written on the sample (a badge's word) or beside it."""

    sample: str
    colour: RGB
    label: str
    meaning: str

    def __post_init__(self) -> None:
        if self.sample not in SAMPLES:
            raise ValueError(f"unknown legend sample {self.sample!r} (known: {', '.join(SAMPLES)})")


@dataclass(frozen=True)
class LegendGroup:
    """Marks that belong together (the wind's wedges, the range bands, the card, the badges)."""

    title: str
    marks: tuple[Mark, ...]
