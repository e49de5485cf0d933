"""The UI scale: words and panels grow on a big screen (or when the player asks), the table keeps its pixels."""

from __future__ import annotations

import pygame
import pytest

from game.ui import scale
from game.ui.scale import auto_factor, chosen, px
from game.ui.theme import theme
from tests.ui.driver import battle, frames, make_app


@pytest.mark.parametrize("size,want", [((1024, 600), 1.0), ((1600, 900), 1.0), ((1920, 1080), 1.25),
                                       ((2560, 1440), 1.5), ((3840, 2160), 2.5)])
def test_automatic_scale_follows_the_window(size, want):
    assert auto_factor(size) == want


def test_a_chosen_percentage_is_kept_but_never_leaves_the_layout_less_than_its_smallest_window():
    assert chosen("150", (3840, 2160)) == 1.5
    assert chosen("300", (1600, 900)) == pytest.approx(1.5)  # 1600x900 at 300% would be a 533x300 layout
    assert chosen("100", (3840, 2160)) == 1.0


def test_px_scales_design_pixels_and_never_rounds_a_size_to_nothing():
    scale.set_factor(2.5)
    assert px(40) == 100 and px(1) == 2 and px(0) == 0
    scale.set_factor(1.0)
    assert px(40) == 40


def test_the_widgets_theme_grows_with_the_scale():
    scale.set_factor(1.0)
    plain = theme()
    scale.set_factor(2.0)
    big = theme()
    assert big["@menu_button"]["font"]["size"] == str(2 * int(plain["@menu_button"]["font"]["size"]))
    assert big["button"]["font"]["size"] == "28"  # pygame_gui's default 14, doubled


def test_a_4k_window_draws_the_side_panel_words_and_buttons_bigger_and_the_table_in_full():
    app = make_app((3840, 2160))
    assert scale.factor() == 2.5
    scene = battle(app, "duel", seed=7)
    frames(app, 2)
    assert scene.card_rect.width == px(400) - 2 * px(6)
    assert scene.cam.view_w == 3840 - px(400)  # the table has every other pixel
    button = next(iter(scene.actions.buttons))
    assert button.rect.height == px(22)
    assert scene.log.row_h >= 2 * 14  # the log's type is at least twice its 1600x900 size


def test_choosing_a_size_in_the_settings_lays_the_menu_out_again_at_once(monkeypatch):
    from game.ui.scenes.menu import MenuScene
    from tests.ui.test_menu import choose, key

    app = make_app((1920, 1080))
    app.replace(MenuScene)
    frames(app, 2)
    assert scale.factor() == 1.25
    scene = app.scene
    key(app, pygame.K_s, "s")
    before = scene.panel.get_abs_rect().width
    choose(app, scene.scale_menu, "100%")
    frames(app, 3)
    assert app.settings.ui_scale == "100" and scale.factor() == 1.0
    assert scene.panel_kind == "settings" and scene.panel.get_abs_rect().width != before
