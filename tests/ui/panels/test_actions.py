"""The action panel offers whatever options a rule system gives, knowing no rule book."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pygame

from game.content.load import load_default
from game.systems.base import Command, Control, Option, Variant
from game.systems.btq21.commands import COMMAND_TYPES, OPTION_COMMANDS
from game.ui.panels.actions import COMMIT, LayTape, actions_for, key_code

UI = Path(__file__).resolve().parents[3] / "game" / "ui"



@dataclass(frozen=True)
class HoistSignal(Command):
    """A command no rule system of ours has: the panel must offer it all the same."""

    type: ClassVar[str] = "hoist_signal"
    ship: str
    flags: str = "engage"


@dataclass(frozen=True)
class _Lunge(Command):
    type: ClassVar[str] = "lunge"
    ship: str
    distance: float


def test_an_option_of_a_kind_the_window_has_never_seen_becomes_a_button_with_its_words_and_key():
    opt = Option("hoist_signal", "victory", make=HoistSignal, label="Hoist a signal", help="Signal the fleet", key="g",
                 variants=(Variant({"flags": "engage"}, "Engage the enemy more closely", "Signal 16", "g"),))
    (act,) = actions_for([opt], None, None)
    assert act.label == "Engage the enemy more closely"
    assert act.tip == "Signal 16 (key G)" and act.key == pygame.K_g
    assert act.make() == HoistSignal("victory", "engage")


def test_a_tape_option_commits_the_tape_when_laid_for_it_and_lays_it_otherwise():
    ahead = Option("sail", "a", ranges={"distance": (1.0, 4.0)}, control=Control.TAPE, label="Sail it", key="return",
                   lay_label="Sail ahead instead", lay_key="x")
    astern = Option("back", "a", ranges={"distance": (0.0, 2.0)}, control=Control.TAPE, measure="astern",
                    label="Back her", key="return", lay_label="Back clear", lay_key="x")
    laid_ahead = actions_for([ahead, astern], "sail", 2.0)
    assert [(a.label, a.make()) for a in laid_ahead] == [("Sail it", COMMIT), ("Back clear", LayTape("back"))]
    laid_astern = actions_for([ahead, astern], "back", 1.0)
    assert [(a.label, a.make()) for a in laid_astern] == [("Sail ahead instead", LayTape("sail")), ("Back her", COMMIT)]


def test_a_button_that_takes_the_tape_distance_is_clamped_to_its_range_and_says_it():
    opt = Option("lunge", "a", ranges={"distance": (1.0, 3.0)}, make=_Lunge,
                 control=Control.TAPE_DISTANCE, variants=(Variant({}, "Lunge {distance}"),))
    assert [a.label for a in actions_for([opt], "sail", 5.0)] == ['Lunge 3.0"']
    assert actions_for([opt], "sail", 0.2)[0].make() == _Lunge("a", 1.0)
    assert actions_for([opt], None, None)[0].label == 'Lunge 3.0"'  # nothing measured: as far as she may


def test_key_names_the_window_does_not_know_give_no_key():
    assert key_code("") is None and key_code("no such key") is None and key_code("return") == pygame.K_RETURN


def test_the_window_names_no_command_or_option_of_the_rule_book():
    rules, _ = load_default()
    # "load" is also the window's own word for opening a saved battle; the shot option's load is not in it
    named = (set(COMMAND_TYPES) | set(OPTION_COMMANDS) | set(rules.options)) - {"load"}
    words = "|".join(sorted(named, key=len, reverse=True))
    pattern = re.compile(rf"[\"']({words})[\"']")
    found = []
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(UI).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []
