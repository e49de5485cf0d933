"""The scripted player: Gifford's solo-play opponent, read onto the gridless table.

Positions are built with ``tests/systems/btq21/battle.py``.  Unless a test says
otherwise the wind blows from the north, so a ship heading east is reaching,
and the frigates are small ships: 45 degrees of turn a segment.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import PLAYER_KINDS, make_player
from game.ai.solo.movement import wished_segment
from game.ai.solo.player import ScriptedPlayer
from game.ai.solo.tables import (
    AGGRESSIVE,
    AGGRESSIVE_MOVE,
    D12_TABLE,
    HARD_AWAY,
    HARD_TOWARD,
    MAINTAIN_COURSE,
    MANOEUVRES,
    STANDARD,
    STANDARD_AWAY,
    STANDARD_TOWARD,
    UNSURE,
    SoloOrders,
    decide_mode,
    manoeuvre_for,
)
from game.content.load import load_scenario, scenario_path
from game.selfplay import play
from game.systems.btq21 import commands as c
from game.systems.btq21.broadside import plan_shot
from game.systems.btq21.dice import Loaded
from game.systems.btq21.engine import Rejected, apply, legal_commands
from game.systems.btq21.movement import plan
from game.table.geometry import bearing, signed_angle
from tests.systems.btq21.battle import RULES, SHIPS, activate, battle

# --- helpers ------------------------------------------------------------------------


def ordered(state, ship_id: str, manoeuvre: str, mode: str = AGGRESSIVE, must_move: float = 0.0) -> ScriptedPlayer:
    """A scripted player whose solo roll for this ship and turn came out as given."""
    player = ScriptedPlayer(7, state.ships[ship_id].side)
    player.orders[(ship_id, state.turn)] = SoloOrders(mode, 0, manoeuvre, must_move)
    return player


def frigate_and_enemy(enemy_at=(30.0, 44.0, 270.0), heading=90.0, sail="battle", at=(20.0, 8.0), **enemy):
    """By default the enemy is 37" off to the north-north-east: beyond effective range."""
    st = battle(
        [
            {"id": "amazon", "pose": (*at, heading), "sail": sail},
            {"id": "virginie", "side": "french", "pose": enemy_at, **enemy},
        ]
    )
    activate(st, "amazon")
    return st


def wish(state, ship_id: str, player: ScriptedPlayer):
    ship = state.ships[ship_id]
    p = plan(state, state.activation, ship)
    return wished_segment(state, ship, (p.minimum, p.maximum, p.turn), player.orders_for(state, ship), False)


def play_activation(state, player: ScriptedPlayer) -> list[dict]:
    """Let the player command until her activation is over (the enemy holds any shot it is offered)."""
    events: list[dict] = []
    for _ in range(40):
        if state.activation is None:
            return events
        options = legal_commands(state)
        if options[0].ship != state.activation.ship:
            res = apply(state, c.HoldFire(options[0].ship))
        else:
            res = apply(state, player.choose(state, options))
        assert not isinstance(res, Rejected), res.reason
        events += res
    raise AssertionError("the activation never ended")


# --- the mode, by crew checks ----------------------------------------------------------


def test_passing_the_first_crew_check_makes_her_aggressive():
    assert decide_mode(Loaded([4, 5, 1]), rerolls=0) == AGGRESSIVE


def test_failing_the_first_and_passing_the_second_makes_her_standard():
    assert decide_mode(Loaded([1, 2, 3, 6, 1, 1]), rerolls=0) == STANDARD


def test_failing_both_crew_checks_makes_her_unsure():
    assert decide_mode(Loaded([1, 2, 3, 4, 1, 1]), rerolls=0) == UNSURE


def test_a_crew_rerolls_a_failed_die_as_in_a_success_test():
    # one success, then the 1 is rolled again and comes up 5: two successes
    assert decide_mode(Loaded([4, 1, 2, 5]), rerolls=1) == AGGRESSIVE


def test_the_mode_is_rolled_once_per_ship_and_turn_on_the_players_own_dice():
    st = frigate_and_enemy()
    before = (st.dice.state, st.state_hash())
    player = ScriptedPlayer(3, "british")
    first = player.orders_for(st, st.ships["amazon"])
    assert player.orders_for(st, st.ships["amazon"]) is first
    assert (st.dice.state, st.state_hash()) == before
    assert ScriptedPlayer(3, "british").orders_for(st, st.ships["amazon"]) == first
    later = [player.orders_for(replace(st, turn=t), st.ships["amazon"]) for t in range(2, 40)]
    assert {o.mode for o in later} >= {AGGRESSIVE, STANDARD}  # a fresh roll every turn
    assert set(player.orders) >= {("amazon", t) for t in range(1, 40)}


