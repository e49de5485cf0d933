"""How Cagway Bay reads: the log's words, the dice tray, the reference, the legend, the card and the turn bar."""

from __future__ import annotations

import copy
import dataclasses
import math
import re
from typing import Any

import pytest

from game.content.model import Scenario, Side, Terrain
from game.systems import narration
from game.systems.cagway import account, card, figures, legend, narrate, reference, victory
from game.systems.cagway.events import KINDS
from game.systems.cagway.state import COMBAT, DEPLOY, MOVE, OVER, SECRET, SUNK, Activation, GameState, Ship
from game.systems.cagway.tables import CagwayTables, HealthBand, load_tables
from game.systems.dice import Dice

TABLES = load_tables()
NAMES = {"swift": "Swift", "hawk": "Hawk", "raven": "Raven", "runner": "The Runner", "blocker": "The Blocker"}


# --- positions ---------------------------------------------------------------------------------------


def make_state(ships: list[tuple[str, str, str, tuple[float, float, float]]], *, tables: CagwayTables = TABLES,
               phase: str = MOVE, source: tuple[float, float] = (0.0, 0.0),
               islands: tuple[Terrain, ...] = ()) -> GameState:
    """A battle on a 32" x 36" table: ships as (id, side, card, pose), the wind blowing from ``source``."""
    sides = tuple(dict.fromkeys(side for _id, side, _card, _pose in ships))
    scenario = Scenario(
        id="test", name="Test", description="", table=(32.0, 36.0), wind_from=225.0, turn_limit=15,
        sides=tuple(Side(s, s.title(), ("british", "french")[min(i, 1)], (200, 0, 0), ())
                    for i, s in enumerate(sides)),
        terrain=islands, system="cagway", extra={"victory": {"mode": "fleet"}},
    )
    built = {}
    for sid, side, cid, pose in ships:
        c = tables.cards[cid]
        built[sid] = Ship(id=sid, name=sid.title(), side=side, squadron=side, nation="", card=cid, length=c.length,
                          width=c.width, x=pose[0], y=pose[1], heading=pose[2], hp=c.hp, hp_max=c.hp,
                          actions=c.actions(c.hp), round_actions=c.actions(c.hp), original_side=side, deployed=True)
    state = GameState(scenario_id="test", ruleset_id=tables.id, seed=1, table_width=32.0, table_height=36.0,
                      wind_from=225.0, wind_source=source, turn_limit=15, sides=sides, ships=built,
                      dice=Dice.from_seed(1), tables=tables, scenario=scenario)
    state.phase = phase
    state.turn = 3
    state.order = tuple(built)
    if built and phase in (MOVE, COMBAT, DEPLOY):
        state.activation = Activation(next(iter(built)), phase)
    return state


def duel(**kw: Any) -> GameState:
    """Swift (runner) at the middle heading north; Hawk (blocker) 6" to her north, heading east."""
    return make_state([("swift", "runner", "frigate", (16.0, 12.0, 0.0)),
                       ("hawk", "blocker", "frigate", (16.0, 18.0, 90.0))], **kw)


# --- every event in words ------------------------------------------------------------------------------

