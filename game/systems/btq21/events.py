"""Events: what happened, one frozen dataclass per kind (BATTLE-LOG.md gives their log form).

Every change the engine makes is reported as an event so the log explains
every outcome and the UI can animate it.  An event is complete when it is
made: whatever it reports (the rigging a ship taken aback loses, the hull two
colliding ships lose) is worked out before it is emitted.  Numbers are
rounded for reading; the state keeps full precision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.systems.btq21.state import Ship
from game.systems.events import LOG_FORMAT, LogEvent, kinds_of, logged_as, optional
from game.systems.events import Out as Out  # shared by every rule system
from game.systems.events import pose_of as pose_of
from game.systems.events import r3 as r3

Event = dict[str, Any]
Pose = tuple[float, float, float]
Faces = tuple[int, ...]
Ids = tuple[str, ...]



# -- the battle opens; wind, weather and the turn ---------------------------------------------


@dataclass(frozen=True)
class Setup(LogEvent):
    TYPE: ClassVar[str] = "setup"
    scenario: str
    seed: int
    ruleset: str
    table: Mapping[str, float]
    wind_from: float
    turn_limit: int
    sides: tuple[Mapping[str, Any], ...]
    squadrons: tuple[Mapping[str, Any], ...]
    ships: tuple[Mapping[str, Any], ...]
    options: Ids | None = optional()
    weather: str | None = optional()
    shoals: tuple[Mapping[str, Any], ...] | None = optional()
    #: The scenario's victory terms when they set objectives (the auditor recounts them from here).
    victory: Mapping[str, Any] | None = optional()
    #: Option visibility: what closes the ranges when the battle opens (fog or night), and how far guns reach.
    visibility: str | None = optional()
    visibility_range: float | None = optional()
    #: Option visibility=night: the turn the scenario's night ends at the start of.
    dawn: int | None = optional()
    log_format: int = LOG_FORMAT


@dataclass(frozen=True)
class Wind(LogEvent):
    TYPE: ClassVar[str] = "wind"
    was: float
    from_: float = logged_as("from")


@dataclass(frozen=True)
class WindRoll(LogEvent):
    """Option wind_shifts: the chip, and the change and shift dice when the chip calls for them."""

    TYPE: ClassVar[str] = "wind_roll"
    chip: int
    chips: int
    change: int | None = optional()
    weather_roll: int | None = optional()
    steps: int | None = optional()
    shift: str | None = optional()


@dataclass(frozen=True)
class Weather(LogEvent):
    TYPE: ClassVar[str] = "weather"
    was: str
    weather: str


@dataclass(frozen=True)
class Turn(LogEvent):
    TYPE: ClassVar[str] = "turn"
    number: int


@dataclass(frozen=True)
class Phase(LogEvent):
    TYPE: ClassVar[str] = "phase"
    phase: str


@dataclass(frozen=True)
class ObjectiveHeld(LogEvent):
    """A scenario's hold objective scored: its side alone had ships able to fight in the zone."""

    TYPE: ClassVar[str] = "objective"
    objective: str
    side: str
    points: float
    #: The turn it was held at the end of; 0: at the end of the battle.
    held_turn: int


@dataclass(frozen=True)
class VisibilityRoll(LogEvent):
    """Option visibility: the die for the fog at the start of a turn, or the dawn that ends a night."""

    TYPE: ClassVar[str] = "visibility_roll"
    was: str
    roll: int | None = optional()
    clears: bool = False


@dataclass(frozen=True)
class GameOver(LogEvent):
    TYPE: ClassVar[str] = "game_over"
    winner: str | None
    points: Mapping[str, float]
    reason: str
    #: The scenario's objectives done by ships at the end (zones held are ``objective`` events): each
    #: ``{side, ship, points, why}``, so the log says what they scored.
    objectives: tuple[Mapping[str, Any], ...] | None = optional()


# -- initiative and activation -----------------------------------------------------------------


@dataclass(frozen=True)
class Initiative(LogEvent):
    TYPE: ClassVar[str] = "initiative"
    squadron: str
    side: str
    nation: str
    roll: Faces
    modifier: int
    modifiers: Mapping[str, int]
    total: int


@dataclass(frozen=True)
class InitiativeOrder(LogEvent):
    TYPE: ClassVar[str] = "initiative_order"
    order: Ids


@dataclass(frozen=True)
class InitiativeTiebreak(LogEvent):
    TYPE: ClassVar[str] = "initiative_tiebreak"
    squadrons: Ids
    faces: Faces


