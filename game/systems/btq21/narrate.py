"""Beat to Quarters' events in plain words: the log panel, the dice tray and the exported log.

The engine reports everything as events (``shared/design/BATTLE-LOG.md``);
players should not have to read JSON to follow a battle, so this module turns
each event into one sentence using the ships' names and describes the dice an
event rolled in a form the dice tray can draw (:class:`DiceRoll`).  It never
raises on a strange event: unknown or malformed events get a generic line
listing their fields (:func:`narration.generic_line`).

Some thresholds are not recorded in the events (the 4+ of a success test, the
hit and save numbers of boarding and musketry, the critical check number).
``describe`` and ``dice_roll`` accept the game's :class:`RuleSet` as an
optional ``rules`` keyword to fill them in; without it those numbers are left
out rather than guessed, so house rules are never misreported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from game.systems import narration
from game.systems.base import TurnBar
from game.systems.btq21 import fortune, visibility
from game.systems.btq21.shot import title as shot_title
from game.systems.btq21.weather import label as weather_label
from game.systems.narration import (
    DiceGroup,
    DiceRoll,
    Event,
    Names,
    event_game_turn,
    generic_line,
    names_from_scenario,
    names_from_setup,
)
from game.table.written import inches

if TYPE_CHECKING:
    from game.content.model import RuleSet
    from game.systems.btq21.state import GameState

__all__ = [
    "BOOKKEEPING_TYPES",
    "NARRATED_TYPES",
    "DiceGroup",
    "DiceRoll",
    "describe",
    "dice_roll",
    "event_game_turn",
    "export_text",
    "generic_line",
    "names_from_scenario",
    "names_from_setup",
    "cue",
]

#: Events that only mark the engine's progress through the turn; they would
#: clutter the log, so :func:`describe` returns None for them.  ``phase`` marks
#: the start of the boarding and end phases, which the events that follow
#: (boarding rounds, drifts, the next turn) already make plain.
BOOKKEEPING_TYPES: frozenset[str] = frozenset({"phase"})

_COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")

_BANDS: dict[Any, str] = {
    "point_blank": "point-blank range",
    "close": "close range",
    "effective": "effective range",
    "long": "long range",
}

_CRITICAL_WORDS: dict[Any, str] = {
    "rudder": "rudder damaged, no turning in her first two segments until repaired",
    "mast": "a mast is shot through, rigging damage",
    "fire": "fire breaks out",
    "fires": "fires break out",
    "leak": "she springs a leak",
    "magazine": "the magazine is hit",
}

_TEST_PHRASES = {
    "morale": "tests morale",
    "tack": "tries to tack",
    "boxhaul": "tries to boxhaul",
    "fight_fires": "fights her fires",
    "repair": "tries to repair",
    "chain_shot": "loads chain shot",
    "fire_as_she_bears": "orders fire as she bears",
    "shoal": "feels her way over a shoal",
}

_TEST_PURPOSES = {
    "morale": "Morale test",
    "tack": "Tack",
    "boxhaul": "Boxhaul",
    "fight_fires": "Fight fires",
    "repair": "Repair",
    "chain_shot": "Chain shot",
    "fire_as_she_bears": "Fire as she bears",
    "shoal": "Crossing a shoal",
}


# --- small helpers --------------------------------------------------------------


def _name(names: Names, ident: Any) -> str:
    """A ship's display name, falling back to its id (the log's ids are stable and readable)."""
    if ident is None:
        return "nobody"
    return str(names.get(ident, ident))


def _label(names: Names, ident: Any) -> str:
    """A squadron, side or terrain: the given name, else the id made readable ("inshore_brig" -> "Inshore brig")."""
    if ident is None:
        return "nobody"
    if ident in names:
        return str(names[ident])
    text = str(ident).replace("_", " ")
    return text[:1].upper() + text[1:]


def _num(x: Any, places: int = 1) -> str:
    """A number as a person writes it: 5, 5.2, 44.5 (no trailing zeros)."""
    try:
        r = round(float(x), places)
    except (TypeError, ValueError):
        return str(x)
    if r == int(r):
        return str(int(r))
    return f"{r:.{places}f}".rstrip("0").rstrip(".")


_inches = inches


def _compass(bearing: Any) -> str:
    return _COMPASS[int((float(bearing) % 360.0) / 22.5 + 0.5) % 16]


def _turning(degrees: Any) -> str:
    """Words for a turn: compass headings grow clockwise, so a positive turn is to starboard."""
    d = float(degrees or 0.0)
    if abs(d) < 0.05:
        return ""
    return f"turns {_num(abs(d))}° to {'starboard' if d > 0 else 'port'}"


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _faces(faces: Iterable[Any]) -> str:
    return " ".join(str(f) for f in faces)


def _damage_dice(faces: list[int], sides: int = 6) -> str:
    """'3D6 = 11 (3+5+3)': the sum matters for damage, the faces show it was fair."""
    if not faces:
        return "no dice"
    return f"{len(faces)}D{sides} = {sum(faces)} ({'+'.join(str(f) for f in faces)})"


def _hits(n: int) -> str:
    return "no hits" if n == 0 else _plural(n, "hit")


def _dice_count(d10: int, d6: int) -> str:
    parts = [f"{n} D{s}" for n, s in ((d10, 10), (d6, 6)) if n]
    return " and ".join(parts) if parts else "no dice"


def _purpose_key(purpose: str) -> tuple[str, bool]:
    """'special:fight_fires:all_hands' -> ('fight_fires', True)."""
    parts = str(purpose).split(":")
    if parts and parts[0] == "special":
        parts = parts[1:]
    all_hands = "all_hands" in parts
    parts = [p for p in parts if p != "all_hands"]
    return (parts[0] if parts else str(purpose)), all_hands


def _lookup(table: Mapping[str, Any] | None, value: int) -> str | None:
    """The one key of a rules table with this value (e.g. the crew quality that gives +1), else None."""
    if not table:
        return None
    keys = [k for k, v in table.items() if int(v) == value]
    return keys[0] if len(keys) == 1 else None


def _modifier_words(key: str, value: int, rules: RuleSet | None) -> str:
    m = rules.to_hit_modifiers if rules is not None else {}
    if key == "firer_quality":
        q = _lookup(m.get("firer_quality"), value)
        return f"{q or ('good' if value > 0 else 'poor')} crew"
    if key == "firer_sail":
        s = _lookup(m.get("firer_sail"), value)
        return f"firing under {s} sail" if s else "her own sail setting"
    if key == "target_sail":
        s = _lookup(m.get("target_sail"), value)
        return f"target under {s} sail" if s else "the target's sail setting"
    return {
        "target_on_fire": "target on fire",
        "shore_battery": "shore battery",
        "chain_shot": "chain shot",
        "shot": "the shot loaded",
        "chasers": "chasers rigged",
        "weather": "the weather",
        "fortune": "fortune" if value > 0 else "calamity",
        "national": "her nation's gunnery",
    }.get(key, key.replace("_", " "))


def _broadside_needed(needed: int, modifier: int) -> int:
    """The face a die must show: modifiers apply to the die, and a natural 1 always misses."""
    return max(2, int(needed) - int(modifier))


# --- one line per event ----------------------------------------------------------


def _anchor(e: Event, n: Names, rules: RuleSet | None) -> str:
    who, end = _name(n, e["ship"]), e.get("end", "bow")
    act = e.get("act")
    if act == "moored":
        return f"{who} lies at anchor by the {end}."
    if act == "let_go":
        return f"{who} lets go her anchor by the {end}: she rides to it and will not drift."
    if act == "cut":
        return f"{who} cuts her cable and makes sail: she has no anchor left to let go."
    if e.get("weighed"):
        return f"{who} has her anchor up and catted: she sails next turn."
    return f"{who} heaves in her cable ({e.get('step')} of {e.get('of')} turns to weigh); she holds her ground."


def _swing(e: Event, n: Names, rules: RuleSet | None) -> str:
    deg = float(e.get("degrees", 0.0))
    way = "to starboard" if deg > 0 else "to port"
    swinging = "stern" if e.get("about") == "bow" else "bow"
    return (f"{_name(n, e['ship'])} swings {_num(abs(deg))}° {way} about her anchor, her {swinging} coming round"
            f" (now heading {_num(e['to'][2])}°).")


def _fouling(e: Event, n: Names, rules: RuleSet | None) -> str:
    a, b = _name(n, e["ship"]), _name(n, e["other"])
    if e.get("fouled"):
        return f"{a} and {b} foul each other (a {e['roll']}): their rigging is tangled and neither can sail."
    return f"{a} and {b} swing clear without fouling (a {e['roll']})."


def _unfouled(e: Event, n: Names, rules: RuleSet | None) -> str:
    others = " and ".join(_name(n, o) for o in e.get("others", []))
    return f"{_name(n, e['ship'])} cuts away the tangle and is clear of {others or 'the wreck'}: she may sail."


def _fireship(e: Event, n: Names, rules: RuleSet | None) -> str:
    return (f"{_name(n, e['ship'])} is set ablaze as a fireship: her crew takes to the boats and she runs on "
            "before the wind, straight for the enemy.")


def _fireship_roll(e: Event, n: Names, rules: RuleSet | None) -> str:
    if e.get("explodes"):
        return f"The fire reaches {_name(n, e['ship'])}'s powder (a {e['roll']}): the fireship blows up!"
    return f"{_name(n, e['ship'])} burns on (a {e['roll']}): the fireship has not blown up yet."


def _fireship_blast(e: Event, n: Names, rules: RuleSet | None) -> str:
    dice = _dice_count(int(e.get("d10", 0)), int(e.get("d6", 0)))
    aim = e.get("aim", "hull")
    return (f"The blast of {_name(n, e['ship'])} strikes {_name(n, e['target'])}: {dice} at her {aim}, "
            f"{e['hits']} hit{'s' if e['hits'] != 1 else ''}.")


def _fireship_flames(e: Event, n: Names, rules: RuleSet | None) -> str:
    whose = f"{_name(n, e['ship'])}'s {'burning wreckage' if e.get('blast') else 'flames'}"
    if e.get("fire"):
        return f"{whose} set {_name(n, e['target'])} alight (a {e['roll']})."
    return f"{_name(n, e['target'])} fends off {whose} (a {e['roll']})."


def _setup(e: Event, n: Names, rules: RuleSet | None) -> str:
    sides = [n.get(s.get("id")) or s.get("name") or _label(n, s.get("id")) for s in e.get("sides", [])]
    table = e.get("table") or {}
    text = f"The battle begins: {_label(n, e.get('scenario'))}"
    if sides:
        text += f", {' against '.join(str(s) for s in sides)}"
    text += f". Wind from {_num(e['wind_from'])}° ({_compass(e['wind_from'])})"
    if table:
        text += f', table {_num(table.get("width"))}" by {_num(table.get("height"))}"'
    if e.get("turn_limit"):
        text += f", {_plural(int(e['turn_limit']), 'turn')}"
    text += f", {_plural(len(e.get('ships', [])), 'ship')}"
    if e.get("weather"):
        text += f", weather: {weather_label(str(e['weather']))}"
    if e.get("visibility"):
        text += f', {e["visibility"]}: guns reach {_num(e.get("visibility_range"))}"'
    aims = (e.get("victory") or {}).get("objectives") or ()
    if aims:
        text += ", objectives: " + "; ".join(
            f"{a.get('name') or str(a.get('id')).replace('_', ' ')} ({_label(n, a.get('side'))}, {a.get('kind')})"
            for a in aims if isinstance(a, Mapping))
    options = e.get("options")
    if options:
        text += f", options: {', '.join(str(o).replace('_', ' ') for o in options)}"
    return text + f" (rules {e.get('ruleset')}, seed {e.get('seed')})."


def _wind(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"The wind shifts: it now blows from {_num(e['from'])}° ({_compass(e['from'])})."


def _wind_roll(e: Event, n: Names, rules: RuleSet | None) -> str:
    if int(e["chip"]) != 1:
        return f"The weather chip stays in the bag (drew {e['chip']} of {e['chips']}): the wind holds."
    if "weather_roll" in e:
        die = rules.options["weather"]["weather_die"] if rules is not None and "weather" in rules.options else 12
        return (
            f"The weather chip comes out first; D8 {e['change']}: the weather may change, D{die} {e['weather_roll']}."
        )
    if "steps" not in e:
        return f"The weather chip comes out first; D8 {e['change']}: the wind holds."
    step = f" ({e['steps']} × {_num(rules.options['wind_shifts']['shift_step'])}°)" if rules else ""
    return f"The weather chip comes out first; D8 {e['change']}: the wind {e['shift']} {e['steps']} point(s){step}."


def _weather(e: Event, n: Names, rules: RuleSet | None) -> str:
    now = str(e["weather"])
    text = f"The weather turns from {weather_label(str(e['was']))} to {weather_label(now)}"
    fx = rules.options.get("weather", {}).get("effects", {}).get(now) if rules is not None else None
    return text + (f": {weather_effects(fx)}." if fx else ".")


def weather_effects(fx: Mapping[str, Any]) -> str:
    """What a row of the weather effects table does, in a player's words."""
    parts = []
    if float(fx.get("speed_factor", 1.0)) != 1.0:
        parts.append(f"ships sail at {_num(100 * float(fx['speed_factor']))}% of their speed")
    if float(fx.get("speed_bonus", 0.0)):
        parts.append(f'ships under way sail {_num(fx["speed_bonus"])}" farther each segment')
    if float(fx.get("range_factor", 1.0)) != 1.0:
        parts.append(f"gun ranges are cut to {_num(100 * float(fx['range_factor']))}%")
    if int(fx.get("to_hit", 0)):
        parts.append(f"{int(fx['to_hit']):+d} to hit")
    return ", ".join(parts) or "no effect on sailing or gunnery"


