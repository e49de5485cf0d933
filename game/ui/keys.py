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
    ("L", "the legend: what every mark on the table and the card means"),
    ("V", "every ship's firing arcs, or only the ship in hand's"),
    ("O", "the camera follows the action (glides to the ship activated), or stays put"),
    ("Home", "fit the table"),
    ("Arrows, right drag", "pan; the wheel zooms"),
    ("Space", "skip the dice and animations"),
    ("P", "pin the roll in the dice tray (again: release it); click a recent roll above the tray to pin it"),
    ("Ctrl+S / Ctrl+O", "save / load"),
    ("T (a game between two computers)", "chat: type a line under the log, Enter sends it, Esc puts it away"),
    ("F6 / F7 (an e-mail game)", "write your turn file / open your opponent's"),
    ("F1", "this reference"),
    ("F11 / F12", "fullscreen / screenshot"),
    ("Esc", "cancel the tool or plan, or back out"),
    ("R / E (battle over)", "the after-action report / export it as .png and .html"),
)


#: The replay viewer's keys (its buttons name them too: game.ui.panels.replay_controls).
REPLAY_KEYS: tuple[tuple[str, str], ...] = (
    ("Space", "play / pause"),
    ("Left / Right", "one command back / on"),
    ("Shift+Left / Shift+Right", "one activation back / on"),
    ("PageUp / PageDown", "one turn back / on"),
    ("Home / End", "the start / the end of the battle"),
    ("+ / -", "play faster / slower (0.5\u00d7 to 8\u00d7)"),
    ("T", "take command from here: play on as a new battle"),
    ("Click, drag the timeline", "go to any point; hover a block to see whose activation it was"),
    ("F", "fit the table"),
    ("M, G, Tab, L", "measuring tape, 6\" grid, next ship's card, the legend"),
    ("Esc", "put the tape away, drop the card, or leave the replay"),
)


def keys_section(system: RuleSystem) -> tuple[str, str]:
    """The Keys page: the table's keys, then the keys of the rule system's commands, then the replay's."""
    return (
        "Keys",
        body(
            heading("At the table"),
            _lines(TABLE_KEYS),
            heading(f"Commands ({system.title})"),
            _lines(system.shortcuts()) or "<i>This rule system gives its commands no keys.</i>",
            heading("Watching a replay"),
            _lines(REPLAY_KEYS),
        ),
    )


def _lines(keys: tuple[tuple[str, str], ...]) -> str:
    return "<br>".join(f"<b>{esc(k)}</b> \u2014 {esc(what)}" for k, what in keys)
