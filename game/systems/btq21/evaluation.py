"""What things are worth to the captain: expected values from the rule tables.

Everything is measured in victory points, the currency the battle is decided
in, so a broadside, a collision, a fire and a ship run aground can be weighed
against each other.  A ship's *condition* (``Appraiser.phi``) is the share of
her value already as good as lost: 0 untouched, 1 sunk or struck.  Damage is
worth its owner's value times the rise in condition it causes.

The condition follows the rules' own cliff edges rather than counting points
evenly: a track that becomes crippled brings a morale test at once (which
strikes a poor crew one time in three), halves the broadside, stops all but
one segment or all special actions; after that every further loss to that
track brings another test.  So the points up to the crippling line are worth
much more each than the points after it, except where the track runs out
(no hull: sunk; no crew: struck).

Dice are never sampled here: expected hits count the extra die every natural
maximum brings (n dice become n * s / (s - 1) on average) and a natural 1
always misses; success tests are enumerated exactly, rerolls included.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.content.model import CriticalRow
from game.systems.btq21 import objectives
from game.systems.btq21.broadside import Shot, broadside_total, modifiers, split_dice
from game.systems.btq21.odds import MEAN_D6
from game.systems.btq21.state import AFLOAT, CAPTURED, LEFT_TABLE, TRACKS, GameState, Ship
from game.systems.btq21.victory import points, ship_value

#: Share of a ship's value lost when a track becomes crippled, beyond the morale test it brings.
#: Crippled rigging weighs most: she is down to one segment a turn, cannot get out from under
#: the guns that will test her morale again with every hit, and the rigging is the short track
#: (measured against the scripted player in the duel, decided games: 0.12 won 165 of 269 (61%),
#: 0.25 won 229 of 362 (63%) over seeds 1-200 and 1001-1200; 0.35 did no better. A small gain,
#: within the noise on either set of seeds alone.)
CRIPPLE_COST = {"hull": 0.15, "rigging": 0.25, "crew": 0.12}
#: Share lost for the rest of the rigging (after crippling) down to being demasted.
RIGGING_AFTER_CRIPPLE = 0.1
#: Condition per fire and per leak burning or open; more when the crew cannot fight them.
FIRE_COST, LEAK_COST, HELPLESS_COST = 0.04, 0.03, 0.15
RUDDER_COST = 0.02
#: In the last turn, the share of damage short of a morale test, striking or sinking still worth
#: anything (the ships still to act this turn may finish what it starts).
LAST_TURN_LASTING = 0.25
#: How surely a helpless burning or leaking ship is lost once the turns left suffice (a morale
#: test or a lucky end of the game may come first, either way).
DOOM_CERTAINTY = 0.8
#: A ship that left the table off her own exit edge: half her value to the enemy, and the fight given up.
LEFT_TABLE_COST = 1.0
#: Share of the way to her exit edge worth to a blockade runner (her value when she gets there).
EXIT_PROGRESS = 0.4


@dataclass(frozen=True)
class PseudoShot:
    """A broadside that might be fired from somewhere else: the fields ``shot_value`` reads."""

    d10: int
    d6: int
    needed: int
    modifier: int
    rake: bool
    band: str
    aim: str


# --- dice ---------------------------------------------------------------------------


@cache
def die_hit_p(sides: int, needed: int, modifier: int) -> float:
    return sum(1 for f in range(2, sides + 1) if f + modifier >= needed) / sides


def expected_hits(d10: int, d6: int, needed: int, modifier: int) -> float:
    return d10 * 10 / 9 * die_hit_p(10, needed, modifier) + d6 * 6 / 5 * die_hit_p(6, needed, modifier)


def p_any_hit(d10: int, d6: int, needed: int, modifier: int) -> float:
    miss = (1 - die_hit_p(10, needed, modifier)) ** d10 * (1 - die_hit_p(6, needed, modifier)) ** d6
    return 1.0 - miss


@cache
def success_p(dice: int, needed: int, rerolls: int, on: int = 4, double: int = 6) -> float:
    """Exact chance of a success test, rerolling failed dice once each (success.py)."""

    def worth(f: int) -> int:
        return 2 if f >= double else 1 if f >= on else 0

    extra = [{0: 1.0}]
    for _ in range(max(0, rerolls)):
        nxt: dict[int, float] = {}
        for s, p in extra[-1].items():
            for f in range(1, 7):
                nxt[s + worth(f)] = nxt.get(s + worth(f), 0.0) + p / 6
        extra.append(nxt)
    total = 0.0
    for faces in itertools.product(range(1, 7), repeat=dice):
        got = sum(worth(f) for f in faces)
        m = min(rerolls, sum(1 for f in faces if f < on))
        total += sum(p for e, p in extra[m].items() if got + e >= needed) / 6**dice
    return total


def rerolls(state: GameState, ship: Ship) -> int:
    st = state.rules.success_test
    return int(st["rerolls"][ship.quality]) + (int(st["flagship_rerolls"]) if ship.has("flagship") else 0)


def test_p(state: GameState, ship: Ship, needed: int, extra_dice: int = 0) -> float:
    st = state.rules.success_test
    dice = int(st["dice"]) + extra_dice
    return success_p(dice, needed, rerolls(state, ship), int(st["success_on"]), int(st["double_on"]))


def special_p(state: GameState, ship: Ship, action: str, all_hands: bool = False) -> float:
    extra = int(state.rules.success_test["all_hands_extra_dice"]) if all_hands else 0
    return test_p(state, ship, int(state.rules.special_actions[action]["successes"]), extra)


def pseudo_shot(
    state: GameState, firer: Ship, target: Ship, band: str, aim: str = "hull", rake: bool = False
) -> PseudoShot:
    """The broadside ``firer`` would fire at ``target`` from ``band`` range (arc and sight assumed)."""
    d10, d6 = split_dice(broadside_total(state, firer.guns, band), firer.large_share)
    if firer.crippled("hull"):
        d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
    if rake:
        d10, d6 = 2 * d10, 2 * d6
    mods = sum(modifiers(state, firer, target, aim, band, False).values())
    return PseudoShot(d10, d6, int(state.rules.to_hit[aim][band]), mods, rake, band, aim)


# --- condition and value ---------------------------------------------------------------


def last_turn(state: GameState) -> bool:
    """The battle ends with this turn: what a position offers next turn is worth nothing."""
    return state.turn >= state.turn_limit


class Appraiser:
    """Values for one side in one decision; caches only what is fixed for that decision."""

    def __init__(self, state: GameState, side: str, memo: dict[Any, Any] | None = None) -> None:
        self.side = side
        #: The player's own store of answers that depend only on numbers (boarding odds).
        self.memo = {} if memo is None else memo
        self.rules = state.rules
        self.value = {sid: float(ship_value(state, s)) for sid, s in state.ships.items()}
        st = state.rules.success_test
        need = int(state.rules.morale_successes)
        self.fail = {
            sid: 1.0 - success_p(int(st["dice"]), need, rerolls(state, s), int(st["success_on"]), int(st["double_on"]))
            for sid, s in state.ships.items()
        }
        sc = state.scenario
        self.exits: dict[str, str] = objectives.exit_edges(sc.victory) if sc else {}
        self.table = (state.table_width, state.table_height)
        self.crit_rows = _critical_odds(state)
        self.crit_check = (7 - int(state.rules.critical_check_on)) / 6
        self.sink_at = int(state.rules.sink_at)
        self.turns_left = max(0, state.turn_limit - state.turn + 1)
        #: Share of lasting harm (damage short of striking or sinking) still worth anything: in the
        #: last turn only what strikes, sinks or takes a ship before the end scores, and what the
        #: ships still to act this turn can build on.
        self.lasting = LAST_TURN_LASTING if last_turn(state) else 1.0
        self.neglect_dice = int(state.rules.special_actions["fight_fires"]["fail_crew_dice"])
        self.prize = float(state.rules.victory["captured"])  # a prize counts this many times her value
        self._phi: dict[tuple[Any, ...], float] = {}
        self._shots: dict[tuple[Any, ...], tuple[float, float]] = {}
        #: ``reach.broadside_worth`` and ``reach.reach_of`` answers, by everything they read.
        self.worth: dict[tuple[Any, ...], float] = {}
        self.reaches: dict[tuple[Any, ...], float] = {}

    def owner(self, ship: Ship) -> str:
        return ship.original_side or ship.side

    def phi(
        self, ship: Ship, hull: float = 0, rigging: float = 0, crew: float = 0, fires: float = 0, leaks: float = 0
    ) -> float:
        """Condition after extra losses: share of her value as good as lost (see the module docstring)."""
        key: tuple[Any, ...] = (ship.id, ship.status, ship.side, ship.hull, ship.rigging, ship.crew, ship.fires)
        key += (ship.leaks, ship.rudder)
        key += (hull, rigging, crew, fires, leaks)
        if self.exits:
            key += (ship.x, ship.y, ship.exit_edge)
        got = self._phi.get(key)
        if got is None:
            got = self._phi[key] = self._condition(ship, hull, rigging, crew, fires, leaks)
        return got

    def _condition(self, ship: Ship, hull: float, rigging: float, crew: float, fires: float, leaks: float) -> float:
        if ship.status == CAPTURED:
            return self.prize if ship.side != self.owner(ship) else 0.5
        if ship.status == LEFT_TABLE:
            return -1.0 if self.exits.get(self.owner(ship)) == ship.exit_edge else LEFT_TABLE_COST
        if ship.status != AFLOAT:
            return 1.0
        extra = {"hull": hull, "rigging": rigging, "crew": crew}
        pf = self.fail[ship.id]
        f = 0.0
        for t in TRACKS:
            start = ship.start(t)
            if start <= 0:
                continue
            lost = ship.lost(t) + extra[t]
            if lost >= start and t != "rigging":
                return 1.0
            c = max(1, getattr(ship, t + "_cripple"))
            a = pf + CRIPPLE_COST[t] * self.lasting
            b = (RIGGING_AFTER_CRIPPLE if t == "rigging" else 1.0 - pf - CRIPPLE_COST[t]) * self.lasting
            f += a * min(lost, c) / c + b * max(0.0, min(lost, start) - c) / max(1, start - c)
        helpless = ship.crippled("crew") or ship.lost("crew") + crew >= ship.crew_cripple
        burning = (max(0, ship.fires + fires), max(0, ship.leaks + leaks))
        for n, cost in zip(burning, (FIRE_COST, LEAK_COST), strict=True):
            if n >= self.sink_at:
                return 1.0
            if n > 0:
                f += (cost * n + (HELPLESS_COST * n / self.sink_at if helpless else 0.0)) * self.lasting
        if helpless and any(burning):
            f += (1.0 - min(1.0, f)) * self.doom(ship.crew - crew, burning) * self.lasting
        if ship.rudder:
            f += RUDDER_COST * self.lasting
        edge = self.exits.get(self.owner(ship))
        if edge:
            f -= EXIT_PROGRESS * self.progress(ship, edge)
        return min(1.0, f)

    def doom(self, crew_left: float, burning: tuple[float, float]) -> float:
        """Chance a ship that can no longer fight her fires or stop her leaks is lost before the game ends.

        A crippled crew may take no special action, so every activation each fire
        spreads and each leak worsens, and each costs 2D6 crew: she sinks at six, or
        her crew runs out, within a few activations.  Spread over the turns left,
        that is how likely the game sees it happen.
        """
        bleed = MEAN_D6 * self.neglect_dice * sum(1 for n in burning if n > 0)  # called only while burning: > 0
        to_sink = self.sink_at - max(burning)
        to_strike = max(1.0, crew_left / bleed)
        needed = max(1.0, min(float(to_sink), to_strike))
        return DOOM_CERTAINTY * min(1.0, self.turns_left / needed)

    def progress(self, ship: Ship, edge: str) -> float:
        w, h = self.table
        return {"east": ship.x / w, "west": 1 - ship.x / w, "north": ship.y / h, "south": 1 - ship.y / h}.get(edge, 0.0)

    def sign(self, ship: Ship) -> float:
        return -1.0 if self.owner(ship) == self.side else 1.0

    def material(self, state: GameState) -> float:
        """Sum of every ship's condition times value, enemies counting for us and friends against."""
        return sum(self.sign(s) * self.value[s.id] * self.phi(s) for s in state.ships.values())

    def loss(self, ship: Ship, **extra: float) -> float:
        """Points her owner stands to lose from extra damage (positive)."""
        return self.value[ship.id] * (self.phi(ship, **extra) - self.phi(ship))

    def shot_value(self, shot: Shot | PseudoShot, firer: Ship, target: Ship) -> float:
        """Expected points a broadside takes off its target: hits, crippling, morale, criticals, musketry."""
        key: tuple[Any, ...] = (shot.d10, shot.d6, shot.needed, shot.modifier, shot.rake, shot.band, _track(shot))
        key += (target.id, target.status)
        key += (target.hull, target.rigging, target.crew, target.fires, target.leaks, target.rudder, firer.id)
        key += ("musketry" in firer.fired,)
        got = self._shots.get(key)
        if got is None:
            got = self._shots[key] = self._shot_value(shot, firer, target)
        return got[0]

    def test_value(self, shot: Shot | PseudoShot, firer: Ship, target: Ship) -> float:
        """The part of ``shot_value`` that is the morale test a hit on a crippled track brings.

        One test is taken per activation however many broadsides hit, so a plan counts
        this once for each target.
        """
        self.shot_value(shot, firer, target)
        key: tuple[Any, ...] = (shot.d10, shot.d6, shot.needed, shot.modifier, shot.rake, shot.band, _track(shot))
        key += (target.id, target.status)
        key += (target.hull, target.rigging, target.crew, target.fires, target.leaks, target.rudder, firer.id)
        return self._shots[key + ("musketry" in firer.fired,)][1]

    def _shot_value(self, shot: Shot | PseudoShot, firer: Ship, target: Ship) -> tuple[float, float]:
        hits = expected_hits(shot.d10, shot.d6, shot.needed, shot.modifier)
        p_hit = p_any_hit(shot.d10, shot.d6, shot.needed, shot.modifier)
        crew = 0.0
        if shot.band == "point_blank" and not target.shore_battery and "musketry" not in firer.fired:
            crew = firer.musketry * (0.75 if firer.has("marines") else 0.5)
        track = _track(shot)
        dmg = {track: hits, "crew": crew} if track != "crew" else {"crew": hits + crew}
        before = self.phi(target)
        after = self.phi(target, **dmg)
        gain = after - before
        test = 0.0
        if target.crippled(track) and target.status == AFLOAT:
            test = p_hit * self.fail[target.id] * max(0.0, 1.0 - after)
        if not target.shore_battery and after < 1.0:
            p_crit = 1.0 if shot.rake else p_hit * self.crit_check
            gain += p_crit * self.crit_gain(target, dmg, after)
        return self.value[target.id] * (gain + test), self.value[target.id] * test

    def crit_gain(self, target: Ship, dmg: dict[str, float], base: float) -> float:
        total = 0.0
        for p, row in self.crit_rows:
            if row.effect == "magazine":
                total += p * (1.0 - base)
                continue
            extra = dict(dmg)
            extra["rigging"] = extra.get("rigging", 0.0) + MEAN_D6 * row.rigging_dice
            extra["crew"] = extra.get("crew", 0.0) + MEAN_D6 * row.crew_dice
            after = self.phi(target, fires=row.fires, leaks=row.leaks, **extra)
            total += p * (after - base + (RUDDER_COST if row.effect == "rudder" and not target.rudder else 0.0))
        return total


