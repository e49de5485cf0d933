"""The new-battle panel shows a scenario's history note under its description, and nothing when it has none."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


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


def test_history_follows_the_description_and_is_left_out_without_a_note(app) -> None:
    from game.ui.scenes.menu import MenuScene

    scene = MenuScene(app)
    app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    for _ in range(3):
        app.step(1 / 60)
    shown = {}
    for name in ("trafalgar", "cagway_open_water"):  # the second has no history note
        scene._select_scenario(name)
        app.step(1 / 60)
        assert scene.chosen == name
        shown[name] = scene.description.html_text
    text = shown["trafalgar"]
    assert "<b>History:</b> Nelson attacked in two columns" in text
    assert text.index("quarter to noon") < text.index("History:")
    assert "History:" not in shown["cagway_open_water"]
