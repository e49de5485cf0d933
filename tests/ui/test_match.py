"""A computer player in the window thinks on a worker thread against her level's clock, the phase bar says who
is thinking and for how long, and the table answers the player all the while."""

import statistics
import time

import pygame
import pytest

from game.ai.search.levels import LEVELS
from game.ui.match import Match
from tests.ui.driver import battle, frames, make_app, move_to, post

#: A frame's typical time while the captain thinks, at most: a table that answers in less feels alive (a frame
#: of the dummy driver takes a few milliseconds, some tens on a loaded machine).  The median, not the worst
#: frame: a machine shared with other work stalls any one frame now and then, thinking or not (the frame
#: rate itself is the bench's business, ``python main.py --bench``).
TYPICAL_FRAME_S = 0.1
#: Frames drawn while she thinks, at least: the table is redrawn, not frozen until she has decided.
FEWEST_FRAMES = 5
#: How long the test watches her think before it stops asking (a hard decision may take up to her ceiling).
WATCH_S = 2.5


@pytest.fixture
def app():
    return make_app()


def test_a_computer_player_in_the_window_thinks_against_her_levels_clock(app):
    scene = battle(app, "duel", {"british": "captain:hard", "american": "human"})
    agents = scene.match._agents
    assert agents["british"].live is True
    assert agents["british"].level is LEVELS["hard"]


def test_a_player_without_a_clock_is_made_as_before(app):
    scene = battle(app, "duel", {"british": "scripted", "american": "human"})
    assert not hasattr(scene.match._agents["british"], "live")


def _thinking_frames(app, scene) -> list[float]:
    """Frames drawn while the computer side thinks, each with the time it took."""
    took: list[float] = []
    end = time.monotonic() + WATCH_S * 2
    while time.monotonic() < end and sum(took) < WATCH_S:
        start = time.monotonic()
        frames(app)
        if scene.match.thinking():  # a frame after she has decided shows her move: not counted
            took.append(time.monotonic() - start)
    return took


def test_the_table_keeps_drawing_and_answering_while_a_hard_captain_thinks(app):
    scene = battle(app, "duel", {"british": "captain:hard", "american": "captain:hard"})
    app.settings.animation = "instant"
    deadline = time.monotonic() + WATCH_S
    while not scene.match.thinking() and time.monotonic() < deadline:
        frames(app)
    assert scene.match.thinking(), "the captain never started thinking"

    # the wheel over the table zooms it at once, though she is still thinking
    centre = scene.cam.view_x + scene.cam.view_w // 2, scene.cam.view_y + scene.cam.view_h // 2
    move_to(app, centre)
    before = scene.cam.scale
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    frames(app)
    assert scene.cam.scale != before

    took = _thinking_frames(app, scene)
    assert len(took) >= FEWEST_FRAMES, f"only {len(took)} frames were drawn while she thought"
    typical = statistics.median(took)
    assert typical < TYPICAL_FRAME_S, f"frames took {typical:.2f} s (median) while the captain thought"


def test_the_phase_bar_names_the_side_the_captains_level_and_the_seconds_she_has_thought(app):
    scene = battle(app, "duel", {"british": "captain:hard", "american": "captain:hard"})
    deadline = time.monotonic() + WATCH_S
    while not scene.match.thinking() and time.monotonic() < deadline:
        frames(app)
    side = scene.match._thought.side
    name = next(s.name for s in scene.match.session.scenario.sides if s.id == side)
    words = scene.match.waiting_words()
    assert words.startswith(f"{name} captain (hard) thinking… ")
    assert words.endswith(" s")


def test_nothing_is_said_once_she_has_decided(app):
    scene = battle(app, "duel", {"british": "captain:easy", "american": "captain:easy"})
    match: Match = scene.match
    match.think()
    if match._thought is not None:
        match._thought.done.wait(WATCH_S * 4)
    assert match.waiting_words() == ""
