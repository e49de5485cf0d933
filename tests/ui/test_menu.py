"""The menu, the rules reference and the end screen, driven like a player would.

Each test builds the real window headless (SDL's dummy driver), pushes the
scene and posts mouse and key events through ``app.step``, so the widgets,
their events and the scenes' handling are all exercised together.  A private
QUARTERDECK_HOME keeps the real autosave and settings out of it.
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

SIZE = (1280, 800)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    from game.ui.app import QuarterdeckApp

    a = QuarterdeckApp(size=SIZE, headless=True)
    pygame.event.clear()
    yield a
    while a.scenes:
        a.pop()
    pygame.event.clear()


def menu(app):
    from game.ui.scenes.menu import MenuScene

    scene = MenuScene(app)
    app.push(scene)
    step(app)
    return scene


def step(app, n: int = 3, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.step(dt)


def click(app, element_or_pos) -> None:
    """Move there (pygame_gui hovers from the real mouse position), press and release."""
    pos = element_or_pos if isinstance(element_or_pos, tuple) else element_or_pos.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 3)


def key(app, k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))
    step(app, 2)


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, 2)


def shown(app, selection_list, text: str):
    """The list's button for ``text``, scrolled into view with the mouse wheel as a player would."""
    box = selection_list.get_abs_rect()
    for _ in range(40):
        buttons = [i["button_element"] for i in selection_list.item_list if i["button_element"] is not None]
        button = next((b for b in buttons if b.text == text and box.contains(b.get_abs_rect())), None)
        if button is not None:
            at = button.get_abs_rect()
            step(app, 10)  # let the list settle where the wheel left it
            if button.text == text and button.get_abs_rect() == at:
                return button
            continue
        pygame.mouse.set_pos(box.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_y=-1.0))
        step(app, 2)
    raise AssertionError(f"{text!r} never scrolled into view")


def list_button(selection_list, text: str):
    for item in selection_list.item_list:
        if item["text"] == text and item["button_element"] is not None:
            return item["button_element"]
    raise AssertionError(f"{text!r} not shown in the list: {[i['text'] for i in selection_list.item_list]}")


def choose(app, dropdown, label: str) -> None:
    """Open a drop-down and click one of its options."""
    click(app, dropdown)
    options = dropdown.current_state.options_selection_list
    click(app, list_button(options, label))
    step(app, 3)  # button -> list selection -> menu changed: one frame each


# --- the menu ----------------------------------------------------------------------------------


def test_new_battle_start_passes_scenario_players_and_seed(app, monkeypatch):
    from game.ui.scenes.menu import kind_label

    calls = []
    monkeypatch.setattr(app, "start_battle", lambda *a: calls.append(a))  # returns None: success
    scene = menu(app)
    key(app, pygame.K_n, "n")
    assert scene.panel_kind == "new"
    click(app, shown(app, scene.scenario_list, "The Duel"))
    assert scene.chosen == "duel"
    assert "Constitution" in scene.description.html_text
    assert set(scene.side_menus) == {"american", "british"}
    strongest = "captain:normal"  # the default opponent: the captain at her normal level
    assert scene.chosen_players() == {"american": "human", "british": strongest}

    choose(app, scene.side_menus["british"], kind_label(strongest))  # the choice already made
    assert not hasattr(scene.side_menus["british"].current_state, "options_selection_list"), "menu left open"
    assert scene.chosen_players()["british"] == strongest
    choose(app, scene.side_menus["british"], kind_label("random"))
    choose(app, scene.side_menus["american"], kind_label("random"))
    click(app, scene.seed_entry)
    type_text(app, "42")
    click(app, scene.start_button)
    assert calls == [("duel", {"american": "random", "british": "random"}, 42, {})]


