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
    all_ok,
    check_keys,
    expect_map,
    parse_file,
)

NATIONS = ("british", "french", "spanish", "american", "dutch", "danish", "swedish", "russian", "portuguese")
CRITICAL_EFFECTS = ("rudder", "mast", "fire", "fires", "leak", "magazine")
SPECIAL_ACTIONS = ("tack", "boxhaul", "fight_fires", "repair", "chain_shot", "fire_as_she_bears")


def _words(min_len: int = 1) -> ListOf:
    return ListOf(Slug(), min_len=min_len, unique=True)


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

    pos = Num(0, lo_open=True)
    action = Record(
        extra=True,
        successes=Int(1),
        fail_rigging_dice=F(Int(0), False),
        fail_crew_dice=F(Int(0), False),
        removes_dice=F(Int(0), False),
        turn=F(Num(0, 360), False),
        fail_turn=F(Num(0, 360), False),
        to_hit=F(Int(), False),
        bands=F(ListOf(Choice(bands, "range band") if bands else Slug(), 1, unique=True), False),
    )
    row = Record(
        rate=Choice(rates, "rate") if rates else Slug(),
        guns=Fixed("[lowest, highest] guns", Int(1), Int(1)),
        musketry=Int(0),
        hull=Int(1),
        rigging=Int(1),
        crew=Int(1),
        extrapolated=F(Bool(), False, False),
    )
    crit = Record(
        min=Int(),
        max=Int(),
        effect=Choice(CRITICAL_EFFECTS, "critical effect"),
        rigging_dice=F(Int(0), False, 0),
        crew_dice=F(Int(0), False, 0),
        fires=F(Int(0), False, 0),
        leaks=F(Int(0), False, 0),
    )
    nation_keys = [*NATIONS, "default"]
    return {
        "id": F(Slug()),
        "name": F(Str()),
        "base_stats": F(ListOf(row, 1)),
        "crippled": F(Record(fraction=Num(0, 1, lo_open=True), rounding=Choice(("down", "up", "nearest"), "rounding"))),
        "specials": F(_words(0)),
        "initiative": F(
            Record(
                extra=True,
                dice=Int(1),
                flagship_squadron=Int(),
                signalled=Int(),
                signals_range=F(Num(0), False),
                crippled_ship_in_squadron=Int(),
                nation=DictOf(Int(), keys=nation_keys, what="nation"),
            )
        ),
        "success_test": F(
            Record(
                extra=True,
                dice=Int(1),
                success_on=Int(1),
                double_on=Int(1),
                all_hands_extra_dice=Int(0),
                rerolls=by(qualities, Int(0), "crew quality"),
                flagship_rerolls=Int(0),
                flagship_morale_radius=Num(0),
            )
        ),
        "segments": F(Int(1)),
        "speeds": F(by(sizes, by(sails, Num(0), "sail setting"), "size")),
        "turns": F(by(sizes, Num(0, 180), "size")),
        "disposition_rate": F(Record(running=Num(), reaching=Num(), beating=Num())),
        "leak_rate": F(Num()),
        "minimum_fraction": F(Num(0, 1)),
        "disposition": F(
            Record(
                mode=Choice(("base", "angles"), "disposition mode"),
                angles=Record(aback=Num(0, 180), beating=Num(0, 180), reaching=Num(0, 180)),
            )
        ),
        "taken_aback_dice": F(by(sails, Int(0), "sail setting")),
        "collision_dice": F(by(sizes, Int(0), "size")),
        "drift_distance": F(Num(0)),
        "boarding_range": F(pos),
        "special_actions": F(Record(extra=True, **{a: action for a in SPECIAL_ACTIONS})),
        "los_corridor_width": F(Num(0)),
        "arc_off_beam": F(Num(0, 90)),
        "to_hit": F(DictOf(by(bands, Int(), "range band"), keys=("hull", "rigging"), complete=True, what="aim")),
        "to_hit_modifiers": F(
            Record(
                extra=True,
                firer_quality=by(qualities, Int(), "crew quality"),
                firer_sail=by(sails, Int(), "sail setting"),
                target_sail=by(sails, Int(), "sail setting"),
                target_on_fire=Int(),
                shore_battery_firing=Int(),
            )
        ),
        "broadside_dice": F(
            ListOf(
                Fixed(
                    "[lowest guns, highest guns, point blank, close, effective, long]",
                    Int(1),
                    Int(1),
                    Int(0),
                    Int(0),
                    Int(0),
                    Int(0),
                ),
                1,
            )
        ),
        "musketry_hit_on": F(Int(1)),
        "critical": F(Record(check_on=Int(1), table=ListOf(crit, 1), sink_at=Int(1))),
        "boarding": F(
            Record(
                extra=True,
                crew_per_d10=Int(1),
                marines_d10=Int(),
                quality_d10=by(qualities, Int(), "crew quality"),
                hit_on=Int(1),
                save_on=Int(1),
                snap_fire_divisor=Int(1),
                prize_crew=Int(0),
            )
        ),
        "morale": F(Record(successes=Int(1))),
        "shore_battery": F(Record(extra=True, to_hit=Int())),
        "victory": F(
            Record(
                extra=True,
                sunk=Num(0),
                struck=Num(0),
                captured=Num(0),
                left_table=Num(0),
                value=Record(guns=Num(0), hull=Num(0), rigging=Num(0), crew=Num(0)),
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
    vals["bases"] = bases = field(
        "bases", DictOf(Fixed("[length, width]", Num(0, lo_open=True), Num(0, lo_open=True)), what="size")
    )
    sizes = list(bases) if bases is not BAD else None
    vals["rates"] = rates = field("rates", DictOf(Choice(sizes, "size") if sizes else Slug(), what="rate"))
    vals["sails"] = sails = field("sails", _words())
    vals["crew_qualities"] = quals = field("crew_qualities", _words())
    vals["ranges"] = ranges = field("ranges", DictOf(Num(0, lo_open=True), what="range band"))
    if ranges is not BAD:
        limits = list(ranges.values())
        if any(b <= a for a, b in itertools.pairwise(limits)):
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
        vals[name] = field(name, f.spec)

    _cross_checks(ctx, m, vals)
    if not all_ok(vals.values()):
        return None
    return _build(vals, ctx.label)


def _cross_checks(ctx: Ctx, m: dict[str, Node], v: dict[str, Any]) -> None:
    bs = v["base_stats"]
    if bs is not BAD:
        for i, row in enumerate(bs):
            lo, hi = row["guns"]
            if lo > hi:
                ctx.add(m["base_stats"].value[i].line, f"base_stats[{i}].guns", f"lowest {lo} is above highest {hi}")
                v["base_stats"] = BAD
    bd = v["broadside_dice"]
    if bd is not BAD:
        rows = m["broadside_dice"].value
        for i, r in enumerate(bd):
            if r[0] > r[1]:
                ctx.add(rows[i].line, f"broadside_dice[{i}]", f"lowest guns {r[0]} is above highest {r[1]}")
                v["broadside_dice"] = BAD
            for j in range(i):
                o = bd[j]
                if r[0] <= o[1] and o[0] <= r[1]:
                    ctx.add(
                        rows[i].line,
                        f"broadside_dice[{i}]",
                        f"guns {r[0]}-{r[1]} overlap row {j} ({o[0]}-{o[1]}, line {rows[j].line})",
                    )
                    v["broadside_dice"] = BAD
    crit = v["critical"]
    if crit is not BAD:
        rows = m["critical"].value["table"].value
        table = crit["table"]
        for i, r in enumerate(table):
            path = f"critical.table[{i}]"
            if r["min"] > r["max"]:
                ctx.add(rows[i].line, path, f"min {r['min']} is above max {r['max']}")
                v["critical"] = BAD
            for j in range(i):
                o = table[j]
                if r["min"] <= o["max"] and o["min"] <= r["max"]:
                    ctx.add(rows[i].line, path, f"rolls {r['min']}-{r['max']} overlap row {j} (line {rows[j].line})")
                    v["critical"] = BAD
    disp = v["disposition"]
    if disp is not BAD:
        a = disp["angles"]
        if not a["aback"] <= a["beating"] <= a["reaching"]:
            node = m["disposition"].value["angles"]
            ctx.add(node.head, "disposition.angles", "limits must satisfy aback <= beating <= reaching")
            v["disposition"] = BAD


def _build(v: dict[str, Any], source: str) -> RuleSet:
    crit = v["critical"]
    return RuleSet(
        id=v["id"],
        name=v["name"],
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
