"""A hash chain: commit to many secrets at once by publishing one hash.

The owner draws a secret and hashes it ``length`` times; the last hash is the
commitment (the *tip*).  Reveals run backwards along the chain: each one
hashes to the value before it (the first to the tip), so anyone can check it,
while the next value stays a preimage only the owner knows.  One commitment
covers ``length`` rolls; a player re-commits with a fresh chain whenever he
likes (a new process after a dropped connection, a chain used up).
"""

from __future__ import annotations

import hashlib
import re
import secrets

#: Reveals one commitment covers: a duel rolls about two hundred times, Trafalgar some thousands.
CHAIN_LENGTH = 4096
#: A chain value as written: 64 lower-case hex digits (32 bytes).
HEX64 = re.compile(r"^[0-9a-f]{64}$")


def step(value: str) -> str:
    """The value one step nearer the tip."""
    return hashlib.sha256(bytes.fromhex(value)).hexdigest()


def follows(previous: str, value: str) -> bool:
    """Whether ``value`` is the reveal that comes after ``previous`` (the tip, or the last reveal)."""
    return bool(HEX64.match(value)) and step(value) == previous


class Chain:
    """The owner's side of a chain: its tip to publish and its reveals in order. Never leaves its process
    except in the owner's own private files."""

    def __init__(self, secret: bytes | None = None, length: int = CHAIN_LENGTH) -> None:
        if length < 1:
            raise ValueError("a chain needs at least one value")
        self.secret = secret if secret is not None else secrets.token_bytes(32)
        values = [self.secret.hex()]
        for _ in range(length):
            values.append(step(values[-1]))
        values.reverse()  # values[0] is the tip, values[n] the n-th reveal
        self._values = values
        self.used = 0

    @property
    def tip(self) -> str:
        return self._values[0]

    @property
    def length(self) -> int:
        return len(self._values) - 1

    def left(self) -> int:
        return self.length - self.used

    def reveal(self) -> str:
        """The next value along the chain (it must be used: a reveal is never taken back)."""
        if self.used >= self.length:
            raise IndexError("the chain is used up: commit to a new one")
        self.used += 1
        return self._values[self.used]

    def peek(self) -> str:
        """The value the next :meth:`reveal` will give, without using it (the owner's own bookkeeping)."""
        return self._values[self.used + 1]
