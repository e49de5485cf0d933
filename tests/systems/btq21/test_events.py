"""Events are typed values, complete when made, logged in BATTLE-LOG.md's form (log format 2)."""

from __future__ import annotations

import dataclasses

import pytest

from game.content.load import list_scenarios, load_default, load_scenario, scenario_path
from game.golden import fleet_action
from game.selfplay import play
from game.systems.btq21 import events as ev
from game.systems.events import LOG_FORMAT, from_dict

RULES, SHIPS = load_default()


@pytest.fixture(scope="module")
def logs() -> list[list[dict]]:
    """A random battle of every scenario (every option is on in one of them): the odd things happen."""
    out = []
    for name in list_scenarios("btq21"):
        sc = load_scenario(scenario_path(name), SHIPS, RULES)
        if fleet_action(sc):  # minutes a battle, and no event the smaller battles do not write
            continue
        out.append(play(sc, RULES, 7, {s.id: "random" for s in sc.sides}).session.events)
    return out


def test_every_logged_event_is_the_log_form_of_a_typed_event(logs):
    seen = set()
    for log in logs:
        for line in log:
            typed = from_dict(ev.KINDS, line)
            assert typed.to_dict(line["seq"], line["game_turn"]) == line
            seen.add(line["type"])
    assert {"setup", "move", "broadside", "collision", "taken_aback", "anchor", "fireship", "fouling"} <= seen


def test_an_event_cannot_be_changed_once_made():
    damage = ev.Damage(ship="victory", track="hull", lost=3, left=40, crippled=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        damage.lost = 0  # type: ignore[misc]


def test_a_log_line_with_a_field_its_kind_does_not_have_is_not_an_event():
    line = ev.Damage(ship="victory", track="hull", lost=3, left=40, crippled=False).to_dict(5, 2)
    with pytest.raises(TypeError, match="no field 'hull_lost'"):
        from_dict(ev.KINDS, {**line, "hull_lost": 3})
    with pytest.raises(KeyError):
        from_dict(ev.KINDS, {**line, "type": "broadside_of_doom"})


def test_the_log_says_its_format_and_every_event_its_game_turn(logs):
    for log in logs:
        assert log[0]["type"] == "setup" and log[0]["log_format"] == LOG_FORMAT == 2
        turn = 1
        for line in log:
            if line["type"] == "turn":
                turn = line["number"]
            assert line["game_turn"] == turn, line
            if line["type"] not in ("move", "grapple", "special_failed"):
                assert line["turn"] == turn, line  # BATTLE-LOG.md's game turn everywhere else


def test_a_moves_turn_is_the_degrees_she_turned():
    line = ev.Move(
        ship="victory", segment=2, sail="battle", disposition="reaching", distance=3.5, to=(10.0, 20.0, 95.0),
        min_=2.0, max_=4.0, turned=-45.0,
    ).to_dict(9, 4)  # fmt: skip
    assert (line["turn"], line["game_turn"], line["min"], line["max"]) == (-45.0, 4, 2.0, 4.0)
    assert "stopped" not in line and "boxhaul" not in line  # details only some moves have are left out


def _following_damage(log: list[dict], i: int, ship: str, track: str) -> int:
    """The points the damage events straight after event ``i`` take off one ship's track."""
    lost = 0
    for line in log[i + 1 :]:
        if line["type"] not in ("damage", "move", "sunk", "struck", "demasted", "test", "fouling"):
            break
        if line["type"] == "damage" and line["ship"] == ship and line["track"] == track:
            lost += line["lost"]
    return lost


def test_what_a_collision_and_being_taken_aback_report_lost_is_what_the_damage_takes(logs):
    checked = 0
    for log in logs:
        for i, line in enumerate(log):
            if line["type"] == "collision":
                assert _following_damage(log, i, line["ship"], "hull") == line["hull_lost"], line
                assert _following_damage(log, i, line["other"], "hull") == line["other_hull_lost"], line
                checked += 1
            elif line["type"] == "taken_aback":
                assert _following_damage(log, i, line["ship"], "rigging") == line["rigging_lost"], line
                checked += 1
    assert checked >= 5

