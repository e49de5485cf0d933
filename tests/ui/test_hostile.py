"""The window against damaged files and failing disks: it starts, says what happened, and loses nothing."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.files import FileProblem
from game.persistence.autosave import autosave_path
from tests.ui.driver import battle, frames, key, make_app, pick_to_load

BOMB = (
    'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n'
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nanimation: *g\n"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("animation: [1]\nvolume: 0.3\n", "animation (1 number) reset to normal"),
        ("volume: .nan\n", "volume (nan) reset to 0.6"),
        (BOMB, "too many values"),
        ("grid: " + "[" * 100 + "]" * 100 + "\n", "nested more than"),
        ("\x00\x01binary", "binary data"),
        ("grid: [" + "1, " * 500 + "1]\n", "more than 100 entries"),
    ],
)
def test_a_damaged_settings_file_never_stops_the_game_and_it_says_what_was_reset(quarterdeck_home, text, said):
    quarterdeck_home.mkdir(parents=True, exist_ok=True)
    (quarterdeck_home / "settings.yaml").write_text(text)
    app = make_app()
    app.back_to_menu()
    frames(app)
    assert app.message is not None and said in app.message[0]
    assert app.settings.animation in ("normal",) and 0.0 <= app.settings.volume <= 1.0


def _autosave(text: str) -> None:
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text(text)


@pytest.mark.parametrize(
    "text",
    [
        BOMB,
        "quarterdeck_save: 1\nseed: " + "9" * 5000 + "\n",
        "quarterdeck_save: 1\nscenario: duel\nseed: 1\nruleset: btq21\ncommands: " + "[" * 200 + "]" * 200,
        "quarterdeck_save: !!python/object/apply:os.system ['true']\n",
        "quarterdeck_save: 1\nscenario: \"\\0evil\"\nseed: 1\nruleset: btq21\ncommands: []\nhashes: []\n",
    ],
)
def test_a_damaged_autosave_never_stops_the_game_from_starting_and_is_kept(text):
    _autosave(text)
    app = make_app()
    app.back_to_menu()
    frames(app, 2)
    before = autosave_path().read_bytes()
    err = app.continue_autosave()
    frames(app)
    assert err and autosave_path().read_bytes() == before


def _running_battle():
    app = make_app()
    app.autosave = True
    scene = battle(app, "duel")
    return app, scene


@pytest.mark.parametrize("bad", ["/dev/zero", "fifo", "bomb", "missing"])
def test_a_bad_file_picked_in_the_load_dialog_leaves_the_battle_and_the_autosave_as_they_were(tmp_path, bad):
    import os

    app, scene = _running_battle()
    before, saved = scene.match.state.state_hash(), autosave_path().read_bytes()
    path = {"/dev/zero": "/dev/zero", "missing": str(tmp_path / "nothing.yaml")}.get(bad, str(tmp_path / "bad.yaml"))
    if bad == "fifo":
        os.mkfifo(path)
    elif bad == "bomb":
        (tmp_path / "bad.yaml").write_text(BOMB)
    pick_to_load(app, scene, path)
    frames(app, 1)
    assert app.scene is scene and scene.match.state.state_hash() == before
    assert autosave_path().read_bytes() == saved


def test_a_failed_autosave_is_reported_and_play_goes_on(monkeypatch):
    from game.ui import match as match_module

    app, scene = _running_battle()
    saved = autosave_path().read_bytes()

    def full(path, session):
        raise FileProblem("the disk is full")

    monkeypatch.setattr(match_module, "write_save", full)
    scene.match.save_autosave()
    frames(app)
    windows = [w for w in app.ui.get_root_container().elements if isinstance(w, pygame_gui.windows.UIMessageWindow)]
    assert windows and "the disk is full" in windows[-1].text_block.html_text
    assert autosave_path().read_bytes() == saved


def test_f12_on_a_full_disk_says_so_and_leaves_no_truncated_picture(quarterdeck_home, monkeypatch):
    from game.ui import app as app_module

    app, scene = _running_battle()

    def full(path, data):
        raise FileProblem("the disk is full")

    monkeypatch.setattr(app_module, "write_atomic", full)
    key(app, pygame.K_F12)
    frames(app)
    assert "screenshot not saved" in app.message[0] and "the disk is full" in app.message[0]
    assert not (quarterdeck_home / "screenshots").exists() or not list((quarterdeck_home / "screenshots").iterdir())


def test_a_read_only_home_does_not_crash_the_save_dialog(quarterdeck_home, monkeypatch):
    from pathlib import Path

    app, scene = _running_battle()
    real = Path.mkdir

    def read_only(self, *a, **k):
        if str(self).startswith(str(quarterdeck_home)):
            raise OSError(30, "Read-only file system")
        return real(self, *a, **k)

    monkeypatch.setattr(Path, "mkdir", read_only)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    frames(app)
    assert scene.dialog is not None and "Read-only" in app.message[0]


def test_a_save_quoting_a_huge_value_is_refused_in_a_message_of_readable_length(tmp_path):
    """A command type of 100,000 letters once made the error window lay out 100,000 letters (over 5 s)."""
    from game.ui.fonts import MAX_MESSAGE

    app, scene = _running_battle()
    bad = tmp_path / "long.yaml"
    bad.write_text(
        "quarterdeck_save: 1\nruleset: btq21\nscenario: duel\nseed: 3\nplayers: {}\n"
        f"commands:\n- type: {'x' * 100_000}\n  ship: constitution\nhashes: ['{'0' * 64}']\n"
    )
    pick_to_load(app, scene, str(bad))
    windows = [w for w in app.ui.get_root_container().elements if isinstance(w, pygame_gui.windows.UIMessageWindow)]
    assert windows and len(windows[-1].text_block.html_text) <= MAX_MESSAGE + 50
    assert "unknown command type 'xxxx" in windows[-1].text_block.html_text


def test_the_players_house_rules_are_played_and_a_damaged_file_never_stops_the_game(quarterdeck_home):
    quarterdeck_home.mkdir(parents=True, exist_ok=True)
    path = quarterdeck_home / "house_rules.yaml"
    path.write_text("house_rules: Club\ntables: btq21\nchanges:\n  speeds.medium.battle: 5\n")
    app = make_app()
    assert app.rules.speeds["medium"]["battle"] == 5 and app.rules.house_name == "Club"
    path.write_text("house_rules: Club\ntables: btq21\nchanges:\n  speeds.medium.batle: 5\n")
    app = make_app()
    app.back_to_menu()
    frames(app)
    assert not app.rules.house and app.message is not None
    assert "house rules not used" in app.message[0] and "did you mean 'battle'" in app.message[0]
