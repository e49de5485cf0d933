"""The editor's table under the mouse: choosing, placing, moving and turning pieces, drawing terrain, the wind.

Each gesture is checked when it ends (a ship dropped on another, a corner
that would make the coast cross itself): a refused one leaves the document as
it was and says why.  :func:`hint` is the status line's account of what the
mouse would do where it is.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.table.geometry import bearing
from game.ui.editor import document as D
from game.ui.editor import placing, pointer
from game.ui.editor import victory as V

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

#: Degrees a drag of the turning handle snaps to with Shift held.
FINE_STEP = 5.0
#: Pixels the mouse may wander while a piece is clicked without moving it.
STILL = 3
#: Seconds and pixels within which a second click closes the polygon being drawn.
DOUBLE_CLICK = (0.4, 8)


def mouse(scene: EditorScene, event: pygame.event.Event) -> bool:
    """A mouse event over the table; True if the table took it (a drag it started keeps it off the panel)."""
    if event.type == pygame.MOUSEWHEEL:
        mx, my = pygame.mouse.get_pos()
        if scene.cam.contains(mx, my):
            scene.cam.zoom_at(mx, my, 1.15 ** event.y)
            return True
        return False
    pos = event.pos
    scene.mouse = pos
    if event.type == pygame.MOUSEMOTION:
        motion(scene, event)
        return scene.drag is not None
    if event.type == pygame.MOUSEBUTTONUP:
        if scene.drag is not None:
            drop(scene, pos)
            return True
        return False
    if not scene.cam.contains(*pos):
        return False
    at = scene.cam.to_table(*pos)
    if event.button in (2, 3):
        if event.button == 3 and scene.tool != "select":
            scene.stop_tool()
        else:
            scene.drag = {"kind": "pan", "last": pos}
        return True
    if event.button != 1:
        return False
    if scene.tool == "place":
        place(scene, at)
    elif scene.tool == "battery":
        place_battery(scene, at)
    elif scene.tool in ("draw", "zone"):
        corner(scene, at, pos)
    elif scene.tool == "zone_centre":
        zone_centre(scene, at)
    else:
        press(scene, at, pos)
    return True


def press(scene: EditorScene, at: tuple[float, float], pos: tuple[int, int]) -> None:
    rules = scene.app.rules
    if scene.wind_rect.collidepoint(pos):
        scene.drag = {"kind": "wind", "wind": scene.doc.wind_from}
        return
    sel = scene.selected_at()
    if sel is not None:
        s = D.ship_at(scene.doc, sel)
        if pointer.near(scene.cam, pointer.handle_spot(s.pose, rules.base_of(s.ship.rate)[0]), at,
                        pointer.HANDLE_R + pointer.GRACE):
            scene.drag = {"kind": "turn", "pose": s.pose}
            return
    ti = scene.selected_terrain_index()
    if ti is not None:
        corner = pointer.corner_under(scene.doc.terrain[ti], scene.cam, at)
        if corner is not None:
            scene.drag = {"kind": "corner", "index": corner, "points": list(scene.doc.terrain[ti].points)}
            return
    uid = pointer.ship_under(scene.doc, rules, scene.cam, at)
    if uid is not None:
        scene.selected, scene.selected_terrain = uid, None
        s = D.ship_at(scene.doc, D.find_ship(scene.doc, uid) or (0, 0, 0))
        scene.drag = {"kind": "ship", "grab": (at[0] - s.pose[0], at[1] - s.pose[1]), "pose": s.pose, "moved": False,
                      "from": pos}
        if scene.page not in ("ships",):
            scene.page = "ships"
        scene.build_panel(force=False)
        return
    bid = pointer.battery_under(scene.doc, rules, scene.cam, at)
    if bid is not None:
        scene.selected, scene.selected_terrain, scene.page = bid, None, "forts"
        b = D.battery_at(scene.doc, D.find_battery(scene.doc, bid) or (0, 0))
        scene.drag = {"kind": "battery", "grab": (at[0] - b.position[0], at[1] - b.position[1]),
                     "pose": (*b.position, 0.0), "moved": False, "from": pos}
        scene.build_panel(force=False)
        return
    tid = pointer.terrain_under(scene.doc, at)
    scene.selected, scene.selected_terrain = None, tid
    if tid is not None:
        scene.page = "terrain"
    scene.build_panel(force=False)
    scene.drag = {"kind": "pan", "last": pos}


def motion(scene: EditorScene, event: pygame.event.Event) -> None:
    d = scene.drag
    if d is None:
        return
    pos = event.pos
    at = scene.cam.to_table(*pos)
    if d["kind"] == "pan":
        scene.cam.pan_pixels(pos[0] - d["last"][0], pos[1] - d["last"][1])
        d["last"] = pos
    elif d["kind"] == "wind":
        c = scene.wind_rect.center
        d["wind"] = round((math.degrees(math.atan2(pos[0] - c[0], c[1] - pos[1])) + 180) % 360)
    elif d["kind"] in ("ship", "battery"):
        # a click that wobbles is a click: she moves once the mouse has gone a few pixels
        d["moved"] = d["moved"] or math.dist(pos, d["from"]) > STILL
        if d["moved"]:
            x, y = at[0] - d["grab"][0], at[1] - d["grab"][1]
            d["pose"] = (round(x, 1), round(y, 1), d["pose"][2])
    elif d["kind"] == "turn":
        p = d["pose"]
        step = FINE_STEP if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1.0
        h = round(bearing((p[0], p[1]), at) / step) * step % 360
        d["pose"] = (p[0], p[1], h)
    elif d["kind"] == "corner":
        d["points"][d["index"]] = (round(at[0], 1), round(at[1], 1))


def drop(scene: EditorScene, pos: tuple[int, int]) -> None:
    d, scene.drag = scene.drag, None
    if d is None:
        return
    rules = scene.app.rules
    if d["kind"] == "wind":
        scene.edit(replace(scene.doc, wind_from=float(d["wind"]) % 360), "change the wind")
    elif d["kind"] in ("ship", "turn"):
        at = scene.selected_at()
        if at is None or (d["kind"] == "ship" and not d["moved"]):
            return
        s = D.ship_at(scene.doc, at)
        why = placing.ship_problem(scene.doc, rules, s.ship, d["pose"], skip=at)
        if why:
            scene.refuse(why)
            return
        verb = "moved" if d["kind"] == "ship" else "turned"
        scene.edit(D.with_ship(scene.doc, at, pose=d["pose"]), f"{verb} {s.ship.name}")
    elif d["kind"] == "battery":
        battery = scene.selected_battery()
        if battery is None or not d["moved"]:
            return
        spot = (d["pose"][0], d["pose"][1])
        why = placing.battery_problem(scene.doc, rules, spot)
        if why:
            scene.refuse(why)
            return
        scene.edit(D.with_battery(scene.doc, battery, position=spot), "move a battery")
    elif d["kind"] == "corner":
        i = scene.selected_terrain_index()
        if i is None:
            return
        why = placing.terrain_problem(scene.doc, rules, d["points"], skip=i)
        if why:
            scene.refuse(why)
            return
        scene.edit(D.with_terrain(scene.doc, i, points=tuple(d["points"])), "move a corner")


def place(scene: EditorScene, at: tuple[float, float]) -> None:
    cls = scene.app.ships.get(scene.chosen_class or "")
    si, qi = scene.side_index(), scene.squadron_index()
    if cls is None:
        scene.stop_tool()
        return
    if qi < 0:
        scene.refuse("the side has no squadron to join: add one on the Sides page")
        return
    pose = (round(at[0], 1), round(at[1], 1), scene.place_heading)
    why = placing.ship_problem(scene.doc, scene.app.rules, cls, pose)
    if why:
        scene.refuse(why)
        return
    sail = "battle" if "battle" in scene.app.rules.sails else scene.app.rules.sails[0]
    doc, uid = D.add_ship(scene.doc, si, qi, cls, pose, sail)
    scene.selected = uid
    scene.edit(doc, f"place {cls.name}")
    scene.app.say(f"{cls.name} placed with {scene.doc.sides[si].name}.  Click to place another; right-click or "
                 "Escape stops.")


def place_battery(scene: EditorScene, at: tuple[float, float]) -> None:
    si = scene.side_index()
    spot = (round(at[0], 1), round(at[1], 1))
    why = placing.battery_problem(scene.doc, scene.app.rules, spot) if si >= 0 else "add a side first"
    if why:
        scene.refuse(why)
        return
    doc, bid = D.add_battery(scene.doc, si, spot)
    scene.tool, scene.selected = "select", bid
    scene.edit(doc, "place a battery")
    scene.app.say("Battery placed: set its guns, crew and arc on the left; drag it to move it.")


def corner(scene: EditorScene, at: tuple[float, float], pos: tuple[int, int]) -> None:
    now = time.monotonic()
    last_t, last_pos = scene.last_click
    scene.last_click = (now, pos)
    if scene.corners and now - last_t <= DOUBLE_CLICK[0] and math.dist(pos, last_pos) <= DOUBLE_CLICK[1]:
        close_polygon(scene)
        return
    scene.corners.append((round(at[0], 1), round(at[1], 1)))


def zone_centre(scene: EditorScene, at: tuple[float, float]) -> None:
    """The hold zone of the Victory page's objective: a circle round ``at`` (of its radius, or a new one's)."""
    i = scene.objective_index()
    if i < 0:
        scene.stop_tool()
        return
    spot = (round(at[0], 1), round(at[1], 1))
    why = V.centre_problem(scene.doc, spot)
    if why:
        scene.refuse(why)
        return
    aim = V.objectives(scene.doc)[i]
    radius = aim.get("radius") or V.NEW_RADIUS
    scene.tool = "select"
    scene.edit(replace(scene.doc, victory=V.with_objective(scene.doc, i, centre=spot, radius=radius, zone=None)),
               "centre the zone")


def close_polygon(scene: EditorScene) -> None:
    pts = list(scene.corners)
    if scene.tool == "zone":
        i = scene.objective_index()
        why = V.zone_problem(scene.doc, pts) if i >= 0 else "no objective is chosen on the Victory page"
        if why:
            scene.refuse(why)
            return
        scene.tool, scene.corners = "select", []
        scene.edit(replace(scene.doc, victory=V.with_objective(scene.doc, i, zone=tuple(pts), centre=None,
                                                                radius=None)), "draw the zone")
        return
    why = placing.terrain_problem(scene.doc, scene.app.rules, pts)
    if why:
        scene.refuse(why)
        return
    doc, tid = D.add_terrain(scene.doc, scene.new_kind, tuple(pts))
    scene.tool, scene.corners, scene.selected_terrain = "select", [], tid
    scene.edit(doc, f"draw {_a(scene.new_kind)}")


def hint(scene: EditorScene) -> str:
    """What the mouse will do where it is: the status line."""
    pos = scene.mouse
    if scene.drag is not None:
        return {"pan": "Release to stop moving the table", "wind": "Release to set the wind",
                "ship": "Release to put her here", "battery": "Release to put the battery here",
                "turn": "Release to set her heading (Shift: 5\u00b0 steps)",
                "corner": "Release to put the corner here"}[scene.drag["kind"]]
    if scene.tool == "place":
        name = scene.app.ships[scene.chosen_class].name if scene.chosen_class in scene.app.ships else "the ship"
        return f"Click: place {name} (heading {scene.place_heading:g}\u00b0, Q/E turn)  \u00b7  right-click " \
               "or Escape: stop placing"
    if scene.tool == "battery":
        return "Click: place the battery here  \u00b7  right-click or Escape: stop"
    if scene.tool == "zone_centre":
        return "Click: the zone's centre here  \u00b7  right-click or Escape: stop"
    if scene.tool == "zone":
        return (f"Click: add corner {len(scene.corners) + 1} of the zone  \u00b7  Enter or double-click: close it  "
                "\u00b7  Backspace: take back a corner  \u00b7  Escape: abandon it")
    if scene.tool == "draw":
        n = len(scene.corners)
        return (f"Click: add corner {n + 1}  \u00b7  Enter or double-click: close the {scene.new_kind}  \u00b7  "
                "Backspace: take back a corner  \u00b7  Escape: abandon it")
    if not scene.cam.contains(*pos):
        return "Choose a page on the left; every control has a tip under the mouse"
    at = scene.cam.to_table(*pos)
    if scene.wind_rect.collidepoint(pos):
        return "Drag: turn the wind"
    sel = scene.selected_at()
    if sel is not None:
        s = D.ship_at(scene.doc, sel)
        spot = pointer.handle_spot(s.pose, scene.app.rules.base_of(s.ship.rate)[0])
        if pointer.near(scene.cam, spot, at, pointer.HANDLE_R + pointer.GRACE):
            return "Drag: turn her"
    ti = scene.selected_terrain_index()
    if ti is not None and pointer.corner_under(scene.doc.terrain[ti], scene.cam, at) is not None:
        return "Drag: move this corner"
    uid = pointer.ship_under(scene.doc, scene.app.rules, scene.cam, at)
    found = D.find_ship(scene.doc, uid) if uid is not None else None
    if found is not None:
        name = D.ship_at(scene.doc, found).ship.name
        return f"Click: choose {name}  \u00b7  drag: move her  \u00b7  Q/E turn, Delete removes the chosen ship"
    if pointer.battery_under(scene.doc, scene.app.rules, scene.cam, at) is not None:
        return "Click: choose this battery  \u00b7  drag: move it  \u00b7  Delete removes the chosen battery"
    if pointer.terrain_under(scene.doc, at) is not None:
        return "Click: choose this piece of terrain"
    return (f"({at[0]:.1f}, {at[1]:.1f})  \u00b7  drag: move the table  \u00b7  wheel: zoom, Home: all of it  \u00b7  "
            "T: draw terrain")


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
