"""Two processes play a whole duel over loopback and agree with the same battle played again locally; a client
killed mid-battle is replaced by a new process that finishes it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.load import load_default
from game.net.verify import fair_replay
from game.persistence.save import load_save, read_save

ROOT = Path(__file__).resolve().parents[2]
RULES, SHIPS = load_default()
#: Seconds a headless end may take (a duel takes two or three).
TIMEOUT = 50


def _start(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _line(proc: subprocess.Popen[str]) -> dict:
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, proc.stderr.read() if proc.stderr else "no output"
    return json.loads(line)


def _host(save: Path) -> tuple[subprocess.Popen[str], dict]:
    host = _start("--host", "0", "--interface", "127.0.0.1", "--headless", "--scenario", "duel",
                  "--player", "american:scripted", "--save", str(save))
    return host, _line(host)


def _join(where: dict, *extra: str) -> subprocess.Popen[str]:
    return _start("--join", f"127.0.0.1:{where['port']}", where["code"], "--headless", "--player", "british:random",
                  *extra)


def _finish(proc: subprocess.Popen[str]) -> dict:
    out, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def _replayed(save: Path) -> tuple[str, str]:
    return (load_save(save, RULES, SHIPS).state.state_hash(),
            fair_replay(read_save(save), RULES, SHIPS).session.state.state_hash())


def test_two_processes_play_a_duel_a_spectator_watches_and_all_reach_the_hash_of_the_battle_played_again(tmp_path):
    save = tmp_path / "hosted.yaml"
    host, where = _host(save)
    assert "127.0.0.1" in where["note"] and where["port"] > 0 and len(where["code"]) == 6
    watcher = _start("--spectate", f"127.0.0.1:{where['port']}", where["code"], "--headless")
    client = _join(where)
    joined, watched, hosted = _finish(client), _finish(watcher), _finish(host)
    assert joined["state_hash"] == watched["state_hash"] == hosted["state_hash"]
    # the battle was played to its end (equal points are a draw: no winner, but over all the same)
    assert joined["commands"] == hosted["commands"] > 0 and hosted["rolls"] > 0 and hosted["over"] and joined["over"]
    assert _replayed(save) == (hosted["state_hash"], hosted["state_hash"])
    assert hosted["refused"] == 0 and joined["latency_ms"]["n"] > 0


def test_a_client_killed_mid_battle_is_replaced_by_a_new_process_that_finishes_it(tmp_path):
    save = tmp_path / "hosted.yaml"
    host, where = _host(save)
    first = _join(where, "--hold-at", "3")  # early: a duel may end within a handful of commands
    held = _line(first)
    assert held["held"] >= 3
    first.send_signal(signal.SIGKILL)
    first.wait(TIMEOUT)
    second = _join(where)
    joined, hosted = _finish(second), _finish(host)
    assert joined["state_hash"] == hosted["state_hash"]
    assert hosted["reconnects"] == 1
    assert _replayed(save) == (hosted["state_hash"], hosted["state_hash"])
    fair = read_save(save)["fair_dice"]
    assert sum(c.side == "british" for c in fair.commitments) == 2  # the new process committed a fresh chain


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_wrong_code_is_refused_and_the_client_gives_up(tmp_path):
    host, where = _host(tmp_path / "hosted.yaml")
    try:
        client = _start("--join", f"127.0.0.1:{where['port']}", "WRONG9", "--headless", "--player", "random")
        out, err = client.communicate(timeout=TIMEOUT)
        assert client.returncode == 2 and "wrong game code" in err
    finally:
        host.kill()
        host.communicate()
