"""Random engagements: Gifford's tactical-engagement set-up rolled for two fleets, written as a scenario."""

from game.generate.engagement import Engagement, engagement

__all__ = ["Engagement", "engagement"]
