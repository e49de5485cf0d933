"""The battle: the table, its tools and panels, and the turn flow.

The scene never changes the game: it draws ``match.state``, tries plans on
copies, submits commands through the match and animates what comes back.
Computer sides think on a worker thread (see ``Match.think``) while the
scene keeps drawing; their commands are played at the chosen animation
speed so a person can follow them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.fair.link import Ended, Notice, Refused, Said, TakenBack
from game.persistence.autosave import home
from game.persistence.save import write_save
from game.systems.base import Command, Control, Option, Refusal
from game.systems.narration import names_from_scenario
from game.ui import palette as P
from game.ui.app import Scene
from game.ui.camera import Camera, Follow
from game.ui.coach import Coach
from game.ui.fonts import message
from game.ui.match import Match, Sent
from game.ui.panels.actions import COMMIT, ROW_H, Action, ActionPanel, LayTape, actions_for, tape_id
from game.ui.panels.legend import Legend
from game.ui.panels.log import LogPanel
from game.ui.panels.phasebar import HEIGHT as BAR_H
from game.ui.render.dice_tray import DiceTray
from game.ui.render.table import TableLayer
from game.ui.scale import px
from game.ui.scenes.battle_view import BattleView
from game.ui.settings import save_settings
from game.ui.tools.animate import Animator
from game.ui.tools.tape import SegmentPlan
from game.ui.widgets import open_file_dialog, typed_file

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp

RIGHT_W = 400
CARD_H = 430  # the card's full height; it gives way to the actions down to CARD_MIN
CARD_MIN = 250
ACTION_ROWS = 4  # rows kept for the actions even when fewer are offered
LOG_MIN = 130  # the log's least height: about eight lines (the card gives way first)
GAP = 6
PAN_SPEED = 700  # pixels a second with the arrow keys
COMPUTER_PAUSE = 0.35  # seconds between a computer's commands at normal speed
#: The longest line of chat (the network carries at most this many characters a line: game.net).
CHAT_LIMIT = 300


class BattleScene(Scene):
    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.cam = Camera(1, 1)
        self.table = TableLayer()
        self.anim = Animator()
        self.tray = DiceTray()
        self.view = BattleView(self)
        self.selected: str | None = None
        self.last_clicked: str | None = None  # the ship the player picked (not one selected for them)
        self.hover: str | None = None
        self.mouse = (0.0, 0.0)  # table inches under the cursor
        self.plan: SegmentPlan | None = None
        self._plan_key: tuple | None = None
        self.tape_for: str | None = None  # the tape option the player laid the tape for (None: the first)
        self._autosave_said: str | None = None  # the autosave failure last reported
        self.drag: str | None = None  # tape | turn | pan | measure
        self.grab = 0.0
        self.press_at: tuple[int, int] | None = None
        self.moved_since_press = False
        self.measuring = False
        self.measure: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.banner: str | None = None
        self._last_human: str | None = None
        self.pause = 0.0
        self.ended = False
        self.dialog: pygame_gui.elements.UIWindow | None = None  # the save dialog, or the load window
        self.dialog_mode = ""
        self.confirm_load: pygame_gui.windows.UIConfirmationDialog | None = None  # "load another battle?"
        self.confirm_load_path: str | None = None
        self.popup: pygame_gui.elements.UIPanel | None = None
        self.popup_buttons: dict = {}
        self._laid_for = -1  # the actions' height the right-hand column was laid out for
        self.popup_target: str | None = None  # the enemy a fire pop-up offers shots at
        self.log = LogPanel(pygame.Rect(0, 0, 10, 10))
        #: The line for a word to the other player of a network game (T opens it), or None.
        self.chat_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.actions = ActionPanel(
            pygame.Rect(0, 0, RIGHT_W - 12, 10), app.ui, self.root, match.session.system.groups()
        )
        self.menu_button = pygame_gui.elements.UIButton(
            pygame.Rect(0, 4, px(90), px(32)), "Menu", manager=app.ui, container=self.root,
            tool_tip_text="Save (Ctrl+S), load (Ctrl+O), rules (F1), back to the main menu",
        )
        self.legend = Legend()
        self.coach: Coach | None = None  # the guide of a first battle (QuarterdeckApp.start_first_battle)
        self.legend_button = pygame_gui.elements.UIButton(
            pygame.Rect(0, 4, px(90), px(32)), "Legend", manager=app.ui, container=self.root,
            tool_tip_text="What every mark on the table and the card means.  Key: L",
        )
        #: An e-mail game's two buttons on the bar: write the next turn file, open the opponent's.
        self.mail_buttons: list[pygame_gui.elements.UIButton] = []
        self.turn_dialog: pygame_gui.windows.UIFileDialog | None = None
        if match.mail is not None:
            self.mail_buttons = [
                pygame_gui.elements.UIButton(
                    pygame.Rect(0, 4, px(120), px(32)), words, manager=app.ui, container=self.root, tool_tip_text=tip,
                )
                for words, tip in (
                    ("Send turn", "Write your turn file (to the 'turn files' folder) for your opponent.  Key: F6"),
                    ("Open turn", "Open your opponent's turn file and see his turn played.  Key: F7"),
                )
            ]
        self.layout(app.size)
        self.cam.fit(match.state.table_width, match.state.table_height)
        self.follow = Follow()  # the camera gliding to the action (setting follow)
        self._followed = match.state.activation.ship if match.state.activation else None
        self.names = {**names_from_scenario(match.state.scenario), **{s.id: s.name for s in match.state.ships.values()}}
        self._check_hand_over()

    # --- layout ----------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """The table on the left; down the right the card, the actions and the log.

        The actions get all the rows they need (a few at least, so the card does
        not jump with every change), the log keeps a few lines, and the card takes
        the rest up to its full height: its boxes shrink before an action is hidden.
        """
        w, h = size
        bar, right, gap = px(BAR_H), px(RIGHT_W), px(GAP)
        self.cam.resize(0, bar, w - right, h - bar)
        x = w - right
        room = h - bar - 4 * gap
        act_h = max(self.actions.needed, ACTION_ROWS * px(ROW_H))
        card_h = max(px(CARD_MIN), min(px(CARD_H), room - act_h - px(LOG_MIN)))
        act_h = max(px(ROW_H), min(act_h, room - card_h - px(LOG_MIN)))
        self._laid_for = self.actions.needed
        inner = right - 2 * gap
        self.card_rect = pygame.Rect(x + gap, bar + gap, inner, card_h)
        self.actions.set_rect(pygame.Rect(x + gap, self.card_rect.bottom + gap, inner, act_h))
        log_top = self.card_rect.bottom + 2 * gap + act_h
        self.log.set_rect(pygame.Rect(x + gap, log_top, inner, h - gap - log_top))
        button = pygame.Rect(0, 0, px(90), px(32))
        self.menu_button.set_dimensions(button.size)
        self.legend_button.set_dimensions(button.size)
        top = (bar - button.height) // 2
        self.menu_button.set_relative_position((w - px(96), top))
        self.legend_button.set_relative_position((w - px(192), top))
        for k, b in enumerate(reversed(self.mail_buttons)):
            b.set_relative_position((w - px(192) - px(126) * (k + 1), top))

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.layout(size)

    def bar_limit(self) -> int:
        """Where the turn bar's words must stop: the Legend and Menu buttons."""
        first = self.mail_buttons[0] if self.mail_buttons else self.legend_button
        return int(first.get_abs_rect().left) - 8

    message_edge = "top"  # the table's top, under the turn bar, where the eye looks for what is happening

    def message_area(self) -> pygame.Rect:
        return pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h).inflate(-24, -12)

    def keep_clear(self) -> list[pygame.Rect]:
        """The side panel (card, actions, log), and on the table the words a player is reading: the measuring
        tape's reading, the shot box, the plan's hints, the dice tray and its stack."""
        w, h = self.app.size
        bar = px(BAR_H)
        column = pygame.Rect(self.cam.view_x + self.cam.view_w, bar, w - self.cam.view_x - self.cam.view_w, h - bar)
        v = self.view
        table = [r for r in (v.measure_rect, v.shot_rect) if r is not None] + list(v.plan_text_rects)
        if v.tray_rect is not None and (self.tray.current is not None or self.tray.pinned is not None):
            table.append(v.tray_rect)
        table += self.tray.line_rects
        if self.popup is not None:
            table.append(pygame.Rect(self.popup.get_abs_rect()))
        if self.coach is not None:
            table += self.coach.keep_clear()
        return [column, *table]

    # --- whose move --------------------------------------------------------------

    @property
    def state(self):
        return self.match.state

    def human_to_move(self) -> bool:
        return self.match.is_human(self.match.to_move()) and self.banner is None

    def acting_ship(self) -> str | None:
        """The ship whose decision it is (active, firing as she bears, or snap firing)."""
        opts = self.match.options()
        if not opts or opts[0].control is Control.SHIP:
            return None
        return opts[0].ship

    def current_plan(self) -> SegmentPlan | None:
        """The tape for the active ship's next segment, when a human is moving her."""
        if not self.human_to_move():
            return None
        opt = self.tape_option()
        if opt is None:
            self.plan = None
            return None
        key = (self.match.version, opt.ship, opt.type, opt.measure)
        if key != self._plan_key:
            self._plan_key = key
            self.plan = SegmentPlan.for_option(self.state, opt)
        return self.plan

    def tape_option(self) -> Option | None:
        """The option the tape is laid for: the one the player chose, else the first (laid ahead)."""
        tapes = [o for o in self.match.options() if o.control is Control.TAPE]
        if not tapes:
            return None
        chosen = next((o for o in tapes if tape_id(o, tapes) == self.tape_for), None)
        return chosen or next((o for o in tapes if o.measure != "astern"), tapes[0])

    def _check_hand_over(self) -> None:
        side = self.match.to_move()
        if side is None or not self.match.is_human(side):
            return
        if len(self.match.humans) > 1 and self._last_human is not None and side != self._last_human:
            self.banner = f"{P.side_name(self.state, side)} to play — hand over, then click or press Enter"
        self._last_human = side

    # --- doing things --------------------------------------------------------------

    def submit(self, cmd: Command) -> bool:
        before = {s.id: s.pose for s in self.state.ships.values()}
        result = self.match.submit(cmd)
        if isinstance(result, Refusal):
            self.app.say(result.reason)
            return False
        if isinstance(result, Sent):  # a battle over a link: it is played when the authority sends it back
            self.plan = None
            self._plan_key = None
            self.tape_for = None
            return True
        self._show(before, result)
        return True

    def _show(self, before: dict[str, object], result: list) -> None:
        """Animate what a command did: the ships' moves, its sounds and its dice."""
        speed = self.app.settings.speed
        for s in self.state.ships.values():
            if s.id in before and s.pose != before[s.id]:
                self.anim.add(s.id, before[s.id], s.pose, speed)
        played: set[str] = set()
        for e in result:
            sound = self.match.session.system.cue(e).sound
            if sound and sound not in played:
                played.add(sound)
                self.app.sounds.play(sound, self.app.settings.volume)
            roll = self.match.session.system.dice_roll(e, self.names)
            if roll is not None:
                self.tray.push(roll)
        act = self.state.activation
        if act is not None and self.match.is_human(self.state.ships[act.ship].side):
            self.selected = act.ship
        self.plan = None
        self._plan_key = None
        self.tape_for = None  # each segment starts with the tape ahead; another way is chosen again
        self.pause = COMPUTER_PAUSE / speed if speed > 0 else 0.0
        self._check_hand_over()

    def do(self, action: Action) -> None:
        made = action.make()
        if made == COMMIT:
            self.commit()
        elif isinstance(made, LayTape):
            self.tape_for = made.option
            self._plan_key = None
            laid = self.tape_option()
            if laid is not None:
                self.app.say(f"the tape runs {laid.measure or 'ahead'}: {laid.label.lower()} with Enter")
        elif isinstance(made, str):
            self.app.say(made)
        else:
            self.submit(made)

    def commit(self) -> None:
        plan = self.current_plan()
        if plan is None:
            return
        if plan.distance is None:
            self.app.say("drag the ship along the tape first (or W/S), then Enter")
            return
        self.submit(plan.command())

    def take_back(self) -> None:
        if self.plan is not None and (self.plan.distance is not None and not self.plan.aback or self.plan.turn):
            self._plan_key = None  # a fresh tape for the same segment
            self.current_plan()
            return
        if self.match.link is not None:
            self.match.undo()  # asked of the authority: the answer comes down the link
            return
        if not self.match.is_human(self.match.to_move()) and self.match.to_move() is not None:
            self.app.say("the computer is playing: nothing of yours to take back")
            return
        if self.match.undo() is None:
            self.app.say(f"that can't be taken back: {self.match.session.why_no_undo()}")
        else:
            self.anim.skip()
            self.app.say("taken back")

    def save_to(self, path: str) -> None:
        try:
            write_save(path, self.match.session)
            self.app.say(f"saved: {path}")
        except OSError as e:
            self._error(f"could not save {path}: {e.strerror or e}")

    def _error(self, text: str) -> None:
        pygame_gui.windows.UIMessageWindow(
            pygame.Rect(self.app.size[0] // 2 - 220, self.app.size[1] // 2 - 110, 440, 220),
            message(text).replace("<", "&lt;"), manager=self.app.ui, window_title="Quarterdeck",
        )

    def open_dialog(self, mode: str) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        folder = home() / "saves"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:  # a read-only home: the dialog starts where it can, and says why
            self.app.say(f"cannot make {folder}: {e.strerror or e}; choose another folder")
            folder = Path.cwd()
        if mode == "load":
            from game.ui.panels.save_browser import SaveBrowser

            w, h = self.app.size
            rect = pygame.Rect(0, 0, min(820, w - 40), min(640, h - 40))
            rect.center = (w // 2, h // 2)
            self.dialog = SaveBrowser(rect, self.app.ui, self.app.rules, self.app.ships, folder)
            self.dialog_mode = mode
            return
        start = folder / f"{self.state.scenario_id}-turn{self.state.turn}.yaml"
        self.dialog = pygame_gui.windows.UIFileDialog(
            pygame.Rect(self.app.size[0] // 2 - 300, 80, 600, 520), self.app.ui,
            window_title="Save the battle", initial_file_path=str(start), allow_existing_files_only=False,
        )
        self.dialog_mode = mode

    def open_reference(self) -> None:
        from game.ui.scenes.reference import ReferenceScene

        self.app.push(ReferenceScene(self.app, self.match.session.system))

    # --- events ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        from game.ui.scenes.battle_input import handle_event

        if self.coach is not None and self.coach.handle(event):
            return True
        if self.match.link is not None and self._chat(event):
            return True
        if self._mail(event):
            return True
        if event.type == pygame.KEYDOWN and self.banner is None and self._view_key(event.key, event.mod):
            return True
        return handle_event(self, event)

    def _chat(self, event: pygame.event.Event) -> bool:
        """T opens a line under the log for a word to the other player (and spectators); Enter sends it,
        Esc puts it away."""
        entry = self.chat_entry
        if entry is None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_t and not event.mod & pygame.KMOD_CTRL:
                r = self.log.rect
                height = px(32)
                self.chat_entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(r.left, r.bottom - height, r.width, height), self.app.ui,
                    placeholder_text="a word to the other side: Enter sends, Esc closes",
                )
                self.chat_entry.set_text_length_limit(CHAT_LIMIT)
                self.app.ui.set_focus_set(self.chat_entry)
                return True
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is entry:
            said = entry.get_text().strip()
            if said and self.match.link is not None:
                self.match.link.say(said)
            entry.kill()
            self.chat_entry = None
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            entry.kill()
            self.chat_entry = None
            return True
        return event.type == pygame.KEYDOWN  # keys typed into the line are not the table's

    def _mail(self, event: pygame.event.Event) -> bool:
        """An e-mail game's turn files: Send turn (F6) writes ours, Open turn (F7) opens the opponent's."""
        mail = self.match.mail
        if mail is None:
            return False
        send, open_ = self.mail_buttons
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        key = event.key if event.type == pygame.KEYDOWN else None
        if pressed is send or key == pygame.K_F6:
            from game.ui.mailplay import write_turn

            wrote = write_turn(mail)
            if isinstance(wrote, Path):
                self.log.note(f"turn file written: {wrote}", "link")
                self.app.say(f"turn file written: {wrote} — send it to your opponent", seconds=10.0)
            return True
        if pressed is open_ or key == pygame.K_F7:
            from game.ui.mailplay import outgoing_dir

            if self.turn_dialog is not None:
                self.turn_dialog.kill()
            self.turn_dialog = open_file_dialog(self, "Open your opponent's turn file", outgoing_dir())
            return True
        typed = typed_file(event, self.turn_dialog)
        picked = event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.turn_dialog
        if typed or picked:
            path = typed or event.text
            if self.turn_dialog is not None and typed:
                self.turn_dialog.kill()
            self.turn_dialog = None
            if mail.open_turn(path) is not None:
                self.log.note(f"turn file opened: {path}", "link")
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.turn_dialog:
            self.turn_dialog = None
        return False

    #: Keys that change how the table is shown (game.ui.keys lists them): the setting, and what it says.
    VIEW_KEYS = {
        pygame.K_v: ("all_arcs", "every ship's arcs shown", "arcs shown for the ship in hand only"),
        pygame.K_o: ("follow", "the camera follows the action", "the camera stays where you put it"),
    }

    def _view_key(self, key: int, mod: int) -> bool:
        """V and O switch a view setting, keep it in the settings file and say what it is now (the plain
        table is switched in the menu's settings)."""
        if key not in self.VIEW_KEYS or mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        name, on, off = self.VIEW_KEYS[key]
        value = not getattr(self.app.settings, name)
        setattr(self.app.settings, name, value)
        if name == "follow" and not value:
            self.follow.cancel()
        err = save_settings(self.app.settings)
        self.app.say((on if value else off) + (f" ({err})" if err else ""))
        return True

    def _follow_action(self, dt: float, panned: bool) -> None:
        """Glide to the ship activated, and keep a computer ship's move in view, unless the player moves the view."""
        if panned or self.drag is not None:  # a button held on the table: the player's hand is on it
            self.follow.cancel()
        elif self.app.settings.follow:
            act = self.state.activation.ship if self.state.activation else None
            if act != self._followed:
                self._followed = act
                if act is not None and self.state.ships[act].on_table:
                    ship = self.state.ships[act]
                    self.follow.keep(self.cam, (ship.x, ship.y))
            for sid, glide in self.anim.glides.items():
                ship = self.state.ships.get(sid)
                if ship is not None and not self.match.is_human(ship.side):
                    pose = glide.pose()
                    self.follow.keep(self.cam, (pose[0], pose[1]), aim=(glide.end[0], glide.end[1]))
                    break
        self.follow.update(self.cam, dt)

    # --- per frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        keys = pygame.key.get_pressed()
        dx = (keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]) * PAN_SPEED * dt
        dy = (keys[pygame.K_DOWN] - keys[pygame.K_UP]) * PAN_SPEED * dt
        if dx or dy:
            self.cam.pan_pixels(-dx, -dy)
        self._follow_action(dt, bool(dx or dy))
        self.table.advance(dt)
        speed = self.app.settings.speed
        self.anim.update(dt)
        self.tray.update(dt, speed)
        system = self.match.session.system
        self.log.sync(self.match.session.events, self.names, system.describe, system.cue)
        self._refresh_actions()
        self._report_autosave()
        if self.pause > 0:
            self.pause -= dt
        self._computer_step()
        if self.coach is not None:
            self.coach.update()
        if self.state.phase == "over" and not self.ended and not self.anim.busy and not self.tray.busy:
            self.ended = True
            self._last_turn_file()
            self.app.show_end(self.match)

    def _last_turn_file(self) -> None:
        """An e-mail battle that ended here: the file that shows the end to the opponent is written at once
        (he would otherwise wait for it, and the end screen has no Send turn)."""
        mail = self.match.mail
        if mail is None or not mail.game.ball or not mail.game.outbox:
            return
        from game.ui.mailplay import write_turn

        game = mail.game
        wrote = write_turn(mail)
        if isinstance(wrote, Path):
            self.log.note(f"the last turn file: {wrote}", "link")
            them = game.named(game.opponent)
            self.app.say(f"The battle is over. The last turn file is {wrote}: send it to {them} so he sees the end",
                         seconds=14.0)

    def _report_autosave(self) -> None:
        """A failed autosave is said once (and its recovery), never passed over in silence."""
        err = self.match.last_autosave_error
        if err == self._autosave_said:
            return
        if err:
            self._error(
                f"{err}.\nThe battle goes on in memory and the last good autosave is untouched: "
                "save the battle elsewhere with Ctrl+S."
            )
        else:
            self.app.say("the autosave works again")
        self._autosave_said = err

    def _computer_step(self) -> None:
        if self.match.link is not None:
            self._link_step()
            return
        side = self.match.to_move()
        if side is None or self.match.is_human(side):
            return
        self.match.think()  # starts the worker if it is not already thinking
        if self.anim.busy or self.pause > 0 or (self.tray.busy and self.app.settings.speed > 0):
            return
        got = self.match.poll()
        if got is None:
            return
        if isinstance(got, str):
            self.app.say(f"{P.side_name(self.state, side)}'s computer player failed: {got}")
            self.match.players[side] = "human"  # hand the side to the player rather than stall
            self._check_hand_over()
            return
        self.submit(got)

    def _link_step(self) -> None:
        """What came from the far end of a network or e-mail game: commands are shown one at a time, as a
        computer player's are; chat and the link's news go to the log."""
        busy = self.anim.busy or self.pause > 0 or (self.tray.busy and self.app.settings.speed > 0)
        before = {s.id: s.pose for s in self.state.ships.values()}
        for item in self.match.poll_link(plays=0 if busy else 1):
            if isinstance(item, tuple):
                self._show(before, item[1])
            elif isinstance(item, Said):
                self.log.note(f"{item.who}: {item.text}", "chat")
            elif isinstance(item, Notice):
                self.log.note(item.text, "link")
                self.app.say(item.text)
            elif isinstance(item, Refused):
                if self.mail_buttons:
                    self._error(item.reason)  # a turn file refused: the reason matters, and the game is intact
                else:
                    self.app.say(item.reason)
            elif isinstance(item, TakenBack):
                self.anim.skip()
                self.app.say("taken back")
            elif isinstance(item, Ended):
                self.log.note(item.reason, "mishap")
                self._error(f"{item.reason}.\nThe battle as it stood is kept: the host's autosave has it.")

    def _refresh_actions(self) -> None:
        human = self.human_to_move()
        if human and self.selected is None:
            acts = [o.ship for o in self.match.options() if o.control is Control.SHIP]
            if acts:
                self.selected = acts[0]  # show the card of a ship that may act
        plan = self.current_plan()
        laid = self.tape_option() if plan else None
        opts = self.match.options() if human else []
        laid_id = tape_id(laid, opts) if laid else None
        key = (self.match.version, human, plan.distance if plan else None, laid_id)
        self.actions.set_actions(actions_for(opts, laid_id, plan.distance if plan else None), key)
        if self.actions.needed != self._laid_for:
            self.layout(self.app.size)

    def close(self) -> None:
        if self.match.link is not None:  # leaving the battle hangs up (the host's autosave keeps it)
            from game.ui.scenes.network import close_later

            close_later(self.match.link)
        super().close()

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        if self.coach is not None:
            self.coach.draw(surface)
