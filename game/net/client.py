"""A client of a network battle: the opponent's or a spectator's :class:`~game.fair.link.Link`.

It keeps a mirror of the battle (a :class:`FairPlay` built from the host's
opening document) and checks every command the host says was played: the
reveals against the commitments it mirrors, the seed they make, and the
state hash it reaches itself.  A host that lies about the dice or the
state is caught and the link ends.  The player's own chain never leaves
this process; only its reveals do, one per roll.

Everything runs on an asyncio loop in a daemon thread; the window's calls
only queue work for it.  A dropped connection is retried with backoff, and
the hello says how many commands the client has, so the host sends only
what it missed.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import threading
import time
from typing import Any

from pydantic import BaseModel
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.fair.chain import Chain
from game.fair.ledger import LedgerError
from game.fair.link import Ended, Incoming, Notice, Played, Refused, Said, TakenBack
from game.fair.play import FairPlay
from game.systems import command_from_dict
from game.systems.base import Command, CommandError, Refusal

from . import protocol as p
from .inbox import Inbox, chat_line
from .turns import behind

log = logging.getLogger("quarterdeck.net")

#: Reconnecting: the first wait, the factor it grows by after each failure, and the longest wait (seconds).
BACKOFF_FIRST = 0.2
BACKOFF_FACTOR = 2.0
BACKOFF_MAX = 5.0
#: Seconds without a connection after which the client gives up: before the first welcome (no host there),
#: and after one (the host is gone for good).
GIVE_UP_FIRST = 15.0
GIVE_UP = 120.0
#: Seconds to open a connection before it counts as a failure.
OPEN_TIMEOUT = 5.0
#: Largest frame the client takes from the host (the opening document of a long battle is big).
MAX_DOWNLOAD = 32 * 1024 * 1024
#: Error kinds after which reconnecting is pointless: the host will refuse again.
FATAL_ERRORS = frozenset({"code", "role"})


class Client:
    """Join the battle hosted at ``address:port`` with ``code`` (as a player, or a spectator)."""

    def __init__(
        self, address: str, port: int, code: str, spectator: bool = False, *, rules: Any = None, ships: Any = None,
        chain: Chain | None = None,
    ) -> None:
        from game.content.load import load_default

        if rules is None or ships is None:
            rules, ships = load_default()
        self.rules, self.ships = rules, ships
        self.address, self.port, self.code = address, int(port), code
        self.spectator = spectator
        self.sides: frozenset[str] = frozenset()
        self.name = "spectator" if spectator else "player"
        self.chain = None if spectator else (chain or Chain())
        #: What this side's next reveal hashes to (the chain's tip until the first reveal).
        self._expect = self.chain.tip if self.chain else None
        self.fp: FairPlay | None = None
        self.reconnects = 0
        self.refusals = 0
        self._token: str | None = None
        #: A command of ours is with the host, unanswered; and how many commands the host had at the welcome.
        self._awaiting = False
        self._catch_up = 0
        self._opening: dict[str, Any] | None = None
        self._inbox = Inbox()
        self.arrived = self._inbox.arrived
        self._connected = False
        self._ended: str | None = None
        self._closed = False
        self._ws: ClientConnection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="quarterdeck-client", daemon=True)
        self._thread.start()
        self._ready.wait(OPEN_TIMEOUT)

    # --- the Link ------------------------------------------------------------------

    def opening(self) -> dict[str, Any] | None:
        doc = self._opening
        return copy.deepcopy(doc) if doc is not None else None

    def send(self, command: Command) -> None:
        self._call(self._send_command, command)

    def take_back(self) -> None:
        self._call(self._out, p.TakeBack(type="take_back"))

    def say(self, text: str) -> None:
        line = chat_line(text)
        if line is not None:
            self._call(self._out, p.Say(type="say", text=line))

    def poll(self) -> list[Incoming]:
        return self._inbox.take()

    def status(self) -> str:
        if self._ended:
            return f"battle closed: {self._ended}"
        where = f"{self.address}:{self.port}"
        if not self._connected:
            return f"connecting to {where}..."
        return f"{self.name} at {where}"

    def close(self) -> None:
        self._closed = True
        self._call(self._shut)
        self._thread.join(OPEN_TIMEOUT)

    @property
    def ended(self) -> str | None:
        return self._ended

    # --- on the loop ---------------------------------------------------------------

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:  # the loop closed in between
                pass

    def _push(self, event: Incoming) -> None:
        self._inbox.push(event)

    def _end(self, reason: str) -> None:
        if self._ended is None:
            self._ended = reason
            self._push(Ended(reason))
        self._shut()

    def _shut(self) -> None:
        self._closed = True
        if self._ws is not None:
            asyncio.ensure_future(self._ws.close())

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as e:  # noqa: BLE001 - reported as the link's end, never raised in a thread
            log.exception("the client stopped")
            if self._ended is None:
                self._ended = f"the connection failed: {e}"
                self._push(Ended(self._ended))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._ready.set()
        uri = f"ws://{self.address}:{self.port}"
        delay = BACKOFF_FIRST
        welcomed = False
        since = time.monotonic()
        while not self._closed:
            try:
                async with connect(uri, max_size=MAX_DOWNLOAD, open_timeout=OPEN_TIMEOUT) as ws:
                    self._ws = ws
                    hello = p.Hello(
                        type="hello", code=self.code[: p.CODE_LENGTH * 2], role="spectator" if self.spectator else
                        "player", token=self._token, have=len(self.fp.session.commands) if self.fp else 0,
                        tip=self._expect,
                    )
                    await ws.send(p.encode(hello))
                    async for frame in ws:
                        if not self._connected:
                            self._connected = True
                            delay = BACKOFF_FIRST
                            if welcomed:
                                self.reconnects += 1
                            welcomed = True
                        self._receive(frame)
                        if self._closed:
                            break
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as e:
                log.info("connection to %s: %s", uri, e)
            except InvalidURI as e:
                self._end(f"not an address: {e}")
            self._ws = None
            was = self._connected
            self._connected = False
            if self._closed:
                break
            if was:
                since = time.monotonic()
            elif time.monotonic() - since > (GIVE_UP if welcomed else GIVE_UP_FIRST):
                self._end(f"no host answers at {self.address}:{self.port}" if not welcomed else
                          f"the host at {self.address}:{self.port} has been gone for {GIVE_UP:g} s")
                break
            if was:
                self._push(Notice(f"lost the connection to the host: reconnecting (every {BACKOFF_MAX:g} s at most)",
                                  connected=False, waiting=True))
            await asyncio.sleep(delay)
            delay = min(delay * BACKOFF_FACTOR, BACKOFF_MAX)

    def _out(self, msg: BaseModel) -> bool:
        ws = self._ws
        if ws is None or not self._connected:
            self._push(Refused("not connected to the host: try again when the connection is back"))
            return False
        asyncio.ensure_future(self._write(ws, p.encode(msg)))
        return True

    def _caught_up(self) -> None:
        """After a reconnection, once what was missed has come: a command of ours the host never answered was
        lost with the connection, and the window may send it again."""
        have = len(self.fp.session.commands) if self.fp else 0
        if self._awaiting and have >= self._catch_up:
            self._awaiting = False
            self._push(Refused("the connection dropped before the host answered: choose the command again"))

    async def _write(self, ws: ClientConnection, frame: str) -> None:
        try:
            await ws.send(frame)
        except ConnectionClosed:
            pass

    def _send_command(self, command: Command) -> None:
        if self.spectator or self.chain is None:
            self._push(Refused("spectators only watch (and chat)"))
            return
        if self.fp is None:
            self._push(Refused("the battle has not begun"))
            return
        reveal = self.chain.peek() if self.fp.needs_dice(command) else None
        if self._out(p.SendCommand(type="command", command=command.to_dict(), reveal=reveal)):
            self._awaiting = True

    # --- what the host says --------------------------------------------------------

    def _receive(self, frame: Any) -> None:
        try:
            msg = p.parse_host(frame)
        except p.BadMessage as e:
            log.warning("a message from the host is not one: %s", e)
            return
        try:
            self._handle(msg)
        except (CommandError, LedgerError, ValueError, KeyError) as e:
            self._end(f"the host sent what does not hold together: {e}")

    def _handle(self, msg: Any) -> None:
        if isinstance(msg, p.Welcome):
            self._token = msg.token
            self._catch_up = msg.commands
            self.name = msg.name
            self.sides = frozenset({msg.side}) if msg.side else frozenset()
            if msg.side and self._expect and not behind(msg.tips.get(msg.side), self._expect):
                self._end("the host holds another commitment for our dice than ours")
                return
            self._push(Notice(f"connected to the host as {msg.name}"))
            self._caught_up()
        elif isinstance(msg, p.Opening):
            self._open(msg.document)
            self._caught_up()
        elif isinstance(msg, p.RevealWanted):
            self._reveal_wanted(msg)
        elif isinstance(msg, p.PlayedMsg):
            self._played(msg)
        elif isinstance(msg, p.TakenBackMsg):
            if self.fp is not None and msg.number == len(self.fp.session.commands):
                self.fp.undo()
                self._push(TakenBack(msg.number))
        elif isinstance(msg, p.Committed):
            if self.fp is not None:
                self.fp.ledger.commit(msg.side, msg.tip)
        elif isinstance(msg, p.RefusedMsg):
            self._awaiting = False
            self.refusals += 1
            self._push(Refused(msg.reason))
        elif isinstance(msg, p.ErrorMsg):
            if msg.kind in FATAL_ERRORS:
                self._end(msg.reason)
            else:
                self.refusals += 1
                self._push(Refused(msg.reason))
        elif isinstance(msg, p.SaidMsg):
            self._push(Said(msg.who, msg.text))
        elif isinstance(msg, p.NoticeMsg):
            self._push(Notice(msg.text, msg.connected, msg.waiting))
        elif isinstance(msg, p.EndedMsg):
            self._end(msg.reason)

    def _open(self, document: dict[str, Any]) -> None:
        from game.persistence.save import SaveError, check_document, replay

        try:
            session = replay(check_document("the host's battle", copy.deepcopy(document)), self.rules, self.ships,
                             "the host's battle")
        except SaveError as e:
            self._end(str(e))
            return
        if session.fair is None:
            self._end("the host's battle has no record of its dice: not a network battle")
            return
        self.fp = FairPlay(session, session.fair)
        side = next(iter(self.sides), None)
        if side is not None and not behind(self.fp.ledger.expects(side), self._expect):
            self._end("the host's battle holds another commitment for our dice than ours")
            return
        self._opening = document
        self._push(Notice("the battle is here", waiting=False))

    def _reveal_wanted(self, msg: p.RevealWanted) -> None:
        if self.chain is None:
            return
        if msg.number == 0:
            value = self.chain.reveal()  # the opening seed; if it never arrives, the next hello re-commits
            self._expect = value
            self._out(p.Reveal(type="reveal", number=0, value=value))
            return
        fp = self.fp
        if fp is None or msg.command is None or msg.number != len(fp.session.commands) + 1:
            self._push(Refused(f"the host asked for dice for command {msg.number}, which is not next here"))
            return
        command = command_from_dict(fp.session.system.id, msg.command)
        if not fp.needs_dice(command):
            self._end(f"the host asked for dice for a {command.type} that rolls none")
            return
        self._out(p.Reveal(type="reveal", number=msg.number, value=self.chain.peek()))

    def _played(self, msg: p.PlayedMsg) -> None:
        fp = self.fp
        if fp is None:
            return
        have = len(fp.session.commands)
        if msg.number <= have:
            return  # sent again after a reconnection: we have it
        if msg.number != have + 1:
            self._end(f"the host sent command {msg.number} after our {have}: out of step")
            return
        command = command_from_dict(fp.session.system.id, msg.command)
        result = fp.submit(command, dict(msg.reveals) if msg.reveals else None)
        if isinstance(result, Refusal):
            self._end(f"command {msg.number} ({command.type}) is not legal here: {result.reason}")
            return
        step = fp.session.steps[-1]
        if step.reseed != msg.reseed:
            self._end(f"the dice of command {msg.number} are not the ones both reveals made")
            return
        if step.hash_after != msg.state_hash:
            self._end(f"after command {msg.number} the host's battle and ours differ")
            return
        side = next(iter(self.sides), None)
        if self.chain is not None and msg.reveals and side and msg.reveals.get(side) == self.chain.peek():
            self._expect = self.chain.reveal()  # spent only on a command that was played
        if msg.side in self.sides:
            self._awaiting = False
        self._push(Played(msg.number, msg.side, command, msg.reseed, msg.state_hash))
        if msg.number == self._catch_up:
            self._caught_up()
