"""Cagway Bay's combat as the book gives it: action points, arcs, ranges, the damage chart, aiming, fire at
will, crew combat, dead ships, capture, scuttle and sharing HP.

The firer ``hawk`` lies at (20, 20) heading north: her port broadside looks west, her fore gun north.
A frigate is 2.4" x 0.8"; the shooting stick (yellow) is 1.92" a segment.
"""

from __future__ import annotations

import pytest

from game.systems.cagway import engine, gunnery
from game.systems.cagway.commands import Board, Capture, Fire, FireAtWill, Pass, Scuttle, Share
from game.systems.cagway.events import Out
from game.systems.cagway.health import hurt
from game.systems.cagway.state import COMBAT, MOVE, SUNK

from .position import TABLES, YELLOW, battle, island, load, new_round, of, play, refused, turn_of

FRIGATE = TABLES.cards["frigate"]


def west_of(distance: float, card: str = "frigate", **kw: object):
    """A foe ``distance`` inches off hawk's port side, lying parallel."""
    half = TABLES.cards[card].width / 2
    return battle(
        [("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", card, (19.6 - distance - half, 20.0, 0.0))],
        **kw,
    )


def ahead_of(distance: float):
    """A foe ``distance`` inches ahead of hawk's bow, lying across it."""
    return battle(
        [
            ("hawk", "navy", "frigate", (20.0, 20.0, 0.0)),
            ("foe", "pirate", "frigate", (20.0, 21.2 + distance + 0.4, 90.0)),
        ]
    )


def at_range(segments: int) -> float:
    """A distance that is ``segments`` segments of the shooting stick, a part segment rounded up."""
    return (segments - 0.5) * YELLOW


# --- action points by health ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hp", "actions", "cv"),
    [(30, 6, 4), (22, 6, 4), (21, 5, 4), (17, 5, 4), (16, 4, 4), (11, 4, 4), (10, 3, 3), (7, 3, 3), (6, 2, 2),
     (4, 2, 2), (3, 1, 1), (1, 1, 1), (0, 0, 0)],
)
def test_each_round_a_ship_gets_the_action_points_of_her_health_chart(hp, actions, cv):
    st = west_of(10.0)
    st.ships["hawk"].hp = hp
    e = of(new_round(st), "round")[0]
    assert e["actions"]["hawk"] == actions == st.ships["hawk"].actions
    assert FRIGATE.combat_value(hp) == cv


def test_damage_cuts_the_points_she_holds_to_her_new_health():
    st = west_of(10.0)
    turn_of(st, "foe", COMBAT, 6)
    hurt(st, st.ships["foe"], 10, Out(st))
    assert st.ships["foe"].hp == 20 and st.ships["foe"].actions == 5


# --- arcs, range and the damage chart ---------------------------------------------------------------------


@pytest.mark.parametrize("rng", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12])
def test_a_broadside_does_the_side_column_s_damage_at_its_range(rng):
    st = turn_of(west_of(at_range(rng)), "hawk", COMBAT, 1)  # one point: nothing left for aim
    shot = of(play(st, Fire("hawk", "port", "foe")), "shot")[0]
    want = TABLES.damage.get(rng, (0, 0))[0]
    assert (shot["range"], shot["aim"], shot["effective"], shot["damage"]) == (rng, 0, rng, want)
    assert st.ships["foe"].hp == 30 - want


@pytest.mark.parametrize("rng", [1, 3, 5, 7, 9])
def test_a_fore_gun_does_the_fore_aft_column_s_damage(rng):
    st = turn_of(ahead_of(at_range(rng)), "hawk", COMBAT, 1)
    shot = of(play(st, Fire("hawk", "fore", "foe")), "shot")[0]
    assert (shot["column"], shot["range"], shot["damage"]) == ("fore_aft", rng, TABLES.damage[rng][1])


def test_range_is_counted_in_whole_segments_a_part_segment_counting_whole():
    st = west_of(YELLOW * 2 + 0.05)
    b = gunnery.bearing(st, st.ships["hawk"], "port", st.ships["foe"])
    assert b is not None and b.range == 3 and b.distance == pytest.approx(YELLOW * 2 + 0.05)


def test_the_guns_that_bear_are_those_whose_arc_holds_part_of_her():
    st = west_of(3.0)
    hawk, foe = st.ships["hawk"], st.ships["foe"]
    assert [b.gun for b in gunnery.bearing_guns(st, hawk, foe)] == ["port"]
    # Ahead of her bow and off to port: only the fore gun's half of the table holds her.
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (15.0, 25.0, 0.0))])
    assert [b.gun for b in gunnery.bearing_guns(st, st.ships["hawk"], st.ships["foe"])] == ["fore"]


