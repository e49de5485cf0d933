"""Who sent a turn file: each player signs his files with his own Ed25519 key.

The private key never leaves the player's local game file; the public key
travels once, in the opening exchange (the first file carries the starter's,
the second the other's), and every later file must verify against it.  The
e-mail itself is the only introduction the two keys get: a player who
doubts the opening can compare the keys' fingerprints by another channel.
"""

from __future__ import annotations

import re

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

PUBLIC_KEY_HEX = re.compile(r"^[0-9a-f]{64}$")
SIGNATURE_HEX = re.compile(r"^[0-9a-f]{128}$")
#: Hex digits of a key shown to the player as its fingerprint.
FINGERPRINT_DIGITS = 16


def new_key() -> str:
    """A fresh private key, as the local game keeps it (hex)."""
    return Ed25519PrivateKey.generate().private_bytes_raw().hex()


def public_of(private_hex: str) -> str:
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(private_hex)).public_key().public_bytes_raw().hex()


def sign(private_hex: str, data: bytes) -> str:
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(private_hex)).sign(data).hex()


def verifies(public_hex: str, data: bytes, signature_hex: str) -> bool:
    """Whether ``signature_hex`` is the holder of ``public_hex``'s signature of ``data``."""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex)).verify(bytes.fromhex(signature_hex), data)
    except (InvalidSignature, ValueError):
        return False
    return True


def fingerprint(public_hex: str) -> str:
    return public_hex[:FINGERPRINT_DIGITS]
