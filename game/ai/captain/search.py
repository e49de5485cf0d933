"""The captain that searches: the old captain's look-ahead proposes plans, trials with dice decide among them.

The one-activation look-ahead (``plan.Planner``) scores every path with the
dice at their means and the enemy's answer estimated.  Here its best few
complete plans are each played out on trials (``game.ai.search.rank``): the
plan itself (with sampled dice a rake's critical, a morale test, a strike
happen or not), then the nearest enemies' own next activations, sailed by
the old captain's reply search on their side's account, and at the higher
levels her own next activation after them.  What the trials find replaces
what the look-ahead guessed for the same things, so a plan that looks good
on averages but leaves her open to a real reply, or with her guns silent
next time, loses to one that does not (docs/SEARCH.md).

``Level`` sets how wide the look-ahead is, how many plans and trials, how
many enemies reply, and how often an easy captain slips.  Outside her own
activations she answers as the old captain does.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from game.ai.base import calamity_pending
from game.ai.captain import reach, squadron
from game.ai.captain.aim import hull_only
from game.ai.captain.plan import MANY_SHIPS, POTENTIAL_WEIGHT, THREAT_WEIGHT, Node, Planner
from game.ai.captain.player import CaptainPlayer, nearest_key
from game.ai.captain.reply import narrow_paths
from game.ai.search import LEVELS, Candidate, Level, Ranking, rank
from game.ai.search.rank import clock_for, trial_dice
from game.systems.base import Option
from game.systems.btq21 import commands as c
from game.systems.btq21.dice import Dice, MeanDice
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.evaluation import Appraiser, behind_on_points, close_action_balance
from game.systems.btq21.sandbox import next_activation, sandbox
from game.systems.btq21.state import AFLOAT, GameState

#: Below this balance of a close action (ours to theirs, ``close_action_balance``) she declines action:
#: her next shots and crippled enemies no longer draw her in, the enemies' replies weigh more, and she
#: holds the offing (``EVADE_WORTH``).
REFUSE_BELOW = 0.95
REFUSE_THREAT_WEIGHT, REFUSE_POTENTIAL_WEIGHT = 1.5, 0.0
#: Declining action, open water between her and the enemy is worth this share of her value (``reach.offing``).
EVADE_WORTH = 1.0
#: In a squadron action (two ships a side or more), the stronger side's offing is worth this share of her value.
STAND_OFF_WORTH = 1.0
#: Finishing cripples: a disabled enemy's pull (``reach.pursuit``) is this share of her value alongside,
#: fading to nothing at this range; standing off, the stronger side's offing overlooks disabled enemies.
#: A worth of 0 leaves both as the old captain has them (her smaller pull, her offing from every enemy).
FINISH_WORTH, FINISH_RANGE = 0.2, 48.0
#: In a fleet action (``plan.MANY_SHIPS``): at most this many plans, and this share of the level's trials.
FLEET_PLANS, FLEET_TRIAL_SHARE = 2, 3
#: Pressing home: at this balance of a close action or more (what is left of the enemy far outgunned,
#: as once one ship of three has struck) she no longer stands off but closes, the nearest enemy's
#: nearness (``reach.nearness``) worth this share of her value.  Standing off waits for an enemy to
#: come on; a beaten one will not, and ships are only taken by going to them.
PRESS_HOME_AT, PRESS_WORTH = 1.6, 0.3
#: Behind on points (``behind_on_points``) she presses home too, whatever the balance: declining action
#: or standing off, a side behind keeps the enemy's win for him.
PRESS_WHEN_BEHIND = True
#: Choosing the order of her ships' activations (``Level.order``): another ship goes before the one nearest
#: the enemy only if the squadron's activations in that order are worth this many points more.
ORDER_MARGIN = 1.0
#: The look-ahead's beam keeps other headings beside the best (``Planner.keep``), but for a beginner's
#: and in a fleet action.
DIVERSE_BEAM = True
#: How much a trial's outcome counts against the look-ahead's own guess for the path.
TRIAL_WEIGHT = 1.0


@dataclass(frozen=True)
class _Begin:
    """In a list of replies: the enemy ship ``ship`` begins her activation here."""

    ship: str


#: A trial's replies: commands, each ship's marked where her activation begins.
Reply = c.Command | _Begin


class SearchCaptain(CaptainPlayer):
    kind = "captain"

    def __init__(self, seed: int, side: str, level: Level | None = None) -> None:
        super().__init__(seed, side)
        self.level = level or LEVELS["normal"]
        #: The last search's figures (plans, trials, time), for the window and the bench.
        self.last: Ranking | None = None
        #: Playing in the window: the level's clock ceiling applies (off the window the trials alone
        #: bound a decision, so a battle between computer players plays the same on any machine).
        self.live = False

    def make_plan(self, state: GameState, options: list[Option]) -> list[tuple[c.Command, tuple]]:
        assert state.activation is not None
        me = state.ships[state.activation.ship]
        ap = Appraiser(state, self.side, self.memo)
        balance = close_action_balance(state, self.side, ap)
        # A beginner never declines action, and the enemy's answer and her own next broadside do not enter her head.
        weighed = balance is not None and not self.level.heedless
        behind = weighed and PRESS_WHEN_BEHIND and behind_on_points(state, self.side)
        refuse = weighed and not behind and balance is not None and balance < REFUSE_BELOW
        beaten = balance is not None and balance >= PRESS_HOME_AT
        press = weighed and (behind or beaten) and PRESS_WORTH > 0
        if self.level.heedless:
            weights = (0.0, 0.0)
        else:
            weights = (REFUSE_THREAT_WEIGHT, REFUSE_POTENTIAL_WEIGHT) if refuse else (THREAT_WEIGHT, POTENTIAL_WEIGHT)
        fighting = [s.side == self.side for s in state.ships.values() if reach.can_fight(s) and not s.shore_battery]
        squadrons = weighed and min(fighting.count(True), fighting.count(False)) > 1
        doubling: dict[str, float] | None = None
        pressed: set[str] = set()
        if self.level.squadron and not refuse and len(state.ships) > 2:
            doubling, pressed = squadron.focus(ap, state, me), squadron.pressing(ap, state, me)

        def prepare(planner: Planner) -> None:
            if self.level.beam:
                planner.beam = min(planner.beam, self.level.beam)
            if not self.level.second_look:
                planner.replies = 0
            planner.threat_weight, planner.potential_weight = weights
            planner.pursue = not refuse
            # Pressing home, she keeps no offing: she means to close.
            planner.evade = EVADE_WORTH if refuse else 0.0 if press else STAND_OFF_WORTH if squadrons else 0.0
            planner.close_in = PRESS_WORTH if press else 0.0
            planner.focus, planner.pressing = doubling, pressed
            planner.clear_way = self.level.squadron
            # A beginner's beam stays narrow, and a fleet action's (``plan.MANY_SHIPS``) keeps its time.
            planner.diverse = DIVERSE_BEAM and not self.level.heedless and planner.among is None
            if not refuse and not self.level.heedless and FINISH_WORTH > 0:
                planner.pursuit_worth, planner.pursuit_range = FINISH_WORTH, FINISH_RANGE
                planner.offing_past_cripples = True
            planner.room_through_ships = planner.room_in_last_turn = True
            if self.level.heedless:
                planner.aims = hull_only

        found: list[tuple[float, Node]] = []
        fleet = False
        for planner, leaves, penalty in self.planned_starts(state, options, me, ap, prepare):
            fleet = planner.among is not None
            found += [(leaf.score - penalty, leaf) for leaf in leaves[: self.level.plans]]
        found.sort(key=lambda f: -f[0])
        plans, rounds = self.level.plans, self.level.samples
        if fleet and not self.level.timed:
            # A fleet action: every trial costs many times a squadron action's (seventy ships to
            # aim at and be aimed at), so fewer plans and trials keep the decision in its time.
            plans, rounds = min(plans, FLEET_PLANS), rounds // FLEET_TRIAL_SHARE
        cands: list[Candidate] = []
        seen: set[tuple] = set()
        for prior, leaf in found:
            plan = self.commands(leaf, me.id)
            key = tuple(cmd for cmd, _ in plan)
            if key not in seen:
                seen.add(key)
                cands.append(Candidate((plan, leaf), prior))
            if len(cands) >= plans:
                break
        if self.level.blunder:
            return self._slip(state, cands)
        if rounds == 0 or len(cands) == 1:
            self.last = Ranking(0, [cd.prior for cd in cands], 0, 0, 0.0)
            return cands[0].plan[0]
        position = state.state_hash()
        replies = {id(cd): self.replies_to(leaf.state, me.id) for cd in cands for _, leaf in [cd.plan]}
        guessed = {id(cd): self.guessed(ap, cd.plan[1], me.id, replies[id(cd)], weights) for cd in cands}

        def trial(cand: Candidate, round_: int) -> float:
            plan, leaf = cand.plan
            mean = round_ == 0 and self.level.mean_first
            dice = MeanDice() if mean else trial_dice(self.seed, position, round_)
            own, total = self.play_out_parts(state, me.id, plan, replies[id(cand)], ap, dice)
            # Every die at its mean rolls no critical and fails no morale test the average does not: the
            # look-ahead's own expectation of the plan's shots stands for that part of a mean round.
            if mean:
                own, total = leaf.now, leaf.now + (total - own)
            return total - guessed[id(cand)]

        self.last = rank(cands, trial, rounds, TRIAL_WEIGHT, clock_for(self.level, self.live))
        return cands[self.last.best].plan[0]

    def activate(self, state: GameState, options: list[Option]) -> c.Command:
        """Which of her squadron's ships acts next: the nearest the enemy, unless a friend lies in her way.

        Weighing her squadron (normal and hard), a ship whose bow lies on a friend still to act sends
        that friend first (``squadron.lead_of``).  At hard (``Level.order``), for each ship that could
        go first, every ship still to act sails her activation on a trial at the means, that one first
        and the rest in that order, each by the narrow search that sails the enemies' replies.  What
        those activations take off the enemy together, less what they cost her own side, is the order's
        worth; another ship goes first only if her order is worth more than ``ORDER_MARGIN`` points
        above that one.  The order counts because one ship's shot can cripple the enemy the next ones
        then fire on (each later activation that hits brings a morale test), and one ship's course can
        mask or clear another's line of fire.
        """
        acts = [o for o in options if o.type == "activate"]
        if not self.level.squadron or len(acts) < 2 or calamity_pending(state, state.ships[acts[0].ship].squadron):
            return super().activate(state, options)
        acts.sort(key=nearest_key(state, options))
        by_ship = {o.ship: o for o in acts}
        if not self.level.order or len(state.ships) > MANY_SHIPS:
            return by_ship[squadron.lead_of(state, [o.ship for o in acts])].command()
        order = squadron.clear_ahead(state, [o.ship for o in acts])
        worth = {sid: self.order_worth(state, [sid] + [s for s in order if s != sid]) for sid in order}
        best = max(order, key=lambda sid: worth[sid])
        if worth[best] > worth[order[0]] + ORDER_MARGIN:
            return by_ship[best].command()
        return by_ship[order[0]].command()

    def order_worth(self, state: GameState, order: list[str]) -> float:
        """What her ships' activations in this order gain her side, each sailed on one trial at the means."""
        work = sandbox(state)
        total = 0.0
        for sid in order:
            if work.winner is not None:
                break
            total += self.sail(work, sid)[0]
        return total

    def as_she_bears(self, state: GameState, options: list[Option]) -> c.Command:
        """A heedless captain fires as she bears at the first chance, at any range; the others wait for a good shot."""
        if not self.level.heedless:
            return super().as_she_bears(state, options)
        best = self.best_bearing(state, options)
        return best[1] if best is not None else c.HoldFire(state.fas_window[0])

    def _slip(self, state: GameState, cands: list[Candidate]) -> list[tuple[c.Command, tuple]]:
        """An easy captain: now and then one of her worse plans, as a beginner misjudges the wind or the range.

        The slip is drawn from the worse half of the plans she found, so it is a real mistake (a
        turn into the wind, a broadside thrown away at long range, her stern left to the enemy),
        not a plan as good as her best by another road.
        """
        roll = Dice.from_seed(zlib.crc32(f"{self.seed}:{self.side}:{state.state_hash()}".encode()))
        pick = 0
        if len(cands) > 1 and self.level.slips(roll):
            worse = len(cands) // 2
            pick = worse + roll.die(len(cands) - worse) - 1
        self.last = Ranking(pick, [cd.prior for cd in cands], 0, 0, 0.0)
        return cands[pick].plan[0]

    # --- a trial ---------------------------------------------------------------------

    def weigh(self, state: GameState, sid: str, plan, rounds: int) -> tuple[float, float, list]:
        """A plan judged by ``rounds`` trials at this captain's horizon: (mean, standard error, replies played).

        For a second opinion on a decision (tests, ``tools/second_opinion.py``): the same trials the
        search runs, as many as asked, each with its own sampled dice.
        """
        end = sandbox(state)
        for cmd, _sig in plan:
            if isinstance(apply(end, cmd, scratch=True), Rejected):
                break
        replies = self.replies_to(end, sid)
        ap = Appraiser(state, state.ships[sid].side, self.memo)
        got = [self.play_out(state, sid, plan, replies, ap, trial_dice(self.seed, "weigh", r)) for r in range(rounds)]
        mean = sum(got) / len(got)
        spread = (sum((g - mean) ** 2 for g in got) / max(1, len(got) - 1)) ** 0.5
        return mean, spread / len(got) ** 0.5, replies

    def play_out(self, state: GameState, sid: str, plan, replies: list[Reply], ap: Appraiser, dice: Dice) -> float:
        """What our side gains (material, in points) when the plan and the enemies' replies are played with ``dice``."""
        return self.play_out_parts(state, sid, plan, replies, ap, dice)[1]

    def play_out_parts(
        self, state: GameState, sid: str, plan, replies: list[Reply], ap: Appraiser, dice: Dice
    ) -> tuple[float, float]:
        """(what the plan itself gains, what it and the replies after it gain), material in points."""
        work = sandbox(state, dice)
        base = ap.material(state)
        for cmd, _sig in plan:
            if isinstance(apply(work, cmd, scratch=True), Rejected):
                break  # the dice took her off the plan (a failed Tack, a collision): the trial ends here
        if work.activation is not None and work.activation.ship == sid:
            apply(work, c.EndActivation(sid), scratch=True)
        own = ap.material(work) - base
        for cmd in replies:
            if work.winner is not None:
                break
            if isinstance(cmd, _Begin):
                if not reach.can_fight(work.ships[cmd.ship]):
                    break
                next_activation(work, cmd.ship)
            elif isinstance(apply(work, cmd, scratch=True), Rejected):
                break  # her reply no longer fits the position these dice left: the rest of it is not played
        return own, ap.material(work) - base

    def guessed(self, ap: Appraiser, leaf: Node, sid: str, replies: list[Reply], weights: tuple[float, float]) -> float:
        """What the look-ahead's score already holds of what a trial plays out.

        The path's own gains (``now``), the estimate of each replying enemy's shot (and the second
        look's sailed replies that stood in for some), and, if she sails again on the trial, the
        estimate of her own next shot: the trial's outcome takes their place.
        """
        st = leaf.state
        me = st.ships[sid]
        if me.status != AFLOAT:
            return leaf.now
        foes = reach.foes_at(st, me)
        repliers = {cmd.ship for cmd in replies if isinstance(cmd, _Begin) and cmd.ship != sid}
        threat_weight, potential_weight = weights
        out = leaf.now + leaf.looked
        out -= threat_weight * reach.threat(ap, st, me, {e: d for e, d in foes.items() if e in repliers})
        if sid in {cmd.ship for cmd in replies if isinstance(cmd, _Begin)}:
            out += potential_weight * reach.potential(ap, st, me, foes)
        return out

    def replies_to(self, end: GameState, sid: str) -> list[Reply]:
        """The nearest enemies' next activations after the plan, planned once on the plan's own trial (mean dice).

        Each trial replays them with its dice; planning them again for every trial would cost as much
        as the look-ahead itself.
        """
        if self.level.replies <= 0:
            return []
        work = sandbox(end)
        me = work.ships[sid]
        if work.activation is not None and work.activation.ship == sid:
            apply(work, c.EndActivation(sid), scratch=True)
        if me.status != AFLOAT or work.winner is not None:
            return []
        foes = reach.foes_at(work, me)
        movers = [e for e in foes if not work.ships[e].shore_battery and work.ships[e].sail is not None]
        out: list[Reply] = []
        for eid in sorted(movers, key=lambda e: (foes[e], e))[: self.level.replies]:
            cmds = self.reply(work, eid)
            if cmds:
                out += [_Begin(eid), *cmds]
        if self.level.follow and out and reach.can_fight(work.ships[sid]) and work.winner is None:
            cmds = self.reply(work, sid)  # her own next activation, sailed by the same narrow search
            if cmds:
                out += [_Begin(sid), *cmds]
        return out

    def reply(self, work: GameState, eid: str) -> list[c.Command]:
        """Ship ``eid``'s next activation as the old captain's reply search sails it (played on ``work``).

        The same narrow search ``reply.best_reply`` weighs a plan with (a beam of three over her
        segments, her broadsides aimed at each point), but keeping the path so a trial can play it.
        """
        return self.sail(work, eid)[1]

    def sail(self, work: GameState, eid: str) -> tuple[float, list[c.Command]]:
        """``reply``, and what the narrow search expects the activation to gain her side (points)."""
        enemy = work.ships[eid]
        if not reach.can_fight(enemy) or enemy.adrift or enemy.shore_battery or enemy.sail is None:
            return 0.0, []
        next_activation(work, eid)
        if work.activation is None or work.activation.ship != eid:
            return 0.0, []
        theirs = Appraiser(work, enemy.side, self.memo)
        # The best path of the furthest segment reached: a whole activation, whose shots include
        # those of every point on the way (a path cut short where it stopped gaining would leave
        # her short of her movement on the trial).
        *_, kept = narrow_paths(theirs, work, eid, 1.0)
        worth, _, steps, fired = kept[0]
        out: list[c.Command] = []
        for i in range(len(steps) + 1):
            out += [c.Fire(eid, pk.side, pk.target, pk.aim, False) for pk in fired.values() if pk.point == i]
            if i < len(steps):
                out.append(steps[i])
        out.append(c.EndActivation(eid))
        played: list[c.Command] = []
        for cmd in out:
            if isinstance(apply(work, cmd, scratch=True), Rejected):
                break
            played.append(cmd)
        return worth, played
