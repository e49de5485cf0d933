"""docs/SCENARIOS.md lists every shipped scenario: a player reading it finds each one."""

from pathlib import Path

from game.content.load import list_scenarios

DOC = Path(__file__).resolve().parents[2] / "docs" / "SCENARIOS.md"


def test_every_shipped_scenario_has_its_row_in_the_scenarios_document():
    rows = {line.split("|")[1].strip().strip("`") for line in DOC.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `")}
    assert rows == set(list_scenarios())
