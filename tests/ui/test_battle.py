"""A player's actions on the battle table, through the real scene's event handling."""

from __future__ import annotations

import math

import pygame
import pytest

from game.persistence.save import read_save
from game.systems.narration import DiceGroup, DiceRoll
from game.ui.render.tape import handle_point
from tests.ui.driver import battle, buttons, click, drag, frames, key, make_app, move_to, press_button


@pytest.fixture
def app():
    return make_app()


def _activate(app, scene, ship_id):
    s = scene.state.ships[ship_id]
    click(app, scene.cam.to_screen(s.x, s.y))
    assert scene.selected == ship_id
    key(app, pygame.K_RETURN)
    assert scene.state.activation is not None and scene.state.activation.ship == ship_id


def _zoom_on(scene, ship_id, scale=40.0):
    s = scene.state.ships[ship_id]
    scene.cam.cx, scene.cam.cy, scene.cam.scale = s.x, s.y, scale


def test_clicking_a_ship_selects_her_and_enter_activates_her(app):
    scene = battle(app)
    _activate(app, scene, "bucentaure")
    assert "1  Sail this segment" in buttons(app)  # her move first, then sail, then specials


def test_dragging_along_the_tape_measures_the_segment_and_enter_sails_it(app):
    scene = battle(app)
    _activate(app, scene, "bucentaure")
    _zoom_on(scene, "bucentaure")
    frames(app)
    s = scene.state.ships["bucentaure"]
    start = (s.x, s.y, s.heading)
    plan = scene.current_plan()
    fx, fy = plan.forward
    a = scene.cam.to_screen(s.x, s.y)
    b = scene.cam.to_screen(s.x + fx * 3.04, s.y + fy * 3.04)
    drag(app, a, b)
    assert plan.distance == pytest.approx(3.0)  # snapped to the tenth
    key(app, pygame.K_RETURN)
    s = scene.state.ships["bucentaure"]
    assert math.hypot(s.x - start[0], s.y - start[1]) == pytest.approx(3.0, abs=1e-6)
    assert s.heading == pytest.approx(start[2])
    assert scene.state.activation.segment == 1


def test_a_click_on_a_ship_taken_aback_sails_her_free_turn(app):
    # No way on and no tape to drag: the click that sails any other segment sails this one too.
    scene = battle(app)
    s = scene.state.ships["bucentaure"]
    s.heading = scene.state.wind_from  # head to wind
    _activate(app, scene, "bucentaure")
    _zoom_on(scene, "bucentaure")
    frames(app)
    assert scene.current_plan().aback
    before = len(scene.match.session.events)
    click(app, scene.cam.to_screen(s.x, s.y))
    assert any(e["type"] == "taken_aback" and e["ship"] == "bucentaure" for e in scene.match.session.events[before:])


def test_the_turn_handle_turns_within_the_allowance_only(app):
    scene = battle(app)
    _activate(app, scene, "bucentaure")
    _zoom_on(scene, "bucentaure")
    frames(app)
    plan = scene.current_plan()
    key(app, pygame.K_w)  # lay the tape out: the minimum plus a tenth
    assert plan.distance == pytest.approx(plan.lo + 0.1)
    s = scene.state.ships["bucentaure"]
    h = scene.cam.to_screen(*handle_point(plan, s.length))
    gx, gy, gh = plan.ghost_pose()
    # drag the handle far round to port: it stops at the allowance (medium ship, 30 degrees)
    left = (gx + math.sin(math.radians(gh - 90)) * 4, gy + math.cos(math.radians(gh - 90)) * 4)
    drag(app, h, scene.cam.to_screen(*left))
    assert plan.turn == pytest.approx(-plan.allowance)
    key(app, pygame.K_RETURN)
    assert scene.state.ships["bucentaure"].heading == pytest.approx((gh - plan.allowance) % 360)


def test_backspace_clears_the_plan_then_takes_back_a_segment_without_dice(app):
    scene = battle(app)
    _activate(app, scene, "bucentaure")
    before = scene.state.state_hash()
    plan = scene.current_plan()
    key(app, pygame.K_w)
    assert plan.distance is not None
    key(app, pygame.K_BACKSPACE)
    assert scene.current_plan().distance is None
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    assert scene.state.state_hash() != before
    key(app, pygame.K_BACKSPACE)
    assert scene.state.state_hash() == before


