"""Which saves the campaign screen names as look-alikes of this month's battle."""

from __future__ import annotations

from game.campaign.fought import saved_battles
from game.campaign.state import BattlePlan
from game.content.load import load_default, open_scenario, scenario_path
from game.persistence.autosave import autosave_path
from game.persistence.save import write_save
from game.persistence.session import Session


def _autosave_of(tmp_path, name: str, seed: int) -> None:
    rules, ships = load_default()
    path = tmp_path / f"{name}.yaml"
    path.write_text(scenario_path("duel").read_text(encoding="utf-8"), encoding="utf-8")
    write_save(autosave_path(), Session(open_scenario(path, ships, rules), rules, seed))


def _plan(month: int, seed: int) -> BattlePlan:
    return BattlePlan(month, seed, 2, "t", "s", {}, {}, [], scenario_path("duel").read_text(encoding="utf-8"))


def test_an_earlier_months_battle_in_the_autosave_is_not_called_a_look_alike(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    _autosave_of(tmp_path, "campaign-month-01-5", 5)  # month 1's battle, fought and recorded
    found = saved_battles(_plan(2, 7))
    assert found.found is None and found.refused == []


def test_a_battle_of_this_month_with_other_dice_is_named_with_its_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    _autosave_of(tmp_path, "campaign-month-02-5", 5)  # this month's name, another campaign's dice
    found = saved_battles(_plan(2, 7))
    assert found.found is None and len(found.refused) == 1 and "is not this engagement" in found.refused[0]
