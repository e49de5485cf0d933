"""``data/rules/*.yaml`` -> :class:`RuleSet`.

The model below is strict (unknown keys are typos until proven otherwise): a
new rule value needs one line in it and, if it is a RuleSet field, one in
``model.py`` and one in ``_build``.  A new optional rule is one small model
and one line in :class:`Options`.
"""

from __future__ import annotations

import itertools
import os
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator

from game.content.fields import (
    Model,
    Name,
    Open,
    Slug,
    Vocab,
    count,
    distinct,
    fixed,
    keyed,
    learn,
    one_of,
    problem,
    within,
)
from game.content.model import BaseStats, CriticalRow, RuleSet
from game.content.validate import Checked, check
from game.content.yaml_nodes import Ctx, Node, parse_file, suggest
from game.systems import system_ids

T = TypeVar("T")

#: Most times a nation may fire one broadside in a turn (option national): one a segment and one before.
MAX_VOLLEYS = 4
NATIONS = ("british", "french", "spanish", "american", "dutch", "danish", "swedish", "russian", "portuguese")
CRITICAL_EFFECTS = ("rudder", "mast", "fire", "fires", "leak", "magazine")


#: Limits on the numbers of a rule set (docs/DATA-FORMAT.md): generous for any house rule, small
#: enough that no table can make the engine roll dice or measure distances without end.
MAX_DICE = 30  # dice in one test, loss or pool
MAX_FACE = 20  # a number needed on a die, or a die modifier
MAX_REROLLS = 10
MAX_INCHES = 1000.0  # any distance or speed on the table
MAX_POINTS = 10_000  # hull, rigging, crew or fort points
MAX_GUNS = 1000
MAX_ROWS = 200  # rows of any table
MAX_BASE = 20.0  # inches of a base's length or width
#: The words the engine itself uses: a rule set may change their numbers, not their names.
BANDS = ("point_blank", "close", "effective", "long")
SAILS = ("easy", "battle", "full")
#: A critical hit is rolled on 2D6: the table must give an effect for every total.
CRITICAL_ROLLS = range(2, 13)
#: The weathers of Gifford's Weather rule (option ``weather``).
WEATHERS = ("normal", "perfect", "heavy_seas", "poor_visibility", "heavy_seas_poor_visibility")
#: The loads of Gifford's Shot rule besides round shot (option ``shot``).
SHOT_LOADS = ("chain", "double", "grape", "hot")
#: What a broadside is aimed at, and the tracks hits can fall on.
AIMS = ("hull", "rigging")
TRACKS = ("hull", "rigging", "crew")

# --- the kinds of number -------------------------------------------------------

Dice = Annotated[int, within(0, MAX_DICE)]
Mod = Annotated[int, within(-MAX_FACE, MAX_FACE)]
Inches = Annotated[float, within(0, MAX_INCHES)]
Reach = Annotated[float, within(0, MAX_INCHES, lo_open=True)]
SignedInches = Annotated[float, within(-MAX_INCHES, MAX_INCHES)]
Points = Annotated[int, within(1, MAX_POINTS)]
Guns = Annotated[int, within(1, MAX_GUNS)]
Successes = Annotated[int, within(1, MAX_DICE * 2)]
#: Degrees of a turn.
Turn = Annotated[float, within(0, 360)]
#: A number needed on a D6 (7: never).
D6Need = Annotated[int, within(1, 7)]
Die = Annotated[int, within(1, 100)]
#: Faces of a die something happens on.
Faces = Annotated[tuple[Die, ...], count(0, 100)]
Share = Annotated[float, within(0, 1)]
Factor = Annotated[float, within(0, 10)]
Score = Annotated[float, within(0, 100)]

# --- the vocabularies: words of this file that its other tables are keyed by -----------

RateName = Annotated[str, one_of(Vocab("rates"), "rate")]
Quality = Annotated[str, one_of(Vocab("crew_qualities"), "crew quality")]
Special = Annotated[str, one_of(Vocab("specials"), "special rule")]
Nation = Annotated[str, one_of(NATIONS, "nation")]
Band = Annotated[str, one_of(Vocab("ranges"), "range band")]
Bands = Annotated[tuple[Band, ...], count(1), distinct]
BySize = Annotated[dict[str, T], keyed(Vocab("sizes"), "size")]
BySail = Annotated[dict[str, T], keyed(Vocab("sails"), "sail setting")]
ByQuality = Annotated[dict[str, T], keyed(Vocab("crew_qualities"), "crew quality")]
ByBand = Annotated[dict[str, T], keyed(Vocab("ranges"), "range band")]
ByNation = Annotated[dict[str, T], keyed(NATIONS, "nation", complete=False)]
Words = Annotated[tuple[Slug, ...], count(1, MAX_ROWS), distinct]


