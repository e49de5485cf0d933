"""The Cagway Bay log auditor (game/systems/cagway/audit.py): clean logs pass, planted errors are found.

Real logs come from battles played through the rule system's interface: self-play between computer
players, and a small crew battle driven by hand (boarding, a prize, scuttling, shared HP, repair and
a drift).  Each planted error edits one field of a real log.  The 200 self-play games at the end are
played to a turn limit of 4 (the logs are the same shape, in a third of the time), half of them with the
scripted player, both scenarios.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from game.ai.cagway.match import play as play_match
from game.content.paths import data_dir
from game.systems.base import Refusal
from game.systems.cagway.audit import check_events
from game.systems.cagway.commands import Board, Capture, Drift, EndMove, Pass, Repair, Scuttle, Share
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.state import MOVE, OVER

from .position import SYSTEM, TABLES, scenario

Log = list[dict[str, Any]]
SCENARIOS = {name: load_scenario(data_dir() / "scenarios" / f"{name}.yaml", TABLES)
             for name in ("cagway_blockade_run", "cagway_open_water")}


def _game(name: str, seed: int, kinds: tuple[str, str], turn_limit: int | None = None) -> Log:
    sc = SCENARIOS[name]
    if turn_limit is not None:
        sc = replace(sc, turn_limit=turn_limit)
    sides = [s.id for s in sc.sides]
    return play_match(SYSTEM, sc, seed, dict(zip(sides, kinds, strict=True))).events


# --- a crew battle, driven by hand ------------------------------------------------------------------------


def crew_battle(scuttle: bool = False) -> Log:
    """Hawk and Mate (navy) lie alongside Foe (pirate), touching; Foe boards back.  Hawk boards Foe each round,
    Mate repairs and shares HP with Hawk when she is hurt; Foe drifts in her first move.  When Foe is dead Hawk
    takes her (or scuttles her), and the pirate has nothing afloat."""
    sc = scenario(
        [
            ("hawk", "navy", "sloop", (20.0, 20.0, 0.0)),
            ("mate", "navy", "frigate", (20.0 + 0.3 + 0.4, 20.0, 0.0)),
            ("foe", "pirate", "sloop", (20.0 - 0.6, 20.0, 0.0)),
        ],
        source=(0.0, 0.0),
    )
    state, events = SYSTEM.new_game(sc, 3)
    log: Log = list(events)
    drifted = False
    for _ in range(500):
        if state.phase == OVER:
            return log
        sid = state.activation.ship
        ship = state.ships[sid]
        opts = {o.type: o for o in SYSTEM.legal(state)}
        cmd: Any
        if state.phase == MOVE:
            if sid == "foe" and not drifted and "drift" in opts:
                cmd, drifted = Drift(sid, 0.0, 0.0), True
            elif sid == "mate" and "repair" in opts:
                cmd = Repair(sid, 1)
            else:
                cmd = EndMove(sid)
        elif "capture" in opts and not scuttle:
            cmd = Capture(sid, "foe", 2)
        elif "scuttle" in opts and sid != "foe":
            cmd = Scuttle(sid, "foe")
        elif sid == "mate" and "share" in opts and state.ships["hawk"].hp < 10 and ship.hp > 12:
            cmd = Share(sid, "hawk", 3)
        elif "board" in opts:
            cmd = Board(sid, opts["board"].fixed["target"])
        else:
            cmd = Pass(sid)
        result = SYSTEM.apply(state, cmd)
        assert not isinstance(result, Refusal), (cmd, result.reason)
        log += result
    raise AssertionError("the crew battle did not end")


@pytest.fixture(scope="module")
def crew_log() -> Log:
    return crew_battle()


@pytest.fixture(scope="module")
def logs() -> list[Log]:
    """A few real battles between the players: every kind of event the planted errors need."""
    out = [_game("cagway_open_water", s, ("scripted", "random")) for s in (1, 2)]
    out += [_game("cagway_blockade_run", s, k) for s, k in ((1, ("random", "scripted")), (2, ("scripted", "random")))]
    return out


def _first(logs: list[Log], want: Callable[[dict[str, Any]], bool]) -> tuple[Log, int]:
    """A deep copy of the first log with an event ``want`` accepts, and that event's index."""
    for log in logs:
        for i, e in enumerate(log):
            if want(e):
                return copy.deepcopy(log), i
    pytest.skip("no such event in the logs")


