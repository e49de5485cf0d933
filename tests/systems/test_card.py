"""A damage track's boxes: crossed out from the full end, the first few pink until she is crippled."""

from game.systems.card import LOST, OK, PINK, PINK_LOST, Track, track_boxes


def test_track_boxes_follow_the_cripple_rule():
    assert track_boxes(5, 0, 2) == [PINK, PINK, OK, OK, OK]
    assert track_boxes(5, 1, 2) == [PINK_LOST, PINK, OK, OK, OK]
    assert track_boxes(5, 3, 2) == [PINK_LOST, PINK_LOST, LOST, OK, OK]
    assert track_boxes(3, 9, 1) == [PINK_LOST, LOST, LOST]  # more lost than there are boxes
    assert track_boxes(0, 0, 1) == []
    # crippled exactly when every pink box is crossed, as Ship.crippled says
    for lost in range(0, 15):
        boxes = track_boxes(14, lost, 5)
        assert boxes.count(PINK) + boxes.count(PINK_LOST) == 5
        assert boxes.count(LOST) + boxes.count(PINK_LOST) == lost
        assert (PINK not in boxes) == (lost >= 5)


def test_a_track_is_crippled_when_its_pink_boxes_are_gone():
    assert not Track("HULL", 10, 14, 5).crippled and Track("HULL", 9, 14, 5).crippled
    assert Track("HULL", 9, 14, 5).boxes().count(PINK) == 0
