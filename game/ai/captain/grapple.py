"""The odds of a boarding action, for deciding whether to lay a ship alongside.

A boarding action is fought round after round until a crippled crew fails its
morale test, so its odds are not a simple sum.  They are estimated here by
playing the action out a few hundred times with the rule book's pools, hits,
saves and morale (the numbers from the rules data), using dice of their own
seeded from the two crews: the same crews always give the same odds, and the
game's dice are never touched.
"""

from __future__ import annotations

import zlib

from game.systems.btq21.dice import Dice
from game.systems.btq21.state import GameState, Ship

#: Boarding actions played out per estimate.
TRIALS = 200
#: An action still undecided after this many rounds counts for neither side.
ROUNDS = 30


def pool(state: GameState, ship: Ship, crew: int) -> tuple[int, int]:
    b = state.rules.boarding
    per = int(b["crew_per_d10"])
    d10 = crew // per + (int(b["marines_d10"]) if ship.has("marines") else 0) + int(b["quality_d10"][ship.quality])
    return max(0, d10), (1 if crew % per else 0)


def odds(
    state: GameState, a: Ship, d: Ship, fail_a: float, fail_d: float, memo: dict | None = None
) -> tuple[float, float]:
    """(chance ``a`` takes ``d``, chance ``d`` takes ``a``) in a boarding action between them.

    ``memo`` keeps answers by the crews' numbers (never by the ships themselves), so one
    player's dictionary can serve a whole game.
    """
    key = f"{a.crew}:{a.crew_cripple}:{a.crew_start}:{a.quality}:{a.specials}:{d.crew}:{d.crew_cripple}"
    key += f":{d.crew_start}:{d.quality}:{d.specials}:{fail_a:.4f}:{fail_d:.4f}"
    memo = {} if memo is None else memo
    if ("boarding", key) not in memo:
        memo[("boarding", key)] = _play_out(state, a, d, fail_a, fail_d, key)
    return memo[("boarding", key)]


def _play_out(state: GameState, a: Ship, d: Ship, fail_a: float, fail_d: float, key: str) -> tuple[float, float]:
    dice = Dice.from_seed(zlib.crc32(key.encode()))
    b = state.rules.boarding
    hit_on, save_on = int(b["hit_on"]), int(b["save_on"])
    wins = [0, 0]
    for _ in range(TRIALS):
        crews = [a.crew, d.crew]
        lost_at = [a.crew_start - a.crew_cripple, d.crew_start - d.crew_cripple]
        for _round in range(ROUNDS):
            hits = []
            for ship, crew in ((a, crews[0]), (d, crews[1])):
                n10, n6 = pool(state, ship, crew)
                hits.append(sum(1 for _ in range(n10) if dice.die(10) >= hit_on) + sum(
                    1 for _ in range(n6) if dice.die(6) >= hit_on
                ))
            lost = [sum(1 for _ in range(hits[1 - i]) if dice.die(6) < save_on) for i in (0, 1)]
            crews = [max(0, crews[i] - lost[i]) for i in (0, 1)]
            if crews[0] == 0 or crews[1] == 0:
                if crews[0] != crews[1]:
                    wins[0 if crews[1] == 0 else 1] += 1
                break
            broke = [crews[i] <= lost_at[i] and dice.uniform() < (fail_a, fail_d)[i] for i in (0, 1)]
            if broke[0] and broke[1]:
                wins[0 if lost[1] > lost[0] else 1] += 1
                break
            if broke[0] or broke[1]:
                wins[1 if broke[0] else 0] += 1
                break
    return wins[0] / TRIALS, wins[1] / TRIALS
