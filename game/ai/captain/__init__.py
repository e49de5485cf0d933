"""The captain: looks ahead with the real rules on trials and weighs what each plan is worth (docs/CAPTAIN.md)."""

from game.ai.captain.player import CaptainPlayer

__all__ = ["CaptainPlayer"]
