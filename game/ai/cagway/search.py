"""The Cagway captain: the scripted player's own planning proposes moves, trials played to the round's end decide.

The scripted player (:mod:`game.ai.cagway.player`) plans a ship's move by a
beam search valued with guesses: what her guns could do from the place she
stops, what the enemy's could do to her there.  It does not sail the enemy's
answer, nor her friends' moves after hers, nor the combat phase that follows.
The captain keeps the script's best few moves (sail plans from
:func:`sailing.top_plans`, staying put, fire at will, a drift) and plays each
out on trials (``game.ai.search.rank``): the move itself, then every other
ship's move and combat action of the round as the script would give them
(friend and foe alike, each side on its own trial, so the Blocker's script
never learns the carrier), with the trial's dice.  What the round leaves is
valued by the rule system's :mod:`game.systems.cagway.evaluation` (material,
and in a blockade run the carrier's run, by sea), and the move that leaves
her side best off, plus what the script makes of where the ship is left for
her aims (her steering point), is given.

Everything is read off the side's own trial (:func:`sight.trial`): the
Blocker's captain weighs every runner still in the fight alike as the
carrier, never the real one.  The Runner's captain chooses the carrier the
same way: each runner tried as the carrier on trials of the first round.

``Level``: how many moves are kept (``plans``), how many trials each
(``samples``), and how often an easy captain slips.  Outside the first
decision of a ship's move (and the Runner's secret), she decides as the
script does.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.ai.cagway import pilot, sight
from game.ai.cagway.aims import Aims
from game.ai.cagway.gunnery import firepower, hasty_choice
from game.ai.cagway.player import DRIFT_MARGIN, STUCK, STUCK_SHOT, CagwayScriptedPlayer
from game.ai.cagway.sailing import Plan, drift_candidates, objective, plan_commands, top_plans, worth
from game.ai.search import LEVELS, Candidate, Level, Ranking, rank
from game.ai.search.rank import clock_for, trial_dice
from game.systems.base import Command, Option, Refusal
from game.systems.cagway import evaluation
from game.systems.cagway import sandbox as trials
from game.systems.cagway.commands import EndMove, Pass
from game.systems.cagway.state import COMBAT, MOVE, OVER, SECRET, GameState, Ship
from game.systems.dice import Dice

#: How much a trial's outcome counts against the script's guess of where the move leaves her.
TRIAL_WEIGHT = 1.0
#: How much the script's reckoning of her place for her aims (its ``objective``) counts beside the trial.
PLACE_WEIGHT = 0.5
#: The other ships' moves on a trial are searched this wide (the script's own search keeps 4 places a depth).
REPLY_BEAM = 2
#: A trial's round is cut off after this many commands (a script that never ends its move).
ROLLOUT_COMMANDS = 400


@dataclass
class Move:
    """One move the captain weighs: its commands in order (a plan's steps, or a single command)."""

    what: str
    commands: list[Command]
    plan: Plan | None
    #: Where the move leaves her (x, y, heading), and with how many points.
    pose: tuple[float, float, float]
    points: int


class CagwayCaptain(CagwayScriptedPlayer):
    """A side of a Cagway Bay battle commanded by the search (see the module's docstring)."""

    kind = "captain"
    #: What the trials' outcomes are worth (the rule system's weights of a blockade run).
    stakes: evaluation.Stakes = evaluation.STAKES

    def __init__(self, seed: int, side: str, level: Level | None = None) -> None:
        super().__init__(seed, side)
        self.level = level or LEVELS["normal"]
        #: The last search's figures (moves, trials, time), for the window and the bench.
        self.last: Ranking | None = None
        #: Playing in the window: the level's clock ceiling applies (off the window the trials alone bound a
        #: decision, so a battle between computer players plays the same on any machine).
        self.live = False

    # --- the moves weighed -------------------------------------------------------------------

    def _plan_move(
        self, view: GameState, aims: Aims, ship: Ship, by_type: dict[str, list[Option]]
    ) -> Iterator[Command | None]:
        moves = self._moves(view, aims, ship, by_type)
        order = self._ranked(view, aims, ship, moves)
        for i in order:
            mv = moves[i][1]
            if mv.plan is not None:
                self.plans[(ship.id, view.turn)] = (mv.plan, 1)
                yield mv.commands[0]
                self.plans.pop((ship.id, view.turn), None)
            else:
                yield mv.commands[0]
        yield from super()._plan_move(view, aims, ship, by_type)

    def _moves(
        self, view: GameState, aims: Aims, ship: Ship, by_type: dict[str, list[Option]]
    ) -> list[tuple[float, Move]]:
        """The script's own candidates, each with its own value (the prior), best first, one of a kind each."""
        out: list[tuple[float, Move]] = []
        sail = by_type.get("sail", [None])[0]
        end = by_type.get("end_move", [None])[0]
        can_sail = False
        if sail is not None:
            for node in top_plans(view, aims, ship, self.level.plans + 1):
                if not node.legs:
                    continue
                can_sail = True
                plan = plan_commands(view, ship, sail, node)
                pose, points = plan.steps[-1][1], plan.steps[-1][2]
                out.append((node.value, Move("sail", [s[0] for s in plan.steps], plan, pose, points)))
        if end is not None:
            out.append((worth(view, aims, ship, ship.pose, ship.actions), Move("end", [end.command()], None,
                                                                                ship.pose, ship.actions)))
        if not ship.sailed:
            hasty = hasty_choice(view, aims, by_type.get("fire_at_will", []))
            if hasty is not None:
                value = worth(view, aims, ship, ship.pose, 0) + hasty[0]
                out.append((value, Move("fire", [hasty[1]], None, ship.pose, 0)))
            drift = by_type.get("drift", [None])[0]
            if drift is not None:
                stuck = not can_sail and firepower(view, aims, ship, ship.actions) < STUCK_SHOT
                drifts = drift_candidates(view, aims, ship, drift)
                if drifts:
                    value, cmd = max(drifts, key=lambda d: d[0])
                    out.append((value + (STUCK if stuck else -DRIFT_MARGIN), Move("drift", [cmd], None, ship.pose, 0)))
        out.sort(key=lambda m: -m[0])
        return out

    def _ranked(self, view: GameState, aims: Aims, ship: Ship, moves: list[tuple[float, Move]]) -> list[int]:
        """The moves' indices in the order to give them: the chosen one first, then the script's order."""
        keep = moves[: self.level.plans]
        if len(keep) <= 1:
            return list(range(len(moves)))
        position = view.state_hash()
        if self.level.blunder:
            pick = self._slip(position, len(keep))
        else:
            belief = self._belief(view)
            now = evaluation.worth(view, self.side, belief, self._distance, self.stakes)
            cands = [Candidate(mv, PLACE_WEIGHT * self._place(view, aims, ship, mv)) for _v, mv in keep]

            quiet: dict[int, float] = {}

            def trial(cand: Candidate, round_: int) -> float:
                # Only fire at will rolls a die in a round's moves and shots: a trial that rolled none
                # would come out the same with any dice, and is not played again.
                if id(cand) in quiet:
                    return quiet[id(cand)]
                dice = trial_dice(self.seed, position, round_)
                value, rolled = self.play_out(view, cand.plan, dice, belief)
                if not rolled:
                    quiet[id(cand)] = value - now
                return value - now

            clock = clock_for(self.level, self.live)
            self.last = rank(cands, trial, max(1, self.level.samples), TRIAL_WEIGHT, clock)
            pick = self.last.best
        return [pick] + [i for i in range(len(moves)) if i != pick]

    def _slip(self, position: str, n: int) -> int:
        """An easy captain: now and then a worse move than her best, as a beginner misjudges."""
        roll = trial_dice(self.seed, f"slip:{self.side}:{position}", 0)
        pick = 0
        if n > 1 and self.level.slips(roll):
            pick = roll.die(n - 1)
        self.last = Ranking(pick, [], 0, 0, 0.0)
        return pick

    def _place(self, view: GameState, aims: Aims, ship: Ship, mv: Move) -> float:
        """The script's reckoning of where the move leaves her, for her aims (the carrier's run the trial counts)."""
        if aims.role == sight.RUNNER and ship.id == aims.carrier:
            return 0.0
        return objective(view, aims, sight.ghost(ship, mv.pose))

    # --- what the side may know ----------------------------------------------------------------

    def _belief(self, view: GameState) -> dict[str, float]:
        """Which runner carries the prize, as this side knows it: the Runner's own, or every candidate alike."""
        carrier = sight.known_carrier(view, self.side)
        if carrier:
            return {carrier: 1.0}
        ids = evaluation.candidates(view)
        return {i: 1.0 / len(ids) for i in ids} if ids else {}

    @staticmethod
    def _distance(state: GameState, ship: Ship) -> float:
        """Inches by sea from her to the destination island (round the islands, as the carrier would sail)."""
        by_sea = pilot.to_island(state, sight.destination(state))
        if by_sea is None:
            return evaluation.straight_distance(state, ship)
        return max(0.0, by_sea.way(sight.centre(ship))[0] - ship.length / 2.0)

    # --- a trial -----------------------------------------------------------------------------------

    def play_out(self, view: GameState, mv: Move, dice: Dice, belief: dict[str, float]) -> tuple[float, bool]:
        """What the position is worth to us after the move and the rest of the round are played with ``dice``,
        and whether any die was rolled on the way."""
        work = trials.sandbox(view, dice)
        start = work.dice.state
        rs = sight.rules(view)
        for cmd in mv.commands:
            if isinstance(rs.apply(work, cmd, scratch=True), Refusal):
                break  # a collision took her off the plan: the rest of her move as the script gives it
        rollout(work, self.seed, turn=view.turn)
        return evaluation.worth(work, self.side, belief, self._distance, self.stakes), work.dice.state != start

    # --- the Runner's secret -------------------------------------------------------------------

    def _wishes(self, view: GameState, options: list[Option]) -> Iterator[Command | None]:
        if view.phase == SECRET and self.level.samples > 0:
            yield self._carrier(view, options)
        yield from super()._wishes(view, options)

    def _carrier(self, view: GameState, options: list[Option]) -> Command | None:
        """Each runner tried as the carrier on trials of the first round: the one whose run fares best."""
        opts = sorted((o for o in options if o.type == "choose_carrier"), key=lambda o: o.ship)
        if len(opts) < 2:
            return None
        position = view.state_hash()
        cands = [Candidate(o, 0.0) for o in opts]
        rs = sight.rules(view)

        def trial(cand: Candidate, round_: int) -> float:
            work = trials.sandbox(view, trial_dice(self.seed, position, round_))
            rs.apply(work, cand.plan.command(), scratch=True)
            rollout(work, self.seed, turn=work.turn)
            return evaluation.worth(work, self.side, {cand.plan.ship: 1.0}, self._distance, self.stakes)

        clock = clock_for(self.level, self.live)
        self.last = rank(cands, trial, max(1, self.level.samples), TRIAL_WEIGHT, clock)
        return cands[self.last.best].plan.command()


class Reply(CagwayScriptedPlayer):
    """The script as it plays the other ships on a trial: its own choices, its move search narrower (the
    trials are many, and the replies need only be the script's likely ones)."""

    def _plan_move(
        self, view: GameState, aims: Aims, ship: Ship, by_type: dict[str, list[Option]]
    ) -> Iterator[Command | None]:
        sail = by_type.get("sail", [None])[0]
        best = top_plans(view, aims, ship, 1, beam=REPLY_BEAM) if sail is not None else []
        if sail is not None and best and best[0].legs:
            end_value = worth(view, aims, ship, ship.pose, ship.actions)
            if best[0].value > end_value:
                plan = plan_commands(view, ship, sail, best[0])
                self.plans[(ship.id, view.turn)] = (plan, 1)
                yield plan.steps[0][0]
                self.plans.pop((ship.id, view.turn), None)
        if not ship.sailed:
            hasty = hasty_choice(view, aims, by_type.get("fire_at_will", []))
            if hasty is not None and worth(view, aims, ship, ship.pose, 0) + hasty[0] > worth(
                view, aims, ship, ship.pose, ship.actions
            ):
                yield hasty[1]
        yield from (o.command() for o in by_type.get("end_move", []))


def rollout(work: GameState, seed: int, turn: int) -> None:
    """Play the trial on to the end of round ``turn`` (or of the battle), every ship as the script gives it.

    Each side's script decides on its own trial of the work (the Blocker's with the secret wiped).
    """
    rs = sight.rules(work)
    players: dict[str, CagwayScriptedPlayer] = {}
    for _ in range(ROLLOUT_COMMANDS):
        if work.phase == OVER or work.turn != turn or work.phase not in (MOVE, COMBAT):
            return
        options = rs.legal(work)
        if not options:
            return
        side = work.ships[options[0].ship].side
        player = players.get(side)
        if player is None:
            player = players[side] = Reply(seed, side)
        cmd = player.choose(work, options)
        if isinstance(rs.apply(work, cmd, scratch=True), Refusal):
            act = work.activation
            if act is None:
                return
            last = EndMove(act.ship) if work.phase == MOVE else Pass(act.ship)
            if isinstance(rs.apply(work, last, scratch=True), Refusal):
                return
