"""The scenario as a YAML file: written in the format's own order, and read back by the real reader first.

A save is refused unless the text about to be written loads with
``game.content.scenarios.read_scenario`` (the reader ``--check-data`` uses), so
a file the editor writes is never one the game refuses; the problems name
their line in that text, under the name the file would have.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from game.content.model import RuleSet, Scenario, ShipClass
from game.content.scenarios import CONDITION_TRACKS, read_scenario
from game.content.yaml_nodes import ContentError, Ctx, parse_text
from game.files import write_atomic
from game.persistence.autosave import home
from game.ui.editor.victory import victory_entry


class _Flow(list):
    """A short list written on one line (``[10, 12, 90]``)."""


class _FlowMap(dict):
    """A short mapping written on one line (``{width: 72, height: 48}``)."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))
_Dumper.add_representer(
    _FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", dict(v), flow_style=True)
)


def _text(d: yaml.SafeDumper, v: str) -> yaml.Node:
    # a description of several paragraphs keeps its line breaks; a long line is folded, as the shipped files are
    style = "|" if "\n" in v else (">" if len(v) > 80 else None)
    return d.represent_scalar("tag:yaml.org,2002:str", v, style=style)


_Dumper.add_representer(str, _text)


def _num(v: float) -> float | int:
    """A whole number as an integer (``16``, not ``16.0``): the format takes one wherever a number goes."""
    f = float(v)
    return int(f) if f.is_integer() and abs(f) < 1e15 else f


def _flow(values) -> _Flow:
    return _Flow(_num(v) if isinstance(v, float) else v for v in values)


def scenario_data(sc: Scenario) -> dict[str, Any]:
    """The mapping the file holds, keys in the order DATA-FORMAT.md gives them."""
    out: dict[str, Any] = {
        "name": sc.name,
        "description": sc.description,
    }
    if sc.history:
        out["history"] = sc.history
    out |= {
        "table": _FlowMap(width=_num(sc.table[0]), height=_num(sc.table[1])),
        "wind_from": _num(sc.wind_from),
        "turn_limit": sc.turn_limit,
    }
    if sc.extra.get("dawn") is not None:
        out["dawn"] = int(sc.extra["dawn"])
    if sc.options:
        out["options"] = list(sc.options)
    if sc.terrain:
        out["terrain"] = [_terrain(t) for t in sc.terrain]
    out["sides"] = [_side(side) for side in sc.sides]
    victory = victory_entry(sc.victory)
    if victory is not None:
        for aim in victory.get("objectives") or ():  # short lists on one line, as the shipped files have them
            for key in ("ships", "centre"):
                if key in aim:
                    aim[key] = _Flow(aim[key])
            if "zone" in aim:
                aim["zone"] = [_Flow(p) for p in aim["zone"]]
        out["victory"] = victory
    return out


def _terrain(t) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": t.id}
    if t.name:
        entry["name"] = t.name
    entry["kind"] = t.kind
    if t.depth:
        entry["depth"] = t.depth
    entry["points"] = _Flow(_flow(p) for p in t.points)
    return entry


def _side(side) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": side.id,
        "name": side.name,
        "nation": side.nation,
        "colour": _Flow(int(c) for c in side.colour),
        "squadrons": [_squadron(sq) for sq in side.squadrons],
    }
    if side.batteries:
        entry["batteries"] = [_battery(b) for b in side.batteries]
    return entry


def _squadron(sq) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": sq.id, "name": sq.name}
    if sq.nation is not None:
        entry["nation"] = sq.nation
    entry["ships"] = [_ship(s) for s in sq.ships]
    return entry


def _ship(s) -> dict[str, Any]:
    entry: dict[str, Any] = {"ship": s.ship.id}
    if s.id != s.ship.id:
        entry["id"] = s.id
    entry["pose"] = _flow(s.pose)
    entry["sail"] = s.sail
    if s.flagship:
        entry["flagship"] = True
    if s.quality is not None:
        entry["quality"] = s.quality
    if s.specials:
        entry["specials"] = _Flow(s.specials)
    if s.anchored:
        entry["anchored"] = s.anchored
    if s.name:
        entry["name"] = s.name
    if s.condition:
        entry["condition"] = _FlowMap((t, int(s.condition[t])) for t in CONDITION_TRACKS if t in s.condition)
    return entry


def _battery(b) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": b.id,
        "name": b.name,
        "position": _flow(b.position),
        "guns": b.guns,
        "large_share": _num(b.large_share),
        "fort": b.fort,
        "crew": b.crew,
        "quality": b.quality,
    }
    if b.arc is not None:
        entry["arc"] = _flow(b.arc)
    return entry


def scenario_text(sc: Scenario) -> str:
    head = f"# {' '.join(sc.name.split())}: made with Quarterdeck's scenario editor.\n"
    return head + yaml.dump(scenario_data(sc), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def check_text(text: str, path: str | os.PathLike[str], ships: dict[str, ShipClass], rules: RuleSet
               ) -> tuple[Scenario | None, list[str]]:
    """Read ``text`` as the file ``path`` would be read: the scenario, or the problems as ``path:line: field: why``."""
    ctx = Ctx(path)
    root = parse_text(ctx, text)
    sc = read_scenario(ctx, root, ships, rules, Path(path).stem) if root is not None else None
    try:
        ctx.raise_if_any()
    except ContentError as e:
        return None, e.problems
    return sc, []


def scenarios_dir() -> Path:
    """The player's scenarios: the lead's ``game.persistence.user.scenarios_dir()`` once it exists."""
    try:
        from game.persistence import user  # type: ignore[attr-defined]

        folder: Path = user.scenarios_dir()
        return folder
    except (ImportError, AttributeError):
        return home() / "scenarios"


def save_scenario(sc: Scenario, path: str | os.PathLike[str], ships: dict[str, ShipClass], rules: RuleSet
                  ) -> list[str]:
    """Write ``sc`` to ``path`` if the reader accepts the text; the problems (nothing written) if not.

    Raises game.files.FileProblem (an OSError) when the disk refuses.
    """
    text = scenario_text(sc)
    _, problems = check_text(text, path, ships, rules)
    if problems:
        return problems
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)
    return []
