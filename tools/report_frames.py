"""How smoothly the window runs while it draws an after-action report: frame times before and during.

    python tools/report_frames.py SAVE.yaml [--runs N] [--size WxH]

Opens the saved battle headless at its end screen, steps the window at 60
frames a second for one second with nothing to do, then opens the report and
keeps stepping until it is drawn; prints one JSON line per run with the
frame times (milliseconds) of both stretches and the share of frames over a
60th of a second.  The figures depend on the machine and on what else it is
running: compare runs made side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRAME = 1 / 60


def _times(step, until, limit: float = 120.0) -> tuple[list[float], float]:
    out: list[float] = []
    start = time.perf_counter()
    while not until() and time.perf_counter() - start < limit:
        a = time.perf_counter()
        step(FRAME)
        d = time.perf_counter() - a
        out.append(d)
        time.sleep(max(0.0, FRAME - d))
    return out, time.perf_counter() - start


def _figures(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times) or [0.0]
    return {
        "frames": len(times),
        "median_ms": round(statistics.median(ms), 1),
        "p90_ms": round(ms[int(len(ms) * 0.9)], 1),
        "worst_ms": round(ms[-1], 1),
        "over_budget": round(sum(1 for t in times if t > FRAME) / max(1, len(times)), 3),
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python tools/report_frames.py", description=__doc__.splitlines()[0])
    ap.add_argument("save")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--size", default="1600x900")
    ap.add_argument("--switch", type=float, default=None, help="the interpreter's thread switch interval (seconds)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import tempfile

    os.environ["QUARTERDECK_HOME"] = tempfile.mkdtemp(prefix="qd-frames-")
    from game.persistence.save import SaveError, load_save
    from game.ui.app import QuarterdeckApp
    from game.ui.match import Match
    from game.ui.scenes.end import EndScene

    w, h = (int(v) for v in args.size.split("x"))
    app = QuarterdeckApp((w, h), headless=True)
    try:
        session = load_save(args.save, app.rules, app.ships)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    match = Match(session, autosave=False)
    if args.switch:
        sys.setswitchinterval(args.switch)
    app.open_battle(match)
    for run in range(args.runs):
        app.show_end(match)
        app.step(FRAME)
        end = app.scene
        assert isinstance(end, EndScene)
        clock = time.perf_counter()
        idle, _ = _times(app.step, lambda c=clock: time.perf_counter() - c > 1.0)
        end.open_report()
        view = app.scene
        drawing, seconds = _times(app.step, lambda v=view: v.job is None)
        fps = round(len(drawing) / max(seconds, 1e-9), 1)
        print(json.dumps({"run": run + 1, "draw_s": round(seconds, 2), "fps_while_drawing": fps, "idle": _figures(idle),
                          "drawing": _figures(drawing)}))  # fmt: skip
        app.pop()
        app.pop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