def _sails_named(sails: tuple[str, ...]) -> tuple[str, ...]:
    if sails != SAILS:
        raise problem(f"must be {', '.join(SAILS)} in that order (the engine knows them by name)")
    return sails


def _bands_named(ranges: dict[str, float]) -> dict[str, float]:
    if tuple(ranges) != BANDS:
        why = f"the bands must be {', '.join(BANDS)} in that order (their limits are yours to set)"
        raise problem(why, at_key=True)
    if any(b <= a for a, b in itertools.pairwise(ranges.values())):
        raise problem("limits must increase from band to band", at_key=True)
    return ranges


BaseSide = Annotated[float, within(0, MAX_BASE, lo_open=True)]

# --- the tables ------------------------------------------------------------------


class BaseStatsRow(Model):
    rate: RateName
    guns: Annotated[tuple[Guns, Guns], fixed("[lowest, highest] guns", 2)]
    musketry: Dice
    hull: Points
    rigging: Points
    crew: Points
    extrapolated: bool = False


class Crippled(Model):
    fraction: Annotated[float, within(0, 1, lo_open=True)]
    rounding: Annotated[str, one_of(("down", "up", "nearest"), "rounding")]


class Initiative(Open):
    dice: Annotated[int, within(1, MAX_DICE)]
    flagship_squadron: Mod
    signalled: Mod
    signals_range: Inches | None = None
    crippled_ship_in_squadron: Mod
    nation: Annotated[dict[str, Mod], keyed((*NATIONS, "default"), "nation", complete=False)]


class SuccessTest(Open):
    dice: Annotated[int, within(1, MAX_DICE)]
    success_on: D6Need
    double_on: D6Need
    all_hands_extra_dice: Dice
    rerolls: ByQuality[Annotated[int, within(0, MAX_REROLLS)]]
    flagship_rerolls: Annotated[int, within(0, MAX_REROLLS)]
    flagship_morale_radius: Inches


class DispositionRate(Model):
    running: SignedInches
    reaching: SignedInches
    beating: SignedInches


class Angles(Model):
    aback: Annotated[float, within(0, 180)]
    beating: Annotated[float, within(0, 180)]
    reaching: Annotated[float, within(0, 180)]


class Disposition(Model):
    mode: Annotated[str, one_of(("base", "angles"), "disposition mode")]
    angles: Angles


class Action(Open):
    """A special action: a success test and the numbers the engine reads for it (a house rule may add more);
    each action's model below requires the ones it needs."""

    successes: Successes
    fail_rigging_dice: Dice | None = None
    fail_crew_dice: Dice | None = None
    removes_dice: Dice | None = None
    turn: Turn | None = None
    fail_turn: Turn | None = None
    to_hit: Mod | None = None
    bands: Bands | None = None


class Tack(Action):
    fail_rigging_dice: Dice


class Boxhaul(Action):
    fail_rigging_dice: Dice
    turn: Turn
    fail_turn: Turn


class DamageControl(Action):
    """Fighting fires and repairing."""

    removes_dice: Dice
    fail_crew_dice: Dice


class ChainShot(Action):
    to_hit: Mod
    bands: Bands


class SpecialActions(Open):
    tack: Tack
    boxhaul: Boxhaul
    fight_fires: DamageControl
    repair: DamageControl
    chain_shot: ChainShot
    fire_as_she_bears: Action


class ToHitModifiers(Open):
    firer_quality: ByQuality[Mod]
    firer_sail: BySail[Mod]
    target_sail: BySail[Mod]
    target_on_fire: Mod
    shore_battery_firing: Mod


BroadsideRow = Annotated[
    tuple[Guns, Guns, Annotated[int, within(0, MAX_GUNS)], Annotated[int, within(0, MAX_GUNS)],
          Annotated[int, within(0, MAX_GUNS)], Annotated[int, within(0, MAX_GUNS)]],
    fixed("[lowest guns, highest guns, point blank, close, effective, long]", 6),
]
CriticalRoll = Annotated[int, within(min(CRITICAL_ROLLS), max(CRITICAL_ROLLS))]


