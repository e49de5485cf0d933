"""What Cagway Bay draws on the table: the guns' arcs, the move chart round a ship, the wind's point, the models,
the shot box."""

from __future__ import annotations

import math

import pytest

from game.content.model import Terrain
from game.systems.cagway import figures, gunnery, sticks, wind
from game.systems.cagway.state import COMBAT, MOVE, SUNK
from game.systems.figures import CANVAS, HULLS, Model, Shape
from game.table.geometry import heading_vector
from tests.systems.cagway.test_presentation import TABLES, duel, make_state

SEG = TABLES.shooting_segment  # inches in a segment of the shooting stick


def inside(shape: Shape, p: tuple[float, float]) -> bool:
    return figures._inside(shape.points, p)


def ahead(pose: tuple[float, float, float], dist: float, off: float = 0.0) -> tuple[float, float]:
    vx, vy = heading_vector(pose[2] + off)
    return (pose[0] + vx * dist, pose[1] + vy * dist)


# --- arcs ------------------------------------------------------------------------------------------------


def test_the_bow_arc_holds_what_is_ahead_and_not_what_is_astern():
    st = duel()
    swift = st.ships["swift"]
    bow = ahead(swift.pose, swift.length / 2 + 1.0)
    stern = ahead(swift.pose, -(swift.length / 2 + 1.0))
    assert figures.in_arc(st, "swift", "fore", bow) and not figures.in_arc(st, "swift", "fore", stern)
    assert figures.in_arc(st, "swift", "aft", stern) and not figures.in_arc(st, "swift", "aft", bow)
    abeam_port = ahead(swift.pose, 2.0, -90.0)  # heading north: port is west
    assert abeam_port[0] < swift.x
    assert figures.in_arc(st, "swift", "port", abeam_port) and not figures.in_arc(st, "swift", "starboard", abeam_port)
    assert not figures.in_arc(st, "swift", "fore", abeam_port)


def test_the_fore_arc_is_a_half_plane_from_the_middle_of_the_bow():
    st = duel()
    swift = st.ships["swift"]
    bow = ahead(swift.pose, swift.length / 2)
    # 80 degrees off the bow, just ahead of the line across it: in; just behind it: out
    for off, want in ((80.0, True), (-80.0, True), (100.0, False), (-100.0, False)):
        vx, vy = heading_vector(off)
        assert figures.in_arc(st, "swift", "fore", (bow[0] + vx * 3, bow[1] + vy * 3)) is want


def test_the_broadside_band_is_as_wide_as_she_is_long():
    st = duel()
    swift = st.ships["swift"]
    half = swift.length / 2
    assert figures.in_arc(st, "swift", "starboard", (swift.x + 3.0, swift.y + half - 0.05))
    assert not figures.in_arc(st, "swift", "starboard", (swift.x + 3.0, swift.y + half + 0.05))


def test_arcs_reach_the_shooting_range_in_bands_of_the_damage_column():
    st = duel()
    swift = st.ships["swift"]
    shapes = figures.arcs(st, "swift", None)
    by_colour: dict[tuple[int, int, int], list[Shape]] = {}
    for s in shapes:
        by_colour.setdefault(s.colour, []).append(s)
    assert set(by_colour) == set(figures.GUNS.values())
    assert len(by_colour[figures.GUNS["port"]]) == len([2, 3, 4, 5, 7, 9, 10])
    assert len(by_colour[figures.GUNS["fore"]]) == len([1, 4, 7, 10])
    outer = by_colour[figures.GUNS["fore"]][0]  # longest first
    bow = swift.length / 2
    assert inside(outer, ahead(swift.pose, bow + 10 * SEG - 0.05))
    assert not inside(outer, ahead(swift.pose, bow + 10 * SEG + 0.05))
    assert figures.steps(TABLES, "side") == [2, 3, 4, 5, 7, 9, 10]
    assert figures.steps(TABLES, "fore_aft") == [1, 4, 7, 10]


def test_arcs_follow_the_tape_and_a_dead_ship_has_none():
    st = duel()
    moved = figures.arcs(st, "swift", (5.0, 5.0, 90.0))
    assert moved != figures.arcs(st, "swift", None)
    fore = [s for s in moved if s.colour == figures.GUNS["fore"]][0]
    assert inside(fore, (9.0, 5.0)) and not inside(fore, (1.0, 5.0))  # heading east: ahead is east
    st.ships["swift"].hp = 0
    assert figures.arcs(st, "swift", None) == ()


def test_a_sloop_without_an_aft_gun_has_no_arc_astern():
    st = make_state([("raven", "runner", "sloop", (10.0, 10.0, 0.0))])
    colours = {s.colour for s in figures.arcs(st, "raven", None)}
    assert figures.GUNS["aft"] not in colours and figures.GUNS["fore"] in colours


