"""``data/rules/*.yaml`` -> :class:`RuleSet`.

The schema below is strict (unknown keys are typos until proven otherwise);
a new rule value needs one line here and, if it is a RuleSet field, one in
``model.py``.
"""

from __future__ import annotations

import itertools
import os
from typing import Any

from game.content.model import BaseStats, CriticalRow, RuleSet
from game.content.yaml_nodes import (
    BAD,
    Bool,
    Choice,
    Ctx,
    DictOf,
    F,
    Fixed,
    Int,
    ListOf,
    Node,
    Num,
    Record,
    Slug,
    Str,
    check_keys,
    expect_map,
    parse_file,
    suggest,
    whole,
)
from game.systems import system_ids

#: Most times a nation may fire one broadside in a turn (option national): one a segment and one before.
MAX_VOLLEYS = 4
NATIONS = ("british", "french", "spanish", "american", "dutch", "danish", "swedish", "russian", "portuguese")
CRITICAL_EFFECTS = ("rudder", "mast", "fire", "fires", "leak", "magazine")
SPECIAL_ACTIONS = ("tack", "boxhaul", "fight_fires", "repair", "chain_shot", "fire_as_she_bears")


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


def _words(min_len: int = 1) -> ListOf:
    return ListOf(Slug(), min_len=min_len, unique=True, max_len=MAX_ROWS)


