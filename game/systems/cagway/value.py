"""What a ship costs in a fleet bought by points, in Cagway Bay.

The book builds fleets for open warfare from the points printed on each ship
card, and the fleet battle scores an enemy ship's card points: so her price
is her card's points, and nothing else.  The cards have no crew quality.
"""

from __future__ import annotations

from game.systems.cagway.tables import CagwayTables

#: The budgets the fleet builder offers: the shipped fleet battle (Open Water) is fought at 100.
BUDGETS = (60, 100, 150, 200)


def card_price(tables: CagwayTables, card: str) -> int:
    """The points printed on the card."""
    return tables.cards[card].points