SAMPLES: dict[str, dict[str, Any]] = {
    "setup": {"system": "cagway", "scenario": "cagway_blockade_run", "seed": 7, "ruleset": "cagway",
              "table": {"width": 32.0, "height": 36.0}, "wind_source": [0.0, 0.0], "wind_from": 225.0,
              "turn_limit": 15, "victory": {"mode": "blockade_run"},
              "sides": [{"id": "runner", "name": "The Runner"}, {"id": "blocker", "name": "The Blocker"}],
              "squadrons": [], "ships": [{"id": "swift", "name": "Swift", "side": "runner", "card": "frigate",
                                          "points": 30, "hp": 30, "hp_max": 30}], "log_format": 2},
    "deploy": {"ship": "swift", "to": [10.0, 2.0, 0.0]},
    "carrier_chosen": {"side": "runner"},
    "round": {"actions": {"swift": 6, "hawk": 5}},
    "priority": {"phase": "move", "order": ["hawk", "swift"]},
    "activation": {"ship": "swift", "phase": "move"},
    "move": {"ship": "swift", "stick": "green", "sector": 45, "distance": 4.8, "segments": 2.0, "points": 2,
             "actions_left": 4, "to": [12.0, 8.0, 45.0], "turn": 45.0},
    "drift": {"ship": "swift", "to": [12.0, 9.0, 180.0], "blocked": False},
    "repair": {"ship": "swift", "points": 2, "hp_gained": 4, "hp": 26},
    "shot": {"ship": "swift", "target": "hawk", "gun": "port", "column": "side", "distance": 13.1, "range": 7,
             "aim": 3, "effective": 4, "damage": 4, "hasty": False},
    "damage": {"ship": "hawk", "lost": 4, "hp": 26, "actions": 6, "dead": False},
    "crew_attack": {"ship": "swift", "target": "hawk", "combat_value": 4, "damage": 4},
    "capture": {"ship": "swift", "target": "hawk", "hp": 5},
    "captured": {"ship": "hawk", "by": "swift"},
    "sunk": {"ship": "hawk", "by": "swift"},
    "share": {"ship": "swift", "friend": "raven", "hp": 3, "paid_by": "swift"},
    "end_move": {"ship": "swift", "actions_left": 2},
    "pass": {"ship": "swift"},
    "reveal": {"ship": "swift", "carrier": True},
    "arrived": {"ship": "swift"},
    "game_over": {"winner": "runner", "points": {"runner": 30.0, "blocker": 0.0}, "reason": "Swift arrived"},
}
HASTY = {**SAMPLES["shot"], "hasty": True, "roll": 3, "aim_allowed": True, "aim": 3, "effective": 4}


def event(kind: str, **changes: Any) -> dict[str, Any]:
    e = {"seq": 5, "turn": 2, "game_turn": 2, "type": kind, **copy.deepcopy(SAMPLES[kind])}
    e.update(changes)
    return e


def test_the_samples_cover_every_event_type_of_the_engine():
    assert set(SAMPLES) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_event_type_has_its_own_words(kind):
    line = narrate.describe(event(kind), NAMES)
    assert isinstance(line, str) and line
    assert kind in narrate.NARRATED_TYPES
    assert line != narration.generic_line(event(kind), NAMES)
    assert "{" not in line and "None" not in line


def test_lines_use_the_ships_names_and_the_numbers_of_the_event():
    assert narrate.describe(event("shot"), NAMES) == (
        "Swift fires her port broadside at Hawk, range 7, 3 points poured into aiming, effective range 4: 4 damage.")
    line = narrate.describe(event("move"), NAMES)
    assert "Swift turns 45° to starboard" in line and "green stick" in line and "2 segments" in line
    assert "wind on her quarter" in line and "2 action points" in line
    assert "Hawk, Swift" in narrate.describe(event("priority"), NAMES)
    assert "downwind first" in narrate.describe(event("priority"), NAMES)
    assert "upwind first" in narrate.describe(event("priority", phase="combat"), NAMES)
    assert "dead in the water" in narrate.describe(event("damage", hp=0, dead=True), NAMES)
    assert "victory for The Runner" in narrate.describe(event("game_over"), NAMES)


def test_a_hasty_aim_says_whether_the_die_counted():
    assert "taken off the range" in narrate.describe({**event("shot"), **HASTY}, NAMES)
    over = {**event("shot"), **HASTY, "roll": 6, "aim_allowed": False, "aim": 0, "effective": 7, "damage": 2}
    assert "no aiming bonus" in narrate.describe(over, NAMES)


def test_the_carriers_choice_never_names_the_ship():
    for e in (event("carrier_chosen"), event("carrier_chosen", ship="swift"), event("carrier_chosen", side=None),
              event("carrier_chosen", side=["swift"]), {"type": "carrier_chosen", "ship": "swift"},
              event("carrier_chosen", carrier="swift", target="swift")):
        line = narrate.describe(e, NAMES)
        assert line and "Swift" not in line and "swift" not in line


