"""Every scenario self-played by the computer players, each battle log recounted by its rule system's auditor.

For each scenario and each of ``--games`` seeds a battle is played to its end
by the computer players of the scenario's rule system (the kinds of
``--players``, taken in turn for the first side and the next one for the
other, so the kinds meet each other on both sides), and its log goes through
``game.logcheck.audit`` exactly as a written log would (each event round-tripped
through JSON).  Prints one line per scenario: games, who won, mean turns, the
wall time, and the auditor's findings; exits 1 if the auditor found anything or
a battle failed.

    python tools/scenario_audit.py [--games 20] [--scenario NAME ...] [--players scripted,captain] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import kinds_for  # noqa: E402
from game.content.load import list_scenarios, load_default, open_scenario, scenario_path  # noqa: E402
from game.logcheck import audit  # noqa: E402
from game.selfplay import play  # noqa: E402


def kinds(system: str, wanted: list[str], game: int) -> tuple[str, str]:
    """The players of game ``game`` (0-based): the wanted kinds this rule system has, in turn."""
    have = [k for k in wanted if k in kinds_for(system)] or ["scripted"]
    return have[game % len(have)], have[(game + 1) % len(have)]


def one_game(name: str, seed: int, first: str, second: str) -> tuple[str, int, str | None, int, float, list[str]]:
    """(scenario, seed, winner, turns, seconds, problems) of one battle."""
    rules, ships = load_default()
    scenario = open_scenario(scenario_path(name), ships, rules)
    sides = [s.id for s in scenario.sides]
    players = {side: (first if i == 0 else second) for i, side in enumerate(sides)}
    start = time.perf_counter()
    try:
        result = play(scenario, rules, seed, players)
    except Exception:  # noqa: BLE001 - a failed battle is a finding, and the run goes on
        return name, seed, None, 0, time.perf_counter() - start, [f"battle failed: {traceback.format_exc(limit=6)}"]
    took = time.perf_counter() - start
    events = [json.loads(json.dumps(e)) for e in result.session.events]
    problems = audit(events, result.session.rules)
    state = result.session.state
    return name, seed, state.winner, state.turn, took, [f"{players}: {p}" for p in problems]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--scenario", action="append", help="a scenario's name (default: every shipped scenario)")
    ap.add_argument("--players", default="scripted,captain", help="kinds of computer player, comma-separated")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    names = args.scenario or list_scenarios()
    unknown = [n for n in names if n not in list_scenarios()]
    if unknown:
        print(f"unknown scenario {unknown[0]!r}", file=sys.stderr)
        return 2
    wanted = [k.strip() for k in args.players.split(",") if k.strip()]
    rules, ships = load_default()
    jobs = []
    for name in names:
        system = open_scenario(scenario_path(name), ships, rules).system
        for g in range(args.games):
            jobs.append((name, args.first_seed + g, *kinds(system, wanted, g)))
    results: dict[str, list[tuple[str | None, int, float, list[str]]]] = {n: [] for n in names}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for name, seed, winner, turns, took, problems in pool.map(one_game, *zip(*jobs, strict=True)):
            results[name].append((winner, turns, took, problems))
            # one line a battle as it ends, so a long run shows how it goes
            print(f"# {name} seed {seed}: {winner or 'draw'} in turn {turns}, {took:.0f} s, "
                  f"{len(problems)} findings", file=sys.stderr, flush=True)
    findings = 0
    print(f"{'scenario':24} {'games':>5}  {'winners':34} {'turns':>5} {'s/game':>7} {'max s':>6}  findings")
    for name in names:
        rows = results[name]
        won = Counter(w or "draw" for w, *_ in rows)
        problems = [p for *_, ps in rows for p in ps]
        findings += len(problems)
        mean_turns = sum(t for _, t, _, _ in rows) / max(1, len(rows))
        secs = [s for _, _, s, _ in rows]
        winners = ", ".join(f"{k} {v}" for k, v in won.most_common())
        print(
            f"{name:24} {len(rows):5}  {winners[:34]:34} {mean_turns:5.1f} {sum(secs) / max(1, len(secs)):7.1f}"
            f" {max(secs, default=0):6.1f}  {len(problems)}"
        )
        for p in problems[:5]:
            print(f"    {p[:400]}")
    print(f"auditor findings in all: {findings}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
