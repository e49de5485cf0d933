"""A saved fleet bought into a campaign at setup: its prices and squadrons, and a refusal that changes nothing."""

from __future__ import annotations

import copy

import pytest

from game.campaign import (
    CampaignError,
    buy,
    buy_fleet,
    check_fleet,
    new_campaign,
    price,
    saved_fleets,
)
from game.campaign.ledger import ship_class
from game.campaign.month import SideSetup
from game.campaign.state import Campaign
from game.fleets.files import fleets_dir, save_fleet
from game.fleets.model import Fleet, FleetShip, FleetSquadron


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def fresh() -> Campaign:
    return new_campaign(5, (SideSetup("Royal Navy", "british"), SideSetup("Marine", "french")))


def channel(*extra: FleetShip, rules: str = "btq21", nation: str = "british") -> Fleet:
    """Three British ships in two squadrons: a frigate with a poor crew, a 74 with her class's, a brig."""
    return Fleet(rules, nation, "Channel Squadron", 1200, (
        FleetSquadron("Van", (FleetShip("shannon", "HMS Shannon", "poor"), FleetShip("bellerophon", "HMS Colossus")))
        , FleetSquadron("Inshore", (FleetShip("speedy", "HMS Speedy"), *extra)),
    ))


def own(ship: str) -> str:
    return ship_class(ship).quality


def test_every_ship_is_bought_at_the_campaign_price_under_her_name_crew_and_squadron():
    c = fresh()
    bought = buy_fleet(c, "A", channel())
    s = c.side("A")
    assert [(x.ship, x.name, x.quality, x.squadron) for x in bought] == [
        ("shannon", "HMS Shannon", "poor", "Van"),
        ("bellerophon", "HMS Colossus", own("bellerophon"), "Van"),  # the class's crew when the file gives none
        ("speedy", "HMS Speedy", own("speedy"), "Inshore"),
    ]
    costs = [price("shannon", "poor"), price("bellerophon", own("bellerophon")), price("speedy", own("speedy"))]
    assert [x.value for x in bought] == costs
    assert s.treasury == 240 - sum(costs)
    assert s.squadrons == ["First Squadron", "Second Squadron", "Van", "Inshore"]  # made as needed
    assert check_fleet(fresh(), "A", channel()).total == sum(costs)


def test_a_squadron_the_side_has_already_is_used_and_ships_add_to_those_bought():
    c = fresh()
    buy(c, "A", "java", "average", squadron="First Squadron")
    fleet = Fleet("btq21", "british", "Pair", 300, (
        FleetSquadron("First Squadron", (FleetShip("java", "HMS Java"), FleetShip("cyane", "HMS Cyane"))),))
    buy_fleet(c, "A", fleet)
    s = c.side("A")
    assert s.squadrons == ["First Squadron", "Second Squadron"]
    assert [x.name for x in s.ships] == ["HMS Java", "HMS Java II", "HMS Cyane"]  # a name taken: her own ordinal


def refused(c: Campaign, fleet: Fleet) -> str:
    before = copy.deepcopy(c)
    with pytest.raises(CampaignError) as e:
        buy_fleet(c, "A", fleet)
    assert c == before, "a refused purchase changes nothing"
    return str(e.value)


def test_over_the_points_in_hand_nothing_is_bought_and_the_total_is_named():
    c = fresh()
    big = Fleet("btq21", "british", "Too Dear", 2400, (FleetSquadron("Line", tuple(
        FleetShip(cls, f"HMS {cls} {i}") for i, cls in enumerate(
            ("neptune", "temeraire", "bellerophon", "vanguard", "venerable", "agamemnon") * 2))),))
    total = sum(price(x.ship, own(x.ship)) for x in big.ships())
    assert total > 240
    reason = refused(c, big)
    assert f"costs {total} points" in reason and "240 in hand" in reason


def test_a_third_first_rate_is_refused_counting_those_bought_before():
    c = fresh()
    two = Fleet("btq21", "british", "Three Deckers", 1200, (FleetSquadron("Line", (
        FleetShip("victory", "HMS Victory"), FleetShip("royal_sovereign", "HMS Royal Sovereign"))),))
    assert check_fleet(c, "A", two).first_rates == 2
    buy(c, "A", "victory", "average", name="HMS Britannia")
    reason = refused(c, two)
    assert "2 1st rates" in reason and "1 already" in reason and "at most 2" in reason


def test_other_rules_flags_and_ships_are_refused_and_only_at_setup():
    c = fresh()
    assert "Cagway Bay" in refused(c, channel(rules="cagway"))
    assert "French flag" in refused(c, channel(nation="french"))
    assert "Redoutable" in refused(c, channel(FleetShip("redoutable", "Redoutable")))
    from tests.campaign.helpers import small

    begun = small()
    with pytest.raises(CampaignError, match="setup"):
        buy_fleet(begun, "A", channel())


def test_the_side_is_offered_her_nations_files_and_the_damaged_ones_with_their_reasons(home):
    c = fresh()
    folder = fleets_dir()
    folder.mkdir(parents=True)
    save_fleet(channel(), folder / "channel.yaml")
    save_fleet(channel(nation="french"), folder / "french.yaml")  # a British side is not offered it
    save_fleet(channel(FleetShip("redoutable", "Redoutable")), folder / "mixed.yaml")
    (folder / "broken.yaml").write_text("fleet: Broken\nrules: btq21\nnation: british\nbudget: lots\n"
                                        "squadrons:\n  - name: Van\n    ships: [{ship: java}]\n",
                                        encoding="utf-8")
    offered = {f.path.name: f for f in saved_fleets(c, "A")}
    assert sorted(offered) == ["broken.yaml", "channel.yaml", "mixed.yaml"]
    assert offered["channel.yaml"].problem == "" and offered["channel.yaml"].cost == check_fleet(
        c, "A", channel()).total
    assert offered["broken.yaml"].fleet is None and "broken.yaml:4" in offered["broken.yaml"].problem
    assert "budget" in offered["broken.yaml"].problem
    assert "Redoutable" in offered["mixed.yaml"].problem
    assert [f.path.name for f in saved_fleets(c, "B")] == ["broken.yaml", "french.yaml"]


def test_a_fleet_built_to_the_purse_that_rounds_over_it_says_why():
    from game.fleets.value import fleet_points

    classes = ("temeraire", "venerable", "isis", "serapis", "shannon", "cyane", "bellerophon", "vanguard",
               "agamemnon", "indefatigable", "macedonian", "java")  # a random 1200-point fleet the builder drew
    fleet = Fleet("btq21", "british", "Rounded", 1200, (FleetSquadron("Line", tuple(
        FleetShip(cls, f"HMS {cls.capitalize()}") for cls in classes)),))
    total = sum(price(x.ship, own(x.ship)) for x in fleet.ships())
    assert fleet_points(fleet) <= 1200 and total > 240  # 1198 of the builder's points, 241 of the campaign's
    assert "rounded" in refused(fresh(), fleet)
