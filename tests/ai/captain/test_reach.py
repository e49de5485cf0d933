"""Sea room (can she keep off the table's edge next turn, whatever ships lie about her?), the pull of a
disabled enemy and the offing kept from the enemies that can still come on."""

import pytest

from game.ai import make_player
from game.ai.captain import reach
from game.ai.decide import decide
from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.session import Session
from game.systems.base import Refusal
from game.systems.btq21.evaluation import Appraiser
from tests.systems.btq21.battle import battle


def _seventy_fours(*poses: tuple[str, tuple[float, float, float]]):
    """British 74s at easy sail in a northerly wind, a French one far off to the north."""
    ships = [{"id": sid, "rate": "3rd", "pose": pose, "sail": "easy"} for sid, pose in poses]
    ships.append({"id": "bucentaure", "side": "french", "rate": "3rd", "pose": (40.0, 32.0, 200.0), "sail": "easy"})
    return battle(ships, wind_from=0)


#: Vanguard 0.8" off the south edge, her bow 12.5 degrees towards it, sailing east; ahead of her on the same
#: line, Bellerophon (where the searching captain's line stood in a squadron action, seed 30016, turn five).
VANGUARD_AT_THE_EDGE = ("vanguard", (33.19, 0.83, 102.5))
BELLEROPHON_AHEAD = ("bellerophon", (35.78, 0.97, 95.0))


def test_with_nothing_ahead_a_ship_whose_least_move_touches_the_edge_has_no_sea_room():
    st = _seventy_fours(VANGUARD_AT_THE_EDGE)
    assert reach.sea_room(st, st.ships["vanguard"]) == 1.0


def test_a_friend_lying_ahead_does_not_hide_the_edge_behind_him():
    st = _seventy_fours(VANGUARD_AT_THE_EDGE, BELLEROPHON_AHEAD)
    assert reach.sea_room(st, st.ships["vanguard"], through_ships=True) == 1.0
    # The old captain's look stops at the first thing ahead, the friend, and sees room there; captain-v1
    # keeps it, unchanged, so that progress is measured against her.
    assert reach.sea_room(st, st.ships["vanguard"]) == 0.0


def test_a_friend_close_ahead_that_stops_her_turning_away_from_the_edge_leaves_her_no_room():
    # Turn six of the same battle, with the change's first form (turns through ships as well): Bellerophon
    # 1.4" off the south edge, bow towards it, Vanguard 2.4" ahead on the same line.  After her least move
    # a turn to port, away from the edge, would swing her bow into Vanguard's stern; the engine refuses it,
    # and straight on she sails off the table.
    bellerophon = ("bellerophon", (45.33, 1.43, 110.0))
    crowded = _seventy_fours(bellerophon, ("vanguard", (47.77, 1.56, 110.0)))
    alone = _seventy_fours(bellerophon)
    assert reach.sea_room(crowded, crowded.ships["bellerophon"], through_ships=True) == 1.0
    assert reach.sea_room(alone, alone.ships["bellerophon"], through_ships=True) == 0.0


def test_a_ship_with_open_water_ahead_has_room_either_way():
    st = _seventy_fours(("vanguard", (33.0, 10.0, 95.0)), ("bellerophon", (36.0, 10.2, 95.0)))
    assert reach.sea_room(st, st.ships["vanguard"], through_ships=True) == 0.0
    assert reach.sea_room(st, st.ships["vanguard"]) == 0.0


def test_in_the_squadron_action_the_searching_captains_line_does_not_sail_off_the_south_edge():
    # Seed 30016, British captain:normal against captain-v1: standing off to the south, Vanguard ended her
    # fourth turn 0.8" off the edge with her bow turned towards it, astern of Bellerophon, and in turn five
    # she could not help sailing off the table (half her value to the French, a third of the line gone).
    rules, ships = load_default()
    sc = load_scenario(scenario_path("squadron"), ships, rules)
    players = {"british": "captain:normal", "french": "captain-v1"}
    session = Session(sc, rules, 30016, players, {})
    agents = {side: make_player(kind, 30016, side) for side, kind in players.items()}
    while not session.over and session.state.turn <= 6:
        options = session.legal()
        decide(agents[session.side_of(options)], session.state, options,
               lambda cmd: not isinstance(session.submit(cmd), Refusal))
    left = [s.id for s in session.state.ships.values() if s.side == "british" and s.status == "left_table"]
    assert left == []


def _cripple_and_frigate():
    st = battle(
        [
            {"id": "big", "pose": (24, 30, 90), "guns": 44, "rate": "4th"},
            {"id": "small", "side": "french", "pose": (48, 20, 90), "rate": "6th"},
            {"id": "smaller", "side": "french", "pose": (68, 46, 90), "rate": "6th"},
        ],
        wind_from=0,
        victory={"mode": "points"},
    )
    st.ships["small"].rigging = 10  # crippled: she can no longer get away
    return st


def test_a_disabled_enemy_pulls_in_proportion_to_how_near_she_is_out_to_the_given_range():
    st = _cripple_and_frigate()
    big, small = st.ships["big"], st.ships["small"]
    ap = Appraiser(st, "british")
    gap = reach.gap(big, small)
    assert reach.disabled(small) and not reach.disabled(st.ships["smaller"])
    assert reach.pursuit(ap, st, big, 0.2, 48.0) == pytest.approx(0.2 * ap.value["small"] * (48.0 - gap) / 48.0)
    # The old captain's pull is a twentieth of her value and reaches 30" only: at this gap (23") it is
    # about a tenth as strong (measured 0.42 against 3.96 points).
    assert reach.pursuit(ap, st, big) < 0.15 * reach.pursuit(ap, st, big, 0.2, 48.0)


def test_an_offing_past_cripples_is_measured_from_the_enemies_that_can_still_come_on():
    st = _cripple_and_frigate()
    ap = Appraiser(st, "british")
    big = st.ships["big"]
    assert reach.offing(ap, st, big, past_cripples=True) > reach.offing(ap, st, big)
