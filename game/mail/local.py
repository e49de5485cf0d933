"""A player's own copy of an e-mail game: the whole history and his secrets, kept on his computer only.

One file per game under :func:`game.persistence.user.mail_dir`, named by the
game's id: the :class:`~game.mail.record.Record` (a save document with its
fair-dice ledger, so loading it replays and re-checks everything), this
player's side, his chain secrets and his Ed25519 private key, the
opponent's public key, and the number and hash of the last turn file seen.
It is written atomically after every change, so what is on disk is always
the game as it stands; opening a turn file works on a fresh copy read from
disk and writes it back only when every check has passed, so a refused file
leaves the game untouched.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.fair.chain import CHAIN_LENGTH, Chain
from game.fair.link import Played
from game.files import FileProblem, read_bytes, write_atomic
from game.persistence.save import SaveError
from game.persistence.user import mail_dir
from game.systems.base import Command

from . import signing
from .record import Record, TurnProblem, content
from .turnfile import GAME_ID, TURN_FORMAT, TurnError, file_hash, read_turn, signed_bytes, to_text

#: The version of the local game file.
LOCAL_FORMAT = 1
#: A local game holds the whole battle (a save of some hundred kB at most) and the last file sent.
MAX_LOCAL_BYTES = 16 * 1024 * 1024
#: Reveals kept in hand: a player re-commits before his chain runs out (docs/NETPLAY.md, "Re-commitments").
RESERVE_FOR_ROLL = 2
RESERVE_AT_REST = 1
#: Hex digits of a game id shown to the player.
SHORT_ID = 8
SUFFIX = ".qdturn"


class MailProblem(ValueError):
    """Something the player asked of an e-mail game that cannot be done; one line for him."""


@dataclass
class ChainRecord:
    secret: str
    length: int
    used: int

    def chain(self) -> Chain:
        c = Chain(bytes.fromhex(self.secret), self.length)
        c.used = self.used
        return c


@dataclass
class LocalGame:
    game_id: str
    side: str
    record: Record
    key: str
    opponent_key: str | None = None
    chains: list[ChainRecord] = field(default_factory=list)
    #: The last turn file of the exchange, sent or opened (0: none yet).
    last_seq: int = 0
    last_hash: str | None = None
    #: Whether this player is to write the next file (he opened the last one, or starts the game).
    ball: bool = True
    #: Entries since the opponent's last file, and the history head that file left.
    outbox: list[dict[str, Any]] = field(default_factory=list)
    head_base: str | None = None
    #: The text of the last file written, so it can be written again if it went astray.
    sent: str | None = None
    chain_length: int = CHAIN_LENGTH

    # --- who and where ------------------------------------------------------------------

    @property
    def opponent(self) -> str:
        return next(s for s in self.record.sides if s != self.side)

    @property
    def short(self) -> str:
        return self.game_id[:SHORT_ID]

    def named(self, side: str) -> str:
        """A side as the players know it (the scenario's name for it once the battle is set up)."""
        session = self.record.session
        names = {s.id: s.name for s in session.scenario.sides} if session is not None else {}
        return names.get(side, side)

    @property
    def path(self) -> Path:
        return local_path(self.game_id)

    def my_move(self) -> bool:
        return self.ball and self.record.mover() == self.side

    def waiting_on_dice(self) -> bool:
        p = self.record.pending
        return p is not None and p.side == self.side

    def status(self) -> str:
        r = self.record
        if r.over and self.ball:
            return f"e-mail game {self.short}: the battle is over"
        them, us = self.named(self.opponent), self.named(self.side)
        if not self.ball:
            return f"e-mail game {self.short}: waiting for {them}'s turn file"
        if self.waiting_on_dice():
            return f"the dice wait for {them}'s file: send your turn file"
        if self.my_move():
            return f"e-mail game {self.short}: your move ({us})"
        return f"e-mail game {self.short}: send your turn file to {them}"

    # --- this player's own moves ----------------------------------------------------------

    def _chain(self) -> Chain:
        return self.chains[-1].chain()

    def _spend(self) -> str:
        chain = self._chain()
        value = chain.reveal()
        self.chains[-1].used = chain.used
        return value

    def _recommit_if_short(self, reserve: int) -> None:
        """A fresh chain when the one in hand has fewer than ``reserve`` reveals left (never while a roll waits)."""
        if self.chains and self._chain().left() >= reserve:
            return
        chain = Chain(length=self.chain_length)
        self.record.commit(self.side, chain.tip)
        self.chains.append(ChainRecord(chain.secret.hex(), chain.length, 0))
        self.outbox.append({"kind": "commit", "tip": chain.tip})

    def play(self, cmd: Command) -> Played | None:
        """Play this player's command: at once if it rolls nothing (returns it), else fixed with his reveal
        and left pending until the opponent's file (returns None).  TurnProblem if it cannot be."""
        if not self.ball:
            raise TurnProblem(f"your turn file is sent: wait for {self.opponent}'s")
        fp = self.record.fp
        if fp is None:
            raise TurnProblem("the battle's seed is not drawn yet: send your turn file")
        number = len(fp.session.commands) + 1
        if fp.needs_dice(cmd):
            self.record._mover_is(self.side, cmd)  # checked before a fresh chain is committed to
            self._recommit_if_short(RESERVE_FOR_ROLL)
            reveal = self._chain().peek()
            self.record.roll(self.side, cmd, reveal)
            self._spend()
            self.outbox.append({"kind": "roll", "number": number, "command": cmd.to_dict(), "reveal": reveal})
            self.save()
            return None
        played = self.record.play(self.side, cmd)
        self.outbox.append({"kind": "play", "number": number, "command": cmd.to_dict(),
                            "state_hash": played.state_hash})
        self.save()
        return played

    def take_back(self) -> int:
        """Take back this player's last unsent command that rolled nothing; its number, or TurnProblem."""
        fp = self.record.fp
        if not self.ball or fp is None or not self.outbox or self.outbox[-1]["kind"] != "play":
            if self.waiting_on_dice():
                raise TurnProblem("your command waits on the dice: it is fixed")
            raise TurnProblem("no command of yours since your last turn file to take back")
        number = len(fp.session.commands)
        if fp.undo() is None:
            raise TurnProblem(fp.session.why_no_undo())
        self.outbox.pop()
        self.save()
        return number

    # --- turn files ------------------------------------------------------------------------

    def write_turn(self, path: str | Path) -> dict[str, Any]:
        """Write the next turn file to ``path`` (or the last one again, if it is sent already)."""
        if not self.ball:
            if self.sent is None:
                raise MailProblem(f"it is {self.opponent}'s turn file that comes next")
            write_atomic(path, self.sent)  # the same file again (a lost e-mail): its bytes never change
            return _doc_of(self.sent)
        if self.my_move():
            raise MailProblem(f"it is still your move ({self.side}): play on until it passes or the dice wait")
        if self.record.over and not self.outbox:
            raise MailProblem("the battle is over and there is nothing more to send")
        if self.record.pending is None and self.record.fp is not None:
            self._recommit_if_short(RESERVE_AT_REST)
        seq = self.last_seq + 1
        r = self.record
        doc: dict[str, Any] = {
            "quarterdeck_turn": TURN_FORMAT,
            "game": self.game_id,
            "scenario": r.scenario,
            "scenario_text": r.scenario_text if seq == 1 else None,
            "options": r.options,
            "sides": list(r.sides),
            "sender": self.side,
            "seq": seq,
            "prev": self.last_hash,
            "head_before": self.head_base,
            "head_after": r.head,
            "key": signing.public_of(self.key) if seq <= 2 else None,
            "entries": self.outbox,
        }
        doc["signature"] = signing.sign(self.key, signed_bytes(doc))
        text = to_text(doc)
        write_atomic(path, text)
        self.sent, self.last_seq, self.last_hash = text, seq, file_hash(doc)
        self.ball, self.outbox, self.head_base = False, [], r.head
        self.save()
        return doc

    # --- on disk -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "quarterdeck_mail": LOCAL_FORMAT,
            "game": self.game_id,
            "side": self.side,
            "record": self.record.to_dict(),
            "key": self.key,
            "opponent_key": self.opponent_key,
            "chains": [vars(c) for c in self.chains],
            "chain_length": self.chain_length,
            "last_seq": self.last_seq,
            "last_hash": self.last_hash,
            "ball": self.ball,
            "outbox": self.outbox,
            "head_base": self.head_base,
            "sent": self.sent,
        }

    def save(self) -> None:
        write_atomic(self.path, json.dumps(self.to_dict(), sort_keys=True))

    @classmethod
    def load(cls, game_id: str) -> LocalGame:
        path = local_path(game_id)
        try:
            doc = json.loads(read_bytes(path, MAX_LOCAL_BYTES).decode("utf-8"))
            if doc.get("quarterdeck_mail") != LOCAL_FORMAT:
                raise MailProblem(f"{path}: not an e-mail game this Quarterdeck keeps")
            record = Record.from_dict(doc["record"], str(path))
            return cls(
                doc["game"], doc["side"], record, doc["key"], doc["opponent_key"],
                [ChainRecord(**c) for c in doc["chains"]], doc["last_seq"], doc["last_hash"], doc["ball"],
                doc["outbox"], doc["head_base"], doc["sent"], doc["chain_length"],
            )
        except FileProblem as e:
            raise MailProblem(f"{path}: {e}") from None
        except (ValueError, KeyError, TypeError, SaveError, TurnProblem) as e:
            raise MailProblem(f"{path}: the e-mail game is damaged ({str(e)[:120]})") from None


