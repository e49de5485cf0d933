"""The editor's Victory, Scenario and Ships pages on the format's newer parts (objectives, the night's dawn, the
history note, a ship's own name and condition), driven with posted clicks and keys; every file is read back by
the game's own reader."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.content.load import load_scenario, scenario_path
from game.ui.scenes.editor import EditorScene, open_editor
from tests.ui.driver import click, frames, key, make_app, press_button


def _editor(name: str = "duel"):
    """The editor on a scenario of two frigates fought on points (The Duel without its prize objectives)."""
    app = make_app((1024, 600))
    text = scenario_path(name).read_text(encoding="utf-8")
    if "\n  objectives:" in text:
        text = text[: text.index("\n  objectives:")] + "\n"
    copy = Path(tempfile.mkdtemp(prefix="editor-")) / f"{name}.yaml"
    copy.write_text(text, encoding="utf-8")
    open_editor(app, str(copy))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    return app, scene


def _at(scene: EditorScene, x: float, y: float) -> tuple[int, int]:
    sx, sy = scene.cam.to_screen(x, y)
    return round(sx), round(sy)


def _menu(scene: EditorScene, showing: str) -> pygame_gui.elements.UIDropDownMenu:
    """The panel's drop-down whose chosen row starts with ``showing``."""
    return next(el for el in scene.form.handlers if isinstance(el, pygame_gui.elements.UIDropDownMenu)
                and el.selected_option[0].startswith(showing))


def _choose(app, menu, row: str) -> None:
    """Open the drop-down and click its row that starts with ``row``."""
    click(app, menu.get_abs_rect().center)
    rows = menu.current_state.options_selection_list.item_list
    button = next(r["button_element"] for r in rows if r["text"].startswith(row))
    click(app, button.get_abs_rect().center)
    frames(app, 2)


def _type(app, scene: EditorScene, tip_start: str, text: str, nth: int = 0) -> None:
    """Type ``text`` in the panel's field whose tip starts with ``tip_start`` and press Enter."""
    fields = [f for f in scene.form.text_fields if str(getattr(f, "tool_tip_text", "")).startswith(tip_start)]
    field = fields[nth]
    click(app, field.get_abs_rect().center)
    field.set_text(text)
    key(app, pygame.K_RETURN)
    frames(app)


def _said(app) -> str:
    return app.message[0] if app.message else ""


def _add(app, scene: EditorScene, what: str) -> None:
    _choose(app, _menu(scene, "Add an objective"), what)


def test_an_objective_of_each_kind_is_added_saved_and_read_back(quarterdeck_home):
    app, scene = _editor()
    press_button(app, "Victory")
    _add(app, scene, "Escape for United States Navy")
    _choose(app, _menu(scene, "North"), "East")  # the edge she gets away by
    _add(app, scene, "Protect for United States Navy")
    _type(app, scene, "Points for each ship", "7.5")
    _add(app, scene, "Take for Royal Navy")
    tick = next(el for el in scene.form.handlers if isinstance(el, pygame_gui.elements.UICheckBox))
    click(app, tick.get_abs_rect().center)
    _add(app, scene, "Destroy for Royal Navy")
    _type(app, scene, "How the log", "Sink the Yankee")
    _add(app, scene, "Hold for Royal Navy")
    press_button(app, "Centre on table")
    click(app, _at(scene, 30, 20))
    _type(app, scene, "The circle's radius", "4")
    _choose(app, _menu(scene, "Once, at the end"), "At every turn")
    _add(app, scene, "Hold for United States Navy")
    press_button(app, "Draw a polygon")
    for corner in ((40, 5), (50, 5), (45, 12)):
        click(app, _at(scene, *corner))
    key(app, pygame.K_RETURN)
    _choose(app, _menu(scene, "Points (ships"), "Objectives alone")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.save_path is not None and not scene.dirty, _said(app)

    back = load_scenario(scene.save_path, app.ships, app.rules)
    assert back.victory["mode"] == "objectives"
    aims = {o["id"]: o for o in back.victory["objectives"]}
    assert [o["kind"] for o in back.victory["objectives"]] == ["escape", "protect", "take", "destroy", "hold", "hold"]
    escape = aims["american_escape"]
    assert escape["edge"] == "east" and "points" not in escape and escape["side"] == "american"
    assert aims["american_protect"]["ships"] == ("constitution",) and aims["american_protect"]["points"] == 7.5
    assert aims["british_take"]["ships"] == ("constitution",) and aims["british_take"]["ends"] is True
    assert aims["british_destroy"]["name"] == "Sink the Yankee"
    circle = aims["british_hold"]
    assert circle["centre"] == pytest.approx((30, 20), abs=0.3) and circle["radius"] == 4 and circle["when"] == "turn"
    polygon = aims["american_hold"]
    assert "centre" not in polygon and len(polygon["zone"]) == 3
    assert polygon["zone"][0] == pytest.approx((40, 5), abs=0.3)