# --- the D12 table ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [AGGRESSIVE, STANDARD, UNSURE])
def test_each_face_of_the_d12_gives_exactly_one_manoeuvre(mode):
    faces = sorted(f for fs in D12_TABLE[mode].values() for f in fs)
    assert faces == list(range(1, 13))
    assert set(D12_TABLE[mode]) <= set(MANOEUVRES)


def test_the_table_rows_as_read():
    assert [manoeuvre_for(AGGRESSIVE, f) for f in (1, 3, 6, 9, 10)] == [
        MAINTAIN_COURSE,
        AGGRESSIVE_MOVE,
        STANDARD_TOWARD,
        STANDARD_AWAY,
        HARD_TOWARD,
    ]
    assert [manoeuvre_for(STANDARD, f) for f in (4, 5, 7, 8, 11, 12)] == [
        MAINTAIN_COURSE,
        AGGRESSIVE_MOVE,
        STANDARD_TOWARD,
        STANDARD_AWAY,
        HARD_TOWARD,
        HARD_AWAY,
    ]
    assert HARD_AWAY not in D12_TABLE[AGGRESSIVE]
    assert not {AGGRESSIVE_MOVE, STANDARD_TOWARD, HARD_TOWARD} & set(D12_TABLE[UNSURE])


# --- the manoeuvres, segment by segment -------------------------------------------------------


@pytest.mark.parametrize(
    ("manoeuvre", "turn"),
    [(MAINTAIN_COURSE, 0.0), (STANDARD_TOWARD, -22.5), (HARD_TOWARD, -45.0), (STANDARD_AWAY, 22.5), (HARD_AWAY, 45.0)],
)
def test_each_row_turns_the_bow_toward_or_away_from_the_enemy_by_its_share_of_the_allowance(manoeuvre, turn):
    st = frigate_and_enemy()  # heading east, the enemy to the north-east: toward is to port
    assert wish(st, "amazon", ordered(st, "amazon", manoeuvre)).turn == turn


@pytest.mark.parametrize("manoeuvre", [STANDARD_TOWARD, HARD_TOWARD])
def test_within_gun_range_a_turn_toward_has_done_its_work_and_she_seeks_the_best_firing_position(manoeuvre):
    st = frigate_and_enemy(enemy_at=(30.0, 30.0, 270.0))  # 22" off: inside effective range
    w = wish(st, "amazon", ordered(st, "amazon", manoeuvre))
    assert (w.turn, w.turn_slack, w.longest, w.steady) == (0.0, 45.0, 5.0, True)


def test_a_turn_away_is_still_a_turn_away_within_gun_range():
    st = frigate_and_enemy(enemy_at=(30.0, 30.0, 270.0))
    assert wish(st, "amazon", ordered(st, "amazon", HARD_AWAY)).turn == 45.0


def test_a_turn_toward_stops_when_the_bow_bears_on_the_enemy():
    st = frigate_and_enemy(enemy_at=(60.0, 17.0, 270.0), at=(20.0, 20.0))
    w = wish(st, "amazon", ordered(st, "amazon", HARD_TOWARD))
    ahead = bearing((20.0 + w.distance, 20.0), (60.0, 17.0))
    assert w.turn == pytest.approx(signed_angle(90.0, ahead), abs=0.05)
    assert 0 < w.turn < 10


@pytest.mark.parametrize(("share", "distance"), [(0.0, 2.5), (0.5, 3.75), (1.0, 5.0)])
def test_the_must_move_distance_places_the_segment_between_its_minimum_and_maximum(share, distance):
    st = frigate_and_enemy()  # battle sail, reaching: 2.5" to 5"
    assert wish(st, "amazon", ordered(st, "amazon", MAINTAIN_COURSE, must_move=share)).distance == distance


def test_a_ship_wears_rather_than_turn_through_the_wind():
    # heading 60 with the wind from the north: the short way to the enemy in the north-west is through the wind
    st = frigate_and_enemy(enemy_at=(5.0, 40.0, 90.0), heading=60.0)  # 35" off
    assert wish(st, "amazon", ordered(st, "amazon", HARD_TOWARD)).turn == 45.0


def test_the_segment_sailed_turns_the_way_the_order_says_within_the_helmsmans_latitude():
    st = frigate_and_enemy()
    player = ordered(st, "amazon", STANDARD_TOWARD)
    move = next(o for o in legal_commands(st) if o.type == "move")
    cmd = player.choose(st, [move])
    assert isinstance(cmd, c.MoveSegment)
    assert -33.75 <= cmd.turn <= -11.25  # half the allowance to port, give or take a quarter
    assert cmd.distance >= 2.5


