"""Small valid data files the content tests write to tmp_path and then break.

The shipped ships and scenarios are written by others while these tests are,
so the tests never depend on them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.yaml_nodes import ContentError

RULES_FILE = Path(__file__).resolve().parents[2] / "data" / "rules" / "btq21.yaml"

SHIPS = """\
ships:
  - id: victory
    name: HMS Victory
    nation: british
    rate: 1st
    guns: 104
    large_share: 0.58
    hull: 180
    rigging: 80
    crew: 90
    musketry: 11
    quality: good
    specials: [marines]
    launched: 1765
    notes: Nelson's flagship.
  - id: redoutable
    name: Redoutable
    nation: french
    rate: 3rd
    guns: 74
    large_share: 0.4
    hull: 140
    rigging: 60
    crew: 70
    musketry: 9
    quality: average
  - id: surprise
    name: HMS Surprise
    nation: british
    rate: 6th
    guns: 24
    large_share: 0.0
    hull: 60
    rigging: 30
    crew: 30
    musketry: 5
    quality: good
"""

# The island is concave: the frigate sits in its notch, inside the convex hull
# but clear of the land.
SCENARIO = """\
name: Test Duel
description: >
  Two ships and a fort.
table: {width: 48, height: 48}
wind_from: 315
turn_limit: 12
terrain:
  - id: north_isle
    name: North Isle
    kind: island
    points: [[20, 30], [30, 30], [30, 44], [25, 34], [20, 44]]
sides:
  - id: british
    name: Royal Navy
    nation: british
    colour: [200, 40, 40]
    squadrons:
      - id: van
        name: Van
        ships:
          - ship: victory
            pose: [10, 10, 90]
            sail: battle
            flagship: true
          - ship: surprise
            id: surprise
            pose: [25, 41, 0]
            sail: full
            quality: average
            specials: [signals]
  - id: french
    name: Marine Royale
    nation: french
    colour: [40, 40, 200]
    squadrons:
      - id: escadre
        name: Escadre
        ships:
          - ship: redoutable
            pose: [38, 10, 270]
            sail: battle
    batteries:
      - id: fort_royal
        name: Fort Royal
        position: [45, 30]
        guns: 20
        large_share: 0.5
        fort: 60
        crew: 30
        quality: average
        arc: [200, 340]
victory:
  mode: points
  exit_edges: {french: east}
"""


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """1-based line of the nth occurrence of ``needle`` in ``text``."""
    pos = -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    return text.count("\n", 0, pos) + 1


def replace(text: str, old: str, new: str, count: int = 1) -> str:
    assert text.count(old) >= count, f"{old!r} not in the sample"
    return text.replace(old, new, count)


def problems_of(fn, *args) -> list[str]:
    with pytest.raises(ContentError) as info:
        fn(*args)
    problems = info.value.problems
    assert problems, "ContentError without problems"
    assert str(info.value) == "\n".join(problems)
    return problems


def find(problems: list[str], file: str, line: int, field: str, *words: str) -> str:
    """The problem at ``file:line`` about ``field`` containing ``words``; fails listing them all."""
    head = f"{file}:{line}: {field}: "
    for p in problems:
        if p.startswith(head) and all(w in p for w in words):
            return p
    raise AssertionError(f"no problem {head}...{' '.join(words)} in:\n" + "\n".join(problems))