#: The fortune and calamity cards as the log names them (the tables' own words otherwise).
CARD_TITLES = {
    "fair_wind": "a fair slant of wind",
    "gun_captains": "gun captains on their mettle",
    "carpenters": "the carpenter's crew at the pumps",
    "fire_parties": "fire parties standing ready",
    "steady_hands": "steady hands",
    "parted_sheet": "a sheet parts",
    "damp_powder": "damp powder",
    "gun_bursts": "a gun bursts",
    "galley_fire": "fire in the galley",
    "spar_carried_away": "a spar carried away",
    "confusion": "confusion on deck",
}


def card_title(card: str) -> str:
    return CARD_TITLES.get(card, card.replace("_", " "))


def card_effects(fx: Mapping[str, Any]) -> str:
    """What a row of the fortune effects table does, in a player's words."""
    parts = []
    if float(fx.get("speed", 0.0)):
        parts.append(f'{float(fx["speed"]):+g}" to each segment she sails')
    if int(fx.get("to_hit", 0)):
        parts.append(f"{int(fx['to_hit']):+d} to hit with her broadsides")
    if int(fx.get("rerolls", 0)):
        parts.append(f"{int(fx['rerolls']):+d} reroll in her tests")
    for key, one, many in (("fires", "fire", "fires"), ("leaks", "leak", "leaks")):
        k = int(fx.get(key, 0))
        if k:
            count = "one more" if k == 1 else "one fewer" if k == -1 else f"{k:+d}"
            parts.append(f"{count} {one if abs(k) == 1 else many}")
    for key, track in (("crew_dice", "crew"), ("rigging_dice", "rigging")):
        if int(fx.get(key, 0)):
            parts.append(f"{int(fx[key])}D6 {track} lost")
    return ", ".join(parts) or "no effect"


