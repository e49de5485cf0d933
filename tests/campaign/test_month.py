"""Gifford's monthly turn: orders carried out in his order (a-i), refusals, the 24-month end, setup limits."""

import pytest

from game.campaign import (
    CampaignError,
    available,
    buy,
    buy_battery,
    choose_squadron,
    close_orders,
    end_month,
    engage,
    new_campaign,
    order_build,
    order_recrew,
    order_repair,
    surrender,
)
from game.campaign.month import SideSetup, begin
from game.campaign.state import PRIZE, VPEntry
from game.campaign.tables import shipped
from tests.campaign.helpers import ids, refuse_all, small


def test_setup_gives_each_side_the_rule_books_points_and_its_limits():
    t = shipped()
    c = new_campaign(1, (SideSetup("A side", "british"), SideSetup("B side", "french")))
    assert c.side("A").treasury == t.start_points == 240
    buy(c, "A", "victory", "good")
    buy(c, "A", "royal_sovereign", "good", squadron="Second Squadron")
    with pytest.raises(CampaignError, match="1st rates"):
        buy(c, "A", "victory", "poor")
    for _ in range(3):
        buy_battery(c, "A", "light")
    with pytest.raises(CampaignError, match="three|3"):
        buy_battery(c, "A", "light")
    buy(c, "B", "orient", "average")
    with pytest.raises(CampaignError, match="Marine|B side"):
        begin(c)  # B's ships are all in one squadron


def test_begin_needs_two_squadrons_and_carries_the_points_left():
    c = new_campaign(1, (SideSetup("A side", "british"), SideSetup("B side", "french")))
    buy(c, "A", "guerriere", "good")
    buy(c, "B", "virginie", "average")
    buy(c, "B", "cleopatre", "average", squadron="Second Squadron")
    with pytest.raises(CampaignError, match="at least 2 squadrons"):
        begin(c)
    assert c.stage == "setup"
    buy(c, "A", "shannon", "good", squadron="Second Squadron")
    left = c.side("A").treasury
    begin(c)
    assert (c.month, c.stage, c.side("A").treasury) == (1, "orders", left)


def test_orders_are_carried_out_in_gifford_order():
    c = small()
    a = c.side("A")
    prize = c.side("B").ships[1]
    # Make side A the holder of a prize and of a damaged frigate, by hand, as a battle would have left them.
    c.side("B").ships.remove(prize)
    prize.owner, prize.status, prize.squadron = "A", PRIZE, "First Squadron"
    a.ships.append(prize)
    a.ships[0].hull -= 30
    order_recrew(c, "A", prize.id, "poor")
    order_repair(c, "A", a.ships[0].id)
    order_build(c, "A", "java", "average")
    choose_squadron(c, "A", "Second Squadron")
    engage(c, "B", False)
    close_orders(c)
    end_month(c)
    steps = [e.step for e in c.log if e.month == 1]
    assert steps == sorted(steps), steps  # a, b, c, d ... then h, i
    assert {"a", "b", "c", "d", "h", "i"} <= set(steps)


def test_available_counts_this_months_orders_and_refuses_overspending():
    c = small()
    spend = available(c, "A")
    order_build(c, "A", "java", "average")
    assert available(c, "A") == spend - 12
    c.side("A").treasury = 20
    with pytest.raises(CampaignError, match="points to spend"):
        order_build(c, "A", "amazon", "good")
    assert len(c.side("A").orders.build) == 1  # the refused order changed nothing


def test_refusing_pays_the_refuser_nothing_and_the_other_double():
    t = shipped()
    c = small()
    a0, b0 = c.side("A").treasury, c.side("B").treasury
    engage(c, "A", False)
    for side in "AB":
        choose_squadron(c, side, "First Squadron")
    assert close_orders(c) is None
    end_month(c)
    assert c.side("A").treasury == a0 + t.refused.refuser == a0
    assert c.side("B").treasury == b0 + t.refused.other == b0 + 20
    a1, b1 = c.side("A").treasury, c.side("B").treasury
    refuse_all(c)  # both refuse: the month's ordinary points
    assert (c.side("A").treasury, c.side("B").treasury) == (a1 + 10, b1 + 10)


def test_an_engaging_side_must_name_a_squadron_that_can_sail():
    c = small()
    with pytest.raises(CampaignError, match="choose a squadron"):
        close_orders(c)
    assert c.stage == "orders" and c.month == 1


def test_the_war_ends_after_24_months_on_victory_points():
    c = small()
    c.side("B").vp.append(VPEntry(1, 7, "test", "b3"))
    for _ in range(23):
        refuse_all(c)
        assert c.stage == "orders"
    refuse_all(c)
    assert c.stage == "over" and c.month == 24
    assert c.winner == "B" and "24 months" in c.result
    with pytest.raises(CampaignError):
        close_orders(c)


def test_surrender_ends_it_at_once():
    c = small()
    surrender(c, "A")
    assert (c.stage, c.winner) == ("over", "B")


def test_a_refused_command_changes_nothing():
    c = small()
    before = repr(c)
    with pytest.raises(CampaignError):
        order_repair(c, "A", ids(c, "A")[0])  # she is whole
    with pytest.raises(CampaignError):
        choose_squadron(c, "A", "No Such Squadron")
    assert repr(c) == before


def test_a_side_needs_a_nation_with_ships_and_a_known_player():
    with pytest.raises(CampaignError, match="nation 'atlantis'"):
        new_campaign(1, (SideSetup("A side", "atlantis"), SideSetup("B side", "french")))
    with pytest.raises(CampaignError, match="player"):
        new_campaign(1, (SideSetup("A side", "british", "robot"), SideSetup("B side", "french")))
