"""The way into a campaign: a new war (the two sides, who commands them, the seed) or a saved one.

A campaign is long, so it is saved under the player's campaigns folder from
its first moment; the list beside the new-campaign form shows every save
there with where the war stands, and a damaged save with the reason it
cannot be opened (it is never opened half-read, nor written over).
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UISelectionList, UITextBox, UITextEntryLine

from game.campaign import (
    Campaign,
    CampaignError,
    CampaignFileError,
    SideSetup,
    list_campaigns,
    load_campaign,
    new_campaign,
    save_campaign,
)
from game.campaign.save import default_path
from game.campaign.tables import shipped
from game.ui.app import Scene
from game.ui.scale import design
from game.ui.scale import rect as R
from game.ui.scenes.reference import preload_reading_fonts, select_item

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp

#: The navies the ship list has, with the name a side of that nation is given until the player names it.
NAVIES = {
    "british": "Royal Navy",
    "french": "Marine Royale",
    "spanish": "Armada Espa\u00f1ola",
    "american": "Continental Navy",
    "dutch": "Dutch Navy",
}
PLAYERS = {"Human": "human", "Computer": "computer"}
_BG = (12, 20, 29)


@dataclass
class SavedCampaign:
    """A file of the campaigns folder as the list shows it: the campaign, or why it cannot be opened."""

    path: Path
    campaign: Campaign | None
    problem: str = ""

    @property
    def title(self) -> str:
        c = self.campaign
        if c is None:
            return f"{self.path.stem} \u2014 damaged"
        where = "setting up" if c.stage == "setup" else "over" if c.stage == "over" else f"month {c.month}"
        return f"{self.path.stem} \u2014 {where}"

    def summary(self) -> str:
        c = self.campaign
        if c is None:
            return (f"<b>{html.escape(self.path.name)}</b> cannot be opened:<br>"
                    f"<font color='#f08a6a'>{html.escape(self.problem)}</font><br><br>"
                    "The file is left as it is; nothing writes over it.")
        a, b = c.sides["A"], c.sides["B"]
        who = " \u00b7 ".join(f"{html.escape(s.name)} ({s.nation}, {s.player})" for s in (a, b))
        stage = {"setup": "buying the fleets", "orders": "orders", "battle": "an engagement to fight",
                 "after": "after the engagement", "over": "over"}.get(c.stage, c.stage)
        end = f"<br>{html.escape(c.result)}" if c.stage == "over" and c.result else ""
        return f"<b>{html.escape(c.name)}</b><br>{who}<br>Month {c.month} of {shipped().months}: {stage}{end}"


def saved_campaigns() -> list[SavedCampaign]:
    out = []
    for path in list_campaigns():
        try:
            out.append(SavedCampaign(path, load_campaign(path)))
        except CampaignFileError as e:
            out.append(SavedCampaign(path, None, "; ".join(e.problems[:2])))
        except (OSError, ValueError) as e:
            out.append(SavedCampaign(path, None, str(e)))
    return out


def free_name(taken: set[str]) -> str:
    """A name for a new campaign whose save does not write over another's: campaign, campaign 2, ..."""
    n = 1
    while (name := "campaign" if n == 1 else f"campaign {n}").replace(" ", "-") in taken:
        n += 1
    return name


def new_seed() -> int:
    """A seed the player may keep or change (from the system's entropy: the game's dice never use a global)."""
    return int.from_bytes(os.urandom(3), "little")


