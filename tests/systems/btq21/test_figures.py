"""What Beat to Quarters draws on the table: arcs by range band, the wind's wedges, wakes, badges, the shot box."""

import pytest

from game.systems.btq21.broadside import plan_shot
from game.systems.btq21.figures import BANDS, BLOCKED, CLEAR, arcs, badges, shot_box, shot_lines, wake, zones
from game.systems.btq21.odds import hits_at_least, shot_hits
from tests.systems.btq21.battle import battle


def _pair():
    return battle([{"id": "amazon", "pose": (30, 20, 90)}, {"id": "virginie", "side": "french", "pose": (30, 30, 90)}])


def test_each_broadside_not_yet_fired_has_a_ring_per_range_band_longest_first():
    st = _pair()
    shapes = arcs(st, "amazon")
    assert len(shapes) == 2 * len(st.rules.ranges)
    assert [s.colour for s in shapes[: len(BANDS)]] == [BANDS[b] for b in reversed(list(st.rules.ranges))]
    st.ships["amazon"].fired = ("port",)
    assert len(arcs(st, "amazon")) == len(st.rules.ranges)


def test_the_wind_wedges_and_the_wind_line_surround_a_ship_afloat_only():
    st = _pair()
    shapes = zones(st, "amazon", None, 5.0)
    assert len(shapes) == 7 and not shapes[-1].closed  # six wedges, then the wind's line from windward
    st.ships["amazon"].status = "struck"
    assert zones(st, "amazon", None, 5.0) == ()


def test_the_wake_runs_astern_as_long_as_her_speed_and_swaps_colour_each_activation():
    st = _pair()
    ship = st.ships["amazon"]
    first = wake(st, "amazon")
    assert first is not None
    tail_x = min(x for x, _ in first.points)  # heading east: the wake lies to the west
    speed = st.rules.speeds[ship.size][ship.sail]
    assert abs((ship.x - ship.length / 2 - speed) - tail_x) < 1e-9
    ship.wake_flips += 1
    assert wake(st, "amazon").colour != first.colour


def test_badges_say_what_a_player_must_see_at_a_glance():
    st = _pair()
    st.ships["virginie"].fires = 2
    st.ships["virginie"].fas = True
    assert [b.label for b in badges(st, "virginie")] == ["FIRE 2", "FAS"]


def test_the_shot_box_gives_the_chance_the_broadside_cripples_or_sinks_her():
    st = _pair()
    v = st.ships["virginie"]
    v.hull = 60  # 20 of 80 lost: 6 more hits cripple her hull
    shot = plan_shot(st, st.ships["amazon"], "port", v, "hull")
    assert f"{100 * hits_at_least(shot_hits(shot), 6):.0f}% to cripple her hull" in shot_lines(st, "port", shot)
    v.hull = 4
    shot = plan_shot(st, st.ships["amazon"], "port", v, "hull")
    lines = shot_lines(st, "port", shot)
    assert any(line.endswith("to sink her") for line in lines)
    assert not any("cripple" in line for line in lines)  # already crippled: sinking is what is left


def test_the_shot_box_is_for_enemies_and_its_corridor_is_green_when_she_can_be_seen():
    st = _pair()
    assert shot_box(st, "amazon", "amazon") is None
    box = shot_box(st, "amazon", "virginie")
    assert box is not None and box.title == st.ships["virginie"].name
    assert box.lines[0][1] == "head" and box.corridor and box.corridor[0].colour == CLEAR
    assert BLOCKED != CLEAR


