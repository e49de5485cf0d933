"""What the mouse and keys do in the replay viewer.

The timeline under the table: click or drag to go to any point, hover an
activation to see whose it was.  The table: click a ship for her card, right
or middle drag to pan, the wheel to zoom, M for the measuring tape.  Keys
(listed in ``game.ui.keys.REPLAY_KEYS``, shown on F1's Keys page): Space
plays or pauses, Left/Right one command, with Shift one activation,
PageUp/PageDown one turn, Home/End the start and the end, + and - the speed,
T takes command from here, F fits the table, Escape backs out.
"""

from __future__ import annotations

import math

import pygame
import pygame_gui

from game.ui.scale import px
from game.ui.scenes.battle_input import DRAG_THRESHOLD_PX, ship_at, wheel


def handle_event(scene, event: pygame.event.Event) -> bool:
    if scene.dialog is not None and _dialog(scene, event):
        return True
    if scene.log.handle(event):
        return True
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        name = scene.controls.clicked(event.ui_element)
        if name is not None:
            scene.act(name)
            return True
        return False
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


def _dialog(scene, event: pygame.event.Event) -> bool:
    """The 'take command' window: its buttons, Enter to take command, Escape to cancel."""
    dialog = scene.dialog
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        if event.ui_element is dialog.take_button:
            scene.take_command()
            return True
        if event.ui_element is dialog.cancel_button:
            scene.close_dialog()
            return True
        return scene.controls.clicked(event.ui_element) is not None  # the point stays where the window says
    if event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION:
        # pygame_gui drops the choice when the chosen row is clicked again, leaving the list open: the choice stands
        for menu in dialog.menus.values():
            state = getattr(menu, "current_state", None)
            if state is not None and getattr(state, "options_selection_list", None) is event.ui_element:
                state.should_transition = True
                return True
        return False
    if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is dialog.window:
        scene.dialog = None
        return True
    if event.type == pygame.KEYDOWN:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            scene.take_command()
        elif event.key == pygame.K_ESCAPE:
            scene.close_dialog()
        return True  # the replay's keys wait while the window is open
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return True  # nor may the timeline move the point the window names (a click on the window is its own)
    return False


#: Keys that do what a control does (Shift picks the second name).
_KEYS: dict[int, tuple[str, str]] = {
    pygame.K_SPACE: ("play", "play"),
    pygame.K_LEFT: ("step_back", "activation_back"),
    pygame.K_RIGHT: ("step", "activation"),
    pygame.K_PAGEUP: ("turn_back", "turn_back"),
    pygame.K_PAGEDOWN: ("turn", "turn"),
    pygame.K_HOME: ("start", "start"),
    pygame.K_END: ("end", "end"),
    pygame.K_PLUS: ("faster", "faster"),
    pygame.K_EQUALS: ("faster", "faster"),  # the + key without Shift
    pygame.K_KP_PLUS: ("faster", "faster"),
    pygame.K_MINUS: ("slower", "slower"),
    pygame.K_KP_MINUS: ("slower", "slower"),
    pygame.K_t: ("branch", "branch"),
}


def _key(scene, event) -> bool:
    k = event.key
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if k in _KEYS:
        scene.act(_KEYS[k][1 if shift else 0])
        return True
    if k == pygame.K_F1:
        from game.ui.scenes.reference import ReferenceScene

        scene.app.push(ReferenceScene(scene.app, scene.session.system))
        return True
    if k == pygame.K_f:
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
        ids = [s.id for s in scene.state.ships.values() if s.on_table]
        if ids:
            i = ids.index(scene.selected) + 1 if scene.selected in ids else 0
            scene.selected = ids[i % len(ids)]
        return True
    if k == pygame.K_l:
        scene.legend.toggle()
        return True
    if k == pygame.K_ESCAPE:
        if scene.legend.visible:
            scene.legend.toggle()
        elif scene.measuring:
            scene.measuring, scene.measure = False, None
        elif scene.selected is not None:
            scene.selected = None
        else:
            scene.leave()
        return True
    return False


def _press(scene, event) -> bool:
    pos = event.pos
    scene.press_at = pos
    scene.moved_since_press = False
    if event.button == 1 and scene.bar.hit(pos):
        scene.playback.playing = False
        scene.drag = "scrub"
        scene.jump(scene.bar.point_at(pos[0]))
        return True
    if not scene.cam.contains(*pos):
        return False
    if event.button in (2, 3):
        scene.drag = "pan"
        return True
    if event.button != 1:
        return False
    if scene.measuring:
        point = scene.cam.to_table(*pos)
        scene.drag = "measure"
        scene.measure = (point, point)
        return True
    scene.drag = "click"
    return True


def _motion(scene, event) -> bool:
    pos = event.pos
    scene.mouse = scene.cam.to_table(*pos)
    scene.hover = ship_at(scene, scene.mouse) if scene.cam.contains(*pos) else None
    scene.bar_hover = pos if scene.bar.rect.collidepoint(pos) else None
    if scene.press_at and math.hypot(pos[0] - scene.press_at[0], pos[1] - scene.press_at[1]) > px(DRAG_THRESHOLD_PX):
        scene.moved_since_press = True
    if scene.drag == "scrub":
        scene.jump(scene.bar.point_at(pos[0]))
        return True
    if scene.drag == "pan":
        scene.cam.pan_pixels(*event.rel)
        return True
    if scene.drag == "measure" and scene.measure:
        scene.measure = (scene.measure[0], scene.mouse)
        return True
    return False


def _release(scene, event) -> bool:
    drag, scene.drag = scene.drag, None
    clicked = not scene.moved_since_press
    scene.press_at = None
    if drag in ("scrub", "pan", "measure"):
        return True
    if drag != "click" or event.button != 1:
        return False
    if clicked:
        scene.selected = ship_at(scene, scene.cam.to_table(*event.pos))
    return True
