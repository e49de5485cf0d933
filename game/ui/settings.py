"""The player's preferences, kept beside the autosave in a small YAML file.

A missing settings file is the defaults.  A damaged one never stops the game
from starting: it is read as the data files are (a small regular file, plain
YAML, limited nesting), every value that is not understood is set back to its
default, and the player is told which ones (``read_settings`` returns the
notes).  The file is rewritten when a setting changes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

import yaml

from game.content.yaml_nodes import Ctx, Node, decode_text, describe, parse_text
from game.files import FileProblem, read_bytes, write_atomic
from game.persistence.autosave import home

ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}
#: A settings file is four short lines; anything much bigger is not one.
MAX_SETTINGS_BYTES = 64 * 1024
#: A settings file is a short mapping; anything longer is damage, refused before it is read.
MAX_SETTINGS_ENTRIES = 100


@dataclass
class Settings:
    grid: bool = False
    animation: str = "normal"  # key of ANIMATION_SPEEDS
    volume: float = 0.6  # 0..1
    fullscreen: bool = False

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, 1.0)


def settings_path():
    return home() / "settings.yaml"


def load_settings() -> Settings:
    return read_settings()[0]


def read_settings() -> tuple[Settings, list[str]]:
    """The settings, and a note for each value that was damaged and set back to its default."""
    path = settings_path()
    s = Settings()
    try:
        raw = read_bytes(path, MAX_SETTINGS_BYTES)
    except FileProblem as e:
        if not path.exists() and not path.is_symlink():
            return s, []
        return s, [f"settings file {path}: {e}; the settings are back to their defaults"]
    ctx = Ctx(path)
    text = decode_text(ctx, raw)
    root = parse_text(ctx, text, max_items=MAX_SETTINGS_ENTRIES) if text is not None else None
    if root is None or ctx.raw or root.kind != "map":
        reason = ctx.raw[0][2] if ctx.raw else "not a list of settings"
        return s, [f"settings file {path} is damaged ({reason}); the settings are back to their defaults"]
    notes = []
    for f in fields(Settings):
        node = root.value.get(f.name)
        if node is None:
            continue
        value = _setting(f.name, node)
        if value is None:
            notes.append(f"{f.name} ({describe(node)}) reset to {getattr(s, f.name)}")
        else:
            setattr(s, f.name, value)
    if notes:
        notes = [f"settings file {path}: " + "; ".join(notes)]
    return s, notes


def _setting(name: str, node: Node) -> object | None:
    """The value of one setting, or None if it is not one this setting can take."""
    v = node.value if node.kind == "scalar" else None
    if name == "animation":
        return v if isinstance(v, str) and v in ANIMATION_SPEEDS else None
    if name == "volume":
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v:  # v == v: not NaN
            return min(1.0, max(0.0, float(v)))
        return None
    return v if isinstance(v, bool) else None


def save_settings(s: Settings) -> str | None:
    try:
        write_atomic(settings_path(), yaml.safe_dump(asdict(s), sort_keys=False))
    except OSError as e:
        return f"could not save settings: {e}"
    return None
