"""Everything that changes during a battle, and nothing that does not.

The scenario, the ship classes and the rule tables are shared read-only
references; the state holds only what a command can change, so copying it for
a preview or a look-ahead is cheap and its hash is the game.

Ship fields are immutable values (numbers, strings, tuples) so a shallow copy
of each ship is a full copy.
"""

from __future__ import annotations

from dataclasses import Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any

from game.systems.btq21.dice import Dice
from game.systems.canon import canon, digest_text, dumps, join_object, shallow

if TYPE_CHECKING:
    from game.content.model import RuleSet, Scenario
    from game.table.space import TableSpace

# Where a ship stands in the battle.
AFLOAT = "afloat"
STRUCK = "struck"
CAPTURED = "captured"
SUNK = "sunk"
EXPLODED = "exploded"
AGROUND = "aground"
LEFT_TABLE = "left_table"
DESTROYED = "destroyed"  # a shore battery with no fort points left

#: States in which a ship's base is still on the table (and can be hit, boarded, bumped).
ON_TABLE = (AFLOAT, STRUCK, CAPTURED, DESTROYED)

TRACKS = ("hull", "rigging", "crew")





@dataclass
class Ship:
    id: str
    name: str
    side: str
    squadron: str
    nation: str
    rate: str
    size: str
    guns: int
    large_share: float
    musketry: int
    quality: str
    specials: tuple[str, ...]
    length: float
    width: float
    x: float
    y: float
    heading: float
    sail: str | None
    hull_start: int
    rigging_start: int
    crew_start: int
    hull: int
    rigging: int
    crew: int
    hull_cripple: int  # points lost at which the track is crippled
    rigging_cripple: int
    crew_cripple: int
    fires: int = 0
    leaks: int = 0
    rudder: bool = False
    status: str = AFLOAT
    activated: bool = False
    wake_flips: int = 0  # parity gives the wake template's colour
    boarding_with: str | None = None
    boarding_attacker: bool = False  # she grappled (rather than was grappled)
    fired: tuple[str, ...] = ()  # broadsides (and musketry) fired this turn
    fas: bool = False  # Fire As She Bears in force
    morale_due: bool = False
    original_side: str = ""
    shore_battery: bool = False
    exit_edge: str = ""  # the table edge she sailed off by
    taken_on_turn: int = 0  # turn she was captured: lashed to her captor until the next
    #: What her port and starboard broadsides are loaded with (option ``shot``); () is round shot in both.
    loads: tuple[str, ...] = field(default=(), metadata={"hash_if_set": True})
    #: The broadsides whose slow load (double shot) is still being rammed home (option ``shot``).
    loading: tuple[str, ...] = field(default=(), metadata={"hash_if_set": True})
    #: Bow and stern chasers rigged (option ``chasers``).
    chasers: bool = field(default=False, metadata={"hash_if_set": True})
    #: Broadsides fired once this turn and still ready, each "side@segment" (option ``national``: British).
    volleys: tuple[str, ...] = field(default=(), metadata={"hash_if_set": True})
    #: The end she lies at anchor by, "bow" or "stern" ("" under way) (option ``anchors``).
    anchor: str = field(default="", metadata={"hash_if_set": True})
    #: Turns spent weighing her anchor so far (option ``anchors``).
    weighing: int = field(default=0, metadata={"hash_if_set": True})
    #: She cut her cable: no anchor left to let go (option ``anchors``).
    cable_cut: bool = field(default=False, metadata={"hash_if_set": True})
    #: The ships her rigging is tangled with (option ``fouling``).
    fouled: tuple[str, ...] = field(default=(), metadata={"hash_if_set": True})
    #: Set ablaze as a fireship: 1 in the activation she was lit, one more for each later one (option ``fireships``).
    fireship: int = field(default=0, metadata={"hash_if_set": True})

    @property
    def pose(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.heading)

    def left(self, track: str) -> int:
        return int(getattr(self, track))

    def start(self, track: str) -> int:
        return int(getattr(self, track + "_start"))

    def lost(self, track: str) -> int:
        return self.start(track) - self.left(track)

    def crippled(self, track: str) -> bool:
        return self.lost(track) >= int(getattr(self, track + "_cripple"))

    @property
    def any_crippled(self) -> bool:
        return any(self.crippled(t) for t in TRACKS)

    @property
    def adrift(self) -> bool:
        """Demasted: no rigging left, so no sail and no steering."""
        return self.rigging <= 0 and not self.shore_battery

    @property
    def on_table(self) -> bool:
        return self.status in ON_TABLE

    @property
    def can_act(self) -> bool:
        """Takes an activation of its own (struck and captured ships only drift)."""
        return self.status == AFLOAT

    def has(self, special: str) -> bool:
        return special in self.specials


