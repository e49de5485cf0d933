"""The after-action report from the end screen: opened, drawn on a worker thread, scrolled, closed, exported."""

from __future__ import annotations

import time

import pygame
import pytest

from game.content.load import load_default, load_scenario, scenario_path
from game.selfplay import play
from game.ui.match import Match
from tests.ui.driver import click, frames, key, make_app, press_button

RULES, SHIPS = load_default()


@pytest.fixture(scope="module")
def duel():
    scenario = load_scenario(scenario_path("duel"), SHIPS, RULES)
    return play(scenario, RULES, 6, {side.id: "random" for side in scenario.sides}).session


@pytest.fixture(autouse=True)
def _no_reports_drawn_before():
    """Each test draws its own report (the window keeps those it drew for a battle)."""
    from game.ui.scenes import report

    report._drawn.clear()
    yield
    report._drawn.clear()


@pytest.fixture
def end(duel, quarterdeck_home):
    """The window at the end of the duel: the battle with the end screen over it."""
    app = make_app((1280, 800))
    match = Match(duel, autosave=False)
    app.open_battle(match)
    frames(app)
    app.show_end(match)
    frames(app, 2)
    said: list[str] = []
    app.say = lambda text, seconds=4.0: said.append(text)
    yield app, app.scene, said
    while app.scenes:
        app.pop()


def wait_for(app, ready, timeout: float = 60.0) -> int:
    """Step frames until ``ready()``; the number of frames drawn meanwhile."""
    n, start = 0, time.monotonic()
    while not ready():
        assert time.monotonic() - start < timeout, "the report took too long"
        frames(app)
        n += 1
        time.sleep(0.005)
    return n


def test_report_opens_the_drawn_report_over_the_result_and_escape_returns(end):
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.report import ReportScene

    app, end_scene, _ = end
    press_button(app, "Report")
    view = app.scene
    assert isinstance(view, ReportScene) and view.image is None
    assert view.note.visible and "drawing the report" in view.note.text
    drawn = wait_for(app, lambda: view.job is None)
    assert drawn > 3  # the window went on drawing frames while the report was drawn
    assert view.image is not None and view.picture is not None and not view.note.visible
    assert view.image.get_width() == view.view.width and view.image.get_height() > 2 * view.view.height
    assert view.picture.get_abs_rect().width == view.view.width

    key(app, pygame.K_PAGEDOWN)
    assert view.offset == view.view.height - 80
    key(app, pygame.K_DOWN)
    assert view.offset == view.view.height
    key(app, pygame.K_END)
    assert view.offset == view.max_offset > 0
    key(app, pygame.K_HOME)
    assert view.offset == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    frames(app)
    assert view.offset == 160
    key(app, pygame.K_UP)
    assert view.offset == 80

    key(app, pygame.K_ESCAPE)
    assert app.scene is end_scene and isinstance(app.scene, EndScene)
    key(app, pygame.K_r)  # R opens it again, drawn already; Close closes it
    again = app.scene
    assert isinstance(again, ReportScene) and again is not view
    assert again.image is not None and again.image is view.image  # shown at once: nothing drawn twice
    click(app, again.close_button.get_abs_rect().center)
    assert app.scene is end_scene


def test_export_writes_the_png_and_the_page_to_the_reports_folder_and_says_where(end, quarterdeck_home):
    app, end_scene, said = end
    press_button(app, "Export report")
    assert said[-1] == "drawing the report..."
    press_button(app, "Export report")
    assert said[-1] == "still writing the report..."
    wait_for(app, lambda: end_scene.export_job is None)
    folder = quarterdeck_home / "reports"
    pngs, pages = sorted(folder.glob("duel-report-*.png")), sorted(folder.glob("duel-report-*.html"))
    assert len(pngs) == 1 and len(pages) == 1
    assert pngs[0].read_bytes()[:4] == b"\x89PNG" and "data:image/png;base64," in pages[0].read_text()
    assert said[-1] == f"report saved: {pngs[0]} (and {pages[0].name})"


def test_a_report_that_cannot_be_drawn_says_why_and_the_window_goes_on(end, monkeypatch):
    from game.ui.scenes import report

    def broken(session, width):
        raise ValueError("no ink")

    monkeypatch.setattr(report, "draw_picture", broken)
    app, end_scene, _ = end
    key(app, pygame.K_r)
    view = app.scene
    wait_for(app, lambda: view.job is None)
    assert view.image is None and "could not be drawn: ValueError: no ink" in view.note.text
    key(app, pygame.K_PAGEDOWN)  # nothing to scroll, nothing breaks
    key(app, pygame.K_ESCAPE)
    assert app.scene is end_scene


def test_an_export_that_cannot_be_written_says_why(end, quarterdeck_home):
    app, end_scene, said = end
    quarterdeck_home.mkdir(parents=True, exist_ok=True)
    (quarterdeck_home / "reports").write_text("a file where the folder should be")
    key(app, pygame.K_e)
    wait_for(app, lambda: end_scene.export_job is None)
    assert said[-1].startswith("the report could not be written: ")
    assert "reports" in said[-1]


def test_export_from_the_report_view_is_the_result_screens_and_finishes_after_the_view_is_closed(end, quarterdeck_home):
    app, end_scene, said = end
    key(app, pygame.K_r)
    view = app.scene
    key(app, pygame.K_e)
    assert end_scene.export_job is not None and said[-1] == "drawing the report..."
    key(app, pygame.K_ESCAPE)
    assert app.scene is end_scene
    wait_for(app, lambda: end_scene.export_job is None)
    assert said[-1].startswith("report saved: ") and view.export_job is None
    assert len(list((quarterdeck_home / "reports").glob("*.html"))) == 1
