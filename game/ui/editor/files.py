"""The editor's files: a new scenario, opening one, saving it, test-playing it, and the windows they open.

Nothing the player made is lost on the way: opening, starting afresh or
leaving asks first when there are edits no file holds, a file that does not
load leaves the document as it was, and a save the reader would refuse writes
nothing and lists why, line by line.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UIWindow

from game.persistence.autosave import home
from game.ui.editor import document as D
from game.ui.editor.history import History
from game.ui.editor.writing import save_scenario, scenarios_dir
from game.ui.scale import px

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

#: Where a test-played scenario is written (it stays there to be opened again).
TEST_PLAY = "test_play.yaml"
#: How much of a scenario file is read for its title in the Open list.
TITLE_PEEK = 4096


def new(scene: EditorScene) -> None:
    unless_unsaved(scene, "Start a new scenario?", lambda: start_new(scene))


def start_new(scene: EditorScene) -> None:
    scene.history, scene.saved, scene.save_path = History(D.new_scenario()), None, None
    scene.selected = scene.selected_terrain = None
    scene.si = scene.qi = 0
    scene.page = "scenario"
    scene.cam.fit(*scene.doc.table)
    scene.after_change()
    scene.app.say("A new scenario: give it a name, a table and a wind, then add ships on the Ships page.")


def open_file(scene: EditorScene, path: Path) -> str | None:
    """Open a scenario file; None, or why not (shown in a window, the document as it was)."""
    from game.content.load import ContentError, load_scenario, scenario_system

    system, _ = scenario_system(path)
    if system != "btq21":
        title = scene.app.system_of(system).title if system in _system_ids() else system
        why = (f"{path.name} is a {title} scenario.  This editor makes Beat to Quarters scenarios only, so it "
               f"cannot open it (its rule book's deployment lines and special pieces have no place here).")
        show_problems(scene, "Not a Beat to Quarters scenario", [why])
        return why
    try:
        sc = load_scenario(path, scene.app.ships, scene.app.rules)
    except ContentError as e:
        show_problems(scene, f"{path.name} does not load", e.problems)
        return e.problems[0]
    except OSError as e:
        why = f"{path}: {e.strerror or e}"
        show_problems(scene, "Could not open the file", [why])
        return why
    folder = scenarios_dir()
    mine = path.resolve().parent == folder.resolve() if folder.exists() else False
    target = path if mine else folder / f"{D.fresh_id(path.stem, _stems(folder))}.yaml"
    scene.history, scene.save_path = History(sc), target
    scene.saved = sc if mine else None
    scene.selected = scene.selected_terrain = None
    scene.si = scene.qi = 0
    scene.cam.fit(*sc.table)
    scene.after_change()
    scene.app.say(f"Opened {path.name}" + ("" if mine else f"; saving writes your own copy, {target.name}"))
    return None


def save(scene: EditorScene) -> bool:
    """Check and write; True if the file was written."""
    if scene.save_path is None:
        folder = scenarios_dir()
        scene.save_path = folder / f"{D.fresh_id(D.slug(scene.doc.name, 'scenario'), _stems(folder))}.yaml"
    try:
        problems = save_scenario(scene.doc, scene.save_path, scene.app.ships, scene.app.rules)
    except OSError as e:
        show_problems(scene, "Could not save", [f"{scene.save_path}: {e.strerror or e}"])
        return False
    if problems:
        show_problems(scene, "Not saved: the game would refuse this file", problems,
                      "Nothing was written.  The lines are those of the file the save would have written.")
        return False
    scene.saved = scene.doc
    scene.build_panel()
    scene.app.say(f"Saved {scene.save_path}")
    return True


def test_play(scene: EditorScene) -> None:
    """Save the scenario as it is to a file of its own and start a battle on it, human against human."""
    target = home() / "editor" / TEST_PLAY
    try:
        problems = save_scenario(scene.doc, target, scene.app.ships, scene.app.rules)  # read back before written
    except OSError as e:
        show_problems(scene, "Could not write the test file", [f"{target}: {e.strerror or e}"])
        return
    if problems:
        show_problems(scene, "Cannot test-play: the game would refuse this scenario", problems)
        return
    history, save_path, saved = scene.history, scene.save_path, scene.saved
    # the battle's way back to the menu comes back here, to the same edits (undo and all)
    from game.ui.scenes.editor import EditorScene

    scene.app.after_battle = lambda app: EditorScene(app, history, save_path, saved)
    players = {side.id: "human" for side in scene.doc.sides}
    # start_battle is being taught to take a Path to any scenario file (issue 17)
    error = scene.app.start_battle(Path(target), players, None, {})  # type: ignore[arg-type]
    if error:
        scene.app.after_battle = None
        show_problems(scene, "Could not start the test battle", [error, f"The scenario is in {target}."])
        return
    scene.app.say("A test battle: the battle's Menu, then Main menu, brings you back to the editor.", seconds=8.0)


def back_to_menu(scene: EditorScene) -> None:
    unless_unsaved(scene, "Leave the editor?", scene.app.back_to_menu)


def unless_unsaved(scene: EditorScene, question: str, then) -> None:
    if not scene.dirty:
        then()
        return
    w, h = scene.app.size
    rect = pygame.Rect(0, 0, min(px(460), w - 40), px(200))
    rect.center = (w // 2, h // 2)
    scene.confirm = pygame_gui.windows.UIConfirmationDialog(
        rect, "The scenario has edits that are not saved; they will be lost.", scene.app.ui,
        window_title=question, action_short_name="Lose them",
    )
    scene.confirmed = then


def show_problems(scene: EditorScene, title: str, problems: list[str], note: str = "") -> UIWindow:
    """The problems in a window, one a line, over the editor (which stays as it was)."""
    scene.problems = list(problems)
    w, h = scene.app.size
    rect = pygame.Rect(0, 0, min(px(720), w - 40), min(px(380), h - 40))
    rect.center = (w // 2, h // 2)
    window = UIWindow(rect, scene.app.ui, window_display_title=title, always_on_top=True,
                      object_id=ObjectID(object_id="#editor_problems"))
    cw, ch = window.get_container().get_size()
    shown = (f"<i>{html.escape(note)}</i><br><br>" if note else "") + "<br>".join(html.escape(p) for p in problems[:40])
    if len(problems) > 40:
        shown += f"<br>... and {len(problems) - 40} more"
    UITextBox(shown, pygame.Rect(6, 6, cw - 12, ch - 12), manager=scene.app.ui, container=window)
    scene.dialogs.append(window)
    return window


def _title(path: Path) -> str:
    """The scenario's name as its file's top-level ``name:`` line gives it (the file stem if it gives none): a
    list of titles without reading every file whole."""
    try:
        with open(path, "rb") as f:
            head = f.read(TITLE_PEEK).decode("utf-8", errors="replace")
    except OSError:
        return path.stem
    m = re.search(r"^name:[ \t]*(.+?)[ \t]*$", head, re.MULTILINE)
    return m.group(1).strip("'\"") if m else path.stem


def open_dialog(scene: EditorScene) -> None:
    """A list of the player's scenarios, then the shipped ones (another rule book's marked as not editable)."""
    from game.content.load import list_scenarios, scenario_path, scenario_system

    if scene.open_window is not None and scene.open_window.alive():
        scene.open_window.kill()
    scene.open_items = {}
    items: list[tuple[str, str]] = []
    folder = scenarios_dir()
    for p in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        key = f"#u{len(items)}"
        scene.open_items[key] = p
        items.append((f"{_title(p)}  (yours: {p.name})", key))
    for name in list_scenarios():
        p = scenario_path(name)
        system = scenario_system(p)[0]
        note = "shipped" if system == "btq21" else "another rule book's, cannot be edited"
        key = f"#s{len(items)}"
        scene.open_items[key] = p
        items.append((f"{_title(p)}  ({note})", key))
    w, h = scene.app.size
    rect = pygame.Rect(0, 0, min(px(520), w - 40), min(px(520), h - 40))
    rect.center = (w // 2, h // 2)
    scene.open_window = UIWindow(rect, scene.app.ui, window_display_title="Open a scenario", always_on_top=True,
                                object_id=ObjectID(object_id="#editor_open"))
    cw, ch = scene.open_window.get_container().get_size()
    scene.open_list = UISelectionList(pygame.Rect(6, 6, cw - 12, ch - 56), list[str | tuple[str, str]](items),
                                     manager=scene.app.ui, container=scene.open_window)
    scene.open_button = UIButton(pygame.Rect(cw - 126, ch - 44, 120, 38), "Open", manager=scene.app.ui,
                                container=scene.open_window, tool_tip_text="Open the scenario chosen.  Enter "
                                "(or double-click it)")
    scene.dialogs.append(scene.open_window)


def open_chosen(scene: EditorScene) -> None:
    got = scene.open_list.get_single_selection(include_object_id=True) if scene.open_list is not None else None
    if not isinstance(got, tuple) or got[1] not in scene.open_items:
        scene.app.say("Choose a scenario in the list first")
        return
    path = scene.open_items[got[1]]
    if scene.open_window is not None:
        scene.open_window.kill()
    unless_unsaved(scene, "Open another scenario?", lambda: open_file(scene, path))


def _stems(folder: Path) -> list[str]:
    return [p.stem for p in folder.glob("*.yaml")] if folder.is_dir() else []


def _system_ids() -> tuple[str, ...]:
    from game.systems import system_ids

    return tuple(system_ids())
