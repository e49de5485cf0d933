"""What an after-action report needs of Cagway Bay: the luck of fire at will's die, the points from a log, who
dealt each loss, and the book's words for what a report counts.

All work from the battle log alone.  The only die of the book is fire at
will's hasty aim: its luck is the range it took off the shot against what the
same die promised before it fell (it counts only when it is no more than the
points left after paying to fire, which the shot logs as ``left``).  The
points are the engine's own :func:`victory.scoring` run on the standing the
log's events leave each ship in, so they sum to the points of ``game_over``.
The HP a ship loses (the book's one damage track) right after a ``shot`` are
the firer's, gunfire, whether aimed in the combat phase or fired at will;
those after a ``crew_attack`` are the attacker's, boarding (the attack counted
as hers: the target's crew does no harm in it).  A damaged field
makes its event count for nothing here, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from game.systems.account import (
    BOARDING,
    GUNFIRE,
    AccountTerms,
    Blow,
    DiceLuck,
    Firing,
    PointsEntry,
    Track,
)
from game.systems.cagway import events as ev
from game.systems.cagway.tables import CagwayTables, load_tables
from game.systems.cagway.victory import Standing, scoring

#: Larger numbers than these are no Cagway battle's: a damaged field.
MAX_FACES = 1000
MAX_HP = 10**6


def _whole(v: Any, lo: int = 0, hi: int = MAX_FACES) -> int | None:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        return None
    return v


@cache
def _shipped() -> CagwayTables:
    return load_tables()


def _die(setup: Mapping[str, Any], tables: CagwayTables | None) -> int:
    """The fire-at-will die: the setup's if it says, else the tables'."""
    die = _whole(setup.get("fire_at_will_die"), 2) if isinstance(setup, Mapping) else None
    if die is not None:
        return die
    return (tables or _shipped()).fire_at_will_die


def aim_moments(die: int, left: int, rng: int) -> tuple[float, float]:
    """Mean and variance of the range a hasty aim takes off a shot at ``rng`` with ``left`` points to spare.

    A face no more than ``left`` comes off the range, which cannot fall below 1; a higher face gives nothing.
    """
    room = max(0, rng - 1)
    gains = [min(face, room) if face <= left else 0 for face in range(1, die + 1)]
    mean = sum(gains) / die
    return mean, sum((g - mean) ** 2 for g in gains) / die


def dice_luck(event: Mapping[str, Any], setup: Mapping[str, Any],
              tables: CagwayTables | None = None) -> DiceLuck | None:
    """Fire at will's die: the range it took off against what it promised; None for any other event.

    It needs the points she had left for the aim (``left``); a shot whose event does not carry them has no
    measure of luck and gives None.
    """
    try:
        if not isinstance(event, Mapping) or event.get("type") != "shot" or event.get("hasty") is not True:
            return None
        ship, target = event.get("ship"), event.get("target")
        roll, rng, eff = _whole(event.get("roll"), 1), _whole(event.get("range")), _whole(event.get("effective"))
        left = _whole(event.get("left"))
        if not isinstance(ship, str) or not isinstance(target, str) or None in (roll, rng, eff, left):
            return None
        assert roll is not None and rng is not None and eff is not None and left is not None
        die = max(_die(setup, tables), roll)
        mean, var = aim_moments(die, left, rng)
        gained = max(0, rng - eff) if rng > 0 else 0
        return DiceLuck(ship, target, "shot", gained, mean, var)
    except Exception:
        return None


# --- the points -------------------------------------------------------------------------------------


def log_standings(events: Sequence[Mapping[str, Any]],
                  tables: CagwayTables | None = None) -> tuple[list[Standing], tuple[str, ...]]:
    """Where the log leaves each ship (whose she is, sunk, dead in the water) and the sides of the battle."""
    setup = next((e for e in events if isinstance(e, Mapping) and e.get("type") == "setup"), None)
    if setup is None:
        return [], ()
    sides = tuple(str(s.get("id")) for s in setup.get("sides") or () if isinstance(s, Mapping))
    ships: dict[str, dict[str, Any]] = {}
    cards = (tables or _shipped()).cards
    for s in setup.get("ships") or ():
        if not isinstance(s, Mapping) or not isinstance(s.get("id"), str) or not isinstance(s.get("side"), str):
            continue
        value = _whole(s.get("points"), 0, MAX_HP)
        if value is None:
            card = cards.get(str(s.get("card")))
            value = card.points if card is not None else 0
        hp = _whole(s.get("hp"), 0, MAX_HP)
        ships[s["id"]] = {"owner": s["side"], "side": s["side"], "sunk": False, "hp": 1 if hp is None else hp,
                          "value": value}
    for e in events:
        if isinstance(e, Mapping):
            _follow(e, ships)
    out = [Standing(sid, s["owner"], s["side"], s["sunk"], s["hp"] <= 0, s["value"]) for sid, s in ships.items()]
    return out, sides


def _set_hp(ships: dict[str, dict[str, Any]], sid: Any, hp: Any) -> None:
    ship = ships.get(sid) if isinstance(sid, str) else None
    v = _whole(hp, 0, MAX_HP)
    if ship is not None and v is not None:
        ship["hp"] = v


def _move_hp(ships: dict[str, dict[str, Any]], giver: Any, taker: Any, hp: Any) -> None:
    a = ships.get(giver) if isinstance(giver, str) else None
    b = ships.get(taker) if isinstance(taker, str) else None
    v = _whole(hp, -MAX_HP, MAX_HP)
    if a is None or b is None or v is None:
        return
    a["hp"] = max(0, a["hp"] - v)
    b["hp"] = max(0, b["hp"] + v)


def _follow(e: Mapping[str, Any], ships: dict[str, dict[str, Any]]) -> None:
    """One event's change to the ships' standings."""
    kind, sid = e.get("type"), e.get("ship")
    if kind in ("damage", "repair"):
        _set_hp(ships, sid, e.get("hp"))
    elif kind == "capture":
        _move_hp(ships, sid, e.get("target"), e.get("hp"))
    elif kind == "share":
        _move_hp(ships, sid, e.get("friend"), e.get("hp"))
    elif kind == "captured":
        by_id = e.get("by")
        ship = ships.get(sid) if isinstance(sid, str) else None
        by = ships.get(by_id) if isinstance(by_id, str) else None
        if ship is not None and by is not None:
            ship["side"] = by["side"]
    elif kind == "sunk":
        ship = ships.get(sid) if isinstance(sid, str) else None
        if ship is not None:
            ship["sunk"] = True


def points_account(events: Sequence[Mapping[str, Any]], scenario: Any,
                   tables: CagwayTables | None = None) -> tuple[PointsEntry, ...]:
    """How the battle's points were earned, entry by entry, as the engine counts them at the end.

    ``tables`` gives the victory shares (the shipped tables' when not given: the interface hands over only
    the events and the scenario).  The entries sum, side by side, to ``game_over``'s points (to its tenth).
    """
    try:
        standings, sides = log_standings(events, tables)
        if not sides:
            return ()
        return tuple(scoring(standings, sides, (tables or _shipped()).victory))
    except Exception:
        return ()


# --- who dealt the damage, and the book's words for it ----------------------------------------------------


def blow(event: Mapping[str, Any]) -> Blow | None:
    """Who the HP lost after ``event`` are put down to: the firer of a shot (gunfire), the ship whose crew
    attacked (boarding: each crew attack a fight of its own, counted for the attacker, as the report's column of
    crew attacks counts them); None for any other event."""
    if not isinstance(event, Mapping):
        return None
    kind, ship, target = event.get("type"), event.get("ship"), event.get("target")
    if not isinstance(ship, str) or not isinstance(target, str):
        return None
    if kind == ev.Shot.TYPE:
        return Blow(GUNFIRE, ((target, ship),))
    if kind == ev.CrewAttack.TYPE:
        return Blow(BOARDING, ((target, ship),), (ship,))
    return None


TERMS = AccountTerms(
    tracks=(Track(ev.HP_TRACK, "hit points"),),
    firing=Firing("shot", "shots", (ev.Shot.TYPE,), "damage", "damage"),
    consequences=frozenset({ev.Damage.TYPE}),
    rakes=False,
    criticals=False,
    measure="hit points",
    struck_off="knocked off",
    dealt_by="shots and crew attacks",
    hands="guns and crew",
    boardings="Crew attacks",
    causes=((GUNFIRE, "gunfire"), (BOARDING, "crew attacks")),
    luck_unit="points of aim",
    luck_one="point of aim",
    luck_dice="the die of each shot fired at will",
    luck_note=(
        "Each shot fired at will is counted against the aim its die promised before it fell: a face no more than "
        "the points she had left after paying to fire comes off the range (which cannot fall below 1), a higher "
        "face gives nothing. Shots aimed in the combat phase roll no die. Two battles in three fall within one "
        "spread of the expectation."
    ),
)
