"""Beat to Quarters' marks on the table and the card, and what each means (the window's legend, key L).

The colours are those the table is drawn in (:mod:`figures`), and the
distances those of the tables in force, so the legend can never disagree
with the marks it explains.
"""

from __future__ import annotations

from game.content.model import RuleSet
from game.systems.btq21.figures import BANDS, FIRE, LEAK, MIST, MIST_EDGE, WAKES, WIND, ZONES
from game.systems.legend import LegendGroup, Mark
from game.table.written import inches

_ZONE_MEANING = {
    "running": 'the wind from right astern: +1" each segment',
    "reaching": "the wind from abeam to her quarter: her plain speed",
    "beating": 'the wind from forward of the beam: -1" each segment',
    "aback": "the wind on her bow: she stops, may turn once, and loses rigging",
}
_BAND_WORDS = {"point_blank": "Point blank", "close": "Close", "effective": "Effective", "long": "Long"}


def legend(rules: RuleSet) -> tuple[LegendGroup, ...]:
    wind = LegendGroup(
        "The wind round the ship in hand",
        tuple(Mark("wedge", ZONES[z], z.capitalize(), _ZONE_MEANING[z]) for z in _ZONE_MEANING)
        + (Mark("line", WIND, "Wind line", "where the wind comes from; the wedge it falls in is her disposition"),),
    )
    lower = 0.0
    bands = []
    for band, limit in rules.ranges.items():
        words = _BAND_WORDS.get(band, band.replace("_", " ").capitalize())
        reach = f"{inches(lower, None)} to {inches(float(limit), None)}"
        bands.append(Mark("band", BANDS.get(band, (200, 200, 200)), words,
                          f"{reach} base to base: the broadside's dice at that range"))
        lower = float(limit)
    arcs = LegendGroup(
        "Firing arcs (each broadside not yet fired)",
        tuple(bands) + (Mark("swatch", (120, 230, 140), "Clear sight", "the shot's corridor is clear"),
                        Mark("swatch", (230, 60, 50), "Blocked", "a ship or land in the corridor: no shot")),
    )
    wakes = LegendGroup(
        "Wake templates",
        (
            Mark("swatch", WAKES[0], "Wake", "laid astern as long as her speed at her sail; its colour changes "
                                              "at the end of each of her activations"),
            Mark("swatch", WAKES[1], "Wake (flipped)", "the other colour: she has finished an activation since"),
        ),
    )
    card = LegendGroup(
        "The ship's card",
        (
            Mark("box", (236, 226, 200), "Box", "one point of hull, rigging or crew still standing"),
            Mark("pink_box", (236, 150, 176), "Pink box", "the crippling boxes: once the crossing reaches the pink, "
                                                          "that track is crippled"),
            Mark("crossed_box", (92, 52, 66), "Crossed", "a point lost; boxes are crossed from the full end"),
        ),
    )
    badge = LegendGroup(
        "Words under a ship's name",
        (
            Mark("badge", (240, 200, 60), "FLAG", "a flagship: her squadron's initiative and signals"),
            Mark("badge", FIRE, "FIRE 2", "fires: one more each activation she does not fight them; six sink her"),
            Mark("badge", LEAK, "LEAK 1", "leaks: an inch less each segment; one more each activation without repair"),
            Mark("badge", (200, 120, 240), "RUDDER",
                 "rudder damaged: no turn in her first two segments until repaired"),
            Mark("badge", (255, 230, 140), "FAS", "fire as she bears: she may fire during any ship's activation "
                                                  "until she shoots or acts again"),
            Mark("badge", (255, 80, 80), "BOARDING", "locked in a boarding action"),
            Mark("badge", (255, 255, 255), "STRUCK", "she has struck her colours: out of the fight"),
            Mark("badge", (255, 255, 255), "PRIZE", "taken by the enemy"),
            Mark("badge", (180, 180, 180), "ADRIFT", "dismasted: she drifts with the wind"),
            Mark("badge", (150, 160, 170), "DONE", "she has had her activation this turn"),
            Mark("badge", (160, 160, 160), "AGROUND", "run aground: out of the battle"),
            Mark("badge", (160, 160, 160), "SUNK", "gone down (or EXPLODED: her magazine went up)"),
            Mark("badge", (160, 160, 160), "DESTROYED", "a shore battery with no fort left"),
        ),
    )
    options = LegendGroup(
        "Words of the optional rules",
        (
            Mark("badge", FIRE, "FIRESHIP", "a fireship, lit: she sails straight at her best and fires nothing"),
            Mark("badge", (240, 170, 90), "FOULED", "fouled with another ship: neither sails until they are clear"),
            Mark("badge", (170, 200, 230), "ANCHORED", "at anchor: she swings instead of sailing (WEIGHING: "
                                                       "getting her anchor up)"),
            Mark("badge", (120, 220, 140), "FORTUNE", "the turn's card fell on her, for good (CALAMITY: for ill)"),
            Mark("swatch", MIST, "Fog or night", "beyond what the ship in hand can see: no shot reaches there "
                                                 "(option visibility)"),
            Mark("ring", MIST_EDGE, "Rim of sight", "as far as she sees, base to base, while the fog or night holds"),
        ),
    )
    aims = LegendGroup(
        "The scenario's objectives",
        (
            Mark("swatch", (200, 200, 200), "Zone", "a zone to hold, in the colour of the side it serves: it scores "
                                                    "when that side alone has a ship there able to fight"),
            Mark("line", (200, 200, 200), "Edge", "a stripe with chevrons: the edge that side's ships get away by"),
            Mark("badge", (250, 220, 120), "PROTECT", "a ship her side must bring through the battle (her card says "
                                                      "which objectives name her, and whose)"),
            Mark("badge", (250, 220, 120), "TO ESCAPE", "a ship her side must get away by its edge"),
            Mark("badge", (250, 220, 120), "TO TAKE", "a ship the enemy means to take as a prize"),
            Mark("badge", (250, 220, 120), "TO DESTROY", "a ship or battery the enemy means to sink or silence"),
        ),
    )
    return (wind, arcs, wakes, card, badge, options, aims)