DAMAGES: list[Any] = [None, "", "x", [], {}, [1, 2], -3, 10**9, float("nan"), True, {"a": 1}]


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_damaged_events_never_raise(kind):
    base = event(kind) if kind != "shot" else {**event("shot"), **HASTY}
    variants: list[Any] = [{"type": kind}, {k: v for k, v in base.items() if k != "ship"}]
    for key in base:
        if key == "type":
            continue
        variants.append({k: v for k, v in base.items() if k != key})
        variants += [{**base, key: bad} for bad in DAMAGES]
    for e in variants:
        assert isinstance(narrate.describe(e, NAMES), str)
        roll = narrate.dice_roll(e, NAMES)
        assert roll is None or isinstance(roll, narration.DiceRoll)
        assert isinstance(narrate.cue(e), narration.Cue)
        assert account.dice_luck(e, SAMPLES["setup"]) is None or e.get("type") == "shot"


def test_not_even_strange_things_make_it_raise():
    for e in ({}, {"type": None}, {"type": "kraken", "ship": "swift"}, {"type": 3}):
        assert isinstance(narrate.describe(e, NAMES), str)
        assert narrate.dice_roll(e, NAMES) is None
        assert narrate.cue(e) == narration.PLAIN
    assert narrate.cue("not an event") == narration.PLAIN  # type: ignore[arg-type]
    assert "Kraken" in narrate.describe({"type": "kraken", "ship": "swift"}, NAMES)


def test_the_dice_tray_shows_fire_at_wills_die_and_nothing_else():
    roll = narrate.dice_roll({**event("shot"), **HASTY}, NAMES)
    assert roll is not None and roll.ship == "swift"
    assert roll.groups[0].sides == 6 and roll.groups[0].faces == [3]
    assert "range 7 aimed to 4" in roll.summary
    over = narrate.dice_roll({**event("shot"), **HASTY, "roll": 5, "aim_allowed": False}, NAMES)
    assert over is not None and "no aiming bonus" in over.summary
    assert narrate.dice_roll(event("shot"), NAMES) is None  # careful aim in the combat phase: no die
    for kind in SAMPLES:
        if kind != "shot":
            assert narrate.dice_roll(event(kind), NAMES) is None


def test_cues():
    assert narrate.cue(event("shot")) == narration.Cue("notable", "gunfire")
    assert narrate.cue(event("round")).tone == "heading"
    assert narrate.cue(event("game_over")).tone == "heading"
    assert narrate.cue(event("damage", dead=True, hp=0)).tone == "notable"
    assert narrate.cue(event("move", stopped_by="hawk")).tone == "mishap"
    assert narrate.cue(event("pass")) == narration.PLAIN
    for kind in SAMPLES:
        c = narrate.cue(event(kind))
        assert c.tone in narration.TONES and c.sound in narration.SOUNDS


def test_the_whole_battle_exports_as_text():
    text = narrate.export_text([event(k) for k in SAMPLES])
    assert "The battle begins" in text and "Turn 2" in text and "Swift" in text


# --- the reference --------------------------------------------------------------------------------------


def _text(sections: list[tuple[str, str]]) -> str:
    return "\n".join(f"{t}\n{b}" for t, b in sections)


def test_the_reference_covers_the_book():
    sections = reference.reference(TABLES)
    titles = " ".join(t for t, _ in sections).lower()
    for word in ("round", "stick", "wind", "movement", "fire at will", "repair", "drift", "arcs", "damage chart",
                 "aiming", "crew combat", "dead ships", "capture", "scuttle", "sharing", "blockade run"):
        assert word in titles, word
    for _title, body in sections:
        assert body.count("<b>") == body.count("</b>") and body.count("<font") == body.count("</font>")


