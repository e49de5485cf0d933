"""Option fortune: a card of fortune or calamity every turn, falling on the first ship of a squadron to act."""

from __future__ import annotations

import pytest

from game.content.load import load_default, load_scenario, scenario_path
from game.logcheck import check_events
from game.systems import make_system
from game.systems.btq21 import broadside, fortune, movement, narrate, success
from game.systems.btq21.dice import Loaded
from game.systems.btq21.engine import begin_activation
from game.systems.btq21.events import Out
from tests.systems.btq21.battle import scripted_games

RULES, SHIPS = load_default()
FC = RULES.options["fortune"]
FORTUNE, CALAMITY = FC["fortune_on"][0], next(f for f in range(1, FC["card_die"] + 1) if f not in FC["fortune_on"])


def _battle(scenario: str = "fortunes_of_war"):
    sc = load_scenario(scenario_path(scenario), SHIPS, RULES)
    return make_system("btq21", RULES, {"fortune": {}}).new_game(sc, 1)


def _draw(state, roll: int, card: str, pick: int = 1):
    kind = "fortune" if roll in FC["fortune_on"] else "calamity"
    state.dice = Loaded([roll, list(FC[kind]).index(card) + 1, pick])
    out = Out(state)
    fortune.draw(state, out)
    return list(out)


def _activate(state, ship_id: str, *faces: int):
    state.dice = Loaded(faces or [1])
    out = Out(state)
    begin_activation(state, state.ships[ship_id], out)
    return list(out)


def test_the_card_comes_out_at_the_very_first_turn_and_names_its_squadron():
    state, events = _battle()
    cards = [e for e in events if e["type"] == "fortune_card"]
    assert len(cards) == 1 and state.fortune == (cards[0]["squadron"], cards[0]["card"])
    assert cards[0]["of"] == 4  # one face per squadron that can act


def test_a_fair_wind_falls_on_the_first_ship_of_the_squadron_to_act_and_no_other():
    state, _ = _battle()
    _draw(state, FORTUNE, "fair_wind", pick=1)
    squadron = state.fortune[0]
    first, second = state.squadrons[squadron].ships
    ship = state.ships[first]
    _, hi = movement.rate_limits(state, ship, "reaching")
    events = _activate(state, first)
    assert [e["type"] for e in events] == ["activation", "fortune"] and events[1]["card"] == "fair_wind"
    assert movement.rate_limits(state, ship, "reaching")[1] == pytest.approx(hi + FC["effects"]["fair_wind"]["speed"])
    assert state.fortune == ()
    state.activation = None
    assert [e["type"] for e in _activate(state, second)] == ["activation"]


def test_damp_powder_is_a_to_hit_modifier_for_her_activation_only():
    state, _ = _battle()
    _draw(state, CALAMITY, "damp_powder", pick=1)
    first = state.squadrons[state.fortune[0]].ships[0]
    _activate(state, first)
    firer, target = state.ships[first], state.ships["genereux"]
    assert broadside.modifiers(state, firer, target, "hull", "long", False)["fortune"] == -1
    state.activation = None
    assert "fortune" not in broadside.modifiers(state, firer, target, "hull", "long", False)


def test_confusion_on_deck_costs_a_reroll_but_never_below_none_and_spares_morale():
    state, _ = _battle()
    _draw(state, CALAMITY, "confusion", pick=1)
    ship = state.ships[state.squadrons[state.fortune[0]].ships[0]]
    before = success.rerolls_for(state, ship)
    _activate(state, ship.id)
    assert success.rerolls_for(state, ship) == max(0, before - 1)
    assert success.rerolls_for(state, ship, morale=True) >= success.rerolls_for(state, ship)


def test_a_bursting_gun_takes_the_dice_off_her_crew_at_once():
    state, _ = _battle()
    _draw(state, CALAMITY, "gun_bursts", pick=1)
    ship = state.ships[state.squadrons[state.fortune[0]].ships[0]]
    crew = ship.crew
    events = _activate(state, ship.id, 5)
    assert events[1]["crew_faces"] == [5] and events[2]["type"] == "damage" and ship.crew == crew - 5


def test_fire_parties_put_out_a_fire_and_never_make_fewer_than_none():
    state, _ = _battle()
    _draw(state, FORTUNE, "fire_parties", pick=1)
    ship = state.ships[state.squadrons[state.fortune[0]].ships[0]]
    assert ship.fires == 0
    events = _activate(state, ship.id)
    assert events[1]["fires"] == 0 == ship.fires


def test_the_log_names_the_card_and_what_it_does():
    state, _ = _battle()
    card = _draw(state, CALAMITY, "galley_fire", pick=2)[0]
    line = narrate.describe(card, {"rn_frigates": "Frigate Division"}, rules=RULES)
    assert "Calamity — fire in the galley (one more fire)" in line
    tray = narrate.dice_roll(card, rules=RULES)
    assert tray is not None and [g.sides for g in tray.groups] == [FC["card_die"], FC["table_die"], 4]


def test_the_scenario_plays_a_card_every_turn_and_audits_clean():
    for session in scripted_games("fortunes_of_war", range(1, 3)):
        turns = session.state.turn
        cards = [e for e in session.events if e["type"] == "fortune_card"]
        assert len(cards) >= turns - 1 and any(e["type"] == "fortune" for e in session.events)
        assert check_events(session.events, RULES) == []


def test_the_auditor_catches_a_card_that_fell_on_the_wrong_ship_or_was_misread():
    events = [dict(e) for e in next(scripted_games("fortunes_of_war", [1])).events]
    card = next(e for e in events if e["type"] == "fortune_card")
    card["card"] = "gun_captains" if card["card"] != "gun_captains" else "fair_wind"
    assert any("table is not" in p for p in check_events(events, RULES))


def test_the_auditor_catches_a_move_that_ignores_a_parted_sheet():
    for session in scripted_games("fortunes_of_war", range(1, 30)):
        events = [dict(e) for e in session.events]
        fell = next((i for i, e in enumerate(events) if e["type"] == "fortune" and e["card"] == "parted_sheet"), None)
        if fell is None:
            continue
        move = next((e for e in events[fell:] if e["type"] == "move" and e["ship"] == events[fell]["ship"]), None)
        if move is None or move["max"] == 0:
            continue
        move["max"] += 1.0
        assert any("but the rules give" in p for p in check_events(events, RULES))
        return
    pytest.fail("no parted sheet followed by a move in 29 games")