@dataclass(frozen=True)
class Activation(LogEvent):
    TYPE: ClassVar[str] = "activation"
    ship: str
    squadron: str


@dataclass(frozen=True)
class ActivationEnd(LogEvent):
    TYPE: ClassVar[str] = "activation_end"
    ship: str


@dataclass(frozen=True)
class Test(LogEvent):
    """A success test: the dice, the rerolls her quality allowed, and the faces that counted."""

    TYPE: ClassVar[str] = "test"
    purpose: str
    ship: str
    quality: str
    dice: int
    needed: int
    rerolls: int
    first_faces: Faces
    rerolled: Faces
    faces: Faces
    successes: int
    passed: bool


# -- sailing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sail(LogEvent):
    TYPE: ClassVar[str] = "sail"
    ship: str
    sail: str | None


@dataclass(frozen=True)
class Move(LogEvent):
    """One segment sailed; ``turned`` is the log's ``turn``, the degrees turned (+ clockwise)."""

    TYPE: ClassVar[str] = "move"
    ship: str
    segment: int
    sail: str | None
    disposition: str
    distance: float
    to: Pose
    min_: float = logged_as("min")
    max_: float = logged_as("max")
    turned: float = logged_as("turn")
    boxhaul: bool | None = optional()
    astern: bool | None = optional()
    stopped: str | None = optional()


@dataclass(frozen=True)
class TakenAback(LogEvent):
    TYPE: ClassVar[str] = "taken_aback"
    ship: str
    segment: int
    sail: str
    faces: Faces
    rigging_lost: int


@dataclass(frozen=True)
class Drift(LogEvent):
    TYPE: ClassVar[str] = "drift"
    ship: str
    distance: float
    to: Pose


@dataclass(frozen=True)
class Collision(LogEvent):
    TYPE: ClassVar[str] = "collision"
    ship: str
    other: str
    faces: Faces
    hull_lost: int
    other_faces: Faces
    other_hull_lost: int
    to: Pose
    other_to: Pose
    aligned: bool
    other_aligned: bool


# -- ships leaving the fight -------------------------------------------------------------------


@dataclass(frozen=True)
class Aground(LogEvent):
    TYPE: ClassVar[str] = "aground"
    ship: str
    on: str
    at: Pose


@dataclass(frozen=True)
class LeftTable(LogEvent):
    TYPE: ClassVar[str] = "left_table"
    ship: str
    edge: str
    at: Pose


@dataclass(frozen=True)
class Struck(LogEvent):
    TYPE: ClassVar[str] = "struck"
    ship: str
    by: str | None = optional()
    reason: str | None = optional()


@dataclass(frozen=True)
class Sunk(LogEvent):
    TYPE: ClassVar[str] = "sunk"
    ship: str
    by: str | None = optional()
    dragged_by: str | None = optional()


@dataclass(frozen=True)
class Destroyed(LogEvent):
    """A shore battery with no fort points left."""

    TYPE: ClassVar[str] = "destroyed"
    ship: str
    by: str | None = optional()


@dataclass(frozen=True)
class Exploded(LogEvent):
    TYPE: ClassVar[str] = "exploded"
    ship: str
    cause: str | None = optional()


@dataclass(frozen=True)
class Captured(LogEvent):
    TYPE: ClassVar[str] = "captured"
    ship: str
    by: str
    side: str
    crew: int


Removal = Aground | LeftTable | Sunk | Destroyed | Exploded
"""The events that take a ship off the table; the kind is her new status."""


# -- damage ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Damage(LogEvent):
    TYPE: ClassVar[str] = "damage"
    ship: str
    track: str
    lost: int
    left: int
    crippled: bool


@dataclass(frozen=True)
class Demasted(LogEvent):
    TYPE: ClassVar[str] = "demasted"
    ship: str


@dataclass(frozen=True)
class CriticalCheck(LogEvent):
    TYPE: ClassVar[str] = "critical_check"
    ship: str
    roll: int
    critical: bool


@dataclass(frozen=True)
class Critical(LogEvent):
    TYPE: ClassVar[str] = "critical"
    ship: str
    roll: int
    faces: Faces
    effect: str


@dataclass(frozen=True)
class FireSpreads(LogEvent):
    TYPE: ClassVar[str] = "fire_spreads"
    ship: str
    faces: Faces
    fires: int


@dataclass(frozen=True)
class LeakWorsens(LogEvent):
    TYPE: ClassVar[str] = "leak_worsens"
    ship: str
    faces: Faces
    leaks: int


