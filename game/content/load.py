"""Loading the data files: the one module the rest of the game imports.

Every loader reads YAML safely, checks everything it can and raises
:class:`ContentError` listing *all* problems found, each as
``path:line: field: reason``.
"""

from __future__ import annotations

import functools

from game.content.check import check_data
from game.content.model import RuleSet, ShipClass
from game.content.paths import (
    data_dir,
    list_scenarios,
    rules_path,
    scenario_path,
    ships_path,
)
from game.content.rules import load_rules
from game.content.scenarios import load_scenario
from game.content.ships import load_ships, stats_mismatches
from game.content.yaml_nodes import ContentError

__all__ = [
    "ContentError",
    "check_data",
    "data_dir",
    "list_scenarios",
    "load_default",
    "load_rules",
    "load_scenario",
    "load_ships",
    "scenario_path",
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