def test_a_take_back_never_undoes_rolled_dice(app):
    scene = battle(app)
    _activate(app, scene, "bucentaure")
    press_button(app, "4  Tack")  # a success test: dice rolled
    h = scene.state.state_hash()
    key(app, pygame.K_BACKSPACE)
    assert scene.state.state_hash() == h


def _broadside_activated(app):
    """The broadside duel with the first ship to move activated: (scene, her id, the enemy)."""
    scene = _broadside_duel(app)
    first = next(o.ship for o in scene.match.options())
    _activate(app, scene, first)
    enemy = next(s for s in scene.state.ships.values() if s.side != scene.state.ships[first].side)
    return scene, first, enemy


def _broadside_duel(app, poses=None):
    """The duel with the two frigates 12" apart, Constitution's starboard side to Guerriere (or at ``poses``)."""
    from dataclasses import replace

    from game.content.load import load_scenario, scenario_path
    from game.persistence.session import Session
    from game.ui.match import Match

    sc = load_scenario(scenario_path("duel"), app.ships, app.rules)
    poses = poses or {"american": (30.0, 20.0, 0.0), "british": (42.0, 20.0, 0.0)}
    sides = []
    for side in sc.sides:
        sq = side.squadrons[0]
        ship = replace(sq.ships[0], pose=poses[side.id])
        sides.append(replace(side, squadrons=(replace(sq, ships=(ship,)),)))
    app.open_battle(Match(Session(replace(sc, sides=tuple(sides)), app.rules, 3, {}), autosave=False))
    frames(app)
    return app.scene


def test_hovering_an_enemy_shows_the_shot_and_clicking_her_fires(app):
    scene = _broadside_duel(app)
    first = next(o.ship for o in scene.match.options())
    _activate(app, scene, first)
    firer = scene.state.ships[first]
    enemy = next(s for s in scene.state.ships.values() if s.side != firer.side)
    move_to(app, scene.cam.to_screen(enemy.x, enemy.y))
    assert scene.hover == enemy.id
    target, box = scene.view._shot_reports(first)
    side = "starboard" if firer.x < enemy.x else "port"
    (i,) = [i for i, (words, tone) in enumerate(box.lines) if tone == "head" and words.startswith(f"{side} broadside")]
    assert "close range" in box.lines[i][0] and float(box.lines[i + 2][0].split()[2]) > 0  # expected hits
    # the hover says what the dice tray will say: the face needed once the modifiers are in
    dice_line = box.lines[i + 1][0]
    assert "needing" in dice_line and ("on the die" in dice_line or "(" not in dice_line)
    click(app, scene.cam.to_screen(enemy.x, enemy.y))
    hull = next(b for b in scene.popup_buttons if b.text.endswith(": hull"))
    click(app, hull.get_abs_rect().center)
    fired = [e for e in scene.match.session.events if e["type"] == "broadside"]
    assert len(fired) == 1 and fired[0]["target"] == enemy.id and fired[0]["aim"] == "hull"
    assert scene.state.ships[enemy.id].hull == enemy.hull_start - fired[0]["hits"]


def test_saving_and_a_failed_load_leave_the_game_as_it_was(app, tmp_path):
    import pygame_gui

    scene = battle(app)
    _activate(app, scene, "bucentaure")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.dialog is not None and scene.dialog_mode == "save"
    path = tmp_path / "b.yaml"
    picked = pygame_gui.UI_FILE_DIALOG_PATH_PICKED
    pygame.event.post(pygame.event.Event(picked, text=str(path), ui_element=scene.dialog))
    frames(app)
    assert read_save(path)["scenario"] == "squadron"
    bad = tmp_path / "bad.yaml"
    bad.write_text("quarterdeck_save: 1\nscenario: [oops\n")
    h = scene.state.state_hash()
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert scene.dialog_mode == "load"
    pygame.event.post(pygame.event.Event(picked, text=str(bad), ui_element=scene.dialog))
    frames(app)
    assert scene.confirm_load is not None  # a battle is in play: loading asks first
    assert "will be closed" in scene.confirm_load.confirmation_text.html_text
    click(app, scene.confirm_load.confirm_button.get_abs_rect().center)
    frames(app)
    assert app.scene is scene and scene.state.state_hash() == h
    assert any(isinstance(el, pygame_gui.windows.UIMessageWindow) for el in app.ui.get_sprite_group().sprites())


