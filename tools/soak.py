"""Soak the computer players: many self-play games over every scenario and every pairing of kinds.

Each game must run to its end (a side beaten, or the turn limit) without an
exception, and its battle log must pass the auditor (``game.logcheck``); a
sample of games is then played again in a fresh interpreter with a different
hash seed, and must reach the same state hash.  Prints one JSON line per
pairing and a summary; exits 1 if anything failed.

    python tools/soak.py [--games-per 21] [--jobs 2] [--kinds captain,scripted,random] [--recheck 1]

With the defaults: every shipped scenario (14) x 6 pairings x 21 games = 1764 games.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.content.load import list_scenarios, load_default, load_scenario, scenario_path  # noqa: E402
from game.logcheck import check_events  # noqa: E402
from game.selfplay import assign_players, play  # noqa: E402


def one_batch(name: str, a: str, b: str, first_seed: int, games: int) -> dict:
    """Play ``games`` games of ``a`` against ``b`` (sides alternating); never raises."""
    rules, ships = load_default()
    scenario = load_scenario(scenario_path(name), ships, rules)
    sides = tuple(s.id for s in scenario.sides)
    out: dict[str, Any] = {
        "scenario": name,
        "match": [a, b],
        "games": 0,
        "errors": [],
        "unfinished": [],
        "audit": [],
        "turns": [],
        "hashes": {},
    }
    for i in range(1, games + 1):
        seed = first_seed + i - 1
        players = assign_players(sides, i, [], [a, b])
        try:
            result = play(scenario, rules, seed, players)
        except Exception:  # noqa: BLE001 - the point is to catch anything and report it
            out["errors"].append({"seed": seed, "players": players, "trace": traceback.format_exc(limit=6)})
            continue
        st = result.session.state
        for problem in check_events(result.session.events, rules):
            out["audit"].append({"seed": seed, "players": players, "problem": problem})
        out["games"] += 1
        out["turns"].append(st.turn)
        if st.phase != "over":
            out["unfinished"].append(seed)
        out["hashes"][seed] = {"players": players, "hash": st.state_hash()}
    return out


def replayed_hash(name: str, seed: int, players: dict[str, str]) -> str:
    """The same game in a fresh interpreter with another hash seed."""
    args = [sys.executable, str(ROOT / "main.py"), "--selfplay", name, "--seed", str(seed), "--games", "1"]
    for side, kind in players.items():
        args += ["--player", f"{side}:{kind}"]
    env = dict(os.environ, PYTHONHASHSEED=str(seed % 1000 + 7))
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    first = next(line for line in done.stdout.splitlines() if line.startswith('{"scenario"'))
    return json.loads(first)["state_hash"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-per", type=int, default=21, help="games per scenario and pairing")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--kinds", default="captain,scripted,random")
    ap.add_argument("--seed", type=int, default=5001)
    ap.add_argument("--recheck", type=int, default=1, help="games per batch replayed in a fresh process")
    ap.add_argument("--scenarios", default="", help="comma-separated scenarios (default: all)")
    args = ap.parse_args()
    kinds = args.kinds.split(",")
    pairings = list(itertools.combinations_with_replacement(kinds, 2))
    names = args.scenarios.split(",") if args.scenarios else list_scenarios()
    batches = [(name, a, b) for name in names for a, b in pairings]
    started = time.perf_counter()
    failed = 0
    total: dict[str, float] = dict.fromkeys(
        ("games", "errors", "unfinished", "audit_problems", "replays", "replay_mismatches"), 0
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(one_batch, n, a, b, args.seed, args.games_per) for n, a, b in batches]
        for fut in futures:
            got = fut.result()
            mismatches = []
            for seed, game in list(got["hashes"].items())[: args.recheck]:
                total["replays"] += 1
                again = replayed_hash(got["scenario"], seed, game["players"])
                if again != game["hash"]:
                    mismatches.append(seed)
            line = {
                "scenario": got["scenario"],
                "match": got["match"],
                "games": got["games"],
                "errors": [{"seed": e["seed"], "players": e["players"]} for e in got["errors"]],
                "unfinished": got["unfinished"],
                "audit": got["audit"][:5],
                "mean_turns": round(sum(got["turns"]) / max(1, len(got["turns"])), 2),
                "replay_mismatches": mismatches,
            }
            print(json.dumps(line), flush=True)
            for e in got["errors"]:
                print(e["trace"], file=sys.stderr)
            total["games"] += got["games"]
            total["errors"] += len(got["errors"])
            total["unfinished"] += len(got["unfinished"])
            total["audit_problems"] += len(got["audit"])
            total["replay_mismatches"] += len(mismatches)
            failed += len(got["errors"]) + len(got["unfinished"]) + len(got["audit"]) + len(mismatches)
    total["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(total), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
