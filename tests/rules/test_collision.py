"""Collisions, running aground and sailing off the table."""

import pytest

from game.rules import board
from game.rules import commands as c
from game.rules.collision import bisector
from tests.rules.battle import activate, battle, load, of_type, ok


def test_the_new_heading_splits_the_smaller_angle():
    assert bisector(0, 90) == pytest.approx(45)
    assert bisector(350, 10) == pytest.approx(0)
    assert bisector(10, 350) == pytest.approx(0)
    assert bisector(270, 90) == pytest.approx(0)  # opposite: a quarter turn clockwise from the mover (reading)


def rammer():
    # Amazon (small) sails east at a 74 (medium) lying across her path.
    return battle(
        [
            {"id": "amazon", "pose": (10, 20, 90)},
            {"id": "genereux", "side": "french", "rate": "3rd", "pose": (15.75, 20, 0)},
        ]
    )


def test_collision_stops_the_mover_damages_both_by_the_other_ships_size_and_aligns_them():
    st = rammer()
    activate(st, "amazon")
    # bow at 11.0; the 74's side at 15.75 - 0.45 = 15.3: contact after 4.3"
    load(st, 1, 2, 3, 4, 5, 6, 6)  # 4D6 for Amazon (hit by a medium), 3D6 for the 74 (hit by a small)
    ev = ok(st, c.MoveSegment("amazon", 5.0, 45.0))
    (move,) = of_type(ev, "move")
    assert move["distance"] == pytest.approx(4.3, abs=0.01)
    (col,) = of_type(ev, "collision")
    assert col["faces"] == [1, 2, 3, 4] and col["hull_lost"] == 10
    assert col["other_faces"] == [5, 6, 6] and col["other_hull_lost"] == 17
    a, g = st.ships["amazon"], st.ships["genereux"]
    assert a.hull == 70 and g.hull == 140 - 17
    assert a.heading == pytest.approx(45) and g.heading == pytest.approx(45)
    assert board.closest_distance(st, "amazon", "genereux") < 0.02
    # her movement is over: the requested turn was not made and no more segments
    assert st.activation.movement_over
    ok(st, c.EndActivation("amazon"))


def test_running_onto_an_island_takes_the_ship_out_of_play():
    from game.content.model import Terrain

    isle = Terrain(id="rock", kind="island", points=((14, 18), (16, 18), (16, 22), (14, 22)))
    st = battle(
        [{"id": "amazon", "pose": (10, 20, 90)}, {"id": "b", "side": "french", "pose": (60, 40, 270)}], terrain=(isle,)
    )
    activate(st, "amazon")
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    assert of_type(ev, "aground")[0]["ship"] == "amazon"
    assert st.ships["amazon"].status == "aground"
    assert of_type(ev, "move")[0]["distance"] == pytest.approx(3.0, abs=0.01)


def test_sailing_off_the_table_leaves_the_battle():
    st = battle([{"id": "amazon", "pose": (69, 20, 90)}, {"id": "b", "side": "french", "pose": (30, 40, 270)}])
    activate(st, "amazon")
    ev = ok(st, c.MoveSegment("amazon", 5.0))
    assert of_type(ev, "left_table")[0]["edge"] == "east"
    assert st.ships["amazon"].status == "left_table"
