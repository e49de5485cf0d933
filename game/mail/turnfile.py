"""The turn file (``.qdturn``): what one player of an e-mail game sends the other.

A turn file is a small YAML document: which game and scenario it belongs
to, who sent it, its number in the exchange, the hash of the file before it
(``prev``), the history heads before and after it, the entries since the
opponent's last file and an Ed25519 signature over the canonical bytes of
all the rest.  Everything in it came by e-mail from someone who may want to
cheat or crash us, so it is read as the project reads any file
(:func:`game.files.read_bytes` with a size limit), scanned for YAML's
dangerous parts (tags, anchors and aliases, deep nesting) before
``yaml.safe_load`` builds it, and its shape is checked field by field.
Every problem is a :class:`TurnError`: one line naming the file.
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import Any

import yaml

from game.files import FileProblem, read_bytes
from game.systems.canon import dumps

from .signing import PUBLIC_KEY_HEX, SIGNATURE_HEX

#: The version of the turn file's format this program writes and reads.
TURN_FORMAT = 1
#: A duel's whole exchange is a few kB a file; a carried scenario is at most a couple of hundred kB.
MAX_TURN_BYTES = 1_000_000
#: Events the scanner reads before giving up (a turn file holds a few hundred values).
MAX_EVENTS = 100_000
#: Lists and mappings nested deeper than this are refused (commands nest three or four deep).
MAX_DEPTH = 16
#: Entries one file may carry (a player's turn in a fleet action is some dozens of commands).
MAX_ENTRIES = 2000
#: The turn files of one game (a duel takes some dozens, Trafalgar some thousands).
MAX_SEQ = 1_000_000
#: The kinds of entry, in the words docs/NETPLAY.md (Play by e-mail) uses.
ENTRY_KINDS = {
    "commit": ("tip",),
    "open": ("reveal",),
    "complete": ("number", "reveal", "state_hash"),
    "play": ("number", "command", "state_hash"),
    "roll": ("number", "command", "reveal"),
}
#: The file's own fields, beside its signature.
FIELDS = (
    "quarterdeck_turn", "game", "scenario", "scenario_text", "options", "sides", "sender", "seq", "prev",
    "head_before", "head_after", "key", "entries",
)
HEX64 = re.compile(r"^[0-9a-f]{64}$")
GAME_ID = re.compile(r"^[0-9a-f]{32}$")
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]{0,79}$")
_SIGNED = b"quarterdeck-turn\0"
_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class TurnError(ValueError):
    """A turn file that cannot be taken; the message is one line for the player, naming the file."""


def signed_bytes(doc: dict[str, Any]) -> bytes:
    """What the signature covers: the canonical JSON of every field but the signature."""
    return _SIGNED + dumps({k: v for k, v in doc.items() if k != "signature"}).encode("utf-8")


def file_hash(doc: dict[str, Any]) -> str:
    """The hash the next file names as ``prev``: the canonical bytes of the whole file, signature included
    (so a file re-spaced by a mail program is still the same file)."""
    return hashlib.sha256(b"quarterdeck-turn-file\0" + dumps(doc).encode("utf-8")).hexdigest()


def to_text(doc: dict[str, Any]) -> str:
    head = f"# Quarterdeck turn file: game {doc['game'][:8]}, turn file {doc['seq']} from {doc['sender']}.\n"
    head += "# Open it in Quarterdeck (or: python main.py --mail-open FILE). Any edit makes it worthless.\n"
    return head + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120)


def read_turn(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A turn file's document, its shape checked (signature and meaning are the game's to check)."""
    name = os.fspath(path)
    try:
        raw = read_bytes(path, MAX_TURN_BYTES)
    except FileProblem as e:
        raise TurnError(f"{name}: {e}") from None
    return parse_turn(name, raw)


