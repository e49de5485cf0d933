"""The after-action report of a Cagway Bay battle: hit points taken and dealt, shots, crew attacks, prizes.

The report knows Cagway Bay only through its rule system (``blow``, ``account_terms``): these tests recount
what the report shows from the log by hand, as the book reads, and check that no word of Beat to Quarters
(hull, rigging, crew, broadsides, rakes, criticals, "struck off") comes into it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from matplotlib.text import Text

from game.ai.cagway.match import play as play_match
from game.content.paths import data_dir
from game.report import compose
from game.report.account import build_account
from game.report.build import build_report
from game.report.charts import causes_line, story_lines, tally_columns, tally_rows
from game.report.page import html_page
from game.report.sources import Battle, from_file
from game.report.words import fate_line
from game.systems.account import BOARDING, COLLISION, GUNFIRE, OTHER, Blow
from game.systems.base import Refusal
from game.systems.cagway.commands import Board, Capture, EndMove, Pass
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.state import MOVE, OVER
from tests.systems.cagway.position import SYSTEM, TABLES, scenario

Log = list[dict[str, Any]]
#: Words of Beat to Quarters that have no place in a Cagway Bay report.
NOT_CAGWAY = ("hull", "rigging", "broadside", "struck off", "rake", "critical", "musketry", "retaken")


def blockade_run(seed: int = 4) -> tuple[Log, Any]:
    """The blockade run between the scripted players: shots aimed and fired at will, and the carrier taken."""
    sc = load_scenario(data_dir() / "scenarios" / "cagway_blockade_run.yaml", TABLES)
    sides = [s.id for s in sc.sides]
    return play_match(SYSTEM, sc, seed, dict.fromkeys(sides, "scripted")).events, sc


def crew_battle() -> Log:
    """Hawk (navy, a frigate) and Foe (pirate, a sloop) lying alongside: each boards the other whenever she can,
    until Foe is dead in the water and Hawk takes her."""
    sc = scenario([("hawk", "navy", "frigate", (20.0, 20.0, 0.0)), ("foe", "pirate", "sloop", (19.3, 20.0, 0.0))],
                  source=(0.0, 0.0))
    state, events = SYSTEM.new_game(sc, 3)
    log: Log = list(events)
    for _ in range(500):
        if state.phase == OVER:
            return log
        sid = state.activation.ship
        opts = {o.type: o for o in SYSTEM.legal(state)}
        cmd: Any
        if state.phase == MOVE:
            cmd = EndMove(sid)
        elif "capture" in opts:
            cmd = Capture(sid, opts["capture"].fixed["target"], 2)
        elif "board" in opts:
            cmd = Board(sid, opts["board"].fixed["target"])
        else:
            cmd = Pass(sid)
        result = SYSTEM.apply(state, cmd)
        assert not isinstance(result, Refusal), (cmd, result.reason)
        log += result
    raise AssertionError("the crew battle did not end")


@pytest.fixture(scope="module")
def run() -> tuple[Log, Any]:
    return blockade_run()


@pytest.fixture(scope="module")
def crew() -> Log:
    return crew_battle()


def by_hand(log: Log) -> dict[str, dict[str, int]]:
    """Each ship's HP taken and dealt, shots, their damage, crew attacks: the log recounted as the book reads it.

    A ``damage`` event follows the attack that did it (CAGWAY.md): the HP are the attacker's.
    """
    out: dict[str, dict[str, int]] = {}
    attacker = None
    for e in log:
        for key in ("ship", "target"):
            if isinstance(e.get(key), str):
                out.setdefault(e[key], dict.fromkeys(("taken", "dealt", "shots", "damage", "crew"), 0))
        if e["type"] == "shot":
            out[e["ship"]]["shots"] += 1
            out[e["ship"]]["damage"] += e["damage"]
        if e["type"] == "crew_attack":
            out[e["ship"]]["crew"] += 1
        if e["type"] == "damage":
            out[e["ship"]]["taken"] += e["lost"]
            out[attacker]["dealt"] += e["lost"]
        else:
            attacker = e.get("ship") if e["type"] in ("shot", "crew_attack") else None
    return out


# --- the account -------------------------------------------------------------------------------------------------


def test_each_ships_hit_points_taken_and_dealt_are_counted(run):
    log, sc = run
    acc = build_account(log, SYSTEM, sc)
    want = by_hand(log)
    assert sum(w["taken"] for w in want.values()) > 0
    for sid, ship in acc.ships.items():
        assert ship.taken_total() == ship.taken_total("hp") == want[sid]["taken"], sid
        assert ship.dealt_total() == ship.dealt_total("hp") == want[sid]["dealt"], sid
        assert {t for turn in (*ship.taken.values(), *ship.dealt.values()) for t in turn} <= {"hp"}
    # every HP lost in Cagway Bay is lost to an enemy's hand: all ships dealt what all ships took
    assert sum(s.dealt_total() for s in acc.ships.values()) == sum(s.taken_total() for s in acc.ships.values())


def test_shot_damage_is_gunfire_and_every_shot_is_counted(run):
    log, sc = run
    acc = build_account(log, SYSTEM, sc)
    want = by_hand(log)
    assert any(e["type"] == "shot" and e["hasty"] for e in log) and any(e["type"] == "shot" and not e["hasty"]
                                                                          for e in log)  # fmt: skip
    for sid, ship in acc.ships.items():
        assert ship.taken_by == {GUNFIRE: want[sid]["taken"], BOARDING: 0, COLLISION: 0, OTHER: 0}, sid
        assert (ship.broadsides, ship.hits) == (want[sid]["shots"], want[sid]["damage"]), sid
        assert ship.rakes_given == ship.rakes_taken == ship.criticals_given == 0 and ship.criticals_taken == []
    best = max(e["damage"] for e in log if e["type"] == "shot")
    assert acc.heaviest is not None and acc.heaviest[3] == best and acc.heaviest[4] is False
    assert causes_line(acc) == f"Damage by cause: gunfire {sum(w['taken'] for w in want.values())}"


def test_fire_at_wills_die_has_its_luck_in_the_account(run):
    log, sc = run
    acc = build_account(log, SYSTEM, sc)
    hasty = [e for e in log if e["type"] == "shot" and e["hasty"]]
    assert all(isinstance(e.get("left"), int) for e in hasty)  # the engine logs the points left for the aim
    assert len(acc.throws) == len(hasty) and sum(t.rolled for t in acc.throws) == sum(
        max(0, e["range"] - e["effective"]) for e in hasty
    )


def test_crew_attacks_are_boarding_dealt_by_the_attacker(crew):
    acc = build_account(crew, SYSTEM)
    want = by_hand(crew)
    hawk, foe = acc.ships["hawk"], acc.ships["foe"]
    assert want["foe"]["crew"] > 0 and want["hawk"]["crew"] > 0  # both crews attacked
    for ship in (hawk, foe):
        assert ship.taken_by == {GUNFIRE: 0, BOARDING: want[ship.id]["taken"], COLLISION: 0, OTHER: 0}
        assert ship.dealt_total() == want[ship.id]["dealt"] and ship.boardings == want[ship.id]["crew"]
        assert ship.broadsides == 0
    assert hawk.dealt_total() == foe.taken_total() and foe.dealt_total() == hawk.taken_total()
    assert causes_line(acc) == f"Damage by cause: crew attacks {hawk.taken_total() + foe.taken_total()}"


def test_a_prize_taken_once_reads_taken(crew, run):
    acc = build_account(crew, SYSTEM)
    foe, hawk = acc.ships["foe"], acc.ships["hawk"]
    assert foe.fate == "captured" and foe.side == "pirate" and foe.side_now == "navy" and hawk.prizes == 1
    assert fate_line(acc, foe) == f"taken by the Navy, turn {foe.fate_turn}"
    log, sc = run
    acc = build_account(log, SYSTEM, sc)
    (prize,) = [s for s in acc.ships.values() if s.fate == "captured"]
    assert prize.side_now != prize.side
    assert fate_line(acc, prize) == f"taken by the Blockade, turn {prize.fate_turn}"  # not "the The Blockade"


def test_a_prize_taken_back_by_her_own_side_reads_retaken():
    ship = {"card": "sloop", "points": 20, "hp": 20, "hp_max": 20, "base": [1.6, 0.6]}
    log = [
        {"seq": 0, "turn": 1, "game_turn": 1, "type": "setup", "system": "cagway", "scenario": "test",
         "table": {"width": 40.0, "height": 40.0}, "wind_from": 180.0, "turn_limit": 10,
         "sides": [{"id": "navy", "name": "Navy"}, {"id": "pirate", "name": "Pirates"}],
         "ships": [{**ship, "id": "a", "name": "A", "side": "navy", "pose": [10.0, 10.0, 0.0]},
                   {**ship, "id": "b", "name": "B", "side": "pirate", "pose": [11.0, 10.0, 0.0]},
                   {**ship, "id": "c", "name": "C", "side": "pirate", "pose": [12.0, 10.0, 0.0]}]},
        {"seq": 1, "turn": 2, "game_turn": 2, "type": "captured", "ship": "b", "by": "a"},
        {"seq": 2, "turn": 4, "game_turn": 4, "type": "captured", "ship": "b", "by": "c"},
    ]  # fmt: skip
    acc = build_account(log, SYSTEM)
    b = acc.ships["b"]
    assert b.side_now == "pirate" and fate_line(acc, b) == "taken, then retaken, turn 4"
    assert acc.ships["a"].prizes == acc.ships["c"].prizes == 1


# --- what the report shows ---------------------------------------------------------------------------------------


def test_the_ships_table_has_hit_points_shots_and_crew_attacks_and_no_rakes_or_criticals(run):
    log, sc = run
    report = build_report(Battle(log, SYSTEM, sc))
    titles = [t for t, _, _ in tally_columns(report.account.terms)]
    assert titles == ["Ship", "Fate", "Taken: hit points", "Dealt: hit points", "Shots (damage)", "Crew attacks"]
    xs = [x for _, x, _ in tally_columns(report.account.terms)]
    assert xs == sorted(xs) and xs[-1] <= 1.0
    want = by_hand(log)
    for ship, cells in tally_rows(report):
        assert len(cells) == len(titles)
        assert cells[2:5] == [str(want[ship.id]["taken"]), str(want[ship.id]["dealt"]),
                              f"{want[ship.id]['shots']} ({want[ship.id]['damage']})"]  # fmt: skip
    assert any("the heaviest shot" in line and "damage" in line for line in story_lines(report, most=40))


def test_no_word_of_beat_to_quarters_in_the_drawn_report_or_the_page(run):
    log, sc = run
    report = build_report(Battle(log, SYSTEM, sc))
    fig = compose.figure(report)
    fig.canvas.draw()
    texts = [t.get_text() for t in fig.findobj(Text) if t.get_text()]
    drawn = "\n".join(texts).lower()
    for word in NOT_CAGWAY:
        assert word not in drawn, word
    assert "hit points lost" in drawn and "hit points knocked off the enemy" in drawn
    assert any(t.startswith("taken, turn") for t in texts)  # the prize's mark on the plan
    words = re.sub(r"data:image/png;base64,[^\"]*", "", html_page(report)).lower()  # the page less its pictures
    for word in NOT_CAGWAY:
        assert word not in words, word
    assert "<th class=\"n\">taken: hit points</th>" in words and "<th class=\"n\">shots</th>" in words


def test_a_cagway_log_reads_back_and_reports_the_same(run, tmp_path):
    log, sc = run
    path = tmp_path / "blockade.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log))
    battle = from_file(path)
    assert battle.system.id == "cagway" and battle.scenario is not None
    back = build_account(battle.events, battle.system, battle.scenario)
    here = build_account(log, SYSTEM, sc)
    for sid, ship in here.ships.items():
        other = back.ships[sid]
        assert (other.taken, other.dealt, other.taken_by, other.fate) == (ship.taken, ship.dealt, ship.taken_by,
                                                                           ship.fate)  # fmt: skip
    assert back.points_agree and back.points == here.points


# --- the rule system's half --------------------------------------------------------------------------------------


def test_cagways_blows_and_terms():
    shot = {"type": "shot", "ship": "swift", "target": "hawk", "damage": 4, "hasty": False}
    assert SYSTEM.blow(shot) == Blow(GUNFIRE, (("hawk", "swift"),))
    attack = {"type": "crew_attack", "ship": "swift", "target": "hawk", "combat_value": 3, "damage": 3}
    blow = SYSTEM.blow(attack)
    assert blow == Blow(BOARDING, (("hawk", "swift"),), ("swift",))  # her crew's attack: hers to count
    assert blow.struck("hawk") and not blow.struck("swift") and blow.by("hawk") == "swift" and blow.by("x") is None
    for e in ({"type": "damage", "ship": "hawk"}, {"type": "capture", "ship": "a", "target": "b"},
              {"type": "shot", "ship": "swift"}, {"type": "shot", "ship": 3, "target": "hawk"}, {}, "junk"):
        assert SYSTEM.blow(e) is None  # type: ignore[arg-type]
    terms = SYSTEM.account_terms()
    assert [t.key for t in terms.tracks] == ["hp"] and terms.lost == "hit points"
    assert (terms.firing.name, terms.firing.events) == ("shot", ("shot",))
    assert not terms.rakes and not terms.criticals and terms.consequences == {"damage"}
    assert terms.luck_count(1) == "1 point of aim" and terms.luck_count(3) == "3 points of aim"


def test_no_report_module_imports_cagway_bays_own_package():
    import ast
    from pathlib import Path

    for path in sorted((Path(__file__).resolve().parents[2] / "game" / "report").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.startswith("game.systems.cagway") for n in names), f"{path.name} imports {names}"