def _schema(
    sizes: list[str] | None,
    sails: list[str] | None,
    qualities: list[str] | None,
    bands: list[str] | None,
    rates: list[str] | None,
) -> dict[str, F]:
    """Field specs; a vocabulary that failed to load is None (its key checks are skipped)."""

    def by(vocab: list[str] | None, value: Any, what: str) -> DictOf:
        return DictOf(value, keys=vocab, complete=vocab is not None, what=what)

    dice = Int(0, MAX_DICE)
    mod = Int(-MAX_FACE, MAX_FACE)
    inches = Num(0, MAX_INCHES)
    pos = Num(0, MAX_INCHES, lo_open=True)
    points = Int(1, MAX_POINTS)
    # Each special action with the numbers the engine reads for it (a house rule may add more).
    fields: dict[str, Any] = {
        "successes": Int(1, MAX_DICE * 2),
        "fail_rigging_dice": dice,
        "fail_crew_dice": dice,
        "removes_dice": dice,
        "turn": Num(0, 360),
        "fail_turn": Num(0, 360),
        "to_hit": mod,
        "bands": ListOf(Choice(bands, "range band") if bands else Slug(), 1, unique=True),
    }
    needs = {
        "tack": ("fail_rigging_dice",),
        "boxhaul": ("fail_rigging_dice", "turn", "fail_turn"),
        "fight_fires": ("removes_dice", "fail_crew_dice"),
        "repair": ("removes_dice", "fail_crew_dice"),
        "chain_shot": ("to_hit", "bands"),
        "fire_as_she_bears": (),
    }
    actions = {
        a: Record(extra=True, **{k: F(spec, k == "successes" or k in needs[a]) for k, spec in fields.items()})
        for a in SPECIAL_ACTIONS
    }
    row = Record(
        rate=Choice(rates, "rate") if rates else Slug(),
        guns=Fixed("[lowest, highest] guns", Int(1, MAX_GUNS), Int(1, MAX_GUNS)),
        musketry=dice,
        hull=points,
        rigging=points,
        crew=points,
        extrapolated=F(Bool(), False, False),
    )
    crit = Record(
        min=Int(min(CRITICAL_ROLLS), max(CRITICAL_ROLLS)),
        max=Int(min(CRITICAL_ROLLS), max(CRITICAL_ROLLS)),
        effect=Choice(CRITICAL_EFFECTS, "critical effect"),
        rigging_dice=F(dice, False, 0),
        crew_dice=F(dice, False, 0),
        fires=F(Int(0, MAX_DICE), False, 0),
        leaks=F(Int(0, MAX_DICE), False, 0),
    )
    nation_keys = [*NATIONS, "default"]
    return {
        "id": F(Slug()),
        "name": F(Str()),
        "system": F(Choice(system_ids(), "rule system"), False, "btq21"),
        "options": F(
            Record(
                wind_shifts=F(
                    Record(
                        chips=Int(1, 100),
                        change_die=Int(2, 100),
                        backs_on=ListOf(Int(1, 100), max_len=100),
                        veers_on=ListOf(Int(1, 100), max_len=100),
                        shift_die=Int(1, 100),
                        shift_step=Num(0, 180),
                    ),
                    False,
                    None,
                ),
                weather=F(
                    Record(
                        change_on=ListOf(Int(1, 100), max_len=100),
                        weather_die=Int(2, 100),
                        table=ListOf(Choice(WEATHERS, "weather"), 1, max_len=100),
                        effects=DictOf(
                            Record(
                                speed_factor=F(Num(0, 10), False, 1.0),
                                speed_bonus=F(Num(0, MAX_INCHES), False, 0.0),
                                range_factor=F(Num(0, 10, lo_open=True), False, 1.0),
                                to_hit=F(Int(-MAX_FACE, MAX_FACE), False, 0),
                            ),
                            keys=WEATHERS,
                            complete=True,
                            what="weather",
                        ),
                    ),
                    False,
                    None,
                ),
                fortune=F(
                    Record(
                        card_die=Int(2, 100),
                        fortune_on=ListOf(Int(1, 100), 1, max_len=100),
                        table_die=Int(1, 100),
                        fortune=ListOf(Slug(), 1, max_len=100),
                        calamity=ListOf(Slug(), 1, max_len=100),
                        effects=DictOf(
                            Record(
                                speed=F(Num(-MAX_INCHES, MAX_INCHES), False, 0.0),
                                to_hit=F(Int(-MAX_FACE, MAX_FACE), False, 0),
                                rerolls=F(Int(-MAX_REROLLS, MAX_REROLLS), False, 0),
                                fires=F(Int(-MAX_DICE, MAX_DICE), False, 0),
                                leaks=F(Int(-MAX_DICE, MAX_DICE), False, 0),
                                crew_dice=F(Int(0, MAX_DICE), False, 0),
                                rigging_dice=F(Int(0, MAX_DICE), False, 0),
                            ),
                            what="card",
                        ),
                    ),
                    False,
                    None,
                ),
                shot=F(
                    Record(
                        stock_die=Int(1, 100),
                        fire_die=Int(2, 100),
                        loads=DictOf(
                            Record(
                                bands=F(ListOf(Choice(bands, "range band") if bands else Slug(), 1, unique=True),
                                        False, None),
                                aims=F(ListOf(Choice(AIMS, "aim"), 1, unique=True), False, None),
                                to_hit=F(mod, False, 0),
                                dice_factor=F(Num(0, 10), False, 1.0),
                                slow=F(Bool(), False, False),
                                hits=F(Choice(TRACKS, "track"), False, None),
                                self_fire_on=F(ListOf(Int(1, 100), max_len=100), False, ()),
                                target_fire_on=F(ListOf(Int(1, 100), max_len=100), False, ()),
                            ),
                            keys=SHOT_LOADS,
                            complete=True,
                            what="load",
                        ),
                    ),
                    False,
                    None,
                ),
                chasers=F(
                    Record(
                        off_keel=Num(0, 90, hi_open=True),
                        dice_factor=Num(0, 10),
                        broadside_to_hit=mod,
                        no_broadsides=ListOf(Choice(rates, "rate") if rates else Slug(), max_len=MAX_ROWS),
                    ),
                    False,
                    None,
                ),
                shoals=F(Record(successes=Int(1, MAX_DICE * 2)), False, None),
                anchors=F(Record(swing=Num(0, 360), weigh_turns=Int(1, MAX_ROWS)), False, None),
                fireships=F(
                    Record(
                        explode_die=Int(2, 100),
                        explode_on=ListOf(Int(1, 100), max_len=100),
                        sail_activations=Int(1, MAX_ROWS),
                        blast_range=Num(0, MAX_INCHES),
                        blast_band=Choice(bands, "range band") if bands else Slug(),
                        blast_aim=Choice(AIMS, "aim"),
                        blaze_die=Int(2, 100),
                        blast_fire_on=ListOf(Int(1, 100), max_len=100),
                        near_fire_on=ListOf(Int(1, 100), max_len=100),
                    ),
                    False,
                    None,
                ),
                fouling=F(
                    Record(
                        foul_die=Int(2, 100),
                        foul_on=ListOf(Int(1, 100), max_len=100),
                        unfoul_successes=Int(1, MAX_DICE * 2),
                        grapple_successes=Int(1, MAX_DICE * 2),
                        drag_successes=Int(1, MAX_DICE * 2),
                    ),
                    False,
                    None,
                ),
                national=F(
                    Record(
                        handling_by_quality=DictOf(Num(0, 1), keys=qualities, what="crew quality"),
                        handling_by_nation=DictOf(Num(0, 1), keys=list(NATIONS), what="nation"),
                        volleys=DictOf(Int(1, MAX_VOLLEYS), keys=list(NATIONS), what="nation"),
                        to_hit=DictOf(mod, keys=list(NATIONS), what="nation"),
                    ),
                    False,
                    None,
                ),
            ),
            False,
            {},
        ),
        "base_stats": F(ListOf(row, 1, max_len=MAX_ROWS)),
        "crippled": F(Record(fraction=Num(0, 1, lo_open=True), rounding=Choice(("down", "up", "nearest"), "rounding"))),
        "specials": F(_words(0)),
        "initiative": F(
            Record(
                extra=True,
                dice=Int(1, MAX_DICE),
                flagship_squadron=mod,
                signalled=mod,
                signals_range=F(inches, False),
                crippled_ship_in_squadron=mod,
                nation=DictOf(mod, keys=nation_keys, what="nation"),
            )
        ),
        "success_test": F(
            Record(
                extra=True,
                dice=Int(1, MAX_DICE),
                success_on=Int(1, 7),
                double_on=Int(1, 7),
                all_hands_extra_dice=dice,
                rerolls=by(qualities, Int(0, MAX_REROLLS), "crew quality"),
                flagship_rerolls=Int(0, MAX_REROLLS),
                flagship_morale_radius=inches,
            )
        ),
        "segments": F(Int(1, 10)),
        "speeds": F(by(sizes, by(sails, inches, "sail setting"), "size")),
        "turns": F(by(sizes, Num(0, 180), "size")),
        "disposition_rate": F(
            Record(
                running=Num(-MAX_INCHES, MAX_INCHES),
                reaching=Num(-MAX_INCHES, MAX_INCHES),
                beating=Num(-MAX_INCHES, MAX_INCHES),
            )
        ),
        "leak_rate": F(Num(-MAX_INCHES, MAX_INCHES)),
        "minimum_fraction": F(Num(0, 1)),
        "disposition": F(
            Record(
                mode=Choice(("base", "angles"), "disposition mode"),
                angles=Record(aback=Num(0, 180), beating=Num(0, 180), reaching=Num(0, 180)),
            )
        ),
        "taken_aback_dice": F(by(sails, dice, "sail setting")),
        "collision_dice": F(by(sizes, dice, "size")),
        "drift_distance": F(inches),
        "boarding_range": F(pos),
        "special_actions": F(Record(extra=True, **actions)),
        "los_corridor_width": F(inches),
        "arc_off_beam": F(Num(0, 90, hi_open=True)),
        "to_hit": F(DictOf(by(bands, mod, "range band"), keys=("hull", "rigging"), complete=True, what="aim")),
        "to_hit_modifiers": F(
            Record(
                extra=True,
                firer_quality=by(qualities, mod, "crew quality"),
                firer_sail=by(sails, mod, "sail setting"),
                target_sail=by(sails, mod, "sail setting"),
                target_on_fire=mod,
                shore_battery_firing=mod,
            )
        ),
        "broadside_dice": F(
            ListOf(
                Fixed(
                    "[lowest guns, highest guns, point blank, close, effective, long]",
                    Int(1, MAX_GUNS),
                    Int(1, MAX_GUNS),
                    Int(0, MAX_GUNS),
                    Int(0, MAX_GUNS),
                    Int(0, MAX_GUNS),
                    Int(0, MAX_GUNS),
                ),
                1,
                max_len=MAX_ROWS,
            )
        ),
        "musketry_hit_on": F(Int(1, 7)),
        "critical": F(Record(check_on=Int(1, 7), table=ListOf(crit, 1, max_len=MAX_ROWS), sink_at=Int(1, 100))),
        "boarding": F(
            Record(
                extra=True,
                crew_per_d10=Int(1, MAX_POINTS),
                marines_d10=Int(-MAX_DICE, MAX_DICE),
                quality_d10=by(qualities, Int(-MAX_DICE, MAX_DICE), "crew quality"),
                hit_on=Int(1, 11),
                save_on=Int(1, 7),
                snap_fire_divisor=Int(1, 10),
                prize_crew=Int(0, MAX_POINTS),
            )
        ),
        "morale": F(Record(successes=Int(1, MAX_DICE * 2))),
        "shore_battery": F(Record(extra=True, to_hit=mod, base=F(pos, False))),
        "victory": F(
            Record(
                extra=True,
                sunk=Num(0, 100),
                struck=Num(0, 100),
                captured=Num(0, 100),
                left_table=Num(0, 100),
                value=Record(guns=Num(0, 100), hull=Num(0, 100), rigging=Num(0, 100), crew=Num(0, 100)),
            )
        ),
    }


