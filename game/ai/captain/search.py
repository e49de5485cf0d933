"""The captain that searches: the old captain's look-ahead proposes plans, trials with dice decide among them.

The one-activation look-ahead (``plan.Planner``) scores every path with the
dice at their means and the enemy's answer estimated.  Here its best few
complete plans are each played out on trials (``game.ai.search.rank``): the
plan itself with sampled dice (a rake's critical, a morale test, a strike
happen or not), then the nearest enemies' own next activations, sailed by
the same look-ahead on her side's account and fired with sampled dice.  What
the trials find replaces what the look-ahead guessed for the path itself, so
a plan that looks good on averages but leaves her open to a real reply loses
to one that does not.

``Level`` sets how wide the look-ahead is, how many plans and trials, how
many enemies reply, and how often an easy captain slips.  Outside her own
activations she answers as the old captain does.
"""

from __future__ import annotations

import zlib

from game.ai.captain import reach
from game.ai.captain.plan import Node, Planner
from game.ai.captain.player import SAILS, CaptainPlayer
from game.ai.search import LEVELS, Candidate, Level, Ranking, rank
from game.ai.search.rank import Clock, trial_dice
from game.systems.base import Option
from game.systems.btq21 import commands as c
from game.systems.btq21.dice import Dice
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.evaluation import Appraiser
from game.systems.btq21.sandbox import next_activation, sandbox
from game.systems.btq21.state import AFLOAT, GameState

#: How much a trial's outcome counts against the look-ahead's own guess for the path.
TRIAL_WEIGHT = 1.0
#: The enemy's reply on a trial is sailed by a look-ahead this wide, with no second look.
REPLY_BEAM = 2


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
        sails = [o.fixed["sail"] for o in options if o.type == "set_sail" and o.fixed["sail"] in SAILS]
        found: list[tuple[float, Node]] = []
        plain: float | None = None
        for first, chance, fail_cost in self.start_options(state, me, options, ap):
            planner = Planner(state, me.id, ap)
            if self.level.beam:
                planner.beam = self.level.beam
            if self.level.samples == 0:
                planner.replies = 0
            leaves = planner.leaves(state, first, sails)
            if not first:
                plain = leaves[0].score
            elif fail_cost is None:  # the rudder: failing leaves her as she is, less the crew (as the old captain)
                fail_cost = self._rudder_fail(state, me, ap, leaves[0].score, plain)
            for leaf in leaves[: self.level.plans]:
                found.append((leaf.score - (1.0 - chance) * (fail_cost or 0.0), leaf))
        found.sort(key=lambda f: -f[0])
        cands: list[Candidate] = []
        seen: set[tuple] = set()
        for prior, leaf in found:
            plan = self.commands(leaf, me.id)
            key = tuple(cmd for cmd, _ in plan)
            if key not in seen:
                seen.add(key)
                cands.append(Candidate((plan, leaf), prior))
            if len(cands) >= self.level.plans:
                break
        if self.level.blunder:
            return self._slip(state, cands)
        position = state.state_hash()

        def trial(cand: Candidate, round_: int) -> float:
            plan, leaf = cand.plan
            return self.play_out(state, me.id, plan, ap, trial_dice(self.seed, position, round_)) - leaf.now

        self.last = rank(cands, trial, self.level.samples, TRIAL_WEIGHT, Clock(self.level.budget_ms if self.live or self.level.timed else None))
        return cands[self.last.best].plan[0]

    def _rudder_fail(self, state: GameState, me, ap: Appraiser, score: float, plain: float | None) -> float:
        from game.systems.btq21.odds import MEAN_D6

        crew = MEAN_D6 * int(state.rules.special_actions["repair"]["fail_crew_dice"])
        return score - (plain if plain is not None else score) + ap.loss(me, crew=crew)

    def _slip(self, state: GameState, cands: list[Candidate]) -> list[tuple[c.Command, tuple]]:
        """An easy captain: now and then a worse plan than her best, as a beginner misjudges."""
        roll = Dice.from_seed(zlib.crc32(f"{self.seed}:{self.side}:{state.state_hash()}".encode()))
        pick = 0
        if len(cands) > 1 and roll.die(100) <= round(100 * self.level.blunder):
            pick = 1 + (roll.die(len(cands) - 1) - 1)
        self.last = Ranking(pick, [cd.prior for cd in cands], 0, 0, 0.0)
        return cands[pick].plan[0]

    # --- a trial ---------------------------------------------------------------------

    def play_out(self, state: GameState, sid: str, plan, ap: Appraiser, dice: Dice) -> float:
        """What our side gains (material, in points) when the plan and the enemies' replies are played with ``dice``."""
        work = sandbox(state, dice)
        base = ap.material(state)
        for cmd, _sig in plan:
            if isinstance(apply(work, cmd, scratch=True), Rejected):
                break  # the dice took her off the plan (a failed Tack, a collision): the trial ends here
        me = work.ships[sid]
        if work.activation is not None and work.activation.ship == sid:
            apply(work, c.EndActivation(sid), scratch=True)
        if me.status == AFLOAT and work.winner is None:
            foes = reach.foes_at(work, me)
            movers = [e for e in foes if not work.ships[e].shore_battery and work.ships[e].sail is not None]
            for eid in sorted(movers, key=lambda e: (foes[e], e))[: self.level.replies]:
                self.reply(work, eid)
        return ap.material(work) - base

    def reply(self, work: GameState, eid: str) -> None:
        """The enemy ship ``eid`` sails her next activation on the trial as a narrow look-ahead plans it."""
        enemy = work.ships[eid]
        if not reach.can_fight(enemy) or enemy.adrift:
            return
        next_activation(work, eid)
        if work.activation is None or work.activation.ship != eid:
            return
        theirs = Appraiser(work, enemy.side, self.memo)
        planner = Planner(work, eid, theirs)
        planner.beam, planner.replies = REPLY_BEAM, 0
        sails = [s for s in SAILS if s != enemy.sail]
        try:
            leaf = planner.run(work, [], sails)
        except (KeyError, ValueError):
            return
        for cmd, _sig in self.commands(leaf, eid):
            if isinstance(apply(work, cmd, scratch=True), Rejected):
                break
