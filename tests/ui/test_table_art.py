"""The painted table: miniatures kept and turned, every nation's colours, arcs only as far as they matter,
the all-arcs key, the camera following the action, and the waves drifting without redrawing the pieces."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.content.load import list_scenarios, load_default, open_scenario, scenario_path
from game.content.rules import NATIONS
from game.systems.figures import Model, Shape
from game.ui.camera import FOLLOW_SECONDS
from game.ui.render import nations
from game.ui.render.arcs import MARGIN, cut_arcs
from game.ui.render.models import Look, ModelCache
from game.ui.settings import read_settings
from tests.ui.driver import battle, drag, frames, key, make_app


@pytest.fixture
def app():
    return make_app()


def _look(**model) -> Look:
    m = Model(masts=(0.46, 0.0, -0.46), hull="two_decker", decks=2, nation="british", ensign="british",
              sails="fighting")
    return Look(replace(m, **model), 2.5, 0.9, (180, 40, 40), 90, 7)


def _pixels(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


# --- the miniatures ---------------------------------------------------------------------------------


def test_the_same_look_gives_the_same_sprite_and_a_sail_change_a_new_one():
    cache = ModelCache()
    look = _look()
    first = cache.turned_sprite(look, 30.0, 45.0)
    assert cache.turned_sprite(look, 30.0, 45.0) is first
    assert cache.painted == 1
    turned = cache.turned_sprite(look, 30.0, 60.0)  # another heading: turned again, not painted again
    assert turned is not first and cache.painted == 1
    full = cache.turned_sprite(_look(sails="plain"), 30.0, 45.0)
    assert cache.painted == 2 and full is not first
    assert _pixels(full) != _pixels(first)  # all plain sail looks different from fighting sail


def test_damage_the_colours_struck_and_a_wreck_each_look_different():
    cache = ModelCache()
    looks = [_look(), _look(rigging_lost=0.6), _look(hull_lost=0.7, listing=0.6), _look(ensign="", sails="",
             condition="struck"), _look(dismasted=True, sails=""), _look(condition="wreck", ensign="", sails="")]
    pictures = {_pixels(cache.sprite(look, 40.0).model) for look in looks}
    assert len(pictures) == len(looks)


def test_a_sprite_is_painted_per_zoom_step_not_per_zoom():
    cache = ModelCache()
    look = _look()
    cache.turned_sprite(look, 30.0, 0.0)
    cache.turned_sprite(look, 30.5, 0.0)  # the same step: scaled from the same painting
    assert cache.painted == 1
    cache.turned_sprite(look, 60.0, 0.0)
    assert cache.painted == 2


def test_every_nation_in_the_data_has_paint_and_an_ensign_of_its_own():
    rules, ships = load_default()
    named = set(NATIONS) | {s.nation for s in ships.values()}
    for name in list_scenarios():
        sc = open_scenario(scenario_path(name), ships, rules)
        named |= {side.nation for side in sc.sides} | {q.nation for side in sc.sides for q in side.squadrons
                                                       if q.nation}
    flags = {}
    for n in sorted(named):
        assert nations.known(n), n
        flag = nations.ensign(n, (30, 18))
        colours = {tuple(flag.get_at((x, y))) for x in range(30) for y in range(18)}
        assert len(colours) >= 2, n  # a pattern, not a blank
        flags[n] = _pixels(flag)
    assert len(set(flags.values())) == len(flags)  # no two nations fly the same flag
    assert len({nations.paint(n) for n in named}) == len(named)  # nor paint their hulls alike


# --- arcs only as far as they matter ---------------------------------------------------------------------


def _sector(reach: float, colour=(200, 200, 200)) -> Shape:
    """A broadside arc to the east of (0, 0): 90 degrees wide, ``reach`` inches out."""
    pts = [(0.0, 0.0)] + [(reach * math.cos(math.radians(a)), reach * math.sin(math.radians(a)))
                          for a in range(-45, 46, 5)]
    return Shape(tuple(pts), colour)


def test_arcs_are_cut_past_the_farthest_enemy_in_them_and_never_past_the_table():
    bands = [_sector(64), _sector(32), _sector(16), _sector(8)]
    centre = (0.0, 24.0)
    moved = [replace(s, points=tuple((x + centre[0], y + centre[1]) for x, y in s.points)) for s in bands]
    enemy_in_arc = [(20.0, 24.0)]
    enemy_behind = [(-40.0, 24.0)]  # far, but in no arc: it does not stretch them
    radius, cut = cut_arcs(moved, centre, [enemy_in_arc, enemy_behind], (72.0, 48.0))
    assert radius == pytest.approx(20.0 + MARGIN)
    for shape, _own in cut:
        for x, y in shape.points:
            assert math.dist((x, y), centre) <= radius + 1e-6
            assert 0 <= x <= 72 and 0 <= y <= 48
    radius, _ = cut_arcs(moved, centre, [enemy_behind], (72.0, 48.0))
    assert radius == pytest.approx(8.0)  # no enemy in them: her nearest band only
    radius, cut = cut_arcs(moved, centre, [[(60.0, 24.0)]], (72.0, 48.0))
    assert radius == pytest.approx(64.0)  # never beyond her longest band
    assert max(x for shape, _ in cut for x, _y in shape.points) <= 64.0 + 1e-6


def test_the_scene_draws_nothing_of_her_arcs_beyond_the_cut(app):
    scene = battle(app)
    scene.selected = "bucentaure"
    frames(app, 2)
    reach = scene.view.arc_reach["bucentaure"]
    assert 0 < reach < 64  # not the long band's 64 inches across the whole table
    s = scene.state.ships["bucentaure"]
    layer = scene.view._table
    checked = 0
    for side in (90, -90):  # abeam to starboard and to port, inside the cut and just beyond it
        beam = math.radians(s.heading + side)
        for d, drawn in ((reach - 1.5, True), (reach + 2.0, False)):
            x, y = s.x + math.sin(beam) * d, s.y + math.cos(beam) * d
            if not (0 < x < scene.state.table_width and 0 < y < scene.state.table_height):
                continue
            alpha = layer.get_at([round(v) for v in scene.cam.to_screen(x, y)])[3]
            assert (alpha > 0) == drawn, (side, d, alpha)
            checked += 1
    assert checked >= 2


def test_v_shows_every_ships_arcs_and_keeps_the_choice(app, quarterdeck_home):
    scene = battle(app)
    scene.selected = "bucentaure"
    frames(app, 2)
    assert set(scene.view.arc_reach) == {"bucentaure"}
    key(app, pygame.K_v)
    assert app.settings.all_arcs
    assert set(scene.view.arc_reach) == {s.id for s in scene.state.ships.values() if s.on_table}
    assert read_settings()[0].all_arcs  # kept for the next battle
    key(app, pygame.K_v)
    assert set(scene.view.arc_reach) == {"bucentaure"}


# --- the camera follows the action ------------------------------------------------------------------------


def _far_from(scene, ship_id: str) -> None:
    """Zoomed in on the far corner of the table from her."""
    s = scene.state.ships[ship_id]
    scene.cam.scale = 40.0
    scene.cam.cx = 4.0 if s.x > scene.state.table_width / 2 else scene.state.table_width - 4
    scene.cam.cy = 4.0 if s.y > scene.state.table_height / 2 else scene.state.table_height - 4


def _activate(scene, ship_id: str) -> None:
    from game.systems.base import Control

    opt = next(o for o in scene.match.options() if o.control is Control.SHIP and o.ship == ship_id)
    assert scene.submit(opt.command())


def test_the_camera_glides_to_the_ship_activated_and_leaves_the_zoom_alone(app):
    scene = battle(app)
    _far_from(scene, "bucentaure")
    s = scene.state.ships["bucentaure"]
    before = math.dist((scene.cam.cx, scene.cam.cy), (s.x, s.y))
    _activate(scene, "bucentaure")
    frames(app, 3)
    during = math.dist((scene.cam.cx, scene.cam.cy), (s.x, s.y))
    assert 0 < during < before  # on its way, not a jump
    frames(app, round(FOLLOW_SECONDS * 60) + 2)
    assert (scene.cam.cx, scene.cam.cy) == pytest.approx((s.x, s.y))
    assert scene.cam.scale == 40.0


def test_the_players_pan_wins_over_the_glide(app):
    scene = battle(app)
    _far_from(scene, "bucentaure")
    _activate(scene, "bucentaure")
    frames(app, 3)
    mid = (scene.cam.cx + 5, scene.cam.cy + 5)
    a = scene.cam.to_screen(*mid)
    drag(app, a, (a[0] + 120, a[1]), button=3)
    after_pan = (scene.cam.cx, scene.cam.cy)
    frames(app, round(FOLLOW_SECONDS * 60) + 5)
    assert (scene.cam.cx, scene.cam.cy) == after_pan  # the glide gave way and did not come back


def test_o_turns_following_off(app):
    scene = battle(app)
    key(app, pygame.K_o)
    assert not app.settings.follow
    _far_from(scene, "bucentaure")
    where = (scene.cam.cx, scene.cam.cy)
    _activate(scene, "bucentaure")
    frames(app, 30)
    assert (scene.cam.cx, scene.cam.cy) == where


def test_a_computer_ships_move_is_kept_in_view(app):
    scene = battle(app, "duel", {"british": "scripted", "american": "scripted"})
    moved = None
    for _ in range(600):  # until a computer ship is seen moving
        frames(app)
        if scene.anim.glides:
            moved = next(iter(scene.anim.glides))
            break
    assert moved is not None
    _far_from(scene, moved)
    frames(app, round(FOLLOW_SECONDS * 60) + 3)
    s = scene.state.ships[moved]
    sx, sy = scene.cam.to_screen(s.x, s.y)
    assert scene.cam.contains(sx, sy)
    assert scene.cam.scale == 40.0


# --- the waves drift; the pieces stay cached ------------------------------------------------------------------


def test_the_drifting_sea_redraws_no_piece_of_the_table(app, monkeypatch):
    scene = battle(app)
    frames(app, 3)
    calls = []
    real = scene.view._draw_table
    monkeypatch.setattr(scene.view, "_draw_table", lambda *a: (calls.append(1), real(*a)))
    offsets = set()
    for _ in range(240):  # four seconds of waves
        frames(app)
        offsets.add(scene.table.sea.offset(scene.cam, scene.state.wind_from))
    assert len(offsets) > 1  # the waves did move
    assert calls == []  # and no ship, arc or word was drawn again for it


def test_the_plain_table_setting_gives_the_plain_table(app):
    scene = battle(app)
    app.settings.plain_table = True
    frames(app, 2)
    assert scene.table._key is not None and scene.table._key[3] is True


def test_the_pictures_the_readme_shows_are_there_and_small():
    import re

    root = Path(__file__).resolve().parents[2]
    named = re.findall(r"\(docs/images/([\w.-]+\.png)\)", (root / "README.md").read_text())
    assert len(named) >= 3
    for name in named:
        assert (root / "docs" / "images" / name).stat().st_size < 400_000, name


def test_the_view_keys_are_on_the_keys_page_and_no_command_of_the_rules_uses_them():
    from game.systems import make_system
    from game.ui.keys import TABLE_KEYS, keys_section
    from game.ui.scenes.battle import BattleScene

    rules, _ships = load_default()
    system = make_system(rules.system, rules, {})
    page = keys_section(system)[1]
    view_keys = {pygame.key.name(k).upper() for k in BattleScene.VIEW_KEYS}
    assert view_keys == {"V", "O"}
    assert view_keys <= {k for k, _ in TABLE_KEYS}
    for k in view_keys:
        assert f"<b>{k}</b>" in page
    ruled = {part.strip().upper() for keys, _ in system.shortcuts() for part in keys.split("/")}
    assert not view_keys & ruled  # the rule system's keys are never shadowed by the table's


def test_the_ghost_is_a_pale_copy_outlined_light_and_a_refused_move_is_outlined_in_red():
    from types import SimpleNamespace

    from game.ui.camera import Camera
    from game.ui.render.ships import GHOST_EDGE, REFUSED_EDGE, draw_ship

    ship = SimpleNamespace(id="x", x=5.0, y=3.0, heading=90.0, length=2.5, width=0.9, name="X", pose=(5.0, 3.0, 90.0))
    model = _look().model

    def edges(refused: bool) -> set:
        surf = pygame.Surface((400, 240))
        surf.fill((34, 84, 112))
        draw_ship(surf, Camera(400, 240, 40.0, 5.0, 3.0), ship, model, (180, 40, 40), ghost=True, refused=refused,
                  wind_from=0.0)
        return {tuple(surf.get_at((x, y)))[:3] for x in range(400) for y in range(240)}

    legal, refused = edges(False), edges(True)
    assert GHOST_EDGE in legal and REFUSED_EDGE not in legal
    assert REFUSED_EDGE in refused and GHOST_EDGE not in refused
    assert (180, 40, 40) not in legal  # never the side's colour: blue on blue sea, red read as refused


def test_a_screenshot_zoom_the_window_cannot_show_is_refused_in_words():
    import main

    parser = main.build_parser()
    assert parser.parse_args(["--zoom", "40"]).zoom == 40.0
    for bad in ("0.5", "9000", "close"):
        with pytest.raises(SystemExit):
            parser.parse_args(["--zoom", bad])
