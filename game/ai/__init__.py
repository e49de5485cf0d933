"""Computer players, by rule system and kind.  ``make_player(kind, seed, side, system)`` builds one by name.

Each rule system has the players that know its rules; the random player
knows none and serves every one of them.  A kind may carry a level after a
colon (``captain:hard``, ``captain:800ms``): the players that take one say so
in ``_LEVELLED``.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection
from typing import Any

from game.ai.search.levels import LEVELS, MAX_BUDGET_MS, MIN_BUDGET_MS, parse_level

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
    return kind_problem(kind, system) is None


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


def kind_problem(kind: str, system: str | None = None, also: tuple[str, ...] = ()) -> str | None:
    """Why ``kind`` names no computer player (of ``system``, if given), in words a player can act on; None if it does.

    The command line, the headless network ends and self-play all say the
    same thing and list what that rule system offers (with ``also``: the
    window's ``human``), so a typo is answered with the spelling that works.
    """
    base, level = split_kind(kind)
    systems = [system] if system is not None else list(_PLAYERS)

    def known() -> str:
        offered = [k for s in systems for k in kinds_for(s)]
        timed = any(b in _LEVELLED for s in systems for b in _PLAYERS.get(s, {}))
        return f"known: {', '.join(dict.fromkeys([*offered, *also]))}" + (
            f", or a time budget: captain:<N>ms, N from {MIN_BUDGET_MS} to {MAX_BUDGET_MS}" if timed else ""
        )

    if not any(base in _PLAYERS.get(s, {}) for s in systems):
        where = f" for rule system {system!r}" if system is not None else ""
        return f"no computer player {kind!r}{where} ({known()})"
    if level is None:
        return None
    if base not in _LEVELLED:
        return f"the {base!r} player has no levels ({known()})"
    try:
        parse_level(level)
    except ValueError as e:
        return f"{kind!r}: {e}; {known()}"
    return None


def side_and_kind(text: str, sides: Collection[str] | None) -> tuple[str | None, str]:
    """Split ``--player SIDE:KIND`` (None for the side when the text is a kind alone).

    A kind may hold a colon itself (``captain:hard``), so the text is cut at
    its first colon only when what comes before is a side: one of ``sides``,
    or anything that is not the name of a kind (a side the caller then checks,
    or, on a network end before the battle comes, cannot check yet).
    """
    head, sep, rest = text.partition(":")
    if not sep:
        return None, text
    if sides and head in sides:
        return head, rest
    kinds = {k for system_kinds in _PLAYERS.values() for k in system_kinds} | {"human"}
    return (None, text) if head in kinds else (head, rest)
