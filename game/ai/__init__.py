"""Computer players, by rule system and kind.  ``make_player(kind, seed, side, system)`` builds one by name.

Each rule system has the players that know its rules; the random player
knows none and serves every one of them.  A kind may carry a level after a
colon (``captain:hard``, ``captain:800ms``): the players that take one say so
in ``_LEVELLED``.
"""

from __future__ import annotations

import importlib
from typing import Any

from game.ai.search.levels import LEVELS, parse_level

#: Rule system -> kind -> (module, class).  Imported only when a player of that kind is made.
_PLAYERS: dict[str, dict[str, tuple[str, str]]] = {
    "btq21": {
        "random": ("game.ai.random_player", "RandomPlayer"),
        "scripted": ("game.ai.solo", "ScriptedPlayer"),
        "captain": ("game.ai.captain.search", "SearchCaptain"),
        "captain-v1": ("game.ai.captain", "CaptainPlayer"),
    },
    "cagway": {
        "random": ("game.ai.random_player", "RandomPlayer"),
        "scripted": ("game.ai.cagway", "CagwayScriptedPlayer"),
        "captain": ("game.ai.cagway.search", "CagwayCaptain"),
    },
}

#: Kinds that take a level (``kind:level``); without one they play at ``normal``.
_LEVELLED = frozenset({"captain"})


def _named(system_kinds: dict[str, tuple[str, str]]) -> list[str]:
    """The kinds a menu offers: each levelled kind once per named level."""
    out: list[str] = []
    for kind in system_kinds:
        out += [f"{kind}:{lv}" for lv in LEVELS] if kind in _LEVELLED else [kind]
    return out


#: Every kind of computer player any rule system has, as a menu or a save names it (levels spelled out).
PLAYER_KINDS: tuple[str, ...] = tuple(
    dict.fromkeys([k for kinds in _PLAYERS.values() for k in _named(kinds)] + sorted(_LEVELLED))
)


def split_kind(kind: str) -> tuple[str, str | None]:
    """(base kind, level or None): ``captain:hard`` -> (``captain``, ``hard``)."""
    base, sep, level = kind.partition(":")
    return base, (level if sep else None)


def known_kind(kind: str, system: str | None = None) -> bool:
    """Whether ``kind`` names a computer player (of ``system``, if given), with a level it can take."""
    base, level = split_kind(kind)
    systems = [system] if system is not None else list(_PLAYERS)
    if not any(base in _PLAYERS.get(s, {}) for s in systems):
        return False
    if level is None:
        return True
    if base not in _LEVELLED:
        return False
    try:
        parse_level(level)
    except ValueError:
        return False
    return True


def kinds_for(system: str) -> tuple[str, ...]:
    """The kinds of computer player that play rule system ``system`` (each level of a levelled kind)."""
    return tuple(_named(_PLAYERS.get(system, {})))


def make_player(kind: str, seed: int, side: str, system: str = "btq21") -> Any:
    kinds = _PLAYERS.get(system, {})
    base, level = split_kind(kind)
    try:
        module, name = kinds[base]
    except KeyError:
        known = ", ".join(_named(kinds)) or "none"
        raise ValueError(f"no {kind!r} computer player for rule system {system!r} (known: {known})") from None
    cls = getattr(importlib.import_module(module), name)
    if base in _LEVELLED:
        return cls(seed, side, parse_level(level))
    if level is not None:
        raise ValueError(f"the {base!r} player has no levels ({kind!r})")
    return cls(seed, side)
