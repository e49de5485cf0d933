"""The only source of randomness in a game.

The generator's whole state is one 64-bit integer kept in the game state, so
a copy of the state carries its future dice with it, a save needs nothing but
the seed, and the same commands give the same rolls in any process (Python's
``random`` would also be deterministic, but its 2.5 kB state makes copying a
state for look-ahead slow).  The mixing function is SplitMix64, which passes
the usual statistical batteries and is more than fair for dice.

Tests force rolls by replacing a state's generator with :class:`Loaded`.
"""

from __future__ import annotations

from collections.abc import Iterable

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Dice:
    """SplitMix64 stream.  ``state`` is all there is to it."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Dice:
        # Mix the seed once so that seeds 1, 2, 3 ... start far apart.
        d = cls(seed)
        d.state = d._next()
        return d

    def copy(self) -> Dice:
        return Dice(self.state)

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def die(self, sides: int) -> int:
        """One fair die, 1..sides, by rejection so no face is favoured."""
        limit = (1 << 64) - ((1 << 64) % sides)
        while True:
            v = self._next()
            if v < limit:
                return v % sides + 1

    def uniform(self) -> float:
        """A float in [0, 1), for players that choose at random (never for the game's dice)."""
        return (self._next() >> 11) / float(1 << 53)

    def roll(self, count: int, sides: int) -> list[int]:
        return [self.die(sides) for _ in range(max(0, count))]


class MeanDice(Dice):
    """Dice for trials (see :mod:`game.systems.btq21.sandbox`): every die at its average, rounded down and up by turns.

    A look-ahead then sees the expected outcome of a collision or of being
    taken aback (4D6 are 14) instead of one sample, and never the game's own
    coming rolls.
    """

    __slots__ = ("up",)

    def __init__(self) -> None:
        super().__init__(0)
        self.up = False

    def copy(self) -> MeanDice:
        d = MeanDice()
        d.up = self.up
        return d

    def die(self, sides: int) -> int:
        self.up = not self.up
        return (sides + 1) // 2 + (1 if self.up and sides % 2 == 0 else 0)


class Loaded(Dice):
    """Dice that come up as scripted, for tests of exact rule outcomes.

    Runs out loudly: a test that rolls more dice than it scripted is wrong.
    """

    __slots__ = ("faces",)

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def copy(self) -> Loaded:
        return Loaded(self.faces)

    def die(self, sides: int) -> int:
        if not self.faces:
            raise AssertionError(f"loaded dice ran out (wanted a d{sides})")
        face = self.faces.pop(0)
        if not 1 <= face <= sides:
            raise AssertionError(f"loaded face {face} impossible on a d{sides}")
        return face
