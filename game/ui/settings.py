"""The player's preferences, kept beside the autosave in a small YAML file.

A missing settings file is the defaults.  A damaged one never stops the game
from starting: it is read as the data files are (a small regular file, plain
YAML, limited nesting), every value that is not understood is set back to its
default, and the player is told which ones (``read_settings`` returns the
notes).  The file is rewritten when a setting changes.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Annotated

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict

from game.content.fields import describe, problem
from game.content.validate import Checked
from game.content.yaml_nodes import Ctx, decode_text, parse_text
from game.files import FileProblem, read_bytes, write_atomic
from game.persistence.autosave import home
from game.ui.scale import CHOICES as SCALES

ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}
#: A settings file is a few short lines; anything much bigger is not one.
MAX_SETTINGS_BYTES = 64 * 1024
#: A settings file is a short mapping; anything longer is damage, refused before it is read.
MAX_SETTINGS_ENTRIES = 100


@dataclass
class Settings:
    grid: bool = False
    animation: str = "normal"  # key of ANIMATION_SPEEDS
    volume: float = 0.6  # 0..1
    fullscreen: bool = False
    #: Every ship's firing arcs on the table, not only the ship in hand's (key V).
    all_arcs: bool = False
    #: The camera glides to the ship activated and keeps a computer ship's move in view (key O).
    follow: bool = True
    #: The plain table: flat sea and land, ships drawn simply (for slow machines).
    plain_table: bool = False
    #: How big words and panels are drawn: "auto" (follows the window) or a percentage (game.ui.scale.CHOICES).
    ui_scale: str = "auto"

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, 1.0)


def _known_speed(name: str) -> str:
    if name not in ANIMATION_SPEEDS:
        raise problem(f"unknown animation speed {name!r}")
    return name


def _known_scale(name: str) -> str:
    if name not in SCALES:
        raise problem(f"unknown UI scale {name!r} (one of {', '.join(SCALES)})")
    return name


def _volume(v: float) -> float:
    if math.isnan(v):
        raise problem("not a volume")
    return min(1.0, max(0.0, v))


class SettingsFile(BaseModel):
    """What a settings file may say; keys it does not know (an older or newer Quarterdeck's) are let be."""

    model_config = ConfigDict(strict=True, extra="ignore")
    grid: bool = Settings.grid
    animation: Annotated[str, AfterValidator(_known_speed)] = Settings.animation
    volume: Annotated[float, AfterValidator(_volume)] = Settings.volume  # clamped to 0..1
    fullscreen: bool = Settings.fullscreen
    all_arcs: bool = Settings.all_arcs
    follow: bool = Settings.follow
    plain_table: bool = Settings.plain_table
    ui_scale: Annotated[str, AfterValidator(_known_scale)] = Settings.ui_scale


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
    checked = Checked(SettingsFile, root)
    notes = []
    for f in fields(Settings):
        if f.name not in root.value:
            continue
        value = checked.at((f.name,))
        if value is None:
            notes.append(f"{f.name} ({describe(checked.data[f.name])}) reset to {getattr(s, f.name)}")
        else:
            setattr(s, f.name, value)
    if notes:
        notes = [f"settings file {path}: " + "; ".join(notes)]
    return s, notes


def save_settings(s: Settings) -> str | None:
    try:
        write_atomic(settings_path(), yaml.safe_dump(asdict(s), sort_keys=False))
    except OSError as e:
        return f"could not save settings: {e}"
    return None
