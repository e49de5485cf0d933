"""The data readers of rule systems other than Beat to Quarters, found by their package's names.

Beat to Quarters' tables and scenarios are read by ``game.content`` itself; any
other rule system ``ID`` keeps its own in ``game.systems.ID.tables``
(``load_tables(path)``, ``tables_path()``) and ``game.systems.ID.scenario``
(``load_scenario(path, tables)``).  Both raise ContentError listing every
problem as ``file:line: field: reason``.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

from game.content.model import Scenario


def read_tables(system: str, path: str | os.PathLike[str] | None = None) -> Any:
    """Rule system ``system``'s tables from ``path`` (its shipped file when None)."""
    module = importlib.import_module(f"game.systems.{system}.tables")
    return module.load_tables(Path(path) if path is not None else module.tables_path())


def read_scenario(system: str, path: str | os.PathLike[str], tables: Any) -> Scenario:
    """A scenario of rule system ``system``, read against ``tables``."""
    scenario: Scenario = importlib.import_module(f"game.systems.{system}.scenario").load_scenario(Path(path), tables)
    return scenario
