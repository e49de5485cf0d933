"""The editor's table drawn: the battle's own table layer and miniatures, and the editor's marks over them.

Ships are drawn from the state a battle on the document would start with
(the rule system's own looks), made once per edit; a half-made scenario the
engine cannot set up yet is drawn as bare bases.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import palette as P
from game.ui.editor import document as D
from game.ui.editor import placing, pointer, table_input
from game.ui.editor import victory as V
from game.ui.fonts import blit_text
from game.ui.render import ships as ship_art
from game.ui.render.figures import draw_shapes
from game.ui.render.table import TableLayer, draw_scale_bar, draw_wind
from game.ui.scale import px

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

SELECT_EDGE = (255, 225, 120)
DRAW_EDGE = (255, 240, 200)
#: How far out a chosen battery's arc is drawn, inches (a mark, not a range).
ARC_REACH = 8.0
STATUS_H = 26


def draw(scene: EditorScene, surface: pygame.Surface) -> None:
    surface.fill((16, 20, 26))
    cam = scene.cam
    view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
    clip = surface.get_clip()
    surface.set_clip(view)
    if scene.view is None or (scene.view.table, scene.view.terrain) != (scene.doc.table, scene.doc.terrain):
        scene.view = scene.doc
        scene.layer = TableLayer()  # new art: a cache keyed by the old table's identity must not survive it
    plain = scene.app.settings.plain_table
    scene.layer.draw(surface, cam, scene.view, scene.app.settings.grid, plain=plain, wind_from=scene.doc.wind_from)
    draw_objectives(scene, surface)
    draw_terrain_marks(scene, surface)
    draw_ships(scene, surface, plain)
    draw_scale_bar(surface, cam)
    wind = scene.drag["wind"] if scene.drag is not None and scene.drag["kind"] == "wind" else scene.doc.wind_from
    scene.wind_rect = draw_wind(surface, cam, wind)
    surface.set_clip(clip)
    draw_status(scene, surface)


def pieces(scene: EditorScene) -> tuple[Any, dict]:
    """The rule system's pieces for the document (as a battle on it would start), made once per edit."""
    if scene.preview[0] is not scene.doc:  # the document itself, kept: an id could be a newer one's
        try:
            state, _ = scene.app.system.new_game(scene.doc, 0)
            looks = {sid: scene.app.system.model(state, sid) for sid in state.ships}
        except Exception:  # noqa: BLE001 -- a half-made scenario the engine cannot set up: bases only
            state, looks = None, {}
        scene.preview = (scene.doc, state, looks)
    return scene.preview[1], scene.preview[2]


def draw_ships(scene: EditorScene, surface: pygame.Surface, plain: bool) -> None:
    cam, rules = scene.cam, scene.app.rules
    state, looks = pieces(scene)
    wind = None if plain else scene.doc.wind_from
    colours = {s.id: s.colour for s in scene.doc.sides}
    moving = ("ship", "turn", "battery")
    dragged = scene.selected if scene.drag is not None and scene.drag["kind"] in moving else None
    ship_art.MODELS.new_frame()
    if state is not None:
        for s in state.ships.values():
            pose = scene.drag["pose"] if s.id == dragged and scene.drag is not None else None
            ship_art.draw_ship(surface, cam, s, looks[s.id], colours.get(s.side, (200, 200, 200)), pose=pose,
                               selected=s.id == scene.selected, wind_from=wind, plain=plain)
            if cam.scale >= 4:
                ship_art.draw_label(surface, cam, s, ())
    else:
        for (si, _, _), s in D.ships(scene.doc):
            length, width = rules.base_of(s.ship.rate)
            pts = cam.points(placing.corners(rules, s.ship, s.pose))
            pygame.draw.polygon(surface, scene.doc.sides[si].colour, pts, 2)
    draw_arc(scene, surface, dragged)
    at = scene.selected_at()
    if at is not None:
        s = D.ship_at(scene.doc, at)
        pose = scene.drag["pose"] if dragged and scene.drag is not None else s.pose
        length = rules.base_of(s.ship.rate)[0]
        if dragged and placing.ship_problem(scene.doc, rules, s.ship, pose, skip=at):
            pygame.draw.lines(surface, ship_art.REFUSED_EDGE, True,
                              cam.points(placing.corners(rules, s.ship, pose)), 3)
        bow = cam.to_screen(*pointer.handle_spot(pose, 0.0))
        spot = cam.to_screen(*pointer.handle_spot(pose, length))
        pygame.draw.line(surface, SELECT_EDGE, bow, spot, 2)
        pygame.draw.circle(surface, (0, 0, 0), spot, px(pointer.HANDLE_R) + 2)
        pygame.draw.circle(surface, SELECT_EDGE, spot, px(pointer.HANDLE_R), 2)
    if scene.tool == "place" and scene.chosen_class in scene.app.ships and cam.contains(*scene.mouse):
        draw_ghost(scene, surface, plain)