def test_the_captains_levels_are_offered_by_name_and_the_one_chosen_is_explained_under_the_commanders(app):
    from game.ai.search.levels import LEVELS
    from game.ui.scenes.menu import kind_label

    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, shown(app, scene.scenario_list, "The Duel"))
    british = scene.side_menus["british"]
    labels = [label for label, _ in british.options_list]
    assert labels[1:] == ["Computer: scripted", "Computer: captain \u2014 easy", "Computer: captain \u2014 normal",
                          "Computer: captain \u2014 hard", "Computer: old captain (v1)", "Computer: random"]
    assert "normal: a steady opponent" in scene.level_line.text
    choose(app, british, kind_label("captain:hard"))
    hard = f"up to {LEVELS['hard'].budget_ms / 1000:g} s a move"
    assert scene.chosen_players()["british"] == "captain:hard" and hard in scene.level_line.text
    choose(app, scene.side_menus["american"], kind_label("captain:easy"))
    assert "easy: makes mistakes a beginner can punish" in scene.level_line.text and hard in scene.level_line.text
    tip = british.tool_tip_text
    assert all(f"Captain {lv}:" in tip for lv in LEVELS)


def test_a_kind_the_menu_has_no_label_for_is_named_with_its_level():
    from game.ui.scenes.menu import kind_label

    assert kind_label("captain:800ms") == "Computer: captain \u2014 800 ms a move"
    assert kind_label("captain") == kind_label("captain:normal")


def test_an_optional_rule_is_ticked_with_its_help_and_one_the_scenario_requires_cannot_be_untied(app):
    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, shown(app, scene.scenario_list, "The Duel"))
    box = scene.option_boxes["wind_shifts"]
    assert "Optional Rules: Weather" in box.tool_tip_text and not box.get_state()
    click(app, box)
    assert scene.chosen_options() == {"wind_shifts": {}}
    click(app, scene.start_button)
    assert "wind_shifts" in app.scene.match.session.system.enabled  # the battle plays with it
    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, shown(app, scene.scenario_list, "Shifting Wind"))
    box = scene.option_boxes["wind_shifts"]
    assert box.get_state() and not box.is_enabled and scene.chosen_options() == {}


def test_an_option_with_a_value_is_offered_with_its_choices_and_the_scenario_fixes_its_own(app):
    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, shown(app, scene.scenario_list, "The Duel"))
    click(app, scene.option_boxes["weather"])
    choose(app, scene.option_menus["weather"], "poor visibility")
    assert scene.chosen_options() == {"weather": {"value": "poor_visibility"}}
    click(app, scene.start_button)
    assert app.scene.match.session.state.weather == "poor_visibility"
    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, shown(app, scene.scenario_list, "Biscay Gale"))
    menu_ = scene.option_menus["weather"]
    assert menu_.selected_option[1] == "heavy_seas" and not menu_.is_enabled
    assert not scene.option_boxes["weather"].is_enabled and scene.chosen_options() == {}


def test_start_failure_shows_the_reason_and_keeps_the_panel(app, monkeypatch):
    monkeypatch.setattr(app, "start_battle", lambda *a: "no side 'x' in duel")
    scene = menu(app)
    click(app, scene.buttons["new"].widget)
    key(app, pygame.K_RETURN)  # Enter starts with the defaults; a blank seed means random
    assert app.scene is scene and scene.panel_kind == "new"
    window = scene._modal()
    assert isinstance(window, pygame_gui.windows.UIMessageWindow)
    assert "no side" in window.text_block.html_text


def test_continue_is_disabled_without_an_autosave(app, monkeypatch):
    called = []
    monkeypatch.setattr(app, "continue_autosave", lambda: called.append(1))
    scene = menu(app)
    assert not scene.buttons["continue"].widget.is_enabled
    assert "No autosaved battle" in scene.continue_label.text
    key(app, pygame.K_c, "c")
    click(app, scene.buttons["continue"].widget)
    assert called == []


