"""The action panel offers whatever options a rule system gives, knowing no rule book."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import ClassVar

import pygame

from game.content.load import load_default
from game.systems.base import Command, Control, Option, Variant
from game.systems.btq21.commands import COMMAND_TYPES, OPTION_COMMANDS
from game.ui.panels.actions import COMMIT, ROW_H, Action, LayTape, actions_for, arrange, key_code

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


def _act(label: str, group: str, stem: str = "") -> Action:
    return Action(label, label, partial(str, label), group=group, stem=stem)


def _by_chars(words: str, caption: bool) -> int:
    return 7 * len(words) + (2 if caption else 12)


def test_groups_come_in_the_rule_systems_order_each_titled_with_its_buttons_beside_it():
    acts = [_act("Tack", "special"), _act("Fire port at X: hull", "fire", "Fire port at X"),
            _act("Fire port at X: rigging", "fire", "Fire port at X"), _act("Sail this segment", "move")]
    shown, placed, height = arrange(acts, (("move", "Move"), ("fire", "Fire"), ("special", "Special")), 380, _by_chars)
    assert [a.label for a in shown] == ["Sail this segment", "Fire port at X: hull", "Fire port at X: rigging", "Tack"]
    rows = sorted({p.rect.y for p in placed})
    assert len(rows) == 3 and height == 3 * ROW_H
    fire_row = [p.text for p in placed if p.rect.y == rows[1]]
    assert fire_row == ["Fire", "port at X", "2  hull", "3  rigging"]  # the title, the shared words, then the variants


def test_a_variant_whose_words_are_the_options_own_needs_no_label_beside_it():
    acts = [_act("Fight fires", "special", "Fight fires"), _act("Fight fires — All Hands", "special", "Fight fires")]
    _, placed, _ = arrange(acts, (("special", "Special"),), 380, _by_chars)
    assert [p.text for p in placed] == ["Special", "1  Fight fires", "2  All Hands"]


def test_buttons_wrap_within_the_width_and_never_overlap():
    acts = [_act(f"Signal number {n}", "signals") for n in range(12)]
    _, placed, height = arrange(acts, (), 300, _by_chars)
    buttons = [p.rect for p in placed if p.action is not None]
    assert all(r.right <= 300 for r in buttons)
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert height >= max(r.bottom for r in buttons)
    assert [p.text for p in placed][0] == "Signals"  # a group the rule system does not list: titled by its name


def _busy_position(tmp_path, need: int = 14) -> Path:
    """A squadron battle played by the scripted players up to a decision with ``need`` actions, saved for a human."""
    from game.ai import make_player
    from game.content.load import load_scenario, scenario_path
    from game.persistence.save import write_save
    from game.persistence.session import Session
    from game.selfplay import _submit_one

    rules, ships = load_default()
    scenario = load_scenario(scenario_path("squadron"), ships, rules)
    players = {side.id: "scripted" for side in scenario.sides}
    session = Session(scenario, rules, 3, dict(players), {})
    agents = {side: make_player(kind, 3, side) for side, kind in players.items()}
    while len(actions_for(session.legal(), None, None)) < need:
        assert not session.over, "the battle ended before a busy decision"
        opts = session.legal()
        _submit_one(session, agents[session.side_of(opts)], opts, 3)
    session.players[session.side_to_move()] = "human"
    path = tmp_path / "busy.yaml"
    write_save(path, session)
    return path


def _shown_whole(app, scene) -> list[str]:
    """The action buttons lying wholly inside the panel as it is drawn."""
    panel = scene.actions.scroll.get_abs_rect()
    return [b.text for b in scene.actions.buttons if panel.contains(b.get_abs_rect())]


def test_every_action_of_a_busy_activation_fits_at_1280x720_without_scrolling(tmp_path):
    from tests.ui.driver import frames, make_app

    app = make_app((1280, 720))
    assert app.load_game(_busy_position(tmp_path)) is None
    scene = app.scene
    frames(app, 3)
    assert len(scene.actions.actions) >= 14
    assert scene.actions.needed <= scene.actions.rect.height
    assert len(_shown_whole(app, scene)) == len(scene.actions.actions)
    assert scene.actions.rect.bottom <= scene.log.rect.top and scene.card_rect.bottom <= scene.actions.rect.top


def test_a_list_scrolled_down_comes_back_to_the_top_when_it_changes(tmp_path):
    import pygame_gui

    from tests.ui.driver import frames, make_app

    app = make_app((1024, 600))  # too short for all of them: the panel scrolls
    assert app.load_game(_busy_position(tmp_path)) is None
    scene = app.scene
    frames(app, 3)
    bar = scene.actions.scroll.vert_scroll_bar
    assert scene.actions.needed > scene.actions.rect.height and bar is not None
    bar.set_scroll_from_start_percentage(1.0)  # the player scrolls to the bottom
    frames(app, 2)
    assert scene.actions.scroll.scrollable_container.relative_rect.top < 0
    first = scene.actions.actions[0].label
    scene.do(next(a for a in scene.actions.actions if "Make sail" in a.label or "Take in" in a.label))
    frames(app, 3)
    assert scene.actions.actions and scene.actions.scroll.scrollable_container.relative_rect.top == 0
    assert any(t.endswith(scene.actions.actions[0].label) for t in _shown_whole(app, scene)), first
    assert isinstance(next(iter(scene.actions.buttons)), pygame_gui.elements.UIButton)
