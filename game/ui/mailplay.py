"""The window's way into an e-mail game (game.mail): start one, open a turn file, write the next, list
the games in progress.  Every failure is one line for the window to show; the local game is never left
half-changed (game.mail checks a file in full before keeping anything)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.persistence.user import home, mail_dir

if TYPE_CHECKING:
    from game.mail.link import MailLink

#: Where the window writes the turn files a player sends (he attaches them to an e-mail).
OUTGOING = "turn files"


def outgoing_dir() -> Path:
    return home() / OUTGOING


@dataclass(frozen=True)
class MailGame:
    game_id: str
    label: str


def games() -> list[MailGame]:
    """The e-mail games kept in the user folder, newest first; a damaged one is listed with its trouble."""
    from game.mail.local import LocalGame, MailProblem

    try:
        files = sorted(mail_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    out = []
    for path in files:
        try:
            g = LocalGame.load(path.stem)
            out.append(MailGame(g.game_id, f"{g.record.scenario} as {g.side}: {g.status().split(': ', 1)[-1]}"))
        except MailProblem:
            continue
    return out


def turn_path(link: MailLink) -> Path:
    """Where the next turn file of the game behind ``link`` is written: named by scenario, game and number."""
    g = link.game
    return outgoing_dir() / f"{g.record.scenario}-{g.short}-{g.last_seq + 1:03d}-{g.side}.qdturn"


def start_game(scenario: str, side: str) -> tuple[Path, str] | str:
    """Start an e-mail game and write its first turn file: (the file, what to tell the player), or a reason."""
    from game.mail.link import MailLink
    from game.mail.local import MailProblem, new_game

    try:
        game = new_game(scenario, side)
        game.save()
        link = MailLink(game)
        path = turn_path(link)
        path.parent.mkdir(parents=True, exist_ok=True)
        game.write_turn(path)
    except MailProblem as e:
        return str(e)
    except OSError as e:
        return f"could not write the first turn file: {e.strerror or e}"
    return path, f"Send {path.name} to your opponent; open the reply with Open turn file"


def write_turn(link: MailLink) -> Path | str:
    """Write the next turn file of the game behind ``link``: its path, or why it cannot be written now."""
    path = turn_path(link)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return f"cannot make {path.parent}: {e.strerror or e}"
    return path if link.write_turn(path) else "the turn file was not written (see the log)"