class CriticalEntry(Model):
    min: CriticalRoll
    max: CriticalRoll
    effect: Annotated[str, one_of(CRITICAL_EFFECTS, "critical effect")]
    rigging_dice: Dice = 0
    crew_dice: Dice = 0
    fires: Dice = 0
    leaks: Dice = 0


class Critical(Model):
    check_on: D6Need
    table: Annotated[tuple[CriticalEntry, ...], count(1, MAX_ROWS)]
    sink_at: Die


class Boarding(Open):
    crew_per_d10: Points
    marines_d10: Annotated[int, within(-MAX_DICE, MAX_DICE)]
    quality_d10: ByQuality[Annotated[int, within(-MAX_DICE, MAX_DICE)]]
    hit_on: Annotated[int, within(1, 11)]
    save_on: D6Need
    snap_fire_divisor: Annotated[int, within(1, 10)]
    prize_crew: Annotated[int, within(0, MAX_POINTS)]


class Morale(Model):
    successes: Successes


class ShoreBatteryTable(Open):
    to_hit: Mod
    base: Reach | None = None


class ShipValue(Model):
    guns: Score
    hull: Score
    rigging: Score
    crew: Score


class Victory(Open):
    sunk: Score
    struck: Score
    captured: Score
    left_table: Score
    value: ShipValue


class FleetPrices(Model):
    """What a ship costs in a fleet bought by points (docs/FLEETS.md).

    Read by :func:`fleet_prices`, never into the :class:`RuleSet`: the prices
    do not change how a battle plays, so they stay out of the tables a save
    records (and an old save keeps loading when a price is tuned).
    """

    #: Her victory value is multiplied by her crew's factor.
    quality: ByQuality[Factor]
    #: Our points to one of Gifford's campaign points.
    gifford_point: Annotated[int, within(1, 1000)]
    #: The budgets the fleet builder offers, smallest first.
    budgets: Annotated[tuple[Points, ...], count(1, 20), distinct]
    #: A random fleet holds at most this many ships of a rate (Gifford's campaign: two 1st rates).
    most_of_rate: Annotated[dict[str, Annotated[int, within(0, 1000)]], keyed(Vocab("rates"), "rate", False)] = {}
    #: Rates a random fleet keeps to a share of her ships (so that she is not all brigs).
    small_rates: Annotated[tuple[RateName, ...], count(0, MAX_ROWS), distinct] = ()
    small_share: Share = 1.0


# --- the optional rules: one model each ---------------------------------------------


class WindShifts(Model):
    chips: Die
    change_die: Annotated[int, within(2, 100)]
    backs_on: Faces
    veers_on: Faces
    shift_die: Die
    shift_step: Annotated[float, within(0, 180)]


class WeatherEffect(Model):
    speed_factor: Factor = 1.0
    speed_bonus: Inches = 0.0
    range_factor: Annotated[float, within(0, 10, lo_open=True)] = 1.0
    to_hit: Mod = 0


class Weather(Model):
    change_on: Faces
    weather_die: Annotated[int, within(2, 100)]
    table: Annotated[tuple[Annotated[str, one_of(WEATHERS, "weather")], ...], count(1, 100)]
    effects: Annotated[dict[str, WeatherEffect], keyed(WEATHERS, "weather")]


class FortuneCard(Model):
    speed: Annotated[float, within(-MAX_INCHES, MAX_INCHES)] = 0.0
    to_hit: Mod = 0
    rerolls: Annotated[int, within(-MAX_REROLLS, MAX_REROLLS)] = 0
    fires: Annotated[int, within(-MAX_DICE, MAX_DICE)] = 0
    leaks: Annotated[int, within(-MAX_DICE, MAX_DICE)] = 0
    crew_dice: Dice = 0
    rigging_dice: Dice = 0


class Fortune(Model):
    card_die: Annotated[int, within(2, 100)]
    fortune_on: Annotated[tuple[Die, ...], count(1, 100)]
    table_die: Die
    fortune: Annotated[tuple[Slug, ...], count(1, 100)]
    calamity: Annotated[tuple[Slug, ...], count(1, 100)]
    effects: dict[str, FortuneCard]


class ShotLoad(Model):
    bands: Bands | None = None
    aims: Annotated[tuple[Annotated[str, one_of(AIMS, "aim")], ...], count(1), distinct] | None = None
    to_hit: Mod = 0
    dice_factor: Factor = 1.0
    slow: bool = False
    hits: Annotated[str, one_of(TRACKS, "track")] | None = None
    self_fire_on: Faces = ()
    target_fire_on: Faces = ()