def test_loading_a_save_resumes_the_battle(app, tmp_path):
    scene = battle(app)
    _activate(app, scene, "bucentaure")
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    h = scene.state.state_hash()
    scene.save_to(str(tmp_path / "g.yaml"))
    assert app.load_game(tmp_path / "g.yaml") is None
    assert app.scene is not scene and app.scene.state.state_hash() == h


def test_an_autosave_follows_every_activation(quarterdeck_home):
    app = make_app()
    app.autosave = True
    scene = battle(app)
    _activate(app, scene, "bucentaure")
    for _ in range(3):
        key(app, pygame.K_w)
        key(app, pygame.K_RETURN)
    key(app, pygame.K_e)
    assert scene.state.activation is None
    saved = read_save(quarterdeck_home / "autosave.yaml")
    assert len(saved["commands"]) == len(scene.match.session.steps)


def test_computer_sides_play_while_the_window_keeps_drawing(app):
    scene = battle(app, "duel", {"british": "random", "american": "random"})
    app.settings.animation = "instant"
    for _ in range(400):
        frames(app)
        if len(scene.match.session.steps) >= 6:
            break
    assert len(scene.match.session.steps) >= 6


def test_hot_seat_hands_over_between_the_two_players(app):
    scene = battle(app, "duel")
    seen = set()
    for _ in range(60):
        if scene.state.phase == "over":
            break
        if scene.banner:
            seen.add(scene.banner)
            key(app, pygame.K_RETURN)
            continue
        opts = scene.match.options()
        if any(o.type == "activate" for o in opts):
            scene.submit(next(o for o in opts if o.type == "activate").command())
        elif any(o.type == "end_activation" for o in opts):
            scene.submit(next(o for o in opts if o.type == "end_activation").command())
        else:
            o = next(o for o in opts if o.type in ("move", "hold_fire", "drift", "fire"))
            scene.submit(o.command(distance=o.ranges["distance"][1]) if o.type == "move" else o.command())
        frames(app)
    assert any("to play" in b for b in seen)


def test_the_shot_box_stays_beside_the_fire_pop_up_not_under_it(app):
    scene, first, enemy = _broadside_activated(app)
    at = scene.cam.to_screen(enemy.x, enemy.y)
    click(app, at)
    assert scene.popup is not None and scene.popup_target == enemy.id
    # the pointer leaves the enemy for the pop-up's buttons: the numbers stay up for that enemy
    move_to(app, scene.popup.get_abs_rect().center)
    target, _reports = scene.view._shot_reports(first)
    assert target == enemy.id
    x, y = scene.view._shot_box_place(280, 150)
    assert not pygame.Rect(x, y, 280, 150).colliderect(scene.popup.get_abs_rect())
    key(app, pygame.K_ESCAPE)
    assert scene.popup is None and scene.popup_target is None


def test_hovering_an_enemy_says_click_to_fire_only_when_a_shot_at_her_is_offered(app):
    scene, first, enemy = _broadside_activated(app)
    move_to(app, scene.cam.to_screen(enemy.x, enemy.y))
    assert scene.view.shot_lines(scene.view._shot_reports(first))[-1][0] == "click her to fire"

    ahead = {"american": (30.0, 20.0, 0.0), "british": (30.0, 32.0, 0.0)}  # dead ahead: in neither broadside
    scene = _broadside_duel(app, ahead)
    first = next(o.ship for o in scene.match.options())
    _activate(app, scene, first)
    enemy = next(s for s in scene.state.ships.values() if s.side != scene.state.ships[first].side)
    move_to(app, scene.cam.to_screen(enemy.x, enemy.y))
    reports = scene.view._shot_reports(first)
    assert reports is not None and not any(a.target == enemy.id for a in scene.actions.actions)
    words = [t for t, _ in scene.view.shot_lines(reports)]
    assert "click her to fire" not in words and words[-1] == "no shot at her now"
    click(app, scene.cam.to_screen(enemy.x, enemy.y))
    assert scene.popup is None  # and a click offers nothing


