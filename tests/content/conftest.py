from __future__ import annotations

from pathlib import Path

import pytest

from game.content.load import load_rules, load_ships
from game.content.model import RuleSet, ShipClass
from tests.content.samples import RULES_FILE, SHIPS


@pytest.fixture(scope="session")
def rules() -> RuleSet:
    return load_rules(RULES_FILE)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path as the working directory, so problems name files as 'ships.yaml'."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def write(work: Path):
    def _write(name: str, text: str | bytes) -> Path:
        p = work / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(text, encoding="utf-8")
        return p

    return _write


@pytest.fixture
def ships(write, rules: RuleSet) -> dict[str, ShipClass]:
    return load_ships(write("ships.yaml", SHIPS), rules)
