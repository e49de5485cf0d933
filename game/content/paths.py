"""Where the shipped data files live."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """The repository's ``data`` folder (found from this package, not the working directory)."""
    return Path(__file__).resolve().parents[2] / "data"


def rules_path() -> Path:
    return data_dir() / "rules" / "btq21.yaml"


def ships_path() -> Path:
    return data_dir() / "ships.yaml"


def scenario_path(name: str | os.PathLike[str]) -> Path:
    """``"duel"`` -> ``data/scenarios/duel.yaml``; a path (has a folder or a .yaml/.yml suffix) is kept."""
    text = os.fspath(name)
    p = Path(text)
    if p.suffix in (".yaml", ".yml") or "/" in text or os.sep in text or (os.altsep and os.altsep in text):
        return p
    return data_dir() / "scenarios" / f"{text}.yaml"


def list_scenarios() -> list[str]:
    """Names of the shipped scenarios (file stems), sorted."""
    folder = data_dir() / "scenarios"
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.yaml") if p.is_file())


def shipped_files() -> list[Path]:
    """Every shipped data file: rule sets, the ships list, the scenarios."""
    rules = sorted((data_dir() / "rules").glob("*.yaml"))
    if rules_path() not in rules:
        rules.insert(0, rules_path())
    return [*rules, ships_path(), *(scenario_path(n) for n in list_scenarios())]
