"""The replay viewer, driven as a player would: the timeline, the keys, play, the dice, taking command."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.content.load import load_scenario, scenario_path
from game.persistence.save import load_save, read_save, write_save
from game.persistence.session import Session
from game.selfplay import play
from game.ui import palette as P
from game.ui.keys import keys_section
from game.ui.scale import px
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.replay import ReplayScene
from tests.ui.driver import buttons, click, drag, frames, key, make_app, move_to, press_button

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app():
    a = make_app()
    pygame.event.clear()
    yield a
    while a.scenes:
        a.pop()


@pytest.fixture(scope="module")
def played() -> Session:
    from game.content.load import load_default

    rules, ships = load_default()
    sc = load_scenario(scenario_path("duel"), ships, rules)
    session = play(sc, rules, 5, {s.id: "scripted" for s in sc.sides}).session
    assert session.over and len(session.steps) > 40
    return session


@pytest.fixture
def save(played, tmp_path) -> Path:
    path = tmp_path / "duel-5.yaml"
    write_save(path, played)
    return path


def wait_for(app, condition, seconds: float = 30.0) -> None:
    """Step frames until ``condition()`` (work on a worker thread takes a moment)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        frames(app)
        time.sleep(0.002)


def watch(app, path) -> ReplayScene:
    """Open the viewer on a save the way the menu does: read and replayed on a worker, with progress."""
    said: list[str] = []
    app.back_to_menu()
    app.watch_replay(path, said.append)
    wait_for(app, lambda: isinstance(app.scene, ReplayScene) or said)
    assert not said, said
    return app.scene


def _rolls(scene, n: int):
    """The dice the n-th command rolled (0-based), as the tray shows them."""
    s = scene.session
    events = s.events[s.events_at(n) : s.events_at(n + 1)]
    return [r for r in (s.system.dice_roll(e, scene.names) for e in events) if r is not None]


# --- where the table stands ----------------------------------------------------------------------


