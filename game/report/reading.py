"""Reading a battle log for a report, as a file from anywhere may be: damaged, edited by hand or hostile.

The log is JSON lines (BATTLE-LOG.md).  Every field the account reads is
checked for its type before the account sees it, and the sizes that would
make drawing slow (ships, turns) have limits, so a bad file is one line
naming the file and the line -- never a traceback, never a hang.  Events of
kinds the account does not read are passed over whatever they hold.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from game.content.scenarios import MAX_TABLE
from game.files import FileProblem, read_bytes
from game.logshape import flag, integer, list_of, mapping_of, number, optional, pose, text

#: A log larger than this is no battle's (a long squadron action logs about 1 MB).
MAX_LOG_BYTES = 64 * 1024 * 1024
#: A report draws at most this many ships (the largest scenario has a dozen).
MAX_SHIPS = 200
#: ... and this many turns (scenarios last 10 to 20).
MAX_TURNS = 500

Check = Callable[[Any], bool]


class ReportInputError(ValueError):
    """A file a report cannot be drawn from; ``str()`` is one line naming the file (and line)."""


def _count(v: Any) -> bool:
    return integer(v) and 0 <= v <= 10**6


def _turn(v: Any) -> bool:
    return integer(v) and 0 <= v <= MAX_TURNS


def _base(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(number(x) and 0 <= x <= 100 for x in v)


def _table(v: Any) -> bool:
    return isinstance(v, dict) and all(number(v.get(k)) and 0 < v[k] <= MAX_TABLE for k in ("width", "height"))


_SIDE: dict[str, Check] = {"id": text, "name": text}
_SHIP: dict[str, Check] = {"id": text, "name": text, "side": text, "pose": pose}
_SHIP_OPTIONAL: dict[str, Check] = {
    "base": _base,
    "specials": list_of(text),
    "nation": text,
    "rate": text,
    "guns": _count,
    "hull": _count,
    "rigging": _count,
    "crew": _count,
}


def _fields(required: Mapping[str, Check], optional_: Mapping[str, Check] | None = None) -> Check:
    def check(v: Any) -> bool:
        if not isinstance(v, dict) or not all(k in v and ok(v[k]) for k, ok in required.items()):
            return False
        return all(k not in v or ok(v[k]) for k, ok in (optional_ or {}).items())

    return check


#: Fields the account reads, by event type; each must be present and of its kind.
SHAPES: dict[str, dict[str, Check]] = {
    "setup": {
        "table": _table,
        "wind_from": number,
        "ships": list_of(_fields(_SHIP, _SHIP_OPTIONAL)),
    },
    "wind": {"from": number},
    "turn": {"number": _turn},
    "broadside": {"ship": text, "target": text, "rake": flag, "hits": _count},
    "musketry": {"ship": text, "target": text, "hits": _count},
    "damage": {"ship": text, "track": text, "lost": _count},
    "critical": {"ship": text, "effect": text},
    "boarding": {"attacker": text, "defender": text},
    "collision": {"ship": text, "other": text},
    "game_over": {"winner": optional(text), "points": mapping_of(number), "reason": text},
    "captured": {"ship": text},
    "struck": {"ship": text},
    "sunk": {"ship": text},
    "exploded": {"ship": text},
    "left_table": {"ship": text},
    "aground": {"ship": text},
    "destroyed": {"ship": text},
}
#: Fields the account reads where an event has them.
OPTIONAL: dict[str, Check] = {
    "game_turn": _turn,
    "to": optional(pose),
    "at": optional(pose),
    "other_to": optional(pose),
    "round": _count,
    "side": text,
    "by": optional(text),
    "seed": integer,
    "scenario": text,
    "ruleset": text,
    "options": optional(list_of(text)),
    "sides": list_of(_fields(_SIDE)),  # a setup's, from log format 2 (before, the ships' sides were all)
    "turn_limit": _turn,
}


def problem(event: Any) -> str | None:
    """What is wrong with an event as the account would read it, or None."""
    if not isinstance(event, dict):
        return "not an event (a JSON object)"
    kind = event.get("type")
    if not isinstance(kind, str) or not text(kind):
        return "an event with no type"
    for key, ok in SHAPES.get(kind, {}).items():
        if key not in event:
            return f"{kind} event without {key!r}"
        if not ok(event[key]):
            return f"{kind} event: {key!r} is not what a battle log holds"
    for key, ok in OPTIONAL.items():
        if key in event and not ok(event[key]):
            return f"{kind} event: {key!r} is not what a battle log holds"
    return None


def _too_many(setup: dict) -> str | None:
    if len(setup["ships"]) > MAX_SHIPS:
        return f"the setup lists {len(setup['ships'])} ships; a report draws at most {MAX_SHIPS}"
    if not setup["ships"]:
        return "the setup lists no ships"
    return None


def read_log(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The events of a JSON-lines battle log, every field the account reads checked; ReportInputError if not."""
    name = os.fspath(path)
    try:
        raw = read_bytes(path, MAX_LOG_BYTES)
    except FileProblem as e:
        raise ReportInputError(f"{name}: {e}") from None
    events: list[dict[str, Any]] = []
    for n, line in enumerate(raw.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise ReportInputError(f"{name}:{n}: not UTF-8 text") from None
        except (ValueError, RecursionError) as e:
            raise ReportInputError(f"{name}:{n}: not a JSON event ({str(e).splitlines()[0][:80]})") from None
        wrong = problem(event)
        if wrong is None and not events and event.get("type") != "setup":
            wrong = "the first event is not the battle's setup: not a battle log"
        if wrong is None and event.get("type") == "setup":
            wrong = _too_many(event) if not events else "a second setup: two battles in one log"
        if wrong is not None:
            raise ReportInputError(f"{name}:{n}: {wrong}")
        events.append(event)
    if not events:
        raise ReportInputError(f"{name}: no events: an empty log")
    return events
