"""The host of a network battle: the only authority, serving one opponent and any spectators.

The host's engine keeps the real :class:`FairPlay`.  Every command, from a
connection or from the host's own window (:class:`HostLink`, the same Link
a client is, without a socket), goes through :meth:`Host._play`: it must be
the sender's ship, the sender's turn and legal, or it is refused with the
reason and logged in :attr:`Host.refused`.  The asyncio loop runs in a
daemon thread, so nothing here ever blocks the window.

Only one socket is opened: (interface, port) as the host chose them.
"""

from __future__ import annotations

import asyncio
import collections
import copy
import hmac
import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.fair.chain import Chain
from game.fair.ledger import Ledger, LedgerError
from game.fair.link import Ended, Incoming, Notice, Played, Refused, Said, TakenBack
from game.fair.play import FairPlay
from game.persistence.save import to_document, write_document
from game.persistence.session import Session
from game.systems import command_from_dict
from game.systems.base import Command, CommandError, Refusal

from . import protocol as p
from .inbox import Inbox, chat_line
from .turns import behind, side_of

log = logging.getLogger("quarterdeck.net")

#: The interface a host listens on unless told otherwise: every one (the note says so).
ALL_INTERFACES = "0.0.0.0"
#: The port ``--host`` takes without a number (0: any free port, reported back).
DEFAULT_PORT = 8765
#: Seconds between two refusals told in the host's own log (every one is kept in Host.refused).
REFUSAL_NOTE_GAP = 1.0
#: Most connections at once (the opponent, spectators, and anything else knocking).
MAX_CONNECTIONS = 16
#: Each connection's token bucket: messages a second it refills at, and the burst it holds.
RATE_PER_SECOND = 50.0
RATE_BURST = 100.0
#: Messages refused over the rate before the connection is closed as a flood.
FLOOD_STRIKES = 200
#: Seconds a new connection has to send its hello.
HELLO_TIMEOUT = 10.0
#: Messages waiting to go out to one connection before it is dropped as not reading.
MAX_OUTBOX = 2000
#: Keep-alive: a ping this often, and a connection that does not answer within this is gone.
PING_INTERVAL = 10.0
PING_TIMEOUT = 20.0
#: Seconds start() waits for the socket to be bound.
START_TIMEOUT = 10.0
#: Seconds a closing connection may go on sending before it is cut off.
CLOSE_DRAIN = 2.0
#: Close codes: policy violation (wrong code, flood), try again later (full).
CLOSE_POLICY = 1008
CLOSE_FULL = 1013
#: The close code websockets sends for a frame over max_size.
CLOSE_TOO_BIG = 1009