# -- special actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FiresFought(LogEvent):
    TYPE: ClassVar[str] = "fires_fought"
    ship: str
    roll: int
    removed: int
    fires: int


@dataclass(frozen=True)
class Repaired(LogEvent):
    """The rudder (no roll) or leaks (a D3 read off ``roll``) repaired."""

    TYPE: ClassVar[str] = "repaired"
    ship: str
    what: str
    leaks: int
    roll: int | None = optional()
    removed: int | None = optional()
    rudder: bool | None = optional()


@dataclass(frozen=True)
class SpecialFailed(LogEvent):
    """A failed special action; a failed box-haul also turns her (``turned``, the log's ``turn``)."""

    TYPE: ClassVar[str] = "special_failed"
    ship: str
    action: str
    faces: Faces
    turned: float | None = optional(key="turn")
    to: Pose | None = optional()


# -- gunnery -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Broadside(LogEvent):
    """A broadside (or snap shot, or chasers: ``kind``); ``shot`` and ``hits_on`` only for other than round shot."""

    TYPE: ClassVar[str] = "broadside"
    ship: str
    target: str
    side: str
    aim: str
    band: str
    rake: bool
    crippled_hull: bool
    d10: int
    d6: int
    modifier: int
    modifiers: Mapping[str, int]
    needed_d6: int
    needed_d10: int
    faces_d6: Faces
    faces_d10: Faces
    hits: int
    kind: str
    range_: float = logged_as("range")
    shot: str | None = optional()
    hits_on: str | None = optional()


@dataclass(frozen=True)
class Musketry(LogEvent):
    TYPE: ClassVar[str] = "musketry"
    ship: str
    target: str
    dice: int
    faces: Faces
    rerolled: Faces
    hits: int


@dataclass(frozen=True)
class SnapChance(LogEvent):
    """In a trial (the window's preview), the grappled ship could snap fire at her boarder."""

    TYPE: ClassVar[str] = "snap_chance"
    ship: str
    target: str


@dataclass(frozen=True)
class HoldFire(LogEvent):
    TYPE: ClassVar[str] = "hold_fire"
    ship: str
    snap: bool | None = optional()


# -- boarding ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeclareBoarding(LogEvent):
    TYPE: ClassVar[str] = "declare_boarding"
    ship: str
    target: str
    segment: int


@dataclass(frozen=True)
class BoardingFailed(LogEvent):
    TYPE: ClassVar[str] = "boarding_failed"
    ship: str
    target: str
    reason: str


@dataclass(frozen=True)
class Grapple(LogEvent):
    """Laid alongside (``turned``, the log's ``turn``) or grappled where fouled (``fouled``)."""

    TYPE: ClassVar[str] = "grapple"
    ship: str
    target: str
    to: Pose
    turned: float = logged_as("turn")
    fouled: bool | None = optional()


@dataclass(frozen=True)
class Boarding(LogEvent):
    TYPE: ClassVar[str] = "boarding"
    attacker: str
    defender: str
    attacker_dice: Mapping[str, Faces]
    defender_dice: Mapping[str, Faces]
    attacker_hits: int
    defender_hits: int
    attacker_saves: Faces
    defender_saves: Faces
    round_: int = logged_as("round")


@dataclass(frozen=True)
class BoardingBrokenOff(LogEvent):
    TYPE: ClassVar[str] = "boarding_broken_off"
    attacker: str
    defender: str
    rounds: int


# -- options -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShotStock(LogEvent):
    TYPE: ClassVar[str] = "shot_stock"
    side: str
    roll: int
    stock: int


@dataclass(frozen=True)
class Load(LogEvent):
    TYPE: ClassVar[str] = "load"
    ship: str
    side: str
    shot: str
    ready: bool


@dataclass(frozen=True)
class Loaded(LogEvent):
    TYPE: ClassVar[str] = "loaded"
    ship: str
    side: str
    shot: str


@dataclass(frozen=True)
class ShotSpent(LogEvent):
    TYPE: ClassVar[str] = "shot_spent"
    side: str
    ships: Ids


@dataclass(frozen=True)
class HotShot(LogEvent):
    TYPE: ClassVar[str] = "hot_shot"
    ship: str
    side: str
    roll: int
    backfire: bool


@dataclass(frozen=True)
class HotShotHit(LogEvent):
    TYPE: ClassVar[str] = "hot_shot_hit"
    ship: str
    target: str
    roll: int
    fire: bool
    explodes: bool


