"""Gifford's Campaign Module: a two-year war of monthly turns, fought one engagement a month.

Pure Python (no window).  docs/CAMPAIGN.md is the contract: the state, the
month's steps, the commands the campaign screen calls and the readings of
Gifford's words on Quarterdeck's tables.
"""

from game.campaign import admiral
from game.campaign.engagement import BattleOutcome, ShipFate, apply_battle
from game.campaign.ledger import available, price
from game.campaign.month import (
    SideSetup,
    add_squadron,
    begin,
    buy,
    buy_battery,
    cancel_order,
    choose_squadron,
    close_orders,
    end_month,
    engage,
    new_campaign,
    order_build,
    order_recrew,
    order_release,
    order_repair,
    ready_ships,
    rename_squadron,
    scuttle,
    sell,
    sell_battery,
    set_squadron,
    surrender,
)
from game.campaign.resolve import resolve_battle
from game.campaign.runner import play_month, standing
from game.campaign.save import CampaignFileError, campaigns_dir, list_campaigns, load_campaign, save_campaign
from game.campaign.saved_fleet import SavedFleet, buy_fleet, check_fleet, fleet_bill, saved_fleets
from game.campaign.state import BattlePlan, Campaign, CampaignError, CampaignShip, Side


def catalogue(campaign: Campaign, side: str) -> list[tuple[str, str, str, int]]:
    """What a side may buy or build: (class id, name, rate, price with the class's own crew), dearest first."""
    from game.fleets.value import catalogue as offers

    s = campaign.side(side)
    out = [(o.id, o.name, o.kind, price(o.id, o.quality or "average")) for o in offers("btq21", s.nation)]
    return sorted(out, key=lambda row: (-row[3], row[1]))


__all__ = [
    "BattleOutcome",
    "BattlePlan",
    "Campaign",
    "CampaignError",
    "CampaignFileError",
    "CampaignShip",
    "SavedFleet",
    "ShipFate",
    "Side",
    "SideSetup",
    "add_squadron",
    "admiral",
    "apply_battle",
    "available",
    "begin",
    "buy",
    "buy_battery",
    "buy_fleet",
    "campaigns_dir",
    "cancel_order",
    "catalogue",
    "check_fleet",
    "choose_squadron",
    "close_orders",
    "end_month",
    "fleet_bill",
    "engage",
    "list_campaigns",
    "load_campaign",
    "new_campaign",
    "order_build",
    "order_recrew",
    "order_release",
    "order_repair",
    "play_month",
    "price",
    "ready_ships",
    "rename_squadron",
    "resolve_battle",
    "save_campaign",
    "saved_fleets",
    "scuttle",
    "sell",
    "sell_battery",
    "set_squadron",
    "standing",
    "surrender",
]
