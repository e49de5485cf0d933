"""Real battles, read and drawn: every event the engine writes has words, every state is drawn, the points add up."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.content.paths import data_dir
from game.systems.base import Refusal
from game.systems.cagway import account, card, figures, narrate
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.system import CagwayBay
from game.systems.card import Card, Fate
from game.systems.dice import Dice
from game.systems.figures import Model, ShotBox
from game.systems.narration import DiceRoll, names_from_setup
from tests.systems.cagway.test_presentation import TABLES

SYSTEM = CagwayBay(TABLES, {})
SCENARIOS = ("cagway_blockade_run", "cagway_open_water")
#: The commands that fight: a battle that picks them first sees more of the log's kinds of event.
FIGHTING = ("fire", "fire_at_will", "board", "capture", "scuttle", "share")
#: How often (in commands) the whole table is drawn and every card read.
LOOK_EVERY = 25


def look(state: Any) -> None:
    """Draw and read everything the window would: no exceptions, and the carrier never shows."""
    for sid, ship in state.ships.items():
        assert isinstance(card.card(state, sid), Card)
        assert isinstance(card.fate(state, sid), Fate)
        assert isinstance(figures.model(state, sid), Model)
        for b in figures.badges(state, sid):
            assert "carr" not in b.label.lower() and "cargo" not in b.label.lower()
        figures.arcs(state, sid, None)
        if ship.on_table:
            assert figures.zones(state, sid, None, 3.0)
        for other in state.ships:
            box = figures.shot_box(state, sid, other)
            assert box is None or isinstance(box, ShotBox)
    figures.marks(state)
    for side in state.sides:
        assert card.turn_bar(state, side).turn.startswith(f"Turn {state.turn} of")


def battle(name: str, seed: int) -> list[dict[str, Any]]:
    sc = load_scenario(data_dir() / "scenarios" / f"{name}.yaml", TABLES)
    state, events = SYSTEM.new_game(sc, seed)
    dice = Dice.from_seed(seed * 7919 + 3)
    commands = 0
    while state.phase != "over" and commands < 3000:
        options = SYSTEM.legal(state)
        hot = [o for o in options if o.type in FIGHTING]
        pool = hot if hot and dice.die(10) <= 8 else options
        opt = pool[dice.die(len(pool)) - 1]
        values: dict[str, Any] = {k: round(lo + (hi - lo) * dice.uniform(), 2) for k, (lo, hi) in opt.ranges.items()}
        values.update({k: ch[dice.die(len(ch)) - 1] for k, ch in opt.choices.items()})
        if opt.variants:
            values.update(opt.variants[dice.die(len(opt.variants)) - 1].values)
        result = SYSTEM.apply(state, opt.command(**values))
        if isinstance(result, Refusal) and "turn" in opt.ranges:
            result = SYSTEM.apply(state, opt.command(**{**values, "turn": 0.0}))
        commands += 1
        if isinstance(result, Refusal):
            continue
        events += result
        if commands % LOOK_EVERY == 0:
            look(state)
    look(state)
    assert state.phase == "over"
    return events


@pytest.fixture(scope="module")
def battles() -> list[list[dict[str, Any]]]:
    return [battle(name, seed) for name in SCENARIOS for seed in (1, 2)]


def test_every_event_of_real_battles_has_its_own_words(battles):
    for events in battles:
        names = names_from_setup(events)
        for e in events:
            assert e["type"] in narrate.NARRATED_TYPES, e["type"]
            line = narrate.describe(e, names)
            assert line and "{" not in line, e
            roll = narrate.dice_roll(e, names)
            if e["type"] == "shot" and e.get("hasty"):
                assert isinstance(roll, DiceRoll) and roll.groups[0].faces == [e["roll"]]
            else:
                assert roll is None
        assert "Turn" in narrate.export_text(events)


def test_the_carrier_is_never_named_before_she_is_revealed(battles):
    for events in battles:
        names = names_from_setup(events)
        carrier = next((e["ship"] for e in events if e["type"] == "reveal" and e.get("carrier")), None)
        for e in events:
            if e["type"] == "carrier_chosen":
                line = narrate.describe(e, names)
                assert line and (carrier is None or names.get(carrier, carrier) not in line)


def test_the_points_of_real_battles_add_up(battles):
    for events in battles:
        over = events[-1]
        assert over["type"] == "game_over"
        entries = SYSTEM.points_account(events, None)
        totals = {side: 0.0 for side in over["points"]}
        for entry in entries:
            totals[entry.side] += entry.points
        for side, pts in over["points"].items():
            assert math.isclose(round(totals[side], 1), pts, abs_tol=1e-9), (side, totals, over["points"])


def test_the_luck_of_real_battles_never_raises(battles):
    for events in battles:
        setup = events[0]
        for e in events:
            luck = account.dice_luck(e, setup)
            assert luck is None or (e["type"] == "shot" and e.get("hasty"))