def _critical_odds(state: GameState) -> list[tuple[float, CriticalRow]]:
    """(probability, row) of the 2D6 critical table."""
    odds: dict[int, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            odds[a + b] = odds.get(a + b, 0) + 1 / 36
    return [(sum(p for r, p in odds.items() if row.low <= r <= row.high), row) for row in state.rules.critical_table]


def _track(shot: Any) -> str:
    """The track a shot's hits fall on: its aim's, or the load's (grape: the crew) under option shot."""
    return str(getattr(shot, "hits_on", shot.aim))


# --- the balance of a close action ------------------------------------------------------------

#: Objectives that only ask a side to take or destroy enemy ships: a side that declines action
#: concedes nothing by it but the points of a fight it would lose.
FIGHTING_OBJECTIVES = frozenset({"take", "destroy"})


def close_action_balance(state: GameState, side: str, ap: Appraiser) -> float | None:
    """Our side's broadsides at close range against the enemy's, as a ratio of the points each takes a round.

    Each ship able to fight is weighed by her broadside (halved if her hull is crippled, as the
    rules halve it) on each enemy, at close range and aimed at the hull, in points off the target:
    so a heavier frigate, a better crew or a fresher ship shows.  None when one side has nobody left
    to fight, or when the scenario asks something other than taking and destroying ships (a side
    that must break through, escape or hold a place cannot decline action).
    """
    terms = objectives.for_state(state)
    if state.scenario is None or state.scenario.victory.get("mode") != "points":
        return None
    if any(o.kind not in FIGHTING_OBJECTIVES for o in terms):
        return None
    ours = [s for s in state.ships.values() if s.side == side and s.status == AFLOAT and not s.shore_battery]
    theirs = [s for s in state.ships.values() if s.side != side and s.status == AFLOAT and not s.shore_battery]
    if not ours or not theirs:
        return None

    def weight(firers: list[Ship], targets: list[Ship]) -> float:
        total = 0.0
        for f in firers:
            for t in targets:
                total += ap.shot_value(pseudo_shot(state, f, t, "close"), f, t) / len(targets)
        return total

    mine, yours = weight(ours, theirs), weight(theirs, ours)
    return mine / yours if yours > 0 else None


def behind_on_points(state: GameState, side: str) -> bool:
    """True when an enemy side has scored more points than ours so far (``victory.points``).

    Only the points at the end decide the battle, and only ships that strike, sink or are
    taken score them: a side behind makes them up only by going to the enemy, whatever her
    balance of a close action says, and losing by more costs her nothing she has not lost.
    """
    scored = points(state)
    ours = scored.get(side, 0.0)
    return any(v > ours for k, v in scored.items() if k != side)