def test_the_drawn_arcs_agree_with_the_engines():
    st = make_state([("swift", "runner", "frigate", (16.0, 18.0, 30.0)),
                     ("hawk", "blocker", "sloop", (16.0, 18.0, 0.0))])
    hawk = st.ships["hawk"]
    for bearing in range(0, 360, 15):
        for dist in (2.5, 6.0, 12.0):
            hawk.x, hawk.y = ahead(st.ships["swift"].pose, dist, float(bearing))
            for gun in ("fore", "aft", "port", "starboard"):
                engine = gunnery.bearing(st, st.ships["swift"], gun, hawk)
                if figures.in_arc(st, "swift", gun, (hawk.x, hawk.y)) and engine is not None:
                    assert engine.range <= TABLES.beyond
                if engine is None:
                    # no part of her in the engine's arc: her centre is not in the drawn one
                    assert not figures.in_arc(st, "swift", gun, (hawk.x, hawk.y)), (bearing, dist, gun)


# --- the move chart ----------------------------------------------------------------------------------------


def _angle_in(a: float, a0: float, a1: float) -> bool:
    return (a - a0) % 360.0 < (a1 - a0) % 360.0 or math.isclose((a1 - a0) % 360.0, 0.0)


@pytest.mark.parametrize("source", [(0.0, 0.0), (16.0, 0.0), (32.0, 20.0), (5.0, 36.0)])
def test_the_move_chart_wedges_are_the_engines_sectors(source):
    st = duel(source=source)
    swift = st.ships["swift"]
    runs = figures.wedges(st, swift, (swift.x, swift.y))
    assert sum(a1 - a0 for a0, a1, _s in runs) == pytest.approx(360.0)
    assert len(runs) == 8
    for course in range(3, 360, 10):
        sec, _stick = sticks.chart(st, swift, float(course))
        holding = [s for a0, a1, s in runs if _angle_in(float(course), a0, a1)]
        assert holding == [sec], course


def test_zones_colour_each_wedge_by_its_stick_and_hatch_the_none():
    st = duel(source=(16.0, 0.0))  # from the south: downwind is north
    shapes = figures.zones(st, "swift", None, 5.0)
    swift = st.ships["swift"]
    filled = [s for s in shapes if s.closed]
    assert len(filled) == 8
    north = (swift.x, swift.y + 3.0)
    south = (swift.x, swift.y - 3.0)
    east = (swift.x + 3.0, swift.y)
    at = {p: [s for s in filled if inside(s, p)] for p in (north, south, east)}
    assert at[north][0].colour == TABLES.stick_colours["yellow"]  # running before the wind: sector 0
    assert at[east][0].colour == TABLES.stick_colours["green"]  # wind abeam: sector 90
    assert at[south][0].colour == figures.NO_STICK  # into the wind's eye: none
    hatch = [s for s in shapes if not s.closed and s.colour == figures.NO_STICK]
    assert hatch
    for s in hatch:  # every hatch line lies in the none wedge
        mid = ((s.points[0][0] + s.points[1][0]) / 2, (s.points[0][1] + s.points[1][1]) / 2)
        assert inside(at[south][0], mid)
    line = [s for s in shapes if not s.closed and s.colour == figures.WIND]
    assert len(line) == 1 and line[0].points[0][1] < swift.y  # the wind's line comes from the south


def test_zones_are_read_where_the_tape_puts_her():
    st = duel(source=(0.0, 0.0))
    here = figures.zones(st, "swift", None, 4.0)
    there = figures.zones(st, "swift", (30.0, 2.0, 0.0), 4.0)
    assert here != there
    assert there[0].points[0] == (30.0, 2.0)
    # at (30, 2) the wind from (0, 0) blows almost due east: east is the running sector
    run = [s for s in there if s.closed and inside(s, (33.0, 2.2))]
    assert run[0].colour == TABLES.stick_colours[TABLES.cards["frigate"].stick(0)]
    assert wind.sector(wind.off_wind(st, (30.0, 2.0), 90.0)) == 0


# --- the wind's point ---------------------------------------------------------------------------------------


def test_marks_show_the_winds_point_and_fan_from_it():
    st = duel(source=(0.0, 9.0))
    shapes = figures.marks(st)
    marker = [s for s in shapes if s.closed]
    assert len(marker) == 1 and marker[0].fill > 0
    xs = [p[0] for p in marker[0].points]
    ys = [p[1] for p in marker[0].points]
    assert min(xs) <= 0.0 + 1.5 and min(ys) < 9.0 < max(ys)
    lines = [s for s in shapes if not s.closed]
    assert len(lines) >= 10
    for s in lines:
        (x0, y0), (x1, y1) = s.points
        assert (x0, y0) == (0.0, 9.0)
        on_edge = min(abs(x1), abs(x1 - 32.0), abs(y1), abs(y1 - 36.0))
        assert on_edge < 1e-6 and 0 <= x1 <= 32.0 + 1e-9 and 0 <= y1 <= 36.0 + 1e-9
        assert s.fill == 0 and s.edge <= 90  # faint


# --- models and badges --------------------------------------------------------------------------------------


