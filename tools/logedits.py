"""How strict the auditor is: single-field edits of a real battle log, caught, missed or crashed on.

    python tools/logedits.py [--edits 400] [--seed 12] [--scenario squadron]

Plays one scripted-vs-scripted game, then makes each edit on a fresh copy of
its log (a number nudged by 1 or 2, a word lengthened, a flag flipped) and asks
``game.logcheck`` about it.  Prints a JSON summary, then the fields whose edits
went unnoticed, most often first: an edit that changes nothing the rules decide
(a die that misses either way) cannot be caught from the log alone.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.content.load import load_default, load_scenario, scenario_path  # noqa: E402
from game.logcheck import check_events  # noqa: E402
from game.selfplay import play  # noqa: E402
from tools.fuzz import _get, _set, _walk  # noqa: E402


def _edited(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + rng.choice((1, -1, 2, -2))
    if isinstance(value, str):
        return value + "x"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edits", type=int, default=400)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--scenario", default="squadron")
    args = ap.parse_args(argv)
    rules, ships = load_default()
    sc = load_scenario(scenario_path(args.scenario), ships, rules)
    events = play(sc, rules, 3, {s.id: "scripted" for s in sc.sides}).session.events
    if check_events(events, rules):
        print("the unedited log already has problems", file=sys.stderr)
        return 1
    rng = random.Random(args.seed)
    counts = collections.Counter[str]()
    missed: collections.Counter[str] = collections.Counter()
    while sum(counts.values()) < args.edits:
        log = json.loads(json.dumps(events))
        i = rng.randrange(len(log))
        path = rng.choice([p for p, _ in _walk(log[i]) if p])
        _set(log[i], path, _edited(_get(log[i], path), rng))
        try:
            problems = check_events(log, rules)
        except Exception:  # noqa: BLE001 - a crash is what is being counted
            counts["crashed"] += 1
            continue
        if problems:
            counts["caught"] += 1
        else:
            counts["missed"] += 1
            missed[f"{log[i]['type']}.{'.'.join(map(str, path))}"] += 1
    print(json.dumps({"edits": args.edits, **{k: counts[k] for k in ("caught", "missed", "crashed")}}))
    for name, n in missed.most_common():
        print(n, name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
