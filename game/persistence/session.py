"""A battle in progress: scenario + seed + the commands so far.

Everything a client needs sits here: the live state, the event log, the state
hash after each command (for saves and replays) and take-backs.  A take-back
restores the state from before a command, but never past a command that
rolled dice: once the dice have spoken, that is history.

Every step keeps the state from before its command, so the battle as it
stood after any number of commands is at hand without replaying
(:meth:`Session.state_at`): the replay viewer scrubs through it.  A battle
taken in command from some point of another (:func:`branch`) records where
it came from in ``parent``, and every save of it carries that record on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.content.model import Scenario
from game.systems import make_system, parse_option
from game.systems.base import Command, Event, Option, Refusal, RuleSystem

#: What a long piece of work reports as it goes: (done, of how many).
Progress = Callable[[int, int], None]


def own_text(scenario: Scenario) -> str | None:
    """The text of a scenario read from a file that is not shipped (None for a shipped one).

    Read as the scenario was (its ``source`` is the file's path as the reader
    wrote it, in this process), so a save made of the battle replays it anywhere.
    """
    from game.content.paths import is_shipped
    from game.content.yaml_nodes import MAX_FILE_BYTES
    from game.files import FileProblem, read_bytes

    if not scenario.source or is_shipped(scenario.source):
        return None
    try:
        return read_bytes(scenario.source, MAX_FILE_BYTES).decode("utf-8")
    except (FileProblem, UnicodeDecodeError):
        return None


class BranchError(ValueError):
    """A battle that cannot be taken in command from the point asked for (the replay disagreed)."""


@dataclass
class _Step:
    command: Command
    before: Any  # the rule system's state
    events_before: int
    rolled: bool
    hash_after: str
    #: The dice generator's state set just before the command (a battle between two computers: game.fair).
    reseed: int | None = None


@dataclass
class Session:
    scenario: Scenario
    #: The tables the battle is played with: the scenario's rule system's (a RuleSet for Beat to Quarters).
    rules: Any
    seed: int
    players: dict[str, str] = field(default_factory=dict)
    #: Options switched on beyond those the scenario requires (name -> settings).
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Where this battle was branched from, as saves record it ({scenario, seed, at_command,
    #: state_hash, file, turn}; docs/DATA-FORMAT.md), or None for a battle begun afresh.
    parent: dict[str, Any] | None = None
    #: The whole text of a scenario that is not one of the shipped ones (the editor's, the generator's, a
    #: campaign's battle): a save carries it, since no other Quarterdeck has the file.  None for a shipped one.
    scenario_text: str | None = None
    #: A battle between two computers: the commitments and reveals its dice came from (a game.fair.Ledger).
    fair: Any = None
    system: RuleSystem = field(init=False)
    state: Any = field(init=False)  # the rule system's state: read it, never change it
    events: list[Event] = field(init=False)
    steps: list[_Step] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if self.scenario.system != self.rules.system:
            # Clients hold Beat to Quarters' tables; a scenario of another rule system is played with its own.
            from game.content.load import tables_of

            self.rules = tables_of(self.scenario.system, self.rules)
        if self.scenario_text is None:
            self.scenario_text = own_text(self.scenario)
        wanted: dict[str, dict[str, Any]] = dict(parse_option(self.rules.system, t) for t in self.scenario.options)
        wanted |= self.options
        self.system = make_system(self.rules.system, self.rules, wanted)
        self.state, events = self.system.new_game(self.scenario, self.seed)
        self.events = list(events)
        self.steps = []

    @property
    def commands(self) -> list[Command]:
        return [s.command for s in self.steps]

    @property
    def reseeds(self) -> dict[int, int]:
        """The dice generator's state set before each command that had one (1 for the first command)."""
        return {i: s.reseed for i, s in enumerate(self.steps, 1) if s.reseed is not None}

    @property
    def hashes(self) -> list[str]:
        return [s.hash_after for s in self.steps]

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def branch_point(self) -> int:
        """The commands that came with the battle this one was branched from (0 for a fresh battle)."""
        at = self.parent.get("at_command") if self.parent else None
        return at if isinstance(at, int) else 0

    def legal(self) -> list[Option]:
        return self.system.legal(self.state)

    def side_of(self, options: list[Option]) -> str:
        """The side the legal options belong to (asked of options that are there: a battle not over)."""
        return str(self.state.ships[options[0].ship].side)

    def side_to_move(self) -> str | None:
        """The side whose decision it is, or None when nothing may be done (the battle is over)."""
        options = self.legal()
        return self.side_of(options) if options else None

    def submit(self, command: Command, reseed: int | None = None) -> list[Event] | Refusal:
        """Apply a command; ``reseed`` sets the dice generator first (dice both players made: game.fair)."""
        before = self.state.copy()
        dice_before = self.state.dice.state
        if reseed is not None:
            self.state.dice.state = reseed
        result = self.system.apply(self.state, command)
        if isinstance(result, Refusal):
            self.state.dice.state = dice_before
            return result
        rolled = self.state.dice.state != dice_before
        self.steps.append(_Step(command, before, len(self.events), rolled, self.state.state_hash(), reseed))
        self.events.extend(result)
        return result

    def can_undo(self) -> bool:
        return len(self.steps) > self.branch_point and not self.steps[-1].rolled

    def why_no_undo(self) -> str:
        """Why the last command cannot be taken back, in the player's words ("" if it can)."""
        if self.can_undo():
            return ""
        if not self.steps:
            return "nothing has been done yet"
        if len(self.steps) <= self.branch_point:
            return "this battle was taken in command from here: what came before is the other battle's"
        return "the dice have been rolled"

    def undo(self) -> Command | None:
        """Take back the last command if no dice were rolled for it."""
        if not self.can_undo():
            return None
        step = self.steps.pop()
        self.state = step.before
        del self.events[step.events_before :]
        return step.command

    def preview(self, command: Command) -> list[Event] | Refusal:
        """What a command would do, tried on a trial: dice of its own, so it tells nothing of the real ones."""
        return self.system.apply(self.system.sandbox(self.state, hold=False), command)

    # --- the battle as it stood ------------------------------------------------------

    def state_at(self, n: int) -> Any:
        """The state after the first ``n`` commands (read it, never change it: it is the session's own)."""
        if not 0 <= n <= len(self.steps):
            raise IndexError(f"no point {n} in a battle of {len(self.steps)} commands")
        return self.steps[n].before if n < len(self.steps) else self.state

    def events_at(self, n: int) -> int:
        """How many events the battle log held after the first ``n`` commands."""
        if not 0 <= n <= len(self.steps):
            raise IndexError(f"no point {n} in a battle of {len(self.steps)} commands")
        return self.steps[n].events_before if n < len(self.steps) else len(self.events)

    def hash_at(self, n: int) -> str:
        """The state hash after the first ``n`` commands (as a save records it for n >= 1)."""
        return self.steps[n - 1].hash_after if n > 0 else self.state_at(0).state_hash()

    def enabled_options(self) -> dict[str, dict[str, Any]]:
        """Every option in force, the scenario's own included: what a save records."""
        return {k: dict(v) for k, v in self.system.enabled.items()}


