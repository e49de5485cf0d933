"""Small campaigns for the campaign's tests, and a battle result made by hand (no battle is played)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from game.campaign import begin, buy, new_campaign
from game.campaign.month import SideSetup
from game.campaign.state import Campaign


def small(seed: int = 3, players: str = "human") -> Campaign:
    """Two frigates a side, one in each squadron, begun: month 1, orders."""
    c = new_campaign(seed, (SideSetup("Royal Navy", "british", players), SideSetup("Marine", "french", players)))
    buy(c, "A", "guerriere", "good", squadron="First Squadron")
    buy(c, "A", "shannon", "good", squadron="Second Squadron")
    buy(c, "B", "virginie", "average", squadron="First Squadron")
    buy(c, "B", "cleopatre", "average", squadron="Second Squadron")
    begin(c)
    return c


def ids(c: Campaign, side: str) -> list[str]:
    return [s.id for s in c.side(side).ships]


def refuse_all(c: Campaign) -> None:
    from game.campaign import close_orders, end_month, engage

    for side in ("A", "B"):
        engage(c, side, False)
    close_orders(c)
    end_month(c)


def finished(c: Campaign, fates: dict[str, tuple[str, str | None]], winner: str | None = None,
             tracks: dict[str, tuple[int, int, int]] | None = None) -> Any:
    """The end state of the month's battle as the engine would leave it: ``fates`` maps a campaign ship id to
    (status, campaign side she ends on or None for her own); ships not named end afloat, untouched."""
    plan = c.battle
    assert plan is not None
    side_of = {v: k for k, v in plan.sides.items()}  # campaign side -> scenario side
    ships = {}
    for ship_id in plan.ships:
        ship = c.ship(ship_id)
        status, now = fates.get(ship_id, ("afloat", None))
        hull, rigging, crew = (tracks or {}).get(ship_id, (ship.hull, ship.rigging, ship.crew))
        ships[ship_id] = SimpleNamespace(
            id=ship_id, side=side_of[now or ship.owner], status=status, hull=hull, rigging=rigging, crew=crew
        )
    return SimpleNamespace(phase="over", winner=side_of.get(winner) if winner else None, result="by hand",
                           ships=ships)
