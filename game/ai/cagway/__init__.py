"""The scripted player for Cagway Bay v2.2 (docs/CAGWAY-AI.md)."""

from game.ai.cagway.player import CagwayScriptedPlayer

__all__ = ["CagwayScriptedPlayer"]
