"""Where the shipped data files live."""

from __future__ import annotations

import os
import re
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


def is_shipped(path: str | os.PathLike[str]) -> bool:
    """Whether a scenario file is one of the shipped ones (a save names those; it carries any other whole)."""
    try:
        p = Path(path).resolve()
    except (OSError, RuntimeError):
        return False
    return p.parent == (data_dir() / "scenarios").resolve() and p.stem in list_scenarios()


def list_scenarios(system: str | None = None) -> list[str]:
    """Names of the shipped scenarios (file stems), sorted; only those of rule system ``system`` when given."""
    folder = data_dir() / "scenarios"
    if not folder.is_dir():
        return []
    names = sorted(p.stem for p in folder.glob("*.yaml") if p.is_file())
    if system is None:
        return names
    return [n for n in names if scenario_system(scenario_path(n))[0] == system]


#: A scenario's rule system, as the first lines of its file name it (``rules: cagway``).
_RULES_LINE = re.compile(r"^rules:[ \t]*['\"]?([^'\"#\s]*)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)
#: How much of a scenario file is read to find its rule system.
_PEEK = 64 * 1024


def scenario_system(path: str | os.PathLike[str]) -> tuple[str, int]:
    """The rule system a scenario file names at its top level (``rules:``), and that line; btq21 when none.

    Only a plain top-level line is read, so a damaged file still reaches its own
    reader, which reports its problems properly.
    """
    try:
        with open(path, "rb") as f:
            head = f.read(_PEEK).decode("utf-8", errors="replace")
    except OSError:
        return "btq21", 0
    m = _RULES_LINE.search(head)
    if m is None:
        return "btq21", 0
    return m.group(1), head.count("\n", 0, m.start()) + 1



def shipped_files() -> list[Path]:
    """Every shipped data file: rule sets, the ships list, the scenarios."""
    rules = sorted((data_dir() / "rules").glob("*.yaml"))
    if rules_path() not in rules:
        rules.insert(0, rules_path())
    return [*rules, ships_path(), *(scenario_path(n) for n in list_scenarios())]
