"""The campaign screen: a side's sheet for the month, her orders, and the month's engagement.

The screen only shows the campaign and passes the player's choices to the
engine (``game.campaign``), which alone changes it; a command the engine
refuses is said in a line and nothing changes.  Each human side has its turn
at the window in each stage (with two humans a cover goes between them, so
neither sees the other's squadron or whether she will engage); computer
sides are decided by the engine's admiral once the humans are done.  The
campaign is saved after every step that closes, so leaving at any moment,
even in the middle of a battle on the table, loses nothing: a campaign
reopened with its engagement unfought offers the battle again, and one whose
battle was begun on the table and saved offers to go on with it or to record
it (``game.campaign.fought``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIImage,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)
from pygame_gui.windows import UIConfirmationDialog

from game.campaign import (
    BattleOutcome,
    Campaign,
    CampaignError,
    CampaignFileError,
    SavedFleet,
    add_squadron,
    admiral,
    apply_battle,
    available,
    begin,
    buy,
    buy_battery,
    buy_fleet,
    campaigns_dir,
    cancel_order,
    catalogue,
    choose_squadron,
    close_orders,
    end_month,
    engage,
    order_build,
    order_recrew,
    order_release,
    order_repair,
    price,
    rename_squadron,
    resolve_battle,
    save_campaign,
    saved_fleets,
    scuttle,
    sell,
    sell_battery,
    set_squadron,
    surrender,
)
from game.campaign.fought import SavedBattle, Search, refusal, saved_battles
from game.campaign.month import ORDER_BUILD, ORDER_RECREW, ORDER_RELEASE, ORDER_REPAIR
from game.campaign.tables import shipped
from game.ui.app import Scene
from game.ui.campaign.calendar import draw_calendar
from game.ui.campaign.fleet_table import FleetTable, Row, rows_of
from game.ui.campaign.resume import fought_html
from game.ui.campaign.sheet import STAGE_WORDS, final_html, log_html, outcome_html, plan_html, sheet_html, what_now
from game.ui.campaign.start import close_open_menu
from game.ui.campaign.turns import ROUNDS, Turns
from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.reference import preload_reading_fonts, select_item

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp
    from game.ui.match import Match

QUALITIES = ("good", "average", "poor")
RECREWS = ("poor", "green", "average")
_BG = (12, 20, 29)


@dataclass(frozen=True)
class Action:
    """A button of the action rows: what it does, its words, its key and its tooltip."""

    name: str
    label: str
    key: int | None
    tip: str
    width: int = 0  # design pixels; 0: as its words need


def _w(label: str) -> int:
    return max(88, 9 * len(label) + 30)


def _actions(c: Campaign, side_id: str, last: bool, right: str, fought: SavedBattle | None = None) -> list[Action]:
    """The buttons of the stage, for the side at the window (``last``: the last human to give hers; ``fought``:
    a save of the month's engagement, when the battle was begun on the table and the window closed)."""
    s = c.side(side_id)
    toggle = "Sheet" if right == "catalogue" else ("Catalogue" if c.stage == "setup" else "Build\u2026")
    leave = Action("leave", "Save and leave", pygame.K_ESCAPE,
                   "Save the campaign and go back to the main menu; open it again from Campaign\u2026.  Key: Escape")
    move = Action("next_squadron", "Next squadron", pygame.K_m,
                  "Move the ship picked into her side's next squadron.  Key: M")
    if c.stage == "setup":
        return [
            Action("toggle", toggle, pygame.K_k, "Show the catalogue of ships to buy, or the sheet.  Key: K"),
            Action("sell", "Sell", pygame.K_DELETE, "Take back the purchase of the ship or battery picked: her "
                   "points come back.  Key: Delete"),
            Action("battery_menu", "", None, "The kind of shore battery to buy: heavy, medium or light.", 150),
            Action("battery", "Buy battery", pygame.K_y, "Buy a shore battery of the kind chosen (at most "
                   f"{shipped().most_batteries}; they fight only in a port engagement).  Key: Y"),
            move,
            Action("squadron_entry", "", None, "A squadron's name, for Add squadron and Rename.", 170),
            Action("add_squadron", "Add squadron", pygame.K_n, "A new squadron of the name written.  Key: N"),
            Action("rename", "Rename", pygame.K_r, "Give the squadron picked (or the picked ship's) the name "
                   "written.  Key: R"),
            leave,
            Action("ready", "Begin the war" if last else "Fleet ready", pygame.K_RETURN,
                   ("Done buying: the war begins at month 1.  " if last else
                    "Done buying: the window goes to the other player.  ") + "Key: Enter"),
        ]
    if c.stage == "orders":
        engaging = s.orders.engage
        return [
            Action("toggle", toggle, pygame.K_k, "Order a new ship from the catalogue (five months in the "
                   "builders' yard), or go back to the sheet.  Key: K"),
            Action("to_repair", "Repair", pygame.K_p, "Put the ship picked into a repair berth: 5 points a month "
                   "for each rate of repair.  Key: P"),
            Action("release", "Release", pygame.K_l, "Take the ship picked out of repair at the next launch, "
                   "mended or not.  Key: L"),
            Action("recrew_menu", "", None, "The new crew for a prize: poor (5), green (10) or average (15).",
                   150),
            Action("recrew", "Re-crew", pygame.K_c, "Re-crew the prize or retaken ship picked.  Key: C"),
            Action("scuttle", "Scuttle\u2026", pygame.K_x, "Sink the ship picked in port: she costs you her full "
                   "value in victory points.  Key: X"),
            move,
            Action("send", "Send squadron", pygame.K_s, "Send the squadron picked (or the picked ship's) to this "
                   "month's engagement; the enemy does not see it.  Key: S"),
            Action("engage", "Refuse battle" if engaging else "Engage", pygame.K_e,
                   ("Refuse this month's engagement: no points for you at month's end, 20 for the enemy."
                    if engaging else "Accept this month's engagement after all.") + "  Key: E"),
            Action("undo", "Undo order", pygame.K_u, "Take back the last order given (until orders close).  Key: U"),
            Action("surrender", "Surrender\u2026", None, "Give up the war: the enemy wins at once."),
            leave,
            Action("close", "Close orders" if last else "Orders done", pygame.K_RETURN,
                   ("Carry out both sides' orders (steps a to d).  " if last else
                    "Your orders are given: the window goes to the other player.  ") + "Key: Enter"),
        ]
    if c.stage == "after":
        return [
            Action("to_repair", "Repair", pygame.K_p, "Step g: put the ship picked into a repair berth (paid from next "
                   "month).  Key: P"),
            Action("undo", "Undo order", pygame.K_u, "Take back the last repair ordered.  Key: U"),
            move,
            leave,
            Action("end", "End month" if last else "Done", pygame.K_RETURN,
                   ("Launch the mended and the new ships and take the month's points (steps h and i).  " if last else
                    "Your repairs are ordered: the window goes to the other player.  ") + "Key: Enter"),
        ]
    if c.stage == "battle" and fought is not None:
        return [*_fought_actions(fought), leave]
    if c.stage == "battle":
        return [
            Action("fight", "Fight it on the table", pygame.K_f, "Play the engagement in the window; at its end, "
                   "'Back to the campaign' records the result.  Key: F"),
            Action("resolve", "Resolve automatically", pygame.K_a, "The computer plays both sides to the end "
                   "with the battle's own dice, and the result is recorded.  Key: A"),
            leave,
        ]
    return [Action("menu", "Back to menu", pygame.K_ESCAPE, "Back to the main menu.  Key: Escape")]


def _fought_actions(fought: SavedBattle) -> list[Action]:
    """The engagement was begun on the table and saved: go on with it (or record it), or begin it afresh."""
    where = "the autosave" if fought.autosave else fought.path.name
    first = (Action("record", "Record the battle fought", pygame.K_r, f"The battle in {where} is over: record its "
                    "result in the campaign (it is played again from its save to be sure of it).  Key: R")
             if fought.over else
             Action("continue", "Continue the battle", pygame.K_c, f"Go on with the battle in {where} where it was "
                    "left; at its end, 'Back to the campaign' records the result.  Key: C"))
    return [
        first,
        Action("fight", "Fight it again\u2026", pygame.K_f, "Begin the engagement again from its first turn: "
               "the battle fought so far will not count.  Key: F"),
        Action("resolve", "Resolve automatically\u2026", pygame.K_a, "The computer plays both sides from the "
               "first turn, and that result is recorded: the battle fought so far will not count.  Key: A"),
    ]


def computer_kind() -> str:
    """The computer player that sails a computer side's ships on the table: the strongest registered."""
    from game.ui.scenes.menu import STRONGEST, player_kinds

    kinds = player_kinds("btq21")
    return next((k for k in STRONGEST if k in kinds), "scripted")


def back_from_battle(app: QuarterdeckApp, campaign: Campaign, path: Path) -> Callable[[Match], None]:
    """What the end screen's 'Back to the campaign' does: the battle recorded, the campaign saved, its screen."""

    def go(match: Match) -> None:
        outcome: BattleOutcome | None = None
        try:
            outcome = apply_battle(campaign, match.session.state)
        except CampaignError as e:
            app.say(f"the battle could not be recorded: {e}", seconds=8.0)
        else:
            _save(app, campaign, path)
        app.replace(lambda a: CampaignScene(a, campaign, path, outcome))

    return go


def _save(app, campaign: Campaign, path: Path) -> bool:
    try:
        save_campaign(campaign, path)
    except (OSError, CampaignFileError) as e:
        app.say(f"the campaign could not be saved to {path}: {e}", seconds=8.0)
        return False
    return True


class CampaignScene(Scene):
    """One side's sheet, or the cover between two humans, or the engagement, or the end of the war."""

    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp, campaign: Campaign, path: Path,
                 outcome: BattleOutcome | None = None) -> None:
        super().__init__(app)
        self.c = campaign
        self.path = Path(path)
        self.outcome = outcome
        self.turns = Turns()
        self.viewer: str | None = None  # the side whose sheet was shown last (hot seat: the cover goes between)
        self.right = "catalogue" if campaign.stage == "setup" else "sheet"
        self.quality = "average"
        self.offer: str | None = None  # the class picked in the catalogue
        self.fleets: list[SavedFleet] = []  # the saved fleets the setup offers the side at the window
        self.fleet_path: Path | None = None  # the one chosen in the "Saved fleet..." menu
        self.given: list[tuple[str, str | int]] = []  # orders given at this turn, for Undo (kind, key)
        self.confirm: UIConfirmationDialog | None = None
        self.confirm_for = ""
        self.table = FleetTable(pygame.Rect(0, 0, 10, 10))
        self.show_table = False
        self.calendar_rect: pygame.Rect | None = None
        self.buttons: dict[str, tuple[UIButton, Action]] = {}
        self._plan_scenario: tuple[int, object] | None = None
        self._saves: tuple[int, Search] | None = None  # the saves of the month's engagement, by its seed
        preload_reading_fonts(app.ui)
        self._computer_setup()
        self._build()

    # --- who is at the window -----------------------------------------------------------------

    @property
    def side(self) -> str:
        acting = self.turns.acting(self.c)
        return acting if acting is not None else "A"

    @property
    def covered(self) -> bool:
        """Two humans, a secret stage, and the side to look is not the one who looked last."""
        return self.turns.hot_seat(self.c) and self.c.stage in ROUNDS and self.side != self.viewer

    def _computer_setup(self) -> None:
        """A computer side buys her fleet as the campaign opens at setup (once: she has no ship yet)."""
        if self.c.stage != "setup":
            return
        bought = False
        for s in self.c.sides.values():
            if s.player == "computer" and not s.ships:
                try:
                    admiral.setup(self.c, s.id)
                    bought = True
                except CampaignError as e:
                    self.app.say(f"the computer could not buy {s.name}'s fleet: {e}")
        if bought:
            _save(self.app, self.c, self.path)

    # --- layout -------------------------------------------------------------------------------

    def _metrics(self) -> dict[str, int]:
        w, h = design(self.app.size)
        small = w < 1200 or h < 720
        return {"w": w, "h": h, "m": 12 if small else 20, "row": 34 if small else 38, "gap": 6 if small else 8}

    def message_area(self) -> pygame.Rect | None:
        """Messages (a refusal's reason) go over the foot of the sheet on the left, never over the buttons
        (the right-hand panel has its own at its foot: Buy ship, the saved fleets)."""
        if self.body_rect is None:
            return None
        body = self.body_rect
        return pygame.Rect(body.x, body.y, body.width // 2, body.height)

    def _build(self) -> None:
        self._built = self._built_for()
        self.body_rect: pygame.Rect | None = None
        for element in list(self.root.elements):
            element.kill()
        self.buttons = {}
        self.show_table = False
        self.calendar_rect = None
        if self.confirm is not None and self.confirm.alive():
            self.confirm.kill()
        self.confirm = None
        if self.covered:
            self._build_cover()
            return
        if self.turns.acting(self.c) is not None or self.c.stage not in ROUNDS:
            self.viewer = self.side
        k = self._metrics()
        w, m = k["w"], k["m"]
        s = self.c.side(self.side)
        title = f"{s.name} \u2014 {STAGE_WORDS.get(self.c.stage, self.c.stage)}"
        if self.c.stage != "setup":
            title += f", month {self.c.month} of {shipped().months}"
        self.title = UILabel(R(m, 4, w - 2 * m, 36), title, manager=self.app.ui, container=self.root,
                             object_id=ObjectID(class_id="@heading"))
        self.calendar_rect = R(m, 42, w - 2 * m, 30)
        self.todo = UILabel(R(m, 76, w - 2 * m, 24), what_now(self.c, s), manager=self.app.ui,
                            container=self.root, object_id=ObjectID(class_id="@caption"))
        actions = _actions(self.c, self.side, self.turns.last(self.c, self.side), self.right, self._fought().found)
        rows_h = self._lay_actions(actions)
        top, bottom = 104, k["h"] - m - rows_h - 8
        self.body_rect = R(m, top, w - 2 * m, bottom - top)
        if self.c.stage == "battle":
            self._build_battle(top, bottom)
        elif self.c.stage == "over":
            self._build_over(top, bottom)
        else:
            self._build_sheet(top, bottom)

    def _lay_actions(self, actions: list[Action]) -> int:
        """The buttons in rows along the bottom, as many rows as they need; the rows' height."""
        k = self._metrics()
        w, h, m, row, gap = k["w"], k["h"], k["m"], k["row"], k["gap"]
        lines: list[list[tuple[Action, int]]] = [[]]
        used = 0
        for a in actions:
            width = a.width or _w(a.label)
            if lines[-1] and used + width > w - 2 * m:
                lines.append([])
                used = 0
            lines[-1].append((a, width))
            used += width + gap
        height = len(lines) * (row + gap) - gap
        y = h - m - height
        for line in lines:
            x = m
            for a, width in line:
                self._make_action(a, R(x, y, width, row))
                x += width + gap
            y += row + gap
        return height

    def _make_action(self, a: Action, rect: pygame.Rect) -> None:
        ui = self.app.ui
        if a.name == "battery_menu":
            t = shipped()
            options: list[str | tuple[str, str]] = [
                f"{kind.capitalize()} ({t.battery(kind).price})" for kind in ("heavy", "medium", "light")
            ]
            self.battery_menu = UIDropDownMenu(options, options[1], rect, manager=ui, container=self.root,
                                               object_id=ObjectID(class_id="@player_kind"))
            self.battery_menu.set_tooltip(a.tip)
            return
        if a.name == "recrew_menu":
            t = shipped()
            crews: list[str | tuple[str, str]] = [f"{kind.capitalize()} ({getattr(t.recrew, kind).cost})"
                                                  for kind in RECREWS]
            self.recrew_menu = UIDropDownMenu(crews, crews[2], rect, manager=ui, container=self.root,
                                              object_id=ObjectID(class_id="@player_kind"))
            self.recrew_menu.set_tooltip(a.tip)
            return
        if a.name == "squadron_entry":
            self.squadron_entry = UITextEntryLine(rect, manager=ui, container=self.root, placeholder_text="name")
            self.squadron_entry.set_tooltip(a.tip)
            return
        primary = a.key == pygame.K_RETURN or a.name in ("fight", "resolve", "record", "continue")
        button = UIButton(rect, a.label, manager=ui, container=self.root, tool_tip_text=a.tip,
                          object_id=ObjectID(object_id=f"#campaign_{a.name}",
                                             class_id="@action_button" if primary else None))
        self.buttons[a.name] = (button, a)

    def _text(self, html: str, r: tuple[int, int, int, int]) -> UITextBox:
        return UITextBox(html, R(*r), manager=self.app.ui, container=self.root,
                         object_id=ObjectID(class_id="@reading"))

    def _split(self, top: int, bottom: int) -> tuple[int, int, int, int]:
        """x and width of the left (fleet) and right (sheet) columns."""
        k = self._metrics()
        w, m = k["w"], k["m"]
        left = int((w - 3 * m) * 0.56)
        return m, left, 2 * m + left, w - 3 * m - left

    def _build_sheet(self, top: int, bottom: int) -> None:
        lx, lw, rx, rw = self._split(top, bottom)
        self.show_table = True
        self.table.rect = R(lx, top, lw, bottom - top)
        self.table.set_rows(rows_of(self.c, self.c.side(self.side)))
        if self.right == "catalogue" and self.c.stage in ("setup", "orders"):
            self._build_catalogue(rx, top, rw, bottom - top)
            return
        s = self.c.side(self.side)
        head = outcome_html(self.c, self.outcome, self.side) + "<br><br>" if self.c.stage == "after" else ""
        upper = int((bottom - top) * 0.58)
        self.sheet_box = self._text(head + sheet_html(self.c, s), (rx, top, rw, upper))
        self.log_box = self._text(log_html(self.c, self.side), (rx, top + upper + 8, rw, bottom - top - upper - 8))

    def _build_catalogue(self, x: int, y: int, w: int, h: int) -> None:
        ui = self.app.ui
        UILabel(R(x, y, w // 2, 30), "Catalogue", manager=ui, container=self.root,
                object_id=ObjectID(class_id="@field_label"))
        self.quality_menu = UIDropDownMenu([q.capitalize() for q in QUALITIES], self.quality.capitalize(),
                                           R(x + w // 2, y, w - w // 2, 30), manager=ui, container=self.root,
                                           object_id=ObjectID(class_id="@player_kind"))
        self.quality_menu.set_tooltip("The crew she is bought or built with: good (sold as CR), average or poor.")
        self.offers = [(cls, name, rate) for cls, name, rate, _ in catalogue(self.c, self.side)]
        items: list[str | tuple[str, str]] = [
            (self._offer_words(cls, name, rate), f"#offer_{i}") for i, (cls, name, rate) in enumerate(self.offers)
        ]
        buying = self.c.stage == "setup"
        fleet_row = 38 if buying else 0
        self.offer_list = UISelectionList(R(x, y + 36, w, h - 36 - 46 - fleet_row), items, manager=ui,
                                          container=self.root, object_id=ObjectID(class_id="@roomy_list"))
        if buying:
            self._build_fleet_row(x, y + h - 46 - fleet_row, w)
        index = next((i for i, o in enumerate(self.offers) if o[0] == self.offer), None)
        if index is not None:
            select_item(self.offer_list, index)
        a = Action("buy", "Buy ship" if buying else "Order build", pygame.K_b,
                   ("Buy the ship picked, paid at once, into the squadron picked (or the first).  " if buying else
                    "Lay her keel this month (paid at step a; she sails five months later), into the squadron "
                    "picked.  ") + "Key: B")
        self._make_action(a, R(x, y + h - 40, 170, 40))
        s = self.c.side(self.side)
        words = (f"{s.treasury} points in hand" if buying else
                 f"{available(self.c, self.side)} points left after this month's orders")
        self.purse_label = UILabel(R(x + 180, y + h - 40, w - 180, 40), words, manager=ui, container=self.root,
                                   object_id=ObjectID(class_id="@caption"))

    def _build_fleet_row(self, x: int, y: int, w: int) -> None:
        """Setup: a fleet saved by the fleet builder, bought whole (the side's nation's, and the damaged files)."""
        self.fleets = saved_fleets(self.c, self.side)
        options: list[str | tuple[str, str]] = [(_PICK_FLEET, "#fleet_none")]
        options += [(_fleet_words(f), f"#fleet_{i}") for i, f in enumerate(self.fleets)]
        chosen = next((i for i, f in enumerate(self.fleets) if f.path == self.fleet_path), None)
        if chosen is None:
            self.fleet_path = None
        button_w = _w("Buy fleet")
        self.fleet_menu = UIDropDownMenu(options, options[0 if chosen is None else chosen + 1],
                                         R(x, y, w - button_w - 8, 32), manager=self.app.ui, container=self.root,
                                         object_id=ObjectID(object_id="#campaign_fleet_menu", class_id="@player_kind"))
        self._fleet_tip()
        self._make_action(Action("buy_fleet", "Buy fleet", pygame.K_f, _BUY_FLEET_TIP),
                          R(x + w - button_w, y, button_w, 32))

    def _chosen_fleet(self) -> SavedFleet | None:
        return next((f for f in self.fleets if f.path == self.fleet_path), None)

    def _fleet_tip(self) -> None:
        """The menu's tooltip: the chosen fleet's words in full (the menu is too narrow for a long reason)."""
        f = self._chosen_fleet()
        tip = _FLEET_MENU_TIP if f is None else f"{_fleet_words(f, full=True)}.  " + _FLEET_MENU_TIP
        self.fleet_menu.set_tooltip(tip)

    def fleet_chosen(self) -> None:
        picked = self.fleet_menu.selected_option
        oid = picked[1] if isinstance(picked, tuple) else ""
        index = oid.rsplit("_", 1)[1] if oid.startswith("#fleet_") else "none"
        self.fleet_path = self.fleets[int(index)].path if index.isdigit() else None
        self._fleet_tip()
        f = self._chosen_fleet()
        if f is not None and f.problem:
            self.app.say(f"{_fleet_words(f, full=True)}", seconds=8.0)

    def buy_saved_fleet(self) -> None:
        f = self._chosen_fleet()
        if f is None:
            self.app.say("choose a saved fleet in the menu first (the fleet builder, Fleets\u2026, saves them)")
            return
        if f.fleet is None or f.problem:
            self.app.say(f"{_fleet_words(f, full=True)}", seconds=8.0)
            return
        s = self.c.side(self.side)
        try:
            bought = buy_fleet(self.c, self.side, f.fleet)
        except CampaignError as e:
            self.app.say(f"not bought: {e}", seconds=8.0)
            return
        self.refresh()
        s = self.c.side(self.side)
        self.app.say(f"bought {f.fleet.name!r}: {len(bought)} ships for {f.cost} points, in "
                     f"{', '.join(dict.fromkeys(x.squadron for x in bought))}; {s.treasury} points in hand",
                     seconds=6.0)

    def _offer_words(self, cls: str, name: str, rate: str) -> str:
        try:
            cost = price(cls, self.quality)
        except CampaignError:
            cost = 0
        return f"{name} \u00b7 {rate} rate \u00b7 {cost} points"

    def _build_battle(self, top: int, bottom: int) -> None:
        lx, lw, rx, rw = self._split(top, bottom)
        self._text(plan_html(self.c) + fought_html(self._fought()), (lx, top, lw, bottom - top))
        picture = self._thumbnail((rw, bottom - top))
        if picture is not None:
            UIImage(R(rx, top, *design(picture.get_size())), picture, manager=self.app.ui, container=self.root)

    def _thumbnail(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The table of the month's engagement, from its scenario (written where a battle on the table reads it)."""
        from game.content.load import ContentError, open_scenario
        from game.ui.render.thumbnail import scenario_thumbnail

        plan = self.c.battle
        if plan is None:
            return None
        if self._plan_scenario is None or self._plan_scenario[0] != plan.seed:
            try:
                path = plan.write(campaigns_dir() / "battles")
                self._plan_scenario = (plan.seed, open_scenario(path, self.app.ships, self.app.rules))
            except (OSError, ContentError, ValueError) as e:
                self.app.say(f"the engagement's table cannot be drawn: {e}")
                return None
        return scenario_thumbnail(self._plan_scenario[1], (px(size[0]), px(size[1])), self.app.rules)

    def _build_over(self, top: int, bottom: int) -> None:
        lx, lw, rx, rw = self._split(top, bottom)
        self._text(final_html(self.c), (lx, top, lw, bottom - top))
        self._text(log_html(self.c, self.side), (rx, top, rw, bottom - top))

    def _build_cover(self) -> None:
        """Between two humans: nothing of either sheet, only whose turn it is."""
        ui = self.app.ui
        w, h = design(self.app.size)
        s = self.c.side(self.side)
        card = UIPanel(R((w - 560) // 2, (h - 230) // 2, 560, 230), starting_height=1, manager=ui,
                       container=self.root, object_id=ObjectID(class_id="@card"))
        UILabel(R(20, 16, 520, 36), f"Pass the window to {s.name}", manager=ui, container=card,
                object_id=ObjectID(class_id="@heading"))
        stage = {"setup": "buys her fleet", "orders": "gives her orders for the month",
                 "after": "sends her damaged ships to the yard"}.get(self.c.stage, "takes her turn")
        UITextBox(f"{s.name} {stage}. What she chooses is secret: the other player looks away.",
                  R(20, 60, 520, 80), manager=ui, container=card, object_id=ObjectID(class_id="@reading"))
        button = UIButton(R(560 - 20 - 260, 230 - 20 - 44, 260, 44), f"Show {s.name}'s sheet", manager=ui,
                          container=card, tool_tip_text="Only when the other player is not looking.  Key: Enter",
                          object_id=ObjectID(class_id="@action_button"))
        self.buttons["uncover"] = (button, Action("uncover", "", pygame.K_RETURN, ""))
        leave = Action("leave", "Save and leave", pygame.K_ESCAPE, "Save and go back to the main menu.  Key: Escape")
        self._make_action(leave, R((w - 560) // 2 + 20, (h + 230) // 2 - 20 - 44, 170, 44))

    # --- the player's commands ----------------------------------------------------------------

    def command(self, fn: Callable[..., object], *args: object) -> bool:
        """A command of the engine for the side at the window; refused: said, and nothing changes."""
        try:
            fn(self.c, self.side, *args)
        except CampaignError as e:
            self.app.say(str(e))
            return False
        self.refresh()
        return True

    def _built_for(self) -> tuple[int, str, str, bool]:
        return (self.c.month, self.c.stage, self.side, self.covered)

    def refresh(self) -> None:
        """The words and the fleet again after a command (the widgets stay where they are, unless the command
        moved the campaign on: then the screen is laid out for where it now stands)."""
        if self._built != self._built_for():
            self._build()
            return
        s = self.c.side(self.side)
        if self.show_table:
            self.table.set_rows(rows_of(self.c, s))
        purse = getattr(self, "purse_label", None)
        if purse is not None and purse.alive():
            purse.set_text(f"{s.treasury} points in hand" if self.c.stage == "setup" else
                           f"{available(self.c, self.side)} points left after this month's orders")
        if getattr(self, "sheet_box", None) is not None and self.sheet_box.alive():
            head = outcome_html(self.c, self.outcome, self.side) + "<br><br>" if self.c.stage == "after" else ""
            self.sheet_box.set_text(head + sheet_html(self.c, s))
            self.log_box.set_text(log_html(self.c, self.side))
        if "engage" in self.buttons:  # its words and tip follow the choice
            button, _ = self.buttons["engage"]
            fresh = next(a for a in _actions(self.c, self.side, False, self.right) if a.name == "engage")
            if button.text != fresh.label:
                button.set_text(fresh.label)
                button.set_tooltip(fresh.tip)
                self.buttons["engage"] = (button, fresh)

    def picked(self, kind: str = "ship") -> Row | None:
        row = self.table.chosen()
        if row is None or (kind == "ship" and row.ship is None):
            self.app.say("pick a ship in the fleet first" if kind == "ship" else "pick a row first")
            return None
        return row

    def picked_squadron(self) -> str | None:
        row = self.table.chosen()
        if row is None or row.kind not in ("squadron", "ship"):
            self.app.say("pick a squadron (or one of its ships) first")
            return None
        return row.key if row.kind == "squadron" else (row.ship.squadron if row.ship else None)

    def _squadron_for_new(self) -> str | None:
        row = self.table.chosen()
        if row is not None and row.kind == "squadron":
            return row.key
        if row is not None and row.ship is not None and row.ship.squadron in self.c.side(self.side).squadrons:
            return row.ship.squadron
        return None

    def buy_offer(self) -> None:
        if self.offer is None:
            self.app.say("pick a ship in the catalogue first")
            return
        if self.c.stage == "setup":
            self.command(buy, self.offer, self.quality, None, self._squadron_for_new())
            return
        before = len(self.c.side(self.side).orders.build)
        if self.command(order_build, self.offer, self.quality, None, self._squadron_for_new()):
            self.given.append(("build", before))

    def order(self, kind: str) -> None:
        row = self.picked()
        if row is None or row.ship is None:
            return
        ship_id = row.ship.id
        if kind == ORDER_REPAIR:
            done = self.command(order_repair, ship_id)
        elif kind == ORDER_RELEASE:
            done = self.command(order_release, ship_id)
        else:
            crew = _chosen(self.recrew_menu).split(" ")[0].lower()  # "Green (10)" -> green
            done = self.command(order_recrew, ship_id, crew)
        if done:
            self.given.append((kind, ship_id))

    def undo(self) -> None:
        """The last order given at this turn taken back; with none remembered, the last one on the sheet."""
        o = self.c.side(self.side).orders
        if self.given:
            kind, key = self.given[-1]
        elif o.build:
            kind, key = ORDER_BUILD, len(o.build) - 1
        elif o.recrew:
            kind, key = ORDER_RECREW, o.recrew[-1].ship
        elif o.release:
            kind, key = ORDER_RELEASE, o.release[-1]
        elif o.repair:
            kind, key = ORDER_REPAIR, o.repair[-1]
        else:
            self.app.say("no order to take back")
            return
        if self.command(cancel_order, kind, key) and self.given:
            self.given.pop()

    def move_ship(self) -> None:
        row = self.picked()
        if row is None or row.ship is None:
            return
        names = self.c.side(self.side).squadrons
        now = names.index(row.ship.squadron) if row.ship.squadron in names else -1
        self.command(set_squadron, row.ship.id, names[(now + 1) % len(names)])

    def sell_picked(self) -> None:
        row = self.picked("row")
        if row is None:
            return
        if row.battery is not None:
            self.command(sell_battery, row.battery.id)
        elif row.ship is not None:
            self.command(sell, row.ship.id)
        else:
            self.app.say("pick a ship or a battery to sell")

    def squadron_name(self) -> str | None:
        text = self.squadron_entry.get_text().strip()
        if not text:
            self.app.say("write the squadron's name in the box first")
            return None
        return text

    def finish_turn(
        self, advance: Callable[[Campaign], object], computer: Callable[[Campaign, str], None] | None
    ) -> None:
        """The side at the window is done; when every human is, the computer decides and the stage goes on."""
        side = self.side
        if not self.turns.finish(self.c, side):
            _save(self.app, self.c, self.path)
            self.given = []
            self._build()  # the cover, for the next human
            return
        before = copy.deepcopy(self.c)
        try:
            if computer is not None:
                for s in self.c.sides.values():
                    if s.player == "computer":
                        computer(self.c, s.id)
            advance(self.c)
        except CampaignError as e:
            _restore(self.c, before)  # as it was: the computer's decisions too, so they are not made twice
            self.turns.done.discard(side)  # the side at the window stays there to put it right...
            if any(o != side and self.c.side(o).name in str(e) for o in self.turns.humans(self.c)):
                self.turns = Turns()  # ...unless it is the other human's to put right: both look again
            self.app.say(str(e), seconds=8.0)
            self._build()
            return
        self.given = []
        self.outcome = None
        _save(self.app, self.c, self.path)
        self.right = "sheet"
        self._build()

    def fight(self) -> None:
        """The engagement on the table: computer sides by the strongest computer player, humans at the window."""
        plan = self.c.battle
        if plan is None:
            return
        try:
            path = plan.write(campaigns_dir() / "battles")
        except OSError as e:
            self.app.say(f"the battle could not be written: {e}")
            return
        kind = computer_kind()
        players = {scen: ("human" if self.c.side(camp).player == "human" else kind)
                   for scen, camp in plan.sides.items()}
        from game.ui.match import Sequel

        sequel = Sequel("Back to the campaign", "Record this battle in the campaign and go back to its sheet.",
                        back_from_battle(self.app, self.c, self.path))
        error = self.app.start_battle(path, players, plan.seed, sequel=sequel)
        if error:
            self.app.say(f"the battle could not start: {error}", seconds=8.0)

    def _fought(self) -> Search:
        """The saves of the month's engagement (read once a month: the window does not change them meanwhile)."""
        plan = self.c.battle
        if self.c.stage != "battle" or plan is None:
            return Search()
        if self._saves is None or self._saves[0] != plan.seed:
            self._saves = (plan.seed, saved_battles(plan))
        return self._saves[1]

    def continue_fought(self) -> None:
        """The battle begun on the table, loaded where it was left, with its way back to this campaign."""
        fought = self._fought().found
        if fought is None or not _save(self.app, self.c, self.path):
            return
        from game.ui.campaign.resume import sequel_to

        error = self.app.load_game(fought.path, sequel=sequel_to(self.app, self.path))
        if error:
            self.app.say(f"the battle could not be loaded: {error}", seconds=8.0)

    def record_fought(self) -> None:
        """The finished battle's save played again on a worker (it must be this engagement, to its end), then
        recorded and saved like a battle brought back from the table."""
        from game.persistence.save import SaveError, read_save, replay
        from game.ui.scenes.working import WorkFailed, WorkScene

        fought, plan = self._fought().found, self.c.battle
        if fought is None or plan is None:
            return
        work_on = copy.deepcopy(self.c)
        rules, ships = self.app.rules, self.app.ships

        def work(progress):  # type: ignore[no-untyped-def]
            try:
                session = replay(read_save(fought.path), rules, ships, str(fought.path), progress)
            except SaveError as e:
                raise WorkFailed(str(e)) from None
            why = refusal(plan, session.scenario_text, session.seed)
            if why is not None:
                raise WorkFailed(f"{fought.path.name} is not this engagement: {why}")
            if not session.over:
                raise WorkFailed(f"the battle in {fought.path.name} is not over yet")
            try:
                outcome = apply_battle(work_on, session.state)
            except CampaignError as e:
                raise WorkFailed(str(e)) from None
            total = max(1, len(session.commands))
            progress(total, total)  # Cancel pressed while it was recorded is honoured here: the copy is dropped
            return outcome

        def done(outcome: BattleOutcome) -> None:
            self._recorded(work_on, outcome)

        self.app.push(WorkScene(self.app, "Recording the battle fought\u2026", work, done,
                                lambda reason: self.app.say(f"the battle could not be recorded: {reason}",
                                                            seconds=8.0),
                                lambda n, total: f"Playing the battle again: command {n} of {total}"))

    def _recorded(self, work_on: Campaign, outcome: BattleOutcome) -> None:
        """The battle recorded on a worker's copy becomes the campaign: kept, saved and shown."""
        _restore(self.c, work_on)
        self.outcome = outcome
        _save(self.app, self.c, self.path)
        self._build()

    def resolve(self) -> None:
        """The engagement self-played on a worker (the window goes on drawing), then recorded and saved."""
        from game.ui.scenes.working import WorkFailed, WorkScene

        work_on = copy.deepcopy(self.c)

        def work(progress):  # type: ignore[no-untyped-def]
            progress(0, 1)
            try:
                outcome = resolve_battle(work_on)
            except CampaignError as e:
                raise WorkFailed(str(e)) from None
            progress(1, 1)  # Cancel pressed meanwhile is honoured here: the copy is dropped, the campaign unchanged
            return outcome

        def done(outcome: BattleOutcome) -> None:
            self._recorded(work_on, outcome)

        self.app.push(WorkScene(self.app, "Resolving the engagement\u2026", work, done,
                                lambda reason: self.app.say(f"the engagement could not be resolved: {reason}")))

    def ask(self, what: str, words: str, title: str, yes: str) -> None:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(px(480), w - 40), min(px(240), h - 40))
        rect.center = (w // 2, h // 2)
        self.confirm = UIConfirmationDialog(rect, words, self.app.ui, window_title=title, action_short_name=yes)
        self.confirm_for = what

    def confirmed(self) -> None:
        if self.confirm_for in ("fight", "resolve"):
            self.fight() if self.confirm_for == "fight" else self.resolve()
        elif self.confirm_for == "surrender":
            if self.command(surrender):
                _save(self.app, self.c, self.path)
        elif self.confirm_for.startswith("scuttle:"):
            self.command(scuttle, self.confirm_for.split(":", 1)[1])

    def _fight_or_resolve(self, name: str) -> None:
        """With a battle begun on the table and saved, what was fought is thrown away only when confirmed."""
        fought = self._fought().found
        if fought is None:
            self.fight() if name == "fight" else self.resolve()
            return
        done = "fought to its end" if fought.over else "begun"
        how = ("fought again on the table from its first turn" if name == "fight" else
               "played out by the computer from its first turn")
        self.ask(name, f"The engagement was {done} on the table. Throw that battle away? It is {how}, and "
                 "its dice will not fall as they did.", "Begin again",
                 "Fight again" if name == "fight" else "Resolve")

    def leave(self) -> None:
        _save(self.app, self.c, self.path)
        self.app.back_to_menu()

    def activate(self, name: str) -> None:
        """What each button does (also reached by its key)."""
        simple: dict[str, Callable[[], object]] = {
            "leave": self.leave, "menu": self.app.back_to_menu, "buy": self.buy_offer, "sell": self.sell_picked,
            "next_squadron": self.move_ship, "undo": self.undo, "record": self.record_fought,
            "continue": self.continue_fought,
            "to_repair": lambda: self.order(ORDER_REPAIR), "release": lambda: self.order(ORDER_RELEASE),
            "recrew": lambda: self.order(ORDER_RECREW), "buy_fleet": self.buy_saved_fleet,
        }
        if name in simple:
            simple[name]()
        elif name in ("fight", "resolve"):
            self._fight_or_resolve(name)
        elif name == "uncover":
            self.viewer = self.side
            self._build()
        elif name == "toggle":
            self.right = "sheet" if self.right == "catalogue" else "catalogue"
            self._build()
        elif name == "battery":
            kind = _chosen(self.battery_menu).split(" ")[0].lower()
            self.command(buy_battery, kind)
        elif name == "add_squadron":
            text = self.squadron_name()
            if text and self.command(add_squadron, text):
                self.squadron_entry.set_text("")
        elif name == "rename":
            text, old = self.squadron_name(), self.picked_squadron()
            if text and old and self.command(rename_squadron, old, text):
                self.table.choose("squadron", text)
                self.squadron_entry.set_text("")
        elif name == "send":
            squadron = self.picked_squadron()
            if squadron:
                self.command(choose_squadron, squadron)
        elif name == "engage":
            self.command(engage, not self.c.side(self.side).orders.engage)
        elif name == "scuttle":
            row = self.picked()
            if row is not None and row.ship is not None:
                self.ask(f"scuttle:{row.ship.id}", f"Scuttle {row.ship.name}? She is sunk in port and her full value "
                         f"({row.ship.value}) comes off your victory points.", "Scuttle", "Scuttle her")
        elif name == "surrender":
            self.ask("surrender", f"Surrender the war? {self.c.side(_other(self.side)).name} wins at once.",
                     "Surrender", "Surrender")
        elif name == "ready":
            self.finish_turn(begin, None)
        elif name == "close":
            self.finish_turn(close_orders, admiral.orders)
        elif name == "end":
            self.finish_turn(end_month, admiral.after)

    # --- the scene ----------------------------------------------------------------------------

    def _typing(self) -> bool:
        return any(isinstance(e, UITextEntryLine) for e in (self.app.ui.get_focus_set() or ()))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, (button, _) in self.buttons.items():
                if event.ui_element is button:
                    self.activate(name)
                    return True
            return False
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.confirmed()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is getattr(
                self, "offer_list", None):
            picked = self.offer_list.get_single_selection(include_object_id=True)
            if isinstance(picked, tuple):
                index = int(picked[1].rsplit("_", 1)[1])
                self.offer = self.offers[index][0]
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(
                self, "fleet_menu", None):
            self.fleet_chosen()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(
                self, "quality_menu", None):
            self.quality = _chosen(self.quality_menu).lower()
            self._build()  # the prices at the new crew
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.show_table:
            if self.table.rect.collidepoint(event.pos):
                self.table.click(event.pos)
                return True
        if event.type == pygame.MOUSEWHEEL and self.show_table and self.table.rect.collidepoint(
                pygame.mouse.get_pos()):
            self.table.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if self.confirm is not None and self.confirm.alive():
            if event.key == pygame.K_ESCAPE:
                self.confirm.kill()
                return True
            return False
        if event.key == pygame.K_ESCAPE and close_open_menu(
            *(getattr(self, name, None) for name in ("battery_menu", "recrew_menu", "quality_menu", "fleet_menu"))
        ):
            return True
        if self._typing():
            if event.key == pygame.K_ESCAPE:
                self.app.ui.set_focus_set(None)
                return True
            return False
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.show_table:
            self.table.move(1 if event.key == pygame.K_DOWN else -1)
            return True
        key = pygame.K_RETURN if event.key == pygame.K_KP_ENTER else event.key
        for name, (button, action) in self.buttons.items():
            if action.key == key and button.is_enabled:
                self.activate(name)
                return True
        return False

    def update(self, dt: float) -> None:
        offer_list = getattr(self, "offer_list", None)
        if offer_list is not None and offer_list.alive() and offer_list.get_single_selection() is None:
            index = next((i for i, o in enumerate(self.offers) if o[0] == self.offer), None)
            if index is not None:
                select_item(offer_list, index)  # a click on the picked row unpicks it in pygame_gui

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._build()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(_BG)
        if self.calendar_rect is not None:
            draw_calendar(surface, self.calendar_rect, self.c, self.side, shipped().months)
        if self.show_table:
            self.table.draw(surface, self.c)

    def close(self) -> None:
        if self.confirm is not None and self.confirm.alive():
            self.confirm.kill()
        super().close()


_PICK_FLEET = "Saved fleet\u2026"
_FLEET_MENU_TIP = ("A fleet saved by the fleet builder (Fleets\u2026 in the main menu), of this side's nation, with "
                   "its price in campaign points; a damaged file is listed with what is wrong with it.")
_BUY_FLEET_TIP = ("Buy every ship of the saved fleet chosen, into squadrons of its names, at the campaign's "
                  "prices: all of them or, refused, none (at most two 1st rates).  Key: F")


def _fleet_words(f: SavedFleet, full: bool = False) -> str:
    """A saved fleet as the menu lists it: its name, ships and price, or why it cannot be bought (``full``: the
    whole reason, for the tooltip and the message line)."""
    if f.fleet is None:
        reason = f.problem.replace(str(f.path), f.path.name)
        if full:
            return f"{f.path.name} is damaged and cannot be bought: {reason}"
        rest = reason.removeprefix(f.path.name + ":")
        line, _, what = rest.partition(": ")
        return f"{f.path.name}: damaged" + (f", line {line}: {what}" if line.isdigit() else f": {rest.strip()}")
    if f.problem:
        return f"{f.fleet.name}: cannot be bought" + (": " if full else " \u2014 ") + f.problem
    ships = len(f.fleet.ships())
    return f"{f.fleet.name} \u00b7 {ships} ship{'s' if ships != 1 else ''} \u00b7 {f.cost} points"


def _restore(campaign: Campaign, copy_: Campaign) -> None:
    """``campaign`` made what ``copy_`` is, in place (whoever holds the campaign sees the same one)."""
    campaign.__dict__.clear()
    campaign.__dict__.update(copy_.__dict__)


def _other(side: str) -> str:
    return "B" if side == "A" else "A"


def _chosen(menu: UIDropDownMenu) -> str:
    option = menu.selected_option
    return option[0] if isinstance(option, tuple) else str(option)
