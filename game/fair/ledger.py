"""The record of who committed to what and which reveals rolled which command.

A battle between two computers keeps a :class:`Ledger` beside its commands.
Each side's commitments (chain tips) are listed in the order they were made;
every command that rolled dice has a :class:`Roll` naming the reveal each
side gave for it.  The dice for that command are seeded from both reveals
and the history head *after* the command (:func:`dice_seed`), so the roll is
bound to the command it was made for.  A save carries the ledger, and
:meth:`Ledger.from_dict` re-checks every reveal against its chain, so a third
party can verify each roll from the file alone.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from game.systems.canon import dumps

from .chain import HEX64, follows

#: Most commitments one battle may hold (a re-commit per reconnection or used-up chain).
MAX_COMMITMENTS = 1000


class LedgerError(ValueError):
    """A ledger or a reveal that does not hold together; the message is one line for the player."""


def _int64(tag: bytes, parts: list[str]) -> int:
    h = hashlib.sha256(tag)
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\0")
    return int.from_bytes(h.digest()[:8], "big")


def dice_seed(reveals: dict[str, str], head: str) -> int:
    """The dice generator's state for one command: both sides' reveals and the history up to and including it."""
    return _int64(b"quarterdeck-dice\0", [f"{side}={reveals[side]}" for side in sorted(reveals)] + [head])


def opening_seed(reveals: dict[str, str], scenario_id: str) -> int:
    """The battle's seed, from each side's first reveal: neither chose it alone."""
    return _int64(b"quarterdeck-seed\0", [f"{side}={reveals[side]}" for side in sorted(reveals)] + [scenario_id])


def genesis(state_hash: str) -> str:
    """The history head before any command: the battle as it was set up."""
    return hashlib.sha256(b"quarterdeck-history\0" + state_hash.encode("ascii")).hexdigest()


def link(head: str, command: dict[str, Any]) -> str:
    """The history head after one more command (each head covers every command before it)."""
    return hashlib.sha256((head + "\0" + dumps(command)).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Commitment:
    side: str
    tip: str
    #: How many rolls the ledger held when it was made: it covers the rolls from there on.
    before_roll: int


@dataclass(frozen=True)
class Roll:
    #: Which command (1 for the first) the reveals rolled.
    command: int
    reveals: dict[str, str]
    seed: int


@dataclass
class Ledger:
    sides: tuple[str, ...]
    commitments: list[Commitment] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    #: The reveals that made the battle's seed ({} if its seed was not drawn that way).
    opening: dict[str, str] = field(default_factory=dict)
    #: How many commitments had been made when the opening reveals were taken (a side may re-commit after
    #: the opening and before the first roll: the order must be kept to check the reveals again).
    opened_after: int = 0
    #: What each side's next reveal must hash to.
    _last: dict[str, str] = field(default_factory=dict)

    # --- making it ------------------------------------------------------------

    def commit(self, side: str, tip: str) -> Commitment:
        self._side(side)
        if not HEX64.match(tip):
            raise LedgerError(f"{side}'s commitment is not a hash (64 hex digits)")
        if len(self.commitments) >= MAX_COMMITMENTS:
            raise LedgerError(f"more than {MAX_COMMITMENTS} commitments in one battle")
        c = Commitment(side, tip, len(self.rolls))
        self.commitments.append(c)
        self._last[side] = tip
        return c

    def committed(self, side: str) -> bool:
        return side in self._last

    def expects(self, side: str) -> str | None:
        """The value ``side``'s next reveal must hash to (None before it has committed)."""
        return self._last.get(side)

    def problem(self, side: str, value: Any) -> str | None:
        """Why ``value`` cannot be ``side``'s next reveal, or None if it can."""
        if side not in self.sides:
            return f"{str(side)[:40]!r} is not a side of this battle"
        if side not in self._last:
            return f"{side} has not committed to any dice yet"
        if not isinstance(value, str) or not HEX64.match(value):
            return f"{side}'s reveal is not a chain value (64 hex digits)"
        if not follows(self._last[side], value):
            return f"{side}'s reveal does not match the commitment {side} made: forged or out of order"
        return None

    def open(self, reveals: dict[str, str], scenario_id: str) -> int:
        """Take each side's first reveal as the battle's seed."""
        if self.opening:
            raise LedgerError("the battle's seed was drawn already")
        self._take(reveals)
        self.opening = dict(reveals)
        self.opened_after = len(self.commitments)
        return opening_seed(reveals, scenario_id)

    def roll(self, command: int, reveals: dict[str, str], head: str) -> Roll:
        """Record the reveals that roll command number ``command`` (whose history head is ``head``)."""
        if self.rolls and command <= self.rolls[-1].command:
            raise LedgerError(f"command {command} comes after command {self.rolls[-1].command}, which rolled already")
        self._take(reveals)
        r = Roll(command, dict(reveals), dice_seed(reveals, head))
        self.rolls.append(r)
        return r

    def check(self, reveals: dict[str, str]) -> None:
        """Raise LedgerError unless ``reveals`` are each side's next reveal (nothing changes either way)."""
        if not isinstance(reveals, dict) or sorted(reveals) != sorted(self.sides):
            raise LedgerError(f"a roll needs one reveal from each side ({', '.join(self.sides)})")
        for side, value in reveals.items():
            why = self.problem(side, value)
            if why:
                raise LedgerError(why)

    def _take(self, reveals: dict[str, str]) -> None:
        self.check(reveals)
        for side, value in reveals.items():
            self._last[side] = value

    def _side(self, side: str) -> None:
        if side not in self.sides:
            raise LedgerError(f"{str(side)[:40]!r} is not a side of this battle")

    def roll_for(self, command: int) -> Roll | None:
        for r in self.rolls:
            if r.command == command:
                return r
        return None

    # --- in files -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides),
            "opening": dict(self.opening),
            "opened_after": self.opened_after,
            "commitments": [{"side": c.side, "tip": c.tip, "before_roll": c.before_roll} for c in self.commitments],
            "rolls": [{"command": r.command, "reveals": dict(r.reveals), "seed": r.seed} for r in self.rolls],
        }

    @classmethod
    def from_dict(cls, doc: Any) -> Ledger:
        """A ledger read from a file, every reveal checked against its chain (commands are checked on replay)."""
        if not isinstance(doc, dict) or set(doc) - {"sides", "opening", "opened_after", "commitments", "rolls"}:
            raise LedgerError("must hold sides, opening, opened_after, commitments and rolls")
        sides = doc.get("sides")
        if not (isinstance(sides, list) and 1 < len(sides) <= 8 and all(isinstance(s, str) for s in sides)):
            raise LedgerError("'sides' must list the battle's sides")
        commits = doc.get("commitments")
        rolls = doc.get("rolls")
        if not isinstance(commits, list) or not isinstance(rolls, list):
            raise LedgerError("'commitments' and 'rolls' must be lists")
        if len(commits) > MAX_COMMITMENTS:
            raise LedgerError(f"more than {MAX_COMMITMENTS} commitments")
        ledger = cls(tuple(sides))
        pending: list[dict[str, Any]] = []
        for i, c in enumerate(commits, 1):
            if not isinstance(c, dict) or set(c) != {"side", "tip", "before_roll"}:
                raise LedgerError(f"commitment {i} must hold side, tip and before_roll")
            at = c["before_roll"]
            if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(rolls):
                raise LedgerError(f"commitment {i}: 'before_roll' must count the rolls before it")
            if pending and at < pending[-1]["before_roll"]:
                raise LedgerError(f"commitment {i} is out of order")
            pending.append(c)
        opening = doc.get("opening") or {}
        queue = pending

        def commit_next() -> None:
            c = queue.pop(0)
            try:
                ledger.commit(c["side"], c["tip"])
            except LedgerError as e:
                raise LedgerError(f"commitment: {e}") from None

        def commit_up_to(n: int) -> None:
            while queue and queue[0]["before_roll"] <= n:
                commit_next()

        if opening:
            after = doc.get("opened_after", 0)
            if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= len(queue):
                raise LedgerError("'opened_after' must count the commitments made before the opening")
            if any(c["before_roll"] for c in queue[:after]):
                raise LedgerError("the opening came after a roll")
            for _ in range(after):
                commit_next()
            try:
                ledger._take(opening)
            except LedgerError as e:
                raise LedgerError(f"the opening reveals: {e}") from None
            ledger.opening = dict(opening)
            ledger.opened_after = after
        commit_up_to(0)
        for i, r in enumerate(rolls, 1):
            commit_up_to(i - 1)
            if not isinstance(r, dict) or set(r) != {"command", "reveals", "seed"}:
                raise LedgerError(f"roll {i} must hold command, reveals and seed")
            cmd, seed = r["command"], r["seed"]
            if isinstance(cmd, bool) or not isinstance(cmd, int) or cmd < 1:
                raise LedgerError(f"roll {i}: 'command' must be a command's number")
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
                raise LedgerError(f"roll {i}: 'seed' must be a 64-bit whole number")
            if ledger.rolls and cmd <= ledger.rolls[-1].command:
                raise LedgerError(f"roll {i}: command {cmd} is out of order")
            try:
                ledger._take(r["reveals"])
            except LedgerError as e:
                raise LedgerError(f"roll {i} (command {cmd}): {e}") from None
            ledger.rolls.append(Roll(cmd, dict(r["reveals"]), seed))
        commit_up_to(len(rolls))
        return ledger
