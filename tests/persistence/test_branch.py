"""Branches: a battle taken in command from any point of another, and the parent its saves record."""

from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.save import SaveError, check_document, load_save, read_save, to_document, write_save
from game.persistence.session import BranchError, Session, branch
from game.selfplay import play

RULES, SHIPS = load_default()


@pytest.fixture(scope="module")
def played() -> Session:
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    return play(sc, RULES, 5, {s.id: "random" for s in sc.sides}).session


def test_the_state_after_any_number_of_commands_is_the_one_whose_hash_was_recorded(played):
    n = len(played.steps)
    assert n > 20
    for k in (0, 1, n // 3, n - 1, n):
        assert played.state_at(k).state_hash() == played.hash_at(k)
    assert played.hash_at(n) == played.state.state_hash() and played.events_at(n) == len(played.events)
    assert played.events_at(0) == played.steps[0].events_before
    with pytest.raises(IndexError):
        played.state_at(n + 1)


def test_a_branch_is_the_first_k_commands_replayed_and_records_its_parent(played, tmp_path):
    k = len(played.steps) // 2
    new = branch(played, k, {"american": "human", "british": "captain"}, "duel-turn3.yaml")
    assert new.commands == played.commands[:k] and new.hashes == played.hashes[:k]
    assert new.state.state_hash() == played.hash_at(k)
    assert new.players == {"american": "human", "british": "captain"}
    assert new.parent == {
        "scenario": "duel", "seed": played.seed, "at_command": k, "state_hash": played.hash_at(k),
        "turn": played.state_at(k).turn, "file": "duel-turn3.yaml",
    }
    path = tmp_path / "branch.yaml"
    write_save(path, new)
    again = load_save(path, RULES, SHIPS)  # a fresh Session: replayed and checked hash by hash
    assert again.parent == new.parent and again.state.state_hash() == played.hash_at(k)
    # what is played after the branch point is carried by every later save
    opt = again.legal()[0]
    again.submit(opt.command())
    write_save(path, again)
    assert read_save(path)["parent"] == new.parent


def test_a_branch_reports_its_progress_and_begins_anywhere(played):
    seen: list[tuple[int, int]] = []
    new = branch(played, 7, {}, progress=lambda i, n: seen.append((i, n)))
    assert seen == [(i, 7) for i in range(1, 8)] and len(new.steps) == 7
    start = branch(played, 0, {})
    assert start.parent["at_command"] == 0 and start.state.state_hash() == played.hash_at(0)
    with pytest.raises(BranchError):
        branch(played, len(played.steps) + 1, {})


def test_a_branch_cannot_take_back_what_came_with_it(played):
    k = next(i for i in range(1, len(played.steps)) if not played.steps[i - 1].rolled)
    new = branch(played, k, {})
    assert not new.can_undo() and new.undo() is None
    assert "taken in command from here" in new.why_no_undo()


def test_an_older_save_has_no_parent_and_may_not_claim_one(played, tmp_path):
    doc = yaml.safe_load(yaml.safe_dump(_plain(played)))
    del doc["parent"]
    doc["quarterdeck_save"] = 2
    assert check_document("old.yaml", dict(doc))["parent"] is None
    doc["parent"] = dict(branch(played, 3, {}).parent)
    with pytest.raises(SaveError, match=re.escape("old.yaml: 'parent' came with save version 3")):
        check_document("old.yaml", doc)


def _plain(session: Session) -> dict:
    doc = to_document(session)
    doc["commands"] = [dict(c) for c in doc["commands"]]
    return doc


HEX = "ab" * 32


@pytest.mark.parametrize(
    ("parent", "said"),
    [
        ("duel", "'parent' must be a mapping"),
        ([1, 2], "'parent' must be a mapping"),
        ({"scenario": "duel"}, "'parent' lacks seed, at_command, state_hash"),
        ({"scenario": "duel", "seed": 5, "at_command": 1, "state_hash": HEX, "evil": 1}, "unknown field(s)"),
        ({"scenario": "squadron", "seed": 5, "at_command": 1, "state_hash": HEX}, "'parent.scenario' is 'squadron'"),
        ({"scenario": "x" * 100_000, "seed": 5, "at_command": 1, "state_hash": HEX}, "'parent.scenario' is 'xxxx"),
        ({"scenario": "duel", "seed": "5", "at_command": 1, "state_hash": HEX}, "'parent.seed' is '5'"),
        ({"scenario": "duel", "seed": 6, "at_command": 1, "state_hash": HEX}, "'parent.seed' is 6"),
        ({"scenario": "duel", "seed": 5, "at_command": -1, "state_hash": HEX}, "'parent.at_command' must be"),
        ({"scenario": "duel", "seed": 5, "at_command": 10**9, "state_hash": HEX}, "'parent.at_command' must be"),
        ({"scenario": "duel", "seed": 5, "at_command": True, "state_hash": HEX}, "'parent.at_command' must be"),
        ({"scenario": "duel", "seed": 5, "at_command": 2.5, "state_hash": HEX}, "'parent.at_command' must be"),
        ({"scenario": "duel", "seed": 5, "at_command": 1, "state_hash": "zz"}, "'parent.state_hash' must be"),
        ({"scenario": "duel", "seed": 5, "at_command": 1, "state_hash": HEX}, "not this battle's state after"),
    ],
)
def test_a_hostile_parent_is_refused_in_one_line(played, parent, said):
    doc = _plain(played)
    doc["parent"] = parent
    with pytest.raises(SaveError) as err:
        check_document("forged.yaml", doc)
    message = str(err.value)
    assert said in message and message.startswith("forged.yaml: ")
    assert "\n" not in message and len(message) < 300


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("turn", 0, "'parent.turn' must be a turn number"),
        ("turn", "3", "'parent.turn' must be a turn number"),
        ("turn", 10**30, "'parent.turn' must be a turn number"),
        ("file", "../../etc/passwd", "'parent.file' must be a file's name"),
        ("file", "a\nb", "'parent.file' must be a file's name"),
        ("file", "x" * 5000, "'parent.file' must be a file's name"),
        ("file", "", "'parent.file' must be a file's name"),
        ("file", ["a"], "'parent.file' must be a file's name"),
    ],
)
def test_a_parent_with_a_bad_turn_or_file_is_refused(played, field, value, said):
    doc = _plain(played)
    doc["parent"] = dict(branch(played, 4, {}).parent, **{field: value})
    with pytest.raises(SaveError, match=re.escape(said)):
        check_document("forged.yaml", doc)


def test_a_parent_at_the_start_is_checked_against_the_first_state_on_replay(played, tmp_path):
    new = branch(played, 0, {})
    path = tmp_path / "b.yaml"
    write_save(path, new)
    assert load_save(path, RULES, SHIPS).parent["at_command"] == 0
    doc = yaml.safe_load(path.read_text())
    doc["parent"]["state_hash"] = HEX
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(SaveError, match="not this battle's state before the first command"):
        load_save(path, RULES, SHIPS)


parent_values = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=300), st.lists(st.integers(), max_size=3),
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["scenario", "seed", "at_command", "state_hash", "turn", "file", "x"]),
                       parent_values, max_size=7))
def test_any_forged_parent_is_read_or_refused_in_one_line(played, forged):
    doc = _plain(played)
    doc["parent"] = forged
    try:
        checked = check_document("forged.yaml", doc)
    except SaveError as e:
        assert "\n" not in str(e) and str(e).startswith("forged.yaml")
    else:
        assert checked["parent"] is None or checked["parent"]["scenario"] == "duel"
