"""Frame times of the battle window, for ``python main.py --bench``.

Frames are drawn through the real scene (events, update, draw) under the
dummy video driver, with everything a player can switch on at once: grid,
the selected ship's zones and arcs, the tape with a planned segment and its
preview, the fire panel and sight corridor of a hovered enemy, the free tape,
the dice tray rolling and the log.  Each frame moves the mouse a little so
the hover work is redone, as it is when a player moves the mouse.

Each table is measured painted (the miniatures, the sea and its drifting
waves, the painted land) and plain (the plain_table setting), so the art's
cost is there to read; with the camera moving every frame (a pan, or the
camera following the action), when the whole table is drawn again each frame;
and a zoom by the wheel, step by step, on a table with islands.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.content.model import Scenario
    from game.ui.app import QuarterdeckApp
    from game.ui.scenes.battle import BattleScene

ROOT = Path(__file__).resolve().parents[2]


def big_scenario(base, ships_by_id, count: int = 60):
    """``count`` ships in six columns on a 120" x 80" table, built from the squadron scenario's sides."""
    from game.content.model import ScenarioShip, Squadron

    pool = [s for s in ships_by_id.values() if s.rate in ("3rd", "4th", "5th")]
    sides = []
    per_side = count // 2
    for k, side in enumerate(base.sides):
        squadrons = []
        for q in range(3):
            members = []
            for i in range(per_side // 3):
                n = q * (per_side // 3) + i
                cls = pool[(n + k * 7) % len(pool)]
                x = 10 + i * 10.5
                y = 8 + q * 9 if k == 0 else 72 - q * 9
                members.append(ScenarioShip(f"{side.id}_{n}", cls, (x, y, 90.0 if k == 0 else 270.0), "battle",
                                            flagship=(i == 0)))
            squadrons.append(Squadron(f"{side.id}_sq{q}", f"{side.name} {q + 1}", tuple(members)))
        sides.append(replace(side, squadrons=tuple(squadrons)))
    return replace(base, id="squadron", table=(120.0, 80.0), sides=tuple(sides))


def _frames(app, scene, frames: int) -> list[float]:
    import pygame

    state = scene.state
    enemies = [s for s in state.ships.values() if s.side != state.ships[scene.selected].side and s.on_table]
    times = []
    for i in range(frames):
        target = enemies[i % len(enemies)]
        pos = scene.cam.to_screen(target.x + 0.1 * (i % 3), target.y)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        pygame.mouse.set_pos(pos)
        t = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t)
    return times


def _set_up(app: QuarterdeckApp, scenario: Scenario) -> BattleScene:
    """A battle with every overlay on: activated ship, tape planned, grid, measure, dice rolling."""
    from game.persistence.session import Session
    from game.systems.base import Control
    from game.ui.match import Match
    from game.ui.scenes.battle import BattleScene

    match = Match(Session(scenario, app.rules, 7, {}), autosave=False)
    app.open_battle(match)
    scene = app.scene
    assert isinstance(scene, BattleScene)
    app.settings.grid = True
    opts = match.options()
    scene.submit(next(o for o in opts if o.control is Control.SHIP).command())
    scene.selected = match.state.activation.ship
    plan = scene.current_plan()
    assert plan is not None  # the activated ship has a segment to plan
    plan.set_distance((plan.lo + plan.hi) / 2)
    plan.set_turn(plan.allowance / 2)
    st = match.state
    s = st.ships[scene.selected]
    scene.measure = ((s.x, s.y), (s.x + 20, s.y + 15))
    from game.systems.narration import DiceGroup, DiceRoll

    for _ in range(3):
        scene.tray.push(DiceRoll("bench broadside", [DiceGroup(10, [3, 7, 10, 1] * 4, 4), DiceGroup(6, [2, 5] * 8, 4)],
                                 "many hits"))
    return scene


def _stats(times: list[float]) -> dict:
    times = sorted(times)
    return {
        "median_ms": round(statistics.median(times) * 1000, 2),
        "p95_ms": round(times[int(len(times) * 0.95) - 1] * 1000, 2),
        "max_ms": round(times[-1] * 1000, 2),
    }


def _panning(app, scene, frames: int) -> list[float]:
    """Frames with the camera moving a pixel each (back and forth), so the table is drawn afresh every one."""
    times = []
    for i in range(frames):
        scene.cam.pan_pixels(1 if (i // 40) % 2 else -1, 0)
        t = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t)
    return times


def _zooming(app, scene, steps: int = 14) -> list[float]:
    """Frames each one wheel step in (then as many out) about the middle of the view: what a zoom costs."""
    cam = scene.cam
    mid = (cam.view_x + cam.view_w / 2, cam.view_y + cam.view_h / 2)
    times = []
    for factor in [1.15] * steps + [1 / 1.15] * steps:
        cam.zoom_at(*mid, factor)
        t = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t)
    return times


def frame_times(frames: int = 240) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.content.load import load_scenario, scenario_path
    from game.ui.app import QuarterdeckApp

    app = QuarterdeckApp((1600, 900), headless=True)
    app.settings.follow = False  # the camera stays where the bench puts it
    squadron = load_scenario(scenario_path("squadron"), app.ships, app.rules)
    islands = load_scenario(scenario_path("blockade_run"), app.ships, app.rules)
    tables = (
        ("squadron_6_ships", squadron),
        ("table_12_ships", big_scenario(squadron, app.ships, 12)),
        ("table_60_ships", big_scenario(squadron, app.ships)),
    )
    out: dict = {"size": "1600x900", "frames": frames}
    for plain in (False, True):
        app.settings.plain_table = plain
        into = out.setdefault("plain_table", {}) if plain else out
        for name, sc in tables:
            scene = _set_up(app, sc)
            _frames(app, scene, 20)  # warm the caches
            into[name] = {"ships": len(scene.state.ships), **_stats(_frames(app, scene, frames))}
            _panning(app, scene, 10)
            into[name]["camera_moving"] = _stats(_panning(app, scene, frames))
        # a wheel step paints the sea, the land and the ships anew for the zoom: islands, from fitted to close
        into["zooming_blockade_run"] = _stats(_zooming(app, _set_up(app, islands)))
    app.settings.plain_table = False
    out["art_cost_median_ms"] = {
        name: round(out[name]["median_ms"] - out["plain_table"][name]["median_ms"], 2) for name, _ in tables
    }
    out["first_frame_s"] = first_frame_seconds()
    out["memory_mb"] = window_memory()
    return out


#: A child process plays a battle in the window and reports its memory (kB in /proc/self/status).
_MEMORY_PROBE = """
import json, sys
from game.ui.app import QuarterdeckApp
def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS'):
            return int(line.split()[1]) // 1024
    return None
app = QuarterdeckApp((1600, 900), headless=True)
app.settings.animation = 'instant'
app.start_battle('squadron', {'british': 'random', 'french': 'random'}, 1)
scene = app.scene
start = rss()
frames = 0
while scene.state.phase != 'over' and frames < 5000:
    app.step(1 / 60)
    frames += 1
print(json.dumps({'battle_start': start, 'battle_end': rss(), 'frames': frames,
                  'events': len(scene.match.session.events), 'log_lines': len(scene.log.lines)}))
"""


def window_memory() -> dict:
    """Resident memory of the window at the start and the end of a whole battle played in it (fresh process)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", _MEMORY_PROBE], check=True, capture_output=True, env=env, cwd=ROOT, text=True
    )
    import json

    return json.loads(done.stdout.strip().splitlines()[-1])


def first_frame_seconds() -> float:
    """Wall time of a fresh process from start to its first battle frame saved (imports and data included)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = Path(os.environ.get("TMPDIR", "/tmp")) / "quarterdeck-bench-first-frame.png"
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--screenshot", str(out), "--scenario", "squadron"],
        check=True, capture_output=True, env=env,
    )
    return round(time.perf_counter() - t, 3)
