"""A club's house rules: a few numbers of the tables changed, in a file of their own.

    house_rules: Plymouth Wargames Club
    tables: btq21                  # the id of the tables it changes
    changes:
      speeds.large.battle: 4       # a dotted path into the rules file, and its new value
      base_stats[0].hull: 210      # list items by their place, from 0

Every path must name a value the rules file has ("did you mean" when it does
not), and the changed tables must pass every check of the rules file: a
problem a change causes is reported at that change's line in the house-rules
file.  The changes travel with a battle's save, so the battle replays under
the same tables wherever it is loaded.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator

from game.content.fields import Model, Name, problem, raise_all
from game.content.model import RuleSet
from game.content.rules import read_rules
from game.content.validate import check
from game.content.yaml_nodes import ContentError, Ctx, Node, parse_file, suggest

#: At most this many numbers changed by one house-rules file.
MAX_CHANGES = 200
_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)((?:\[\d{1,4}\])*)$")


@dataclass(frozen=True)
class HouseRules:
    name: str
    tables: str
    changes: tuple[tuple[str, Any], ...]  # (dotted path, the new value as plain data)


def _steps(path: str) -> list[str | int] | None:
    """'base_stats[0].hull' -> ['base_stats', 0, 'hull'] (None if it is not a path)."""
    out: list[str | int] = []
    for part in path.split("."):
        m = _STEP.match(part)
        if m is None:
            return None
        out.append(m.group(1))
        out += [int(i) for i in re.findall(r"\[(\d+)\]", m.group(2))]
    return out


def _node(value: Any, line: int = 1) -> Node:
    """A node tree for plain data (a save's record of the changes), every part on ``line``."""
    if isinstance(value, Mapping):
        return Node("map", {str(k): _node(v, line) for k, v in value.items()}, line, {str(k): line for k in value})
    if isinstance(value, list):
        return Node("seq", [_node(v, line) for v in value], line)
    return Node("scalar", value, line)


def _graft(root: Node, steps: list[str | int], new: Node) -> str | None:
    """Put ``new`` where ``steps`` lead in ``root``; the reason it cannot, or None."""
    node = root
    for i, step in enumerate(steps):
        last = i == len(steps) - 1
        if isinstance(step, int):
            if node.kind != "seq" or not 0 <= step < len(node.value):
                size = len(node.value) if node.kind == "seq" else 0
                return f"no item [{step}] there (the list has {size})"
            if last:
                node.value[step] = new
                return None
            node = node.value[step]
        else:
            if node.kind != "map" or step not in node.value:
                keys = node.value.keys() if node.kind == "map" else ()
                return f"the rules file has no '{step}' there{suggest(step, keys)}"
            if last:
                new.key_line = new.key_line or node.value[step].key_line
                node.value[step] = new
                return None
            node = node.value[step]
    return "an empty path"


def _not_too_many(changes: Any) -> Any:
    if isinstance(changes, dict) and len(changes) > MAX_CHANGES:
        raise problem(f"more than {MAX_CHANGES} changes")
    return changes


def _paths(changes: dict[str, Any]) -> dict[str, Any]:
    why = "not a path into the rules file (like speeds.large.battle)"
    raise_all([((key,), problem(why, at_key=True), key) for key in changes if _steps(key) is None])
    return changes


class HouseRulesFile(Model):
    """A house-rules file; the new values are checked where they go, by the rules file's own model."""

    house_rules: Name
    tables: Name
    changes: Annotated[dict[str, Any], BeforeValidator(_not_too_many), AfterValidator(_paths)]


def read_house_rules(path: str | os.PathLike[str]) -> tuple[HouseRules, dict[str, Node]]:
    """The house rules in ``path`` and each change's value as read (with its line); ContentError lists problems."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    model = check(ctx, HouseRulesFile, root).model if root is not None else None
    ctx.raise_if_any()
    assert root is not None and model is not None
    changes = root.value["changes"]
    nodes: dict[str, Node] = {}
    for key, value in changes.value.items():
        value.key_line = changes.key_lines.get(key, value.line)
        nodes[key] = value
    return HouseRules(model.house_rules, model.tables, tuple((k, v.plain()) for k, v in nodes.items())), nodes


def with_house_rules(
    base_path: str | os.PathLike[str], house: HouseRules, nodes: Mapping[str, Node], label: str, lines: bool = True
) -> RuleSet:
    """The tables of ``base_path`` changed by ``house``; ContentError says what is wrong, at the change's line."""
    base_ctx = Ctx(base_path)
    root = parse_file(base_ctx)
    base_ctx.raise_if_any()
    assert root is not None

    def where(key: str) -> str:
        line = nodes[key].key_line or nodes[key].line
        return f"{label}:{line}: changes.{key}" if lines else f"{label}: changes.{key}"

    problems = []
    for key, _ in house.changes:
        steps = _steps(key)
        why = "not a path" if steps is None else _graft(root, steps, nodes[key])
        if why:
            problems.append(f"{where(key)}: {why}")
    rules = read_rules(base_ctx, root)  # with the changes that did go in: their problems too
    for _line, fld, reason in base_ctx.raw:
        culprit = next((k for k, _ in house.changes if fld == k or fld.startswith((k + ".", k + "["))), None)
        if culprit is not None:
            problems.append(f"{where(culprit)}: {reason}")
        else:  # a check across several values that a change upset
            problems.append(f"{label}: {fld}: {reason} (after these changes)")
    if problems or rules is None:
        raise ContentError(problems or [f"{label}: the changed tables do not load"])
    return dataclasses.replace(rules, name=f"{rules.name} with {house.name}", house=house.changes,
                               house_name=house.name)


def load_house_rules(path: str | os.PathLike[str], base: RuleSet, base_path: str | os.PathLike[str]) -> RuleSet:
    """The house-rules file at ``path`` applied to ``base`` (read from ``base_path``); ContentError lists problems."""
    house, nodes = read_house_rules(path)
    label = Ctx(path).label
    if house.tables != base.id:
        raise ContentError([f"{label}:1: tables: these house rules change '{house.tables}', the tables in force "
                            f"are '{base.id}'"])
    return with_house_rules(base_path, house, nodes, label)


def house_of(rules: RuleSet) -> dict[str, Any] | None:
    """What a save records of the house rules in force (None for the book's tables)."""
    if not rules.house:
        return None
    return {"name": rules.house_name, "changes": dict(rules.house)}


def from_save(data: Any, base: RuleSet, base_path: str | os.PathLike[str]) -> RuleSet:
    """The house rules a save recorded, applied again; ContentError if they do not fit the tables."""
    if not isinstance(data, Mapping) or not isinstance(data.get("changes"), Mapping):
        raise ContentError(["house_rules: expected a name and a mapping of changes"])
    pairs = tuple((str(k), v) for k, v in data["changes"].items())
    if len(pairs) > MAX_CHANGES or any(_steps(k) is None for k, _ in pairs):
        raise ContentError(["house_rules: the changes are not paths into the rules file"])
    house = HouseRules(str(data.get("name", "house rules"))[:200], base.id, pairs)
    nodes = {k: _node(v) for k, v in pairs}
    return with_house_rules(base_path, house, nodes, "the save's house rules", lines=False)