def test_the_corridor_is_red_across_an_island_even_for_a_target_out_of_arc():
    from game.content.model import Terrain

    rock = Terrain(id="the_rock", kind="island", points=((28, 24), (32, 24), (32, 26), (28, 26)), name="Rock")
    # Virginie dead ahead of Amazon, the rock between them: in neither broadside, and hidden
    ships = [{"id": "amazon", "pose": (30, 20, 0)}, {"id": "virginie", "side": "french", "pose": (30, 30, 0)}]
    box = shot_box(battle(ships, terrain=(rock,)), "amazon", "virginie")
    assert box is not None and box.lines and all("arc" in words for words, _ in box.lines)
    assert box.corridor[0].colour == BLOCKED
    open_sea = shot_box(battle(ships), "amazon", "virginie")
    assert open_sea is not None and open_sea.corridor[0].colour == CLEAR


# --- the model a miniature is painted from ---------------------------------------------------------


def test_the_model_shows_her_build_paint_colours_and_the_canvas_of_her_sail_setting():
    from game.systems.btq21.figures import model

    st = battle([{"id": "victory", "rate": "1st", "pose": (30, 20, 90), "sail": "full", "specials": ("flagship",)},
                 {"id": "virginie", "side": "french", "pose": (30, 30, 90), "sail": "easy"},
                 {"id": "speedy", "rate": "brig", "pose": (10, 10, 90), "sail": "battle"}])
    v, f, b = model(st, "victory"), model(st, "virginie"), model(st, "speedy")
    assert (v.hull, v.decks, v.sails, v.nation, v.ensign, v.flag) == ("three_decker", 3, "plain", "british",
                                                                      "british", True)
    assert (f.hull, f.decks, f.sails, f.ensign, f.flag) == ("frigate", 1, "topsails", "french", False)
    assert (b.hull, b.sails, len(b.masts)) == ("brig", "fighting", 2)
    assert v.condition == f.condition == "" and v.hull_lost == 0 and v.listing == 0 and not v.dismasted


def test_the_model_shows_her_wounds_shares_lost_a_list_once_crippled_and_no_sails_without_rigging():
    from game.systems.btq21.figures import FIRST_LIST, model

    st = _pair()
    a = st.ships["amazon"]
    a.rigging = a.rigging_start // 2
    a.hull = a.hull_start - a.hull_cripple + 1  # one point short of crippled
    a.fires = 2
    m = model(st, "amazon")
    assert m.rigging_lost == pytest.approx(0.5, abs=0.03) and m.fires == 2 and m.listing == 0
    a.hull -= 1  # crippled now
    assert model(st, "amazon").listing == pytest.approx(FIRST_LIST)
    a.hull = 1
    assert FIRST_LIST < model(st, "amazon").listing <= 1.0
    a.rigging = 0
    m = model(st, "amazon")
    assert m.dismasted and m.sails == "" and m.spread == 0


def test_a_struck_ship_flies_no_colours_a_prize_flies_her_captors_and_what_went_down_is_a_wreck():
    from game.systems.btq21.figures import model

    st = _pair()
    v = st.ships["virginie"]
    v.status = "struck"
    m = model(st, "virginie")
    assert (m.condition, m.ensign, m.sails) == ("struck", "", "")
    v.status, v.side = "captured", "british"
    assert (model(st, "virginie").condition, model(st, "virginie").ensign) == ("", "british")
    assert model(st, "virginie").nation == "french"  # still in the paint of the yard that built her
    for status, condition in (("sunk", "wreck"), ("exploded", "wreck"), ("aground", "wreck"), ("left_table", "away")):
        v.status = status
        assert model(st, "virginie").condition == condition


def test_the_wake_card_is_ruled_at_each_shorter_sail_and_every_inch():
    st = _pair()
    ship = st.ships["amazon"]
    ship.sail = "full"
    speeds = st.rules.speeds[ship.size]
    card = wake(st, "amazon")
    shorter = [d for d in speeds.values() if d < speeds["full"]]
    inches = int(speeds["full"] - 1e-9)  # ticks at 1, 2 ... short of the far end
    assert len(card.marks) == len(shorter) + 2 * inches
    ship.sail = "easy"
    assert len(wake(st, "amazon").marks) == 2 * int(speeds["easy"] - 1e-9)  # the shortest: ticks only
