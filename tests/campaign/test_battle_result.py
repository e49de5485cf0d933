"""A battle's end read back into the campaign: damage carried, prizes, and Gifford's victory points.

The battle's end state is made by hand (tests/campaign/helpers.finished), so no battle is played here.
"""

import yaml

from game.campaign import (
    apply_battle,
    choose_squadron,
    close_orders,
    end_month,
    engage,
    order_recrew,
    order_repair,
    scuttle,
)
from game.campaign.state import ACTIVE, LOST, PRIZE, RC, REPAIR
from game.campaign.tables import shipped
from tests.campaign.helpers import finished, small


def _month_battle(c, a="First Squadron", b="First Squadron"):
    choose_squadron(c, "A", a)
    choose_squadron(c, "B", b)
    plan = close_orders(c)
    assert plan is not None and c.stage == "battle"
    return plan


def test_the_plan_places_the_chosen_squadrons_ships_under_their_campaign_ids():
    c = small()
    plan = _month_battle(c)
    guerriere, virginie = c.side("A").ships[0], c.side("B").ships[0]
    assert sorted(plan.ships) == sorted([guerriere.id, virginie.id])
    assert set(plan.sides.values()) == {"A", "B"}
    data = yaml.safe_load(plan.yaml_text)
    placed = [s for side in data["sides"] for q in side["squadrons"] for s in q["ships"]]
    assert {s["id"] for s in placed} == set(plan.ships)


def test_damage_is_carried_into_the_next_engagement():
    c = small()
    _month_battle(c)
    ship = c.side("A").ships[0]
    apply_battle(c, finished(c, {}, tracks={ship.id: (50, 10, 20)}))
    assert (ship.hull, ship.rigging, ship.crew) == (50, 10, 20)
    end_month(c)
    assert ship.rigging == ship.rigging_max  # masts made good free; hull and crew wait for the yard
    plan = _month_battle(c)
    entry = next(s for side in yaml.safe_load(plan.yaml_text)["sides"] for q in side["squadrons"]
                 for s in q["ships"] if s["id"] == ship.id)
    assert entry["condition"] == {"hull": 50, "crew": 20}


def test_sunk_gives_half_her_value_to_the_enemy():
    c = small()
    _month_battle(c)
    victim = c.side("B").ships[0]
    apply_battle(c, finished(c, {victim.id: ("sunk", None)}, winner="A"))
    assert c.side("A").victory_points == victim.value // 2 and c.side("B").victory_points == 0
    assert (victim.status, victim.fate) == (LOST, "sunk")


def test_captured_gives_her_full_value_and_she_waits_for_a_crew():
    t = shipped()
    c = small()
    _month_battle(c)
    prize = c.side("B").ships[0]
    apply_battle(c, finished(c, {prize.id: ("captured", "A")}, winner="A"))
    assert c.side("A").victory_points == prize.value
    assert prize in c.side("A").ships and prize not in c.side("B").ships
    assert (prize.owner, prize.status, prize.squadron, prize.name) == ("A", PRIZE, "First Squadron", "Virginie")
    end_month(c)
    before = c.side("A").treasury
    order_recrew(c, "A", prize.id, "green")
    engage(c, "A", False)
    engage(c, "B", False)
    close_orders(c)
    assert c.side("A").treasury == before - t.recrew.green.cost == before - 10
    assert (prize.status, prize.quality, prize.crew_class) == (ACTIVE, "poor", "GR")


def test_struck_with_only_the_enemy_left_afloat_is_taken_and_with_nobody_is_abandoned():
    c = small()
    _month_battle(c)
    struck = c.side("B").ships[0]
    apply_battle(c, finished(c, {struck.id: ("struck", None)}, winner="A"))
    assert struck.owner == "A" and struck.status == PRIZE
    c2 = small()
    _month_battle(c2)
    a, b = c2.side("A").ships[0], c2.side("B").ships[0]
    apply_battle(c2, finished(c2, {a.id: ("struck", None), b.id: ("struck", None)}))
    assert (a.fate, b.fate) == ("abandoned", "abandoned")
    assert c2.side("A").victory_points == c2.side("B").victory_points == 0


def test_recaptured_returns_her_value_and_her_old_crew_for_five_points():
    t = shipped()
    c = small()
    _month_battle(c)
    ship = c.side("B").ships[0]
    built = ship.quality
    apply_battle(c, finished(c, {ship.id: ("captured", "A")}, winner="A"))
    end_month(c)
    order_recrew(c, "A", ship.id, "poor")
    _month_battle(c, b="Second Squadron")  # A's First Squadron: Guerriere and her prize
    assert ship.id in c.battle.ships
    apply_battle(c, finished(c, {ship.id: ("captured", "B")}, winner="B"))
    assert c.side("B").victory_points == ship.value
    assert c.side("A").victory_points == ship.value - ship.value  # gained, then lost
    assert (ship.owner, ship.status) == ("B", RC)
    end_month(c)
    before = c.side("B").treasury
    order_recrew(c, "B", ship.id)
    engage(c, "A", False)
    engage(c, "B", False)
    close_orders(c)
    assert c.side("B").treasury == before - t.recrew.recapture
    assert (ship.status, ship.quality) == (ACTIVE, built)


