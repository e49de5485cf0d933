"""Writing a report: the one-image PNG and the self-contained HTML page, where the player asked.

Each file is made whole in memory and written at once (game.files.write_atomic),
so a report cut short by a full disk leaves no half a file behind.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from game.files import free_names, write_atomic
from game.report import compose
from game.report.build import build_report
from game.report.page import html_page
from game.report.sources import Battle

PNG, HTML = ".png", ".html"


def numbered(folder: Path, stem: str) -> tuple[Path, Path]:
    """``<folder>/<stem>.png`` and ``.html``, numbered ``-2``, ``-3`` ... if either name is taken."""
    png, html = free_names(folder, stem, (PNG, HTML))
    return png, html


def report_paths(folder: Path, scenario: str, stamp: str | None = None) -> tuple[Path, Path]:
    """Where the window exports a report: ``<folder>/<scenario>-report-<timestamp>.png`` and ``.html``."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in scenario)[:40] or "battle"
    return numbered(folder, f"{safe}-report-{stamp or time.strftime('%Y%m%d-%H%M%S')}")


class ExportError(OSError):
    """A report that could not be written; ``str()`` is one line naming the file."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "report not written"


def _write(path: str | os.PathLike[str], data: bytes) -> None:
    try:
        write_atomic(path, data)
    except OSError as e:
        raise ExportError(f"{os.fspath(path)}: {e}") from None


def write(png_path: Path | None, png: bytes, html_path: Path | None, html: bytes) -> list[Path]:
    """Write what was drawn where asked; the paths written.  ExportError names a file that could not be written."""
    written = []
    for path, data in ((png_path, png), (html_path, html)):
        if path is not None:
            _write(path, data)
            written.append(path)
    return written


def export(battle: Battle, png: Path | None, html: Path | None) -> list[Path]:
    """Draw the battle's report and write it to ``png`` and/or ``html``; the paths written.

    ExportError (an OSError) names the file that could not be written; AccountError if the events are no battle.
    """
    report = build_report(battle)
    picture = compose.png_bytes(compose.figure(report)) if png is not None else b""
    page = html_page(report).encode("utf-8") if html is not None else b""
    return write(png, picture, html, page)
