"""The scenario file a generated engagement is written as: YAML a person can read and edit.

Short lists (a pose, a colour, a polygon's corner) stay on one line, as the
shipped scenarios write them; the text is a pure function of its data, so one
seed gives one file byte for byte.
"""

from __future__ import annotations

import re
from typing import Any

import yaml


class _Dumper(yaml.SafeDumper):
    pass


def _list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flat = all(not isinstance(v, dict | list) for v in data)
    pairs = all(isinstance(v, list) and all(not isinstance(x, dict | list) for x in v) for v in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=bool(data) and (flat or pairs))


_Dumper.add_representer(list, _list)


def slug(words: str) -> str:
    """An id from a name: lower-case letters, digits and _, starting with a letter."""
    out = re.sub(r"[^a-z0-9]+", "_", words.lower()).strip("_")
    if out and not out[0].isalpha():
        out = "s_" + out
    return out[:60].rstrip("_")


def scenario_text(
    *,
    name: str,
    description: str,
    table: tuple[float, float],
    wind_from: float,
    turn_limit: int,
    terrain: list[dict[str, Any]],
    sides: list[dict[str, Any]],
    options: list[str],
    header: str,
) -> str:
    data: dict[str, Any] = {
        "name": name,
        "description": description,
        "table": {"width": _num(table[0]), "height": _num(table[1])},
        "wind_from": _num(wind_from),
        "turn_limit": turn_limit,
    }
    if terrain:
        data["terrain"] = terrain
    data["sides"] = sides
    data["victory"] = {"mode": "points"}
    if options:
        data["options"] = options
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)
    return f"# {header}\n{body}"


def _num(v: float) -> float | int:
    r = round(float(v), 1)
    return int(r) if r == int(r) else r
