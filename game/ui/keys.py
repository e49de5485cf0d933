"""The keys of the battle window, for the Keys page of the rules reference (F1).

The table's own keys are listed here; the keys of commands are the rule
system's (``RuleSystem.shortcuts``), since the window knows no command.
"""

from __future__ import annotations

from game.systems.base import RuleSystem
from game.systems.reference_text import body, esc, heading

#: The table's keys, whatever the rules: (keys, what they do).
TABLE_KEYS: tuple[tuple[str, str], ...] = (
    ("Enter", "commit the planned move; activate the selected ship; dismiss the hand-over"),
    ("Backspace", "take back the planned segment, or the last command that rolled no dice"),
    ("W / S", "lengthen / shorten the tape by 0.1\" (hold Shift: 1\")"),
    ("End", "lay the tape out to the full distance"),
    ("A / D", "turn 1° to port / starboard (hold Shift: 5°)"),
    ("1 … 9", "press the action buttons in the panel, top first"),
    ("Tab", "select the next ship that may act"),
    ("M", "free measuring tape (drag between two points)"),
    ("G", "6\" grid"),
    ("Home", "fit the table"),
    ("Arrows, right drag", "pan; the wheel zooms"),
    ("Space", "skip the dice and animations"),
    ("Ctrl+S / Ctrl+O", "save / load"),
    ("F1", "this reference"),
    ("F11 / F12", "fullscreen / screenshot"),
    ("Esc", "cancel the tool or plan, or back out"),
    ("R / E (battle over)", "the after-action report / export it as .png and .html"),
)


def keys_section(system: RuleSystem) -> tuple[str, str]:
    """The Keys page: the table's keys, then the keys of the rule system's commands."""
    return (
        "Keys",
        body(
            heading("At the table"),
            _lines(TABLE_KEYS),
            heading(f"Commands ({system.title})"),
            _lines(system.shortcuts()) or "<i>This rule system gives its commands no keys.</i>",
        ),
    )


def _lines(keys: tuple[tuple[str, str], ...]) -> str:
    return "<br>".join(f"<b>{esc(k)}</b> \u2014 {esc(what)}" for k, what in keys)
