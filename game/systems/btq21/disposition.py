"""A ship's disposition to the wind.

The rule book draws the wind line through the ship and looks where it crosses
the model.  On a gridless table we take the point where the line through the
centre *enters* the base on the windward side: the bow edge means taken
aback, the side forward of the centre beating, the side aft of it reaching and
the stern edge running.  So the zones follow the base's proportions: a 3 x 1
base is aback only within about 18 degrees of the wind.  A club that prefers
fixed angles sets ``disposition.mode: angles`` in the rules data.
"""

from __future__ import annotations

import math

from game.content.model import RuleSet
from game.table.geometry import norm_heading

ABACK = "aback"
BEATING = "beating"
REACHING = "reaching"
RUNNING = "running"
DISPOSITIONS = (ABACK, BEATING, REACHING, RUNNING)


def off_the_bow(heading: float, wind_from: float) -> float:
    """Angle between the bow and the direction the wind comes from, 0..180."""
    d = norm_heading(wind_from - heading)
    return 360.0 - d if d > 180.0 else d


def zone_limits(rules: RuleSet, length: float, width: float) -> tuple[float, float, float]:
    """Angles off the bow where aback ends, beating ends and reaching ends."""
    if rules.disposition_mode == "angles":
        a = rules.disposition_angles
        return (float(a["aback"]), float(a["beating"]), float(a["reaching"]))
    corner = math.degrees(math.atan2(width, length))  # the bow corner seen from the centre
    return (corner, 90.0, 180.0 - corner)


def disposition(rules: RuleSet, heading: float, wind_from: float, length: float, width: float) -> str:
    """Which of the four dispositions applies.

    Boundaries: a wind exactly on the bow corner counts as beating (the line
    touches the side), exactly abeam as reaching (the line is not forward of
    the centre), exactly on the stern corner as reaching.
    """
    a = off_the_bow(heading, wind_from)
    aback, beat, reach = zone_limits(rules, length, width)
    if a < aback - 1e-9:
        return ABACK
    if a < beat - 1e-9:
        return BEATING
    if a <= reach + 1e-9:
        return REACHING
    return RUNNING
