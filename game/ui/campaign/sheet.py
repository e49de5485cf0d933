"""The campaign sheet in words: yards, purse, orders, victory points, the log, the engagement.

Each function gives the HTML of one text box of the campaign screen, for one
side: what her own sheet shows.  The enemy's fleet, orders and running
victory points stay hidden (Gifford's points are added up only at the end);
the log shows the lines of her own side and those both sides saw (the
engagement and its result).
"""

from __future__ import annotations

import math
from html import escape

from game.campaign.engagement import BattleOutcome
from game.campaign.ledger import available, price, ship_class
from game.campaign.state import BUILDING, LOST, PRIZE, RC, REPAIR, Campaign, CampaignError, CampaignShip, LogEntry, Side
from game.campaign.tables import shipped

DIM = "#9aa6b2"
GOOD = "#a8d8a0"
BAD = "#f08a6a"
WARN = "#e8b860"
#: Log steps both sides see: the engagement set up, fought and recorded, and the end of the war.
PUBLIC_STEPS = ("d", "e", "f", "end")

STAGE_WORDS = {
    "setup": "buying the fleet",
    "orders": "orders",
    "battle": "the engagement",
    "after": "after the engagement",
    "over": "the war is over",
}


def repair_months(ship: CampaignShip) -> int:
    """Months in a repair berth until she is whole (one rate a month, his reading of a rate on our tracks)."""
    rate = shipped().repair.rate
    hull = max(0, ship.hull_max - ship.hull)
    crew = max(0, ship.crew_max - ship.crew)
    return max(math.ceil(hull / max(1, rate.hull)), math.ceil(crew / max(1, rate.crew)))


def status_words(c: Campaign, ship: CampaignShip) -> str:
    if ship.status == LOST:
        return f"lost: {ship.fate or 'lost'}"
    if ship.status == BUILDING:
        return f"building: sails month {ship.ready_month}"
    if ship.status == REPAIR:
        left = repair_months(ship)
        release = ", released" if ship.release_asked else ""
        return f"under repair: {left} month{'s' if left != 1 else ''}{release}" if left else f"repaired{release}"
    if ship.status == PRIZE:
        return "prize: to re-crew"
    if ship.status == RC:
        return "RC: retaken, to re-crew"
    return ship.status


def what_now(c: Campaign, side: Side | None) -> str:
    """The line under the calendar: what the player at the window is to do."""
    if c.stage == "setup":
        t = shipped()
        return (f"Buy your fleet from the catalogue: at least {t.least_squadrons} squadrons with ships, at most "
                f"{t.most_first_rates} first rates and {t.most_batteries} shore batteries; Enter when she is ready.")
    if c.stage == "orders":
        return ("Give the month's orders (build, repair, release, re-crew), pick the squadron to send and "
                "whether to engage; Enter when they are given.")
    if c.stage == "battle":
        return "Both squadrons are at sea: fight the engagement on the table, or have it resolved."
    if c.stage == "after":
        return "Step g: put damaged ships into the repair berths (paid from next month); Enter to end the month."
    return c.result or "The war is over."


def class_name(ship: str) -> str:
    try:
        return ship_class(ship).name
    except CampaignError:
        return ship


def class_words(ship: str) -> str:
    """Her class as the sheet writes it: rate and guns (the class id if the ship list has no such class)."""
    try:
        cls = ship_class(ship)
    except CampaignError:
        return ship
    return f"{cls.rate} rate, {cls.guns} guns"


def reason_words(c: Campaign, reason: str) -> str:
    """The battle's reason with the sides' names for the scenario's side ids (their nations)."""
    nations = [s.nation for s in c.sides.values()]
    if len(set(nations)) == len(nations):
        for s in c.sides.values():
            reason = reason.replace(f"only {s.nation} ", f"only {s.name} ")
    return reason


def _ship_line(ship: CampaignShip) -> str:
    return f"<b>{escape(ship.name)}</b> <font color='{DIM}'>({escape(class_words(ship.ship))})</font>"


def yards_html(c: Campaign, side: Side) -> str:
    rows = ["<b>Yards</b>"]
    for label, berths in (("Building", side.yards.building), ("Repair", side.yards.repair)):
        for k, ship_id in enumerate(berths, start=1):
            if ship_id is None:
                rows.append(f"{label} berth {k}: <font color='{DIM}'>empty</font>")
                continue
            ship = c.ship(ship_id)
            if label == "Building":
                left = max(0, ship.ready_month - c.month)
                rows.append(f"{label} berth {k}: {_ship_line(ship)}, sails month {ship.ready_month} "
                            f"({left} month{'s' if left != 1 else ''})")
            else:
                rows.append(f"{label} berth {k}: {_ship_line(ship)}, {status_words(c, ship)}")
    return "<br>".join(rows)


def orders_html(c: Campaign, side: Side) -> str:
    """The purse and this month's orders with what they cost."""
    left = available(c, side.id)
    cost = side.treasury - left
    rows = [f"<b>Treasury</b> {side.treasury} points &nbsp; <b>orders</b> {cost} &nbsp; "
            f"<b>left</b> <font color='{GOOD if left >= 0 else BAD}'>{left}</font>"]
    if c.stage not in ("orders", "after"):
        return rows[0]
    o = side.orders
    for b in o.build:
        name = b.name or class_name(b.ship)
        rows.append(f"Build {escape(name)} ({b.quality} crew) for {escape(b.squadron)}: "
                    f"{price(b.ship, b.quality)} points")
    for ship_id in o.repair:
        rows.append(f"Repair {escape(c.ship(ship_id).name)}")
    for ship_id in o.release:
        rows.append(f"Release {escape(c.ship(ship_id).name)} from the yard")
    for r in o.recrew:
        rows.append(f"Re-crew {escape(c.ship(r.ship).name)} ({r.crew_class})")
    if c.stage == "orders":
        if not o.engage:
            rows.append(f"<font color='{WARN}'>Refuse the engagement this month</font>")
        elif o.squadron:
            rows.append(f"Send <b>{escape(o.squadron)}</b> to the engagement")
        else:
            rows.append(f"<font color='{WARN}'>No squadron chosen for the engagement yet</font>")
    return "<br>".join(rows)