_VOCAB = ("bases", "rates", "sails", "crew_qualities", "ranges")


def read_rules(ctx: Ctx, root: Node) -> RuleSet | None:
    """Build a RuleSet from a parsed file, adding problems to ``ctx``."""
    if not expect_map(ctx, root, ""):
        return None
    m: dict[str, Node] = root.value
    vals: dict[str, Any] = {}

    def field(name: str, spec: Any) -> Any:
        node = m.get(name)
        if node is None:
            ctx.add(root.line, name, "required key missing")
            return BAD
        return spec.read(ctx, node, name)

    # The vocabularies other tables are keyed by.
    side = Num(0, MAX_BASE, lo_open=True)
    vals["bases"] = bases = field("bases", DictOf(Fixed("[length, width]", side, side), what="size"))
    sizes = list(bases) if bases is not BAD else None
    vals["rates"] = rates = field("rates", DictOf(Choice(sizes, "size") if sizes else Slug(), what="rate"))
    vals["sails"] = sails = field("sails", _words())
    if sails is not BAD and tuple(sails) != SAILS:
        ctx.add(m["sails"].line, "sails", f"must be {', '.join(SAILS)} in that order (the engine knows them by name)")
        sails = vals["sails"] = BAD
    vals["crew_qualities"] = quals = field("crew_qualities", _words())
    vals["ranges"] = ranges = field("ranges", DictOf(Num(0, MAX_INCHES, lo_open=True), what="range band"))
    if ranges is not BAD:
        limits = list(ranges.values())
        if tuple(ranges) != BANDS:
            ctx.add(
                m["ranges"].head,
                "ranges",
                f"the bands must be {', '.join(BANDS)} in that order (their limits are yours to set)",
            )
            ranges = vals["ranges"] = BAD
        elif any(b <= a for a, b in itertools.pairwise(limits)):
            ctx.add(m["ranges"].head, "ranges", "limits must increase from band to band")
            ranges = vals["ranges"] = BAD

    schema = _schema(
        sizes,
        None if sails is BAD else list(sails),
        None if quals is BAD else list(quals),
        None if ranges is BAD else list(ranges),
        None if rates is BAD else list(rates),
    )
    check_keys(ctx, root, "", [*_VOCAB, *schema])
    for name, f in schema.items():
        vals[name] = field(name, f.spec) if f.required or name in m else f.default

    _cross_checks(ctx, m, vals)
    if not all(whole(x) for x in vals.values()):
        return None
    return _build(vals, ctx.label)