def parse_turn(name: str, raw: bytes) -> dict[str, Any]:
    if b"\x00" in raw:
        raise TurnError(f"{name}: not a turn file (binary data)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TurnError(f"{name}: not a turn file (not UTF-8 text)") from None
    why = _hostile(text)
    if why:
        raise TurnError(f"{name}: damaged turn file: {why}")
    try:
        doc = yaml.load(text, Loader=_LOADER)  # noqa: S506 - the safe loader (CSafeLoader), after the scan above
    except yaml.YAMLError as e:
        raise TurnError(f"{name}: damaged turn file: not YAML{_line(getattr(e, 'problem_mark', None))}") from None
    if not isinstance(doc, dict) or "quarterdeck_turn" not in doc:
        raise TurnError(f"{name}: not a turn file (no 'quarterdeck_turn' version)")
    why = shape_problem(doc)
    if why:
        raise TurnError(f"{name}: damaged turn file: {why}")
    return doc


def _hostile(text: str) -> str | None:
    """Why the YAML must not be built (tags, anchors and aliases, nesting, sheer size), or None."""
    depth = events = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            events += 1
            if events > MAX_EVENTS:
                return f"more than {MAX_EVENTS} values"
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                return f"YAML anchors and aliases are not used in turn files{_line(event.start_mark)}"
            tag = getattr(event, "tag", None)
            if tag and tag not in _PLAIN_TAGS and tag != "!":
                return f"the YAML tag {tag[:40]!r} is not allowed{_line(event.start_mark)}"
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return f"nested more than {MAX_DEPTH} deep"
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as e:
        return "not YAML" + _line(getattr(e, "problem_mark", None))
    return None


def _line(mark: Any) -> str:
    return f" (line {mark.line + 1})" if mark is not None else ""


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _hex(v: Any) -> bool:
    return isinstance(v, str) and bool(HEX64.match(v))


def shape_problem(doc: dict[str, Any]) -> str | None:
    """What is wrong with the fields of a turn file (one phrase), or None."""
    if doc.get("quarterdeck_turn") != TURN_FORMAT:
        return f"turn file format {str(doc.get('quarterdeck_turn'))[:20]!r}; this Quarterdeck reads {TURN_FORMAT}"
    unknown = sorted(str(k)[:40] for k in doc if k not in FIELDS and k != "signature")
    if unknown:
        return f"unknown field(s) {', '.join(unknown)}"
    missing = [k for k in (*FIELDS, "signature") if k not in doc]
    if missing:
        return f"missing {', '.join(missing)}"
    if not (isinstance(doc["game"], str) and GAME_ID.match(doc["game"])):
        return "'game' is not a game id (32 hex digits)"
    if not (isinstance(doc["scenario"], str) and _NAME.match(doc["scenario"])):
        return "'scenario' is not a scenario's name"
    if doc["scenario_text"] is not None and not isinstance(doc["scenario_text"], str):
        return "'scenario_text' must be the scenario's text or null"
    if not isinstance(doc["options"], dict) or not all(
            isinstance(k, str) and (v is None or isinstance(v, dict)) for k, v in doc["options"].items()):
        return "'options' must map option names to their settings"
    sides = doc["sides"]
    if not (isinstance(sides, list) and len(sides) == 2 and all(isinstance(s, str) and _NAME.match(s) for s in sides)
            and sides[0] != sides[1]):
        return "'sides' must name the battle's two sides"
    if doc["sender"] not in sides:
        return "'sender' is not one of the sides"
    seq = doc["seq"]
    if not _is_int(seq) or not 1 <= seq <= MAX_SEQ:
        return f"'seq' must be a whole number from 1 to {MAX_SEQ}"
    if (seq == 1) != (doc["prev"] is None) or (doc["prev"] is not None and not _hex(doc["prev"])):
        return "'prev' must be the previous file's hash (null in the first file only)"
    for key in ("head_before", "head_after"):
        if doc[key] is not None and not _hex(doc[key]):
            return f"'{key}' must be a history head (64 hex digits) or null"
    if (seq <= 2) != (doc["key"] is not None):
        return "'key' (the sender's public key) comes in the first two files only"
    if doc["key"] is not None and not (isinstance(doc["key"], str) and PUBLIC_KEY_HEX.match(doc["key"])):
        return "'key' is not an Ed25519 public key (64 hex digits)"
    if not (isinstance(doc["signature"], str) and SIGNATURE_HEX.match(doc["signature"])):
        return "'signature' is not an Ed25519 signature (128 hex digits)"
    entries = doc["entries"]
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        return f"'entries' must be a list of at most {MAX_ENTRIES}"
    for i, e in enumerate(entries, 1):
        why = _entry_problem(e)
        if why:
            return f"entry {i}: {why}"
    return None


def _entry_problem(e: Any) -> str | None:
    if not isinstance(e, dict) or e.get("kind") not in ENTRY_KINDS:
        return f"must be a mapping whose 'kind' is one of {', '.join(ENTRY_KINDS)}"
    wanted = set(ENTRY_KINDS[e["kind"]]) | {"kind"}
    if set(e) != wanted:
        return f"a {e['kind']} entry holds exactly {', '.join(sorted(wanted))}"
    for key in ("tip", "reveal", "state_hash"):
        if key in e and not _hex(e[key]):
            return f"'{key}' must be 64 hex digits"
    if "number" in e and not (_is_int(e["number"]) and e["number"] >= 1):
        return "'number' must be a command's number"
    if "command" in e and not isinstance(e["command"], dict):
        return "'command' must be a mapping"
    return None
