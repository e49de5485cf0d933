"""Headless battles between computer players, for testing and tuning.

One JSON line per game, then a summary line, so the output can be piped to
other tools.  Each game's seed is the base seed plus its index, so any single
game can be re-run alone with ``--seed``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from game.ai import kind_problem, make_player, side_and_kind
from game.ai.decide import NoAcceptableCommand, decide
from game.content.model import RuleSet, Scenario
from game.persistence.save import write_save
from game.persistence.session import Session
from game.systems.base import Refusal

#: A runaway game (a player that never ends its activation) is cut off here.
MAX_COMMANDS_PER_GAME = 100_000


class SelfPlayError(RuntimeError):
    pass


#: What a game's summary tells of each ship, of the rule system's tracks she has
#: (Beat to Quarters: hull, rigging, crew, fires, leaks, rudder; Cagway Bay: hit points).
_TRACKS = ("hull", "rigging", "crew", "fires", "leaks", "rudder", "hp", "hp_max")


@dataclass
class GameResult:
    session: Session
    players: dict[str, str]

    def summary(self) -> dict:
        st = self.session.state
        return {
            "scenario": st.scenario_id,
            "seed": self.session.seed,
            "players": self.players,
            "winner": st.winner,
            "reason": st.result,
            "turns": st.turn,
            "points": st.points,
            "ships": [
                {"id": s.id, "side": s.side, "status": s.status, **{k: getattr(s, k) for k in _TRACKS if hasattr(s, k)}}
                for s in st.ships.values()
            ],
            "commands": len(self.session.steps),
            "state_hash": st.state_hash(),
        }


def assign_players(
    sides: tuple[str, ...],
    game_index: int,
    player_args: list[str],
    match: list[str] | None,
    system: str | None = None,
) -> dict[str, str]:
    """Which kind of player commands each side in game ``game_index`` (1-based).

    ``--player KIND`` alone puts that kind on every side, ``--player SIDE:KIND``
    on one; a kind may carry a level (``british:captain:hard``).  Every kind
    is checked against ``system``'s players when it is given, so a typo fails
    before the first game rather than in the middle of a run.
    """
    kinds = {side: "random" for side in sides}
    for arg in player_args:
        side, kind = side_and_kind(arg, sides)
        _check(f"--player {arg}", kind, system)
        if side is None:
            kinds = {s: kind for s in sides}
        elif side not in kinds:
            raise SelfPlayError(f"--player {arg}: no side {side!r} (sides: {', '.join(sides)})")
        else:
            kinds[side] = kind
    if match:
        a, b = match
        for kind in match:
            _check(f"--match {a} {b}", kind, system)
        first, second = (a, b) if game_index % 2 == 1 else (b, a)
        kinds[sides[0]] = first
        for side in sides[1:]:
            kinds[side] = second
    return kinds


def _check(where: str, kind: str, system: str | None) -> None:
    problem = kind_problem(kind, system)
    if problem:
        raise SelfPlayError(f"{where}: {problem}")


def play(
    scenario: Scenario,
    rules: RuleSet,
    seed: int,
    players: dict[str, str],
    rule_options: dict[str, Any] | None = None,
    thinking: dict[str, list[float]] | None = None,
) -> GameResult:
    """One game to its end; ``rule_options``: options of the rule system switched on beyond the scenario's.

    ``thinking``, when given, gets each side's decision times in seconds (the ladder's figures); the
    clock is only read, never consulted, so the game plays the same with it or without.
    """
    session = Session(scenario, rules, seed, dict(players), dict(rule_options or {}))
    agents = {side: make_player(kind, seed, side, session.system.id) for side, kind in players.items()}
    if thinking is not None:
        agents = {side: _Timed(agent, thinking.setdefault(side, [])) for side, agent in agents.items()}
    for _ in range(MAX_COMMANDS_PER_GAME):
        if session.over:
            return GameResult(session, players)
        options = session.legal()
        if not options:
            raise SelfPlayError(
                f"seed {seed}: no legal command in phase {session.state.phase}, turn {session.state.turn}"
            )
        agent = agents[session.side_of(options)]
        _submit_one(session, agent, options, seed)
    raise SelfPlayError(f"seed {seed}: game did not finish within {MAX_COMMANDS_PER_GAME} commands")


class _Timed:
    """A player whose choices are timed; anything else asked of it (``fill``, ``fallback``, ``kind``) is its own."""

    def __init__(self, agent: Any, times: list[float]) -> None:
        self._agent = agent
        self._times = times

    def choose(self, state: Any, options: list) -> Any:
        start = time.perf_counter()
        try:
            return self._agent.choose(state, options)
        finally:
            self._times.append(time.perf_counter() - start)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._agent, name)


def _submit_one(session: Session, agent, options: list, seed: int) -> None:
    """Let the player choose until the engine accepts (see :func:`game.ai.decide.decide`)."""
    try:
        decide(agent, session.state, options, lambda cmd: not isinstance(session.submit(cmd), Refusal))
    except NoAcceptableCommand as e:
        raise SelfPlayError(f"seed {seed}: {e}") from None


def run(
    scenario: Scenario,
    rules: RuleSet,
    seed: int,
    games: int,
    player_args: list[str],
    match: list[str] | None,
    out: TextIO,
    log_path: str | None = None,
    save_path: str | None = None,
    options: dict[str, Any] | None = None,
) -> dict:
    totals = Totals(scenario.sides)
    log = _open_log(log_path) if log_path else None
    try:
        for i, result in enumerate(_games(scenario, rules, seed, games, player_args, match, options), 1):
            line = result.summary()
            out.write(json.dumps(line) + "\n")
            out.flush()
            totals.add(line)
            try:
                if log:
                    for e in result.session.events:
                        log.write(json.dumps(e) + "\n")
                if save_path:
                    write_save(_numbered(save_path, i, games), result.session)
            except OSError as err:
                where = save_path if save_path else log_path
                raise SelfPlayError(f"cannot write {where}: {err.strerror or err}") from None
    finally:
        if log:
            log.close()
    summary = totals.summary()
    out.write(json.dumps(summary) + "\n")
    return summary


def _open_log(path: str) -> TextIO:
    """The log file, opened before any game is played so a bad path fails at once (its folder is made)."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        raise SelfPlayError(f"cannot write the log {path}: {e.strerror or e}") from None


def _games(scenario, rules, seed, games, player_args, match, options=None) -> Iterator[GameResult]:
    sides = tuple(s.id for s in scenario.sides)
    for i in range(1, games + 1):
        kinds = assign_players(sides, i, player_args, match, scenario.system)  # checked before a game is played
        yield play(scenario, rules, seed + i - 1, kinds, options)


def _numbered(path: str, i: int, games: int) -> str:
    if games == 1:
        return path
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{i}{p.suffix}"))


class Totals:
    def __init__(self, sides) -> None:
        self.games = 0
        self.by_side = {s.id: 0 for s in sides}
        self.by_kind: dict[str, int] = {}
        self.draws = 0
        self.turns = 0

    def add(self, line: dict) -> None:
        self.games += 1
        self.turns += line["turns"]
        w = line["winner"]
        if w is None:
            self.draws += 1
            return
        self.by_side[w] = self.by_side.get(w, 0) + 1
        kind = line["players"][w]
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1

    def summary(self) -> dict:
        return {
            "games": self.games,
            "wins": {"by_side": self.by_side, "by_kind": self.by_kind},
            "draws": self.draws,
            "mean_turns": round(self.turns / self.games, 2) if self.games else 0,
        }
