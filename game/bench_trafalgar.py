"""The ``trafalgar`` section of ``python main.py --bench``: the figures of a fleet action.

Issue 17 wants the whole of Trafalgar (some seventy ships) to play in the window
at 60 frames a second and the captain to decide there in well under a third of
a second.  This section measures exactly that on the scenario named
``trafalgar`` when it is shipped, else on the stand-in of
``game/trafalgar_standin.py`` (and says so): frames at 1600x900 with the whole
fleet, the captain's time per activation from the opening and from the middle
game, and how fast the engine plays it (commands a second, legal() and apply()).

The middle game is reached by random play without the session's bookkeeping
(no state hash per command): it is only a way to get ships mixed up and
damaged before the captain is timed again, and random play is the cheap one.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from game.ai import make_player
from game.ai.decide import decide
from game.ai.timing import play_timed
from game.content.load import list_scenarios, load_default, open_scenario, scenario_path
from game.content.model import Scenario
from game.persistence.session import Session
from game.systems.base import Refusal
from game.trafalgar_standin import write_standin

NAME = "trafalgar"
#: Activations timed from the opening, and again from the middle game.
DECISIONS = 10
#: Turns of random play between the opening and the middle game.
MIDDLE_TURN = 3
#: Commands of random play for the engine's speed.
COMMANDS = 200
#: The captain timed: the one a player meets by default.  The figures in docs/PERFORMANCE.md before issue 19
#: were the old captain's (now ``captain-v1``); the search captain at normal took about twice her processor time
#: per activation in the stand-in's opening (3 activations measured, 0.7-1.0 s against 0.4-0.6 s).
KIND = "captain:normal"


def scenario() -> tuple[Scenario, str]:
    """The shipped Trafalgar, else the stand-in; and where it came from, in words."""
    rules, ships = load_default()
    if NAME in list_scenarios():
        return open_scenario(scenario_path(NAME), ships, rules), f"data/scenarios/{NAME}.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        sc = open_scenario(write_standin(Path(tmp)), ships, rules)
    return sc, "stand-in from game/trafalgar_standin.py (data/scenarios/trafalgar.yaml is not shipped)"


def run(frames: int = 60, decisions: int = DECISIONS) -> dict[str, Any]:
    sc, source = scenario()
    out: dict[str, Any] = {"scenario": source, "ships": sum(len(q.ships) for s in sc.sides for q in s.squadrons)}
    out["frames"] = _frames(sc, frames)
    out["captain"] = _captain(sc, decisions)
    out["selfplay"] = _engine(sc, COMMANDS)
    return out


def _stats(ms: list[float]) -> dict[str, Any]:
    if not ms:
        return {"median_ms": None, "p95_ms": None, "count": 0}
    ordered = sorted(ms)
    return {
        "median_ms": round(statistics.median(ordered), 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "count": len(ordered),
    }


def _frames(sc: Scenario, frames: int) -> dict[str, Any]:
    """The battle scene with every overlay on (see bench_frames), the camera still and moving."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui import bench_frames as bf
    from game.ui.app import QuarterdeckApp

    app = QuarterdeckApp((1600, 900), headless=True)
    app.settings.follow = False
    out: dict[str, Any] = {"size": "1600x900", "frames": frames}
    for plain in (False, True):
        app.settings.plain_table = plain
        scene = bf._set_up(app, sc)
        bf._frames(app, scene, 20)
        into = out.setdefault("plain_table", {}) if plain else out
        into["still"] = bf._stats(bf._frames(app, scene, frames))
        bf._panning(app, scene, 10)
        into["camera_moving"] = bf._stats(bf._panning(app, scene, frames))
    app.settings.plain_table = False
    return out


def _captain(sc: Scenario, decisions: int) -> dict[str, Any]:
    """ms per activation, captain against captain, from the opening and from the middle game."""
    rules, _ = load_default()
    sides = {s.id: KIND for s in sc.sides}
    opening = play_timed(Session(sc, rules, 1, dict(sides)), sides, 1, decisions)
    session = Session(sc, rules, 1, dict(sides))
    _random_play(session, turn=MIDDLE_TURN)
    middle = play_timed(session, sides, 1, decisions)

    def both(timed: list[tuple[str, float, float]]) -> dict[str, Any]:
        return {**_stats([ms for _, ms, _ in timed]), "processor": _stats([cpu for _, _, cpu in timed])}

    return {
        "kind": KIND,
        "opening": both(opening),
        "middle_game": {**both(middle), "from_turn": MIDDLE_TURN},
        "all": both(opening + middle),
        "note": "ms per activation, wall clock; 'processor' is this process's own time (what other programs "
        "running on the machine do not inflate)",
    }


def _random_play(session: Session, turn: int | None = None, commands: int | None = None) -> tuple[int, float, float]:
    """Random commands straight on the state (no hash, no undo record) until ``turn`` or ``commands``.

    (commands played, seconds in legal(), seconds in apply()).
    """
    players = {s.id: make_player("random", 1, s.id) for s in session.scenario.sides}
    system, n, in_legal, in_apply = session.system, 0, 0.0, 0.0

    def accepts(cmd) -> bool:
        nonlocal in_apply
        t = time.perf_counter()
        result = system.apply(session.state, cmd)
        in_apply += time.perf_counter() - t
        return not isinstance(result, Refusal)

    while not session.over and (turn is None or session.state.turn < turn) and (commands is None or n < commands):
        t = time.perf_counter()
        options = system.legal(session.state)
        in_legal += time.perf_counter() - t
        side = session.side_of(options)
        decide(players[side], session.state, options, accepts)
        n += 1
    return n, in_legal, in_apply


def _engine(sc: Scenario, commands: int) -> dict[str, Any]:
    """Random play from the start: the engine's own time per command, and commands a second as
    self-play runs them (with the session's state hash after each)."""
    rules, _ = load_default()
    bare = Session(sc, rules, 2, {})
    t = time.perf_counter()
    n, in_legal, in_apply = _random_play(bare, commands=commands)
    bare_s = time.perf_counter() - t
    session = Session(sc, rules, 2, {})
    players = {s.id: make_player("random", 2, s.id) for s in sc.sides}
    t = time.perf_counter()
    played = 0
    while not session.over and played < commands:
        options = session.legal()
        side = session.side_of(options)
        decide(players[side], session.state, options, lambda cmd: not isinstance(session.submit(cmd), Refusal))
        played += 1
    full_s = time.perf_counter() - t
    return {
        "commands": n,
        "legal_ms": round(in_legal / max(1, n) * 1000, 2),
        "apply_ms": round(in_apply / max(1, n) * 1000, 2),
        "engine_commands_per_second": round(n / bare_s, 1) if bare_s else None,
        "selfplay_commands_per_second": round(played / full_s, 1) if full_s else None,
    }
