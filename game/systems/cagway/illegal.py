"""A command the rules do not allow: raised inside the engine, returned to the caller as a Refusal."""

from __future__ import annotations

import math
from typing import Any


class Illegal(Exception):
    """``reason`` says why, naming the rule."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def number(value: Any, what: str) -> float:
    """A finite number from a command's field, or Illegal (a save or a script may hold anything)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Illegal(f"{what} must be a finite number, not {value!r}"[:120])
    return float(value)


def whole(value: Any, what: str) -> int:
    """A whole number from a command's field, or Illegal."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            return int(value)
        raise Illegal(f"{what} must be a whole number, not {value!r}"[:120])
    return value


def word(value: Any, what: str) -> str:
    """A short text field (a ship id, a gun), or Illegal."""
    if not isinstance(value, str) or len(value) > 200:
        raise Illegal(f"{what} must be a short text, not {type(value).__name__}")
    return value