def _fortune_card(e: Event, n: Names, rules: RuleSet | None) -> str:
    kind = "Fortune" if e["kind"] == "fortune" else "Calamity"
    spec = rules.options.get("fortune", {}) if rules is not None else {}
    fx = spec.get("effects", {}).get(e["card"])
    what = f" ({card_effects(fx)})" if fx else ""
    return (
        f"The card of fortune and calamity comes out: D{spec.get('card_die', 10)} {e['roll']}, {kind.lower()}; "
        f"D{spec.get('table_die', 6)} {e['face']}: {kind} — {card_title(str(e['card']))}{what}. "
        f"It falls on {_label(n, e['squadron'])}: the first of its ships to act takes it."
    )


def _fortune(e: Event, n: Names, rules: RuleSet | None) -> str:
    text = f"{_name(n, e['ship'])} takes the card: {card_title(str(e['card']))}"
    if "fires" in e:
        text += f"; fires now {e['fires']}"
    if "leaks" in e:
        text += f"; leaks now {e['leaks']}"
    for track in ("crew", "rigging"):
        faces = e.get(f"{track}_faces")
        if faces:
            text += f"; {_faces(list(faces))} {track} lost"
    return text + "."


def _shot_stock(e: Event, n: Names, rules: RuleSet | None) -> str:
    die = rules.options.get("shot", {}).get("stock_die", 6) if rules is not None else 6
    return (f"{_label(n, e['side'])} rolls D{die} {e['roll']} for special shot: "
            f"{_plural(int(e['stock']), 'broadside')} of chain, double, grape or hot shot.")


def _load(e: Event, n: Names, rules: RuleSet | None) -> str:
    text = f"{_name(n, e['ship'])} loads her {e['side']} guns with {shot_title(str(e['shot']))}"
    return text + ("." if e.get("ready") else ": it takes her whole activation, ready at her next.")


