"""Beat to Quarters' rules reference (F1), written from the tables in force.

Every number is read from the loaded :class:`RuleSet`, never typed here, so a
club playing house rules (an edited ``data/rules/*.yaml``) sees its own values
at the table.  The words are Quarterdeck's own summary of how the engine plays
those numbers; the rule book itself is not reproduced.

Bodies use only the subset of HTML that pygame_gui's text box understands
(``<b>``, ``<i>``, ``<u>``, ``<br>``, ``<font color=... size=...>``, ``<font face=... pixel_size=...>``); tables
are laid out as space-padded text lines in a monospaced face
(``<font face=... pixel_size=...>``), where they line up exactly.  Pure Python: no
pygame import, so the tests need no display.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from game.content.model import CriticalRow, RuleSet
from game.systems.reference_text import body as _body
from game.systems.reference_text import esc
from game.systems.reference_text import heading as _heading
from game.systems.reference_text import para as _para
from game.systems.reference_text import table as _table

_BAND_WORDS = {"point_blank": "point blank", "close": "close", "effective": "effective", "long": "long"}


# --- formatting helpers -------------------------------------------------------------


def _n(x: Any) -> str:
    """A rules number as written: 3, 2.5, 0.1 (integral floats lose their '.0')."""
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int):
        return str(x)
    try:
        f = float(x)
    except (TypeError, ValueError):
        return str(x)
    if f == int(f):
        return str(int(f))
    return f"{f:.3f}".rstrip("0").rstrip(".")


def _signed(x: Any) -> str:
    """A modifier: +1, -1, 0."""
    v = float(x)
    if v == 0:
        return "0"
    return ("+" if v > 0 else "-") + _n(abs(v))


def _inch(x: Any) -> str:
    return f'{_n(x)}"'


def _fraction(x: float) -> str:
    """0.333... -> '1/3' when it is a simple fraction, else the decimal."""
    fr = Fraction(float(x)).limit_denominator(12)
    if abs(float(fr) - float(x)) < 1e-6 and fr.denominator > 1:
        return f"{fr.numerator}/{fr.denominator}"
    return _n(x)


def _dice(n: Any) -> str:
    return f"{n} die" if str(n) == "1" else f"{n} dice"


def _words(key: str) -> str:
    return _BAND_WORDS.get(key, key.replace("_", " "))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _by(mapping: dict[str, Any], keys: Iterable[str] | None = None, fmt: Callable[[Any], str] = _signed) -> str:
    """'good +1, average 0, poor -1' from a rules table."""
    order = list(keys) if keys is not None else list(mapping)
    return ", ".join(f"{esc(_words(k))} {esc(fmt(mapping[k]))}" for k in order if k in mapping)


def _sizes(rules: RuleSet) -> list[str]:
    return list(rules.bases)


# --- the sections -------------------------------------------------------------------


def _ships(rules: RuleSet) -> str:
    sizes = _sizes(rules)
    rows = []
    for size in sizes:
        rates = [r for r, s in rules.rates.items() if s == size]
        length, width = rules.bases[size]
        rows.append([size, ", ".join(rates), f'{_n(length)}" x {_n(width)}"'])
    stats = [
        [
            r.rate + ("*" if r.extrapolated else ""),
            f"{r.guns[0]}-{r.guns[1]}",
            str(r.hull),
            str(r.rigging),
            str(r.crew),
            str(r.musketry),
        ]
        for r in rules.base_stats
    ]
    return _body(
        _para(
            "A ship's rate sets her size class, and the size class sets her base, her speed, how far she may turn",
            "and how hard she hits another ship she runs into.",
        ),
        _table(["Size", "Rates", "Base"], rows, align="llr"),
        _heading("Starting tracks by rate and guns"),
        _table(["Rate", "Guns", "Hull", "Rigging", "Crew", "Musketry"], stats),
        esc("* not in the rule book: filled in for Quarterdeck."),
    )


def _speed(rules: RuleSet) -> str:
    sizes, sails = _sizes(rules), list(rules.sails)
    rates = [[size, *(_inch(rules.speeds[size][s]) for s in sails)] for size in sizes]
    disp = rules.disposition_rate
    frac = float(rules.minimum_fraction)
    order = [d for d in ("running", "reaching", "beating") if d in disp]

    def limits(size: str, sail: str, d: str) -> str:
        hi = max(0.0, float(rules.speeds[size][sail]) + float(disp[d]))
        return f"{_n(hi * frac)}-{_n(hi)}"

    full = [[f"{size}, {sail}", *(limits(size, sail, d) for d in order)] for size in sizes for sail in sails]
    return _body(
        esc(
            f"A ship sails up to {rules.segments} segments in her activation. In each she chooses a distance "
            "between the minimum and the maximum for that segment, then may turn."
        ),
        _heading("Maximum per segment (inches) by size and sail"),
        _table(["Size", *sails], rates),
        _heading("Adjustments to the maximum"),
        "<br>".join(
            [
                *(esc(f'{_cap(d)}: {_signed(disp[d])}"') for d in order),
                esc(f'Any leak aboard: {_signed(rules.leak_rate)}"'),
                esc(f"Minimum: {_fraction(frac)} of the maximum (never below 0)."),
            ]
        ),
        _heading("Segment limits, minimum-maximum (inches)"),
        _table(["Size, sail", *order], full),
        esc(
            "With crippled rigging she sails one segment only. With no rigging left she has no sail "
            f"and drifts {_inch(rules.drift_distance)} downwind each activation instead, as do struck ships and prizes "
            "at the end of the turn."
        ),
    )


def _turning(rules: RuleSet) -> str:
    rows = [[size, f"{_n(rules.turns[size])}°"] for size in _sizes(rules)]
    return _body(
        esc(
            "At the end of each segment a ship may turn about her centre, up to her allowance either way. "
            "A turn her base has no room to make (another base, the shore, the table edge) is not allowed."
        ),
        _table(["Size", "Turn per segment"], rows),
        esc("A damaged rudder forbids any turn in the first two segments until it is repaired."),
    )


def _disposition(rules: RuleSet) -> str:
    disp = rules.disposition_rate
    speed = ", ".join(esc(f'{d} {_signed(v)}"') for d, v in disp.items())
    if rules.disposition_mode == "angles":
        a = rules.disposition_angles
        zones = _table(
            ["Wind off the bow", "Disposition"],
            [
                [f"under {_n(a['aback'])}°", "taken aback"],
                [f"{_n(a['aback'])}° to {_n(a['beating'])}°", "beating"],
                [f"{_n(a['beating'])}° to {_n(a['reaching'])}°", "reaching"],
                [f"over {_n(a['reaching'])}°", "running"],
            ],
        )
        how = esc("The angle between the bow and the direction the wind comes from decides the disposition:")
    else:
        rows = []
        for size in _sizes(rules):
            length, width = rules.bases[size]
            corner = math.degrees(math.atan2(width, length))
            rows.append([size, f"under {corner:.0f}°", f"{corner:.0f}°-90°", f"90°-{180 - corner:.0f}°"])
        zones = _table(["Size", "Aback", "Beating", "Reaching"], rows)
        how = esc(
            "Follow the wind through the ship's centre back to where it first meets her base. Across the bow: "
            "taken aback. On the side, forward of the centre: beating. On the side, aft of the centre: reaching. "
            "Across the stern: running. So the zones follow the shape of the base; in degrees off the bow "
            "(running beyond the reaching limit):"
        )
    return _body(
        esc("A ship's disposition to the wind is taken at the start of every segment."),
        how,
        zones,
        _para(esc("It changes the segment's maximum:"), speed + "."),
    )


def _aback(rules: RuleSet) -> str:
    rows = [[sail, f"{rules.taken_aback_dice[sail]}D6"] for sail in rules.sails if sail in rules.taken_aback_dice]
    tack = rules.special_actions.get("tack", {})
    return _body(
        esc(
            "A ship taken aback at the start of a segment makes no headway in it: she may only turn, up to her "
            "allowance, and her rigging suffers by the sail she carries."
        ),
        _table(["Sail", "Rigging lost"], rows),
        esc(
            f"A passed Tack ({tack.get('successes', '?')} successes) lets her sail such segments as if beating "
            "for the rest of the turn."
        ),
    )


def _collisions(rules: RuleSet) -> str:
    rows = [[size, f"{rules.collision_dice[size]}D6"] for size in _sizes(rules) if size in rules.collision_dice]
    return _body(
        esc(
            "A move is swept along its path; the first thing the base meets ends it. Meeting another ship is a "
            "collision: each ship loses hull by the size of the other one, both take the heading halfway between "
            "their own, and they are left touching."
        ),
        _table(["Size of the other ship", "Hull lost"], rows),
        esc(
            "Meeting the shore runs her aground: she is out of the battle. Crossing the table edge takes her out "
            f"of the battle too. A drift ({_inch(rules.drift_distance)} downwind) can do all of these."
        ),
    )


def _ranges(rules: RuleSet) -> str:
    rows, lower = [], 0.0
    for band, limit in rules.ranges.items():
        rows.append([_words(band), f'{_n(lower)}"-{_n(limit)}"'])
        lower = float(limit)
    return _body(
        esc(
            "Range is the shortest distance between the two bases; each band includes its upper limit. Beyond "
            "the last band there is no shot."
        ),
        _table(["Band", "Range"], rows),
        esc(
            f"Arc: each broadside covers the side of the ship between lines from her bow and stern corners, "
            f"{_n(rules.arc_off_beam)}° either side of the beam; part of the target's base must be inside."
        ),
        esc(
            f"Line of sight: a corridor {_inch(rules.los_corridor_width)} wide between the two centres; any other "
            "ship or terrain touching it blocks the shot. Ships locked in a boarding action cannot be fired at."
        ),
    )


def _guns(rules: RuleSet) -> str:
    bands = list(rules.ranges)
    rows = [[f"{row[0]}-{row[1]}", *(str(v) for v in row[2 : 2 + len(bands)])] for row in rules.broadside_dice]
    snap = rules.boarding.get("snap_fire_divisor")
    return _body(
        esc("Total dice for one broadside, by the ship's guns and the range band:"),
        _table(["Guns", *(_words(b) for b in bands)], rows),
        esc(
            "The ship's share of large guns (24-pounders and up) throws D10s, rounded to the nearest die; "
            "the rest throw D6s. A crippled hull halves each kind, rounding up; a rake then doubles them."
            + (f" Snap fire at a boarder divides them by {_n(snap)}, rounding up." if snap else "")
        ),
        esc("Every natural 10 on a D10 or 6 on a D6 adds another die of that kind, which can do the same."),
    )


def _to_hit(rules: RuleSet) -> str:
    bands = list(rules.ranges)
    rows = [[aim, *(f"{rules.to_hit[aim][b]}+" for b in bands)] for aim in rules.to_hit]
    m = rules.to_hit_modifiers
    q = list(rules.crew_qualities)
    s = list(rules.sails)
    lines = [
        f"Firer's crew: {_by(m['firer_quality'], q)}",
        f"Firer's sail: {_by(m['firer_sail'], s)}",
        f"Target's sail: {_by(m['target_sail'], s)}",
        esc(f"Target on fire: {_signed(m['target_on_fire'])}"),
        esc(f"Fired by a shore battery: {_signed(m['shore_battery_firing'])}"),
    ]
    known = {"firer_quality", "firer_sail", "target_sail", "target_on_fire", "shore_battery_firing"}
    for key, value in m.items():
        if key not in known:
            lines.append(esc(f"{_cap(_words(key))}: {value if isinstance(value, dict) else _signed(value)}"))
    cs = rules.special_actions.get("chain_shot")
    if cs and "to_hit" in cs:
        at = ", ".join(_words(b) for b in cs.get("bands", bands))
        lines.append(esc(f"Chain shot (passed test), against rigging at {at}: {_signed(cs['to_hit'])}"))
    return _body(
        esc("Each die hits on the number below or more, aiming at the hull or the rigging:"),
        _table(["Aim", *(_words(b) for b in bands)], rows),
        _heading("Modifiers (added to every die)"),
        "<br>".join(lines),
        esc(
            f"A natural 1 always misses. Each hit takes one point off the track aimed at. Musketry (point blank "
            f"only, the ship's musketry dice in D6) hits the crew on {rules.musketry_hit_on}+; marines reroll misses."
        ),
    )


def _critical_effect(row: CriticalRow) -> str:
    base = {
        "rudder": "rudder damaged",
        "mast": "mast hit",
        "fire": "fire",
        "fires": "fires",
        "leak": "leak",
        "magazine": "magazine: she explodes",
    }.get(row.effect, row.effect)
    extra = []
    if row.rigging_dice:
        extra.append(f"{row.rigging_dice}D6 rigging")
    if row.fires:
        extra.append(f"{row.fires} fire{'s' if row.fires != 1 else ''}")
    if row.leaks:
        extra.append(f"{row.leaks} leak{'s' if row.leaks != 1 else ''}")
    if row.crew_dice:
        extra.append(f"{row.crew_dice}D6 crew")
    return base + (": " + ", ".join(extra) if extra else "")


def _criticals(rules: RuleSet) -> str:
    rows = [[str(r.low) if r.low == r.high else f"{r.low}-{r.high}", _critical_effect(r)] for r in rules.critical_table]
    ff, rp = rules.special_actions.get("fight_fires", {}), rules.special_actions.get("repair", {})
    return _body(
        esc(
            f"A broadside that scores any hits rolls a D6: on {rules.critical_check_on}+ the target takes a "
            "critical hit. A rake always causes one. Shore batteries take none. Roll 2D6:"
        ),
        _table(["2D6", "Effect"], rows, align="ll"),
        esc(
            f"Fires and leaks are counted; {rules.sink_at} of either sinks her. A fire not fought in her "
            f"activation costs {ff.get('fail_crew_dice', '?')}D6 crew and spreads (one more fire); a leak not "
            f"repaired costs {rp.get('fail_crew_dice', '?')}D6 crew and worsens (one more leak). Any leak slows "
            f"her by {_inch(abs(float(rules.leak_rate)))}; a ship on fire is easier to hit "
            f"({_signed(rules.to_hit_modifiers['target_on_fire'])})."
        ),
    )


def _boarding(rules: RuleSet) -> str:
    b = rules.boarding
    rows = [[q, _signed(b["quality_d10"][q])] for q in rules.crew_qualities if q in b["quality_d10"]]
    return _body(
        esc(
            "Declare a boarding at the start of a segment. If that segment brings her within "
            f"{_inch(rules.boarding_range)} of the enemy, she stops, lays herself alongside and grapples: "
            "the two are locked together until the boarding phase decides it. A struck ship or a prize that "
            "is boarded is taken at once."
        ),
        _heading("Each round, both crews at once"),
        "<br>".join(
            [
                esc(f"One D10 for every {b['crew_per_d10']} crew points, and a D6 for any remainder."),
                esc(f"Marines: {_signed(b['marines_d10'])} D10."),
                esc("Crew quality:"),
                _table(["Crew", "D10"], rows),
                esc(
                    f"Every die of {b['hit_on']}+ is a hit. Each hit may be saved on a D6 of {b['save_on']}+; "
                    "the rest are crew points lost."
                ),
            ]
        ),
        esc(
            "A side whose crew is crippled tests morale after the round; failing strikes her colours and the "
            f"winner takes her as a prize, putting {b['prize_crew']} crew aboard. A prize changes sides and "
            "only drifts."
        ),
        esc(
            "A ship that has not acted yet this turn may snap fire at a boarder as she comes alongside, at "
            "point blank with reduced dice."
        ),
    )


def _morale(rules: RuleSet) -> str:
    st = rules.success_test
    rows = [[q, str(st["rerolls"][q])] for q in rules.crew_qualities if q in st["rerolls"]]
    rounding = {"down": "rounded down", "up": "rounded up", "nearest": "rounded to the nearest point"}
    return _body(
        _heading("Success tests"),
        esc(
            f"Roll {st['dice']}D6: each {st['success_on']}+ is a success and each {st['double_on']}+ counts twice. "
            f"All Hands on Deck adds {_dice(st['all_hands_extra_dice'])} to Fight Fires or Repair but stops her "
            "firing for the turn."
        ),
        _heading("Rerolls (failed dice, once each)"),
        _table(["Crew", "Rerolls"], rows),
        esc(
            f"A flagship has {st['flagship_rerolls']} more for every test; any ship has that many more for a "
            f"morale test with a friendly flagship within {_inch(st['flagship_morale_radius'])}."
        ),
        _heading("Crippled tracks and morale"),
        esc(
            f"A track (hull, rigging, crew) is crippled once {_fraction(rules.crippled_fraction)} of its starting "
            f"points are lost ({rounding.get(rules.crippled_rounding, rules.crippled_rounding)}). Crippled hull "
            "halves broadside dice, crippled rigging allows one segment, a crippled crew can take no special "
            "action and cannot board."
        ),
        esc(
            f"When a track becomes crippled, and after every later loss to a crippled track, the ship tests morale "
            f"at the end of the activation: {rules.morale_successes} successes or she strikes her colours."
        ),
    )


def _initiative(rules: RuleSet) -> str:
    ini = rules.initiative
    mods = [
        ["Flagship afloat in the squadron", _signed(ini["flagship_squadron"])],
        ["Signalled by a signals ship", _signed(ini["signalled"])],
        ["A crippled ship in the squadron", _signed(ini["crippled_ship_in_squadron"])],
    ]
    nations = [[n if n != "default" else "any other", _signed(v)] for n, v in ini["nation"].items()]
    rng = ini.get("signals_range")
    return _body(
        esc(f"Each squadron rolls {ini['dice']}D6 plus its modifiers; the highest total acts first."),
        _table(["Modifier", "Change"], mods),
        _heading("Nation"),
        _table(["Nation", "Change"], nations),
        esc(
            "Ties go to the side whose flagship squadron rolled higher, then to a roll-off with a D6 each."
            + (
                f" A signals ship passes a signal within {_inch(rng)} of her flagship (or of another linked "
                f"signals ship) to a squadron all within {_inch(rng)} of her."
                if rng is not None
                else ""
            )
        ),
    )


def _special_line(name: str, spec: dict[str, Any], rules: RuleSet) -> list[str]:
    need = str(spec.get("successes", "?"))
    if name == "tack":
        effect = "may sail a segment she would be taken aback in, as if beating, for the rest of the turn"
        fail = f"{spec.get('fail_rigging_dice', 0)}D6 rigging lost"
    elif name == "boxhaul":
        effect = f"sails the segment straight, then turns {_n(spec.get('turn', 0))}° and stops"
        fail = f"turns {_n(spec.get('fail_turn', 0))}° either way, {spec.get('fail_rigging_dice', 0)}D6 rigging lost"
    elif name == "fight_fires":
        effect = f"puts out D{spec.get('removes_dice', '?')} fires (declared at the start of her activation)"
        fail = f"{spec.get('fail_crew_dice', 0)}D6 crew lost"
    elif name == "repair":
        effect = (
            f"stops D{spec.get('removes_dice', '?')} leaks, or mends the rudder "
            "(declared at the start of her activation)"
        )
        fail = f"{spec.get('fail_crew_dice', 0)}D6 crew lost"
    elif name == "chain_shot":
        bands = ", ".join(_words(b) for b in spec.get("bands", []))
        effect = f"{_signed(spec.get('to_hit', 0))} to hit rigging at {bands} with that broadside"
        fail = "the broadside fires with round shot"
    elif name == "fire_as_she_bears":
        effect = "may fire after any other ship's segment, until her next activation"
        fail = "nothing happens"
    else:
        effect = ", ".join(f"{k.replace('_', ' ')} {_n(v)}" for k, v in spec.items() if k != "successes")
        fail = "see the rules data"
    return [_cap(_words(name)), need, effect, fail]


def _specials(rules: RuleSet) -> str:
    blocks = [
        esc(
            "A ship may attempt one special action a turn, a success test needing the successes shown; a ship "
            "with a crippled crew may attempt none."
        )
    ]
    for name, spec in rules.special_actions.items():
        action, need, effect, fail = _special_line(name, spec, rules)
        blocks.append(
            f"<b>{esc(action)}</b> ({esc(need)} successes)<br>"
            f"{esc('Pass: ' + effect + '.')}<br>{esc('Fail: ' + fail + '.')}"
        )
    return _body(*blocks)


def _victory(rules: RuleSet) -> str:
    v = rules.victory
    f = v["value"]
    rows = [
        ["Enemy ship sunk, exploded or aground", f"x {_n(v['sunk'])}"],
        ["Enemy ship struck", f"x {_n(v['struck'])}"],
        ["Enemy ship captured", f"x {_n(v['captured'])}"],
        ["Enemy ship left the table", f"x {_n(v['left_table'])}"],
    ]
    formula = " + ".join(f"{k} x {_n(f[k])}" for k in ("guns", "hull", "rigging", "crew") if k in f)
    example = next((r for r in rules.base_stats if not r.extrapolated), rules.base_stats[0])
    guns = example.guns[0]
    worth = guns * f["guns"] + example.hull * f["hull"] + example.rigging * f["rigging"] + example.crew * f["crew"]
    return _body(
        esc(
            "The battle ends at the end of a turn when fewer than two sides have a ship able to fight, or at the "
            "scenario's last turn. Each side scores for the enemy ships it has beaten; more points wins, equal "
            "points are a draw."
        ),
        _table(["Result", "Ship's value"], rows, align="ll"),
        esc(
            f"A ship's value = {formula}, from her starting tracks, rounded to a whole number. For example a "
            f"{example.rate} rate of {guns} guns ({example.hull} hull, {example.rigging} rigging, {example.crew} "
            f"crew) is worth {int(worth + 0.5)}."
        ),
        esc("A ship that leaves by the edge her scenario sends her to scores her full value for her own side instead."),
    )


_SECTIONS: list[tuple[str, Callable[[RuleSet], str]]] = [
    ("Ships and sizes", _ships),
    ("Speed", _speed),
    ("Turning", _turning),
    ("Wind and disposition", _disposition),
    ("Taken aback", _aback),
    ("Collisions, shore and table edge", _collisions),
    ("Range, arcs and sight", _ranges),
    ("Broadside dice", _guns),
    ("To hit", _to_hit),
    ("Critical hits, fires and leaks", _criticals),
    ("Boarding", _boarding),
    ("Tests, rerolls and morale", _morale),
    ("Initiative", _initiative),
    ("Special actions", _specials),
    ("Victory points", _victory),
]


def reference_sections(rules: RuleSet) -> list[tuple[str, str]]:
    """(title, body) pairs for the rules reference panel, every number from ``rules``.

    Titles are plain text; bodies are pygame_gui HTML (see the module docstring).
    """
    return [(title, build(rules)) for title, build in _SECTIONS]
