"""The squadron's terms: doubling on the enemy a friend is about to fire on, covering a crippled friend."""

from game.ai import make_player
from game.ai.captain import squadron
from game.ai.captain.aim import Pick, best_broadsides
from game.ai.captain.reach import foes_at, next_shot
from game.systems.btq21.evaluation import Appraiser
from tests.systems.btq21.battle import battle


def _line():
    """Amazon between two French frigates off her port beam, Lutine astern of her with only Virginie in reach."""
    return battle(
        [
            {"id": "amazon", "pose": (30, 10, 90)},
            {"id": "lutine", "pose": (14, 10, 90)},
            {"id": "virginie", "side": "french", "pose": (24, 22, 90)},
            {"id": "bellone", "side": "french", "pose": (38, 22, 90)},
        ],
        wind_from=0,
    )


def test_the_enemy_a_friend_is_about_to_fire_on_is_worth_more_to_hit():
    st = _line()
    ap = Appraiser(st, "british")
    lutine = st.ships["lutine"]
    # Lutine's best next shot: Virginie, the nearer.
    assert max(("virginie", "bellone"), key=lambda e: next_shot(ap, st, lutine, st.ships[e])) == "virginie"
    got = squadron.focus(ap, st, st.ships["amazon"])
    assert got["virginie"] == 1.0 + squadron.DOUBLE_SHARE
    assert got["bellone"] == 1.0


def test_a_friend_out_of_the_fight_doubles_on_nobody():
    st = _line()
    st.ships["lutine"].status = "sunk"
    got = squadron.focus(Appraiser(st, "british"), st, st.ships["amazon"])
    assert set(got.values()) == {1.0}


def test_of_two_equal_shots_she_fires_on_the_enemy_a_friend_is_about_to_fire_on():
    st = _line()
    amazon = st.ships["amazon"]
    ap = Appraiser(st, "british")
    # Virginie and Bellone lie the same distance off her port beam: the same shot at either.
    for friend_on in ("virginie", "bellone"):
        picks: dict[str, Pick] = {}
        focus = {"virginie": 1.0, "bellone": 1.0, friend_on: 1.0 + squadron.DOUBLE_SHARE}
        best_broadsides(ap, st, amazon, 0, picks, focus=focus)
        assert picks["port"].target == friend_on


def test_an_enemy_in_reach_of_a_crippled_friend_is_one_to_cover():
    st = _line()
    ap = Appraiser(st, "british")
    amazon = st.ships["amazon"]
    assert squadron.pressing(ap, st, amazon) == set()  # nobody needs covering
    lutine = st.ships["lutine"]
    lutine.rigging = lutine.start("rigging") - lutine.rigging_cripple
    assert squadron.distressed(lutine)
    pressed = squadron.pressing(Appraiser(st, "british"), st, amazon)
    assert "virginie" in pressed
    cover = squadron.cover(Appraiser(st, "british"), st, amazon, foes_at(st, amazon), pressed)
    assert cover > 0.0
    assert squadron.cover(Appraiser(st, "british"), st, amazon, foes_at(st, amazon), set()) == 0.0


def test_the_levels_that_search_weigh_the_squadron_and_easy_does_not():
    assert make_player("captain:normal", 1, "british").level.squadron
    assert make_player("captain:hard", 1, "british").level.squadron
    assert not make_player("captain:easy", 1, "british").level.squadron