def test_a_ship_with_no_gun_bearing_is_no_target():
    st = battle([("hawk", "navy", "sloop", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (20.0, 14.0, 90.0))])
    turn_of(st, "hawk", COMBAT, 5)  # the sloop has no aft gun; the foe lies right astern
    assert not [o for o in engine.legal_commands(st) if o.type == "fire"]
    assert "no aft gun" in refused(st, Fire("hawk", "aft", "foe"))
    assert "line of fire" in refused(st, Fire("hawk", "port", "foe"))


def test_an_island_between_the_gun_and_her_nearest_point_blocks_the_shot():
    rock = island("rock", [(15.0, 18.0), (17.0, 18.0), (17.0, 22.0), (15.0, 22.0)])
    st = turn_of(west_of(6.0, islands=(rock,)), "hawk", COMBAT, 3)
    assert "Rock lies between" in refused(st, Fire("hawk", "port", "foe"))


def test_ships_do_not_block_a_shot():
    st = battle([
        ("hawk", "navy", "frigate", (20.0, 20.0, 0.0)),
        ("mid", "pirate", "frigate", (17.0, 20.0, 0.0)),
        ("foe", "pirate", "frigate", (14.0, 20.0, 0.0)),
    ])
    turn_of(st, "hawk", COMBAT, 1)
    play(st, Fire("hawk", "port", "foe"))


# --- aiming ----------------------------------------------------------------------------------------------


def test_the_book_s_example_four_points_at_side_range_seven_do_four_damage():
    st = turn_of(west_of(at_range(7)), "hawk", COMBAT, 4)
    shot = of(play(st, Fire("hawk", "port", "foe")), "shot")[0]
    assert (shot["aim"], shot["effective"], shot["damage"]) == (3, 4, 4)
    assert st.ships["hawk"].actions == 0


def test_aiming_never_brings_the_range_below_one():
    st = turn_of(west_of(at_range(3)), "hawk", COMBAT, 6)
    shot = of(play(st, Fire("hawk", "port", "foe")), "shot")[0]
    assert (shot["aim"], shot["effective"], shot["damage"]) == (5, 1, 6)


# --- fire at will ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "aim", "effective", "damage"),
    [(3, 3, 4, 4), (4, 4, 3, 5), (5, 0, 7, 2), (6, 0, 7, 2), (1, 1, 6, 2)],
)
def test_fire_at_will_takes_the_die_off_the_range_only_if_it_is_no_more_than_the_points_left(
    roll, aim, effective, damage
):
    st = turn_of(west_of(at_range(7)), "hawk", MOVE, 5)  # 5 points: 4 left after the shot
    load(st, roll)
    events = play(st, FireAtWill("hawk", "port", "foe"))
    shot = of(events, "shot")[0]
    assert shot["hasty"] and shot["roll"] == roll and shot["aim_allowed"] == (roll <= 4)
    assert (shot["aim"], shot["effective"], shot["damage"]) == (aim, effective, damage)
    assert of(events, "end_move")[0]["actions_left"] == 0  # all her points, and her whole move


def test_fire_at_will_must_be_her_whole_move():
    from game.systems.cagway.commands import Sail

    st = turn_of(west_of(at_range(4)), "hawk", MOVE, 6)
    play(st, Sail("hawk", 0.5, 0.0))
    assert "whole move" in refused(st, FireAtWill("hawk", "port", "foe"))


# --- touching: crew combat ----------------------------------------------------------------------------------


def test_touching_ships_fight_with_their_crews_at_combat_value():
    st = turn_of(west_of(0.0), "hawk", COMBAT, 6)
    st.ships["hawk"].hp = 9  # combat value 3
    assert "touching" in refused(st, Fire("hawk", "port", "foe"))
    events = play(st, Board("hawk", "foe"))
    assert of(events, "crew_attack")[0]["damage"] == 3 and st.ships["foe"].hp == 27
    assert st.ships["hawk"].actions == 5 and st.ships["hawk"].fought


