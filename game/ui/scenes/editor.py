"""The scenario editor: a Beat to Quarters scenario made on the table the battle is played on.

The table is drawn by the battle's own painters (camera, table layer,
miniatures), so a scenario looks here as it will in play.  The side panel
holds the document's pages (game.ui.editor.pages); the table takes the mouse
for placing, moving and turning ships, drawing terrain and setting the wind.
Every edit is one step of undo, every refusal says why, and a save is read
back by the game's own reader before a byte is written.
"""

from __future__ import annotations

import html
import math
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UISelectionList, UITextBox, UITextEntryBox, UIWindow

from game.content.model import Scenario, ShipClass
from game.persistence.autosave import home
from game.table.geometry import bearing
from game.ui import palette as P
from game.ui.app import Scene
from game.ui.camera import Camera
from game.ui.editor import document as D
from game.ui.editor import pages, placing, pointer
from game.ui.editor.form import Form
from game.ui.editor.history import History
from game.ui.editor.writing import check_text, save_scenario, scenario_text, scenarios_dir
from game.ui.fonts import blit_text
from game.ui.render import ships as ship_art
from game.ui.render.table import TableLayer, draw_scale_bar, draw_wind
from game.ui.scale import design, px
from game.ui.scale import rect as R

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp

TOP = 46  # the bar of file buttons, design pixels
PANEL_W = 350
STATUS_H = 26
#: Degrees Q/E turn a ship, and with Shift.
TURN_STEP, FINE_STEP = 15.0, 5.0
#: Seconds and pixels within which a second click closes the polygon being drawn.
DOUBLE_CLICK = (0.4, 8)
#: Where a test-played scenario is written (it stays there to be opened again).
TEST_PLAY = "test_play.yaml"
SELECT_EDGE = (255, 225, 120)
DRAW_EDGE = (255, 240, 200)


def open_editor(app: QuarterdeckApp, path: str | None = None) -> str | None:
    """The editor in the window, on a new scenario or the file at ``path``; a reason if the file cannot be opened
    (the editor opens on a new scenario then, saying why)."""
    app.replace(EditorScene)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    if path:
        return scene.open_file(Path(path))
    return None


