"""The account of a battle, worked out from its events: what each ship did and suffered, turn by turn.

An after-action report is drawn from this and nothing else, so everything it
shows can be checked against the log.  The account reads the events every
rule system logs (BATTLE-LOG.md: setup, damage, critical, the endings,
game_over and every ``to`` pose); what only a rule system knows it asks the
rule system for: how lucky a throw of the dice was and how the points were
earned (:meth:`RuleSystem.dice_luck`, :meth:`RuleSystem.points_account`),
which event deals the damage that follows it and to whom
(:meth:`RuleSystem.blow`), and what it counts and calls things
(:meth:`RuleSystem.account_terms`: its damage tracks, the events that are one
firing of a ship's guns -- a broadside, a shot -- and the consequences of a blow).

Damage is put down to whoever dealt it: the loss that follows a blow is the
hand's the rule system names (the firer's after gunfire, the other party's in
a boarding).  Losses in a collision, to fire and leaks, to the wind and the
sea are taken by nobody's hand and counted apart, so the damage all ships
dealt is exactly the damage taken from an enemy's hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.systems.account import (
    BOARDING,
    CAUSES,
    GUNFIRE,
    OTHER,
    PLAIN_TERMS,
    AccountTerms,
    Blow,
    DiceLuck,
    LuckTally,
    PointsEntry,
    totals,
)
from game.systems.account import COLLISION as COLLISION  # the causes, as the report's readers name them
from game.systems.base import RuleSystem

#: Beat to Quarters' damage tracks (the first rule system's; a battle's own are its rule system's terms).
TRACKS = ("hull", "rigging", "crew")
#: Events that end a ship's part in the battle (her fate is the last of them); ``destroyed`` is a battery's.
ENDINGS = ("struck", "sunk", "exploded", "captured", "left_table", "aground", "destroyed")
#: The blow of an event that strikes none: what follows it is nobody's hand.
NO_BLOW = Blow(OTHER)
#: Pose fields of an event: (field naming the ship, field with her new pose).
POSE_FIELDS = (("ship", "to"), ("ship", "at"), ("other", "other_to"))


Pose = tuple[float, float, float]


@dataclass
class ShipAccount:
    """One ship (or shore battery) through the battle."""

    id: str
    name: str
    side: str
    nation: str = ""
    rate: str = ""
    guns: int = 0
    battery: bool = False
    base: tuple[float, float] = (0.0, 0.0)
    start: dict[str, int] = field(default_factory=dict)
    #: Damage taken and dealt: turn -> track -> points.
    taken: dict[int, dict[str, int]] = field(default_factory=dict)
    dealt: dict[int, dict[str, int]] = field(default_factory=dict)
    #: Damage taken by cause (GUNFIRE, BOARDING, COLLISION, OTHER).
    taken_by: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CAUSES, 0))
    #: Her firings (broadsides, shots: what the rule system calls one) and the weight they scored (hits, damage).
    broadsides: int = 0
    hits: int = 0
    rakes_given: int = 0
    rakes_taken: int = 0
    criticals_taken: list[str] = field(default_factory=list)
    criticals_given: int = 0
    boardings: int = 0
    prizes: int = 0
    #: Where she was, in order: (turn, x, y, heading); the first is where the battle found her.
    course: list[tuple[int, float, float, float]] = field(default_factory=list)
    fate: str = "afloat"
    fate_turn: int | None = None
    #: The side she belongs to at the end (a prize changes hands).
    side_now: str = ""
    luck: LuckTally = field(default_factory=LuckTally)

    def total(self, book: dict[int, dict[str, int]], track: str | None = None) -> int:
        return sum(v for turn in book.values() for t, v in turn.items() if track is None or t == track)

    def taken_total(self, track: str | None = None) -> int:
        return self.total(self.taken, track)

    def dealt_total(self, track: str | None = None) -> int:
        return self.total(self.dealt, track)

    def pose_at_end_of(self, turn: int) -> Pose | None:
        """Where she stood when turn ``turn`` ended (None before the battle found her)."""
        found: Pose | None = None
        for t, x, y, h in self.course:
            if t > turn:
                break
            found = (x, y, h)
        return found

    @property
    def last_pose(self) -> Pose | None:
        return self.course[-1][1:] if self.course else None


@dataclass(frozen=True)
class Moment:
    """An event worth telling in the report's story of the battle."""

    turn: int
    kind: str
    ship: str
    text: str


