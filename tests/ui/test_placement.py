"""Tool tips and the program's messages keep off what the player is using."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.placement import message_spot, tip_spot
from tests.ui.driver import battle, drag, frames, key, make_app, move_to

WINDOW = pygame.Rect(0, 0, 1280, 720)


def test_a_tip_goes_below_its_widget_when_nothing_is_there():
    anchor = pygame.Rect(100, 100, 80, 30)
    spot = tip_spot((200, 60), anchor, WINDOW, [])
    assert spot.top >= anchor.bottom and not spot.colliderect(anchor)


def test_a_tip_for_a_button_in_a_panel_goes_beside_the_panel_not_over_it():
    panel = pygame.Rect(880, 40, 400, 680)
    button = pygame.Rect(886, 480, 200, 28)
    spot = tip_spot((280, 90), button, WINDOW, [panel])
    assert not spot.colliderect(panel) and WINDOW.contains(spot)
    assert spot.right <= panel.left and abs(spot.top - button.top) < 10  # at the button's height, to its left


def test_a_message_leaves_the_bottom_for_the_top_when_something_is_read_there():
    area = pygame.Rect(0, 40, 880, 680)
    label = pygame.Rect(300, 650, 200, 40)
    assert message_spot((400, 30), area, []).bottom > 600
    spot = message_spot((400, 30), area, [label])
    assert not spot.colliderect(label) and spot.top < 100


def _tip_shown(app, widget) -> pygame.Rect:
    move_to(app, widget.get_abs_rect().center)
    for _ in range(6):  # the pointer rests past the tool tip delay
        app.step(0.4)
    assert widget.tool_tip is not None
    return pygame.Rect(widget.tool_tip.rect)


def test_an_action_buttons_tip_covers_no_other_action_and_no_card():
    app = make_app((1280, 720))
    scene = battle(app, "squadron", seed=1)
    button = next(b for b in app.ui.get_sprite_group().sprites()
                  if isinstance(b, pygame_gui.elements.UIButton) and b.text.startswith("2  Activate"))
    tip = _tip_shown(app, button)
    column = pygame.Rect(scene.cam.view_x + scene.cam.view_w, 0, 1280, 720)
    assert not tip.colliderect(column)


def test_a_message_said_while_measuring_keeps_off_the_tapes_reading_and_the_side_panel():
    app = make_app((1280, 720))
    scene = battle(app, "duel", seed=7)
    key(app, pygame.K_m)
    cam = scene.cam
    a = (cam.view_x + cam.view_w // 2 - 200, cam.view_y + 60)
    b = (cam.view_x + cam.view_w // 2 + 40, cam.view_y + 40)  # the reading lands at the top of the table
    drag(app, a, b)
    scene.measuring = True
    scene.measure = (cam.to_table(*a), cam.to_table(*b))
    app.say("a message long enough to reach across the middle of the table at the top of the view")
    frames(app, 2)
    assert scene.view.measure_rect is not None and app.message_rect is not None
    assert not app.message_rect.colliderect(scene.view.measure_rect)
    column = pygame.Rect(cam.view_x + cam.view_w, 0, 1280, 720)
    assert not app.message_rect.colliderect(column)


def test_in_the_new_battle_panel_an_options_tip_and_a_message_leave_the_scenario_list_clear():
    from game.ui.scenes.menu import MenuScene

    app = make_app((1280, 720))
    app.replace(MenuScene)
    frames(app, 2)
    scene = app.scene
    key(app, pygame.K_n)
    frames(app, 2)
    box = next(iter(scene.option_boxes.values()))
    listed = pygame.Rect(scene.scenario_list.get_abs_rect())
    app.say("a message long enough to need a few lines when it is written under the menu's buttons")
    frames(app, 2)
    assert not app.message_rect.colliderect(listed)
    assert not app.message_rect.colliderect(pygame.Rect(scene.panel.get_abs_rect()))
    assert not _tip_shown(app, box).colliderect(listed)
