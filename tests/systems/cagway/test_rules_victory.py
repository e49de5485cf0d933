"""Setup and the end of a Cagway battle: deployment lines, the secret carrier, and each way to win."""

from __future__ import annotations

import pytest

from game.content.paths import scenario_path
from game.systems.cagway import engine, setup
from game.systems.cagway.commands import Capture, ChooseCarrier, Deploy, EndMove, Pass, Sail, Scuttle
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.state import COMBAT, DEPLOY, MOVE, OVER, SECRET

from .position import SEG, SYSTEM, TABLES, battle, island, of, play, refused, turn_of

BLOCKADE = load_scenario(scenario_path("cagway_blockade_run"), TABLES)


def blockade(seed: int = 1):
    return SYSTEM.new_game(BLOCKADE, seed)


def deploy_all(st, carrier: str = "kestrel"):
    while st.phase == DEPLOY:
        play(st, Deploy(st.activation.ship, 0.0, 0.0))
    play(st, ChooseCarrier(carrier))


# --- deployment ---------------------------------------------------------------------------------------


def test_the_blocker_deploys_on_the_midline_first_then_the_runner_on_his_edge():
    st, events = blockade()
    assert st.phase == DEPLOY and st.order == ("resolute", "vigilant", "steadfast", "swallow", "kestrel", "petrel")
    assert of(events, "activation")[0] == {**of(events, "activation")[0], "ship": "resolute", "phase": "deploy"}
    opts = SYSTEM.legal(st)
    assert {(o.type, o.measure, o.fixed["astern"]) for o in opts} == {("deploy", "ahead", False),
                                                                     ("deploy", "astern", True)}
    # Resolute lies at x=6 heading east on a line from x=1.6 to x=30.4.
    ranges = {o.fixed["astern"]: o.ranges["distance"] for o in opts}
    assert ranges[False] == pytest.approx((0.0, 24.4)) and ranges[True] == pytest.approx((0.0, 4.4))


def test_a_ship_slides_along_her_line_then_turns_in_place():
    st, _ = blockade()
    e = of(play(st, Deploy("resolute", 3.0, -90.0)), "deploy")[0]
    assert e["to"] == pytest.approx([9.0, 18.0, 0.0])
    assert st.activation.ship == "vigilant"
    play(st, Deploy("vigilant", 2.0, 0.0, astern=True))
    assert st.ships["vigilant"].pose == pytest.approx((14.0, 18.0, 90.0))


def test_she_cannot_slide_off_the_end_of_her_line():
    st, _ = blockade()
    assert "runs only" in refused(st, Deploy("resolute", 5.0, 0.0, astern=True))


def test_a_slide_stops_at_a_ship_in_the_way():
    st, _ = blockade()
    play(st, Deploy("resolute", 24.4, 0.0))  # runs on until she touches Vigilant
    assert st.ships["resolute"].x == pytest.approx(16.0 - 2.4, abs=1e-4)


def test_after_deployment_the_runner_chooses_the_carrier_in_secret():
    st, _ = blockade()
    while st.phase == DEPLOY:
        play(st, Deploy(st.activation.ship, 0.0, 0.0))
    assert st.phase == SECRET
    runners = ("swallow", "kestrel", "petrel")
    assert {(o.type, o.ship) for o in SYSTEM.legal(st)} == {("choose_carrier", s) for s in runners}
    assert "Runner" in refused(st, ChooseCarrier("vigilant"))
    events = play(st, ChooseCarrier("kestrel"))
    chosen = of(events, "carrier_chosen")[0]
    assert chosen["side"] == "runner" and "kestrel" not in str(chosen)
    assert st.carrier == "kestrel" and st.phase == MOVE and of(events, "round")


# --- the blockade run ---------------------------------------------------------------------------------------


def runner_beside_the_destination(distance: float):
    dest = island("destination", [(15.0, 37.0), (25.0, 37.0), (25.0, 40.0), (15.0, 40.0)], "Port Royal")
    ships = [
        ("swallow", "runner", "frigate", (20.0, 37.0 - 1.2 - distance, 0.0)),
        ("kestrel", "runner", "frigate", (5.0, 5.0, 0.0)),
        ("resolute", "blocker", "frigate", (35.0, 20.0, 0.0)),
    ]
    victory = {"mode": "blockade_run", "runner": "runner", "blocker": "blocker", "destination": "destination"}
    st = battle(ships, islands=(dest,), victory=victory)
    st.carrier = "swallow"
    return st


def test_the_runner_wins_when_the_carrier_touches_the_destination_island():
    st = turn_of(runner_beside_the_destination(1.0), "swallow", MOVE, 6)
    events = play(st, Sail("swallow", SEG["yellow"], 0.0))
    assert [e["type"] for e in events][-3:] == ["arrived", "reveal", "game_over"]
    assert st.phase == OVER and st.winner == "runner" and "Port Royal" in st.result


