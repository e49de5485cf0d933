"""Option ``weather``: perfect weather, heavy seas and poor visibility (the other half of Gifford's Weather rule).

The weather is rolled with the wind (see ``wind.py``): when the weather chip
comes out first and the D8 shows a face of ``change_on``, a D12 read on the
tables' ``table`` gives the new weather.  What each weather does is a row of
``effects``: the speed of a segment (scaled, or a few inches added when she has
way on), the reach of every range band (scaled) and a to-hit modifier for
every gun.  With the option off ``state.weather`` is empty and nothing here
changes a number.
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21 import events as ev
from game.systems.btq21 import visibility
from game.systems.btq21.events import Out
from game.systems.btq21.state import GameState

NAME = "weather"
#: The weather a battle starts in when the scenario or the player names none.
NORMAL = "normal"
_CALM: dict[str, Any] = {"speed_factor": 1.0, "speed_bonus": 0.0, "range_factor": 1.0, "to_hit": 0}


def effects(state: GameState) -> dict[str, Any]:
    """The row of the effects table for the weather in force (no effect with the option off)."""
    if not state.weather:
        return _CALM
    return dict(state.rules.options[NAME]["effects"][state.weather])


def ranges(state: GameState) -> dict[str, float]:
    """Each range band's upper limit in inches under the weather in force, cut to what a ship can see in fog or
    at night (option visibility: a band beyond it keeps a limit no greater than the band before, so it is closed).

    The weather's bands are remembered per rule set and weather (a look-ahead asks
    hundreds of thousands of times a decision); the dict is shared, so callers read
    it and never change it.  The cut for sight is made afresh (it is a few mins).
    """
    key = (id(state.rules), state.weather)
    got = _RANGES.get(key)
    if got is None or got[0] is not state.rules:
        f = float(effects(state)["range_factor"])
        if len(_RANGES) >= _RANGES_KEPT:
            _RANGES.clear()
        got = _RANGES[key] = (state.rules, {band: float(limit) * f for band, limit in state.rules.ranges.items()})
    return visibility.clip(state, got[1])


#: (rule set, ranges) by the rule set's id and the weather: the rule set is held, so its id is not reused.
_RANGES: dict[tuple[int, str], tuple[Any, dict[str, float]]] = {}
_RANGES_KEPT = 64


def top_speed(state: GameState, rate: float) -> float:
    """A segment's maximum from the book's rate.

    Heavy seas scale it; perfect weather adds inches, but only to a ship with way on.
    """
    if rate <= 0:
        return 0.0
    fx = effects(state)
    return rate * float(fx["speed_factor"]) + float(fx["speed_bonus"])


def to_hit(state: GameState) -> int:
    return int(effects(state)["to_hit"])


def change(state: GameState, face: int, out: Out) -> None:
    """Set the weather a face of the weather die gives; a ``weather`` event when it differs."""
    was, now = state.weather or NORMAL, str(state.rules.options[NAME]["table"][face - 1])
    state.weather = now
    if now != was:
        out.emit(ev.Weather(was=was, weather=now))


def label(name: str) -> str:
    """A weather as the player reads it."""
    return name.replace("_poor", " and poor").replace("_", " ")
