"""``--check-data``: check data files and list every problem found.

Usage: ``python -m game.content.check [FILE ...]`` (all shipped files when
none are given).  Prints one ``path:line: field: reason`` per problem and
exits 2 if there were any (0 otherwise), as ``main.py --check-data`` does.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.content.model import RuleSet, ShipClass
from game.content.paths import rules_path, shipped_files, ships_path
from game.content.rules import read_rules
from game.content.scenarios import read_scenario
from game.content.ships import read_ships
from game.content.yaml_nodes import Ctx, Node, parse_file

RULES, SHIPS, SCENARIO = "rules", "ships", "scenario"


def classify(path: Path, root: Node | None) -> str | None:
    """What kind of data file this is (None when it cannot be told)."""
    if path.parent.name == "rules":
        return RULES
    if root is None or root.kind != "map":
        return None
    if "to_hit" in root.value:
        return RULES
    if "ships" in root.value:
        return SHIPS
    if "sides" in root.value:
        return SCENARIO
    return None


class _File:
    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self.ctx = Ctx(path)
        self.root = parse_file(self.ctx)
        self.kind = classify(self.path, self.root)
        if self.kind is None and self.root is not None:
            self.ctx.add(
                self.root.line,
                "",
                "cannot tell what kind of data file this is: expected a rule set "
                "(in a 'rules' folder, or with 'to_hit'), a ships list ('ships') or a scenario ('sides')",
            )


def _system(f: _File) -> str:
    """The rule system a file belongs to: a rule set's ``system:``, a scenario's ``rules:`` (btq21 when none)."""
    if f.root is None or f.root.kind != "map":
        return "btq21"
    key = "system" if f.kind == RULES else "rules" if f.kind == SCENARIO else ""
    node = f.root.value.get(key) if key else None
    value = node.plain() if node is not None else None
    return value if isinstance(value, str) and value else "btq21"


def _check_other_systems(files: Sequence[_File]) -> list[str]:
    """Problems of the files of rule systems other than Beat to Quarters, each read by its own system's readers.

    A scenario is checked against the tables among the files given for its
    system, else that system's shipped tables.
    """
    from game.content.readers import read_scenario, read_tables
    from game.content.yaml_nodes import ContentError
    from game.systems import system_ids

    out: list[str] = []
    tables: dict[str, Any] = {}
    for f in files:
        system = _system(f)
        if system not in system_ids():
            key = "system" if f.kind == RULES else "rules"
            line = f.root.value[key].line if f.root is not None else 1
            f.ctx.add(line, key, f"no rule system {system!r} (known: {', '.join(system_ids())})")
            continue
        if f.kind == RULES:
            try:
                tables.setdefault(system, read_tables(system, f.path))
            except ContentError as e:
                out += e.problems
    for f in files:
        system = _system(f)
        if f.kind != SCENARIO or system not in system_ids():
            continue
        try:
            if system not in tables:
                tables[system] = read_tables(system)
            read_scenario(system, f.path, tables[system])
        except ContentError as e:
            out += e.problems
    return out


def check_data(paths: Sequence[str | os.PathLike[str]] = ()) -> list[str]:
    """Problem lines for ``paths`` (every shipped file when empty); [] when all is well.

    Ships and scenarios are checked against the first rule set among
    ``paths`` (else the shipped one); scenarios against the first ships file
    among ``paths`` (else the shipped one).  A dependency that does not load
    has its problems listed too, and the files needing it are not checked
    further.
    """
    every = [_File(p) for p in (paths or shipped_files())]
    files = [f for f in every if _system(f) == "btq21"]
    extra: list[str] = []  # problems of dependencies loaded only for the checking
    others = [f for f in every if _system(f) != "btq21"]
    extra += _check_other_systems(others)

    rules: RuleSet | None = None
    rule_files = [f for f in files if f.kind == RULES]
    for f in rule_files:
        if f.root is not None:
            got = read_rules(f.ctx, f.root)
            if rules is None and not f.ctx.problems:
                rules = got
    if not rule_files:
        dep = _File(rules_path())
        rules = read_rules(dep.ctx, dep.root) if dep.root is not None else None
        extra += dep.ctx.problems
    rules_note = "not checked further: the rule set did not load"

    ships: dict[str, ShipClass] | None = None
    ship_files = [f for f in files if f.kind == SHIPS]
    for f in ship_files:
        if rules is None:
            f.ctx.add(1, "", rules_note)
            continue
        got_ships = read_ships(f.ctx, f.root, rules) if f.root is not None else {}
        if ships is None and not f.ctx.problems:
            ships = got_ships
    if not ship_files and rules is not None and any(f.kind == SCENARIO for f in files):
        dep = _File(ships_path())
        got_ships = read_ships(dep.ctx, dep.root, rules) if dep.root is not None else {}
        ships = None if dep.ctx.problems else got_ships
        extra += dep.ctx.problems

    for f in files:
        if f.kind != SCENARIO:
            continue
        if rules is None:
            f.ctx.add(1, "", rules_note)
        elif ships is None:
            f.ctx.add(1, "", "not checked further: the ships list did not load")
        elif f.root is not None:
            read_scenario(f.ctx, f.root, ships, rules, f.path.stem)

    out: list[str] = []
    seen: set[str] = set()
    for line in [*extra, *(p for f in every for p in f.ctx.problems)]:
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    problems = check_data(args)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found", file=sys.stderr)
        return 2
    print("data files OK", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
