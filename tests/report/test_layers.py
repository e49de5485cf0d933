"""The report knows rule systems only through their interface: no module of game/report imports btq21."""

from __future__ import annotations

import ast
from pathlib import Path

REPORT = Path(__file__).resolve().parents[2] / "game" / "report"


def test_no_report_module_imports_a_rule_systems_own_package():
    for path in sorted(REPORT.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert not name.startswith("game.systems.btq21"), f"{path.name} imports {name}"
                assert not name.startswith(("game.ui", "pygame")), f"{path.name} imports {name}"


def test_matplotlib_waits_until_a_report_is_drawn():
    import subprocess
    import sys

    code = "import sys, main, game.ui.app, game.ui.scenes.end; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPORT.parents[1],
                         env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""})  # fmt: skip
    assert out.stdout.strip() == "False", out.stderr
