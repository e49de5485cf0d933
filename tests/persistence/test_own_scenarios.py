"""A battle of a scenario the player made (the editor's, the generator's, a campaign's).

No other Quarterdeck has the file, so its save carries the scenario whole; the
copy is read with the same reader and limits as any scenario file, and a
damaged or hostile copy is refused with a reason, never run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from game.content.load import list_scenarios, load_default, open_scenario, scenario_path
from game.content.paths import is_shipped
from game.persistence.save import SaveError, load_save, read_save, write_save
from game.persistence.session import Session
from game.persistence.user import scenarios_dir, user_scenarios
from game.selfplay import play


@pytest.fixture
def content():
    return load_default()


def own_duel(folder: Path, name: str = "my_duel") -> Path:
    text = scenario_path("duel").read_text(encoding="utf-8").replace("name: The Duel", "name: My Duel", 1)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_shipped_scenario_is_named_by_a_save_and_not_carried(content, tmp_path):
    rules, ships = content
    assert is_shipped(scenario_path("duel"))
    session = Session(open_scenario(scenario_path("duel"), ships, rules), rules, 5)
    assert session.scenario_text is None
    write_save(tmp_path / "s.yaml", session)
    assert "scenario_text" not in yaml.safe_load((tmp_path / "s.yaml").read_text())


def test_a_save_of_the_players_own_scenario_replays_after_the_file_is_gone(content, tmp_path):
    rules, ships = content
    path = own_duel(tmp_path / "mine")
    assert not is_shipped(path)
    scenario = open_scenario(path, ships, rules)
    session = play(scenario, rules, 5, {side.id: "random" for side in scenario.sides}).session
    assert session.over
    write_save(tmp_path / "s.yaml", session)
    path.unlink()
    again = load_save(tmp_path / "s.yaml", rules, ships)
    assert again.scenario.name == "My Duel"
    assert again.scenario.id == "my_duel"
    assert again.hashes == session.hashes
    # and its own saves carry the scenario on
    write_save(tmp_path / "s2.yaml", again)
    assert load_save(tmp_path / "s2.yaml", rules, ships).hashes == session.hashes


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("name: [", "the scenario it carries does not load: scenario_text:"),
        ("", "'scenario_text' must be the text"),
    ],
)
def test_a_damaged_scenario_in_a_save_is_refused_with_its_reason(content, tmp_path, text, reason):
    rules, ships = content
    session = Session(open_scenario(own_duel(tmp_path / "mine"), ships, rules), rules, 5)
    write_save(tmp_path / "s.yaml", session)
    doc = yaml.safe_load((tmp_path / "s.yaml").read_text())
    doc["scenario_text"] = text
    (tmp_path / "bad.yaml").write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveError, match=reason):
        load_save(tmp_path / "bad.yaml", rules, ships)


def test_a_carried_scenario_cannot_name_a_path(content, tmp_path):
    rules, ships = content
    session = Session(open_scenario(own_duel(tmp_path / "mine"), ships, rules), rules, 5)
    write_save(tmp_path / "s.yaml", session)
    doc = yaml.safe_load((tmp_path / "s.yaml").read_text())
    doc["scenario"] = "../../etc/passwd"
    (tmp_path / "bad.yaml").write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveError, match="must be a scenario's name"):
        read_save(tmp_path / "bad.yaml")


def test_the_players_scenarios_are_listed_from_his_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    assert user_scenarios() == []
    own_duel(scenarios_dir(), "b_duel")
    own_duel(scenarios_dir(), "a_duel")
    (scenarios_dir() / "notes.txt").write_text("not a scenario")
    assert [p.name for p in user_scenarios()] == ["a_duel.yaml", "b_duel.yaml"]
    assert "a_duel" not in list_scenarios()


def test_the_window_starts_a_battle_from_a_scenario_file(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.app import QuarterdeckApp

    app = QuarterdeckApp(size=(1024, 600), headless=True)
    try:
        path = own_duel(scenarios_dir())
        assert app.start_battle("no_such_scenario", {}, 1) is not None
        assert "no scenario file" in (app.start_battle(tmp_path / "missing.yaml", {}, 1) or "")
        assert app.start_battle(path, {}, 4) is None
        session = app.scene.match.session
        assert session.scenario.name == "My Duel"
        write_save(tmp_path / "s.yaml", session)
        saved = read_save(tmp_path / "s.yaml")
        assert saved["scenario"] == "my_duel" and "name: My Duel" in saved["scenario_text"]
    finally:
        while app.scenes:
            app.pop()
