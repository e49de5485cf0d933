"""The squadron's terms: doubling on the enemy a friend is about to fire on, covering a crippled friend."""

import pytest

from game.ai import make_player
from game.ai.captain import squadron
from game.ai.captain.aim import Pick, best_broadsides
from game.ai.captain.reach import foes_at, next_shot
from game.systems.btq21 import commands as c
from game.systems.btq21.engine import legal_commands
from game.systems.btq21.evaluation import Appraiser
from game.systems.btq21.odds import MEAN_D6
from game.systems.btq21.sandbox import sandbox
from tests.systems.btq21.battle import battle, command_activation, ok, to_act


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


def _nose_to_tail(gap: float):
    """Amazon close astern of Boreas, both reaching east on a northerly; a French frigate nearer Amazon."""
    st = battle(
        [
            {"id": "amazon", "pose": (30, 20, 90)},
            {"id": "boreas", "pose": (32 + gap, 20, 90)},  # frigates are 2" long: ``gap`` from bow to stern
            {"id": "virginie", "side": "french", "pose": (10, 12, 0)},
        ],
        victory={"mode": "points"},
    )
    to_act(st, "amazon")
    return st


def test_sent_first_the_ship_astern_would_sail_her_least_way_into_her_friend():
    st = _nose_to_tail(1.0)
    assert squadron.in_her_way(st, st.ships["amazon"], {"boreas"}) == "boreas"
    work = sandbox(st)
    ok(work, c.ActivateShip("amazon"))
    events = ok(work, c.MoveSegment("amazon", 2.5, 0.0))  # half her 5" at battle sail, reaching: the least she may
    assert any(e["type"] == "collision" for e in events)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_lead_ship_acts_first_when_a_friend_still_to_act_lies_across_her_bow(level):
    st = _nose_to_tail(1.0)
    assert squadron.lead_of(st, ["amazon", "boreas"]) == "boreas"
    assert squadron.clear_ahead(st, ["amazon", "boreas"]) == ["boreas", "amazon"]
    assert make_player(f"captain:{level}", 1, "british").choose(st, legal_commands(st)) == c.ActivateShip("boreas")


def test_with_room_ahead_the_ship_nearest_the_enemy_still_acts_first():
    st = _nose_to_tail(8.0)
    assert squadron.in_her_way(st, st.ships["amazon"], {"boreas"}) is None
    assert make_player("captain:normal", 1, "british").choose(st, legal_commands(st)) == c.ActivateShip("amazon")


def _slow_lead():
    """Boreas, her rigging shot to pieces, 1" ahead of Amazon's bow; Boreas is sent first to clear it."""
    st = _nose_to_tail(1.0)
    st.ships["boreas"].rigging = 10
    return st


def _sail(st, kind: str, sid: str) -> None:
    """Let a ``kind`` player command ``sid``'s whole activation (an enemy offered a shot holds her fire)."""
    side = st.ships[sid].side
    ok(st, c.ActivateShip(sid))
    command_activation(st, make_player(kind, 1, side), side)


def test_lying_across_the_bow_of_a_friend_still_to_act_costs_both_hulls_the_collision():
    st = _nose_to_tail(1.0)
    ap = Appraiser(st, "british")
    boreas, amazon = st.ships["boreas"], st.ships["amazon"]
    dice = st.rules.collision_dice
    expected = ap.loss(boreas, hull=MEAN_D6 * dice[amazon.size]) + ap.loss(amazon, hull=MEAN_D6 * dice[boreas.size])
    assert expected > 0.0
    assert squadron.blocking(ap, st, boreas) == pytest.approx(expected)
    # Amazon lies astern of Boreas, not across her bow; and once Boreas's friend has acted, nobody is left to meet her.
    assert squadron.blocking(ap, st, amazon) == 0.0
    amazon.activated = True
    assert squadron.blocking(ap, st, boreas) == 0.0
    assert squadron.blocking(Appraiser(_nose_to_tail(8.0), "british"), _nose_to_tail(8.0), boreas) == 0.0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_lead_ship_sent_first_sails_clear_of_her_friends_bow(level):
    st = _slow_lead()
    assert squadron.in_her_way(st, st.ships["amazon"], {"boreas"}) == "boreas"
    _sail(st, f"captain:{level}", "boreas")
    assert squadron.in_her_way(st, st.ships["amazon"], {"boreas"}) is None


def test_the_old_captain_leaves_her_slow_lead_ship_across_her_friends_bow():
    st = _slow_lead()
    _sail(st, "captain-v1", "boreas")
    assert squadron.in_her_way(st, st.ships["amazon"], {"boreas"}) == "boreas"
