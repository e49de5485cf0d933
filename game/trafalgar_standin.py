"""A Trafalgar-shaped battle for measuring at scale, used when ``trafalgar.yaml`` is not shipped.

The benchmark wants the size of the real battle (two British columns of 14
and 15 bearing down from the west on a crescent of 33 Combined ships of the
line, with frigates: some seventy ships) before the real scenario exists.
Ships repeat the classes in ``data/ships.yaml`` under their own ids.  The
text is written as a scenario file and read by the ordinary loader, so it is
checked as any scenario is (bases on the table, none overlapping).
"""

from __future__ import annotations

import math
from pathlib import Path

TABLE = (108.0, 84.0)
WIND_FROM = 270

_BRITISH_LINE = ("victory", "royal_sovereign", "temeraire", "neptune", "bellerophon", "venerable", "vanguard",
                 "agamemnon")
_COMBINED_LINE = ("santisima_trinidad", "bucentaure", "redoutable", "santa_ana", "fougueux", "san_juan_nepomuceno",
                  "genereux", "droits_de_lhomme", "orient", "vrijheid")
_BRITISH_FRIGATES = ("euryalus", "amazon", "endymion", "circe", "speedy", "frolic")
_COMBINED_FRIGATES = ("virginie", "cleopatre", "gamo", "virginie", "cleopatre", "argus", "argus")


def _ship(cls: str, sid: str, x: float, y: float, heading: float, flagship: bool = False) -> list[str]:
    lines = [f"          - ship: {cls}", f"            id: {sid}",
             f"            pose: [{x:.2f}, {y:.2f}, {heading:.0f}]", "            sail: battle"]
    if flagship:
        lines.append("            flagship: true")
    return lines


def _squadron(sid: str, name: str, ships: list[list[str]], nation: str | None = None) -> list[str]:
    out = [f"      - id: {sid}", f"        name: {name}"]
    if nation:
        out.append(f"        nation: {nation}")
    out.append("        ships:")
    for s in ships:
        out += s
    return out


def standin_text() -> str:
    """The scenario file's text: 29 + 6 British, 33 + 7 Combined on a 108" x 84" table, wind from the west."""
    weather = [_ship(_BRITISH_LINE[i % len(_BRITISH_LINE)], f"br_w{i}", 54.0 - i * 3.6, 32.0, 90, i == 0)
               for i in range(14)]
    lee = [_ship(_BRITISH_LINE[(i + 1) % len(_BRITISH_LINE)], f"br_l{i}", 50.0 - i * 3.2, 52.0 + i * 0.4, 90, i == 0)
           for i in range(15)]
    frig = [_ship(_BRITISH_FRIGATES[i], f"br_f{i}", 8.0 + i * 4.0, 42.0, 90, i == 0) for i in range(6)]
    british = [*_squadron("weather_column", "Weather Column", weather),
               *_squadron("lee_column", "Lee Column", lee),
               *_squadron("british_frigates", "Frigates", frig)]
    # The crescent: an arc about a centre far to the west, its horns towards the British, heading north.
    cx, cy, radius = 20.0, 42.0, 60.0
    line = []
    for i in range(33):
        a = math.radians(-36.0 + i * 72.0 / 32)
        x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
        # every other ship a second rank to leeward, as the line doubled on itself
        if i % 2 == 1:
            x += 2.5
        line.append(_ship(_COMBINED_LINE[i % len(_COMBINED_LINE)], f"cb_{i}", x, y, 0, i in (0, 11, 22)))
    combined = [*_squadron("combined_van", "Van", line[:11]),
                *_squadron("combined_centre", "Centre", line[11:22]),
                *_squadron("combined_rear", "Rear", line[22:], nation="spanish"),
                *_squadron("combined_frigates", "Frigates",
                           [_ship(_COMBINED_FRIGATES[i], f"cb_f{i}", 94.0, 12.0 + i * 9.0, 0, i == 0)
                            for i in range(7)])]
    head = [
        "# Stand-in for the full Trafalgar, built by game/trafalgar_standin.py for measuring at scale.",
        "name: Trafalgar (stand-in)",
        "description: >",
        "  Two British columns of 14 and 15 bear down from the west on a crescent",
        "  of 33 Combined ships of the line.  A shape for measuring, not a history.",
        f"table: {{width: {TABLE[0]:.0f}, height: {TABLE[1]:.0f}}}",
        f"wind_from: {WIND_FROM}",
        "turn_limit: 12",
        "sides:",
        "  - id: british",
        "    name: Royal Navy",
        "    nation: british",
        "    colour: [180, 40, 40]",
        "    squadrons:",
    ]
    mid = [
        "  - id: combined",
        "    name: Combined Fleet",
        "    nation: french",
        "    colour: [40, 60, 170]",
        "    squadrons:",
    ]
    return "\n".join([*head, *british, *mid, *combined, "victory:", "  mode: points", ""])


def write_standin(folder: Path) -> Path:
    """Writes the stand-in as ``trafalgar_standin.yaml`` in ``folder``; its path."""
    path = folder / "trafalgar_standin.yaml"
    path.write_text(standin_text(), encoding="utf-8")
    return path