def _found(log: Log, i: int, *words: str) -> list[str]:
    """The problems the auditor finds at the event ``i`` (by its seq): at least one, naming ``words``."""
    seq = log[i]["seq"]
    problems = [p for p in check_events(log, TABLES) if f"seq {seq} " in p]
    assert problems, f"nothing found at seq {seq}"
    assert any(all(w in p for w in words) for p in problems), problems
    return problems


# --- clean logs -------------------------------------------------------------------------------------------


def test_real_logs_pass(logs, crew_log):
    for log in [*logs, crew_log, crew_battle(scuttle=True)]:
        assert check_events(log, TABLES) == []


def test_the_crew_battle_has_every_crew_event(crew_log):
    kinds = {e["type"] for e in crew_log} | {e["type"] for e in crew_battle(scuttle=True)}
    assert {"crew_attack", "capture", "captured", "sunk", "share", "repair", "drift", "game_over"} <= kinds


def test_a_log_read_back_from_json_passes_with_its_lines(logs):
    text = "\n".join(json.dumps(e) for e in logs[0])
    back = [json.loads(line) for line in text.splitlines()]
    assert check_events(back, TABLES, lines=list(range(1, len(back) + 1))) == []


# --- planted errors: one field of a real log edited ------------------------------------------------------------


def test_damage_off_by_one_is_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "shot" and not e["hasty"] and e["damage"] >= 1)
    log[i]["damage"] += 1
    _found(log, i, "the chart gives")


def test_a_wrong_stick_is_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "move" and e["stick"] == "green")
    log[i]["stick"] = "red"
    _found(log, i, "wheel gives the green stick")


def test_too_many_points_for_a_leg_are_found(logs):
    # (a leg of whole segments to the thousandth could have cost one more, its last one just begun: not that one)
    log, i = _first(logs, lambda e: e["type"] == "move" and e["actions_left"] >= 1 and 0.05 < e["segments"] % 1 < 0.95)
    log[i]["points"] += 1
    log[i]["actions_left"] -= 1
    _found(log, i, "costs")


def test_a_leg_beyond_her_points_is_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "move" and e["actions_left"] == 0 and e["turn"] == 0)
    log[i]["points"] += 1  # she spends more points than she has left
    _found(log, i, "points")


def test_a_turn_over_45_degrees_and_a_turned_leg_short_of_a_segment_are_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "move" and abs(e["turn"]) > 1)
    log[i]["turn"] = 60.0 if log[i]["turn"] > 0 else -60.0
    _found(log, i, "at most 45")
    log, i = _first(logs, lambda e: e["type"] == "move" and abs(e["turn"]) > 1 and e["points"] == 1)
    log[i]["distance"] = round(log[i]["distance"] / 2, 3)
    log[i]["segments"] = round(log[i]["segments"] / 2, 3)
    _found(log, i, "shorter than one")


def test_a_leg_that_ends_somewhere_else_is_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "move")
    log[i]["to"][0] += 0.5
    _found(log, i, "the leg ends at")


def test_action_points_not_from_the_health_chart_are_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "round" and e["turn"] > 1)
    ship = sorted(log[i]["actions"])[0]
    log[i]["actions"][ship] += 1
    _found(log, i, "health chart gives")


def test_the_wrong_order_is_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "priority" and e["phase"] == "move")
    log[i]["order"] = list(reversed(log[i]["order"]))
    _found(log, i, "acts after her")
    log, i = _first(logs, lambda e: e["type"] == "priority" and e["phase"] == "combat")
    log[i]["order"] = list(reversed(log[i]["order"]))
    _found(log, i, "nearer the source")


