"""An e-mail game in the window: start it, answer it, open the reply, play to a roll, send the file, and
the opponent's window plays the turn back with the roll made by both."""

import shutil

import pygame

from game.ai import make_player
from game.ai.decide import decide
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.network import NetworkScene
from tests.ui.driver import accepted_by, frames, key, make_app, until


def _page(monkeypatch, home):
    monkeypatch.setenv("QUARTERDECK_HOME", str(home))
    app = make_app()
    app.settings.animation = "instant"
    app.replace(NetworkScene)
    frames(app)
    return app


def _newest(home):
    return max((home / "turn files").glob("*.qdturn"), key=lambda p: p.stat().st_mtime)


def _play_to_the_file(app, scene, side):
    """Play the player's side in the window until the file must go (the dice wait, or the move passed)."""
    me = make_player("scripted", 5, side, "btq21")
    m = scene.match
    for _ in range(400):
        frames(app)
        if not m.is_human(m.to_move()):
            return
        decide(me, m.state, m.options(), accepted_by(m))
    raise AssertionError("the move never passed")


def test_two_players_start_answer_and_exchange_turn_files_in_the_window(tmp_path, monkeypatch):
    a_home, b_home = tmp_path / "a", tmp_path / "b"
    app = _page(monkeypatch, a_home)
    app.scene.scenario, app.scene.side = "duel", "british"
    app.scene.side_menu.selected_option = ("British", "british")
    app.scene.mail_start()
    first = _newest(a_home)

    app_b = _page(monkeypatch, b_home)
    b_home.mkdir(parents=True, exist_ok=True)
    shutil.copy(first, b_home / first.name)
    app_b.scene.mail_open(str(b_home / first.name))
    reply = _newest(b_home)
    assert reply.name.endswith("-002-american.qdturn")

    monkeypatch.setenv("QUARTERDECK_HOME", str(a_home))
    shutil.copy(reply, a_home / reply.name)
    app.scene.mail_open(str(a_home / reply.name))
    until(app, lambda: isinstance(app.scene, BattleScene))
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.mail_buttons, "the battle opens once both reveals are in"
    if scene.match.is_human(scene.match.to_move()):
        _play_to_the_file(app, scene, "british")
    key(app, pygame.K_F6)
    sent = _newest(a_home)
    assert sent.name.endswith("-003-british.qdturn")

    monkeypatch.setenv("QUARTERDECK_HOME", str(b_home))
    shutil.copy(sent, b_home / sent.name)
    before = len(app.scene.match.session.steps)
    app_b.scene.mail_open(str(b_home / sent.name))
    until(app_b, lambda: isinstance(app_b.scene, BattleScene))
    scene_b = app_b.scene
    assert isinstance(scene_b, BattleScene)
    for _ in range(200):
        frames(app_b)
    assert scene_b.match.broken is None
    assert len(scene_b.match.session.steps) >= before
    mine = scene.match.session
    assert scene_b.match.session.hash_at(len(mine.steps) - (1 if scene.match.sent else 0)) == mine.hash_at(
        len(mine.steps) - (1 if scene.match.sent else 0)
    )


def test_a_tampered_turn_file_is_refused_on_the_page_and_nothing_opens(tmp_path, monkeypatch):
    a_home, b_home = tmp_path / "a", tmp_path / "b"
    app = _page(monkeypatch, a_home)
    app.scene.mail_start()
    first = _newest(a_home)
    app_b = _page(monkeypatch, b_home)
    bad = b_home / first.name
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(first.read_text().replace("signature: ", "signature: 00"))
    app_b.scene.mail_open(str(bad))
    frames(app_b)
    assert isinstance(app_b.scene, NetworkScene)
    assert app_b.message is not None and app_b.message[0]


def test_a_path_typed_into_the_open_dialog_and_enter_opens_the_turn_file(tmp_path, monkeypatch):
    a_home, b_home = tmp_path / "a", tmp_path / "b"
    app = _page(monkeypatch, a_home)
    app.scene.mail_start()
    first = _newest(a_home)
    app_b = _page(monkeypatch, b_home)
    key(app_b, pygame.K_o)
    dialog = app_b.scene.file_dialog
    assert dialog is not None and dialog.file_path_text_line.is_focused
    dialog.file_path_text_line.set_text(str(first))
    key(app_b, pygame.K_RETURN)
    frames(app_b, 2)
    assert app_b.scene.file_dialog is None
    assert _newest(b_home).name.endswith("-002-british.qdturn"), "the first file is answered at once"