def local_path(game_id: str) -> Path:
    return mail_dir() / f"{game_id}.json"


def known(game_id: str) -> bool:
    return bool(GAME_ID.match(game_id)) and local_path(game_id).is_file()


def _doc_of(text: str) -> dict[str, Any]:
    from .turnfile import parse_turn

    return parse_turn("the last turn file", text.encode("utf-8"))


# --- starting and opening ------------------------------------------------------------------------


def new_game(scenario: str, side: str, chain_length: int = CHAIN_LENGTH) -> LocalGame:
    """Start an e-mail game of a shipped scenario (or a scenario file) as ``side``; write its first file next."""
    from game.content.load import ContentError, open_scenario, scenario_path
    from game.persistence.session import own_text

    rules, ships = content()
    try:
        sc = open_scenario(scenario_path(scenario), ships, rules)
    except ContentError as e:
        raise MailProblem(e.problems[0]) from None
    except (OSError, ValueError) as e:
        raise MailProblem(f"unknown scenario {scenario[:40]!r} ({e})") from None
    sides = [s.id for s in sc.sides]
    if len(sides) != 2:
        raise MailProblem(f"{sc.id} has {len(sides)} sides; an e-mail game is between two")
    if side not in sides:
        raise MailProblem(f"--side {side[:40]!r}: {sc.id}'s sides are {', '.join(sides)}")
    record = Record(sc.id, own_text(sc), {}, sides)
    game = LocalGame(secrets.token_hex(16), side, record, signing.new_key(), chain_length=chain_length)
    game._recommit_if_short(RESERVE_FOR_ROLL)
    return game


