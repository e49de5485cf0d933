"""The after-action report in the window: the drawn report, scrolled with the wheel, arrows and Page keys.

Drawing a report (matplotlib) takes a second or two, so it is drawn on a
worker thread (:class:`ReportJob`) from a copy of the battle's events while
the window goes on drawing its frames and says "drawing the report...";
exporting goes the same way, the thread writing the files.  (Drawing in a
child process instead was measured too: on the shared two-core machine it
was measured on, it kept the window only a frame or two a second smoother, for
a second interpreter and its start; see docs/REPORT.md.)  Opened over the end
screen, Escape or Close returns to it.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UIVerticalScrollBar

from game.persistence.autosave import home
from game.ui.app import Scene
from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.reference import OVERLAY_HEIGHT, centred_card, is_input

#: Pixels one notch of the wheel or one arrow key scrolls.
STEP = 80
#: Above the end screen's card, which is itself an overlay.
REPORT_HEIGHT = OVERLAY_HEIGHT + 20


class ReportJob:
    """Work on a worker thread: ``result`` once done, or ``error`` (one line) if it failed."""

    def __init__(self, work: Callable[[], Any], name: str = "report") -> None:
        self.result: Any = None
        self.error: str | None = None
        self.done = threading.Event()

        def run() -> None:
            try:
                self.result = work()
            except Exception as e:  # a report that cannot be drawn must not take the window down
                self.error = str(e) if isinstance(e, OSError) else f"{type(e).__name__}: {e}"
            self.done.set()

        self.thread = threading.Thread(target=run, name=name, daemon=True)
        self.thread.start()

    def ready(self) -> bool:
        return self.done.is_set()


def draw_picture(session: Any, width: int) -> pygame.Surface:
    """The whole report ``width`` pixels wide, from a copy of the session's events (run on a worker thread)."""
    from game.report.build import build_report
    from game.report.render import picture
    from game.report.sources import from_session

    pixels, size = picture(build_report(from_session(session)), width)
    return pygame.image.frombuffer(pixels, size, "RGB")


class _Drawn:
    """The reports drawn (or being drawn) for the last battle shown, by (its events so far, width).

    Reopening the report is then instant, and pressing Report again and again never sets more than one
    drawing going.  Only the last battle is kept, and only weakly: a battle left behind is not held.
    """

    def __init__(self) -> None:
        self.battle: weakref.ReferenceType[Any] | None = None
        self.jobs: dict[tuple[int, int], ReportJob] = {}

    def clear(self) -> None:
        self.battle, self.jobs = None, {}

    def job(self, session: Any, width: int) -> ReportJob:
        if self.battle is None or self.battle() is not session:
            self.battle, self.jobs = weakref.ref(session), {}
        key = (len(session.events), width)
        job = self.jobs.get(key)
        if job is None or (job.ready() and job.error):
            self.jobs = {}  # one size kept: a new size means the window changed
            job = self.jobs[key] = ReportJob(lambda: draw_picture(session, width), name="report-draw")
        return job


_drawn = _Drawn()


def drawing(session: Any, width: int) -> ReportJob:
    """The job drawing the report of ``session`` at ``width`` pixels: the one already going or done, or a new one."""
    return _drawn.job(session, width)


def reports_folder() -> Path:
    return home() / "reports"


def start_export(session: Any) -> ReportJob:
    """Write the battle's report, PNG and HTML, to the reports folder, on a worker thread; its result: the paths."""
    from game.report.build import build_report
    from game.report.export import report_paths, write
    from game.report.render import files
    from game.report.sources import from_session

    battle = from_session(session)
    png_path, html_path = report_paths(reports_folder(), str(getattr(session.scenario, "id", "battle")))

    def work() -> list[Path]:
        png, html = files(build_report(battle))
        return write(png_path, png, html_path, html)

    return ReportJob(work, name="report-export")


def exported_words(job: ReportJob) -> str:
    """What the window says when an export is done: where the files are, or why there are none."""
    if job.error:
        return f"the report could not be written: {job.error}"
    paths = job.result or []
    if len(paths) == 2:
        return f"report saved: {paths[0]} (and {paths[1].name})"
    return "report saved: " + ", ".join(str(p) for p in paths)


