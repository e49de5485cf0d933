"""Battles to report on: played once per test session by computer players (random ones: quick), saved and logged."""

from __future__ import annotations

import json

import pytest

from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.save import write_save
from game.selfplay import play

RULES, SHIPS = load_default()


def played(name: str, seed: int, kind: str = "random"):
    scenario = load_scenario(scenario_path(name), SHIPS, RULES)
    return play(scenario, RULES, seed, {side.id: kind for side in scenario.sides}).session


@pytest.fixture(scope="session")
def duel():
    """A duel to its end (the American frigate takes the British one as a prize)."""
    return played("duel", 6)


@pytest.fixture(scope="session")
def squadron():
    return played("squadron", 3)


@pytest.fixture
def duel_files(duel, tmp_path):
    """The duel as a save and as a battle log, in a folder of their own."""
    save, log = tmp_path / "duel.yaml", tmp_path / "duel.jsonl"
    write_save(save, duel)
    log.write_text("".join(json.dumps(e) + "\n" for e in duel.events))
    return save, log
