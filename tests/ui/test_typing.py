"""A letter typed into a line of text is the text's, never also a shortcut of the scene beneath."""

import pygame

from tests.ui.driver import battle, frames, make_app


def _type(app, k, char):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=char, scancode=0))
    frames(app)


def test_typing_a_file_name_with_an_l_in_the_save_dialog_does_not_open_the_legend():
    app = make_app()
    scene = battle(app, "duel", seed=3)
    scene.open_dialog("save")
    frames(app)
    app.ui.set_focus_set(scene.dialog.file_path_text_line)
    shown = scene.legend.visible
    _type(app, pygame.K_l, "l")
    assert scene.legend.visible == shown
    assert scene.dialog.file_path_text_line.get_text().endswith("l")


def test_without_a_line_of_text_in_hand_the_same_key_is_the_shortcut():
    app = make_app()
    scene = battle(app, "duel", seed=3)
    shown = scene.legend.visible
    _type(app, pygame.K_l, "l")
    assert scene.legend.visible != shown
