"""The search that every rule system's captain shares: difficulty levels and the anytime ranking of plans.

A rule system's captain brings what only it knows (which plans are worth
trying, how to play a plan and the enemy's reply on a trial, what a position
is worth: ``Knowledge``); this package brings the rest: how long to think at
each level, which dice a trial rolls, and how the trials are spent among the
plans (docs/SEARCH.md).
"""

from game.ai.search.levels import LEVELS, Level, parse_level
from game.ai.search.rank import Candidate, Ranking, rank

__all__ = ["LEVELS", "Candidate", "Level", "Ranking", "parse_level", "rank"]
