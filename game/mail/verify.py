"""Checking a whole e-mail game from its turn files alone (``--verify``), as a third party would.

The verifier holds no secret and trusts neither player: it reads the files,
orders them by number, checks that they alternate between the two sides,
that each names the hash of the one before, that each is signed with its
sender's key (given in the opening exchange), and then plays every entry on
a :class:`~game.mail.record.Record` exactly as the players' programs did:
every reveal against its commitment, every roll's seed from both reveals and
the history up to its command, every command's legality and every state
hash.  Last, the finished record is saved and replayed like any save, which
checks the battle's seed and every roll a second time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.persistence.save import SaveError, check_document, replay, to_document

from . import signing
from .record import Record, TurnProblem, content
from .turnfile import TurnError, file_hash, read_turn, signed_bytes

#: Turn files one verification reads (a long fleet action by e-mail runs to some thousands).
MAX_FILES = 20_000
SUFFIX = ".qdturn"


@dataclass
class Verdict:
    ok: bool
    line: str
    figures: dict[str, Any] = field(default_factory=dict)


def turn_files(args: list[str]) -> list[Path]:
    """The files named, a folder standing for the turn files in it."""
    found: list[Path] = []
    for a in args:
        p = Path(a)
        found.extend(sorted(q for q in p.iterdir() if q.suffix == SUFFIX) if p.is_dir() else [p])
    return found[: MAX_FILES + 1]


def verify(paths: list[Path]) -> Verdict:
    figures: dict[str, Any] = {"files": len(paths)}
    if not paths:
        return Verdict(False, "no turn files to verify", figures)
    if len(paths) > MAX_FILES:
        return Verdict(False, f"more than {MAX_FILES} turn files", figures)
    try:
        docs = [(str(p), read_turn(p)) for p in paths]
    except TurnError as e:
        return Verdict(False, str(e), figures)
    docs.sort(key=lambda nd: int(nd[1]["seq"]))
    first = docs[0][1]
    figures["game"] = first["game"]
    figures["scenario"] = first["scenario"]
    for i, (name, doc) in enumerate(docs, 1):
        why = _order_problem(i, doc, docs[i - 2][1] if i > 1 else None, first)
        if why:
            return Verdict(False, f"{name}: {why}", figures)
    keys = {first["sender"]: first["key"]}
    if len(docs) > 1:
        keys[docs[1][1]["sender"]] = docs[1][1]["key"]
    record = Record(first["scenario"], first["scenario_text"], first["options"], first["sides"])
    commits = 0
    for name, doc in docs:
        if not signing.verifies(keys[doc["sender"]], signed_bytes(doc), doc["signature"]):
            return Verdict(False, f"{name}: not signed with {doc['sender']}'s key: forged, or altered after signing",
                           figures)
        try:
            record.apply(doc["sender"], doc["entries"], doc["head_before"], doc["head_after"])
        except TurnProblem as e:
            return Verdict(False, f"{name}: {e}", figures)
        commits += sum(1 for e in doc["entries"] if e["kind"] == "commit")
    figures["commitments"] = commits
    session = record.session
    if session is None:
        figures["commands"] = 0
        return Verdict(True, f"verified {len(docs)} turn files: the opening exchange, no battle yet", figures)
    rules, ships = content()
    try:
        again = replay(check_document("the verified game", to_document(session)), rules, ships, "the verified game")
    except SaveError as e:
        return Verdict(False, f"the game does not replay as a save: {e}", figures)
    st = session.state
    figures.update({
        "commands": len(session.steps),
        "rolls": len(session.fair.rolls) if session.fair is not None else 0,
        "pending": record.pending.number if record.pending else None,
        "turn": st.turn,
        "over": session.over,
        "winner": st.winner,
        "state_hash": st.state_hash(),
        "replayed_hash": again.state.state_hash(),
    })
    where = f"over, {st.winner or 'no one'} won" if session.over else f"in progress, turn {st.turn}"
    waits = f"; command {record.pending.number}'s dice wait for the next file" if record.pending else ""
    return Verdict(True, f"verified {len(docs)} turn files of game {first['game'][:8]} ({first['scenario']}): "
                         f"{figures['commands']} commands and {figures['rolls']} rolls check; the battle is {where}"
                         f"{waits}", figures)


def _order_problem(i: int, doc: dict[str, Any], before: dict[str, Any] | None, first: dict[str, Any]) -> str | None:
    if doc["game"] != first["game"]:
        return f"belongs to another game ({doc['game'][:8]}, not {first['game'][:8]})"
    if doc["seq"] != i:
        return f"turn file {i} is missing (the next is {doc['seq']})" if doc["seq"] > i else \
            f"two files numbered {doc['seq']}"
    if (doc["scenario"], doc["sides"], doc["options"]) != (first["scenario"], first["sides"], first["options"]):
        return "its scenario, sides or options are not the game's: edited"
    starter = first["sender"]
    other = next(s for s in first["sides"] if s != starter)
    if doc["sender"] != (starter if i % 2 else other):
        return f"turn file {i} should come from {starter if i % 2 else other}: the files do not alternate"
    if before is not None and doc["prev"] != file_hash(before):
        return f"it does not follow turn file {i - 1}: reordered, replaced or edited"
    return None
