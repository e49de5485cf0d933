"""The window plays a battle whose authority is at the far end of a link: its copy follows the authority's."""

import pygame

from game.ai import make_player
from game.ai.decide import decide
from game.fair.link import Played
from game.net.host import DEFAULT_PORT
from game.systems.base import Refusal
from game.ui.match import Sent
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.network import LinkScene, parse_address
from tests.ui.driver import accepted_by, frames, key, make_app, until
from tests.ui.loop_link import LoopLink


def _open(link):
    app = make_app()
    app.settings.animation = "instant"
    app.replace(lambda a: LinkScene(a, link, "Joining the test", ["code TEST"]))
    assert until(app, lambda: isinstance(app.scene, BattleScene)), "the battle opens once the far end has sent it"
    return app, app.scene


def test_the_window_plays_a_whole_battle_down_a_link_and_ends_with_the_authoritys_hash():
    link = LoopLink()
    app, scene = _open(link)
    me = make_player("random", 3, "british", "btq21")
    for _ in range(3000):
        if scene.state.phase == "over":
            break
        m = scene.match
        if m.is_human(m.to_move()) and not scene.anim.busy:
            decide(
                me, m.state, m.options(), accepted_by(m)
            )
        frames(app)
    assert scene.state.phase == "over"
    assert scene.match.session.state.state_hash() == link.fp.session.state.state_hash()
    assert scene.match.session.fair is not None and scene.match.broken is None


def test_a_command_sent_waits_for_the_answer_and_the_table_is_not_ours_meanwhile():
    link = LoopLink()
    app, scene = _open(link)
    m = scene.match
    for _ in range(200):
        if m.is_human(m.to_move()):
            break
        frames(app)
    cmd = next(o.command() for o in m.options() if not isinstance(m.session.preview(o.command()), Refusal))
    assert isinstance(m.submit(cmd), Sent)
    assert not m.is_human(m.to_move()) and "waiting" in m.waiting_words()
    n = len(m.session.steps)
    frames(app, 2)
    assert len(m.session.steps) > n and m.sent is None


def test_a_copy_that_differs_from_the_authority_stops_the_battle_here():
    link = LoopLink()
    app, scene = _open(link)
    m = scene.match
    link.out.append(
        Played(len(m.session.steps) + 1, "british", m.options()[0].command(), None, "0" * 64)
    )
    frames(app, 2)
    assert m.broken is not None and not m.is_human("british")


def test_chat_opens_with_t_and_goes_down_the_link():
    link = LoopLink()
    app, scene = _open(link)
    key(app, pygame.K_t)
    assert scene.chat_entry is not None
    scene.chat_entry.set_text("fair winds")
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert link.said == ["fair winds"]
    assert any("fair winds" in line for line in scene.log.lines)


def test_an_address_is_host_and_port_or_a_reason():
    assert parse_address("10.0.0.5:9000") == ("10.0.0.5", 9000)
    assert parse_address("localhost") == ("localhost", DEFAULT_PORT)
    assert "port" in parse_address("10.0.0.5:99999")
    assert "address" in parse_address("")
