"""Drive the real window headless: post pygame events, step frames, look at the state."""

from __future__ import annotations

import pygame

from game.ui.app import QuarterdeckApp


def make_app(size=(1600, 900)) -> QuarterdeckApp:
    return QuarterdeckApp(size, headless=True)


def battle(app: QuarterdeckApp, scenario: str = "squadron", players: dict | None = None, seed: int = 1):
    err = app.start_battle(scenario, players or {}, seed)
    assert err is None, err
    app.step(1 / 60)
    return app.scene


def post(*events: pygame.event.Event) -> None:
    for e in events:
        pygame.event.post(e)


def frames(app, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60)


def move_to(app, pos) -> None:
    pygame.mouse.set_pos(pos)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    frames(app)


def click(app, pos, button: int = 1) -> None:
    move_to(app, pos)
    post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    )
    frames(app, 2)  # a widget's "pressed" event arrives on the frame after the click


def drag(app, a, b, button: int = 1, steps: int = 5) -> None:
    move_to(app, a)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    frames(app)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        pygame.mouse.set_pos(p)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    frames(app)


def key(app, k: int, mod: int = 0) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app)


def press_button(app, label: str) -> None:
    """Click the visible button with this text (as a player would)."""
    import pygame_gui

    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, pygame_gui.elements.UIButton) and el.text == label and el.visible:
            click(app, el.get_abs_rect().center)
            return
    raise AssertionError(f"no button {label!r}")


def buttons(app) -> list[str]:
    import pygame_gui

    group = app.ui.get_sprite_group().sprites()
    return [el.text for el in group if isinstance(el, pygame_gui.elements.UIButton) and el.visible]


def pick_to_load(app, scene, path: str, confirm: bool = True) -> None:
    """Ctrl+O's dialog picks ``path``; the question that follows (a battle is in play) is answered."""
    import pygame_gui

    if scene.dialog is None:
        scene.open_dialog("load")
    post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path), ui_element=scene.dialog))
    frames(app, 2)
    if scene.confirm_load is not None:
        button = scene.confirm_load.confirm_button if confirm else scene.confirm_load.cancel_button
        click(app, button.get_abs_rect().center)
        frames(app, 2)


def accepted_by(match):
    """What a player's hand does with a command the computer chose for him: tried first, then submitted."""
    from game.systems.base import Refusal

    return lambda c: not isinstance(match.session.preview(c), Refusal) and bool(match.submit(c))


def until(app, done, most: int = 600) -> bool:
    """Step frames until ``done()`` (work on a worker thread takes its time); whether it came."""
    import time

    for _ in range(most):
        if done():
            return True
        frames(app)
        time.sleep(0.005)
    return done()
