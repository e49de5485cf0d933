"""What a folder of saves holds, told the way a player looks for a battle: which one, how far, who, when.

A file name ("duel-turn4.yaml") says little; the load window lists each save
by its scenario, the turn it reached (or how it ended), the sides and who
commanded them, and when it was written, with a picture of the table as it
stood.  Reading the summary checks the save's structure only (quick); where
the ships stood needs the commands replayed, which :func:`final_positions`
does and the window runs on a worker thread.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.model import RuleSet, Scenario, ShipClass

from .save import SaveError, load_save, read_save

#: At most this many files of a folder are listed (newest first): a folder of thousands stays quick.
MAX_LISTED = 200
SUFFIXES = (".yaml", ".yml")


@dataclass
class SaveSummary:
    """One save as the load window lists it; ``problem`` is why it cannot be loaded (then little else is known)."""

    path: Path
    modified: dt.datetime
    scenario_id: str = ""
    scenario: Scenario | None = None
    turn: int | None = None
    over: bool = False
    players: dict[str, str] = field(default_factory=dict)
    commands: int = 0
    options: tuple[str, ...] = ()
    problem: str = ""

    @property
    def title(self) -> str:
        return self.scenario.name if self.scenario is not None else (self.scenario_id or self.path.stem)

    def sides(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """(side name, who commanded her, colour) in the scenario's order."""
        if self.scenario is None:
            return [(side, kind, (200, 200, 200)) for side, kind in self.players.items()]
        return [(s.name, self.players.get(s.id, "human"), s.colour) for s in self.scenario.sides]

    def progress(self) -> str:
        if self.problem:
            return "cannot be loaded"
        limit = f" of {self.scenario.turn_limit}" if self.scenario is not None else ""
        if self.over:
            return f"over, after turn {self.turn}{limit}" if self.turn is not None else "over"
        return f"turn {self.turn}{limit}" if self.turn is not None else f"{self.commands} commands"


def summarise(path: Path, rules: RuleSet, ships: dict[str, ShipClass]) -> SaveSummary:
    """A save's summary; a damaged one comes back with its ``problem`` (one line), never an exception."""
    try:
        modified = dt.datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        modified = dt.datetime.fromtimestamp(0)
    out = SaveSummary(path, modified)
    try:
        doc = read_save(path)
    except SaveError as e:
        out.problem = str(e).removeprefix(f"{path}: ")
        return out
    out.scenario_id = str(doc["scenario"])
    out.turn = doc.get("turn") if isinstance(doc.get("turn"), int) else None
    out.over = doc.get("over") is True
    out.players = dict(doc["players"])
    out.commands = len(doc["commands"])
    out.options = tuple(sorted(doc.get("options") or {}))
    out.scenario = _scenario(doc, str(path), rules, ships)
    if out.scenario is None:
        out.problem = f"its scenario {out.scenario_id!r} is not one of this Quarterdeck's"
    return out


def _scenario(doc: dict, name: str, rules: RuleSet, ships: dict[str, ShipClass]) -> Scenario | None:
    """The save's scenario (a shipped one by name, or the copy it carries), or None if it does not load."""
    from game.persistence.save import scenario_of

    try:
        return scenario_of(doc, name, ships, rules)
    except SaveError:
        return None


#: The program's own YAML files that live beside the saves in the player's folder: never a battle.
NOT_SAVES = ("settings.yaml", "house_rules.yaml")


def saves_in(folder: Path) -> list[Path]:
    """The save files of a folder, newest first (at most MAX_LISTED); an unreadable folder lists nothing."""
    try:
        files = [
            p for p in folder.iterdir()
            if p.suffix.lower() in SUFFIXES and p.name not in NOT_SAVES and p.is_file()
        ]
    except OSError:
        return []

    def when(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(files, key=when, reverse=True)[:MAX_LISTED]


def final_positions(path: Path, rules: RuleSet, ships: dict[str, ShipClass]) -> dict[str, Any] | str:
    """Where every ship stood when the save was written: id -> (x, y, heading, on the table), or why not.

    The commands are replayed through the rule system (as loading does), so the
    picture is the battle's own, not the scenario's opening.
    """
    try:
        session = load_save(path, rules, ships)
    except SaveError as e:
        return str(e)
    except OSError as e:
        return f"{path}: {e.strerror or e}"
    return {s.id: (s.x, s.y, s.heading, bool(s.on_table)) for s in session.state.ships.values()}
