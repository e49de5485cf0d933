"""Boarding actions, fought to a finish in the boarding phase.

Two ships grappled in the activation phase (``boarding.py``) stay locked until
their action is decided.  Each round both crews roll at once: a D10 for every
full 5 crew points left and a D6 for any remainder, +2D10 for marines, +1D10
for a good crew and -1D10 for a poor one.  Every 4+ is a hit, every hit may be
saved on a 5+ and the rest come off the crew.  A side whose crew is crippled
at the end of a round tests morale; failing strikes the colours, and the
other side, if still in the game, captures her.

Readings where the book is silent (the numbers live in ``btq21.yaml``):

- Dice come in a fixed order so a log can be replayed: the attacker's pool
  (D10s, then D6s), the defender's pool, the attacker's saves, the defender's
  saves, then the morale tests, attacker first.
- The morale test of a boarding round stands for the end-of-activation test
  the same crew losses would otherwise owe, so the debt is cleared each round.
- A crew reduced to 0 strikes at once and ends the action: the enemy, if she
  still has crew, takes no morale test and captures her.  If both reach 0 both
  strike and nobody captures.
- "Casualties inflicted" are the crew points the enemy actually lost in the
  last round.  When that is level, the higher quality crew is the one with the
  larger boarding dice modifier; when that is level too, the defender holds.
- A locked ship that struck before the boarding phase (fire, leaks) surrenders
  to her enemy without a fight, as a struck ship boarded does.
- A prize regains 10 crew, never above her starting crew.  Retaken by her own
  side she goes back to that side but stays captured (she still only drifts).
- An action not decided in :data:`MAX_ROUNDS` rounds is broken off and the
  ships released.  With morale tests every round once a crew is crippled this
  needs a run of luck far beyond any game; it only keeps a scripted or
  house-ruled action from looping for ever.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.systems.btq21 import events as ev
from game.systems.btq21.damage import lose, release_boarding, strike
from game.systems.btq21.events import Out
from game.systems.btq21.state import AFLOAT, CAPTURED, STRUCK, GameState, Ship
from game.systems.btq21.success import success_test

#: Rounds after which an undecided action is broken off.
MAX_ROUNDS = 50


@dataclass
class _Roll:
    """One side's dice in one round, and what came of them."""

    d10: list[int] = field(default_factory=list)
    d6: list[int] = field(default_factory=list)
    hits: int = 0
    saves: list[int] = field(default_factory=list)  # the save dice this side rolled
    lost: int = 0  # crew points this side lost

    @property
    def dice(self) -> dict[str, list[int]]:
        return {"d10": self.d10, "d6": self.d6}


# --- the phase ------------------------------------------------------------------


def boarding_phase(state: GameState, out: Out) -> None:
    """Fight every boarding action underway, each to its end, in table order."""
    for ship_id in list(state.ships):
        attacker = state.ships[ship_id]
        if not attacker.boarding_attacker or not attacker.boarding_with:
            continue
        defender = state.ships.get(attacker.boarding_with)
        if defender is None or defender.boarding_with != attacker.id:
            continue
        if not (attacker.on_table and defender.on_table):
            continue
        fight(state, attacker, defender, out)


def fight(state: GameState, attacker: Ship, defender: Ship, out: Out) -> None:
    """Rounds until one side strikes; a side already struck gives up at once."""
    if attacker.status != AFLOAT or defender.status != AFLOAT:
        _conclude(state, attacker, defender, out)
        return
    for n in range(1, MAX_ROUNDS + 1):
        a, d = fight_round(state, attacker, defender, n, out)
        if _decided(state, attacker, defender, a, d, out):
            _conclude(state, attacker, defender, out)
            return
    out.emit(ev.BoardingBrokenOff(attacker=attacker.id, defender=defender.id, rounds=MAX_ROUNDS))
    release_boarding(state, attacker)


# --- one round ------------------------------------------------------------------


def pool(state: GameState, ship: Ship) -> tuple[int, int]:
    """(D10, D6) a crew throws into a boarding: the book's count of hands, then its extras."""
    b = state.rules.boarding
    per = int(b["crew_per_d10"])
    d10 = ship.crew // per
    d6 = 1 if ship.crew % per else 0
    if ship.has("marines"):
        d10 += int(b["marines_d10"])
    d10 += int(b["quality_d10"][ship.quality])
    return max(0, d10), d6


