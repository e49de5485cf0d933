"""The markup a rule system writes its rules reference in, for the window to show.

A reference is a list of (title, body) sections.  Titles are plain text;
bodies use only the subset of HTML that pygame_gui's text box understands
(``<b>``, ``<i>``, ``<u>``, ``<br>``, ``<font color=... size=...>``,
``<font face=... pixel_size=...>``).  Tables are space-padded text lines in a
monospaced face, where they line up exactly.  Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

#: Colour of the small headings inside a section.
HEADING_COLOUR = "#f0d890"

#: Tables are set in pygame_gui's bundled monospaced face: in Noto Sans the space-padded columns
#: wander by a letter or two a row (seen in the window: "Crew" numbers under "Rigging").
TABLE_FACE = "fira_code_symbols"
TABLE_PIXELS = 14


def esc(text: Any) -> str:
    """Escape text for pygame_gui's HTML (only &, < and > are special)."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def heading(text: str) -> str:
    return f"<font color='{HEADING_COLOUR}'><b>{esc(text)}</b></font>"


def para(*sentences: str) -> str:
    """Already-escaped sentences joined into one paragraph."""
    return " ".join(s for s in sentences if s)


def table(header: Sequence[str], rows: Iterable[Sequence[str]], align: str = "") -> str:
    """Space-padded columns, header in bold.

    ``align`` gives 'l' or 'r' per column; by default the first column (names)
    is left-aligned and the rest (numbers) right-aligned, so digits line up.
    """
    cells = [[str(c) for c in r] for r in rows]
    head = [str(c) for c in header]
    widths = [max(len(r[i]) for r in [head, *cells]) for i in range(len(head))]
    align = align or "l" + "r" * (len(head) - 1)

    def line(row: Sequence[str]) -> str:
        padded = [
            c.ljust(w) if align[i : i + 1] != "r" else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        return esc("   ".join(padded).rstrip())

    lines = "<br>".join([f"<b>{line(head)}</b>", *(line(r) for r in cells)])
    return f"<font face='{TABLE_FACE}' pixel_size={TABLE_PIXELS}>{lines}</font>"


def body(*blocks: str) -> str:
    """Blocks (paragraphs, headings, tables) separated by a blank line."""
    return "<br><br>".join(b for b in blocks if b)
