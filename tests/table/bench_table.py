"""Micro-benchmarks for the table queries the AI hammers.

Run: python -m tests.table.bench_table   (not collected by pytest)
"""

from __future__ import annotations

import random
import time

from game.table import TableSpace
from game.table.geometry import base_corners, convex_overlap

ISLANDS = [
    ("L", [(30, 20), (40, 20), (40, 22), (32, 22), (32, 30), (30, 30)]),
    ("U", [(50, 30), (60, 30), (60, 40), (59, 40), (59, 31), (51, 31), (51, 40), (50, 40)]),
    ("rock", [(15, 35), (18, 34), (19, 37), (16, 39)]),
    ("bar", [(10, 8), (22, 9), (22, 9.3), (10, 8.3)]),
]


def fleet(n: int, rnd: random.Random, space: TableSpace) -> dict:
    ships: dict = {}
    placed: list = []
    while len(ships) < n:
        pose = (rnd.uniform(3, 69), rnd.uniform(3, 45), rnd.uniform(0, 360))
        size = rnd.choice([(3.0, 1.0), (2.5, 0.9), (2.0, 0.75)])
        poly = base_corners(pose, *size)
        if any(convex_overlap(poly, p, eps=0.0) for p in placed) or space.overlapping(poly):
            continue
        placed.append(poly)
        ships[f"s{len(ships)}"] = (pose, *size)
    return ships


def per_call(fn, args: list, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for a in args:
            fn(*a)
        best = min(best, (time.perf_counter() - t) / len(args))
    return best * 1e6


def main() -> None:
    rnd = random.Random(1)
    for n in (6, 12, 60):
        ts = TableSpace(72, 48, ISLANDS)
        ships = fleet(n, rnd, ts)
        ts.set_ships(ships)
        ids = list(ships)
        pairs = [tuple(rnd.sample(ids, 2)) for _ in range(5000)]
        sweeps = [(rnd.choice(ids), rnd.uniform(0, 12)) for _ in range(5000)]
        drifts = [(rnd.choice(ids), rnd.uniform(0, 3), rnd.uniform(0, 360)) for _ in range(5000)]
        turns = [(rnd.choice(ids), rnd.uniform(-90, 90)) for _ in range(2000)]
        within = [(a, rnd.uniform(0, 12), b, rnd.uniform(0, 8)) for a, b in pairs]
        arcs = [(a, rnd.choice(["port", "starboard"]), b) for a, b in pairs]
        contacts = sum(ts.sweep(*s).contact is not None for s in sweeps)
        print(f"--- {n} ships, 72x48, {len(ISLANDS)} islands ({contacts / 50:.0f}% of sweeps hit something)")
        print(f"sweep (0-12in ahead)     {per_call(ts.sweep, sweeps):7.1f} us")
        print(f"sweep (drift 0-3in)      {per_call(ts.sweep, drifts):7.1f} us")
        print(f"pivot_blocker (<=90deg)  {per_call(ts.pivot_blocker, turns):7.1f} us")
        print(f"closest_distance         {per_call(ts.closest_distance, pairs):7.1f} us")
        print(f"line_of_sight            {per_call(ts.line_of_sight, pairs):7.1f} us")
        print(f"first_within             {per_call(ts.first_within, within):7.1f} us")
        print(f"in_arc                   {per_call(ts.in_arc, arcs):7.1f} us")
        print(f"set_ships (unchanged)    {per_call(ts.set_ships, [(ships,)] * 2000):7.1f} us")
        moved = [{**ships, i: ((p[0] + 0.1, p[1], p[2]), *s)} for i, (p, *s) in list(ships.items())[:50]]
        print(f"set_ships (one moved)    {per_call(ts.set_ships, [(m,) for m in moved] * 40):7.1f} us")


if __name__ == "__main__":
    main()
