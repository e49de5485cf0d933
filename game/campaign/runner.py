"""Months played without a window: the admirals decide, battles are resolved headless.

For tests, and for players who like numbers: ``main.py --campaign NEW|FILE
[--months N] [--seed N] [--auto]`` prints one JSON line a month (points,
fleets, victory points) and saves the campaign after every month.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from game.campaign import admiral, month
from game.campaign.engagement import BattleOutcome
from game.campaign.resolve import resolve_battle
from game.campaign.state import ACTIVE, LOST, STATUSES, Campaign, CampaignError

Fight = Callable[[Campaign], BattleOutcome]


def play_month(c: Campaign, fight: Fight | None = None) -> dict[str, Any]:
    """One whole month: computer sides give orders, orders close, the battle is fought, the month ends.

    ``fight`` records the month's battle (default: :func:`resolve_battle`, the battle self-played).
    """
    if c.stage == "setup":
        raise CampaignError("the campaign has not begun: buy the fleets first")
    fought: BattleOutcome | None = None
    played = c.month
    if c.stage == "orders":
        for s in c.sides.values():
            if s.player == "computer":
                admiral.orders(c, s.id)
        month.close_orders(c)
    if c.stage == "battle":
        fought = (fight or resolve_battle)(c)
    if c.stage == "after":
        for s in c.sides.values():
            if s.player == "computer":
                admiral.after(c, s.id)
        month.end_month(c)
    line = {"played": played, **standing(c)}
    if fought is not None:
        line["battle"] = {"winner": fought.winner, "reason": fought.reason,
                          "fates": {f.ship: f.fate for f in fought.fates}}
    return line


def standing(c: Campaign) -> dict[str, Any]:
    """The campaign in figures: month, stage, and for each side points, ships by status and victory points."""
    sides = {}
    for s in c.sides.values():
        counts = {st: sum(1 for x in s.ships if x.status == st) for st in STATUSES}
        sides[s.id] = {
            "name": s.name,
            "points": s.treasury,
            "vp": s.victory_points,
            "ships": counts,
            "active": [x.name for x in s.ships if x.status == ACTIVE],
            "lost": [f"{x.name} ({x.fate})" for x in s.ships if x.status == LOST],
            "batteries": sum(1 for b in s.batteries if not b.destroyed),
        }
    return {"month": c.month, "stage": c.stage, "sides": sides, "winner": c.winner, "result": c.result}


def new_auto(seed: int, nations: tuple[str, str] = ("british", "french")) -> Campaign:
    """A campaign both of whose sides the admiral runs, fleets bought and the war begun."""
    c = month.new_campaign(
        seed, (month.SideSetup("Side A", nations[0], "computer"), month.SideSetup("Side B", nations[1], "computer")),
        name=f"campaign-{seed}",
    )
    for side in ("A", "B"):
        admiral.setup(c, side)
    month.begin(c)
    return c


def run(source: str, months: int | None, seed: int, auto: bool, out: TextIO) -> int:
    """The headless runner behind ``--campaign``; the exit status."""
    from game.campaign.save import CampaignFileError, load_campaign, save_campaign

    try:
        if source.upper() == "NEW":
            c = new_auto(seed)
            path = None
        else:
            path = Path(source)
            c = load_campaign(path)
            if auto:
                for s in c.sides.values():
                    s.player = "computer"
    except (CampaignError, CampaignFileError) as e:
        out.write(json.dumps({"error": str(e)}) + "\n")
        return 2
    if any(s.player != "computer" for s in c.sides.values()):
        out.write(json.dumps({"error": "a side is played by a person: add --auto to let the admiral run it"}) + "\n")
        return 2
    played = 0
    while c.stage != "over" and (months is None or played < months):
        try:
            line = play_month(c)
        except CampaignError as e:
            out.write(json.dumps({"error": str(e), "month": c.month}) + "\n")
            return 2
        played += 1
        try:
            where = save_campaign(c, path)
        except OSError as e:
            out.write(json.dumps({"error": f"cannot save the campaign: {e}"}) + "\n")
            return 2
        line["save"] = str(where)
        out.write(json.dumps(line) + "\n")
        out.flush()
    return 0
