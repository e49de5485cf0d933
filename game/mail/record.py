"""The e-mail game as both players (and anyone verifying it) see it: moved on only by turn-file entries.

Each player's program keeps one :class:`Record` inside his private local
game, and ``--verify`` builds one from the turn files alone; all three go
through the same doors (:meth:`Record.commit`, :meth:`Record.open`,
:meth:`Record.play`, :meth:`Record.roll`, :meth:`Record.complete`), so what
the sender did and what the receiver checks cannot drift apart.  A command
that rolls is *pending* between the mover's file (his command and his
reveal) and the other's answer (the other's reveal): only then is it played.
Every refusal is a :class:`TurnProblem`, one line for the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.fair.chain import HEX64, follows
from game.fair.ledger import Ledger, LedgerError, link
from game.fair.link import Played
from game.fair.play import FairPlay
from game.persistence.save import SaveError, check_document, replay, scenario_of, to_document
from game.persistence.session import Session
from game.systems import command_from_dict
from game.systems.base import Command, CommandError, Refusal

#: Whoever plays an e-mail game, the save names them so (the computer may still move for one: --player).
PLAYER_KIND = "human"


class TurnProblem(ValueError):
    """An entry the game cannot take; the message is one line for the player."""


def content() -> tuple[Any, Any]:
    """The tables and ships (read once per process)."""
    from game.content.load import load_default

    return load_default()


@dataclass(frozen=True)
class Pending:
    """A command that rolls, fixed by its mover with his reveal, waiting for the other side's reveal."""

    number: int
    side: str
    command: Command
    reveal: str


