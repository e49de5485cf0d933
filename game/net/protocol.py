"""The messages of a network battle: one JSON text frame each, every one checked by a pydantic model.

Anything that is not a known message of the right shape (binary frames, bad
JSON, an unknown ``type``, a missing or extra field, a string or list too
long) is refused with an :class:`ErrorMsg` naming the fault; nothing read off
the network ever reaches the engine before it has passed these models, and
commands are rebuilt only by the rule system's own gate
(``game.systems.command_from_dict``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

#: Largest frame the host takes (websockets closes a connection sending more).
MAX_FRAME = 64 * 1024
#: A game code: this many characters from an alphabet without look-alikes (0/O, 1/I/L).
CODE_LENGTH = 6
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: Longest chat line, name, reason and side id carried.
MAX_CHAT = 200
MAX_NAME = 60
MAX_REASON = 300
MAX_SIDE = 40
#: Most fields a command may have, and the longest text in one.
MAX_COMMAND_FIELDS = 24
MAX_COMMAND_TEXT = 200
#: Most commands one battle carries over the wire (a save's own limit is higher; no duel comes near).
MAX_NUMBER = 100_000
#: A chain value: 64 lower-case hex digits.
HEX64 = r"^[0-9a-f]{64}$"
#: Deepest nesting a client's frame may have before it is parsed (JSON nested deeper is hostile, never a
#: message); the host's opening document nests its tables deeper, and the client takes up to MAX_HOST_DEPTH.
MAX_DEPTH = 8
MAX_HOST_DEPTH = 64

Hex64 = Annotated[str, Field(pattern=HEX64)]
SideId = Annotated[str, Field(min_length=1, max_length=MAX_SIDE, pattern=r"^[A-Za-z0-9_\-]+$")]
Number = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Reveals = Annotated[dict[SideId, Hex64], Field(max_length=8)]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _plain_command(v: dict[str, Any]) -> dict[str, Any]:
    """A command as a flat mapping of plain values (the rule system checks the rest)."""
    if len(v) > MAX_COMMAND_FIELDS:
        raise ValueError(f"a command has at most {MAX_COMMAND_FIELDS} fields")
    for key, value in v.items():
        if not isinstance(key, str) or len(key) > MAX_NAME:
            raise ValueError("a command's field names are short strings")
        if isinstance(value, str) and len(value) > MAX_COMMAND_TEXT:
            raise ValueError(f"field {key[:20]!r} is too long")
        if isinstance(value, (list, dict)):
            raise ValueError(f"field {key[:20]!r} must be a plain value")
    return v


def _printable(text: str) -> str:
    if not text.isprintable():
        raise ValueError("chat is printable text on one line")
    return text


# --- from a client to the host -----------------------------------------------------


class Hello(_Msg):
    """The first message of every connection: the game code, who it is, what it already has."""

    type: Literal["hello"]
    code: Annotated[str, Field(min_length=1, max_length=CODE_LENGTH * 2)]
    role: Literal["player", "spectator"]
    #: The resume token a Welcome gave this client before (reconnecting), if any.
    token: Annotated[str, Field(max_length=64)] | None = None
    #: Commands the client already has (0 for a new process: it wants the whole battle).
    have: Number = 0
    #: What the client's next reveal will hash to (its chain's tip, or its last reveal); players only.
    tip: Hex64 | None = None


class SendCommand(_Msg):
    """A command of the client's side; ``reveal`` is its next chain value when the command rolls."""

    type: Literal["command"]
    command: dict[str, Any]
    reveal: Hex64 | None = None

    _plain = field_validator("command")(_plain_command)


class Reveal(_Msg):
    """The client's next chain value, for the host's command ``number`` (0: the battle's opening seed)."""

    type: Literal["reveal"]
    number: Number
    value: Hex64


class TakeBack(_Msg):
    type: Literal["take_back"]


class Say(_Msg):
    type: Literal["say"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT)]

    _printable = field_validator("text")(_printable)


ClientMessage = Annotated[Hello | SendCommand | Reveal | TakeBack | Say, Field(discriminator="type")]

# --- from the host to a client -----------------------------------------------------


class Welcome(_Msg):
    type: Literal["welcome"]
    #: The side this connection commands (None: a spectator).
    side: SideId | None
    name: Annotated[str, Field(max_length=MAX_NAME)]
    token: Annotated[str, Field(max_length=64)]
    #: Every side's current commitment (what its next reveal must hash to).
    tips: Reveals
    #: Commands the battle holds now: once the client has them all it knows what it missed has come.
    commands: Number = 0


