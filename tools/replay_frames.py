"""Render frames of the replay viewer to PNG files, to look at it as a player would (no window opened).

    python tools/replay_frames.py [--save FILE] [--out DIR] [--size WxH] [--doc]

Without --save a squadron action is played by the scripted players (seed 3).
Writes start.png (the battle as set up), middle.png (a jump into turn 5, a
ship's card up, the pointer over the timeline), rolling.png (stepped on through a
broadside, its dice settled in the tray) and branch.png (the take-command
window).  --doc also writes the rolling frame to docs/images/replay-example.png.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["QUARTERDECK_HOME"] = tempfile.mkdtemp(prefix="quarterdeck-frames-")  # never the player's files


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--save", help="a save to watch (default: a squadron action played by the scripted players)")
    p.add_argument("--out", default="replay-frames", help="folder for the PNG files")
    p.add_argument("--size", default="1600x900")
    p.add_argument("--doc", action="store_true", help="also write docs/images/replay-example.png")
    args = p.parse_args()

    import pygame

    from game.content.load import load_scenario, scenario_path
    from game.persistence.save import SaveError, load_save
    from game.selfplay import play
    from game.ui.scenes.replay import ReplayScene
    from tests.ui.driver import frames, key, make_app, move_to

    w, h = (int(v) for v in args.size.lower().split("x"))
    app = make_app((w, h))
    if args.save:
        try:
            session = load_save(args.save, app.rules, app.ships)
        except SaveError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        title = Path(args.save).name
    else:
        sc = load_scenario(scenario_path("squadron"), app.ships, app.rules)
        session = play(sc, app.rules, 3, {s.id: "scripted" for s in sc.sides}).session
        title = "squadron, seed 3"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app.open_replay(session, title)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    frames(app, 3)
    app.write_screenshot(out / "start.png")

    tl = scene.timeline
    turn5 = next((t for t in tl.turns if t.turn == 5), tl.turns[len(tl.turns) // 2])
    scene.jump(turn5.first + (turn5.end - turn5.first) // 2)
    scene.selected = scene.acting_ship()
    frames(app, 3)
    bar = scene.bar
    span = tl.activations[len(tl.activations) // 3]
    move_to(app, (round((bar.x_of(span.first) + bar.x_of(span.end)) / 2), bar.bar.centery))
    app.write_screenshot(out / "middle.png")

    steps = session.steps
    fire = next((i for i in range(scene.point, len(steps)) if steps[i].command.type == "fire"), None)
    if fire is not None:
        scene.jump(fire)
        command = steps[fire].command
        firer = getattr(command, "ship", "")
        scene.selected = firer
        a = scene.state.ships[firer]
        b = scene.state.ships.get(getattr(command, "target", ""), a)
        scene.cam.cx, scene.cam.cy = (a.x + b.x) / 2, (a.y + b.y) / 2  # the firer and her target in view
        span_in = max(abs(a.x - b.x) / scene.cam.view_w, abs(a.y - b.y) / scene.cam.view_h) * 1.8
        scene.cam.scale = max(scene.cam.scale, min(scene.cam.view_h / 30, 1 / max(span_in, 1e-6)))
        said = session.events[session.events_at(fire) : session.events_at(fire + 1)]
        rolls = [r for r in (session.system.dice_roll(e, scene.names) for e in said) if r is not None]
        biggest = max(rolls, key=lambda r: sum(len(g.faces) for g in r.groups), default=None)
        key(app, pygame.K_RIGHT)  # the broadside, rolled as it was played
        deadline = time.monotonic() + 20
        while not (scene.tray.current == biggest and scene.tray.settled):  # its biggest roll, on the table
            frames(app)
            if time.monotonic() > deadline:
                break
        frames(app, 10)
        move_to(app, (round(bar.x_of(fire) + 2), bar.bar.centery))
    app.write_screenshot(out / "rolling.png")
    if args.doc:
        doc = ROOT / "docs" / "images" / "replay-example.png"
        doc.parent.mkdir(parents=True, exist_ok=True)
        app.write_screenshot(doc)
        print(doc, doc.stat().st_size, "bytes")

    key(app, pygame.K_t)
    frames(app, 5)
    app.write_screenshot(out / "branch.png")
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
