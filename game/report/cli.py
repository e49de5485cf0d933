"""``python main.py --report FILE [--out PATH]``: a battle's after-action report from a save or a log.

FILE is a save (``.yaml``/``.yml``: its commands are replayed, every state
hash checked) or a battle log (JSON lines, as ``--log`` and the end screen's
"Save battle log" write it).  ``--out`` ending in ``.html`` or ``.png`` writes
that one file; ``--out`` naming a folder writes both there; without ``--out``
both go next to FILE as ``<FILE's name>-report.png`` and ``-report.html``.
The paths written are printed, one a line; a file that cannot be read or
written is one line on standard error and exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from game.report.account import AccountError
from game.report.export import HTML, PNG, ExportError, export
from game.report.reading import ReportInputError
from game.report.sources import from_file


def targets(source: str, out: str | None) -> tuple[Path | None, Path | None]:
    """The PNG and HTML files to write (None: not that one); ValueError naming what is wrong with ``out``."""
    src = Path(source)
    if out is None:
        stem = src.name[: -len(src.suffix)] if src.suffix else src.name
        return src.with_name(f"{stem}-report{PNG}"), src.with_name(f"{stem}-report{HTML}")
    target = Path(out)
    if target.is_dir():
        stem = src.name[: -len(src.suffix)] if src.suffix else src.name
        return target / f"{stem}-report{PNG}", target / f"{stem}-report{HTML}"
    suffix = target.suffix.lower()
    if suffix == PNG:
        return target, None
    if suffix in (HTML, ".htm"):
        return None, target
    raise ValueError(f"--out {out}: give a file ending in .png or .html, or a folder for both")


def run(source: str, out: str | None, house_rules: str | None = None, stdout: TextIO | None = None) -> int:
    """Write the report; 0, or 2 with one line on standard error saying why not."""
    stdout = stdout or sys.stdout
    try:
        png, html = targets(source, out)
        battle = from_file(source, house_rules)
        written = export(battle, png, html)
    except AccountError as e:
        print(f"error: {source}: {e}", file=sys.stderr)
        return 2
    except (ReportInputError, ExportError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for path in written:
        print(path, file=stdout)
    return 0