class Shot(Model):
    stock_die: Die
    fire_die: Annotated[int, within(2, 100)]
    loads: Annotated[dict[str, ShotLoad], keyed(SHOT_LOADS, "load")]


class Chasers(Model):
    off_keel: Annotated[float, within(0, 90, hi_open=True)]
    dice_factor: Factor
    broadside_to_hit: Mod
    no_broadsides: Annotated[tuple[RateName, ...], count(0, MAX_ROWS)]


class Shoals(Model):
    successes: Successes


class National(Model):
    handling_by_quality: Annotated[dict[str, Share], keyed(Vocab("crew_qualities"), "crew quality", complete=False)]
    handling_by_nation: ByNation[Share]
    volleys: ByNation[Annotated[int, within(1, MAX_VOLLEYS)]]
    to_hit: ByNation[Mod]


class Anchors(Model):
    swing: Turn
    weigh_turns: Annotated[int, within(1, MAX_ROWS)]


class Fouling(Model):
    foul_die: Annotated[int, within(2, 100)]
    foul_on: Faces
    unfoul_successes: Successes
    grapple_successes: Successes
    drag_successes: Successes


class Fireships(Model):
    explode_die: Annotated[int, within(2, 100)]
    explode_on: Faces
    sail_activations: Annotated[int, within(1, MAX_ROWS)]
    blast_range: Inches
    blast_band: Band
    blast_aim: Annotated[str, one_of(AIMS, "aim")]
    blaze_die: Annotated[int, within(2, 100)]
    blast_fire_on: Faces
    near_fire_on: Faces


#: What may close the ranges under option ``visibility``.
VISIBILITIES = ("fog", "night")


class Visibility(Model):
    lift_die: Annotated[int, within(2, 100)]
    lifts_on: Faces
    #: How far a ship sees (and fires) in each: inches, between the bases as ranges are measured.
    reach: Annotated[
        dict[str, Annotated[float, within(0, MAX_INCHES, lo_open=True)]], keyed(VISIBILITIES, "visibility")
    ]


class Options(Model):
    """The numbers of the rule system's optional rules, each used only in battles that switch it on."""

    wind_shifts: WindShifts | None = None
    weather: Weather | None = None
    fortune: Fortune | None = None
    shot: Shot | None = None
    chasers: Chasers | None = None
    shoals: Shoals | None = None
    national: National | None = None
    anchors: Anchors | None = None
    fouling: Fouling | None = None
    fireships: Fireships | None = None
    visibility: Visibility | None = None


class RulesFile(Model):
    """``data/rules/*.yaml``.

    The vocabularies come first: the tables after them are keyed by their words
    (see :func:`~game.content.fields.learn`).
    """

    bases: Annotated[dict[str, Annotated[tuple[BaseSide, BaseSide], fixed("[length, width]", 2)]], learn("sizes")]
    rates: Annotated[dict[str, Annotated[str, one_of(Vocab("sizes"), "size")]], learn("rates")]
    sails: Annotated[Words, AfterValidator(_sails_named), learn("sails")]
    crew_qualities: Annotated[Words, learn("crew_qualities")]
    ranges: Annotated[dict[str, Reach], AfterValidator(_bands_named), learn("ranges")]

    id: Slug
    name: Name
    system: Annotated[str, one_of(system_ids(), "rule system")] = "btq21"
    options: Options = Options()
    base_stats: Annotated[tuple[BaseStatsRow, ...], count(1, MAX_ROWS)]
    crippled: Crippled
    specials: Annotated[tuple[Slug, ...], count(0, MAX_ROWS), distinct]
    initiative: Initiative
    success_test: SuccessTest
    segments: Annotated[int, within(1, 10)]
    speeds: BySize[BySail[Inches]]
    turns: BySize[Annotated[float, within(0, 180)]]
    disposition_rate: DispositionRate
    leak_rate: SignedInches
    minimum_fraction: Share
    disposition: Disposition
    taken_aback_dice: BySail[Dice]
    collision_dice: BySize[Dice]
    drift_distance: Inches
    boarding_range: Reach
    special_actions: SpecialActions
    los_corridor_width: Inches
    arc_off_beam: Annotated[float, within(0, 90, hi_open=True)]
    to_hit: Annotated[dict[str, ByBand[Mod]], keyed(AIMS, "aim")]
    to_hit_modifiers: ToHitModifiers
    broadside_dice: Annotated[tuple[BroadsideRow, ...], count(1, MAX_ROWS)]
    musketry_hit_on: D6Need
    critical: Critical
    boarding: Boarding
    morale: Morale
    shore_battery: ShoreBatteryTable
    victory: Victory
    fleet: FleetPrices | None = None


