"""What the YAML files mean once they have been read and checked.

These are immutable: a scenario or a ship class is shared by every game
state copied from it, so nothing may write to them.  The rules engine reads
them; only :mod:`game.content.load` builds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.table.geometry import Point, Pose


@dataclass(frozen=True)
class ShipClass:
    """One named historical ship, as listed in ``data/ships.yaml``."""

    id: str  # stable slug, e.g. "victory_1765"
    name: str  # "HMS Victory"
    nation: str  # lower case: british, french, spanish, american, dutch, ...
    rate: str  # a key of RuleSet.rates: 1st..6th, sloop, brig
    guns: int
    large_share: float  # fraction of the broadside that is 24pdr or heavier
    hull: int
    rigging: int
    crew: int
    musketry: int  # D6 of musketry
    quality: str  # good | average | poor
    specials: tuple[str, ...] = ()
    launched: int | None = None
    armament: str = ""  # the real battery, for the ship card
    notes: str = ""
    source: str = ""  # file:line the entry came from, for error messages


@dataclass(frozen=True)
class BaseStats:
    rate: str
    guns: tuple[int, int]
    musketry: int
    hull: int
    rigging: int
    crew: int
    extrapolated: bool = False


@dataclass(frozen=True)
class CriticalRow:
    low: int
    high: int
    effect: str  # rudder | mast | fire | fires | leak | magazine
    rigging_dice: int = 0
    crew_dice: int = 0
    fires: int = 0
    leaks: int = 0


@dataclass(frozen=True)
class RuleSet:
    """The tables of one rule set (``data/rules/*.yaml``).

    Kept as plain mappings where the rule book's table is a mapping, so the
    data file and the code read alike.
    """

    id: str
    name: str
    rates: dict[str, str]  # rate -> size class
    bases: dict[str, tuple[float, float]]  # size -> (length, width)
    base_stats: tuple[BaseStats, ...]
    crippled_fraction: float
    crippled_rounding: str  # "down" | "up" | "nearest"
    crew_qualities: tuple[str, ...]
    specials: tuple[str, ...]
    initiative: dict[str, Any]  # dice, flagship_squadron, signalled, crippled_ship_in_squadron, nation{}
    success_test: dict[str, Any]
    sails: tuple[str, ...]  # lowest to highest
    segments: int
    speeds: dict[str, dict[str, float]]  # size -> sail -> inches
    turns: dict[str, float]  # size -> degrees
    disposition_rate: dict[str, float]
    leak_rate: float
    minimum_fraction: float
    disposition_mode: str  # "base" | "angles"
    disposition_angles: dict[str, float]  # aback, beating, reaching limits (deg off the bow)
    taken_aback_dice: dict[str, int]  # sail -> D6
    collision_dice: dict[str, int]  # size of the other ship -> D6
    drift_distance: float
    boarding_range: float
    special_actions: dict[str, dict[str, Any]]
    ranges: dict[str, float]  # band -> upper limit, in order
    los_corridor_width: float
    arc_off_beam: float
    to_hit: dict[str, dict[str, int]]  # aim -> band -> number needed
    to_hit_modifiers: dict[str, Any]
    broadside_dice: tuple[tuple[int, int, int, int, int, int], ...]
    musketry_hit_on: int
    critical_check_on: int
    critical_table: tuple[CriticalRow, ...]
    sink_at: int
    boarding: dict[str, Any]
    morale_successes: int
    shore_battery: dict[str, Any]
    victory: dict[str, Any]
    source: str = ""
    #: The rule system whose engine plays these tables (game/systems).
    system: str = "btq21"
    #: House rules applied to the file's tables: (dotted path, new value) pairs, and their name.
    house: tuple[tuple[str, Any], ...] = ()
    house_name: str = ""
    #: The numbers of the rule system's optional rules (used only in battles that switch them on).
    options: dict[str, dict[str, Any]] = field(default_factory=dict)

    def size_of(self, rate: str) -> str:
        return self.rates[rate]

    def base_of(self, rate: str) -> tuple[float, float]:
        return self.bases[self.rates[rate]]

    def stats_row(self, rate: str, guns: int) -> BaseStats | None:
        for row in self.base_stats:
            if row.rate == rate and row.guns[0] <= guns <= row.guns[1]:
                return row
        return None

    def broadside_guns_problem(self, guns: int) -> str | None:
        """Why a ship or battery of ``guns`` guns would roll no broadside dice, or None if a row covers her."""
        if any(lo <= guns <= hi for lo, hi, *_ in self.broadside_dice):
            return None
        spans = ", ".join(f"{lo}-{hi}" for lo, hi, *_ in sorted(self.broadside_dice))
        return f"{guns} guns is outside the broadside dice table (rows for {spans}): she would roll no broadside dice"

    def crippled_at(self, start: int) -> int:
        """Points lost at which a track of ``start`` points is crippled."""
        raw = start * self.crippled_fraction
        if self.crippled_rounding == "up":
            lost = -int(-raw // 1)
        elif self.crippled_rounding == "nearest":
            lost = int(raw + 0.5)
        else:
            lost = int(raw + 1e-9)
        return max(1, lost)


@dataclass(frozen=True)
class Terrain:
    id: str
    kind: str  # island | coast | shoal
    points: tuple[Point, ...]  # polygon, counter-clockwise or not; may be concave
    name: str = ""
    depth: str = ""  # a shoal's depth rating: the rate that must test to cross it (option shoals)


@dataclass(frozen=True)
class ScenarioShip:
    id: str  # unique within the scenario; defaults to the ship class id
    ship: ShipClass
    pose: Pose
    sail: str
    flagship: bool = False
    quality: str | None = None  # overrides the class's crew quality
    specials: tuple[str, ...] = ()  # added to the class's specials
    source: str = ""
    anchored: str = ""  # "bow" or "stern": she starts the battle at anchor (option anchors)
    #: The name she sails under ("" = her class's own name): two ships of one class can meet.
    name: str = ""
    #: Her tracks at the start where a damaged ship has fewer than her class ("hull", "rigging", "crew");
    #: her points in victory stay her class's, as Gifford's campaign counts them.
    condition: dict[str, int] = field(default_factory=dict)

    @property
    def shown_name(self) -> str:
        """The name a player reads for her."""
        return self.name or self.ship.name


@dataclass(frozen=True)
class ShoreBattery:
    """A fixed battery (the complete-rules issue fires it; here it is only placed)."""

    id: str
    name: str
    position: Point
    guns: int
    large_share: float
    fort: int  # fort points, which work like hull
    crew: int
    quality: str
    arc: tuple[float, float] | None = None  # compass (from, to) clockwise; None = all round
    source: str = ""


@dataclass(frozen=True)
class Squadron:
    id: str
    name: str
    ships: tuple[ScenarioShip, ...]
    nation: str | None = None  # the flag it sails under; None: the side's (the Combined Fleet had both)


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    nation: str
    colour: tuple[int, int, int]
    squadrons: tuple[Squadron, ...]
    batteries: tuple[ShoreBattery, ...] = ()


@dataclass(frozen=True)
class Scenario:
    id: str  # file stem, e.g. "duel"
    name: str
    description: str
    table: tuple[float, float]  # width (x, east), height (y, north) in inches
    wind_from: float
    turn_limit: int
    sides: tuple[Side, ...]
    terrain: tuple[Terrain, ...] = ()
    victory: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    #: Options of the rule system the scenario is played with (switched on in every battle of it),
    #: each ``NAME`` or ``NAME=VALUE``.
    options: tuple[str, ...] = ()
    #: The historical note: what happened, the outcome and its sources ("" when the file gives none).
    history: str = ""
    #: The rule system the scenario is played under (its file's ``rules:``; Beat to Quarters when it has none).
    system: str = "btq21"
    #: Facts only its rule system reads (Cagway Bay: the wind's source, deployment lines, the cargo).
    extra: dict[str, Any] = field(default_factory=dict)

    def ships(self) -> list[tuple[Side, Squadron, ScenarioShip]]:
        return [(side, sq, s) for side in self.sides for sq in side.squadrons for s in sq.ships]
