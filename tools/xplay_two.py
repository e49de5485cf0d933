"""Two windows on one machine play a network duel from their menus to the end screen (docs/PLAYTEST.md).

Starts a virtual X screen 1600x1800, the host's window on top and the
client's below (each its own QUARTERDECK_HOME), and drives both with the
mouse and keys as two players would: the host opens Two computers and
presses Host; the client opens Two computers, types the game code the
host's window shows (read from the host's output, where the game also
prints it) and presses Join.  Then, turn by turn, the player whose side is
to move plays an activation in his own window: tools/xplay_planner.py
writes the clicks from the host's autosave, and they are played with the
window's offset.  Screenshots of both windows go to OUT.

    python tools/xplay_two.py OUT [--max-runs N]
Needs Xvfb, xdotool and ImageMagick's import.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
W, H = 1600, 900
#: The host keeps the page's first choice of side: the duel's first side, the Americans; the client the other.
SIDES = {"american": 0, "british": H}


def sh(*args: str, env=None) -> None:
    subprocess.run(args, check=False, env=env)


#: The X window of each game, by its top (found once both are up): keys go to the focused window, and
#: without a window manager the focus does not follow the pointer.
WINDOWS: dict[int, str] = {}


def find_windows(games, env) -> None:
    """Each game's window by its process and size (SDL makes a small helper window too, which takes no keys)."""
    for game, dy in zip(games, (0, H), strict=True):
        ids = subprocess.run(["xdotool", "search", "--pid", str(game.pid)], capture_output=True, text=True,
                             env=env).stdout.split()
        for wid in ids:
            geo = subprocess.run(["xdotool", "getwindowgeometry", wid], capture_output=True, text=True,
                                 env=env).stdout
            if f"Geometry: {W}x{H}" in geo:
                WINDOWS[dy] = wid
    print(f"windows: {WINDOWS}", flush=True)


