"""Hostile messages by the thousand while a real client plays on: the host keeps serving it and the battle ends
with the hash the same battle played again locally reaches (tools/net_fuzz.py; the 10,000 run is the tool's)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = 1000


def test_a_thousand_hostile_messages_do_not_stop_the_battle_or_change_its_outcome():
    run = subprocess.run([sys.executable, "tools/net_fuzz.py", "--messages", str(MESSAGES), "--seed", "3"],
                         cwd=ROOT, capture_output=True, text=True, timeout=55)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert run.returncode == 0, result
    assert result["messages"] == MESSAGES and result["over"] and result["hashes_agree"] and not result["failures"]
    assert sum(result["host_errors"].values()) > MESSAGES // 2