def test_scuttling_a_prize_gains_then_loses_her_value():
    c = small()
    _month_battle(c)
    prize = c.side("B").ships[0]
    apply_battle(c, finished(c, {prize.id: ("captured", "A")}, winner="A"))
    scuttle(c, "A", prize.id)
    assert c.side("A").victory_points == 0
    assert [e.points for e in c.side("A").vp] == [prize.value, -prize.value]
    assert (prize.status, prize.fate) == (LOST, "scuttled")


def test_own_ship_scuttled_costs_her_full_value():
    c = small()
    ship = c.side("A").ships[1]
    scuttle(c, "A", ship.id)
    assert c.side("A").victory_points == -ship.value and c.side("B").victory_points == 0


def test_a_side_left_without_an_active_ship_loses():
    c = small()
    b_other = c.side("B").ships[1]
    b_other.status = REPAIR  # in the yard: not an active ship (Gifford 20.i.1.b)
    c.side("B").yards.repair[0] = b_other.id
    _month_battle(c)
    victim = c.side("B").ships[0]
    apply_battle(c, finished(c, {victim.id: ("sunk", None)}, winner="A"))
    assert (c.stage, c.winner) == ("over", "A")


def test_a_port_engagement_has_the_shore_sides_own_batteries_and_plays(tmp_path):
    from game.campaign.engagement import plan
    from game.campaign.month import SideSetup, begin, buy, buy_battery, new_campaign
    from game.content.load import load_default, open_scenario

    c = new_campaign(2, (SideSetup("Royal Navy", "british"), SideSetup("Marine", "french")))
    buy(c, "A", "guerriere", "good")
    buy(c, "A", "shannon", "good", squadron="Second Squadron")
    heavy = buy_battery(c, "A", "heavy")
    buy(c, "B", "virginie", "average")
    buy(c, "B", "cleopatre", "average", squadron="Second Squadron")
    begin(c)
    choose_squadron(c, "A", "First Squadron")
    choose_squadron(c, "B", "First Squadron")
    p = plan(c, roll=12)  # Gifford's line 12: side A's shoreline
    data = yaml.safe_load(p.yaml_text)
    shore = [side for side in data["sides"] if side.get("batteries")]
    assert [b["id"] for side in shore for b in side["batteries"]] == [heavy.id]
    assert p.sides[shore[0]["id"]] == "A"
    assert f"1 shore battery of her own ({heavy.name})" in p.summary  # not the three the generator first rolled
    rules, ships = load_default()
    path = tmp_path / "port.yaml"
    path.write_text(p.yaml_text)
    sc = open_scenario(path, ships, rules)  # what --check-data accepts
    assert {s.id for side in sc.sides for q in side.squadrons for s in q.ships} == set(p.ships)


def test_a_port_engagement_of_a_side_without_batteries_says_it_has_none():
    from game.campaign.engagement import plan
    from game.campaign.month import SideSetup, begin, buy, new_campaign

    c = new_campaign(2, (SideSetup("Royal Navy", "british"), SideSetup("Marine", "french")))
    buy(c, "A", "guerriere", "good")
    buy(c, "A", "shannon", "good", squadron="Second Squadron")
    buy(c, "B", "virginie", "average")
    buy(c, "B", "cleopatre", "average", squadron="Second Squadron")
    begin(c)
    choose_squadron(c, "A", "First Squadron")
    choose_squadron(c, "B", "First Squadron")
    p = plan(c, roll=12)
    assert not any(side.get("batteries") for side in yaml.safe_load(p.yaml_text)["sides"])
    assert "no shore battery (the Royal Navy bought none" in p.summary and "shore batteries (" not in p.summary


def test_ships_under_repair_lie_at_anchor_in_port_and_are_destroyed_if_boarded(tmp_path):
    from game.campaign.engagement import plan
    from game.content.load import load_default, open_scenario

    c = small()
    mending = c.side("A").ships[1]  # Shannon, of the squadron that does not sail
    mending.hull -= 40
    order_repair(c, "A", mending.id)
    engage(c, "A", False)
    engage(c, "B", False)
    close_orders(c)
    end_month(c)
    assert mending.status == REPAIR
    choose_squadron(c, "A", "First Squadron")
    choose_squadron(c, "B", "First Squadron")
    c.stage = "battle"
    c.battle = plan(c, roll=12)  # side A's shore: her port
    assert mending.id in c.battle.ships
    entry = next(s for side in yaml.safe_load(c.battle.yaml_text)["sides"] for q in side["squadrons"]
                 for s in q["ships"] if s["id"] == mending.id)
    assert entry["anchored"] == "bow"
    path = tmp_path / "port.yaml"
    path.write_text(c.battle.yaml_text)
    rules, ships = load_default()
    open_scenario(path, ships, rules)
    apply_battle(c, finished(c, {mending.id: ("captured", "B")}, winner="B"))
    assert (mending.status, mending.fate, mending.owner) == (LOST, "destroyed in port", "A")
    assert c.side("B").victory_points == mending.value // 2
    assert c.side("A").yards.repair == [None, None]
