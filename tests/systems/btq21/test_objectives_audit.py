"""The auditor recounts objectives: a log with them audits clean, a forged score does not."""

from __future__ import annotations

import copy

from game.logcheck import audit
from game.selfplay import play
from tests.systems.btq21.battle import RULES, battle, of_type

ZONE = {"id": "roads", "name": "the Roads", "kind": "hold", "side": "british", "centre": [14, 12], "radius": 25,
        "points": 4, "when": "turn"}


def _log() -> list[dict]:
    """Two turns of random play with the British ship in a zone she holds every turn, the French far off."""
    state = battle(
        [{"id": "a", "side": "british", "pose": (14, 12, 90)}, {"id": "x", "side": "french", "pose": (64, 42, 0)}],
        turn_limit=2, victory={"objectives": [ZONE]},
    )
    return play(state.scenario, RULES, 3, {"british": "random", "french": "random"}).session.events


EVENTS = _log()


def test_a_log_with_zones_held_audits_clean_and_its_points_count_them():
    held = of_type(EVENTS, "objective")
    assert [e["held_turn"] for e in held] == [1, 2]
    over = of_type(EVENTS, "game_over")[0]
    assert over["points"]["british"] >= 8.0
    assert audit(EVENTS, RULES) == []


def test_a_forged_objective_score_is_caught():
    forged = copy.deepcopy(EVENTS)
    next(e for e in forged if e["type"] == "objective")["points"] = 40
    problems = audit(forged, RULES)
    assert any("worth 4 to british" in p for p in problems)


def test_forged_points_at_the_end_are_caught():
    forged = copy.deepcopy(EVENTS)
    over = next(e for e in forged if e["type"] == "game_over")
    over["points"]["british"] += 4
    problems = audit(forged, RULES)
    assert any("points by the log's own events" in p for p in problems)


def test_a_zone_held_but_not_scored_is_caught():
    forged = copy.deepcopy(EVENTS)
    at = next(i for i, e in enumerate(forged) if e["type"] == "objective")
    del forged[at]
    for e in forged[at:]:
        e["seq"] -= 1
    problems = audit(forged, RULES)
    assert any("does not score it" in p for p in problems)


def test_a_zone_scored_while_the_enemy_is_in_it_is_caught():
    forged = copy.deepcopy(EVENTS)
    setup = forged[0]
    for s in setup["ships"]:
        if s["id"] == "x":
            s["pose"] = [14.0, 14.0, 0.0]  # the French ship put in the zone from the start (and never moved)
    forged = [e for e in forged if not (e.get("ship") == "x" and "to" in e)]
    for n, e in enumerate(forged):
        e["seq"] = n
    problems = audit(forged, RULES)
    assert any("not held by british alone" in p for p in problems)