def test_ctrl_o_asks_before_the_battle_in_play_is_replaced(app, tmp_path):
    from game.content.load import load_scenario, scenario_path
    from game.persistence.save import write_save
    from game.persistence.session import Session
    from tests.ui.driver import pick_to_load

    other = tmp_path / "squadron.yaml"
    write_save(other, Session(load_scenario(scenario_path("squadron"), app.ships, app.rules), app.rules, 2, {}))
    scene = battle(app, "duel")
    h = scene.state.state_hash()
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    pick_to_load(app, scene, str(other), confirm=False)  # cancelled: nothing changes
    assert app.scene is scene and scene.state.state_hash() == h and scene.confirm_load is None
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    pick_to_load(app, scene, str(other))  # confirmed: the squadron battle replaces the duel
    assert app.scene is not scene and app.scene.state.scenario_id == "squadron"


def test_the_menu_pop_up_hides_the_shot_box(app):
    scene, first, enemy = _broadside_activated(app)
    move_to(app, scene.cam.to_screen(enemy.x, enemy.y))
    assert scene.view._shot_reports(first) is not None
    click(app, scene.menu_button.get_abs_rect().center)
    assert scene.popup is not None
    scene.hover = enemy.id
    assert scene.view._shot_reports(first) is None


def test_the_hand_over_card_stays_on_the_table_clear_of_the_side_panel(app):
    scene = battle(app, "duel", players={"american": "human", "british": "human"})
    scene.banner = "United States Navy to play — hand over, then click or press Enter"
    frames(app)
    box = scene.view.banner_rect
    view = pygame.Rect(scene.cam.view_x, scene.cam.view_y, scene.cam.view_w, scene.cam.view_h)
    assert box is not None and view.contains(box)
    assert not box.colliderect(scene.card_rect)
    click(app, view.center)
    assert scene.banner is None


def test_every_shot_in_the_fire_pop_up_fits_its_button(app):
    from game.ui.scenes.battle_input import fire_popup_width

    scene, first, enemy = _broadside_activated(app)
    click(app, scene.cam.to_screen(enemy.x, enemy.y))
    font = app.ui.get_theme().get_font(["button"])
    assert scene.popup_buttons
    for b in scene.popup_buttons:
        assert font.size(b.text)[0] <= b.get_abs_rect().width - 10, b.text
    assert fire_popup_width(["Fire starboard at HMS Indefatigable: chain shot"]) > 300 + 40


def test_the_menu_buttons_tool_tip_does_not_open_over_its_own_list(app):
    scene = battle(app, "duel")
    tip = scene.menu_button.tool_tip_text
    click(app, scene.menu_button.get_abs_rect().center)
    assert scene.popup is not None
    for _ in range(6):  # the pointer rests on the button well past the tool tip delay
        app.step(0.4)
    assert scene.menu_button.tool_tip is None
    key(app, pygame.K_ESCAPE)
    assert scene.popup is None and scene.menu_button.tool_tip_text == tip


def test_a_left_drag_is_not_a_click_and_does_not_activate_the_picked_ship(app):
    scene = battle(app)
    s = scene.state.ships["bucentaure"]
    at = scene.cam.to_screen(s.x, s.y)
    click(app, at)
    assert scene.selected == "bucentaure" and scene.state.activation is None
    from game.table.geometry import heading_vector

    f = heading_vector(s.heading)
    drag(app, at, scene.cam.to_screen(s.x + f[0], s.y + f[1]))  # an inch along her hull: starts and ends on her
    assert scene.state.activation is None
    click(app, at)  # a real second click still activates her
    assert scene.state.activation is not None and scene.state.activation.ship == "bucentaure"


def _foul_bucentaure(scene):
    """Lay Redoutable across Bucentaure's bow, touching it."""
    from game.table.geometry import heading_vector

    b, r = scene.state.ships["bucentaure"], scene.state.ships["redoutable"]
    fx, fy = heading_vector(b.heading)
    reach = b.length / 2 + r.width / 2 + 0.002
    r.x, r.y, r.heading = b.x + fx * reach, b.y + fy * reach, (b.heading + 90) % 360