def test_the_aim_of_a_combat_shot_is_all_her_points_but_one(logs):
    log, i = _first(logs, lambda e: e["type"] == "shot" and not e["hasty"] and e["aim"] >= 1)
    log[i]["aim"] -= 1
    _found(log, i, "poured into aim")


def test_fire_at_will_takes_the_die_only_when_no_more_than_the_points_left(logs):
    log, i = _first(logs, lambda e: e["type"] == "shot" and e["hasty"] and not e["aim_allowed"])
    log[i]["aim_allowed"] = True
    log[i]["aim"] = log[i]["roll"]
    log[i]["effective"] = max(1, log[i]["range"] - log[i]["roll"])
    _found(log, i, "aim")


def test_a_range_that_is_not_the_distance_in_segments_is_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "shot")
    log[i]["range"] += 1
    _found(log, i, "segments")


def test_damage_taken_must_be_the_attack_s_and_hp_never_below_zero(logs):
    log, i = _first(logs, lambda e: e["type"] == "damage" and e["hp"] >= 2)
    log[i]["lost"] += 1
    _found(log, i, "loses")
    log, i = _first(logs, lambda e: e["type"] == "damage" and e["dead"])
    log[i]["hp"] = -1
    _found(log, i, "below 0")


def test_damage_is_to_hit_points_and_fire_at_will_logs_the_points_left_for_its_aim(logs):
    log, i = _first(logs, lambda e: e["type"] == "damage")
    assert log[i]["track"] == "hp"
    log[i]["track"] = "hull"
    _found(log, i, "track", "hit points")
    log, i = _first(logs, lambda e: e["type"] == "damage")
    del log[i]["track"]
    assert any("damaged event" in p and "'track' missing" in p for p in check_events(log, TABLES))
    log, i = _first(logs, lambda e: e["type"] == "shot" and e["hasty"])
    log[i]["left"] += 1
    _found(log, i, "left for the aim")
    log, i = _first(logs, lambda e: e["type"] == "shot" and e["hasty"])
    del log[i]["left"]
    _found(log, i, "left for the aim")


def test_a_shot_on_a_friend_and_a_shot_with_no_damage_event_are_found(logs):
    log, i = _first(logs, lambda e: e["type"] == "shot" and e["damage"] >= 1)
    target = log[i]["target"]
    del log[i + 1]
    assert any(f"damage to {target} but no damage event" in p for p in check_events(log, TABLES))
    log, i = _first(logs, lambda e: e["type"] == "shot")
    log[i]["target"] = log[i]["ship"]
    _found(log, i, "a friend")


def test_crew_attack_is_the_attacker_s_combat_value(crew_log):
    log, i = _first([crew_log], lambda e: e["type"] == "crew_attack")
    log[i]["combat_value"] += 1
    log[i]["damage"] += 1
    _found(log, i, "combat value")


def test_a_repair_mends_two_hp_a_point_and_never_above_her_card(crew_log):
    log, i = _first([crew_log], lambda e: e["type"] == "repair")
    log[i]["hp_gained"] += 1
    log[i]["hp"] += 1
    _found(log, i, "mend")


def test_a_drift_is_one_red_segment_downwind(crew_log):
    log, i = _first([crew_log], lambda e: e["type"] == "drift")
    log[i]["to"][1] += 0.3
    _found(log, i, "centre should be at")


def test_a_capture_or_scuttle_needs_a_dead_ship_touching(crew_log):
    log, i = _first([crew_log], lambda e: e["type"] == "capture")
    # The killing blow before it did one HP less: the prize still had crew aboard.
    k = max(j for j in range(i) if log[j]["type"] == "damage" and log[j]["ship"] == log[i]["target"])
    log[k]["lost"] -= 1
    log[k]["hp"] += 1
    log[k]["dead"] = False
    _found(log, i, "not dead in the water")
    log, i = _first([crew_battle(scuttle=True)], lambda e: e["type"] == "sunk")
    log[i]["ship"] = log[i]["by"]
    _found(log, i, "scuttles herself")


