"""A battle in progress: scenario + seed + the commands so far.

Everything a client needs sits here: the live state, the event log, the state
hash after each command (for saves and replays) and take-backs.  A take-back
restores the state from before a command, but never past a command that
rolled dice: once the dice have spoken, that is history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.content.model import RuleSet, Scenario
from game.systems import make_system, parse_option
from game.systems.base import Command, Event, Option, Refusal, RuleSystem


@dataclass
class _Step:
    command: Command
    before: Any  # the rule system's state
    events_before: int
    rolled: bool
    hash_after: str


@dataclass
class Session:
    scenario: Scenario
    rules: RuleSet
    seed: int
    players: dict[str, str] = field(default_factory=dict)
    #: Options switched on beyond those the scenario requires (name -> settings).
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    system: RuleSystem = field(init=False)
    state: Any = field(init=False)  # the rule system's state: read it, never change it
    events: list[Event] = field(init=False)
    steps: list[_Step] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
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
    def hashes(self) -> list[str]:
        return [s.hash_after for s in self.steps]

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def legal(self) -> list[Option]:
        return self.system.legal(self.state)

    def submit(self, command: Command) -> list[Event] | Refusal:
        before = self.state.copy()
        dice_before = self.state.dice.state
        result = self.system.apply(self.state, command)
        if isinstance(result, Refusal):
            return result
        rolled = self.state.dice.state != dice_before
        self.steps.append(_Step(command, before, len(self.events), rolled, self.state.state_hash()))
        self.events.extend(result)
        return result

    def can_undo(self) -> bool:
        return bool(self.steps) and not self.steps[-1].rolled

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
