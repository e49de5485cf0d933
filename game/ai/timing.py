"""How long the computer players think, per activation (``python main.py --bench``).

A ship's activation is timed from the ``choose`` call that activates her to
the one that ends her activation, adding up every ``choose`` between (her
own commands only: answers to the engine's questions in other ships'
activations, such as firing as she bears, are not part of it).  The captain
plays the scripted player (the random one if there is no scripted player)
in the squadron action and the duel, sides alternating, at each of her levels
(and the old captain, ``captain-v1``).
"""

from __future__ import annotations

import statistics
import time

from game.ai import PLAYER_KINDS, make_player
from game.ai.decide import decide
from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.session import Session
from game.systems.btq21 import commands as c
from game.systems.btq21.engine import Rejected

SCENARIOS = ("squadron", "duel")
#: The players timed, each against the opponent (the scripted player): the captain at each level and the old one.
KINDS = ("captain:easy", "captain:normal", "captain:hard", "captain-v1")
#: Games of each scenario a kind plays when it thinks too long for the bench's usual number (sides alternating,
#: so an even number): the hard captain's squadron action takes about half a minute of processor time a game.
FEWER_GAMES = {"captain:hard": 2}


def decision_times(games: int = 4, seed: int = 1, kinds: tuple[str, ...] = KINDS) -> dict:
    """{kind: {...}, "<opponent>": {...}}: median and 95th percentile ms per activation, and how many.

    Each kind plays ``games`` games of each scenario against the scripted
    player (fewer for those in ``FEWER_GAMES``: each says how many it played),
    sides alternating; the opponent's figures come from all of those games.
    Each summary also holds ``by_scenario``: the squadron action's three-ship
    activations take longer than the duel's, so the overall median depends on
    the mix; and the processor time (``median_cpu_ms_per_activation``), which
    other programs on a busy machine do not inflate.  The clock is off, as in
    self-play: each level thinks its own number of trials, so every run times
    the same work (in the window the level's ceiling on a decision applies too).
    Four games of each (not two): the median moves with the positions the games
    reach, and a larger sample moves less.
    """
    rules, ships = load_default()
    opponent = "scripted" if "scripted" in PLAYER_KINDS else "random"
    spent: dict[str, dict[str, list[tuple[float, float]]]] = {kind: {} for kind in (*kinds, opponent)}
    played = {kind: min(games, FEWER_GAMES.get(kind, games)) for kind in kinds}
    for kind in kinds:
        for name in SCENARIOS:
            sc = load_scenario(scenario_path(name), ships, rules)
            sides = [s.id for s in sc.sides]
            for g in range(played[kind]):
                pair = (kind, opponent) if g % 2 == 0 else (opponent, kind)
                players = {side: pair[0] if i == 0 else pair[1] for i, side in enumerate(sides)}
                for who, ms, cpu in play_timed(Session(sc, rules, seed + g, dict(players)), players, seed + g):
                    spent[who].setdefault(name, []).append((ms, cpu))
    out: dict = {}
    for kind, by in spent.items():
        out[kind] = _summary([t for name in SCENARIOS for t in by.get(name, [])])
        out[kind]["games_per_scenario"] = played.get(kind, sum(played.values()))
        out[kind]["by_scenario"] = {name: _summary(by.get(name, [])) for name in SCENARIOS}
    return out


def _summary(times: list[tuple[float, float]]) -> dict:
    """Median and 95th percentile of wall-clock ms per activation, and the median of processor ms."""
    if not times:
        return {"median_ms_per_activation": None, "p95_ms_per_activation": None,
                "median_cpu_ms_per_activation": None, "activations": 0}
    ordered = sorted(ms for ms, _ in times)
    return {
        "median_ms_per_activation": round(statistics.median(ordered), 1),
        "p95_ms_per_activation": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "median_cpu_ms_per_activation": round(statistics.median(cpu for _, cpu in times), 1),
        "activations": len(ordered),
    }


class _Clock:
    """A player whose ``choose`` calls are timed; everything else passes through to her."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.ms = 0.0
        self.cpu_ms = 0.0  # the process's own processor time: what waiting for other programs does not inflate

    def choose(self, state, options):
        t, c = time.perf_counter(), time.process_time()
        try:
            return self.agent.choose(state, options)
        finally:
            self.ms += (time.perf_counter() - t) * 1000
            self.cpu_ms += (time.process_time() - c) * 1000

    def __getattr__(self, name: str):
        return getattr(self.agent, name)


def play_timed(
    session: Session, players: dict[str, str], seed: int, limit: int | None = None
) -> list[tuple[str, float, float]]:
    """Play ``session`` on (to its end, or until ``limit`` activations are timed).

    (kind, ms, processor ms) for each activation.
    """
    clocks = {side: _Clock(make_player(kind, seed, side, session.system.id)) for side, kind in players.items()}
    open_: dict[str, tuple[float, float]] = {}  # ship -> (ms, processor ms) so far in her activation
    done: list[tuple[str, float, float]] = []
    for _ in range(100_000):
        if session.over or (limit is not None and len(done) >= limit):
            break
        options = session.legal()
        side = session.side_of(options)
        clock = clocks[side]
        act, fas = session.state.activation, session.state.fas_window
        clock.ms = clock.cpu_ms = 0.0
        cmd = decide(clock, session.state, options, lambda cmd: not isinstance(session.submit(cmd), Rejected))
        if isinstance(cmd, c.ActivateShip):
            open_[cmd.ship] = (clock.ms, clock.cpu_ms)
        elif act is not None and act.ship in open_ and getattr(cmd, "ship", None) == act.ship and not fas:
            ms, cpu = open_[act.ship]
            open_[act.ship] = (ms + clock.ms, cpu + clock.cpu_ms)
        if isinstance(cmd, c.EndActivation) and cmd.ship in open_:
            done.append((players[side], *open_.pop(cmd.ship)))
    return done
