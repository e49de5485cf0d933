"""The random engagement: two fleets, a seed, Gifford's dice, and a battle.

Each side brings a saved fleet or one mustered at random for a nation and a
budget, and is commanded by a person or the computer.  Roll throws the dice
and shows what they made before anything is written: the line of the D12
table in words, the wind, and a picture of the table.  Start writes the
scenario into the user's scenarios folder (the menu lists it afterwards) and
begins the battle; Escape goes back to the menu.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIDropDownMenu, UIImage, UITextBox, UITextEntryLine

from game.content.yaml_nodes import ContentError
from game.files import FileProblem
from game.fleets.model import Fleet
from game.generate import Engagement, engagement
from game.generate.cli import fresh_seed
from game.generate.engagement import SYSTEM, random_fleets
from game.table.written import compass_point
from game.ui.app import Scene
from game.ui.render.thumbnail import scenario_thumbnail
from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.menu import default_players, kind_label, levels_tooltip, player_kinds
from game.ui.widgets import Backdrop, button, label, menu

if TYPE_CHECKING:
    from game.content.model import Scenario
    from game.ui.app import QuarterdeckApp

#: The fleet menu's first choice: a fleet mustered by the dice.
RANDOM = "random"
#: What a side is offered before anything is chosen: a squadron of a few ships, which plays in an evening.
DEFAULT_NATIONS = ("british", "french")
DEFAULT_BUDGET = 300
#: The largest seed the field takes (the same digits as the new battle panel's).
SEED_DIGITS = 9
SIDE_NAMES = ("Side A", "Side B")


def _nation_label(nation: str) -> str:
    return nation.replace("_", " ").capitalize()


class GenerateScene(Scene):
    """The choices for both sides on the left, under them the seed and Roll; the rolled table on the right."""

    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp) -> None:
        super().__init__(app)
        from game.fleets.value import budgets, nations

        self.nations = list(nations(SYSTEM))
        self.budgets = list(budgets(SYSTEM))
        self.kinds = [k for k in player_kinds(SYSTEM) if k != "random"] or player_kinds(SYSTEM)
        self.saved = self._saved_fleets()
        default_kinds = default_players(["a", "b"], self.kinds)
        self.choice: list[dict[str, str]] = [
            {
                "fleet": RANDOM,
                "nation": n if n in self.nations else (self.nations[0] if self.nations else n),
                "budget": str(DEFAULT_BUDGET if DEFAULT_BUDGET in self.budgets else self.budgets[-1]),
                "player": default_kinds[k],
            }
            for k, n in zip("ab", DEFAULT_NATIONS, strict=True)
        ]
        self.seed_text = str(fresh_seed() % 10**SEED_DIGITS)
        self.rolled: Engagement | None = None
        self.rolled_scenario: Scenario | None = None
        self.problem = ""
        self.backdrop = Backdrop()
        self._build()
        self.roll()  # the table the dice make from the first choices, so the page opens on a battle

    # --- what can be chosen ----------------------------------------------------

    def _saved_fleets(self) -> list[tuple[str, Path]]:
        """The player's Beat to Quarters fleets that load: (label, path)."""
        from game.fleets.files import list_fleets, load_fleet

        out = []
        for path in list_fleets():
            try:
                fleet = load_fleet(path)
            except (ContentError, FileProblem, OSError):
                continue  # the fleet builder says what is wrong with it; here it is simply not offered
            if fleet.rules == SYSTEM:
                out.append((f"{fleet.name} ({_nation_label(fleet.nation)}, {len(fleet.ships())} ships)", path))
        return out

    # --- layout ----------------------------------------------------------------

    def _build(self) -> None:
        for element in list(self.root.elements):
            element.kill()
        ui = self.app.ui
        w, h = design(self.app.size)
        small = w < 1200 or h < 720
        pad, row_h, gap = (14, 32, 6) if small else (24, 36, 10)
        self.pad = pad
        label(self, R(pad, 6, 360, 40), "Random engagement", "@heading")
        label(self,
            R(pad + 300, 14, w - 2 * pad - 300, 28),
            "Gifford's tactical engagement table: a D6 for the wind, a D12 for the set-up.  Escape goes back",
            "@caption",
        )
        top = 52
        left_w = min(470, int((w - 2 * pad) * 0.44))
        rx = pad + left_w + 20
        right_w = w - pad - rx

        # each side: its fleet, the nation and budget of a random one, and who commands it
        self.fleet_menus: list[UIDropDownMenu] = []
        self.nation_menus: list[UIDropDownMenu] = []
        self.budget_menus: list[UIDropDownMenu] = []
        self.player_menus: list[UIDropDownMenu] = []
        fleets = [("Random fleet", RANDOM), *((label, str(path)) for label, path in self.saved)]
        label_w = 92
        y = top
        for k in range(2):
            c = self.choice[k]
            label(self, R(pad, y + 5, label_w, 22), SIDE_NAMES[k])
            self.fleet_menus.append(
                menu(self, fleets, c["fleet"], R(pad + label_w, y, left_w - label_w, row_h), f"fleet_{k}")
            )
            self.fleet_menus[k].set_tooltip("A fleet you saved in the fleet builder, or one the dice muster")
            y += row_h + gap
            nation_w = (left_w - label_w - gap) // 2
            self.nation_menus.append(
                menu(self,
                    [(_nation_label(n), n) for n in self.nations],
                    c["nation"],
                    R(pad + label_w, y, nation_w, row_h),
                    f"nation_{k}",
                )
            )
            self.budget_menus.append(
                menu(self,
                    [(f"{b} points", str(b)) for b in self.budgets],
                    c["budget"],
                    R(pad + label_w + nation_w + gap, y, left_w - label_w - nation_w - gap, row_h),
                    f"budget_{k}",
                )
            )
            self.nation_menus[k].set_tooltip("The random fleet's nation")
            self.budget_menus[k].set_tooltip("The random fleet's points (the fleet builder's budgets)")
            if c["fleet"] != RANDOM:
                self.nation_menus[k].disable()
                self.budget_menus[k].disable()
            y += row_h + gap
            label(self, R(pad + 8, y + 5, label_w - 8, 22), "Command", "@caption")
            self.player_menus.append(
                menu(self,
                    [(kind_label(x), x) for x in self.kinds],
                    c["player"],
                    R(pad + label_w, y, left_w - label_w, row_h),
                    f"player_{k}",
                )
            )
            if levels_tooltip(self.kinds):
                self.player_menus[-1].set_tooltip(levels_tooltip(self.kinds))
            y += row_h + gap + (8 if small else 14)

        label(self, R(pad, y + 5, label_w, 22), "Seed")
        self.seed_entry = UITextEntryLine(
            R(pad + label_w, y, 140, row_h),
            manager=ui,
            container=self.root,
            object_id=ObjectID(object_id="#engagement_seed"),
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        self.seed_entry.set_text(self.seed_text)
        self.seed_entry.set_tooltip(
            "The dice of the set-up (and of the battle): the same seed and fleets roll the same engagement"
        )
        self.new_seed_button = button(self,
            R(pad + label_w + 140 + gap, y, 70, row_h), "New", "new_seed", "A fresh seed"
        )
        self.roll_button = button(self,
            R(pad + left_w - 110, y, 110, row_h),
            "Roll",
            "roll",
            "Throw the dice: the wind, the table's line, the ships placed.  Key: R",
        )
        y += row_h + gap + 4
        self.summary = UITextBox(
            "",
            R(pad, y, left_w, h - pad - y),
            manager=ui,
            container=self.root,
            object_id=ObjectID(object_id="#engagement_summary", class_id="@reading"),
        )

        # the table rolled, and the buttons under it
        button_h = 40
        by = h - pad - button_h
        self.start_button = button(self,
            R(w - pad - 150, by, 150, button_h),
            "Start",
            "start",
            "Write the scenario to your scenarios folder and begin the battle.  Key: Enter",
        )
        self.back_button = button(self,
            R(w - pad - 150 - 12 - 110, by, 110, button_h), "Back", "back", "Back to the menu.  Key: Escape"
        )
        self.facts = label(self, R(rx, by - 30, right_w, 24), "", "@caption")
        self.thumb_rect = R(rx, top, right_w, by - 36 - top)
        self.thumbnail = UIImage(self.thumb_rect, pygame.Surface(self.thumb_rect.size), manager=ui, container=self.root)
        self._show()

    # --- rolling and starting ------------------------------------------------------

    def _read_choices(self) -> None:
        """What the menus and the seed field say now, kept across a rebuild."""
        if not getattr(self, "fleet_menus", None):
            return
        for k in range(2):
            self.choice[k] = {
                "fleet": self.fleet_menus[k].selected_option[1],
                "nation": self.nation_menus[k].selected_option[1],
                "budget": self.budget_menus[k].selected_option[1],
                "player": self.player_menus[k].selected_option[1],
            }
        self.seed_text = self.seed_entry.get_text()

    def seed(self) -> int:
        text = self.seed_entry.get_text().strip()
        if not text.isdigit():
            text = str(fresh_seed() % 10**SEED_DIGITS)
            self.seed_entry.set_text(text)
        return int(text)

    def fleets(self, seed: int) -> tuple[Fleet, Fleet]:
        """The two sides' fleets; a ContentError if a saved one no longer loads."""
        from game.fleets.files import load_fleet

        nations = (self.choice[0]["nation"], self.choice[1]["nation"])
        budgets = (int(self.choice[0]["budget"]), int(self.choice[1]["budget"]))
        mustered = random_fleets(nations, budgets, seed)  # each side its own stream, as --generate musters them
        out: list[Fleet] = []
        for k in range(2):
            path = self.choice[k]["fleet"]
            out.append(mustered[k] if path == RANDOM else load_fleet(path))
        return (out[0], out[1])

    def roll(self) -> None:
        """Throw the dice for the chosen fleets and seed, and show what they made."""
        self._read_choices()
        seed = self.seed()
        self.seed_text = str(seed)
        try:
            fleets = self.fleets(seed)
            if not all(f.ships() for f in fleets):
                raise ValueError("a random fleet of so few points buys no ship: raise its budget")
            self.rolled = engagement(fleets, seed)
            self.rolled_scenario = self.rolled.scenario(self.app.ships, self.app.rules)
            self.problem = ""
        except (ContentError, ValueError, FileProblem, OSError) as e:
            self.rolled, self.rolled_scenario = None, None
            self.problem = str(e)
        self._show()

    def _show(self) -> None:
        e, sc = self.rolled, self.rolled_scenario
        if e is None or sc is None:
            text = (
                "<b>Nothing rolled yet.</b><br>Choose the fleets, then Roll (R) to see the engagement the "
                "dice make; Start begins it."
            )
            if self.problem:
                text = f"<b>Could not roll:</b><br>{html.escape(self.problem)}"
            self.summary.set_text(text)
            self.facts.set_text("")
            blank = pygame.Surface(self.thumb_rect.size)
            blank.fill((18, 28, 40))  # the page's own dark, not a black hole where the table will be
            self.thumbnail.set_image(blank)
            self.start_button.disable()
            return
        lines = [f"<b>{html.escape(e.title)}</b><br>{html.escape(e.against)}", html.escape(e.summary)]
        for side in sc.sides:
            ships = [s for sq in side.squadrons for s in sq.ships]
            names = ", ".join(f"{html.escape(s.shown_name)} ({s.ship.guns})" for s in ships)
            extra = f"; {len(side.batteries)} shore batteries" if side.batteries else ""
            lines.append(f"<b>{html.escape(side.name)}</b>: {len(ships)} ships{extra}<br>{names}")
        self.summary.set_text("<br><br>".join(lines))
        tw, th = sc.table
        self.facts.set_text(
            f"D12 line {e.roll}  \u00b7  {tw:g}\u2033 \u00d7 {th:g}\u2033 table  \u00b7  wind from "
            f"{compass_point(sc.wind_from)}  \u00b7  {sc.turn_limit} turns  \u00b7  seed {e.seed}"
        )
        self.thumbnail.set_image(scenario_thumbnail(sc, self.thumb_rect.size, self.app.rules))
        self.start_button.enable()

    def start(self) -> None:
        """Write the rolled scenario and begin its battle; on failure say why and stay."""
        if self.rolled is None or self.rolled_scenario is None:
            return
        self._read_choices()
        from game.persistence.user import scenarios_dir

        try:
            path = self.rolled.write(scenarios_dir())
        except (FileProblem, OSError) as e:
            self.app.say(f"Could not write the scenario: {e}")
            return
        sides = [s.id for s in self.rolled_scenario.sides]
        players = {sid: self.choice[k]["player"] for k, sid in enumerate(sides)}
        error = self.app.start_battle(path, players, self.rolled.seed, {})
        if error:
            self.app.say(f"Could not start the battle: {error}")

    # --- events ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.roll_button:
                self.roll()
            elif element is self.start_button:
                self.start()
            elif element is self.back_button:
                self.app.back_to_menu()
            elif element is self.new_seed_button:
                self.seed_entry.set_text(str(fresh_seed() % 10**SEED_DIGITS))
            else:
                return False
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element in self.fleet_menus:
            self._read_choices()
            self._build()  # a saved fleet has no nation or budget to choose
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _typing(self) -> bool:
        focus = self.app.ui.get_focus_set() or ()
        return any(isinstance(e, UITextEntryLine) for e in focus)

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            if self._typing():
                self.app.ui.set_focus_set(None)
            else:
                self.app.back_to_menu()
            return True
        if self._typing():
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.ui.set_focus_set(None)
                self.roll()
                return True
            return False
        if event.key == pygame.K_r:
            self.roll()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.start_button.is_enabled:
                self.start()
            else:
                self.roll()
            return True
        return False

    # --- frames ------------------------------------------------------------------------

    #: Messages go along the top, beside the title.
    message_edge = "top"

    def message_area(self) -> pygame.Rect | None:
        w, _ = design(self.app.size)
        return R(self.pad + 240, 2, w - 2 * self.pad - 240, 48)

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._read_choices()
        self._build()

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)
        if self.rolled is not None:  # a brass frame round the rolled table
            pygame.draw.rect(surface, (200, 168, 96), self.thumbnail.get_abs_rect().inflate(px(4), px(4)), px(1))