def _loaded(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"{_name(n, e['ship'])}'s {e['side']} guns are loaded with {shot_title(str(e['shot']))} and run out."


def _shot_spent(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"{_label(n, e['side'])} has no special shot left: every gun goes back to round shot."


def _fire_die(e: Event, rules: RuleSet | None) -> str:
    sides = rules.options.get("shot", {}).get("fire_die", 6) if rules is not None else 6
    return f"D{sides} {e['roll']}"


def _hot_shot(e: Event, n: Names, rules: RuleSet | None) -> str:
    roll = _fire_die(e, rules)
    if e.get("backfire"):
        return (f"{_name(n, e['ship'])}'s hot shot: {roll} — a glowing ball sets her own deck alight; "
                f"her {e['side']} broadside is lost.")
    return f"{_name(n, e['ship'])} runs out hot shot: {roll}, the furnace is kept in hand."


def _hot_shot_hit(e: Event, n: Names, rules: RuleSet | None) -> str:
    target, roll = _name(n, e["target"]), _fire_die(e, rules)
    if e.get("explodes"):
        return f"Hot shot lodges in {target}, already burning from the broadside ({roll}): she blows up!"
    if e.get("fire"):
        return f"Hot shot lodges in {target}'s timbers ({roll}): she is on fire."
    return f"Hot shot strikes {target} but starts no fire ({roll})."


def _chasers(e: Event, n: Names, rules: RuleSet | None) -> str:
    if e.get("rigged"):
        return (f"{_name(n, e['ship'])} rigs her bow and stern chasers: her guns are being shifted and fire "
                "nothing more this turn.")
    return f"{_name(n, e['ship'])} strikes her chasers below: her guns fire nothing more this turn."


def _turn(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"Turn {e.get('number', e.get('turn'))} begins."


def _initiative(e: Event, n: Names, rules: RuleSet | None) -> str:
    roll = list(e["roll"])
    mods = e.get("modifiers") or {}
    nation = e.get("nation")
    words = {
        "flagship": "flagship",
        "nation": f"{nation.title()} squadron" if isinstance(nation, str) and nation else "nation",
        "signalled": "signal",
        "crippled": "crippled ship",
    }
    text = f"{_label(n, e['squadron'])} roll {'+'.join(str(f) for f in roll)} for initiative"
    if mods:
        text += ", " + ", ".join(f"{int(v):+d} {words.get(k, k.replace('_', ' '))}" for k, v in mods.items())
    elif e.get("modifier"):
        text += f", {int(e['modifier']):+d}"
    return text + f": {e['total']}."


def _initiative_tiebreak(e: Event, n: Names, rules: RuleSet | None) -> str:
    pairs = ", ".join(f"{_label(n, s)} {f}" for s, f in zip(e["squadrons"], e["faces"], strict=False))
    return f"Tied for initiative; a die each decides: {pairs}."


def _initiative_order(e: Event, n: Names, rules: RuleSet | None) -> str:
    order = [_label(n, s) for s in e["order"]]
    return f"Order of play: {', '.join(order)}." if order else "No squadron can act this turn."


def _activation(e: Event, n: Names, rules: RuleSet | None) -> str:
    sq = e.get("squadron")
    of = f" ({_label(n, sq)})" if sq and sq != e["ship"] else ""
    return f"{_name(n, e['ship'])}{of} takes her turn."


def _activation_end(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"{_name(n, e['ship'])} ends her turn."


def _sail(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"{_name(n, e['ship'])} sets {e['sail']} sail."


def _test(e: Event, n: Names, rules: RuleSet | None) -> str:
    key, all_hands = _purpose_key(e["purpose"])
    ship = _name(n, e["ship"])
    phrase = _TEST_PHRASES.get(key, f"attempts {key.replace('_', ' ')}")
    if all_hands:
        phrase += " with all hands on deck"
    faces = list(e["faces"])
    first = list(e.get("first_faces", faces))
    rerolled = list(e.get("rerolled", []))
    rolled = f"rolls {_faces(first)}"
    if rerolled:
        changes = ", ".join(f"{first[i]} to {faces[i]}"  # the log font has no arrow glyph
                            for i in rerolled if i < len(first) and i < len(faces))
        rolled += f", rerolls {changes}"
    got, needed = int(e["successes"]), int(e["needed"])
    verdict = "passed" if e["passed"] else "failed"
    if key == "morale":
        verdict = "she holds" if e["passed"] else "she breaks"
    quality = f" ({e['quality']} crew)" if e.get("quality") else ""
    return f"{ship}{quality} {phrase}: {rolled}: {_plural(got, 'success', 'successes')} ({needed} needed), {verdict}."


def _move(e: Event, n: Names, rules: RuleSet | None) -> str:
    ship = _name(n, e["ship"])
    dist = float(e.get("distance", 0.0))
    turning = _turning(e.get("turn", 0.0))
    stopped = e.get("stopped")
    seg = e.get("segment")
    where = f"segment {seg}" if seg else ""
    if e.get("boxhaul"):
        text = f"{ship} boxhauls: she sails {_inches(dist)}"
        if abs(float(e.get("turn", 0.0))) > 0.05:
            text += f" and comes about {_num(abs(float(e['turn'])))}°"
    elif e.get("astern"):
        text = f"{ship} is fouled and backs clear: {_inches(dist)} astern"
        if turning:
            text += f", then {turning}"
    elif e.get("disposition") == "aback" and dist < 1e-6 and not stopped:
        text = f"{ship} lies taken aback and makes no headway"
        if turning:
            text += f"; she {turning}"
    else:
        text = f"{ship} sails {_inches(dist)}"
        if turning:
            text += f" and {turning}"
    tail = {
        "ship": " until she runs into another ship",
        "terrain": " until she strikes the shore",
        "shoal": " until she takes the ground on a shoal",
        "edge": " to the edge of the table",
        "boarding": " to close with the ship she means to board",
    }.get(str(stopped), f" until stopped ({stopped})" if stopped else "")
    text += tail
    disposition = e.get("disposition")
    if disposition == "aback":
        # Moving while aback means a passed tack or a boxhaul: she sails at the beating rate.
        disposition = "head to wind, sailing as if beating" if dist > 1e-6 else ""
    info = [x for x in (where, disposition) if x]
    if e.get("sail"):
        info.append(f"{e['sail']} sail")
    return text + (f" ({', '.join(info)})" if info else "") + "."


def _taken_aback(e: Event, n: Names, rules: RuleSet | None) -> str:
    faces = list(e.get("faces", []))
    lost = int(e.get("rigging_lost", 0))
    text = f"{_name(n, e['ship'])} is taken aback under {e.get('sail')} sail: {_damage_dice(faces)}"
    if lost < sum(faces):
        return text + f", she loses {lost} rigging (all she had left)."
    return text + f", she loses {lost} rigging."


def _drift(e: Event, n: Names, rules: RuleSet | None) -> str:
    dist = e.get("distance")
    return f"{_name(n, e['ship'])} drifts {_inches(dist) + ' ' if dist is not None else ''}downwind."


def _collision(e: Event, n: Names, rules: RuleSet | None) -> str:
    a, b = _name(n, e["ship"]), _name(n, e["other"])
    text = (
        f"{a} collides with {b}: {a} loses {e.get('hull_lost', 0)} hull ({_damage_dice(list(e.get('faces', [])))}), "
        f"{b} loses {e.get('other_hull_lost', 0)} hull ({_damage_dice(list(e.get('other_faces', [])))})"
    )
    to, other_to = e.get("to"), e.get("other_to")
    if isinstance(to, list) and isinstance(other_to, list) and len(to) == 3 and len(other_to) == 3:
        same = abs((float(to[2]) - float(other_to[2]) + 180.0) % 360.0 - 180.0) < 1.0
        how = f"both now head {_num(to[2], 0)}°" if same else (
            f"they lie along one line, {a} heading {_num(to[2], 0)}°, {b} {_num(other_to[2], 0)}°"
        )
        text += f"; {how}"
    return text + "."


def _aground(e: Event, n: Names, rules: RuleSet | None) -> str:
    on = e.get("on")
    where = f" on {_label(n, on)}" if on else ""
    return f"{_name(n, e['ship'])} runs aground{where} and is out of the battle."


def _left_table(e: Event, n: Names, rules: RuleSet | None) -> str:
    edge = e.get("edge")
    by = f" by the {edge} edge" if edge else ""
    return f"{_name(n, e['ship'])} leaves the table{by} and the battle."


def _broadside(e: Event, n: Names, rules: RuleSet | None) -> str:
    firer, target = _name(n, e["ship"]), _name(n, e["target"])
    side = e.get("side")
    snap = e.get("kind") == "snap_fire"
    if side == "battery":
        head = f"{firer} fires at {target}"
    elif snap:
        head = f"{firer} snap-fires her {side} broadside at {target}, her boarder"
    elif side in ("bow", "stern"):
        head = f"{firer} fires her {side} chasers at {target}"
    else:
        head = f"{firer} fires her {side} broadside at {target}"
    if e.get("shot"):
        head += f", {shot_title(str(e['shot']))}"
        if e.get("hits_on") and e.get("hits_on") != e.get("aim"):
            head += f" (its hits fall on the {e['hits_on']})"
    where = f"{e.get('aim')}, {_BANDS.get(e.get('band'), str(e.get('band')).replace('_', ' '))}"
    where += " alongside" if snap else f" {_inches(e.get('range'))}"
    notes = []
    if e.get("rake"):
        notes.append("raking, dice doubled")
    if e.get("crippled_hull"):
        notes.append("hull crippled, dice halved")
    if snap:
        notes.append("snap fire, dice halved")
    if notes:
        where += ", " + ", ".join(notes)
    d10, d6 = int(e.get("d10", 0)), int(e.get("d6", 0))
    dice = _dice_count(d10, d6)
    extra = len(e.get("faces_d10", [])) - d10 + len(e.get("faces_d6", [])) - d6
    if extra > 0:
        dice += f" (+{extra} for natural maximums)"
    nd10, nd6 = e.get("needed_d10"), e.get("needed_d6")
    if nd10 == nd6 or not d10 or not d6:
        need = f"needing {nd6 if d6 else nd10}+"
    else:
        need = f"D10 needing {nd10}+, D6 needing {nd6}+"
    mods = e.get("modifiers") or {}
    mod_text = "".join(f", {int(v):+d} {_modifier_words(k, int(v), rules)}" for k, v in mods.items())
    if not mods and e.get("modifier"):
        mod_text = f", {int(e['modifier']):+d}"
    return f"{head}: {where} — {dice} {need}{mod_text}: {_hits(int(e['hits']))}."


def _musketry(e: Event, n: Names, rules: RuleSet | None) -> str:
    rerolled = list(e.get("rerolled", []))
    need = f" needing {rules.musketry_hit_on}+" if rules is not None else ""
    again = f" ({_plural(len(rerolled), 'miss', 'misses')} rerolled by marines)" if rerolled else ""
    return (
        f"{_name(n, e['ship'])}'s musketry sweeps {_name(n, e['target'])}'s deck: "
        f"{e.get('dice', len(e.get('faces', [])))} D6{need}{again}: {_hits(int(e['hits']))}."
    )


def _critical_check(e: Event, n: Names, rules: RuleSet | None) -> str:
    need = f" (needs {rules.critical_check_on}+)" if rules is not None else ""
    result = "a critical hit!" if e.get("critical") else "no critical"
    return f"Critical check on {_name(n, e['ship'])}: rolls {e['roll']}{need}, {result}" + (
        "" if e.get("critical") else "."
    )


def _critical(e: Event, n: Names, rules: RuleSet | None) -> str:
    faces = list(e.get("faces", []))
    roll = f"{'+'.join(str(f) for f in faces)} = {e['roll']}" if faces else str(e["roll"])
    effect = e.get("effect")
    words = _CRITICAL_WORDS.get(effect, str(effect).replace("_", " "))
    return f"Critical hit on {_name(n, e['ship'])} ({roll}): {words}."


def _damage(e: Event, n: Names, rules: RuleSet | None) -> str:
    text = f"{_name(n, e['ship'])} loses {e['lost']} {e['track']} ({e['left']} left"
    return text + (f", {e['track']} crippled)." if e.get("crippled") else ").")


def _demasted(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"{_name(n, e['ship'])} has lost all her masts: she can only drift now."


def _fire_spreads(e: Event, n: Names, rules: RuleSet | None) -> str:
    fires = e.get("fires")
    count = f"; now {_plural(int(fires), 'fire')} aboard" if fires is not None else ""
    return (
        f"Unfought, the fire spreads aboard {_name(n, e['ship'])}: "
        f"{_damage_dice(list(e.get('faces', [])))} crew lost{count}."
    )


def _leak_worsens(e: Event, n: Names, rules: RuleSet | None) -> str:
    leaks = e.get("leaks")
    count = f"; now {_plural(int(leaks), 'leak')}" if leaks is not None else ""
    return (
        f"Unrepaired, {_name(n, e['ship'])}'s leaks gain on the pumps: "
        f"{_damage_dice(list(e.get('faces', [])))} crew lost{count}."
    )


def _fires_fought(e: Event, n: Names, rules: RuleSet | None) -> str:
    left = int(e.get("fires", 0))
    rest = "the fires are out" if left == 0 else f"{_plural(left, 'fire')} still burning"
    removed = int(e.get("removed", 0))
    return f"{_name(n, e['ship'])}'s crew put out {_plural(removed, 'fire')} (D3 from a {e.get('roll')}): {rest}."


def _repaired(e: Event, n: Names, rules: RuleSet | None) -> str:
    ship = _name(n, e["ship"])
    if e.get("what") == "rudder":
        return f"{ship}'s carpenters repair her rudder."
    if e.get("what") == "leaks":
        left = int(e.get("leaks", 0))
        rest = "she is tight again" if left == 0 else f"{_plural(left, 'leak')} left"
        return (
            f"{ship}'s carpenters stop {_plural(int(e.get('removed', 0)), 'leak')} (D3 from a {e.get('roll')}): {rest}."
        )
    return f"{ship} repairs her {e.get('what')}."


def _special_failed(e: Event, n: Names, rules: RuleSet | None) -> str:
    ship = _name(n, e["ship"])
    dice = _damage_dice(list(e.get("faces", [])))
    action = e.get("action")
    if action == "tack":
        return f"{ship} misses stays trying to tack: {dice} rigging lost."
    if action == "boxhaul":
        turn = float(e.get("turn", 0.0))
        fall = f"she falls off {_num(abs(turn))}° to {'starboard' if turn > 0 else 'port'} and " if turn else ""
        return f"{ship}'s boxhaul fails: {fall}loses {dice} rigging."
    if action == "fight_fires":
        return f"{ship} fails to master her fires: {dice} crew lost."
    if action == "repair":
        return f"{ship}'s repairs fail: {dice} crew lost."
    return f"{ship} fails to {str(action).replace('_', ' ')}: {dice}."


def _hold_fire(e: Event, n: Names, rules: RuleSet | None) -> str:
    if e.get("snap"):
        return f"{_name(n, e['ship'])} holds her fire as the boarder comes alongside."
    return f"{_name(n, e['ship'])} holds her fire for now (she may still fire as she bears)."


def _snap_chance(e: Event, n: Names, rules: RuleSet | None) -> str:
    return f"{_name(n, e['ship'])} may snap fire at {_name(n, e['target'])} as she comes alongside."


def _declare_boarding(e: Event, n: Names, rules: RuleSet | None) -> str:
    seg = f" in segment {e['segment']}" if e.get("segment") else ""
    return f"{_name(n, e['ship'])} makes ready to board {_name(n, e['target'])}{seg}."


def _grapple(e: Event, n: Names, rules: RuleSet | None) -> str:
    if e.get("fouled"):
        return f"{_name(n, e['ship'])} throws her grapnels into {_name(n, e['target'])}, fouled with her, and boards."
    return f"{_name(n, e['ship'])} lays herself alongside {_name(n, e['target'])} and grapples her."


def _boarding_failed(e: Event, n: Names, rules: RuleSet | None) -> str:
    why = f": {e['reason']}" if e.get("reason") else ""
    return f"{_name(n, e['ship'])} cannot grapple {_name(n, e['target'])}{why}."


def _pool_words(dice: Mapping[str, list[int]]) -> str:
    return _dice_count(len(dice.get("d10", [])), len(dice.get("d6", [])))


def _boarding(e: Event, n: Names, rules: RuleSet | None) -> str:
    a, d = _name(n, e["attacker"]), _name(n, e["defender"])
    ah, dh = int(e["attacker_hits"]), int(e["defender_hits"])
    text = (
        f"Boarding, round {e.get('round')}: {a} ({_pool_words(e.get('attacker_dice', {}))}) scores {_hits(ah)}, "
        f"{d} ({_pool_words(e.get('defender_dice', {}))}) {_hits(dh)}"
    )
    a_saves, d_saves = list(e.get("attacker_saves", [])), list(e.get("defender_saves", []))
    if rules is not None:
        on = int(rules.boarding["save_on"])
        a_ok, d_ok = sum(1 for f in a_saves if f >= on), sum(1 for f in d_saves if f >= on)
        return text + f"; saving on {on}+, {a} saves {a_ok} of {dh}, {d} saves {d_ok} of {ah}."
    return text + f"; saves: {a} rolls {_faces(a_saves) or 'none'}, {d} rolls {_faces(d_saves) or 'none'}."


def _boarding_broken_off(e: Event, n: Names, rules: RuleSet | None) -> str:
    rounds = f" after {e['rounds']} rounds" if e.get("rounds") else ""
    return f"The boarding action between {_name(n, e['attacker'])} and {_name(n, e['defender'])} is broken off{rounds}."


def _struck(e: Event, n: Names, rules: RuleSet | None) -> str:
    text = f"{_name(n, e['ship'])} strikes her colours"
    if e.get("by"):
        text += f" to {_name(n, e['by'])}"
    return text + (f" ({e['reason']})." if e.get("reason") else ".")


def _sunk(e: Event, n: Names, rules: RuleSet | None) -> str:
    by = f", sent to the bottom by {_name(n, e['by'])}" if e.get("by") else ""
    if e.get("dragged_by"):
        by = f", dragged down by {_name(n, e['dragged_by'])}, still fouled with her"
    return f"{_name(n, e['ship'])} sinks{by}."


def _exploded(e: Event, n: Names, rules: RuleSet | None) -> str:
    if e.get("cause") == "fireship":
        return f"{_name(n, e['ship'])} is gone, blown to pieces with all her fire."
    if e.get("cause") == "hot_shot":
        return f"{_name(n, e['ship'])} blows up: the hot shot and the fire already aboard reach her magazine."
    return f"{_name(n, e['ship'])} blows up as her magazine explodes."


def _destroyed(e: Event, n: Names, rules: RuleSet | None) -> str:
    by = f" by {_name(n, e['by'])}" if e.get("by") else ""
    return f"{_name(n, e['ship'])} is destroyed{by}: her guns are silenced for good."


def _captured(e: Event, n: Names, rules: RuleSet | None) -> str:
    text = f"{_name(n, e['by'])} takes {_name(n, e['ship'])} as a prize"
    if e.get("side"):
        text += f"; she now belongs to {_label(n, e['side'])}"
    if e.get("crew") is not None:
        text += f", with {e['crew']} crew aboard"
    return text + "."


def _objective(e: Event, n: Names, rules: RuleSet | None) -> str:
    when = "at the end of the battle" if int(e.get("held_turn") or 0) == 0 else f"at the end of turn {e['held_turn']}"
    what = n.get(str(e["objective"]), str(e["objective"]).replace("_", " "))
    return f"{_label(n, e['side'])} alone holds {what} {when}: {_num(e['points'])} points."


def _visibility_roll(e: Event, n: Names, rules: RuleSet | None) -> str:
    was = str(e["was"])
    if "roll" not in e:
        return "Dawn: the night is over and the guns reach as far as they can." if e.get("clears") else (
            "The night holds.")
    if e.get("clears"):
        return f"D6 {e['roll']}: the fog lifts; the guns reach as far as they can."
    return f"D6 {e['roll']}: the {was} holds."


def _game_over(e: Event, n: Names, rules: RuleSet | None) -> str:
    pts = e.get("points") or {}
    ranked = sorted(pts.items(), key=lambda kv: -float(kv[1]))
    score = ", ".join(f"{_label(n, s)} {_num(p)}" for s, p in ranked)
    winner = e.get("winner")
    result = f"{_label(n, winner)} wins" if winner else "a draw"
    reason = f" ({e['reason']})" if e.get("reason") else ""
    text = f"The battle is over{reason}: {result}" + (f", points {score}." if score else ".")
    done = [
        f"{_label(n, r.get('ship'))} {r.get('why')} ({_label(n, r.get('side'))} {_num(r.get('points'))})"
        for r in e.get("objectives") or () if isinstance(r, Mapping)
    ]
    return text + (f" Objectives: {'; '.join(done)}." if done else "")


_Handler = Callable[[Event, Names, "RuleSet | None"], "str | None"]
_DiceHandler = Callable[[Event, Names, "RuleSet | None"], "DiceRoll | None"]

_DESCRIBE: dict[Any, _Handler] = {
    "setup": _setup,
    "wind": _wind,
    "wind_roll": _wind_roll,
    "weather": _weather,
    "fortune_card": _fortune_card,
    "fortune": _fortune,
    "shot_stock": _shot_stock,
    "chasers": _chasers,
    "anchor": _anchor,
    "fouling": _fouling,
    "fireship": _fireship,
    "fireship_roll": _fireship_roll,
    "fireship_blast": _fireship_blast,
    "fireship_flames": _fireship_flames,
    "unfouled": _unfouled,
    "swing": _swing,
    "load": _load,
    "loaded": _loaded,
    "shot_spent": _shot_spent,
    "hot_shot": _hot_shot,
    "hot_shot_hit": _hot_shot_hit,
    "turn": _turn,
    "initiative": _initiative,
    "initiative_tiebreak": _initiative_tiebreak,
    "initiative_order": _initiative_order,
    "activation": _activation,
    "activation_end": _activation_end,
    "sail": _sail,
    "test": _test,
    "move": _move,
    "taken_aback": _taken_aback,
    "drift": _drift,
    "collision": _collision,
    "aground": _aground,
    "left_table": _left_table,
    "broadside": _broadside,
    "musketry": _musketry,
    "critical_check": _critical_check,
    "critical": _critical,
    "damage": _damage,
    "demasted": _demasted,
    "fire_spreads": _fire_spreads,
    "leak_worsens": _leak_worsens,
    "fires_fought": _fires_fought,
    "repaired": _repaired,
    "special_failed": _special_failed,
    "hold_fire": _hold_fire,
    "snap_chance": _snap_chance,
    "declare_boarding": _declare_boarding,
    "grapple": _grapple,
    "boarding_failed": _boarding_failed,
    "boarding": _boarding,
    "boarding_broken_off": _boarding_broken_off,
    "struck": _struck,
    "sunk": _sunk,
    "exploded": _exploded,
    "destroyed": _destroyed,
    "captured": _captured,
    "game_over": _game_over,
    "objective": _objective,
    "visibility_roll": _visibility_roll,
}

#: Every event type given its own wording (the rest get :func:`generic_line`).
NARRATED_TYPES: frozenset[str] = frozenset(_DESCRIBE)


def describe(event: Event, names: Names, *, rules: RuleSet | None = None) -> str | None:
    """One line of plain words for the battle log, or None for the bookkeeping in :data:`BOOKKEEPING_TYPES`.

    ``names`` maps ship ids (and, where known, squadron, side and terrain ids)
    to display names; missing ids are shown as they are.  ``rules`` adds the
    numbers an event does not record (see the module docstring).  Never
    raises: an unknown or malformed event gets :func:`generic_line`.
    """
    names = names or {}
    try:
        kind = event.get("type")
        if kind in BOOKKEEPING_TYPES:
            return None
        handler = _DESCRIBE.get(kind)
        if handler is not None:
            return handler(event, names, rules)
    except Exception:  # a malformed event must still show up in the log
        pass
    return generic_line(event, names)


# --- the dice tray ---------------------------------------------------------------------


def _dice_broadside(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    mod = int(e.get("modifier", 0))
    groups = []
    for sides in (10, 6):
        faces = list(e.get(f"faces_d{sides}", []))
        base = int(e.get(f"d{sides}", len(faces)))
        if not faces and not base:
            continue
        extra = len(faces) - base
        label = f"D{sides}" + (f" ({extra} extra for natural {sides}s)" if extra > 0 else "")
        groups.append(DiceGroup(sides, faces, _broadside_needed(int(e[f"needed_d{sides}"]), mod), label=label))
    band = _BANDS.get(e.get("band"), str(e.get("band")).replace("_", " "))
    what = {"snap_fire": "Snap fire"}.get(str(e.get("kind")), "Battery" if e.get("side") == "battery" else "Broadside")
    purpose = f"{what}: {e.get('aim')} at {band}" + (", raking" if e.get("rake") else "")
    return DiceRoll(purpose, groups, _hits(int(e["hits"])), e.get("ship"))


def _dice_musketry(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    need = int(rules.musketry_hit_on) if rules is not None else None
    group = DiceGroup(6, list(e["faces"]), need, rerolled=list(e.get("rerolled", [])), label="Musketry")
    return DiceRoll("Musketry", [group], _hits(int(e["hits"])), e.get("ship"))


def _dice_critical_check(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    need = int(rules.critical_check_on) if rules is not None else None
    summary = "critical hit!" if e.get("critical") else "no critical"
    return DiceRoll("Critical check", [DiceGroup(6, [int(e["roll"])], need)], summary, e.get("ship"))


def _dice_critical(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    effect = e.get("effect")
    summary = f"{e['roll']}: {_CRITICAL_WORDS.get(effect, str(effect).replace('_', ' '))}"
    return DiceRoll("Critical hit", [DiceGroup(6, list(e["faces"]))], summary, e.get("ship"))


def _dice_test(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    key, all_hands = _purpose_key(e["purpose"])
    need = int(rules.success_test["success_on"]) if rules is not None else None
    faces = list(e["faces"])
    group = DiceGroup(
        6,
        faces,
        need,
        rerolled=list(e.get("rerolled", [])),
        first_faces=list(e["first_faces"]) if "first_faces" in e else None,
        tally="success",
    )
    purpose = _TEST_PURPOSES.get(key, key.replace("_", " ").capitalize())
    if all_hands:
        purpose += " (all hands)"
    purpose += f": {_plural(int(e['needed']), 'success', 'successes')} needed"
    summary = f"{_plural(int(e['successes']), 'success', 'successes')}: {'passed' if e['passed'] else 'failed'}"
    return DiceRoll(purpose, [group], summary, e.get("ship"))


def _dice_initiative(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    faces = list(e["roll"])
    mod = int(e.get("modifier", 0))
    summary = f"{sum(faces)} {'+' if mod >= 0 else '-'} {abs(mod)} = {e['total']}" if mod else f"{e['total']}"
    return DiceRoll(f"Initiative: {_label(n, e['squadron'])}", [DiceGroup(6, faces)], summary)


def _dice_wind(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll | None:
    if int(e["chip"]) != 1:
        return None  # the weather chip stayed in the bag: nothing worth the tray
    groups = [DiceGroup(int(e["chips"]), [int(e["chip"])], label="weather chip")]
    if "change" in e:
        groups.append(DiceGroup(8, [int(e["change"])], label="wind"))
    if "steps" in e:
        groups.append(DiceGroup(4, [int(e["steps"])], label="points"))
    summary = f"the wind {e['shift']} {e['steps']} point(s)" if "steps" in e else "the wind holds"
    if "weather_roll" in e:
        wx = rules.options.get("weather", {}) if rules is not None else {}
        groups.append(DiceGroup(int(wx.get("weather_die", 12)), [int(e["weather_roll"])], label="weather"))
        table, face = wx.get("table", ()), int(e["weather_roll"])
        summary = f"the weather: {weather_label(table[face - 1])}" if 1 <= face <= len(table) else "the weather"
    return DiceRoll("Weather", groups, summary)


def _dice_fortune_card(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    spec = rules.options.get("fortune", {}) if rules is not None else {}
    groups = [
        DiceGroup(int(spec.get("card_die", 10)), [int(e["roll"])], label=str(e["kind"])),
        DiceGroup(int(spec.get("table_die", 6)), [int(e["face"])], label="card"),
        DiceGroup(int(e["of"]), [int(e["pick"])], label="squadron"),
    ]
    return DiceRoll(str(e["kind"]).title(), groups, f"{card_title(str(e['card']))}: {_label(n, e['squadron'])}")


def _dice_fortune(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll | None:
    groups = [DiceGroup(6, list(e[f"{t}_faces"]), label=t) for t in ("crew", "rigging") if e.get(f"{t}_faces")]
    if not groups:
        return None
    lost = ", ".join(f"{sum(g.faces)} {g.label}" for g in groups)
    return DiceRoll(f"{_name(n, e['ship'])}: {card_title(str(e['card']))}", groups, f"{lost} lost")


def _dice_shot(what: str, key: str) -> _DiceHandler:
    """A single die of option shot: the fleet's stock, or hot shot's fire die."""

    def build(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
        spec = rules.options.get("shot", {}) if rules is not None else {}
        sides = int(spec.get(key, 6))
        who = _label(n, e["side"]) if "side" in e and "ship" not in e else _name(n, e["ship"])
        return DiceRoll(f"{who}: {what}", [DiceGroup(sides, [int(e["roll"])], label=what)],
                        describe_short(e))

    return build


def describe_short(e: Event) -> str:
    kind = e.get("type")
    if kind == "shot_stock":
        return f"{e['stock']} broadsides of special shot"
    if kind == "hot_shot":
        return "fire aboard her!" if e.get("backfire") else "fired safely"
    if e.get("explodes"):
        return "she blows up"
    return "the target is afire" if e.get("fire") else "no fire"


def _dice_tiebreak(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    squads, faces = list(e["squadrons"]), [int(f) for f in e["faces"]]
    groups = [DiceGroup(6, [f], label=_label(n, s)) for s, f in zip(squads, faces, strict=False)]
    best = max(faces) if faces else 0
    top = [_label(n, s) for s, f in zip(squads, faces, strict=False) if f == best]
    summary = f"{top[0]} goes first" if len(top) == 1 else "still tied: roll again"
    return DiceRoll("Initiative tie-break", groups, summary)


def _dice_taken_aback(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    return DiceRoll(
        f"Taken aback under {e.get('sail')} sail",
        [DiceGroup(6, list(e["faces"]), label="rigging damage")],
        f"{e.get('rigging_lost', sum(e['faces']))} rigging lost",
        e.get("ship"),
    )


def _dice_collision(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    a, b = _name(n, e["ship"]), _name(n, e["other"])
    groups = [
        DiceGroup(6, list(e["faces"]), label=f"{a}'s hull"),
        DiceGroup(6, list(e["other_faces"]), label=f"{b}'s hull"),
    ]
    summary = f"{a} loses {e.get('hull_lost', 0)} hull, {b} {e.get('other_hull_lost', 0)}"
    return DiceRoll("Collision", groups, summary, e.get("ship"))


def _dice_boarding(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
    hit_on = int(rules.boarding["hit_on"]) if rules is not None else None
    save_on = int(rules.boarding["save_on"]) if rules is not None else None
    groups = []
    for role in ("attacker", "defender"):
        who = _name(n, e[role])
        pool = e.get(f"{role}_dice", {})
        for sides in (10, 6):
            faces = list(pool.get(f"d{sides}", []))
            if faces:
                groups.append(DiceGroup(sides, faces, hit_on, label=f"{who}'s boarders"))
    for role in ("attacker", "defender"):
        saves = list(e.get(f"{role}_saves", []))
        if saves:
            groups.append(DiceGroup(6, saves, save_on, label=f"{_name(n, e[role])}'s saves"))
    summary = (
        f"{_name(n, e['attacker'])} {_hits(int(e['attacker_hits']))}, "
        f"{_name(n, e['defender'])} {_hits(int(e['defender_hits']))}"
    )
    return DiceRoll(f"Boarding, round {e.get('round')}", groups, summary, e.get("attacker"))


def _dice_losses(track: str, purpose: Callable[[Event], str]) -> _DiceHandler:
    """Dice that are simply added up as points lost (failed special actions, fires and leaks)."""

    def build(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll:
        faces = list(e["faces"])
        return DiceRoll(
            purpose(e), [DiceGroup(6, faces, label=f"{track} lost")], f"{sum(faces)} {track}", e.get("ship")
        )

    return build


def _dice_special_failed(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll | None:
    track = "rigging" if e.get("action") in ("tack", "boxhaul") else "crew"
    action = str(e.get("action")).replace("_", " ")
    return _dice_losses(track, lambda _e: f"Failed {action}")(e, n, rules)


def _dice_d3(what: str) -> _DiceHandler:
    """Fires put out or leaks stopped: one D6 read as a D3."""

    def build(e: Event, n: Names, rules: RuleSet | None) -> DiceRoll | None:
        if e.get("roll") is None:
            return None  # a rudder repair rolls nothing beyond its test
        removed = int(e.get("removed", 0))
        summary = f"D3 = {(int(e['roll']) + 1) // 2}: {_plural(removed, what)} removed"
        return DiceRoll(f"{what.capitalize()}s removed (D3)", [DiceGroup(6, [int(e["roll"])])], summary, e.get("ship"))

    return build


_DICE: dict[Any, _DiceHandler] = {
    "broadside": _dice_broadside,
    "musketry": _dice_musketry,
    "critical_check": _dice_critical_check,
    "critical": _dice_critical,
    "test": _dice_test,
    "initiative": _dice_initiative,
    "wind_roll": _dice_wind,
    "fortune_card": _dice_fortune_card,
    "fortune": _dice_fortune,
    "shot_stock": _dice_shot("special shot", "stock_die"),
    "hot_shot": _dice_shot("hot shot", "fire_die"),
    "hot_shot_hit": _dice_shot("hot shot", "fire_die"),
    "initiative_tiebreak": _dice_tiebreak,
    "taken_aback": _dice_taken_aback,
    "collision": _dice_collision,
    "boarding": _dice_boarding,
    "special_failed": _dice_special_failed,
    "fire_spreads": _dice_losses("crew", lambda e: "Fire spreads"),
    "leak_worsens": _dice_losses("crew", lambda e: "Leaks worsen"),
    "fires_fought": _dice_d3("fire"),
    "repaired": _dice_d3("leak"),
}


def dice_roll(event: Event, *, names: Names | None = None, rules: RuleSet | None = None) -> DiceRoll | None:
    """The dice an event rolled, for the dice tray; None if it rolled none (or is too malformed to show).

    ``names`` only improves labels ("Amazon's saves"); ``rules`` supplies the
    numbers needed that the event does not record (success tests, musketry,
    boarding, critical checks), which are otherwise None.
    """
    try:
        handler = _DICE.get(event.get("type"))
        return handler(event, names or {}, rules) if handler is not None else None
    except Exception:  # the tray simply shows nothing for a malformed event
        return None


# --- names and the exported log ----------------------------------------------------------


def export_text(events: Iterable[Event], names: Names | None = None, *, rules: RuleSet | None = None) -> str:
    """The whole battle as readable text in Beat to Quarters' words (see :func:`narration.export_text`)."""
    return narration.export_text(events, lambda e, n: describe(e, n, rules=rules), names)


_CUES: dict[Any, narration.Cue] = {
    "turn": narration.Cue("heading", "bell"),
    "game_over": narration.Cue("heading"),
    **{kind: narration.Cue("notable") for kind in ("wind", "weather", "fortune_card", "objective")},
    "broadside": narration.Cue("notable", "gunfire"),
    "exploded": narration.Cue("notable", "gunfire"),
    **{kind: narration.Cue("notable") for kind in ("critical", "sunk", "struck", "captured", "hot_shot_hit")},
    "collision": narration.Cue("mishap", "impact"),
    **{kind: narration.Cue("mishap") for kind in ("aground", "taken_aback", "left_table")},
}


def cue(event: Event) -> narration.Cue:
    """How the window marks a Beat to Quarters event (log tone, sound)."""
    kind = event.get("type") if isinstance(event, Mapping) else None
    return _CUES.get(kind, narration.PLAIN)


def turn_bar(state: GameState, to_move: str | None) -> TurnBar:
    """The turn, the squadrons in initiative order, and what is happening now."""
    order = tuple(
        (state.squadrons[q].name, state.squadrons[q].side, i < state.order_index, i == state.order_index)
        for i, q in enumerate(state.order)
    )
    title = f"Turn {state.turn} of {state.turn_limit}"
    if state.weather:
        title += f" · {weather_label(state.weather)}"
    if state.visibility:  # option visibility: fog or night closes the ranges beyond the guns' sight
        title += f' · {state.visibility.capitalize()}: guns reach {_num(visibility.distance(state))}"'
    if state.fortune:  # the turn's card, until the first ship of its squadron takes it
        squadron, card = state.fortune
        title += f" · {fortune.kind(state, card)}: {card_title(card)} for {state.squadrons[squadron].name}"
    return TurnBar(title, order, _status(state, to_move))


def _status(state: GameState, to_move: str | None) -> str:
    if state.phase == "over":
        return "battle over"
    if state.snap:
        return f"{state.ships[state.snap[0]].name} may snap fire at her boarder"
    if state.fas_window:
        return f"{state.ships[state.fas_window[0]].name} may fire as she bears"
    act = state.activation
    if act is not None:
        s = state.ships[act.ship]
        seg = f"segment {min(act.segment + 1, act.segments_allowed)} of {act.segments_allowed}"
        if s.fireship and s.can_act:  # option fireships
            seg = "a fireship: she sails straight on at her best"
        elif s.fouled and not act.foul_work and act.movement_over:  # option fouling
            seg = "fouled: clear her rigging, grapple, or fire"
        elif s.anchor and not act.anchor_work:  # option anchors
            seg = f"at anchor by the {s.anchor}: " + ("go on weighing, or cut" if s.weighing else "swing, weigh or cut")
        elif act.movement_over or act.segment >= act.segments_allowed:
            seg = "movement done"
        return f"{s.name} is active — {seg}"
    sq = state.active_squadron
    if sq is not None:
        who = state.side_name(to_move) if to_move else ""
        return f"{who}: choose a ship of {sq.name} to activate"
    return ""