def test_another_runner_touching_the_island_wins_nothing():
    st = turn_of(runner_beside_the_destination(1.0), "swallow", MOVE, 6)
    st.carrier = "kestrel"
    play(st, Sail("swallow", SEG["yellow"], 0.0))
    assert st.phase != OVER


def test_the_blocker_wins_when_the_carrier_is_captured():
    ships = [("swallow", "runner", "frigate", (20.0, 20.0, 0.0)), ("resolute", "blocker", "frigate", (20.8, 20.0, 0.0))]
    victory = {"mode": "blockade_run", "runner": "runner", "blocker": "blocker", "destination": "nowhere"}
    st = turn_of(battle(ships, victory=victory), "resolute", COMBAT, 6)
    st.carrier = "swallow"
    st.ships["swallow"].hp = 0
    events = play(st, Capture("resolute", "swallow", 5))
    assert st.winner == "blocker" and "captured" in st.result
    assert of(events, "reveal")[0]["ship"] == "swallow"


def test_the_blocker_wins_when_the_carrier_is_sunk():
    ships = [("swallow", "runner", "frigate", (20.0, 20.0, 0.0)), ("resolute", "blocker", "frigate", (20.8, 20.0, 0.0))]
    victory = {"mode": "blockade_run", "runner": "runner", "blocker": "blocker", "destination": "nowhere"}
    st = turn_of(battle(ships, victory=victory), "resolute", COMBAT, 6)
    st.carrier = "swallow"
    st.ships["swallow"].hp = 0
    play(st, Scuttle("resolute", "swallow"))
    assert st.winner == "blocker" and "sunk" in st.result


def test_the_blockade_holds_at_the_turn_limit():
    st, _ = blockade()
    deploy_all(st)
    st.turn = st.turn_limit
    while st.phase != OVER:
        kind = EndMove if st.phase == MOVE else Pass
        play(st, kind(st.activation.ship))
    assert st.winner == "blocker" and "last turn" in st.result


# --- fleet battles ----------------------------------------------------------------------------------------------


def fleet(*ships):
    return battle(list(ships), victory={"mode": "fleet"}, turn_limit=1)


def test_a_fleet_with_nothing_afloat_loses_at_once():
    st = fleet(("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "sloop", (19.3, 20.0, 0.0)))
    turn_of(st, "hawk", COMBAT, 6)
    st.ships["foe"].hp = 0
    play(st, Scuttle("hawk", "foe"))
    assert st.phase == OVER and st.winner == "navy" and "nothing afloat" in st.result
    assert st.points == {"navy": 15.0, "pirate": 0.0}


def test_at_the_turn_limit_points_decide_dead_ships_scoring_half():
    st = fleet(
        ("hawk", "navy", "frigate", (20.0, 20.0, 0.0)),
        ("foe", "pirate", "galleon", (5.0, 35.0, 0.0)),
        ("wreck", "pirate", "sloop", (35.0, 5.0, 0.0)),
    )
    st.ships["wreck"].hp = 0
    st.ships["foe"].actions = 0
    while st.phase != OVER:
        kind = EndMove if st.phase == MOVE else Pass
        play(st, kind(st.activation.ship))
    assert st.points == {"navy": 7.5, "pirate": 0.0} and st.winner == "navy" and st.result == "turn limit"


def test_a_prize_scores_her_full_points_for_her_captors():
    st = fleet(("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "sloop", (19.3, 20.0, 0.0)),
               ("other", "pirate", "frigate", (35.0, 35.0, 0.0)))
    turn_of(st, "hawk", COMBAT, 6)
    st.ships["foe"].hp = 0
    play(st, Capture("hawk", "foe", 4))
    while st.phase != OVER:
        play(st, Pass(st.activation.ship))
    assert st.points == {"navy": 15.0, "pirate": 0.0}


def test_equal_points_at_the_end_are_a_draw():
    st = fleet(("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (5.0, 35.0, 0.0)))
    while st.phase != OVER:
        kind = EndMove if st.phase == MOVE else Pass
        play(st, kind(st.activation.ship))
    assert st.winner is None and st.points == {"navy": 0.0, "pirate": 0.0}


def test_no_command_is_taken_once_the_battle_is_over():
    st = fleet(("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (5.0, 35.0, 0.0)))
    while st.phase != OVER:
        kind = EndMove if st.phase == MOVE else Pass
        play(st, kind(st.activation.ship))
    assert refused(st, Pass("hawk")) == "the battle is over"
    assert engine.legal_commands(st) == [] and setup.needs_carrier(st) is False
