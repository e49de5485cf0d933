"""Random self-play of every scenario leaves a log that recounts exactly by the rules."""

import dataclasses
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.load import list_scenarios, load_default, load_scenario, scenario_path
from game.golden import fleet_action
from game.logcheck import check_events
from game.selfplay import play
from game.systems.btq21.collision import aligned_headings

RULES, SHIPS = load_default()


@pytest.mark.parametrize("name", list_scenarios("btq21"))
def test_random_self_play_follows_the_rules(name):
    sc = load_scenario(scenario_path(name), SHIPS, RULES)
    seeds = range(1, 9)
    if fleet_action(sc):  # a whole fleet action takes minutes: one battle of its opening turns
        sc, seeds = dataclasses.replace(sc, turn_limit=3), range(1, 2)
    kinds = set()
    for seed in seeds:
        session = play(sc, RULES, seed, {s.id: "random" for s in sc.sides}).session
        assert session.over
        assert session.events[-1]["type"] == "game_over"
        assert session.state.turn <= sc.turn_limit
        assert check_events(session.events, RULES) == []
        kinds |= {e["type"] for e in session.events}
    # the random players exercise the movement rules, not just straight sailing
    assert {"move", "sail", "test", "initiative", "activation", "game_over"} <= kinds


def test_the_auditor_catches_a_doctored_log():
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    events = [dict(e) for e in play(sc, RULES, 1, {s.id: "random" for s in sc.sides}).session.events]
    move = next(e for e in events if e["type"] == "move" and e["distance"] > 0)
    move["max"] = move["max"] + 1
    assert any("limits" in p for p in check_events(events, RULES))
    test = next(e for e in events if e["type"] == "test")
    test["passed"] = not test["passed"]
    assert any("successes" in p for p in check_events(events, RULES))


# --- the order of an activation, Fire As She Bears, crippled rigging, collisions ---------------


def duel_setup():
    """The duel's setup event: Constitution (american) and Guerriere (british), no dice rolled yet."""
    from game.systems.btq21.setup import new_game

    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    _, events = new_game(sc, RULES, 1)
    return [events[0]]


def log(*events):
    """A log: the duel's setup, then ``events`` numbered in order."""
    out = duel_setup()
    for i, e in enumerate(events, 1):
        out.append({"seq": i, "turn": 1, "game_turn": 1, **e})
    return out


def broadside(ship, target, kind="broadside"):
    return {
        "type": "broadside", "ship": ship, "target": target, "side": "port", "aim": "hull", "range": 40.0,
        "band": "long", "rake": False, "crippled_hull": False, "d10": 0, "d6": 0, "modifier": 0, "modifiers": {},
        "needed_d6": 6, "needed_d10": 6, "faces_d6": [], "faces_d10": [], "hits": 0, "kind": kind,
    }  # fmt: skip


def test_the_auditor_catches_a_sail_change_after_a_broadside():
    events = log(
        {"type": "activation", "ship": "constitution"},
        broadside("constitution", "guerriere"),
        {"type": "sail", "ship": "constitution", "sail": "full"},
    )
    assert any("changed sail after she had moved or fired" in p for p in check_events(events, RULES))


def test_the_auditor_catches_all_hands_after_a_broadside():
    test = {"type": "test", "purpose": "special:fight_fires:all_hands", "ship": "constitution", "quality": "good",
            "dice": 4, "needed": 3, "rerolls": 2, "first_faces": [6, 6, 1, 1], "rerolled": [], "faces": [6, 6, 1, 1],
            "successes": 4, "passed": True}  # fmt: skip
    events = log({"type": "activation", "ship": "constitution"}, broadside("constitution", "guerriere"), test)
    assert any("took special:fight_fires" in p for p in check_events(events, RULES))
    fine = log({"type": "activation", "ship": "constitution"}, test, broadside("constitution", "guerriere"))
    assert not [p for p in check_events(fine, RULES) if "moved or fired" in p]


def test_the_auditor_catches_a_shot_as_she_bears_after_she_had_fired():
    fas = {"type": "test", "purpose": "special:fire_as_she_bears", "ship": "guerriere", "quality": "average",
           "dice": 3, "needed": 2, "rerolls": 1, "first_faces": [6, 1, 1], "rerolled": [], "faces": [6, 1, 1],
           "successes": 2, "passed": True}  # fmt: skip
    events = log(
        {"type": "activation", "ship": "guerriere"},
        fas,
        broadside("guerriere", "constitution"),  # in her own activation: FAS lapses with it
        {"type": "activation_end", "ship": "guerriere"},
        {"type": "activation", "ship": "constitution"},
        broadside("guerriere", "constitution"),
    )
    assert any("without Fire As She Bears in force" in p for p in check_events(events, RULES))
    kept = [e for e in events if e["seq"] != 3]
    assert not [p for p in check_events(kept, RULES) if "Fire As She Bears" in p]  # FAS kept until that shot