class TokenBucket:
    """``rate`` messages a second with bursts of ``burst``: a connection over it has its messages refused."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.strikes = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False


@dataclass(frozen=True)
class RefusalRecord:
    """One refusal the host made: who asked, and why not (the tests and the log read these)."""

    who: str
    reason: str


@dataclass(eq=False)
class Conn:
    ws: ServerConnection
    number: int
    role: str | None = None  # "player" | "spectator" once the hello is through
    side: str | None = None
    name: str = "someone"
    token: str = ""
    bucket: TokenBucket = field(default_factory=TokenBucket)
    outbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    alive: bool = True


@dataclass
class _Pending:
    """The host's own command that rolls, waiting for the client's reveal."""

    command: Command
    number: int


class Host:
    """A hosted battle.  Build it, :meth:`start` it (returns once the port is bound), play through :attr:`link`."""

    def __init__(
        self,
        scenario: Any = None,
        *,
        rules: Any = None,
        ships: Any = None,
        options: dict[str, dict[str, Any]] | None = None,
        side: str | None = None,
        resume: dict[str, Any] | None = None,
        interface: str = ALL_INTERFACES,
        port: int = DEFAULT_PORT,
        code: str | None = None,
        autosave: str | Path | None = None,
        max_connections: int = MAX_CONNECTIONS,
        rate: tuple[float, float] = (RATE_PER_SECOND, RATE_BURST),
    ) -> None:
        from game.content.load import load_default

        if rules is None or ships is None:
            rules, ships = load_default()
        self.rules, self.ships = rules, ships
        self.interface, self.port = interface, port
        self.code = normalise_code(code) if code else new_code()
        self.autosave = Path(autosave) if autosave else None
        self.max_connections = max_connections
        self.rate = rate
        self.options = dict(options or {})
        self.fp: FairPlay | None = None
        if resume is not None:
            self._resume(resume)
            scenario_obj = self.fp.session.scenario if self.fp else None
        else:
            scenario_obj = self._scenario(scenario)
        assert scenario_obj is not None
        self.scenario = scenario_obj
        self.sides: tuple[str, ...] = tuple(s.id for s in scenario_obj.sides)
        if len(self.sides) != 2:
            raise ValueError(f"a network battle is between two sides; {scenario_obj.id} has {len(self.sides)}")
        self.side = side or self.sides[0]
        if self.side not in self.sides:
            raise ValueError(f"--side {self.side!r}: this battle's sides are {', '.join(self.sides)}")
        self.other = next(s for s in self.sides if s != self.side)
        self.chain = Chain()
        self.ledger: Ledger = self.fp.ledger if self.fp else Ledger(self.sides)
        self.ledger.commit(self.side, self.chain.tip)  # a fresh chain: a resumed battle re-commits too
        #: Every refusal made, in order (commands, reveals, take-backs, wrong codes, spectators' commands).
        self.refused: list[RefusalRecord] = []
        self._told_refusal = -REFUSAL_NOTE_GAP
        #: Messages that were not messages, by kind (binary, json, shape, rate, size, full ...).
        self.errors: collections.Counter[str] = collections.Counter()
        #: Player connections for the opponent's side after the first (reconnections and new processes).
        self.rejoins = 0
        self.link = HostLink(self)
        self._conns: set[Conn] = set()
        self._player: Conn | None = None
        self._joined_once = False
        self._pending: _Pending | None = None
        self._numbers = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        self._save_lock = threading.Lock()
        self._save_doc: dict[str, Any] | None = None
        self._saving = False
        self._save_due = False
        self._saved = threading.Event()
        self._saved.set()
        if self.fp is not None:
            self.link._opening = to_document(self.fp.session)

    # --- setting up ----------------------------------------------------------------

    def _scenario(self, scenario: Any) -> Any:
        from game.content.load import open_scenario, scenario_path

        if scenario is None:
            raise ValueError("a host needs a scenario (or a save to resume)")
        if not isinstance(scenario, (str, Path)):
            return scenario
        return open_scenario(scenario_path(scenario), self.ships, self.rules)

    def _resume(self, doc: dict[str, Any]) -> None:
        """Pick up a battle hosted before, from its save document (already read: ``read_save``)."""
        from game.persistence.save import replay

        if doc.get("fair_dice") is None:
            raise ValueError("this save is not of a network battle (it has no 'fair_dice'): host it afresh")
        session = replay(doc, self.rules, self.ships, "the hosted save")
        self.fp = FairPlay(session, session.fair)

    @property
    def note(self) -> str:
        """What is opened on the network, in one line for the player."""
        if self.interface in (ALL_INTERFACES, "::", ""):
            where = (f"listening on ALL network interfaces, port {self.port}: anyone who can reach this computer "
                     "and has the code can join")
        else:
            where = f"listening on {self.interface} port {self.port} only"
        return f"{where}; game code {self.code}"

    def start(self) -> Host:
        self._thread = threading.Thread(target=self._run, name="quarterdeck-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT):
            raise OSError("the host did not start listening in time")
        if self._failure is not None:
            raise OSError(f"cannot listen on {self.interface}:{self.port}: {self._failure}")
        log.info("%s", self.note)
        return self

    def stop(self, reason: str = "the host closed the battle") -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._shut, reason)
        if self._thread is not None:
            self._thread.join(START_TIMEOUT)
        self.wait_saved()

    def _shut(self, reason: str) -> None:
        for conn in list(self._conns):
            self._send(conn, p.EndedMsg(type="ended", reason=reason))
        assert self._stop is not None
        self._stop.set()

    def call(self, fn: Any, *args: Any) -> None:
        """Run ``fn(*args)`` on the host's loop (from any thread)."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn, *args)

    @property
    def session(self) -> Session | None:
        return self.fp.session if self.fp else None

    @property
    def player_connected(self) -> bool:
        return self._player is not None and self._player.alive

    # --- the loop ------------------------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:  # noqa: BLE001 - reported by start(), never raised in a thread
            self._failure = e
            log.exception("the host stopped")
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with serve(
            self._handler, self.interface, self.port, max_size=p.MAX_FRAME, ping_interval=PING_INTERVAL,
            ping_timeout=PING_TIMEOUT, max_queue=16,
        ) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop.wait()
            await asyncio.sleep(0.05)  # let the last messages go out

    async def _handler(self, ws: ServerConnection) -> None:
        if len(self._conns) >= self.max_connections:
            self.errors["full"] += 1
            await ws.close(CLOSE_FULL, "too many connections")
            return
        self._numbers += 1
        conn = Conn(ws, self._numbers, bucket=TokenBucket(*self.rate))
        self._conns.add(conn)
        writer = asyncio.create_task(self._writer(conn))
        try:
            await self._serve(conn)
        except ConnectionClosed as e:
            if (e.sent is not None and e.sent.code == CLOSE_TOO_BIG) or (e.rcvd and e.rcvd.code == CLOSE_TOO_BIG):
                self.errors["size"] += 1
        except Exception:  # noqa: BLE001 - one connection's fault never stops the host
            self.errors["internal"] += 1
            log.exception("connection %d", conn.number)
        finally:
            writer.cancel()
            self._conns.discard(conn)
            conn.alive = False
            self._gone(conn)

    async def _writer(self, conn: Conn) -> None:
        while True:
            frame = await conn.outbox.get()
            await conn.ws.send(frame)

    async def _serve(self, conn: Conn) -> None:
        try:
            first = await asyncio.wait_for(conn.ws.recv(), HELLO_TIMEOUT)
        except TimeoutError:
            self._error(conn, "hello", f"no hello within {HELLO_TIMEOUT:g} s")
            await self._close(conn, CLOSE_POLICY, "no hello")
            return
        if not self._hello(conn, first):
            await self._close(conn, CLOSE_POLICY, "refused")
            return
        async for frame in conn.ws:
            if not conn.alive:
                return
            if not conn.bucket.take():
                if conn.bucket.strikes > FLOOD_STRIKES:
                    await self._close(conn, CLOSE_POLICY, "flooding")
                    return
                self._error(conn, "rate", f"more than {self.rate[0]:g} messages a second: this one was dropped")
                continue
            try:
                msg = p.parse_client(frame)
            except p.BadMessage as e:
                self._error(conn, e.kind, str(e))
                continue
            self._dispatch(conn, msg)

    async def _close(self, conn: Conn, code: int, reason: str) -> None:
        """Close a connection we are done with, reading (and dropping) what it still sends until its close
        frame comes: a sender that floods would otherwise hold its slot until the closing handshake times out."""
        conn.alive = False
        await asyncio.sleep(0.01)  # let the error message go first
        closing = asyncio.ensure_future(conn.ws.close(code, reason))
        try:
            await asyncio.wait_for(self._drain(conn), CLOSE_DRAIN)
        except (TimeoutError, ConnectionClosed):
            pass
        if not closing.done():
            conn.ws.transport.abort()

    async def _drain(self, conn: Conn) -> None:
        async for _ in conn.ws:
            pass

    def _send(self, conn: Conn, msg: BaseModel) -> None:
        if conn.outbox.qsize() >= MAX_OUTBOX:
            self.errors["not_reading"] += 1
            conn.alive = False
            asyncio.ensure_future(conn.ws.close(CLOSE_POLICY, "not reading"))
            return
        conn.outbox.put_nowait(p.encode(msg))

    def _broadcast(self, msg: BaseModel, but: Conn | None = None) -> None:
        for conn in list(self._conns):
            if conn.role is not None and conn is not but and conn.alive:
                self._send(conn, msg)

    def _error(self, conn: Conn, kind: p.ErrorKind, reason: str) -> None:
        self.errors[kind] += 1
        self._send(conn, p.ErrorMsg(type="error", kind=kind, reason=reason[: p.MAX_REASON]))

    def _refuse(self, who: str, reason: str, conn: Conn | None = None) -> None:
        reason = reason[: p.MAX_REASON]
        self.refused.append(RefusalRecord(who, reason))
        log.info("refused %s: %s", who, reason)
        if conn is not None:
            self._send(conn, p.RefusedMsg(type="refused", reason=reason))
            now = time.monotonic()
            if now - self._told_refusal >= REFUSAL_NOTE_GAP:  # the host's log hears of it (a flood, once a second)
                self._told_refusal = now
                self.link._push(Notice(f"refused {who}: {reason}"))
        else:
            self.link._push(Refused(reason))

    def _notice(self, text: str, connected: bool = True, waiting: bool = False) -> None:
        self._broadcast(p.NoticeMsg(type="notice", text=text, connected=connected, waiting=waiting))
        self.link._push(Notice(text, connected, waiting))

    # --- hello: who is this --------------------------------------------------------

    def _hello(self, conn: Conn, frame: Any) -> bool:
        try:
            msg = p.parse_client(frame)
        except p.BadMessage as e:
            self._error(conn, e.kind, str(e))
            return False
        if not isinstance(msg, p.Hello):
            self._error(conn, "hello", "the first message must be a hello with the game code")
            return False
        if not hmac.compare_digest(normalise_code(msg.code).encode(), self.code.encode()):
            self._refuse(f"connection {conn.number}", "wrong game code")
            self._error(conn, "code", "wrong game code: ask the host for it again")
            return False
        if msg.role == "spectator":
            conn.role, conn.name = "spectator", f"spectator {conn.number}"
            conn.token = secrets.token_urlsafe(16)
            self._welcome(conn, msg.have, committed=False)
            self._notice(f"{conn.name} is watching")
            return True
        side = self.other
        old = self._player
        if old is not None and old.alive:
            if not (msg.token and hmac.compare_digest(msg.token.encode(), old.token.encode())):
                self._error(conn, "role", f"{side} is played from another connection; join as a spectator")
                return False
            old.alive = False
            asyncio.ensure_future(old.ws.close(1000, "replaced by a new connection"))
        if msg.tip is None:
            self._error(conn, "hello", "a player's hello carries the tip of its dice chain")
            return False
        committed = False
        if not behind(self.ledger.expects(side), msg.tip):
            try:
                self.ledger.commit(side, msg.tip)
            except LedgerError as e:
                self._error(conn, "hello", str(e))
                return False
            committed = True
        conn.role, conn.side, conn.name = "player", side, side
        conn.token = secrets.token_urlsafe(16)
        self._player = conn
        back = self._joined_once
        self._joined_once = True
        if back:
            self.rejoins += 1
        self._welcome(conn, msg.have, committed)
        if committed:
            self._broadcast(p.Committed(type="committed", side=side, tip=msg.tip), but=conn)
        self._notice(f"{side} is back" if back else f"{side} joined the battle")
        if self.fp is None:
            self._send(conn, p.RevealWanted(type="reveal_wanted", number=0, command=None))
        elif self._pending is not None:
            self._ask(self._pending)
        return True

    def _welcome(self, conn: Conn, have: int, committed: bool) -> None:
        tips = {s: t for s in self.sides if (t := self.ledger.expects(s)) is not None}
        count = len(self.fp.session.commands) if self.fp else 0
        self._send(conn, p.Welcome(type="welcome", side=conn.side, name=conn.name, token=conn.token, tips=tips,
                                   commands=count))
        if self.fp is None:
            return
        commands = self.fp.session.commands
        if have == 0 or have > len(commands):
            self._send(conn, p.Opening(type="opening", document=to_document(self.fp.session)))
            return
        for n in range(have + 1, len(commands) + 1):
            self._send(conn, self._played_msg(n))
        if committed:
            self._send(conn, p.Committed(type="committed", side=self.other, tip=self.ledger.expects(self.other) or ""))

    def _gone(self, conn: Conn) -> None:
        if conn is self._player and (self._stop is None or not self._stop.is_set()):
            self._player = None
            self._notice(f"{conn.side} left: waiting for {conn.side} to reconnect", connected=False, waiting=True)

    # --- what a connection asks ----------------------------------------------------

    def _dispatch(self, conn: Conn, msg: Any) -> None:
        if not conn.alive:
            return
        if isinstance(msg, p.Say):
            self._say(conn.name, msg.text)
            return
        if conn.role != "player" or conn.side is None:
            self._refuse(conn.name, "spectators only watch (and chat)", conn)
            return
        if isinstance(msg, p.SendCommand):
            if self.fp is None:
                self._refuse(conn.name, "the battle has not begun", conn)
                return
            try:
                command = command_from_dict(self.fp.session.system.id, msg.command)
            except CommandError as e:
                self._refuse(conn.name, f"not a command: {e}", conn)
                return
            self._play(conn.side, command, msg.reveal, conn)
        elif isinstance(msg, p.Reveal):
            self._reveal(conn, msg)
        elif isinstance(msg, p.TakeBack):
            self._take_back(conn.side, conn)
        else:  # a second hello
            self._error(conn, "hello", "already said hello")

    def _say(self, who: str, text: str) -> None:
        self._broadcast(p.SaidMsg(type="said", who=who, text=text))
        self.link._push(Said(who, text))

    def _play(self, side: str, command: Command, reveal: str | None, conn: Conn | None) -> None:
        who = conn.name if conn else self.link.name
        fp = self.fp
        if fp is None:
            self._refuse(who, "the battle has not begun: waiting for the other player", conn)
            return
        session = fp.session
        if self._pending is not None:
            self._refuse(who, f"waiting for {self.other}'s reveal for command {self._pending.number}", conn)
            return
        if session.over:
            self._refuse(who, "the battle is over", conn)
            return
        owner = side_of(session, command)
        if owner is None:
            self._refuse(who, f"{command.type}: it names no ship of this battle", conn)
            return
        if owner != side:
            self._refuse(who, f"{command.type}: {getattr(command, 'ship', '?')} is {owner}'s ship, not {side}'s", conn)
            return
        mover = session.side_to_move()
        if mover != side:
            self._refuse(who, f"{command.type}: it is {mover}'s turn, not {side}'s", conn)
            return
        if not fp.needs_dice(command):
            if reveal is not None:
                self._refuse(who, f"{command.type} rolls no dice: keep your reveal", conn)
                return
            self._submit(side, command, None, who, conn)
            return
        if side == self.side:
            trial = session.preview(command)
            if isinstance(trial, Refusal):
                self._refuse(who, trial.reason, conn)
                return
            self._pending = _Pending(command, len(session.commands) + 1)
            self._ask(self._pending)
            return
        if reveal is None:
            self._refuse(who, f"{command.type} rolls dice: send your next reveal with it", conn)
            return
        self._submit(side, command, {side: reveal, self.side: self.chain.peek()}, who, conn)

    def _ask(self, pending: _Pending) -> None:
        if self.player_connected and self.ledger.committed(self.other):
            assert self._player is not None
            self._send(self._player, p.RevealWanted(
                type="reveal_wanted", number=pending.number, command=pending.command.to_dict()))
            self.link._push(Notice(f"waiting for {self.other}'s dice", True, waiting=True))
        else:
            self.link._push(Notice(f"waiting for {self.other} to reconnect to roll", False, waiting=True))

    def _reveal(self, conn: Conn, msg: p.Reveal) -> None:
        if self.fp is None:
            if msg.number != 0:
                self._refuse(conn.name, "the battle's opening seed is wanted first", conn)
                return
            self._open(conn, msg.value)
            return
        pending = self._pending
        if pending is None or msg.number != pending.number:
            self._refuse(conn.name, f"no reveal is wanted for command {msg.number}", conn)
            return
        self._pending = None
        if not self._submit(self.side, pending.command, {self.other: msg.value, self.side: self.chain.peek()},
                            conn.name, conn):
            if self.ledger.problem(self.other, msg.value):  # a bad reveal: ask again, the command stands
                self._pending = pending
            else:
                self.link._push(Refused("the command was refused when its dice came"))

    def _open(self, conn: Conn, value: str) -> None:
        why = self.ledger.problem(self.other, value)
        if why:
            self._refuse(conn.name, why, conn)
            return
        reveals = {self.other: value, self.side: self.chain.reveal()}
        seed = self.ledger.open(reveals, self.scenario.id)
        players = {s: "human" for s in self.sides}
        session = Session(self.scenario, self.rules, seed, players, self.options)
        self.fp = FairPlay(session, self.ledger)
        doc = to_document(session)
        self.link._opening = copy.deepcopy(doc)
        self._broadcast(p.Opening(type="opening", document=doc))
        self._autosave()
        self._notice("the battle has begun")

    def _submit(self, side: str, command: Command, reveals: dict[str, str] | None, who: str,
                conn: Conn | None) -> bool:
        assert self.fp is not None
        try:
            result = self.fp.submit(command, reveals)
        except LedgerError as e:
            self._refuse(who, str(e), conn)
            return False
        if isinstance(result, Refusal):
            self._refuse(who, result.reason, conn)
            return False
        if reveals is not None:
            self.chain.reveal()
        n = len(self.fp.session.commands)
        self._broadcast(self._played_msg(n))
        step = self.fp.session.steps[-1]
        self.link._push(Played(n, side, command, step.reseed, step.hash_after))
        self._autosave()
        return True

    def _played_msg(self, n: int) -> p.PlayedMsg:
        assert self.fp is not None
        session = self.fp.session
        step = session.steps[n - 1]
        roll = self.ledger.roll_for(n)
        return p.PlayedMsg(
            type="played", number=n, side=side_of(session, step.command) or "", command=step.command.to_dict(),
            reseed=step.reseed, state_hash=step.hash_after, reveals=dict(roll.reveals) if roll else None,
        )

    def _take_back(self, side: str, conn: Conn | None) -> None:
        who = conn.name if conn else self.link.name
        fp = self.fp
        if fp is None or not fp.session.steps:
            self._refuse(who, "nothing has been done yet", conn)
            return
        if self._pending is not None:
            self._refuse(who, "a command is waiting for its dice", conn)
            return
        last = fp.session.steps[-1].command
        if side_of(fp.session, last) != side:
            self._refuse(who, f"the last command is {side_of(fp.session, last)}'s, not {side}'s", conn)
            return
        if not fp.session.can_undo():
            self._refuse(who, fp.session.why_no_undo(), conn)
            return
        n = len(fp.session.commands)
        fp.undo()
        self._broadcast(p.TakenBackMsg(type="taken_back", number=n))
        self.link._push(TakenBack(n))
        self._autosave()

    def _autosave(self) -> None:
        """Schedule an autosave after the messages just queued have gone out (their writers run first)."""
        if self.autosave is None or self.fp is None or self._save_due:
            return
        self._save_due = True
        self._saved.clear()
        asyncio.get_running_loop().call_soon(self._autosave_now)

    def _autosave_now(self) -> None:
        """Keep the battle on disk after every change: the document is taken here, written by a worker
        thread (a long battle's YAML takes tens of milliseconds, which the players' messages should not wait
        for); writes coalesce, so the file always ends as the latest document."""
        self._save_due = False
        if self.autosave is None or self.fp is None:
            self._saved.set()
            return
        doc = to_document(self.fp.session)
        with self._save_lock:
            self._save_doc = doc
            if self._saving:
                return
            self._saving = True
            self._saved.clear()
        threading.Thread(target=self._save_worker, name="quarterdeck-autosave", daemon=True).start()

    def _save_worker(self) -> None:
        while True:
            with self._save_lock:
                doc, self._save_doc = self._save_doc, None
                if doc is None:
                    self._saving = False
                    self._saved.set()
                    return
            try:
                write_document(self.autosave, doc)  # type: ignore[arg-type]
            except Exception as e:  # noqa: BLE001 - a full disk must not stop the battle
                log.warning("autosave %s: %s", self.autosave, e)

    def wait_saved(self, timeout: float = START_TIMEOUT) -> bool:
        """Wait until the autosave holds the battle as it stands (tests, and a host that is quitting)."""
        return self._saved.wait(timeout)

    # --- the host's own window -----------------------------------------------------

    def _local_command(self, command: Command) -> None:
        self._play(self.side, command, None, None)

    def _local_take_back(self) -> None:
        self._take_back(self.side, None)


