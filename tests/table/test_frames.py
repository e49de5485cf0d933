"""A ship's own frame and the table's: to_table undoes to_local, whatever the pose."""

from hypothesis import given
from hypothesis import strategies as st

from game.table.geometry import to_local, to_table

coord = st.floats(-500, 500, allow_nan=False)


@given(coord, coord, st.floats(0, 360, exclude_max=True), coord, coord)
def test_a_point_carried_to_the_table_and_back_is_where_it_was(x, y, heading, along, across):
    pose = (x, y, heading)
    back = to_local(pose, to_table(pose, (along, across)))
    assert abs(back[0] - along) < 1e-6 and abs(back[1] - across) < 1e-6


def test_ahead_and_to_port_of_a_ship_heading_east():
    assert to_table((10.0, 5.0, 90.0), (2.0, 1.0)) == (12.0, 6.0)
