"""The painter's two habits shared by every painted thing on the table: mixing colours, and a fixed pattern.

The pattern stands in for a painter's irregular hand (where the crests fall
on the sea, which planks a shot scarred, where trees stand on an island): a
hash of the thing's number, so the same table is always painted the same way
and no chance is drawn from anything, least of all the battle's dice.
"""

from __future__ import annotations

from collections.abc import Sequence

RGB = tuple[int, int, int]


def pattern(seed: int, i: int) -> float:
    """A fixed pattern in [0, 1) (not chance: the same ship is always scarred the same way)."""
    x = (seed * 374761393 + i * 668265263) & 0xFFFFFFFF
    x = ((x ^ (x >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((x ^ (x >> 16)) & 0xFFFFFF) / float(0x1000000)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
