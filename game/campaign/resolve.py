"""An engagement resolved automatically: the battle itself, self-played by the computer players.

No formula stands in for the battle: the month's scenario is played to its
end headless by the computer players, with the engine and its own seeded
dice, exactly as the window would play it with two computer sides; then its
finished state is recorded like a battle fought on the table.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from game.campaign.engagement import BattleOutcome, apply_battle
from game.campaign.state import Campaign, CampaignError
from game.campaign.tables import shipped
from game.content.load import ContentError, load_default, open_scenario
from game.persistence.session import Session
from game.selfplay import SelfPlayError, play


def fight(c: Campaign, players: str | None = None) -> Session:
    """Play the month's engagement headless; the finished session (not yet recorded)."""
    plan = c.battle
    if c.stage != "battle" or plan is None:
        raise CampaignError("there is no engagement to resolve this month")
    kind = players or shipped().auto_players
    rules, ships = load_default()
    with tempfile.TemporaryDirectory(prefix="quarterdeck-campaign-") as folder:
        path = plan.write(Path(folder))
        try:
            scenario = open_scenario(path, ships, rules)
        except ContentError as e:
            why = "; ".join(e.problems[:3])
            raise CampaignError(f"the month's engagement is not a valid scenario: {why}") from None
        try:
            result = play(scenario, rules, plan.seed, {s.id: kind for s in scenario.sides})
        except (SelfPlayError, ValueError) as e:
            raise CampaignError(f"the engagement could not be played out: {e}") from None
    return result.session


def resolve_battle(c: Campaign, players: str | None = None) -> BattleOutcome:
    """Steps e and f without the window: the battle self-played, then recorded."""
    session = fight(c, players)
    return apply_battle(c, session.state)