def test_a_click_on_the_timeline_shows_exactly_the_state_the_save_recorded_there(app, save):
    scene = watch(app, save)
    hashes = read_save(save)["hashes"]
    assert scene.point == 0 and scene.state.state_hash() == scene.session.hash_at(0)
    for k in (1, 17, len(hashes) // 2, len(hashes) - 3):
        bar = scene.bar
        click(app, (round(bar.x_of(k)), bar.bar.centery))
        assert scene.point == k
        assert scene.state.state_hash() == hashes[k - 1]
    start, end = scene.bar.x_of(3), scene.bar.x_of(len(hashes) - 1)
    drag(app, (round(start), scene.bar.bar.centery), (round(end), scene.bar.bar.centery))
    assert scene.point == len(hashes) - 1 and scene.state.state_hash() == hashes[-2]


def test_the_keys_step_by_command_activation_and_turn(app, save):
    scene = watch(app, save)
    tl = scene.timeline
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.point == 2
    key(app, pygame.K_LEFT)
    assert scene.point == 1
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    second = tl.activations[1].first
    assert scene.point == second  # the end of the first activation is the start of the second
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.point == tl.activations[2].first
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert scene.point == second
    key(app, pygame.K_PAGEDOWN)
    assert scene.point == tl.turns[1].first and scene.state.turn == tl.turns[1].turn == 2
    key(app, pygame.K_PAGEDOWN)
    assert scene.state.turn == 3
    key(app, pygame.K_PAGEUP)
    assert scene.point == tl.turns[1].first
    key(app, pygame.K_END)
    assert scene.point == tl.total and scene.state.state_hash() == scene.session.state.state_hash()
    key(app, pygame.K_RIGHT)
    assert scene.point == tl.total  # nothing beyond the end
    key(app, pygame.K_HOME)
    assert scene.point == 0
    key(app, pygame.K_LEFT)
    assert scene.point == 0


def test_the_buttons_do_what_their_keys_do_and_name_them(app, save):
    scene = watch(app, save)
    press_button(app, "Step \u203a")
    press_button(app, "Step \u203a")
    assert scene.point == 2
    press_button(app, "\u2039 Step")
    assert scene.point == 1
    press_button(app, "Turn \u00bb")
    assert scene.point == scene.timeline.turns[1].first
    press_button(app, "End")
    assert scene.point == scene.timeline.total
    for name, b in scene.controls.buttons.items():
        tip = b.tool_tip_text or ""
        assert "Key:" in tip or name == "branch", (name, tip)  # at the end, Take command says why not instead
    assert "over at this point" in scene.controls.buttons["branch"].tool_tip_text
    assert not scene.controls.buttons["branch"].is_enabled
    press_button(app, "Start")
    assert scene.point == 0
    assert scene.controls.buttons["branch"].tool_tip_text.endswith("Key: T")


def test_hovering_the_timeline_names_the_ship_and_the_turn(app, save):
    scene = watch(app, save)
    bar = scene.bar
    third = scene.timeline.activations[2]
    x = round((bar.x_of(third.first) + bar.x_of(third.end)) / 2)
    move_to(app, (x, bar.bar.centery))
    assert bar.span_at((x, bar.bar.centery)) == third
    words = bar.describe(third)
    assert words.startswith(f"Turn {third.turn} \u00b7 ") and scene.names[third.ship] in words


def test_the_log_shows_the_narration_up_to_the_point_and_marks_the_newest_lines(app, save):
    scene = watch(app, save)
    s = scene.session
    k = next(i for i in range(5, len(s.steps)) if s.steps[i].command.type == "fire") + 1
    scene.jump(k)
    said = [s.system.describe(e, scene.names) for e in s.events[: s.events_at(k)]]
    assert scene.log.lines == [line for line in said if line][-len(scene.log.lines) :]
    newest = [s.system.describe(e, scene.names) for e in s.events[s.events_at(k - 1) : s.events_at(k)]]
    assert any(newest) and scene.log.lines[-1] == [line for line in newest if line][-1]
    assert scene.log.marked_rows >= len([line for line in newest if line])
    frames(app)
    scene.jump(2)  # back again: the log is cut back to the point
    assert len(scene.log.lines) < len([line for line in said if line])


# --- playing -------------------------------------------------------------------------------------


def _played_for(app, scene, frame_count: int, dt: float, speed_presses: int) -> int:
    scene.jump(0)
    while scene.playback.speed != 1.0:
        scene.playback.slower() if scene.playback.speed > 1 else scene.playback.faster()
    for _ in range(speed_presses):
        key(app, pygame.K_PLUS)
    scene.jump(0)
    key(app, pygame.K_SPACE)
    assert scene.playback.playing
    for _ in range(frame_count):
        app.step(dt)
    key(app, pygame.K_SPACE)
    assert not scene.playback.playing
    return scene.point


def test_play_goes_on_with_time_at_the_chosen_speed(app, save):
    scene = watch(app, save)
    at_1x = _played_for(app, scene, 240, 1 / 60, 0)  # four seconds at 1x
    assert 3 <= at_1x < scene.timeline.total
    assert scene.playback.speed == 1.0
    at_4x = _played_for(app, scene, 240, 1 / 240, 2)  # one second at 4x: the same show, four times as fast
    assert scene.playback.speed == 4.0
    assert abs(at_4x - at_1x) <= 1
    quarter = _played_for(app, scene, 60, 1 / 60, 2)  # one second at 4x in the window's own frames
    assert at_1x - 2 <= quarter <= at_1x  # (a frame's rounding at each command's end, no more)
    longer = _played_for(app, scene, 240, 1 / 60, 2)  # four seconds at 4x
    assert longer > at_1x + 3
    paused = scene.point
    frames(app, 60)
    assert scene.point == paused  # paused: nothing moves on


def test_the_speed_runs_from_half_to_eight_times(app, save):
    scene = watch(app, save)
    for _ in range(6):
        key(app, pygame.K_MINUS)
    assert scene.playback.speed == 0.5 and not scene.controls.buttons["slower"].is_enabled
    for _ in range(6):
        key(app, pygame.K_EQUALS)
    assert scene.playback.speed == 8.0 and not scene.controls.buttons["faster"].is_enabled
    assert scene.controls.speed_text == "8\u00d7"


def test_playing_sails_the_ships_and_rolls_the_dice_in_the_tray(app, save):
    scene = watch(app, save)
    s = scene.session
    k = next(i for i in range(len(s.steps)) if s.steps[i].command.type == "fire" and _rolls(scene, i))
    scene.jump(k)
    key(app, pygame.K_RIGHT)
    assert scene.point == k + 1
    assert scene.tray.current == _rolls(scene, k)[0]  # the first roll of the broadside, tumbling
    move = next(i for i in range(len(s.steps)) if s.steps[i].command.type == "move")
    scene.jump(move)
    ship = s.steps[move].command.ship
    key(app, pygame.K_RIGHT)
    assert scene.anim.busy and scene.anim.pose(ship) != scene.state.ships[ship].pose  # gliding there
    frames(app, 60)
    assert not scene.anim.busy
    scene.jump(k + 1)  # a jump shows the activation's last roll, settled
    assert scene.tray.current == _rolls(scene, k)[-1] and scene.tray.settled


def test_play_stops_at_the_end_and_plays_again_from_the_start(app, save):
    scene = watch(app, save)
    scene.jump(scene.timeline.total - 1)
    key(app, pygame.K_SPACE)
    frames(app, 240)
    assert scene.point == scene.timeline.total and not scene.playback.playing
    assert "Play again" in buttons(app)
    key(app, pygame.K_SPACE)
    assert scene.playback.playing and scene.point <= 1


def test_clicking_a_ship_shows_her_card_and_nothing_is_ever_submitted(app, save):
    scene = watch(app, save)
    hashes = list(scene.session.hashes)
    scene.jump(10)
    frames(app)
    ship = next(s for s in scene.state.ships.values() if s.on_table)
    click(app, scene.cam.to_screen(ship.x, ship.y))
    assert scene.selected == ship.id
    key(app, pygame.K_RETURN)  # the battle's "activate" key does nothing here
    assert scene.session.hashes == hashes and scene.point == 10
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None and app.scene is scene


# --- taking command ------------------------------------------------------------------------------


def test_taking_command_branches_a_new_battle_from_the_point_that_records_its_parent(app, save, played):
    app.autosave = True  # as in a real window: the branch becomes the battle Continue resumes
    scene = watch(app, save)
    k = len(played.steps) // 2
    scene.jump(k)
    key(app, pygame.K_t)
    dialog = scene.dialog
    assert dialog is not None and set(dialog.menus) == {"american", "british"}
    assert dialog.players() == {"american": "human", "british": "captain:normal"}  # as a new battle would have it
    for menu in dialog.menus.values():
        menu.selected_option = ("Human", "human")
    click(app, dialog.take_button.get_abs_rect().center)
    wait_for(app, lambda: isinstance(app.scene, BattleScene))
    match = app.scene.match
    assert match.session.commands == played.commands[:k]
    assert match.state.state_hash() == played.hash_at(k)
    assert match.players == {"american": "human", "british": "human"}
    parent = match.session.parent
    assert parent == {"scenario": "duel", "seed": played.seed, "at_command": k, "state_hash": played.hash_at(k),
                      "turn": played.state_at(k).turn, "file": "duel-5.yaml"}
    from game.persistence.autosave import autosave_path

    assert read_save(autosave_path())["parent"] == parent
    fresh = load_save(autosave_path(), app.rules, app.ships)  # a fresh Session reaches the same state
    assert fresh.state.state_hash() == played.hash_at(k) and fresh.parent == parent
    # what the player does next is saved with the parent too
    assert match.submit(match.options()[0].command())
    match.save_autosave()
    assert read_save(autosave_path())["parent"] == parent
    again = watch(app, autosave_path())  # the branch watched: the point it was taken from is marked
    assert again.bar.branch_point == k and again.timeline.total == k + 1
    marked = again.timeline.played(k)
    assert again.bar.describe(marked).endswith(f"taken in command after command {k}")


def test_escape_cancels_the_take_command_window_which_holds_the_point_while_open(app, save):
    scene = watch(app, save)
    scene.jump(5)
    press_button(app, "Take command from here\u2026")
    assert scene.dialog is not None
    key(app, pygame.K_RIGHT)
    click(app, (round(scene.bar.x_of(30)), scene.bar.bar.centery))
    press_button(app, "End")
    assert scene.point == 5  # the window says "after command 5": nothing moves the point under it
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None and app.scene is scene


def test_command_cannot_be_taken_when_the_battle_is_over_there(app, save):
    scene = watch(app, save)
    said: list[str] = []
    app.say = lambda text, seconds=4.0: said.append(text)
    key(app, pygame.K_END)
    key(app, pygame.K_t)
    assert scene.dialog is None and said and "over" in said[-1]


# --- ways in -------------------------------------------------------------------------------------


def test_the_end_screen_watches_the_battle_just_fought_and_comes_back(app, played):
    from game.ui.match import Match

    match = Match(played, autosave=False)
    app.open_battle(match)
    wait_for(app, lambda: isinstance(app.scene, EndScene))
    press_button(app, "Watch it again")
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.session is played and scene.point == 0
    assert "Watch it again" not in buttons(app)  # the end screen's widgets went with it
    key(app, pygame.K_END)
    press_button(app, "Close")
    wait_for(app, lambda: isinstance(app.scene, EndScene))
    assert isinstance(app.scenes[0], BattleScene) and app.scenes[0].match is match


def test_the_menu_watches_a_save_and_a_damaged_one_leaves_the_menu_as_it_was(app, save, tmp_path):
    from game.ui.scenes.menu import MenuScene

    bad = tmp_path / "bad.yaml"
    bad.write_text("quarterdeck_save: 3\nscenario: [unclosed\n", encoding="utf-8")
    app.back_to_menu()
    frames(app, 2)
    menu = app.scene
    assert "Watch a replay\u2026" in buttons(app)
    key(app, pygame.K_w)
    assert menu.file_dialog is not None and menu.file_dialog.alive()
    assert menu.file_dialog.window_display_title == "Watch a saved battle"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(bad),
                                         ui_element=menu.file_dialog))
    menu.file_dialog.kill()
    wait_for(app, lambda: menu._modal() is not None)
    assert app.scenes == [menu] and isinstance(menu, MenuScene)
    assert "bad.yaml" in menu._modal().text_block.html_text
    menu._modal().kill()
    key(app, pygame.K_w)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(save),
                                         ui_element=menu.file_dialog))
    wait_for(app, lambda: isinstance(app.scene, ReplayScene))
    assert app.scene.title == "duel-5.yaml" and app.scene.file == "duel-5.yaml"
    key(app, pygame.K_ESCAPE)  # nothing selected, no tape: Escape leaves the replay
    assert isinstance(app.scene, MenuScene)


