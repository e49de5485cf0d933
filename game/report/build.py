"""A report's content, gathered once: the account, the land of the table, the sides' inks, when it was played.

Everything here is plain data, so drawing it can go to a worker thread while
the battle's own objects stay with the window.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.report.account import Account, build_account
from game.report.sources import Battle
from game.report.style import side_inks


@dataclass(frozen=True)
class Land:
    """A piece of the table's terrain as the plan draws it: an island, a coast or a shoal."""

    kind: str
    name: str
    points: tuple[tuple[float, float], ...]


@dataclass
class Report:
    account: Account
    land: tuple[Land, ...]
    inks: dict[str, str]
    played: str


def build_report(battle: Battle) -> Report:
    """Everything a report draws, from one battle (AccountError if its events are not a battle's)."""
    acc = build_account(battle.events, battle.system, battle.scenario)
    scenario = battle.scenario
    land = tuple(
        Land(str(t.kind), str(t.name or ""), tuple((float(x), float(y)) for x, y in t.points))
        for t in getattr(scenario, "terrain", ())
    )
    colours = {s.id: tuple(s.colour) for s in getattr(scenario, "sides", ())}
    return Report(acc, land, side_inks(list(acc.sides), acc.nations, colours), battle.played)