@dataclass
class Account:
    """The whole battle as a report tells it."""

    scenario: str
    title: str
    seed: int | None
    table: tuple[float, float]
    wind_from: float
    turn_limit: int
    sides: dict[str, str]  # id -> name
    nations: dict[str, str]  # side id -> nation
    ships: dict[str, ShipAccount]
    turns: int = 1
    #: The wind at each change: (turn, blowing from), the first at the setup.
    winds: list[tuple[int, float]] = field(default_factory=list)
    over: bool = False
    winner: str | None = None
    reason: str = ""
    points: dict[str, float] = field(default_factory=dict)
    points_entries: tuple[PointsEntry, ...] = ()
    throws: list[DiceLuck] = field(default_factory=list)
    moments: list[Moment] = field(default_factory=list)
    #: The firing that scored most: (turn, firer, target, hits, rake), the first of the best.
    heaviest: tuple[int, str, str, int, bool] | None = None
    #: What the rule system counts and its words for it (tracks, firings, rakes, criticals).
    terms: AccountTerms = PLAIN_TERMS

    def side_luck(self, side: str) -> LuckTally:
        tally = LuckTally()
        for throw in self.throws:
            firer = self.ships.get(throw.ship)
            if firer is not None and firer.side == side:
                tally = tally.add(throw)
        return tally

    def points_by_entry(self) -> dict[str, float]:
        """Each side's points as the entries sum them (rounded as the game rounds)."""
        return {k: round(v, 1) for k, v in totals(self.points_entries, self.sides).items()}

    @property
    def points_agree(self) -> bool:
        """The entries sum to the points the battle ended with (False when the report cannot say how they came)."""
        mine = self.points_by_entry()
        return all(abs(mine.get(side, 0.0) - float(v)) < 0.05 for side, v in self.points.items())

    def name(self, ship_id: str | None) -> str:
        if ship_id is None:
            return "nobody"
        ship = self.ships.get(ship_id)
        return ship.name if ship is not None else str(ship_id)


class AccountError(ValueError):
    """Events that are no battle a report can be drawn of (no setup, say)."""


def turn_of(event: Mapping[str, Any], current: int) -> int:
    """The game turn an event belongs to: ``game_turn`` (log format 2), else the turn it came in."""
    t = event.get("game_turn")
    if isinstance(t, int) and not isinstance(t, bool) and t >= 0:
        return t
    return current


def _pose(v: Any) -> Pose | None:
    if isinstance(v, (list, tuple)) and len(v) == 3 and all(isinstance(x, (int, float)) for x in v):
        return float(v[0]), float(v[1]), float(v[2])
    return None


#: Names longer than this (from a hand-edited log) are cut, so the plan and the tables can letter them.
LONGEST_NAME = 48


def _short(name: str) -> str:
    """A name as a report letters it: no control characters (from a damaged log), and not too long."""
    if not name.isprintable():
        name = "".join(c if c.isprintable() else "\ufffd" for c in name)
    return name if len(name) <= LONGEST_NAME else name[: LONGEST_NAME - 1] + "\u2026"


def _int(v: Any, default: int = 0) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else default


def _add(book: dict[int, dict[str, int]], turn: int, track: str, lost: int) -> None:
    row = book.setdefault(turn, {})
    row[track] = row.get(track, 0) + lost


def build_account(
    events: Sequence[Mapping[str, Any]],
    system: RuleSystem,
    scenario: Any = None,
    narrate: bool = True,
) -> Account:
    """The account of the battle ``events`` tell (a log from its setup on); AccountError if there is no setup.

    ``scenario`` is the battle's scenario when it can be had (its name and the
    terms of its points); ``narrate`` asks the rule system for the words of the
    battle's key moments.
    """
    setup = events[0] if events and events[0].get("type") == "setup" else None
    if setup is None:
        raise AccountError("no setup event first: not the log of a battle")
    table = setup.get("table") or {}
    terms = system.account_terms()
    acc = Account(
        scenario=str(setup.get("scenario", "")),
        title=_short(str(getattr(scenario, "name", "") or setup.get("scenario", "") or "A battle")),
        seed=setup.get("seed") if isinstance(setup.get("seed"), int) else None,
        table=(float(table.get("width", 72.0)), float(table.get("height", 48.0))),
        wind_from=float(setup.get("wind_from", 0.0)),
        turn_limit=_int(setup.get("turn_limit")),
        sides={str(s["id"]): _short(str(s.get("name", s["id"]))) for s in setup.get("sides") or ()},
        nations={str(s["id"]): str(s.get("nation", "")) for s in setup.get("sides") or ()},
        ships={},
        terms=terms,
    )
    acc.winds.append((1, acc.wind_from))
    for s in setup.get("ships") or ():
        base = s.get("base") or (0.0, 0.0)
        ship = ShipAccount(
            id=str(s["id"]),
            name=_short(str(s.get("name", s["id"]))),
            side=str(s["side"]),
            nation=str(s.get("nation", "")),
            rate=str(s.get("rate", "")),
            guns=_int(s.get("guns")),
            battery="shore_battery" in (s.get("specials") or ()),
            base=(float(base[0]), float(base[1])),
            start={t.key: _int(s.get(t.key)) for t in terms.tracks},
            side_now=str(s["side"]),
        )
        pose = _pose(s.get("pose"))
        if pose is not None:
            ship.course.append((1, *pose))
        acc.ships[ship.id] = ship
        acc.sides.setdefault(ship.side, ship.side)
        acc.nations.setdefault(ship.side, ship.nation)
    _follow(acc, events, system, setup, narrate)
    acc.points_entries = tuple(system.points_account(events, scenario))
    return acc


