"""The battle log box follows the newest line, however long the battle, and scrolls back on request."""

from __future__ import annotations

import pygame

from game.ui.panels.log import MAX_LINES, LogPanel
from tests.ui.driver import battle, make_app

LOG_RECT = pygame.Rect(1206, 661, 388, 233)  # the battle log's size at 1600x900


def long_log(scene, activations=300):
    names = {s.id: s.name for s in scene.state.ships.values()}
    log = LogPanel(LOG_RECT)
    events = list(scene.match.session.events)
    for i in range(activations):  # about a long battle's worth of lines, added an activation at a time
        events += [{"type": "sail", "ship": "bucentaure", "sail": "easy" if i % 2 else "battle"}] * 3
        log.sync(events, names, scene.match.session.system.describe)
    return log


def test_a_long_log_shows_its_newest_line_and_keeps_the_latest_lines():
    app = make_app()
    log = long_log(battle(app))
    assert log.visible_rows()[-1] == "Bucentaure sets easy sail."  # the last of the 300th activation
    assert len(log.lines) == MAX_LINES and log.offset == 0


def test_the_wheel_over_the_box_scrolls_back_and_new_lines_keep_the_readers_place():
    app = make_app()
    scene = battle(app)
    log = LogPanel(LOG_RECT)
    events = list(scene.match.session.events)
    for i in range(60):
        events += [{"type": "sail", "ship": "bucentaure", "sail": "easy" if i % 2 else "battle"}] * 3
    log.sync(events, scene.names, scene.match.session.system.describe)
    pygame.mouse.set_pos(LOG_RECT.center)
    assert log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert log.offset == 6 and log.visible_rows()[-1] == log.rows[-7][0]
    reading = log.visible_rows()
    describe = scene.match.session.system.describe
    log.sync(events + [{"type": "sail", "ship": "bucentaure", "sail": "full"}], scene.names, describe)
    assert log.visible_rows() == reading  # a line came in below: the page being read stays put
    assert log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False))
    assert log.offset == 0 and log.visible_rows()[-1] == "Bucentaure sets full sail."
    pygame.mouse.set_pos((10, 10))
    assert not log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))  # the table's wheel


def test_the_scroll_bar_can_be_dragged_back_to_the_start():
    app = make_app()
    log = long_log(battle(app), activations=40)
    track, thumb = log._bar()
    log.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    up = (thumb.centerx, track.top - 50)
    log.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=up, rel=(0, -1), buttons=(1, 0, 0)))
    log.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=1))
    assert log.visible_rows()[0] == log.rows[0][0]


def test_every_row_fits_the_box_and_none_is_empty():
    from game.ui.fonts import font
    from game.ui.panels.log import BAR_W, FONT_SIZE, PAD

    log = LogPanel(LOG_RECT)
    log.lines = [("Redoutable sails 1.5 inches and turns to port " + "i" * k + ".") for k in range(60)]
    log.lines.append("x" * 300)  # one word wider than the box
    log.tones = [""] * len(log.lines)
    log._rewrap()
    limit = LOG_RECT.width - 2 * PAD - BAR_W
    assert all(r[0] and font(FONT_SIZE).size(r[0])[0] <= limit for r in log.rows)


def test_a_turn_line_is_bold_and_the_box_draws_itself():
    app = make_app()
    scene = battle(app, "duel")
    log = LogPanel(LOG_RECT)
    system = scene.match.session.system
    log.sync(list(scene.match.session.events) + [{"type": "turn", "turn": 2}], {}, system.describe, system.cue)
    assert log.tones[-1] == "heading" and log.lines[-1].startswith("Turn 2") and log.rows[-1][1]  # set in bold
    surf = pygame.Surface(app.size)
    log.draw(surf)
    assert surf.get_at((log.rect.left + 1, log.rect.top + 10)) != surf.get_at((0, 0))
