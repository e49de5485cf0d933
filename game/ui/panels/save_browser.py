"""The load window: saved battles shown as a player remembers them, not as file names.

Each save is a row: a picture of the table as the battle left it, the
scenario, how far it went (or how it ended), the sides and who commanded
them, and when it was saved.  The autosave comes first, then the saves
folder, newest first; "Other folder…" lists another folder (or picks a file
there).  The picture needs the battle replayed, which a worker thread does
row by row while the window stays live; until then a row shows the
scenario's opening.

Choosing a save posts pygame_gui's UI_FILE_DIALOG_PATH_PICKED with this
window as ``ui_element`` (what pygame_gui's own file dialog posts), so the
scenes that used that dialog take this one unchanged.
"""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIScrollingContainer, UIWindow

from game.persistence.autosave import autosave_path
from game.persistence.listing import SaveSummary, final_positions, saves_in, summarise
from game.ui import palette as P
from game.ui.fonts import fit_text, shown, text
from game.ui.render.thumbnail import scenario_thumbnail

ROW_H = 96
THUMB = (132, 84)
DOUBLE_CLICK = 0.4  # seconds between two clicks on one row that load it
ROW_BG = (24, 36, 49)
ROW_SELECTED = (56, 84, 111)
ROW_EDGE = (60, 76, 92)
WARN = (240, 138, 106)
DIM = (154, 166, 178)