def test_bad_values_are_refused_with_the_reason():
    app, scene = _editor()
    press_button(app, "Victory")
    _choose(app, _menu(scene, "Points (ships"), "Objectives alone")
    assert "needs at least one objective" in _said(app) and scene.doc.victory.get("mode", "points") == "points"
    _add(app, scene, "Hold for Royal Navy")
    before = scene.doc
    _type(app, scene, "Points each time", "20000")
    assert "points must be from 0 to 10000" in _said(app) and scene.doc is before
    _type(app, scene, "The circle's radius", "0")
    assert "radius must be more than 0" in _said(app) and scene.doc is before
    press_button(app, "Draw a polygon")
    for corner in ((30, 30), (34, 34), (34, 30), (30, 34)):  # a bow tie: its sides cross
        click(app, _at(scene, *corner))
    key(app, pygame.K_RETURN)
    assert "simple polygon" in _said(app) and scene.doc is before
    key(app, pygame.K_ESCAPE)
    press_button(app, "Centre on table")
    click(app, (scene.cam.view_x + 3, scene.cam.view_y + 3))  # the sea beyond the table's corner
    assert "centre must be on the table" in _said(app) and scene.doc is before
    # a ship's condition above her class's figure
    key(app, pygame.K_ESCAPE)
    click(app, _at(scene, 16, 14))  # the Constitution
    assert scene.selected == "constitution" and scene.page == "ships"
    _type(app, scene, "Her hull at the start", "81")
    assert "hull must be from 1 to 80" in _said(app) and not scene.doc.sides[0].squadrons[0].ships[0].condition


def test_a_ships_name_and_condition_and_the_night_are_set_and_read_back(quarterdeck_home):
    app, scene = _editor()
    click(app, _at(scene, 16, 14))
    _type(app, scene, "The name she sails under", "USS  Old Ironsides")
    _type(app, scene, "Her hull at the start", "60")
    _type(app, scene, "Her crew at the start", "40")  # her class's own figure: a full track, left out
    _type(app, scene, "Her rigging at the start", "0")
    press_button(app, "Scenario")
    _choose(app, _menu(scene, "Description"), "History")
    box = next(f for f in scene.form.text_fields if isinstance(f, pygame_gui.elements.UITextEntryBox))
    click(app, box.get_abs_rect().center)
    box.set_text("August 1812: Constitution took Guerriere.\n\nSources: Roosevelt, The Naval War of 1812.")
    app.ui.set_focus_set(None)  # leaving the box makes the edit
    frames(app, 2)
    visibility = next(el for el in scene.form.handlers if isinstance(el, pygame_gui.elements.UICheckBox)
                      and el.text == "Visibility")
    click(app, visibility.get_abs_rect().center)
    _choose(app, _menu(scene, "Fog"), "Night")
    _type(app, scene, "The turn at whose start", "30")
    assert "dawn must be from 2 to" in _said(app) and "dawn" not in scene.doc.extra
    _type(app, scene, "The turn at whose start", "6")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.save_path is not None and not scene.dirty, _said(app)

    back = load_scenario(scene.save_path, app.ships, app.rules)
    constitution = back.sides[0].squadrons[0].ships[0]
    assert constitution.name == "USS Old Ironsides"
    assert constitution.condition == {"hull": 60, "rigging": 0}
    assert back.history.startswith("August 1812") and "\n\nSources" in back.history
    assert "visibility=night" in back.options and back.extra["dawn"] == 6
