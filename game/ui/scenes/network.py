"""Two computers: host a battle, join one (or watch it), or play one by e-mail.

The page asks what each way needs and nothing more: the host picks the
scenario, his side, the port and the network he listens on (every network
unless he says otherwise, and the page says so); the other player types the
address and the game code the host gives him.  Either way the window then
waits in :class:`LinkScene`, without freezing, until the battle arrives from
the far end; Escape gives up.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.fair.link import Ended, Incoming, Link, Notice
from game.net.host import DEFAULT_PORT
from game.ui.app import Scene
from game.ui.scale import design
from game.ui.scale import rect as R
from game.ui.scenes.reference import centred_card, make_scrim
from game.ui.widgets import Backdrop, button, entry, label, menu, open_file_dialog, typed_file

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp

#: Listening on every network of the computer (the default), or on this computer only.
ALL_NETWORKS = "0.0.0.0"
THIS_COMPUTER = "127.0.0.1"
ADDRESS_CHARS = 120
CODE_CHARS = 16


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int] | str:
    """"HOST:PORT" (or HOST alone: the default port) as (host, port), or the reason it is not one."""
    text = text.strip()
    if not text:
        return f"type the host's address, e.g. 192.168.1.20:{DEFAULT_PORT}"
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, str(default_port)
    if not host or any(c.isspace() for c in host):
        return f"{text!r} is not an address: HOST:PORT, e.g. 192.168.1.20:{DEFAULT_PORT}"
    if not port.isdigit() or not 0 < int(port) < 65536:
        return f"the port in {text!r} must be a number from 1 to 65535"
    return host.strip("[]"), int(port)


def close_later(link: Link) -> None:
    """Close a link on a thread of its own: a client waits a moment for its connection to shut."""
    threading.Thread(target=link.close, name="link-close", daemon=True).start()


class NetworkScene(Scene):
    """Host on the left, join in the middle; Escape goes back to the menu."""

    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp, resume: Path | None = None) -> None:
        super().__init__(app)
        from game.content.load import list_scenarios

        self.scenarios = [s for s in list_scenarios()]
        self.scenario = "duel" if "duel" in self.scenarios else self.scenarios[0]
        #: A saved network battle to host again (Continue or Load of one), or None for a new battle.
        self.resume = resume
        self.resume_words = ""
        if resume is not None:
            from game.persistence.save import SaveError, read_save

            try:
                doc = read_save(resume)
                self.scenario = doc["scenario"] if doc["scenario"] in self.scenarios else self.scenario
                self.resume_words = f"Hosts again: {doc['scenario']}, turn {doc.get('turn', '?')} ({resume.name})"
            except SaveError as e:
                self.resume, self.resume_words = None, str(e)[:90]
        self.side = ""
        self.port = str(DEFAULT_PORT)
        self.interface = ALL_NETWORKS
        self.address = f"{THIS_COMPUTER}:{DEFAULT_PORT}"
        self.code = ""
        self.backdrop = Backdrop()
        self._build()

    def _sides(self) -> list[tuple[str, str]]:
        from game.content.load import ContentError, load_scenario, scenario_path

        try:
            sc = load_scenario(scenario_path(self.scenario), self.app.ships, self.app.rules)
        except (ContentError, OSError, ValueError):  # refused when hosting, with its reason
            return [("(the scenario does not load)", "")]
        return [(s.name, s.id) for s in sc.sides]

    def _build(self) -> None:
        for element in list(self.root.elements):
            element.kill()
        w, h = design(self.app.size)
        pad, row, gap = 24, 34, 10
        label(self, R(pad, 6, 500, 40), "Two computers", "@heading")
        label(self, R(pad, 46, w - 2 * pad, 26),
              "Host a battle for a friend to join, or join one; the host's computer keeps the battle and both "
              "make the dice.  Escape goes back", "@caption")
        col_w = min(440, (w - 4 * pad) // 3)
        x, y = pad, 90
        label(self, R(x, y, col_w, 40), "Host a battle", "@heading")
        y += 40
        label(self, R(x, y + 4, 110, 24), "Scenario")
        self.scenario_menu = menu(self, [(s, s) for s in self.scenarios], self.scenario,
                                  R(x + 110, y, col_w - 110, row), "net_scenario")
        y += row + gap
        sides = self._sides()
        if self.side not in [v for _, v in sides]:
            self.side = sides[0][1]
        label(self, R(x, y + 4, 110, 24), "Your side")
        self.side_menu = menu(self, sides, self.side, R(x + 110, y, col_w - 110, row), "net_side")
        y += row + gap
        label(self, R(x, y + 4, 110, 24), "Port")
        self.port_entry = entry(self, R(x + 110, y, 120, row), self.port, "net_port",
                                "The port the other player connects to (1-65535)", 5)
        self.port_entry.set_allowed_characters("numbers")
        y += row + gap
        label(self, R(x, y + 4, 110, 24), "Listen on")
        self.interface_entry = entry(self, R(x + 110, y, col_w - 110, row), self.interface, "net_interface",
                                     "The network address to listen on: 0.0.0.0 for every network of this "
                                     "computer, 127.0.0.1 for this computer only", 45)
        y += row + 2
        self.interface_note = label(self, R(x, y, col_w, 24), "", "@caption")
        y += 30
        self.host_button = button(self, R(x + col_w - 150, y, 150, 40), "Host", "net_host",
                                  "Open the port and wait for the other player.  Key: H")
        if self.resume_words:
            label(self, R(x, y + 46, col_w, 24), self.resume_words, "@caption")
            self.scenario_menu.disable()
        jx, y = pad * 2 + col_w, 90
        label(self, R(jx, y, col_w, 40), "Join a battle", "@heading")
        y += 40
        label(self, R(jx, y + 4, 110, 24), "Address")
        self.address_entry = entry(self, R(jx + 110, y, col_w - 110, row), self.address, "net_address",
                                   f"The host's address and port, e.g. 192.168.1.20:{DEFAULT_PORT}", ADDRESS_CHARS)
        y += row + gap
        label(self, R(jx, y + 4, 110, 24), "Game code")
        self.code_entry = entry(self, R(jx + 110, y, 160, row), self.code, "net_code",
                                "The code the host's window shows", CODE_CHARS)
        y += row + gap + 8
        self.join_button = button(self, R(jx + col_w - 150, y, 150, 40), "Join", "net_join",
                                  "Connect and take the side the host left you.  Key: J")
        self.watch_button = button(self, R(jx + col_w - 150 - 12 - 150, y, 150, 40), "Watch", "net_watch",
                                   "Connect as a spectator: see the battle, chat, command nothing")
        mx, y = pad * 3 + 2 * col_w, 90
        label(self, R(mx, y, col_w, 40), "Play by e-mail", "@heading")
        y += 40
        label(self, R(mx, y, col_w, 24), "Scenario and side: as chosen under Host", "@caption")
        y += 32
        self.mail_start_button = button(self, R(mx, y, col_w, 40), "Start an e-mail game", "mail_start",
                                        "Write the first turn file of a new e-mail game, to send to your opponent")
        y += 40 + gap
        self.mail_open_button = button(self, R(mx, y, col_w, 40), "Open turn file\u2026", "mail_open",
                                       "Open a turn file your opponent sent (the first of a new game, or the next "
                                       "of one in progress).  Key: O")
        y += 40 + gap + 8
        from game.ui.mailplay import games

        self.mail_games = games()
        label(self, R(mx, y, col_w, 24), "Games in progress" if self.mail_games else "No e-mail games yet",
              "@caption")
        y += 28
        self.mail_menu = None
        if self.mail_games:
            self.mail_menu = menu(self, [(g.label[:70], g.game_id) for g in self.mail_games],
                                  self.mail_games[0].game_id, R(mx, y, col_w, row), "mail_games")
            y += row + gap
            self.mail_continue_button = button(self, R(mx + col_w - 150, y, 150, 40), "Continue", "mail_continue",
                                               "Go back to this e-mail game")
        self.file_dialog: pygame_gui.windows.UIFileDialog | None = None
        self.back_button = button(self, R(w - pad - 110, h - pad - 40, 110, 40), "Back", "net_back",
                                  "Back to the menu.  Key: Escape")
        self._note_interface()

    def _note_interface(self) -> None:
        where = self.interface_entry.get_text().strip()
        if where in ("", ALL_NETWORKS, "::"):
            words = "Listening on every network of this computer: anyone who can reach it may try the code"
        elif where in (THIS_COMPUTER, "localhost", "::1"):
            words = "This computer only: a second window here can join, no other computer"
        else:
            words = f"Only the network of {where}"
        self.interface_note.set_text(words)

    def _read(self) -> None:
        self.scenario = self.scenario_menu.selected_option[1]
        self.side = self.side_menu.selected_option[1]
        self.port = self.port_entry.get_text()
        self.interface = self.interface_entry.get_text()
        self.address = self.address_entry.get_text()
        self.code = self.code_entry.get_text()

    # --- doing it -------------------------------------------------------------------

    def host(self) -> None:
        self._read()
        if not self.port.isdigit() or not 0 < int(self.port) < 65536:
            self.app.say("the port must be a number from 1 to 65535")
            return
        from game.net.cli import NetPlan

        self._open(NetPlan(
            "host", port=int(self.port), interface=self.interface.strip() or ALL_NETWORKS, side=self.side or None,
            scenario=self.scenario, resume=str(self.resume) if self.resume is not None else None,
        ))

    def _open(self, plan) -> None:
        from game.ui.netplay import open_plan

        made = open_plan(self.app, plan)
        if made is not None:
            self.app.say(made, seconds=8.0)

    def join(self, spectator: bool = False) -> None:
        self._read()
        where = parse_address(self.address)
        if isinstance(where, str):
            self.app.say(where)
            return
        code = self.code.strip().upper()
        if not code:
            self.app.say("type the game code the host's window shows")
            return
        from game.net.cli import NetPlan

        self._open(NetPlan("spectate" if spectator else "join", address=where[0], port=where[1], code=code))

    def mail_start(self) -> None:
        from game.ui.mailplay import start_game

        self._read()
        made = start_game(self.scenario, self.side)
        if isinstance(made, str):
            self.app.say(made, seconds=8.0)
            return
        path, words = made
        self._build()  # the new game is among those in progress
        self.app.say(f"First turn file written: {path}.  {words}", seconds=14.0)

    def mail_open(self, path: str) -> None:
        from game.mail.link import MailLink
        from game.ui.mailplay import write_turn

        link, words = MailLink.from_turn(path)
        if link is None:
            self.app.say(words, seconds=12.0)
            return
        self._enter_mail(link, words, write_turn)

    def mail_continue(self) -> None:
        from game.mail.link import MailLink
        from game.mail.local import MailProblem
        from game.ui.mailplay import write_turn

        if self.mail_menu is None:
            return
        try:
            link = MailLink.of(self.mail_menu.selected_option[1])
        except MailProblem as e:
            self.app.say(str(e), seconds=10.0)
            return
        self._enter_mail(link, link.status(), write_turn)

    def _enter_mail(self, link, words: str, write_turn) -> None:
        """The battle, if it has begun; else, in the opening exchange, the reply written at once."""
        if link.opening() is None:
            if link.game.ball:
                wrote = write_turn(link)
                if isinstance(wrote, str):
                    self.app.say(wrote, seconds=10.0)
                    return
                self._build()
                self.app.say(f"Reply written: {wrote} — send it to your opponent", seconds=14.0)
            else:
                self.app.say(words, seconds=10.0)
            return
        title = f"E-mail game {link.game.short}"
        self.app.replace(lambda app: LinkScene(app, link, title, []))

    # --- scene ------------------------------------------------------------------------

    def _open_dialog(self) -> None:
        from game.ui.mailplay import outgoing_dir

        if self.file_dialog is not None:
            self.file_dialog.kill()
        self.file_dialog = open_file_dialog(self, "Open a turn file", outgoing_dir())

    def _typing(self) -> bool:
        return any(e.is_focused for e in (self.port_entry, self.interface_entry, self.address_entry, self.code_entry))

    def handle(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.host_button:
                self.host()
            elif element is self.join_button:
                self.join()
            elif element is self.watch_button:
                self.join(spectator=True)
            elif element is self.back_button:
                self.app.back_to_menu()
            elif element is self.mail_start_button:
                self.mail_start()
            elif element is self.mail_open_button:
                self._open_dialog()
            elif self.mail_menu is not None and element is self.mail_continue_button:
                self.mail_continue()
            else:
                return False
            return True
        typed = typed_file(event, self.file_dialog)
        if typed or (event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and element is self.file_dialog):
            if typed and self.file_dialog is not None:
                self.file_dialog.kill()
            self.file_dialog = None
            self.mail_open(typed or event.text)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.scenario_menu:
            self._read()
            self._build()  # the sides are the new scenario's
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.interface_entry:
            self._note_interface()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self._typing():
                    self.app.ui.set_focus_set(None)
                else:
                    self.app.back_to_menu()
                return True
            if self._typing():
                return False
            if event.key == pygame.K_h:
                self.host()
                return True
            if event.key == pygame.K_j:
                self.join()
                return True
            if event.key == pygame.K_o:
                self._open_dialog()
                return True
        return False

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._read()
        self._build()

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)


class LinkScene(Scene):
    """Waiting for the battle to come down a link: what the link says, and Cancel (Escape).

    Whatever arrives before the battle (chat, news) is kept and handed to the
    battle, so nothing said while waiting is lost.
    """

    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp, link: Link, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.link = link
        self.title = title
        self.lines = lines
        self.kept: list[Incoming] = []
        self.said = link.status()
        self.over: str | None = None
        #: The battle has come and its copy is being built on a worker.
        self.building = False
        self.backdrop = Backdrop()
        self._build()

    def _build(self) -> None:
        for element in list(self.root.elements):
            element.kill()
        self.scrim = make_scrim(self)
        w, h = self.app.size
        height = 170 + 30 * len(self.lines)
        self.card = centred_card(self, self.scrim, min(w - 40, 820), min(h - 40, height))
        cw = design(self.card.get_container().get_size())[0]
        label(self, R(16, 10, cw - 32, 40), self.title, "@heading", container=self.card)
        y = 56
        for line in self.lines:
            label(self, R(16, y, cw - 32, 26), line, "@field_label", container=self.card)
            y += 30
        self.status_label = label(self, R(16, y + 4, cw - 32, 26), self.said, "@caption", container=self.card)
        self.cancel_button = button(self, R(cw - 16 - 130, y + 44, 130, 40), "Cancel", "link_cancel",
                                    "Give up and go back to the menu.  Key: Escape", container=self.card)

    def update(self, dt: float) -> None:
        if self.over is not None or self.building:
            return
        for item in self.link.poll():
            if isinstance(item, Ended):
                self.over = item.reason
                self.status_label.set_text(item.reason)
                self.cancel_button.set_text("Back")
                return
            if isinstance(item, Notice):
                self.said = item.text
            self.kept.append(item)
        status = self.link.status()
        if status != self.status_label.text:
            self.status_label.set_text(status)
        doc = self.link.opening()
        if doc is not None:
            self._begin(doc)

    def _begin(self, doc: dict[str, Any]) -> None:
        """Build the window's copy of the battle on a worker (a long battle replays for a while), then open it."""
        from game.net.drive import mirror
        from game.persistence.save import SaveError
        from game.ui.match import Match
        from game.ui.scenes.working import WorkFailed, WorkScene

        self.building = True  # polled no more: what arrives now waits in the link for the battle

        def work(progress):
            try:
                return mirror(doc, self.app.rules, self.app.ships, progress)
            except SaveError as e:
                raise WorkFailed(str(e)) from None

        def done(session) -> None:
            match = Match(session, autosave=False, link=self.link)
            match._inbox.extend(self.kept)
            self.app.open_battle(match)
            self.app.say("T opens a line to chat with the other side", seconds=6.0)

        def failed(reason: str) -> None:
            self.building = False
            self.over = reason
            close_later(self.link)
            self.status_label.set_text(reason[:200])
            self.cancel_button.set_text("Back")

        self.app.push(WorkScene(self.app, "Setting up the battle\u2026", work, done, failed,
                                lambda n, total: f"Setting up the battle: command {n} of {total}"))

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            close_later(self.link)
            self.app.back_to_menu()
            return True
        return False

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._build()

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)