class SaveBrowser(UIWindow):
    """A window listing saved battles with their pictures and stories; Load, Other folder…, Cancel."""

    def __init__(
        self,
        rect: pygame.Rect,
        manager: pygame_gui.UIManager,
        rules: Any,
        ships: dict[str, Any],
        folder: Path,
        *,
        title: str = "Load a battle",
        include_autosave: bool = True,
    ) -> None:
        super().__init__(rect, manager, window_display_title=title, resizable=False, always_on_top=True)
        self.rules, self.ships = rules, ships
        self.include_autosave = include_autosave
        self.folder = folder
        self.summaries: list[SaveSummary] = []
        self.selected: int | None = None
        self._last_click: tuple[int, float] | None = None
        self._images: list[UIImage] = []
        self._pictures: dict[Path, Any] = {}  # path -> positions (or a reason), as the worker found them
        self._results: queue.Queue[tuple[Path, Any]] = queue.Queue()
        self._stop = threading.Event()
        self.other_dialog: pygame_gui.windows.UIFileDialog | None = None
        cw, ch = self.get_container().get_size()
        self.where = UILabel(pygame.Rect(10, 6, cw - 20, 22), "", manager, container=self,
                             object_id=pygame_gui.core.ObjectID(class_id="@caption"))
        self.scroller = UIScrollingContainer(pygame.Rect(6, 32, cw - 12, ch - 32 - 52), manager, container=self,
                                             allow_scroll_x=False)
        bw = 130
        self.load_button = UIButton(pygame.Rect(cw - 2 * bw - 16, ch - 44, bw, 36), "Load", manager, container=self,
                                    tool_tip_text="Load the chosen battle.  Key: Enter (or double-click a row)")
        self.cancel_button = UIButton(pygame.Rect(cw - bw - 8, ch - 44, bw, 36), "Cancel", manager, container=self,
                                      tool_tip_text="Close without loading.  Key: Escape")
        self.other_button = UIButton(pygame.Rect(8, ch - 44, 170, 36), "Other folder\u2026", manager,
                                     container=self, tool_tip_text="List the saves of another folder, or pick a file")
        self.list_folder(folder)

    # --- the list -----------------------------------------------------------------

    def list_folder(self, folder: Path) -> None:
        self.folder = folder
        paths = saves_in(folder)
        auto = autosave_path()
        if self.include_autosave and auto.is_file() and auto.parent != folder:
            paths.insert(0, auto)
        self.summaries = [summarise(p, self.rules, self.ships) for p in paths]
        self.where.set_text(shown(f"{folder}  \u00b7  {len(self.summaries)} saved battle(s)"))
        self.selected = next((i for i, s in enumerate(self.summaries) if not s.problem), None)
        self._build_rows()
        self._start_worker()

    def _build_rows(self) -> None:
        for img in self._images:
            img.kill()
        self._images = []
        width = int(self.scroller.get_container().get_size()[0]) - 4
        for i, summary in enumerate(self.summaries):
            surf = self._row_image(summary, width, i == self.selected)
            img = UIImage(pygame.Rect(2, 2 + i * (ROW_H + 4), width, ROW_H), surf, self.ui_manager,
                          container=self.scroller)
            self._images.append(img)
        if not self.summaries:
            surf = pygame.Surface((width, 60), pygame.SRCALPHA)
            surf.blit(text("No saved battles here. Save one in battle with Ctrl+S, or look in another folder.",
                           18, DIM), (10, 20))
            self._images.append(UIImage(pygame.Rect(2, 2, width, 60), surf, self.ui_manager, container=self.scroller))
        self.scroller.set_scrollable_area_dimensions((width, max(1, len(self.summaries)) * (ROW_H + 4) + 4))
        self._enable_load()

    def _enable_load(self) -> None:
        if self.selected is not None and not self.summaries[self.selected].problem:
            self.load_button.enable()
        else:
            self.load_button.disable()

    def _row_image(self, summary: SaveSummary, width: int, selected: bool) -> pygame.Surface:
        surf = pygame.Surface((width, ROW_H), pygame.SRCALPHA)
        r = surf.get_rect()
        pygame.draw.rect(surf, ROW_SELECTED if selected else ROW_BG, r, border_radius=6)
        pygame.draw.rect(surf, P.TABLE_EDGE if selected else ROW_EDGE, r, 2 if selected else 1, border_radius=6)
        thumb_at = (8, (ROW_H - THUMB[1]) // 2)
        positions = self._pictures.get(summary.path)
        if summary.scenario is not None:
            poses = positions if isinstance(positions, dict) else None
            surf.blit(scenario_thumbnail(summary.scenario, THUMB, self.rules, poses), thumb_at)
        else:
            pygame.draw.rect(surf, (14, 22, 32), pygame.Rect(thumb_at, THUMB))
        x = thumb_at[0] + THUMB[0] + 14
        tw = width - x - 10
        auto = summary.path == autosave_path()
        head = ("Autosave: " if auto else "") + summary.title
        surf.blit(fit_text(head, 22, (255, 246, 223), tw, True, shrink=0), (x, 8))
        if summary.problem:
            surf.blit(fit_text(f"Damaged: {summary.problem}", 16, WARN, tw, shrink=0), (x, 36))
        else:
            story = summary.progress() + (f"  \u00b7  options: {', '.join(summary.options)}" if summary.options else "")
            surf.blit(fit_text(story[:1].upper() + story[1:], 17, (230, 199, 122), tw, shrink=0), (x, 34))
            sx = x
            for k, (name, kind, colour) in enumerate(summary.sides()):
                if k:
                    vs = text(" v ", 16, DIM)
                    surf.blit(vs, (sx, 57))
                    sx += vs.get_width()
                pygame.draw.rect(surf, colour, pygame.Rect(sx, 61, 10, 10))
                words = fit_text(f"{name} ({kind})", 16, P.TEXT, max(40, x + tw - sx - 14), shrink=0)
                surf.blit(words, (sx + 14, 57))
                sx += 14 + words.get_width()
        when = summary.modified.strftime("%d %b %Y %H:%M")
        surf.blit(fit_text(f"saved {when}  \u00b7  {summary.path.name}", 14, DIM, tw, shrink=0), (x, 76))
        return surf

    def _refresh_row(self, i: int) -> None:
        if 0 <= i < len(self.summaries) and i < len(self._images):
            img = self._images[i]
            img.set_image(self._row_image(self.summaries[i], img.rect.width, i == self.selected))

    def select(self, i: int) -> None:
        if not self.summaries:
            return
        i = max(0, min(len(self.summaries) - 1, i))
        old, self.selected = self.selected, i
        if old is not None:
            self._refresh_row(old)
        self._refresh_row(i)
        self._enable_load()
        self._scroll_to(i)

    def _scroll_to(self, i: int) -> None:
        bar = self.scroller.vert_scroll_bar
        if bar is None:
            return
        view_h = self.scroller.rect.height
        top = i * (ROW_H + 4)
        total = max(1, len(self.summaries) * (ROW_H + 4) + 4)
        shown_top = bar.start_percentage * total
        if top < shown_top or top + ROW_H > shown_top + view_h:
            bar.set_scroll_from_start_percentage(min(1.0, max(0.0, (top - 4) / total)))

    def choose(self) -> None:
        """Load the selected save: post the file dialog's event with its path, and close."""
        if self.selected is None or self.summaries[self.selected].problem:
            return
        self._post(self.summaries[self.selected].path)

    def _post(self, path: Path) -> None:
        pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                             {"text": str(path), "ui_element": self, "ui_object_id": "#load"}))
        self.kill()

    # --- the pictures ----------------------------------------------------------------

    def _start_worker(self) -> None:
        self._stop.set()
        self._stop = threading.Event()
        todo = [s.path for s in self.summaries if s.scenario is not None and s.path not in self._pictures]
        stop, results, rules, ships = self._stop, self._results, self.rules, self.ships

        def work() -> None:
            for path in todo:
                if stop.is_set():
                    return
                results.put((path, final_positions(path, rules, ships)))

        if todo:
            threading.Thread(target=work, name="save-pictures", daemon=True).start()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        while True:
            try:
                path, got = self._results.get_nowait()
            except queue.Empty:
                break
            self._pictures[path] = got
            for i, s in enumerate(self.summaries):
                if s.path == path:
                    if isinstance(got, str) and not s.problem:
                        s.problem = got.removeprefix(f"{path}: ")  # it does not replay: say so before a load fails
                        self._enable_load()
                    self._refresh_row(i)

    def kill(self) -> None:
        self._stop.set()
        if self.other_dialog is not None:
            self.other_dialog.kill()
        super().kill()

    # --- input ----------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.load_button:
                self.choose()
                return True
            if event.ui_element is self.cancel_button:
                self.kill()
                return True
            if event.ui_element is self.other_button:
                self._open_other()
                return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.other_dialog:
            self.other_dialog = None
            picked = Path(event.text)
            if picked.is_dir():
                self.list_folder(picked)
            else:
                self._post(picked)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                now = time.monotonic()
                last = self._last_click
                again = last is not None and last[0] == i and now - last[1] < DOUBLE_CLICK
                self.select(i)
                self._last_click = (i, now)
                if again:
                    self.choose()
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose()
                return True
            if event.key == pygame.K_ESCAPE:
                self.kill()
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP) and self.summaries:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.select((self.selected if self.selected is not None else -step) + step)
                return True
        return super().process_event(event)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under a screen point, if it is in the list's visible part."""
        view = pygame.Rect(self.scroller.get_abs_rect())
        if not view.collidepoint(pos):
            return None
        for i, img in enumerate(self._images[: len(self.summaries)]):
            if pygame.Rect(img.get_abs_rect()).collidepoint(pos):
                return i
        return None

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self._images[i].get_abs_rect())

    def _open_other(self) -> None:
        if self.other_dialog is not None and self.other_dialog.alive():
            return
        w, h = self.ui_manager.window_resolution
        rect = pygame.Rect(0, 0, min(640, w - 40), min(500, h - 40))
        rect.center = (w // 2, h // 2)
        self.other_dialog = pygame_gui.windows.UIFileDialog(
            rect, self.ui_manager, window_title="Another folder, or a save file", initial_file_path=str(self.folder),
            allow_existing_files_only=True, allow_picking_directories=True, always_on_top=True,
        )
        delete = getattr(self.other_dialog, "delete_button", None)
        if delete is not None:
            delete.hide()  # nothing is deleted from a game's load window