def vocabulary(rules: RuleSet) -> dict[str, list[str]]:
    """The words of a loaded rule set, for the files that use them (ships lists, scenarios)."""
    return {
        "rates": list(rules.rates),
        "sails": list(rules.sails),
        "crew_qualities": list(rules.crew_qualities),
        "specials": list(rules.specials),
    }


def read_rules(ctx: Ctx, root: Node) -> RuleSet | None:
    """Build a RuleSet from a parsed file, adding problems to ``ctx``."""
    before = ctx.count()
    vocab: dict[str, Any] = {"sizes": None, "rates": None, "sails": None, "crew_qualities": None, "ranges": None}
    checked = check(ctx, RulesFile, root, vocab)
    _cross_checks(checked)
    if checked.model is None or ctx.count() > before:
        return None
    return _build(checked.model, ctx.label)


def _cross_checks(checked: Checked[RulesFile]) -> None:
    """Checks across rows and fields; each runs on the tables that validated."""
    rows: tuple[BaseStatsRow, ...] | None = checked.at(("base_stats",))
    for i, row in enumerate(rows or ()):
        lo, hi = row.guns
        if lo > hi:
            where = checked.line(("base_stats", i))
            checked.add(("base_stats", i, "guns"), f"lowest {lo} is above highest {hi}", line=where)
    dice: tuple[tuple[int, ...], ...] | None = checked.at(("broadside_dice",))
    if dice is not None:
        for i, (lo, hi, *_) in enumerate(dice):
            if lo > hi:
                checked.add(("broadside_dice", i), f"lowest guns {lo} is above highest {hi}")
        spans = sorted((lo, hi, i) for i, (lo, hi, *_) in enumerate(dice))
        for (_, hi_a, a), (lo_b, _, b) in itertools.pairwise(spans):
            if lo_b <= hi_a:  # sorted by their lowest guns, overlapping rows are neighbours
                j, i = min(a, b), max(a, b)
                (lj, hj), (li, hi_) = dice[j][:2], dice[i][:2]
                where = checked.line(("broadside_dice", j))
                checked.add(("broadside_dice", i), f"guns {li}-{hi_} overlap row {j} ({lj}-{hj}, line {where})")
    crit: Critical | None = checked.at(("critical",))
    if crit is not None:
        covered: dict[int, int] = {}
        whole = True
        for i, r in enumerate(crit.table):
            at = ("critical", "table", i)
            if r.min > r.max:
                checked.add(at, f"min {r.min} is above max {r.max}")
                whole = False
                continue
            for roll in range(r.min, r.max + 1):
                if roll in covered:
                    j = covered[roll]
                    where = checked.line(("critical", "table", j))
                    checked.add(at, f"rolls {r.min}-{r.max} overlap row {j} (line {where})")
                    whole = False
                    break
                covered[roll] = i
        missing = ", ".join(str(roll) for roll in CRITICAL_ROLLS if roll not in covered)
        if missing and whole:
            why = f"no effect for a 2D6 roll of {missing}: every total from 2 to 12 needs a row"
            checked.add(("critical", "table"), why, at_key=True)
    disp: Disposition | None = checked.at(("disposition",))
    if disp is not None and not disp.angles.aback <= disp.angles.beating <= disp.angles.reaching:
        checked.add(("disposition", "angles"), "limits must satisfy aback <= beating <= reaching", at_key=True)
    opts: Options | None = checked.at(("options",))
    if opts is not None:
        _option_checks(checked, opts)
    st: SuccessTest | None = checked.at(("success_test",))
    if st is not None and st.double_on < st.success_on:
        why = "a double success cannot need less than a success"
        checked.add(("success_test", "double_on"), why, line=checked.head(("success_test",)))


