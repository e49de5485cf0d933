"""The golden games: every scenario played by every kind of player ends exactly as pinned.

A difference means the engine or a computer player now plays differently.
If that is meant, re-pin with ``python -m game.golden --update`` and say in
the commit which rule moved and why; if not, it is a bug.
"""

import json

import pytest

from game.golden import PINS, games, outcome

PINNED = json.loads(PINS.read_text(encoding="utf-8"))


def _id(game: dict) -> str:
    return f"{game['scenario']}-{game['seed']}-{game['kinds'][0]}-{game['kinds'][1]}"


def test_every_golden_game_is_pinned_and_no_pin_is_stale():
    key = lambda g: (g["scenario"], g["seed"], tuple(g["kinds"]))  # noqa: E731
    assert sorted(map(key, PINNED)) == sorted(map(key, games()))
    assert len(PINNED) >= 40
    assert {g["kinds"][0] for g in PINNED} >= {"random", "scripted", "captain-v1", "captain:normal"}


@pytest.mark.parametrize("pinned", PINNED, ids=_id)
def test_a_golden_game_ends_as_pinned(pinned):
    got = outcome(pinned)
    assert (got["state_hash"], got["events"]) == (pinned["state_hash"], pinned["events"]), (
        f"{_id(pinned)} now ends {got['state_hash'][:12]} after {got['events']} events "
        f"({got['winner']} won in turn {got['turns']}); pinned {pinned['state_hash'][:12]} after {pinned['events']}"
    )
