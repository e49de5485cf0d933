"""The charts beside the plan."""

from __future__ import annotations

import pytest

from game.report.build import build_report
from game.report.charts import _spread_labels, story_lines, tally_rows
from game.report.sources import from_session


def test_line_end_labels_are_spread_apart_in_order_and_never_below_the_foot():
    ys = [0.0, 0.0, 0.5, 10.0, 30.0]
    out = _spread_labels(ys, 2.0)
    assert min(out) >= 0.0
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = [out[i] for i in order]
    assert all(b - a >= 2.0 - 1e-9 for a, b in zip(placed, placed[1:], strict=False))
    assert out[4] == pytest.approx(30.0, abs=2.0)  # a label with room stays by its line


def test_the_story_is_told_in_order_of_the_turns(squadron):
    report = build_report(from_session(squadron))
    lines = story_lines(report, most=40)
    turns = [int(line.split(":")[0].split()[1]) for line in lines]
    assert turns == sorted(turns) and any("heaviest broadside" in line for line in lines)
    assert len(story_lines(report, most=2)) == 2 and story_lines(report, most=2)[-1].startswith("... and ")


def test_every_ship_has_a_row_of_tallies_grouped_by_side(squadron):
    report = build_report(from_session(squadron))
    rows = tally_rows(report)
    assert [ship.id for ship, _ in rows] == [
        s.id for side in report.account.sides for s in report.account.ships.values() if s.side == side
    ]
    for ship, cells in rows:
        assert cells[0] == ship.name and len(cells) == 8