def test_a_long_replay_can_be_cancelled_while_the_window_goes_on(app, save, monkeypatch):
    import game.persistence.save as save_module

    real = save_module.replay

    def slow(*args, **kwargs):
        progress = args[4] if len(args) > 4 else kwargs.get("progress")

        def crawl(i, n):
            time.sleep(0.01)
            progress(i, n)

        return real(*args[:4], progress=crawl)

    monkeypatch.setattr(save_module, "replay", slow)
    said: list[str] = []
    app.back_to_menu()
    app.watch_replay(save, said.append)
    work = app.scene
    wait_for(app, lambda: work._progress[0] > 3)
    assert "of" in work.label.text and 0 < work.bar.current_progress < 100  # "Reading duel-5.yaml: command 4 of 60"
    key(app, pygame.K_ESCAPE)
    wait_for(app, lambda: work not in app.scenes)
    assert not said and not isinstance(app.scene, ReplayScene)


def test_the_keys_page_lists_the_replay_keys(app):
    body = keys_section(app.system)[1]
    for words in ("Watching a replay", "Shift+Left / Shift+Right", "PageUp / PageDown", "take command from here"):
        assert words in body


def run_main(*args):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_watch_on_a_missing_or_damaged_file_exits_2_with_one_line(tmp_path):
    missing = run_main("--watch", str(tmp_path / "nowhere.yaml"))
    assert missing.returncode == 2
    assert len(missing.stderr.strip().splitlines()) == 1 and "nowhere.yaml" in missing.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\x00\x01 not a save")
    damaged = run_main("--watch", str(bad))
    assert damaged.returncode == 2 and "Traceback" not in damaged.stderr
    assert damaged.stderr.strip() == f"error: {bad}: not a Quarterdeck save (binary data)"


