"""The tables in force as plain data: what a save records, its digest, and what differs between two.

A save replays only under the tables it was played with.  It keeps them, and
a digest of them, so that loading it under other tables (a club's house
rules, an edited rules file) can say exactly which numbers differ instead of
failing somewhere in the middle of the replay.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from game.content.model import RuleSet

#: How many differing numbers a message lists before it says "and N more".
SHOWN = 6


def table_data(rules: RuleSet) -> dict[str, Any]:
    """The tables as JSON-shaped data (mappings, lists, numbers, words); where they were read from is left out."""
    data = dataclasses.asdict(rules)
    data.pop("source", None)
    plain: dict[str, Any] = json.loads(json.dumps(data, sort_keys=True, default=str))
    return plain


def table_digest(rules: RuleSet) -> str:
    """sha256 of the tables' canonical JSON: equal digests, equal tables."""
    return data_digest(table_data(rules))


def data_digest(data: Any) -> str:
    """The digest of tables already as plain data (a save's copy of them)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _flat(value: Any, path: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flat(v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _flat(v, f"{path}[{i}]", out)
    else:
        out[path] = value


def _shown(v: Any) -> str:
    text = "nothing" if v is None else repr(v) if isinstance(v, str) else str(v)
    return text if len(text) <= 40 else text[:37] + "..."


def differences(saved: Any, current: dict[str, Any]) -> list[str]:
    """'speeds.large.battle: saved 4, now 3.5' for each value that differs between two sets of tables."""
    if not isinstance(saved, dict):
        return ["the save's copy of its tables is missing or damaged"]
    a: dict[str, Any] = {}
    b: dict[str, Any] = {}
    _flat(saved, "", a)
    _flat(current, "", b)
    out = []
    for key in sorted(set(a) | set(b)):
        va, vb = a.get(key), b.get(key)
        if va != vb or isinstance(va, bool) != isinstance(vb, bool):
            out.append(f"{key[:60]}: saved {_shown(va)}, now {_shown(vb)}")
    if len(out) > SHOWN:
        out = [*out[:SHOWN], f"and {len(out) - SHOWN} more"]
    return out
