"""The ship card: draws for real ships without error, and its two tables follow the rules."""

from __future__ import annotations

import pygame
import pytest

from game.systems.btq21.card import ship_card
from game.systems.btq21.state import CAPTURED, STRUCK, SUNK
from game.ui.panels.card import ShipCard, draw_card, fit_text, render_card
from tests.systems.btq21.battle import damaged, shipped_battle


@pytest.fixture(scope="module")
def squadron():
    return shipped_battle("squadron")


@pytest.fixture(scope="module")
def cap_noir():
    return shipped_battle("cap_noir")


@pytest.mark.parametrize("size", [(340, 430), (400, 430), (360, 300), (120, 80)])
def test_every_ship_draws(squadron, cap_noir, size):
    target = pygame.Surface((size[0] + 20, size[1] + 20))
    for state in (squadron, cap_noir, damaged(squadron, next(iter(squadron.ships)))):
        for ship_id in state.ships:
            draw_card(target, pygame.Rect(10, 10, *size), ship_card(state, ship_id))
            assert render_card(ship_card(state, ship_id), size).get_size() == size


def test_damaged_and_out_of_action_ships_draw(squadron):
    s = damaged(squadron, "venerable")
    s.ships["bucentaure"].hull -= 60  # crippled hull: halved dice
    for status in (STRUCK, CAPTURED, SUNK):
        s.ships["redoutable"].status = status
        render_card(ship_card(s, "redoutable"), (360, 430))
    render_card(ship_card(s, "venerable"), (360, 430))
    render_card(ship_card(s, "bucentaure"), (360, 430))


def test_shore_battery_is_a_fort(cap_noir):
    battery = next(sid for sid, ship in cap_noir.ships.items() if ship.shore_battery)
    s = cap_noir.copy()
    s.ships[battery].hull -= 5
    s.ships[battery].fired = ("battery",)
    img = render_card(ship_card(s, battery), (360, 430))
    assert img.get_size() == (360, 430)


def test_cache_renders_an_unchanged_card_once(squadron):
    card = ShipCard()
    target = pygame.Surface((400, 450))
    rect = pygame.Rect(0, 0, 360, 430)
    s = squadron.copy()
    card.draw(target, rect, ship_card(s, "venerable"))
    s.ships["venerable"].x += 3.0  # moving does not change the card
    card.draw(target, rect, ship_card(s, "venerable"))
    assert card.renders == 1
    s.ships["venerable"].hull -= 1
    card.draw(target, rect, ship_card(s, "venerable"))
    assert card.renders == 2
    card.draw(target, pygame.Rect(0, 0, 340, 430), ship_card(s, "venerable"))
    assert card.renders == 3


def test_text_never_wider_than_asked():
    for width in (1, 5, 40, 200):
        img = fit_text("Santisima Trinidad, the largest ship afloat", 28, (255, 255, 255), width, bold=True)
        assert img.get_width() <= width