def test_continue_names_the_autosaved_scenario_and_turn(app):
    from game.content.load import load_scenario, scenario_path
    from game.persistence.autosave import autosave_path
    from game.persistence.save import write_save
    from game.persistence.session import Session

    sc = load_scenario(scenario_path("duel"), app.ships, app.rules)
    write_save(autosave_path(), Session(sc, app.rules, 7, {"american": "human", "british": "random"}))
    scene = menu(app)
    assert scene.buttons["continue"].widget.is_enabled
    assert scene.continue_label.text == "The Duel, turn 1"
    assert "The Duel, turn 1" in scene.buttons["continue"].widget.tool_tip_text


def test_continue_is_not_offered_for_a_battle_that_is_over(app, monkeypatch):
    from game.content.load import load_scenario, scenario_path
    from game.persistence.autosave import autosave_path
    from game.persistence.save import write_save
    from game.selfplay import play

    sc = load_scenario(scenario_path("duel"), app.ships, app.rules)
    finished = play(sc, app.rules, 7, {"american": "random", "british": "random"}).session
    assert finished.over
    write_save(autosave_path(), finished)
    called = []
    monkeypatch.setattr(app, "continue_autosave", lambda: called.append(1))
    scene = menu(app)
    assert not scene.buttons["continue"].widget.is_enabled
    assert scene.continue_label.text == "The last battle, The Duel, is over"
    key(app, pygame.K_c, "c")
    assert called == []


def test_corrupted_autosave_shows_an_error_and_keeps_the_menu(app):
    from game.persistence.autosave import autosave_path

    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("quarterdeck_save: 1\nscenario: [unclosed\n", encoding="utf-8")
    scene = menu(app)
    assert scene.buttons["continue"].widget.is_enabled
    assert "damaged" in scene.continue_label.text
    click(app, scene.buttons["continue"].widget)
    window = scene._modal()
    assert isinstance(window, pygame_gui.windows.UIMessageWindow)
    assert "autosave.yaml" in window.text_block.html_text
    assert app.scenes == [scene] and scene.buttons["new"].widget.alive()
    key(app, pygame.K_ESCAPE)  # closes the window, not the program
    assert scene._modal() is None and app.running


def _saved_battle(folder, name: str, seed: int = 3, commands: int = 12) -> None:
    """A real save of a duel played a few commands in by random players."""
    from game.ai import make_player
    from game.content.load import load_default, load_scenario, scenario_path
    from game.persistence.save import write_save
    from game.persistence.session import Session

    rules, ships = load_default()
    session = Session(load_scenario(scenario_path("duel"), ships, rules), rules, seed, {"british": "captain"})
    players = {side.id: make_player("random", seed, side.id) for side in session.scenario.sides}
    for _ in range(commands):
        if session.over:
            break
        options = session.legal()
        side = session.state.ships[options[0].ship].side
        session.submit(players[side].choose(session.state, options))
    folder.mkdir(parents=True, exist_ok=True)
    write_save(folder / name, session)


def test_the_load_window_lists_each_save_by_its_battle_and_refuses_a_damaged_one(app, tmp_path):
    from game.ui.panels.save_browser import SaveBrowser

    saves = tmp_path / "saves"
    _saved_battle(saves, "duel-turn1.yaml")
    (saves / "bad.yaml").write_bytes(b"\x00\x01 not a save")
    scene = menu(app)
    key(app, pygame.K_l, "l")
    dialog = scene.file_dialog
    assert isinstance(dialog, SaveBrowser) and dialog.alive()
    assert os.path.samefile(dialog.folder, saves)
    rows = {s.path.name: s for s in dialog.summaries}
    good, bad = rows["duel-turn1.yaml"], rows["bad.yaml"]
    assert good.title == "The Duel" and good.progress().startswith("turn 1 of")
    sides = [(name, kind) for name, kind, _ in good.sides()]
    assert sides == [("United States Navy", "human"), ("Royal Navy", "captain")]
    assert "not a Quarterdeck save" in bad.problem
    for _ in range(200):  # the worker replays the good save for its picture
        step(app, 1)
        if good.path in dialog._pictures:
            break
    assert isinstance(dialog._pictures[good.path], dict)
    click(app, dialog.row_rect(list(rows).index("bad.yaml")).center)
    assert not dialog.load_button.is_enabled  # a damaged save cannot be chosen
    # a file picked elsewhere ("Other folder...") that is no save is reported, and the menu stays
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(saves / "bad.yaml"),
                                         ui_element=dialog))
    dialog.kill()
    step(app)
    window = scene._modal()
    assert isinstance(window, pygame_gui.windows.UIMessageWindow)
    assert "not a Quarterdeck save" in window.text_block.html_text
    assert app.scenes == [scene]