def test_watch_opens_the_viewer_on_a_good_save(save, monkeypatch):
    import main
    from game.ui.app import QuarterdeckApp

    opened = []
    monkeypatch.setattr(QuarterdeckApp, "run", lambda self: opened.append(self.scene))
    assert main.main(["--watch", str(save), "--size", "1280x720"]) == 0
    assert isinstance(opened[0], ReplayScene) and opened[0].title == "duel-5.yaml"
    assert len(opened[0].session.steps) == len(read_save(save)["commands"])


def test_the_viewer_survives_a_resize(app, save):
    scene = watch(app, save)
    scene.jump(20)
    for size in ((960, 600), (1920, 1080)):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app._resized()
        frames(app, 2)
        assert scene.cam.view_w == size[0] - px(400) and scene.bar.rect.bottom == size[1]
        assert scene.controls.buttons["play"].get_abs_rect().right <= size[0]
        assert scene.log.rect.bottom <= size[1] and scene.point == 20


def test_random_events_in_the_viewer_break_nothing_and_change_nothing(app, save, played, monkeypatch):
    import random

    from tests.ui import test_monkey

    keys = [k for k in test_monkey.KEYS if k != pygame.K_F1]  # the reference's own tests cover it (and it is slow)
    keys += [pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_PLUS, pygame.K_KP_MINUS]
    monkeypatch.setattr(test_monkey, "KEYS", keys)
    rng = random.Random(15)
    held: set[int] = set()
    hashes = list(played.hashes)
    scene = watch(app, save)
    for _ in range(1500):
        if not isinstance(app.scene, ReplayScene) and not app.scenes[-1].overlay:
            scene = watch(app, save)  # left it (Close, Escape, or a new battle taken in command): back again
        for e in test_monkey._event(rng, app, held):
            pygame.event.post(e)
        frames(app)
    assert [s.hash_after for s in scene.session.steps] == read_save(save)["hashes"]
    assert played.hashes == hashes


def test_a_battle_saved_before_its_first_command_opens_with_nothing_to_play(app, tmp_path):
    from game.persistence.session import Session as Fresh

    sc = load_scenario(scenario_path("duel"), app.ships, app.rules)
    path = tmp_path / "fresh.yaml"
    write_save(path, Fresh(sc, app.rules, 3))
    scene = watch(app, path)
    frames(app, 3)
    assert scene.timeline.total == 0 and not scene.controls.buttons["play"].is_enabled
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RIGHT)
    assert scene.point == 0 and not scene.playback.playing
    assert scene.controls.buttons["branch"].is_enabled  # command may still be taken, from the very start


def test_a_prize_keeps_her_first_sides_colour_on_the_timeline(app, save):
    scene = watch(app, save)
    final = scene.session.state
    british = P.side_colour(final, "british")
    final.ships["guerriere"].side = "american"  # as the state reads once she is taken
    try:
        assert scene.bar.colour_of("guerriere") == british
    finally:
        final.ships["guerriere"].side = "british"
