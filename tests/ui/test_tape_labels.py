"""The tape's labels at the zoom a battle opens with: every number readable, none printed over another."""

from __future__ import annotations

import pygame

from game.ui.render.tape import handle_point, tape_labels
from tests.ui.driver import battle, click, frames, key, make_app


def _planned_duel():
    app = make_app()
    scene = battle(app, "duel", seed=7)
    s = scene.state.ships["constitution"]
    click(app, scene.cam.to_screen(s.x, s.y))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_w)  # the minimum plus a tenth: min, distance and the handle all crowd the bow
    key(app, pygame.K_a)
    frames(app, 2)
    return app, scene, s


def test_tape_labels_do_not_overlap_each_other_or_the_handle():
    app, scene, s = _planned_duel()
    plan = scene.current_plan()
    assert scene.cam.scale < 20  # the fitted table: about a dozen pixels to the inch
    labels = tape_labels(scene.cam, plan, s.length, s.width)
    tags = [t for t, _ in labels]
    assert "turn" in tags and "distance" in tags
    rects = [p.rect for _, p in labels]
    for i, r in enumerate(rects):
        assert r.collidelist(rects[i + 1:]) < 0, labels[i]
    hx, hy = scene.cam.to_screen(*handle_point(plan, s.length))
    knob = pygame.Rect(hx - 8, hy - 8, 16, 16)
    assert all(not r.colliderect(knob) for r in rects)
    turn = dict(labels)["turn"]
    assert turn.text.startswith("1° port")


def test_a_crowded_tape_still_draws_a_frame():
    app, scene, _s = _planned_duel()
    frames(app, 3)  # the tape (cached table) and the handle (each frame) draw from the same layout
    assert scene.current_plan().distance is not None


def test_the_free_tape_reading_stays_in_the_view_and_off_the_far_end():
    app = make_app()
    scene = battle(app, "duel", seed=7)
    cam = scene.cam
    view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
    from game.ui.render.tape import free_tape_label_rect

    end = (view.right - 30, view.centery)  # measured out to a ship near the right edge
    box = free_tape_label_rect(cam, (view.left + 100, view.bottom - 100), end, 420, 40)
    assert view.contains(box)
    assert not box.collidepoint(end)


def test_a_label_pushed_sideways_stays_near_its_anchor():
    from game.ui.render.labels import STEPS, LabelPlacer

    placer = LabelPlacer()
    first = placer.place("45° starboard (±45°)", (400, 300), 16, (255, 255, 255), "midleft", (1.0, 0.0))
    second = placer.place("45° starboard (±45°)", (400, 300), 16, (255, 255, 255), "midleft", (1.0, 0.0))
    assert first is not None and second is not None
    assert not first.rect.colliderect(second.rect)
    assert second.rect.left - first.rect.left <= (STEPS + 1) * (first.rect.height + 2)


def test_the_plans_words_keep_off_the_ship_names():
    from game.ui.render.ships import label_rect

    app, scene, s = _planned_duel()
    key(app, pygame.K_END)  # the tape laid out in full: the ghost's words come up level with her name
    frames(app, 2)
    rects = scene.view.plan_text_rects
    assert rects  # "next segment: ..." under the ghost
    names = [label_rect(scene.cam, o, False) for o in scene.state.ships.values()]
    for r in rects:
        assert r.collidelist(names) < 0, r


def test_two_ships_run_together_never_print_their_names_over_each_other():
    app = make_app()
    scene = battle(app, "squadron", seed=1)
    a, b = list(scene.state.ships.values())[:2]
    b.x, b.y = a.x + 0.3, a.y + 0.2  # fouled in a collision: the two bases all but on top of each other
    scene.view._key = None  # the table is drawn again, as after any command
    frames(app, 2)
    rects = scene.view.name_rects
    assert set(rects) >= {a.id, b.id}
    assert not rects[a.id].colliderect(rects[b.id])
    everything = list(rects.values())
    for i, r in enumerate(everything):
        assert r.collidelist(everything[i + 1:]) < 0


def test_at_the_home_zoom_the_tapes_words_the_names_and_the_hint_stay_apart_and_in_the_view():
    app = make_app((1280, 720))
    scene = battle(app, "duel", seed=7)
    s = scene.state.ships["constitution"]
    click(app, scene.cam.to_screen(s.x, s.y))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_HOME)
    cam = scene.cam
    sx, _ = cam.to_screen(s.x, s.y)
    cam.pan_pixels(cam.view_x + cam.view_w - 30 - sx, 0)  # her bow against the right edge of the view
    frames(app, 2)
    view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
    words = list(scene.view.name_rects.values()) + scene.view.plan_text_rects + scene.view.tape_rects
    assert scene.view.plan_text_rects  # "segment 1: ... drag her along the tape"
    for i, r in enumerate(words):
        assert view.contains(r), r
        assert r.collidelist(words[i + 1:]) < 0, r


def test_a_ship_out_of_the_view_has_no_name_pinned_to_its_edge():
    app = make_app((1280, 720))
    scene = battle(app, "duel", seed=7)
    s = scene.state.ships["guerriere"]
    scene.cam.scale = 30.0
    scene.cam.cx, scene.cam.cy = s.x - 60, s.y  # she is far off to the east of the view
    scene.view._key = None
    frames(app, 2)
    assert "guerriere" not in scene.view.name_rects
