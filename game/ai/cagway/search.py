"""Placeholder replaced by the Cagway captain (issue 19, in progress)."""

from __future__ import annotations

from game.ai.cagway.player import CagwayScriptedPlayer
from game.ai.search import LEVELS, Level


class CagwayCaptain(CagwayScriptedPlayer):
    kind = "captain"

    def __init__(self, seed: int, side: str, level: Level | None = None) -> None:
        super().__init__(seed, side)
        self.level = level or LEVELS["normal"]
