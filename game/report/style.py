"""The look of the report: parchment, ink and the sides' colours, as an engraved battle plan of the period.

Fonts are those matplotlib carries with it (STIX, a Times-like face, and
DejaVu), so a report looks the same on every machine.  Side colours come from
the scenario, darkened where they would not read on parchment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

PARCHMENT = "#efe3c4"
PARCHMENT_DARK = "#d9c596"
PAPER = "#f6eedb"  # the charts' own ground, a shade lighter than the plan
INK = "#3a2c1c"
INK_SOFT = "#6e5a40"
RULE = "#b59f74"  # ruled lines and grids
LAND = "#cdb27c"
LAND_EDGE = "#5e4a2c"
LAND_HATCH = "#b39660"
WATERLINE = "#7f98a0"
SHOAL = "#8a7450"
FIRE = "#b4421e"

#: The serif face of the plan's lettering; matplotlib ships STIX, so it is the same everywhere.
SERIF = ["STIXGeneral", "DejaVu Serif"]
SANS = ["DejaVu Sans"]

#: A side's colour when the scenario gives none: the nations' usual colours, dark enough for parchment.
NATION_INKS = {
    "british": "#a3302a",
    "french": "#27468a",
    "spanish": "#a0761a",
    "american": "#2f5e3c",
    "dutch": "#b8621c",
    "danish": "#8a2f5c",
}
SPARE_INKS = ("#5b3f8c", "#2f6e6e", "#7a5230", "#444444")


def dpi_of(artist: Any) -> float:
    """Pixels per inch of the figure an artist is drawn in."""
    fig = artist.get_figure(root=True)
    return float(fig.dpi) if fig is not None else 100.0


def hex_colour(rgb: Sequence[int]) -> str:
    r, g, b = (max(0, min(255, int(c))) for c in tuple(rgb)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def _rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved ``t`` of the way towards ``other``."""
    a, b = _rgb(colour), _rgb(other)
    return hex_colour([round(255 * (x + (y - x) * t)) for x, y in zip(a, b, strict=True)])


def luminance(colour: str) -> float:
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_for(colour: str) -> str:
    """A side colour that reads on parchment: light ones (a yellow, a white) are darkened towards the ink."""
    t = 0.0
    out = colour
    while luminance(out) > 0.42 and t < 0.9:
        t += 0.1
        out = mix(colour, INK, t)
    return out


def side_inks(
    sides: Sequence[str], nations: Mapping[str, str], scenario_colours: Mapping[str, Sequence[int]]
) -> dict[str, str]:
    """Each side's ink: the scenario's colour, else its nation's, else a spare one; never two sides alike."""
    out: dict[str, str] = {}
    spare = iter(SPARE_INKS)
    for side in sides:
        if side in scenario_colours:
            colour = ink_for(hex_colour(scenario_colours[side]))
        else:
            colour = NATION_INKS.get(nations.get(side, ""), "")
        if not colour or colour in out.values():
            colour = next(spare, INK_SOFT)
        out[side] = colour
    return out


def shades(colour: str, n: int) -> list[str]:
    """``n`` colours of one side, from its ink to lighter and darker variants, so ships of a side can be told."""
    steps = [0.0, 0.35, -0.35, 0.55, -0.55, 0.2, -0.2, 0.7]
    out = []
    for i in range(n):
        t = steps[i % len(steps)]
        out.append(mix(colour, PAPER, t) if t > 0 else mix(colour, "#000000", -t * 0.8))
    return out


#: Line styles to tell a side's ships apart beside their shades.
DASHES = ["-", "--", "-.", ":", (0, (5, 1, 1, 1)), (0, (3, 1, 1, 1, 1, 1))]