class HostLink:
    """The host's own window's :class:`~game.fair.link.Link`: the same messages a client gets, no socket."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self.sides = frozenset({host.side})
        self.name = f"{host.side} (host)"
        self._opening: dict[str, Any] | None = None
        self._inbox = Inbox()
        #: Set whenever something arrives (a headless player waits on it instead of polling).
        self.arrived = self._inbox.arrived

    def _push(self, event: Incoming) -> None:
        self._inbox.push(event)

    def opening(self) -> dict[str, Any] | None:
        doc = self._opening
        return copy.deepcopy(doc) if doc is not None else None

    def send(self, command: Command) -> None:
        self._host.call(self._host._local_command, command)

    def take_back(self) -> None:
        self._host.call(self._host._local_take_back)

    def say(self, text: str) -> None:
        line = chat_line(text)
        if line is not None:
            self._host.call(self._host._say, self.name, line)

    def poll(self) -> list[Incoming]:
        return self._inbox.take()

    def status(self) -> str:
        h = self._host
        far = f"{h.other} connected" if h.player_connected else f"waiting for {h.other}"
        return f"hosting on {h.interface}:{h.port}, code {h.code}; {far}"

    def close(self) -> None:
        self._host.stop()
        self._push(Ended("you closed the battle"))


def new_code() -> str:
    """A fresh game code: short, easy to read out, from ``secrets``."""
    return "".join(secrets.choice(p.CODE_ALPHABET) for _ in range(p.CODE_LENGTH))


def normalise_code(code: str) -> str:
    return code.strip().upper()


def start_host(scenario: Any = None, **kwargs: Any) -> Host:
    """A host listening and ready (the window's way in): see :class:`Host` for the options."""
    return Host(scenario, **kwargs).start()
