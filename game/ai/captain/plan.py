"""The captain's look-ahead: a whole activation found by a beam search over its segments.

Each candidate segment (a distance and a turn) is sailed with the real rules
on a trial of the state (``sandbox``) whose dice come up at their average,
so a collision or being taken aback shows its expected cost, never a lucky
or unlucky sample, and the game's own coming rolls stay unknown.  At every
point of the path (before the first segment and after each) each unfired
broadside is aimed at every enemy it bears on, with the engine's own
``plan_shot``; the plan fires each broadside where it is worth most.

A path is scored by what it gains and risks (see ``Planner.score``); the
best few at each depth are kept and extended until the movement is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai.captain import reach, squadron
from game.ai.captain.aim import Pick, best_broadsides, exposure, picks_value
from game.ai.captain.courses import TURNS, candidates, signature
from game.ai.captain.grapple import odds
from game.ai.captain.reply import best_reply
from game.systems.btq21 import commands as c
from game.systems.btq21 import movement, national
from game.systems.btq21.boarding import boarding_refusal, within_reach
from game.systems.btq21.broadside import Shot, plan_shot
from game.systems.btq21.dice import Loaded
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.evaluation import Appraiser, last_turn, rerolls, special_p
from game.systems.btq21.odds import MEAN_D6
from game.systems.btq21.sandbox import sandbox
from game.systems.btq21.state import AFLOAT, GameState, Ship

#: Paths kept at each depth.
BEAM = 6
#: Headings within this many degrees are one course to a diverse beam (``Planner.keep``).
HEADING_SECTOR = 15.0
#: Paths of other headings a diverse beam keeps beside its best (``Planner.keep``).
DIVERSE_EXTRA = 2
#: Best plans given a second look (the enemy's reply sailed), the enemies replying, and her reply's weight.
REPLIES, REPLY_ENEMIES, REPLY_WEIGHT = 2, 2, 0.8
#: With this many ships or fewer left fighting, every path is cheap to score (few shots to aim, few
#: replies to sail), so the same time buys a wider beam and one more second look.
FEW_SHIPS, BEAM_FEW, REPLIES_FEW = 2, 7, 3
#: With more than this many ships fighting (a fleet action such as Trafalgar, three times any other
#: scenario) every path costs many times as much to score (every enemy's shot and reply is weighed
#: at every point), so the beam is narrowed and no plan gets the second look (the enemies' replies
#: are the estimates of ``reach`` alone): the decision then takes about the time a squadron
#: action's does (docs/PERFORMANCE.md).  No smaller battle is changed.  There, too, a position is
#: judged against the nearest few enemies only (their shots to come, ours at them): a ship forty
#: inches off weighs little in the choice among a segment's moves.
MANY_SHIPS, BEAM_MANY, REPLIES_MANY, FOES_MANY, REPLY_ENEMIES_MANY = 24, 3, 0, 10, 1
#: Weights of the end position: enemy replies, our next shots, sea room, squadron, weather gauge.
THREAT_WEIGHT = 1.0
POTENTIAL_WEIGHT = 0.3
SEA_ROOM_COST = 0.6
COHESION_RANGE, COHESION_COST = 12.0, 0.005  # beyond the flagship's morale radius, per inch of her value
GAUGE_WORTH = 0.01  # per inch to windward of the nearest enemy, capped at 10"
#: Being taken aback costs more than its expected rigging (the dice may cripple her): this share of her value.
ABACK_PREMIUM = 0.04
#: Having to spend the turn's special action on a Tack.
SPECIAL_SPENT = 0.01
#: Least chance of carrying a boarding action before it is considered.
BOARD_ODDS = 0.55


@dataclass
class Node:
    state: GameState
    steps: list[c.Command]
    points: list[int]  # len(steps) at each firing point
    sigs: list[tuple] = field(default_factory=list)  # our ship's signature before each step
    picks: dict[str, Pick] = field(default_factory=dict)
    exposure: dict[str, float] = field(default_factory=dict)  # enemy id -> her best shot as we bear
    extra: float = 0.0
    score: float = 0.0
    risk: float = 0.0  # sea room lacking at the end (see reach.sea_room)
    hold: str | None = None  # the broadside kept back to fire as she bears
    leaf: bool = False
    #: What the path itself gains (its shots, the material change, the enemy's shots as she passes),
    #: before the end position is weighed: the part of the score a trial plays out with dice.
    now: float = 0.0
    #: What the second look changed of the score (its sailed replies for the estimates of them).
    looked: float = 0.0


class Planner:
    def __init__(self, state: GameState, me: str, ap: Appraiser) -> None:
        self.me = me
        self.ap = ap
        fighting = sum(1 for s in state.ships.values() if reach.can_fight(s) and not s.shore_battery)
        few, many = fighting <= FEW_SHIPS, fighting > MANY_SHIPS
        self.beam = BEAM_FEW if few else BEAM_MANY if many else BEAM
        self.replies = REPLIES_FEW if few else REPLIES_MANY if many else REPLIES
        #: The enemies weighed (None: all of them).
        self.among = reach.nearest_foes(state, state.ships[me], FOES_MANY) if many else None
        self.reply_enemies = REPLY_ENEMIES_MANY if many else REPLY_ENEMIES
        self.base = ap.material(state)
        self.side = state.ships[me].side
        self.exit = ap.exits.get(state.ships[me].original_side or self.side)
        #: Enemies firing as she bears.  The look-ahead copies do not ask them (the engine would
        #: measure every shot of theirs after each segment); ``settle`` measures only theirs at us.
        self.fas = [s.id for s in state.ships.values() if s.fas and s.side != self.side]
        self.evaluated = 0
        #: How the end position weighs the enemies' replies and our own next shots, and whether she is drawn
        #: to crippled enemies: the module's weights unless a captain's stance says otherwise.
        self.threat_weight, self.potential_weight, self.pursue = THREAT_WEIGHT, POTENTIAL_WEIGHT, True
        #: The squadron's terms (``squadron``), for a captain that weighs them: a factor on the worth of
        #: hitting each enemy (doubling on a target), and the enemies pressing a crippled friend (covering).
        self.focus: dict[str, float] | None = None
        self.pressing: set[str] = set()
        #: Declining action: the share of her value that open water between her and the nearest enemy is
        #: worth, in full at the range the enemy can close in two activations (0: she does not shy away).
        self.evade = 0.0
        #: The pull of a disabled enemy (``reach.pursuit``): the share of her value it is worth alongside, and
        #: the range at which it fades to nothing; and whether the offing overlooks disabled enemies.
        self.pursuit_worth, self.pursuit_range = reach.PURSUIT_WORTH, reach.PURSUIT_RANGE
        self.offing_past_cripples = False
        #: Pressing home (``search.PRESS_WORTH``): the nearest enemy's nearness (``reach.nearness``) is worth this
        #: share of her value.
        self.close_in = 0.0
        #: Sea room looked for with her moves passing through the other ships (``reach.sea_room``): a friend
        #: lying ahead of her does not hide the edge behind him.  The old captain looks as she did.
        self.room_through_ships = False
        #: In the battle's last turn, sea room for the segments of this activation still to sail (the old
        #: captain looks at none then, and may sail into a corner she can only leave over the edge).
        self.room_in_last_turn = False
        #: Ending her activation across the bow of a friend still to act costs the collision he cannot
        #: then avoid (``squadron.blocking``).  The old captain does not look.
        self.clear_way = False
        #: What she aims at on each target (None: ``aim.aims_at``).
        self.aims: Callable[[Ship], tuple[str, ...]] | None = None
        #: Whether the beam keeps paths of other headings beside the best (``keep``); the old captain's does not.
        self.diverse = False
        #: The complete activations of the last ``run``.
        self.done: list[Node] = []

    # --- the search ----------------------------------------------------------------

    def run(self, state: GameState, first: list[c.Command], sails: list[str]) -> Node:
        """The best complete activation after ``first`` (start-of-activation specials, taken as passed)."""
        root = sandbox(state)
        node = self.child(Node(root, [], []), first, dice=[6] * 4) if first else self.start(root)
        if node is None:
            node = self.start(root)
        frontier = [node] + [k for s in sails if (k := self.child(node, [c.SetSail(self.me, s)]))]
        done: list[Node] = []
        while frontier:
            kids: list[Node] = []
            for n in frontier:
                more = self.expand(n)
                if more:
                    kids.extend(more)
                else:
                    done.append(n)
            kids.sort(key=lambda k: -k.score)
            kept = self.keep(kids)
            frontier = [k for k in kept if not k.leaf]
            done.extend(k for k in kept if k.leaf)
        done.sort(key=lambda k: -k.score)
        for leaf in done[: self.replies]:
            self.second_look(leaf)
        self.done = done
        return max(done, key=lambda k: k.score)

    def keep(self, kids: list[Node]) -> list[Node]:
        """The paths the beam keeps at this depth, from ``kids`` best first.

        Kept by score alone, the beam fills with one course sailed a little further or shorter, and
        a turn towards the enemy that pays off only a segment later is lost at the first.  With
        ``diverse`` set, the beam also keeps the best path of up to ``DIVERSE_EXTRA`` headings it
        has none of (``HEADING_SECTOR``).
        """
        kept = kids[: self.beam]
        if not self.diverse:
            return kept
        sectors = {self.sector(k) for k in kept}
        extra: list[Node] = []
        for k in kids[self.beam:]:
            if len(extra) >= DIVERSE_EXTRA:
                break
            sector = self.sector(k)
            if sector not in sectors:
                sectors.add(sector)
                extra.append(k)
        return kept + extra

    def sector(self, node: Node) -> int:
        return int(((node.state.ships[self.me].heading + HEADING_SECTOR / 2) % 360) // HEADING_SECTOR)

    def leaves(self, state: GameState, first: list[c.Command], sails: list[str]) -> list[Node]:
        """Every complete activation the search kept, the best first (after the second looks)."""
        self.run(state, first, sails)
        return sorted(self.done, key=lambda k: -k.score)

    def second_look(self, leaf: Node) -> None:
        """Replace the estimate of each nearby enemy still to act this turn by her best reply, sailed."""
        st = leaf.state
        me = st.ships[self.me]
        if not reach.can_fight(me):
            return
        foes = reach.foes_at(st, me)
        movers = [e for e in foes if not st.ships[e].activated and not st.ships[e].shore_battery]
        for eid in sorted(movers, key=lambda e: (foes[e], e))[: self.reply_enemies]:
            got = best_reply(self.ap, st, eid, FOES_MANY if self.among is not None else None)
            if got is not None:
                guess = reach.next_shot(self.ap, st, st.ships[eid], me, foes[eid])
                leaf.score += THREAT_WEIGHT * guess - REPLY_WEIGHT * got
                leaf.looked += THREAT_WEIGHT * guess - REPLY_WEIGHT * got

    def start(self, root: GameState) -> Node:
        node = Node(root, [], [0])
        self.shots(node)
        node.score = self.score(node)
        return node

    def expand(self, node: Node) -> list[Node]:
        st = node.state
        act, me = st.activation, st.ships[self.me]
        if node.leaf or act is None or act.ship != self.me or me.status != AFLOAT or act.movement_over:
            return []
        if me.adrift:
            return [] if act.drifted else [k for k in [self.child(node, [c.Drift(self.me)])] if k]
        if act.segment >= act.segments_allowed:
            return []
        p = movement.plan(st, act, me)
        special = act.special is None and not me.crippled("crew")
        kids: list[Node | None] = []
        if p.aback:
            turns = dict.fromkeys(f * p.turn + 0.0 for f in TURNS)
            kids += [self.child(node, [c.MoveSegment(self.me, 0.0, t)]) for t in turns]
            if special:
                kids += self.tack(node)
                kids += self.boxhaul(node, p)
        else:
            for d, t in candidates(st, me, p):
                kid = self.child(node, [c.MoveSegment(self.me, d, t)])
                while kid is None and abs(t) > p.turn / 8:  # no room to pivot so far: try a smaller turn
                    t /= 2
                    kid = self.child(node, [c.MoveSegment(self.me, d, t)])
                kids.append(kid)
            if special and all(k is None or k.risk >= 0.4 or k.state.ships[self.me].status != AFLOAT for k in kids):
                kids += self.boxhaul(node, p)  # only to get out of trouble: failing costs rigging
            if act.boarding_target is None:
                kids += self.boardings(node, me, p)
                if movement.fouled_by(st, act, me, p) is not None:  # a ship across her bow: she may back clear
                    kids += [self.child(node, [c.BackClear(self.me, p.minimum, t)]) for t in (-p.turn, 0.0, p.turn)]
        return [k for k in kids if k is not None]

    # --- special manoeuvres ---------------------------------------------------------

    def tack(self, node: Node) -> list[Node | None]:
        """Tack: passed, she sails this turn as if beating; failed (rare), she loses rigging and is still aback."""
        st = node.state
        me = st.ships[self.me]
        p = special_p(st, me, "tack")
        sail = me.sail or "easy"
        fail = self.ap.loss(me, rigging=MEAN_D6 * (2 + int(st.rules.taken_aback_dice[sail])))
        passed = self.child(node, [c.Tack(self.me)], dice=[6, 6, 6], extra=-(1 - p) * fail)
        return list[Node | None](self.expand(passed)) if passed else []

    def boxhaul(self, node: Node, p) -> list[Node | None]:
        """Boxhaul: worth its chance of turning her about, plus the chance of a 90 degree turn and lost rigging."""
        st = node.state
        me = st.ships[self.me]
        chance = special_p(st, me, "boxhaul")
        lo, hi = p.minimum, p.maximum
        if p.aback:
            lo, hi = movement.rate_limits(st, me, "beating")
        fails = [1] * (3 + rerolls(st, me)) + [3, 4]
        out = []
        for d in sorted({lo, hi}):
            for turn in (1, -1):
                cmd = c.Boxhaul(self.me, d, turn)
                ok, bad = self.child(node, [cmd], dice=[6, 6, 6]), self.child(node, [cmd], dice=fails)
                if ok is None or bad is None:
                    continue
                ok.score = chance * ok.score + (1 - chance) * bad.score
                ok.leaf = True
                out.append(ok)
        return out

    def broadsides(self, node: Node, foes: dict[str, float]) -> float:
        """The planned broadsides, or all but one of them and that one kept to fire as she bears.

        Fire As She Bears gives one shot in the enemy's coming activation (if its test passes),
        so a broadside that would only be worth a long shot now may be worth more kept back.
        """
        st = node.state
        me = st.ships[self.me]
        best, node.hold = picks_value(node.picks), None
        keep = reach.held_shot(self.ap, st, me, foes)
        if keep <= 0.0:
            return best
        for side in ("port", "starboard"):
            if not national.ready(st, me, side):
                continue
            rest = picks_value({k: p for k, p in node.picks.items() if k != side})
            if rest + keep > best + 1e-9:
                best, node.hold = rest + keep, side
        return best

    def aback_cost(self, st: GameState, me: Ship) -> float:
        """Ending the activation head to wind: the next one starts taken aback unless a Tack passes."""
        aback = MEAN_D6 * int(st.rules.taken_aback_dice[me.sail or "easy"])
        if me.crippled("crew"):
            miss, rigging = 1.0, aback
        else:
            miss = 1.0 - special_p(st, me, "tack")
            rigging = miss * (aback + MEAN_D6 * int(st.rules.special_actions["tack"]["fail_rigging_dice"]))
        return self.ap.loss(me, rigging=rigging) + (miss * ABACK_PREMIUM + SPECIAL_SPENT) * self.ap.value[me.id]

    def boardings(self, node: Node, me: Ship, p) -> list[Node | None]:
        st = node.state
        if me.crippled("crew") or me.adrift:
            return []
        out = []
        for e in st.ships.values():
            if boarding_refusal(me, e) is not None:
                continue
            if reach.out_of_reach(me, e, p.maximum, float(st.rules.boarding_range)):
                continue
            if not within_reach(st, me, e, p.maximum):
                continue
            if e.status != AFLOAT:
                gain = self.ap.value[e.id] * (self.ap.prize - self.ap.phi(e))  # a struck ship surrenders when boarded
            else:
                win, lose = odds(st, me, e, self.ap.fail[me.id], self.ap.fail[e.id], self.ap.memo)
                if win < BOARD_ODDS:
                    continue
                gain = win * self.ap.value[e.id] * (self.ap.prize - self.ap.phi(e))
                gain -= lose * self.ap.value[me.id] * (self.ap.prize - self.ap.phi(me))
            steps = [c.DeclareBoarding(self.me, e.id), c.MoveSegment(self.me, p.maximum, 0.0)]
            out.append(self.child(node, steps, extra=gain))
        return out

    # --- one step on a copy ----------------------------------------------------------

    def child(self, node: Node, cmds: list[c.Command], dice: list[int] | None = None, extra: float = 0.0):
        work = sandbox(node.state, None if dice is None else Loaded(dice + [3, 4] * 20))
        sigs = list(node.sigs)
        chances: list[dict] = []
        for cmd in cmds:
            sigs.append(signature(work, self.me))
            events = apply(work, cmd, scratch=True)
            if isinstance(events, Rejected):
                return None
            if any(e["type"] == "taken_aback" and e["ship"] == self.me for e in events):
                extra -= ABACK_PREMIUM * self.ap.value[self.me]
            chances += [e for e in events if e["type"] == "snap_chance"]
        self.evaluated += 1
        # A broadside fired before a sail change would forbid it: after one, aim again from here.
        picks = {} if any(isinstance(cmd, c.SetSail) for cmd in cmds) else dict(node.picks)
        kid = Node(work, node.steps + cmds, node.points + [len(node.steps) + len(cmds)], sigs, picks)
        kid.exposure = dict(node.exposure)
        kid.extra = node.extra + extra
        self.settle(kid, chances)
        act = work.activation
        me = work.ships[self.me]
        kid.leaf = act is None or act.movement_over or me.status != AFLOAT or act.segment >= act.segments_allowed
        if me.adrift:
            kid.leaf = act is None or act.drifted
        self.shots(kid)
        kid.score = self.score(kid)
        return kid

    def settle(self, node: Node, chances: list[dict]) -> None:
        """Enemy ships firing as she bears, or snap firing at a boarder, get their best shot at us.

        The trial opens no chances to fire; it reports a boarded ship's chance to snap fire.
        """
        st = node.state
        me = st.ships[self.me]
        for e in chances:
            shooter = st.ships[e["ship"]]
            if shooter.side != self.side:
                shot = plan_shot(st, shooter, "port", me, "hull", snap=True)
                if isinstance(shot, Shot):
                    node.extra -= self.ap.shot_value(shot, shooter, me)
        exposure(self.ap, st, me, self.fas, node.exposure)

    def shots(self, node: Node) -> None:
        """Aim every unfired broadside from this point; keep the best point for each."""
        best_broadsides(self.ap, node.state, node.state.ships[self.me], len(node.points) - 1, node.picks, self.among,
                        self.focus, self.aims)

    # --- scoring ---------------------------------------------------------------------

    def score(self, node: Node) -> float:
        """Shots planned + material change (collisions, aback, neglect) - enemy shots as we pass
        + special-action odds, then the end position: enemy replies, our next shots, sea room,
        the squadron and the gauge."""
        st = node.state
        me = st.ships[self.me]
        foes = reach.foes_at(st, me, self.among)
        v = self.broadsides(node, foes) + self.ap.material(st) - self.base
        v += node.extra - sum(node.exposure.values())
        node.now = v
        if me.status != AFLOAT:
            return v
        worth = self.ap.value[me.id]
        if self.clear_way and node.leaf:
            v -= squadron.blocking(self.ap, st, me)
        v -= self.threat_weight * reach.threat(self.ap, st, me, foes)
        if last_turn(st):
            # No next activation: her next shot, the wind and the sea room she will want next turn
            # count for nothing.  But the segments still to sail in this one must keep her on the table.
            act = st.activation
            left = 0 if act is None or act.movement_over else act.segments_allowed - act.segment
            if left > 0 and self.room_in_last_turn and not me.boarding_with:
                node.risk = reach.sea_room(st, me, self.exit, self.room_through_ships, segments=left)
                v -= SEA_ROOM_COST * worth * node.risk
            return v
        if reach.aback_next(st, me):
            v -= self.aback_cost(st, me)
        v += self.potential_weight * reach.potential(self.ap, st, me, foes) + reach.prize(self.ap, st, me)
        v += squadron.cover(self.ap, st, me, foes, self.pressing)
        if not me.boarding_with:
            node.risk = reach.sea_room(st, me, self.exit, self.room_through_ships)
            v -= SEA_ROOM_COST * worth * node.risk
        flag = next((s for s in st.ships.values() if s.side == me.side and s.has("flagship") and s.id != me.id), None)
        if flag is not None and flag.status == AFLOAT:
            gap = reach.gap(me, flag) - COHESION_RANGE
            v -= COHESION_COST * worth * min(12.0, max(0.0, gap))
        if self.pursue:
            v += reach.pursuit(self.ap, st, me, self.pursuit_worth, self.pursuit_range)
        if self.close_in:
            v += self.close_in * worth * reach.nearness(st, me)
        if self.evade:
            v += self.evade * worth * reach.offing(self.ap, st, me, self.offing_past_cripples)
        enemies = [e for e in reach.fighting_foes(st, me) if not e.shore_battery]
        if enemies:
            near = min(enemies, key=lambda e: (e.x - me.x) ** 2 + (e.y - me.y) ** 2)
            v += GAUGE_WORTH * worth * max(-10.0, min(10.0, reach.upwind(st, me, near))) / 10.0
        return v