def parent_record(source: Session, at: int, file: str | None = None) -> dict[str, Any]:
    """How a battle branched from ``source`` after its first ``at`` commands records where it came from."""
    return {
        "scenario": source.scenario.id,
        "seed": source.seed,
        "at_command": at,
        "state_hash": source.hash_at(at),
        "turn": source.state_at(at).turn,
        "file": file,
    }


def branch(
    source: Session, at: int, players: dict[str, str], file: str | None = None, progress: Progress | None = None
) -> Session:
    """A new battle that plays on from ``source`` after its first ``at`` commands.

    The commands are played again in a fresh session and every state hash is
    checked against the source's, so the branch is exactly the battle as it
    stood, never a copy that could have drifted; it records its parent.
    """
    if not 0 <= at <= len(source.steps):
        raise BranchError(f"no point {at} in a battle of {len(source.steps)} commands")
    session = Session(
        source.scenario, source.rules, source.seed, dict(players), source.enabled_options(),
        parent=parent_record(source, at, file), scenario_text=source.scenario_text,
    )
    if session.state.state_hash() != source.hash_at(0):
        raise BranchError("the battle does not begin as it did: the scenario or the tables have changed")
    for i, step in enumerate(source.steps[:at]):
        result = session.submit(step.command)
        if isinstance(result, Refusal):
            raise BranchError(f"command {i + 1} ({step.command.type}) is not legal when played again: {result.reason}")
        if session.steps[-1].hash_after != step.hash_after:
            raise BranchError(f"command {i + 1} ({step.command.type}) leads to a different state when played again")
        if progress is not None:
            progress(i + 1, at)
    return session