def test_a_double_click_on_a_save_in_the_load_window_opens_the_battle(app, tmp_path):
    from game.persistence.save import read_save
    from game.ui.scenes.battle import BattleScene

    _saved_battle(tmp_path / "saves", "duel-turn1.yaml")
    scene = menu(app)
    key(app, pygame.K_l, "l")
    row = scene.file_dialog.row_rect(0).center
    click(app, row)
    click(app, row)
    step(app, 3)
    assert isinstance(app.scene, BattleScene)
    saved = read_save(tmp_path / "saves" / "duel-turn1.yaml")["commands"]
    assert app.scene.match.session.commands[:12] == saved  # (the computer's British may have acted since)


def test_settings_changes_are_saved(app):
    from game.ui.settings import settings_path

    scene = menu(app)
    key(app, pygame.K_s, "s")
    assert scene.panel_kind == "settings"
    click(app, scene.grid_box)
    assert yaml.safe_load(settings_path().read_text())["grid"] is True
    choose(app, scene.animation_menu, "Fast")
    assert yaml.safe_load(settings_path().read_text())["animation"] == "fast"
    before = app.settings.volume
    click(app, scene.volume_slider.right_button)
    step(app, 3, dt=0.2)  # the file is written once the slider rests
    saved = yaml.safe_load(settings_path().read_text())
    assert saved["volume"] == pytest.approx(before + 0.05)
    click(app, scene.fullscreen_box)
    assert app.settings.fullscreen is True
    assert yaml.safe_load(settings_path().read_text())["fullscreen"] is True
    click(app, scene.settings_close)
    assert scene.panel_kind is None


def test_a_settings_file_that_cannot_be_written_is_reported(app, monkeypatch):
    import game.ui.scenes.menu as menu_module

    monkeypatch.setattr(menu_module, "save_settings", lambda s: "could not save settings: read-only")
    scene = menu(app)
    key(app, pygame.K_s, "s")
    click(app, scene.grid_box)
    assert app.settings.grid is True
    assert scene.settings_error.text == "could not save settings: read-only"
    key(app, pygame.K_F11)  # fullscreen from anywhere: the box follows
    assert scene.fullscreen_box.is_checked is app.settings.fullscreen is True


def test_shortcut_letters_are_text_while_typing_a_seed(app):
    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, scene.seed_entry)
    key(app, pygame.K_q, "q")  # would quit if it were a shortcut here
    assert app.running and scene.panel_kind == "new"
    key(app, pygame.K_ESCAPE)  # first Escape lets go of the field, the next closes the panel
    key(app, pygame.K_ESCAPE)
    assert scene.panel_kind is None and app.running
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_scenario_choice_stands_when_clicked_again_and_moves_with_the_arrow_keys(app):
    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, shown(app, scene.scenario_list, "The Duel"))
    click(app, shown(app, scene.scenario_list, "The Duel"))  # pygame_gui would unselect it
    assert scene.chosen == "duel" and scene.scenario_list.get_single_selection() == "The Duel"
    key(app, pygame.K_DOWN)
    ids = [e.id for e in scene.entries]
    below = scene.entries[ids.index("duel") + 1]  # the list runs in the scenarios' order
    assert scene.chosen == below.id and scene.scenario_list.get_single_selection() == below.title
    assert set(scene.side_menus) == {side.id for side in below.scenario.sides}
    key(app, pygame.K_UP)
    assert scene.chosen == "duel"


