"""Construction and repair berths: two of each, five months to build, a rate a month at five points."""

import pytest

from game.campaign import (
    CampaignError,
    choose_squadron,
    close_orders,
    end_month,
    engage,
    order_build,
    order_release,
    order_repair,
)
from game.campaign.state import ACTIVE, BUILDING, REPAIR
from game.campaign.tables import shipped
from tests.campaign.helpers import refuse_all, small


def test_two_construction_berths_and_launch_five_months_on():
    c = small()
    c.side("A").treasury = 200
    order_build(c, "A", "java", "average")
    order_build(c, "A", "amazon", "good", name="HMS Nonsuch")
    with pytest.raises(CampaignError, match="no free construction berth"):
        order_build(c, "A", "circe", "good")
    cost = 12 + 14
    before = c.side("A").treasury
    refuse_all(c)
    assert c.side("A").treasury == before - cost + 10  # paid when laid down; the month's 10 at its end
    built = [s for s in c.side("A").ships if s.status == BUILDING]
    assert [s.name for s in built] == ["HMS Java", "HMS Nonsuch"]
    assert all(s.ready_month == 1 + shipped().construction.months for s in built)
    with pytest.raises(CampaignError, match="no free construction berth"):
        order_build(c, "A", "circe", "good")
    while c.month < 6:
        assert all(s.status == BUILDING for s in built), c.month
        refuse_all(c)
    assert c.month == 6 and all(s.status == ACTIVE for s in built)
    assert c.side("A").yards.building == [None, None]


def test_repairs_a_rate_a_month_for_five_points_never_above_built():
    t = shipped()
    c = small()
    a = c.side("A")
    ship, other = a.ships
    ship.hull, ship.crew = ship.hull_max - 45, ship.crew_max - 5
    other.hull -= 10
    order_repair(c, "A", ship.id)
    order_repair(c, "A", other.id)
    before = a.treasury
    refuse_all(c)
    assert a.treasury == before - 2 * t.repair.cost + 10
    assert ship.status == REPAIR and ship.hull == ship.hull_max - 45 + t.repair.rate.hull
    assert ship.crew == ship.crew_max  # 5 lost, 10 a rate: capped at what she was built with
    assert other.status == ACTIVE and other.hull == other.hull_max  # whole again: launched at step h
    refuse_all(c)
    assert ship.status == REPAIR and ship.hull == ship.hull_max - 5
    refuse_all(c)
    assert ship.status == ACTIVE and ship.hull == ship.hull_max and a.yards.repair == [None, None]


def test_only_two_repair_berths():
    c = small()
    a = c.side("A")
    for s in a.ships:
        s.hull -= 50
    from game.campaign.yards import new_ship

    extra = new_ship(c, a, "java", "average", None, "First Squadron")
    extra.hull -= 50
    a.ships.append(extra)
    for s in a.ships[:2]:
        order_repair(c, "A", s.id)
    with pytest.raises(CampaignError, match="no free repair berth"):
        order_repair(c, "A", extra.id)


def test_released_early_she_sails_unmended():
    c = small()
    ship = c.side("A").ships[0]
    ship.hull -= 60
    order_repair(c, "A", ship.id)
    refuse_all(c)
    order_release(c, "A", ship.id)
    hull = ship.hull
    refuse_all(c)
    assert ship.status == ACTIVE and ship.hull == hull  # not paid for this month: out as she was


def test_masts_and_steering_are_made_good_free_at_the_months_end():
    c = small()
    a = c.side("A")
    a.ships[0].rigging = 3
    a.ships[1].hull -= 40
    a.ships[1].rigging = 0
    order_repair(c, "A", a.ships[1].id)
    engage(c, "A", False)
    engage(c, "B", False)
    close_orders(c)
    assert a.ships[0].rigging == 3
    end_month(c)
    assert a.ships[0].rigging == a.ships[0].rigging_max and a.ships[1].rigging == a.ships[1].rigging_max


def test_a_ship_under_repair_cannot_go_to_the_engagement():
    c = small()
    a = c.side("A")
    a.ships[0].hull -= 40
    order_repair(c, "A", a.ships[0].id)
    choose_squadron(c, "A", "First Squadron")  # her squadron has nobody else
    choose_squadron(c, "B", "First Squadron")
    with pytest.raises(CampaignError, match="fit to sail"):
        close_orders(c)