@dataclass(frozen=True)
class Chasers(LogEvent):
    TYPE: ClassVar[str] = "chasers"
    ship: str
    rigged: bool


@dataclass(frozen=True)
class FortuneCard(LogEvent):
    TYPE: ClassVar[str] = "fortune_card"
    roll: int
    kind: str
    face: int
    card: str
    squadron: str
    pick: int
    of: int


@dataclass(frozen=True)
class Fortune(LogEvent):
    """The card falls on her: fires and leaks as they now stand, and the dice of her losses."""

    TYPE: ClassVar[str] = "fortune"
    ship: str
    card: str
    fires: int | None = optional()
    leaks: int | None = optional()
    crew_faces: Faces | None = optional()
    rigging_faces: Faces | None = optional()


@dataclass(frozen=True)
class Fouling(LogEvent):
    TYPE: ClassVar[str] = "fouling"
    ship: str
    other: str
    roll: int
    fouled: bool


@dataclass(frozen=True)
class Unfouled(LogEvent):
    TYPE: ClassVar[str] = "unfouled"
    ship: str
    others: Ids


@dataclass(frozen=True)
class Anchor(LogEvent):
    """Moored, let go, cut, or a step of weighing (``step`` of ``of``, ``weighed`` at the last)."""

    TYPE: ClassVar[str] = "anchor"
    ship: str
    act: str
    end: str
    step: int | None = optional()
    of: int | None = optional()
    weighed: bool | None = optional()


@dataclass(frozen=True)
class Swing(LogEvent):
    TYPE: ClassVar[str] = "swing"
    ship: str
    about: str
    degrees: float
    to: Pose


@dataclass(frozen=True)
class Fireship(LogEvent):
    TYPE: ClassVar[str] = "fireship"
    ship: str


@dataclass(frozen=True)
class FireshipRoll(LogEvent):
    TYPE: ClassVar[str] = "fireship_roll"
    ship: str
    roll: int
    explodes: bool


@dataclass(frozen=True)
class FireshipBlast(LogEvent):
    TYPE: ClassVar[str] = "fireship_blast"
    ship: str
    target: str
    aim: str
    d10: int
    d6: int
    needed: int
    faces_d10: Faces
    faces_d6: Faces
    hits: int


@dataclass(frozen=True)
class FireshipFlames(LogEvent):
    TYPE: ClassVar[str] = "fireship_flames"
    ship: str
    target: str
    roll: int
    fire: bool
    blast: bool


KINDS = kinds_of(
    [
        Setup,
        Wind,
        WindRoll,
        Weather,
        VisibilityRoll,
        Turn,
        Phase,
        ObjectiveHeld,
        GameOver,
        Initiative,
        InitiativeOrder,
        InitiativeTiebreak,
        Activation,
        ActivationEnd,
        Test,
        Sail,
        Move,
        TakenAback,
        Drift,
        Collision,
        Aground,
        LeftTable,
        Struck,
        Sunk,
        Destroyed,
        Exploded,
        Captured,
        Damage,
        Demasted,
        CriticalCheck,
        Critical,
        FireSpreads,
        LeakWorsens,
        FiresFought,
        Repaired,
        SpecialFailed,
        Broadside,
        Musketry,
        SnapChance,
        HoldFire,
        DeclareBoarding,
        BoardingFailed,
        Grapple,
        Boarding,
        BoardingBrokenOff,
        ShotStock,
        Load,
        Loaded,
        ShotSpent,
        HotShot,
        HotShotHit,
        Chasers,
        FortuneCard,
        Fortune,
        Fouling,
        Unfouled,
        Anchor,
        Swing,
        Fireship,
        FireshipRoll,
        FireshipBlast,
        FireshipFlames,
    ]  # fmt: skip
)
"""Every kind of event Beat to Quarters v2.1 logs, by its ``type``."""


def move_of(
    ship: Ship,
    segment: int,
    disposition: str,
    limits: tuple[float, float],
    travelled: float,
    turned: float,
    *,
    boxhaul: bool | None = None,
    astern: bool | None = None,
    stopped: str | None = None,
) -> Move:
    """The ``move`` event of a segment sailed, from where the ship now stands; ``stopped`` names what cut it short."""
    return Move(
        ship=ship.id,
        segment=segment,
        sail=ship.sail,
        disposition=disposition,
        min_=r3(limits[0]),
        max_=r3(limits[1]),
        distance=r3(travelled),
        turned=r3(turned),
        to=pose_of(ship),
        boxhaul=boxhaul,
        astern=astern,
        stopped=stopped,
    )