def test_menu_survives_a_resize(app):
    scene = menu(app)
    key(app, pygame.K_n, "n")
    click(app, shown(app, scene.scenario_list, "The Duel"))
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    step(app)
    assert app.size == (960, 600)
    assert scene.chosen == "duel" and scene.panel_kind == "new"
    assert scene.panel.rect.right <= 960 and scene.panel.rect.bottom <= 600


# --- the rules reference ----------------------------------------------------------------------


def test_reference_shows_every_section_and_goes_back(app):
    from game.ui.scenes.reference import ReferenceScene, _sections

    scene = menu(app)
    key(app, pygame.K_r, "r")
    ref = app.scene
    assert isinstance(ref, ReferenceScene) and ref.overlay
    sections = _sections(app.system)
    try:
        from game.systems.btq21.reference import reference_sections

        assert sections[:-1] == list(reference_sections(app.rules))
    except ImportError:
        pass
    assert [i["text"] for i in ref.list.item_list] == [title for title, _ in sections]
    for i, (_, body) in enumerate(sections):
        if i < 6:  # a few by mouse (the list scrolls), all of them by keyboard
            click(app, ref.list.item_list[i]["button_element"])
            assert ref.text.html_text == body
    key(app, pygame.K_HOME)
    for i, (_, body) in enumerate(sections):
        assert ref.current == i and ref.text.html_text == body
        key(app, pygame.K_DOWN)
    key(app, pygame.K_n, "n")  # the menu below does not see keys meant for the overlay
    assert scene.panel_kind is None
    click(app, ref.back)
    assert app.scene is scene and not ref.root.alive()


# --- the end of a battle ------------------------------------------------------------------------


def finished_match(app):
    from game.content.load import load_scenario, scenario_path
    from game.persistence.session import Session
    from game.ui.match import Match

    sc = load_scenario(scenario_path("duel"), app.ships, app.rules)
    match = Match(Session(sc, app.rules, 11, {}), autosave=False)
    state = match.state
    constitution, guerriere = (state.ships[s.id] for _, _, s in sc.ships())
    guerriere.status = "sunk"
    constitution.hull -= 9
    state.phase, state.winner, state.result = "over", "american", "only american can fight"
    state.points = {"american": 6.0, "british": 0.0}
    return match


def test_end_scene_lists_ships_and_writes_the_logs(app, tmp_path):
    from game.ui.scenes.end import EndScene

    match = finished_match(app)
    said = []
    app.say = lambda text, seconds=4.0: said.append(text)
    end = EndScene(app, match)
    app.push(end)
    step(app)
    assert end.title.text == "Victory: United States Navy"
    assert "Only the United States Navy can still fight" in end.reason.text
    american, british = end.side_boxes["american"].html_text, end.side_boxes["british"].html_text
    assert "USS Constitution" in american and "afloat: hull" in american and "6 points" in american
    assert "HMS Guerriere" in british and "sunk" in british and "0 points" in british
    assert "#f08a6a" in british  # a lost ship in red

    click(app, end.save_button)
    texts = sorted((tmp_path / "logs").glob("duel-*.txt"))
    lines = sorted((tmp_path / "logs").glob("duel-*.jsonl"))
    assert len(texts) == 1 and len(lines) == 1
    assert texts[0].read_text().strip()
    events = [json.loads(line) for line in lines[0].read_text().splitlines()]
    assert events == json.loads(json.dumps(match.session.events))
    assert said and str(texts[0]) in said[-1]

    click(app, end.look_button)
    assert end not in app.scenes


def test_end_scene_back_to_menu(app, monkeypatch):
    from game.ui.scenes.end import EndScene

    went = []
    monkeypatch.setattr(app, "back_to_menu", lambda: went.append(1))
    end = EndScene(app, finished_match(app))
    app.push(end)
    step(app)
    click(app, end.menu_button)
    assert went == [1]


