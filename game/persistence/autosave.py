"""Where the game keeps its autosave and settings: one folder per user.

``QUARTERDECK_HOME`` moves it (tests use a temporary folder)."""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    env = os.environ.get("QUARTERDECK_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "quarterdeck"


def autosave_path() -> Path:
    return home() / "autosave.yaml"
