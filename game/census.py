"""A census of a battle: every logged event that names a ship, counted for the kind of player who had her.

The ship an event names is the one it is about: the firer of a broadside, the
ship that took damage or a critical, the one that moved, collided or struck.

The ladder says who won and by how much; the census says how.  Counting the
events of whole battles by player (broadsides by range band, rakes given and
suffered, criticals, morale tests passed and failed, collisions with a friend,
ships off the table) shows a habit in numbers where reading lost battles one
at a time would take days: the searching captain's line running into itself
was found this way (docs/SEARCH.md, fourteenth session).  ``tools/ladder.py
--census`` prints it per pairing beside the ladder's figures.

Generic over rule systems: an event counts for the side of the ship in its
``ship`` field; a few fields, where an event has them, split the count
(``band``, ``rake``, ``purpose`` and ``passed``, a collision's ``other``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TextIO


def owners(ships: Mapping[str, Any]) -> dict[str, str]:
    """Each ship's side as the battle began (a prize still counts for the side that lost her)."""
    return {sid: (getattr(s, "original_side", None) or s.side) for sid, s in ships.items()}


def _keys(event: Mapping[str, Any], owner: Mapping[str, str]) -> list[tuple[str, str]]:
    """(side, key) for each count this event adds."""
    ship = event.get("ship")
    kind = event.get("type")
    if not isinstance(ship, str) or ship not in owner or not isinstance(kind, str):
        return []
    side = owner[ship]
    if kind == "test":
        return [(side, f"test {event.get('purpose')} {'passed' if event.get('passed') else 'failed'}")]
    if kind == "collision":
        other = event.get("other")
        whom = "a friend" if owner.get(other if isinstance(other, str) else "") == side else "an enemy"
        return [(side, f"collision with {whom}")]
    out = [(side, kind)]
    if isinstance(event.get("band"), str):
        out.append((side, f"{kind} at {event['band']}"))
    if event.get("rake"):
        out.append((side, f"{kind} raking"))
        target = event.get("target")
        if isinstance(target, str) and target in owner:
            out.append((owner[target], f"{kind} raking, suffered"))
    return out


def count(
    events: Iterable[Mapping[str, Any]], owner: Mapping[str, str], a_sides: Iterable[str]
) -> dict[str, dict[str, int]]:
    """The battle's counts for the ladder's ``a`` (the kind on ``a_sides``) and ``b`` (every other side)."""
    mine = set(a_sides)
    out: dict[str, Counter[str]] = {"a": Counter(), "b": Counter()}
    for event in events:
        for side, key in _keys(event, owner):
            out["a" if side in mine else "b"][key] += 1
    return {who: dict(sorted(c.items())) for who, c in out.items()}


def report(lines: Iterable[Mapping[str, Any]], out: TextIO) -> None:
    """Per pairing, each count summed over its games and per game, the first kind's beside the second's."""
    totals: dict[tuple[str, str], dict[str, Counter[str]]] = {}
    games: Counter[tuple[str, str]] = Counter()
    for line in lines:
        if "census" not in line:
            continue
        pair = (line["a"], line["b"])
        got = totals.setdefault(pair, {"a": Counter(), "b": Counter()})
        for who in ("a", "b"):
            got[who].update(line["census"][who])
        games[pair] += 1
    for (a, b), got in totals.items():
        n = games[(a, b)]
        width = max((len(k) for k in got["a"] | got["b"]), default=10)
        out.write(f"\nCensus, {a} v {b} ({n} games): the events of each kind's ships, in all and per game\n")
        out.write(f"{'':{width}}  {a:>16} {b:>16}  {'a per game':>10} {'b per game':>10}\n")
        for key in sorted(got["a"] | got["b"]):
            ta, tb = got["a"][key], got["b"][key]
            out.write(f"{key:{width}}  {ta:>16} {tb:>16}  {ta / n:>10.2f} {tb / n:>10.2f}\n")
