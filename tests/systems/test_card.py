"""A damage track's boxes: crossed out from the full end, white first; reaching the pink means crippled."""

from game.systems.card import LOST, OK, PINK, PINK_LOST, Track, track_boxes


def test_track_boxes_follow_the_cripple_rule():
    assert track_boxes(5, 0, 2) == [OK, OK, PINK, PINK, PINK]
    assert track_boxes(5, 1, 2) == [LOST, OK, PINK, PINK, PINK]  # one hit: plainly not crippled
    assert track_boxes(5, 3, 2) == [LOST, LOST, PINK_LOST, PINK, PINK]
    assert track_boxes(3, 9, 1) == [LOST, PINK_LOST, PINK_LOST]  # more lost than there are boxes
    assert track_boxes(0, 0, 1) == []
    # crippled exactly when every white box is crossed, as Ship.crippled says
    for lost in range(0, 15):
        boxes = track_boxes(14, lost, 5)
        assert boxes.count(OK) + boxes.count(LOST) == 5
        assert boxes.count(LOST) + boxes.count(PINK_LOST) == lost
        assert (OK not in boxes) == (lost >= 5)


def test_a_track_is_crippled_when_the_crossing_reaches_its_pink_boxes():
    assert not Track("HULL", 10, 14, 5).crippled and Track("HULL", 9, 14, 5).crippled
    assert Track("HULL", 10, 14, 5).boxes()[:5] == [LOST, LOST, LOST, LOST, OK]
    assert Track("HULL", 9, 14, 5).boxes().count(OK) == 0 and Track("HULL", 9, 14, 5).boxes()[5] == PINK
