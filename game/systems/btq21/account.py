"""What an after-action report needs of Beat to Quarters: the luck of the gun dice, the points from a log, who
dealt each loss, and the book's words for what a report counts.

All work from the battle log alone (BATTLE-LOG.md), so a report can be drawn
from a saved log as well as from a battle in the window.  The luck of a throw
is its hits against the exact expectation of the same dice under the same
rules the engine rolled them by (:func:`odds.shot_hits` follows the extra
dice of natural maximums); the points are :func:`victory.scoring` run on the
standings the log's events leave each ship in, so they are the engine's own
sums.  A loss right after a broadside, a volley of musketry or a fireship's
blast is the firer's (and so are those of the critical hits her shot brought),
a loss in a round of boarding the other party's; a collision is nobody's hand.
A log may be damaged: a field that is not what it should be makes its event
count for nothing here, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from game.content.model import RuleSet, Scenario
from game.systems.account import (
    BOARDING,
    COLLISION,
    GUNFIRE,
    OTHER,
    AccountTerms,
    Blow,
    DiceLuck,
    Firing,
    PointsEntry,
    Track,
)
from game.systems.btq21 import events as ev
from game.systems.btq21.broadside import Shot
from game.systems.btq21.objectives import mode_of, objectives_of
from game.systems.btq21.odds import shot_hits
from game.systems.btq21.victory import Standing, scoring, value_of

#: More dice than this in one throw is no broadside of the book (a raked first rate rolls under 100).
MAX_DICE = 1000
#: The events that end a ship's part in the battle: her status becomes the event's type.
ENDINGS = tuple(k.TYPE for k in (ev.Sunk, ev.Destroyed, ev.Struck, ev.Aground, ev.LeftTable, ev.Exploded, ev.Captured))


def _count(v: Any) -> int | None:
    """A whole number of dice or hits, or None for anything else."""
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_DICE:
        return None
    return v


def _number(v: Any) -> int | None:
    if isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_DICE:
        return None
    return v


@cache
def die_moments(sides: int, needed: int, modifier: int) -> tuple[float, float]:
    """Mean and variance of the hits one gun die scores, with the extra dice its natural maximums bring."""
    one = Shot(
        "",
        "",
        "",
        "",
        0.0,
        "",
        False,
        False,
        1 if sides == 10 else 0,
        1 if sides == 6 else 0,
        needed,
        {"all": modifier},
    )
    dist = shot_hits(one)
    mean = sum(k * p for k, p in enumerate(dist))
    return mean, sum((k - mean) ** 2 * p for k, p in enumerate(dist))


def _gun_luck(e: Mapping[str, Any], needed10: Any, needed6: Any, modifier: Any) -> DiceLuck | None:
    d10, d6, hits = _count(e.get("d10")), _count(e.get("d6")), _count(e.get("hits"))
    n10, n6, mod = _number(needed10), _number(needed6), _number(modifier)
    ship, target = e.get("ship"), e.get("target")
    if None in (d10, d6, hits, n10, n6, mod) or not isinstance(ship, str) or not isinstance(target, str):
        return None
    assert d10 is not None and d6 is not None and hits is not None and n10 is not None and n6 is not None
    assert mod is not None
    m10, v10 = die_moments(10, n10, mod)
    m6, v6 = die_moments(6, n6, mod)
    return DiceLuck(ship, target, str(e["type"]), hits, d10 * m10 + d6 * m6, d10 * v10 + d6 * v6)


def _marines(setup: Mapping[str, Any], ship_id: str) -> bool:
    for s in setup.get("ships") or ():
        if isinstance(s, Mapping) and s.get("id") == ship_id:
            specials = s.get("specials")
            return isinstance(specials, (list, tuple)) and "marines" in specials
    return False


def _musketry_luck(e: Mapping[str, Any], setup: Mapping[str, Any], rules: RuleSet) -> DiceLuck | None:
    dice, hits = _count(e.get("dice")), _count(e.get("hits"))
    ship, target = e.get("ship"), e.get("target")
    if dice is None or hits is None or not isinstance(ship, str) or not isinstance(target, str):
        return None
    # gunnery.musketry: a D6 at or above the number hits; marines roll each miss once more.
    need = int(rules.musketry_hit_on)
    p = min(1.0, max(0.0, (7 - need) / 6))
    if _marines(setup, ship):
        p = 1.0 - (1.0 - p) ** 2
    return DiceLuck(ship, target, "musketry", hits, dice * p, dice * p * (1.0 - p))


def dice_luck(event: Mapping[str, Any], setup: Mapping[str, Any], rules: RuleSet) -> DiceLuck | None:
    """The luck of an event's gun dice (a broadside, a musketry volley, a fireship's blast), or None."""
    kind = event.get("type")
    if kind == ev.Broadside.TYPE:
        return _gun_luck(event, event.get("needed_d10"), event.get("needed_d6"), event.get("modifier"))
    if kind == ev.FireshipBlast.TYPE:  # fireships.blow_up: her broadside's dice, unmodified
        return _gun_luck(event, event.get("needed"), event.get("needed"), 0)
    if kind == ev.Musketry.TYPE:
        return _musketry_luck(event, setup, rules)
    return None


def _whole(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**9 else 0


def log_standings(events: Sequence[Mapping[str, Any]], rules: RuleSet) -> tuple[list[Standing], tuple[str, ...]]:
    """Where the log leaves each ship, as :func:`victory.scoring` reads her, and the sides of the battle."""
    setup = next((e for e in events if isinstance(e, Mapping) and e.get("type") == "setup"), None)
    if setup is None:
        return [], ()
    sides = tuple(str(s.get("id")) for s in setup.get("sides") or () if isinstance(s, Mapping))
    order: list[str] = []
    ships: dict[str, dict[str, Any]] = {}
    for s in setup.get("ships") or ():
        if not isinstance(s, Mapping) or not isinstance(s.get("id"), str) or not isinstance(s.get("side"), str):
            continue
        # a ship that starts damaged is worth her full tracks (``start``), as the engine counts her
        start = s.get("start")
        full = start if isinstance(start, Mapping) else s
        tracks = (_whole(full.get(t)) for t in ("hull", "rigging", "crew"))
        value = value_of(rules, _whole(s.get("guns")), *tracks)
        ships[s["id"]] = {
            "owner": s["side"],
            "side": s["side"],
            "status": "afloat",
            "value": value,
            "edge": "",
            "fireship": False,
        }
        order.append(s["id"])
    for e in events:
        if not isinstance(e, Mapping):
            continue
        kind, ship = e.get("type"), ships.get(str(e.get("ship")))
        if ship is None:
            continue
        if kind in ENDINGS:
            ship["status"] = kind
            if kind == ev.Captured.TYPE and isinstance(e.get("side"), str):
                ship["side"] = e["side"]
            if kind == ev.LeftTable.TYPE and isinstance(e.get("edge"), str):
                ship["edge"] = e["edge"]
        elif kind == ev.Fireship.TYPE:
            ship["fireship"] = True
    standings = [
        Standing(sid, s["owner"], s["side"], s["status"], s["value"], s["edge"], s["fireship"])
        for sid, s in ((sid, ships[sid]) for sid in order)
    ]
    return standings, sides


def points_from_log(
    events: Sequence[Mapping[str, Any]], rules: RuleSet, scenario: Scenario | None
) -> list[PointsEntry]:
    """The points of the battle the log tells, entry by entry, as the engine counts them at the end.

    The objectives are the scenario's, else those the log's setup carries; the zones held are its
    ``objective`` events.
    """
    standings, sides = log_standings(events, rules)
    victory = scenario.victory if scenario is not None else _logged_terms(events)
    held = [
        f"{e.get('objective')}@{_whole(e.get('held_turn'))}"
        for e in events
        if isinstance(e, Mapping) and e.get("type") == ev.ObjectiveHeld.TYPE
    ]
    return scoring(standings, sides, rules, {}, objectives_of(victory), held, mode_of(victory))


def _logged_terms(events: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    setup = next((e for e in events if isinstance(e, Mapping) and e.get("type") == "setup"), None)
    terms = setup.get("victory") if setup is not None else None
    return terms if isinstance(terms, Mapping) else None


# --- who dealt the damage, and the book's words for it --------------------------------------------------------

#: Events that follow a blow as its consequences: the losses after them are still the blow's.
CONSEQUENCES = frozenset(
    {ev.Damage.TYPE, ev.CriticalCheck.TYPE, ev.Critical.TYPE, ev.Test.TYPE, ev.Demasted.TYPE, *ENDINGS}
)


def blow(event: Mapping[str, Any]) -> Blow | None:
    """Who the losses after ``event`` are put down to: the firer of a broadside, a volley of musketry or a
    fireship's blast, the other party of a round of boarding, nobody in a collision; None for any other event."""
    kind = event.get("type")
    if kind in (ev.Broadside.TYPE, ev.Musketry.TYPE):
        return Blow(GUNFIRE, ((str(event.get("target")), str(event.get("ship"))),))
    if kind == ev.FireshipBlast.TYPE:  # her broadside's dice thrown at a ship near her
        ship, target = event.get("ship"), event.get("target")
        if isinstance(ship, str) and isinstance(target, str):
            return Blow(GUNFIRE, ((target, ship),))
        return None
    if kind == ev.Boarding.TYPE:
        a, d = str(event.get("attacker")), str(event.get("defender"))
        r = event.get("round")
        first = (r if isinstance(r, int) and not isinstance(r, bool) else 1) == 1  # a log without rounds: one
        return Blow(BOARDING, ((a, d), (d, a)), (a, d) if first else ())
    if kind == ev.Collision.TYPE:
        return Blow(COLLISION, ((str(event.get("ship")), None), (str(event.get("other")), None)))
    return None


TERMS = AccountTerms(
    tracks=(Track("hull", "hull"), Track("rigging", "rigging"), Track("crew", "crew")),
    firing=Firing("broadside", "broadsides", (ev.Broadside.TYPE,), "hits", "hits"),
    consequences=CONSEQUENCES,
    rakes=True,
    criticals=True,
    measure="points of hull, rigging and crew",
    struck_off="struck off",
    dealt_by="broadsides, musketry and boarders",
    hands="fire and boarders",
    boardings="Boardings",
    causes=((GUNFIRE, "gunfire"), (BOARDING, "boarding"), (COLLISION, "collisions"),
            (OTHER, "fire, leaks, the wind and the sea")),
    luck_unit="hits",
    luck_dice="the gun dice of broadsides and musketry",
    luck_note=(
        "Each throw of gun dice (a broadside, a volley of musketry) is counted against the hits its dice promised "
        "before they fell: the same dice, numbers needed and modifiers, the extra dice of natural maximums "
        "included. Two battles in three fall within one spread of the expectation."
    ),
)
