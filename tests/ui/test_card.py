"""The ship card: draws for real ships without error, and its two tables follow the rules."""

from __future__ import annotations

import pygame
import pytest

from game.content.load import load_default, load_scenario, scenario_path
from game.systems.btq21.broadside import broadside_total, split_dice
from game.systems.btq21.setup import new_game
from game.systems.btq21.state import CAPTURED, STRUCK, SUNK
from game.ui.panels.card import (
    LOST,
    OK,
    PINK,
    PINK_LOST,
    ShipCard,
    broadside_table,
    draw_card,
    fit_text,
    render_card,
    track_boxes,
)


def _game(name: str):
    rules, ships = load_default()
    state, _ = new_game(load_scenario(scenario_path(name), ships, rules), rules, 7)
    return state


@pytest.fixture(scope="module")
def squadron():
    return _game("squadron")


@pytest.fixture(scope="module")
def cap_noir():
    return _game("cap_noir")


def _damaged(state, ship_id: str):
    s = state.copy()
    ship = s.ships[ship_id]
    ship.hull -= 10
    ship.fires = 2
    ship.leaks = 1
    ship.rudder = True
    ship.fired = ("port",)
    ship.fas = True
    return s


@pytest.mark.parametrize("size", [(340, 430), (400, 430), (360, 300), (120, 80)])
def test_every_ship_draws(squadron, cap_noir, size):
    target = pygame.Surface((size[0] + 20, size[1] + 20))
    for state in (squadron, cap_noir, _damaged(squadron, next(iter(squadron.ships)))):
        for ship_id in state.ships:
            draw_card(target, pygame.Rect(10, 10, *size), state, ship_id)
            assert render_card(state, ship_id, size).get_size() == size


def test_damaged_and_out_of_action_ships_draw(squadron):
    s = _damaged(squadron, "venerable")
    s.ships["bucentaure"].hull -= 60  # crippled hull: halved dice
    for status in (STRUCK, CAPTURED, SUNK):
        s.ships["redoutable"].status = status
        render_card(s, "redoutable", (360, 430))
    render_card(s, "venerable", (360, 430))
    render_card(s, "bucentaure", (360, 430))


def test_shore_battery_is_a_fort(cap_noir):
    battery = next(sid for sid, ship in cap_noir.ships.items() if ship.shore_battery)
    s = cap_noir.copy()
    s.ships[battery].hull -= 5
    s.ships[battery].fired = ("battery",)
    img = render_card(s, battery, (360, 430))
    assert img.get_size() == (360, 430)


def test_track_boxes_follow_the_cripple_rule():
    assert track_boxes(5, 0, 2) == [PINK, PINK, OK, OK, OK]
    assert track_boxes(5, 1, 2) == [PINK_LOST, PINK, OK, OK, OK]
    assert track_boxes(5, 3, 2) == [PINK_LOST, PINK_LOST, LOST, OK, OK]
    assert track_boxes(3, 9, 1) == [PINK_LOST, LOST, LOST]  # more lost than there are boxes
    assert track_boxes(0, 0, 1) == []
    # crippled exactly when every pink box is crossed, as Ship.crippled says
    for lost in range(0, 15):
        boxes = track_boxes(14, lost, 5)
        assert boxes.count(PINK) + boxes.count(PINK_LOST) == 5
        assert boxes.count(LOST) + boxes.count(PINK_LOST) == lost
        assert (PINK not in boxes) == (lost >= 5)


def test_track_boxes_match_a_real_ship(squadron):
    s = squadron.copy()
    ship = s.ships["venerable"]
    ship.hull -= 50
    boxes = track_boxes(ship.hull_start, ship.lost("hull"), ship.hull_cripple)
    assert len(boxes) == ship.hull_start
    assert (PINK not in boxes) == ship.crippled("hull")


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


def test_cache_renders_an_unchanged_card_once(squadron):
    card = ShipCard()
    target = pygame.Surface((400, 450))
    rect = pygame.Rect(0, 0, 360, 430)
    s = squadron.copy()
    card.draw(target, rect, s, "venerable")
    s.ships["venerable"].x += 3.0  # moving does not change the card
    card.draw(target, rect, s, "venerable")
    assert card.renders == 1
    s.ships["venerable"].hull -= 1
    card.draw(target, rect, s, "venerable")
    assert card.renders == 2
    card.draw(target, pygame.Rect(0, 0, 340, 430), s, "venerable")
    assert card.renders == 3


def test_text_never_wider_than_asked():
    for width in (1, 5, 40, 200):
        img = fit_text("Santisima Trinidad, the largest ship afloat", 28, (255, 255, 255), width, bold=True)
        assert img.get_width() <= width
