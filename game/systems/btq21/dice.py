"""Beat to Quarters' dice: the shared generator (:mod:`game.systems.dice`) and the D3 the book reads off a D6."""

from __future__ import annotations

from game.systems.dice import Dice, Loaded, MeanDice

__all__ = ["Dice", "Loaded", "MeanDice", "d3_from_d6"]


def d3_from_d6(face: int) -> int:
    """A D3 is read from a D6 as on the table: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3."""
    return (face + 1) // 2
