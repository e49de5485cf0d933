"""How the table's measures are written for people: one place for inches and bearings.

The model works in inches and compass degrees; every label, log line and
message that shows one goes through these, so the whole program writes them
alike (3.5", 045°, NE).
"""

from __future__ import annotations

from typing import Any

_POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def inches(x: Any, places: int | None = 1) -> str:
    """A distance on the table: ``3.5"``; ``places=None`` writes it as short as it is (``8"``, ``2.25"``).

    Whatever cannot be read as a number is shown as given.
    """
    try:
        v = float(x)
    except (TypeError, ValueError):
        return f'{x}"'
    return f'{v:g}"' if places is None else f'{v:.{places}f}"'


def compass_point(bearing: float) -> str:
    """The nearest of the sixteen points of the compass: ``NNE``."""
    return _POINTS[int((bearing % 360) / 22.5 + 0.5) % 16]