def _cross_checks(ctx: Ctx, m: dict[str, Node], v: dict[str, Any]) -> None:
    """Checks across rows and fields; each runs only on tables that read whole."""
    bs = v["base_stats"]
    if whole(bs):
        for i, row in enumerate(bs):
            lo, hi = row["guns"]
            if lo > hi:
                ctx.add(m["base_stats"].value[i].line, f"base_stats[{i}].guns", f"lowest {lo} is above highest {hi}")
                v["base_stats"] = BAD
    bd = v["broadside_dice"]
    if whole(bd):
        rows = m["broadside_dice"].value
        spans = sorted((r[0], r[1], i) for i, r in enumerate(bd))
        for i, r in enumerate(bd):
            if r[0] > r[1]:
                ctx.add(rows[i].line, f"broadside_dice[{i}]", f"lowest guns {r[0]} is above highest {r[1]}")
                v["broadside_dice"] = BAD
        for (_, hi_a, a), (lo_b, _, b) in itertools.pairwise(spans):
            if lo_b <= hi_a:  # sorted by their lowest guns, overlapping rows are neighbours
                j, i = min(a, b), max(a, b)
                (lj, hj), (li, hi_) = bd[j][:2], bd[i][:2]
                ctx.add(
                    rows[i].line,
                    f"broadside_dice[{i}]",
                    f"guns {li}-{hi_} overlap row {j} ({lj}-{hj}, line {rows[j].line})",
                )
                v["broadside_dice"] = BAD
    crit = v["critical"]
    if whole(crit):
        rows = m["critical"].value["table"].value
        table = crit["table"]
        covered: dict[int, int] = {}
        for i, r in enumerate(table):
            path = f"critical.table[{i}]"
            if r["min"] > r["max"]:
                ctx.add(rows[i].line, path, f"min {r['min']} is above max {r['max']}")
                v["critical"] = BAD
                continue
            for roll in range(r["min"], r["max"] + 1):
                if roll in covered:
                    j = covered[roll]
                    ctx.add(rows[i].line, path, f"rolls {r['min']}-{r['max']} overlap row {j} (line {rows[j].line})")
                    v["critical"] = BAD
                    break
                covered[roll] = i
        missing = [roll for roll in CRITICAL_ROLLS if roll not in covered]
        if missing and v["critical"] is not BAD:
            ctx.add(
                m["critical"].value["table"].head,
                "critical.table",
                f"no effect for a 2D6 roll of {', '.join(map(str, missing))}: every total from 2 to 12 needs a row",
            )
            v["critical"] = BAD
    disp = v["disposition"]
    if whole(disp):
        a = disp["angles"]
        if not a["aback"] <= a["beating"] <= a["reaching"]:
            node = m["disposition"].value["angles"]
            ctx.add(node.head, "disposition.angles", "limits must satisfy aback <= beating <= reaching")
            v["disposition"] = BAD
    opts = v["options"]
    if whole(opts) and opts.get("weather") is not None:
        wx, node = opts["weather"], m["options"].value["weather"]
        if opts.get("wind_shifts") is None:
            ctx.add(node.head, "options.weather", "the weather is rolled on the wind_shifts dice: give them too")
            v["options"] = BAD
        elif len(wx["table"]) != wx["weather_die"]:
            ctx.add(
                node.value["table"].head,
                "options.weather.table",
                f"{len(wx['table'])} weathers for a D{wx['weather_die']}: one per face",
            )
            v["options"] = BAD
        elif any(not 1 <= f <= opts["wind_shifts"]["change_die"] for f in wx["change_on"]):
            ctx.add(
                node.value["change_on"].head,
                "options.weather.change_on",
                f"faces of the D{opts['wind_shifts']['change_die']} the wind is rolled on",
            )
            v["options"] = BAD
    if whole(opts) and opts.get("fortune") is not None:
        fc, node = opts["fortune"], m["options"].value["fortune"]
        for table in ("fortune", "calamity"):
            unknown = [c for c in fc[table] if c not in fc["effects"]]
            if len(fc[table]) != fc["table_die"]:
                faces = f"one card per face of the D{fc['table_die']}"
                ctx.add(node.value[table].head, f"options.fortune.{table}", faces)
                v["options"] = BAD
            elif unknown:
                ctx.add(
                    node.value[table].head,
                    f"options.fortune.{table}",
                    f"card {unknown[0]!r} has no row in effects{suggest(unknown[0], fc['effects'])}",
                )
                v["options"] = BAD
        if any(not 1 <= f <= fc["card_die"] for f in fc["fortune_on"]):
            ctx.add(node.value["fortune_on"].head, "options.fortune.fortune_on", f"faces of the D{fc['card_die']}")
            v["options"] = BAD
    if whole(opts) and opts.get("shot") is not None:
        sh, node = opts["shot"], m["options"].value["shot"]
        for load, fx in sh["loads"].items():
            for key in ("self_fire_on", "target_fire_on"):
                if any(not 1 <= f <= sh["fire_die"] for f in fx[key]):
                    at = node.value["loads"].value[load].value[key].head
                    ctx.add(at, f"options.shot.loads.{load}.{key}", f"faces of the D{sh['fire_die']}")
                    v["options"] = BAD
    st = v["success_test"]
    if whole(st) and st["double_on"] < st["success_on"]:
        ctx.add(m["success_test"].head, "success_test.double_on", "a double success cannot need less than a success")
        v["success_test"] = BAD


