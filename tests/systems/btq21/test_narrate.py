"""Plain words for every event of real battles, and the dice the tray shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content.load import list_scenarios, load_default, load_scenario, scenario_path
from game.golden import fleet_action
from game.selfplay import play
from game.systems.btq21.events import KINDS
from game.systems.btq21.narrate import (
    BOOKKEEPING_TYPES,
    NARRATED_TYPES,
    DiceGroup,
    DiceRoll,
    describe,
    dice_roll,
    event_game_turn,
    export_text,
    generic_line,
    names_from_scenario,
    names_from_setup,
)

RULES, SHIPS = load_default()
NAMES = {
    "victory": "Victory",
    "redoutable": "Redoutable",
    "british": "Royal Navy",
    "french": "Marine Nationale",
}


@pytest.fixture(scope="module")
def battles() -> list[list[dict]]:
    """A few random self-play battles of every scenario: the events the engine really writes."""
    logs = []
    for name in list_scenarios("btq21"):
        sc = load_scenario(scenario_path(name), SHIPS, RULES)
        if fleet_action(sc):  # minutes a battle, and no event the smaller battles do not write
            continue
        for seed in (1, 2, 3):
            logs.append(play(sc, RULES, seed, {s.id: "random" for s in sc.sides}).session.events)
    return logs


def broadside_event(**changes) -> dict:
    """Victory's starboard broadside: 12 D10 (+1 for a 10) and 16 D6 (+2 for 6s), 4+ needed, +1: 17 hits."""
    e = {
        "seq": 40,
        "turn": 3,
        "type": "broadside",
        "ship": "victory",
        "target": "redoutable",
        "side": "starboard",
        "aim": "hull",
        "range": 11.43,
        "band": "close",
        "rake": False,
        "crippled_hull": False,
        "d10": 12,
        "d6": 16,
        "modifier": 1,
        "modifiers": {"firer_quality": 1},
        "needed_d6": 4,
        "needed_d10": 4,
        "faces_d10": [10, 3, 4, 5, 6, 7, 8, 9, 1, 2, 2, 3, 5],
        "faces_d6": [1, 2, 3, 4, 5, 6, 6, 2, 2, 1, 3, 4, 1, 2, 2, 1, 2, 2],
        "hits": 17,
        "kind": "broadside",
    }
    e.update(changes)
    return e


# --- every event of real battles ---------------------------------------------------------


def test_every_event_of_real_battles_has_words(battles):
    for events in battles:
        names = names_from_setup(events)
        for e in events:
            for text in (describe(e, names), describe(e, names, rules=RULES)):
                if e["type"] in BOOKKEEPING_TYPES:
                    assert text is None, e
                else:
                    assert isinstance(text, str) and text.strip(), e
                    assert "{" not in text and "None" not in text, text
            assert e["type"] in NARRATED_TYPES | BOOKKEEPING_TYPES, f"no words for {e['type']!r}"
            roll = dice_roll(e, names=names, rules=RULES)
            assert roll is None or isinstance(roll, DiceRoll)


def test_every_type_the_engine_can_emit_has_its_own_words():
    types = set(KINDS)
    assert {"broadside", "collision", "test", "game_over", "boarding", "sunk", "wind"} <= types
    assert types - NARRATED_TYPES - BOOKKEEPING_TYPES == set()


def test_the_dice_of_every_real_broadside_match_the_event(battles):
    seen = 0
    for events in battles:
        for e in (e for e in events if e["type"] == "broadside"):
            roll = dice_roll(e)
            by_sides = {g.sides: g for g in roll.groups}
            assert len(by_sides.get(10, DiceGroup(10, [])).faces) == len(e["faces_d10"])
            assert len(by_sides.get(6, DiceGroup(6, [])).faces) == len(e["faces_d6"])
            assert sum(1 for g in roll.groups for f in g.faces if f >= g.needed) == e["hits"]
            seen += 1
    assert seen > 10


# --- wording -----------------------------------------------------------------------------------


def test_a_broadside_in_words():
    text = describe(broadside_event(), NAMES)
    assert text == (
        'Victory fires her starboard broadside at Redoutable: hull, close range 11.4" — '
        "12 D10 and 16 D6 (+3 for natural maximums) needing 4+, +1 good crew: 17 hits."
    )


