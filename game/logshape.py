"""The shape of a battle log's events: what the auditor needs before it can recount anything.

A log handed to ``python -m game.logcheck`` may be damaged or edited by
hand.  Before an event is recounted, every field the auditor reads is
checked for its type (and, where the rules name the words, for one of those
words), so a missing key, a list where a number was, or an unknown sail is a
reported problem with its line -- never a crash.  Die faces are checked for
their range separately (:func:`face_problems`): a face of 11 on a D6 is an
edit of the dice, not damage to the file.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.content.model import RuleSet
from game.content.rules import SHOT_LOADS, TRACKS, WEATHERS

Check = Callable[[Any], bool]
#: Numbers beyond this are no log's.
BIG = 1e9


def integer(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) < BIG


def number(v: Any) -> bool:
    if isinstance(v, bool) or not isinstance(v, int | float):
        return False
    return abs(v) < BIG if isinstance(v, int) else math.isfinite(v) and abs(v) < BIG


def text(v: Any) -> bool:
    return isinstance(v, str) and len(v) < 1000


def flag(v: Any) -> bool:
    return isinstance(v, bool)


def pose(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 3 and all(number(x) for x in v)


def faces(v: Any) -> bool:
    return isinstance(v, list) and len(v) < 100_000 and all(integer(x) for x in v)


def words(*options: str) -> Check:
    return lambda v: isinstance(v, str) and v in options


def optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def list_of(check: Check) -> Check:
    return lambda v: isinstance(v, list) and len(v) < 100_000 and all(check(x) for x in v)


def mapping_of(check: Check) -> Check:
    return lambda v: isinstance(v, dict) and all(isinstance(k, str) and check(x) for k, x in v.items())


def pool(v: Any) -> bool:
    return isinstance(v, dict) and faces(v.get("d10", [])) and faces(v.get("d6", []))


def shapes(rules: RuleSet) -> dict[str, dict[str, Check]]:
    """Required fields of each event type the auditor reads, with their checks."""
    sail = words(*rules.sails)
    quality = words(*rules.crew_qualities)
    band = words(*rules.ranges)
    aim = words(*rules.to_hit)
    weathers = words(*WEATHERS)
    loads = words("round", *SHOT_LOADS)
    ship: dict[str, Check] = {"ship": text}
    return {
        "setup": {"wind_from": number, "ships": list_of(_ship_shape(rules))},
        "wind": {"from": number},
        "wind_roll": {"chip": integer, "chips": integer},
        "weather": {"was": weathers, "weather": weathers},
        "game_over": {"points": mapping_of(number), "reason": text, "winner": optional(text)},
        "objective": {"objective": text, "side": text, "points": number, "held_turn": integer},
        "visibility_roll": {"was": words("fog", "night"), "clears": flag},
        "fortune_card": {
            "roll": integer,
            "kind": words("fortune", "calamity"),
            "face": integer,
            "card": text,
            "squadron": text,
            "pick": integer,
            "of": integer,
        },
        "fortune": {**ship, "card": text},
        "shot_stock": {"side": text, "roll": integer, "stock": integer},
        "chasers": {**ship, "rigged": flag},
        "anchor": {**ship, "act": words("moored", "let_go", "weigh", "cut"), "end": words("bow", "stern")},
        "swing": {**ship, "about": words("bow", "stern"), "degrees": number, "to": pose},
        "fouling": {**ship, "other": text, "roll": integer, "fouled": flag},
        "unfouled": {**ship, "others": list_of(text)},
        "fireship": ship,
        "fireship_roll": {**ship, "roll": integer, "explodes": flag},
        "fireship_blast": {**ship, "target": text, "aim": text, "d10": integer, "d6": integer, "needed": integer,
                           "faces_d10": faces, "faces_d6": faces, "hits": integer},
        "fireship_flames": {**ship, "target": text, "roll": integer, "fire": flag, "blast": flag},
        "load": {**ship, "side": words("port", "starboard"), "shot": loads, "ready": flag},
        "loaded": {**ship, "side": words("port", "starboard"), "shot": loads},
        "shot_spent": {"side": text, "ships": list_of(text)},
        "hot_shot": {**ship, "side": words("port", "starboard"), "roll": integer, "backfire": flag},
        "hot_shot_hit": {**ship, "target": text, "roll": integer, "fire": flag, "explodes": flag},
        "activation": ship,
        "activation_end": ship,
        "move": {
            **ship,
            "segment": integer,
            "sail": optional(sail),
            "disposition": text,
            "min": number,
            "max": number,
            "distance": number,
            "turn": number,
            "to": pose,
        },
        "drift": {**ship, "to": pose},
        "phase": {"phase": words("boarding", "end")},
        "sail": {**ship, "sail": sail},
        "taken_aback": {**ship, "sail": sail, "faces": faces, "rigging_lost": integer},
        "test": {
            **ship,
            "purpose": text,
            "quality": quality,
            "dice": integer,
            "needed": integer,
            "rerolls": integer,
            "first_faces": faces,
            "rerolled": list_of(integer),
            "faces": faces,
            "successes": integer,
            "passed": flag,
        },
        "collision": {
            **ship,
            "other": text,
            "faces": faces,
            "hull_lost": integer,
            "other_faces": faces,
            "other_hull_lost": integer,
            "to": pose,
            "other_to": pose,
        },
        "broadside": {
            **ship,
            "target": text,
            "aim": aim,
            "range": number,
            "band": band,
            "rake": flag,
            "crippled_hull": flag,
            "d10": integer,
            "d6": integer,
            "modifier": integer,
            "needed_d6": integer,
            "needed_d10": integer,
            "faces_d6": faces,
            "faces_d10": faces,
            "hits": integer,
        },
        "musketry": {**ship, "target": text, "dice": integer, "faces": faces, "hits": integer},
        "damage": {
            **ship,
            "track": words("hull", "rigging", "crew"),
            "lost": integer,
            "left": integer,
            "crippled": flag,
        },
        "critical_check": {**ship, "roll": integer, "critical": flag},
        "critical": {**ship, "roll": integer, "effect": text},
        "fire_spreads": {**ship, "faces": faces, "fires": integer},
        "leak_worsens": {**ship, "faces": faces, "leaks": integer},
        "fires_fought": {**ship, "roll": integer, "removed": integer, "fires": integer},
        "repaired": {**ship, "what": text},
        "special_failed": {**ship, "faces": faces},
        "initiative": {"squadron": text, "roll": faces, "modifier": integer, "total": integer},
        "initiative_tiebreak": {"squadrons": list_of(text), "faces": faces},
        "initiative_order": {"order": list_of(text)},
        "turn": {"number": integer},
        "boarding": {
            "attacker": text,
            "defender": text,
            "attacker_dice": pool,
            "defender_dice": pool,
            "attacker_hits": integer,
            "defender_hits": integer,
            "attacker_saves": faces,
            "defender_saves": faces,
        },
        "captured": {**ship, "crew": integer},
        "demasted": ship,
    }


#: Every event type the engine writes (a test scans the rules modules to keep this whole).
KNOWN_TYPES = frozenset(
    """setup wind initiative initiative_tiebreak initiative_order activation activation_end sail test move
    taken_aback drift collision aground left_table broadside musketry critical_check critical damage demasted
    fire_spreads leak_worsens fires_fought repaired special_failed hold_fire snap_chance declare_boarding
    grapple boarding_failed boarding boarding_broken_off struck sunk exploded destroyed captured phase turn
    game_over wind_roll weather fortune_card fortune shot_stock load loaded shot_spent hot_shot
    hot_shot_hit chasers anchor swing fouling unfouled
    fireship fireship_roll fireship_blast fireship_flames objective visibility_roll""".split()
)

#: Fields some events carry only sometimes; checked when present.
OPTIONAL: dict[str, dict[str, Check]] = {
    "move": {"astern": flag, "boxhaul": flag, "stopped": text},
    "collision": {"aligned": flag, "other_aligned": flag},
    "wind": {"was": number},
    "anchor": {"step": integer, "of": integer, "weighed": flag},
    "grapple": {"fouled": flag},
    "sunk": {"dragged_by": text},
    "setup": {"options": list_of(text), "weather": words(*WEATHERS), "shoals": list_of(mapping_of(text)),
              "victory": lambda v: isinstance(v, dict), "visibility": words("fog", "night"),
              "visibility_range": number, "dawn": integer},
    "visibility_roll": {"roll": integer},
    "game_over": {"objectives": list_of(lambda v: isinstance(v, dict) and text(v.get("side")) and text(v.get("ship"))
                                        and number(v.get("points")) and text(v.get("why")))},
    "wind_roll": {"change": integer, "steps": integer, "shift": words("backs", "veers"), "weather_roll": integer},
    "broadside": {"modifiers": mapping_of(integer), "kind": text, "shot": words("round", *SHOT_LOADS),
                  "hits_on": words(*TRACKS)},
    "fortune": {"fires": integer, "leaks": integer, "crew_faces": faces, "rigging_faces": faces},
    "musketry": {"rerolled": list_of(integer)},
    "critical": {"faces": faces},
    "repaired": {"leaks": integer, "rudder": flag, "roll": integer, "removed": integer},
    "initiative": {"modifiers": mapping_of(integer)},
}


def _ship_shape(rules: RuleSet) -> Check:
    fields: dict[str, Check] = {
        "id": text,
        "size": words(*rules.collision_dice, "battery"),
        "base": lambda v: isinstance(v, list) and len(v) == 2 and all(number(x) and x > 0 for x in v),
        "pose": pose,
        "sail": optional(words(*rules.sails)),
        "quality": words(*rules.crew_qualities),
        "specials": list_of(text),
        "hull": integer,
        "rigging": integer,
        "crew": integer,
        "guns": integer,
        "large_share": number,
    }
    return lambda v: isinstance(v, dict) and all(k in v and check(v[k]) for k, check in fields.items())


def damage(event: Any, table: dict[str, dict[str, Check]]) -> str | None:
    """Why the auditor cannot read this event (a missing or mistyped field), or None if it can."""
    if not isinstance(event, dict):
        return f"not an event (a JSON object), got {type(event).__name__}"
    firsts: tuple[tuple[str, Check], ...] = (("seq", integer), ("turn", number), ("type", text))
    for key, check in firsts:  # a move's "turn" is its degrees
        if not check(event.get(key)):
            return f"'{key}' is missing or not {'a number' if key != 'type' else 'a word'}"
    if "game_turn" in event and not integer(event["game_turn"]):
        return "'game_turn' is not a whole number"
    kind = event["type"]
    if kind not in KNOWN_TYPES:
        return f"unknown event type {kind[:40]!r}"
    for key, check in table.get(kind, {}).items():
        if key not in event:
            return f"'{key}' is missing"
        if not check(event[key]):
            return f"'{key}' is damaged ({str(event[key])[:40]!r})"
    for key, check in OPTIONAL.get(kind, {}).items():
        if key in event and not check(event[key]):
            return f"'{key}' is damaged ({str(event[key])[:40]!r})"
    return None


#: Which dice each event's face lists hold: (field, sides); a boarding pool is read by its own keys.
DICE: dict[str, tuple[tuple[str, int], ...]] = {
    "initiative": (("roll", 6),),
    "initiative_tiebreak": (("faces", 6),),
    "test": (("first_faces", 6), ("faces", 6)),
    "taken_aback": (("faces", 6),),
    "collision": (("faces", 6), ("other_faces", 6)),
    "broadside": (("faces_d6", 6), ("faces_d10", 10)),
    "musketry": (("faces", 6),),
    "critical": (("faces", 6),),
    "fire_spreads": (("faces", 6),),
    "leak_worsens": (("faces", 6),),
    "special_failed": (("faces", 6),),
    "boarding": (("attacker_saves", 6), ("defender_saves", 6)),
}
#: Single dice: (field, sides).
DIE: dict[str, tuple[tuple[str, int], ...]] = {
    "critical_check": (("roll", 6),),
    "fires_fought": (("roll", 6),),
    "repaired": (("roll", 6),),
}


def face_problems(event: dict) -> list[str]:
    """Every die face outside its die (a D6 showing 11), named by field."""
    out = []
    kind = event["type"]
    lists = [(key, event.get(key, []), sides) for key, sides in DICE.get(kind, ())]
    if kind == "boarding":
        for side in ("attacker_dice", "defender_dice"):
            for key, sides in (("d10", 10), ("d6", 6)):
                lists.append((f"{side}.{key}", event[side].get(key, []), sides))
    for key, values, sides in lists:
        for f in values:
            if not 1 <= f <= sides:
                out.append(f"die face {f} on a D{sides} in '{key}'")
    for key, sides in DIE.get(kind, ()):
        if key in event and not 1 <= event[key] <= sides:
            out.append(f"die face {event[key]} on a D{sides} in '{key}'")
    return out