def test_a_capture_puts_aboard_no_more_than_she_can_spare(crew_log):
    log, i = _first([crew_log], lambda e: e["type"] == "capture")
    log[i]["hp"] = 99
    _found(log, i, "can put from 1")


def test_sharing_moves_hp_only_between_friends(crew_log):
    log, i = _first([crew_log], lambda e: e["type"] == "share")
    log[i]["friend"] = "foe"
    assert check_events(log, TABLES)


def test_game_over_must_agree_with_the_points_and_the_terms(logs, crew_log):
    log, i = _first([crew_log], lambda e: e["type"] == "game_over")
    log[i]["winner"] = "pirate"
    _found(log, i, "only navy has ships afloat")
    log, i = _first(logs, lambda e: e["type"] == "game_over")
    side = sorted(log[i]["points"])[0]
    log[i]["points"][side] += 5
    _found(log, i, "points by the ships' standing")
    log, i = _first(logs, lambda e: e["type"] == "game_over" and e["winner"] == "runner")
    log[i]["winner"] = "blocker"  # the carrier arrived in turn 3: the blockade did not hold to the last turn
    _found(log, i, "no side beaten")
    log, i = _first(logs, lambda e: e["type"] == "game_over" and e["winner"] == "runner")
    del log[next(j for j in range(len(log)) if log[j]["type"] == "arrived")]
    assert any("never arrived" in p for p in check_events(log, TABLES))


def test_nothing_may_follow_game_over(logs):
    log = copy.deepcopy(logs[0])
    log.append({**log[-2], "seq": log[-1]["seq"] + 1})
    assert any("after game_over" in p for p in check_events(log, TABLES))


def test_the_carrier_is_never_named_when_chosen(logs):
    log, i = _first(logs, lambda e: e["type"] == "carrier_chosen")
    log[i]["ship"] = "swallow"
    _found(log, i, "names a ship")


# --- damaged logs -------------------------------------------------------------------------------------------------


def test_damaged_events_are_reported_never_raised(logs):
    log = copy.deepcopy(logs[0])
    i = next(j for j, e in enumerate(log) if e["type"] == "shot")
    del log[i]["damage"]
    j = next(j for j, e in enumerate(log) if e["type"] == "move")
    log[j]["points"] = "three"
    log.insert(5, "not an event")
    log.insert(6, {"seq": 999, "turn": 1, "type": "kraken"})
    problems = check_events(log, TABLES, lines=list(range(1, len(log) + 1)))
    assert any("damaged event" in p and "'damage' missing" in p for p in problems)
    assert any("damaged event" in p and "'points' is not a int" in p for p in problems)
    assert any(p.startswith("line 6: damaged event: not an object") for p in problems)
    assert any("unknown event type 'kraken'" in p for p in problems)


def test_any_edit_of_any_field_is_reported_or_passes_but_never_raises(logs):
    rng = random.Random(16)
    odd = [None, -1, 0, 10**9, 1.5e300, float("nan"), "x", True, [], {}, [1, 2], {"a": 1}, "resolute"]
    for _ in range(400):
        log = copy.deepcopy(rng.choice(logs))
        for _ in range(rng.randint(1, 3)):
            e = rng.choice(log)
            key = rng.choice(sorted(e))
            if rng.random() < 0.2:
                del e[key]
            else:
                e[key] = rng.choice(odd)
        assert isinstance(check_events(log, TABLES), list)


# --- 200 self-play games -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "kinds"), [(n, k) for n in SCENARIOS for k in (("random", "random"), "scripted")])
def test_the_auditor_finds_nothing_in_self_play(name, kinds):
    """200 games in all: 80 of each scenario between random players, 20 with the scripted player (10 on each side)."""
    pairs = [kinds] * 80 if kinds != "scripted" else [("scripted", "random"), ("random", "scripted")] * 10
    for seed, pair in enumerate(pairs, 1):
        log = _game(name, seed, pair, turn_limit=4)
        assert log[-1]["type"] == "game_over"
        problems = check_events(log, TABLES)
        assert problems == [], (name, pair, seed, problems[:5])
