"""Option ``wind_shifts``: the wind backs or veers between turns (the wind half of Gifford's Weather rule).

Gifford's weather chip goes into the bag with the activation chips; when it
comes out first the weather is rolled: a D8, on which one face backs the wind
and another veers it by D4 hexsides.  On this table, at the start of every
turn after the first: one die of ``chips`` faces stands for the draw (a 1 is
the weather chip coming out first), then the D8, then the D4; a step is
``shift_step`` degrees (60, a hexside).  Backing turns the wind anticlockwise
(the bearing it blows from falls), veering clockwise.  The numbers are in the
tables under ``options.wind_shifts``.  Every roll is one ``wind_roll`` event;
a shift is followed by a ``wind`` event with the new bearing.  Under option
``weather`` the D8 can change the weather instead (see ``weather.py``).
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21 import events as ev
from game.systems.btq21 import weather
from game.systems.btq21.events import Out, r3
from game.systems.btq21.state import GameState

NAME = "wind_shifts"


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def new_turn(state: GameState, out: Out) -> None:
    """Roll for the wind at the start of a turn: maybe it backs or veers."""
    _roll(state, out, with_weather=False)


def new_turn_with_weather(state: GameState, out: Out) -> None:
    """Roll for the wind and the weather at the start of a turn (option ``weather``)."""
    _roll(state, out, with_weather=True)


def _roll(state: GameState, out: Out, with_weather: bool) -> None:
    s = spec(state)
    chip = state.dice.die(int(s["chips"]))
    if chip != 1:
        out.emit(ev.WindRoll(chip=chip, chips=int(s["chips"])))
        return
    change = state.dice.die(int(s["change_die"]))
    way = -1 if change in s["backs_on"] else 1 if change in s["veers_on"] else 0
    if way == 0:
        if with_weather and change in state.rules.options[weather.NAME]["change_on"]:
            face = state.dice.die(int(state.rules.options[weather.NAME]["weather_die"]))
            out.emit(ev.WindRoll(chip=chip, chips=int(s["chips"]), change=change, weather_roll=face))
            weather.change(state, face, out)
            return
        out.emit(ev.WindRoll(chip=chip, chips=int(s["chips"]), change=change))
        return
    steps = state.dice.die(int(s["shift_die"]))
    was = state.wind_from
    state.wind_from = (was + way * steps * float(s["shift_step"])) % 360.0
    out.emit(
        ev.WindRoll(chip=chip, chips=int(s["chips"]), change=change, steps=steps, shift="backs" if way < 0 else "veers")
    )
    out.emit(ev.Wind(was=r3(was), from_=r3(state.wind_from)))
