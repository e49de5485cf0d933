"""Everything that changes during a Cagway Bay battle, and nothing that does not.

The scenario and the tables are shared read-only references; the state holds
only what a command can change, so copying it for a preview is cheap and its
hash (sha256 of its canonical JSON) is the game.  Ship fields are plain values,
so a shallow copy of each ship is a full copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from game.systems.canon import canon, digest, shallow
from game.systems.dice import Dice

if TYPE_CHECKING:
    from game.content.model import Scenario
    from game.systems.cagway.tables import CagwayTables, ShipCard
    from game.table.space import TableSpace

#: Where a ship stands: still on the table (alive, dead in the water, or a prize), or scuttled.
AFLOAT = "afloat"
SUNK = "sunk"

#: The phases of a battle, in order; ``over`` at the end.
DEPLOY, SECRET, MOVE, COMBAT, OVER = "deploy", "secret", "move", "combat", "over"




@dataclass
class Ship:
    id: str
    name: str
    side: str
    squadron: str
    nation: str
    #: Her ship card's id (tables.cards).
    card: str
    length: float  # inches
    width: float  # inches
    x: float
    y: float
    heading: float
    hp: int
    hp_max: int
    #: Action points left this round.
    actions: int = 0
    #: Action points she had when the round began (her health chart's, then).
    round_actions: int = 0
    #: Her move in this round's move phase is over.
    moved: bool = False
    #: Her combat action in this round's combat phase is over.
    fought: bool = False
    #: She has sailed a leg or repaired in this move: fire at will and drift are no longer hers to choose.
    sailed: bool = False
    status: str = AFLOAT
    original_side: str = ""
    #: She has been placed on her deployment line (setup).
    deployed: bool = False

    @property
    def pose(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.heading)

    @property
    def on_table(self) -> bool:
        return self.status != SUNK

    @property
    def dead(self) -> bool:
        """Dead in the water: no HP, no action points."""
        return self.hp <= 0

    @property
    def prize(self) -> bool:
        """Taken by the enemy: she fights for another side than the one she began with."""
        return self.side != self.original_side


@dataclass
class Activation:
    """Whose turn it is within a phase: the ship deploying, moving or taking her combat action."""

    ship: str
    phase: str

    def copy(self) -> Activation:
        return shallow(self)


@dataclass
class GameState:
    scenario_id: str
    ruleset_id: str
    seed: int
    table_width: float
    table_height: float
    #: Compass bearing the wind blows from, seen from the middle of the table (for the window's arrow).
    wind_from: float
    #: The point the wind blows from, on the table edge (inches).
    wind_source: tuple[float, float]
    turn_limit: int
    sides: tuple[str, ...]
    ships: dict[str, Ship]
    dice: Dice
    turn: int = 1
    phase: str = DEPLOY
    #: Ship ids in priority order for the phase (deployment order while deploying).
    order: tuple[str, ...] = ()
    order_index: int = 0
    activation: Activation | None = None
    #: The Runner's secret ship in a blockade run ("" until chosen); never shown to the Blocker.
    carrier: str = ""
    seq: int = 0
    winner: str | None = None
    points: dict[str, float] = field(default_factory=dict)
    result: str = ""
    #: A trial (see sandbox.py): dice of its own.
    trial: bool = field(default=False, repr=False, compare=False)
    tables: CagwayTables = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    scenario: Scenario = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    system: Any = field(default=None, repr=False, compare=False)
    _space: TableSpace | None = field(default=None, repr=False, compare=False)

    # --- copying and hashing ------------------------------------------------

    def copy(self) -> GameState:
        """A state that can be changed without touching this one (it shares the table space: same thread)."""
        new = shallow(self)
        new.ships = {k: shallow(v) for k, v in self.ships.items()}
        new.dice = self.dice.copy()
        new.activation = self.activation.copy() if self.activation else None
        new.points = dict(self.points)
        return new

    def detached(self) -> GameState:
        """A copy with a table space of its own, safe to hand to another thread."""
        new = self.copy()
        new._space = None
        return new

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            if not f.compare or f.name.startswith("_"):
                continue
            v = getattr(self, f.name)
            if f.name == "dice":
                v = v.state
            elif f.name == "ships":
                v = {k: {g.name: getattr(s, g.name) for g in fields(s)} for k, s in v.items()}
            elif f.name == "activation":
                v = {"ship": v.ship, "phase": v.phase} if v else None
            out[f.name] = canon(v)
        return out

    def state_hash(self) -> str:
        """sha256 of the canonical JSON of the state (floats to 6 decimals, keys sorted)."""
        return digest(self.to_dict())

    # --- lookups ------------------------------------------------------------

    def ship(self, ship_id: str) -> Ship:
        return self.ships[ship_id]

    def card_of(self, ship: Ship | str) -> ShipCard:
        """Her ship card."""
        s = self.ships[ship] if isinstance(ship, str) else ship
        return self.tables.cards[s.card]

    @property
    def rules(self) -> CagwayTables:
        """The tables in force, under the name the first rule system's state gives them."""
        return self.tables

    @property
    def active_ship(self) -> Ship | None:
        return self.ships.get(self.activation.ship) if self.activation else None

    def side_name(self, side: str) -> str:
        """The name the scenario gives a side, else its id in title case."""
        for s in getattr(self.scenario, "sides", ()):
            if s.id == side:
                return str(s.name)
        return side.replace("_", " ").title()

    @property
    def extra(self) -> dict[str, Any]:
        """The scenario's Cagway-only terms (Scenario.extra)."""
        return dict(getattr(self.scenario, "extra", None) or {})

    @property
    def victory_mode(self) -> str:
        """``blockade_run`` or ``fleet``."""
        return str(self.extra.get("victory", {}).get("mode", "fleet"))
