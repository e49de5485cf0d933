"""Option weather: perfect weather, heavy seas and poor visibility, rolled with the wind."""

from __future__ import annotations

import pytest
import yaml

from game.content.load import load_default, load_scenario, scenario_path
from game.logcheck import check_events
from game.persistence.save import load_save, write_save
from game.selfplay import play
from game.systems import make_system, parse_option
from game.systems.base import OptionError
from game.systems.btq21 import broadside, movement, narrate, weather, wind
from game.systems.btq21.dice import Loaded
from game.systems.btq21.events import Out
from tests.systems.btq21.battle import scripted_games

RULES, SHIPS = load_default()
WX = RULES.options["weather"]
CHANGE = WX["change_on"][0]


def _face(name: str) -> int:
    return list(WX["table"]).index(name) + 1


def _state(start: str = "normal", scenario: str = "shifting_wind"):
    sc = load_scenario(scenario_path(scenario), SHIPS, RULES)
    state, events = make_system("btq21", RULES, {"weather": {"value": start}}).new_game(sc, 1)
    return state, events


def _roll(state, *faces):
    state.dice = Loaded(faces)
    out = Out(state)
    wind.new_turn_with_weather(state, out)
    return list(out)


def test_the_battle_starts_in_the_weather_the_option_names_and_the_setup_says_so():
    state, events = _state("poor_visibility")
    assert state.weather == "poor_visibility" and events[0]["weather"] == "poor_visibility"
    assert _state()[0].weather == "normal"


def test_a_weather_face_of_the_change_die_rolls_the_d12_and_the_weather_follows_it():
    state, _ = _state()
    events = _roll(state, 1, CHANGE, _face("heavy_seas"))
    assert [e["type"] for e in events] == ["wind_roll", "weather"]
    assert events[0]["weather_roll"] == _face("heavy_seas") and "steps" not in events[0]
    assert events[1]["was"] == "normal" and events[1]["weather"] == "heavy_seas" == state.weather
    assert state.wind_from == 270.0


def test_rolling_the_weather_already_in_force_changes_nothing():
    state, _ = _state("perfect")
    events = _roll(state, 1, CHANGE, _face("perfect"))
    assert [e["type"] for e in events] == ["wind_roll"] and state.weather == "perfect"


def test_the_wind_still_backs_and_veers_under_the_weather_option():
    state, _ = _state()
    events = _roll(state, 1, RULES.options["wind_shifts"]["backs_on"][0], 1)
    assert [e["type"] for e in events] == ["wind_roll", "wind"] and state.weather == "normal"


def test_heavy_seas_halve_a_segment_and_perfect_weather_adds_to_a_ship_with_way_on():
    state, _ = _state()
    ship = next(iter(state.ships.values()))
    lo, hi = movement.rate_limits(state, ship, "reaching")
    state.weather = "heavy_seas"
    assert movement.rate_limits(state, ship, "reaching") == pytest.approx((lo / 2, hi / 2))
    state.weather = "perfect"
    bonus = WX["effects"]["perfect"]["speed_bonus"]
    assert movement.rate_limits(state, ship, "reaching")[1] == pytest.approx(hi + bonus)
    assert weather.top_speed(state, 0.0) == 0.0  # no way on, nothing added


def test_poor_visibility_halves_every_band_and_takes_one_off_every_gun():
    state, _ = _state()
    firer, target = list(state.ships.values())[0], list(state.ships.values())[2]
    assert broadside.band_of(state, 10.0) == "close"
    state.weather = "poor_visibility"
    assert broadside.band_of(state, 10.0) == "effective"
    assert broadside.band_of(state, 40.0) is None
    mods = broadside.modifiers(state, firer, target, "hull", "close", False)
    assert mods["weather"] == WX["effects"]["poor_visibility"]["to_hit"] == -1


def test_without_the_option_the_state_hash_is_the_one_it_always_was():
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    state, _ = make_system("btq21", RULES).new_game(sc, 1)
    assert "weather" not in state.to_dict()
    windy, _ = make_system("btq21", RULES, {"weather": {}}).new_game(sc, 1)
    assert windy.to_dict()["weather"] == "normal"


def test_an_option_value_is_checked_and_a_plain_switch_takes_none():
    assert parse_option("btq21", "weather=heavy_seas") == ("weather", {"value": "heavy_seas"})
    assert parse_option("btq21", "weather") == ("weather", {"value": "normal"})
    with pytest.raises(OptionError, match="cannot be 'gale'"):
        parse_option("btq21", "weather=gale")
    with pytest.raises(OptionError, match="plain switch"):
        parse_option("btq21", "wind_shifts=yes")
    with pytest.raises(OptionError, match="did you mean 'weather'"):
        parse_option("btq21", "wether")


def test_the_log_says_what_the_weather_does():
    state, _ = _state()
    events = _roll(state, 1, CHANGE, _face("heavy_seas_poor_visibility"))
    line = narrate.describe(events[1], {}, rules=RULES)
    assert "heavy seas and poor visibility" in line and "50% of their speed" in line and "-2 to hit" in line
    assert narrate.turn_bar(state, None).turn.endswith("heavy seas and poor visibility")
    tray = narrate.dice_roll(events[0], rules=RULES)
    assert tray is not None and tray.groups[-1].sides == WX["weather_die"]


def test_the_biscay_gale_opens_in_heavy_seas_and_audits_clean():
    for session in scripted_games("biscay_gale", range(1, 4)):
        assert session.events[0]["weather"] == "heavy_seas"
        moves = [e for e in session.events if e["type"] == "move"]
        assert moves and all(e["max"] <= 3.0 for e in moves[:3])  # 74s and frigates at half speed
        assert check_events(session.events, RULES) == []


def test_the_auditor_catches_a_move_sailed_as_if_the_seas_were_calm():
    session = next(scripted_games("biscay_gale", [1]))
    events = [dict(e) for e in session.events]
    move = next(e for e in events if e["type"] == "move" and e["max"] > 0)
    move["max"] *= 2
    assert any("but the rules give" in p for p in check_events(events, RULES))


def test_the_auditor_catches_weather_that_no_roll_called_for():
    session = next(scripted_games("biscay_gale", [1]))
    events = [dict(e) for e in session.events]
    at = next(i for i, e in enumerate(events) if e["type"] == "turn")
    events.insert(at + 1, {**events[at], "type": "weather", "was": "heavy_seas", "weather": "perfect"})
    assert any("the weather changed with no roll for it" in p for p in check_events(events, RULES))


def test_a_save_records_the_starting_weather_and_replays_to_the_same_hash(tmp_path):
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    session = play(sc, RULES, 4, {s.id: "random" for s in sc.sides}, {"weather": {"value": "perfect"}}).session
    path = tmp_path / "fair.yaml"
    write_save(path, session)
    assert yaml.safe_load(path.read_text())["options"] == {"weather": {"value": "perfect"}}
    again = load_save(path, RULES, SHIPS)
    assert again.state.state_hash() == session.state.state_hash() and again.events[0]["weather"] == "perfect"
