"""Rule systems: each a package behind one small interface (:mod:`game.systems.base`), found by its id.

Beat to Quarters v2.1 (``btq21``) is the first, Cagway Bay v2.2 (``cagway``) the second.  The table below is the whole
registry: a rule system is found by its id, never by an import's side effect.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from game.systems.base import Command, OptionError, RuleOption, RuleSystem
from game.systems.base import command_from_dict as base_command_from_dict

#: Rule-system id -> (module, class).  The class is built with the tables it plays with.
_SYSTEMS: dict[str, tuple[str, str]] = {
    "btq21": ("game.systems.btq21.system", "BeatToQuarters"),
    "cagway": ("game.systems.cagway.system", "CagwayBay"),
}


class UnknownSystem(KeyError):
    """No rule system has that id."""


def system_ids() -> tuple[str, ...]:
    return tuple(_SYSTEMS)


def _class(system_id: str) -> Any:
    try:
        module, name = _SYSTEMS[system_id]
    except KeyError:
        raise UnknownSystem(f"no rule system {system_id!r} (known: {', '.join(_SYSTEMS)})") from None
    return getattr(importlib.import_module(module), name)


def command_from_dict(system_id: str, data: Any) -> Command:
    """A command of rule system ``system_id`` from untrusted data (a save); CommandError says why not."""
    return base_command_from_dict(data, _class(system_id).commands)


def options_of(system_id: str) -> tuple[RuleOption, ...]:
    """The options rule system ``system_id`` has."""
    available: tuple[RuleOption, ...] = _class(system_id).available
    return available


def parse_option(system_id: str, text: str) -> tuple[str, dict[str, str]]:
    """``NAME`` or ``NAME=VALUE`` (the command line's and a scenario's spelling) as (name, settings).

    Raises :class:`OptionError` naming what is wrong, with the nearest option name.
    """
    from game.content.yaml_nodes import suggest

    name, _, value = str(text).partition("=")
    name = name.strip()
    by_name = {o.name: o for o in options_of(system_id)}
    if name not in by_name:
        raise OptionError(f"{system_id} has no option {name!r}{suggest(name, list(by_name))}")
    return name, by_name[name].params(value.strip() if "=" in str(text) else None)


def make_system(system_id: str, tables: Any, options: Mapping[str, Mapping[str, Any]] | None = None) -> RuleSystem:
    """The rule system ``system_id``, configured with ``tables`` (its rules file, read and checked) and ``options``.

    Raises :class:`OptionError` for an option it does not have or cannot play with these tables.
    """
    system: RuleSystem = _class(system_id)(tables, dict(options or {}))
    return system
