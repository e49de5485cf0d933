"""A battle log read for a report, whatever state it is in: every bad file is one line naming the file and line."""

from __future__ import annotations

import json

import pytest

from game.report import reading
from game.report.reading import ReportInputError, read_log


def lines_of(events) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


@pytest.fixture
def log(duel, tmp_path):
    path = tmp_path / "battle.jsonl"
    path.write_text(lines_of(duel.events))
    return path


def damaged(path, n: int, line: str) -> None:
    """Line ``n`` (1-based) of the file replaced by ``line``."""
    lines = path.read_text().splitlines()
    lines[n - 1] = line
    path.write_text("\n".join(lines) + "\n")


def problem(path) -> str:
    with pytest.raises(ReportInputError) as e:
        read_log(path)
    text = str(e.value)
    assert "\n" not in text and str(path) in text
    return text


def test_a_good_log_reads_as_the_battles_events(log, duel):
    assert read_log(log) == json.loads(json.dumps(duel.events))


def test_bad_json_names_its_line(log):
    damaged(log, 3, '{"type": "move", "ship": ')
    assert problem(log).startswith(f"{log}:3: not a JSON event")


def test_text_that_is_not_utf8_names_its_line(log):
    raw = log.read_bytes().split(b"\n")
    raw[4] = b'{"type": "\xff\xfe"}'
    log.write_bytes(b"\n".join(raw))
    assert f"{log}:5: not UTF-8" in problem(log)


@pytest.mark.parametrize(
    "event, words",
    [
        ([1, 2, 3], "not an event"),
        ({"seq": 9}, "an event with no type"),
        ({"type": "damage", "ship": "guerriere", "track": "hull"}, "damage event without 'lost'"),
        ({"type": "damage", "ship": "guerriere", "track": "hull", "lost": "7"}, "'lost' is not"),
        ({"type": "broadside", "ship": "a", "target": "b", "rake": "yes", "hits": 2}, "'rake' is not"),
        ({"type": "move", "ship": "a", "to": [1, 2]}, "'to' is not"),
        ({"type": "move", "ship": "a", "to": [1, 2, 1e300]}, "'to' is not"),
        ({"type": "move", "ship": "a", "game_turn": 10**9}, "'game_turn' is not"),
        ({"type": "game_over", "winner": 3, "points": {}, "reason": ""}, "'winner' is not"),
        ({"type": "setup"}, "setup event without"),
    ],
)
def test_an_event_of_the_wrong_shape_names_its_line(log, event, words):
    damaged(log, 7, json.dumps(event))
    text = problem(log)
    assert text.startswith(f"{log}:7: ") and words in text


def test_a_log_must_open_with_its_setup(log):
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[1:]) + "\n")
    assert problem(log) == f"{log}:1: the first event is not the battle's setup: not a battle log"


def test_two_battles_in_one_file_are_refused(log):
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines + lines) + "\n")
    assert f"{log}:{len(lines) + 1}: a second setup" in problem(log)


def test_too_many_ships_or_none_are_refused(log):
    setup = json.loads(log.read_text().splitlines()[0])
    ship = setup["ships"][0]
    setup["ships"] = [{**ship, "id": f"s{i}"} for i in range(reading.MAX_SHIPS + 1)]
    damaged(log, 1, json.dumps(setup))
    assert "a report draws at most" in problem(log)
    setup["ships"] = []
    damaged(log, 1, json.dumps(setup))
    assert problem(log) == f"{log}:1: the setup lists no ships"


def test_a_file_too_big_empty_missing_or_not_a_file_is_one_line(log, tmp_path, monkeypatch):
    monkeypatch.setattr(reading, "MAX_LOG_BYTES", 100)
    assert "too large" in problem(log)
    monkeypatch.undo()
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    assert problem(empty) == f"{empty}: no events: an empty log"
    assert "file not found" in problem(tmp_path / "nothing.jsonl")
    assert "directory" in problem(tmp_path)


def test_blank_lines_and_events_the_report_does_not_read_are_passed_over(log):
    text = log.read_text().replace("\n", "\n\n", 3)
    log.write_text(text + json.dumps({"type": "a_kind_of_the_future", "ship": [1, 2], "hits": "many"}) + "\n")
    assert read_log(log)[-1]["type"] == "a_kind_of_the_future"


def test_a_setup_without_sides_or_turn_limit_reads_and_its_sides_come_from_its_ships(log):
    from game.report.account import build_account
    from game.systems import make_system
    from tests.report.conftest import RULES

    setup = json.loads(log.read_text().splitlines()[0])
    del setup["sides"], setup["turn_limit"]
    damaged(log, 1, json.dumps(setup))
    acc = build_account(read_log(log), make_system(RULES.system, RULES))
    assert set(acc.sides) == {ship["side"] for ship in setup["ships"]} and acc.turn_limit == 0
