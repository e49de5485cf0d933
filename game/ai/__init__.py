"""Computer players.  ``make_player(kind, seed, side)`` builds one by name."""

from __future__ import annotations

from game.ai.captain import CaptainPlayer
from game.ai.random_player import RandomPlayer
from game.ai.solo import ScriptedPlayer

PLAYER_KINDS: dict[str, type] = {"random": RandomPlayer, "scripted": ScriptedPlayer, "captain": CaptainPlayer}


def make_player(kind: str, seed: int, side: str):
    try:
        cls = PLAYER_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown player kind {kind!r} (known: {', '.join(sorted(PLAYER_KINDS))})") from None
    return cls(seed, side)
