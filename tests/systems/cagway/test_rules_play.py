"""Cagway Bay through the rule-system interface: random battles to the end, replays, odd commands, previews."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game.content.paths import scenario_path
from game.systems import make_system
from game.systems.base import Command, CommandError, Control, Option, Refusal, RuleSystem
from game.systems.cagway import commands as c
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.state import MOVE, OVER, GameState
from game.systems.dice import Dice

from .position import SEG, SYSTEM, TABLES, battle, play, turn_of

SCENARIOS = ("cagway_blockade_run", "cagway_open_water")
ROOT = Path(__file__).resolve().parents[3]


@cache
def scenario(name: str) -> Any:
    return load_scenario(scenario_path(name), TABLES)


def fill(dice: Dice, opt: Option) -> Command:
    """Values as the random player picks them: uniform in each range (to 0.01", 0.1°), any choice."""
    values: dict[str, Any] = {}
    for name, (lo, hi) in opt.ranges.items():
        v = lo + (hi - lo) * dice.uniform()
        step = 0.1 if name == "turn" else 0.01
        values[name] = round(min(hi, max(lo, round(v / step) * step)), 3)
    for name, opts in opt.choices.items():
        values[name] = opts[dice.die(len(opts)) - 1]
    return opt.command(**values)


def random_game(name: str, seed: int) -> tuple[GameState, list[dict[str, Any]], list[dict[str, Any]]]:
    """A battle to its end between two players choosing uniformly among the legal options."""
    state, events = SYSTEM.new_game(scenario(name), seed)
    dice = Dice.from_seed(seed * 7919 + 17)
    given: list[dict[str, Any]] = []
    for _ in range(5000):
        if state.phase == OVER:
            break
        options = SYSTEM.legal(state)
        assert options, f"no option in phase {state.phase}"
        while True:
            opt = options[dice.die(len(options)) - 1]
            for attempt in range(5):
                cmd = fill(dice, opt) if attempt < 3 else opt.command()
                result = SYSTEM.apply(state, cmd)
                if not isinstance(result, Refusal):
                    given.append(cmd.to_dict())
                    events += result
                    break
            else:
                options.remove(opt)
                assert options, "every legal option was refused"
                continue
            break
    return state, events, given


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize("name", SCENARIOS)
def test_random_battles_run_to_their_end(name, seed):
    state, events, _ = random_game(name, seed)
    assert state.phase == OVER and events[-1]["type"] == "game_over"
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert events[-1]["points"] == state.points


def test_the_same_commands_give_the_same_state_in_a_fresh_process():
    state, _, given = random_game("cagway_blockade_run", 3)
    script = (
        "import json, sys\n"
        "from game.content.paths import scenario_path\n"
        "from game.systems import make_system\n"
        "from game.systems.cagway.scenario import load_scenario\n"
        "from game.systems.cagway.tables import load_tables\n"
        "tables = load_tables()\n"
        "system = make_system('cagway', tables)\n"
        "state, _ = system.new_game(load_scenario(scenario_path('cagway_blockade_run'), tables), 3)\n"
        "for d in json.load(sys.stdin):\n"
        "    assert not hasattr(system.apply(state, system.command_from_dict(d)), 'reason')\n"
        "print(state.state_hash())\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], input=json.dumps(given), capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == state.state_hash()


def test_the_hash_is_the_state_and_a_copy_is_apart():
    state, _ = SYSTEM.new_game(scenario("cagway_open_water"), 5)
    copy = state.copy()
    assert copy.state_hash() == state.state_hash()
    play(copy, c.Deploy(copy.activation.ship, 1.0, 0.0))
    assert copy.state_hash() != state.state_hash()


# --- odd commands never raise ----------------------------------------------------------------------------

ODD: list[Any] = [math.nan, math.inf, -math.inf, -1e9, 1e9, -1, 0, "x", None, True, 2.5]


def odd_commands(state: GameState) -> list[Command]:
    ids = [*state.ships, "nobody", "", None, 7]
    out: list[Command] = []
    for v in ODD:
        for sid in ids[:3] + ids[-4:]:
            out += [
                c.Sail(sid, v, v), c.Drift(sid, v, v), c.Deploy(sid, v, v, astern=v),  # type: ignore[arg-type]
                c.Repair(sid, v), c.Capture(sid, sid, v), c.Share(sid, sid, v),  # type: ignore[arg-type]
                c.Fire(sid, v, sid), c.FireAtWill(sid, v, sid), c.Board(sid, v),  # type: ignore[arg-type]
                c.Scuttle(sid, v), c.Pass(sid), c.EndMove(sid), c.ChooseCarrier(sid),  # type: ignore[arg-type]
            ]
    return out


@pytest.mark.parametrize("name", SCENARIOS)
def test_odd_values_are_refused_never_raised(name):
    state, _ = SYSTEM.new_game(scenario(name), 11)
    dice = Dice.from_seed(99)
    seen = 0
    while state.phase != OVER and seen < 60:
        for cmd in odd_commands(state)[seen % 7 :: 7]:
            result = SYSTEM.apply(state.copy(), cmd)
            assert isinstance(result, (list, Refusal))
        for opt in SYSTEM.legal(state):  # each option at the ends of its ranges
            for pick in (0.0, 1.0):
                values = {k: lo + (hi - lo) * pick for k, (lo, hi) in opt.ranges.items()}
                assert isinstance(SYSTEM.apply(state.copy(), opt.command(**values)), (list, Refusal))
        options = SYSTEM.legal(state)
        while options:
            opt = options[dice.die(len(options)) - 1]
            if not isinstance(SYSTEM.apply(state, fill(dice, opt)), Refusal):
                break
            if not isinstance(SYSTEM.apply(state, opt.command()), Refusal):
                break
            options.remove(opt)
        seen += 1


def test_the_save_gate_takes_only_cagway_commands_with_plain_values():
    sail = SYSTEM.command_from_dict({"type": "sail", "ship": "a", "distance": 2, "turn": 10.5})
    assert sail == c.Sail("a", 2.0, 10.5)
    bad_ones = (
        {"type": "move", "ship": "a"},
        {"type": "sail", "ship": "a"},
        {"type": "sail", "ship": 3, "distance": 1},
        {"type": "pass", "ship": "a", "extra": 1},
        [1, 2],
    )
    for bad in bad_ones:
        with pytest.raises(CommandError):
            SYSTEM.command_from_dict(bad)
    assert set(SYSTEM.commands) == set(c.COMMAND_TYPES)


# --- the interface ---------------------------------------------------------------------------------------------


def test_the_rule_system_is_found_by_its_id_and_has_every_method_of_the_interface():
    system = make_system("cagway", TABLES)
    assert system.id == "cagway" and system.title == "Cagway Bay v2.2" and system.tables_name == TABLES.name
    wanted = [n for n in dir(RuleSystem) if not n.startswith("_")]
    missing = [n for n in wanted if not hasattr(system, n)]
    assert not missing
    assert system.tutorial() is None


def test_every_option_says_how_it_is_given_and_its_keys_and_groups_are_listed():
    keys = {k.lower() for combo, _ in SYSTEM.shortcuts() for k in combo.replace("/", " ").split()}
    groups = {g for g, _ in SYSTEM.groups()}
    for name in SCENARIOS:
        state, _, _ = random_game(name, 1)
        state, _ = SYSTEM.new_game(scenario(name), 2)
        for _ in range(40):
            options = SYSTEM.legal(state)
            for o in options:
                assert o.label and o.help, o
                assert o.group in groups
                assert not o.key or o.key in keys or (o.key == "return" and "enter" in keys)
                if o.control is Control.TARGET:
                    assert o.target and o.variants
                if o.control is Control.TAPE:
                    assert set(o.ranges) == {"distance", "turn"}
            play(state, options[-1].command())  # end her move / pass / deploy as placed
            if state.phase == OVER:
                break


def test_the_sail_option_is_a_tape_from_her_bow_reaching_the_longest_stick_her_points_allow():
    st = turn_of(battle([("hawk", "navy", "sloop", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (5, 5, 0))]),
                 "hawk", MOVE, 4)
    sail = next(o for o in SYSTEM.legal(st) if o.type == "sail")
    assert (sail.control, sail.measure) == (Control.TAPE, "bow")
    assert sail.ranges == {"distance": (0.0, 4 * SEG["blue"]), "turn": (-45.0, 45.0)}
    drift = next(o for o in SYSTEM.legal(st) if o.type == "drift")
    assert drift.control is Control.TAPE and drift.ranges == {"distance": (0.0, 0.0), "turn": (-180.0, 180.0)}


# --- previews ----------------------------------------------------------------------------------------------------


def test_a_leg_s_preview_shows_the_stick_her_pose_and_what_it_costs():
    st = turn_of(battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (5, 5, 0))]),
                 "hawk", MOVE, 6)
    before = st.state_hash()
    pv = SYSTEM.preview(st, c.Sail("hawk", SEG["green"] * 1.5, 45.0))
    assert pv.refused is None and pv.stick is not None
    assert pv.stick.colour == TABLES.stick_colours["green"] and pv.stick.segment == pytest.approx(SEG["green"])
    assert any("2 points" in w and "4 points left" in w for w in pv.warnings)
    assert pv.next and "4 action points" in pv.next and pv.pose is not None
    assert st.state_hash() == before


def test_a_refused_leg_s_preview_says_why_and_still_shows_the_stick():
    st = turn_of(battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (5, 5, 0))]),
                 "hawk", MOVE, 1)
    pv = SYSTEM.preview(st, c.Sail("hawk", SEG["yellow"] * 3, 0.0))
    assert pv.refused and "at most" in pv.refused and pv.stick is not None and pv.stick.label.startswith("yellow")


def test_fire_at_will_s_preview_names_the_die_to_come_not_the_trial_s_roll():
    st = battle([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "frigate", (12.0, 20.0, 0.0))])
    turn_of(st, "hawk", MOVE, 5)
    pv = SYSTEM.preview(st, c.FireAtWill("hawk", "port", "foe"))
    assert pv.refused is None and any("D6" in w and "4 in 6" in w for w in pv.warnings)
