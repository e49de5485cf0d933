"""The typed-event plumbing every rule system shares (game/systems/events.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from game.systems.events import LogEvent, from_dict, kinds_of, logged_as, optional
from game.systems.narration import event_game_turn


@dataclass(frozen=True)
class Shift(LogEvent):
    TYPE: ClassVar[str] = "shift"
    faces: tuple[int, ...]
    from_: float = logged_as("from")
    note: str | None = optional()


def test_the_log_form_uses_the_logs_names_and_json_types():
    line = Shift(faces=(3, 4), from_=270.0).to_dict(12, 3)
    assert line == {"seq": 12, "turn": 3, "type": "shift", "game_turn": 3, "faces": [3, 4], "from": 270.0}


def test_an_optional_detail_is_logged_only_when_there_is_one():
    assert Shift(faces=(), from_=0.0, note="backs").to_dict(0, 1)["note"] == "backs"


def test_a_log_line_reads_back_to_the_same_event():
    e = Shift(faces=(1, 6), from_=90.0, note="veers")
    assert from_dict({"shift": Shift}, e.to_dict(4, 2)) == e


def test_two_kinds_of_event_cannot_log_under_one_type():
    @dataclass(frozen=True)
    class Other(LogEvent):
        TYPE: ClassVar[str] = "shift"

    with pytest.raises(ValueError, match="taken"):
        kinds_of([Shift, Other])


def test_the_game_turn_of_a_format_1_line_is_its_turn():
    assert event_game_turn({"turn": 4, "type": "damage"}) == 4
    assert event_game_turn({"turn": -30.0, "game_turn": 4, "type": "move"}) == 4
