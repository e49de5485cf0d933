"""Beat to Quarters' ship card: tracks and the broadside table as the rules count them."""

from __future__ import annotations

import pytest

from game.systems.btq21.broadside import broadside_total, split_dice
from game.systems.btq21.card import broadside_table, ship_card, ship_fate
from game.systems.btq21.state import STRUCK
from game.systems.card import OK, track_boxes
from tests.systems.btq21.battle import damaged, shipped_battle


@pytest.fixture(scope="module")
def squadron():
    return shipped_battle("squadron")


@pytest.fixture(scope="module")
def cap_noir():
    return shipped_battle("cap_noir")


def test_track_boxes_match_a_real_ship(squadron):
    s = squadron.copy()
    ship = s.ships["venerable"]
    ship.hull -= 50
    boxes = track_boxes(ship.hull_start, ship.lost("hull"), ship.hull_cripple)
    assert len(boxes) == ship.hull_start
    assert (OK not in boxes) == ship.crippled("hull")


@pytest.mark.parametrize("crippled", [False, True])
def test_broadside_table_matches_the_rules(squadron, crippled):
    s = squadron.copy()
    ship = s.ships["bucentaure"]
    if crippled:
        ship.hull -= ship.hull_cripple
    assert ship.crippled("hull") == crippled
    rows = broadside_table(s, ship)
    assert [r.band for r in rows] == list(s.rules.ranges)
    for row in rows:
        d10, d6 = split_dice(broadside_total(s, ship.guns, row.band), ship.large_share)
        if crippled:
            d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
        assert (row.d10, row.d6) == (d10, d6)
        assert row.halved == crippled
        assert row.hull == s.rules.to_hit["hull"][row.band]
        assert row.rigging == s.rules.to_hit["rigging"][row.band]
        assert str(d10) in row.dice and str(d6) in row.dice


def test_halving_rounds_up(squadron):
    s = squadron.copy()
    ship = s.ships["venerable"]
    sound = broadside_table(s, ship)
    ship.hull -= ship.hull_cripple
    halved = broadside_table(s, ship)
    for a, b in zip(sound, halved, strict=True):
        assert b.d10 == -(-a.d10 // 2) and b.d6 == -(-a.d6 // 2)


def test_the_card_carries_the_tracks_marks_and_table_of_the_ship(squadron):
    s = damaged(squadron, "venerable")
    card = ship_card(s, "venerable")
    ship = s.ships["venerable"]
    assert [t.label for t in card.tracks] == ["HULL", "RIGGING", "CREW"]
    assert card.tracks[0].left == ship.hull and card.tracks[0].start == ship.hull_start
    labels = [m.label for line in card.marks for m in line]
    assert {"Fires 2", "Leaks 1", "Rudder damaged", "Port fired", "Starboard ready", "Fire As She Bears"} <= set(labels)
    assert card.table is not None and [r.key for r in card.table.rows] == list(s.rules.ranges)
    assert card.stamp == "" and ship_card(s, "venerable") == card  # a frozen value: unchanged, equal
    s.ships["venerable"].status = STRUCK
    assert ship_card(s, "venerable").stamp == "STRUCK"


def test_a_shore_battery_has_a_fort_track_and_battery_dice():
    s = shipped_battle("cap_noir")
    battery = next(sid for sid, ship in s.ships.items() if ship.shore_battery)
    card = ship_card(s, battery)
    assert [t.label for t in card.tracks][0] == "FORT" and "RIGGING" not in [t.label for t in card.tracks]
    assert card.table is not None and card.table.title == "BATTERY DICE"


# --- how the battle left her (the result's lines) ----------------------------------------------


def _duel_state():
    return shipped_battle("duel")


def test_a_ship_still_fighting_shows_what_she_has_left():
    state = _duel_state()
    ship = next(iter(state.ships.values()))
    ship.hull -= 5
    fate = ship_fate(state, ship.id)
    assert fate.kind == "" and fate.side == ship.side and fate.what == f"{ship.guns} guns"
    assert fate.text.startswith(f"afloat: hull {ship.hull_start - 5}/{ship.hull_start}, rigging")


def test_a_prize_is_listed_with_the_side_she_began_with_and_who_took_her():
    state = _duel_state()
    a, b = state.ships.values()
    b.original_side, b.side, b.status = b.side, a.side, "captured"
    fate = ship_fate(state, b.id)
    assert (fate.side, fate.kind) == (b.original_side, "taken")
    assert fate.text == f"captured by the {state.side_name(a.side)}"


def test_a_ship_that_sailed_off_says_by_which_edge():
    state = _duel_state()
    ship = next(iter(state.ships.values()))
    ship.status, ship.exit_edge = "left_table", "east"
    assert (ship_fate(state, ship.id).text, ship_fate(state, ship.id).kind) == ("left the table by the east edge",
                                                                               "gone")
