"""Option wind_shifts: at the start of a turn the weather chip may come out first, and the wind back or veer."""

from __future__ import annotations

from dataclasses import replace

import pytest
import yaml

from game.content.load import load_default, load_scenario, scenario_path
from game.logcheck import check_events
from game.persistence.save import load_save, write_save
from game.selfplay import play
from game.systems import make_system
from game.systems.base import OptionError
from game.systems.btq21 import wind
from game.systems.btq21.dice import Loaded
from game.systems.btq21.events import Out

RULES, SHIPS = load_default()
SPEC = RULES.options["wind_shifts"]


def _state(wind_from: float = 270.0):
    sc = load_scenario(scenario_path("shifting_wind"), SHIPS, RULES)
    state, _ = make_system("btq21", RULES, {"wind_shifts": {}}).new_game(sc, 1)
    state.wind_from = wind_from
    return state


def _roll(state, *faces):
    state.dice = Loaded(faces)
    out = Out(state)
    wind.new_turn(state, out)
    return list(out)


def test_the_weather_chip_not_first_leaves_the_wind_alone():
    state = _state()
    events = _roll(state, 2)
    assert state.wind_from == 270.0 and [e["type"] for e in events] == ["wind_roll"]


def test_a_backing_wind_turns_anticlockwise_by_its_points_of_sixty_degrees():
    state = _state(270.0)
    backs = SPEC["backs_on"][0]
    events = _roll(state, 1, backs, 2)
    assert state.wind_from == (270.0 - 2 * SPEC["shift_step"]) % 360
    assert events[0]["shift"] == "backs" and events[1] == {**events[1], "type": "wind", "from": 150.0, "was": 270.0}


def test_a_veering_wind_turns_clockwise_and_wraps_past_north():
    state = _state(330.0)
    events = _roll(state, 1, SPEC["veers_on"][0], 1)
    assert state.wind_from == (330.0 + SPEC["shift_step"]) % 360 == 30.0
    assert events[0]["shift"] == "veers"


def test_a_change_roll_that_is_neither_holds_the_wind():
    state = _state()
    quiet = next(f for f in range(1, SPEC["change_die"] + 1) if f not in SPEC["backs_on"] + SPEC["veers_on"])
    events = _roll(state, 1, quiet)
    assert state.wind_from == 270.0 and len(events) == 1 and "steps" not in events[0]


def test_a_battle_without_the_option_never_rolls_for_the_wind():
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    events = play(sc, RULES, 3, {s.id: "random" for s in sc.sides}).session.events
    assert not any(e["type"] in ("wind_roll", "wind") for e in events)


def test_the_scenario_switches_the_option_on_and_the_log_audits_clean():
    sc = load_scenario(scenario_path("shifting_wind"), SHIPS, RULES)
    assert sc.options == ("wind_shifts",)
    rolls = 0
    for seed in range(1, 6):
        events = play(sc, RULES, seed, {s.id: "random" for s in sc.sides}).session.events
        rolls += sum(e["type"] == "wind_roll" for e in events)
        assert check_events(events, RULES) == []
    assert rolls > 0


def test_the_auditor_catches_a_wind_shift_the_dice_did_not_call_for():
    sc = load_scenario(scenario_path("shifting_wind"), SHIPS, RULES)
    for seed in range(1, 200):
        events = play(sc, RULES, seed, {s.id: "random" for s in sc.sides}).session.events
        if any(e["type"] == "wind" for e in events):
            break
    shift = next(e for e in events if e["type"] == "wind")
    shift["from"] = (shift["from"] + 60) % 360
    assert any("the roll says" in p for p in check_events(events, RULES))


def test_unknown_options_and_tables_without_their_numbers_are_refused():
    with pytest.raises(OptionError, match="no option 'wind_shift' \\(did you mean 'wind_shifts'\\?\\)"):
        make_system("btq21", RULES, {"wind_shift": {}})
    with pytest.raises(OptionError, match="hold no numbers for it"):
        make_system("btq21", replace(RULES, options={}), {"wind_shifts": {}})


def test_a_save_records_the_options_and_replays_under_them(tmp_path):
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    session = play(sc, RULES, 4, {s.id: "random" for s in sc.sides}, {"wind_shifts": {}}).session
    path = tmp_path / "windy.yaml"
    write_save(path, session)
    assert yaml.safe_load(path.read_text())["options"] == {"wind_shifts": {}}
    again = load_save(path, RULES, SHIPS)
    assert again.state.state_hash() == session.state.state_hash()
    assert "wind_shifts" in again.system.enabled