@dataclass
class Squadron:
    id: str
    name: str
    side: str
    nation: str
    ships: tuple[str, ...]
    initiative: int = 0  # this turn's total


@dataclass
class Activation:
    """Where the active ship is within its activation."""

    ship: str
    special: str | None = None  # the one special action taken this activation
    all_hands: bool = False
    sail_changed: bool = False
    past_start: bool = False  # she has moved, drifted or fired: the start-of-activation steps are behind her
    segment: int = 0  # segments completed
    segments_allowed: int = 3
    movement_over: bool = False
    tack: bool = False  # passed Tack: ignore being taken aback this turn
    boarding_target: str | None = None  # declared for the next segment
    drifted: bool = False
    fouled_with: tuple[str, ...] = ()  # ships her base touched when her activation began
    neglect_done: bool = False  # the price of unfought fires / unrepaired leaks paid
    #: The fortune or calamity card that fell on her this activation (option ``fortune``).
    fortune: str = field(default="", metadata={"hash_if_set": True})
    #: She let go, weighed or swung at anchor this activation: her movement for it (option ``anchors``).
    anchor_work: str = field(default="", metadata={"hash_if_set": True})
    #: What she tried this activation to be rid of a fouled ship: "clear her rigging" or "grapple" (option ``fouling``).
    foul_work: str = field(default="", metadata={"hash_if_set": True})

    def copy(self) -> Activation:
        return shallow(self)


