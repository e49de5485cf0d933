"""The battle log box follows the newest line, however long the battle."""

from __future__ import annotations

import pygame

from game.ui.panels.log import MIN_THUMB_PX, LogPanel
from tests.ui.driver import battle, frames, make_app


def test_a_long_log_still_shows_its_newest_line_and_can_be_scrolled_to_the_end():
    app = make_app()
    scene = battle(app)
    names = {s.id: s.name for s in scene.state.ships.values()}
    log = LogPanel(pygame.Rect(1206, 661, 388, 233), app.ui, scene.root)  # the battle log's size at 1600x900
    events = list(scene.match.session.events)
    for i in range(300):  # about a long battle's worth of lines, added an activation at a time
        events += [{"type": "sail", "ship": "bucentaure", "sail": "easy" if i % 2 else "battle"}] * 3
        log.sync(events, names)
    frames(app, 3)
    bar = log.box.scroll_bar
    assert bar is not None
    assert bar.start_percentage + bar.visible_percentage >= 0.999  # scrolled right to the end
    assert bar.scrollable_height * bar.visible_percentage >= MIN_THUMB_PX  # and the thumb can get there
    assert log.lines[-1] == "Bucentaure sets easy sail."  # the last of the 300th activation


def test_no_empty_row_when_a_line_ends_at_the_edge_of_the_box():
    app = make_app()
    scene = battle(app)
    log = LogPanel(pygame.Rect(1206, 661, 388, 233), app.ui, scene.root)
    # sentences of every length around the box's width: some end within a few pixels of its edge
    log.lines = [("Redoutable sails 1.5 inches and turns to port " + "i" * k + ".") for k in range(60)]
    log.kinds = ["move"] * len(log.lines)
    log.box.set_text(log._html(range(len(log.lines))))
    frames(app)
    rows = log.box.text_box_layout.layout_rows
    texts = ["".join(getattr(c, "text", "") for c in r.items).strip() for r in rows]
    assert texts and all(texts), [i for i, t in enumerate(texts) if not t]


def test_the_logs_bold_lines_need_no_font_loaded_on_the_fly():
    import warnings

    app = make_app()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame_gui warns when a face is loaded on first use
        scene = battle(app, "duel")
        log = LogPanel(pygame.Rect(1206, 661, 388, 233), app.ui, scene.root)
        log.sync(list(scene.match.session.events) + [{"type": "turn", "turn": 2}], {})
        frames(app, 2)
    assert "turn" in log.kinds and log.lines[-1].startswith("Turn 2")
