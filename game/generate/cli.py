"""``python main.py --generate [SEED]``: roll a random engagement and write it as a scenario file.

The fleets come from two fleet files (``--fleet FILE`` twice) or are mustered
at random (``--budget N --nations A B``); the file goes to ``--out`` or the
user's scenarios folder, where the menu lists it and ``--scenario FILE``
plays it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game.content.yaml_nodes import ContentError
from game.files import FileProblem
from game.fleets.model import Fleet
from game.generate.engagement import SYSTEM, engagement, random_fleets

#: A new seed when none is given: as many bits as a battle's seed is drawn with.
SEED_BYTES = 4
MAX_BUDGET = 1_000_000


def fresh_seed() -> int:
    """A seed nobody chose (printed with the result, so the same engagement can be rolled again)."""
    return int.from_bytes(os.urandom(SEED_BYTES), "little")


def generate_command(
    seed: int | None,
    *,
    fleet_files: list[str],
    budget: int | None,
    nations: list[str] | None,
    roll: int | None,
    out: str | None,
) -> int:
    """Print the engagement's summary and the path it was written to; 2 with a message for bad arguments."""
    seed = fresh_seed() if seed is None else seed
    fleets = _fleets(seed, fleet_files, budget, nations)
    if isinstance(fleets, str):
        print(f"error: --generate: {fleets}", file=sys.stderr)
        return 2
    if roll is not None and not 1 <= roll <= 12:
        print(f"error: --roll: a line of the D12 table, 1 to 12, got {roll}", file=sys.stderr)
        return 2
    try:
        rolled = engagement(fleets, seed, roll=roll)
    except (ValueError, ContentError) as e:
        print(f"error: --generate: {e}", file=sys.stderr)
        return 2
    try:
        if out is not None and out.endswith((".yaml", ".yml")):
            path = Path(out)
            from game.files import write_atomic

            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, rolled.yaml_text)
        else:
            path = rolled.write(Path(out) if out is not None else _scenarios_dir())
    except (FileProblem, OSError) as e:
        print(f"error: --generate: cannot write the scenario: {e}", file=sys.stderr)
        return 2
    print(f"{rolled.title}: {rolled.against}")
    print(rolled.summary)
    print(f"seed {seed}: written to {path}")
    print(f"play it with: python main.py --scenario {path}")
    return 0


def _scenarios_dir() -> Path:
    from game.persistence.user import scenarios_dir

    return scenarios_dir()


def _fleets(seed: int, files: list[str], budget: int | None, nations: list[str] | None) -> tuple[Fleet, Fleet] | str:
    """The two fleets, or why there are none."""
    if files:
        if len(files) != 2 or budget is not None or nations:
            return "give --fleet FILE twice, or --budget N --nations A B"
        from game.fleets.files import load_fleet

        loaded = []
        for name in files:
            try:
                loaded.append(load_fleet(name))
            except ContentError as e:
                return str(e)
            except (FileProblem, OSError) as e:
                return f"{name}: {e}"
        if any(f.rules != SYSTEM for f in loaded):
            return "random engagements are for Beat to Quarters fleets (rules: btq21)"
        return (loaded[0], loaded[1])
    if budget is None or not nations or len(nations) != 2:
        return "give --fleet FILE twice, or --budget N --nations A B"
    if not 1 <= budget <= MAX_BUDGET:
        return f"the budget must be 1 to {MAX_BUDGET} points, got {budget}"
    from game.fleets.value import nations as known

    have = known(SYSTEM)
    for nation in nations:
        if nation not in have:
            return f"no ships of nation {nation!r} (known: {', '.join(have)})"
    fleets = random_fleets((nations[0], nations[1]), (budget, budget), seed)
    for fleet in fleets:
        if not fleet.ships():
            return f"{budget} points buy no ship of {fleet.nation}"
    return (fleets[0], fleets[1])
