"""The guided first battle's lessons name only real commands, events, ships and sides."""

from __future__ import annotations

import pytest

from game.content.load import load_scenario, scenario_path
from game.systems import make_system
from game.systems.btq21.commands import COMMAND_TYPES
from game.systems.btq21.events import KINDS
from game.systems.tutorial import Lesson
from tests.systems.btq21.battle import RULES, SHIPS

TUTORIAL = make_system("btq21", RULES).tutorial()
SCENARIO = load_scenario(scenario_path(TUTORIAL.scenario), SHIPS, RULES)
SHIP_IDS = {s.id for _, _, s in SCENARIO.ships()}


def _conditions():
    for lesson in TUTORIAL.lessons + TUTORIAL.tips:
        for c in lesson.done + lesson.ready + lesson.skip:
            yield lesson.key, c


def test_every_side_has_a_commander_and_the_player_commands_one():
    assert set(TUTORIAL.players) == {s.id for s in SCENARIO.sides}
    assert list(TUTORIAL.players.values()).count("human") == 1


@pytest.mark.parametrize("key,condition", list(_conditions()))
def test_each_condition_names_a_real_command_event_or_ship(key, condition):
    head, _, rest = condition.partition(":")
    if head == "event":
        kind, _, ship = rest.partition(":")
        assert kind in KINDS, f"{key}: no event {kind!r}"
        assert not ship or ship in SHIP_IDS, f"{key}: no ship {ship!r}"
    elif head == "option":
        assert rest in COMMAND_TYPES, f"{key}: no command {rest!r}"
    elif head in ("selected", "hover"):
        assert rest in SHIP_IDS


def test_lessons_point_at_real_ships_and_buttons():
    for lesson in TUTORIAL.lessons + TUTORIAL.tips:
        head, _, rest = lesson.point.partition(":")
        if head == "ship":
            assert rest in SHIP_IDS
        if head == "action":
            assert rest in COMMAND_TYPES


def test_the_turn_allowance_quoted_is_the_tables():
    turn = next(le for le in TUTORIAL.lessons if le.key == "turn")
    assert f"up to {RULES.turns[RULES.size_of('5th')]:g} degrees" in turn.text


def test_a_lesson_with_an_unknown_condition_is_refused():
    with pytest.raises(ValueError, match="unknown tutorial condition"):
        Lesson("x", "x", "x", done=("whenever",))
