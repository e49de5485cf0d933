"""The golden games: seeded self-play games whose outcomes are pinned in the tests.

Every scenario is played by every kind of player (random, scripted, the old
captain ``captain-v1``, and each against the others); the final state hash and the number of events
of each game are kept in ``tests/golden_games.json``.  ``tests/test_golden.py``
plays them again and fails on any difference, so a change to the engine or to
a computer player that alters an outcome shows up at once, and must be made on
purpose: re-pin with ``--update`` and say in the commit which rule moved and why.

    python -m game.golden             # play them and compare with the pins (exit 1 on a difference)
    python -m game.golden --update    # play them and write the pins
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from game.ai import kinds_for
from game.content.load import list_scenarios, load_default, open_scenario, scenario_path, scenario_system
from game.content.model import Scenario
from game.selfplay import play

ROOT = Path(__file__).resolve().parents[1]

PINS = ROOT / "tests" / "golden_games.json"

#: (first side's kind, other sides' kind, seeds) played in every scenario.  Random games are cheap
#: and wander into every corner of the rules; one game of each pairing with a thinking player
#: (captain against captain is left out: it takes the longest and adds no kind of player).  Both captains are
#: pinned: the old one (``captain-v1``) and the searching one at normal (``captain:normal``); a level plays by its
#: trials, not the clock, off the window, so her battles replay exactly too.
PAIRINGS = (
    ("random", "random", (1, 2, 3, 4, 5, 6, 7, 8)),
    ("scripted", "scripted", (1,)),
    ("captain-v1", "scripted", (1,)),
    ("scripted", "random", (2,)),
    ("random", "captain-v1", (2,)),
    ("captain:normal", "scripted", (1,)),
)


#: A fleet action (Trafalgar, Camperdown) has at least this many ships and batteries: one of its games with a
#: thinking player takes minutes, so it is pinned by one random game, which still walks every rule it meets.
FLEET_ACTION = 30
FLEET_PAIRINGS = (("random", "random", (1,)),)
#: ... and only its opening turns are played: with some seventy ships they meet most of the rules already.
FLEET_TURNS = 4


def fleet_action(scenario: Scenario) -> bool:
    """Whether a scenario is a fleet action: so many ships that each battle of it takes minutes to play."""
    units = sum(len(sq.ships) for side in scenario.sides for sq in side.squadrons)
    units += sum(len(getattr(side, "batteries", ())) for side in scenario.sides)
    return units >= FLEET_ACTION


def games() -> list[dict]:
    """Every golden game, without its outcome: scenario, seed and who plays each side."""
    rules, ships = load_default()
    out = []
    for name in list_scenarios():
        kinds = kinds_for(scenario_system(scenario_path(name))[0])
        scenario = open_scenario(scenario_path(name), ships, rules)
        for first, rest, seeds in FLEET_PAIRINGS if fleet_action(scenario) else PAIRINGS:
            if first not in kinds or rest not in kinds:
                continue  # a kind of player that rule system does not have
            for seed in seeds:
                out.append({"scenario": name, "seed": seed, "kinds": [first, rest]})
    return out


def outcome(game: dict) -> dict:
    """Play one golden game; its final state hash, event count and result."""
    rules, ships = load_default()
    scenario = open_scenario(scenario_path(game["scenario"]), ships, rules)
    if fleet_action(scenario):
        scenario = dataclasses.replace(scenario, turn_limit=min(scenario.turn_limit, FLEET_TURNS))
    first, rest = game["kinds"]
    players = {side.id: first if i == 0 else rest for i, side in enumerate(scenario.sides)}
    session = play(scenario, rules, game["seed"], players).session
    st = session.state
    return {"state_hash": st.state_hash(), "events": len(session.events), "winner": st.winner, "turns": st.turn}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="write the pins instead of comparing with them")
    ap.add_argument("--only", action="append", metavar="SCENARIO",
                    help="play only this scenario's games (repeatable); with --update the other pins are kept")
    ap.add_argument("--jobs", type=int, default=2, help="games played at once, in worker processes")
    args = ap.parse_args()
    old = {_key(g): g for g in json.loads(PINS.read_text(encoding="utf-8"))} if PINS.exists() else {}
    pinned = {} if args.update else old
    todo = [g for g in games() if not args.only or g["scenario"] in args.only]
    done, differ = [], 0
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for game, result in zip(todo, pool.map(outcome, todo), strict=True):
            got = {**game, **result}
            done.append(got)
            want = pinned.get(_key(game))
            if not args.update and (want is None or _pin(want) != _pin(got)):
                differ += 1
                was = f"{want['state_hash'][:12]} ({want['events']} events)" if want else "not pinned"
                print(f"{_key(game)}: {was} -> {got['state_hash'][:12]} ({got['events']} events)")
    if args.update:
        fresh = {_key(g): g for g in done}
        keep = [] if not args.only else [old[_key(g)] for g in games() if _key(g) in old and _key(g) not in fresh]
        order = {_key(g): i for i, g in enumerate(games())}
        pins = sorted([*keep, *done], key=lambda g: order[_key(g)])
        PINS.write_text("[\n" + ",\n".join(json.dumps(g) for g in pins) + "\n]\n", encoding="utf-8")
        print(f"pinned {len(done)} games ({len(pins)} in all) in {PINS.relative_to(ROOT)}")
    else:
        print(f"{len(done)} golden games, {differ} differ ({time.perf_counter() - started:.1f}s)")
    return 1 if differ else 0


def _pin(game: dict) -> tuple[str, int]:
    return (game["state_hash"], game["events"])


def _key(game: dict) -> str:
    return f"{game['scenario']} seed {game['seed']} {game['kinds'][0]} vs {game['kinds'][1]}"


if __name__ == "__main__":
    sys.exit(main())