# --- the thumbnail ------------------------------------------------------------------------------


def test_thumbnail_draws_to_size_and_is_cached(app):
    from game.content.load import load_scenario, scenario_path
    from game.ui.render.thumbnail import scenario_thumbnail

    sc = load_scenario(scenario_path("cap_noir"), app.ships, app.rules)
    a = scenario_thumbnail(sc, (240, 160), app.rules)
    assert a.get_size() == (240, 160)
    assert scenario_thumbnail(sc, (240, 160), app.rules) is a
    assert scenario_thumbnail(sc, (120, 80)).get_size() == (120, 80)
    # the French side's colour appears (ships and the battery), and so does the coast
    colours = {tuple(a.get_at((x, y)))[:3] for x in range(0, 240, 2) for y in range(0, 160, 2)}
    assert tuple(sc.sides[0].colour) in colours


def test_the_reference_shows_whatever_text_the_rule_system_gives(app):
    from game.ui.scenes.reference import ReferenceScene

    class Signals:
        title, tables_name = "Signal Book", "Popham's code, 1803"

        def reference(self):
            return [("Flags", "One flag a <b>digit</b>."), ("Hoists", "Up to four flags.")]

        def shortcuts(self):
            return (("Q", "hoist the signal"),)

    ref = ReferenceScene(app, Signals())
    app.push(ref)
    step(app)
    assert [i["text"] for i in ref.list.item_list] == ["Flags", "Hoists", "Keys"]
    assert "Popham's code, 1803" in ref.card.get_container().elements[1].text
    ref.show(2)
    assert "hoist the signal" in ref.text.html_text and "Signal Book" in ref.text.html_text
    assert "hold Shift: 5°" in ref.text.html_text  # the table's own keys, whatever the rules


def test_the_new_battle_panel_says_which_house_rules_are_in_force(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    (tmp_path / "house_rules.yaml").write_text("house_rules: Club\ntables: btq21\nchanges:\n  speeds.large.battle: 4\n")
    from game.ui.app import QuarterdeckApp
    from game.ui.scenes.menu import MenuScene

    a = QuarterdeckApp(size=SIZE, headless=True)
    scene = MenuScene(a)
    a.push(scene)
    step(a)
    key(a, pygame.K_n, "n")
    labels = [e for e in a.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UILabel)]
    header = next(lb for lb in labels if lb.text.startswith("Optional rules"))
    assert "house rules: Club (1 change)" in header.text
    assert "speeds.large.battle: 4" in header.tool_tip_text
    while a.scenes:
        a.pop()


def test_first_battle_starts_the_guided_battle_from_the_menu(app):
    from game.ui.scenes.battle import BattleScene

    menu(app)
    key(app, pygame.K_f, "f")
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.coach is not None
    assert scene.state.scenario_id == "first_battle"
    assert scene.match.players == {"american": "human", "british": "scripted"}


def test_the_players_own_scenarios_are_listed_after_the_shipped_ones_and_a_broken_one_says_why(app):
    from game.content.load import scenario_path
    from game.persistence.user import scenarios_dir

    folder = scenarios_dir()
    folder.mkdir(parents=True)
    text = scenario_path("duel").read_text(encoding="utf-8").replace("name: The Duel", "name: My Duel", 1)
    (folder / "my_duel.yaml").write_text(text, encoding="utf-8")
    (folder / "broken.yaml").write_text("name: [\n", encoding="utf-8")
    scene = menu(app)
    titles = [e.title for e in scene.entries]
    assert titles[-2:] == ["broken (yours)", "My Duel (yours)"]
    broken = scene.entries[-2]
    assert broken.scenario is None and "broken.yaml:" in broken.problem
    assert scene.entry("my_duel") is scene.entries[-1]  # a save names it by its file's name
