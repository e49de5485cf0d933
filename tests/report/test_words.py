"""The report's sentences: the result, a ship's end, and what the dice's luck means."""

from __future__ import annotations

from game.report.account import Account, ShipAccount
from game.report.words import fate_line, luck_words, reason_line, result_line
from game.systems.account import LuckTally


def account(**more) -> Account:
    base = dict(scenario="s", title="T", seed=1, table=(72.0, 48.0), wind_from=0.0, turn_limit=12,
                sides={"red": "Red Fleet", "blue": "Blue Fleet"}, nations={}, ships={}, turns=7, over=True)  # fmt: skip
    return Account(**{**base, **more})


def test_the_result_in_words():
    assert result_line(account(winner="red", points={"red": 40.0, "blue": 12.5})) == (
        "Victory for the Red Fleet, 40 to 12.5 points"
    )
    assert result_line(account(winner=None, points={"red": 10.0, "blue": 10.0})) == "A draw, 10 to 10 points"
    assert result_line(account(over=False)) == "The battle was not finished (the log ends in turn 7)"
    assert (
        reason_line(account(reason="only blue can fight"))
        == "Only the Blue Fleet could still fight, at the end of turn 7 of 12."
    )
    assert reason_line(account(reason="turn limit")).startswith("The turn limit was reached (turn 7 of 12)")


def test_a_ships_end_in_words():
    acc = account()
    prize = ShipAccount("p", "Prize", "blue", fate="captured", fate_turn=3, side_now="red")
    retaken = ShipAccount("q", "Back", "blue", fate="captured", fate_turn=4, side_now="blue")
    assert fate_line(acc, prize) == "taken by the Red Fleet, turn 3"
    assert fate_line(acc, retaken) == "taken, then retaken, turn 4"
    assert fate_line(acc, ShipAccount("s", "S", "red", fate="left_table", fate_turn=9)) == "left the table, turn 9"
    assert fate_line(acc, ShipAccount("a", "A", "red")) == "afloat"


def test_luck_in_words_says_how_unusual_it_was():
    assert luck_words(LuckTally()) == "fired no dice"
    ordinary = LuckTally(rolled=20, expected=19.0, variance=16.0, throws=5)
    assert "ordinary luck" in luck_words(ordinary) and "1.0 more than the 19.0" in luck_words(ordinary)
    lucky = LuckTally(rolled=30, expected=22.0, variance=16.0, throws=5)  # two spreads above
    assert luck_words(lucky).startswith("30 hits, 8.0 more") and "very lucky" in luck_words(lucky)
    assert "one time in" in luck_words(lucky)
    unlucky = LuckTally(rolled=16, expected=22.0, variance=16.0, throws=5)
    assert "unlucky" in luck_words(unlucky) and "very" not in luck_words(unlucky) and "as badly" in luck_words(unlucky)


def test_the_chance_of_such_luck_is_about_right():
    # 30 or more where 22 +- 4 are expected: the normal curve with half a hit's continuity says about 3%
    lucky = LuckTally(rolled=30, expected=22.0, variance=16.0, throws=5)
    assert 0.02 < lucky.at_least_as_lucky < 0.04
    unlucky = LuckTally(rolled=16, expected=22.0, variance=16.0, throws=5)
    assert 0.07 < unlucky.at_most_as_lucky < 0.10  # 16 or fewer: (16.5 - 22) / 4 = -1.375
