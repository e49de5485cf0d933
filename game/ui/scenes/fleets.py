"""The fleet builder: buy a side's ships for a budget, in squadrons, and keep the fleet in a file.

The ships a nation may buy are listed on the left with their prices (their
card's figures in a tool tip and in the box under the list); the fleet is on
the right, squadron by squadron.  Every change goes through a
:class:`~game.fleets.edit.Builder`, which refuses one that would take the
fleet over her budget and says why, and keeps the fleets before it for Undo
(Ctrl+Z).  A fleet is saved by its name under the user's fleets folder, and
a saved one can be opened again; Escape goes back to the menu (twice, when
the fleet has changes not saved).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIMessageWindow

from game.content.yaml_nodes import ContentError
from game.files import FileProblem
from game.fleets.edit import Builder, new_fleet
from game.fleets.files import fleets_dir, list_fleets, load_fleet, save_fleet
from game.fleets.model import Fleet
from game.fleets.value import (
    SYSTEM_NAMES,
    SYSTEMS,
    Offer,
    budgets,
    catalogue,
    flags,
    fleet_points,
    gifford_points,
    offer,
    qualities,
    ship_points,
)
from game.ui.app import Scene
from game.ui.fonts import message as shown_message
from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.reference import select_item
from game.ui.widgets import Backdrop, button, label

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp

#: What the crew menu calls a ship's own class's crew.
OWN_CREW = "class's own"
#: Characters of a file name made from a fleet's name.
MAX_FILE_NAME = 60


def file_name(name: str) -> str:
    """A fleet's name as a file name: letters, digits, - and _ (spaces become _), or "fleet"."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", name.strip()).strip("_")[:MAX_FILE_NAME]
    return f"{stem or 'fleet'}.yaml"


def nation_label(nation: str) -> str:
    return nation.replace("_", " ").capitalize()


def offer_text(o: Offer) -> str:
    kind = f"{o.kind} rate" if o.kind[0].isdigit() else o.kind
    crew = f", {o.quality}" if o.quality else ""
    return f"{o.name} \u2014 {kind}, {o.guns} guns{crew}: {o.points}"


def saved_line(path: Path) -> str:
    """What the open window says of a saved fleet: its file, rule book, ships and cost (or that it does not load)."""
    try:
        fleet = load_fleet(path)
    except ContentError:
        return f"{path.stem} \u2014 does not load (open it to see why)"
    count = len(fleet.ships())
    return (f"{path.stem} \u2014 {SYSTEM_NAMES[fleet.rules]}, {nation_label(fleet.nation)}, {count} "
            f"ship{'' if count == 1 else 's'}, {fleet_points(fleet)} of {fleet.budget} points")


