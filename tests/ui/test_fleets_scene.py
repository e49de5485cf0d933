"""The fleet builder window, driven as a player would: clicks, keys and typing posted to the real scene."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.fleets.files import fleets_dir, load_fleet  # noqa: E402
from game.fleets.muster import random_fleet  # noqa: E402
from game.fleets.value import fleet_points  # noqa: E402


@pytest.fixture
def app():
    from game.ui.app import QuarterdeckApp

    a = QuarterdeckApp(size=(1024, 600), headless=True)
    pygame.event.clear()
    yield a
    while a.scenes:
        a.pop()
    pygame.event.clear()


def step(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def click(app, element_or_pos, twice: bool = False) -> None:
    pos = element_or_pos if isinstance(element_or_pos, tuple) else element_or_pos.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    for _ in range(2 if twice else 1):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        step(app, 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        step(app, 1)
    step(app, 2)


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    step(app, 2)


def type_into(app, entry, text: str) -> None:
    click(app, entry)
    entry.set_text("")
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, 2)


def row(selection_list, text_start: str):
    for item in selection_list.item_list:
        if item["text"].strip().startswith(text_start) and item["button_element"] is not None:
            return item["button_element"]
    raise AssertionError(f"{text_start!r} not shown: {[i['text'] for i in selection_list.item_list]}")


def choose(app, dropdown, label: str) -> None:
    click(app, dropdown)
    options = dropdown.current_state.options_selection_list
    click(app, row(options, label))
    step(app, 3)


def test_a_fleet_is_built_with_the_mouse_and_keys_and_saved_to_a_file_that_loads(app):
    from game.ui.scenes.fleets import FleetScene

    scene = FleetScene(app)
    app.push(scene)
    step(app)
    choose(app, scene.budget_menu, "300")
    assert scene.fleet.budget == 300
    click(app, row(scene.catalogue, "HMS Victory"), twice=True)  # a double click buys her
    assert [s.ship for s in scene.fleet.ships()] == ["victory"]
    click(app, row(scene.catalogue, "HMS Britannia"))
    click(app, scene.add_button)  # 185 + 180 is over 300: refused, and said why
    assert len(scene.fleet.ships()) == 1 and "over its budget of 300" in app.message[0]
    click(app, row(scene.fleet_list, "HMS Victory"))
    choose(app, scene.crew_menu, "Crew: poor")
    assert scene.fleet.ships()[0].quality == "poor" and fleet_points(scene.fleet) == 118
    click(app, scene.add_button)  # now she fits
    assert [s.name for s in scene.fleet.ships()] == ["HMS Victory", "HMS Britannia"]
    type_into(app, scene.row_name, "HMS Colossus")
    key(app, pygame.K_RETURN)
    assert scene.fleet.ships()[1].name == "HMS Colossus"
    choose(app, scene.move_menu, "2. Rear")
    assert [len(s.ships) for s in scene.fleet.squadrons] == [1, 1]
    click(app, row(scene.fleet_list, "HMS Colossus"))
    key(app, pygame.K_DELETE)
    assert len(scene.fleet.ships()) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # she is back
    assert [s.name for s in scene.fleet.ships()] == ["HMS Victory", "HMS Colossus"]
    type_into(app, scene.name_entry, "Blue Squadron")
    click(app, scene.save_button)
    path = fleets_dir() / "Blue_Squadron.yaml"
    assert load_fleet(path) == scene.fleet and scene.fleet.name == "Blue Squadron"


def test_a_random_fleet_shows_its_seed_and_a_saved_fleet_opens_again(app):
    from game.ui.scenes.fleets import FleetScene

    scene = FleetScene(app)
    app.push(scene)
    step(app)
    choose(app, scene.nation_menu, "French")
    type_into(app, scene.seed_entry, "42")
    click(app, scene.random_button)
    assert scene.fleet.ships() == random_fleet("btq21", "french", 600, 42, 2).ships()
    assert "seed 42" in app.message[0]
    click(app, scene.save_button)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.fleet.ships() == []
    click(app, scene.open_button_main)
    click(app, row(scene.open_list, "Random_French_fleet_seed_42"), twice=True)
    assert scene.fleet.ships() == random_fleet("btq21", "french", 600, 42, 2).ships()
    assert scene.open_window is None


def test_the_menu_key_b_opens_the_builder_and_leaving_with_changes_not_saved_asks_twice(app):
    from game.ui.scenes.fleets import FleetScene
    from game.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    step(app)
    key(app, pygame.K_b)
    scene = app.scene
    assert isinstance(scene, FleetScene)
    key(app, pygame.K_RETURN)  # Enter buys the chosen ship
    assert len(scene.fleet.ships()) == 1
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and "not saved" in app.message[0]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
