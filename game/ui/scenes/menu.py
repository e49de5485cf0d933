"""The main menu: the way into a battle, a saved game, the rules and the settings.

Everything happens in this one scene so nothing is lost on the way: choosing
a new battle opens a panel beside the buttons (scenario list, a picture of the
table, who commands each side, an optional dice seed), and Settings opens
another in the same place.  Each button has a key (N, C, L, W, R, S, Q/Escape)
and a tooltip, and a failure to start or load is shown in a message window
while the menu stays exactly as it was.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIImage,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIMessageWindow

from game.persistence.autosave import autosave_path
from game.systems import parse_option
from game.systems.base import RuleSystem
from game.table.written import compass_point
from game.ui import scale
from game.ui.app import Scene
from game.ui.fonts import message as shown_message
from game.ui.render.thumbnail import scenario_thumbnail
from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.reference import ReferenceScene, select_item
from game.ui.settings import ANIMATION_SPEEDS, save_settings, settings_path
from game.ui.widgets import background, label

if TYPE_CHECKING:
    from game.content.model import Scenario
    from game.ui.app import QuarterdeckApp

HUMAN = "human"
#: Menu order of the player kinds (the captain's levels from the gentlest); unknown kinds registered later follow,
#: sorted.
KIND_ORDER = (HUMAN, "scripted", "captain:easy", "captain:normal", "captain:hard", "captain-v1", "random")
#: The default for the second side: the captain at her normal level, else the strongest computer opponent there is.
STRONGEST = ("captain:normal", "captain", "scripted", "random")
KIND_LABELS = {
    HUMAN: "Human",
    "scripted": "Computer: scripted",
    "captain": "Computer: captain \u2014 normal",  # a save from before the levels: she plays at normal
    "captain:easy": "Computer: captain \u2014 easy",
    "captain:normal": "Computer: captain \u2014 normal",
    "captain:hard": "Computer: captain \u2014 hard",
    "captain-v1": "Computer: old captain (v1)",
    "random": "Computer: random",
}
ANIMATION_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant (no animation)"}
MS_PER_S = 1000
NOTE_H = 24  # design pixels of the line saying what the captain's chosen level means
SETTINGS_SAVE_DELAY = 0.4  # seconds after the volume slider stops before the file is written

_BRASS = (200, 168, 96)
_BRASS_DIM = (92, 80, 52)
_TEXT = (236, 228, 208)


def player_kinds(system: str = "btq21") -> list[str]:
    """The kinds a side can be given in a battle of rule system ``system``: human first, then its computer players."""
    try:
        from game.ai import kinds_for

        registered = [k for k in kinds_for(system) if k != HUMAN]
    except Exception:  # a broken AI package must not take the menu down: humans can still play
        registered = []
    known = [k for k in KIND_ORDER[1:] if k in registered]
    return [HUMAN, *known, *sorted(k for k in registered if k not in KIND_ORDER)]


def default_players(side_ids: list[str], kinds: list[str]) -> dict[str, str]:
    """First side human, the others the strongest computer player registered (human if none)."""
    computer = next((k for k in STRONGEST if k in kinds), next((k for k in kinds if k != HUMAN), HUMAN))
    return {side: (HUMAN if i == 0 else computer) for i, side in enumerate(side_ids)}


def kind_label(kind: str) -> str:
    """What a menu calls a kind: the captain's level after a dash (a time budget as the milliseconds it is)."""
    if kind in KIND_LABELS:
        return KIND_LABELS[kind]
    base, _, level = kind.partition(":")
    if level.endswith("ms") and level[:-2].isdigit():
        return f"Computer: {base} \u2014 {level[:-2]} ms a move"
    return f"Computer: {base} \u2014 {level}" if level else f"Computer: {kind}"


def level_note(kind: str) -> str:
    """What the captain's level ``kind`` means to the player facing her ("" for a kind without levels).

    The seconds come from the level's own clock ceiling, so the words stay
    true when the levels are tuned.
    """
    from game.ai import split_kind
    from game.ai.search.levels import parse_level

    base, level = split_kind(kind)
    if base != "captain":
        return ""
    try:
        lv = parse_level(level)
    except ValueError:
        return ""
    if lv.blunder > 0:
        return f"captain {lv.name}: makes mistakes a beginner can punish"
    seconds = f"{(lv.budget_ms or 0) / MS_PER_S:g} s"
    if lv.timed:
        return f"captain {lv.name}: thinks for {seconds} a move, as many trials as fit"
    if lv.name == "hard":
        return f"captain hard: looks furthest ahead, up to {seconds} a move"
    return f"captain {lv.name}: a steady opponent, quick to move (at most {seconds})"


def levels_tooltip(kinds: list[str]) -> str:
    """The drop-down's tool tip: what each of the captain's levels offered means."""
    notes = [level_note(k) for k in kinds]
    return "<br>".join(html.escape(n[0].upper() + n[1:]) for n in notes if n)


def _inches(v: float) -> str:
    return f"{v:g}\u2033"


def _hex(colour, lighten: float = 0.0) -> str:
    """An HTML colour, lightened towards white so dark side colours read on the dark panels."""
    r, g, b = (int(c + (255 - c) * lighten) for c in colour)
    return f"#{r:02x}{g:02x}{b:02x}"


def _file_label(path: Path, mine: bool) -> str:
    """What the list calls a scenario that does not load: its file's name."""
    return f"{path.stem} (yours)" if mine else path.stem


@dataclass
class ScenarioEntry:
    """A shipped scenario as the menu shows it; ``scenario`` is None if it does not load."""

    id: str
    title: str
    scenario: Scenario | None
    problem: str = ""


@dataclass
class _Button:
    key: str  # shortcut letter shown on the keycap
    widget: UIButton


