"""Ten thousand random mouse and key events on the battle table: nothing may break.

The monkey clicks, drags with every button, scrolls and presses the game's
keys over the whole window (table, panels, buttons, dialogs) in several
battles, hot seat and against the computer.  Any exception fails the test;
afterwards the game must still replay to the same state hash from its
commands, so nothing the monkey did bypassed the engine.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.persistence.save import check_document, replay, to_document
from tests.ui.driver import frames, make_app

KEYS = [
    pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_TAB, pygame.K_HOME,
    pygame.K_w, pygame.K_s, pygame.K_a, pygame.K_d, pygame.K_e, pygame.K_h, pygame.K_f, pygame.K_r, pygame.K_t,
    pygame.K_b, pygame.K_m, pygame.K_g, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_LEFT, pygame.K_RIGHT,
    pygame.K_UP, pygame.K_DOWN, pygame.K_F1, pygame.K_d,
]
CASES = [("duel", {}, 11), ("squadron", {"british": "random"}, 12), ("cap_noir", {}, 13), ("blockade_run", {}, 14)]
EVENTS_PER_CASE = 2600


def _event(rng: random.Random, app, held: set[int]) -> list[pygame.event.Event]:
    w, h = app.size
    pos = (rng.randrange(w), rng.randrange(h))
    scene = app.scene
    if hasattr(scene, "state") and hasattr(scene, "cam") and rng.random() < 0.3:  # aim at a ship now and then
        ships = [s for s in scene.state.ships.values() if s.on_table]
        s = rng.choice(ships)
        x, y = scene.cam.to_screen(s.x + rng.uniform(-2, 2), s.y + rng.uniform(-2, 2))
        pos = (min(w - 1, max(0, int(x))), min(h - 1, max(0, int(y))))
    r = rng.random()
    if r < 0.35:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                                   buttons=tuple(int(b in held) for b in (1, 2, 3)))]
    if r < 0.55:
        b = rng.choice((1, 1, 1, 2, 3))
        if b in held:
            held.discard(b)
            return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b)]
        held.add(b)
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b)]
    if r < 0.62:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, precise_x=0.0,
                                   precise_y=0.0)]
    k = rng.choice(KEYS)
    mod = pygame.KMOD_SHIFT if rng.random() < 0.15 else 0
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


@pytest.mark.parametrize("scenario,players,seed", CASES)
def test_random_events_break_nothing(scenario, players, seed):
    battle = monkey(scenario, players, seed)
    assert battle is None or battle.match.session.steps  # the monkey got some play in


def monkey(scenario: str, players: dict, seed: int):
    """Let the monkey loose; returns the battle scene left at the end (if any)."""
    app = make_app((1280, 800))
    app.settings.animation = "instant"
    assert app.start_battle(scenario, players, seed) is None
    rng = random.Random(seed)
    held: set[int] = set()
    sent = 0
    while sent < EVENTS_PER_CASE:
        for e in _event(rng, app, held):
            pygame.mouse.set_pos(getattr(e, "pos", pygame.mouse.get_pos()))
            pygame.event.post(e)
            sent += 1
        if sent % 4 == 0:
            frames(app)
        if not app.scenes:
            break
        if app.scene.__class__.__name__ != "BattleScene" and rng.random() < 0.02:
            app.pop() if len(app.scenes) > 1 else app.start_battle(scenario, players, seed)
    frames(app, 3)
    battle = next((s for s in app.scenes if s.__class__.__name__ == "BattleScene"), None)
    if battle is not None:
        session = battle.match.session
        again = replay(check_document("monkey", to_document(session)), app.rules, app.ships)
        assert again.state.state_hash() == session.state.state_hash()
    assert sent >= EVENTS_PER_CASE
    return battle