def test_models_follow_health_and_fate():
    st = duel()
    m = figures.model(st, "swift")
    assert isinstance(m, Model) and m.condition == "" and m.sails == "plain" and m.hull in HULLS
    s = st.ships["swift"]
    s.hp = 12
    m = figures.model(st, "swift")
    assert m.sails in CANVAS and m.sails != "plain" and 0 < m.hull_lost < 1
    s.hp = 0
    assert figures.model(st, "swift").condition == "struck" and figures.model(st, "swift").sails == ""
    s.status = SUNK
    assert figures.model(st, "swift").condition == "wreck"
    s.status, s.hp, s.side = "afloat", 6, "blocker"
    assert figures.model(st, "swift").ensign == "french"  # a prize flies her captors' colours
    galleon = make_state([("g", "blue", "galleon", (5.0, 5.0, 0.0)), ("b", "blue", "brigantine", (9.0, 5.0, 0.0))])
    assert figures.model(galleon, "g").decks == 2 and figures.model(galleon, "b").hull == "brig"


def test_badges():
    st = duel()
    assert [b.label for b in figures.badges(st, "swift")] == ["6 AP"]
    st.ships["swift"].moved = True
    assert [b.label for b in figures.badges(st, "swift")] == ["6 AP", "DONE"]
    st.phase = COMBAT
    assert [b.label for b in figures.badges(st, "swift")] == ["6 AP"]
    st.ships["swift"].hp, st.ships["swift"].actions = 0, 0
    assert [b.label for b in figures.badges(st, "swift")] == ["DEAD"]
    st.ships["swift"].status = SUNK
    assert [b.label for b in figures.badges(st, "swift")] == ["SUNK"]


# --- the shot box --------------------------------------------------------------------------------------------


def test_the_shot_box_gives_range_aim_and_damage():
    # Hawk 7 segments off Swift's starboard side (Swift heading north: starboard is east)
    st = make_state([("swift", "runner", "frigate", (6.0, 18.0, 0.0)), ("hawk", "blocker", "frigate", (0, 18.0, 0.0))],
                    phase=COMBAT)
    swift, hawk = st.ships["swift"], st.ships["hawk"]
    hawk.x = swift.x + swift.width / 2 + 6.5 * SEG + hawk.width / 2
    swift.actions = 4
    box = figures.shot_box(st, "swift", "hawk")
    assert box is not None and box.title == "Hawk"
    words = [w for w, _tone in box.lines]
    assert words[0] == "starboard broadside: range 7" and box.lines[0][1] == "head"
    assert "aim 3" in words[1] and "effective range 4, 4 damage" in words[1]
    assert box.corridor and box.corridor[0].colour == figures.CLEAR
    assert figures.shot_box(st, "swift", "swift") is None


def test_the_shot_box_in_the_move_phase_is_fire_at_will():
    st = make_state([("swift", "runner", "frigate", (6.0, 18.0, 0.0)), ("hawk", "blocker", "frigate", (12, 18.0, 0.0))])
    box = figures.shot_box(st, "swift", "hawk")
    assert box is not None and "fire at will" in box.lines[1][0] and "D6" in box.lines[1][0]


def test_the_shot_box_is_none_when_no_gun_bears_and_crew_combat_when_touching():
    st = make_state([("raven", "runner", "sloop", (10.0, 10.0, 0.0)), ("hawk", "blocker", "frigate", (10.0, 4.0, 0.0))],
                    phase=COMBAT)
    assert figures.shot_box(st, "raven", "hawk") is None  # dead astern, and a sloop has no aft gun
    assert figures.shot_box(st, "hawk", "raven") is not None  # but Hawk's bow gun bears on her
    raven, hawk = st.ships["raven"], st.ships["hawk"]
    hawk.x = raven.x + raven.width / 2 + hawk.width / 2
    hawk.y = raven.y
    box = figures.shot_box(st, "raven", "hawk")
    assert box is not None and "combat value 3" in box.lines[0][0]


def test_the_shot_box_shows_an_island_in_the_way():
    rock = Terrain("rock", "island", ((9.0, 15.0), (10.0, 15.0), (10.0, 21.0), (9.0, 21.0)), "The Rock")
    st = make_state([("swift", "runner", "frigate", (6.0, 18.0, 0.0)), ("hawk", "blocker", "frigate", (14, 18.0, 0.0))],
                    phase=COMBAT, islands=(rock,))
    box = figures.shot_box(st, "swift", "hawk")
    assert box is not None and box.lines[0][1] == "bad" and "The Rock" in box.lines[0][0]
    assert box.corridor[0].colour == figures.BLOCKED


def test_a_dead_target_is_shown_as_harmless():
    st = make_state([("swift", "runner", "frigate", (6.0, 18.0, 0.0)), ("hawk", "blocker", "frigate", (12, 18.0, 0.0))],
                    phase=MOVE)
    st.ships["hawk"].hp = 0
    box = figures.shot_box(st, "swift", "hawk")
    assert box is not None and box.lines[-1][1] == "dim" and "dead in the water" in box.lines[-1][0]
