"""Saves: a battle replays to the same state in any process; bad saves are refused cleanly."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.save import SaveError, load_save, read_save, write_save
from game.selfplay import play

ROOT = Path(__file__).resolve().parents[2]
RULES, SHIPS = load_default()


def _played(seed=5, scenario="duel"):
    sc = load_scenario(scenario_path(scenario), SHIPS, RULES)
    return play(sc, RULES, seed, {s.id: "random" for s in sc.sides}).session


def run_main(*args, hashseed="0"):
    env = dict(os.environ, PYTHONHASHSEED=hashseed, SDL_VIDEODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def test_a_saved_game_replays_to_the_same_hash(tmp_path):
    session = _played()
    path = tmp_path / "duel.yaml"
    write_save(path, session)
    again = load_save(path, RULES, SHIPS)
    assert again.state.state_hash() == session.state.state_hash()
    assert again.events == session.events


@pytest.mark.parametrize("scenario", ["aboukir_bay", "round_and_grape", "stern_chase"])
def test_a_battle_with_an_options_commands_saves_and_replays(tmp_path, scenario):
    session = _played(seed=3, scenario=scenario)
    kinds = {c.type for c in session.commands}
    assert kinds & {"let_go", "swing", "weigh", "cut_cable", "load", "rig_chasers"}, kinds
    path = tmp_path / f"{scenario}.yaml"
    write_save(path, session)
    assert load_save(path, RULES, SHIPS).state.state_hash() == session.state.state_hash()


def test_a_command_of_an_option_the_battle_is_not_played_with_is_refused_on_replay(tmp_path):
    path = tmp_path / "duel.yaml"
    write_save(path, _played())
    doc = yaml.safe_load(path.read_text())
    doc["commands"][3] = {"type": "let_go", "ship": doc["commands"][3].get("ship", "x"), "end": "bow"}
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveError) as err:
        load_save(path, RULES, SHIPS)
    assert "command 4" in str(err.value) and "not a command of this battle" in str(err.value)


def test_replay_is_the_same_in_other_processes_with_other_hash_seeds(tmp_path):
    save = tmp_path / "sq.yaml"
    first = run_main("--selfplay", "squadron", "--seed", "11", "--save", str(save), hashseed="1")
    assert first.returncode == 0, first.stderr
    game = json.loads(first.stdout.splitlines()[0])
    second = run_main("--replay", str(save), hashseed="2")
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout)["state_hash"] == game["state_hash"]


def test_the_save_is_written_atomically(tmp_path, monkeypatch):
    session = _played(seed=2)
    path = tmp_path / "game.yaml"
    write_save(path, session)
    good = path.read_text()

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_save(path, _played(seed=3))
    assert path.read_text() == good  # the old save is intact
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]  # no temporary left behind


def _bad(tmp_path, text: bytes | str) -> str:
    p = tmp_path / "bad.yaml"
    if isinstance(text, str):
        p.write_text(text)
    else:
        p.write_bytes(text)
    with pytest.raises(SaveError) as e:
        load_save(p, RULES, SHIPS)
    msg = str(e.value)
    assert "\n" not in msg and str(p) in msg
    return msg


def test_hostile_python_tags_are_refused_and_never_run(tmp_path):
    marker = tmp_path / "pwned"
    msg = _bad(tmp_path, f"!!python/object/apply:os.system ['touch {marker}']\n")
    assert "damaged save" in msg
    assert not marker.exists()


def test_binary_garbage(tmp_path):
    assert "binary" in _bad(tmp_path, bytes(range(256)))


def test_truncated_save(tmp_path):
    session = _played(seed=4)
    p = tmp_path / "full.yaml"
    write_save(p, session)
    text = p.read_text()
    msg = _bad(tmp_path, text[: len(text) // 2])
    assert "bad.yaml" in msg


def test_wrong_version(tmp_path):
    assert "newer Quarterdeck" in _bad(tmp_path, "quarterdeck_save: 99\nruleset: btq21\n")
    assert "not a Quarterdeck save" in _bad(tmp_path, "- just\n- a list\n")


def test_edited_commands_are_caught_by_the_hashes(tmp_path):
    session = _played(seed=6)
    p = tmp_path / "g.yaml"
    write_save(p, session)
    doc = yaml.safe_load(p.read_text())
    moves = [c for c in doc["commands"] if c["type"] == "move" and c["distance"] > 0]
    moves[0]["distance"] = round(moves[0]["distance"] - 0.01, 3)
    msg = _bad(tmp_path, yaml.safe_dump(doc))
    assert "different state" in msg or "not legal" in msg


def test_unknown_command_and_bad_values(tmp_path):
    base = "quarterdeck_save: 1\nruleset: btq21\nscenario: duel\nseed: 1\nplayers: {}\n"
    assert "unknown command type" in _bad(
        tmp_path, base + f"commands: [{{type: launch_nukes}}]\nhashes: ['{'0' * 64}']\n"
    )
    assert "finite number" in _bad(
        tmp_path, base + f"commands: [{{type: move, ship: x, distance: .nan}}]\nhashes: ['{'0' * 64}']\n"
    )
    assert "unknown scenario" in _bad(tmp_path, base.replace("duel", "../../etc/passwd") + "commands: []\nhashes: []\n")


def test_replay_command_line_errors_are_one_line_with_exit_2(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_bytes(b"\x00\x01garbage")
    r = run_main("--replay", str(p))
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_read_save_gives_commands(tmp_path):
    session = _played(seed=8)
    p = tmp_path / "g.yaml"
    write_save(p, session)
    doc = read_save(p)
    assert doc["commands"] == session.commands


def test_a_command_list_longer_than_a_save_may_hold_is_refused_before_it_is_built(tmp_path):
    from game.persistence.save import MAX_COMMANDS

    path = tmp_path / "long.yaml"
    session = _played()
    write_save(path, session)
    doc = yaml.safe_load(path.read_text())
    doc["commands"] = [doc["commands"][0]] * (MAX_COMMANDS + 1)
    doc["hashes"] = [doc["hashes"][0]] * (MAX_COMMANDS + 1)
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    said = rf"long\.yaml:\d+: damaged save: a list or mapping of more than {MAX_COMMANDS}"
    with pytest.raises(SaveError, match=said):
        read_save(path)


def test_reading_the_same_save_twice_gives_two_independent_copies(tmp_path):
    path = tmp_path / "duel.yaml"
    write_save(path, _played())
    first = read_save(path)
    first["commands"].clear()
    first["scenario"] = "edited"
    second = read_save(path)
    assert second["scenario"] == "duel" and len(second["commands"]) > 0


def test_a_save_records_the_rule_system_the_tables_and_their_digest(tmp_path):
    from game.content.tables import table_data, table_digest

    path = tmp_path / "duel.yaml"
    write_save(path, _played())
    doc = yaml.safe_load(path.read_text())
    assert doc["quarterdeck_save"] == 4 and doc["system"] == "btq21" and doc["options"] == {}
    assert doc["tables_digest"] == table_digest(RULES) and doc["tables"] == table_data(RULES)


def test_a_save_loaded_under_other_tables_says_which_numbers_differ(tmp_path):
    from dataclasses import replace

    path = tmp_path / "duel.yaml"
    write_save(path, _played())
    speeds = {size: dict(row) for size, row in RULES.speeds.items()}
    speeds["large"]["battle"] = speeds["large"]["battle"] + 1
    house = replace(RULES, speeds=speeds)
    with pytest.raises(SaveError, match=r"saved under other tables than those in force \(speeds\.large\.battle: saved"):
        load_save(path, house, SHIPS)


def test_a_version_1_save_without_tables_still_replays(tmp_path):
    path = tmp_path / "old.yaml"
    session = _played()
    write_save(path, session)
    doc = yaml.safe_load(path.read_text())
    for key in ("system", "tables", "tables_digest", "options"):
        del doc[key]
    doc["quarterdeck_save"] = 1
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    assert load_save(path, RULES, SHIPS).state.state_hash() == session.state.state_hash()


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ({"system": "chess"}, "rule system 'chess', which this Quarterdeck does not have"),
        ({"options": {"monsoon": True}}, "unknown option 'monsoon'"),
        ({"options": [1]}, "'options' must map option names"),
        ({"options": {"weather": {"value": "typhoon"}}}, "option 'weather' cannot be 'typhoon'"),
        ({"options": {"wind_shifts": {"value": "gusty"}}}, "option 'wind_shifts' is a plain switch"),
        ({"tables_digest": "x"}, "'tables_digest' must be the tables' sha256"),
    ],
)
def test_a_save_naming_an_unknown_system_or_option_is_refused_in_one_line(tmp_path, edit, said):
    path = tmp_path / "edited.yaml"
    write_save(path, _played())
    doc = yaml.safe_load(path.read_text())
    doc.update(edit)
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(SaveError, match=re.escape(said)):
        read_save(path)


def test_a_version_3_save_still_loads_and_may_not_claim_fair_dice(tmp_path):
    path = tmp_path / "duel.yaml"
    session = _played()
    write_save(path, session)
    doc = yaml.safe_load(path.read_text())
    doc["quarterdeck_save"] = 3
    path.write_text(yaml.safe_dump(doc))
    assert load_save(path, RULES, SHIPS).state.state_hash() == session.state.state_hash()
    doc["fair_dice"] = {"sides": ["a", "b"], "opening": {}, "commitments": [], "rolls": []}
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveError, match="came with save version 4"):
        load_save(path, RULES, SHIPS)


def _naming(tmp_path, players: dict) -> Path:
    path = tmp_path / "players.yaml"
    write_save(path, _played())
    doc = yaml.safe_load(path.read_text())
    doc["players"] = players
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


@pytest.mark.parametrize("kind", ["captain", "captain:easy", "captain:hard", "captain:800ms", "captain-v1"])
def test_a_save_naming_the_captain_at_a_level_a_time_budget_or_bare_as_older_saves_do_loads(tmp_path, kind):
    assert read_save(_naming(tmp_path, {"british": kind, "american": "human"}))["players"]["british"] == kind


@pytest.mark.parametrize("kind", ["captain:0ms", "captain:hard2", "scripted:hard", "admiral", "captain:" + "9" * 400,
                                  "captain:\x1b[2J"])
def test_a_save_naming_a_kind_without_a_player_is_refused_naming_the_file_and_the_kinds(tmp_path, kind):
    path = _naming(tmp_path, {"british": kind})
    with pytest.raises(SaveError) as e:
        read_save(path)
    said = str(e.value)
    assert said.startswith(f"{path}: unknown player kind ") and "\x1b" not in said and len(said) < 400
    assert "(known: human, random, scripted, captain:easy, captain:normal, captain:hard, captain-v1" in said
