"""The end of a battle: who won and why, the points, and what became of every ship.

Shown over the battle (the table stays visible, dimmed) so the players can
see the result beside the final positions; "Keep looking at the table" lifts
it.  "Save battle log" writes the battle twice, in plain words for reading
and as JSON lines of events for tools (``python -m game.logcheck``), both
under ``home()/logs`` so they sit beside the autosave.
"""

from __future__ import annotations

import html
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextBox

from game.files import free_names, write_atomic
from game.persistence.autosave import home
from game.ui.app import Scene
from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.reference import centred_card, is_input, make_scrim, preload_reading_fonts

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp
    from game.ui.match import Match
    from game.ui.scenes.report import ReportJob

#: Lost ships in red, ships out of the fight in amber, ships gone off the table in blue (by game.systems.card.FATES).
FATE_COLOURS = {
    "sunk": "#f08a6a",
    "destroyed": "#f08a6a",
    "struck": "#e8b860",
    "taken": "#e8b860",
    "ashore": "#e8b860",
    "gone": "#a8c8e8",
}


def _hex(colour, lighten: float = 0.45) -> str:
    """Side colours lightened so that navy blue or dark red still read on a dark panel."""
    r, g, b = (int(c + (255 - c) * lighten) for c in tuple(colour)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def side_names(session) -> dict[str, str]:
    return {side.id: side.name for side in session.scenario.sides}


def side_colours(session) -> dict[str, tuple[int, int, int]]:
    return {side.id: tuple(side.colour) for side in session.scenario.sides}


def result_title(session) -> str:
    state = session.state
    if state.winner:
        return f"Victory: {side_names(session).get(state.winner, state.winner)}"
    return "A draw"


def result_reason(session) -> str:
    """Why the battle ended, in a sentence, with side names for the engine's side ids."""
    state = session.state
    names = side_names(session)
    reason = (state.result or "").strip()
    if not reason:
        return "The battle is over." if state.phase == "over" else "The battle is not over yet."
    if reason == "turn limit":
        return "The turn limit was reached: the side with more points wins."
    if reason == "no ship left able to fight":
        return "No ship on either side is left able to fight."
    if reason.startswith("only ") and reason.endswith(" can fight"):
        side = reason[len("only ") : -len(" can fight")]
        return f"Only the {names.get(side, side)} can still fight."
    for side, name in names.items():
        reason = reason.replace(side, name)
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")


def _points(value: float) -> str:
    return f"{value:g}"


def event_names(session) -> dict[str, str]:
    """Ids to names for the exported log: sides, squadrons, batteries and ships."""
    names: dict[str, str] = {}
    for side in session.scenario.sides:
        names[side.id] = side.name
        for bat in side.batteries:
            names[bat.id] = bat.name
        for sq in side.squadrons:
            names[sq.id] = sq.name
    for sid, ship in session.state.ships.items():
        names[sid] = ship.name
    return names


def json_lines(events) -> str:
    return "".join(json.dumps(e, default=str) + "\n" for e in events)


def plain_text(session) -> str:
    """The battle in the rule system's words; if its narration fails, the events themselves."""
    from game.systems.narration import export_text

    events = list(session.events)
    try:
        return export_text(events, session.system.describe, event_names(session))
    except Exception as e:  # the log must still be saved, even if a sentence cannot be written
        return f"Quarterdeck battle log (events; the narrator failed: {type(e).__name__}: {e})\n\n" + json_lines(events)


def log_paths(scenario_id: str, folder: Path | None = None, stamp: str | None = None) -> tuple[Path, Path]:
    """``<folder>/<scenario>-<timestamp>.txt`` and ``.jsonl``, numbered if that name is taken."""
    folder = folder or home() / "logs"
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    txt, jsonl = free_names(folder, f"{scenario_id}-{stamp}", (".txt", ".jsonl"))
    return txt, jsonl


def save_battle_log(session) -> tuple[Path, Path]:
    """Write both forms of the log; OSError if the folder cannot be written."""
    txt, jsonl = log_paths(session.scenario.id)
    write_atomic(txt, plain_text(session))
    write_atomic(jsonl, json_lines(session.events))
    return txt, jsonl


class EndScene(Scene):
    """The result over the final table: winner, reason, points, fates, and what to do next."""

    overlay = True
    app: QuarterdeckApp

    def __init__(self, app: QuarterdeckApp, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.session = match.session
        self.saved: tuple[Path, Path] | None = None
        self.export_job: ReportJob | None = None
        preload_reading_fonts(app.ui)
        self._build()

    def _build(self) -> None:
        ui = self.app.ui
        w, h = design(self.app.size)  # laid out in design pixels (game.ui.scale), drawn by R
        session, state = self.session, self.session.state
        names, colours = side_names(session), side_colours(session)
        self.scrim = make_scrim(self)
        self.card = centred_card(self, self.scrim, px(min(w - 64, 980)), px(min(h - 64, 680)))
        cw, ch = design(self.card.get_container().get_size())
        pad = 20
        self.title = UILabel(
            R(pad, 14, cw - 2 * pad, 48),
            result_title(session),
            manager=ui,
            container=self.card,
            object_id=ObjectID(object_id="#end_title", class_id="@end_title"),
        )
        self.reason = UILabel(
            R(pad, 62, cw - 2 * pad, 28),
            f"{result_reason(session)}   \u00b7   turn {state.turn} of {state.turn_limit}",
            manager=ui,
            container=self.card,
            object_id=ObjectID(object_id="#end_reason", class_id="@end_reason"),
        )
        top, bottom = 104, ch - pad - 2 * 40 - 12 - 14  # two rows of buttons under the fates
        sides = list(state.sides)
        gap = 14
        col_w = (cw - 2 * pad - gap * (len(sides) - 1)) // max(1, len(sides))
        self.side_boxes: dict[str, UITextBox] = {}
        for i, side in enumerate(sides):
            fates = [(s.name, session.system.fate(state, s.id)) for s in state.ships.values()]
            ships = [(name, f) for name, f in fates if f.side == side]
            rows = [
                f"<font color='{_hex(colours.get(side, (200, 200, 200)))}'><b>{html.escape(names.get(side, side))}</b>"
                f"</font>: {_points(state.points.get(side, 0.0))} points"
            ]
            for name, fate in ships:
                rows.append(
                    f"<b>{html.escape(name)}</b> <font color='#9aa6b2'>{html.escape(fate.what)}</font><br>"
                    f"&nbsp;&nbsp;<font color='{FATE_COLOURS.get(fate.kind, '#ece4d0')}'>{html.escape(fate.text)}"
                    "</font>"
                )
            if not ships:
                rows.append("<i>no ships</i>")
            self.side_boxes[side] = UITextBox(
                "<br><br>".join(rows),
                R(pad + i * (col_w + gap), top, col_w, bottom - top),
                manager=ui,
                container=self.card,
                object_id=ObjectID(object_id=f"#fates_{side}", class_id="@reading"),
            )
        by = ch - pad - 40  # the bottom row: the log on the left, leaving on the right
        self.save_button = UIButton(
            R(pad, by, 190, 40),
            "Save battle log",
            manager=ui,
            container=self.card,
            tool_tip_text="Write the battle in plain words (.txt) and as events (.jsonl) to your logs folder.",
            object_id=ObjectID(object_id="#save_log", class_id="@action_button"),
        )
        up = by - 40 - 12  # the row above: the report, and the battle again
        self.watch_button = UIButton(
            R(pad + 110 + 12 + 160 + 12, up, 170, 40),
            "Watch it again",
            manager=ui,
            container=self.card,
            tool_tip_text="Replay this battle from the start: scrub through it turn by turn, or take command "
            "from any point.  Key: W",
            object_id=ObjectID(object_id="#watch_again", class_id="@action_button"),
        )
        self._report_buttons(pad, int(up))
        self.sequel_button: UIButton | None = None
        sequel = self.match.sequel
        if sequel is not None:  # a battle of a campaign: back to it, with the result
            self.sequel_button = UIButton(
                R(cw - pad - 250, up, 250, 40),
                sequel.label,
                manager=ui,
                container=self.card,
                tool_tip_text=f"{sequel.tip}  Key: B",
                object_id=ObjectID(object_id="#sequel", class_id="@action_button"),
            )
        self.menu_button = UIButton(
            R(cw - pad - 180, by, 180, 40),
            "Back to menu",
            manager=ui,
            container=self.card,
            tool_tip_text="Leave this battle for the main menu.",
            object_id=ObjectID(object_id="#to_menu", class_id="@action_button"),
        )
        self.look_button = UIButton(
            R(cw - pad - 180 - 12 - 250, by, 250, 40),
            "Keep looking at the table",
            manager=ui,
            container=self.card,
            tool_tip_text="Close this summary and look over the final positions.  Key: Escape",
            object_id=ObjectID(object_id="#keep_looking", class_id="@action_button"),
        )

    # --- the after-action report (game.ui.scenes.report) ----------------------------------------------

    def _report_buttons(self, pad: int, by: int) -> None:
        """'Report' (the report in the window) and 'Export report' (PNG and HTML to the reports folder)."""
        x = pad
        self.report_button = UIButton(
            R(x, by, 110, 40),
            "Report",
            manager=self.app.ui,
            container=self.card,
            tool_tip_text="The after-action report: the plan of the battle, damage turn by turn, the dice's luck, "
            "how the points were earned.  Key: R",
            object_id=ObjectID(object_id="#report", class_id="@action_button"),
        )
        self.export_button = UIButton(
            R(x + 110 + 12, by, 160, 40),
            "Export report",
            manager=self.app.ui,
            container=self.card,
            tool_tip_text="Write the after-action report as a picture (.png) and a page (.html) to your reports "
            "folder.  Key: E",
            object_id=ObjectID(object_id="#export_report", class_id="@action_button"),
        )

    def open_report(self) -> None:
        from game.ui.scenes.report import ReportScene

        self.app.push(ReportScene(self.app, self.session, export=self.export_report))

    def export_report(self) -> None:
        from game.ui.scenes.report import start_export

        if self.export_job is not None and not self.export_job.ready():
            self.app.say("still writing the report...")
            return
        self.export_job = start_export(self.session)
        self.app.say("drawing the report...")

    def update(self, dt: float) -> None:
        from game.ui.scenes.report import exported_words

        if self.export_job is not None and self.export_job.ready():
            self.app.say(exported_words(self.export_job), seconds=8.0)
            self.export_job = None

    def save_log(self) -> None:
        try:
            self.saved = save_battle_log(self.session)
        except OSError as e:
            self.app.say(f"could not save the battle log: {e.strerror or e}")
            return
        txt, jsonl = self.saved
        self.app.say(f"battle log saved: {txt} (and {jsonl.name})", seconds=8.0)

    def watch_again(self) -> None:
        """The battle just fought in the replay viewer, from the live session; leaving it comes back here."""
        match = self.match
        self.app.open_replay(match.session, "the battle just fought", back=lambda: self.app.open_battle(match))

    def go_on(self) -> None:
        """Where the battle was started from (its sequel): the finished battle goes back there."""
        if self.match.sequel is not None:
            self.match.sequel.go(self.match)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save_log()
                return True
            if event.ui_element is self.watch_button:
                self.watch_again()
                return True
            if event.ui_element is self.report_button:
                self.open_report()
                return True
            if event.ui_element is self.export_button:
                self.export_report()
                return True
            if event.ui_element is self.look_button:
                self.app.pop()
                return True
            if event.ui_element is self.menu_button:
                self.app.back_to_menu()
                return True
            if self.sequel_button is not None and event.ui_element is self.sequel_button:
                self.go_on()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_w:
                self.watch_again()
            elif event.key == pygame.K_r:
                self.open_report()
            elif event.key == pygame.K_e:
                self.export_report()
            elif event.key == pygame.K_b and self.match.sequel is not None:
                self.go_on()
            return True
        return is_input(event)

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.scrim.kill()
        self._build()