def _follow(
    acc: Account, events: Sequence[Mapping[str, Any]], system: RuleSystem, setup: Mapping[str, Any], narrate: bool
) -> None:
    """Go through the events after the setup, keeping every tally of the account."""
    ships = acc.ships
    terms = acc.terms
    names = {**acc.sides, **{sid: s.name for sid, s in ships.items()}}
    turn = 1
    blow = NO_BLOW
    for e in events[1:]:
        kind = str(e.get("type", ""))
        if kind == "turn" and isinstance(e.get("number"), int):
            turn = e["number"]
        turn = turn_of(e, turn)
        acc.turns = max(acc.turns, turn)
        for who, where in POSE_FIELDS:
            ship, pose = ships.get(str(e.get(who))), _pose(e.get(where))
            if ship is not None and pose is not None:
                ship.course.append((turn, *pose))
        luck = system.dice_luck(e, setup)
        if luck is not None:
            acc.throws.append(luck)
            if luck.ship in ships:
                ships[luck.ship].luck = ships[luck.ship].luck.add(luck)
        if kind not in terms.consequences:
            blow = system.blow(e) or NO_BLOW
            for sid in blow.fought:  # a boarding action begins (its later rounds are no new one)
                if sid in ships:
                    ships[sid].boardings += 1
        if kind in terms.firing.events:
            _firing(acc, e, terms.firing.score)
            hits = _int(e.get(terms.firing.score))
            if hits > 0 and (acc.heaviest is None or hits > acc.heaviest[3]):
                acc.heaviest = (turn, str(e.get("ship")), str(e.get("target")), hits, e.get("rake") is True)
        elif kind == "damage":
            _damage(acc, e, turn, blow)
        elif kind == "critical":
            hit = ships.get(str(e.get("ship")))
            if hit is not None:
                hit.criticals_taken.append(str(e.get("effect", "")))
                by = ships.get(str(blow.by(hit.id)))
                if blow.cause == GUNFIRE and by is not None:
                    by.criticals_given += 1
        elif kind == "wind" and isinstance(e.get("from"), (int, float)):
            acc.winds.append((turn, float(e["from"])))
        elif kind == "game_over":
            acc.over = True
            acc.winner = e.get("winner") if isinstance(e.get("winner"), str) else None
            acc.reason = str(e.get("reason", ""))
            acc.points = {str(k): float(v) for k, v in (e.get("points") or {}).items()}
        if kind in ENDINGS:
            _ending(acc, e, kind, turn, names, system if narrate else None)


def _firing(acc: Account, e: Mapping[str, Any], score: str) -> None:
    """One firing of her guns (a broadside, a shot): its weight (``score``: hits, damage) and a rake's tally."""
    firer, target = acc.ships.get(str(e.get("ship"))), acc.ships.get(str(e.get("target")))
    if firer is not None:
        firer.broadsides += 1
        firer.hits += max(0, _int(e.get(score)))
        firer.rakes_given += 1 if e.get("rake") is True else 0
    if target is not None and e.get("rake") is True:
        target.rakes_taken += 1


def _damage(acc: Account, e: Mapping[str, Any], turn: int, blow: Blow) -> None:
    ship = acc.ships.get(str(e.get("ship")))
    track, lost = str(e.get("track")), max(0, _int(e.get("lost")))
    if ship is None or not lost:
        return
    _add(ship.taken, turn, track, lost)
    struck = blow.struck(ship.id)
    hand = blow.by(ship.id)
    by = acc.ships.get(hand) if struck and hand is not None else None
    cause = blow.cause if struck else OTHER
    if cause in (GUNFIRE, BOARDING) and by is None:
        cause = OTHER  # a blow by a ship the log does not list: nobody's hand the report knows
    ship.taken_by[cause] += lost
    if by is not None and cause in (GUNFIRE, BOARDING):
        _add(by.dealt, turn, track, lost)


def _ending(
    acc: Account, e: Mapping[str, Any], kind: str, turn: int, names: Mapping[str, str], system: RuleSystem | None
) -> None:
    ship = acc.ships.get(str(e.get("ship")))
    if ship is None:
        return
    ship.fate, ship.fate_turn = kind, turn
    if kind == "captured":
        captor = acc.ships.get(str(e.get("by")))
        if isinstance(e.get("side"), str):
            ship.side_now = e["side"]
        elif captor is not None:  # a log that names only the captor (Cagway Bay's): she joins the captor's side
            ship.side_now = captor.side_now
        if captor is not None:
            captor.prizes += 1
    text = system.describe(e, names) if system is not None else None
    acc.moments.append(Moment(turn, kind, ship.id, text or f"{ship.name}: {kind.replace('_', ' ')}"))
