"""What the mouse and keys do on the battle table.

Left button: select a ship; on the active ship, drag her along the tape;
drag the handle to turn; click the planned ship (or Enter) to sail; click an
enemy to fire at her.  Right or middle button drags the table; the wheel
zooms about the cursor.  Keys are listed in ``game.ui.keys`` (F1 shows them).
"""

from __future__ import annotations

import html
import math
from functools import lru_cache
from pathlib import Path

import pygame
import pygame_gui

from game.systems.base import Control
from game.table.geometry import convex_overlap
from game.ui.render.arcs import inside
from game.ui.render.ships import hull_points
from game.ui.render.tape import handle_point
from game.ui.scale import px

HANDLE_RADIUS_PX = 12
DRAG_THRESHOLD_PX = 4


def ship_at(scene, point: tuple[float, float]) -> str | None:
    """The ship whose base is under a table point (the smallest, if bases touch)."""
    best = None
    for s in scene.state.ships.values():
        if not s.on_table:
            continue
        pose = scene.anim.pose(s.id) or s.pose
        dx, dy = point[0] - pose[0], point[1] - pose[1]
        r = max(s.length, s.width) / 2 + 0.1
        if dx * dx + dy * dy > r * r:
            continue
        tiny = [(point[0] - 0.01, point[1] - 0.01), (point[0] + 0.01, point[1] - 0.01), (point[0], point[1] + 0.01)]
        from game.table.geometry import base_corners

        if convex_overlap(base_corners(pose, s.length, s.width), tiny, eps=0.0):
            if best is None or s.length < scene.state.ships[best].length:
                best = s.id
    return best


def on_plan_ship(scene, point) -> bool:
    plan = scene.plan
    if plan is None:
        return False
    s = scene.state.ships[plan.ship]
    for pose in (plan.ghost_pose(), s.pose):
        poly = hull_points(pose, s.length * 1.1, s.width * 1.6)
        if inside(poly, point):
            return True
    return False


def handle_event(scene, event: pygame.event.Event) -> bool:
    if scene.log.handle(event):  # the wheel over the log, or its bar dragged
        return True
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        return _button(scene, event)
    if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is scene.dialog:
        path = event.text
        if scene.dialog_mode == "save":
            scene.save_to(path)
        elif scene.state.phase == "over":
            _load(scene, path)
        else:
            _ask_before_loading(scene, path)
        scene.dialog = None
        return True
    if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is scene.confirm_load:
        path = scene.confirm_load_path
        scene.confirm_load = scene.confirm_load_path = None
        _load(scene, path)
        return True
    if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is scene.confirm_load:
        scene.confirm_load = scene.confirm_load_path = None  # cancelled: the battle in play goes on
        return True
    if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is scene.dialog:
        scene.dialog = None
        return True
    if event.type == pygame.KEYDOWN:
        return _key(scene, event)
    if event.type == pygame.MOUSEWHEEL:
        return wheel(scene, event)
    if event.type == pygame.MOUSEBUTTONDOWN:
        return _press(scene, event)
    if event.type == pygame.MOUSEMOTION:
        return _motion(scene, event)
    if event.type == pygame.MOUSEBUTTONUP:
        return _release(scene, event)
    return False


def wheel(scene, event: pygame.event.Event) -> bool:
    """The wheel scrolls the legend under the pointer, else zooms the table about the pointer."""
    mx, my = pygame.mouse.get_pos()
    if scene.legend.rect is not None and scene.legend.rect.collidepoint(mx, my):
        scene.legend.wheel(event.y)
        return True
    if scene.cam.contains(mx, my):
        scene.cam.zoom_at(mx, my, 1.15 ** event.y)
        return True
    return False


def _load(scene, path: str) -> None:
    err = scene.app.load_game(path)
    if err:
        scene._error(f"Could not load that battle; the current one is untouched.\n{err}")


