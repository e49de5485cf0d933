"""The scenario editor driven as a player would: posted clicks and keys on the real scene, files read back by the
game's own reader."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.load import load_scenario, scenario_path
from game.ui.editor import document as D
from game.ui.scenes.editor import EditorScene, open_editor
from tests.ui.driver import click, frames, key, make_app, press_button


def _editor(path: str | None = None):
    app = make_app((1024, 600))
    open_editor(app, path)
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    return app, scene


def _at(scene: EditorScene, x: float, y: float) -> tuple[int, int]:
    sx, sy = scene.cam.to_screen(x, y)
    return round(sx), round(sy)


def _search_and_pick(app, scene: EditorScene, words: str) -> None:
    """Type in the Ships page's search field, then click the first ship the list shows."""
    import pygame_gui

    field = next(f for f in scene.form.text_fields if str(getattr(f, "tool_tip_text", "")).startswith("Part of"))
    click(app, field.get_abs_rect().center)
    field.set_text(words)
    key(app, pygame.K_RETURN)
    frames(app)
    listed = next(el for el in scene.form.handlers if isinstance(el, pygame_gui.elements.UISelectionList))
    click(app, listed.item_list_container.elements[0].get_abs_rect().center)
    frames(app)  # the list's "new selection" follows its row's press by a frame


def _place(app, scene: EditorScene, ship: str, x: float, y: float) -> None:
    scene.choose_class(ship)  # the pick in the ships list
    click(app, _at(scene, x, y))


def test_build_a_scenario_save_it_and_read_it_back(quarterdeck_home):
    app, scene = _editor()
    press_button(app, "Ships")
    _search_and_pick(app, scene, "constitution")
    assert scene.tool == "place" and scene.chosen_class == "constitution"
    click(app, _at(scene, 20, 20))
    key(app, pygame.K_ESCAPE)  # stop placing
    scene.choose_home(1, 0)  # the Joins menu: the second side's squadron
    _place(app, scene, "guerriere", 50, 30)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_e)  # turn the chosen ship (guerriere) 15 degrees to starboard
    key(app, pygame.K_t)  # draw an island
    for corner in ((30, 5), (40, 5), (35, 12)):
        click(app, _at(scene, *corner))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.save_path is not None and scene.save_path.parent == quarterdeck_home / "scenarios"
    sc = load_scenario(scene.save_path, app.ships, app.rules)
    placed = {s.id: s for _, _, s in sc.ships()}
    assert [len(side.squadrons[0].ships) for side in sc.sides] == [1, 1]
    assert placed["constitution"].pose[:2] == pytest.approx((20, 20), abs=0.2)
    assert placed["guerriere"].pose == pytest.approx((50, 30, 15), abs=0.2)
    assert [t.kind for t in sc.terrain] == ["island"] and len(sc.terrain[0].points) == 3
    assert not scene.dirty


def test_undo_and_redo_an_edit():
    app, scene = _editor()
    box = next(field for field in scene.form.text_fields if field.get_text() == scene.doc.description)
    click(app, box.get_abs_rect().center)
    box.set_text("Two frigates meet at dawn.")
    click(app, _at(scene, 60, 40))  # leaving the box makes the edit
    assert scene.doc.description == "Two frigates meet at dawn."
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.doc.description == D.new_scenario().description
    _place(app, scene, "constitution", 20, 20)
    assert D.find_ship(scene.doc, "constitution") is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert D.find_ship(scene.doc, "constitution") is None
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert D.find_ship(scene.doc, "constitution") is not None


def test_an_overlapping_placement_is_refused_with_the_reason():
    app, scene = _editor()
    _place(app, scene, "constitution", 20, 20)
    before = scene.doc
    _place(app, scene, "guerriere", 20.5, 20)
    assert scene.doc is before
    assert app.message is not None and "overlap" in app.message[0]
    _place(app, scene, "guerriere", 40, 0.5)  # her stern off the table's south edge
    assert scene.doc is before and "not lie wholly on the" in app.message[0]


def test_dragging_a_ship_onto_another_is_refused_and_she_stays():
    from tests.ui.driver import drag

    app, scene = _editor()
    _place(app, scene, "constitution", 20, 20)
    _place(app, scene, "guerriere", 40, 20)
    key(app, pygame.K_ESCAPE)
    drag(app, _at(scene, 40, 20), _at(scene, 20.5, 20))
    at = D.find_ship(scene.doc, "guerriere")
    assert at is not None and D.ship_at(scene.doc, at).pose[:2] == (40, 20)
    assert "overlap" in app.message[0]
    drag(app, _at(scene, 40, 20), _at(scene, 40, 30))
    assert D.ship_at(scene.doc, at).pose[:2] == pytest.approx((40, 30), abs=0.2)