def test_seamanship_turns_her_off_a_course_that_would_run_her_off_the_table():
    st = frigate_and_enemy(enemy_at=(50.0, 10.0, 270.0), heading=90.0, at=(20.0, 20.0))
    st.ships["amazon"].x = 60.0  # 12" from the east edge, bows on to it: clear this turn, not the next
    player = ordered(st, "amazon", MAINTAIN_COURSE)
    play_activation(st, player)
    amazon = st.ships["amazon"]
    assert amazon.status == "afloat" and amazon.heading != 90.0


def test_the_aggressive_move_brings_a_broadside_to_bear_and_fires_it():
    st = frigate_and_enemy(enemy_at=(36.0, 20.0, 0.0), heading=90.0, at=(20.0, 20.0))  # the enemy dead ahead, 14" off
    player = ordered(st, "amazon", AGGRESSIVE_MOVE, must_move=0.5)
    events = play_activation(st, player)
    shots = [e for e in events if e["type"] == "broadside" and e["ship"] == "amazon"]
    assert shots and shots[0]["target"] == "virginie"


def test_a_side_that_must_leave_by_an_edge_steers_for_it_instead_of_the_enemy():
    st = frigate_and_enemy(enemy_at=(10.0, 40.0, 90.0), heading=0.0, sail="full", at=(20.0, 20.0))
    st.scenario = replace(st.scenario, victory={"exit_edges": {"british": "east"}})
    w = wish(st, "amazon", ordered(st, "amazon", HARD_AWAY, must_move=0.0))
    assert w.turn == 45.0  # toward the east edge, full allowance, whatever the table said
    assert w.distance == plan(st, st.activation, st.ships["amazon"]).maximum


# --- gunnery ------------------------------------------------------------------------------------


def three_ships(**kw):
    st = battle(
        [
            {"id": "amazon", "pose": (20.0, 20.0, 0.0), "sail": "easy"},
            {"id": "virginie", "side": "french", "pose": (40.0, 30.0, 0.0)},
            {"id": "cleopatre", "side": "french", "pose": (31.0, 19.0, 0.0), "squadron": "second"},
            {"id": "medee", "side": "french", "pose": (20.0, 26.0, 90.0), "squadron": "second"},
        ],
        **kw,
    )
    activate(st, "amazon")
    return st


def test_she_fires_at_the_closest_enemy_in_arc_at_the_first_chance():
    st = three_ships()  # Medee is closest but dead ahead, out of every arc
    options = legal_commands(st)
    assert {o.fixed["target"] for o in options if o.type == "fire"} == {"cleopatre", "virginie"}
    cmd = ordered(st, "amazon", MAINTAIN_COURSE).choose(st, options)
    assert isinstance(cmd, c.Fire)
    assert (cmd.side, cmd.target) == ("starboard", "cleopatre")


def test_she_aims_where_the_broadside_cripples_soonest_and_tries_chain_shot_at_rigging_close_in():
    st = three_ships()
    shot = plan_shot(st, st.ships["amazon"], "starboard", st.ships["cleopatre"], "rigging")
    assert shot.band == "close"
    cmd = ordered(st, "amazon", MAINTAIN_COURSE).choose(st, legal_commands(st))
    # a frigate's rigging is crippled after 13 points, her hull after 26: rigging first
    assert (cmd.aim, cmd.chain_shot) == ("rigging", True)


def test_a_runner_is_fired_at_in_the_rigging():
    st = three_ships()
    st.scenario = replace(st.scenario, victory={"exit_edges": {"french": "east"}})
    st.ships["cleopatre"].x, st.ships["cleopatre"].y = 40.0, 26.0  # in arc at effective range: no chain shot
    cmd = ordered(st, "amazon", MAINTAIN_COURSE).choose(st, legal_commands(st))
    assert (cmd.target, cmd.aim, cmd.chain_shot) == ("cleopatre", "rigging", False)


def test_she_fires_as_she_bears_when_offered_the_chance_in_the_enemys_move():
    st = three_ships()
    st.ships["amazon"].fas = True
    st.fas_window = ("amazon",)
    options = legal_commands(st)
    assert {o.type for o in options} == {"fire", "hold_fire"}
    cmd = ordered(st, "amazon", MAINTAIN_COURSE).choose(st, options)
    assert isinstance(cmd, c.Fire) and cmd.target == "cleopatre"


# --- boarding --------------------------------------------------------------------------------------


def boarding_position(enemy_crew: int):
    st = frigate_and_enemy(enemy_at=(25.0, 20.0, 90.0), sail="easy", at=(20.0, 20.0))  # 3" ahead, out of every arc
    st.ships["virginie"].crew = enemy_crew
    return st


