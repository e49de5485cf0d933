"""A rolled engagement is a battle like any other: it plays, its log audits clean, the command line writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import make_player
from game.ai.decide import decide
from game.content.load import load_default, load_scenario
from game.generate import engagement
from game.logcheck import check_events
from game.persistence.session import Session
from game.systems.base import Refusal
from main import main
from tests.generate.test_engagement import FLEETS

RULES, SHIPS = load_default()


def _near_crippled(fleet) -> dict[str, dict[str, int]]:
    """Every ship one point short of a crippled hull: the next hit cripples her, counted from her class's hull."""
    return {s.name: {"hull": SHIPS[s.ship].hull - RULES.crippled_at(SHIPS[s.ship].hull) + 1} for s in fleet.ships()}


def test_a_rolled_battle_of_damaged_ships_self_plays_a_turn_and_audits_clean(tmp_path: Path) -> None:
    rolled = engagement(FLEETS, 21, roll=1, conditions=(_near_crippled(FLEETS[0]), _near_crippled(FLEETS[1])))
    path = tmp_path / "rolled.yaml"
    path.write_text(rolled.yaml_text, encoding="utf-8")
    sc = load_scenario(path, SHIPS, RULES)
    session = Session(sc, RULES, 21, {s.id: "scripted" for s in sc.sides}, {})
    amazon = session.state.ships["amazon"]
    assert amazon.hull_start == SHIPS["amazon"].hull and amazon.lost("hull") == amazon.hull_cripple - 1
    agents = {s.id: make_player("scripted", 21, s.id, session.system.id) for s in sc.sides}
    for _ in range(400):
        if session.over or session.state.turn > 1:
            break
        options = session.legal()
        side = session.state.ships[options[0].ship].side
        decide(agents[side], session.state, options, lambda cmd: not isinstance(session.submit(cmd), Refusal))
    assert session.state.turn > 1 or session.over
    hits = [e for e in session.events if e.get("type") == "damage" and e.get("track") == "hull"]
    assert hits and all(e["crippled"] for e in hits)  # 15" apart, the lines engage at once; a hit cripples
    assert check_events(session.events, RULES) == []


def test_the_command_line_writes_a_scenario_that_checks(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path / "home"))
    out = tmp_path / "x.yaml"
    args = ["--generate", "5", "--budget", "250", "--nations", "british", "spanish", "--roll", "12", "--out", str(out)]
    assert main(args) == 0
    said = capsys.readouterr().out
    assert "line 12" in said and str(out) in said
    assert main(["--check-data", str(out)]) == 0
    first = out.read_text(encoding="utf-8")
    assert main(args) == 0 and out.read_text(encoding="utf-8") == first  # the same seed, the same file
    assert main(["--generate", "--budget", "250", "--nations", "british", "french"]) == 0
    assert list((tmp_path / "home" / "scenarios").glob("engagement_british_french_*.yaml"))


@pytest.mark.parametrize(
    "args, words",
    [
        (["--budget", "250", "--nations", "british", "klingon"], "no ships of nation 'klingon'"),
        (["--budget", "250"], "--budget N --nations A B"),
        (["--fleet", "nowhere.yaml", "--fleet", "nowhere.yaml"], "nowhere.yaml"),
        (["--budget", "250", "--nations", "british", "french", "--roll", "13"], "1 to 12"),
    ],
)
def test_the_command_line_refuses_bad_arguments_with_a_message(args, words, capsys) -> None:
    assert main(["--generate", "3", *args]) == 2
    assert words in capsys.readouterr().err
