"""Two players finish a duel by e-mail, and a third party can check the whole game from the turn files alone."""

import json
import subprocess
import sys
from pathlib import Path

from game.content.load import load_default
from game.mail.verify import verify
from game.persistence.save import check_document, replay, to_document

from .conftest import play_exchange

ROOT = Path(__file__).resolve().parents[2]


def test_both_players_finish_the_duel_in_the_same_state(duel):
    a, b = duel.games["british"].record.session, duel.games["american"].record.session
    assert a.over and b.over
    assert a.state.state_hash() == b.state.state_hash()
    assert [c.to_dict() for c in a.commands] == [c.to_dict() for c in b.commands]


def test_the_final_state_is_the_one_the_save_replays_to(duel):
    session = duel.games["american"].record.session
    rules, ships = load_default()
    again = replay(check_document("mail", to_document(session)), rules, ships)
    assert again.state.state_hash() == session.state.state_hash()
    assert again.fair.to_dict() == session.fair.to_dict()


def test_every_roll_was_made_by_both_players(duel):
    session = duel.games["british"].record.session
    rolled = [i for i, s in enumerate(session.steps, 1) if s.rolled]
    assert rolled and [r.command for r in session.fair.rolls] == rolled


def test_verify_passes_the_whole_game_from_its_files(duel):
    verdict = verify(duel.files)
    assert verdict.ok, verdict.line
    f = verdict.figures
    assert f["files"] == len(duel.files) and f["over"]
    assert f["state_hash"] == f["replayed_hash"] == duel.games["british"].record.session.state.state_hash()


def test_the_command_line_verifies_a_folder_and_refuses_a_broken_chain(duel, tmp_path):
    ok = subprocess.run([sys.executable, "main.py", "--verify", str(duel.files[0].parent)],
                        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("verified") and json.loads(ok.stdout.splitlines()[1])["over"] is True
    gap = [str(p) for i, p in enumerate(duel.files) if i != 3]
    bad = subprocess.run([sys.executable, "main.py", "--verify", *gap], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and "turn file 4 is missing" in bad.stdout


def test_a_player_re_commits_when_his_chain_runs_short(tmp_path):
    ex = play_exchange(tmp_path, chain_length=3)
    assert verify(ex.files).ok
    commits = sum(1 for p in ex.files for line in p.read_text().splitlines() if line == "- kind: commit")
    assert commits > 2


def test_the_command_line_starts_a_game_and_a_computer_answers_it(tmp_path):
    def run(home, *args):
        env = {"QUARTERDECK_HOME": str(tmp_path / home), "PATH": "/usr/bin:/bin"}
        r = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=120)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    t = [str(tmp_path / f"{n}.qdturn") for n in range(1, 5)]
    run("a", "--mail-new", "duel", "--side", "british", "--out", t[0])
    run("b", "--mail-open", t[0], "--out", t[1])
    third = run("a", "--mail-open", t[1], "--player", "british:scripted", "--out", t[2])
    fourth = run("b", "--mail-open", t[2], "--player", "american:random", "--out", t[3])
    assert fourth["commands"] > third["commands"] or third["commands"] > 0  # whoever has the first move made it
    assert verify([Path(p) for p in t]).ok