def draw_arc(scene: EditorScene, surface: pygame.Surface, dragged: str | None) -> None:
    """The chosen battery's arc of fire: its two bounding bearings, a little way out."""
    at = scene.selected_battery()
    if at is None:
        return
    b = D.battery_at(scene.doc, at)
    x, y = (scene.drag["pose"][0], scene.drag["pose"][1]) if dragged and scene.drag is not None else b.position
    centre = scene.cam.to_screen(x, y)
    reach = ARC_REACH
    if b.arc is None:
        pygame.draw.circle(surface, SELECT_EDGE, centre, max(4, round(reach * scene.cam.scale)), 1)
        return
    start, end = b.arc
    sweep = (end - start) % 360 or 360.0
    steps = max(2, int(sweep / 5))
    rim = []
    for k in range(steps + 1):  # clockwise from its first bearing to its last, where the guns bear
        r = math.radians(start + sweep * k / steps)
        rim.append(scene.cam.to_screen(x + math.sin(r) * reach, y + math.cos(r) * reach))
    pygame.draw.lines(surface, SELECT_EDGE, False, [centre, *rim, centre], 2)


def draw_ghost(scene: EditorScene, surface: pygame.Surface, plain: bool) -> None:
    cls = scene.app.ships[scene.chosen_class or ""]
    at = scene.cam.to_table(*scene.mouse)
    pose = (at[0], at[1], scene.place_heading)
    si = max(0, scene.side_index())
    key = (cls.id, si, tuple(side.nation for side in scene.doc.sides))  # her paint follows her side's nation
    if scene.ghost[0] != key:
        try:
            lone = replace(scene.doc, sides=tuple(
                replace(side, squadrons=(replace(side.squadrons[0], ships=()),) if side.squadrons else (),
                        batteries=()) for side in scene.doc.sides), terrain=())
            lone, uid = D.add_ship(lone, si, 0, cls, (scene.doc.table[0] / 2, scene.doc.table[1] / 2, 0.0),
                                   "battle")
            state, _ = scene.app.system.new_game(lone, 0)
            scene.ghost = (key, state.ships[uid], scene.app.system.model(state, uid))
        except Exception:  # noqa: BLE001 -- no miniature to show: the outline alone will do
            scene.ghost = (key, None, None)
    _, ship, look = scene.ghost
    refused = placing.ship_problem(scene.doc, scene.app.rules, cls, pose) is not None
    if ship is not None:
        colour = scene.doc.sides[si].colour if scene.doc.sides else (200, 200, 200)
        ship_art.draw_ship(surface, scene.cam, ship, look, colour, pose=pose, ghost=True, refused=refused,
                           wind_from=None if plain else scene.doc.wind_from, plain=plain)
    else:
        pts = scene.cam.points(placing.corners(scene.app.rules, cls, pose))
        pygame.draw.lines(surface, ship_art.REFUSED_EDGE if refused else ship_art.GHOST_EDGE, True, pts, 2)


def draw_objectives(scene: EditorScene, surface: pygame.Surface) -> None:
    """The objectives' zones and edges as the battle draws them (the rule system's own marks), and the zone of
    the objective the Victory page shows picked out."""
    state, _ = pieces(scene)
    marks = scene.app.system.marks(state) if state is not None else ()
    if marks:  # the marks are see-through: painted on a layer of their own, then laid on the table
        overlay = scene.marks_layer
        if overlay is None or overlay.get_size() != surface.get_size():
            overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            scene.marks_layer = overlay
        overlay.fill((0, 0, 0, 0))
        draw_shapes(overlay, scene.cam, marks)
        surface.blit(overlay, (0, 0))
    i = scene.objective_index() if scene.page == "victory" else -1
    if i < 0:
        return
    aim = V.objectives(scene.doc)[i]
    if aim.get("zone"):
        pygame.draw.lines(surface, SELECT_EDGE, True, scene.cam.points(aim["zone"]), 2)
    elif aim.get("centre") is not None and aim.get("radius"):
        centre = scene.cam.to_screen(*aim["centre"])
        pygame.draw.circle(surface, SELECT_EDGE, centre, max(3, round(aim["radius"] * scene.cam.scale)), 2)
        pygame.draw.circle(surface, SELECT_EDGE, centre, px(4))


def draw_terrain_marks(scene: EditorScene, surface: pygame.Surface) -> None:
    cam = scene.cam
    ti = scene.selected_terrain_index()
    if ti is not None:
        points = scene.drag["points"] if scene.drag is not None and scene.drag["kind"] == "corner" else \
            scene.doc.terrain[ti].points
        pts = cam.points(points)
        pygame.draw.lines(surface, SELECT_EDGE, True, pts, 2)
        for p in pts:
            pygame.draw.circle(surface, (0, 0, 0), p, px(pointer.HANDLE_R) + 1)
            pygame.draw.circle(surface, SELECT_EDGE, p, px(pointer.HANDLE_R) - 1, 2)
    if scene.tool in ("draw", "zone") and scene.corners:
        pts = cam.points(scene.corners)
        if cam.contains(*scene.mouse):
            pts.append(scene.mouse)
        if len(pts) >= 2:
            pygame.draw.lines(surface, DRAW_EDGE, False, pts, 2)
        if len(pts) >= 3:  # where closing it now would run, fainter
            pygame.draw.line(surface, (150, 140, 110), pts[-1], pts[0], 1)
        for p in pts[: len(scene.corners)]:
            pygame.draw.circle(surface, DRAW_EDGE, p, px(4))


def draw_status(scene: EditorScene, surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    bar = pygame.Rect(0, h - px(STATUS_H), w, px(STATUS_H))
    surface.fill((10, 14, 19), bar)
    pygame.draw.line(surface, (60, 66, 74), bar.topleft, bar.topright)
    blit_text(surface, table_input.hint(scene), (px(10), bar.centery), 15, P.TEXT, "midleft")
