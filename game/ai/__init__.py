"""Computer players, by rule system and kind.  ``make_player(kind, seed, side, system)`` builds one by name.

Each rule system has the players that know its rules; the random player
knows none and serves every one of them.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Rule system -> kind -> (module, class).  Imported only when a player of that kind is made.
_PLAYERS: dict[str, dict[str, tuple[str, str]]] = {
    "btq21": {
        "random": ("game.ai.random_player", "RandomPlayer"),
        "scripted": ("game.ai.solo", "ScriptedPlayer"),
        "captain": ("game.ai.captain", "CaptainPlayer"),
    },
    "cagway": {
        "random": ("game.ai.random_player", "RandomPlayer"),
        "scripted": ("game.ai.cagway", "CagwayScriptedPlayer"),
    },
}

#: Every kind of computer player any rule system has (what a save may name).
PLAYER_KINDS: tuple[str, ...] = tuple(dict.fromkeys(k for kinds in _PLAYERS.values() for k in kinds))


def kinds_for(system: str) -> tuple[str, ...]:
    """The kinds of computer player that play rule system ``system``."""
    return tuple(_PLAYERS.get(system, {}))


def make_player(kind: str, seed: int, side: str, system: str = "btq21") -> Any:
    kinds = _PLAYERS.get(system, {})
    try:
        module, name = kinds[kind]
    except KeyError:
        known = ", ".join(kinds) or "none"
        raise ValueError(f"no {kind!r} computer player for rule system {system!r} (known: {known})") from None
    return getattr(importlib.import_module(module), name)(seed, side)