class Opening(_Msg):
    """The battle as a save document (commands included): build the copy from it."""

    type: Literal["opening"]
    document: dict[str, Any]


class RevealWanted(_Msg):
    """The host fixed its command ``number`` (``command``; None for the opening seed): reveal for it."""

    type: Literal["reveal_wanted"]
    number: Number
    command: dict[str, Any] | None


class PlayedMsg(_Msg):
    type: Literal["played"]
    number: Annotated[int, Field(ge=1, le=MAX_NUMBER)]
    side: SideId
    command: dict[str, Any]
    reseed: Annotated[int, Field(ge=0, lt=2**64)] | None
    state_hash: Annotated[str, Field(max_length=128)]
    reveals: Reveals | None


class TakenBackMsg(_Msg):
    type: Literal["taken_back"]
    number: Annotated[int, Field(ge=1, le=MAX_NUMBER)]


class Committed(_Msg):
    """``side`` committed to a fresh chain (a new process): its next reveal hashes to ``tip``."""

    type: Literal["committed"]
    side: SideId
    tip: Hex64


class RefusedMsg(_Msg):
    """A command, reveal or take-back of this connection was refused: ``reason`` in one line."""

    type: Literal["refused"]
    reason: Annotated[str, Field(max_length=MAX_REASON)]


ErrorKind = Literal["binary", "json", "shape", "rate", "code", "hello", "role"]


class ErrorMsg(_Msg):
    """A message that was not one (see ErrorKind); the connection stays unless it was the hello."""

    type: Literal["error"]
    kind: ErrorKind
    reason: Annotated[str, Field(max_length=MAX_REASON)]


class SaidMsg(_Msg):
    type: Literal["said"]
    who: Annotated[str, Field(max_length=MAX_NAME)]
    text: Annotated[str, Field(max_length=MAX_CHAT)]


class NoticeMsg(_Msg):
    type: Literal["notice"]
    text: Annotated[str, Field(max_length=MAX_REASON)]
    connected: bool = True
    waiting: bool = False


class EndedMsg(_Msg):
    type: Literal["ended"]
    reason: Annotated[str, Field(max_length=MAX_REASON)]


HostMessage = Annotated[
    Welcome | Opening | RevealWanted | PlayedMsg | TakenBackMsg | Committed | RefusedMsg | ErrorMsg | SaidMsg
    | NoticeMsg | EndedMsg,
    Field(discriminator="type"),
]

_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_HOST: TypeAdapter[Any] = TypeAdapter(HostMessage)


class BadMessage(ValueError):
    """A frame that is not a message: ``kind`` (an ErrorKind) and one line saying why."""

    def __init__(self, kind: ErrorKind, reason: str) -> None:
        super().__init__(reason)
        self.kind: ErrorKind = kind


def _depth(text: str) -> int:
    """How deep brackets nest in ``text`` (strings are skipped), measured before json parses it (it stops
    counting past the deepest any message may go)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_HOST_DEPTH:
                return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _parse(frame: str | bytes, adapter: TypeAdapter[Any], size: int | None, depth: int) -> Any:
    if not isinstance(frame, str):
        raise BadMessage("binary", "binary frames are not messages: send JSON text")
    if size is not None and len(frame) > size:
        raise BadMessage("json", f"a message is at most {size} characters")
    if _depth(frame) > depth:
        raise BadMessage("json", f"JSON nested deeper than {depth} levels")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise BadMessage("json", "not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("shape", "a message is a JSON object with a 'type'")
    try:
        return adapter.validate_python(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))[:60]
        raise BadMessage("shape", f"{where or 'message'}: {str(first.get('msg', 'wrong'))[:120]}") from None


def parse_client(frame: str | bytes) -> Any:
    """A client's frame as its message model; BadMessage says why not."""
    return _parse(frame, _CLIENT, MAX_FRAME, MAX_DEPTH)


def parse_host(frame: str | bytes) -> Any:
    """The host's frame as its message model; BadMessage says why not."""
    return _parse(frame, _HOST, None, MAX_HOST_DEPTH)


def encode(message: BaseModel) -> str:
    return message.model_dump_json()
