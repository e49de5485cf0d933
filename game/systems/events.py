"""What every rule system's events have in common: typed when made, plain when logged.

A rule system describes each kind of event as one frozen dataclass, so what
an event carries is fixed when it is made and checked by mypy; nothing is
added to it afterwards.  The log, the narration, the window and the auditor
read the plain form ``to_dict`` gives (BATTLE-LOG.md), which is what a log
file holds and what a reader in another language can read.

Log format 2 settles the one clash in BATTLE-LOG.md: every event carries the
game ``turn``, but the ``move`` row (and the grapple and failed box-haul,
which also turn a ship) names the degrees turned ``turn`` too.  In format 2
every event also carries ``game_turn``, always the game turn, and ``turn``
is the degrees turned in the events that turn a ship; a reader takes the game
turn from ``game_turn`` and never has to know which events those are.  A log
says its format in its ``setup`` line (``log_format``); a log without one is
format 1, where ``game_turn`` appears only in the events whose ``turn`` is
degrees.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

LOG_FORMAT = 2
"""The format this program writes; see the module's docstring."""


def optional(key: str | None = None) -> Any:
    """A field left out of the log while it is ``None`` (a detail only some events of a kind have)."""
    return field(default=None, metadata={"optional": True, **({"key": key} if key else {})})


def logged_as(key: str) -> Any:
    """A field whose log name is a Python keyword (``from``) or clashes with one (``turn``, ``min``)."""
    return field(metadata={"key": key})


@dataclass(frozen=True)
class LogEvent:
    """One thing that happened; each subclass names its ``TYPE`` (the log's ``type``)."""

    TYPE: ClassVar[str] = ""

    def to_dict(self, seq: int, game_turn: int) -> dict[str, Any]:
        """The event as a line of the battle log, numbered ``seq`` in game turn ``game_turn``."""
        d: dict[str, Any] = {"seq": seq, "turn": game_turn, "type": self.TYPE, "game_turn": game_turn}
        for name, key, omit_none in _layout(type(self)):
            value = getattr(self, name)
            if value is None and omit_none:
                continue
            d[key] = plain(value)
        return d


_LAYOUTS: dict[type[LogEvent], tuple[tuple[str, str, bool], ...]] = {}


def _layout(cls: type[LogEvent]) -> tuple[tuple[str, str, bool], ...]:
    """Each field's Python name, log name and whether it is left out when ``None`` (worked out once per class)."""
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = tuple(
            (f.name, f.metadata.get("key", f.name), bool(f.metadata.get("optional"))) for f in dataclasses.fields(cls)
        )
        _LAYOUTS[cls] = layout
    return layout


def plain(value: Any) -> Any:
    """JSON's own types: tuples become lists, mappings dicts, all the way down."""
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


def kinds_of(module_classes: list[type[LogEvent]]) -> dict[str, type[LogEvent]]:
    """Event classes by the ``type`` they log under; a kind given twice is a programming error."""
    table: dict[str, type[LogEvent]] = {}
    for cls in module_classes:
        if not cls.TYPE or cls.TYPE in table:
            raise ValueError(f"event type {cls.TYPE!r} of {cls.__name__} is empty or taken")
        table[cls.TYPE] = cls
    return table


def from_dict(kinds: Mapping[str, type[LogEvent]], line: Mapping[str, Any]) -> LogEvent:
    """The typed event a log line was made from; ``KeyError``/``TypeError`` if it is not one of ``kinds``.

    Lists come back as tuples, so ``from_dict(k, e.to_dict(s, t)) == e`` for
    every event ``e``.
    """
    cls = kinds[line["type"]]
    names = {key: name for name, key, _ in _layout(cls)}
    args: dict[str, Any] = {}
    for key, value in line.items():
        if key in ("seq", "type", "game_turn") or (key == "turn" and "turn" not in names):
            continue
        if key not in names:
            raise TypeError(f"{line['type']} has no field {key!r}")
        args[names[key]] = _frozen(value)
    return cls(**args)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


# --- what every rule system's engine emits events with ---------------------------------------------------------

Pose = tuple[float, float, float]


class _Numbered(Protocol):
    """A state that numbers its events: the next one's ``seq``, and the turn it happens in."""

    seq: int
    turn: int


class _Placed(Protocol):
    x: float
    y: float
    heading: float


class Out(list[dict[str, Any]]):
    """The events of one command, in order and in their log form; knows the state for numbering."""

    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state: _Numbered = state

    def emit(self, event: LogEvent) -> dict[str, Any]:
        """Number and record an event; its log line is returned."""
        line = event.to_dict(self.state.seq, self.state.turn)
        self.state.seq += 1
        self.append(line)
        return line


def r3(v: float) -> float:
    """A number as the log writes it: to the thousandth, never a negative zero."""
    r = round(v, 3)
    return 0.0 if r == 0 else r


def pose_of(ship: _Placed) -> Pose:
    return (r3(ship.x), r3(ship.y), r3(ship.heading))
