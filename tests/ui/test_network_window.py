"""The window hosts a battle on a real socket; a client at the far end plays the other side to the end."""

import threading

from game.ai import make_player
from game.ai.decide import decide
from game.content.load import load_default
from game.net.cli import NetPlan
from game.net.client import Client
from game.net.drive import play
from game.ui.netplay import host_battle
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.network import LinkScene
from tests.ui.driver import accepted_by, frames, make_app

RULES, SHIPS = load_default()


def test_the_hosts_window_and_a_client_play_a_duel_over_loopback_to_the_same_end(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    app = make_app()
    app.settings.animation = "instant"
    made = host_battle(app, NetPlan("host", port=0, interface="127.0.0.1", side="british", scenario="duel"))
    assert not isinstance(made, str), made
    link, lines = made
    assert lines[0].startswith("Game code: ") and "127.0.0.1 only" in lines[2]
    host = link._host
    app.replace(lambda a: LinkScene(a, link, "Hosting duel", lines))
    frames(app, 2)
    assert isinstance(app.scene, LinkScene), "no battle before the other player has joined and committed"

    client = Client("127.0.0.1", host.port, host.code, rules=RULES, ships=SHIPS)
    far: dict = {}
    worker = threading.Thread(target=lambda: far.update(out=play(client, "random", RULES, SHIPS, timeout=240)))
    worker.start()
    for _ in range(600):
        frames(app)
        if isinstance(app.scene, BattleScene):
            break
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.match.link is link
    me = make_player("scripted", 2, "british", "btq21")
    m = scene.match
    for _ in range(20000):
        if m.state.phase == "over" or m.broken:
            break
        if m.is_human(m.to_move()) and not scene.anim.busy:
            decide(me, m.state, m.options(), accepted_by(m))
        frames(app)
    worker.join(60)
    assert m.broken is None and m.state.phase == "over"
    assert far["out"].session.state.state_hash() == m.state.state_hash() == host.fp.session.state.state_hash()
    assert (tmp_path / "autosave.yaml").exists(), "the host's autosave keeps the battle"
    client.close()
    link.close()


def test_a_saved_network_battle_is_hosted_again_not_played_on_alone(tmp_path, monkeypatch):
    from game.persistence.save import write_save
    from game.ui.scenes.network import NetworkScene
    from tests.ui.loop_link import LoopLink

    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    far = LoopLink()
    far.poll()  # the far side plays its first commands
    path = tmp_path / "autosave.yaml"
    write_save(path, far.fp.session)
    app = make_app()
    assert app.continue_autosave() is None
    scene = app.scene
    assert isinstance(scene, NetworkScene) and scene.resume == path and "Hosts again" in scene.resume_words
    made = host_battle(app, NetPlan("host", port=0, interface="127.0.0.1", side="british", resume=str(scene.resume)))
    assert not isinstance(made, str), made
    link, _ = made
    assert len(link._host.fp.session.commands) == len(far.fp.session.commands)
    link.close()


def test_a_spectators_window_follows_the_whole_battle_and_commands_nothing(tmp_path, monkeypatch):
    from game.net.host import Host
    from game.ui.netplay import join_battle

    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    host = Host("duel", rules=RULES, ships=SHIPS, interface="127.0.0.1", port=0).start()
    player = Client("127.0.0.1", host.port, host.code, rules=RULES, ships=SHIPS)
    ends: dict = {}
    workers = [
        threading.Thread(target=lambda: ends.update(host=play(host.link, "scripted", RULES, SHIPS, timeout=240))),
        threading.Thread(target=lambda: ends.update(player=play(player, "random", RULES, SHIPS, timeout=240))),
    ]
    for w in workers:
        w.start()
    app = make_app()
    app.settings.animation = "instant"
    watcher = join_battle("127.0.0.1", host.port, host.code, True, app)
    assert not isinstance(watcher, str)
    app.replace(lambda a: LinkScene(a, watcher, "Watching", []))
    def battle_scene():
        return next((s for s in app.scenes if isinstance(s, BattleScene)), None)

    for _ in range(3000):
        frames(app)
        scene = battle_scene()
        if scene is not None and scene.state.phase == "over" and not ends.keys() ^ {"host", "player"}:
            break
    for w in workers:
        w.join(60)
    scene = battle_scene()
    assert scene is not None and not scene.match.link.sides
    assert not any(scene.match.is_human(s) for s in scene.state.sides), "a spectator commands no side"
    assert scene.state.state_hash() == host.fp.session.state.state_hash()
    for link in (watcher, player, host.link):
        link.close()


def test_a_window_hosting_from_the_command_line_plays_with_the_options_it_was_given(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    app = make_app()
    made = host_battle(app, NetPlan("host", port=0, interface="127.0.0.1", scenario="duel", options=("wind_shifts",)))
    assert not isinstance(made, str), made
    link, _ = made
    assert "wind_shifts" in link._host.options
    link.close()
    refused = host_battle(app, NetPlan("host", port=0, interface="127.0.0.1", options=("nonsense",)))
    assert "has no option 'nonsense'" in refused
