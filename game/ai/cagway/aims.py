"""What each of a side's ships is after: the scenario's objective turned into targets and steering points.

* **Runner** (blockade run): the carrier makes for the destination island,
  and nothing else counts as much; each escort keeps a station ahead of her,
  between her and the nearest blocker, and fires on the blockers that
  threaten her first.
* **Blocker**: cannot see the carrier, so he reads the runners by how near
  the island they are (:func:`sight.threat_ranks`).  He moves before them
  (they are upwind), so chasing where a runner is now is chasing where she
  was: each blocker instead waits on one runner's way in to the island, a
  few inches out from it (the runner nearest the island first, the nearest
  blocker to that place), and closes on her once she is that near.  Every
  runner's hull is worth more the nearer she is to arriving.  A dead runner
  is worth a great deal: she may be the carrier, and a dead ship can be
  taken; the nearest blocker goes to take her.
* **Fleet**: close with the weakest enemy (fewest HP) and shoot; a kill is
  worth the share of her points a dead ship scores.

Values are in hit points of damage: one HP off an enemy is worth her weight.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.ai.cagway import pilot, sight
from game.ai.cagway.pilot import Pilot
from game.ai.cagway.sight import BLOCKER, RUNNER
from game.systems.cagway.state import GameState, Ship
from game.table.geometry import Point

#: How far ahead of the carrier (towards the island) an escort keeps station, and how far off towards the threat.
ESCORT_AHEAD = 4.0
ESCORT_ASIDE = 3.0
#: How far out from the destination island's middle a blocker waits for a runner (inches).
GUARD = 7.0
#: A dead runner within this many inches of a blocker is hers to take.
PRIZE_REACH = 12.0


@dataclass
class Aims:
    """One side's targets and steering, worked out once per decision."""

    side: str
    role: str
    #: The carrier, for the Runner only ("" otherwise).
    carrier: str
    #: Enemy id -> what one HP of damage to her is worth.
    weight: dict[str, float] = field(default_factory=dict)
    #: Enemy id -> the bonus for leaving her dead in the water.
    kill: dict[str, float] = field(default_factory=dict)
    #: Own ship id -> the point she steers for (None: she has none, e.g. the carrier, who steers for the island).
    goal: dict[str, Point | None] = field(default_factory=dict)
    #: Own ship id -> the distance from the goal she is content to keep.
    standoff: dict[str, float] = field(default_factory=dict)
    #: Own ship id -> the enemy she is after.
    quarry: dict[str, str] = field(default_factory=dict)
    #: Own ship id -> how much one HP of hers is worth to the side (the carrier's far more).
    own_worth: dict[str, float] = field(default_factory=dict)
    _pilots: dict[str, Pilot | None] = field(default_factory=dict)

    def pilot(self, view: GameState, ship: Ship) -> Pilot | None:
        """The pilot that takes her to her goal by sea (to the island for the carrier); None with no goal."""
        if ship.id not in self._pilots:
            if self.role == RUNNER and ship.id == self.carrier:
                self._pilots[ship.id] = pilot.to_island(view, sight.destination(view))
            else:
                goal = self.goal.get(ship.id)
                self._pilots[ship.id] = None if goal is None else Pilot(view, [goal])
        return self._pilots[ship.id]

    def value_of_hit(self, target: Ship, damage: int) -> float:
        """What ``damage`` to ``target`` is worth: her weight a HP, plus the bonus if it leaves her dead."""
        if damage <= 0 or target.dead:
            return 0.0
        v = self.weight.get(target.id, 1.0) * min(damage, target.hp)
        if damage >= target.hp:
            v += self.kill.get(target.id, 0.0)
        return v


def appraise(view: GameState, side: str) -> Aims:
    """The side's aims in the battle as it stands (``view``: a trial made by :func:`sight.trial`)."""
    r = sight.role(view, side)
    aims = Aims(side=side, role=r, carrier=sight.known_carrier(view, side))
    mine = [s for s in view.ships.values() if s.on_table and s.side == side]
    foes = [s for s in view.ships.values() if s.on_table and s.side != side]
    if r == RUNNER:
        _runner(view, aims, mine, foes)
    elif r == BLOCKER:
        _blocker(view, aims, mine, foes)
    else:
        _fleet(view, aims, mine, foes)
    return aims