def test_a_shore_battery_is_placed_set_up_and_saved(quarterdeck_home):
    app, scene = _editor(str(scenario_path("duel")))
    press_button(app, "Forts")
    press_button(app, "Place a battery")
    click(app, _at(scene, 10, 40))
    at = D.find_battery(scene.doc, "battery")
    assert at is not None and D.battery_at(scene.doc, at).position == pytest.approx((10, 40), abs=0.2)
    guns = next(field for field in scene.form.text_fields if field.get_text() == "24")  # the Guns field
    click(app, guns.get_abs_rect().center)
    guns.set_text("2000")
    key(app, pygame.K_RETURN)
    frames(app)  # the field's "finished" event comes a frame after the key
    assert D.battery_at(scene.doc, at).guns == 24 and "guns must be from 1 to 1000" in app.message[0]
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    sc = load_scenario(scene.save_path, app.ships, app.rules)
    assert [b.id for b in sc.sides[0].batteries] == ["battery"]


def test_a_shipped_scenario_saved_unchanged_reads_back_the_same(quarterdeck_home):
    app, scene = _editor(str(scenario_path("cap_noir")))
    original = load_scenario(scenario_path("cap_noir"), app.ships, app.rules)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.save_path == quarterdeck_home / "scenarios" / "cap_noir.yaml"  # a copy: the shipped file stays
    assert D.same(load_scenario(scene.save_path, app.ships, app.rules), original)


def test_a_broken_file_lists_its_problems_by_line_and_the_editor_goes_on(tmp_path):
    broken = tmp_path / "broken.yaml"
    text = scenario_path("duel").read_text(encoding="utf-8").replace("ship: guerriere", "ship: guerière")
    broken.write_text(text, encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "guerière" in ln)
    app, scene = _editor(str(broken))
    assert any(p.endswith(f"broken.yaml:{line}: sides[1].squadrons[0].ships[0].ship: unknown ship 'guerière' "
                          "(did you mean 'guerriere'?)") for p in scene.problems), scene.problems
    assert scene.modal() is not None
    key(app, pygame.K_ESCAPE)  # closes the problems window
    assert scene.modal() is None
    _place(app, scene, "constitution", 20, 20)
    assert D.find_ship(scene.doc, "constitution") is not None


def test_a_scenario_the_reader_refuses_is_not_saved(quarterdeck_home):
    app, scene = _editor()
    _place(app, scene, "constitution", 20, 20)  # the second side has no ship yet
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.save_path is not None and not scene.save_path.exists()
    assert any(":" in p and "squadrons[0].ships" in p for p in scene.problems), scene.problems


def test_a_cagway_scenario_is_refused_politely():
    app, scene = _editor(str(scenario_path("cagway_blockade_run")))
    assert "Beat to Quarters scenarios only" in scene.problems[0]
    assert scene.doc.name == D.new_scenario().name


def test_test_play_starts_the_battle_on_the_saved_file_and_comes_back(monkeypatch):
    app, scene = _editor(str(scenario_path("duel")))
    click(app, _at(scene, 16, 14))  # USS Constitution
    key(app, pygame.K_e)
    calls = []
    monkeypatch.setattr(app, "start_battle", lambda *a: calls.append(a))
    key(app, pygame.K_F5)
    (path, players, seed, options), = calls
    assert isinstance(path, Path) and load_scenario(path, app.ships, app.rules).name == "The Duel"
    assert players == {"american": "human", "british": "human"} and options == {}
    app.back_to_menu()  # what the battle's end screen and menu do
    back = app.scene
    assert isinstance(back, EditorScene) and back.doc.name == "The Duel"
    assert back.dirty and back.history.undo() == "turn USS Constitution"  # the edits came back, undo and all


def test_the_menu_opens_the_editor_with_key_e():
    from game.ui.scenes.menu import MenuScene

    app = make_app((1280, 800))
    app.back_to_menu()
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_e)
    assert isinstance(app.scene, EditorScene)
    press_button(app, "Menu")  # nothing edited: no question asked
    assert isinstance(app.scene, MenuScene)


def test_a_field_edits_the_document_as_it_is_not_as_the_page_was_laid_out():
    from tests.ui.driver import drag

    app, scene = _editor(str(scenario_path("duel")))
    drag(app, _at(scene, 16, 14), _at(scene, 30, 14))  # USS Constitution moved
    press_button(app, "Scenario")
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the move undone; the Scenario page shows nothing of it
    turns = next(f for f in scene.form.text_fields if f.get_text() == "12")
    click(app, turns.get_abs_rect().center)
    turns.set_text("9")
    key(app, pygame.K_RETURN)
    frames(app)
    at = D.find_ship(scene.doc, "constitution")
    assert scene.doc.turn_limit == 9 and at is not None and D.ship_at(scene.doc, at).pose[:2] == (16, 14)