def test_an_aggressive_ship_grapples_an_enemy_her_boarders_can_carry():
    st = boarding_position(enemy_crew=12)
    cmd = ordered(st, "amazon", MAINTAIN_COURSE, mode=AGGRESSIVE).choose(st, legal_commands(st))
    assert cmd == c.DeclareBoarding("amazon", "virginie")


@pytest.mark.parametrize("mode", [STANDARD, UNSURE])
def test_only_an_aggressive_ship_grapples(mode):
    st = boarding_position(enemy_crew=12)
    cmd = ordered(st, "amazon", MAINTAIN_COURSE, mode=mode).choose(st, legal_commands(st))
    assert not isinstance(cmd, c.DeclareBoarding)


def test_an_aggressive_ship_does_not_grapple_a_crew_that_would_beat_hers():
    st = boarding_position(enemy_crew=40)
    st.ships["amazon"].crew = 20
    cmd = ordered(st, "amazon", MAINTAIN_COURSE, mode=AGGRESSIVE).choose(st, legal_commands(st))
    assert not isinstance(cmd, c.DeclareBoarding)


# --- everything else the engine may ask ----------------------------------------------------------


def test_she_fights_her_fires_before_anything_else():
    st = frigate_and_enemy()
    st.ships["amazon"].fires = 1
    cmd = ordered(st, "amazon", MAINTAIN_COURSE).choose(st, legal_commands(st))
    assert cmd == c.FightFires("amazon", all_hands=False)


def test_taken_aback_she_tries_to_tack():
    st = frigate_and_enemy(heading=0.0)  # bows into the wind, the enemy far off: no sail to change
    assert plan(st, st.activation, st.ships["amazon"]).aback
    cmd = ordered(st, "amazon", MAINTAIN_COURSE).choose(st, legal_commands(st))
    assert cmd == c.Tack("amazon")


def test_her_activation_always_ends():
    st = frigate_and_enemy()
    events = play_activation(st, ordered(st, "amazon", HARD_AWAY))
    assert events[-1]["type"] in ("activation_end", "initiative_order", "turn") or st.activation is None
    assert st.ships["amazon"].activated


def test_a_refused_option_falls_back_to_the_least_way_and_no_turn():
    st = frigate_and_enemy()
    move = next(o for o in legal_commands(st) if o.type == "move")
    assert ScriptedPlayer(1, "british").fallback(move) == c.MoveSegment("amazon", 2.5, 0.0)


def test_choosing_never_touches_the_game():
    st = frigate_and_enemy(enemy_at=(36.0, 20.0, 0.0), at=(20.0, 20.0))
    before = (st.dice.state, st.state_hash())
    ordered(st, "amazon", AGGRESSIVE_MOVE).choose(st, legal_commands(st))
    assert (st.dice.state, st.state_hash()) == before


# --- whole games -----------------------------------------------------------------------------------


def short(name: str, turns: int):
    return replace(load_scenario(scenario_path(name), SHIPS, RULES), turn_limit=turns)


def test_the_scripted_kind_is_registered():
    assert "scripted" in PLAYER_KINDS and type(make_player("scripted", 1, "british")) is ScriptedPlayer
    assert make_player("scripted", 1, "british").kind == "scripted"


def test_the_same_seed_plays_the_same_game():
    scenario = short("duel", 3)
    players = {"american": "scripted", "british": "scripted"}
    a = play(scenario, RULES, 11, players).session
    b = play(scenario, RULES, 11, players).session
    assert a.commands == b.commands and a.state.state_hash() == b.state.state_hash()


@pytest.mark.parametrize("name", ["squadron", "blockade_run", "cap_noir"])
def test_short_games_against_the_random_player_run_to_their_end(name):
    scenario = short(name, 2)
    sides = [s.id for s in scenario.sides]
    result = play(scenario, RULES, 5, {sides[0]: "scripted", sides[1]: "random"})
    assert result.session.state.phase == "over"


def test_fouled_with_a_wreck_across_her_bow_she_backs_clear_and_turns_away():
    st = battle(
        [
            {"id": "amazon", "pose": (30, 20, 0)},
            {"id": "wreck", "pose": (30, 21.376, 90)},  # a dismasted friend drifting across her bow
            {"id": "virginie", "side": "french", "pose": (60, 40, 270)},
        ],
        wind_from=180,
    )
    st.ships["wreck"].rigging, st.ships["wreck"].sail = 0, None
    activate(st, "amazon")
    player = ordered(st, "amazon", MAINTAIN_COURSE)
    cmd = player.choose(st, legal_commands(st))
    assert isinstance(cmd, c.BackClear) and cmd.turn != 0.0
    events = play_activation(st, player)
    assert not [e for e in events if e["type"] == "collision"]
