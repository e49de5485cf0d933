"""The dice tray: tumbles, settles on the real faces, can be skipped, and fits a big roll."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pytest

from game.ui.render.dice_tray import (
    CORNERS,
    HOLD,
    RECENT,
    TUMBLE,
    DiceTray,
    choose_corner,
    die_hits,
    layout_dice,
    render_die,
    tray_footprint,
    tray_rect,
)


@dataclass
class Group:
    """Stand-in for narrate.DiceGroup: the tray reads only these attributes."""

    sides: int
    faces: list[int]
    needed: int | None = None
    rerolled: list[int] = field(default_factory=list)


@dataclass
class Roll:
    """Stand-in for narrate.DiceRoll."""

    purpose: str
    groups: list[Group]
    summary: str


def _broadside() -> Roll:
    return Roll(
        "Venerable fires",
        [Group(10, [1, 5, 10, 3], 5), Group(6, [6, 2, 4, 1, 5], 4, rerolled=[1])],
        "4 hits",
    )


def _faces(roll: Roll) -> list[int]:
    return [f for g in roll.groups for f in g.faces]


def _run(tray: DiceTray, speed: float = 1.0, limit: float = 30.0) -> None:
    t = 0.0
    while tray.busy and t < limit:
        tray.update(1 / 60, speed)
        t += 1 / 60
    assert not tray.busy


def test_settles_on_the_real_faces():
    tray = DiceTray()
    roll = _broadside()
    tray.push(roll)
    assert tray.busy and not tray.settled
    target = pygame.Surface((400, 220), pygame.SRCALPHA)
    tray.update(TUMBLE / 3, 1.0)
    tray.draw(target, target.get_rect())  # mid-roll draws too
    _run(tray)
    assert tray.settled and tray.current is roll
    assert tray.shown_faces() == _faces(roll)
    tray.draw(target, target.get_rect())


def test_faster_speed_settles_sooner():
    slow, fast = DiceTray(), DiceTray()
    for tray in (slow, fast):
        tray.push(_broadside())
    slow.update(TUMBLE / 2, 1.0)
    fast.update(TUMBLE / 2, 2.5)
    assert slow.busy and not fast.busy


def test_skip_shows_the_result():
    tray = DiceTray()
    roll = _broadside()
    tray.push(roll)
    tray.skip()
    assert not tray.busy
    assert tray.shown_faces() == _faces(roll)


def test_skip_catches_up_with_waiting_rolls():
    tray = DiceTray()
    rolls = [Roll(f"roll {i}", [Group(6, [i % 6 + 1])], "") for i in range(5)]
    for r in rolls:
        tray.push(r)
    tray.skip()
    assert not tray.busy and tray.current is rolls[-1]


def test_instant_speed_shows_faces_at_once():
    tray = DiceTray()
    tray.update(0.0, 0)
    roll = _broadside()
    tray.push(roll)
    assert not tray.busy and tray.shown_faces() == _faces(roll)
    tray.update(1 / 60, 0)
    assert tray.current is roll
    # a roll queued at normal speed finishes at once when the speed drops to instant
    tray2 = DiceTray()
    tray2.push(roll)
    tray2.update(0.01, 0)
    assert not tray2.busy and tray2.shown_faces() == _faces(roll)


def test_rolls_play_in_order_then_fade():
    tray = DiceTray()
    a, b = Roll("a", [Group(6, [3])], "x"), Roll("b", [Group(6, [4])], "y")
    tray.push(a)
    tray.push(b)
    assert tray.current is a and tray.waiting == 1
    _run(tray)
    assert tray.current is b
    tray.update(HOLD + 5, 1.0)
    assert tray.current is None
    tray.draw(pygame.Surface((100, 100)), pygame.Rect(0, 0, 100, 100))  # nothing to show: no error


def test_a_long_queue_is_sped_through():
    normal, backlog = DiceTray(), DiceTray()
    normal.push(Roll("one", [Group(6, [2])], ""))
    for i in range(8):
        backlog.push(Roll(f"r{i}", [Group(6, [2])], ""))
    normal.update(TUMBLE / 2, 1.0)
    backlog.update(TUMBLE / 2, 1.0)
    assert normal.busy and not normal.settled
    assert backlog.settled  # with a backlog the first roll is already down


def test_clear():
    tray = DiceTray()
    tray.push(_broadside())
    tray.push(_broadside())
    tray.clear()
    assert not tray.busy and tray.current is None


def test_hits():
    assert die_hits(5, 5) and not die_hits(4, 5)
    assert not die_hits(1, 0)  # a natural 1 always misses
    assert die_hits(3, None) is None


@pytest.mark.parametrize(
    "rect", [pygame.Rect(20, 30, 380, 200), pygame.Rect(0, 0, 300, 150), pygame.Rect(5, 5, 460, 160)]
)
def test_sixty_dice_fit(rect):
    tray = DiceTray()
    roll = Roll(
        "big", [Group(10, [(i % 10) + 1 for i in range(28)], 4), Group(6, [(i % 6) + 1 for i in range(32)], 4)], ""
    )
    tray.push(roll)
    tray.skip()
    rects = tray.dice_rects(rect)
    assert len(rects) == 60
    text_top = rect.top + layout_dice([28, 32], rect.width, rect.height).text_top
    for r in rects:
        assert rect.contains(r)
        assert r.bottom <= text_top  # the dice stay above the words
    for i, r in enumerate(rects):
        assert r.collidelist(rects[i + 1 :]) == -1  # no two dice overlap
    target = pygame.Surface((rect.right + 10, rect.bottom + 10), pygame.SRCALPHA)
    tray.draw(target, rect)


def test_faces_of_every_kind_render():
    for sides in (6, 10, 12, 8, 20):
        for face in (1, sides):
            for style in ("hit", "miss", "plain", "rolling"):
                for size in (6, 14, 40):
                    img = render_die(sides, face, size, style, rerolled=face == 1)
                    assert img.get_size() == (max(4, size),) * 2


def test_settled_draw_is_one_cached_image():
    tray = DiceTray()
    tray.push(_broadside())
    tray.skip()
    target = pygame.Surface((400, 220), pygame.SRCALPHA)
    tray.draw(target, target.get_rect())
    first = tray._cur.settled_image  # the cache itself
    tray.update(0.1, 1.0)
    tray.draw(target, target.get_rect())
    assert tray._cur.settled_image is first


def test_takes_the_narrators_rolls():
    narrate = pytest.importorskip("game.systems.btq21.narrate")
    group = narrate.DiceGroup(sides=6, faces=[2, 6, 1], needed=5, rerolled=[0], label="Musketry", first_faces=[4, 6, 1])
    roll = narrate.DiceRoll(purpose="Musketry", groups=[group], summary="1 hit")
    tray = DiceTray()
    tray.push(roll)
    target = pygame.Surface((360, 180), pygame.SRCALPHA)
    for _ in range(30):
        tray.update(1 / 60, 1.0)
        tray.draw(target, target.get_rect())
    _run(tray)
    assert tray.shown_faces() == [2, 6, 1]


def test_a_test_roll_counts_successes_not_hits():
    from game.content.load import load_default
    from game.ui.render.dice_tray import HIT, _caption, _Die

    narrate = pytest.importorskip("game.systems.btq21.narrate")
    roll = narrate.dice_roll(
        {"type": "test", "ship": "x", "purpose": "special:fight_fires:all_hands", "faces": [1, 1, 3, 3],
         "successes": 0, "needed": 3, "passed": False},
        names={"x": "Fougueux"},
        rules=load_default()[0],
    )
    (group,) = roll.groups
    assert group.tally == "success"
    dice = [_Die.__new__(_Die) for _ in group.faces]
    for d in dice:
        d.style = "miss"
    assert _caption(group, dice, True).endswith("0 successes")
    dice[0].style = HIT
    assert _caption(group, dice, True).endswith("1 success")


def _roll(name: str) -> Roll:
    return Roll(name, [Group(6, [4, 2], 4)], "1 hit")


def test_a_roll_that_leaves_the_tray_stays_in_the_stack_of_recent_rolls():
    tray = DiceTray()
    hit, check, crit = _roll("broadside"), _roll("critical check"), _roll("critical")
    for r in (hit, check, crit):
        tray.push(r)
    _run(tray)
    assert tray.current is crit
    assert list(tray.recent) == [hit, check]  # each had its moment in the tray and is still to be read


def test_skipping_puts_the_skipped_rolls_in_the_stack_not_in_the_bin():
    tray = DiceTray()
    rolls = [_roll(f"roll {i}") for i in range(4)]
    for r in rolls:
        tray.push(r)
    tray.skip()
    assert tray.current is rolls[-1]
    assert [r.purpose for r in tray.recent] == ["roll 0", "roll 1", "roll 2"]


def test_the_stack_keeps_the_last_few_rolls():
    tray = DiceTray()
    for i in range(RECENT + 3):
        tray.push(_roll(f"roll {i}"))
        tray.skip()
    assert len(tray.recent) == RECENT
    assert tray.recent[-1].purpose == f"roll {RECENT + 1}"


def test_a_pinned_roll_stays_in_the_tray_while_new_rolls_go_to_the_stack():
    tray = DiceTray()
    first, second = _roll("first"), _roll("second")
    tray.push(first)
    tray.pin()
    assert tray.pinned is first and not tray.busy  # a pinned roll never holds up the battle
    tray.push(second)
    _run(tray)
    assert tray.pinned is first and tray.current is None
    assert list(tray.recent) == [second]
    tray.unpin()
    assert tray.pinned is None and list(tray.recent) == [second, first]


def test_a_recent_roll_is_pinned_and_released_by_clicking_its_line():
    tray = DiceTray()
    a, b = _roll("a"), _roll("b")
    tray.push(a)
    tray.push(b)
    _run(tray)
    target = pygame.Surface((900, 700), pygame.SRCALPHA)
    rect = pygame.Rect(400, 500, 440, 170)
    tray.draw(target, rect)
    line = tray.line_rects[0]
    assert line.bottom <= rect.top  # the stack sits above the tray
    assert tray.line_at(line.center) is a
    tray.toggle_pin(tray.line_at(line.center))
    assert tray.pinned is a
    tray.toggle_pin(a)
    assert tray.pinned is None


def test_two_rolls_that_read_the_same_are_still_two_rolls():
    tray = DiceTray()
    a, b = _roll("same"), _roll("same")
    tray.push(a)
    tray.push(b)
    tray.skip()
    tray.pin(a)
    assert tray.pinned is a and [r is b for r in tray.recent] == [True]


# --- where the tray sits -------------------------------------------------------------


def _corners() -> dict[str, pygame.Rect]:
    view = pygame.Rect(0, 40, 1200, 800)
    return {c: tray_rect(view, c, (440, 170), 12, 44) for c in CORNERS}


def test_the_tray_sits_bottom_right_and_bottom_left_clear_of_the_scale_bar():
    rects = _corners()
    assert rects["bottom-right"].bottomright == (1200 - 12, 840 - 12)
    assert rects["bottom-left"].left == 12 and rects["bottom-left"].bottom == 840 - 12 - 44


def test_the_tray_moves_to_the_other_corner_when_ships_lie_under_it():
    rects = _corners()
    under = rects["bottom-right"].center
    assert choose_corner(rects, [(*under, 1)], "bottom-right", 24) == "bottom-left"
    # the stack of recent rolls above the tray covers the table too
    above = (rects["bottom-right"].centerx, tray_footprint(rects["bottom-right"]).top + 5)
    assert choose_corner(rects, [(*above, 1)], "bottom-right", 24) == "bottom-left"


def test_the_tray_stays_put_while_it_covers_nothing_and_when_no_corner_is_clearer():
    rects = _corners()
    left = rects["bottom-left"].center
    assert choose_corner(rects, [(*left, 1)], "bottom-right", 24) == "bottom-right"
    assert choose_corner(rects, [(600, 300, 1)], "bottom-left", 24) == "bottom-left"  # does not hop back
    both = [(*rects["bottom-right"].center, 1), (*left, 1)]
    assert choose_corner(rects, both, "bottom-right", 24) == "bottom-right"


def test_the_ship_a_player_watches_weighs_more_than_others_in_choosing_the_corner():
    rects = _corners()
    two_under_the_right = [(*rects["bottom-right"].center, 1), (*rects["bottom-right"].midtop, 1)]
    # the acting ship (or the roll's own) counts three: two others may be covered rather than her
    assert choose_corner(rects, two_under_the_right + [(*rects["bottom-left"].center, 3)], "bottom-right", 24) == (
        "bottom-right"
    )
    assert choose_corner(rects, two_under_the_right + [(*rects["bottom-left"].center, 1)], "bottom-right", 24) == (
        "bottom-left"
    )
