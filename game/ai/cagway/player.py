"""The scripted player for Cagway Bay v2.2: a side that plays the scenario's objective by the book.

Every decision is taken on a trial made for its side (:mod:`sight`: the
rule system's sandbox, with the Runner's secret wiped for anyone else), so
it never reads the real dice, and the Blocker never learns the carrier.

* Setup (:mod:`deployment`): ships spread along their line, facing the way
  the scenario needs; the Runner's carrier drawn with the player's own dice.
* Move phase (:mod:`sailing`): each ship's move is planned when it begins,
  by a beam search over legs valued by the side's aims (:mod:`aims`), her
  firepower with the points she keeps and her exposure to the enemy; fire at
  will, drift and repair are weighed against sailing.
* Combat phase (:mod:`gunnery`, :mod:`boarding`): the gun and target worth
  most after aiming, or the crew action worth most when she touches a ship.

Each choice is tried on the trial before it is given; if the engine would
refuse it the next wish is tried, and at the last she ends her move or passes.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.ai.base import player_dice
from game.ai.cagway import deployment, sight
from game.ai.cagway.aims import Aims, appraise
from game.ai.cagway.boarding import crew_choice
from game.ai.cagway.gunnery import fire_choice, firepower, hasty_choice
from game.ai.cagway.sailing import Plan, drift_candidates, plan_commands, repair_wish, search, worth
from game.systems.base import Command, Option, Refusal
from game.systems.cagway.state import COMBAT, DEPLOY, MOVE, SECRET, GameState, Ship
from game.table.geometry import signed_angle

#: A plan holds while she stands within this of where it said she would (inches, degrees).
PLAN_SLACK = 1e-3
#: A drift must beat staying put by this much (HP of worth) to be worth a command.
DRIFT_MARGIN = 0.5
#: What getting free is worth to a ship that can neither sail nor fire a shot worth this much where she is.
STUCK = 50.0
STUCK_SHOT = 4.0


class CagwayScriptedPlayer:
    """A side of a Cagway Bay battle commanded by the script (see the module's docstring)."""

    kind = "scripted"

    def __init__(self, seed: int, side: str) -> None:
        self.seed = seed
        self.side = side
        self.dice = player_dice(seed, side, self.kind)
        #: Each ship's plan for her move in a turn, and how far it has been followed.
        self.plans: dict[tuple[str, int], tuple[Plan, int]] = {}

    # --- choosing ------------------------------------------------------------------

    def choose(self, state: GameState, options: list[Option]) -> Command:
        """The first of the script's wishes the engine would accept (tried on a trial)."""
        view = sight.trial(state, self.side)
        for cmd in self._wishes(view, options):
            if cmd is not None and _accepted(view, cmd):
                return cmd
        return self.fill(_last_resort(options))

    def _wishes(self, view: GameState, options: list[Option]) -> Iterator[Command | None]:
        if view.phase == DEPLOY:
            yield deployment.deploy_command(view, self.side, options)
        elif view.phase == SECRET:
            yield deployment.carrier_command(self.dice, options)
        elif view.phase == MOVE and view.activation is not None:
            yield from self._move(view, view.ships[view.activation.ship], options)
        elif view.phase == COMBAT and view.activation is not None:
            yield self._combat(view, options)
        for kind in ("end_move", "pass"):
            yield from (o.command() for o in options if o.type == kind)

    # --- the move phase ------------------------------------------------------------

    def _move(self, view: GameState, ship: Ship, options: list[Option]) -> Iterator[Command | None]:
        by_type: dict[str, list[Option]] = {}
        for o in options:
            by_type.setdefault(o.type, []).append(o)
        key = (ship.id, view.turn)
        held = self.plans.get(key)
        if held is not None:
            plan, done = held
            if _on_plan(ship, plan, done):
                if done < len(plan.steps):
                    self.plans[key] = (plan, done + 1)
                    yield plan.steps[done][0]
                else:
                    yield from (o.command() for o in by_type.get("end_move", []))
            self.plans.pop(key, None)
        self.plans = {k: v for k, v in self.plans.items() if k[1] >= view.turn}
        aims = appraise(view, self.side)
        repair = by_type.get("repair", [None])[0]
        wish = repair_wish(view, aims, ship, repair)
        if wish is not None:
            yield wish
        yield from self._plan_move(view, aims, ship, by_type)

    def _plan_move(
        self, view: GameState, aims: Aims, ship: Ship, by_type: dict[str, list[Option]]
    ) -> Iterator[Command | None]:
        sail = by_type.get("sail", [None])[0]
        best, can_sail = search(view, aims, ship) if sail is not None else (None, False)
        choices: list[tuple[float, str, Command | None, Plan | None]] = []
        if best is not None and best.legs and sail is not None:
            choices.append((best.value, "sail", None, plan_commands(view, ship, sail, best)))
        choices.append((worth(view, aims, ship, ship.pose, ship.actions), "end", None, None))
        if not ship.sailed:
            hasty = hasty_choice(view, aims, by_type.get("fire_at_will", []))
            if hasty is not None:  # her whole move: she stays where she is, every point spent
                choices.append((worth(view, aims, ship, ship.pose, 0) + hasty[0], "fire", hasty[1], None))
            drift = by_type.get("drift", [None])[0]
            if drift is not None:
                # Hemmed in with nothing to shoot at: a drift is the only way she can turn.
                stuck = not can_sail and firepower(view, aims, ship, ship.actions) < STUCK_SHOT
                bonus = STUCK if stuck else -DRIFT_MARGIN
                for value, turned in drift_candidates(view, aims, ship, drift):
                    choices.append((value + bonus, "drift", turned, None))
        choices.sort(key=lambda c: -c[0])
        for _value, what, cmd, plan in choices:
            if plan is not None:
                self.plans[(ship.id, view.turn)] = (plan, 1)
                yield plan.steps[0][0]
                self.plans.pop((ship.id, view.turn), None)
            elif what == "end":
                yield from (o.command() for o in by_type.get("end_move", []))
            else:
                yield cmd

    # --- the combat phase ----------------------------------------------------------

    def _combat(self, view: GameState, options: list[Option]) -> Command | None:
        aims = appraise(view, self.side)
        best: tuple[float, Command] | None = None
        for got in (fire_choice(view, aims, options), crew_choice(view, aims, options)):
            if got is not None and got[0] > 0 and (best is None or got[0] > best[0]):
                best = got
        return best[1] if best is not None else None

    # --- what the runner asks after a refusal --------------------------------------

    def fill(self, opt: Option) -> Command:
        """A safe version of an option: the least of every range (no turn), the first of every choice."""
        values = {k: (0.0 if k == "turn" else lo) for k, (lo, _hi) in opt.ranges.items()}
        return opt.command(**values)

    def fallback(self, opt: Option) -> Command:
        return self.fill(opt)


def _on_plan(ship: Ship, plan: Plan, done: int) -> bool:
    """She stands where the plan's last step given left her, with the points it said."""
    if done < 1 or done > len(plan.steps):
        return False
    _cmd, pose, points = plan.steps[done - 1]
    return (
        abs(ship.x - pose[0]) <= PLAN_SLACK
        and abs(ship.y - pose[1]) <= PLAN_SLACK
        and abs(signed_angle(ship.heading, pose[2])) <= PLAN_SLACK
        and ship.actions == points
    )


def _accepted(view: GameState, cmd: Command) -> bool:
    """Would the engine take it?  Tried on a trial of the trial, so the view is left as it was."""
    rs = sight.rules(view)
    return not isinstance(rs.apply(rs.sandbox(view), cmd, scratch=True), Refusal)


def _last_resort(options: list[Option]) -> Option:
    for kind in ("end_move", "pass", "choose_carrier", "deploy"):
        for o in options:
            if o.type == kind:
                return o
    return options[0]
