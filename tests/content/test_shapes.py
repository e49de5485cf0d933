"""Polygon checks behind the terrain and placement problems."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.content import shapes
from game.table.geometry import base_corners, convex_overlap, polygon_area

# A "U": two arms joined along the bottom (concave).
U = [(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)]


def test_concave_overlap_is_exact() -> None:
    assert shapes.overlap_area(U, shapes.rect(6, 6)) == abs(polygon_area(U)) == 28
    inside_the_u = [(2.5, 3), (3.5, 3), (3.5, 5), (2.5, 5)]
    assert shapes.overlap_area(U, inside_the_u) == 0
    across = [(1, 3), (5, 3), (5, 4), (1, 4)]  # crosses both arms, no corner inside U
    assert shapes.overlap_area(U, across) == 2
    assert shapes.overlaps(U, across)


def test_touching_is_not_overlap() -> None:
    assert not shapes.overlaps(U, [(6, 0), (8, 0), (8, 2), (6, 2)])
    assert not shapes.overlaps(U, [(2, 2), (4, 2), (4, 3), (2, 3)])


def test_polygon_problems() -> None:
    assert shapes.polygon_problem(U) is None
    assert "cross" in shapes.polygon_problem([(0, 0), (2, 2), (2, 0), (0, 2)])
    assert "repeats" in shapes.polygon_problem([(0, 0), (1, 0), (1, 0), (0, 1)])
    assert shapes.polygon_problem([(0, 0), (1, 1), (2, 2)]) is not None
    assert "fold back" in shapes.polygon_problem([(0, 0), (4, 0), (2, 0), (2, 3)])
    # A vertex touching another edge is not simple either.
    assert "cross" in shapes.polygon_problem([(0, 0), (4, 0), (4, 4), (2, 0), (0, 4)])


coord = st.floats(-10, 10, allow_nan=False)
heading = st.floats(0, 359.9, allow_nan=False)


@given(coord, coord, heading, coord, coord, heading)
def test_agrees_with_the_convex_test(x1, y1, h1, x2, y2, h2) -> None:
    a = base_corners((x1, y1, h1), 3.0, 1.0)
    b = base_corners((x2, y2, h2), 2.0, 0.75)
    area = shapes.overlap_area(a, b)
    assert area <= min(3.0, 1.5) + 1e-9
    if area > 1e-3:
        assert convex_overlap(a, b, eps=0.0)
    if not convex_overlap(a, b, eps=0.0):
        assert area < 1e-9
