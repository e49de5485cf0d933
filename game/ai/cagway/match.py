"""Headless Cagway Bay battles between computer players, for tests and for measuring the scripted player.

``play`` runs one battle to its end through the rule system's interface alone
(``new_game``, ``legal``, ``apply``), with :func:`game.ai.decide.decide`
getting an acceptable command out of each player, as self-play does.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_player as registered
from game.ai.cagway.player import CagwayScriptedPlayer
from game.ai.decide import decide
from game.ai.random_player import RandomPlayer
from game.systems.base import Command, Event, Refusal
from game.systems.cagway.state import OVER, GameState

#: A battle that has not ended after this many commands is cut off (a player that never ends its move).
MAX_COMMANDS = 20_000


class MatchError(RuntimeError):
    pass


def make_player(kind: str, seed: int, side: str) -> Any:
    """A computer player of ``kind`` for ``side``: "random", "scripted", or any Cagway kind of the registry
    (``captain``, ``captain:hard`` ...)."""
    if kind == "random":
        return RandomPlayer(seed, side)
    if kind == "scripted":
        return CagwayScriptedPlayer(seed, side)
    return registered(kind, seed, side, "cagway")


@dataclass
class Match:
    """One battle played out: its last state, its log, the commands given and each side's thinking time."""

    state: GameState
    events: list[Event]
    kinds: dict[str, str]
    commands: list[Command] = field(default_factory=list)
    #: Side -> milliseconds each decision took its player (choosing only: the engine's work is not counted).
    ms: dict[str, list[float]] = field(default_factory=dict)


def play(system: Any, scenario: Any, seed: int, kinds: dict[str, str], max_commands: int = MAX_COMMANDS) -> Match:
    """One battle of ``scenario`` to its end, each side played by the kind of player ``kinds`` names."""
    state, events = system.new_game(scenario, seed)
    players = {side: make_player(kinds.get(side, "random"), seed, side) for side in state.sides}
    match = Match(state, list(events), dict(kinds), ms={side: [] for side in state.sides})
    for _ in range(max_commands):
        if state.phase == OVER:
            return match
        options = system.legal(state)
        if not options:
            raise MatchError(f"seed {seed}: nothing legal in phase {state.phase}, turn {state.turn}")
        side = state.ships[options[0].ship].side
        agent = players[side]

        def accepts(cmd: Command) -> bool:
            result = system.apply(state, cmd)
            if isinstance(result, Refusal):
                return False
            match.events.extend(result)
            match.commands.append(cmd)
            return True

        clock = _Clock(agent)
        decide(clock, state, options, accepts)
        match.ms[side].append(clock.ms)
    raise MatchError(f"seed {seed}: the battle did not end within {max_commands} commands")


class _Clock:
    """A player whose choosing is timed; everything else is hers."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.kind = getattr(agent, "kind", "")
        self.ms = 0.0

    def choose(self, state: GameState, options: list[Any]) -> Command:
        start = time.perf_counter()
        try:
            cmd: Command = self.agent.choose(state, options)
            return cmd
        finally:
            self.ms += (time.perf_counter() - start) * 1000.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)
