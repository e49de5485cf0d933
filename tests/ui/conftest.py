import os

import pytest


@pytest.fixture(autouse=True)
def quarterdeck_home(tmp_path, monkeypatch):
    """Autosaves, settings and screenshots go to a temporary folder, never the player's."""
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path / "home"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    yield tmp_path / "home"


@pytest.fixture(autouse=True)
def _pygame():
    """pygame up, and no font cached from an earlier pygame session (those fonts are dead)."""
    import pygame

    from game.ui import fonts

    pygame.init()
    pygame.font.init()
    fonts.forget()
    yield


@pytest.fixture(autouse=True)
def _ui_scale_back_to_one():
    """A window of a test sets the UI scale for its size; the next test starts at 1 again."""
    yield
    from game.ui import fonts, scale

    if scale.set_factor(1.0):
        fonts.forget()