def test_the_auditor_catches_a_second_segment_with_crippled_rigging():
    def move(segment, y):
        return {"type": "move", "ship": "guerriere", "segment": segment, "sail": "battle", "disposition": "reaching",
                "min": 2.5, "max": 5.0, "distance": 2.5, "turn": 0.0, "to": [x0, y, h0]}  # fmt: skip

    setup = duel_setup()[0]
    pose = next(s["pose"] for s in setup["ships"] if s["id"] == "guerriere")
    x0, y0, h0 = pose
    crippled = {"type": "damage", "ship": "guerriere", "track": "rigging", "lost": 13, "left": 27, "crippled": True}
    events = log({"type": "activation", "ship": "guerriere"}, move(1, y0), crippled, move(2, y0))
    assert any("segment 2 with her rigging crippled" in p for p in check_events(events, RULES))


def test_the_auditor_catches_a_collision_that_is_not_aligned_as_the_book_says():
    setup = duel_setup()[0]
    poses = {s["id"]: s["pose"] for s in setup["ships"]}
    a, b = poses["constitution"], poses["guerriere"]
    want_a, want_b = aligned_headings(a[2], b[2])
    col = {"type": "collision", "ship": "constitution", "other": "guerriere", "faces": [1] * 3, "hull_lost": 3,
           "other_faces": [1] * 3, "other_hull_lost": 3, "to": [a[0], a[1], want_a],
           "other_to": [b[0], b[1], want_b], "aligned": True, "other_aligned": True}  # fmt: skip
    assert not [p for p in check_events(log(col), RULES) if "aligns" in p]
    old_reading = dict(col, to=[a[0], a[1], (a[2] + 90.0) % 360.0])
    assert any("the book aligns her on" in p for p in check_events(log(old_reading), RULES))


# --- a damaged or edited log ------------------------------------------------------------------


def real_log():
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    return [dict(e) for e in play(sc, RULES, 3, {s.id: "random" for s in sc.sides}).session.events]


def test_an_initiative_die_edited_past_six_is_caught():
    events = real_log()
    ini = next(e for e in events if e["type"] == "initiative")
    ini["roll"] = [11 if i == 0 else f for i, f in enumerate(ini["roll"])]
    problems = check_events(events, RULES)
    assert any("die face 11 on a D6 in 'roll'" in p for p in problems)


def test_an_event_naming_a_ship_not_in_the_battle_is_caught():
    events = real_log()
    test = next(e for e in events if e["type"] == "test")
    test["ship"] = "flying_dutchman"
    assert any("'flying_dutchman', a ship not in the setup" in p for p in check_events(events, RULES))


def test_a_squadron_rolling_initiative_under_another_nation_is_caught():
    events = real_log()
    ini = next(e for e in events if e["type"] == "initiative")
    ini["nation"] = "spanish" if ini["nation"] != "spanish" else "british"
    assert any(f"squadron {ini['squadron']} is " in p and "in the setup, not" in p for p in check_events(events, RULES))


def test_a_drift_edited_off_the_wind_or_past_its_inch_is_caught():
    events = log(
        {"type": "drift", "ship": "guerriere", "distance": 1.0, "to": None},
    )
    setup = events[0]
    g = next(s for s in setup["ships"] if s["id"] == "guerriere")
    x, y, h = g["pose"]
    wind = setup["wind_from"]
    down = math.radians(wind + 180.0)
    events[1]["to"] = [round(x + math.sin(down), 3), round(y + math.cos(down), 3), h]
    assert check_events(events, RULES) == []
    events[1]["to"] = [round(x + math.cos(down), 3), round(y - math.sin(down), 3), h]  # a quarter off the wind
    assert any("not downwind" in p for p in check_events(events, RULES))
    events[1]["to"] = [round(x + 2 * math.sin(down), 3), round(y + 2 * math.cos(down), 3), h]
    events[1]["distance"] = 2.0
    assert any("farther than" in p for p in check_events(events, RULES))


def test_a_damage_tracks_left_edited_by_one_is_caught():
    events = real_log()
    dmg = next(e for e in events if e["type"] == "damage")
    dmg["left"] += 1
    assert any(f"log says {dmg['left']}" in p for p in check_events(events, RULES))


def test_hits_not_taken_off_the_target_are_caught():
    events = real_log()
    shot = next(i for i, e in enumerate(events) if e["type"] == "broadside" and e["hits"] > 0)
    assert events[shot + 1]["type"] == "damage"
    events[shot + 1]["lost"] -= 1
    events[shot + 1]["left"] += 1
    assert any("hits on" in p and "take" in p for p in check_events(events, RULES))


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda e: e.pop("left"), "'left' is missing"),
        (lambda e: e.update(left=[1]), "'left' is damaged"),
        (lambda e: e.update(track="sails"), "'track' is damaged"),
        (lambda e: e.pop("type"), "'type' is missing"),
    ],
)
def test_a_damaged_event_is_reported_not_a_crash(edit, words):
    events = real_log()
    dmg = next(e for e in events if e["type"] == "damage")
    edit(dmg)
    assert any(words in p for p in check_events(events, RULES))