class FleetScene(Scene):
    """Choices along the top, the ships to buy on the left, the fleet on the right, the total and files below."""

    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp, fleet: Fleet | None = None) -> None:
        super().__init__(app)
        self.builder = Builder(fleet or new_fleet("btq21"))
        self.saved: Fleet | None = fleet  # the fleet as last saved or opened: leaving with changes asks twice
        self.path: Path | None = None  # the file it was opened from or saved to
        self.offer_index = 0
        self.row: tuple[int, int | None] = (0, None)  # the fleet's chosen row: squadron, ship (None: the squadron)
        self.seed_text = ""
        self.leaving = False  # Escape was pressed once with changes not saved
        self.open_window: UIWindow | None = None
        self.open_list: UISelectionList | None = None
        self.open_button: UIButton | None = None
        self.open_paths: list[Path] = []
        self.dialogs: list[UIWindow] = []
        self.backdrop = Backdrop()
        self._build()

    # --- layout ----------------------------------------------------------------

    def _build(self) -> None:
        """Every widget, from the scene's state: on start and on resize."""
        for element in list(self.root.elements):
            element.kill()
        ui = self.app.ui
        w, h = design(self.app.size)
        small = w < 1200 or h < 720
        pad, row_h, gap = (14, 32, 8) if small else (24, 36, 12)
        self.pad = pad
        fleet = self.fleet
        label(self, R(pad, 6, 320, 40), "Fleet builder", "@heading")
        label(self, R(pad + 330, 14, w - 2 * pad - 330, 28),
                    "Buy a side's ships for a budget; Ctrl+Z undoes, Escape goes back", "@caption")

        # the choices: rule system, nation, budget, the fleet's name
        y = 52
        x = pad
        label(self, R(x, y + 5, 46, 22), "Rules")
        self.rules_menu = UIDropDownMenu([(SYSTEM_NAMES[s], s) for s in SYSTEMS],
                                         (SYSTEM_NAMES[fleet.rules], fleet.rules), R(x + 48, y, 180, row_h),
                                         manager=ui, container=self.root, object_id=ObjectID(object_id="#rules"))
        self.rules_menu.set_tooltip("The rule book the fleet is bought for: its ships and their prices")
        x += 48 + 180 + gap
        label(self, R(x, y + 5, 54, 22), "Nation")
        self.nation_at = R(x + 56, y, 140, row_h)
        self.nation_menu = self._nation_menu()
        x += 56 + 140 + gap
        label(self, R(x, y + 5, 56, 22), "Budget")
        self.budget_at = R(x + 58, y, 100, row_h)
        self.budget_menu = self._budget_menu()
        x += 58 + 100 + gap
        label(self, R(x, y + 5, 50, 22), "Name")
        self.name_entry = UITextEntryLine(R(x + 52, y, w - pad - x - 52, row_h), manager=ui, container=self.root,
                                          object_id=ObjectID(object_id="#fleet_name"))
        self.name_entry.set_text_length_limit(60)
        self.name_entry.set_text(fleet.name)
        self.name_entry.set_tooltip("The fleet's name, and the name of its file when saved (Enter keeps it)")

        # the two columns
        top = y + row_h + 10
        bottom_bar = h - pad - 40
        col_gap = 20
        left_w = int((w - 2 * pad - col_gap) * 0.48)
        right_x = pad + left_w + col_gap
        right_w = w - pad - right_x
        controls = 2 * row_h + gap + 10  # the two rows of buttons under each list
        details_h = 128 if small else 132
        list_top = top + 24
        list_bottom = bottom_bar - 12 - controls

        self.catalogue_label = label(self, R(pad, top, left_w, 22), "")
        self.offers: list[Offer] = []
        self.catalogue = UISelectionList(R(pad, list_top, left_w, list_bottom - details_h - 6 - list_top), [],
                                         manager=ui, container=self.root,
                                         object_id=ObjectID(object_id="#catalogue", class_id="@roomy_list"))
        self.details = UITextBox("", R(pad, list_bottom - details_h, left_w, details_h), manager=ui,
                                 container=self.root, object_id=ObjectID(object_id="#details", class_id="@reading"))
        by = list_bottom + 10
        self.add_button = button(self, R(pad, by, 170, row_h), "Add to squadron", "add",
                                       "Buy the chosen ship into the chosen squadron (also a double click, or Enter)")
        self.random_button = button(self, R(pad, by + row_h + gap, 150, row_h), "Random fleet", "random",
                                          "A fleet drawn for this nation and budget; the same seed draws the "
                                          "same fleet")
        label(self, R(pad + 160, by + row_h + gap + 5, 40, 22), "Seed")
        self.seed_entry = UITextEntryLine(R(pad + 202, by + row_h + gap, 110, row_h), manager=ui,
                                          container=self.root, object_id=ObjectID(object_id="#seed"))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.seed_entry.set_tooltip("The random fleet's seed: empty draws a new one, shown here")
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)

        self.fleet_label = label(self, R(right_x, top, right_w, 22), "")
        self.rows: list[tuple[int, int | None]] = []
        self.fleet_list = UISelectionList(R(right_x, list_top, right_w, list_bottom - list_top), [], manager=ui,
                                          container=self.root,
                                          object_id=ObjectID(object_id="#fleet", class_id="@roomy_list"))
        name_w = max(140, right_w - 100 - 190 - 2 * gap)
        self.row_name = UITextEntryLine(R(right_x, by, name_w, row_h), manager=ui, container=self.root,
                                        object_id=ObjectID(object_id="#row_name"))
        self.row_name.set_text_length_limit(60)
        self.row_name.set_tooltip("The chosen ship's or squadron's name (Enter renames)")
        self.rename_button = button(self, R(right_x + name_w + gap, by, 100, row_h), "Rename", "rename",
                                          "Give the chosen ship or squadron the name written beside")
        self.crew_at = R(right_x + name_w + 100 + 2 * gap, by, 190, row_h)
        self.crew_menu: UIDropDownMenu | None = None
        y2 = by + row_h + gap
        self.remove_button = button(self, R(right_x, y2, 100, row_h), "Remove", "remove",
                                          "Take the chosen ship out of the fleet (also a double click, or Delete)")
        label(self, R(right_x + 100 + gap, y2 + 5, 64, 22), "Move to")
        self.move_at = R(right_x + 100 + gap + 66, y2, 150, row_h)
        self.move_menu: UIDropDownMenu | None = None
        self.squadron_button = button(self, R(right_x + right_w - 150, y2, 150, row_h), "New squadron",
                                            "new_squadron", "Add a squadron to the fleet")

        # the bottom bar: the total, and the file buttons
        self.total_label = label(self, R(pad, bottom_bar + 2, w - 2 * pad - 440, 36), "", "@heading")
        bx = w - pad
        self.back_button = button(self, R(bx - 100, bottom_bar, 100, 40), "Back", "back",
                                        "Back to the menu (Escape)")
        self.save_button = button(self, R(bx - 210, bottom_bar, 100, 40), "Save", "save",
                                        "Save the fleet under its name in your fleets folder")
        self.open_button_main = button(self, R(bx - 320, bottom_bar, 100, 40), "Open\u2026", "open",
                                             "Open a fleet you saved")
        self.undo_button = button(self, R(bx - 430, bottom_bar, 100, 40), "Undo", "undo",
                                        "Take back the last change (Ctrl+Z)")
        self.refresh()

    def _nation_menu(self) -> UIDropDownMenu:
        fleet = self.fleet
        options = list(flags(fleet.rules))
        if fleet.nation not in options:
            options.append(fleet.nation)
        menu = UIDropDownMenu([(nation_label(n), n) for n in options], (nation_label(fleet.nation), fleet.nation),
                              self.nation_at, manager=self.app.ui, container=self.root,
                              object_id=ObjectID(object_id="#nation"))
        menu.set_tooltip("The flag she flies: the ships offered are her nation's" if fleet.rules == "btq21"
                         else "The flag she flies: any fleet may buy any card")
        return menu

    def _budget_menu(self) -> UIDropDownMenu:
        fleet = self.fleet
        options = sorted({*budgets(fleet.rules), fleet.budget})
        menu = UIDropDownMenu([(str(b), str(b)) for b in options], (str(fleet.budget), str(fleet.budget)),
                              self.budget_at, manager=self.app.ui, container=self.root,
                              object_id=ObjectID(object_id="#budget"))
        tip = "Points to spend"
        if fleet.rules == "btq21":
            tip += "; Gifford's campaign gives a side 1200 (his 240 points)"
        menu.set_tooltip(tip)
        return menu

    # --- showing the fleet --------------------------------------------------------

    @property
    def fleet(self) -> Fleet:
        return self.builder.fleet

    def refresh(self) -> None:
        """Lists, labels and menus from the fleet as it now is."""
        fleet = self.fleet
        self.offers = catalogue(fleet.rules, fleet.nation if fleet.rules == "btq21" else None)
        self.offer_index = max(0, min(self.offer_index, len(self.offers) - 1))
        items: list[str | tuple[str, str]] = [(offer_text(o), f"#offer_{i}") for i, o in enumerate(self.offers)]
        self.catalogue.set_item_list(items)
        if self.offers:
            select_item(self.catalogue, self.offer_index)
        if fleet.rules == "btq21":
            self.catalogue_label.set_text(f"{nation_label(fleet.nation)} ships to buy: name, rate, guns, crew, points")
        else:
            self.catalogue_label.set_text("Ship cards to buy (any flag): name, guns, points")
        self._show_details()

        self.rows = []
        rows: list[str | tuple[str, str]] = []
        for s, squadron in enumerate(fleet.squadrons):
            cost = sum(ship_points(fleet.rules, ship) for ship in squadron.ships)
            count = len(squadron.ships)
            rows.append((f"{squadron.name} \u2014 {count} ship{'' if count == 1 else 's'}, {cost} points",
                         f"#squadron_{s}"))
            self.rows.append((s, None))
            for i, ship in enumerate(squadron.ships):
                o = offer(fleet.rules, ship.ship)
                kind = f"{o.kind} rate" if o.kind[0].isdigit() else o.kind
                cls = kind if ship.name == o.name else f"{kind} {o.name}"
                crew = f", {ship.quality} crew" if ship.quality else ""
                rows.append((f"      {ship.name} \u2014 {cls}{crew}: {ship_points(fleet.rules, ship)}",
                             f"#ship_{s}_{i}"))
                self.rows.append((s, i))
        self.fleet_list.set_item_list(rows)
        if self.row not in self.rows:
            self.row = self.rows[0] if self.rows else (0, None)
        if self.rows:
            select_item(self.fleet_list, self.rows.index(self.row))
        self._show_total()
        self._show_row()
        if self.name_entry.get_text() != fleet.name:
            self.name_entry.set_text(fleet.name)
        if self.builder.history:
            self.undo_button.enable()
        else:
            self.undo_button.disable()

    def _show_total(self) -> None:
        fleet = self.fleet
        total = self.builder.total()
        self.total_label.set_text(f"{total} of {fleet.budget} points, {fleet.budget - total} left")
        count = len(fleet.ships())
        text = f"The fleet: {count} ship{'' if count == 1 else 's'} in {len(fleet.squadrons)} squadrons"
        if fleet.rules == "btq21":
            text += f", {gifford_points(total):g} of Gifford's campaign points"
        self.fleet_label.set_text(text)

    def _show_details(self) -> None:
        if not self.offers:
            self.details.set_text("No ships of this nation to buy.")
            return
        o = self.offers[self.offer_index]
        first, *rest = o.figures or ("",)
        head = f"<b>{html.escape(o.name)}</b>, {o.points} points: {html.escape(first)}"
        self.details.set_text("<br>".join([head, *(html.escape(f) for f in rest)]))

    def _show_row(self) -> None:
        """The name, crew and squadron controls follow the chosen row."""
        s, i = self.row
        fleet = self.fleet
        if self.crew_menu is not None:
            self.crew_menu.kill()
        if self.move_menu is not None:
            self.move_menu.kill()
        self.crew_menu = self.move_menu = None
        if not fleet.squadrons:
            self.row_name.set_text("")
            return
        squadron = fleet.squadrons[s]
        self.row_name.set_text(squadron.name if i is None else squadron.ships[i].name)
        crews = qualities(fleet.rules)
        if i is not None and crews:
            ship = squadron.ships[i]
            own = offer(fleet.rules, ship.ship).quality
            options = [(f"Crew: {q}" + (" (her own)" if q == own else ""), q) for q in crews]
            current = ship.quality or own or crews[0]
            chosen = next(o for o in options if o[1] == current)
            self.crew_menu = UIDropDownMenu(list[str | tuple[str, str]](options), chosen, self.crew_at,
                                            manager=self.app.ui, container=self.root,
                                            object_id=ObjectID(object_id="#crew"))
            self.crew_menu.set_tooltip("Her crew: a good one costs more, a poor one less (docs/FLEETS.md)")
        names = [(f"{k + 1}. {sq.name}", str(k)) for k, sq in enumerate(fleet.squadrons)]
        self.move_menu = UIDropDownMenu(list[str | tuple[str, str]](names), names[s], self.move_at,
                                        manager=self.app.ui, container=self.root,
                                        object_id=ObjectID(object_id="#move_to"))
        self.move_menu.set_tooltip("Move the chosen ship to another squadron")
        if i is None:
            self.move_menu.disable()
            self.remove_button.disable()
        else:
            self.remove_button.enable()

    # --- doing -------------------------------------------------------------------

    def say(self, text: str | None) -> None:
        if text:
            self.app.say(text, 5.0)

    def changed(self, refusal: str | None = None) -> None:
        self.leaving = False
        self.say(refusal)
        self.refresh()

    def add_chosen(self) -> None:
        if not self.offers:
            return
        s = self.row[0]
        before = self.fleet
        self.changed(self.builder.add(self.offers[self.offer_index].id, s))
        if self.fleet is not before:
            sq = min(s, len(self.fleet.squadrons) - 1)
            self.row = (sq, len(self.fleet.squadrons[sq].ships) - 1)
            self.refresh()

    def remove_chosen(self) -> None:
        s, i = self.row
        if i is None:
            self.say("Choose a ship of the fleet to remove")
            return
        self.builder.remove(s, i)
        count = len(self.fleet.squadrons[s].ships)
        self.row = (s, min(i, count - 1)) if count else (s, None)
        self.changed()

    def rename_chosen(self) -> None:
        s, i = self.row
        if not self.fleet.squadrons:
            return
        text = self.row_name.get_text()
        refusal = self.builder.rename_squadron(s, text) if i is None else self.builder.rename_ship(s, i, text)
        self.changed(refusal)

    def set_crew(self, quality: str) -> None:
        s, i = self.row
        if i is not None:
            self.changed(self.builder.set_quality(s, i, quality))

    def move_chosen(self, to: int) -> None:
        s, i = self.row
        if i is None:
            return
        self.builder.move(s, i, to)
        self.row = (to, len(self.fleet.squadrons[to].ships) - 1)
        self.changed()

    def new_squadron(self) -> None:
        refusal = self.builder.add_squadron()
        if refusal is None:
            self.row = (len(self.fleet.squadrons) - 1, None)
        self.changed(refusal)

    def random(self) -> None:
        text = self.seed_entry.get_text().strip()
        seed = int(text) if text.isdigit() else int.from_bytes(os.urandom(3), "little")
        self.seed_text = str(seed)
        self.seed_entry.set_text(self.seed_text)
        refusal = self.builder.randomize(seed)
        self.row = (0, None)
        self.changed(refusal)
        if refusal is None:
            self.say(f"A random fleet, seed {seed}: {len(self.fleet.ships())} ships for "
                     f"{self.builder.total()} points")

    def undo(self) -> None:
        if self.builder.undo():
            self._rebuild_menus()
            self.changed()
        else:
            self.say("Nothing to undo")

    def _rebuild_menus(self) -> None:
        """The rule system, nation and budget menus show the fleet's (after Undo, Open or a new rule system)."""
        self.rules_menu.kill()
        fleet = self.fleet
        self.rules_menu = UIDropDownMenu([(SYSTEM_NAMES[s], s) for s in SYSTEMS],
                                         (SYSTEM_NAMES[fleet.rules], fleet.rules), self.rules_menu.relative_rect,
                                         manager=self.app.ui, container=self.root,
                                         object_id=ObjectID(object_id="#rules"))
        self.rules_menu.set_tooltip("The rule book the fleet is bought for: its ships and their prices")
        self.nation_menu.kill()
        self.nation_menu = self._nation_menu()
        self.budget_menu.kill()
        self.budget_menu = self._budget_menu()

    def save(self) -> None:
        refusal = self.builder.set_name(self.name_entry.get_text())
        if refusal:
            self.say(refusal)
            return
        if not self.fleet.ships():
            self.say("Nothing to save: the fleet has no ship")
            return
        path = fleets_dir() / file_name(self.fleet.name)
        if path.exists() and path != self.path:
            self.say(f"A fleet is saved as {path.name} already: give this one another name")
            return
        try:
            save_fleet(self.fleet, path)
        except (FileProblem, OSError) as e:
            self.error_window("Could not save the fleet", str(e))
            return
        self.path = path
        self.saved = self.fleet
        self.changed()
        self.say(f"Saved as {path}")

    def open_fleet(self, path: Path) -> None:
        try:
            fleet = load_fleet(path)
        except ContentError as e:
            self.error_window("Could not open the fleet", "\n".join(e.problems[:4]))
            return
        self.builder.replace_fleet(fleet)
        self.path = path
        self.saved = fleet
        self.row = (0, None)
        self._close_open_window()
        self._rebuild_menus()
        self.changed()
        self.say(f"Opened {path.name}")

    def leave(self) -> None:
        if self.fleet.ships() and self.fleet != self.saved and not self.leaving:
            self.leaving = True
            self.say("The fleet has changes not saved: Escape again leaves without them, Save keeps them")
            return
        self.app.back_to_menu()

    # --- windows -----------------------------------------------------------------

    def error_window(self, title: str, text: str) -> UIMessageWindow:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(620), w - 40), min(px(260), h - 40))
        rect.center = (w // 2, h // 2)
        body = "<br>".join(html.escape(shown_message(line)) for line in text.splitlines())
        window = UIMessageWindow(rect, body, self.app.ui, window_title=title, always_on_top=True)
        self.dialogs.append(window)
        return window

    def show_open_window(self) -> None:
        self._close_open_window()
        self.open_paths = list_fleets()
        if not self.open_paths:
            self.say(f"No fleets saved yet (they go to {fleets_dir()})")
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(640), w - 40), min(px(420), h - 40))
        rect.center = (w // 2, h // 2)
        window = UIWindow(rect, self.app.ui, window_display_title="Open a fleet", always_on_top=True,
                          object_id=ObjectID(object_id="#open_window"))
        inner = window.get_container().get_size()
        items: list[str | tuple[str, str]] = [(saved_line(p), f"#saved_{i}") for i, p in enumerate(self.open_paths)]
        self.open_list = UISelectionList(pygame.Rect(px(10), px(10), inner[0] - px(20), inner[1] - px(70)), items,
                                         manager=self.app.ui, container=window,
                                         object_id=ObjectID(class_id="@roomy_list"))
        self.open_button = UIButton(pygame.Rect(inner[0] - px(130), inner[1] - px(50), px(120), px(40)), "Open",
                                    manager=self.app.ui, container=window,
                                    tool_tip_text="Open the chosen fleet (also a double click)",
                                    object_id=ObjectID(class_id="@action_button"))
        self.open_window = window
        self.dialogs.append(window)

    def _close_open_window(self) -> None:
        if self.open_window is not None and self.open_window.alive():
            self.open_window.kill()
        self.open_window = self.open_list = self.open_button = None

    def _chosen_saved(self) -> Path | None:
        if self.open_list is None:
            return None
        picked = self.open_list.get_single_selection(include_object_id=True)
        if isinstance(picked, tuple) and picked[1].startswith("#saved_"):
            return self.open_paths[int(picked[1].removeprefix("#saved_"))]
        return None

    def _modal(self) -> UIWindow | None:
        self.dialogs = [d for d in self.dialogs if d.alive()]
        return self.dialogs[-1] if self.dialogs else None

    def _typing(self) -> bool:
        focus = self.app.ui.get_focus_set() or ()
        return any(isinstance(e, UITextEntryLine) for e in focus)

    # --- events ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(element)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            return self._selected(element)
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            if element is self.catalogue:
                self._selected(element)
                self.add_chosen()
                return True
            if element is self.fleet_list:
                self._selected(element)
                if self.row[1] is not None:
                    self.remove_chosen()
                return True
            if element is self.open_list:
                path = self._chosen_saved()
                if path is not None:
                    self.open_fleet(path)
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self._menu_changed(element)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if element is self.name_entry:
                self.changed(self.builder.set_name(self.name_entry.get_text()))
                return True
            if element is self.row_name:
                self.rename_chosen()
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _pressed(self, element: Any) -> bool:
        actions = {
            self.add_button: self.add_chosen,
            self.remove_button: self.remove_chosen,
            self.rename_button: self.rename_chosen,
            self.squadron_button: self.new_squadron,
            self.random_button: self.random,
            self.undo_button: self.undo,
            self.save_button: self.save,
            self.open_button_main: self.show_open_window,
            self.back_button: self.leave,
        }
        if element in actions:
            actions[element]()
            return True
        if self.open_button is not None and element is self.open_button:
            path = self._chosen_saved()
            if path is None:
                self.say("Choose a fleet to open")
            else:
                self.open_fleet(path)
            return True
        return False

    def _selected(self, element: Any) -> bool:
        if element is self.catalogue:
            picked = self.catalogue.get_single_selection(include_object_id=True)
            if isinstance(picked, tuple) and picked[1].startswith("#offer_"):
                self.offer_index = int(picked[1].removeprefix("#offer_"))
                self._show_details()
            return True
        if element is self.fleet_list:
            picked = self.fleet_list.get_single_selection(include_object_id=True)
            if isinstance(picked, tuple):
                ids = [f"#squadron_{s}" if i is None else f"#ship_{s}_{i}" for s, i in self.rows]
                if picked[1] in ids:
                    self.row = self.rows[ids.index(picked[1])]
                    self._show_row()
            return True
        return element is self.open_list

    def _menu_changed(self, element: Any) -> bool:
        fleet = self.fleet
        if element is self.rules_menu:
            system = self.rules_menu.selected_option[1]
            if system != fleet.rules:
                self.builder.set_rules(system)
                self.row = (0, None)
                self.offer_index = 0
                self._rebuild_menus()
                self.changed()
                self.say(f"A new fleet for {SYSTEM_NAMES[system]} (Undo brings the last one back)")
            return True
        if element is self.nation_menu:
            self.builder.set_nation(self.nation_menu.selected_option[1])
            self.offer_index = 0
            self.changed()
            return True
        if element is self.budget_menu:
            refusal = self.builder.set_budget(int(self.budget_menu.selected_option[1]))
            if refusal:
                self.budget_menu.kill()
                self.budget_menu = self._budget_menu()  # it shows the budget that stands
            self.changed(refusal)
            return True
        if element is self.crew_menu and self.crew_menu is not None:
            self.set_crew(self.crew_menu.selected_option[1])
            return True
        if element is self.move_menu and self.move_menu is not None:
            self.move_chosen(int(self.move_menu.selected_option[1]))
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            window = self._modal()
            if window is not None:
                window.kill()
                if window is self.open_window:
                    self._close_open_window()
            elif self._typing():
                self.app.ui.set_focus_set(None)
            else:
                self.leave()
            return True
        if self._modal() is not None or self._typing():
            return False
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.remove_chosen()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_INSERT):
            self.add_chosen()
            return True
        if key in (pygame.K_UP, pygame.K_DOWN) and self.offers:
            step = 1 if key == pygame.K_DOWN else -1
            self.offer_index = (self.offer_index + step) % len(self.offers)
            select_item(self.catalogue, self.offer_index)
            bar = getattr(self.catalogue, "scroll_bar", None)
            if bar is not None:  # keep the chosen ship in view: a few rows above her at the top
                bar.set_scroll_from_start_percentage(max(0.0, (self.offer_index - 2) / len(self.offers)))
            self._show_details()
            return True
        return False

    # --- frames ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        # a click on the chosen row unselects it in pygame_gui: the choice stands
        if self.offers and self.catalogue.get_single_selection() is None:
            select_item(self.catalogue, self.offer_index)
        if self.rows and self.fleet_list.get_single_selection() is None and self.row in self.rows:
            select_item(self.fleet_list, self.rows.index(self.row))
        self._tips()

    def _tips(self) -> None:
        """Each shown row of the ships to buy carries her card's figures as a tool tip."""
        for i, item in enumerate(self.catalogue.item_list):
            button = item.get("button_element")
            if button is None or i >= len(self.offers):
                continue
            o = self.offers[i]
            tip = "<br>".join([f"<b>{html.escape(o.name)}</b>, {o.points} points", *map(html.escape, o.figures)])
            if getattr(button, "_fleet_tip", None) != tip:
                button.set_tooltip(tip)
                button._fleet_tip = tip

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.crew_menu = self.move_menu = None
        self.seed_text = self.seed_entry.get_text()
        self._close_open_window()
        self._build()

    #: Messages go along the top, beside the title: clear of the lists, the buttons and the total.
    message_edge = "top"

    def message_area(self) -> pygame.Rect | None:
        w, _ = design(self.app.size)
        return R(self.pad + 240, 2, w - 2 * self.pad - 240, 48)

    def keep_clear(self) -> list[pygame.Rect]:
        return [pygame.Rect(el.get_abs_rect()) for el in (self.catalogue, self.fleet_list) if el.alive()]

    def close(self) -> None:
        for window in self.dialogs:
            if window.alive():
                window.kill()
        super().close()

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)

