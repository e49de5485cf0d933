"""A whole e-mail duel played once per test run: two players, two home folders, turn files between them.

Before each file is opened, the receiver's home folder is copied, so a test
can stand in the receiver's shoes at any point of the game and hand him a
tampered file instead of the real one.
"""

import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.mail.cli import computer_moves
from game.mail.local import new_game, open_turn

PLAYERS = {"british": "scripted", "american": "random"}
#: No duel needs more; a runaway exchange fails the test instead of hanging it.
MAX_FILES = 400


@dataclass
class Exchange:
    root: Path
    files: list[Path] = field(default_factory=list)
    #: The receiver's home folder just before file ``seq`` was opened.
    before: dict[int, Path] = field(default_factory=dict)
    homes: dict[str, Path] = field(default_factory=dict)
    games: dict[str, object] = field(default_factory=dict)

    def key_of(self, side):
        local = next((self.homes[side] / "mail").glob("*.json"))
        return json.loads(local.read_text())["key"]


def other(side):
    return next(s for s in PLAYERS if s != side)


def as_player(home):
    os.environ["QUARTERDECK_HOME"] = str(home)


def play_exchange(root, chain_length=None):
    ex = Exchange(root)
    ex.homes = {side: root / side for side in PLAYERS}
    (root / "turns").mkdir(parents=True)
    old = os.environ.get("QUARTERDECK_HOME")
    try:
        as_player(ex.homes["british"])
        kw = {"chain_length": chain_length} if chain_length else {}
        game = new_game("duel", "british", **kw)
        ex.files.append(root / "turns" / "001.qdturn")
        game.write_turn(ex.files[-1])
        who = "american"
        for _ in range(MAX_FILES):
            home = ex.homes[who]
            if home.exists():
                ex.before[len(ex.files)] = shutil.copytree(home, root / "before" / str(len(ex.files)))
            as_player(home)
            game = open_turn(ex.files[-1], **kw).game
            computer_moves(game, PLAYERS[who])
            ex.games[who] = game
            if game.record.over and not game.outbox:
                return ex
            ex.files.append(root / "turns" / f"{len(ex.files) + 1:03d}.qdturn")
            game.write_turn(ex.files[-1])
            who = other(who)
        raise AssertionError(f"no end to the duel in {MAX_FILES} turn files")
    finally:
        if old is None:
            os.environ.pop("QUARTERDECK_HOME", None)
        else:
            os.environ["QUARTERDECK_HOME"] = old


@pytest.fixture(scope="session")
def duel(tmp_path_factory):
    return play_exchange(tmp_path_factory.mktemp("mail-duel"))