def _ask_before_loading(scene, path: str) -> None:
    """Loading ends the battle in play: say so, and load only when the player confirms."""
    if scene.confirm_load is not None:
        scene.confirm_load.kill()
    w, h = 460, 220
    rect = pygame.Rect((scene.app.size[0] - w) // 2, (scene.app.size[1] - h) // 2, w, h)
    name = Path(path).name
    from game.ui.scenes.reference import preload_reading_fonts

    preload_reading_fonts(scene.app.ui)  # the file's name is set in bold
    scene.confirm_load = pygame_gui.windows.UIConfirmationDialog(
        rect,
        f"Load <b>{html.escape(name)}</b>? The battle in play (turn {scene.state.turn}) will be closed; "
        "what you have not saved with Ctrl+S is kept only until the loaded battle autosaves.",
        scene.app.ui,
        window_title="Load another battle?",
        action_short_name="Load it",
    )
    scene.confirm_load_path = path


def _button(scene, event) -> bool:
    if event.ui_element is scene.menu_button:
        _menu_popup(scene)
        return True
    if event.ui_element is scene.legend_button:
        scene.legend.toggle()
        return True
    if event.ui_element in scene.popup_buttons:
        what = scene.popup_buttons[event.ui_element]
        _close_popup(scene)
        if callable(what):
            what()
        else:
            scene.do(what)
        return True
    action = scene.actions.clicked(event)
    if action is not None:
        if scene.banner is None:
            scene.do(action)
        return True
    return False


def _menu_popup(scene) -> None:
    items = [
        ("Save… (Ctrl+S)", lambda: scene.open_dialog("save")),
        ("Load… (Ctrl+O)", lambda: scene.open_dialog("load")),
        ("Rules reference (F1)", scene.open_reference),
        ("Legend of the marks (L)", scene.legend.toggle),
        ("Export battle log", lambda: _export(scene)),
        ("Main menu", scene.app.back_to_menu),
    ]
    x = scene.menu_button.get_abs_rect().left - px(120)
    _open_popup(scene, (x, scene.menu_button.get_abs_rect().bottom + 4), items, width=px(210))
    _quiet_tooltip(scene.menu_button, True)  # its tool tip would open over the first items of this very list


def _export(scene) -> None:
    from game.ui.scenes.end import save_battle_log

    try:
        text, _jsonl = save_battle_log(scene.match.session)
    except OSError as e:
        scene._error(f"could not write the battle log: {e.strerror or e}")
        return
    scene.app.say(f"battle log written: {text} (and .jsonl)")


def _open_popup(scene, pos, items, width: int | None = None) -> None:
    _close_popup(scene)
    width = width if width is not None else px(240)
    row = px(34)
    h = len(items) * row + px(10)
    x = min(pos[0], scene.app.size[0] - width - 4)
    y = min(pos[1], scene.app.size[1] - h - 4)
    scene.popup = pygame_gui.elements.UIPanel(
        pygame.Rect(x, y, width, h), starting_height=5, manager=scene.app.ui, container=scene.root
    )
    scene.popup_buttons = {}
    for i, (label, what) in enumerate(items):
        b = pygame_gui.elements.UIButton(
            pygame.Rect(4, 4 + i * row, width - px(14), px(30)), label, manager=scene.app.ui, container=scene.popup,
            tool_tip_text=getattr(what, "tip", None),
        )
        scene.popup_buttons[b] = what


def _close_popup(scene) -> None:
    if scene.popup is not None:
        scene.popup.kill()
    scene.popup = None
    scene.popup_buttons = {}
    scene.popup_target = None
    _quiet_tooltip(scene.menu_button, False)


def _quiet_tooltip(button, quiet: bool) -> None:
    """Hide a button's tool tip (and keep it from coming back while hovered), or let it show again."""
    if quiet:
        if getattr(button, "_quiet_tip", None) is None:
            button._quiet_tip = button.tool_tip_text
        button.tool_tip_text = None
        if button.tool_tip is not None:
            button.tool_tip.kill()
            button.tool_tip = None
    elif getattr(button, "_quiet_tip", None) is not None:
        button.tool_tip_text, button._quiet_tip = button._quiet_tip, None


def _fire_popup(scene, target: str, screen_pos) -> bool:
    """Clicking an enemy that the acting ship can fire at offers the shots at her."""
    acts = [a for a in scene.actions.actions if a.target == target]
    if not acts:
        return False
    width = fire_popup_width([a.label for a in acts])
    _open_popup(scene, (screen_pos[0] + 10, screen_pos[1] + 10), [(a.label, a) for a in acts], width=width)
    scene.popup_target = target  # the shot box stays up beside the pop-up while the player chooses
    return True


def fire_popup_width(labels: list[str]) -> int:
    """Wide enough for the longest shot ("Fire starboard at HMS Indefatigable: chain shot" is cut off
    at a fixed 300 pixels).  Measured with the buttons' own font; tools/xplay_planner.py uses it too."""
    from pathlib import Path

    pygame.font.init()
    f = _button_font(str(Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"), px(14))
    return max(px(300), max((f.size(t)[0] for t in labels), default=0) + px(44))


@lru_cache(maxsize=4)
def _button_font(path: str, size: int) -> pygame.font.Font:
    return pygame.font.Font(path, size)  # pygame_gui's default button font: Noto Sans 14, at the UI scale


def _key(scene, event) -> bool:
    k, mods = event.key, event.mod
    ctrl = mods & pygame.KMOD_CTRL
    shift = mods & pygame.KMOD_SHIFT
    if scene.banner is not None:
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            scene.banner = None
        return True
    if ctrl and k == pygame.K_s:
        scene.open_dialog("save")
        return True
    if ctrl and k == pygame.K_o:
        scene.open_dialog("load")
        return True
    if k == pygame.K_F1:
        scene.open_reference()
        return True
    if k == pygame.K_l and not ctrl:
        scene.legend.toggle()
        return True
    if k == pygame.K_ESCAPE:
        if scene.legend.visible:
            scene.legend.toggle()
        elif scene.popup is not None:
            _close_popup(scene)
        elif scene.measuring:
            scene.measuring, scene.measure = False, None
        elif scene.plan is not None and scene.plan.distance is not None and not scene.plan.aback:
            scene.take_back()
        else:
            scene.selected = None
        return True
    if k == pygame.K_SPACE:
        scene.anim.skip()
        scene.tray.skip()
        return True
    if k == pygame.K_HOME:
        scene.cam.fit(scene.state.table_width, scene.state.table_height)
        return True
    if k == pygame.K_g:
        scene.app.settings.grid = not scene.app.settings.grid
        return True
    if k == pygame.K_m:
        scene.measuring = not scene.measuring
        scene.measure = None
        scene.app.say("measuring tape: drag between two points" if scene.measuring else "measuring tape put away")
        return True
    if k == pygame.K_TAB:
        _cycle(scene)
        return True
    if k == pygame.K_p and not ctrl:
        scene.tray.toggle_pin()
        return True
    if k == pygame.K_BACKSPACE:
        scene.take_back()
        return True
    if not scene.human_to_move():
        return False
    plan = scene.current_plan()
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        if plan is not None:
            scene.commit()
        else:
            _activate_selected(scene)
        return True
    if plan is not None and k in (pygame.K_w, pygame.K_s) and not plan.aback:
        step = (1.0 if shift else 0.1) * (1 if k == pygame.K_w else -1)
        plan.set_distance((plan.distance if plan.distance is not None else plan.lo) + step)
        return True
    if plan is not None and k == pygame.K_END and not plan.aback:
        plan.set_distance(plan.full())
        return True
    if plan is not None and k in (pygame.K_a, pygame.K_d):
        if plan.distance is None:
            plan.set_distance(plan.full())
        plan.set_turn(plan.turn + (5.0 if shift else 1.0) * (1 if k == pygame.K_d else -1))
        return True
    action = scene.actions.for_key(k)
    if action is not None:
        scene.do(action)
        return True
    return False


def _activate_selected(scene) -> None:
    """Enter activates the ship whose card is shown, or the only ship that may act (whatever card is shown:
    an enemy's, looked at while thinking, must not make Enter do nothing)."""
    acts = [o for o in scene.match.options() if o.control is Control.SHIP]
    chosen = next((o for o in acts if o.ship == scene.selected), None)
    if chosen is None and len(acts) == 1:
        chosen = acts[0]
    if chosen is not None:
        scene.submit(chosen.command())
        return
    if acts:
        scene.app.say("click one of the highlighted ships (or Tab), then Enter to activate her")


def _cycle(scene) -> None:
    ids = [o.ship for o in scene.match.options() if o.control is Control.SHIP]
    if not ids:
        ids = [s.id for s in scene.state.ships.values() if s.on_table]
    if not ids:
        return
    i = ids.index(scene.selected) + 1 if scene.selected in ids else 0
    scene.selected = ids[i % len(ids)]


def _press(scene, event) -> bool:
    pos = event.pos
    if not scene.cam.contains(*pos):
        return False
    if scene.popup is not None:
        _close_popup(scene)
    if scene.banner is not None:
        scene.banner = None
        return True
    if event.button == 1 and _tray_click(scene, pos):
        return True
    if scene.legend.visible:  # a click on the table puts the legend away (and does nothing else)
        scene.legend.toggle()
        return True
    point = scene.cam.to_table(*pos)
    scene.press_at = pos
    scene.moved_since_press = False
    if event.button in (2, 3):
        scene.drag = "pan"
        return True
    if event.button != 1:
        return False
    if scene.measuring:
        scene.drag = "measure"
        scene.measure = (point, point)
        return True
    plan = scene.current_plan()
    if plan is not None:
        hx, hy = scene.cam.to_screen(*handle_point(plan, scene.state.ships[plan.ship].length))
        if plan.distance is not None and math.hypot(pos[0] - hx, pos[1] - hy) <= px(HANDLE_RADIUS_PX):
            scene.drag = "turn"
            return True
        if on_plan_ship(scene, point):
            if plan.aback:
                scene.drag = "sail"  # no way on, no tape to drag: a click on her sails the free turn
                return True
            scene.drag = "tape"
            scene.grab = plan.along(point) - (plan.distance or 0.0)
            return True
    scene.drag = "click"
    return True


def _tray_click(scene, pos) -> bool:
    """A click on a recent roll pins it in the tray (again: releases it); a click on a pinned roll releases it."""
    roll = scene.tray.line_at(pos)
    if roll is not None:
        scene.tray.toggle_pin(roll)
        return True
    tray = scene.view.tray_rect
    if tray is not None and tray.collidepoint(pos) and (scene.tray.pinned is not None or scene.tray.peek is not None):
        scene.tray.toggle_pin(scene.tray.peek)
        return True
    return False


def _motion(scene, event) -> bool:
    pos = event.pos
    scene.mouse = scene.cam.to_table(*pos)
    scene.hover = ship_at(scene, scene.mouse) if scene.cam.contains(*pos) else None
    scene.tray.peek = scene.tray.line_at(pos)
    if scene.press_at and math.hypot(pos[0] - scene.press_at[0], pos[1] - scene.press_at[1]) > px(DRAG_THRESHOLD_PX):
        scene.moved_since_press = True
    if scene.drag == "pan":
        scene.cam.pan_pixels(*event.rel)
        return True
    if scene.drag == "measure" and scene.measure:
        scene.measure = (scene.measure[0], scene.mouse)
        return True
    plan = scene.plan
    if plan is not None and scene.drag == "tape" and scene.moved_since_press:
        plan.distance = plan.distance_towards(scene.mouse, scene.grab)
        return True
    if plan is not None and scene.drag == "turn":
        plan.turn = plan.turn_towards(scene.mouse)
        return True
    return False


def _release(scene, event) -> bool:
    drag, scene.drag = scene.drag, None
    pos = event.pos
    point = scene.cam.to_table(*pos)
    clicked = not scene.moved_since_press
    scene.press_at = None
    if drag in ("pan", "measure", "turn"):
        return True
    plan = scene.plan
    if drag == "sail":
        if clicked:
            scene.commit()
        return True
    if drag == "tape":
        if clicked and plan is not None and plan.distance is not None:
            scene.commit()  # a click on the planned ship sails the segment
        elif clicked and plan is not None and plan.distance is None:
            plan.set_distance(plan.full())  # a click on her lays the tape out to the full distance
        return True
    if drag != "click" or event.button != 1:
        return False
    if not clicked:  # a left drag over the table is no click: it must not pick, fire or activate
        return True
    hit = ship_at(scene, point)
    if hit is None:
        return True
    if scene.human_to_move() and _fire_popup(scene, hit, pos):
        return True
    if scene.selected == hit and scene.last_clicked == hit and scene.human_to_move():
        _activate_selected(scene)  # a second click on the ship you picked activates her
    scene.selected = hit
    scene.last_clicked = hit
    return True