def _runner(view: GameState, aims: Aims, mine: list[Ship], foes: list[Ship]) -> None:
    carrier = view.ships.get(aims.carrier)
    for f in foes:
        near = sight.apart(sight.centre(f), sight.centre(carrier)) if carrier is not None else 30.0
        aims.weight[f.id] = 1.0 + 1.5 * math.exp(-near / 10.0)
        aims.kill[f.id] = 6.0
    dest = sight.island_centre(view, sight.destination(view))
    live = [f for f in foes if not f.dead]
    for s in mine:
        aims.own_worth[s.id] = 1.0
        if carrier is None or s.id == carrier.id:
            aims.goal[s.id] = None
            aims.own_worth[s.id] = 2.5
            continue
        here = sight.centre(carrier)
        ahead = _toward(here, dest, ESCORT_AHEAD) if dest is not None else here
        threat = min(live, key=lambda f: (sight.apart(sight.centre(f), here), f.id)) if live else None
        station = _toward(ahead, sight.centre(threat), ESCORT_ASIDE) if threat is not None else ahead
        aims.goal[s.id] = station
        aims.standoff[s.id] = 1.5
        if threat is not None:
            aims.quarry[s.id] = threat.id


def _blocker(view: GameState, aims: Aims, mine: list[Ship], foes: list[Ship]) -> None:
    """Dead runners are taken by the nearest blocker; the rest guard the island, one blocker to each runner
    (the runner nearest the island first), on the runner's way in, GUARD inches out from the island."""
    ranks = sight.threat_ranks(view)
    dest = sight.island_centre(view, sight.destination(view))
    for f in foes:
        w = ranks.get(f.id, 1.0)
        aims.weight[f.id] = w
        aims.kill[f.id] = 8.0 * w
    free = [s for s in mine if not s.dead]
    for s in mine:
        aims.own_worth[s.id] = 1.0
        aims.goal[s.id] = None
    for prize in sorted((f for f in foes if f.dead), key=lambda f: (-ranks.get(f.id, 1.0), f.id)):
        near = [s for s in free if sight.apart(sight.centre(s), sight.centre(prize)) < PRIZE_REACH]
        if near:
            s = min(near, key=lambda s: (sight.apart(sight.centre(s), sight.centre(prize)), s.id))
            aims.goal[s.id], aims.standoff[s.id], aims.quarry[s.id] = sight.centre(prize), 0.0, prize.id
            free.remove(s)
    live = sorted((f for f in foes if not f.dead), key=lambda f: (-ranks.get(f.id, 1.0), f.id))
    if not live:
        return
    while free:
        for runner in live:
            if not free:
                break
            guard = _guard_point(runner, dest)
            s = min(free, key=lambda s: (sight.apart(sight.centre(s), guard), s.id))
            aims.goal[s.id], aims.standoff[s.id], aims.quarry[s.id] = guard, 1.0, runner.id
            free.remove(s)


def _guard_point(runner: Ship, dest: Point | None) -> Point:
    """Where a blocker waits for ``runner``: on her way in to the island, GUARD inches out; on her, once she is
    that close."""
    here = sight.centre(runner)
    if dest is None:
        return here
    d = sight.apart(here, dest)
    if d <= GUARD + 3.0:
        return here
    return _toward(dest, here, GUARD)


def _fleet(view: GameState, aims: Aims, mine: list[Ship], foes: list[Ship]) -> None:
    live = [f for f in foes if not f.dead]
    weakest = min(live, key=lambda f: (f.hp, f.id)) if live else None
    for f in foes:
        card = view.card_of(f)
        aims.weight[f.id] = 1.5 if weakest is not None and f.id == weakest.id else 1.0
        aims.kill[f.id] = card.points * float(view.tables.victory.get("dead", 0.5)) * 0.8
    for s in mine:
        aims.own_worth[s.id] = 1.0
        if not foes:
            aims.goal[s.id] = None
            continue
        dead = [f for f in foes if f.dead]
        near_dead = min(dead, key=lambda f: sight.apart(sight.centre(f), sight.centre(s)), default=None)
        if near_dead is not None and sight.apart(sight.centre(near_dead), sight.centre(s)) < 8.0:
            aims.quarry[s.id] = near_dead.id  # a dead enemy close by: take her (full points, not half)
            aims.goal[s.id] = sight.centre(near_dead)
            aims.standoff[s.id] = 0.0
            continue
        quarry = weakest if weakest is not None else foes[0]
        # The weakest, unless another enemy is much nearer.
        here = sight.centre(s)
        closest = min(live or foes, key=lambda f: (sight.apart(sight.centre(f), here), f.id))
        if sight.apart(sight.centre(closest), here) * 2.0 < sight.apart(sight.centre(quarry), here):
            quarry = closest
        aims.quarry[s.id] = quarry.id
        aims.goal[s.id] = sight.centre(quarry)
        aims.standoff[s.id] = 3.5


def _toward(a: Point, b: Point | None, dist: float) -> Point:
    """The point ``dist`` from ``a`` towards ``b`` (no farther than ``b``)."""
    if b is None:
        return a
    d = sight.apart(a, b)
    if d <= 1e-9:
        return a
    f = min(1.0, dist / d)
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


