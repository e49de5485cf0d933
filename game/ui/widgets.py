"""The widgets every page of the menu makes the same way: a label, a button with its tooltip, a menu of
(label, value) choices, and the page's dusk-blue background."""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from game.ui.app import Scene

BG_TOP = (10, 17, 25)
BG_BOTTOM = (20, 34, 48)


def label(scene: Scene, rect: pygame.Rect, text: str, cls: str = "@field_label", container=None) -> UILabel:
    return UILabel(rect, text, manager=scene.app.ui, container=container or scene.root,
                   object_id=ObjectID(class_id=cls))


def button(scene: Scene, rect: pygame.Rect, text: str, name: str, tip: str, container=None) -> UIButton:
    return UIButton(
        rect, text, manager=scene.app.ui, container=container or scene.root, tool_tip_text=tip,
        object_id=ObjectID(object_id=f"#{name}", class_id="@action_button"),
    )


def menu(
    scene: Scene, options: list[tuple[str, str]], chosen: str, rect: pygame.Rect, name: str, container=None
) -> UIDropDownMenu:
    """A drop-down of (label, value) choices showing ``chosen`` (the first if it is not among them)."""
    current = next((o for o in options if o[1] == chosen), options[0])
    return UIDropDownMenu(
        list[str | tuple[str, str]](options), current, rect, manager=scene.app.ui, container=container or scene.root,
        object_id=ObjectID(object_id=f"#{name}", class_id="@player_kind"),
    )


def entry(
    scene: Scene, rect: pygame.Rect, text: str, name: str, tip: str, limit: int, container=None
) -> UITextEntryLine:
    line = UITextEntryLine(rect, manager=scene.app.ui, container=container or scene.root,
                           object_id=ObjectID(object_id=f"#{name}"))
    line.set_text_length_limit(limit)
    line.set_text(text)
    line.set_tooltip(tip)
    return line


def background(size: tuple[int, int]) -> pygame.Surface:
    """The pages' background: dusk blue, darker at the top."""
    w, h = size
    bg = pygame.Surface((w, h))
    for y in range(h):
        t = y / max(1, h - 1)
        bg.fill(tuple(int(a + (b - a) * t) for a, b in zip(BG_TOP, BG_BOTTOM, strict=True)), (0, y, w, 1))
    return bg


class Backdrop:
    """A page's background, painted once per window size."""

    def __init__(self) -> None:
        self._painted: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._painted is None or self._painted.get_size() != surface.get_size():
            self._painted = background(surface.get_size())
        surface.blit(self._painted, (0, 0))


def open_file_dialog(scene: Scene, title: str, folder: Path):
    """A dialog to pick an existing file, its path line in hand: a path typed or pasted there and Enter
    opens the file at once (see :func:`typed_file`), as the list and OK do."""
    import pygame_gui

    dialog = pygame_gui.windows.UIFileDialog(
        pygame.Rect(scene.app.size[0] // 2 - 300, 80, 600, 520), scene.app.ui, window_title=title,
        initial_file_path=str(folder), allow_existing_files_only=True,
    )
    scene.app.ui.set_focus_set(dialog.file_path_text_line)
    return dialog


def typed_file(event: pygame.event.Event, dialog) -> str | None:
    """The file a player typed into ``dialog``'s path line and sent with Enter, if it is one (else None)."""
    import pygame_gui

    if dialog is None or event.type != pygame_gui.UI_TEXT_ENTRY_FINISHED:
        return None
    if event.ui_element is not dialog.file_path_text_line:
        return None
    path = Path(dialog.file_path_text_line.get_text()).expanduser()
    return str(path) if path.is_file() else None
