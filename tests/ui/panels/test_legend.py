"""The legend: L shows every mark's meaning over the table, off the side panel; L, Esc or a click puts it away."""

from __future__ import annotations

import pygame

from game.ui.panels.legend import TABLE_MARKS, render_legend
from tests.ui.driver import battle, click, frames, key, make_app, press_button


def test_l_shows_the_legend_over_the_table_and_esc_puts_it_away():
    app = make_app((1280, 720))
    scene = battle(app, "duel", seed=7)
    key(app, pygame.K_l)
    frames(app)
    view = pygame.Rect(scene.cam.view_x, scene.cam.view_y, scene.cam.view_w, scene.cam.view_h)
    assert scene.legend.visible and scene.legend.rect is not None
    assert view.contains(scene.legend.rect)  # the card and the buttons stay in sight
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert not scene.legend.visible and scene.selected is not None  # Esc closed the legend, nothing else


def test_the_legend_button_opens_it_and_a_click_on_the_table_closes_it_without_acting():
    app = make_app((1280, 720))
    scene = battle(app, "duel", seed=7)
    press_button(app, "Legend")
    assert scene.legend.visible
    s = scene.state.ships["constitution"]
    click(app, scene.cam.to_screen(s.x, s.y))
    assert not scene.legend.visible and scene.state.activation is None


def test_a_tall_legend_scrolls_within_the_table():
    app = make_app((1024, 600))
    scene = battle(app, "duel", seed=7)
    key(app, pygame.K_l)
    frames(app)
    rect = scene.legend.rect
    assert rect is not None and rect.height < scene.legend._image.get_height()
    pygame.mouse.set_pos(rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    frames(app)
    assert scene.legend.scroll > 0


def test_every_group_and_mark_is_drawn():
    from game.systems.legend import SAMPLES, LegendGroup, Mark

    every = LegendGroup("all samples", tuple(Mark(k, (200, 100, 50), k, "what it means") for k in SAMPLES))
    img = render_legend((TABLE_MARKS, every), 800)
    assert img.get_width() == 800 and img.get_height() > 24 * len(SAMPLES)
