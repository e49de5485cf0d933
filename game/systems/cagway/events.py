"""Cagway Bay's events: one frozen dataclass per kind, logged as docs/CAGWAY.md lists them.

Every change the engine makes is reported by an event, complete when it is
made.  Numbers are rounded for reading; the state keeps full precision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.systems.events import LOG_FORMAT, LogEvent, kinds_of, logged_as, optional
from game.systems.events import Out as Out  # shared by every rule system
from game.systems.events import pose_of as pose_of
from game.systems.events import r3 as r3

Event = dict[str, Any]
Pose = tuple[float, float, float]



@dataclass(frozen=True)
class Setup(LogEvent):
    TYPE: ClassVar[str] = "setup"
    system: str
    scenario: str
    seed: int
    ruleset: str
    table: Mapping[str, float]
    wind_source: tuple[float, float]
    wind_from: float
    turn_limit: int
    victory: Mapping[str, Any]
    sides: tuple[Mapping[str, Any], ...]
    squadrons: tuple[Mapping[str, Any], ...]
    ships: tuple[Mapping[str, Any], ...]
    log_format: int = LOG_FORMAT


@dataclass(frozen=True)
class Deploy(LogEvent):
    TYPE: ClassVar[str] = "deploy"
    ship: str
    to: Pose


@dataclass(frozen=True)
class CarrierChosen(LogEvent):
    """The Runner has chosen the ship that carries the prize: the log never says which."""

    TYPE: ClassVar[str] = "carrier_chosen"
    side: str


@dataclass(frozen=True)
class Round(LogEvent):
    TYPE: ClassVar[str] = "round"
    actions: Mapping[str, int]


@dataclass(frozen=True)
class Priority(LogEvent):
    TYPE: ClassVar[str] = "priority"
    phase: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class Activation(LogEvent):
    TYPE: ClassVar[str] = "activation"
    ship: str
    phase: str


@dataclass(frozen=True)
class Move(LogEvent):
    """One leg sailed; ``turned`` is the log's ``turn``, the degrees turned about her bow (+ clockwise)."""

    TYPE: ClassVar[str] = "move"
    ship: str
    stick: str
    sector: int
    distance: float
    segments: float
    points: int
    actions_left: int
    to: Pose
    turned: float = logged_as("turn")
    stopped_by: str | None = optional()


@dataclass(frozen=True)
class Drift(LogEvent):
    TYPE: ClassVar[str] = "drift"
    ship: str
    to: Pose
    blocked: bool
    blocked_by: str | None = optional()


@dataclass(frozen=True)
class Repair(LogEvent):
    TYPE: ClassVar[str] = "repair"
    ship: str
    points: int
    hp_gained: int
    hp: int


@dataclass(frozen=True)
class Shot(LogEvent):
    TYPE: ClassVar[str] = "shot"
    ship: str
    target: str
    gun: str
    column: str
    distance: float
    aim: int
    effective: int
    damage: int
    hasty: bool
    range_: int = logged_as("range")
    roll: int | None = optional()
    aim_allowed: bool | None = optional()
    #: Fire at will: the points she had left for the aim after paying to fire (the die counts if no more).
    left: int | None = optional()


#: The one damage track of the book: hit points.
HP_TRACK = "hp"


@dataclass(frozen=True)
class Damage(LogEvent):
    """HP lost to an attack; ``track`` is always ``hp`` (BATTLE-LOG.md's damage events name their track)."""

    TYPE: ClassVar[str] = "damage"
    ship: str
    lost: int
    hp: int
    actions: int
    dead: bool
    track: str = HP_TRACK


@dataclass(frozen=True)
class CrewAttack(LogEvent):
    TYPE: ClassVar[str] = "crew_attack"
    ship: str
    target: str
    combat_value: int
    damage: int


@dataclass(frozen=True)
class Capture(LogEvent):
    TYPE: ClassVar[str] = "capture"
    ship: str
    target: str
    hp: int


@dataclass(frozen=True)
class Captured(LogEvent):
    TYPE: ClassVar[str] = "captured"
    ship: str
    by: str


@dataclass(frozen=True)
class Sunk(LogEvent):
    """Scuttled: removed from play."""

    TYPE: ClassVar[str] = "sunk"
    ship: str
    by: str


@dataclass(frozen=True)
class Share(LogEvent):
    """``hp`` moved from ``ship`` to ``friend`` (negative: from ``friend`` to ``ship``)."""

    TYPE: ClassVar[str] = "share"
    ship: str
    friend: str
    hp: int
    paid_by: str


@dataclass(frozen=True)
class EndMove(LogEvent):
    TYPE: ClassVar[str] = "end_move"
    ship: str
    actions_left: int


@dataclass(frozen=True)
class Pass(LogEvent):
    TYPE: ClassVar[str] = "pass"
    ship: str


@dataclass(frozen=True)
class Reveal(LogEvent):
    """Who carried the prize, told when it no longer matters (she arrived, was taken or sunk, or the battle ended)."""

    TYPE: ClassVar[str] = "reveal"
    ship: str
    carrier: bool


@dataclass(frozen=True)
class Arrived(LogEvent):
    TYPE: ClassVar[str] = "arrived"
    ship: str


@dataclass(frozen=True)
class GameOver(LogEvent):
    TYPE: ClassVar[str] = "game_over"
    winner: str | None
    points: Mapping[str, float]
    reason: str


#: Every kind of event, by its log ``type``.
KINDS: dict[str, type[LogEvent]] = kinds_of(
    [
        Setup,
        Deploy,
        CarrierChosen,
        Round,
        Priority,
        Activation,
        Move,
        Drift,
        Repair,
        Shot,
        Damage,
        CrewAttack,
        Capture,
        Captured,
        Sunk,
        Share,
        EndMove,
        Pass,
        Reveal,
        Arrived,
        GameOver,
    ]
)