class MenuScene(Scene):
    """Title, six buttons with keys, and one panel at a time beside them (new battle or settings)."""

    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp) -> None:
        super().__init__(app)
        self.entries = self._load_scenarios()
        self.kinds = player_kinds()
        self.panel_kind: str | None = None  # None | "new" | "settings"
        self.chosen: str | None = self.entries[0].id if self.entries else None
        self.players: dict[str, dict[str, str]] = {}  # scenario id -> side -> kind, as last chosen
        self.options: dict[str, set[str]] = {}  # scenario id -> optional rules ticked, as last chosen
        self.option_values: dict[str, dict[str, str]] = {}  # scenario id -> option -> value, as last chosen
        self.seed_text = ""
        self.dialogs: list[UIWindow] = []
        self.file_dialog: UIWindow | None = None  # the load window (also for the battle to watch again)
        self.dialog_for = "load"  # what the file picked in the dialog is for: "load" or "watch"
        self._settings_due: float | None = None
        self._rescale_due = False  # the UI scale was changed: lay the menu out again at the next frame
        self._background: pygame.Surface | None = None  # painted once per window size (and rose or not)
        self._background_key: tuple = ()
        self.autosave = self.autosave_summary()  # read once: nothing writes it while the menu is up
        self._build()

    # --- content -------------------------------------------------------------

    def _load_scenarios(self) -> list[ScenarioEntry]:
        from game.content.load import ContentError, list_scenarios, open_scenario, scenario_path
        from game.persistence.user import user_scenarios

        entries = []
        # the shipped scenarios by name, then the player's own (the editor's, the generator's) by their path
        for name, path, mine in [
            *((n, scenario_path(n), False) for n in list_scenarios()),
            *((str(p), p, True) for p in user_scenarios()),
        ]:
            try:
                sc = open_scenario(path, self.app.ships, self.app.rules)
                title = sc.name
                if sc.system != self.app.system.id:  # another rule book's battle: say which
                    title = f"{sc.name} — {self.app.system_of(sc.system).title}"
                if mine:
                    title = f"{title} (yours)"
                entries.append(ScenarioEntry(name, title, sc))
            except ContentError as e:
                entries.append(ScenarioEntry(name, _file_label(path, mine), None, "; ".join(e.problems[:2])))
            except (OSError, ValueError) as e:
                entries.append(ScenarioEntry(name, _file_label(path, mine), None, str(e)))
        titles = [entry.title for entry in entries]
        for entry in entries:  # two scenarios with one title stay apart in the list
            if titles.count(entry.title) > 1:
                entry.title = f"{entry.title} ({entry.id})"
        return entries

    def entry(self, scenario_id: str | None) -> ScenarioEntry | None:
        """The entry of a scenario id (or, for the player's own scenarios, of the name a save gives it)."""
        found = next((e for e in self.entries if e.id == scenario_id), None)
        if found is None and scenario_id:
            found = next((e for e in self.entries if e.scenario is not None and e.scenario.id == scenario_id), None)
        return found

    def autosave_summary(self) -> tuple[bool, str]:
        """Whether Continue can be tried, and the line that says what it would continue."""
        from game.persistence.save import SaveError, read_save

        path = autosave_path()
        if not path.is_file():
            return False, "No autosaved battle yet"
        try:
            doc = read_save(path)
        except SaveError:
            return True, "The autosave looks damaged"
        entry = self.entry(doc["scenario"])
        # the scenario's name without its rule book's: the line under Continue has little room
        title = entry.title.split(" \u2014 ")[0] if entry else "a scenario this game does not have"
        if doc.get("over") is True:  # nothing to resume: the end screen was its last word
            return False, f"The last battle, {title}, is over"
        if doc.get("fair_dice") is not None:
            title = f"{title} (network: hosted again)"
        turn = doc.get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool):
            return True, f"{title}, turn {turn}"
        return True, title

    # --- layout --------------------------------------------------------------

    def _metrics(self) -> dict[str, int]:
        w, h = design(self.app.size)
        small = w < 1200 or h < 720
        margin = 32 if small else 48
        return {
            "margin": margin,
            "button_w": 230 if small else 290,
            "button_h": 40 if small else 46,
            "gap": 10 if small else 12,
            "title_h": 126 if small else 136,
            "keycap": 34,
        }

    def panel_rect(self) -> pygame.Rect:
        """Where the panel goes, in design pixels (game.ui.scale)."""
        m = self._metrics()
        w, h = design(self.app.size)
        x = m["margin"] + m["keycap"] + m["button_w"] + (24 if w < 1200 else 40)
        y = m["title_h"] + 14
        return pygame.Rect(x, y, w - x - m["margin"], h - y - (28 if h < 720 else 40))

    def _build(self) -> None:
        """(Re)create every widget from the scene's state: on start, on resize, after a panel change."""
        for element in list(self.root.elements):
            element.kill()
        ui, m = self.app.ui, self._metrics()
        w, _ = design(self.app.size)
        x = m["margin"]
        UILabel(
            R(x - 4, 10, min(w - 2 * x, 640), 84),
            "Quarterdeck",
            manager=ui,
            container=self.root,
            object_id=ObjectID(object_id="#menu_title"),
        )
        UILabel(
            R(x, 86, min(w - 2 * x, 640), 30),
            self.app.system.tables_name,
            manager=ui,
            container=self.root,
            object_id=ObjectID(object_id="#menu_subtitle"),
        )
        can_continue, continue_line = self.autosave
        specs = [
            ("first", "F", "First battle", "New to the game? A guided battle that teaches it step by step, "
             "against the computer.  Key: F"),
            ("new", "N", "New battle", "Choose a scenario and who commands each side.  Key: N"),
            ("generate", "G", "Random battle\u2026", "Two fleets, and Gifford's dice set up the battle: the wind, "
             "the table's line (fog, corners, a chase, a shore under batteries...), the ships placed.  Key: G"),
            ("continue", "C", "Continue", f"Resume the autosaved battle: {continue_line}.  Key: C"),
            ("load", "L", "Load\u2026", "Open a saved battle from a file.  Key: L"),
            ("watch", "W", "Watch a replay\u2026", "Watch a saved battle again, turn by turn, and take command from "
             "any point; an autosave of a finished battle will do.  Key: W"),
            ("network", "T", "Two computers\u2026", "Play a friend at another computer: host a battle or join "
             "one over the network, or play by e-mail with turn files.  Key: T"),
            ("campaign", "A", "Campaign\u2026", "A war of two years (Gifford's campaign): buy a fleet, build, repair "
             "and fight a month's engagement at a time, hot seat or against the computer.  Key: A"),
            ("fleets", "B", "Fleets\u2026", "Build a fleet by points for a rule system and a nation, or draw one at "
             "random, and save it for battles and campaigns.  Key: B"),
            ("reference", "R", "Rules reference",
             "The rules of the chosen scenario's rule system, with the tables in force.  Key: R"),
            ("editor", "E", "Scenario editor", "Make or change a Beat to Quarters scenario on the table: "
             "ships, terrain, wind and victory terms.  Key: E"),
            ("settings", "S", "Settings", "Grid, arcs, camera, plain table, animation speed, volume and fullscreen.  "
             "Key: S"),
            ("quit", "Q", "Quit", "Leave Quarterdeck.  Keys: Q or Escape"),
        ]
        if not can_continue:
            at = next(i for i, spec in enumerate(specs) if spec[0] == "continue")
            specs[at] = ("continue", "C", "Continue", f"Nothing to continue: {continue_line.lower()}.")
        self.buttons: dict[str, _Button] = {}
        y = m["title_h"] + 14
        # as many buttons as there are fit under the title: they come closer together on a small window
        room = design(self.app.size)[1] - y - 22 - 12
        pitch = min(m["button_h"] + m["gap"], room // len(specs))
        m["gap"] = min(m["gap"], max(4, pitch // 6))
        m["button_h"] = pitch - m["gap"]
        bx = x + m["keycap"]
        for name, key, words, tip in specs:
            button = UIButton(
                R(bx, y, m["button_w"], m["button_h"]),
                words,
                manager=ui,
                container=self.root,
                tool_tip_text=tip,
                object_id=ObjectID(object_id=f"#menu_{name}", class_id="@menu_button"),
            )
            self.buttons[name] = _Button(key, button)
            y += m["button_h"] + m["gap"]
            if name == "continue":
                # a disabled button shows no tooltip, so what Continue would resume is also written here
                self.continue_label = UILabel(
                    R(bx + 4, y - m["gap"] + 2, m["button_w"], 22),
                    continue_line,
                    manager=ui,
                    container=self.root,
                    object_id=ObjectID(class_id="@caption"),
                )
                y += 22
        self._buttons_bottom = y
        if not can_continue:
            self.buttons["continue"].widget.disable()
        self.panel: UIPanel | None = None
        if self.panel_kind == "new":
            self._build_new_battle()
        elif self.panel_kind == "settings":
            self._build_settings()

    def message_area(self) -> pygame.Rect | None:
        """With a panel open, messages go under the menu's buttons, off the panel the player is filling in."""
        if self.panel is None:
            return None
        m = self._metrics()
        left = m["margin"]
        top = self._buttons_bottom + 8
        return R(left, top, self.panel_rect().left - left - 12, design(self.app.size)[1] - top - 12)

    def keep_clear(self) -> list[pygame.Rect]:
        """The scenario list and the panel's buttons: a tool tip or a message over them hides the choice."""
        out = []
        for name in ("scenario_list", "start_button", "back_button"):
            el = getattr(self, name, None)
            if el is not None and el.alive():
                out.append(pygame.Rect(el.get_abs_rect()))
        return out

    def _card(self) -> tuple[UIPanel, int, int]:
        """The panel, and the room inside it in design pixels."""
        r = self.panel_rect()
        self.panel = UIPanel(
            R(*r), starting_height=1, manager=self.app.ui, container=self.root, object_id=ObjectID(class_id="@card")
        )
        cw, ch = design(self.panel.get_container().get_size())
        return self.panel, int(cw), int(ch)

    def _build_new_battle(self) -> None:
        ui = self.app.ui
        panel, cw, ch = self._card()
        pad = 16
        label(self, R(pad, 10, cw - 2 * pad, 34), "New battle", "@heading", panel)
        top = 52
        col_l = max(200, int((cw - 2 * pad) * 0.38))
        rx = pad + col_l + 18
        col_r = cw - rx - pad

        # left column: the scenarios, then what the chosen one is about
        label(self, R(pad, top, col_l, 22), "Scenario", "@field_label", panel)
        items = [(e.title, f"#scenario_{i}") for i, e in enumerate(self.entries)]
        # as many scenarios as leave the description a fair height, six at the least
        list_h = min(len(items), max(6, (ch - 330) // 30)) * 30 + 6
        chosen = next((i for i, e in enumerate(self.entries) if e.id == self.chosen), None)
        self.scenario_items = items
        self.scenario_list = UISelectionList(
            R(pad, top + 26, col_l, list_h),
            list[str | tuple[str, str]](items),
            manager=ui,
            container=panel,
            object_id=ObjectID(class_id="@roomy_list"),
            default_selection=items[chosen] if chosen is not None else None,
        )
        about_y = top + 26 + list_h + 14
        label(self, R(pad, about_y, col_l, 22), "About this battle", "@field_label", panel)
        self.description = UITextBox(
            "",
            R(pad, about_y + 26, col_l, ch - about_y - 26 - pad),
            manager=ui,
            container=panel,
            object_id=ObjectID(class_id="@reading"),
        )

        # right column, from the bottom up: buttons, seed, who commands, then the picture takes the rest
        button_h = 40
        by = ch - pad - button_h
        self.start_button = UIButton(
            R(cw - pad - 150, by, 150, button_h),
            "Start",
            manager=ui,
            container=panel,
            tool_tip_text="Begin the battle with these commanders.  Key: Enter",
            object_id=ObjectID(object_id="#start", class_id="@action_button"),
        )
        self.back_button = UIButton(
            R(cw - pad - 150 - 12 - 120, by, 120, button_h),
            "Back",
            manager=ui,
            container=panel,
            tool_tip_text="Close this panel.  Key: Escape",
            object_id=ObjectID(object_id="#back", class_id="@action_button"),
        )
        seed_y = by - 14 - 34
        label(self, R(rx, seed_y + 6, 100, 22), "Dice seed", "@field_label", panel)
        self.seed_entry = UITextEntryLine(
            R(rx + 108, seed_y, 120, 34),
            manager=ui,
            container=panel,
            initial_text=self.seed_text or None,
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        if col_r - 238 >= 110:  # on a small window the empty field speaks for itself
            label(self, R(rx + 238, seed_y + 6, col_r - 238, 22), "blank = random", "@caption", panel)

        entry = self.entry(self.chosen)
        sides = list(entry.scenario.sides) if entry and entry.scenario else []
        self.kinds = player_kinds(entry.scenario.system if entry and entry.scenario else "btq21")
        offered = self._system(entry).available
        options_y = seed_y - (14 + 26 + OPTION_ROW_H * _option_rows(len(offered)) if offered else 0)
        self._build_option_rows(panel, rx, options_y, col_r, entry)
        rows_h = 26 + len(sides) * 40 + (NOTE_H if levels_tooltip(self.kinds) else 0)
        sides_y = options_y - 14 - rows_h
        self.sides_y = sides_y
        self._build_side_rows(panel, rx, sides_y, col_r, sides)

        pic_top = top
        caption_h = 22
        pic_h = sides_y - 12 - caption_h - pic_top
        if pic_h < 40:  # a short window: no room for a picture worth the name, the table's facts still fit
            pic_h = 1
        pic_w = col_r
        if entry and entry.scenario:
            tw, th = entry.scenario.table
            pic_w = min(col_r, int(pic_h * tw / th) + 12)
            pic_h = min(pic_h, int(pic_w * th / tw) + 12)
        self.thumb_rect = R(rx + (col_r - pic_w) // 2, pic_top, pic_w, pic_h)
        self.thumbnail = UIImage(
            self.thumb_rect,
            pygame.Surface(self.thumb_rect.size),
            manager=ui,
            container=panel,
        )
        if pic_h <= 1:
            self.thumbnail.hide()
        self.facts = label(self, R(rx, pic_top + pic_h + 4, col_r, caption_h), "", "@caption", panel)
        # a window too short for the caption above the commanders' rows: the table's facts open the description
        self.facts_in_description = pic_top + pic_h + 4 + caption_h > sides_y
        if self.facts_in_description:
            self.facts.hide()
        self._show_scenario()

    def _build_option_rows(self, panel, x: int, y: int, width: int, entry: ScenarioEntry | None) -> None:
        """A box for each option of the rule system, its help as the tool tip; those the scenario requires are on
        and cannot be switched off."""
        self.option_boxes: dict[str, UICheckBox] = {}
        system = self._system(entry)
        offered = system.available
        if not offered:
            return
        head = "Optional rules"
        house = self.app.rules.house if system.id == self.app.rules.system else ()
        if house:  # the player's house rules are in force for every battle: say so where the rules are chosen
            n = len(house)
            head += f"  \u00b7  house rules: {self.app.rules.house_name or 'yours'} ({n} change{'s' if n != 1 else ''})"
        header = label(self, R(x, y, width, 22), head, "@field_label", panel)
        if house:
            header.set_tooltip("<br>".join(f"{html.escape(path)}: {html.escape(str(v))}" for path, v in house))
        texts = entry.scenario.options if entry and entry.scenario else ()
        required = dict(parse_option(system.id, t) for t in texts)  # checked when the scenario loaded
        chosen = self.options.setdefault(self.chosen or "", set())
        values = self.option_values.setdefault(self.chosen or "", {})
        self.option_menus: dict[str, UIDropDownMenu] = {}
        rows = _option_rows(len(offered))
        col_w = width // -(-len(offered) // rows)
        menu_w = min(160, max(84, int(col_w * 0.40)))
        for i, opt in enumerate(offered):
            must = opt.name in required
            cx, cy = x + (i // rows) * col_w, y + 24 + (i % rows) * OPTION_ROW_H
            if opt.choices:  # the option's value: the scenario's if it sets one, else the last chosen
                value = required[opt.name]["value"] if must else values.get(opt.name) or opt.default
                menu = UIDropDownMenu(
                    [(c.replace("_", " "), c) for c in opt.choices],
                    (value.replace("_", " "), value),
                    R(cx + col_w - menu_w - 8, cy, menu_w, 28),
                    manager=self.app.ui,
                    container=panel,
                    object_id=ObjectID(object_id=f"#option_value_{opt.name}"),
                )
                menu.set_tooltip(f"{opt.title}: {opt.value_help or 'its setting'}")
                if must:
                    menu.disable()
                self.option_menus[opt.name] = menu
            box = UICheckBox(
                R(cx, cy + 2, 22, 22),
                opt.title + (" (scenario)" if must else ""),
                manager=self.app.ui,
                container=panel,
                initial_state=must or opt.name in chosen,
                tool_tip_text=opt.help,
                object_id=ObjectID(object_id=f"#option_{opt.name}"),
            )
            if must:
                box.disable()
                box.set_tooltip(f"{opt.help}<br><br>This scenario plays with it: it cannot be switched off here.")
            self.option_boxes[opt.name] = box

    def _system(self, entry: ScenarioEntry | None) -> RuleSystem:
        """The rule system the scenario is played under (Beat to Quarters' when there is none to go by)."""
        if entry is None or entry.scenario is None:
            return self.app.system
        return self.app.system_of(entry.scenario.system)

    def chosen_options(self) -> dict[str, dict]:
        """The options ticked beyond those the scenario requires (it switches those on itself)."""
        boxes = getattr(self, "option_boxes", {})
        menus = getattr(self, "option_menus", {})
        return {
            name: {"value": menus[name].selected_option[1]} if name in menus else {}
            for name, box in boxes.items()
            if box.get_state() and box.is_enabled
        }

    def _build_side_rows(self, panel, x: int, y: int, width: int, sides) -> None:
        ui = self.app.ui
        label(self, R(x, y, width, 22), "Who commands", "@field_label", panel)
        self.side_menus: dict[str, UIDropDownMenu] = {}
        choice = self.players.setdefault(self.chosen or "", default_players([s.id for s in sides], self.kinds))
        options: list[str | tuple[str, str]] = [(kind_label(k), k) for k in self.kinds]
        menu_w = min(250, max(150, int(width * 0.45)))
        tip = levels_tooltip(self.kinds)
        for i, side in enumerate(sides):
            ry = y + 26 + i * 40
            swatch = pygame.Surface((px(14), px(14)))
            swatch.fill(tuple(side.colour))
            pygame.draw.rect(swatch, _BRASS, swatch.get_rect(), 1)
            UIImage(R(x, ry + 10, 14, 14), swatch, manager=ui, container=panel)
            label(self, R(x + 20, ry + 6, width - menu_w - 24, 22), side.name, "@field_label", panel)
            kind = choice.get(side.id, HUMAN)
            if kind not in self.kinds:
                kind = HUMAN
            self.side_menus[side.id] = UIDropDownMenu(
                options,
                (kind_label(kind), kind),
                R(x + width - menu_w, ry, menu_w, 34),
                manager=ui,
                container=panel,
                object_id=ObjectID(object_id=f"#player_{side.id}", class_id="@player_kind"),
            )
            if tip:
                self.side_menus[side.id].set_tooltip(tip)
        self.level_line: UILabel | None = None
        if tip:  # the drop-down's tool tip shows only while it is closed: the chosen levels are also said here
            self.level_line = label(self, R(x, y + 26 + len(sides) * 40, width, 22), "", "@caption", panel)
            self._show_levels()

    def _show_levels(self) -> None:
        """The line under the commanders' rows: what the captain's chosen level(s) mean."""
        line = getattr(self, "level_line", None)
        if line is None:
            return
        notes = dict.fromkeys(n for n in (level_note(k) for k in self.chosen_players().values()) if n)
        line.set_text("  \u00b7  ".join(notes))

    def _show_scenario(self) -> None:
        """Fill the description, picture and caption for the chosen scenario."""
        entry = self.entry(self.chosen)
        if entry is None:
            self.description.set_text("<i>No scenarios found in the data folder.</i>")
            self.start_button.disable()
            return
        if entry.scenario is None:
            self.description.set_text(f"<b>This scenario does not load:</b><br>{html.escape(entry.problem)}")
            self.facts.set_text("")
            self.thumbnail.set_image(pygame.Surface(self.thumb_rect.size))
            self.start_button.disable()
            return
        sc = entry.scenario
        self.start_button.enable()
        lines = []  # the forces first: they decide the choice as much as the story does
        for side in sc.sides:
            ships = [s for sq in side.squadrons for s in sq.ships]
            # Beat to Quarters' ships go by their guns; another rule book's by the card they sail under
            names = ", ".join(
                f"{html.escape(s.shown_name)} ({s.ship.guns if sc.system == 'btq21' else s.ship.rate})" for s in ships
            )
            count = f"{len(ships)} ship{'s' if len(ships) != 1 else ''}"
            if side.batteries:
                count += f", {len(side.batteries)} batter{'ies' if len(side.batteries) != 1 else 'y'}"
            lines.append(
                f"<font color='{_hex(side.colour, 0.45)}'><b>{html.escape(side.name)}</b></font>: {count}<br>{names}"
            )
        lines.append(html.escape(" ".join(sc.description.split())))
        if sc.history:  # the real events after the briefing, so the briefing stays the first thing read
            lines.append("<b>History:</b> " + html.escape(" ".join(sc.history.split())))
        tw, th = sc.table
        facts = (
            f"{_inches(tw)} \u00d7 {_inches(th)} table  \u00b7  wind from {compass_point(sc.wind_from)} "
            f"({round(sc.wind_from, 1):g}\u00b0)  \u00b7  {sc.turn_limit} turns"
            + ("" if sc.system == self.app.system.id else f"  \u00b7  {self.app.system_of(sc.system).title}")
        )
        if getattr(self, "facts_in_description", False):
            lines.insert(0, f"<i>{html.escape(facts)}</i>")
        self.description.set_text("<br><br>".join(lines))
        self.facts.set_text(facts)
        self.thumbnail.set_image(scenario_thumbnail(sc, self.thumb_rect.size, self.app.rules))

    def _remember_panel_state(self) -> None:
        """Keep what was chosen in the new battle panel so a rebuild (resize) does not lose it."""
        if self.panel_kind == "new" and self.panel is not None and self.panel.alive():
            self.seed_text = self.seed_entry.get_text()
            if self.chosen:
                self.players[self.chosen] = self.chosen_players()
                self.options[self.chosen] = set(self.chosen_options())
                menus = getattr(self, "option_menus", {})
                self.option_values[self.chosen] = {n: m.selected_option[1] for n, m in menus.items()}

    def chosen_players(self) -> dict[str, str]:
        return {side: menu.selected_option[1] for side, menu in self.side_menus.items()}

    def _select_scenario(self, scenario_id: str) -> None:
        if scenario_id == self.chosen:
            return
        self._remember_panel_state()
        self.chosen = scenario_id
        self._build()  # the side rows differ from scenario to scenario

    # --- the settings panel --------------------------------------------------

    def _build_settings(self) -> None:
        """Switches in one column, choices in another beside it (or under it, in a narrow panel)."""
        ui, s = self.app.ui, self.app.settings
        panel, cw, ch = self._card()
        pad = 20
        label(self, R(pad, 10, cw - 2 * pad, 34), "Settings", "@heading", panel)
        two = cw >= 760
        col_w = (cw - 3 * pad) // 2 if two else cw - 2 * pad
        y = 60
        switches = [("grid", "Show a 6\u2033 grid on the table", "Faint lines every six inches, to judge distances "
                     "by eye."), *VIEW_SETTINGS,
                    ("fullscreen", "Fullscreen (also F11 anywhere)", "Fill the whole screen with the game.")]
        self.view_boxes: dict[str, UICheckBox] = {}
        for name, words, tip in switches:
            box = UICheckBox(R(pad, y, 22, 22), words, manager=ui, container=panel,
                             initial_state=bool(getattr(s, name)), tool_tip_text=tip)
            if name == "grid":
                self.grid_box = box
            elif name == "fullscreen":
                self.fullscreen_box = box
            else:
                self.view_boxes[name] = box
            y += 34
        self._fullscreen_shown = bool(s.fullscreen)
        x, y = (2 * pad + col_w, 60) if two else (pad, y + 10)
        field = min(300, col_w - 150)
        label(self, R(x, y + 6, 140, 22), "Animation speed", "@field_label", panel)
        keys = list(ANIMATION_SPEEDS)
        current = s.animation if s.animation in ANIMATION_SPEEDS else "normal"
        self.animation_menu = UIDropDownMenu(
            [(ANIMATION_LABELS.get(k, k.title()), k) for k in keys],
            (ANIMATION_LABELS.get(current, current.title()), current),
            R(x + 150, y, field, 34),
            manager=ui,
            container=panel,
            object_id=ObjectID(object_id="#animation"),
        )
        y += 46
        label(self, R(x, y + 6, 140, 22), "Volume", "@field_label", panel)
        self.volume_slider = UIHorizontalSlider(
            R(x + 150, y, field - 60, 34),
            round(s.volume * 100),
            (0, 100),
            manager=ui,
            container=panel,
            click_increment=5,
        )
        self.volume_label = label(self, R(x + 150 + field - 50, y + 6, 50, 22), f"{round(s.volume * 100)}%",
                                        "@field_label", panel)
        y += 46
        label(self, R(x, y + 6, 140, 22), "Size of words", "@field_label", panel)
        current_scale = s.ui_scale if s.ui_scale in scale.CHOICES else "auto"
        self.scale_menu = UIDropDownMenu(
            [(scale.label(c), c) for c in scale.CHOICES],
            (scale.label(current_scale), current_scale),
            R(x + 150, y, field, 34),
            manager=ui,
            container=panel,
            object_id=ObjectID(object_id="#ui_scale"),
        )
        self.scale_menu.set_tooltip("How big the words, buttons and panels are drawn: automatic follows the "
                                    "window (bigger on a large screen); a percentage is kept whatever the window.")
        fields_bottom = y + 40
        y = ch - pad - 40
        roomy = y - 30 >= fields_bottom
        label(self,
            R(pad, y - 30 if roomy else y + 8, cw - 2 * pad - (0 if roomy else 150), 22),
            f"Changes are saved as you make them, in {settings_path()}",
            "@caption",
            panel,
        )
        self.settings_error = label(self, R(pad, y + 8 if roomy else y - 24, cw - 2 * pad - 150, 22), "",
                                          "@warning", panel)
        self.settings_close = UIButton(
            R(cw - pad - 130, y, 130, 40),
            "Close",
            manager=ui,
            container=panel,
            tool_tip_text="Close the settings.  Key: Escape",
            object_id=ObjectID(object_id="#close_settings", class_id="@action_button"),
        )

    def save_settings_now(self) -> str | None:
        self._settings_due = None
        error = save_settings(self.app.settings)
        if self.panel_kind == "settings" and self.panel is not None and self.panel.alive():
            self.settings_error.set_text(error or "")
        if error:
            self.app.say(error)
        return error

    # --- opening and closing ---------------------------------------------------

    def open_panel(self, kind: str | None) -> None:
        if kind == self.panel_kind:
            return
        self._remember_panel_state()
        if self.panel_kind == "settings" and self._settings_due is not None:
            self.save_settings_now()
        self.panel_kind = kind
        self._build()

    def error_window(self, title: str, message: str) -> UIMessageWindow:
        """A one-line problem in a window over the menu; the menu itself is left as it was."""
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(500), w - 40), px(200))
        rect.center = (w // 2, h // 2)
        text = html.escape(shown_message(message))
        window = UIMessageWindow(rect, text, self.app.ui, window_title=title, always_on_top=True)
        self.dialogs.append(window)
        return window

    def open_load_dialog(self, purpose: str = "load") -> None:
        """The load window, to load a battle or (``purpose`` "watch") to watch one again."""
        if self.file_dialog is not None and self.file_dialog.alive():
            self.file_dialog.kill()
        from game.ui.panels.save_browser import SaveBrowser

        folder = autosave_path().parent / "saves"
        start = folder if folder.is_dir() else autosave_path().parent
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(820), w - 40), min(px(640), h - 40))
        rect.center = (w // 2, h // 2)
        title = "Watch a saved battle" if purpose == "watch" else "Load a saved battle"
        self.file_dialog = SaveBrowser(rect, self.app.ui, self.app.rules, self.app.ships, start, title=title)
        if purpose == "watch":
            self.file_dialog.load_button.set_text("Watch")
        self.dialog_for = purpose
        self.dialogs.append(self.file_dialog)

    def _modal(self) -> UIWindow | None:
        self.dialogs = [d for d in self.dialogs if d.alive()]
        return self.dialogs[-1] if self.dialogs else None

    def _typing(self) -> bool:
        """A text field has the keyboard: letters are text then, not shortcuts."""
        focus = self.app.ui.get_focus_set() or ()
        return any(isinstance(e, UITextEntryLine) for e in focus)

    # --- actions -------------------------------------------------------------

    def activate(self, name: str) -> None:
        """What each main button does (also reached by its key)."""
        if name == "first":
            error = self.app.start_first_battle()
            if error:
                self.error_window("Could not start the first battle", error)
        elif name == "new":
            self.open_panel(None if self.panel_kind == "new" else "new")
        elif name == "generate":
            from game.ui.scenes.generate import GenerateScene

            self._remember_panel_state()
            self.app.replace(GenerateScene)
        elif name == "continue":
            if not self.buttons["continue"].widget.is_enabled:
                return
            error = self.app.continue_autosave()
            if error:
                self.error_window("Could not continue", error)
        elif name == "load":
            self.open_load_dialog()
        elif name == "watch":
            self.open_load_dialog("watch")
        elif name == "network":
            from game.ui.scenes.network import NetworkScene

            self._remember_panel_state()
            self.app.replace(NetworkScene)
        elif name == "campaign":
            from game.ui.campaign.start import CampaignStartScene

            self._remember_panel_state()
            self.app.replace(CampaignStartScene)
        elif name == "fleets":
            from game.ui.scenes.fleets import FleetScene

            self._remember_panel_state()
            self.app.replace(FleetScene)
        elif name == "reference":
            self._remember_panel_state()
            self.app.push(ReferenceScene(self.app, self._system(self.entry(self.chosen))))
        elif name == "editor":
            from game.ui.scenes.editor import open_editor

            open_editor(self.app)
        elif name == "settings":
            self.open_panel(None if self.panel_kind == "settings" else "settings")
        elif name == "quit":
            if self._settings_due is not None:
                self.save_settings_now()
            self.app.running = False

    def start(self) -> None:
        """Start the chosen battle; on failure the reason is shown and the panel stays."""
        entry = self.entry(self.chosen)
        if entry is None:
            return
        text = self.seed_entry.get_text().strip()
        seed = int(text) if text.isdigit() else None
        players = self.chosen_players()
        self._remember_panel_state()
        error = self.app.start_battle(entry.id, players, seed, self.chosen_options())
        if error:
            self.error_window("Could not start the battle", error)

    def load(self, path: str) -> None:
        error = self.app.load_game(path)
        if error:
            self.error_window("Could not load the battle", error)

    # --- scene ---------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(event.ui_element)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.panel_kind == "new":
            if event.ui_element is getattr(self, "scenario_list", None):
                picked = self.scenario_list.get_single_selection(include_object_id=True)
                for (_, item_id), entry in zip(self.scenario_items, self.entries, strict=True):
                    if isinstance(picked, tuple) and picked[1] == item_id:
                        self._select_scenario(entry.id)
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.panel_kind == "new":
            if event.ui_element in getattr(self, "side_menus", {}).values():
                self._show_levels()
                return True
        if event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and self._close_reselected(event.ui_element):
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.file_dialog:
            if self.dialog_for == "watch":
                self.app.watch_replay(event.text, lambda reason: self.error_window("Could not open the replay", reason))
            else:
                self.load(event.text)
            return True
        if self.panel_kind == "settings" and self._settings_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _close_reselected(self, options_list) -> bool:
        """Close a drop-down whose current option was clicked again.

        pygame_gui's selection list treats a click on the selected row as
        dropping the selection, so the menu would stay open under the mouse and
        swallow the next click; a player expects the choice to stand.
        """
        menus = [*getattr(self, "side_menus", {}).values(), getattr(self, "animation_menu", None)]
        for menu in menus:
            state = getattr(menu, "current_state", None)
            if state is not None and getattr(state, "options_selection_list", None) is options_list:
                state.should_transition = True
                return True
        return False

    def _pressed(self, element) -> bool:
        for name, b in self.buttons.items():
            if element is b.widget:
                self.activate(name)
                return True
        if self.panel_kind == "new":
            if element is self.start_button:
                self.start()
                return True
            if element is self.back_button:
                self.open_panel(None)
                return True
        if self.panel_kind == "settings" and element is self.settings_close:
            self.open_panel(None)
            return True
        return False

    def _settings_event(self, event: pygame.event.Event) -> bool:
        s = self.app.settings
        element = getattr(event, "ui_element", None)
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if element is self.grid_box:
                s.grid = on
                self.save_settings_now()
                return True
            for name, box in getattr(self, "view_boxes", {}).items():
                if element is box:
                    setattr(s, name, on)
                    self.save_settings_now()
                    return True
            if element is self.fullscreen_box:
                if bool(s.fullscreen) != on:
                    self.app.toggle_fullscreen()  # saves the settings itself
                    self.save_settings_now()  # again, to show an error in the panel if there is one
                self._fullscreen_shown = bool(s.fullscreen)
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is getattr(self, "scale_menu", None):
            s.ui_scale = self.scale_menu.selected_option[1]
            self.save_settings_now()
            self._rescale_due = True  # after this event: the panel is built again at the new size
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.animation_menu:
            s.animation = self.animation_menu.selected_option[1]
            self.save_settings_now()
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element is self.volume_slider:
            value = int(round(self.volume_slider.get_current_value()))
            s.volume = max(0.0, min(1.0, value / 100))
            self.volume_label.set_text(f"{value}%")
            self._settings_due = SETTINGS_SAVE_DELAY  # written once the slider rests
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            window = self._modal()
            if window is not None:
                window.kill()
            elif self._typing():
                self.app.ui.set_focus_set(None)
            elif self.panel_kind is not None:
                self.open_panel(None)
            else:
                self.activate("quit")
            return True
        if self._modal() is not None or self._typing():
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.panel_kind == "new":
            if self.start_button.is_enabled:
                self.start()
            return True
        if key in (pygame.K_UP, pygame.K_DOWN) and self.panel_kind == "new" and self.entries:
            index = next((i for i, e in enumerate(self.entries) if e.id == self.chosen), 0)
            index = (index + (1 if key == pygame.K_DOWN else -1)) % len(self.entries)
            self._select_scenario(self.entries[index].id)
            return True
        for name, b in self.buttons.items():
            if key == pygame.key.key_code(b.key.lower()):
                self.activate(name)
                return True
        return False

    def update(self, dt: float) -> None:
        if self.panel_kind == "new" and self.scenario_list.get_single_selection() is None:
            # a click on the chosen scenario unselects it in pygame_gui; the choice stands
            index = next((i for i, e in enumerate(self.entries) if e.id == self.chosen), None)
            if index is not None:
                select_item(self.scenario_list, index)
        if self._rescale_due:
            self._rescale_due = False
            self.app.apply_scale()
        fullscreen = bool(self.app.settings.fullscreen)
        if self.panel_kind == "settings" and fullscreen != self._fullscreen_shown:
            self._fullscreen_shown = fullscreen  # F11 was pressed with the panel open: the box follows
            self.fullscreen_box.set_state(fullscreen)
        if self._settings_due is not None:
            self._settings_due -= dt
            if self._settings_due <= 0:
                self.save_settings_now()

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._remember_panel_state()
        self._background = None
        self._build()

    def close(self) -> None:
        if self._settings_due is not None:
            self.save_settings_now()
        for window in self.dialogs:
            if window.alive():
                window.kill()
        super().close()

    # --- drawing ---------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        rose = self.panel_kind is None
        if self._background is None or self._background_key != (surface.get_size(), rose):
            self._background = self._paint_background(surface.get_size())
            if rose:
                self._draw_rose(self._background)
            self._background_key = (surface.get_size(), rose)
        surface.blit(self._background, (0, 0))
        for b in self.buttons.values():
            self._keycap(surface, b.key, b.widget.rect, b.widget.is_enabled)

    def _paint_background(self, size: tuple[int, int]) -> pygame.Surface:
        """A night-sea gradient with a brass rule under the title: painted once per window size."""
        w, _ = size
        bg = background(size)
        m = self._metrics()
        y, left = px(m["title_h"] - 6), px(m["margin"])
        pygame.draw.line(bg, _BRASS_DIM, (left, y), (w - left, y), max(1, px(1)))
        pygame.draw.line(bg, _BRASS, (left, y), (left + px(120), y), max(2, px(2)))
        return bg

    def _draw_rose(self, surface: pygame.Surface) -> None:
        """A faint compass rose where the panels open, so the empty half of the menu is not bare."""
        r = R(*self.panel_rect())
        cx, cy = r.center
        radius = max(40, min(r.w, r.h) // 2 - px(30))
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        colour = (*_BRASS, 38)
        strong = (*_BRASS, 70)
        pygame.draw.circle(layer, colour, (cx, cy), radius, 2)
        pygame.draw.circle(layer, colour, (cx, cy), int(radius * 0.82), 1)
        pygame.draw.circle(layer, colour, (cx, cy), int(radius * 0.18), 1)
        for i in range(32):
            a = math.radians(i * 11.25)
            inner = radius * (0.82 if i % 2 else 0.9)
            p0 = (cx + math.sin(a) * inner, cy - math.cos(a) * inner)
            p1 = (cx + math.sin(a) * radius, cy - math.cos(a) * radius)
            pygame.draw.line(layer, colour, p0, p1, 1)
        for i in (1, 3, 5, 7, 0, 2, 4, 6):  # the short points first, under the long ones
            a = math.radians(i * 45)
            length = radius * (0.78 if i % 2 == 0 else 0.5)
            tip = (cx + math.sin(a) * length, cy - math.cos(a) * length)
            side = radius * 0.08
            left = (cx + math.sin(a - math.pi / 2) * side, cy - math.cos(a - math.pi / 2) * side)
            right = (cx + math.sin(a + math.pi / 2) * side, cy - math.cos(a + math.pi / 2) * side)
            pygame.draw.polygon(layer, strong if i % 2 == 0 else colour, [tip, left, (cx, cy), right])
        from game.ui.fonts import text

        label = text("N", 30, _BRASS, bold=True)
        label.set_alpha(90)
        layer.blit(label, label.get_rect(midbottom=(cx, cy - radius - 4)))
        surface.blit(layer, (0, 0))

    def _keycap(self, surface: pygame.Surface, key: str, button: pygame.Rect, enabled: bool) -> None:
        from game.ui.fonts import text

        cap = pygame.Rect(0, 0, px(26), px(26))
        cap.midright = (button.left - px(8), button.centery)
        edge = _BRASS if enabled else _BRASS_DIM
        pygame.draw.rect(surface, (14, 22, 31), cap, border_radius=4)
        pygame.draw.rect(surface, edge, cap, 1, border_radius=4)
        label = text(key, 20, _TEXT if enabled else (110, 118, 126), bold=True)
        surface.blit(label, label.get_rect(center=cap.center))


#: Height of a row of the optional rules, and the most rows before they go into a second column.
OPTION_ROW_H = 28
OPTION_ROWS = 6


#: How the table is shown, switched in the settings (and some by a key at the table): setting, words, tip.
VIEW_SETTINGS = (
    ("all_arcs", "Every ship's firing arcs (V at the table)",
     "Off: only the ship in hand's arcs, drawn as far as the farthest enemy in them."),
    ("follow", "The camera follows the action (O at the table)",
     "The view glides to the ship activated and keeps a computer ship's move in sight; your own pan always wins."),
    ("plain_table", "Plain table: flat colours, for slow machines",
     "Draw the sea, the land and the ships in flat colours instead of the painted table."),
)


def _option_rows(n: int) -> int:
    """Rows of option boxes: one column up to OPTION_ROWS, then two side by side."""
    return n if n <= OPTION_ROWS else -(-n // 2)
