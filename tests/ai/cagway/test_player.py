"""The scripted player for Cagway Bay (game/ai/cagway), in positions built for each test.

Positions come from ``tests/systems/cagway/position.py``: ``hawk`` (navy) is the ship deciding; unless a test
says otherwise the wind blows from the middle of the south edge of a 40" x 40" table.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import replace

import pytest

from game.ai.cagway import CagwayScriptedPlayer, pilot, sight
from game.ai.cagway.match import play as play_match
from game.ai.decide import decide
from game.content.paths import data_dir
from game.systems.base import Refusal
from game.systems.cagway import board, gunnery
from game.systems.cagway.commands import Board, Capture, Drift, Fire, Repair, Sail, Scuttle
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.state import COMBAT, DEPLOY, MOVE, OVER, SECRET
from tests.systems.cagway.position import SYSTEM, TABLES, battle, turn_of

BLOCKADE = load_scenario(data_dir() / "scenarios" / "cagway_blockade_run.yaml", TABLES)
OPEN_WATER = load_scenario(data_dir() / "scenarios" / "cagway_open_water.yaml", TABLES)


def choose(state, side: str = "navy", seed: int = 7):
    """What a fresh scripted player for ``side`` gives in ``state`` (it must be a legal, accepted command)."""
    cmd = CagwayScriptedPlayer(seed, side).choose(state, SYSTEM.legal(state))
    assert not isinstance(SYSTEM.apply(SYSTEM.sandbox(state), cmd), Refusal), cmd
    return cmd


# --- the combat phase -------------------------------------------------------------------------------------------


def test_it_fires_the_gun_that_does_most_damage():
    # The foe lies off hawk's port bow: part of her in the port broadside's band, part ahead of the bow.
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (17.0, 21.6, 0.0))])
    turn_of(st, "hawk", COMBAT, 4)
    guns = {b.gun for b in gunnery.bearing_guns(st, st.ships["hawk"], st.ships["foe"])}
    assert guns == {"fore", "port"}  # both bear: the side column hits harder
    assert choose(st) == Fire("hawk", "port", "foe")


def test_it_fires_at_the_target_it_hurts_most():
    # One foe far off the port beam, one close ahead of the bow (the fore gun's weaker column, but close).
    st = battle([
        ("hawk", "navy", "frigate", (20.0, 20.0, 0.0)),
        ("far", "pirate", "frigate", (4.0, 20.0, 0.0)),
        ("near", "pirate", "frigate", (20.0, 23.0, 90.0)),
    ])
    turn_of(st, "hawk", COMBAT, 2)
    assert choose(st) == Fire("hawk", "fore", "near")


def test_touching_with_the_better_combat_value_it_boards():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (19.2, 20.0, 0.0))])
    st.ships["foe"].hp = 9  # combat value 3 against hawk's 4
    turn_of(st, "hawk", COMBAT, 3)
    assert board.touching(st.ships["hawk"], st.ships["foe"])
    assert choose(st) == Board("hawk", "foe")


def test_it_takes_a_dead_enemy_touching_her_as_a_prize():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (19.2, 20.0, 0.0)),
                 ("far", "pirate", "frigate", (30.0, 5.0, 0.0))])
    st.ships["foe"].hp = 0
    turn_of(st, "hawk", COMBAT, 3)
    cmd = choose(st)
    assert isinstance(cmd, Capture) and cmd.target == "foe" and 1 <= cmd.hp <= 4


def test_it_scuttles_a_dead_enemy_it_cannot_hold():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (19.2, 20.0, 0.0)),
                 ("far", "pirate", "frigate", (30.0, 5.0, 0.0))])
    st.ships["foe"].hp = 0
    st.ships["hawk"].hp = 1  # no hand to spare for a prize: she must keep 1 HP
    turn_of(st, "hawk", COMBAT, 1)
    assert choose(st) == Scuttle("hawk", "foe")


def test_a_dying_friend_alongside_is_given_hands():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("mate", "navy", "frigate", (20.8, 20.0, 0.0)),
                 ("far", "pirate", "frigate", (35.0, 38.0, 0.0))])
    st.ships["mate"].hp = 2
    turn_of(st, "hawk", COMBAT, 3)
    cmd = choose(st)
    assert cmd.type == "share" and cmd.friend == "mate" and cmd.hp > 0


# --- the move phase -----------------------------------------------------------------------------------------------


def test_out_of_the_fight_and_badly_hurt_it_repairs():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("far", "pirate", "frigate", (38.0, 38.0, 0.0))])
    st.ships["hawk"].hp = 12
    turn_of(st, "hawk", MOVE, 4)
    cmd = choose(st)
    assert isinstance(cmd, Repair) and cmd.points >= 1


def test_hemmed_in_with_nothing_to_shoot_it_drifts_to_turn():
    # Her bow against the north edge: she can neither sail on nor turn about her bow.  The wind blows from
    # the north edge, so a drift carries her off it, and then she may turn to any heading.
    st = battle(
        [("hawk", "navy", "frigate", (20.0, 38.8, 0.0)), ("far", "pirate", "frigate", (3.0, 3.0, 90.0))],
        source=(30.0, 40.0),
    )
    turn_of(st, "hawk", MOVE, 6)
    assert all(SYSTEM.apply(SYSTEM.sandbox(st), Sail("hawk", 2.4, t)).__class__ is Refusal for t in (-45, 0, 45))
    cmd = choose(st)
    assert isinstance(cmd, Drift) and abs(cmd.turn) > 45


def test_it_never_lays_the_stick_into_a_none_sector():
    # Heading straight into the wind: dead ahead is no stick; she tacks off it.
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 180.0)), ("foe", "pirate", "frigate", (20.0, 4.0, 0.0))])
    turn_of(st, "hawk", MOVE, 6)
    cmd = choose(st)
    assert isinstance(cmd, Sail) and abs(cmd.turn) > 22.5  # off the none sector (within 22.5 of the wind's eye)
    moves = [e for e in SYSTEM.apply(SYSTEM.sandbox(st), cmd) if e["type"] == "move"]
    assert moves and moves[0]["stick"] != "none"


def test_a_leg_ends_with_a_gun_bearing_when_the_enemy_is_near():
    st = battle([("hawk", "navy", "frigate", (20.0, 14.0, 90.0)), ("foe", "pirate", "frigate", (26.0, 24.0, 0.0))])
    st.ships["foe"].moved = True
    turn_of(st, "hawk", MOVE, 6)
    st.ships["foe"].moved = True
    player = CagwayScriptedPlayer(7, "navy")
    for _ in range(8):
        if st.phase != MOVE or st.activation is None or st.activation.ship != "hawk":
            break
        decide(player, st, SYSTEM.legal(st), lambda c: not isinstance(SYSTEM.apply(st, c), Refusal))
    hawk, foe = st.ships["hawk"], st.ships["foe"]
    assert gunnery.bearing_guns(st, hawk, foe), "she ended her move with no gun on the enemy"


# --- the blockade run ---------------------------------------------------------------------------------------------


def _to(state, phase: str, players, stop=lambda s: False, limit: int = 500):
    """Play ``state`` on with ``players`` (side -> player) until ``phase`` (and ``stop``) or the end."""
    for _ in range(limit):
        if state.phase == OVER or (state.phase == phase and stop(state)):
            return state
        opts = SYSTEM.legal(state)
        side = state.ships[opts[0].ship].side
        decide(players[side], state, opts, lambda c: not isinstance(SYSTEM.apply(state, c), Refusal))
    raise AssertionError("never got there")


def _scripted(seed: int = 3):
    return {s.id: CagwayScriptedPlayer(seed, s.id) for s in BLOCKADE.sides}


def test_it_deploys_the_blocker_across_the_midline_and_the_runner_bows_north():
    state, _ = SYSTEM.new_game(BLOCKADE, 3)
    assert state.phase == DEPLOY
    _to(state, SECRET, _scripted(), lambda s: True)
    blockers = sorted((s for s in state.ships.values() if s.side == "blocker"), key=lambda s: s.x)
    runners = sorted((s for s in state.ships.values() if s.side == "runner"), key=lambda s: s.x)
    assert all(abs(s.y - 18.0) < 0.01 and s.heading in (90.0, 270.0) for s in blockers)
    assert all(abs(s.y - 1.6) < 0.01 and s.heading == 0.0 for s in runners)
    for fleet in (blockers, runners):
        gaps = [b.x - a.x for a, b in zip(fleet, fleet[1:], strict=False)]
        assert min(gaps) > 8.0  # spread along the line, a third of it each


def test_the_carrier_is_drawn_with_the_player_s_own_dice():
    picks = set()
    for seed in range(1, 9):
        state, _ = SYSTEM.new_game(BLOCKADE, 1)
        _to(state, MOVE, {s.id: CagwayScriptedPlayer(seed, s.id) for s in BLOCKADE.sides}, lambda s: True)
        picks.add(state.carrier)
    assert len(picks) >= 2  # not always the same ship: the Blocker cannot guess from a habit


def test_the_carrier_sails_for_the_island():
    state, _ = SYSTEM.new_game(BLOCKADE, 5)
    players = _scripted(5)
    _to(state, MOVE, players, lambda s: s.activation is not None and s.activation.ship == s.carrier)
    carrier = state.ships[state.carrier]
    by_sea = pilot.to_island(state, "destination")
    before = by_sea.way((carrier.x, carrier.y))[0]
    _to(state, COMBAT, players, lambda s: True)
    carrier = state.ships[carrier.id]
    after = by_sea.way((carrier.x, carrier.y))[0]
    assert after < before - 6.0  # her points spent making for the island (round Lime Rock, which lies in her way)


def test_the_scripted_runner_brings_the_carrier_home_against_random_blockers():
    sides = [s.id for s in BLOCKADE.sides]
    m = play_match(SYSTEM, BLOCKADE, 4, {sides[0]: "random", sides[1]: "scripted"})
    assert m.state.winner == "runner" and any(e["type"] == "arrived" for e in m.events)


def test_the_blocker_never_reads_the_carrier():
    """Every Blocker decision of a battle, asked again with each runner as the carrier: always the same command."""
    state, _ = SYSTEM.new_game(replace(BLOCKADE, turn_limit=3), 6)
    players = _scripted(6)
    runners = [s.id for s in state.ships.values() if s.side == "runner"]
    asked = 0
    for _ in range(400):
        if state.phase == OVER:
            break
        opts = SYSTEM.legal(state)
        side = state.ships[opts[0].ship].side
        if side == "blocker":
            got = set()
            for carrier in runners:
                st = state.copy()
                st.carrier = carrier
                got.add(CagwayScriptedPlayer(6, "blocker").choose(st, opts))
            assert len(got) == 1, got
            asked += 1
            assert sight.trial(state, "blocker").carrier == ""
        decide(players[side], state, opts, lambda c: not isinstance(SYSTEM.apply(state, c), Refusal))
    assert asked > 20


def test_the_blocker_closes_on_the_runner_nearest_the_island():
    st = battle(
        [
            ("hawk", "blocker", "frigate", (16.0, 18.0, 90.0)),
            ("lead", "runner", "frigate", (8.0, 12.0, 0.0)),
            ("tail", "runner", "frigate", (26.0, 3.0, 0.0)),
        ],
        size=(32.0, 36.0),
        source=(0.0, 4.0),
        victory={"mode": "blockade_run", "runner": "runner", "blocker": "blocker", "destination": "port"},
        islands=(_port(),),
    )
    turn_of(st, "hawk", MOVE, 6)
    before = {r: math.dist((st.ships["hawk"].x, st.ships["hawk"].y), (st.ships[r].x, st.ships[r].y))
              for r in ("lead", "tail")}
    player = CagwayScriptedPlayer(7, "blocker")
    for _ in range(8):
        if st.phase != MOVE or st.activation is None or st.activation.ship != "hawk":
            break
        decide(player, st, SYSTEM.legal(st), lambda c: not isinstance(SYSTEM.apply(st, c), Refusal))
    hawk = st.ships["hawk"]
    after = math.dist((hawk.x, hawk.y), (st.ships["lead"].x, st.ships["lead"].y))
    assert after < before["lead"] or gunnery.bearing_guns(st, hawk, st.ships["lead"])


def _port():
    from tests.systems.cagway.position import island

    return island("port", [(12.5, 36.0), (19.5, 36.0), (18.5, 34.6), (16.0, 33.9), (13.5, 34.6)])


# --- the fleet battle and the clock -------------------------------------------------------------------------------


@pytest.mark.parametrize("scripted_first", [True, False])
def test_in_open_water_it_beats_the_random_player_on_points(scripted_first):
    sides = [s.id for s in OPEN_WATER.sides]
    kinds = dict(zip(sides, ("scripted", "random") if scripted_first else ("random", "scripted"), strict=True))
    m = play_match(SYSTEM, replace(OPEN_WATER, turn_limit=6), 2, kinds)
    me = sides[0] if scripted_first else sides[1]
    assert m.state.winner == me and m.state.points[me] > 0
    assert statistics.median(m.ms[me]) < 50.0  # each decision well under 50 ms, typically
