"""Where the game keeps a player's own files: the autosave, settings, house rules, saves.

One folder per user, where the platform keeps application data (platformdirs:
``~/.local/share/quarterdeck`` on Linux, ``~/Library/Application Support/quarterdeck``
on macOS, ``%LOCALAPPDATA%\\quarterdeck`` on Windows).  ``QUARTERDECK_HOME`` moves
it (tests use a temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path


def home() -> Path:
    env = os.environ.get("QUARTERDECK_HOME")
    if env:
        return Path(env)
    return user_data_path("quarterdeck", appauthor=False)


def autosave_path() -> Path:
    return home() / "autosave.yaml"