@dataclass(frozen=True)
class Opened:
    """What opening a turn file did: the commands to play back in the window, in order."""

    game: LocalGame
    played: list[Played]
    #: This player's command whose dice waited for this file (now played), and the opponent's rolling
    #: command this program completed with this player's reveal on opening it.
    my_roll: Played | None
    their_roll: Played | None
    #: The battle's seed was drawn with this file: the window builds the battle from the game's save now.
    started: bool


def open_turn(path: str | Path, chain_length: int = CHAIN_LENGTH) -> Opened:
    """Open the opponent's turn file: check it all, play it on a fresh copy of the local game, keep that
    copy only if everything held.  Raises MailProblem (naming the file) and leaves the game untouched."""
    name = str(path)
    try:
        doc = read_turn(path)
    except TurnError as e:
        raise MailProblem(str(e)) from None
    gid, sender, seq = doc["game"], doc["sender"], doc["seq"]
    joining = not local_path(gid).exists()
    if joining:
        if seq != 1:
            raise MailProblem(f"{name}: belongs to a game you do not have here (game {gid[:SHORT_ID]}): "
                              "another game's file, or its first file was never opened")
        me = next(s for s in doc["sides"] if s != sender)
        game = LocalGame(gid, me, Record(doc["scenario"], doc["scenario_text"], doc["options"], doc["sides"]),
                         signing.new_key(), chain_length=chain_length)
    else:
        game = LocalGame.load(gid)
    if sender == game.side:
        raise MailProblem(f"{name}: this is your own turn file ({sender}): send it to {game.opponent}")
    their_key = game.opponent_key or doc["key"]
    if not signing.verifies(their_key, signed_bytes(doc), doc["signature"]) or (
            doc["key"] is not None and doc["key"] != their_key):
        raise MailProblem(f"{name}: not signed with {game.opponent}'s key: forged, or altered after signing")
    _check_order(game, doc, name)
    r = game.record
    if (doc["scenario"], doc["sides"], doc["options"]) != (r.scenario, list(r.sides), r.options):
        raise MailProblem(f"{name}: its scenario, sides or options are not this game's: edited")
    pending_mine = game.waiting_on_dice()
    started = r.fp is None
    try:
        played = r.apply(sender, doc["entries"], doc["head_before"], doc["head_after"])
        my_roll = played[0] if pending_mine and played else None
        their_roll = None
        game.outbox, game.head_base = [], doc["head_after"]
        if joining:
            r.load_scenario()  # a game of a scenario this Quarterdeck cannot play is refused at once
            game._recommit_if_short(RESERVE_FOR_ROLL)
        if r.fp is None and game.side not in r.opening and set(r.tips) == set(r.sides):
            reveal = game._spend()
            r.open(game.side, reveal)
            game.outbox.append({"kind": "open", "reveal": reveal})
        p = r.pending
        if p is not None and p.side == sender:
            chain = game._chain()
            mine = chain.peek()
            their_roll = r.complete(game.side, mine)
            game._spend()
            game.outbox.append({"kind": "complete", "number": p.number, "reveal": mine,
                                "state_hash": their_roll.state_hash})
            played.append(their_roll)
    except TurnProblem as e:
        raise MailProblem(f"{name}: {e}") from None
    game.opponent_key = their_key
    game.last_seq, game.last_hash, game.ball, game.sent = seq, file_hash(doc), True, None
    game.save()
    return Opened(game, played, my_roll, their_roll, started and r.fp is not None)


def _check_order(game: LocalGame, doc: dict[str, Any], name: str) -> None:
    """The file must be the one after the last file of the exchange, answering exactly it."""
    seq, expected = doc["seq"], game.last_seq + 1
    if seq < expected:
        raise MailProblem(f"{name}: an old file again (turn file {seq}; the game is at {game.last_seq}): "
                          "replayed, not new")
    if seq > expected:
        raise MailProblem(f"{name}: turn file {seq} comes after {expected}, which you have not opened: "
                          "a file was skipped or the files came out of order")
    if game.ball and game.last_seq:
        raise MailProblem(f"{name}: {game.opponent} sent two turn files in a row; yours comes next")
    if doc["prev"] != game.last_hash:
        raise MailProblem(f"{name}: it does not answer your last turn file (turn file {game.last_seq}): "
                          "it follows another history")
