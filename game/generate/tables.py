"""``data/generator.yaml``: the numbers of the random engagement, checked as every data file is.

Gifford gives his set-up in hexes; the file keeps his hexes and one factor to
inches, so a club that reads a hex otherwise changes one number.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Annotated, Any

from pydantic import BeforeValidator

from game.content.fields import Model, count, fixed, keyed, one_of, problem, text, within
from game.content.paths import data_dir
from game.content.rules import NATIONS, Guns, Points, Quality, Share
from game.content.validate import check
from game.content.yaml_nodes import ContentError, Ctx, parse_file

#: Gifford's attitudes to the wind, and the layouts of his D12 table.
ATTITUDES = ("A", "B", "C", "D")
LAYOUTS = ("fog", "corners", "apart", "edges", "shore")
SIDES = ("a", "b")
#: Faces of the table die and of the wind die.
TABLE_DIE = 12
WIND_DIE = 6

Inches = Annotated[float, within(0, 100, lo_open=True)]
Hexes = Annotated[int, within(1, 50)]
Byte = Annotated[int, within(0, 255)]
Colour = Annotated[tuple[Byte, Byte, Byte], fixed("[red, green, blue]", 3)]


class Attitude(Model):
    off_bow: Annotated[float, within(0, 180)]
    sail: Annotated[str, one_of(("easy", "battle", "full"), "sail setting")]
    words: Annotated[str, text()]


class Line(Model):
    """One face of the D12 table."""

    roll: Annotated[int, within(1, TABLE_DIE)]
    name: Annotated[str, text(max_len=60)]
    layout: Annotated[str, one_of(LAYOUTS, "layout")]
    attitude: Annotated[str, one_of(ATTITUDES, "attitude")]
    top: Annotated[str, one_of(SIDES, "side")] = "a"
    other_attitude: Annotated[str, one_of(ATTITUDES, "attitude")] | None = None
    apart: Hexes | None = None
    area: Hexes | None = None
    away: Hexes | None = None


class Formation(Model):
    gap: Inches
    columns_apart: Inches
    column_most: Annotated[int, within(1, 40)]


class TableRow(Model):
    ships: Annotated[int, within(1, 120)]
    width: Annotated[float, within(12, 500)]
    height: Annotated[float, within(12, 500)]


class Battery(Model):
    kind: Annotated[str, text()]
    guns: Guns
    large_share: Share
    fort: Points
    crew: Points
    quality: Quality


class Shore(Model):
    depth: Annotated[tuple[Hexes, Hexes], fixed("[least, most]", 2)]
    step: Inches
    port_width: Inches
    port_depth: Hexes
    anchor_on: Annotated[int, within(1, 7)]
    battery_dice: Annotated[int, within(1, 6)]
    arc: Annotated[float, within(1, 360)]
    batteries: Annotated[tuple[Battery, ...], count(1, 6)]


def _one_line_a_face(lines: Any) -> Any:
    if isinstance(lines, tuple) and len(lines) != TABLE_DIE:
        raise problem(f"the table needs one line for each of the D{TABLE_DIE}'s faces, got {len(lines)}")
    return lines


class GeneratorFile(Model):
    inches_per_hex: Inches
    wind_from: Annotated[tuple[Annotated[float, within(0, 360, hi_open=True)], ...], fixed("six bearings", WIND_DIE)]
    attitudes: Annotated[dict[str, Attitude], keyed(ATTITUDES, "attitude")]
    lines: Annotated[tuple[Line, ...], BeforeValidator(_one_line_a_face)]
    formation: Formation
    margin: Inches
    tables: Annotated[tuple[TableRow, ...], count(1, 20)]
    turn_limit: Annotated[int, within(1, 100)]
    fog_option: Annotated[str, text()]
    shore: Shore
    colours: Annotated[dict[str, Colour], keyed(NATIONS, "nation", complete=False)]
    other: Colour


def generator_path() -> Path:
    return data_dir() / "generator.yaml"


def read_generator(path: str | os.PathLike[str]) -> GeneratorFile:
    """The checked file; raises ContentError naming file:line and field of every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    model = None
    if root is not None:
        checked = check(ctx, GeneratorFile, root)
        for i in checked.entries(("lines",)):
            roll = checked.at(("lines", i, "roll"))
            if roll is not None and roll != i + 1:
                checked.add(("lines", i, "roll"), f"line {i + 1} of the table is for a roll of {i + 1}, not {roll}")
            _needs(checked, i)
        model = checked.model
    ctx.raise_if_any()
    if model is None:  # a problem the reader reported would have been raised
        raise ContentError([f"{ctx.label}: unreadable"])
    return model


#: What each layout reads of its line.
_NEEDS = {
    "fog": ("apart",),
    "corners": ("area",),
    "apart": ("other_attitude", "apart"),
    "edges": ("area",),
    "shore": ("area", "away"),
}


def _needs(checked: Any, i: int) -> None:
    layout = checked.at(("lines", i, "layout"))
    for key in _NEEDS.get(layout, ()):
        if checked.ok(("lines", i, key)) and checked.at(("lines", i, key)) is None:
            checked.add(("lines", i, "layout"), f"a line laid out as {layout} needs '{key}'")


def generator_problems(path: str | os.PathLike[str] | None = None) -> list[str]:
    """The problems of the generator's file (the shipped one by default), for --check-data."""
    try:
        read_generator(path or generator_path())
    except ContentError as e:
        return list(e.problems)
    return []


@functools.lru_cache(maxsize=1)
def shipped() -> GeneratorFile:
    """The shipped file (read once)."""
    return read_generator(generator_path())