class EditorScene(Scene):
    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp, doc: Scenario | None = None, save_path: Path | None = None,
                 saved: Scenario | None = None) -> None:
        super().__init__(app)
        self.history = History(doc or D.new_scenario())
        self.saved: Scenario | None = saved  # the document as last saved (None: never)
        self.save_path = save_path
        self.page = "scenario"
        self.tool = "select"  # select | place | draw
        self.selected: str | None = None  # a ship's id
        self.selected_terrain: str | None = None
        self.si, self.qi = 0, 0  # the side and squadron new ships join
        self.chosen_class: str | None = None
        self.ship_nation, self.ship_search = "", ""
        self.place_heading = 0.0
        self.new_kind = "island"
        self.corners: list[tuple[float, float]] = []
        self._last_click = (0.0, (0, 0))
        self.drag: dict[str, Any] | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.cam = Camera(1, 1)
        self.layer = TableLayer()
        self._view: Scenario | None = None  # the doc whose table and terrain the layer is painting
        self._preview: tuple[int, Any, dict] = (-1, None, {})
        self._ghost: tuple[tuple, Any, Any] = ((), None, None)
        self.wind_rect = pygame.Rect(0, 0, 0, 0)
        self.dialogs: list[UIWindow] = []
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self._confirmed: Any = None
        self.open_window: UIWindow | None = None
        self.open_items: dict[str, Path] = {}
        self.problems: list[str] = []
        self._build()
        self.cam.fit(*self.doc.table)

    # --- the document ----------------------------------------------------------------------

    @property
    def doc(self) -> Scenario:
        return self.history.doc

    def edit(self, doc: Scenario, what: str) -> None:
        """Make an edit (one step of undo) and show the panel as it now is."""
        if doc == self.doc:
            return
        self.history.commit(doc, what)
        self._after_change()

    def refuse(self, why: str) -> None:
        self.app.say(f"Not done: {why}", seconds=6.0)

    def _after_change(self) -> None:
        self.si = min(self.si, len(self.doc.sides) - 1)
        squadrons = self.doc.sides[self.si].squadrons if self.si >= 0 else ()
        self.qi = min(max(self.qi, 0), len(squadrons) - 1)
        self._build_panel()

    @property
    def dirty(self) -> bool:
        """Edits not in any file: made since the last save (or since it was opened or begun, if never saved)."""
        if self.saved is None:
            return self.history.can_undo
        return not D.same(self.saved, self.doc)

    def undo(self) -> None:
        what = self.history.undo()
        self.app.say(f"Undone: {what}" if what else "Nothing to undo")
        self._after_change()

    def redo(self) -> None:
        what = self.history.redo()
        self.app.say(f"Redone: {what}" if what else "Nothing to redo")
        self._after_change()

    # --- choices the panel makes ------------------------------------------------------------

    def side_index(self) -> int:
        return self.si if 0 <= self.si < len(self.doc.sides) else -1

    def squadron_index(self) -> int:
        si = self.side_index()
        return self.qi if si >= 0 and 0 <= self.qi < len(self.doc.sides[si].squadrons) else -1

    def choose_side(self, si: int) -> None:
        self.si, self.qi = si, 0
        self._build_panel()

    def choose_squadron(self, qi: int) -> None:
        self.qi = qi
        self._build_panel()

    def choose_home(self, si: int, qi: int) -> None:
        self.si, self.qi = si, qi
        self._build_panel()

    def remove_side(self) -> None:
        si = self.side_index()
        if si < 0:
            return
        self.edit(D.remove_side(self.doc, si), f"remove side {self.doc.sides[si].name}")

    def remove_squadron(self) -> None:
        si, qi = self.side_index(), self.squadron_index()
        if qi < 0:
            return
        self.edit(D.remove_squadron(self.doc, si, qi), "remove a squadron")

    def filter_ships(self, nation: str, search: str) -> None:
        self.ship_nation, self.ship_search = nation, search
        self._build_panel()

    def ship_classes(self) -> list[ShipClass]:
        words = self.ship_search.lower().split()
        out = []
        for c in sorted(self.app.ships.values(), key=lambda c: (c.nation, c.name)):
            if self.ship_nation and c.nation != self.ship_nation:
                continue
            hay = f"{c.name} {c.id} {c.rate} {c.guns} {c.nation}".lower()
            if all(w in hay for w in words):
                out.append(c)
        return out

    def choose_class(self, cid: str) -> None:
        self.chosen_class = cid
        self.tool = "place"
        self.selected = None
        name = self.app.ships[cid].name
        self.app.say(f"Click the table to place {name}; Q/E turn her first.  Right-click or Escape stops placing.")

    def selected_at(self) -> D.ShipAt | None:
        return D.find_ship(self.doc, self.selected) if self.selected else None

    def selected_terrain_index(self) -> int | None:
        return D.terrain_index(self.doc, self.selected_terrain) if self.selected_terrain else None

    def set_new_kind(self, kind: str) -> None:
        self.new_kind = kind

    def start_drawing(self) -> None:
        self.tool, self.corners = "draw", []
        self.selected = self.selected_terrain = None
        self.app.say(f"Click the corners of the new {self.new_kind}; Enter or a double-click closes it.")

    def turn_to(self, text: str) -> None:
        v = pages.number(text, 0, 360, "her heading")
        if isinstance(v, str):
            self.refuse(v)
            return
        self._turn_selected(None, v % 360)

    def anchor(self, end: str) -> None:
        at = self.selected_at()
        if at is None:
            return
        doc = D.with_ship(self.doc, at, anchored=end)
        if end and not D.has_option(doc, "anchors"):
            doc = D.set_option(doc, "anchors", True)
            self.app.say("The anchors option is switched on: a ship may start at anchor only with it.")
        self.edit(doc, "anchor her" if end else "weigh her anchor")

    def delete_selected(self) -> None:
        at = self.selected_at()
        if at is not None:
            name = D.ship_at(self.doc, at).ship.name
            self.selected = None
            self.edit(D.remove_ship(self.doc, at), f"delete {name}")
            return
        i = self.selected_terrain_index()
        if i is not None:
            self.selected_terrain = None
            self.edit(D.remove_terrain(self.doc, i), "delete a piece of terrain")

    def _turn_selected(self, by: float | None, to: float | None = None) -> None:
        at = self.selected_at()
        if at is None:
            return
        s = D.ship_at(self.doc, at)
        heading = round(((s.pose[2] + by) if by is not None else (to or 0.0)) % 360, 1)
        pose = (s.pose[0], s.pose[1], heading)
        why = placing.ship_problem(self.doc, self.app.rules, s.ship, pose, skip=at)
        if why:
            self.refuse(why)
            return
        self.edit(D.with_ship(self.doc, at, pose=pose), f"turn {s.ship.name}")

    # --- layout ------------------------------------------------------------------------------

    def _build(self) -> None:
        for element in list(self.root.elements):
            element.kill()
        ui = self.app.ui
        w, h = design(self.app.size)
        bar = [
            ("new", "New", "A new scenario: an empty 72\u2033 \u00d7 48\u2033 table and two sides; set its size and "
             "wind on the Scenario page.  Ctrl+N"),
            ("open", "Open\u2026", "Open a shipped scenario (saved as your own copy) or one of yours.  Ctrl+O"),
            ("save", "Save", "Check the scenario with the game's own reader and save it to your scenarios folder.  "
             "Ctrl+S"),
            ("play", "Test-play", "Save a copy and play it now; the battle's menu brings you back here.  F5"),
            ("undo", "Undo", "Take back the last edit.  Ctrl+Z"),
            ("redo", "Redo", "Make the edit undone again.  Ctrl+Y"),
            ("menu", "Menu", "Back to the main menu (asks first if there are unsaved edits).  Escape"),
        ]
        self.bar: dict[Any, str] = {}
        x = 8
        for name, words, tip in bar:
            bw = 96 if name != "play" else 104
            b = UIButton(R(x, 7, bw, 32), words, manager=ui, container=self.root, tool_tip_text=tip,
                         object_id=ObjectID(object_id=f"#editor_{name}"))
            self.bar[b] = name
            x += bw + 6
        self.file_label = UILabel(R(x + 6, 11, max(40, w - x - 14), 24), "", manager=ui, container=self.root,
                                  object_id=ObjectID(class_id="@caption"))
        self.tabs: dict[Any, str] = {}
        tw = (PANEL_W - 8) // len(pages.PAGES)
        for i, (name, words, tip) in enumerate(pages.PAGES):
            b = UIButton(R(4 + i * tw, TOP + 2, tw - 2, 30), words, manager=ui, container=self.root,
                         tool_tip_text=tip, object_id=ObjectID(object_id=f"#editor_page_{name}"))
            self.tabs[b] = name
        self.cam.resize(px(PANEL_W), px(TOP), self.app.size[0] - px(PANEL_W), self.app.size[1] - px(TOP + STATUS_H))
        self.panel_box: UIPanel | None = None
        self._build_panel()

    def _build_panel(self) -> None:
        if self.panel_box is not None:
            self.panel_box.kill()
        w, h = design(self.app.size)
        self.panel_box = UIPanel(R(2, TOP + 36, PANEL_W - 4, h - TOP - 36 - STATUS_H - 2), starting_height=1,
                                 manager=self.app.ui, container=self.root, object_id=ObjectID(class_id="@card"))
        width = int(design(self.panel_box.get_container().get_size())[0])
        self.form = Form(self.app.ui, self.panel_box, width)
        pages.build(self.page, self.form, self)
        for b, name in self.tabs.items():
            if name == self.page:
                b.select()
            else:
                b.unselect()
        for b, name in self.bar.items():
            if name == "undo":
                b.enable() if self.history.can_undo else b.disable()
            elif name == "redo":
                b.enable() if self.history.can_redo else b.disable()
        where = self.save_path.name if self.save_path else "not saved yet"
        unsaved = "  \u00b7  unsaved edits" if self.dirty else ""
        self.file_label.set_text(f"{self.doc.name}  \u00b7  {where}{unsaved}")
        self.file_label.set_tooltip(f"Saving writes {self.save_path}" if self.save_path else
                                    f"The first save writes a file in {scenarios_dir()}")

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._build()

    def keep_clear(self) -> list[pygame.Rect]:
        return [pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h)]

    def message_area(self) -> pygame.Rect | None:
        return pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h)

    # --- files ---------------------------------------------------------------------------------

    def new(self) -> None:
        self._unless_unsaved("Start a new scenario?", self._new)

    def _new(self) -> None:
        self.history, self.saved, self.save_path = History(D.new_scenario()), None, None
        self.selected = self.selected_terrain = None
        self.si = self.qi = 0
        self.page = "scenario"
        self.cam.fit(*self.doc.table)
        self._after_change()
        self.app.say("A new scenario: give it a name, a table and a wind, then add ships on the Ships page.")

    def open_file(self, path: Path) -> str | None:
        """Open a scenario file; None, or why not (shown in a window, the document as it was)."""
        from game.content.load import ContentError, load_scenario, scenario_system

        system, _ = scenario_system(path)
        if system != "btq21":
            title = self.app.system_of(system).title if system in _system_ids() else system
            why = (f"{path.name} is a {title} scenario.  This editor makes Beat to Quarters scenarios only, so it "
                   f"cannot open it (its rule book's deployment lines and special pieces have no place here).")
            self.show_problems("Not a Beat to Quarters scenario", [why])
            return why
        try:
            sc = load_scenario(path, self.app.ships, self.app.rules)
        except ContentError as e:
            self.show_problems(f"{path.name} does not load", e.problems)
            return e.problems[0]
        except OSError as e:
            why = f"{path}: {e.strerror or e}"
            self.show_problems("Could not open the file", [why])
            return why
        folder = scenarios_dir()
        mine = path.resolve().parent == folder.resolve() if folder.exists() else False
        target = path if mine else folder / f"{D.fresh_id(path.stem, _stems(folder))}.yaml"
        self.history, self.save_path = History(sc), target
        self.saved = sc if mine else None
        self.selected = self.selected_terrain = None
        self.si = self.qi = 0
        self.cam.fit(*sc.table)
        self._after_change()
        self.app.say(f"Opened {path.name}" + ("" if mine else f"; saving writes your own copy, {target.name}"))
        return None

    def save(self) -> bool:
        """Check and write; True if the file was written."""
        if self.save_path is None:
            folder = scenarios_dir()
            self.save_path = folder / f"{D.fresh_id(D.slug(self.doc.name, 'scenario'), _stems(folder))}.yaml"
        try:
            problems = save_scenario(self.doc, self.save_path, self.app.ships, self.app.rules)
        except OSError as e:
            self.show_problems("Could not save", [f"{self.save_path}: {e.strerror or e}"])
            return False
        if problems:
            self.show_problems("Not saved: the game would refuse this file", problems)
            return False
        self.saved = self.doc
        self._build_panel()
        self.app.say(f"Saved {self.save_path}")
        return True

    def test_play(self) -> None:
        """Save the scenario as it is to a file of its own and start a battle on it, human against human."""
        target = home() / "editor" / TEST_PLAY
        _, problems = check_text(scenario_text(self.doc), target, self.app.ships, self.app.rules)
        if problems:
            self.show_problems("Cannot test-play: the game would refuse this scenario", problems)
            return
        try:
            save_scenario(self.doc, target, self.app.ships, self.app.rules)
        except OSError as e:
            self.show_problems("Could not write the test file", [f"{target}: {e.strerror or e}"])
            return
        doc, save_path, saved = self.doc, self.save_path, self.saved
        # the battle's way back to the menu comes back here, to the same document
        self.app.after_battle = lambda app: EditorScene(app, doc, save_path, saved)
        players = {side.id: "human" for side in doc.sides}
        # start_battle is being taught to take a Path to any scenario file (issue 17)
        error = self.app.start_battle(Path(target), players, None, {})  # type: ignore[arg-type]
        if error:
            self.app.after_battle = None
            self.show_problems("Could not start the test battle", [error, f"The scenario is in {target}."])

    def back_to_menu(self) -> None:
        self._unless_unsaved("Leave the editor?", self.app.back_to_menu)

    def _unless_unsaved(self, question: str, then) -> None:
        if not self.dirty:
            then()
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(460), w - 40), px(200))
        rect.center = (w // 2, h // 2)
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            rect, "The scenario has edits that are not saved; they will be lost.", self.app.ui,
            window_title=question, action_short_name="Lose them",
        )
        self._confirmed = then

    # --- windows ---------------------------------------------------------------------------------

    def show_problems(self, title: str, problems: list[str]) -> UIWindow:
        """The problems in a window, one a line, over the editor (which stays as it was)."""
        self.problems = list(problems)
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(720), w - 40), min(px(380), h - 40))
        rect.center = (w // 2, h // 2)
        window = UIWindow(rect, self.app.ui, window_display_title=title, always_on_top=True,
                          object_id=ObjectID(object_id="#editor_problems"))
        cw, ch = window.get_container().get_size()
        shown = "<br>".join(html.escape(p) for p in problems[:40])
        if len(problems) > 40:
            shown += f"<br>... and {len(problems) - 40} more"
        UITextBox(shown, pygame.Rect(6, 6, cw - 12, ch - 12), manager=self.app.ui, container=window)
        self.dialogs.append(window)
        return window

    def open_dialog(self) -> None:
        from game.content.load import list_scenarios, scenario_path, scenario_system

        if self.open_window is not None and self.open_window.alive():
            self.open_window.kill()
        self.open_items = {}
        items: list[tuple[str, str]] = []
        folder = scenarios_dir()
        for p in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            key = f"#u{len(items)}"
            self.open_items[key] = p
            items.append((f"{p.stem}  (yours)", key))
        for name in list_scenarios():
            p = scenario_path(name)
            system = scenario_system(p)[0]
            note = "shipped" if system == "btq21" else "another rule book's: cannot be edited"
            key = f"#s{len(items)}"
            self.open_items[key] = p
            items.append((f"{name}  ({note})", key))
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(520), w - 40), min(px(520), h - 40))
        rect.center = (w // 2, h // 2)
        self.open_window = UIWindow(rect, self.app.ui, window_display_title="Open a scenario", always_on_top=True,
                                    object_id=ObjectID(object_id="#editor_open"))
        cw, ch = self.open_window.get_container().get_size()
        self.open_list = UISelectionList(pygame.Rect(6, 6, cw - 12, ch - 56), list[str | tuple[str, str]](items),
                                         manager=self.app.ui, container=self.open_window)
        self.open_button = UIButton(pygame.Rect(cw - 126, ch - 44, 120, 38), "Open", manager=self.app.ui,
                                    container=self.open_window, tool_tip_text="Open the scenario chosen.  Enter "
                                    "(or double-click it)")
        self.dialogs.append(self.open_window)

    def _open_chosen(self) -> None:
        got = self.open_list.get_single_selection(include_object_id=True)
        if not isinstance(got, tuple) or got[1] not in self.open_items:
            self.app.say("Choose a scenario in the list first")
            return
        path = self.open_items[got[1]]
        if self.open_window is not None:
            self.open_window.kill()
        self._unless_unsaved("Open another scenario?", lambda: self.open_file(path))

    def _modal(self) -> UIWindow | None:
        self.dialogs = [d for d in self.dialogs if d.alive()]
        if self.confirm is not None and self.confirm.alive():
            return self.confirm
        return self.dialogs[-1] if self.dialogs else None

    def _typing(self) -> bool:
        focus = self.app.ui.get_focus_set() or ()
        return any(isinstance(e, (pygame_gui.elements.UITextEntryLine, UITextEntryBox)) for e in focus)

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.form.event(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            then, self._confirmed = self._confirmed, None
            if then is not None:
                then()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and self.open_window is not None \
                and event.ui_element is getattr(self, "open_list", None):
            self._open_chosen()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self._modal() is not None:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return self._mouse(event)
        return False

    def _button(self, element) -> bool:
        if element in self.tabs:
            self.page = self.tabs[element]
            self._build_panel()
            return True
        if self.open_window is not None and element is getattr(self, "open_button", None):
            self._open_chosen()
            return True
        name = self.bar.get(element)
        if name is None:
            return False
        {"new": self.new, "open": self.open_dialog, "save": self.save, "play": self.test_play, "undo": self.undo,
         "redo": self.redo, "menu": self.back_to_menu}[name]()
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, event.mod
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if key == pygame.K_ESCAPE:
            window = self._modal()
            if window is not None:
                window.kill()
            elif self._typing():
                self.app.ui.set_focus_set(None)
            elif self.tool != "select":
                self._stop_tool()
            elif self.selected or self.selected_terrain:
                self.selected = self.selected_terrain = None
                self._build_panel()
            else:
                self.back_to_menu()
            return True
        if self._modal() is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._modal() is self.open_window:
                self._open_chosen()
                return True
            return False
        if self._typing():
            return False
        shift = bool(mod & pygame.KMOD_SHIFT)
        if ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_o:
            self.open_dialog()
        elif ctrl and key == pygame.K_n:
            self.new()
        elif key == pygame.K_F5:
            self.test_play()
        elif key in (pygame.K_q, pygame.K_e):
            step = (FINE_STEP if shift else TURN_STEP) * (-1 if key == pygame.K_q else 1)
            if self.tool == "place":
                self.place_heading = (self.place_heading + step) % 360
            else:
                self._turn_selected(step)
        elif key == pygame.K_DELETE:
            self.delete_selected()
        elif key == pygame.K_t:
            self.page = "terrain"
            self.start_drawing()
            self._build_panel()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.tool == "draw":
            self._close_polygon()
        elif key == pygame.K_BACKSPACE and self.tool == "draw":
            if self.corners:
                self.corners.pop()
        else:
            return False
        return True

    def _stop_tool(self) -> None:
        self.tool, self.corners, self.drag = "select", [], None
        self.app.say("")

    # --- the table's mouse -------------------------------------------------------------------------

    def _mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos()
            if self.cam.contains(mx, my):
                self.cam.zoom_at(mx, my, 1.15 ** event.y)
                return True
            return False
        pos = event.pos
        self.mouse = pos
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
            return self.drag is not None
        if event.type == pygame.MOUSEBUTTONUP:
            if self.drag is not None:
                self._drop(pos)
                return True
            return False
        if not self.cam.contains(*pos):
            return False
        at = self.cam.to_table(*pos)
        if event.button in (2, 3):
            if event.button == 3 and self.tool != "select":
                self._stop_tool()
            else:
                self.drag = {"kind": "pan", "last": pos}
            return True
        if event.button != 1:
            return False
        if self.tool == "place":
            self._place(at)
        elif self.tool == "draw":
            self._corner(at, pos)
        else:
            self._press(at, pos)
        return True

    def _press(self, at: tuple[float, float], pos: tuple[int, int]) -> None:
        rules = self.app.rules
        if self.wind_rect.collidepoint(pos):
            self.drag = {"kind": "wind", "wind": self.doc.wind_from}
            return
        sel = self.selected_at()
        if sel is not None:
            s = D.ship_at(self.doc, sel)
            if pointer.near(self.cam, pointer.handle_spot(s.pose, rules.base_of(s.ship.rate)[0]), at,
                            pointer.HANDLE_R + pointer.GRACE):
                self.drag = {"kind": "turn", "pose": s.pose}
                return
        ti = self.selected_terrain_index()
        if ti is not None:
            corner = pointer.corner_under(self.doc.terrain[ti], self.cam, at)
            if corner is not None:
                self.drag = {"kind": "corner", "index": corner, "points": list(self.doc.terrain[ti].points)}
                return
        uid = pointer.ship_under(self.doc, rules, self.cam, at)
        if uid is not None:
            self.selected, self.selected_terrain = uid, None
            s = D.ship_at(self.doc, D.find_ship(self.doc, uid) or (0, 0, 0))
            self.drag = {"kind": "ship", "grab": (at[0] - s.pose[0], at[1] - s.pose[1]), "pose": s.pose, "moved": False}
            if self.page not in ("ships",):
                self.page = "ships"
            self._build_panel()
            return
        tid = pointer.terrain_under(self.doc, at)
        self.selected, self.selected_terrain = None, tid
        if tid is not None:
            self.page = "terrain"
        self._build_panel()
        self.drag = {"kind": "pan", "last": pos}

    def _motion(self, event: pygame.event.Event) -> None:
        d = self.drag
        if d is None:
            return
        pos = event.pos
        at = self.cam.to_table(*pos)
        if d["kind"] == "pan":
            self.cam.pan_pixels(pos[0] - d["last"][0], pos[1] - d["last"][1])
            d["last"] = pos
        elif d["kind"] == "wind":
            c = self.wind_rect.center
            d["wind"] = round((math.degrees(math.atan2(pos[0] - c[0], c[1] - pos[1])) + 180) % 360)
        elif d["kind"] == "ship":
            x, y = at[0] - d["grab"][0], at[1] - d["grab"][1]
            d["pose"] = (round(x, 1), round(y, 1), d["pose"][2])
            d["moved"] = True
        elif d["kind"] == "turn":
            p = d["pose"]
            step = FINE_STEP if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1.0
            h = round(bearing((p[0], p[1]), at) / step) * step % 360
            d["pose"] = (p[0], p[1], h)
        elif d["kind"] == "corner":
            d["points"][d["index"]] = (round(at[0], 1), round(at[1], 1))

    def _drop(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        rules = self.app.rules
        if d["kind"] == "wind":
            self.edit(replace(self.doc, wind_from=float(d["wind"]) % 360), "change the wind")
        elif d["kind"] in ("ship", "turn"):
            at = self.selected_at()
            if at is None or (d["kind"] == "ship" and not d["moved"]):
                return
            s = D.ship_at(self.doc, at)
            why = placing.ship_problem(self.doc, rules, s.ship, d["pose"], skip=at)
            if why:
                self.refuse(why)
                return
            verb = "move" if d["kind"] == "ship" else "turn"
            self.edit(D.with_ship(self.doc, at, pose=d["pose"]), f"{verb} {s.ship.name}")
        elif d["kind"] == "corner":
            i = self.selected_terrain_index()
            if i is None:
                return
            why = placing.terrain_problem(self.doc, rules, d["points"], skip=i)
            if why:
                self.refuse(why)
                return
            self.edit(D.with_terrain(self.doc, i, points=tuple(d["points"])), "move a corner")

    def _place(self, at: tuple[float, float]) -> None:
        cls = self.app.ships.get(self.chosen_class or "")
        si, qi = self.side_index(), self.squadron_index()
        if cls is None:
            self._stop_tool()
            return
        if qi < 0:
            self.refuse("the side has no squadron to join: add one on the Sides page")
            return
        pose = (round(at[0], 1), round(at[1], 1), self.place_heading)
        why = placing.ship_problem(self.doc, self.app.rules, cls, pose)
        if why:
            self.refuse(why)
            return
        sail = "battle" if "battle" in self.app.rules.sails else self.app.rules.sails[0]
        doc, uid = D.add_ship(self.doc, si, qi, cls, pose, sail)
        self.selected = uid
        self.edit(doc, f"place {cls.name}")
        self.app.say(f"{cls.name} placed with {self.doc.sides[si].name}.  Click to place another; right-click or "
                     "Escape stops.")

    def _corner(self, at: tuple[float, float], pos: tuple[int, int]) -> None:
        now = time.monotonic()
        last_t, last_pos = self._last_click
        self._last_click = (now, pos)
        if self.corners and now - last_t <= DOUBLE_CLICK[0] and math.dist(pos, last_pos) <= DOUBLE_CLICK[1]:
            self._close_polygon()
            return
        self.corners.append((round(at[0], 1), round(at[1], 1)))

    def _close_polygon(self) -> None:
        pts = list(self.corners)
        why = placing.terrain_problem(self.doc, self.app.rules, pts)
        if why:
            self.refuse(why)
            return
        doc, tid = D.add_terrain(self.doc, self.new_kind, tuple(pts))
        self.tool, self.corners, self.selected_terrain = "select", [], tid
        self.edit(doc, f"draw {_a(self.new_kind)}")

    # --- the frame ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.layer.advance(dt)
        if self.form.flush(self.app.ui.get_focus_set() or ()):
            return

    def hint(self) -> str:
        """What the mouse will do where it is: the status line."""
        pos = self.mouse
        if self.drag is not None:
            return {"pan": "Release to stop moving the table", "wind": "Release to set the wind",
                    "ship": "Release to put her here", "turn": "Release to set her heading (Shift: 5\u00b0 steps)",
                    "corner": "Release to put the corner here"}[self.drag["kind"]]
        if self.tool == "place":
            name = self.app.ships[self.chosen_class].name if self.chosen_class in self.app.ships else "the ship"
            return f"Click: place {name} (heading {self.place_heading:g}\u00b0, Q/E turn)  \u00b7  right-click " \
                   "or Escape: stop placing"
        if self.tool == "draw":
            n = len(self.corners)
            return (f"Click: add corner {n + 1}  \u00b7  Enter or double-click: close the {self.new_kind}  \u00b7  "
                    "Backspace: take back a corner  \u00b7  Escape: abandon it")
        if not self.cam.contains(*pos):
            return "Choose a page on the left; every control has a tip under the mouse"
        at = self.cam.to_table(*pos)
        if self.wind_rect.collidepoint(pos):
            return "Drag: turn the wind"
        sel = self.selected_at()
        if sel is not None:
            s = D.ship_at(self.doc, sel)
            spot = pointer.handle_spot(s.pose, self.app.rules.base_of(s.ship.rate)[0])
            if pointer.near(self.cam, spot, at, pointer.HANDLE_R + pointer.GRACE):
                return "Drag: turn her"
        ti = self.selected_terrain_index()
        if ti is not None and pointer.corner_under(self.doc.terrain[ti], self.cam, at) is not None:
            return "Drag: move this corner"
        uid = pointer.ship_under(self.doc, self.app.rules, self.cam, at)
        if uid is not None:
            return f"Click: choose {uid}  \u00b7  drag: move her  \u00b7  Q/E turn, Delete removes the chosen ship"
        if pointer.terrain_under(self.doc, at) is not None:
            return "Click: choose this piece of terrain"
        return f"({at[0]:.1f}, {at[1]:.1f})  \u00b7  drag: move the table  \u00b7  wheel: zoom  \u00b7  T: draw terrain"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 20, 26))
        cam = self.cam
        view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
        clip = surface.get_clip()
        surface.set_clip(view)
        if self._view is None or (self._view.table, self._view.terrain) != (self.doc.table, self.doc.terrain):
            self._view = self.doc
            self.layer = TableLayer()  # new art: a cache keyed by the old table's identity must not survive it
        plain = self.app.settings.plain_table
        self.layer.draw(surface, cam, self._view, self.app.settings.grid, plain=plain, wind_from=self.doc.wind_from)
        self._draw_terrain_marks(surface)
        self._draw_ships(surface, plain)
        draw_scale_bar(surface, cam)
        wind = self.drag["wind"] if self.drag is not None and self.drag["kind"] == "wind" else self.doc.wind_from
        self.wind_rect = draw_wind(surface, cam, wind)
        surface.set_clip(clip)
        self._draw_status(surface)

    def _looks(self) -> tuple[Any, dict]:
        """The rule system's pieces for the document (as a battle on it would start), made once per edit."""
        if self._preview[0] != id(self.doc) or self._preview[1] is None:
            try:
                state, _ = self.app.system.new_game(self.doc, 0)
                looks = {sid: self.app.system.model(state, sid) for sid in state.ships}
            except Exception:  # noqa: BLE001 -- a half-made scenario the engine cannot set up: bases only
                state, looks = None, {}
            self._preview = (id(self.doc), state, looks)
        return self._preview[1], self._preview[2]

    def _draw_ships(self, surface: pygame.Surface, plain: bool) -> None:
        cam, rules = self.cam, self.app.rules
        state, looks = self._looks()
        wind = None if plain else self.doc.wind_from
        colours = {s.id: s.colour for s in self.doc.sides}
        dragged = self.selected if self.drag is not None and self.drag["kind"] in ("ship", "turn") else None
        ship_art.MODELS.new_frame()
        if state is not None:
            for s in state.ships.values():
                pose = self.drag["pose"] if s.id == dragged and self.drag is not None else None
                ship_art.draw_ship(surface, cam, s, looks[s.id], colours.get(s.side, (200, 200, 200)), pose=pose,
                                   selected=s.id == self.selected, wind_from=wind, plain=plain)
                if cam.scale >= 4:
                    ship_art.draw_label(surface, cam, s, ())
        else:
            for (si, _, _), s in D.ships(self.doc):
                length, width = rules.base_of(s.ship.rate)
                pts = cam.points(placing.corners(rules, s.ship, s.pose))
                pygame.draw.polygon(surface, self.doc.sides[si].colour, pts, 2)
        at = self.selected_at()
        if at is not None:
            s = D.ship_at(self.doc, at)
            pose = self.drag["pose"] if dragged and self.drag is not None else s.pose
            length = rules.base_of(s.ship.rate)[0]
            if dragged and placing.ship_problem(self.doc, rules, s.ship, pose, skip=at):
                pygame.draw.lines(surface, ship_art.REFUSED_EDGE, True,
                                  cam.points(placing.corners(rules, s.ship, pose)), 3)
            bow = cam.to_screen(*pointer.handle_spot(pose, 0.0))
            spot = cam.to_screen(*pointer.handle_spot(pose, length))
            pygame.draw.line(surface, SELECT_EDGE, bow, spot, 2)
            pygame.draw.circle(surface, (0, 0, 0), spot, px(pointer.HANDLE_R) + 2)
            pygame.draw.circle(surface, SELECT_EDGE, spot, px(pointer.HANDLE_R), 2)
        if self.tool == "place" and self.chosen_class in self.app.ships and cam.contains(*self.mouse):
            self._draw_ghost(surface, plain)

    def _draw_ghost(self, surface: pygame.Surface, plain: bool) -> None:
        cls = self.app.ships[self.chosen_class or ""]
        at = self.cam.to_table(*self.mouse)
        pose = (at[0], at[1], self.place_heading)
        si = max(0, self.side_index())
        key = (cls.id, si)
        if self._ghost[0] != key:
            try:
                lone = replace(self.doc, sides=tuple(
                    replace(side, squadrons=(replace(side.squadrons[0], ships=()),) if side.squadrons else (),
                            batteries=()) for side in self.doc.sides), terrain=())
                lone, uid = D.add_ship(lone, si, 0, cls, (self.doc.table[0] / 2, self.doc.table[1] / 2, 0.0),
                                       "battle")
                state, _ = self.app.system.new_game(lone, 0)
                self._ghost = (key, state.ships[uid], self.app.system.model(state, uid))
            except Exception:  # noqa: BLE001 -- no miniature to show: the outline alone will do
                self._ghost = (key, None, None)
        _, ship, look = self._ghost
        refused = placing.ship_problem(self.doc, self.app.rules, cls, pose) is not None
        if ship is not None:
            colour = self.doc.sides[si].colour if self.doc.sides else (200, 200, 200)
            ship_art.draw_ship(surface, self.cam, ship, look, colour, pose=pose, ghost=True, refused=refused,
                               wind_from=None if plain else self.doc.wind_from, plain=plain)
        else:
            pts = self.cam.points(placing.corners(self.app.rules, cls, pose))
            pygame.draw.lines(surface, ship_art.REFUSED_EDGE if refused else ship_art.GHOST_EDGE, True, pts, 2)

    def _draw_terrain_marks(self, surface: pygame.Surface) -> None:
        cam = self.cam
        ti = self.selected_terrain_index()
        if ti is not None:
            points = self.drag["points"] if self.drag is not None and self.drag["kind"] == "corner" else \
                self.doc.terrain[ti].points
            pts = cam.points(points)
            pygame.draw.lines(surface, SELECT_EDGE, True, pts, 2)
            for p in pts:
                pygame.draw.circle(surface, (0, 0, 0), p, px(pointer.HANDLE_R) + 1)
                pygame.draw.circle(surface, SELECT_EDGE, p, px(pointer.HANDLE_R) - 1, 2)
        if self.tool == "draw" and self.corners:
            pts = cam.points(self.corners)
            if cam.contains(*self.mouse):
                pts.append(self.mouse)
            if len(pts) >= 2:
                pygame.draw.lines(surface, DRAW_EDGE, False, pts, 2)
            if len(pts) >= 3:  # where closing it now would run, fainter
                pygame.draw.line(surface, (150, 140, 110), pts[-1], pts[0], 1)
            for p in pts[: len(self.corners)]:
                pygame.draw.circle(surface, DRAW_EDGE, p, px(4))

    def _draw_status(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        bar = pygame.Rect(0, h - px(STATUS_H), w, px(STATUS_H))
        surface.fill((10, 14, 19), bar)
        pygame.draw.line(surface, (60, 66, 74), bar.topleft, bar.topright)
        blit_text(surface, self.hint(), (px(10), bar.centery), 15, P.TEXT, "midleft")

    def close(self) -> None:
        for window in [*self.dialogs, self.confirm, self.open_window]:
            if window is not None and window.alive():
                window.kill()
        super().close()


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _stems(folder: Path) -> list[str]:
    return [p.stem for p in folder.glob("*.yaml")] if folder.is_dir() else []


def _system_ids() -> tuple[str, ...]:
    from game.systems import system_ids

    return tuple(system_ids())
