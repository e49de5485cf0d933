import os

import pytest


@pytest.fixture(autouse=True)
def quarterdeck_home(tmp_path, monkeypatch):
    """Autosaves, settings and screenshots go to a temporary folder, never the player's."""
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path / "home"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    yield tmp_path / "home"