def act(line: str, dy: int, env) -> None:
    """One xplay line, played on the window whose top is at ``dy``."""
    parts = line.split()
    if parts and parts[0] in ("key", "type") and dy in WINDOWS:
        sh("xdotool", "windowfocus", "--sync", WINDOWS[dy], env=env)
    if not parts or parts[0].startswith("#"):
        return
    kind = parts[0]
    x = lambda i: parts[i]  # noqa: E731
    y = lambda i: str(int(parts[i]) + dy)  # noqa: E731
    if kind == "wait":
        time.sleep(float(parts[1]))
    elif kind == "move":
        sh("xdotool", "mousemove", x(1), y(2), env=env)
    elif kind == "click":
        sh("xdotool", "mousemove", x(1), y(2), "click", parts[3] if len(parts) > 3 else "1", env=env)
    elif kind == "drag":
        b = parts[5] if len(parts) > 5 else "1"
        x1, y1, x2, y2 = int(parts[1]), int(parts[2]) + dy, int(parts[3]), int(parts[4]) + dy
        sh("xdotool", "mousemove", str(x1), str(y1), "mousedown", b, env=env)
        for i in range(1, 11):
            sh("xdotool", "mousemove", str(x1 + (x2 - x1) * i // 10), str(y1 + (y2 - y1) * i // 10), env=env)
            time.sleep(0.03)
        sh("xdotool", "mouseup", b, env=env)
    elif kind == "wheel":
        sh("xdotool", "mousemove", x(1), y(2), "click", "--repeat", parts[4] if len(parts) > 4 else "1",
           "5" if parts[3] == "down" else "4", env=env)
    elif kind == "key":
        sh("xdotool", "key", *parts[1:], env=env)
    elif kind == "type":
        sh("xdotool", "type", "--delay", "30", "--", " ".join(parts[1:]), env=env)
    elif kind == "shot":
        pass
    time.sleep(0.2)


class Screen:
    """A virtual screen with two games on it, one above the other, each with its own user folder."""

    def __init__(self, out: Path, disp: str, names: tuple[str, str], settings: str) -> None:
        self.out = out
        self.xvfb = subprocess.Popen(["Xvfb", disp, "-screen", "0", f"{W}x{2 * H}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
        self.env = dict(os.environ, DISPLAY=disp, SDL_AUDIODRIVER="dummy")
        self.homes: dict[str, Path] = {}
        self.games: list[subprocess.Popen] = []
        for name, dy in zip(names, (0, H), strict=True):
            home = out / f"{name}-home"
            home.mkdir(exist_ok=True)
            (home / "settings.yaml").write_text(settings)
            self.homes[name] = home
            log = open(out / f"{name}.log", "w")
            self.games.append(subprocess.Popen(
                [PY, "main.py"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                env=dict(self.env, QUARTERDECK_HOME=str(home), SDL_VIDEO_WINDOW_POS=f"0,{dy}"),
            ))
        time.sleep(float(os.environ.get("XPLAY_START", "10")))
        find_windows(self.games, self.env)

    def shot(self, name: str) -> None:
        sh("import", "-window", "root", str(self.out / f"{name}.png"), env=self.env)

    def alive(self) -> bool:
        return all(g.poll() is None for g in self.games)

    def close(self) -> None:
        for g in self.games:
            g.terminate()
        self.xvfb.terminate()


def main() -> int:
    out = Path(sys.argv[1]).resolve()
    max_runs = int(sys.argv[sys.argv.index("--max-runs") + 1]) if "--max-runs" in sys.argv else 300
    out.mkdir(parents=True, exist_ok=True)
    screen = Screen(out, ":87", ("host", "client"), "follow: false\n")
    env, homes, shot, alive = screen.env, screen.homes, screen.shot, screen.alive

    try:
        shot("00-menus")
        for line in ("move 800 450", "key t", "wait 2", "key h", "wait 3"):
            act(line, 0, env)
        shot("01-hosting")
        code = None
        for _ in range(40):
            m = re.search(r"Game code: ([A-Z0-9]+)", (out / "host.log").read_text())
            if m:
                code = m.group(1)
                break
            time.sleep(0.5)
        if code is None:
            print("the host's window never said its code")
            return 1
        print(f"host's code: {code}")
        for line in ("move 800 450", "key t", "wait 2"):
            act(line, H, env)
        # the address is filled in for this computer already; the code goes in its field
        page = ROOT / "game" / "ui" / "scenes" / "network.py"
        assert page.exists()
        shot("02-join-page")
        code_field = os.environ.get("XPLAY_CODE_FIELD", "678 191")
        for line in (f"click {code_field}", f"type {code}", "key Escape", "key j", "wait 4"):
            act(line, H, env)
        shot("03-joined")
        save = homes["host"] / "autosave.yaml"
        for run in range(1, max_runs + 1):
            if not alive():
                print("a window closed")
                return 1
            played = False
            for side, dy in SIDES.items():
                script = out / "plan.x"
                quiet = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
                res = subprocess.run([PY, "tools/xplay_planner.py", str(save), side, str(script)], cwd=ROOT,
                                     capture_output=True, text=True, env=quiet)
                verdict = (res.stdout.strip().splitlines() or ["?"])[-1]
                if verdict == "over":
                    time.sleep(4)
                    shot("99-end")
                    print(f"the battle is over after {run - 1} runs")
                    return 0
                if verdict == "ok":
                    for line in script.read_text().splitlines():
                        act(line, dy, env)
                    time.sleep(1.5)
                    played = True
                    if run % 10 == 1:
                        shot(f"run{run:03d}-{side}")
                    break
                if verdict != "wait":
                    print(f"planner failed: {res.stderr[-400:]}")
                    return 1
            if not played:
                time.sleep(2)
        print("the battle did not end in the runs allowed")
        shot("98-unfinished")
        return 1
    finally:
        screen.close()


if __name__ == "__main__":
    sys.exit(main())