def test_a_fouled_ship_is_offered_back_clear_and_x_lays_the_tape_from_her_stern(app):
    scene = battle(app)
    _foul_bucentaure(scene)
    _activate(app, scene, "bucentaure")
    _zoom_on(scene, "bucentaure")
    frames(app)
    assert any("Back clear (up to 2.0\" astern)" in b for b in buttons(app))  # a 74 at battle sail, reaching
    s = scene.state.ships["bucentaure"]
    start = (s.x, s.y, s.heading)
    key(app, pygame.K_x)
    frames(app)
    plan = scene.current_plan()
    assert plan.astern and (plan.lo, plan.hi) == (0.0, 2.0)
    assert any("Sail ahead instead" in b for b in buttons(app))
    fx, fy = plan.forward  # astern
    a = scene.cam.to_screen(s.x, s.y)
    b = scene.cam.to_screen(s.x + fx * 1.5, s.y + fy * 1.5)
    drag(app, a, b)
    assert plan.distance == pytest.approx(1.5)
    key(app, pygame.K_RETURN)
    frames(app)
    s = scene.state.ships["bucentaure"]
    back = math.hypot(s.x - start[0], s.y - start[1])
    assert back == pytest.approx(1.5, abs=1e-6) and scene.state.activation.segment == 1  # where she was dragged
    moved = [e for e in scene.match.session.events if e["type"] == "move" and e["ship"] == "bucentaure"]
    assert moved[-1]["astern"]
    assert scene.tape_for is None and not scene.current_plan().astern  # the next tape is laid ahead again


def test_the_bracket_keys_cycle_a_broadsides_load_and_the_card_shows_it(app):
    scene = battle(app, "round_and_grape")
    first = next(o.ship for o in scene.match.options())
    _activate(app, scene, first)
    assert any("Port guns: round shot → chain shot" in b for b in buttons(app))
    key(app, pygame.K_LEFTBRACKET)
    frames(app, 2)
    ship = scene.state.ships[first]
    assert ship.loads and ship.loads[0] == "chain"
    assert any("Port guns: chain shot → double shot" in b for b in buttons(app))
    card = scene.match.session.system.card(scene.state, first)
    assert any("Port ready · chain shot" in m.label for row in card.marks for m in row)


def test_enter_activates_the_only_ship_that_may_act_while_an_enemys_card_is_shown(app):
    scene = battle(app, "duel", seed=7)
    movers = [o.ship for o in scene.match.options() if o.type == "activate"]
    assert movers == ["constitution"]  # seed 7: the Americans act first, with their one ship
    g = scene.state.ships["guerriere"]
    click(app, scene.cam.to_screen(g.x, g.y))
    assert scene.selected == "guerriere"  # the enemy's card is up
    key(app, pygame.K_RETURN)
    frames(app)
    assert scene.state.activation is not None and scene.state.activation.ship == "constitution"


def test_enter_with_an_enemy_shown_and_two_ships_to_choose_from_activates_none(app):
    scene = battle(app, "squadron", seed=1)
    assert len([o for o in scene.match.options() if o.type == "activate"]) > 1
    enemy = next(s for s in scene.state.ships.values() if s.side == "british")
    click(app, scene.cam.to_screen(enemy.x, enemy.y))
    key(app, pygame.K_RETURN)
    frames(app)
    assert scene.state.activation is None


def test_the_dice_tray_moves_off_ships_lying_in_its_corner_when_a_roll_comes_up(app):
    scene = battle(app)
    frames(app)
    home = scene.view.tray_rect
    assert scene.view.tray_corner == "bottom-right"
    # the British line in mid-table, Fougueux in the bottom right of the view under the tray: dice are rolled
    for n, sid in enumerate(("venerable", "bellerophon", "vanguard")):
        scene.state.ships[sid].x, scene.state.ships[sid].y = 30 + 6 * n, 26
    s = scene.state.ships["fougueux"]
    s.x, s.y = scene.cam.to_table(*home.center)
    scene.tray.push(_a_roll())
    frames(app)
    assert scene.view.tray_corner == "bottom-left"
    moved = scene.view.tray_rect
    assert moved.left < home.left and not moved.collidepoint(scene.cam.to_screen(s.x, s.y))


def _a_roll():
    return DiceRoll("Venerable fires", [DiceGroup(10, [3, 7, 10], 5)], "2 hits")
