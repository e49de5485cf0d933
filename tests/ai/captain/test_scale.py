"""The shortcuts taken for fleet actions give the answers of the long way round.

Each cache or early "no" added for Trafalgar's seventy ships is checked against
the uncached, exact query it stands in for, on the Trafalgar stand-in (crowded
lines, many ships in every sight corridor) and on a table with islands.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_player
from game.ai.captain import plan, reach
from game.ai.captain.aim import best_broadsides
from game.ai.captain.plan import FOES_MANY, MANY_SHIPS, Planner
from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.session import Session
from game.systems.btq21 import board, weather
from game.systems.btq21.broadside import plan_shot, sight_blocked
from game.systems.btq21.engine import legal_commands
from game.systems.btq21.evaluation import Appraiser
from game.table.space import TableSpace
from game.trafalgar_standin import write_standin
from tests.systems.btq21.battle import activate, passing_frigates


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    rules, ships = load_default()
    sc = load_scenario(write_standin(tmp_path_factory.mktemp("standin")), ships, rules)
    return Session(sc, rules, 1, {}).state


def _fresh(state):
    """The same state with a table space of its own: no remembered answers."""
    return state.detached()


def _pairs(state, count: int, seed: int = 3):
    ids = [s.id for s in state.ships.values() if s.on_table]
    rng = random.Random(seed)
    return [tuple(rng.sample(ids, 2)) for _ in range(count)]


def test_the_stand_in_is_trafalgar_sized(fleet):
    sides = {}
    for s in fleet.ships.values():
        sides[s.side] = sides.get(s.side, 0) + 1
    assert sides == {"british": 35, "combined": 40}
    assert len(fleet.ships) > MANY_SHIPS


def test_sight_clear_agrees_with_the_full_line_of_sight(fleet):
    blocked = 0
    for a, b in _pairs(fleet, 150):
        full = board.line_of_sight(_fresh(fleet), a, b)
        assert board.sight_clear(fleet, a, b) == (not full), (a, b)
        assert board.sight_clear(fleet, a, b) == (not full)  # remembered: the same again
        blocked += bool(full)
    assert 0 < blocked < 150  # both answers occur in the crowd


def test_sight_over_land_agrees_too():
    rules, ships = load_default()
    state = Session(load_scenario(scenario_path("blockade_run"), ships, rules), rules, 1, {}).state
    ids = [s.id for s in state.ships.values() if s.on_table]
    for a in ids:
        for b in ids:
            if a != b:
                assert board.sight_clear(state, a, b) == (not board.line_of_sight(_fresh(state), a, b))


def test_a_remembered_sight_is_forgotten_when_a_ship_moves_into_it(fleet):
    state = fleet.copy()
    a, b = "br_w0", "cb_0"
    ships = state.ships
    ships["br_w0"].x, ships["br_w0"].y = 40.0, 20.0
    ships["cb_0"].x, ships["cb_0"].y = 60.0, 20.0
    for s in ships.values():  # everyone else well away from the line between them
        if s.id not in (a, b) and 15.0 < s.y < 25.0 and 35.0 < s.x < 65.0:
            s.y += 30.0 if s.y > 20 else -12.0
    assert board.sight_clear(state, a, b)
    blocker = ships["br_w1"]
    blocker.x, blocker.y, blocker.heading = 50.0, 20.0, 0.0
    assert not board.sight_clear(state, a, b)
    assert board.line_of_sight(state, a, b)[0].id == "br_w1"
    blocker.x = 90.0
    assert board.sight_clear(state, a, b)


def test_a_space_synced_once_answers_for_every_copy(fleet):
    """The layout check: a copy with the same poses reuses the space; any moved base re-syncs it."""
    state = fleet.copy()
    sp = board.space(state)
    token = sp.layout_token()
    assert board.space(state.copy()).layout_token() == token
    moved = state.copy()
    moved.ships["br_l3"].x += 0.5
    sp2 = board.space(moved)
    assert sp2 is sp and sp.layout_token() != token
    assert sp.ship_pose("br_l3")[0] == moved.ships["br_l3"].x
    assert board.space(state).layout_token() == token  # the first layout keeps its number


def test_ranges_follow_the_weather_and_the_rules(fleet):
    state = fleet.copy()
    calm = dict(weather.ranges(state))
    assert calm == {band: float(v) for band, v in state.rules.ranges.items()}
    rules = state.rules
    for name, row in rules.options["weather"]["effects"].items():
        state.weather = name
        f = float(row["range_factor"])
        assert weather.ranges(state) == {band: float(v) * f for band, v in rules.ranges.items()}
    state.weather = ""
    assert weather.ranges(state) == calm


@settings(max_examples=300, deadline=None)
@given(
    x=st.floats(0, 60), y=st.floats(0, 60), h=st.floats(0, 360), oh=st.floats(0, 360),
    travel=st.floats(0, 12), within=st.floats(0.5, 20),
)
def test_out_of_reach_never_says_no_to_a_move_that_reaches(x, y, h, oh, travel, within):
    rules, ships = load_default()
    sp = TableSpace(100.0, 100.0)
    sp.set_ships({"me": ((20.0, 20.0, h), 3.0, 1.0), "it": ((20.0 + x, 20.0 + y, oh), 2.5, 0.9)})

    class Base:
        def __init__(self, sid, pose, length, width):
            self.id, (self.x, self.y, self.heading), self.length, self.width = sid, pose, length, width

    me, it = Base("me", (20.0, 20.0, h), 3.0, 1.0), Base("it", (20.0 + x, 20.0 + y, oh), 2.5, 0.9)
    if reach.out_of_reach(me, it, travel, within):  # type: ignore[arg-type]
        assert sp.first_within("me", travel, "it", within) is None


def test_nearest_foes_are_the_nearest(fleet):
    me = fleet.ships["br_w0"]
    near = reach.nearest_foes(fleet, me, FOES_MANY)
    assert near is not None and len(near) == FOES_MANY
    gaps = reach.foes_at(fleet, me)
    cut = max(gaps[i] for i in near)
    assert all(gaps[i] >= cut for i in gaps if i not in near)
    assert list(near) == [i for i in gaps if i in near]  # in the state's order
    assert reach.nearest_foes(fleet, me, 1000) is None


def test_broadsides_picked_with_sight_asked_last_are_those_of_the_full_test(fleet):
    """best_broadsides checks sight only for a shot it would keep; it must keep exactly what the
    plain way (every shot measured with its sight) keeps."""
    kept = 0
    for seed in range(6):
        state = fleet.copy()
        rng = random.Random(seed)
        for s in state.ships.values():  # shuffle the fleets together so ships are in each other's way
            s.x += rng.uniform(-6, 6)
            s.y += rng.uniform(-3, 3)
            if s.side == "british":
                s.x += 22.0
        for me in [s for s in state.ships.values() if s.side == "british"][::5]:
            ap = Appraiser(state, me.side)
            picks: dict = {}
            best_broadsides(ap, state, me, 0, picks)
            kept += len(picks)
            for side, pick in picks.items():
                target = state.ships[pick.target]
                assert sight_blocked(state, me, target) is None
                shot = plan_shot(state, me, side, target, "rigging")
                assert not isinstance(shot, str)
                # nothing in sight was worth more
                for t in state.ships.values():
                    other = plan_shot(state, me, side, t, pick.aim)
                    if not isinstance(other, str) and t.id != target.id:
                        assert ap.shot_value(other, me, t) <= pick.value + 1e-6
    assert kept > 10


def test_a_fleet_action_weighs_the_nearest_enemies_and_a_smaller_battle_all(fleet):
    rules, ships = load_default()
    me = fleet.ships["br_w0"]
    big = Planner(fleet, me.id, Appraiser(fleet, me.side))
    assert big.among is not None and len(big.among) == FOES_MANY and big.beam < 6
    small = Session(load_scenario(scenario_path("squadron"), ships, rules), rules, 1, {}).state
    mine = next(iter(small.ships.values()))
    p = Planner(small, mine.id, Appraiser(small, mine.side))
    assert p.among is None and p.beam == 6 and p.replies == 2
    assert math.isfinite(big.base)


def test_the_state_hash_from_kept_ship_texts_is_the_plain_digest(fleet):
    from game.ai.random_player import RandomPlayer
    from game.systems.canon import digest

    session = Session(fleet.scenario, fleet.rules, 5, {}, options={"national": {}})
    players = {s.id: RandomPlayer(5, s.id) for s in fleet.scenario.sides}
    for _ in range(30):
        state = session.state
        assert state.state_hash() == digest(state.to_dict())
        options = session.legal()
        cmd = players[state.ships[options[0].ship].side].choose(state, options)
        session.submit(cmd)
    state = session.state.copy()
    ship = next(iter(state.ships.values()))
    ship.heading = 80  # an int where a float was: the same number, not the same text
    ship.rudder = 1  # type: ignore[assignment]
    assert state.state_hash() == digest(state.to_dict())


def test_the_bench_measures_the_shipped_trafalgar_or_says_it_uses_the_stand_in():
    from game.bench_trafalgar import NAME, scenario
    from game.content.load import list_scenarios

    sc, source = scenario()
    ships = sum(len(q.ships) for s in sc.sides for q in s.squadrons)
    assert ships > MANY_SHIPS
    if NAME in list_scenarios():
        assert source == f"data/scenarios/{NAME}.yaml"
    else:
        assert source.startswith("stand-in") and "not shipped" in source
        assert sc.table == (108.0, 84.0) and sc.wind_from == 270


def test_a_fleet_action_keeps_the_narrow_beam_where_a_squadron_action_widens_it(fleet, monkeypatch):
    # The beam that keeps other courses costs a fifth or more of a decision's time: at Trafalgar's size
    # that would break the fleet action's time, so there the beam stays as it was.
    seen: list[bool] = []
    leaves = plan.Planner.leaves

    def spy(self, state, first, sails):
        seen.append(self.diverse)
        return leaves(self, state, first, sails)

    monkeypatch.setattr(plan.Planner, "leaves", spy)
    trafalgar = fleet.detached()
    activate(trafalgar, next(s.id for s in trafalgar.ships.values() if s.on_table and s.side == "british"))
    for state in (trafalgar, passing_frigates()):
        make_player("captain:normal", 1, "british").make_plan(state, legal_commands(state))
    assert seen and seen[0] is False and seen[-1] is True
