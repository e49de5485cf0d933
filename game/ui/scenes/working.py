"""Slow work on a worker thread, shown over the window with its progress, so the window never freezes.

Reading a long save and playing its commands again takes a good part of a
second; a branch of a long battle replays too.  :class:`WorkScene` runs the
work on a thread of its own and, over the scene that asked for it, shows
what is being done and how far it has got, with Cancel (Escape).  When the
work is done the overlay goes and ``done(result)`` runs on the window's
thread; if it fails, ``failed(reason)`` gets one line (a bug in the work is
reported the same way, never as a traceback).  A piece of work that ends
quickly shows nothing but a frame of the dimmed scene.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIProgressBar

from game.ui.app import Scene
from game.ui.scale import design, px
from game.ui.scale import rect as R
from game.ui.scenes.reference import centred_card, is_input, make_scrim

#: What work is given: a function that reports (done, of how many) as it goes.
Progress = Callable[[int, int], None]


class Cancelled(Exception):
    """Raised inside the work when the player has cancelled it."""


class WorkFailed(Exception):
    """What work raises when it cannot be done: one line for the player."""


class _Bar(UIProgressBar):
    def status_text(self) -> str:
        return f"{round(100 * self.progress_percentage)}%"


class WorkScene(Scene):
    overlay = True

    def __init__(
        self,
        app,
        title: str,
        work: Callable[[Progress], Any],
        done: Callable[[Any], None],
        failed: Callable[[str], None],
        progress_words: Callable[[int, int], str] | None = None,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.progress_words = progress_words or (lambda done, total: f"{title}: {done} of {total}")
        self._done_cb = done
        self._failed_cb = failed
        self._cancel = threading.Event()
        self._finished = threading.Event()
        self._lock = threading.Lock()
        self._progress = (0, 0)
        self._result: Any = None
        self._error: str | None = None
        self._build()
        self._thread = threading.Thread(target=self._run, args=(work,), name="quarterdeck-work", daemon=True)
        self._thread.start()

    def _build(self) -> None:
        ui = self.app.ui
        self.scrim = make_scrim(self)
        self.card = centred_card(self, self.scrim, min(self.app.size[0] - 40, px(460)), px(156))
        cw = design(self.card.get_container().get_size())[0]  # laid out in design pixels, drawn by R
        self.label = UILabel(R(16, 14, cw - 32, 30), self.title, manager=ui, container=self.card,
                             object_id=ObjectID(class_id="@field_label"))
        self.bar = _Bar(R(16, 52, cw - 32, 28), manager=ui, container=self.card)
        self.cancel_button = UIButton(
            R(cw - 16 - 120, 96, 120, 36), "Cancel", manager=ui, container=self.card,
            tool_tip_text="Stop and go back.  Key: Escape",
        )

    # --- the worker --------------------------------------------------------------------

    def _run(self, work: Callable[[Progress], Any]) -> None:
        try:
            self._result = work(self._report)
        except Cancelled:
            self._error = ""
        except WorkFailed as e:
            self._error = str(e)
        except Exception as e:  # a bug in the work must not take the window down: say what it was
            self._error = f"{type(e).__name__}: {e}"
        self._finished.set()

    def _report(self, done: int, total: int) -> None:
        with self._lock:
            self._progress = (done, total)
        if self._cancel.is_set():
            raise Cancelled

    # --- the window ----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    def cancel(self) -> None:
        self._cancel.set()
        self.label.set_text("Cancelling\u2026")

    def update(self, dt: float) -> None:
        with self._lock:
            done, total = self._progress
        if total:
            self.bar.set_current_progress(100.0 * done / total)
            words = self.progress_words(done, total)
            if self.label.text != words and not self._cancel.is_set():
                self.label.set_text(words)
        if not self._finished.is_set():
            return
        if self.app.scene is self:
            self.app.pop()
        else:  # something was pushed over it meanwhile: leave it be, but go
            self.app.scenes.remove(self)
            self.close()
        if self._error is None:
            self._done_cb(self._result)
        elif self._error:
            self._failed_cb(self._error)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button:
            self.cancel()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        return is_input(event)

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.scrim.kill()
        self._build()
