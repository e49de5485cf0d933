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

The searching captain's trials sail replies with the same search
(:func:`narrow_paths`), keeping the path so that a trial can play it.
"""

from __future__ import annotations

from collections.abc import Iterator

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

#: One path of the narrow search: its worth, the position it leaves, its moves, and her broadsides on the way.
Path = tuple[float, GameState, list[c.MoveSegment], dict[str, Pick]]


def narrow_paths(
    ap: Appraiser, root: GameState, sid: str, cost_sign: float, among: tuple[str, ...] | None = None
) -> Iterator[list[Path]]:
    """The paths kept after each segment of ship ``sid``'s activation (open on ``root``), best first.

    The first list is the root alone (her broadsides from where she lies).  A path's worth is her
    broadsides' worth on ``ap``'s account plus ``cost_sign`` times the change in ``ap``'s material
    her course brings (a collision, the table's edge): +1 when ``ap`` is her own side, -1 when it is
    the side she fires on.
    """
    base = ap.material(root)
    picks: dict[str, Pick] = {}
    best_broadsides(ap, root, root.ships[sid], 0, picks, among)
    frontier: list[Path] = [(picks_value(picks), root, [], picks)]
    yield frontier
    assert root.activation is not None  # the caller opened hers
    for point in range(1, root.activation.segments_allowed + 1):
        kids: list[Path] = []
        for _, st, steps, done in frontier:
            act, ship = st.activation, st.ships[sid]
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
                move = c.MoveSegment(sid, d, t)
                if isinstance(apply(work, move, scratch=True), Rejected):
                    continue
                got = dict(done)
                best_broadsides(ap, work, work.ships[sid], point, got, among)
                kids.append((picks_value(got) + cost_sign * (ap.material(work) - base), work, steps + [move], got))
        if not kids:
            return
        kids.sort(key=lambda k: -k[0])
        frontier = kids[:BEAM]
        yield frontier


def best_reply(ap: Appraiser, state: GameState, enemy: str, nearest: int | None = None) -> float | None:
    """Points the enemy ship ``enemy`` can take off ``ap``'s side in her next activation (None: not a sailer).

    ``nearest``: her guns are aimed only at that many of our ships, the nearest her (a fleet action).
    Her best is the best path at any segment: she may stop where her shots are best.
    """
    e = state.ships[enemy]
    if not can_fight(e) or e.adrift or e.shore_battery or e.sail is None:
        return None
    root = next_activation(sandbox(state), enemy)
    among = None if nearest is None else nearest_foes(root, root.ships[enemy], nearest)
    return max(kept[0][0] for kept in narrow_paths(ap, root, enemy, -1.0, among))