def test_the_reference_quotes_the_tables():
    text = _text(reference.reference(TABLES))
    assert 'Green                 6     2.4"' in text
    assert "mend 2 HP for each action point" in text
    assert "a D6 is rolled" in text
    assert "1 red segment" in text
    assert re.search(r"22-30\s+6\s+4", text)


def test_the_reference_follows_a_change_of_the_tables():
    before = _text(reference.reference(TABLES))
    frigate = TABLES.cards["frigate"]
    health = (HealthBand(22, 30, 7, 5), *frigate.health[1:])
    house = dataclasses.replace(
        TABLES,
        sticks={**TABLES.sticks, "green": 7.5},
        segments={**TABLES.segments, "green": 3.0},
        repair_hp=3,
        fire_at_will_die=8,
        damage={**TABLES.damage, 4: (9, 2)},
        cards={**TABLES.cards, "frigate": dataclasses.replace(frigate, health=health, wheel=("blue",) * 4 + ("none",))},
        costs={**TABLES.costs, "scuttle": 2},
        drift_stick="brown",
    )
    after = _text(reference.reference(house))
    assert after != before
    assert 'Green               7.5       3"' in after
    assert "mend 3 HP" in after and "a D8 is rolled" in after and "1 brown segment" in after
    assert re.search(r"\n?4\s+9\s+2", after.replace("<br>", "\n"))
    assert re.search(r"22-30\s+7\s+5", after)
    assert re.search(r"Frigate\s+blue\s+blue\s+blue\s+blue\s+none", after)
    assert "for 2 points" in after


# --- the legend -------------------------------------------------------------------------------------------


def _badge_word(label: str) -> str:
    return re.sub(r"\d+", "N", label)


def every_badge() -> set[tuple[str, tuple[int, int, int]]]:
    """The badges of many positions: every phase, alive, dead, prize, sunk, done, to deploy."""
    seen = set()
    for phase in (DEPLOY, SECRET, MOVE, COMBAT, OVER):
        for hp in (30, 12, 1, 0):
            for actions in (0, 3):
                for flags in range(8):
                    st = duel(phase=phase)
                    s = st.ships["swift"]
                    s.hp, s.actions = hp, actions if hp else 0
                    s.moved, s.fought = bool(flags & 1), bool(flags & 1)
                    s.deployed = not flags & 2
                    if flags & 4:
                        s.side = "blocker"
                    if hp == 30 and flags == 7:
                        s.status = SUNK
                    for b in figures.badges(st, "swift"):
                        seen.add((b.label, b.colour))
    return seen


def test_the_legend_explains_every_badge():
    marks = [m for group in legend.legend(TABLES) for m in group.marks if m.sample == "badge"]
    explained = {(_badge_word(m.label), m.colour) for m in marks}
    seen = every_badge()
    assert {"DEAD", "PRIZE", "SUNK", "DONE", "TO DEPLOY", "3 AP", "0 AP"} <= {label for label, _ in seen}
    for label, colour in seen:
        assert (_badge_word(label), colour) in explained, label
    assert all(m.meaning for m in marks)


def test_the_legend_gives_each_stick_its_colour_and_length():
    marks = {m.label: m for group in legend.legend(TABLES) for m in group.marks}
    for stick in ("Brown", "Red", "Yellow", "Green", "Blue"):
        assert marks[stick].colour == TABLES.stick_colours[stick.lower()]
    assert '2.4"' in marks["Green"].meaning and "6 rods" in marks["Green"].meaning
    assert marks["None"].colour == figures.NO_STICK
    for gun, colour in figures.GUNS.items():
        assert marks[gun.capitalize()].colour == colour


def test_the_badges_never_tell_the_carrier():
    st = duel()
    plain = {sid: figures.badges(st, sid) for sid in st.ships}
    cards = {sid: card.card(st, sid) for sid in st.ships}
    st.carrier = "swift"
    assert {sid: figures.badges(st, sid) for sid in st.ships} == plain
    assert {sid: card.card(st, sid) for sid in st.ships} == cards
    assert "Swift" not in card.turn_bar(st, "runner").status or st.activation.ship == "swift"


