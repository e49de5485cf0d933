"""The random engagement screen, driven as a player would: from the menu's G, Roll, look, Start."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.fleets.model import Fleet, FleetShip, FleetSquadron  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    from game.ui.app import QuarterdeckApp

    a = QuarterdeckApp(size=(1024, 600), headless=True)
    pygame.event.clear()
    yield a
    while a.scenes:
        a.pop()
    pygame.event.clear()


def step(app, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 60)


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    step(app)


def press(app, button) -> None:
    import pygame_gui

    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    step(app)


def opened(app):
    from game.ui.scenes.generate import GenerateScene

    app.back_to_menu()
    step(app)
    key(app, pygame.K_g)
    assert isinstance(app.scene, GenerateScene)
    return app.scene


def inside(app, *elements) -> None:
    window = pygame.Rect((0, 0), app.size)
    for el in elements:
        assert window.contains(pygame.Rect(el.get_abs_rect())), el


def test_roll_shows_the_line_the_wind_and_the_table_and_the_same_seed_rolls_it_again(app) -> None:
    scene = opened(app)
    opening = scene.rolled  # the page opens on the table its own seed makes
    assert opening is not None and scene.start_button.is_enabled and str(opening.seed) == scene.seed_entry.get_text()
    scene.seed_entry.set_text("4242")
    key(app, pygame.K_r)
    first = scene.rolled
    assert first is not None and first.seed == 4242
    assert f"line {first.roll}" in scene.summary.html_text and "Wind from" in scene.summary.html_text
    assert f"D12 line {first.roll}" in scene.facts.text and scene.start_button.is_enabled
    picture = scene.thumbnail.image
    assert len({picture.get_at((x, picture.get_height() // 2))[:3] for x in range(picture.get_width())}) > 3
    inside(app, scene.summary, scene.start_button, scene.back_button, scene.roll_button, scene.thumbnail)
    press(app, scene.roll_button)
    assert scene.rolled.yaml_text == first.yaml_text  # the same seed and fleets: the same engagement
    press(app, scene.new_seed_button)
    assert scene.seed_entry.get_text() != "4242"


def test_start_writes_the_scenario_and_begins_its_battle(app, tmp_path) -> None:
    from game.ui.scenes.battle import BattleScene

    scene = opened(app)
    scene.seed_entry.set_text("7")
    key(app, pygame.K_r)
    rolled = scene.rolled
    for menu in scene.player_menus:  # both sides human: no computer thinks before the first frame
        menu.selected_option = next(o for o in menu.options_list if o[1] == "human")
    key(app, pygame.K_RETURN)
    written = tmp_path / "scenarios" / rolled.file_name()
    assert written.read_text(encoding="utf-8") == rolled.yaml_text
    assert isinstance(app.scene, BattleScene)
    assert set(app.scene.match.players.values()) == {"human"}


def test_a_saved_fleet_can_be_chosen_for_a_side(app, tmp_path) -> None:
    from game.fleets.files import fleets_dir, save_fleet
    from game.ui.scenes.generate import GenerateScene

    mine = Fleet("btq21", "dutch", "Texel Squadron", 300, (FleetSquadron("Van", (FleetShip("vrijheid", "Vrijheid"),)),))
    fleets_dir().mkdir(parents=True, exist_ok=True)
    save_fleet(mine, fleets_dir() / "texel.yaml")
    scene = opened(app)
    assert any("Texel Squadron" in label for label, _p in scene.saved)
    # the fleet menu's choice, as a player's pick of it posts it
    import pygame_gui

    menu = scene.fleet_menus[1]
    menu.selected_option = next(o for o in menu.options_list if "Texel" in o[0])
    changed = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=menu.selected_option[0])
    pygame.event.post(changed)
    step(app)
    assert not scene.nation_menus[1].is_enabled  # a saved fleet brings her own nation and budget
    key(app, pygame.K_r)
    assert scene.rolled is not None and scene.rolled.side_names[1] == "Texel Squadron"
    assert "Texel Squadron" in scene.summary.html_text
    assert isinstance(app.scene, GenerateScene)


def test_escape_goes_back_to_the_menu_and_the_screen_fits_a_large_window(app) -> None:
    from game.ui.scenes.menu import MenuScene

    scene = opened(app)
    key(app, pygame.K_r)
    rolled = scene.rolled
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    step(app)
    assert app.size == (1600, 900) and app.scene is scene
    assert scene.rolled is rolled and scene.start_button.is_enabled  # a new size keeps what was rolled
    inside(app, scene.summary, scene.start_button, scene.thumbnail)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
