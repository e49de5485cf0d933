"""``data/rules/cagway.yaml`` -> :class:`CagwayTables`: every number of Cagway Bay, read and checked.

The file measures lengths in rods, as the book does; the table is in inches.
The tables keep both: the rods as read (for the reference and the cards) and
the inches the engine works in, multiplied by ``rod`` once, here.  A bad file
is a :class:`~game.content.yaml_nodes.ContentError` listing every problem as
``path:line: field: reason``, as the Beat to Quarters readers do.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from game.content.fields import Model, Name, Slug, count, fixed, keyed, one_of, within
from game.content.paths import data_dir
from game.content.validate import Checked, check
from game.content.yaml_nodes import Ctx, Node, parse_file

#: The sticks the book names, slowest first (the file gives their lengths).
STICKS = ("brown", "red", "yellow", "green", "blue")
#: A wheel sector that gives no move at all.
NONE = "none"
#: The sectors of a movement wheel: degrees between her heading and the way the wind blows.
SECTORS = (0, 45, 90, 135, 180)
#: The directions a gun may point, and the damage chart's columns.
DIRECTIONS = ("fore", "aft", "port", "starboard")
COLUMNS = ("side", "fore_aft")
#: What an action may cost in the ``costs`` table.
COSTED = ("fire", "board", "capture", "scuttle", "share")
#: How a fleet battle scores an enemy ship by how she ended.
FATES = ("sunk", "captured", "dead")

MAX_RODS = 100.0
MAX_HP = 1000
MAX_POINTS = 10_000
MAX_ROWS = 100

Rods = Annotated[float, within(0, MAX_RODS, lo_open=True)]
Count = Annotated[int, within(0, MAX_ROWS)]
Hp = Annotated[int, within(0, MAX_HP)]
Byte = Annotated[int, within(0, 255)]
Stick = Annotated[str, one_of(STICKS, "stick")]
WheelStick = Annotated[str, one_of((*STICKS, NONE), "stick (or none)")]
Share = Annotated[float, within(0, 1)]


# --- what the engine reads --------------------------------------------------------------------


@dataclass(frozen=True)
class HealthBand:
    """One row of a health chart: from ``low`` to ``high`` HP she has ``actions`` points and ``combat`` value."""

    low: int
    high: int
    actions: int
    combat: int


@dataclass(frozen=True)
class Gun:
    """A gun of a card: the way it points and the damage column it reads."""

    direction: str
    column: str


@dataclass(frozen=True)
class ShipCard:
    """A ship card: her points, HP, health chart, guns and movement wheel; sizes in rods and inches."""

    id: str
    name: str
    points: int
    hp: int
    length_rods: float
    width_rods: float
    length: float  # inches
    width: float  # inches
    health: tuple[HealthBand, ...]
    guns: tuple[Gun, ...]
    #: The stick (or "none") for each of SECTORS, in that order.
    wheel: tuple[str, ...]
    #: Quarterdeck's own card (not in the book).
    own: bool = False

    def band(self, hp: int) -> HealthBand:
        """The health chart's row for ``hp`` (the nearest row when ``hp`` is off the chart)."""
        for row in self.health:
            if row.low <= hp <= row.high:
                return row
        return max(self.health, key=lambda r: r.high) if hp > 0 else min(self.health, key=lambda r: r.low)

    def actions(self, hp: int) -> int:
        return self.band(hp).actions

    def combat_value(self, hp: int) -> int:
        return self.band(hp).combat

    def gun(self, direction: str) -> Gun | None:
        return next((g for g in self.guns if g.direction == direction), None)

    def stick(self, sector: int) -> str:
        """The wheel's stick for a sector (one of SECTORS)."""
        return self.wheel[SECTORS.index(sector)]