def fight_round(state: GameState, attacker: Ship, defender: Ship, n: int, out: Out) -> tuple[_Roll, _Roll]:
    """Both sides strike at once, so every die is rolled before any crew is lost."""
    a, d = _throw(state, attacker), _throw(state, defender)
    a.saves = _saves(state, d.hits)
    d.saves = _saves(state, a.hits)
    out.emit(
        ev.Boarding(
            attacker=attacker.id,
            defender=defender.id,
            round_=n,
            attacker_dice={k: tuple(v) for k, v in a.dice.items()},
            defender_dice={k: tuple(v) for k, v in d.dice.items()},
            attacker_hits=a.hits,
            defender_hits=d.hits,
            attacker_saves=tuple(a.saves),
            defender_saves=tuple(d.saves),
        )
    )
    save_on = int(state.rules.boarding["save_on"])
    a.lost = lose(state, attacker, "crew", _unsaved(a.saves, save_on), out)
    d.lost = lose(state, defender, "crew", _unsaved(d.saves, save_on), out)
    return a, d


def _throw(state: GameState, ship: Ship) -> _Roll:
    d10, d6 = pool(state, ship)
    roll = _Roll(d10=state.dice.roll(d10, 10), d6=state.dice.roll(d6, 6))
    hit_on = int(state.rules.boarding["hit_on"])
    roll.hits = sum(1 for f in roll.d10 + roll.d6 if f >= hit_on)
    return roll


def _saves(state: GameState, hits: int) -> list[int]:
    return state.dice.roll(hits, 6)


def _unsaved(saves: list[int], save_on: int) -> int:
    return sum(1 for f in saves if f < save_on)


# --- the end of a round -----------------------------------------------------------


def _decided(state: GameState, attacker: Ship, defender: Ship, a: _Roll, d: _Roll, out: Out) -> bool:
    """Settle the round's morale; True once a side has struck (or both have)."""
    for ship in (attacker, defender):
        ship.morale_due = False  # this round's test, if any, is the one owed
    if attacker.status != AFLOAT or defender.status != AFLOAT:
        return True  # a crew wiped out strikes without a test
    crippled = [s for s in (attacker, defender) if s.crippled("crew")]
    failed = [s for s in crippled if not _holds(state, s, out)]
    if not failed:
        return False
    if len(failed) == 2:
        failed = [_loser(state, attacker, defender, inflicted_by_attacker=d.lost, inflicted_by_defender=a.lost)]
    loser = failed[0]
    winner = defender if loser is attacker else attacker
    strike(state, loser, out, reason="failed morale", by=winner.id)
    return True


def _holds(state: GameState, ship: Ship, out: Out) -> bool:
    return success_test(state, ship, "morale", state.rules.morale_successes, out, morale=True)


def _loser(
    state: GameState, attacker: Ship, defender: Ship, inflicted_by_attacker: int, inflicted_by_defender: int
) -> Ship:
    """Both broke: the side that did the more killing carries the deck, then the better crew, then the defender."""
    if inflicted_by_attacker != inflicted_by_defender:
        return defender if inflicted_by_attacker > inflicted_by_defender else attacker
    rank = state.rules.boarding["quality_d10"]
    if rank[attacker.quality] > rank[defender.quality]:
        return defender
    return attacker


def _conclude(state: GameState, attacker: Ship, defender: Ship, out: Out) -> None:
    """Exactly one side struck and the other still fights: she takes her prize."""
    standing = [s for s in (attacker, defender) if s.status == AFLOAT]
    beaten = [s for s in (attacker, defender) if s.status == STRUCK]
    if len(standing) == 1 and len(beaten) == 1:
        capture(state, beaten[0], standing[0], out)
    else:
        release_boarding(state, attacker)


# --- prizes -----------------------------------------------------------------------


def capture(state: GameState, prize: Ship, victor: Ship, out: Out) -> None:
    """A prize crew goes aboard and she changes hands; she only drifts from now on."""
    release_boarding(state, prize)
    prize.crew = min(prize.crew_start, prize.crew + int(state.rules.boarding["prize_crew"]))
    prize.side = victor.side
    prize.status = CAPTURED
    prize.sail = None
    prize.morale_due = False
    prize.taken_on_turn = state.turn
    out.emit(ev.Captured(ship=prize.id, by=victor.id, side=prize.side, crew=prize.crew))


def surrender_on_boarding(state: GameState, boarder: Ship, target: Ship, out: Out) -> None:
    """A struck ship (or a prize) that is boarded does not fight: she is taken at once."""
    if boarder.status == AFLOAT and target.status in (STRUCK, CAPTURED):
        capture(state, target, boarder, out)
