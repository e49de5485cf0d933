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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.ai import make_player
from game.ai.decide import NoAcceptableCommand, decide
from game.persistence.autosave import autosave_path
from game.persistence.save import write_save
from game.persistence.session import Session
from game.systems.base import Command, Event, Option, Refusal, RuleSystem

HUMAN = "human"

# A shorter GIL switch interval lets the drawing thread in while a player thinks.
sys.setswitchinterval(0.002)


@dataclass
class _Thought:
    token: int
    command: Command | None = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


@dataclass(frozen=True)
class Sequel:
    """Where a battle started from elsewhere (a campaign's engagement) goes on once it is over: the end
    screen offers ``label`` (with ``tip``), and ``go(match)`` takes the finished battle back there."""

    label: str
    tip: str
    go: Callable[[Match], None]


class Match:
    def __init__(
        self, session: Session, autosave: bool = True, autosave_to: Path | None = None, sequel: Sequel | None = None
    ) -> None:
        self.session = session
        self.sequel = sequel
        self.autosave = autosave
        self.autosave_to = autosave_to
        self.players = {side: kind for side, kind in session.players.items()}
        for side in session.state.sides:
            self.players.setdefault(side, HUMAN)
        session.players = dict(self.players)
        self._agents = {
            side: make_player(kind, session.seed, side, session.system.id)
            for side, kind in self.players.items()
            if kind != HUMAN
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
        return side is not None and self.players.get(side) == HUMAN

    @property
    def humans(self) -> list[str]:
        return [s for s, k in self.players.items() if k == HUMAN]

    # --- changing the battle -------------------------------------------------

    def submit(self, command: Command) -> list[Event] | Refusal:
        acting = self._acting()
        result = self.session.submit(command)
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

    def undo(self) -> Command | None:
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
        if side is None or self.is_human(side) or self._thought is not None:
            return
        thought = _Thought(self._token)
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


def _accepted(system: RuleSystem, state: object, command: Command) -> bool:
    return not isinstance(system.apply(system.sandbox(state, hold=False), command), Refusal)
