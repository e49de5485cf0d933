"""The scripted opponent: Gifford's solo-play rules (Beat To Quarters 4.0) on the gridless table.

See docs/SOLO.md.
"""

from game.ai.solo.player import ScriptedPlayer

__all__ = ["ScriptedPlayer"]
