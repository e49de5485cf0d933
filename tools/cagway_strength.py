"""How strong a Cagway Bay computer player is against another: mirrored games on each scenario.

By default the scripted player against the random one; ``--player`` and ``--against`` name any other kinds
(``--player captain --against scripted``: the search captain against the script).
For each scenario and each seed the battle is played twice, the measured player taking one side and then
the other (so 100 seeds are 200 games), each to its end with the scenario's own turn limit.  Every log is
run through the auditor (game/systems/cagway/audit.py) as it goes.  Prints one line per scenario and side,
a total per scenario (wins / draws / losses of the measured player), the points each side scored on
average, the auditor's findings and the measured player's decision times; exits 1 if the auditor found
anything or a battle failed.

    python tools/cagway_strength.py [--seeds 100] [--first-seed 1] [--scenario cagway_blockade_run ...]
                                    [--player scripted|captain[:level]] [--against random|scripted|captain ...]

``--against scripted`` plays the scripted player against itself: the figures are then those of the side it
is named for (how the scenario's sides fare between equal players).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.cagway.match import play  # noqa: E402
from game.content.paths import data_dir  # noqa: E402
from game.systems.cagway.audit import check_events  # noqa: E402
from game.systems.cagway.scenario import load_scenario  # noqa: E402
from game.systems.cagway.system import CagwayBay  # noqa: E402
from game.systems.cagway.tables import load_tables  # noqa: E402

SCENARIOS = ("cagway_blockade_run", "cagway_open_water")


def measure(
    name: str, seeds: range, system: CagwayBay, against: str = "random", player: str = "scripted"
) -> tuple[dict[str, Counter[str]], list[str], list[float]]:
    """(per side ``player`` took: W/D/L counts, the auditor's and the runner's problems, ``player``'s decision ms)."""
    scenario = load_scenario(data_dir() / "scenarios" / f"{name}.yaml", system.tables)
    sides = [s.id for s in scenario.sides]
    tally: dict[str, Counter[str]] = {side: Counter() for side in sides}
    problems: list[str] = []
    ms: list[float] = []
    points: dict[str, list[float]] = {"player": [], "other": []}
    for seed in seeds:
        for me in sides:
            kinds = {side: (player if side == me else against) for side in sides}
            try:
                m = play(system, scenario, seed, kinds)
            except Exception:  # noqa: BLE001 - reported, and the run goes on
                problems.append(f"{name} seed {seed} {player} {me}: {traceback.format_exc(limit=4)}")
                continue
            problems += [f"{name} seed {seed} {player} {me}: {p}" for p in check_events(m.events, system.tables)]
            winner = m.state.winner
            tally[me]["W" if winner == me else "D" if winner is None else "L"] += 1
            ms += m.ms[me]
            other = next(s for s in sides if s != me)
            points["player"].append(float(m.state.points.get(me, 0.0)))
            points["other"].append(float(m.state.points.get(other, 0.0)))
    for side in sides:
        t = tally[side]
        print(f"  {name:22} {player} as {side:10} W {t['W']:3}  D {t['D']:3}  L {t['L']:3}")
    total = sum(tally.values(), Counter())
    games = sum(total.values())
    print(
        f"  {name:22} all {games} games        W {total['W']:3}  D {total['D']:3}  L {total['L']:3}"
        f"   ({100.0 * total['W'] / max(1, games):.1f}% won, {_decided(total)} of decided)"
        f"   mean points {player} {statistics.mean(points['player'] or [0]):.1f},"
        f" {against} {statistics.mean(points['other'] or [0]):.1f}"
    )
    return tally, problems, ms


def _decided(t: Counter[str]) -> str:
    """The share of decided games won."""
    decided = t["W"] + t["L"]
    return f"{100.0 * t['W'] / decided:.1f}%" if decided else "none"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100, help="seeds per scenario (each played twice, sides swapped)")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--scenario", nargs="*", default=list(SCENARIOS))
    ap.add_argument("--player", default="scripted", help="the measured player: scripted, or a kind (captain:hard)")
    ap.add_argument("--against", default="random", help="the other side's player (random, scripted, captain ...)")
    args = ap.parse_args(argv)
    system = CagwayBay(load_tables())
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(f"python tools/cagway_strength.py --seeds {args.seeds} --first-seed {args.first_seed} "
          f"--scenario {' '.join(args.scenario)} --player {args.player} --against {args.against}")
    all_problems: list[str] = []
    all_ms: list[float] = []
    start = time.perf_counter()
    for name in args.scenario:
        _tally, problems, ms = measure(name, seeds, system, args.against, args.player)
        all_problems += problems
        all_ms += ms
    ms_sorted = sorted(all_ms) or [0.0]
    print(
        f"  auditor: {len(all_problems)} problems;  {args.player} decisions: {len(all_ms)}, median "
        f"{statistics.median(ms_sorted):.1f} ms, 90th percentile {ms_sorted[int(0.9 * (len(ms_sorted) - 1))]:.1f} ms, "
        f"95th {ms_sorted[int(0.95 * (len(ms_sorted) - 1))]:.1f} ms, "
        f"slowest {ms_sorted[-1]:.1f} ms;  {time.perf_counter() - start:.0f} s"
    )
    for p in all_problems[:20]:
        print("  " + p)
    return 1 if all_problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