@dataclass
class GameState:
    scenario_id: str
    ruleset_id: str
    seed: int
    table_width: float
    table_height: float
    wind_from: float
    turn_limit: int
    sides: tuple[str, ...]
    ships: dict[str, Ship]
    squadrons: dict[str, Squadron]
    dice: Dice
    turn: int = 1
    phase: str = "activation"  # activation | over
    order: tuple[str, ...] = ()  # squadron ids in activation order this turn
    order_index: int = 0
    activation: Activation | None = None
    fas_window: tuple[str, ...] = ()  # ships still to be offered a shot as they bear
    snap: tuple[str, ...] = ()  # (defender, boarder): the boarded ship may snap fire
    seq: int = 0  # number of the next event
    winner: str | None = None
    points: dict[str, float] = field(default_factory=dict)
    result: str = ""
    #: The weather under option ``weather`` ("" when the option is off).  Hashed only
    #: when set, so battles without the option keep the hashes they always had.
    weather: str = field(default="", metadata={"hash_if_set": True})
    #: This turn's fortune or calamity card, not yet fallen (option ``fortune``): (squadron, card).
    fortune: tuple[str, ...] = field(default=(), metadata={"hash_if_set": True})
    #: Broadsides of special shot each fleet has left, in the order of ``sides`` (option ``shot``).
    shot_stock: tuple[int, ...] = field(default=(), metadata={"hash_if_set": True})
    #: "fireship>ship" pairs that have rolled this turn for a burning fireship's flames (option ``fireships``).
    scorched: tuple[str, ...] = field(default=(), metadata={"hash_if_set": True})
    #: Zones held for a scenario's hold objectives, each "objective@turn" (turn 0: at the end of the battle).
    held: tuple[str, ...] = field(default=(), metadata={"hash_if_set": True})
    #: The visibility under option ``visibility`` while it closes the ranges ("fog" or "night"; "" when clear).
    visibility: str = field(default="", metadata={"hash_if_set": True})
    #: A trial (see sandbox.py): dice of its own, and no chances to fire opened on it.
    trial: bool = field(default=False, repr=False, compare=False)
    # Shared, read-only references: not part of the game, never hashed or copied.
    rules: RuleSet = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    scenario: Scenario = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    #: The rule-system instance (tables, options, handlers) the battle is played under.
    system: Any = field(default=None, repr=False, compare=False)
    _space: TableSpace | None = field(default=None, repr=False, compare=False)

    # --- copying and hashing ------------------------------------------------

    def copy(self) -> GameState:
        """A state that can be changed without touching this one.

        The copy shares the table's pymunk space, so use it on the same thread;
        :meth:`detached` gives one for another thread.
        """
        new = shallow(self)
        new.ships = {k: shallow(v) for k, v in self.ships.items()}
        new.squadrons = {k: shallow(v) for k, v in self.squadrons.items()}
        new.dice = self.dice.copy()
        new.activation = shallow(self.activation) if self.activation else None
        new.points = dict(self.points)
        return new

    def detached(self) -> GameState:
        """A copy with a table space of its own, safe to hand to another thread."""
        new = self.copy()
        new._space = None
        return new

    def to_dict(self, ships: bool = True) -> dict[str, Any]:
        """The state's plain form, as hashed and saved (``ships=False``: all but the ships)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if not f.compare or f.name.startswith("_") or (f.name == "ships" and not ships):
                continue
            v = getattr(self, f.name)
            if _unset_option(f, v):
                continue
            if f.name == "dice":
                v = v.state
            elif f.name == "ships":
                v = {k: _plain(s) for k, s in v.items()}
            elif f.name == "squadrons":
                v = {k: _plain(s) for k, s in v.items()}
            elif f.name == "activation":
                v = _plain(v) if v else None
            out[f.name] = canon(v)
        return out

    def state_hash(self) -> str:
        """sha256 of the canonical JSON of the state.

        Floats are written with 6 decimals and keys sorted, so the hash does not
        depend on dict order, hash seeds or the last bits of a float.  The same text
        as ``digest(self.to_dict())``, but each ship's part is kept by her fields'
        values: a command changes a ship or two, and a fleet action has seventy.
        """
        plain = self.to_dict(ships=False)
        parts = {k: dumps(v) for k, v in plain.items()}
        parts["ships"] = join_object({str(k): _ship_text(v) for k, v in self.ships.items()})
        return digest_text(join_object(parts))

    # --- lookups ------------------------------------------------------------

    def ship(self, ship_id: str) -> Ship:
        return self.ships[ship_id]

    @property
    def active_squadron(self) -> Squadron | None:
        if self.phase != "activation" or self.order_index >= len(self.order):
            return None
        return self.squadrons[self.order[self.order_index]]

    @property
    def active_ship(self) -> Ship | None:
        return self.ships[self.activation.ship] if self.activation else None

    def side_name(self, side: str) -> str:
        """The name the scenario gives a side ("Royal Navy"), else its id in title case."""
        for s in getattr(self.scenario, "sides", ()):
            if s.id == side:
                return str(s.name)
        return side.title()

    def enemies_of(self, side: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.side != side]


def option_on(state: GameState, name: str) -> bool:
    """Whether the battle plays with the rule system's option ``name`` (its system holds the options)."""
    return state.system is not None and name in getattr(state.system, "enabled", {})


def _unset_option(f: Field[Any], value: Any) -> bool:
    """An option's field at its default: left out, so battles without the option keep their hashes."""
    return bool(f.metadata.get("hash_if_set")) and value == f.default


#: Each ship's canonical JSON text by her fields' values (all immutable, so they make the key) and
#: their types (80 and 80.0, or 1 and True, are equal keys but not the same text).
_SHIP_TEXTS: dict[tuple[Any, ...], str] = {}
_SHIP_TEXTS_KEPT = 1 << 12  # some 2 kB each: ample for the ships that change over many commands


def _ship_text(ship: Ship) -> str:
    d = ship.__dict__
    key = (tuple(d.items()), tuple(map(type, d.values())))
    got = _SHIP_TEXTS.get(key)
    if got is None:
        if len(_SHIP_TEXTS) >= _SHIP_TEXTS_KEPT:
            _SHIP_TEXTS.clear()
        got = _SHIP_TEXTS[key] = dumps(canon(_plain(ship)))
    return got


def _plain(obj: Any) -> dict[str, Any]:
    """The fields of a piece of the state, leaving out an option's field while it is unset."""
    return {f.name: getattr(obj, f.name) for f in fields(obj) if not _unset_option(f, getattr(obj, f.name))}
