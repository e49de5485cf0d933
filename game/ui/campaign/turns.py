"""Whose eyes the campaign screen is for, at each stage of the month.

Gifford's players keep their own sheets and write their orders in secret.
With two humans at one window (hot seat), each side has its turn at the
screen in side order, and between two humans the screen is covered so that
the one who just finished does not see what the next one chooses, nor the
other way round.  Computer sides never take a turn: their admiral decides
when the humans are done.  Nothing here is saved: a campaign reopened mid-stage
simply starts the stage's round of turns again (the orders given are in the
campaign itself, so nothing is lost).
"""

from __future__ import annotations

from game.campaign.state import SIDES, Campaign

#: Stages in which each human side takes a turn of its own (their choices are secret).
ROUNDS = ("setup", "orders", "after")


class Turns:
    """The round of turns of the stage the campaign is at; reset when the month or stage changes."""

    def __init__(self) -> None:
        self.done: set[str] = set()
        self._at: tuple[int, str] | None = None

    def _follow(self, c: Campaign) -> None:
        if self._at != (c.month, c.stage):
            self._at = (c.month, c.stage)
            self.done = set()

    @staticmethod
    def humans(c: Campaign) -> list[str]:
        return [s for s in SIDES if c.sides[s].player == "human"]

    @staticmethod
    def hot_seat(c: Campaign) -> bool:
        return len(Turns.humans(c)) > 1

    def acting(self, c: Campaign) -> str | None:
        """The side whose sheet is shown now; None when every human side has had its turn this stage.

        Outside the rounds (the battle, the end) there is nothing secret: the first human side looks.
        """
        self._follow(c)
        humans = self.humans(c)
        if c.stage not in ROUNDS:
            return humans[0] if humans else SIDES[0]
        return next((s for s in humans if s not in self.done), None)

    def finish(self, c: Campaign, side: str) -> bool:
        """Side ``side`` has had its turn; whether every human side now has (the stage can go on)."""
        self._follow(c)
        self.done.add(side)
        return self.acting(c) is None

    def last(self, c: Campaign, side: str) -> bool:
        """Whether ``side`` is the last human to take a turn this stage (her button goes on, not to the cover)."""
        self._follow(c)
        return [s for s in self.humans(c) if s not in self.done] == [side]
