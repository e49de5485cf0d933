"""Write the next xplay script for a person's side: play a whole battle in a real window, chunk by chunk.

Reads the autosave, lets a computer player decide what the human side would
do until the end of its next activation, and turns each decision into the
mouse actions a player makes in the window: click a ship twice to activate
her, drag her along the tape, drag the turning handle, click her to sail,
click an enemy and then the shot in the pop-up, press the action buttons.
The window is fitted to the table after loading, so screen positions follow
from the same camera the game uses.  Used to try the UI the way a player
does (see docs/PLAYTEST.md); not part of the game.

    python tools/xplay_planner.py AUTOSAVE SIDE[,SIDE] OUT_SCRIPT [--size 1600x900]
Prints "over" when the battle has ended, "wait" when it is not a listed side's turn.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import known_kind, make_player  # noqa: E402
from game.content.load import load_default  # noqa: E402
from game.persistence.save import load_save  # noqa: E402
from game.systems.base import Control, Refusal  # noqa: E402
from game.table.geometry import heading_vector  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.panels.actions import actions_for, arrange, tape_id  # noqa: E402
from game.ui.panels.phasebar import HEIGHT as BAR_H  # noqa: E402
from game.ui.scenes.battle import RIGHT_W  # noqa: E402
from game.ui.scenes.battle_input import fire_popup_width  # noqa: E402


def main() -> int:
    save, sides_arg, out = sys.argv[1], sys.argv[2], sys.argv[3]
    w, h = 1600, 900
    sides = sides_arg.split(",")
    rules, ships = load_default()
    session = load_save(save, rules, ships)
    st = session.state
    cam = Camera(1, 1)
    cam.resize(0, BAR_H, w - RIGHT_W, h - BAR_H)
    cam.fit(st.table_width, st.table_height)
    # the pointer enters the window before the first click, as a player's does
    lines = ["wait 1", f"move {w // 2} {h - 20}", "wait 0.5"]
    if st.phase == "over":
        print("over")
        return 0
    system = session.system.id
    # the person at the table plays as the old captain would (the new one is the opponent being tried)
    best = next(k for k in ("captain-v1", "captain", "scripted", "random") if known_kind(k, system))
    agents = {s: make_player(best, session.seed + 17, s, system) for s in sides}
    others: dict = {}
    steps = 0
    last_side = None
    while steps < 40:
        opts = session.legal()
        if not opts:
            break
        side = st.ships[opts[0].ship].side
        if side not in sides:
            act = st.activation
            if act is None or st.ships[act.ship].side not in sides:
                break
            # a computer ship answers (fires as she bears, or holds) in the middle of our activation:
            # the window asks the same deterministic player, so follow its answer here too
            kind = session.players.get(side, best)
            others.setdefault(side, make_player(kind, session.seed, side, system))
            if isinstance(session.submit(others[side].choose(st, opts)), Refusal):
                break
            st = session.state
            lines.append("wait 1.5")
            continue
        if last_side is not None and side != last_side and len(sides) > 1:
            lines += ["click 600 450", "wait 0.5"]  # dismiss the hand-over banner
        last_side = side
        # keep the person out of fire-as-she-bears windows, and off the box-haul button (its tape and key are
        # laid in an order the window takes differently once a broadside has changed the panel)
        shown = opts  # the panel numbers every button it shows, the ones the person never presses too
        opts = [o for o in opts if o.type not in ("fire_as_she_bears", "boxhaul")]
        cmd = agents[side].choose(st, opts)
        cmd = snapped(cmd, opts, st, session.system)
        # a stick at the bow, or a Beat to Quarters segment ahead: measured with the keys a careful player uses
        # and sailed with Enter (a click on the ghost may land on the dice tray when she is under it)
        bow = next((o for o in opts if o.type == cmd.type and o.control is Control.TAPE
                    and (o.measure == "bow" or (cmd.type == "move" and o.measure != "astern"))), None)
        if bow is not None:
            def scr(x, y):
                sx, sy = cam.to_screen(x, y)
                return f"{int(round(sx))} {int(round(sy))}"
            more, cmd = bow_tape(cmd, st, scr, opts, session.system)
            lines += more
        else:
            lines += actions(cmd, st, cam, session, shown, w, h)
        if isinstance(session.submit(cmd), Refusal):
            lines.append(f"# refused: {cmd}")
            break
        st = session.state
        steps += 1
        if cmd.type in ("end_activation", "end_move", "pass", "board", "capture", "scuttle", "share"):
            break
        # a shot ends a Cagway ship's combat action, but not a Beat to Quarters ship's activation: the
        # window autosaves only when the ship to act changes, so a chunk must run on to that point
        act = getattr(st, "activation", None)
        if cmd.type == "fire" and (act is None or getattr(act, "ship", None) != getattr(cmd, "ship", None)):
            break
    lines += ["wait 6", "shot after"]
    Path(out).write_text("\n".join(lines) + "\n")
    print("ok" if steps else "wait")
    return 0


def snapped(cmd, opts, st, system):
    """The command as the window's tape gives it: tenths of an inch (or a stick's mark), whole degrees."""
    from game.ui.tools.tape import SegmentPlan

    astern = bool(getattr(cmd, "astern", False))
    o = next((o for o in opts if o.type == cmd.type and o.ship == getattr(cmd, "ship", None)
              and o.control is Control.TAPE and (o.measure == "astern") == astern), None)
    if o is None or not hasattr(cmd, "distance"):
        return cmd
    plan = SegmentPlan.for_option(st, o)
    plan.set_turn(cmd.turn)
    plan.set_distance(cmd.distance)
    plan.refresh(st, system)  # the stick for this turn, whose marks the tape snaps to
    plan.set_distance(cmd.distance)
    return plan.command()


def actions(cmd, st, cam: Camera, session, opts, w: int, h: int) -> list[str]:
    def scr(x, y):
        sx, sy = cam.to_screen(x, y)
        return f"{int(round(sx))} {int(round(sy))}"

    t = cmd.type
    if t == "activate":
        s = st.ships[cmd.ship]
        return [f"click {scr(s.x, s.y)}", "wait 0.3", f"click {scr(s.x, s.y)}", "wait 0.5"]
    if t == "move":
        s = st.ships[cmd.ship]
        f = heading_vector(s.heading)
        out = []
        if cmd.distance > 0:
            # grab her a little abaft the centre and drag her along the tape
            gx, gy = s.x - f[0] * 0.3, s.y - f[1] * 0.3
            d = cmd.distance
            out += [f"drag {scr(gx, gy)} {scr(gx + f[0] * d, gy + f[1] * d)}", "wait 0.3"]
        else:
            out += ["key End", "wait 0.2"]
        cx, cy = s.x + f[0] * cmd.distance, s.y + f[1] * cmd.distance
        if abs(cmd.turn) > 0:
            r = s.length / 2 + 1.8
            hx, hy = cx + f[0] * r, cy + f[1] * r
            g = heading_vector(s.heading + cmd.turn)
            out += [f"drag {scr(hx, hy)} {scr(cx + g[0] * r, cy + g[1] * r)}", "wait 0.3"]
        # a click on the planned ship sails the segment; then give a computer ship time to fire as she bears
        out += [f"click {scr(cx, cy)}", "wait 2.5"]
        return out
    tapes = [o for o in opts if o.control is Control.TAPE and o.ship == getattr(cmd, "ship", None)]
    tape = next((o for o in tapes if o.type == t and o.measure == ("astern" if getattr(cmd, "astern", False)
                                                                     else o.measure)), None)
    if tape is not None and t != "move":
        default = next((o for o in tapes if o.measure != "astern"), tapes[0])
        lay = [f"key {tape.lay_key}", "wait 0.3"] if tape is not default and tape.lay_key else []
        if tape.measure == "bow":
            lines, _ = bow_tape(cmd, st, scr, opts, session.system)
            return lay + lines
        return lay + laid_tape(cmd, st, scr, session, opts)
    if getattr(cmd, "target", None) is not None and t != "fire_at_will" or t == "fire":
        target = st.ships[cmd.target]
        sx, sy = cam.to_screen(target.x, target.y)
        acts = [a for a in ordered(session, opts, None) if a.target == cmd.target]
        i = next(i for i, a in enumerate(acts) if a.make() == cmd)
        width, hh = fire_popup_width([a.label for a in acts]), len(acts) * 34 + 10
        px = min(sx + 10, w - width - 4)
        py = min(sy + 10, h - hh - 4)
        bx, by = px + 4 + (width - 14) // 2, py + 4 + i * 34 + 15
        return [f"click {int(sx)} {int(sy)}", "wait 0.4", f"click {int(bx)} {int(by)}", "wait 1.5"]
    # anything else: the key of its button in the action panel (1-9, top first), as the panel numbers them
    pre: list[str] = []
    planned = None
    if t == "boxhaul":  # the button sails the distance on the tape: lay it out first
        s = st.ships[cmd.ship]
        f = heading_vector(s.heading)
        gx, gy = s.x - f[0] * 0.3, s.y - f[1] * 0.3
        pre = [f"drag {scr(gx, gy)} {scr(gx + f[0] * cmd.distance, gy + f[1] * cmd.distance)}", "wait 0.3"]
        planned = cmd.distance
    for i, a in enumerate(ordered(session, opts, planned)):
        if i < 9 and a.make() == cmd:
            return pre + [f"key {i + 1}", "wait 1"]
    return [f"# no button for {cmd}"]


def bow_tape(cmd, st, scr, opts, system):
    """A stick laid at her bow, measured as a careful player does: turned with A/D, run out with End and W/S.

    Each key is played on the window's own tape (SegmentPlan, previewed by the
    rule system after each key as the window does every frame), so the keys
    reach exactly the leg the planner submits; a click on the ghost sails it.
    Returns (the xplay lines, the command the window will give).
    """
    from game.ui.tools.tape import SegmentPlan

    opt = next(o for o in opts if o.type == cmd.type and o.ship == cmd.ship and o.control is Control.TAPE)
    plan = SegmentPlan.for_option(st, opt)
    keys: list[str] = []

    def press(key: str) -> None:
        shift = key.startswith("shift+")
        k = key.removeprefix("shift+")
        if k in ("w", "s"):
            step = (1.0 if shift else 0.1) * (1 if k == "w" else -1)
            plan.set_distance((plan.distance if plan.distance is not None else plan.lo) + step)
        elif k == "End":
            plan.set_distance(plan.full())
        else:
            if plan.distance is None:
                plan.set_distance(plan.full())
            plan.set_turn(plan.turn + (5.0 if shift else 1.0) * (1 if k == "d" else -1))
        plan.refresh(st, system)
        keys.append(key)

    press("End")
    for _ in range(60):
        diff = round(cmd.turn) - plan.turn
        if abs(diff) < 0.5:
            break
        press(("shift+" if abs(diff) >= 5 else "") + ("d" if diff > 0 else "a"))
    for _ in range(80):
        diff = cmd.distance - (plan.distance or 0.0)
        if abs(diff) <= 0.05:
            break
        before = plan.distance
        press(("shift+" if abs(diff) >= 1.0 else "") + ("w" if diff > 0 else "s"))
        if plan.distance == before:
            break
    lines = []
    for k in keys:
        lines += [f"key {k}", "wait 0.15"]
    return lines + ["key Return", "wait 2.5"], plan.command()  # Enter sails the planned leg, as a click on her ghost


def laid_tape(cmd, st, scr, session, opts) -> list[str]:
    """A tape laid ahead or astern (deployment, drift): lay it the right way, drag, turn, click her."""
    s = st.ships[cmd.ship]
    astern = bool(getattr(cmd, "astern", False))
    sign = -1.0 if astern else 1.0
    f = heading_vector(s.heading)
    out: list[str] = []
    d = cmd.distance
    if d > 0:
        gx, gy = s.x, s.y
        out += [f"drag {scr(gx, gy)} {scr(gx + sign * f[0] * d, gy + sign * f[1] * d)}", "wait 0.3"]
    else:
        out += ["key w", "key s", "wait 0.2"]  # measure nothing: the tape at its start
    cx, cy = s.x + sign * f[0] * d, s.y + sign * f[1] * d
    if abs(cmd.turn) > 0:
        r = s.length / 2 + 1.8
        hx, hy = cx + f[0] * r, cy + f[1] * r
        g = heading_vector(s.heading + cmd.turn)
        out += [f"drag {scr(hx, hy)} {scr(cx + g[0] * r, cy + g[1] * r)}", "wait 0.3"]
    return out + [f"click {scr(cx, cy)}", "wait 2"]


def ordered(session, opts, distance):
    """The action panel's buttons in the order the window numbers them (the tape laid ahead, as it starts)."""
    tapes = [o for o in opts if o.control is Control.TAPE]
    laid = next((o for o in tapes if o.measure != "astern"), tapes[0]) if tapes else None
    acts = actions_for(opts, tape_id(laid, opts) if laid else None, distance if laid else None)
    return arrange(acts, session.system.groups(), RIGHT_W - 16, lambda words, caption: 7 * len(words))[0]


if __name__ == "__main__":
    sys.exit(main())
