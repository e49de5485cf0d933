"""How big the window's words and panels are drawn: the UI scale.

The window is laid out in "design pixels", the pixels of a 1600x900 window;
``px`` turns a design size into screen pixels at the scale in force.  On a
bigger screen (a 4K one, say) the scale grows so the words stay readable and
the card and buttons keep their share of the window, while the table itself
keeps every pixel of the screen for the painted ships.  The player chooses
the scale in the settings, or lets it follow the window ("auto").

The scale is one number for the whole window, set by the app when the window
opens, is resized, or the setting changes (``App.apply_scale``).
"""

from __future__ import annotations

import pygame

#: The settings' choices: "auto", or a percentage.
CHOICES = ("auto", "100", "125", "150", "175", "200", "250", "300")
#: The window the layout was drawn for, and the smallest it still works in.
DESIGN = (1600, 900)
SMALLEST = (960, 600)
LARGEST = 3.0

_factor = 1.0


def factor() -> float:
    return _factor


def px(v: float) -> int:
    """A design size in screen pixels at the scale in force (never 0 for a size that is not 0)."""
    if v == 0:
        return 0
    out = round(v * _factor)
    return out if out != 0 else (1 if v > 0 else -1)


def set_factor(f: float) -> bool:
    """Set the scale; whether it changed."""
    global _factor
    f = max(1.0, min(LARGEST, float(f)))
    changed = abs(f - _factor) > 1e-9
    _factor = f
    return changed


def auto_factor(size: tuple[int, int]) -> float:
    """The scale a window of ``size`` wants: 1 up to a little above 1600x900, then in quarter steps.

    Smaller windows keep 1 (their layouts give way instead: the card shrinks, the log keeps its lines),
    since words any smaller would not be read.
    """
    f = min(size[0] / DESIGN[0], size[1] / DESIGN[1])
    if f < 1.15:
        return 1.0
    return min(LARGEST, round(f * 4) / 4)


def chosen(setting: str, size: tuple[int, int]) -> float:
    """The scale for the setting's value ("auto" or a percentage) in a window of ``size``.

    A percentage too big for the window is cut to what still leaves the layout its smallest window
    (a 1600x900 window at 300% would be laid out as if it were 533x300).
    """
    if setting == "auto" or setting not in CHOICES:
        return auto_factor(size)
    room = max(1.0, min(size[0] / SMALLEST[0], size[1] / SMALLEST[1]))
    return min(int(setting) / 100, room)


def label(setting: str) -> str:
    return "Automatic (follows the window)" if setting == "auto" else f"{setting}%"


def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    """A rect given in design pixels, in screen pixels at the scale in force (for laying out widgets)."""
    return pygame.Rect(px(x), px(y), px(w), px(h))


def design(size: tuple[float, float]) -> tuple[int, int]:
    """A size in screen pixels, in design pixels: panels are laid out in design pixels, then drawn by ``rect``."""
    return int(size[0] / _factor), int(size[1] / _factor)
