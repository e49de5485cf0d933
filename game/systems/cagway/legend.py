"""Cagway Bay's marks on the table and the card, and what each means (the window's legend, key L).

The colours are those the table is drawn in (:mod:`figures`) and the
lengths those of the tables in force, so the legend can never disagree with
the marks it explains.
"""

from __future__ import annotations

from game.systems.cagway.figures import BADGES, BLOCKED, CLEAR, GUNS, NO_STICK, WIND
from game.systems.cagway.tables import STICKS, CagwayTables
from game.systems.legend import LegendGroup, Mark
from game.table.written import inches

#: What each badge under a ship's name means (figures.BADGES holds its colour and word).
BADGE_MEANINGS = {
    "ap": "action points she has left this round (the d6 beside her)",
    "no_ap": "no action points left this round",
    "dead": "dead in the water at 0 HP: no action points; she may only drift, be captured or be scuttled",
    "prize": "taken by the enemy: she now fights for her captors",
    "sunk": "scuttled: out of play",
    "done": "she has had her move (or her combat action) in this phase",
    "to_deploy": "still to be placed on her deployment line",
}
GUN_MEANINGS = {
    "fore": "fore gun: the half of the table ahead of the middle of her bow",
    "aft": "aft gun: the half of the table astern of the middle of her stern",
    "port": "port broadside: the band off her port side, as wide as she is long",
    "starboard": "starboard broadside: the band off her starboard side, as wide as she is long",
}


def _n(x: float) -> str:
    return f"{x:g}"


def legend(tables: CagwayTables) -> tuple[LegendGroup, ...]:
    sticks = tuple(
        Mark("wedge", tables.stick_colours[s], s.capitalize(),
             f"a course on the {s} stick: {_n(tables.sticks[s])} rods ({inches(tables.segments[s], None)}) "
             "a segment, one action point each")
        for s in STICKS
        if s in tables.sticks
    )
    chart = LegendGroup(
        "The move chart round the ship in hand",
        sticks
        + (
            Mark("wedge", NO_STICK, "None", "grey and hatched: her wheel gives no stick, she cannot sail that way"),
            Mark("line", WIND, "Wind line", "the wind at her, blowing from its point through her centre"),
        ),
    )
    seg = tables.shooting_segment
    shooting = f"{tables.beyond} segments of the {tables.shooting_stick} stick ({inches(tables.beyond * seg, None)})"
    arcs = LegendGroup(
        "Firing arcs (drawn out to the shooting range)",
        tuple(Mark("band", GUNS[g], g.capitalize(), GUN_MEANINGS[g]) for g in GUNS)
        + (
            Mark("band", GUNS["port"], "Deeper tint",
                 f"closer in, where the gun's damage column is higher; the arcs end at {shooting}"),
            Mark("line", CLEAR, "Clear", "the line from the gun to the nearest part of the target: no island between"),
            Mark("line", BLOCKED, "Blocked", "an island lies across the line: that gun cannot fire at her"),
        ),
    )
    wind = LegendGroup(
        "The wind",
        (
            Mark("swatch", WIND, "Wind's point", "the marker on the table edge: the wind blows outward from it; the "
                                                 "ship farthest from it moves first, the nearest fights first"),
            Mark("line", WIND, "Fan", "faint lines from the wind's point: the way the wind blows across the table"),
        ),
    )
    card = LegendGroup(
        "The ship's card",
        (
            Mark("box", (236, 226, 200), "Box", "one HP still standing (her crew)"),
            Mark("pink_box", (236, 150, 176), "Pink box", "once the crossing reaches the pink, her combat value "
                                                          "has fallen below its best"),
            Mark("crossed_box", (92, 52, 66), "Crossed", "an HP lost; boxes are crossed from the full end"),
        ),
    )
    badge = LegendGroup(
        "Words under a ship's name",
        tuple(Mark("badge", colour, word, BADGE_MEANINGS[kind]) for kind, (colour, word) in BADGES.items()),
    )
    return (chart, arcs, wind, card, badge)
