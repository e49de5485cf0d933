"""The look of the window's widgets (assets/theme.json), at the UI scale in force.

pygame_gui reads its fonts and a few sizes from the theme; at a UI scale
above 1 every font size and those sizes are multiplied, and the widget kinds
that take pygame_gui's default font are given it at the scaled size, so a
button's words grow with the button.  At scale 1 the theme is the file's.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.ui.scale import factor, px

THEME = Path(__file__).resolve().parents[2] / "assets" / "theme.json"
#: pygame_gui's own font and size for widgets the theme gives none.
DEFAULT_FONT = {"name": "noto_sans", "size": "14"}
#: Widget kinds that would take the default font.
KINDS = ("button", "label", "text_box", "text_entry_line", "drop_down_menu", "selection_list", "window",
         "tool_tip", "horizontal_slider")
#: Sizes under "misc" that grow with the words.
MISC_SIZES = ("list_item_height", "rect_width", "title_bar_height", "text_horiz_alignment_padding",
              "shape_corner_radius")


@lru_cache(maxsize=1)
def _file() -> dict[str, Any]:
    try:
        data = json.loads(THEME.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def theme() -> dict[str, Any]:
    """The theme at the scale in force."""
    data = copy.deepcopy(_file())
    if factor() == 1.0:
        return data
    for kind in KINDS:
        block = data.setdefault(kind, {})
        block.setdefault("font", dict(DEFAULT_FONT))
    for block in data.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and str(font.get("size", "")).isdigit():
            font["size"] = str(px(int(font["size"])))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in MISC_SIZES:
                if str(misc.get(key, "")).isdigit():
                    misc[key] = str(px(int(misc[key])))
    return data
