"""The captain: a computer opponent that thinks with the rules themselves.

When one of her ships is activated she plans the whole activation at once
(``plan.Planner``): the special action the ship's state calls for (fires and
leaks first), whether to change sail, each segment's distance and turn, which
broadside to fire at whom and at which point of the path, whether to lay an
enemy aboard.  The plan is then played out command by command; before each
command she checks the ship is where the plan expected (a failed Tack, an
enemy's shot as she bears or a collision can change that) and plans again
from there if not.  Outside her own activations she answers the engine's
questions: which ship acts next, whether to fire as she bears or hold, and
snap fire at a boarder.

Everything she decides follows from (state, options) and her side: no
randomness, no clock, no memory shared between games or threads.  The only
memory is the current plan, kept per instance and thrown away whenever the
state no longer matches it, so a detached copy of the state (the window's
worker thread) gets the same answer as the original.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.ai.anchors import anchor_wish
from game.ai.base import calamity_pending, player_dice
from game.ai.captain import reach
from game.ai.captain.courses import signature
from game.ai.captain.plan import Node, Planner
from game.ai.chasers import chaser_wish
from game.ai.fireships import fireship_wish
from game.ai.fouling import foul_wish
from game.ai.shot import load_wish
from game.systems.base import Option
from game.systems.btq21 import board, weather
from game.systems.btq21 import commands as c
from game.systems.btq21.broadside import AIMS, Shot, plan_shot
from game.systems.btq21.evaluation import Appraiser, special_p
from game.systems.btq21.gunnery import snap_side
from game.systems.btq21.movement import SLACK
from game.systems.btq21.odds import MEAN_D6
from game.systems.btq21.state import AFLOAT, GameState, Ship

#: Sail settings the captain may change to (all of them; narrowed only for experiments).
SAILS = ("easy", "battle", "full")
#: Range bands at which a ship firing as she bears takes her shot at once rather than wait for a better one.
#: Effective range was added after 100 squadron games in which she fired 430 broadsides as she bears
#: from 1803 passed tests, where the scripted player, firing at the first chance, fired 781 from 1599.
FAS_GOOD_BANDS = ("point_blank", "close", "effective")
#: Re-planning within one activation is given up after this many tries (then she plays safe).
MAX_REPLANS = 8


def nearest_key(state: GameState, options: list[Option]) -> Callable[[Option], tuple[float, int]]:
    """Sort key of the ships she may activate: the gap to her nearest fighting enemy (none: far), then the offer."""

    def nearest(o: Option) -> tuple[float, int]:
        ship = state.ships[o.ship]
        ds = [board.closest_distance(state, ship.id, e.id) for e in reach.fighting_foes(state, ship)]
        return (min(ds) if ds else 1e9, options.index(o))

    return nearest


class CaptainPlayer:
    kind = "captain"

    def __init__(self, seed: int, side: str) -> None:
        self.seed = seed
        self.side = side
        self.dice = player_dice(seed, side, self.kind)  # no whims so far: kept for the protocol's sake
        self.plan: list[tuple[c.Command, tuple]] = []
        self.plan_for: tuple | None = None
        self.replans = 0
        #: Answers that depend only on numbers, never on a particular state (boarding odds).
        self.memo: dict = {}

    # --- the engine's questions ------------------------------------------------------

    def choose(self, state: GameState, options: list[Option]) -> c.Command:
        """Her command; always one of ``options`` (a caller may offer fewer after a refusal)."""
        board.space(state)  # one table space, shared by all the look-ahead copies
        types = {o.type for o in options}
        if "snap_fire" in types:
            cmd = self.snap_fire(state, options)
        elif state.snap:
            cmd = self.safe(options)
        elif state.fas_window:
            cmd = self.as_she_bears(state, options)
        elif "activate" in types:
            cmd = self.activate(state, options)
        elif state.activation is None:
            cmd = self.safe(options)
        else:
            cmd = (load_wish(state, options) or chaser_wish(state, options) or anchor_wish(state, options)
                   or foul_wish(state, options) or fireship_wish(state, options)
                   or self.step(state, options))
        return cmd if _legal(cmd, options) else self.safe(options)

    def activate(self, state: GameState, options: list[Option]) -> c.Command:
        """The ship nearest an enemy first: she is the one with something to do now.

        A calamity card waiting for the squadron goes instead to the ship farthest from the enemy.
        """
        nearest = nearest_key(state, options)
        acts = [o for o in options if o.type == "activate"]
        if calamity_pending(state, state.ships[acts[0].ship].squadron):
            return max(acts, key=lambda o: (min(nearest(o)[0], 1e8), -options.index(o))).command()
        return min(acts, key=nearest).command()

    def snap_fire(self, state: GameState, options: list[Option]) -> c.Command:
        """A boarder alongside: half a broadside for nothing, aimed where it counts most."""
        sid, boarder = state.snap
        me, foe = state.ships[sid], state.ships[boarder]
        ap = Appraiser(state, self.side, self.memo)
        best, aim = -1.0, "hull"
        side = snap_side(me, foe)
        offered = next((o.choices["aim"] for o in options if o.type == "snap_fire"), AIMS)
        aim = offered[0]
        for a in offered:
            shot = plan_shot(state, me, side, foe, a, snap=True)
            if isinstance(shot, Shot) and ap.shot_value(shot, me, foe) > best:
                best, aim = ap.shot_value(shot, me, foe), a
        return c.SnapFire(sid, aim)

    def best_bearing(self, state: GameState, options: list[Option]) -> tuple[float, c.Command, Shot] | None:
        """The shot worth most of those offered as she bears: (its value, the command, the shot)."""
        me = state.ships[state.fas_window[0]]
        ap = Appraiser(state, self.side, self.memo)
        best: tuple[float, c.Command, Shot] | None = None
        for o in options:
            if o.type != "fire":
                continue
            target = state.ships[o.fixed["target"]]
            for aim in o.choices.get("aim", ("hull",)):
                shot = plan_shot(state, me, o.fixed["side"], target, aim)
                if isinstance(shot, Shot):
                    v = ap.shot_value(shot, me, target)
                    if best is None or v > best[0] + 1e-9:
                        best = (v, o.command(aim=aim), shot)
        return best

    def as_she_bears(self, state: GameState, options: list[Option]) -> c.Command:
        """Fire as she bears: now if the shot is good (close, or a rake) or if no better chance is coming."""
        sid = state.fas_window[0]
        me = state.ships[sid]
        best = self.best_bearing(state, options)
        if best is None:
            return c.HoldFire(sid)
        act = state.activation
        mover = state.ships[act.ship] if act else None
        moving_on = act is not None and not act.movement_over and act.segment < act.segments_allowed
        still_to_come = any(
            e.side != me.side and e.status == AFLOAT and not e.activated and (mover is None or e.id != mover.id)
            for e in state.ships.values()
        )
        good = best[2].rake or best[2].band in FAS_GOOD_BANDS
        if good or not (still_to_come or (moving_on and mover is not None and mover.side != me.side)):
            return best[1]
        return c.HoldFire(sid)

    # --- her own activation ------------------------------------------------------------

    def step(self, state: GameState, options: list[Option]) -> c.Command:
        act = state.activation
        assert act is not None  # asked only in an activation
        key = (act.ship, state.turn)
        if self.plan_for != key:
            self.plan, self.plan_for, self.replans = [], key, 0
        for _ in range(2):
            if self.plan:
                cmd, sig = self.plan[0]
                if sig == signature(state, act.ship) and _legal(cmd, options):
                    self.plan.pop(0)
                    return cmd
            if self.replans >= MAX_REPLANS:
                break
            self.replans += 1
            self.plan = self.make_plan(state, options)
        self.plan = []
        return self.safe(options)

    def make_plan(self, state: GameState, options: list[Option]) -> list[tuple[c.Command, tuple]]:
        """Plan the rest of the activation: the best plan over every way of starting it (``planned_starts``)."""
        assert state.activation is not None
        me = state.ships[state.activation.ship]
        ap = Appraiser(state, self.side, self.memo)
        best: tuple[float, Node] | None = None
        for _planner, leaves, penalty in self.planned_starts(state, options, me, ap):
            total = leaves[0].score - penalty
            if best is None or total > best[0] + 1e-9:
                best = (total, leaves[0])
        assert best is not None  # starting with no special action is always weighed
        return self.commands(best[1], me.id)

    def planned_starts(
        self, state: GameState, options: list[Option], me: Ship, ap: Appraiser,
        prepare: Callable[[Planner], None] | None = None,
    ) -> Iterator[tuple[Planner, list[Node], float]]:
        """For each way of starting the activation: its planner, the complete activations it found (best first),
        and what the chance of failing the start's test costs each of them.

        The ways are the special actions the ship's state calls for (fires and leaks first, with or
        without All Hands, or the rudder), each planned as if the test passed, then charged with the
        chance it fails times what failing costs.  ``prepare`` sets a planner up before it plans
        (a searching captain's width and weights).
        """
        sails = [o.fixed["sail"] for o in options if o.type == "set_sail" and o.fixed["sail"] in SAILS]
        plain: float | None = None
        for first, chance, fail_cost in self.start_options(state, me, options, ap):
            planner = Planner(state, me.id, ap)
            if prepare is not None:
                prepare(planner)
            leaves = planner.leaves(state, first, sails)
            if not first:
                plain = leaves[0].score
            elif fail_cost is None:  # the rudder: failing leaves her as she is, less the crew
                crew = MEAN_D6 * int(state.rules.special_actions["repair"]["fail_crew_dice"])
                fail_cost = leaves[0].score - (plain if plain is not None else leaves[0].score)
                fail_cost += ap.loss(me, crew=crew)
            yield planner, leaves, (1.0 - chance) * (fail_cost or 0.0)

    def start_options(self, state: GameState, me: Ship, options: list[Option], ap: Appraiser) -> list[tuple]:
        """(first commands, chance the test passes, cost of failing rather than passing) to compare.

        Fires come first (six sink her), then leaks, the more numerous first; a fire not fought
        spreads, so the choice there is only whether all hands turn to (silencing the guns).
        A damaged rudder is repaired only if the better movement is worth the risk to the crew.
        """
        by = {(o.type, o.fixed.get("what")): o for o in options}
        for kind, what, count in sorted(
            [("fight_fires", None, me.fires), ("repair", "leaks", me.leaks)], key=lambda w: -w[2]
        ):
            if count > 0 and (kind, what) in by:
                action = "fight_fires" if kind == "fight_fires" else "repair"
                removed = {"fires": -min(2, me.fires)} if kind == "fight_fires" else {"leaks": -min(2, me.leaks)}
                crew = MEAN_D6 * int(state.rules.special_actions[action]["fail_crew_dice"])
                fail = ap.value[me.id] * (ap.phi(me, crew=crew) - ap.phi(me, **removed))
                return [
                    ([by[(kind, what)].command(all_hands=hands)], special_p(state, me, action, hands), fail)
                    for hands in (False, True)
                ]
        if ("repair", "rudder") in by:
            repair = by[("repair", "rudder")].command(all_hands=False)
            return [([], 1.0, 0.0), ([repair], special_p(state, me, "repair"), None)]
        return [([], 1.0, 0.0)]

    def commands(self, leaf: Node, sid: str) -> list[tuple[c.Command, tuple]]:
        """The leaf's steps with its broadsides fired at their points, then FAS if a broadside is left."""
        end = signature(leaf.state, sid)
        sigs = leaf.sigs + [end]
        # One special action a turn: Chain Shot for the broadside it helps most, and none
        # if the plan tacks or boxhauls (or has fought fires or repaired).
        chained = [p for p in leaf.picks.values() if p.chain and p.side != leaf.hold]
        if any(isinstance(s, (c.Tack, c.Boxhaul, c.FightFires, c.Repair)) for s in leaf.steps):
            chained = []
        chained = sorted(chained, key=lambda p: -p.value)[:1]
        out: list[tuple[c.Command, tuple]] = []
        for i in range(len(leaf.steps) + 1):
            for pick in leaf.picks.values():
                if leaf.points[pick.point] == i and pick.side != leaf.hold:
                    out.append((c.Fire(sid, pick.side, pick.target, pick.aim, pick in chained), sigs[i]))
            if i < len(leaf.steps):
                out.append((leaf.steps[i], sigs[i]))
        if not chained and self.wants_fas(leaf.state, leaf.state.ships[sid], set(leaf.picks) - {leaf.hold}):
            out.append((c.FireAsSheBears(sid), end))
        out.append((c.EndActivation(sid), end))
        return out

    def wants_fas(self, state: GameState, me: Ship, firing: set[str]) -> bool:
        act = state.activation
        if act is None or act.special is not None or me.crippled("crew") or me.shore_battery:
            return False
        if me.status != AFLOAT or me.boarding_with or all(s in me.fired or s in firing for s in ("port", "starboard")):
            return False
        reach_ = weather.ranges(state)["long"]
        return any(board.closest_distance(state, me.id, e.id) <= reach_ for e in reach.fighting_foes(state, me))

    # --- when all else fails -------------------------------------------------------------

    def safe(self, options: list[Option]) -> c.Command:
        for kind in ("end_activation", "hold_fire", "drift", "move"):
            for o in options:
                if o.type == kind:
                    return self.fill(o)
        return self.fill(options[0])

    def fill(self, opt: Option) -> c.Command:
        """A safe version of an option: the least distance and no turn."""
        values = {k: (0.0 if k == "turn" else lo) for k, (lo, _hi) in opt.ranges.items()}
        return opt.command(**values)

    def fallback(self, opt: Option) -> c.Command:
        return self.fill(opt)


def _legal(cmd: c.Command, options: list[Option]) -> bool:
    for o in options:
        if o.type != cmd.type or o.ship != getattr(cmd, "ship", None):
            continue
        if any(getattr(cmd, k) != v for k, v in o.fixed.items()):
            continue
        if any(not lo - SLACK <= getattr(cmd, k) <= hi + SLACK for k, (lo, hi) in o.ranges.items()):
            continue
        if all(getattr(cmd, k) in v for k, v in o.choices.items()):
            return True
    return False