class CampaignStartScene(Scene):
    """New campaign on the left, the saved campaigns on the right."""

    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp) -> None:
        super().__init__(app)
        self.saves = saved_campaigns()
        self.picked: int | None = next((i for i, s in enumerate(self.saves) if s.campaign is not None), None)
        self.form = {
            "name": free_name({s.path.stem for s in self.saves}), "seed": str(new_seed()),
            "A_name": NAVIES["british"], "A_nation": "british", "A_player": "human",
            "B_name": NAVIES["french"], "B_nation": "french", "B_player": "computer",
        }
        preload_reading_fonts(app.ui)
        self._build()

    # --- layout -----------------------------------------------------------------------

    def _build(self) -> None:
        for element in list(self.root.elements):
            element.kill()
        ui = self.app.ui
        w, h = design(self.app.size)
        m = 24 if w < 1200 else 40
        UILabel(R(m, 10, w - 2 * m, 40), "Campaign", manager=ui, container=self.root,
                object_id=ObjectID(class_id="@heading"))
        top = 58
        left_w = int((w - 3 * m) * 0.52)
        self._new_panel(pygame.Rect(m, top, left_w, h - top - m))
        self._saved_panel(pygame.Rect(2 * m + left_w, top, w - 3 * m - left_w, h - top - m))

    def _panel(self, r: pygame.Rect) -> tuple[UIPanel, int, int]:
        panel = UIPanel(R(*r), starting_height=1, manager=self.app.ui, container=self.root,
                        object_id=ObjectID(class_id="@card"))
        cw, ch = design(panel.get_container().get_size())
        return panel, int(cw), int(ch)

    def _label(self, r: tuple[int, int, int, int], text: str, container, cls: str = "@field_label") -> UILabel:
        return UILabel(R(*r), text, manager=self.app.ui, container=container, object_id=ObjectID(class_id=cls))

    def _new_panel(self, r: pygame.Rect) -> None:
        ui = self.app.ui
        panel, cw, ch = self._panel(r)
        pad = 14
        self._label((pad, 8, cw - 2 * pad, 30), "New campaign", panel, "@heading")
        row = 32 if ch < 520 else 38
        y = 46
        self._label((pad, y, 120, 30), "Name", panel)
        self.name_entry = UITextEntryLine(R(pad + 124, y, cw - 2 * pad - 124, 30), manager=ui, container=panel,
                                          initial_text=self.form["name"])
        self.name_entry.set_tooltip("The campaign's name: its save in your campaigns folder is named after it.")
        y += row + 6
        self.side_widgets: dict[str, tuple[UITextEntryLine, UIDropDownMenu, UIDropDownMenu]] = {}
        for side in ("A", "B"):
            self._label((pad, y, cw - 2 * pad, 26), f"Side {side}", panel, "@caption")
            y += 26
            name = UITextEntryLine(R(pad, y, cw - 2 * pad, 30), manager=ui, container=panel,
                                   initial_text=self.form[f"{side}_name"])
            name.set_tooltip(f"Side {side}'s name, as the sheet and the battles call her.")
            y += row
            half = (cw - 2 * pad - 10) // 2
            nation = UIDropDownMenu([n.capitalize() for n in NAVIES], self.form[f"{side}_nation"].capitalize(),
                                    R(pad, y, half, 30), manager=ui, container=panel,
                                    object_id=ObjectID(class_id="@player_kind"))
            nation.set_tooltip("Her nation: the ships she may buy and build.")
            kind = next(k for k, v in PLAYERS.items() if v == self.form[f"{side}_player"])
            player = UIDropDownMenu(list(PLAYERS), kind,
                                    R(pad + half + 10, y, half, 30), manager=ui, container=panel,
                                    object_id=ObjectID(class_id="@player_kind"))
            player.set_tooltip("Who commands her: a human at this window, or the computer's admiral. Two humans "
                               "play hot seat, passing the window between their turns.")
            self.side_widgets[side] = (name, nation, player)
            y += row + 8
        self._label((pad, y, 120, 30), "Seed", panel)
        self.seed_entry = UITextEntryLine(R(pad + 124, y, 160, 30), manager=ui, container=panel,
                                          initial_text=self.form["seed"])
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_tooltip("The campaign's dice: the same seed and the same decisions give the same war.")
        self.reseed_button = UIButton(R(pad + 124 + 170, y, 120, 30), "New seed", manager=ui, container=panel,
                                      tool_tip_text="Draw another seed.")
        self.begin_button = UIButton(
            R(cw - pad - 220, ch - pad - 40, 220, 40), "Begin the campaign", manager=ui, container=panel,
            tool_tip_text="Start the war: each side buys its fleet with 240 points.  Key: Enter",
            object_id=ObjectID(class_id="@action_button"),
        )
        self.back_button = UIButton(
            R(pad, ch - pad - 40, 160, 40), "Back to menu", manager=ui, container=panel,
            tool_tip_text="Back to the main menu.  Key: Escape", object_id=ObjectID(class_id="@action_button"),
        )

    def _saved_panel(self, r: pygame.Rect) -> None:
        ui = self.app.ui
        panel, cw, ch = self._panel(r)
        pad = 14
        self._label((pad, 8, cw - 2 * pad, 30), "Saved campaigns", panel, "@heading")
        list_h = max(90, int((ch - 46 - 60) * 0.5))
        self.items = [(s.title, f"#campaign_{i}") for i, s in enumerate(self.saves)]
        rows: list[str | tuple[str, str]] = list(self.items)
        self.save_list = UISelectionList(R(pad, 46, cw - 2 * pad, list_h), rows, manager=ui, container=panel,
                                         object_id=ObjectID(class_id="@roomy_list"))
        if self.picked is not None:
            select_item(self.save_list, self.picked)
        words = self.saves[self.picked].summary() if self.picked is not None else (
            "No saved campaign yet." if not self.saves else "Pick a campaign.")
        self.summary = UITextBox(words, R(pad, 56 + list_h, cw - 2 * pad, ch - 56 - list_h - 60 - pad),
                                 manager=ui, container=panel, object_id=ObjectID(class_id="@reading"))
        self.open_button = UIButton(
            R(cw - pad - 200, ch - pad - 40, 200, 40), "Open campaign", manager=ui, container=panel,
            tool_tip_text="Go on with the campaign picked (Up/Down pick another).  Key: O",
            object_id=ObjectID(class_id="@action_button"),
        )
        if self.picked is None or self.saves[self.picked].campaign is None:
            self.open_button.disable()

    # --- actions ----------------------------------------------------------------------

    def _read_form(self) -> None:
        self.form["name"] = self.name_entry.get_text()
        self.form["seed"] = self.seed_entry.get_text()
        for side, (name, nation, player) in self.side_widgets.items():
            self.form[f"{side}_name"] = name.get_text()
            self.form[f"{side}_nation"] = str(_chosen(nation)).lower()
            self.form[f"{side}_player"] = PLAYERS[str(_chosen(player))]

    def begin(self) -> None:
        """A new campaign from the form, saved at once; a refusal is said and the form stays as it is."""
        self._read_form()
        f = self.form
        if "human" not in (f["A_player"], f["B_player"]):
            self.app.say("at least one side needs a human admiral: this window is for playing")
            return
        seed_text = f["seed"].strip()
        if not seed_text.isdigit():
            self.app.say("the seed must be a whole number")
            return
        try:
            c = new_campaign(int(seed_text), tuple(  # type: ignore[arg-type]
                SideSetup(f[f"{s}_name"], f[f"{s}_nation"], f[f"{s}_player"]) for s in ("A", "B")
            ), name=f["name"])
        except CampaignError as e:
            self.app.say(str(e))
            return
        path = default_path(c)
        if path.exists():
            self.app.say(f"there is already a campaign saved as {path.name}: open it, or give this one another name")
            return
        try:
            path = save_campaign(c, path)
        except (OSError, CampaignFileError) as e:
            self.app.say(f"the campaign could not be saved: {e}")
            return
        self.open(c, path)

    def open(self, c: Campaign, path: Path) -> None:
        from game.ui.scenes.campaign import CampaignScene

        self.app.replace(lambda app: CampaignScene(app, c, path))

    def open_picked(self) -> None:
        if self.picked is None:
            return
        saved = self.saves[self.picked]
        if saved.campaign is None:
            self.app.say(f"{saved.path.name} cannot be opened: {saved.problem}")
            return
        try:  # read again: the list may have been made a while ago
            c = load_campaign(saved.path)
        except CampaignFileError as e:
            self.app.say("; ".join(e.problems[:2]))
            return
        self.open(c, saved.path)

    def _pick(self, index: int) -> None:
        self.picked = index
        self.summary.set_text(self.saves[index].summary())
        if self.saves[index].campaign is None:
            self.open_button.disable()
        else:
            self.open_button.enable()

    # --- scene ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.begin_button:
                self.begin()
            elif event.ui_element is self.back_button:
                self.app.back_to_menu()
            elif event.ui_element is self.open_button:
                self.open_picked()
            elif event.ui_element is self.reseed_button:
                self.seed_entry.set_text(str(new_seed()))
            else:
                return False
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.save_list:
            picked = self.save_list.get_single_selection(include_object_id=True)
            for i, (_, item_id) in enumerate(self.items):
                if isinstance(picked, tuple) and picked[1] == item_id:
                    self._pick(i)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, nation, _ in self.side_widgets.values():
                if event.ui_element is nation and name.get_text() in NAVIES.values():
                    name.set_text(NAVIES[str(_chosen(nation)).lower()])  # a default name follows the nation
            return True
        if event.type == pygame.KEYDOWN:
            typing = any(isinstance(e, UITextEntryLine) for e in (self.app.ui.get_focus_set() or ()))
            if event.key == pygame.K_ESCAPE:
                if close_open_menu(*(m for _, *menus in self.side_widgets.values() for m in menus)):
                    return True
                if typing:
                    self.app.ui.set_focus_set(None)
                else:
                    self.app.back_to_menu()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.begin()
                return True
            if event.key == pygame.K_o and not typing:
                self.open_picked()
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and not typing and self.saves:
                step = 1 if event.key == pygame.K_DOWN else -1
                index = ((self.picked if self.picked is not None else -step) + step) % len(self.saves)
                self._pick(index)
                select_item(self.save_list, index)
                return True
        return False

    def update(self, dt: float) -> None:
        if self.picked is not None and self.save_list.get_single_selection() is None:
            select_item(self.save_list, self.picked)  # a click on the picked row unpicks it in pygame_gui

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._read_form()
        self._build()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(_BG)


def close_open_menu(*menus: UIDropDownMenu | None) -> bool:
    """Escape on an open drop-down closes it (and does nothing else); whether one was open."""
    for menu in menus:
        if menu is None or not menu.alive():
            continue
        state = menu.menu_states.get("expanded")
        if state is not None and menu.current_state is state:
            state.should_transition = True
            return True
    return False


def _chosen(menu: UIDropDownMenu) -> str:
    option = menu.selected_option
    return option[0] if isinstance(option, tuple) else str(option)