@dataclass(frozen=True)
class CagwayTables:
    """The tables of Cagway Bay in force (the book's, or a club's house rules)."""

    id: str
    name: str
    rod: float  # inches
    #: Rods per segment of each stick, slowest first.
    sticks: dict[str, float]
    #: Inches per segment of each stick (rods times ``rod``).
    segments: dict[str, float]
    stick_colours: dict[str, tuple[int, int, int]]
    shooting_stick: str
    #: Range in segments -> (side, fore-aft) damage, for ranges 1 to ``beyond`` - 1.
    damage: dict[int, tuple[int, int]]
    beyond: int
    costs: dict[str, int]
    repair_hp: int
    drift_stick: str
    drift_segments: int
    fire_at_will_die: int
    victory: dict[str, float]
    cards: dict[str, ShipCard]
    system: str = "cagway"
    source: str = ""
    house: tuple[tuple[str, Any], ...] = ()
    house_name: str = ""
    options: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def shooting_segment(self) -> float:
        """Inches of one segment of the shooting stick."""
        return self.segments[self.shooting_stick]

    @property
    def drift_distance(self) -> float:
        """Inches a drift carries a ship downwind."""
        return self.segments[self.drift_stick] * self.drift_segments

    def damage_at(self, effective: int, column: str) -> int:
        """Damage of a shot at effective range ``effective`` (1 or more) in ``column``; 0 at ``beyond`` and further."""
        row = self.damage.get(int(effective))
        if row is None:
            return 0
        return row[0] if column == "side" else row[1]

    def rods(self, inches: float) -> float:
        return inches / self.rod


# --- the file --------------------------------------------------------------------------------


class Damage(Model):
    rows: dict[str, Annotated[tuple[Hp, Hp], fixed("[side, fore_aft]", 2)]]
    beyond: Annotated[int, within(2, MAX_ROWS)]


class Costs(Model):
    fire: Count
    board: Count
    capture: Count
    scuttle: Count
    share: Count


class Drift(Model):
    stick: Stick
    segments: Annotated[int, within(0, MAX_ROWS)]


class Victory(Model):
    sunk: Share
    captured: Share
    dead: Share


HealthRow = Annotated[tuple[Hp, Hp, Count, Hp], fixed("[lowest HP, highest HP, actions, combat value]", 4)]


class CardEntry(Model):
    name: Name
    own: bool = False
    points: Annotated[int, within(1, MAX_POINTS)]
    hp: Annotated[int, within(1, MAX_HP)]
    length: Rods
    width: Rods
    health: Annotated[tuple[HealthRow, ...], count(1, MAX_ROWS)]
    guns: Annotated[
        dict[str, Annotated[str, one_of(COLUMNS, "damage column")]], keyed(DIRECTIONS, "gun direction", complete=False)
    ]
    wheel: Annotated[dict[str, WheelStick], keyed(tuple(str(s) for s in SECTORS), "sector")]


class TablesFile(Model):
    """``data/rules/cagway.yaml``."""

    id: Slug
    name: Name
    system: Annotated[str, one_of(("cagway",), "rule system")]
    rod: Annotated[float, within(0, 10, lo_open=True)]
    sticks: Annotated[dict[str, Rods], keyed(STICKS, "stick")]
    stick_colours: Annotated[
        dict[str, Annotated[tuple[Byte, Byte, Byte], fixed("[red, green, blue]", 3)]], keyed(STICKS, "stick")
    ]
    shooting_stick: Stick
    damage: Damage
    costs: Costs
    repair_hp: Annotated[int, within(1, MAX_HP)]
    drift: Drift
    fire_at_will_die: Annotated[int, within(2, 100)]
    victory: Victory
    cards: Annotated[dict[str, CardEntry], count(1, MAX_ROWS)]


def _cross_checks(checked: Checked[TablesFile]) -> None:
    """What one table says about another: the damage rows, each card's chart, guns and wheel."""
    dmg: Damage | None = checked.at(("damage",))
    if dmg is not None:
        keys = list(dmg.rows)
        bad = [k for k in keys if not k.isdigit()]
        for k in bad:
            checked.add(("damage", "rows", k), f"a range is a whole number of segments, not {k!r}", at_key=True)
        if not bad:
            ranges = sorted(int(k) for k in keys)
            if ranges != list(range(1, dmg.beyond)):
                why = f"needs one row for each range from 1 to {dmg.beyond - 1} (beyond: {dmg.beyond}), got {ranges}"
                checked.add(("damage", "rows"), why, at_key=True)
    sticks = checked.at(("sticks",))
    if isinstance(sticks, dict) and list(sticks) != list(STICKS):
        checked.add(("sticks",), f"the sticks must be {', '.join(STICKS)} in that order", at_key=True)
    for cid in _card_ids(checked):
        at = ("cards", cid)
        if not _slug_ok(cid):
            checked.add(at, f"{cid!r} is not a valid card id (use lower-case letters, digits and _)", at_key=True)
        card: CardEntry | None = checked.at(at)
        if card is None:
            continue
        _check_health(checked, at, card)
        if not card.guns:
            checked.add((*at, "guns"), "a card needs at least one gun", at_key=True)
        if all(s == NONE for s in card.wheel.values()):
            checked.add((*at, "wheel"), "every sector is none: she could never sail", at_key=True)


