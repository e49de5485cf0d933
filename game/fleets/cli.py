"""``--fleet-random`` and the fleet files of ``--check-data``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from game.content.fields import is_slug
from game.content.yaml_nodes import ContentError
from game.files import FileProblem
from game.fleets.files import fleet_text, load_fleet, save_fleet
from game.fleets.muster import random_fleet
from game.fleets.value import SYSTEMS, fleet_points, nations

#: How much of a file's head is read to tell a fleet file (a top-level ``fleet:`` line).
_PEEK = 4096


def fleet_files(paths: Sequence[str]) -> list[str]:
    """The paths among ``paths`` that are fleet files: a top-level ``fleet:`` key in their first lines."""
    out = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                head = f.read(_PEEK).decode("utf-8", errors="replace")
        except OSError:
            continue
        if any(line.startswith("fleet:") for line in head.splitlines()):
            out.append(path)
    return out


def check_fleets(paths: Sequence[str]) -> list[str]:
    problems: list[str] = []
    for path in paths:
        try:
            load_fleet(path)
        except ContentError as e:
            problems += e.problems
    return problems


def random_fleet_command(system: str, nation: str, budget: str, *, seed: int | None, out: str | None) -> int:
    """Print a random fleet (or write it to ``out``); 2 with a message for arguments that make none."""
    if system not in SYSTEMS:
        print(f"error: --fleet-random: no rule system {system!r} (known: {', '.join(SYSTEMS)})", file=sys.stderr)
        return 2
    known = nations(system)
    if not is_slug(nation):
        print(f"error: --fleet-random: {nation!r} is not a nation (lower-case letters, digits, _)", file=sys.stderr)
        return 2
    if known and nation not in known:
        print(f"error: --fleet-random: no ships of nation {nation!r} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    try:
        points = int(budget)
    except ValueError:
        points = 0
    if not 1 <= points <= 1_000_000:
        print(f"error: --fleet-random: the budget must be a whole number of points, got {budget!r}", file=sys.stderr)
        return 2
    fleet = random_fleet(system, nation, points, 1 if seed is None else seed)
    if not fleet.ships():
        print(f"error: --fleet-random: {points} points buy no ship of {nation}", file=sys.stderr)
        return 2
    if out is None:
        print(fleet_text(fleet), end="")
    else:
        try:
            save_fleet(fleet, Path(out))
        except FileProblem as e:
            print(f"error: --fleet-random: {e}", file=sys.stderr)
            return 2
        print(f"{out}: {len(fleet.ships())} ships, {fleet_points(fleet)} of {points} points")
    return 0