class ReportScene(Scene):
    """The report over the end screen: drawn on a worker thread, then scrolled; Escape or Close returns."""

    overlay = True

    def __init__(self, app: Any, session: Any, export: Callable[[], None] | None = None) -> None:
        """``export``: how to export the report (the end screen's, which says when it is written even if this
        view is closed first); without it the view writes the files itself."""
        super().__init__(app)
        self.session = session
        self.exporter = export
        self.image: pygame.Surface | None = None
        self.error: str | None = None
        self.offset = 0
        self.job: ReportJob | None = None
        self.export_job: ReportJob | None = None
        self._build()
        self._draw_for(self.view.width)

    # --- widgets -------------------------------------------------------------

    def _build(self) -> None:
        ui = self.app.ui
        w, h = design(self.app.size)  # laid out in design pixels (game.ui.scale), drawn by R
        self.scrim = UIPanel(
            pygame.Rect((0, 0), self.app.size),
            starting_height=REPORT_HEIGHT,
            manager=ui,
            container=self.root,
            object_id=ObjectID(class_id="@scrim"),
        )
        self.card = centred_card(self, self.scrim, px(w - 48), px(h - 48))
        cw, ch = design(self.card.get_container().get_size())
        pad, bar = 14, 18
        UILabel(
            R(pad, 8, cw - 2 * pad, 34),
            "After-action report",
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@heading"),
        )
        top, bottom = 48, ch - 60
        self.view = R(pad, top, cw - 2 * pad - bar - 4, bottom - top)  # screen pixels: the picture's
        self.picture: UIImage | None = None
        self.bar = UIVerticalScrollBar(
            R(cw - pad - bar, top, bar, bottom - top), 1.0, manager=ui, container=self.card
        )
        self.note = UILabel(
            R(pad, top + (bottom - top) // 2 - 20, cw - 2 * pad - bar - 4, 40),
            "drawing the report...",
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@caption"),
        )
        UILabel(
            R(pad, ch - 48, cw // 2, 32),
            "Wheel, arrows, Page Up / Down, Home / End: scroll    E: export    Escape: close",
            manager=ui,
            container=self.card,
            object_id=ObjectID(class_id="@caption"),
        )
        self.close_button = UIButton(
            R(cw - pad - 140, ch - 52, 140, 40),
            "Close",
            manager=ui,
            container=self.card,
            tool_tip_text="Back to the result (Escape).",
            object_id=ObjectID(object_id="#report_close", class_id="@action_button"),
        )
        self.export_button = UIButton(
            R(cw - pad - 140 - 12 - 190, ch - 52, 190, 40),
            "Export report",
            manager=ui,
            container=self.card,
            tool_tip_text="Write this report as a picture (.png) and a page (.html) to your reports folder.  Key: E",
            object_id=ObjectID(object_id="#report_export", class_id="@action_button"),
        )
        if self.image is not None:
            self._show()

    def _draw_for(self, width: int) -> None:
        self.image, self.error, self.offset = None, None, 0
        self.job = drawing(self.session, width)

    def _show(self) -> None:
        """Put the drawn report in the view at the scroll offset."""
        if self.image is None:
            return
        self.note.hide()
        height = self.image.get_height()
        self.offset = max(0, min(self.offset, height - self.view.height))
        visible = pygame.Rect(
            0, self.offset, min(self.view.width, self.image.get_width()), min(self.view.height, height)
        )
        part = self.image.subsurface(visible)
        if self.picture is None:
            self.picture = UIImage(
                pygame.Rect(self.view.topleft, visible.size), part, manager=self.app.ui, container=self.card
            )
        else:
            self.picture.set_image(part)
        self.bar.set_visible_percentage(min(1.0, self.view.height / max(1, height)))
        self.bar.set_scroll_from_start_percentage(self.offset / max(1, height))

    def scroll_to(self, offset: int) -> None:
        self.offset = offset
        self._show()

    @property
    def max_offset(self) -> int:
        return max(0, self.image.get_height() - self.view.height) if self.image is not None else 0

    def export(self) -> None:
        if self.exporter is not None:
            self.exporter()
            return
        if self.export_job is not None and not self.export_job.ready():
            self.app.say("still writing the report...")
            return
        self.export_job = start_export(self.session)
        self.app.say("drawing the report...")

    # --- scene ---------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_button:
                self.app.pop()
                return True
            if event.ui_element is self.export_button:
                self.export()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.offset - int(event.y) * STEP)
            return True
        if event.type == pygame.KEYDOWN:
            page = max(STEP, self.view.height - STEP)
            moves = {
                pygame.K_DOWN: self.offset + STEP,
                pygame.K_UP: self.offset - STEP,
                pygame.K_PAGEDOWN: self.offset + page,
                pygame.K_SPACE: self.offset + page,
                pygame.K_PAGEUP: self.offset - page,
                pygame.K_HOME: 0,
                pygame.K_END: self.max_offset,
            }
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_e:
                self.export()
            elif event.key in moves:
                self.scroll_to(moves[event.key])
            return True
        return is_input(event)

    def update(self, dt: float) -> None:
        job = self.job
        if job is not None and job.ready():
            self.job = None
            if job.error:
                self.error = job.error
                self.note.set_text(f"The report could not be drawn: {job.error}"[:200])
            else:
                self.image = job.result
                self._show()
        if self.image is not None and self.bar.has_moved_recently:  # the bar dragged, or its arrows pressed
            wanted = int(round(self.bar.start_percentage * self.image.get_height()))
            if abs(wanted - self.offset) > 1:
                self.offset = wanted
                self._show()
        if self.export_job is not None and self.export_job.ready():
            self.app.say(exported_words(self.export_job), seconds=8.0)
            self.export_job = None

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.scrim.kill()
        old = self.image
        self.image, self.picture = None, None
        self._build()
        if old is not None or self.job is not None:
            self._draw_for(self.view.width)
