"""Every message is one JSON text frame of a known shape; anything else is a typed refusal, never an exception."""

from __future__ import annotations

import json

import pytest

from game.net import protocol as p
from game.net.host import new_code


def _kind(frame):
    with pytest.raises(p.BadMessage) as e:
        p.parse_client(frame)
    return e.value.kind


def test_a_hello_with_the_code_is_a_hello():
    msg = p.parse_client(json.dumps({"type": "hello", "code": "ABC234", "role": "player", "tip": "a" * 64}))
    assert isinstance(msg, p.Hello) and msg.have == 0 and msg.token is None


@pytest.mark.parametrize(("frame", "kind"), [
    (b"\x01\x02", "binary"),
    ("not json", "json"),
    ("[" * 100 + "]" * 100, "json"),
    ('"just a string"', "shape"),
    ('{"type": "played", "number": 1}', "shape"),  # the host's message, not a client's
    ('{"type": "hello", "code": "X", "role": "admiral"}', "shape"),
    ('{"type": "hello", "code": "X", "role": "player", "tip": "zz"}', "shape"),
    ('{"type": "say", "text": "hi", "also": 1}', "shape"),
    ('{"type": "say", "text": "line\\nbreak"}', "shape"),
    ('{"type": "reveal", "number": -1, "value": "' + "a" * 64 + '"}', "shape"),
    ('{"type": "reveal", "number": "1", "value": "' + "a" * 64 + '"}', "shape"),
    ('{"type": "command", "command": {"type": "move", "ship": {"nested": 1}}}', "shape"),
    ('{"type": "command", "command": {"type": "move", "ship": "' + "x" * 300 + '"}}', "shape"),
])
def test_what_is_not_a_message_is_refused_by_kind(frame, kind):
    assert _kind(frame) == kind


def test_a_frame_over_the_size_limit_is_refused_before_it_is_parsed():
    assert _kind(json.dumps({"type": "say", "text": "x" * p.MAX_FRAME})) == "json"


def test_a_game_code_is_short_and_has_no_look_alike_characters():
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(len(c) == p.CODE_LENGTH and not set(c) & set("01OIL") for c in codes)