def _option_checks(checked: Checked[RulesFile], opts: Options) -> None:
    """The dice of an option against its tables (each face has its row, each row a face)."""
    wx = opts.weather
    if wx is not None:
        at = ("options", "weather")
        if opts.wind_shifts is None:
            checked.add(at, "the weather is rolled on the wind_shifts dice: give them too", at_key=True)
        elif len(wx.table) != wx.weather_die:
            checked.add((*at, "table"), f"{len(wx.table)} weathers for a D{wx.weather_die}: one per face", at_key=True)
        elif any(not 1 <= f <= opts.wind_shifts.change_die for f in wx.change_on):
            why = f"faces of the D{opts.wind_shifts.change_die} the wind is rolled on"
            checked.add((*at, "change_on"), why, at_key=True)
    fc = opts.fortune
    if fc is not None:
        at = ("options", "fortune")
        for table in ("fortune", "calamity"):
            cards: tuple[str, ...] = getattr(fc, table)
            unknown = [c for c in cards if c not in fc.effects]
            if len(cards) != fc.table_die:
                checked.add((*at, table), f"one card per face of the D{fc.table_die}", at_key=True)
            elif unknown:
                why = f"card {unknown[0]!r} has no row in effects{suggest(unknown[0], list(fc.effects))}"
                checked.add((*at, table), why, at_key=True)
        if any(not 1 <= f <= fc.card_die for f in fc.fortune_on):
            checked.add((*at, "fortune_on"), f"faces of the D{fc.card_die}", at_key=True)
    vis = opts.visibility
    if vis is not None and any(not 1 <= f <= vis.lift_die for f in vis.lifts_on):
        checked.add(("options", "visibility", "lifts_on"), f"faces of the D{vis.lift_die}", at_key=True)
    sh = opts.shot
    if sh is not None:
        for load, fx in sh.loads.items():
            for key in ("self_fire_on", "target_fire_on"):
                if any(not 1 <= f <= sh.fire_die for f in getattr(fx, key)):
                    checked.add(("options", "shot", "loads", load, key), f"faces of the D{sh.fire_die}", at_key=True)


def _build(f: RulesFile, source: str) -> RuleSet:
    return RuleSet(
        id=f.id,
        name=f.name,
        system=f.system,
        options={name: opt.model_dump() for name, opt in f.options if opt is not None},
        rates=f.rates,
        bases=f.bases,
        base_stats=tuple(BaseStats(**dict(row)) for row in f.base_stats),
        crippled_fraction=f.crippled.fraction,
        crippled_rounding=f.crippled.rounding,
        crew_qualities=f.crew_qualities,
        specials=f.specials,
        # Optional keys of these tables that the file leaves out stay out (the engine asks for them by .get).
        initiative=f.initiative.model_dump(exclude_unset=True),
        success_test=f.success_test.model_dump(),
        sails=f.sails,
        segments=f.segments,
        speeds=f.speeds,
        turns=f.turns,
        disposition_rate=f.disposition_rate.model_dump(),
        leak_rate=f.leak_rate,
        minimum_fraction=f.minimum_fraction,
        disposition_mode=f.disposition.mode,
        disposition_angles=f.disposition.angles.model_dump(),
        taken_aback_dice=f.taken_aback_dice,
        collision_dice=f.collision_dice,
        drift_distance=f.drift_distance,
        boarding_range=f.boarding_range,
        special_actions=f.special_actions.model_dump(exclude_unset=True),
        ranges=f.ranges,
        los_corridor_width=f.los_corridor_width,
        arc_off_beam=f.arc_off_beam,
        to_hit=f.to_hit,
        to_hit_modifiers=f.to_hit_modifiers.model_dump(),
        broadside_dice=f.broadside_dice,
        musketry_hit_on=f.musketry_hit_on,
        critical_check_on=f.critical.check_on,
        critical_table=tuple(
            CriticalRow(
                low=r.min,
                high=r.max,
                effect=r.effect,
                rigging_dice=r.rigging_dice,
                crew_dice=r.crew_dice,
                fires=r.fires,
                leaks=r.leaks,
            )
            for r in f.critical.table
        ),
        sink_at=f.critical.sink_at,
        boarding=f.boarding.model_dump(),
        morale_successes=f.morale.successes,
        shore_battery=f.shore_battery.model_dump(exclude_unset=True),
        victory=f.victory.model_dump(),
        source=source,
    )


def fleet_prices(path: str | os.PathLike[str]) -> FleetPrices | None:
    """The ``fleet:`` table of a rule set file (None when it has none); raises ContentError as load_rules."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    if root is None:
        ctx.raise_if_any()
    assert root is not None
    vocab: dict[str, Any] = {"sizes": None, "rates": None, "sails": None, "crew_qualities": None, "ranges": None}
    checked = check(ctx, RulesFile, root, vocab)
    ctx.raise_if_any()
    assert checked.model is not None
    return checked.model.fleet


def load_rules(path: str | os.PathLike[str]) -> RuleSet:
    """Load and check a rule set file; raises ContentError listing every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    rules = read_rules(ctx, root) if root is not None else None
    ctx.raise_if_any()
    assert rules is not None
    return rules
