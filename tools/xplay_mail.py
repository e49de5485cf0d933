"""Two windows on one machine finish an e-mail duel by exchanging turn files (docs/PLAYTEST.md).

Player A (top window) starts the game from Two computers; each turn file a
window writes (F6, or the page's buttons) is copied into the other player's
"turn files" folder, as a mail program would save an attachment, and opened
there (F7 or the page's key O, the path typed into the dialog, Enter).  In
between, the player holding the move plays it in his window with the clicks
tools/xplay_planner.py writes from his own copy of the game.

    python tools/xplay_mail.py OUT [--max-steps N]
Needs Xvfb, xdotool and ImageMagick's import.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.xplay_two import PY, ROOT, H, Screen, act  # noqa: E402

#: Player A's window is on top, B's below; where the page's "Start an e-mail game" button is.
START_BUTTON = "1172 182"
#: The open dialog's path line (game.ui.widgets.open_file_dialog: 600x520 at the top centre).
PATH_LINE = "800 160"


def newest(home: Path) -> Path:
    return max((home / "turn files").glob("*.qdturn"), key=lambda p: p.stat().st_mtime)


def local(home: Path):
    """The player's own copy of the game (read in his user folder)."""
    os.environ["QUARTERDECK_HOME"] = str(home)
    from game.mail.local import LocalGame
    from game.persistence.user import mail_dir

    ids = [p.stem for p in mail_dir().glob("*.json")]
    return LocalGame.load(ids[0]) if ids else None


def main() -> int:
    out = Path(sys.argv[1]).resolve()
    max_steps = int(sys.argv[sys.argv.index("--max-steps") + 1]) if "--max-steps" in sys.argv else 600
    out.mkdir(parents=True, exist_ok=True)
    screen = Screen(out, ":85", ("a", "b"), "follow: false\nanimation: fast\n")
    env, homes, shot = screen.env, screen.homes, screen.shot
    dys = {"a": 0, "b": H}
    other = {"a": "b", "b": "a"}
    in_battle = {"a": False, "b": False}
    on_page = {"a": True, "b": False}  # A starts the game from the Two computers page; B is at the menu
    files = 0

    def deliver(sender: str) -> None:
        """The sender's newest file goes to the other player, who opens it in his window."""
        nonlocal files
        to = other[sender]
        sent = newest(homes[sender])
        (homes[to] / "turn files").mkdir(exist_ok=True)
        copy = homes[to] / "turn files" / sent.name
        shutil.copy(sent, copy)
        files += 1
        opener = "key F7" if in_battle[to] else "key o"
        if not in_battle[to] and not on_page[to]:
            act("key t", dys[to], env)
            time.sleep(2)
            on_page[to] = True
        for line in ("move 800 880", opener, "wait 1", f"click {PATH_LINE}", "wait 0.5", "key ctrl+a", f"type {copy}",
                     "key Return", "wait 3"):
            act(line, dys[to], env)
        g = local(homes[to])
        in_battle[to] = bool(g and g.record.session is not None)

    try:
        for line in ("move 800 450", "key t", "wait 2", f"click {START_BUTTON}", "wait 2"):
            act(line, 0, env)
        shot("00-started")
        deliver("a")  # B opens file 1 and answers at once
        shot("01-answered")
        deliver("b")  # A opens file 2: the seed is drawn, the battle opens for A
        shot("02-battle")
        for step in range(1, max_steps + 1):
            if not screen.alive():
                print("a window closed")
                return 1
            ended = [w for w in "ab" if (e := local(homes[w])) is not None and e.record.over]
            if ended:
                time.sleep(4)  # the window that saw the end writes the last turn file itself
                w = ended[0]
                if not local(homes[other[w]]).record.over:
                    deliver(w)
                time.sleep(3)
                shot("99-end")
                print(f"the battle is over: {files} turn files exchanged, {step} steps")
                return 0
            holder = next((w for w in "ab" if (h := local(homes[w])) is not None and h.ball), None)
            if holder is None:
                print("nobody holds the move")
                return 1
            g = local(homes[holder])
            if g.my_move() and not g.waiting_on_dice():
                save = out / "plan.yaml"
                from game.persistence.save import write_save

                write_save(save, g.record.session)
                quiet = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
                res = subprocess.run([PY, "tools/xplay_planner.py", str(save), g.side, str(out / "plan.x")], cwd=ROOT,
                                     capture_output=True, text=True, env=quiet)
                verdict = (res.stdout.strip().splitlines() or ["?"])[-1]
                if verdict != "ok":
                    print(f"planner said {verdict}: {res.stderr[-300:]}")
                    return 1
                for line in (out / "plan.x").read_text().splitlines():
                    act(line, dys[holder], env)
                time.sleep(1.5)
            else:
                act("move 800 880", dys[holder], env)
                act("key F6", dys[holder], env)
                time.sleep(1)
                deliver(holder)
            if step % 15 == 0:
                shot(f"step{step:03d}")
        print("the battle did not end in the steps allowed")
        shot("98-unfinished")
        return 1
    finally:
        screen.close()


if __name__ == "__main__":
    sys.exit(main())
