"""A battle whose dice both players make: the one door every command of a network or e-mail game goes through.

:class:`FairPlay` wraps a :class:`Session` and its :class:`Ledger`.  It says
whether a command will roll (tried on a copy whose dice refuse to be rolled),
and submits a command with the reveals its roll needs: the seed comes from
both reveals and the history head after the command, never from the stream
the state carried in.  The host of a network game and each player of an
e-mail game keep one; so does whoever verifies a finished game.
"""

from __future__ import annotations

from typing import Any

from game.persistence.session import Session
from game.systems.base import Command, Event, Refusal
from game.systems.dice import Dice

from .chain import Chain
from .ledger import Ledger, dice_seed, genesis, link


class _DiceWanted(Exception):
    pass


class _Tripwire(Dice):
    """Dice that stop the trial at the first roll: the command needs dice."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(0)

    def copy(self) -> _Tripwire:
        return _Tripwire()

    def _next(self) -> int:
        raise _DiceWanted


def needs_dice(session: Session, command: Command) -> bool:
    """Whether ``command`` would roll any die if applied now (it is tried on a copy of the state)."""
    trial = session.state.copy()
    trial.dice = _Tripwire()
    try:
        session.system.apply(trial, command)
    except _DiceWanted:
        return True
    return False


class FairPlay:
    """The session of a battle whose every roll was made by both players."""

    def __init__(self, session: Session, ledger: Ledger) -> None:
        self.session = session
        self.ledger = ledger
        session.fair = ledger
        self._heads = [genesis(session.hash_at(0))]

    def head_at(self, n: int) -> str:
        """The history head after the first ``n`` commands."""
        commands = self.session.commands
        if not 0 <= n <= len(commands):
            raise IndexError(f"no point {n} in a battle of {len(commands)} commands")
        del self._heads[len(commands) + 1 :]  # a take-back shortens the history
        while len(self._heads) <= n:
            k = len(self._heads)
            self._heads.append(link(self._heads[-1], commands[k - 1].to_dict()))
        return self._heads[n]

    @property
    def head(self) -> str:
        return self.head_at(len(self.session.commands))

    def head_with(self, command: Command) -> str:
        """The history head once ``command`` is played next."""
        return link(self.head, command.to_dict())

    def needs_dice(self, command: Command) -> bool:
        return needs_dice(self.session, command)

    def submit(self, command: Command, reveals: dict[str, str] | None = None) -> list[Event] | Refusal:
        """Play ``command``; if it rolls, ``reveals`` (one per side) make its dice.

        A command that rolls without reveals is refused (nothing changes), and
        bad reveals raise :class:`LedgerError`; in both cases the battle stands
        as it was.
        """
        if not self.needs_dice(command):
            if reveals:
                return Refusal("this command rolls no dice: no reveals are wanted for it")
            result = self.session.submit(command)
            self._heads[len(self.session.commands) + 1 :] = []
            return result
        if not reveals:
            return Refusal("this command rolls dice: both players' reveals are wanted first")
        number = len(self.session.commands) + 1
        head = self.head_with(command)
        self.ledger.check(reveals)  # recorded only once the command is played
        result = self.session.submit(command, reseed=dice_seed(reveals, head))
        if isinstance(result, Refusal):
            return result
        self.ledger.roll(number, reveals, head)
        return result

    def play(self, command: Command, chains: dict[str, Chain]) -> list[Event] | Refusal:
        """Play ``command`` with both sides' chains at hand (one process holds them: self-play, tests): the
        chains give their next reveals if it rolls, and those are spent only if it was played."""
        if not self.needs_dice(command):
            return self.submit(command)
        result = self.submit(command, {side: chain.peek() for side, chain in chains.items()})
        if not isinstance(result, Refusal):
            for chain in chains.values():
                chain.reveal()
        return result

    def undo(self) -> Command | None:
        return self.session.undo()


def check_rolls(session_commands: list[Any], rolled: list[bool], ledger: Ledger) -> str | None:
    """Why a replayed battle's dice were not all made by both players (None if they were): every
    command that rolled must have its roll in the ledger, and no roll may name a command that did not."""
    recorded = {r.command for r in ledger.rolls}
    for i, did in enumerate(rolled, 1):
        if did and i not in recorded:
            return f"command {i} ({session_commands[i - 1].type}) rolled dice no one committed to"
    extra = sorted(n for n in recorded if n > len(rolled) or not rolled[n - 1])
    if extra:
        return f"the ledger has a roll for command {extra[0]}, which rolled no dice"
    return None