def test_a_raking_broadside_with_the_rules_names_the_sail():
    e = broadside_event(rake=True, modifiers={"firer_quality": 1, "firer_sail": -1}, modifier=0)
    text = describe(e, NAMES, rules=RULES)
    assert "raking" in text and "-1 firing under full sail" in text


def test_the_dice_of_a_broadside():
    roll = dice_roll(broadside_event())
    assert roll.purpose == "Broadside: hull at close range"
    assert [(g.sides, len(g.faces)) for g in roll.groups] == [(10, 13), (6, 18)]
    assert [g.needed for g in roll.groups] == [3, 3]  # 4+ with +1 on the die
    assert sum(1 for g in roll.groups for f in g.faces if f >= g.needed) == 17
    assert roll.summary == "17 hits"
    assert roll.ship == "victory"


def test_a_natural_one_never_counts_even_with_big_modifiers():
    e = broadside_event(modifier=4, faces_d10=[1, 2], faces_d6=[], d10=2, d6=0, hits=1)
    (group,) = dice_roll(e).groups
    assert group.needed == 2 and [f >= group.needed for f in group.faces] == [False, True]


def test_a_move_with_a_turn():
    move = {
        "seq": 9,
        "turn": 15.0,
        "type": "move",
        "game_turn": 3,
        "ship": "victory",
        "segment": 2,
        "sail": "battle",
        "disposition": "reaching",
        "min": 1.5,
        "max": 3.0,
        "distance": 5.2,
        "to": [10.0, 12.0, 105.0],
    }
    assert describe(move, NAMES).startswith('Victory sails 5.2" and turns 15° to starboard')
    assert "to port" in describe({**move, "turn": -30.0}, NAMES)
    assert "turns" not in describe({**move, "turn": 0.0}, NAMES)
    assert event_game_turn(move) == 3  # ``turn`` is the degrees here


def test_a_ship_taken_aback_then_turning():
    aback = {"seq": 1, "turn": 1, "type": "taken_aback", "ship": "victory", "segment": 1, "sail": "full"}
    aback |= {"faces": [3, 3, 1, 4, 2], "rigging_lost": 13}
    assert describe(aback, NAMES) == (
        "Victory is taken aback under full sail: 5D6 = 13 (3+3+1+4+2), she loses 13 rigging."
    )
    assert dice_roll(aback).summary == "13 rigging lost"


def test_a_collision():
    e = {
        "seq": 15,
        "turn": 1,
        "type": "collision",
        "ship": "victory",
        "other": "redoutable",
        "faces": [3, 5, 3],
        "hull_lost": 11,
        "other_faces": [3, 3, 4],
        "other_hull_lost": 10,
        "to": [1, 2, 30],
        "other_to": [1, 2, 30],
    }
    assert describe(e, NAMES) == (
        "Victory collides with Redoutable: Victory loses 11 hull (3D6 = 11 (3+5+3)), "
        "Redoutable loses 10 hull (3D6 = 10 (3+3+4)); both now head 30°."
    )
    e["other_to"] = [1, 2, 210]
    assert describe(e, NAMES).endswith("they lie along one line, Victory heading 30°, Redoutable 210°.")
    roll = dice_roll(e, names=NAMES)
    assert [g.faces for g in roll.groups] == [[3, 5, 3], [3, 3, 4]]
    assert roll.groups[0].label == "Victory's hull"


def test_a_success_test_with_a_reroll():
    e = {
        "seq": 13,
        "turn": 1,
        "type": "test",
        "purpose": "morale",
        "ship": "victory",
        "quality": "good",
        "dice": 3,
        "needed": 2,
        "rerolls": 3,
        "first_faces": [2, 5, 1],
        "rerolled": [2],
        "faces": [2, 5, 5],
        "successes": 2,
        "passed": True,
    }
    assert describe(e, NAMES) == (
        "Victory (good crew) tests morale: rolls 2 5 1, rerolls 1 to 5: 2 successes (2 needed), she holds."
    )
    assert _glyphs_missing(describe(e, NAMES)) == set()
    tack = {**e, "purpose": "special:fight_fires:all_hands", "passed": False}
    assert "fights her fires with all hands on deck" in describe(tack, NAMES) and "failed" in describe(tack, NAMES)
    roll = dice_roll(e, rules=RULES)
    (group,) = roll.groups
    assert group.faces == [2, 5, 5] and group.first_faces == [2, 5, 1] and group.rerolled == [2]
    assert group.needed == RULES.success_test["success_on"]
    assert roll.summary == "2 successes: passed"
    assert dice_roll(e).groups[0].needed is None  # the event does not record the 4+