# --- the card and the bar ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("hp", "actions", "cv"), [(30, 6, 4), (22, 6, 4), (21, 5, 4), (11, 4, 4), (10, 3, 3),
                                                   (7, 3, 3), (5, 2, 2), (1, 1, 1)])
def test_the_card_shows_action_points_and_combat_value_by_health(hp, actions, cv):
    st = duel()
    s = st.ships["swift"]
    s.hp, s.round_actions, s.actions = hp, actions, max(0, actions - 1)
    c = card.card(st, "swift")
    words = " ".join(line.text for line in c.lines)
    assert f"Action points {actions - 1} of {actions}" in words
    assert f"Combat value {cv}" in words
    assert c.tracks[0].left == hp and c.tracks[0].start == 30
    now = [r for r in c.table.rows if "now" in r.cells]
    assert len(now) == 1 and now[0].cells[3:] == (str(actions), str(cv))
    assert c.stamp == ""


def test_the_card_of_a_dead_ship_a_prize_and_a_sunk_ship():
    st = duel()
    s = st.ships["swift"]
    s.hp, s.actions = 0, 0
    c = card.card(st, "swift")
    assert c.stamp == "DEAD IN THE WATER" and c.fate == "struck"
    assert any("Dead in the water" in line.text for line in c.lines)
    assert card.fate(st, "swift").text == "dead in the water"
    s.hp, s.side = 5, "blocker"
    assert card.card(st, "swift").stamp == "PRIZE"
    f = card.fate(st, "swift")
    assert f.side == "runner" and f.kind == "taken" and "captured by the Blocker" in f.text
    s.status = SUNK
    assert card.card(st, "swift").stamp == "SUNK" and card.fate(st, "swift").kind == "sunk"
    assert card.fate(st, "hawk").text == "afloat: 30/30 HP"


def test_the_card_shows_her_guns_and_her_wheel_for_her_heading():
    st = duel(source=(16.0, 0.0))  # the wind blows from the south: Swift, heading north, runs before it
    st.ships["swift"].actions = 4
    c = card.card(st, "swift")
    words = [line.text for line in c.lines]
    assert "Guns: fore, aft (fore-aft column); port, starboard (side column)" in words
    assert "Wheel: 0° yellow · 45° green · 90° green · 135° red · 180° none" in words
    assert any(w.startswith("Heading 000° (N): running, yellow stick") for w in words)
    dots = [m for m in c.marks[0] if m.icon == "dot"]
    assert [m.on for m in dots] == [True] * 4 + [False] * 2  # 4 of the 6 points her health gave her
    assert [m.label for m in c.marks[1]] == ["Fore", "Aft", "Port", "Starboard"]
    st.ships["swift"].heading = 180.0  # into the wind's eye
    assert any("no stick: she cannot sail this way" in line.text for line in card.card(st, "swift").lines)
    sloop = make_state([("raven", "runner", "sloop", (5.0, 5.0, 0.0))])
    assert "Guns: fore, port, starboard (fore-aft column)" in [line.text for line in card.card(sloop, "raven").lines]


def test_the_turn_bar():
    st = duel()
    st.ships["swift"].moved = True
    st.activation = Activation("hawk", MOVE)
    bar = card.turn_bar(st, "blocker")
    assert bar.turn == "Turn 3 of 15 — move phase"
    assert bar.order == (("Swift", "runner", True, False), ("Hawk", "blocker", False, True))
    assert "Hawk is moving" in bar.status and "6 AP" in bar.status
    st.phase, st.activation = COMBAT, Activation("swift", COMBAT)
    assert card.turn_bar(st, "runner").turn.endswith("combat phase")
    st.phase, st.activation = SECRET, None
    assert "in secret" in card.turn_bar(st, "runner").status
    st.phase = OVER
    assert card.turn_bar(st, None).status == "battle over"


# --- the account -------------------------------------------------------------------------------------------


