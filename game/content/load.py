"""Loading the data files: the one module the rest of the game imports.

Every loader reads YAML safely, checks everything it can and raises
:class:`ContentError` listing *all* problems found, each as
``path:line: field: reason``.
"""

from __future__ import annotations

import functools
import os
from typing import Any

from game.content.check import check_data
from game.content.model import RuleSet, Scenario, ShipClass
from game.content.paths import (
    data_dir,
    list_scenarios,
    rules_path,
    scenario_path,
    scenario_system,
    ships_path,
)
from game.content.readers import read_scenario, read_tables
from game.content.rules import load_rules
from game.content.scenarios import load_scenario
from game.content.ships import load_ships, stats_mismatches
from game.content.yaml_nodes import ContentError, display_path

__all__ = [
    "ContentError",
    "check_data",
    "data_dir",
    "list_scenarios",
    "load_default",
    "load_rules",
    "load_scenario",
    "load_ships",
    "open_scenario",
    "scenario_path",
    "scenario_system",
    "tables_of",
    "stats_mismatches",
]


@functools.lru_cache(maxsize=1)
def _default() -> tuple[RuleSet, dict[str, ShipClass]]:
    rules = load_rules(rules_path())
    return rules, load_ships(ships_path(), rules)


def load_default() -> tuple[RuleSet, dict[str, ShipClass]]:
    """The shipped rule set and ships list, loaded once per process.

    The ships dict is a fresh copy each call (the ShipClass values are shared
    and immutable).  Raises ContentError if either file has problems.
    """
    rules, ships = _default()
    return rules, dict(ships)


@functools.cache
def _system_tables(system: str) -> Any:
    return read_tables(system)


def tables_of(system: str, rules: RuleSet | None = None) -> Any:
    """The tables rule system ``system`` plays with: ``rules`` when they are its own, else its shipped ones.

    Raises ContentError when its tables file has problems, or UnknownSystem.
    """
    from game.systems import UnknownSystem, system_ids

    if rules is not None and rules.system == system:
        return rules
    if system == "btq21":
        return load_default()[0]
    if system not in system_ids():
        raise UnknownSystem(system)
    return _system_tables(system)


def open_scenario(path: str | os.PathLike[str], ships: dict[str, ShipClass], rules: RuleSet) -> Scenario:
    """A scenario of any rule system: the file's ``rules:`` says which reads it (Beat to Quarters' by default).

    ``ships`` and ``rules`` are Beat to Quarters' ships and tables, used for its
    scenarios; another rule system's scenario is read against its own tables.
    """
    from game.systems import system_ids

    system, line = scenario_system(path)
    if system == "btq21" or system == rules.system:
        return load_scenario(path, ships, rules)
    if system not in system_ids():
        where = f"{display_path(path)}:{line}"
        raise ContentError([f"{where}: rules: no rule system {system!r} (known: {', '.join(system_ids())})"])
    return read_scenario(system, path, tables_of(system, rules))