def vp_html(c: Campaign, side: Side) -> str:
    """Her own running ledger; the enemy's is not on her sheet until the war ends."""
    rows = [f"<b>Victory points</b> {side.victory_points}"
            + (f" <font color='{DIM}'>(the enemy's are counted at the end)</font>" if c.stage != "over" else "")]
    for e in side.vp[-8:]:
        colour = GOOD if e.points >= 0 else BAD
        rows.append(f"month {e.month}: <font color='{colour}'>{e.points:+d}</font> {escape(e.reason)}")
    if len(side.vp) > 8:
        rows.insert(1, f"<font color='{DIM}'>({len(side.vp) - 8} earlier entries)</font>")
    return "<br>".join(rows)


def sheet_html(c: Campaign, side: Side) -> str:
    return "<br><br>".join((orders_html(c, side), yards_html(c, side), vp_html(c, side)))


def seen_by(c: Campaign, entry: LogEntry, side: str) -> bool:
    """Whether a line of the log is on her sheet: hers, both sides', and the enemy's in the engagement
    (what she saw at sea), but not the enemy's victory points until the war is over."""
    if entry.side in (None, side) or c.stage == "over":
        return True
    return entry.step in PUBLIC_STEPS and "victory point" not in entry.text


def log_html(c: Campaign, side: str) -> str:
    """The sheet's lines by month and step letter, newest month first."""
    by_month: dict[int, list[str]] = {}
    for e in c.log:
        if not seen_by(c, e, side):
            continue
        by_month.setdefault(e.month, []).append(f"<font color='{DIM}'>{escape(e.step)}</font> {escape(e.text)}")
    out = []
    for month in sorted(by_month, reverse=True):
        head = "Setup" if month == 0 else f"Month {month}"
        out.append(f"<b>{head}</b><br>" + "<br>".join(by_month[month]))
    return "<br><br>".join(out) or f"<font color='{DIM}'>Nothing yet.</font>"


def _squadron_words(c: Campaign, ship_ids: list[str], side: str) -> list[str]:
    rows = []
    for ship_id in ship_ids:
        ship = c.ship(ship_id)
        if ship.owner != side:
            continue
        rows.append(f"{_ship_line(ship)}, {ship.crew_class}: hull {ship.hull}/{ship.hull_max}, "
                    f"rigging {ship.rigging}/{ship.rigging_max}, crew {ship.crew}/{ship.crew_max}")
    return rows


def plan_html(c: Campaign) -> str:
    """The month's engagement: the D12 line in words and both squadrons as they sail."""
    plan = c.battle
    if plan is None:
        return "No engagement this month."
    rows = [f"<b>{escape(plan.title)}</b>", f"D12 roll {plan.roll}: {escape(plan.summary)}", ""]
    for side_id in ("A", "B"):
        s = c.side(side_id)
        rows.append(f"<b>{escape(s.name)}</b>: {escape(plan.squadrons.get(side_id, '?'))}")
        rows += [f"&nbsp;&nbsp;{line}" for line in _squadron_words(c, plan.ships, side_id)]
        rows.append("")
    rows.append(f"<font color='{DIM}'>Battle seed {plan.seed}</font>")
    return "<br>".join(rows)


FATE_COLOURS = {"sunk": BAD, "destroyed in port": BAD, "captured": WARN, "abandoned": WARN, "recaptured": GOOD,
                "retaken": GOOD, "escaped": "#a8c8e8"}


def outcome_html(c: Campaign, outcome: BattleOutcome | None, side: str) -> str:
    """The engagement's result: who won, each ship's fate, the month's public lines."""
    rows = []
    if outcome is not None:
        head = f"{escape(c.side(outcome.winner).name)} won the engagement" if outcome.winner else "A drawn engagement"
        rows.append(f"<b>{head}</b> <font color='{DIM}'>({escape(reason_words(c, outcome.reason))})</font>")
        for f in outcome.fates:
            colour = FATE_COLOURS.get(f.fate, "#ece4d0")
            rows.append(f"{escape(f.name)} ({escape(c.side(f.side).name)}): <font color='{colour}'>{f.fate}</font>, "
                        f"hull {f.hull}, rigging {f.rigging}, crew {f.crew}")
    else:
        lines = [e for e in c.log if e.month == c.month and e.step in ("d", "e", "f") and seen_by(c, e, side)]
        rows += [escape(e.text) for e in lines] or ["No engagement this month."]
    return "<br>".join(rows)


def final_html(c: Campaign) -> str:
    """The end of the war: the winner and both ledgers, now open."""
    head = f"<b>{escape(c.side(c.winner).name)} wins the war</b>" if c.winner else "<b>The war ends in a draw</b>"
    rows = [head, escape(c.result), ""]
    for side in c.sides.values():
        rows.append(f"<b>{escape(side.name)}</b>: {side.victory_points} victory points")
        rows += [f"&nbsp;&nbsp;month {e.month}: {e.points:+d} {escape(e.reason)}" for e in side.vp]
        rows.append("")
    return "<br>".join(rows)

