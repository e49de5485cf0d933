"""The battle plan: what it letters and where, and the shapes it draws."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

from game.report.build import build_report
from game.report.plan import draw_plan, hull_outline, point_name
from game.report.sources import from_session
from tests.report.conftest import played


def lettering(session) -> tuple[list[str], list]:
    report = build_report(from_session(session))
    fig = Figure(figsize=(16, 11))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    draw_plan(ax, report)
    fig.canvas.draw()
    return [t.get_text() for t in ax.findobj(Text) if t.get_text()], report


def test_a_hull_points_her_bow_along_her_heading():
    bow = hull_outline((10.0, 20.0, 90.0), 2.0, 0.8)[0]
    assert bow == pytest.approx((11.0, 20.0))
    bow = hull_outline((10.0, 20.0, 0.0), 2.0, 0.8)[0]
    assert bow == pytest.approx((10.0, 21.0))


def test_points_of_the_compass():
    assert [point_name(b) for b in (0, 44, 46, 225, 350, 359.9, 360)] == ["N", "NE", "NE", "SW", "N", "N", "N"]


def test_the_plan_names_every_ship_her_end_the_wind_and_the_battle():
    session = played("blockade_run", 3)  # islands and a reef; ships struck, aground and gone off the table
    texts, report = lettering(session)
    acc = report.account
    for ship in acc.ships.values():
        assert ship.name in texts
        if ship.fate != "afloat":
            assert any(t.endswith(f"turn {ship.fate_turn}") for t in texts), ship.fate
    assert {"Ile Verte", "Les Dents", "La Barre reef", "N", "Scale of Inches", acc.title} <= set(texts)
    assert any(t.startswith("Wind SW") for t in texts)
    assert any(t.startswith("Victory for") or t.startswith("A draw") for t in texts)


def test_a_shore_battery_is_drawn_as_a_fort_and_named():
    texts, report = lettering(played("cap_noir", 3))
    assert "Battery of Cap Noir" in " ".join(texts)
    assert "Cap Noir" in texts
