"""The campaign sheet: everything a two-year war remembers between its months.

Plain dataclasses the engine changes and its clients only read.  Nothing here
knows the rules of a month (month.py) or how a battle is fought
(engagement.py, resolve.py); the state is what a save writes and a load reads
back, so it holds values only: no tables, no live battle.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

SIDES = ("A", "B")
STAGES = ("setup", "orders", "battle", "after", "over")
PLAYERS = ("human", "computer")

# Where a ship stands in the war (Gifford's card annotations in brackets).
ACTIVE = "active"
REPAIR = "repair"  # UR: in a repair berth
PRIZE = "prize"  # captured, on the right of the sheet until she is re-crewed
RC = "rc"  # retaken by her own side, awaiting her old crew
BUILDING = "building"
LOST = "lost"
STATUSES = (ACTIVE, REPAIR, PRIZE, RC, BUILDING, LOST)
FATES = ("sunk", "captured", "scuttled", "abandoned", "destroyed in port")
TRACKS = ("hull", "rigging", "crew")
#: How the scenario file of a month's engagement is named (then its month and seed): a save of a battle
#: whose scenario is so named was a campaign's.
PLAN_STEM = "campaign-month-"


def other(side: str) -> str:
    return "B" if side == "A" else "A"


class CampaignError(ValueError):
    """A command that is not allowed now; the message is a sentence for the player."""


@dataclass
class CampaignDice:
    """The campaign's own dice: a roll is a hash of (seed, how many came before), so saving two
    numbers saves the generator, and nothing outside the campaign can move it."""

    seed: int
    draws: int = 0

    def below(self, n: int) -> int:
        """A number from 0 to n - 1."""
        if n < 1:
            raise ValueError("a die needs at least one face")
        digest = hashlib.blake2b(f"{self.seed}:{self.draws}".encode(), digest_size=8).digest()
        self.draws += 1
        return int.from_bytes(digest, "big") % n

    def roll(self, faces: int) -> int:
        return self.below(faces) + 1

    def seed_for(self) -> int:
        """A fresh seed for a battle or a computer player's choices."""
        return self.below(2**31 - 1)


@dataclass
class CampaignShip:
    id: str
    ship: str  # her class: a ships.yaml id
    name: str
    owner: str
    original_owner: str
    squadron: str
    quality: str
    crew_class: str
    built_quality: str
    value: int
    hull: int
    rigging: int
    crew: int
    hull_max: int
    rigging_max: int
    crew_max: int
    status: str = ACTIVE
    fate: str = ""
    ready_month: int = 0
    #: The squadron she served in under her original owner (a recapture goes back to it).
    home_squadron: str = ""
    #: Her owner asked for her back from the repair berth, mended or not (launched at step h).
    release_asked: bool = False

    def track(self, name: str) -> int:
        return int(getattr(self, name))

    def most(self, name: str) -> int:
        return int(getattr(self, name + "_max"))

    @property
    def whole(self) -> bool:
        return all(self.track(t) >= self.most(t) for t in TRACKS)

    @property
    def damaged_rates(self) -> bool:
        """Hull or crew below her built figures: there is a rate of repair to pay for."""
        return self.hull < self.hull_max or self.crew < self.crew_max


@dataclass
class Battery:
    id: str
    name: str
    kind: str  # heavy | medium | light
    value: int
    destroyed: bool = False


@dataclass
class Yards:
    building: list[str | None] = field(default_factory=lambda: [None, None])
    repair: list[str | None] = field(default_factory=lambda: [None, None])


@dataclass
class BuildOrder:
    ship: str
    quality: str
    name: str
    squadron: str


@dataclass
class RecrewOrder:
    ship: str  # campaign ship id
    crew_class: str  # poor | green | average (ignored for a recapture)


@dataclass
class Orders:
    build: list[BuildOrder] = field(default_factory=list)
    repair: list[str] = field(default_factory=list)
    release: list[str] = field(default_factory=list)
    recrew: list[RecrewOrder] = field(default_factory=list)
    squadron: str | None = None
    engage: bool = True


@dataclass
class VPEntry:
    month: int
    points: int
    reason: str
    ship: str


@dataclass
class LogEntry:
    month: int
    step: str
    side: str | None
    text: str


@dataclass
class Side:
    id: str
    name: str
    nation: str
    player: str = "human"
    treasury: int = 0
    ships: list[CampaignShip] = field(default_factory=list)
    squadrons: list[str] = field(default_factory=list)
    batteries: list[Battery] = field(default_factory=list)
    yards: Yards = field(default_factory=Yards)
    orders: Orders = field(default_factory=Orders)
    vp: list[VPEntry] = field(default_factory=list)
    #: Points this month's step i pays (10, or 0 / 20 after a refusal).
    income: int = 0

    def ship(self, ship_id: str) -> CampaignShip:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise CampaignError(f"{self.name} has no ship {ship_id!r}")

    def having(self, *statuses: str) -> list[CampaignShip]:
        return [s for s in self.ships if s.status in statuses]

    @property
    def victory_points(self) -> int:
        return sum(e.points for e in self.vp)


@dataclass
class BattlePlan:
    """A month's engagement ready to fight: the scenario and which campaign ship each placed ship is."""

    month: int
    seed: int
    roll: int
    title: str
    summary: str
    squadrons: dict[str, str]  # campaign side -> squadron
    sides: dict[str, str]  # scenario side id -> campaign side
    ships: list[str]  # campaign ship ids placed (scenario ids are the same)
    yaml_text: str

    @property
    def stem(self) -> str:
        """The scenario's file name without .yaml, which is also its id in a save of the battle."""
        return f"{PLAN_STEM}{self.month:02d}-{self.seed}"

    def write(self, folder: str | Path) -> Path:
        """The scenario file, for the window to start (atomic; the folder is made)."""
        from game.files import write_atomic

        path = Path(folder) / f"{self.stem}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, self.yaml_text)
        return path


@dataclass
class Campaign:
    seed: int
    dice: CampaignDice
    sides: dict[str, Side]
    name: str = "campaign"
    version: int = 1
    month: int = 0
    stage: str = "setup"
    battle: BattlePlan | None = None
    log: list[LogEntry] = field(default_factory=list)
    winner: str | None = None
    result: str = ""
    next_id: int = 1

    def side(self, side: str) -> Side:
        try:
            return self.sides[side]
        except KeyError:
            raise CampaignError(f"no side {side!r} (sides: A, B)") from None

    def ship(self, ship_id: str) -> CampaignShip:
        for s in self.sides.values():
            for ship in s.ships:
                if ship.id == ship_id:
                    return ship
        raise CampaignError(f"no ship {ship_id!r} in this campaign")

    def note(self, step: str, side: str | None, text: str) -> None:
        self.log.append(LogEntry(self.month, step, side, text))

    def new_id(self, side: str) -> str:
        n = self.next_id
        self.next_id += 1
        return f"{side.lower()}{n}"
