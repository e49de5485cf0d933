"""What the replay viewer costs on a long battle: reading, memory, jumps, frames and branches, as JSON.

    python tools/replay_figures.py [--save FILE]

Without --save a squadron action is played by the scripted players (seed 3,
343 commands, twelve turns) and saved to a temporary file first.  Times are
wall-clock on this machine; the memory is what tracemalloc counts for the
replayed session (every step keeps the state before it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["QUARTERDECK_HOME"] = tempfile.mkdtemp(prefix="quarterdeck-figures-")


def _ms(values: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(values) * 1000, 2), "max_ms": round(max(values) * 1000, 2)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--save", help="the save to measure (default: a squadron action played by the scripted players)")
    args = p.parse_args()

    from game.content.load import load_default, load_scenario, scenario_path
    from game.persistence.save import SaveError, read_save, replay, write_save
    from game.persistence.session import branch
    from game.selfplay import play

    rules, ships = load_default()
    path = args.save
    if path is None:
        sc = load_scenario(scenario_path("squadron"), ships, rules)
        path = str(Path(os.environ["QUARTERDECK_HOME"]) / "squadron-3.yaml")
        write_save(path, play(sc, rules, 3, {s.id: "scripted" for s in sc.sides}).session)
    figures: dict[str, object] = {"save": Path(path).name, "bytes": Path(path).stat().st_size}
    try:
        t = time.perf_counter()
        doc = read_save(path)
        figures["read_s"] = round(time.perf_counter() - t, 3)
        t = time.perf_counter()
        session = replay(doc, rules, ships, path)
        figures["replay_s"] = round(time.perf_counter() - t, 3)
        again = read_save(path)
        tracemalloc.start()
        kept = replay(again, rules, ships, path)
        figures["session_mb"] = round(tracemalloc.get_traced_memory()[0] / 1e6, 1)
        tracemalloc.stop()
        del kept
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    n = len(session.steps)
    figures["commands"], figures["events"] = n, len(session.events)
    for at in (n // 2, n):
        t = time.perf_counter()
        branch(session, at, {})
        figures[f"branch_at_{at}_s"] = round(time.perf_counter() - t, 3)

    from game.ui.scenes.replay import ReplayScene
    from game.ui.tools.playback import SPEEDS
    from tests.ui.driver import make_app

    app = make_app((1600, 900))
    app.open_replay(session, Path(path).name)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    rng = random.Random(1)
    jumps, jump_frames, idle, playing = [], [], [], []
    for _ in range(200):
        point = rng.randrange(n + 1)
        t = time.perf_counter()
        scene.jump(point)
        jumps.append(time.perf_counter() - t)
    for _ in range(100):
        point = rng.randrange(n + 1)
        t = time.perf_counter()
        scene.jump(point)
        app.step(1 / 60)
        jump_frames.append(time.perf_counter() - t)
    scene.jump(n // 2)
    app.step(1 / 60)
    for _ in range(120):
        t = time.perf_counter()
        app.step(1 / 60)
        idle.append(time.perf_counter() - t)
    scene.playback.speed_index = len(SPEEDS) - 1  # the fastest, 8x
    scene.toggle_play()
    for _ in range(300):
        t = time.perf_counter()
        app.step(1 / 60)
        playing.append(time.perf_counter() - t)
    figures["jump"] = _ms(jumps)
    figures["jump_and_frame"] = _ms(jump_frames)
    figures["frame_idle"] = _ms(idle)
    figures["frame_playing_8x"] = _ms(playing)
    figures["played_8x_in_5s"] = scene.point - n // 2
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