def _build(v: dict[str, Any], source: str) -> RuleSet:
    crit = v["critical"]
    return RuleSet(
        id=v["id"],
        name=v["name"],
        system=v["system"],
        options={k: dict(o) for k, o in v["options"].items() if o is not None},
        rates=dict(v["rates"]),
        bases={k: (float(a), float(b)) for k, (a, b) in v["bases"].items()},
        base_stats=tuple(
            BaseStats(
                rate=r["rate"],
                guns=r["guns"],
                musketry=r["musketry"],
                hull=r["hull"],
                rigging=r["rigging"],
                crew=r["crew"],
                extrapolated=r["extrapolated"],
            )
            for r in v["base_stats"]
        ),
        crippled_fraction=v["crippled"]["fraction"],
        crippled_rounding=v["crippled"]["rounding"],
        crew_qualities=v["crew_qualities"],
        specials=v["specials"],
        initiative=v["initiative"],
        success_test=v["success_test"],
        sails=v["sails"],
        segments=v["segments"],
        speeds=v["speeds"],
        turns=v["turns"],
        disposition_rate=v["disposition_rate"],
        leak_rate=v["leak_rate"],
        minimum_fraction=v["minimum_fraction"],
        disposition_mode=v["disposition"]["mode"],
        disposition_angles=v["disposition"]["angles"],
        taken_aback_dice=v["taken_aback_dice"],
        collision_dice=v["collision_dice"],
        drift_distance=v["drift_distance"],
        boarding_range=v["boarding_range"],
        special_actions=v["special_actions"],
        ranges=v["ranges"],
        los_corridor_width=v["los_corridor_width"],
        arc_off_beam=v["arc_off_beam"],
        to_hit=v["to_hit"],
        to_hit_modifiers=v["to_hit_modifiers"],
        broadside_dice=v["broadside_dice"],
        musketry_hit_on=v["musketry_hit_on"],
        critical_check_on=crit["check_on"],
        critical_table=tuple(
            CriticalRow(
                low=r["min"],
                high=r["max"],
                effect=r["effect"],
                rigging_dice=r["rigging_dice"],
                crew_dice=r["crew_dice"],
                fires=r["fires"],
                leaks=r["leaks"],
            )
            for r in crit["table"]
        ),
        sink_at=crit["sink_at"],
        boarding=v["boarding"],
        morale_successes=v["morale"]["successes"],
        shore_battery=v["shore_battery"],
        victory=v["victory"],
        source=source,
    )


def load_rules(path: str | os.PathLike[str]) -> RuleSet:
    """Load and check a rule set file; raises ContentError listing every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    rules = read_rules(ctx, root) if root is not None else None
    ctx.raise_if_any()
    assert rules is not None
    return rules
