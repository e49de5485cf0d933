"""The guided first battle: the guide leads a new player through a whole activation, by the real controls."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.battle import BattleScene
from tests.ui.driver import click, drag, frames, key, make_app


def _first_battle(seed: int):
    app = make_app((1280, 720))
    assert app.start_first_battle(seed) is None
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.coach is not None
    return app, scene


def _lesson(scene) -> str | None:
    scene.coach.update()
    return scene.coach.current.key if scene.coach.current else None


def _next(app, scene) -> None:
    assert scene.coach.next_button.visible
    click(app, scene.coach.next_button.get_abs_rect().center)


def _wait_for_my_move(app, scene, limit: int = 3000) -> None:
    for _ in range(limit):
        side = scene.match.to_move()
        if side is not None and scene.match.is_human(side) and not scene.anim.busy:
            return
        app.step(1 / 30)
    raise AssertionError("the computer never handed over")


def test_the_guide_leads_through_a_whole_first_activation_when_the_player_acts_first():
    app, scene = _first_battle(seed=3)  # seed 3: Constitution wins the first initiative
    assert _lesson(scene) == "welcome"
    assert scene.coach.target() is not None  # it points at her
    _next(app, scene)
    assert _lesson(scene) == "wind"
    key(app, pygame.K_n)  # N does what Next does
    assert _lesson(scene) == "activate"  # her card is already up: the picking step is behind her
    key(app, pygame.K_RETURN)
    assert scene.state.activation is not None and scene.state.activation.ship == "constitution"
    assert _lesson(scene) == "card"
    _next(app, scene)
    assert _lesson(scene) == "wedges"
    _next(app, scene)
    assert _lesson(scene) == "fire"  # Guerriere bears from the start
    g = scene.state.ships["guerriere"]
    click(app, scene.cam.to_screen(g.x, g.y))
    assert scene.popup is not None
    first = next(b for b in scene.popup_buttons)
    click(app, first.get_abs_rect().center)
    frames(app, 3)
    assert any(e["type"] == "broadside" for e in scene.match.session.events)
    assert _lesson(scene) == "tape"
    plan = scene.current_plan()
    s = scene.state.ships["constitution"]
    start = scene.cam.to_screen(s.x, s.y)
    ahead = scene.cam.to_screen(s.x + 3.0, s.y)  # she heads east
    drag(app, start, ahead)
    assert plan.distance is not None
    assert _lesson(scene) == "turn"
    key(app, pygame.K_a, pygame.KMOD_SHIFT)
    assert _lesson(scene) == "sail"
    key(app, pygame.K_RETURN)
    assert _lesson(scene) == "segments"
    _next(app, scene)
    for _ in range(2):  # the other two segments, from the keyboard
        key(app, pygame.K_END)
        key(app, pygame.K_RETURN)
        frames(app, 2)
    assert _lesson(scene) == "end"
    key(app, pygame.K_e)
    frames(app, 2)
    assert _lesson(scene) == "dice"
    _next(app, scene)
    assert _lesson(scene) == "alone"
    _next(app, scene)
    assert scene.coach.done >= {les.key for les in scene.coach.tutorial.lessons if les.key not in ("watch", "select")}


def test_when_the_enemy_acts_first_the_guide_says_to_watch_her_then_picks_up():
    app, scene = _first_battle(seed=1)  # seed 1: Guerriere wins the first initiative
    _next(app, scene)
    _next(app, scene)
    assert _lesson(scene) == "watch"
    _wait_for_my_move(app, scene)
    assert _lesson(scene) in ("activate", "select")


def test_skip_guide_ends_it_and_the_battle_goes_on():
    app, scene = _first_battle(seed=3)
    click(app, scene.coach.skip_button.get_abs_rect().center)
    assert not scene.coach.active and scene.coach.current is None
    key(app, pygame.K_RETURN)
    assert scene.state.activation is not None


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900)])
def test_the_guide_keeps_off_what_it_points_at_and_inside_the_table(size):
    app = make_app(size)
    assert app.start_first_battle(3) is None
    scene = app.scene
    frames(app, 2)
    view = pygame.Rect(scene.cam.view_x, scene.cam.view_y, scene.cam.view_w, scene.cam.view_h)
    for _ in range(3):
        frames(app)
        target = scene.coach.target()
        assert scene.coach.rect is not None and view.contains(scene.coach.rect)
        if target is not None:
            assert not scene.coach.rect.colliderect(target)
        click(app, scene.coach.next_button.get_abs_rect().center)


def test_a_guided_battle_continued_from_its_autosave_keeps_the_guides_tips(quarterdeck_home):
    from game.persistence.autosave import autosave_path
    from game.persistence.save import write_save

    app, scene = _first_battle(seed=3)
    key(app, pygame.K_RETURN)  # activated, not yet finished: the guide starts again on loading
    write_save(autosave_path(), scene.match.session)
    assert app.continue_autosave() is None
    again = app.scene
    assert again is not scene and again.coach is not None and not again.coach.done
    for _ in range(3):  # her three segments, then the end of her activation
        key(again.app, pygame.K_END)
        key(again.app, pygame.K_RETURN)
        frames(again.app, 2)
    key(again.app, pygame.K_e)
    frames(again.app, 2)
    write_save(autosave_path(), again.match.session)
    assert app.continue_autosave() is None
    third = app.scene
    third.coach.update()
    assert {les.key for les in third.coach.tutorial.lessons} <= third.coach.done  # the lessons were given
