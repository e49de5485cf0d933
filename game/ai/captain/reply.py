"""The enemy's best reply, sailed with the real rules: a second look at the plans that look best.

``reach.next_shot`` judges an enemy's coming activation from distances and
headings alone.  For the few best plans the captain has found, each enemy
still to act this turn is instead given a short activation of her own on a
copy of the position the plan leaves: a small beam search over her segments
(least and most distance, no turn or her whole allowance either way, plus
the exact moves onto our keel line and into a better range band that
``courses`` finds), sailed by the engine on a trial (dice at their mean), her broadsides
aimed at each point with ``plan_shot``.  Her best reply, in points off our
side, then stands in for the estimate.
"""

from __future__ import annotations

from game.ai.captain.aim import Pick, best_broadsides, picks_value
from game.ai.captain.courses import exact_moves
from game.ai.captain.reach import can_fight, nearest_foes
from game.systems.btq21 import commands as c
from game.systems.btq21 import movement
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.evaluation import Appraiser
from game.systems.btq21.sandbox import next_activation, sandbox
from game.systems.btq21.state import AFLOAT, GameState

#: Replies kept at each depth, and the grid each segment tries.
BEAM = 3
DISTANCES = (0.0, 1.0)
TURNS = (-1.0, 0.0, 1.0)


def best_reply(ap: Appraiser, state: GameState, enemy: str, nearest: int | None = None) -> float | None:
    """Points the enemy ship ``enemy`` can take off ``ap``'s side in her next activation (None: not a sailer).

    ``nearest``: her guns are aimed only at that many of our ships, the nearest her (a fleet action).
    """
    e = state.ships[enemy]
    if not can_fight(e) or e.adrift or e.shore_battery or e.sail is None:
        return None
    root = next_activation(sandbox(state), enemy)
    me = root.ships[enemy]
    among = None if nearest is None else nearest_foes(root, me, nearest)
    base = ap.material(root)
    picks: dict[str, Pick] = {}
    best_broadsides(ap, root, me, 0, picks, among)
    best = picks_value(picks)
    frontier: list[tuple[float, GameState, dict[str, Pick]]] = [(best, root, picks)]
    assert root.activation is not None  # next_activation opened hers
    for point in range(1, root.activation.segments_allowed + 1):
        kids: list[tuple[float, GameState, dict[str, Pick]]] = []
        for _, st, done in frontier:
            act, ship = st.activation, st.ships[enemy]
            if act is None or act.movement_over or ship.status != AFLOAT or act.segment >= act.segments_allowed:
                continue
            p = movement.plan(st, act, ship)
            if p.aback:
                moves = [(0.0, 0.0)]
            else:
                moves = [(p.minimum + f * (p.maximum - p.minimum), t * p.turn) for f in DISTANCES for t in TURNS]
                moves += exact_moves(st, ship, p)
            for d, t in dict.fromkeys(moves):
                work = st.copy()
                if isinstance(apply(work, c.MoveSegment(enemy, d, t), scratch=True), Rejected):
                    continue
                got = dict(done)
                best_broadsides(ap, work, work.ships[enemy], point, got, among)
                kids.append((picks_value(got) - (ap.material(work) - base), work, got))
        if not kids:
            break
        kids.sort(key=lambda k: -k[0])
        best = max(best, kids[0][0])
        frontier = kids[:BEAM]
    return best
