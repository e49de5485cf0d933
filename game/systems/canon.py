"""What every rule system's state needs to be copied cheaply and hashed the same in any process.

A state is the game: its hash must not depend on dict order, hash seeds or
the last bits of a float, so it is the sha256 of canonical JSON (keys sorted,
floats to 6 decimals).  Look-ahead copies states by the thousand, so a copy
of a plain dataclass takes its ``__dict__`` rather than going through ``copy``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, TypeVar

_T = TypeVar("_T")


def shallow(obj: _T) -> _T:
    """``copy.copy`` for our plain dataclasses, several times quicker."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def canon(v: Any) -> Any:
    """A value as the hash reads it: floats to 6 decimals (never -0.0), tuples as lists, keys as strings."""
    if isinstance(v, float):
        r = round(v, 6)
        return 0.0 if r == 0 else r
    if isinstance(v, dict):
        return {str(k): canon(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [canon(x) for x in v]
    return v


def digest(plain: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of a state's plain form."""
    return digest_text(dumps(plain))


def dumps(plain: Any) -> str:
    """The canonical JSON text of a plain value (keys sorted, no spaces)."""
    return json.dumps(plain, sort_keys=True, separators=(",", ":"))


def digest_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def join_object(parts: dict[str, str]) -> str:
    """The canonical JSON text of an object whose values are given as canonical JSON texts already.

    ``dumps`` writes an object as its sorted keys each with its value's own text, so a
    state can hash its ships from texts kept from the last time they were unchanged.
    """
    return "{" + ",".join(json.dumps(k) + ":" + parts[k] for k in sorted(parts)) + "}"
