"""A battle as the window runs it: who commands each side, computer thinking, autosave.

No pygame here.  The window asks ``to_move()`` whose decision it is; a human
side is answered by the scene's tools, a computer side by ``think()``, which
starts the player on a worker thread with a detached copy of the state (so
the table space is its own and the window keeps drawing) and ``poll()``
hands back the command once it has been tried on a copy and accepted.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.ai import make_player, split_kind
from game.ai.decide import NoAcceptableCommand, decide
from game.fair.link import Ended, Incoming, Link, Notice, Played, Refused, TakenBack
from game.mail.link import MailLink
from game.persistence.autosave import autosave_path
from game.persistence.save import write_save
from game.persistence.session import Session
from game.systems.base import Command, Event, Option, Refusal, RuleSystem

HUMAN = "human"
#: A side commanded from the far end of a link (the other computer of a network or e-mail game).
REMOTE = "remote"

# A shorter GIL switch interval lets the drawing thread in while a player thinks.
sys.setswitchinterval(0.002)


@dataclass
class _Thought:
    token: int
    side: str = ""
    #: When the worker started (time.monotonic), so the phase bar can say how long she has been at it.
    started: float = 0.0
    command: Command | None = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


@dataclass(frozen=True)
class Sent:
    """A command sent down the link: it is played when the authority sends it back."""

    command: Command


@dataclass(frozen=True)
class Sequel:
    """Where a battle started from elsewhere (a campaign's engagement) goes on once it is over: the end
    screen offers ``label`` (with ``tip``), and ``go(match)`` takes the finished battle back there."""

    label: str
    tip: str
    go: Callable[[Match], None]


class Match:
    def __init__(
        self, session: Session, autosave: bool = True, autosave_to: Path | None = None, sequel: Sequel | None = None,
        link: Link | None = None,
    ) -> None:
        self.session = session
        self.sequel = sequel
        self.autosave = autosave
        self.autosave_to = autosave_to
        #: The far end of a battle between two computers (game.fair.link), or None for a battle at this one.
        self.link = link
        #: A command of ours sent down the link and not yet answered: the table waits for it.
        self.sent: Command | None = None
        #: Why the link's copy of the battle can no longer be trusted, once it differed from the authority's.
        self.broken: str | None = None
        self._inbox: list[Incoming] = []
        #: What the far end last said the battle waits on ("" when it waits on nothing it named).
        self.notice = ""
        self.players = {side: kind for side, kind in session.players.items()}
        for side in session.state.sides:
            self.players.setdefault(side, HUMAN)
        if link is not None:
            self.players = {side: HUMAN if side in link.sides else REMOTE for side in session.state.sides}
        session.players = {side: HUMAN if kind == REMOTE else kind for side, kind in self.players.items()}
        self._agents = {
            side: _live(make_player(kind, session.seed, side, session.system.id))
            for side, kind in self.players.items()
            if kind not in (HUMAN, REMOTE)
        }
        self._thought: _Thought | None = None
        self._token = 0
        self._options: list[Option] | None = None
        self._options_token = -1
        self.last_autosave_error: str | None = None

    # --- what the window asks ------------------------------------------------

    @property
    def state(self):
        return self.session.state

    @property
    def version(self) -> int:
        """Changes whenever the state does (a command or a take-back)."""
        return self._token

    def options(self) -> list[Option]:
        if self._options_token != self._token or self._options is None:
            self._options = self.session.legal()
            self._options_token = self._token
        return self._options

    def to_move(self) -> str | None:
        opts = self.options()
        if not opts:
            return None
        return self.state.ships[opts[0].ship].side

    def is_human(self, side: str | None) -> bool:
        """Whether this window commands ``side`` (never while a command of ours is on its way down a link)."""
        return side is not None and self.players.get(side) == HUMAN and self.sent is None and self.broken is None

    def is_remote(self, side: str | None) -> bool:
        return side is not None and self.players.get(side) == REMOTE

    @property
    def humans(self) -> list[str]:
        return [s for s, k in self.players.items() if k == HUMAN]

    # --- changing the battle -------------------------------------------------

    def submit(self, command: Command) -> list[Event] | Refusal | Sent:
        """Play a command; in a battle over a link it is sent to the authority instead (:class:`Sent`) and
        comes back through :meth:`poll_link`."""
        if self.link is not None:
            if self.broken is not None:
                return Refusal(self.broken)
            if self.sent is not None:
                return Refusal("the last command is still on its way: wait for the answer")
            self.sent = command
            self.link.send(command)
            return Sent(command)
        return self._play(command)

    def _play(self, command: Command, reseed: int | None = None) -> list[Event] | Refusal:
        acting = self._acting()
        result = self.session.submit(command, reseed=reseed)
        if not isinstance(result, Refusal):
            self._changed()
            # a ship's turn is over (whatever the rule system calls it) or the battle is: keep it
            ended = self._acting() != acting
            if self.autosave and (ended or any(e["type"] == "game_over" for e in result)):
                self.save_autosave()
        return result

    def _acting(self) -> tuple[str | None, str, int]:
        """Whose turn it is: the ship to act, in which phase of which turn (a ship may act last in one phase
        and first in the next)."""
        st = self.session.state
        act = st.activation
        return (act.ship if act is not None else None, str(st.phase), int(st.turn))

    def poll_link(self, plays: int = 1) -> list[Incoming | tuple[Played, list[Event]]]:
        """What came down the link, in order, up to ``plays`` commands (the window shows one at a time); a
        command played there is played here too and comes back with its events (``(Played, events)``).  A copy
        that differs from the authority's stops the battle here (:attr:`broken`): nothing more is played on it."""
        if self.link is None:
            return []
        self._inbox.extend(self.link.poll())
        out: list[Incoming | tuple[Played, list[Event]]] = []
        while self._inbox:
            if isinstance(self._inbox[0], Played) and plays <= 0:
                break  # the next command waits until the window has shown this one
            item = self._inbox.pop(0)
            if isinstance(item, Played):
                if self.broken is not None or item.number <= len(self.session.steps):
                    continue  # the battle is stopped here, or this window had the command already
                plays -= 1
                if self.sent is not None and item.side in self.link.sides:
                    self.sent = None
                if item.number != len(self.session.steps) + 1:
                    self.broken = f"command {item.number} came when this window had {len(self.session.steps)}"
                    out.append(Ended(self.broken))
                    continue
                result = self._play(item.command, item.reseed)
                if isinstance(result, Refusal):
                    self.broken = f"command {item.number} ({item.command.type}) is not legal here: {result.reason}"
                    out.append(Ended(self.broken))
                elif self.session.state.state_hash() != item.state_hash:
                    self.broken = f"after command {item.number} this window's battle differs from the authority's"
                    out.append(Ended(self.broken))
                else:
                    out.append((item, result))
            elif isinstance(item, TakenBack):
                self.sent = None
                if item.number == len(self.session.steps) and self.session.undo() is not None:
                    self._changed()
                out.append(item)
            else:
                if isinstance(item, Refused):
                    self.sent = None
                if isinstance(item, Notice):
                    self.notice = item.text if item.waiting else ""
                out.append(item)
        return out

    def waiting_words(self) -> str:
        """What the phase bar adds while the battle waits: a computer thinking, or the far end of a link."""
        if self.link is not None and self.waiting_on_link():
            if self.sent is not None:
                return self.notice or "sent, waiting for the answer…"
            side = self.to_move()
            if self.mail is not None:  # an e-mail game: its own words (send your file, wait for his)
                return self.mail.status()
            names = {s.id: s.name for s in self.session.scenario.sides}
            return f"waiting for {names.get(side, side)} at the other computer…" if side else ""
        t = self._thought
        if t is None or not self.thinking():
            return ""
        names = {s.id: s.name for s in self.session.scenario.sides}
        who = f"{names.get(t.side, t.side)} {_who(self.players.get(t.side, ''))}"
        return f"{who} thinking… {time.monotonic() - t.started:.1f} s"

    @property
    def mail(self) -> MailLink | None:
        """The link of an e-mail game (it has turn files to write and open), or None."""
        return self.link if isinstance(self.link, MailLink) else None

    def waiting_on_link(self) -> bool:
        """Whether the battle waits on the far end: our command on its way, or the other side to play."""
        if self.link is None or self.broken is not None:
            return False
        return self.sent is not None or self.is_remote(self.to_move())

    def undo(self) -> Command | None:
        if self.link is not None:
            self.link.take_back()  # the answer comes back down the link (TakenBack or Refused)
            return None
        cmd = self.session.undo()
        if cmd is not None:
            self._changed()
        return cmd

    def _changed(self) -> None:
        self._token += 1
        self._thought = None  # anything being thought about is out of date

    def save_autosave(self) -> None:
        try:
            write_save(self.autosave_to or autosave_path(), self.session)
            self.last_autosave_error = None
        except OSError as e:
            self.last_autosave_error = f"autosave to {self.autosave_to or autosave_path()} failed: {e}"

    # --- computer players ----------------------------------------------------

    def thinking(self) -> bool:
        return self._thought is not None and not self._thought.done.is_set()

    def think(self) -> None:
        """Start the computer side to move thinking, unless it already is."""
        side = self.to_move()
        if side is None or self.is_human(side) or self._thought is not None or side not in self._agents:
            return
        thought = _Thought(self._token, side, time.monotonic())
        self._thought = thought
        state = self.state.detached()
        options = list(self.options())
        agent = self._agents[side]
        system = self.session.system

        def work() -> None:
            try:
                thought.command = decide(agent, state, options, lambda c: _accepted(system, state, c))
            except NoAcceptableCommand as e:
                thought.error = str(e)
            except Exception as e:  # a bug in a player must not take the window down
                thought.error = f"{type(e).__name__}: {e}"
            thought.done.set()

        threading.Thread(target=work, name=f"player-{side}", daemon=True).start()

    def poll(self) -> Command | str | None:
        """The command a computer player settled on (or its error), once, if ready."""
        t = self._thought
        if t is None or not t.done.is_set() or t.token != self._token:
            return None
        self._thought = None
        return t.command if t.command is not None else (t.error or "the computer player gave no command")

    def think_now(self, timeout: float = 30.0) -> Command | str | None:
        """Wait for the computer (tests and screenshots)."""
        self.think()
        t = self._thought
        if t is not None:
            t.done.wait(timeout)
        return self.poll()


def _live(agent: object) -> object:
    """A computer player in the window thinks against the clock: her level's ceiling on a decision applies
    (a slow machine cuts her search short rather than freeze the table).  Self-play and the golden games
    leave it off, so they play the same on any machine."""
    if hasattr(agent, "live"):
        agent.live = True
    return agent


def _who(kind: str) -> str:
    """The phase bar's name for a computer player: ``captain (hard)``, ``old captain``, ``scripted player``."""
    base, level = split_kind(kind)
    if base == "captain":
        return f"captain ({level or 'normal'})"
    if base == "captain-v1":
        return "old captain"
    return f"{base} player"


def _accepted(system: RuleSystem, state: object, command: Command) -> bool:
    return not isinstance(system.apply(system.sandbox(state, hold=False), command), Refusal)
