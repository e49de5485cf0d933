"""The scenario editor: a Beat to Quarters scenario made on the table the battle is played on.

The table is drawn by the battle's own painters (camera, table layer,
miniatures), so a scenario looks here as it will in play.  The side panel
holds the document's pages (game.ui.editor.pages); the table takes the mouse
for placing, moving and turning ships, drawing terrain and setting the wind.
Every edit is one step of undo, every refusal says why, and a save is read
back by the game's own reader before a byte is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UISelectionList, UITextEntryBox, UIWindow

from game.content.model import Scenario, ShipClass
from game.content.scenarios import ANCHORS_OPTION
from game.ui.app import Scene
from game.ui.camera import Camera
from game.ui.editor import document as D
from game.ui.editor import files, pages, placing, table_input, table_view
from game.ui.editor.form import Form
from game.ui.editor.history import History
from game.ui.editor.writing import scenarios_dir
from game.ui.render.table import TableLayer
from game.ui.scale import design, px
from game.ui.scale import rect as R

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp

TOP = 46  # the bar of file buttons, design pixels
PANEL_W = 350
STATUS_H = table_view.STATUS_H
#: Degrees Q/E turn a ship, and with Shift.
TURN_STEP, FINE_STEP = 15.0, 5.0


def open_editor(app: QuarterdeckApp, path: str | None = None) -> str | None:
    """The editor in the window, on a new scenario or the file at ``path``; a reason if the file cannot be opened
    (the editor opens on a new scenario then, saying why)."""
    app.replace(EditorScene)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    if path:
        return files.open_file(scene, Path(path))
    return None


class EditorScene(Scene):
    app: QuarterdeckApp
    form: Form  # the side panel's page, laid out afresh with the document
    panel_shows: tuple = ()  # what the page was laid out from (see pages.summary)

    def __init__(self, app: QuarterdeckApp, history: History | None = None, save_path: Path | None = None,
                 saved: Scenario | None = None) -> None:
        """A new scenario, or (coming back from a test-play) the edits as they were, undo and all."""
        super().__init__(app)
        self.history = history or History(D.new_scenario())
        self.saved: Scenario | None = saved  # the document as last saved (None: never)
        self.save_path = save_path
        self.page = "scenario"
        self.tool = "select"  # select | place (a ship) | battery | draw (terrain) | zone_centre | zone (a hold zone)
        self.objective = -1  # the objective the Victory page shows (-1: the exit edges)
        self.story = "description"  # the words the Scenario page's box shows: description | history
        self.selected: str | None = None  # a ship's or a battery's id
        self.selected_terrain: str | None = None
        self.si, self.qi = 0, 0  # the side and squadron new ships join
        self.chosen_class: str | None = None
        self.ship_nation, self.ship_search = "", ""
        self.place_heading = 0.0
        self.new_kind = "island"
        self.corners: list[tuple[float, float]] = []
        self.last_click = (0.0, (0, 0))
        self.drag: dict[str, Any] | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.cam = Camera(1, 1)
        self.layer = TableLayer()
        self.view: Scenario | None = None  # the doc whose table and terrain the layer is painting
        self.preview: tuple[Scenario | None, Any, dict] = (None, None, {})
        self.ghost: tuple[tuple, Any, Any] = ((), None, None)
        self.wind_rect = pygame.Rect(0, 0, 0, 0)
        self.marks_layer: pygame.Surface | None = None  # the objectives' see-through marks are painted on it
        self.dialogs: list[UIWindow] = []
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.confirmed: Any = None
        self.open_window: UIWindow | None = None
        self.open_list: UISelectionList | None = None
        self.open_button: UIButton | None = None
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
        self.after_change()

    def refuse(self, why: str) -> None:
        """Say why an edit was not made, and show the panel as the document is (not as the player typed it)."""
        self.app.say(f"Not done: {why}", seconds=6.0)
        self.build_panel()

    def after_change(self) -> None:
        self.si = min(self.si, len(self.doc.sides) - 1)
        squadrons = self.doc.sides[self.si].squadrons if self.si >= 0 else ()
        self.qi = min(max(self.qi, 0), len(squadrons) - 1)
        self.build_panel(force=False)

    @property
    def dirty(self) -> bool:
        """Edits not in any file: made since the last save (or since it was opened or begun, if never saved)."""
        if self.saved is None:
            return self.history.can_undo
        return not D.same(self.saved, self.doc)

    def undo(self) -> None:
        what = self.history.undo()
        self.app.say(f"Undone: {what}" if what else "Nothing to undo")
        self.after_change()

    def redo(self) -> None:
        what = self.history.redo()
        self.app.say(f"Redone: {what}" if what else "Nothing to redo")
        self.after_change()

    # --- choices the panel makes ------------------------------------------------------------

    def side_index(self) -> int:
        return self.si if 0 <= self.si < len(self.doc.sides) else -1

    def squadron_index(self) -> int:
        si = self.side_index()
        return self.qi if si >= 0 and 0 <= self.qi < len(self.doc.sides[si].squadrons) else -1

    def choose_side(self, si: int) -> None:
        self.si, self.qi = si, 0
        self.build_panel()

    def choose_squadron(self, qi: int) -> None:
        self.qi = qi
        self.build_panel()

    def choose_home(self, si: int, qi: int) -> None:
        self.si, self.qi = si, qi
        self.build_panel()

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
        self.build_panel()

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
        name = self.app.ships[cid].name
        self.app.say(f"Click the table to place {name}; Q/E turn her first.  Right-click or Escape stops placing.")

    def selected_at(self) -> D.ShipAt | None:
        return D.find_ship(self.doc, self.selected) if self.selected else None

    def selected_battery(self) -> D.BatteryAt | None:
        return D.find_battery(self.doc, self.selected) if self.selected else None

    def start_battery(self) -> None:
        if self.side_index() < 0:
            self.refuse("add a side first")
            return
        self.tool, self.selected, self.selected_terrain = "battery", None, None
        self.app.say(f"Click the table where the battery of {self.doc.sides[self.side_index()].name} stands.")

    def choose_story(self, which: str) -> None:
        self.story = which
        self.build_panel()

    def objective_index(self) -> int:
        return self.objective if 0 <= self.objective < len(self.doc.victory.get("objectives") or ()) else -1

    def choose_objective(self, i: int) -> None:
        self.objective = i
        self.build_panel()

    def start_zone(self, i: int, tool: str) -> None:
        """Set objective ``i``'s zone on the table: its circle's centre by a click, or a polygon drawn."""
        self.objective, self.tool, self.corners = i, tool, []
        self.selected = self.selected_terrain = None
        self.app.say("Click the table where the zone's centre goes." if tool == "zone_centre" else
                     "Click the corners of the zone; Enter or a double-click closes it.")
        self.build_panel()

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
        self.turn_selected(None, v % 360)

    def anchor(self, end: str) -> None:
        at = self.selected_at()
        if at is None:
            return
        doc = D.with_ship(self.doc, at, anchored=end)
        if end and not D.has_option(doc, ANCHORS_OPTION):
            doc = D.set_option(doc, ANCHORS_OPTION, True)
            self.app.say("The anchors option is switched on: a ship may start at anchor only with it.")
        self.edit(doc, "anchor her" if end else "weigh her anchor")

    def delete_selected(self) -> None:
        at = self.selected_at()
        if at is not None:
            name = D.ship_at(self.doc, at).ship.name
            self.selected = None
            self.edit(D.remove_ship(self.doc, at), f"delete {name}")
            return
        battery = self.selected_battery()
        if battery is not None:
            self.selected = None
            self.edit(D.remove_battery(self.doc, battery), "delete a battery")
            return
        i = self.selected_terrain_index()
        if i is not None:
            self.selected_terrain = None
            self.edit(D.remove_terrain(self.doc, i), "delete a piece of terrain")

    def turn_selected(self, by: float | None, to: float | None = None) -> None:
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
        # each tab as wide as its word wants, the row filling the panel's width
        weights = [len(words) + 4 for _, words, _ in pages.PAGES]
        x = 4
        for (name, words, tip), weight in zip(pages.PAGES, weights, strict=True):
            tw = (PANEL_W - 8) * weight // sum(weights)
            b = UIButton(R(x, TOP + 2, tw - 2, 30), words, manager=ui, container=self.root,
                         tool_tip_text=tip, object_id=ObjectID(object_id=f"#editor_page_{name}"))
            self.tabs[b] = name
            x += tw
        self.cam.resize(px(PANEL_W), px(TOP), self.app.size[0] - px(PANEL_W), self.app.size[1] - px(TOP + STATUS_H))
        self.panel_box: UIPanel | None = None
        self.build_panel()

    def build_panel(self, force: bool = True) -> None:
        """Lay the side panel's page out from the document; unless ``force``, only if what it shows has changed
        (an edit on the table seldom changes the page, and a page costs a few frames to build)."""
        shown = (self.page, pages.summary(self.page, self))
        if self.panel_box is not None and not force and shown == self.panel_shows:
            self._bar()
            return
        if self.panel_box is not None:
            # words typed and not yet entered are an edit too: made before their field goes
            pending, self.panel_box = self.panel_box, None
            self.form.flush(())
            if self.panel_box is not None:  # the edit laid the panel out again
                pending.kill()
                return
            pending.kill()
        w, h = design(self.app.size)
        self.panel_box = UIPanel(R(2, TOP + 36, PANEL_W - 4, h - TOP - 36 - STATUS_H - 2), starting_height=1,
                                 manager=self.app.ui, container=self.root, object_id=ObjectID(class_id="@card"))
        width = int(design(self.panel_box.get_container().get_size())[0])
        height = int(design(self.panel_box.get_container().get_size())[1])
        self.form = Form(self.app.ui, self.panel_box, width, height)
        pages.build(self.page, self.form, self)
        self.panel_shows = (self.page, pages.summary(self.page, self))
        for b, name in self.tabs.items():
            if name == self.page:
                b.select()
            else:
                b.unselect()
        self._bar()

    def _bar(self) -> None:
        """Undo and redo as there is something to take back or make again; the file and whether it is saved."""
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
        self.form.flush(())  # words typed in a field are kept as an edit before the panel goes
        super().resized(size)
        self._build()

    def keep_clear(self) -> list[pygame.Rect]:
        return [pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h)]

    def message_area(self) -> pygame.Rect | None:
        return pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h)

    # --- windows ---------------------------------------------------------------------------------

    def modal(self) -> UIWindow | None:
        self.dialogs = [d for d in self.dialogs if d.alive()]
        if self.confirm is not None and self.confirm.alive():
            return self.confirm
        return self.dialogs[-1] if self.dialogs else None

    def typing(self) -> bool:
        focus = self.app.ui.get_focus_set() or ()
        return any(isinstance(e, (pygame_gui.elements.UITextEntryLine, UITextEntryBox)) for e in focus)

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.form.event(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            then, self.confirmed = self.confirmed, None
            if then is not None:
                then()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and self.open_window is not None \
                and event.ui_element is self.open_list:
            files.open_chosen(self)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.modal() is not None:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return table_input.mouse(self, event)
        return False

    def _button(self, element) -> bool:
        if element in self.tabs:
            self.page = self.tabs[element]
            self.build_panel()
            return True
        if self.open_window is not None and element is self.open_button:
            files.open_chosen(self)
            return True
        name = self.bar.get(element)
        if name is None:
            return False
        actions = {"new": files.new, "open": files.open_dialog, "save": files.save, "play": files.test_play,
                   "undo": EditorScene.undo, "redo": EditorScene.redo, "menu": files.back_to_menu}
        actions[name](self)
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, event.mod
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if key == pygame.K_ESCAPE:
            window = self.modal()
            if window is not None:
                window.kill()
            elif self.typing():
                self.app.ui.set_focus_set(None)
            elif self.tool != "select":
                self.stop_tool()
            elif self.selected or self.selected_terrain:
                self.selected = self.selected_terrain = None
                self.build_panel()
            else:
                files.back_to_menu(self)
            return True
        if self.modal() is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.modal() is self.open_window:
                files.open_chosen(self)
                return True
            return False
        if (ctrl and key == pygame.K_s) or key == pygame.K_F5:
            self.form.flush(())  # the words being typed are part of what is saved or played
            files.save(self) if key == pygame.K_s else files.test_play(self)
            return True
        if self.typing():
            return False
        shift = bool(mod & pygame.KMOD_SHIFT)
        if ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_o:
            files.open_dialog(self)
        elif ctrl and key == pygame.K_n:
            files.new(self)
        elif key in (pygame.K_q, pygame.K_e):
            step = (FINE_STEP if shift else TURN_STEP) * (-1 if key == pygame.K_q else 1)
            if self.tool == "place":
                self.place_heading = (self.place_heading + step) % 360
            else:
                self.turn_selected(step)
        elif key == pygame.K_DELETE:
            self.delete_selected()
        elif key == pygame.K_HOME:  # the whole table in view again, as in the battle
            self.cam.fit(*self.doc.table)
        elif key == pygame.K_t:
            self.page = "terrain"
            self.start_drawing()
            self.build_panel()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.tool in ("draw", "zone"):
            table_input.close_polygon(self)
        elif key == pygame.K_BACKSPACE and self.tool in ("draw", "zone"):
            if self.corners:
                self.corners.pop()
        else:
            return False
        return True

    def stop_tool(self) -> None:
        zoning = self.tool in ("zone", "zone_centre")
        self.tool, self.corners, self.drag = "select", [], None
        if zoning:
            self.build_panel()
        self.app.message = None  # the placing or drawing instructions are done with

    # --- the frame ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.layer.advance(dt)
        if self.form.flush(self.app.ui.get_focus_set() or ()):
            return

    def hint(self) -> str:
        return table_input.hint(self)

    def draw(self, surface: pygame.Surface) -> None:
        table_view.draw(self, surface)

    def close(self) -> None:
        for window in [*self.dialogs, self.confirm, self.open_window]:
            if window is not None and window.alive():
                window.kill()
        super().close()


