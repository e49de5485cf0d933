"""Victory points and the end of the war (Gifford 20.i).

Points are kept in each side's ledger as ships are lost and taken, and only
added up at the end: half a ship's original value to whoever sank her, her
full value to whoever took her, her value back (and off the other's ledger)
when her own side retakes her, her full value off her owner's ledger when he
scuttles her, and nothing for a ship abandoned.
"""

from __future__ import annotations

from game.campaign.ledger import score
from game.campaign.state import ACTIVE, LOST, Campaign, CampaignError, CampaignShip, other
from game.campaign.yards import free_berth_of


def sunk(campaign: Campaign, ship: CampaignShip) -> None:
    """Sunk by hostile fire: half her original value to the enemy."""
    enemy = campaign.side(other(ship.owner))
    score(campaign, enemy, ship.value // 2, f"sank {ship.name}", ship.id)
    lose(campaign, ship, "sunk")


def captured(campaign: Campaign, ship: CampaignShip, captor: str) -> None:
    """Taken: her full value to the captor (call before she changes hands)."""
    score(campaign, campaign.side(captor), ship.value, f"took {ship.name}", ship.id)


def recaptured(campaign: Campaign, ship: CampaignShip, captor: str) -> None:
    """Her own side takes her back: her value to it, and off the ledger of the side that had her."""
    score(campaign, campaign.side(captor), ship.value, f"retook {ship.name}", ship.id)
    score(campaign, campaign.side(ship.owner), -ship.value, f"lost the prize {ship.name}", ship.id)


def scuttle(campaign: Campaign, side: str, ship_id: str) -> None:
    """Sunk by her own side to keep her from the enemy: her full value off her owner's ledger."""
    if campaign.stage not in ("orders", "after"):
        raise CampaignError("a ship is scuttled in port, between engagements")
    s = campaign.side(side)
    ship = s.ship(ship_id)
    if ship.status == LOST:
        raise CampaignError(f"{ship.name} is already lost")
    score(campaign, s, -ship.value, f"scuttled {ship.name}", ship.id, step="scuttle")
    lose(campaign, ship, "scuttled")


def destroyed_in_port(campaign: Campaign, ship: CampaignShip) -> None:
    """A ship under repair boarded in her port is destroyed: the enemy scores her as sunk by hostile action."""
    enemy = campaign.side(other(ship.owner))
    score(campaign, enemy, ship.value // 2, f"destroyed {ship.name} in port", ship.id)
    lose(campaign, ship, "destroyed in port")


def abandoned(campaign: Campaign, ship: CampaignShip) -> None:
    campaign.note("f", ship.owner, f"{ship.name} struck and was left: abandoned, lost to both sides")
    lose(campaign, ship, "abandoned")


def lose(campaign: Campaign, ship: CampaignShip, fate: str) -> None:
    side = campaign.side(ship.owner)
    free_berth_of(side, ship)
    side.orders.repair = [i for i in side.orders.repair if i != ship.id]
    side.orders.recrew = [o for o in side.orders.recrew if o.ship != ship.id]
    ship.status = LOST
    ship.fate = fate


def surrender(campaign: Campaign, side: str) -> None:
    s = campaign.side(side)
    if campaign.stage == "over":
        raise CampaignError("the campaign is over")
    finish(campaign, other(side), f"{s.name} surrendered")


def finish(campaign: Campaign, winner: str | None, why: str) -> None:
    campaign.winner = winner
    campaign.result = why
    campaign.stage = "over"
    campaign.battle = None
    campaign.note("end", winner, why + (f": {campaign.side(winner).name} wins" if winner else ": a draw"))


def no_active_ships(campaign: Campaign) -> bool:
    """Gifford's second way to win: the other side has lost all her active ships (not those in repair
    or building).  Checked after the month's engagement; True when it ended the campaign."""
    empty = [s.id for s in campaign.sides.values() if not s.having(ACTIVE)]
    if not empty:
        return False
    if len(empty) == 2:
        return on_points(campaign, "both sides have lost all their active ships")
    finish(campaign, other(empty[0]), f"{campaign.side(empty[0]).name} has no active ship left")
    return True


def on_points(campaign: Campaign, why: str) -> bool:
    """The end on victory points (after the last month, or when nothing else decides)."""
    a, b = (campaign.side(s).victory_points for s in ("A", "B"))
    winner = "A" if a > b else "B" if b > a else None
    finish(campaign, winner, f"{why}; victory points {a} to {b}")
    return True