def test_a_ship_touching_an_enemy_fires_at_nobody():
    st = battle([
        ("hawk", "navy", "frigate", (20.0, 20.0, 0.0)),
        ("foe", "pirate", "frigate", (19.2, 20.0, 0.0)),
        ("other", "pirate", "frigate", (26.0, 20.0, 0.0)),
    ])
    turn_of(st, "hawk", COMBAT, 6)
    assert "touching" in refused(st, Fire("hawk", "starboard", "other"))
    assert {o.type for o in engine.legal_commands(st)} == {"board", "pass"}


def test_crews_fight_only_ships_they_touch():
    st = turn_of(west_of(1.0), "hawk", COMBAT, 6)
    assert "not touching" in refused(st, Board("hawk", "foe"))


# --- dead ships --------------------------------------------------------------------------------------------


def test_a_ship_at_zero_hp_is_dead_with_no_actions_and_takes_no_more_damage():
    st = turn_of(west_of(at_range(1)), "hawk", COMBAT, 6)
    st.ships["foe"].hp = 4
    events = play(st, Fire("hawk", "port", "foe"))
    dmg = of(events, "damage")[0]
    assert (dmg["lost"], dmg["hp"], dmg["actions"], dmg["dead"]) == (4, 0, 0, True)
    turn_of(st, "hawk", COMBAT, 6)
    assert "dead in the water" in refused(st, Fire("hawk", "port", "foe"))
    assert of(new_round(st), "round")[0]["actions"]["foe"] == 0


# --- capture, scuttle, share ------------------------------------------------------------------------------------


def test_capture_moves_hp_across_and_the_prize_changes_side():
    st = turn_of(west_of(0.0), "hawk", COMBAT, 6)
    st.ships["foe"].hp = 0
    assert "must keep 1 HP" in refused(st, Capture("hawk", "foe", 30))
    events = play(st, Capture("hawk", "foe", 8))
    assert of(events, "capture")[0]["hp"] == 8 and of(events, "captured")[0] == {**of(events, "captured")[0],
                                                                                "ship": "foe", "by": "hawk"}
    hawk, foe = st.ships["hawk"], st.ships["foe"]
    assert (hawk.hp, foe.hp, foe.side, foe.original_side) == (22, 8, "navy", "pirate")
    assert hawk.actions == 5  # one point; and 22 HP still gives 6


def test_only_a_dead_ship_may_be_captured():
    st = turn_of(west_of(0.0), "hawk", COMBAT, 6)
    assert "still has crew" in refused(st, Capture("hawk", "foe", 5))


def test_scuttle_sinks_a_dead_ship_touching_her():
    st = turn_of(west_of(0.0), "hawk", COMBAT, 1)
    st.ships["foe"].hp = 0
    events = play(st, Scuttle("hawk", "foe"))
    assert of(events, "sunk")[0]["ship"] == "foe" and st.ships["foe"].status == SUNK
    assert not st.ships["foe"].on_table


def test_a_ship_without_points_cannot_scuttle_and_a_live_ship_is_not_scuttled():
    st = turn_of(west_of(0.0), "hawk", COMBAT, 6)
    assert "not dead" in refused(st, Scuttle("hawk", "foe"))


def test_friends_touching_share_hp_and_a_dead_friend_is_repaired_so():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("mate", "navy", "frigate", (19.2, 20.0, 0.0)),
                 ("foe", "pirate", "frigate", (35.0, 35.0, 0.0))])
    turn_of(st, "hawk", COMBAT, 6)
    st.ships["mate"].hp = 0
    e = of(play(st, Share("hawk", "mate", 10)), "share")[0]
    assert (e["hp"], e["paid_by"]) == (10, "hawk")
    assert (st.ships["hawk"].hp, st.ships["mate"].hp) == (20, 10)
    assert st.ships["hawk"].actions == 5  # one point paid; 20 HP gives 5


def test_sharing_may_take_hp_from_a_friend_and_never_from_an_enemy():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("mate", "navy", "frigate", (19.2, 20.0, 0.0)),
                 ("foe", "pirate", "frigate", (20.8, 20.0, 0.0))])
    turn_of(st, "hawk", COMBAT, 6)
    st.ships["hawk"].hp = 20
    play(st, Share("hawk", "mate", -5))
    assert (st.ships["hawk"].hp, st.ships["mate"].hp) == (25, 25)
    turn_of(st, "hawk", COMBAT, 6)
    assert "enemy" in refused(st, Share("hawk", "foe", 1))


def test_pass_ends_her_combat_action():
    st = turn_of(west_of(5.0), "hawk", COMBAT, 6)
    play(st, Pass("hawk"))
    assert st.ships["hawk"].fought and st.activation.ship == "foe"