def test_fire_at_wills_die_has_its_luck():
    luck = account.dice_luck({**event("shot"), **HASTY, "left": 5}, SAMPLES["setup"])
    assert luck is not None and luck.rolled == 3 and luck.kind == "shot"
    assert luck.expected == pytest.approx(sum(range(1, 6)) / 6)  # faces 1-5 come off; a 6 is more than 5 points
    worst = account.dice_luck({**event("shot"), **HASTY, "left": 5, "roll": 6, "aim_allowed": False,
                               "effective": 7}, SAMPLES["setup"])
    assert worst is not None and worst.rolled == 0 and worst.surplus < 0
    assert account.dice_luck(event("shot"), SAMPLES["setup"]) is None
    assert account.dice_luck(event("damage"), SAMPLES["setup"]) is None
    mean, var = account.aim_moments(6, 2, 3)  # only 1 and 2 count, and range 3 can come down 2 at most
    assert mean == pytest.approx(3 / 6) and var > 0


def test_points_account_sums_to_game_over():
    st = make_state([("swift", "runner", "frigate", (5.0, 5.0, 0.0)), ("raven", "runner", "sloop", (9.0, 5.0, 0.0)),
                     ("hawk", "blocker", "galleon", (5.0, 20.0, 0.0)),
                     ("kite", "blocker", "brigantine", (9.0, 20.0, 0.0))])
    setup = {**event("setup"), "sides": [{"id": "runner"}, {"id": "blocker"}],
             "ships": [{"id": s.id, "name": s.name, "side": s.side, "card": s.card,
                        "points": TABLES.cards[s.card].points, "hp": s.hp, "hp_max": s.hp_max}
                       for s in st.ships.values()]}
    log = [setup,
           event("damage", ship="hawk", lost=40, hp=0, actions=0, dead=True),
           event("capture", ship="swift", target="hawk", hp=6),
           event("captured", ship="hawk", by="swift"),
           event("damage", ship="kite", lost=22, hp=0, actions=0, dead=True),
           event("damage", ship="raven", lost=16, hp=0, actions=0, dead=True),
           event("share", ship="swift", friend="raven", hp=2, paid_by="swift"),
           event("damage", ship="raven", lost=2, hp=0, actions=0, dead=True),
           event("sunk", ship="raven", by="kite")]
    # the same battle on the state, for the engine's own sums
    s = st.ships
    s["hawk"].hp, s["hawk"].side = 6, "runner"
    s["swift"].hp = 30 - 6 - 2
    s["kite"].hp = 0
    s["raven"].hp, s["raven"].status = 0, SUNK
    log.append(event("game_over", winner="runner", points=victory.points(st), reason="turn limit"))
    entries = account.points_account(log, None)
    got: dict[str, float] = {}
    for e in entries:
        got[e.side] = got.get(e.side, 0.0) + e.points
    expected = log[-1]["points"]
    assert set(got) <= set(expected)
    for side, pts in expected.items():
        assert math.isclose(round(got.get(side, 0.0), 1), pts)
    reasons = {(e.ship, e.reason) for e in entries}
    assert reasons == {("hawk", "captured"), ("kite", "dead"), ("raven", "sunk")}
    assert expected == {"runner": 40.0 + 11.0, "blocker": 15.0}


def test_points_account_of_a_damaged_log_is_empty_or_sound():
    assert account.points_account([], None) == ()
    assert account.points_account([{"type": "setup", "sides": "x", "ships": 3}], None) == ()
    junk = [{**event("setup")}, {"type": "damage", "ship": "swift", "hp": "x"}, {"type": "captured", "ship": [1]},
            {"type": "share", "ship": "swift", "friend": None, "hp": 3}, "nonsense"]
    assert isinstance(account.points_account(junk, None), tuple)  # type: ignore[arg-type]


def test_what_a_ship_runs_into_is_named():
    assert "the east edge of the table" in narrate.describe(event("move", stopped_by="edge:east"), NAMES)
    assert "blocked by Hawk" in narrate.describe(event("drift", blocked=True, blocked_by="hawk"), NAMES)
