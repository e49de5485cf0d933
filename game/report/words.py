"""The report's sentences: the result, each ship's end, and what the dice's luck means, in plain words.

Shared by the drawn report and the HTML page so both say the same thing.
"""

from __future__ import annotations

from game.report.account import Account, ShipAccount
from game.systems.account import AccountTerms, LuckTally

#: A ship's end as the report names it (the log's ending events).
FATES = {
    "afloat": "afloat",
    "struck": "struck",
    "sunk": "sunk",
    "exploded": "blew up",
    "captured": "taken",
    "left_table": "left the table",
    "aground": "aground",
    "destroyed": "silenced",
}


def points(v: float) -> str:
    return f"{v:g}"


def side_name(acc: Account, side: str | None) -> str:
    return acc.sides.get(side or "", side or "nobody")


def the(name: str) -> str:
    """A side's name after "the" in a sentence: "the Royal Navy", and "the Blockade" for "The Blockade"."""
    if name[:4].lower() == "the ":
        return "the " + name[4:]
    return f"the {name}"


def result_line(acc: Account) -> str:
    """'Victory for the Royal Navy, 330 points to 108' / 'A draw, 40 points each' / 'The battle was not finished'."""
    if not acc.over:
        return f"The battle was not finished (the log ends in turn {acc.turns})"
    scores = " to ".join(points(acc.points.get(s, 0.0)) for s in sorted(acc.points, key=lambda s: -acc.points[s]))
    if acc.winner:
        return f"Victory for {the(side_name(acc, acc.winner))}, {scores} points"
    return f"A draw, {scores} points"


def reason_line(acc: Account) -> str:
    """Why the battle ended, with side names for the rule system's side ids."""
    reason = acc.reason.strip()
    if not acc.over:
        return ""
    turn = f"turn {acc.turns}" + (f" of {acc.turn_limit}" if acc.turn_limit else "")
    if reason == "turn limit":
        return f"The turn limit was reached ({turn}): the side with more points wins."
    if reason == "no ship left able to fight":
        return f"No ship on either side was left able to fight ({turn})."
    if reason.startswith("only ") and reason.endswith(" can fight"):
        side = reason[len("only ") : -len(" can fight")]
        return f"Only {the(side_name(acc, side))} could still fight, at the end of {turn}."
    for side, name in acc.sides.items():
        reason = reason.replace(side, name)
    return (reason[:1].upper() + reason[1:]).rstrip(".") + f" ({turn})."


def fate_line(acc: Account, ship: ShipAccount) -> str:
    """'sunk, turn 11' / 'taken by the Royal Navy, turn 6' / 'afloat'."""
    word = FATES.get(ship.fate, ship.fate.replace("_", " "))
    if ship.fate == "captured" and ship.side_now != ship.side:
        word = f"taken by {the(side_name(acc, ship.side_now))}"
    elif ship.fate == "captured":
        word = "taken, then retaken"
    return f"{word}, turn {ship.fate_turn}" if ship.fate_turn is not None else word


def luck_words(tally: LuckTally, terms: AccountTerms | None = None) -> str:
    """What hits rolled against hits expected mean: a sentence for a player, not a statistician.

    ``terms`` say what the dice roll, in the rule system's words ("hits", "points of aim"); hits without them.
    """
    if tally.throws == 0:
        return "fired no dice"
    surplus, spread = tally.surplus, tally.spread
    more = f"{abs(surplus):.1f} {'more' if surplus >= 0 else 'fewer'} than the {tally.expected:.1f} the dice promised"
    if abs(spread) < 1.0:
        verdict = "ordinary luck, well within what such dice usually do"
    elif surplus > 0:
        verdict = ("very lucky" if spread >= 2.0 else "lucky") + (
            f": as many dice do as well only {_one_in(tally.at_least_as_lucky)}"
        )
    else:
        verdict = ("very unlucky" if spread <= -2.0 else "unlucky") + (
            f": as many dice do as badly only {_one_in(tally.at_most_as_lucky)}"
        )
    rolled = terms.luck_count(tally.rolled) if terms is not None else f"{tally.rolled} hits"
    return f"{rolled}, {more}: {verdict}"


def _one_in(p: float) -> str:
    """A chance as 'one time in N', rounded as a player would say it."""
    if p <= 0.001:
        return "about one time in a thousand or less"
    n = 1.0 / p
    if n < 20:
        return f"about one time in {max(2, round(n))}"
    if n < 100:
        return f"about one time in {round(n / 5) * 5}"
    return f"about one time in {round(n / 50) * 50}"
