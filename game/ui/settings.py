"""The player's preferences, kept beside the autosave in a small YAML file.

A missing or damaged settings file is not an error worth stopping for: the
defaults stand in and the file is rewritten when a setting changes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

import yaml

from game.persistence.autosave import home
from game.persistence.save import write_atomic

ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}


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
    try:
        raw = yaml.safe_load(settings_path().read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return Settings()
    s = Settings()
    if not isinstance(raw, dict):
        return s
    for f in fields(Settings):
        v = raw.get(f.name)
        if f.name == "animation" and v in ANIMATION_SPEEDS:
            s.animation = v
        elif f.name == "volume" and isinstance(v, (int, float)) and not isinstance(v, bool):
            s.volume = min(1.0, max(0.0, float(v)))
        elif f.name in ("grid", "fullscreen") and isinstance(v, bool):
            setattr(s, f.name, v)
    return s


def save_settings(s: Settings) -> str | None:
    try:
        write_atomic(settings_path(), yaml.safe_dump(asdict(s), sort_keys=False))
    except OSError as e:
        return f"could not save settings: {e}"
    return None