def test_game_over():
    e = {"seq": 99, "turn": 5, "type": "game_over", "winner": "british"}
    e |= {"points": {"french": 72.5, "british": 82.0}, "reason": "no ship left able to fight"}
    assert describe(e, NAMES) == (
        "The battle is over (no ship left able to fight): Royal Navy wins, points Royal Navy 82, Marine Nationale 72.5."
    )
    draw = {**e, "winner": None, "points": {"french": 10.0, "british": 10.0}}
    assert "a draw" in describe(draw, NAMES)


def test_boarding_rounds_and_their_dice():
    e = {
        "seq": 140,
        "turn": 3,
        "type": "boarding",
        "attacker": "victory",
        "defender": "redoutable",
        "round": 1,
        "attacker_dice": {"d10": [10, 2, 8], "d6": [6]},
        "defender_dice": {"d10": [4, 6], "d6": []},
        "attacker_hits": 3,
        "defender_hits": 2,
        "attacker_saves": [6, 2],
        "defender_saves": [3, 5, 6],
    }
    assert describe(e, NAMES, rules=RULES) == (
        "Boarding, round 1: Victory (3 D10 and 1 D6) scores 3 hits, Redoutable (2 D10) 2 hits; "
        "saving on 5+, Victory saves 1 of 2, Redoutable saves 2 of 3."
    )
    roll = dice_roll(e, names=NAMES, rules=RULES)
    assert [(g.sides, len(g.faces), g.needed) for g in roll.groups] == [
        (10, 3, 4),
        (6, 1, 4),
        (10, 2, 4),
        (6, 2, 5),
        (6, 3, 5),
    ]


@pytest.mark.parametrize(
    "event, words",
    [
        (
            {"type": "boarding_failed", "ship": "victory", "target": "redoutable", "reason": "no room alongside"},
            "Victory cannot grapple Redoutable: no room alongside.",
        ),
        (
            {"type": "boarding_broken_off", "attacker": "victory", "defender": "redoutable", "rounds": 50},
            "broken off after 50 rounds",
        ),
        (
            {"type": "grapple", "turn": 12.5, "game_turn": 3, "ship": "victory", "target": "redoutable"},
            "Victory lays herself alongside Redoutable",
        ),
        (
            {"type": "captured", "ship": "redoutable", "by": "victory", "side": "british", "crew": 35},
            "Victory takes Redoutable as a prize; she now belongs to Royal Navy, with 35 crew aboard.",
        ),
        ({"type": "destroyed", "ship": "fort"}, "fort is destroyed"),
        ({"type": "wind", "from": 270.0}, "now blows from 270° (W)"),
        ({"type": "hold_fire", "ship": "victory", "snap": True}, "as the boarder comes alongside"),
        ({"type": "hold_fire", "ship": "victory"}, "fire as she bears"),
        (
            {"type": "struck", "ship": "redoutable", "by": "victory", "reason": "failed morale"},
            "Redoutable strikes her colours to Victory (failed morale).",
        ),
        (
            {
                "type": "special_failed",
                "turn": -90.0,
                "game_turn": 2,
                "ship": "victory",
                "action": "boxhaul",
                "faces": [2, 3],
            },
            "she falls off 90° to port and loses 2D6 = 5 (2+3) rigging",
        ),
        ({"type": "initiative_order", "order": ["inshore_brig", "runners"]}, "Order of play: Inshore brig, Runners."),
        ({"type": "aground", "ship": "victory", "on": "la_barre"}, "Victory runs aground on La barre"),
        ({"type": "left_table", "ship": "victory", "edge": "east"}, "leaves the table by the east edge"),
        (broadside_event(kind="snap_fire"), "snap-fires her starboard broadside at Redoutable, her boarder"),
    ],
)
def test_rarer_events(event, words):
    assert words in describe({"seq": 1, "turn": 1, **event}, NAMES)