def _card_ids(checked: Checked[TablesFile]) -> list[str]:
    raw = checked.data.get("cards") if isinstance(checked.data, dict) else None
    return list(raw) if isinstance(raw, dict) else []


def _slug_ok(word: str) -> bool:
    return bool(word) and all(c.isascii() and (c.islower() or c.isdigit() or c == "_") for c in word)


def _check_health(checked: Checked[TablesFile], at: tuple[str, ...], card: CardEntry) -> None:
    """The chart covers every HP from 0 to her full HP once, and 0 HP gives no actions."""
    covered: dict[int, int] = {}
    for i, (low, high, _actions, _combat) in enumerate(card.health):
        if low > high:
            checked.add((*at, "health", i), f"lowest HP {low} is above highest {high}")
            return
        for hp in range(low, high + 1):
            if hp in covered:
                checked.add((*at, "health", i), f"HP {hp} is in row {covered[hp]} too")
                return
            covered[hp] = i
    missing = [hp for hp in range(0, card.hp + 1) if hp not in covered]
    if missing:
        why = f"no row for HP {missing[0]} (the chart must run from 0 to {card.hp})"
        checked.add((*at, "health"), why, at_key=True)
    extra = [hp for hp in covered if hp > card.hp]
    if extra:
        checked.add((*at, "health"), f"rows reach {max(extra)} HP, above her {card.hp}", at_key=True)
    if 0 in covered and card.health[covered[0]][2] != 0:
        checked.add((*at, "health", covered[0]), "a ship with 0 HP is dead in the water: 0 actions")


def read_tables(ctx: Ctx, root: Node) -> CagwayTables | None:
    """Build the tables from a parsed file, adding problems to ``ctx``; None if there were any."""
    before = ctx.count()
    checked = check(ctx, TablesFile, root)
    _cross_checks(checked)
    if checked.model is None or ctx.count() > before:
        return None
    return _build(checked.model, ctx.label)


def _build(f: TablesFile, source: str) -> CagwayTables:
    rod = float(f.rod)
    cards = {
        cid: ShipCard(
            id=cid,
            name=c.name,
            points=c.points,
            hp=c.hp,
            length_rods=float(c.length),
            width_rods=float(c.width),
            length=_inches(c.length, rod),
            width=_inches(c.width, rod),
            health=tuple(HealthBand(*row) for row in sorted(c.health, key=lambda r: -r[0])),
            guns=tuple(Gun(d, c.guns[d]) for d in DIRECTIONS if d in c.guns),
            wheel=tuple(c.wheel[str(s)] for s in SECTORS),
            own=c.own,
        )
        for cid, c in f.cards.items()
    }
    return CagwayTables(
        id=f.id,
        name=f.name,
        rod=rod,
        sticks={k: float(f.sticks[k]) for k in STICKS},
        segments={k: _inches(f.sticks[k], rod) for k in STICKS},
        stick_colours={k: (f.stick_colours[k][0], f.stick_colours[k][1], f.stick_colours[k][2]) for k in STICKS},
        shooting_stick=f.shooting_stick,
        damage={int(k): (v[0], v[1]) for k, v in sorted(f.damage.rows.items(), key=lambda kv: int(kv[0]))},
        beyond=f.damage.beyond,
        costs=dict(f.costs.model_dump()),
        repair_hp=f.repair_hp,
        drift_stick=f.drift.stick,
        drift_segments=f.drift.segments,
        fire_at_will_die=f.fire_at_will_die,
        victory={k: float(v) for k, v in f.victory.model_dump().items()},
        cards=cards,
        source=source,
    )


def _inches(rods: float, rod: float) -> float:
    """Rods on the table, rounded off below a billionth of an inch (1.2, not 1.2000000000000002)."""
    return round(float(rods) * rod, 9)


def tables_path() -> Path:
    """The shipped tables: ``data/rules/cagway.yaml``."""
    return data_dir() / "rules" / "cagway.yaml"


def load_tables(path: str | os.PathLike[str] | None = None) -> CagwayTables:
    """Load and check a Cagway tables file (the shipped one if no path); ContentError lists every problem."""
    ctx = Ctx(tables_path() if path is None else path)
    root = parse_file(ctx)
    tables = read_tables(ctx, root) if root is not None else None
    ctx.raise_if_any()
    assert tables is not None
    return tables
