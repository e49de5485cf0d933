"""``python main.py --bench``: performance figures as JSON.

Measured here, not asserted in tests: timings depend on the machine, so the
benchmark reports them and people compare.  It reports the engine (self-play
and table queries), the window's frame times (``frames``, see
``game/ui/bench_frames.py``), the computer players' decision times and the
same figures for the fleet action (``trafalgar``, see ``game/bench_trafalgar.py``).
"""

from __future__ import annotations

import resource
import statistics
import time

from game.ai.timing import decision_times
from game.content.load import list_scenarios, load_default, load_scenario, open_scenario, scenario_path
from game.golden import fleet_action
from game.selfplay import play
from game.systems.btq21 import board


def _timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


#: Random games of a fleet action the self-play figures play.
FLEET_GAMES = 2


def run_bench(games: int = 20) -> dict:
    t0 = time.perf_counter()
    rules, ships = load_default()
    result: dict = {"load_data_s": round(time.perf_counter() - t0, 4), "selfplay": {}, "queries_us": {}}
    for name in list_scenarios():
        sc = open_scenario(scenario_path(name), ships, rules)
        players = {s.id: "random" for s in sc.sides}
        t = time.perf_counter()
        commands = 0
        # a fleet action's random battle takes half a minute: two of them measure it (its own section says more)
        count = min(games, FLEET_GAMES) if fleet_action(sc) else games
        for seed in range(1, count + 1):
            commands += len(play(sc, rules, seed, players).session.steps)
        dt = time.perf_counter() - t
        result["selfplay"][name] = {
            "games": count,
            "games_per_minute": round(count * 60 / dt),
            "commands_per_second": round(commands / dt),
        }
    sc = load_scenario(scenario_path("squadron"), ships, rules)
    state = play(sc, rules, 1, {s.id: "random" for s in sc.sides}).session.state
    ids = [s.id for s in state.ships.values() if s.on_table]
    a, b = ids[0], ids[-1]
    sp = board.space(state)
    q = result["queries_us"]
    q["state_copy"] = round(statistics.median(_timed(state.copy, 2000)) * 1e6, 1)
    q["state_hash"] = round(statistics.median(_timed(state.state_hash, 500)) * 1e6, 1)
    q["sweep_6in"] = round(statistics.median(_timed(lambda: sp.sweep(a, 6.0), 2000)) * 1e6, 1)
    q["closest_distance"] = round(statistics.median(_timed(lambda: sp.closest_distance(a, b), 2000)) * 1e6, 1)
    q["line_of_sight"] = round(statistics.median(_timed(lambda: sp.line_of_sight(a, b), 2000)) * 1e6, 1)
    from game.ui.bench_frames import frame_times

    result["frames"] = frame_times()
    result["ai_decisions"] = decision_times()
    from game.bench_trafalgar import run as trafalgar

    result["trafalgar"] = trafalgar()
    result["bench_peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return result