# --- never an exception ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [
        {"seq": 1, "turn": 2, "type": "mutiny", "ship": "victory", "ringleaders": 3},
        {"seq": 1, "turn": 2, "type": "broadside", "ship": "victory"},  # malformed
        {"type": "collision", "faces": "lots"},
        {},
        {"type": None},
    ],
)
def test_odd_events_still_read(event):
    text = describe(event, NAMES)
    assert isinstance(text, str) and text
    assert dice_roll(event) is None or isinstance(dice_roll(event), DiceRoll)


def test_an_unknown_event_lists_its_fields_by_name():
    e = {"seq": 1, "turn": 2, "type": "man_overboard", "ship": "victory", "crew": 1}
    assert describe(e, NAMES) == generic_line(e, NAMES) == "Man overboard: ship Victory, crew 1."


def test_no_dice_for_events_that_roll_none():
    assert dice_roll({"type": "activation", "ship": "victory", "squadron": "van"}) is None
    assert dice_roll({"type": "repaired", "ship": "victory", "what": "rudder"}) is None


# --- names and the exported log -------------------------------------------------------------


def test_names_from_setup_and_scenario():
    sc = load_scenario(scenario_path("cap_noir"), SHIPS, RULES)
    events = play(sc, RULES, 1, {s.id: "random" for s in sc.sides}).session.events
    from_log = names_from_setup(events)
    from_scenario = names_from_scenario(sc)
    for side in sc.sides:
        assert from_log[side.id] == from_scenario[side.id] == side.name
        for sq in side.squadrons:
            assert from_scenario[sq.id] == sq.name
            for s in sq.ships:
                assert from_log[s.id] == from_scenario[s.id] == s.ship.name


def test_export_groups_the_battle_by_turn(battles):
    events = battles[0]
    text = export_text(events)
    lines = text.splitlines()
    headings = [line for line in lines if re.fullmatch(r"Turn \d+", line)]
    turns = sorted({event_game_turn(e) for e in events if e["type"] not in ("setup", "turn")})
    assert headings == [f"Turn {t}" for t in turns]
    body = [line for line in lines if line.startswith("  ")]
    wanted = [e for e in events if e["type"] not in ("setup", "turn") and e["type"] not in BOOKKEEPING_TYPES]
    assert len(body) == len(wanted)
    names = names_from_setup(events)
    assert lines[2].startswith("The battle begins")  # the setup line comes before Turn 1
    assert any(name in text for name in names.values())
    assert lines[-1].strip().startswith("The battle is over")


def test_export_prefers_the_names_it_is_given(battles):
    events = battles[0]
    ship = next(e["ship"] for e in events if e["type"] == "activation")
    assert "Captain's pet" in export_text(events, {ship: "Captain's pet"})


def _glyphs_missing(line: str) -> set[str]:
    """Characters the battle log's font (pygame_gui's Noto Sans) would draw as an empty box."""

    import pygame
    import pygame_gui

    pygame.font.init()
    f = pygame.font.Font(str(Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"), 18)
    box = f.metrics("\uffff")[0]  # what the font draws for a character it lacks
    return {c for c in set(line) if c.strip() and f.metrics(c)[0] == box}


def test_an_initiative_roll_names_the_squadrons_own_nation():
    e = {"seq": 3, "turn": 1, "type": "initiative", "squadron": "escuadra", "side": "allies", "nation": "spanish",
         "roll": [3, 4], "modifier": -1, "modifiers": {"nation": -1}, "total": 6}  # fmt: skip
    assert describe(e, {"escuadra": "Escuadra de Gravina"}) == (
        "Escuadra de Gravina roll 3+4 for initiative, -1 Spanish squadron: 6."
    )


def test_the_window_is_cued_by_the_rule_system_not_by_event_names():
    from game.systems.btq21.narrate import cue

    assert (cue({"type": "broadside"}).tone, cue({"type": "broadside"}).sound) == ("notable", "gunfire")
    assert (cue({"type": "turn"}).tone, cue({"type": "turn"}).sound) == ("heading", "bell")
    assert (cue({"type": "collision"}).tone, cue({"type": "collision"}).sound) == ("mishap", "impact")
    assert cue({"type": "sail"}) == cue({"type": "no such event"}) == cue("not an event")
    assert cue({"type": "sail"}).tone == "" and cue({"type": "sail"}).sound == ""
