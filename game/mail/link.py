"""The window's end of an e-mail game: a :class:`game.fair.link.Link` over the player's local game.

Nothing here waits on anyone: the far end is a file the player opens when
it arrives.  The player's commands that roll nothing are played at once;
a command that rolls is fixed with his reveal and its dice wait for the
opponent's answer (a :class:`Notice` with ``waiting`` says so), which is why
the window asks the player to send his turn file then.  Opening the
opponent's file hands :meth:`MailLink.poll` every command it brought, his
own waiting roll first, for the window to play back at its own pace.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.fair.link import Incoming, Notice, Refused, TakenBack
from game.persistence.save import to_document
from game.systems.base import Command

from .local import LocalGame, MailProblem, Opened, open_turn
from .record import TurnProblem


class MailLink:
    def __init__(self, game: LocalGame) -> None:
        self.game = game
        self.sides = frozenset({game.side})
        self.name = f"{game.side} (e-mail)"
        self._queue: list[Incoming] = []
        self._opening: dict[str, Any] | None = None
        self._snapshot()

    @classmethod
    def of(cls, game_id: str) -> MailLink:
        return cls(LocalGame.load(game_id))

    @classmethod
    def from_turn(cls, path: str | Path) -> tuple[MailLink | None, str]:
        """The menu's *Open turn file*: the link of the game the file belongs to (a new one for a first file),
        the file opened on it so that :meth:`poll` plays it back; or None and the reason it was refused."""
        from .local import known
        from .turnfile import TurnError, read_turn

        try:
            game_id = read_turn(path)["game"]
            if known(game_id):
                link = cls.of(game_id)
                if link.open_turn(path) is None:
                    refused = link.poll()[-1]
                    return None, refused.reason if isinstance(refused, Refused) else "refused"
                return link, link.status()
            opened = open_turn(path)
        except (TurnError, MailProblem) as e:
            return None, str(e)
        return cls(opened.game), opened.game.status()

    def _snapshot(self) -> None:
        """The battle the window starts from: the local game as it stood when the seed was first there."""
        session = self.game.record.session
        if self._opening is None and session is not None:
            self._opening = to_document(session)

    # --- the Link protocol -----------------------------------------------------------------

    def opening(self) -> dict[str, Any] | None:
        return self._opening

    def send(self, command: Command) -> None:
        try:
            played = self.game.play(command)
        except TurnProblem as e:
            self._queue.append(Refused(str(e)))
            return
        if played is not None:
            self._queue.append(played)
        else:
            them = self.game.named(self.game.opponent)
            self._queue.append(Notice(f"the dice wait for {them}'s file: send your turn file", waiting=True))

    def take_back(self) -> None:
        try:
            self._queue.append(TakenBack(self.game.take_back()))
        except TurnProblem as e:
            self._queue.append(Refused(str(e)))

    def say(self, text: str) -> None:
        self._queue.append(Refused("no chat in a turn file: write it in your e-mail"))

    def poll(self) -> list[Incoming]:
        out, self._queue = self._queue, []
        return out

    def status(self) -> str:
        return self.game.status()

    def close(self) -> None:
        """Nothing to do: the local game is on disk after every change."""

    # --- the files -----------------------------------------------------------------------

    def open_turn(self, path: str | Path) -> Opened | None:
        """Open the opponent's file; its commands come from :meth:`poll`.  None (and a Refused) if refused."""
        try:
            opened = open_turn(path)
        except MailProblem as e:
            self._queue.append(Refused(str(e)))
            return None
        if opened.game.game_id != self.game.game_id:
            self._queue.append(Refused(f"{path}: a turn file of another e-mail game (opened there)"))
            return None
        self.game = opened.game
        had = self._opening is not None
        self._snapshot()
        if had:
            self._queue.extend(opened.played)
        waiting = self.game.my_move()
        self._queue.append(Notice(self.game.status(), waiting=not waiting))
        return opened

    def write_turn(self, path: str | Path) -> bool:
        try:
            self.game.write_turn(path)
        except (MailProblem, OSError) as e:
            self._queue.append(Refused(str(e)))
            return False
        self._queue.append(Notice(self.game.status(), waiting=True))
        return True