class Record:
    def __init__(self, scenario: str, scenario_text: str | None, options: dict[str, Any], sides: list[str]):
        self.scenario = scenario
        self.scenario_text = scenario_text
        self.options = {k: dict(v or {}) for k, v in options.items()}
        self.sides = tuple(sides)
        #: Each side's first commitment and opening reveal: the battle's seed is drawn from both reveals.
        self.tips: dict[str, str] = {}
        self.opening: dict[str, str] = {}
        self.fp: FairPlay | None = None
        self.pending: Pending | None = None

    # --- where it stands ------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        return self.fp.session if self.fp is not None else None

    @property
    def head(self) -> str | None:
        """The history head over every command fixed so far (a pending one included); None before the seed."""
        if self.fp is None:
            return None
        return self.fp.head_with(self.pending.command) if self.pending else self.fp.head

    @property
    def over(self) -> bool:
        return self.fp is not None and self.fp.session.over

    def mover(self) -> str | None:
        """The side to decide now (None before the seed, while a roll waits, or once the battle is over)."""
        if self.fp is None or self.pending is not None or self.fp.session.over:
            return None
        return self.fp.session.side_to_move()

    # --- the opening ----------------------------------------------------------------

    def commit(self, side: str, tip: str) -> None:
        self._side(side)
        if self.pending is not None:
            raise TurnProblem(f"{side} re-committed while command {self.pending.number}'s roll was pending")
        if self.fp is not None:
            try:
                self.fp.ledger.commit(side, tip)
            except LedgerError as e:
                raise TurnProblem(str(e)) from None
            return
        if side in self.tips or not HEX64.match(tip):
            raise TurnProblem(f"{side}'s opening commitment came twice or is not a hash")
        self.tips[side] = tip

    def open(self, side: str, reveal: str) -> None:
        """``side``'s first reveal; once both are in, the battle's seed is drawn and the battle set up."""
        self._side(side)
        if self.fp is not None or side in self.opening:
            raise TurnProblem(f"{side}'s opening reveal came twice")
        if set(self.tips) != set(self.sides):
            raise TurnProblem(f"{side} revealed before both sides had committed: the seed could be chosen")
        if not follows(self.tips[side], reveal):
            raise TurnProblem(f"{side}'s opening reveal does not follow {side}'s commitment: forged")
        self.opening[side] = reveal
        if set(self.opening) == set(self.sides):
            self._begin()

    def _begin(self) -> None:
        rules = content()[0]
        ledger = Ledger(self.sides)
        for side in self.sides:
            ledger.commit(side, self.tips[side])
        seed = ledger.open(dict(self.opening), self.scenario)
        scenario = self.load_scenario()
        try:
            session = Session(scenario, rules, seed, {s: PLAYER_KIND for s in self.sides}, dict(self.options),
                              scenario_text=self.scenario_text)
        except ValueError as e:  # an option the rule system does not have or cannot take
            raise TurnProblem(f"the game's options: {str(e)[:200]}") from None
        self.fp = FairPlay(session, ledger)

    def load_scenario(self) -> Any:
        """The game's scenario (shipped, or the text the first file carried), its sides checked."""
        rules, ships = content()
        try:
            scenario = scenario_of({"scenario": self.scenario, "scenario_text": self.scenario_text},
                                   "the turn file", ships, rules)
        except SaveError as e:
            raise TurnProblem(str(e)) from None
        if sorted(s.id for s in scenario.sides) != sorted(self.sides):
            raise TurnProblem(f"the sides {', '.join(self.sides)} are not those of {self.scenario}")
        return scenario

    # --- commands -------------------------------------------------------------------

    def command(self, number: int, data: Any) -> Command:
        """Command ``number`` from a file's entry, checked to be the next one."""
        if self.fp is None:
            raise TurnProblem(f"command {number} came before the battle's seed was drawn")
        expected = len(self.fp.session.commands) + 1 + (1 if self.pending else 0)
        if number != expected:
            raise TurnProblem(f"command {number} is out of place: command {expected} comes next")
        try:
            return command_from_dict(self.fp.session.system.id, data)
        except CommandError as e:
            raise TurnProblem(f"command {number}: {e}") from None

    def play(self, side: str, cmd: Command, state_hash: str | None = None) -> Played:
        """A command of ``side`` that rolls nothing, played at once."""
        fp, number = self._mover_is(side, cmd)
        if fp.needs_dice(cmd):
            raise TurnProblem(f"command {number} ({cmd.type}) rolls dice but came without {side}'s reveal")
        result = fp.submit(cmd)
        if isinstance(result, Refusal):
            raise TurnProblem(f"command {number} ({cmd.type}) is not legal: {result.reason}")
        return self._played(side, cmd, state_hash)

    def roll(self, side: str, cmd: Command, reveal: str) -> Pending:
        """A command of ``side`` that rolls, fixed with his reveal; it waits for the other side's reveal."""
        fp, number = self._mover_is(side, cmd)
        if not fp.needs_dice(cmd):
            raise TurnProblem(f"command {number} ({cmd.type}) rolls no dice, yet came with a reveal")
        why = fp.ledger.problem(side, reveal)
        if why:
            raise TurnProblem(f"command {number} ({cmd.type}): {why}")
        trial = fp.session.preview(cmd)
        if isinstance(trial, Refusal):
            raise TurnProblem(f"command {number} ({cmd.type}) is not legal: {trial.reason}")
        self.pending = Pending(number, side, cmd, reveal)
        return self.pending

    def complete(self, side: str, reveal: str, state_hash: str | None = None) -> Played:
        """``side``'s reveal for the other side's pending roll: the command is played with both."""
        p = self.pending
        if p is None or self.fp is None:
            raise TurnProblem(f"{side} gave a reveal for a roll no one made")
        if p.side == side:
            raise TurnProblem(f"{side} gave the second reveal for his own roll (command {p.number})")
        try:
            result = self.fp.submit(p.command, {p.side: p.reveal, side: reveal})
        except LedgerError as e:
            raise TurnProblem(f"the reveal for command {p.number} ({p.command.type}): {e}") from None
        if isinstance(result, Refusal):
            raise TurnProblem(f"command {p.number} ({p.command.type}) is not legal: {result.reason}")
        self.pending = None
        return self._played(p.side, p.command, state_hash)

    def _mover_is(self, side: str, cmd: Command) -> tuple[FairPlay, int]:
        self._side(side)
        if self.fp is None:
            raise TurnProblem(f"{side} moved before the battle's seed was drawn")
        number = len(self.fp.session.commands) + 1
        if self.pending is not None:
            raise TurnProblem(f"command {number} came while command {self.pending.number}'s roll was pending")
        if self.fp.session.over:
            raise TurnProblem(f"command {number} came after the battle was over")
        mover = self.mover()
        if mover != side:
            raise TurnProblem(f"command {number} ({cmd.type}) is {side}'s, but it is {mover}'s move: the wrong side")
        return self.fp, number

    def _played(self, side: str, cmd: Command, state_hash: str | None) -> Played:
        assert self.fp is not None
        session = self.fp.session
        step = session.steps[-1]
        if state_hash is not None and state_hash != step.hash_after:
            raise TurnProblem(
                f"the state after command {len(session.steps)} ({cmd.type}) differs from the one the file "
                "gives: edited, or played under other rules"
            )
        return Played(len(session.steps), side, cmd, step.reseed, step.hash_after)

    def _side(self, side: str) -> None:
        if side not in self.sides:
            raise TurnProblem(f"{str(side)[:40]!r} is not a side of this game")

    # --- a turn file's entries ----------------------------------------------------------

    def expected_head_after(self, entries: list[dict[str, Any]]) -> str | None:
        """The head the file's commands lead to, worked out before any is played (None if the seed is not drawn)."""
        head = self.head
        if head is None or self.fp is None:
            return None
        system = self.fp.session.system.id
        for e in entries:
            if e["kind"] in ("play", "roll"):
                try:
                    head = link(head, command_from_dict(system, e["command"]).to_dict())
                except CommandError as err:
                    raise TurnProblem(f"command {e['number']}: {err}") from None
        return head

    def apply(self, sender: str, entries: list[dict[str, Any]], head_before: Any, head_after: Any) -> list[Played]:
        """Play a file of ``sender``'s on this record; it ends with his roll pending if he rolled."""
        if head_before != self.head:
            raise TurnProblem("its history head before does not match this game's: an edited or foreign history")
        expected = self.expected_head_after(entries)
        if expected is not None and head_after != expected:
            raise TurnProblem("its history head after does not match its commands: edited")
        waiting = self.pending is not None and self.pending.side != sender
        if waiting and (not entries or entries[0]["kind"] != "complete"):
            assert self.pending is not None
            raise TurnProblem(f"it does not begin with {sender}'s reveal for command {self.pending.number}, "
                              "whose dice wait for it")
        played: list[Played] = []
        for i, e in enumerate(entries):
            kind = e["kind"]
            if kind == "commit":
                self.commit(sender, e["tip"])
            elif kind == "open":
                self.open(sender, e["reveal"])
            elif kind == "complete":
                if i != 0 or not waiting:
                    raise TurnProblem(f"entry {i + 1} gives a reveal for a roll that is not waiting for one")
                assert self.pending is not None
                if e["number"] != self.pending.number:
                    raise TurnProblem(f"its reveal is for command {e['number']}, not {self.pending.number}")
                played.append(self.complete(sender, e["reveal"], e["state_hash"]))
            elif kind == "play":
                played.append(self.play(sender, self.command(e["number"], e["command"]), e["state_hash"]))
            else:  # roll
                if i != len(entries) - 1:
                    raise TurnProblem(f"entry {i + 1} rolls, yet more follows: a file ends with its roll")
                self.roll(sender, self.command(e["number"], e["command"]), e["reveal"])
        if expected is None and head_after != self.head:
            raise TurnProblem("its history head after does not match its commands: edited")
        return played

    # --- kept in the local game ---------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        p = self.pending
        return {
            "scenario": self.scenario,
            "scenario_text": self.scenario_text,
            "options": self.options,
            "sides": list(self.sides),
            "tips": dict(self.tips),
            "opening": dict(self.opening),
            "save": to_document(self.fp.session) if self.fp is not None else None,
            "pending": {"number": p.number, "side": p.side, "command": p.command.to_dict(), "reveal": p.reveal}
            if p else None,
        }

    @classmethod
    def from_dict(cls, doc: dict[str, Any], name: str) -> Record:
        """A record as its owner's local game kept it: the save is replayed and every roll checked again."""
        record = cls(doc["scenario"], doc["scenario_text"], doc["options"], doc["sides"])
        record.tips = dict(doc["tips"])
        record.opening = dict(doc["opening"])
        if doc["save"] is not None:
            rules, ships = content()
            session = replay(check_document(name, doc["save"]), rules, ships, name)
            record.fp = FairPlay(session, session.fair)
        p = doc["pending"]
        if p is not None:
            assert record.fp is not None
            cmd = command_from_dict(record.fp.session.system.id, p["command"])
            record.pending = Pending(p["number"], p["side"], cmd, p["reveal"])
        return record
