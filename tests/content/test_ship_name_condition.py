"""A placed ship's name (the name she sails under) and condition (a damaged ship's tracks at the start)."""

from __future__ import annotations

from game.content.load import load_scenario
from game.content.model import RuleSet, ShipClass
from game.systems.btq21.account import log_standings
from game.systems.btq21.card import ship_card
from game.systems.btq21.setup import new_game
from game.systems.btq21.victory import ship_value, value_of
from game.systems.narration import names_from_scenario, names_from_setup
from tests.content.samples import SCENARIO, line_of, problems_of, replace

F = "duel.yaml"
NAMED = replace(
    SCENARIO,
    "          - ship: victory\n",
    "          - ship: victory\n            name: HMS Téméraire\n            condition: {hull: 100, crew: 60}\n",
)


def test_a_named_damaged_ship_loads_and_sails_under_her_name(write, ships: dict[str, ShipClass], rules: RuleSet):
    sc = load_scenario(write(F, NAMED), ships, rules)
    victory = next(s for _side, _sq, s in sc.ships() if s.id == "victory")
    assert victory.name == "HMS Téméraire" and victory.shown_name == "HMS Téméraire"
    assert victory.condition == {"hull": 100, "crew": 60}
    state, events = new_game(sc, rules, 1)
    ship = state.ships["victory"]
    cls = ships["victory"]
    assert ship.name == "HMS Téméraire"
    assert (ship.hull, ship.rigging, ship.crew) == (100, cls.rigging, 60)
    assert (ship.hull_start, ship.crew_start) == (cls.hull, cls.crew)  # crippled counts from her class's figure
    assert ship.crippled("hull") == (cls.hull - 100 >= rules.crippled_at(cls.hull))
    # her points stay her undamaged class's, in the engine and in the log's account
    full = value_of(rules, cls.guns, cls.hull, cls.rigging, cls.crew)
    assert ship_value(state, ship) == full
    setup = events[0] if isinstance(events[0], dict) else events[0].to_dict()
    entry = next(s for s in setup["ships"] if s["id"] == "victory")
    assert entry["start"] == {"hull": cls.hull, "rigging": cls.rigging, "crew": cls.crew} and entry["hull"] == 100
    standing = next(s for s in log_standings([setup], rules)[0] if s.ship == "victory")
    assert standing.value == full
    # the name is what the card, the log and the window's names show; the card names her class too
    card = ship_card(state, "victory")
    assert card.name == "HMS Téméraire" and any(cls.name in line.text for line in card.lines)
    assert names_from_setup([setup])["victory"] == "HMS Téméraire"
    assert names_from_scenario(sc)["victory"] == "HMS Téméraire"
    # an undamaged ship's setup line is as it always was
    assert "start" not in next(s for s in setup["ships"] if s["id"] == "redoutable")


def test_bad_names_and_conditions_name_file_line_and_field(write, ships: dict[str, ShipClass], rules: RuleSet):
    text = replace(NAMED, "condition: {hull: 100, crew: 60}", "condition: {hull: 100000, crew: 0, masts: 3}")
    text = replace(text, "name: HMS Téméraire", 'name: ""')
    problems = problems_of(load_scenario, write(F, text), ships, rules)
    line = line_of(text, "condition:")
    assert any(p.startswith(f"{F}:{line}: sides[0].squadrons[0].ships[0].condition.hull:") for p in problems)
    assert any(f":{line}: sides[0].squadrons[0].ships[0].condition.crew: must be in [1," in p for p in problems)
    assert any(".condition.masts" in p for p in problems)
    empty = line_of(text, 'name: ""')
    assert any(p.startswith(f"{F}:{empty}: sides[0].squadrons[0].ships[0].name") for p in problems)


def test_a_condition_above_her_class_is_refused(write, ships: dict[str, ShipClass], rules: RuleSet):
    cls = ships["victory"]
    text = replace(NAMED, "condition: {hull: 100, crew: 60}", f"condition: {{rigging: {cls.rigging + 1}}}")
    problems = problems_of(load_scenario, write(F, text), ships, rules)
    assert problems == [
        f"{F}:{line_of(text, 'condition:')}: sides[0].squadrons[0].ships[0].condition.rigging: "
        f"{cls.rigging + 1} is more than {cls.name}'s rigging of {cls.rigging}"
    ]