def test_a_number_too_large_for_a_float_is_damage_not_a_crash():
    events = real_log()
    move = next(e for e in events if e["type"] == "move")
    move["distance"] = 10**400
    assert any("'distance' is damaged" in p for p in check_events(events, RULES))


def test_the_command_line_reports_unreadable_lines_with_their_number(tmp_path, capsys):
    from game.logcheck import main

    events = real_log()
    text = "\n".join(json.dumps(e) for e in events[:5]) + '\n{"seq": 5, "turn"\n[1, 2]\n'
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "line 6: not a JSON event" in out and "line 7: damaged event: not an event" in out
    assert main(["/dev/zero"]) == 1
    assert "not a regular file" in capsys.readouterr().out


def test_a_battle_played_under_house_rules_is_audited_under_them(tmp_path, capsys):
    from game.content.house import load_house_rules
    from game.content.paths import rules_path
    from game.logcheck import main

    house = tmp_path / "club.yaml"
    house.write_text("house_rules: Club\ntables: btq21\nchanges:\n  speeds.large.battle: 5\n  speeds.medium.battle: 6")
    rules = load_house_rules(house, RULES, rules_path())
    sc = load_scenario(scenario_path("squadron"), SHIPS, rules)
    events = play(sc, rules, 2, {s.id: "scripted" for s in sc.sides}).session.events
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in events))
    assert main([str(path), "--house-rules", str(house)]) == 0
    assert main([str(path)]) == 1  # under the book's speeds the club's moves are too long
    assert "beyond the maximum" in capsys.readouterr().out


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5), st.dictionaries(
    st.sampled_from(["type", "seq", "turn", "ship", "track", "lost", "left", "roll", "faces", "to", "sail"]),
    st.one_of(st.integers(-3, 12), st.text(max_size=4), st.lists(st.integers(-2, 12), max_size=4), st.none()),
    max_size=8,
)), max_size=12))
def test_no_log_whatever_its_events_makes_the_auditor_crash(events):
    check_events(duel_setup() + events, RULES)


def test_the_auditor_knows_every_event_type_the_engine_writes():
    from game.logshape import KNOWN_TYPES
    from game.systems.btq21.events import KINDS

    assert set(KINDS) <= KNOWN_TYPES


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda ev: ev.pop(5), "an event was added, removed or moved"),
        (lambda ev: ev[6].update(type="movex"), "unknown event type"),
        (lambda ev: next(e for e in ev if e["type"] == "activation_end").update(ship="nobody"), "ends an activation"),
        (lambda ev: next(e for e in ev if e["type"] == "move").update(segment=3), "segment 3 is her 1th"),
        (lambda ev: next(e for e in ev if e["type"] == "damage").update(turn=9), "in game turn 9"),
        (lambda ev: next(e for e in ev if e["type"] == "damage").update(game_turn=9), "in game turn 9"),
        (lambda ev: next(e for e in ev if e["type"] == "move").update(game_turn=9), "in game turn 9"),
        (lambda ev: next(e for e in ev if e["type"] == "damage").pop("game_turn"), "no game_turn"),
        (lambda ev: ev[0].update(log_format=3), "log format 3"),
    ],
)
def test_the_auditor_catches_edits_of_the_logs_own_order(edit, words):
    events = real_log()
    edit(events)
    assert any(words in p for p in check_events(events, RULES))


def test_a_move_edited_to_no_sail_is_reported_not_a_crash():
    events = real_log()
    move = next(e for e in events if e["type"] == "move")
    move["sail"] = None
    assert any("sailed a segment under 'None' sail" in p for p in check_events(events, RULES))


def test_a_log_of_several_battles_one_after_another_audits_clean_but_a_battle_cut_short_does_not():
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    first, second = (play(sc, RULES, seed, {s.id: "random" for s in sc.sides}).session.events for seed in (1, 2))
    assert check_events([*first, *second], RULES) == []  # what --selfplay NAME --games 2 --log FILE writes
    cut = [e for e in first if e["type"] != "game_over"]
    assert any("numbered 0 after" in p for p in check_events([*cut, *second], RULES))


def test_a_log_is_audited_by_its_own_rule_system_whichever_tables_the_caller_holds():
    """A Cagway Bay battle handed over with Cagway's own tables (as a session holds them) is not read as
    Beat to Quarters; a Beat to Quarters log handed over with Cagway's tables is audited under the book's."""
    from game.content.load import open_scenario
    from game.logcheck import audit

    rules, ships = load_default()
    cagway = open_scenario(scenario_path("cagway_blockade_run"), ships, rules)
    session = play(cagway, rules, 3, {s.id: "random" for s in cagway.sides}).session
    events = [json.loads(json.dumps(e)) for e in session.events]
    assert session.rules.system == "cagway"
    assert audit(events, session.rules) == []
    forged = [dict(e) for e in events]
    forged[0]["system"] = "no_such_system"
    assert "cannot audit" in audit(forged, session.rules)[0]
    duel = load_scenario(scenario_path("duel"), ships, rules)
    book = play(duel, rules, 3, {s.id: "random" for s in duel.sides}).session
    assert audit([json.loads(json.dumps(e)) for e in book.events], session.rules) == []
