"""Cagway Bay's events in plain words: the log panel, the dice tray and the exported log.

The engine reports everything as events (``docs/CAGWAY.md``, "Events"); this
module turns each into one sentence with the ships' names, says which die an
event rolled in a form the dice tray draws (only fire at will rolls one: the
hasty aim), and how the window marks it (:func:`cue`).  Nothing here raises:
an unknown or damaged event gets :func:`narration.generic_line`, except the
Runner's secret choice, whose line never names a ship however the event reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from game.systems import narration
from game.systems.narration import DiceGroup, DiceRoll, Event, Names, generic_line
from game.table.written import compass_point

__all__ = ["BOOKKEEPING_TYPES", "NARRATED_TYPES", "SECRET_LINE", "cue", "describe", "dice_roll", "export_text",
           "sector_words", "stick_name"]

#: Events that only mark the engine's progress; none so far (every Cagway event says something a player follows).
BOOKKEEPING_TYPES: frozenset[str] = frozenset()

#: The line for the Runner's secret choice: the same whatever the event holds, so it never gives the ship away.
SECRET_LINE = "The Runner chose, in secret, which of his ships carries the cargo."

#: How each 45-degree sector between her course and the way the wind blows reads (0: running before it).
SECTOR_WORDS = {
    0: "before the wind",
    45: "with the wind on her quarter",
    90: "with the wind abeam",
    135: "close-hauled",
    180: "head to wind",
}

#: The phases as the log names them.
PHASE_WORDS = {"deploy": "deployment", "secret": "the secret choice", "move": "move phase",
               "combat": "combat phase", "over": "the end"}

_GUN_WORDS = {"fore": "bow gun", "aft": "stern gun", "bow": "bow gun", "stern": "stern gun",
              "port": "port broadside", "starboard": "starboard broadside"}


# --- small helpers -----------------------------------------------------------------------------


def _name(names: Names, ident: Any) -> str:
    """A ship's display name, falling back to its id."""
    if ident is None:
        return "nobody"
    return str(names.get(ident, ident)) if isinstance(ident, str) else str(ident)


def _label(names: Names, ident: Any) -> str:
    """A side or scenario: the given name, else the id made readable ("runner" -> "Runner")."""
    if ident is None:
        return "nobody"
    if isinstance(ident, str) and ident in names:
        return str(names[ident])
    text = str(ident).replace("_", " ")
    return text[:1].upper() + text[1:]


def _thing(names: Names, ident: Any) -> str:
    """What a ship ran into: a ship or an island by name, or a table edge ("edge:north")."""
    if isinstance(ident, str) and ident.startswith("edge:"):
        return f"the {ident[5:]} edge of the table"
    return _label(names, ident)


def _num(x: Any, places: int = 1) -> str:
    """5, 5.2, 44.5: no trailing zeros."""
    try:
        r = round(float(x), places)
    except (TypeError, ValueError):
        return str(x)
    if r == int(r):
        return str(int(r))
    return f"{r:.{places}f}".rstrip("0").rstrip(".")


def _int(x: Any) -> int:
    """A whole number from an event; a damaged field raises (the caller falls back to a generic line)."""
    if isinstance(x, bool):
        raise TypeError("a flag is not a number")
    return int(x)


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _points(n: Any) -> str:
    return _plural(_int(n), "action point")


def stick_name(stick: Any) -> str:
    """'green' -> 'green stick'; 'none' -> 'no stick'."""
    s = str(stick or "none").lower()
    return "no stick" if s == "none" else f"{s} stick"


def sector_words(sector: Any) -> str:
    """Words for the wheel's sector: 0 running before the wind ... 180 head to wind."""
    try:
        a = abs(float(sector)) % 360.0
    except (TypeError, ValueError):
        return f"sector {sector}"
    a = 360.0 - a if a > 180.0 else a
    key = int(round(a / 45.0)) * 45
    return SECTOR_WORDS.get(key, f"{_num(a)}° off the wind")


def gun_name(gun: Any) -> str:
    """'fore' -> 'bow gun'; 'port' -> 'port broadside'."""
    g = str(gun)
    return _GUN_WORDS.get(g, f"{g.replace('_', ' ')} gun")


def _pose(to: Any) -> str:
    """'(12.4", 8", heading 45°)' from a ``to`` of [x, y, heading]; '' when it is not one."""
    try:
        x, y, h = (float(v) for v in to)
    except (TypeError, ValueError):
        return ""
    return f'({_num(x)}", {_num(y)}", heading {_num(h % 360.0, 0)}°)'


def _turning(degrees: Any) -> str:
    try:
        d = float(degrees or 0.0)
    except (TypeError, ValueError):
        return ""
    if abs(d) < 0.05:
        return ""
    return f"turns {_num(abs(d))}° to {'starboard' if d > 0 else 'port'}, then "


def _names_list(n: Names, ids: Iterable[Any]) -> str:
    return ", ".join(_name(n, i) for i in ids)


# --- one line per event ------------------------------------------------------------------------


def _setup(e: Event, n: Names) -> str:
    sides = [n.get(str(s.get("id"))) or s.get("name") or _label(n, s.get("id"))
             for s in e.get("sides", []) or [] if isinstance(s, Mapping)]
    text = f"The battle begins: {_label(n, e.get('scenario', 'Cagway Bay'))}"
    if sides:
        text += f", {' against '.join(str(s) for s in sides)}"
    src = e.get("wind_source")
    if src is not None:
        try:
            x, y = float(src[0]), float(src[1])
            text += f'. The wind blows from a point at ({_num(x)}", {_num(y)}")'
        except (TypeError, ValueError, IndexError, KeyError):
            pass
    table = e.get("table") or {}
    if isinstance(table, Mapping) and table:
        text += f', table {_num(table.get("width"))}" by {_num(table.get("height"))}"'
    if e.get("turn_limit"):
        text += f", {_plural(_int(e['turn_limit']), 'round')}"
    text += f", {_plural(len(e.get('ships', []) or []), 'ship')}"
    seed = f", seed {e['seed']}" if e.get("seed") is not None else ""
    return text + f" (Cagway Bay v2.2{seed})."


def _deploy(e: Event, n: Names) -> str:
    where = _pose(e.get("to"))
    return f"{_name(n, e['ship'])} takes her station{' ' + where if where else ''}."


def _carrier_chosen(e: Event, n: Names) -> str:
    side = e.get("side")
    if isinstance(side, str) and side:
        return f"{_label(n, side)} chose, in secret, which of their ships carries the cargo."
    return SECRET_LINE


def _round(e: Event, n: Names) -> str:
    acts = e.get("actions") or {}
    head = f"Round {_int(e.get('game_turn', e['turn']))} begins"
    if isinstance(acts, Mapping) and acts:
        pts = ", ".join(f"{_name(n, s)} {_int(a)}" for s, a in acts.items())
        return f"{head}: action points by health — {pts}."
    return head + "."


def _priority(e: Event, n: Names) -> str:
    phase = str(e.get("phase"))
    order = list(e.get("order") or [])
    why = {"move": "Move order, farthest downwind first", "combat": "Combat order, farthest upwind first"}
    head = why.get(phase, f"Order for the {PHASE_WORDS.get(phase, phase)}")
    return f"{head}: {_names_list(n, order)}." if order else f"{head}: nobody can act."


def _activation(e: Event, n: Names) -> str:
    phase = e.get("phase")
    what = {"move": "makes her move", "combat": "takes her combat action",
            "deploy": "is to be placed on her deployment line"}
    return f"{_name(n, e['ship'])} {what.get(str(phase), 'acts')}."


def _move(e: Event, n: Names) -> str:
    who = _name(n, e["ship"])
    segs = e.get("segments")
    dist = e.get("distance")
    text = f"{who} {_turning(e.get('turn'))}sails {sector_words(e.get('sector'))} on the {stick_name(e.get('stick'))}"
    if segs is not None:
        text += f", {_num(segs, 2)} segment{'' if float(segs) == 1 else 's'}"
    if dist is not None:
        text += f' ({_num(dist)}")'
    if e.get("points") is not None:
        text += f" for {_points(e['points'])}"
    if e.get("actions_left") is not None:
        text += f"; {_int(e['actions_left'])} left"
    if e.get("stopped_by"):
        text += f"; she is brought up short by {_thing(n, e['stopped_by'])}"
    return text + "."


def _drift(e: Event, n: Names) -> str:
    who = _name(n, e["ship"])
    where = _pose(e.get("to"))
    if e.get("blocked"):
        by = f" by {_thing(n, e['blocked_by'])}" if e.get("blocked_by") else ""
        text = f"{who} is blocked{by} and cannot drift downwind; she swings on her centre"
    else:
        text = f"{who} drifts one red segment downwind and swings on her centre"
    return text + (f" {where}" if where else "") + ": all her action points spent."


def _repair(e: Event, n: Names) -> str:
    text = f"{_name(n, e['ship'])} spends {_points(e['points'])} on repairs: +{_int(e['hp_gained'])} HP"
    if e.get("hp") is not None:
        text += f", now {_int(e['hp'])}"
    return text + " (her action points stay as they are until next round)."


def _shot(e: Event, n: Names) -> str:
    who, target = _name(n, e["ship"]), _name(n, e["target"])
    gun = gun_name(e.get("gun"))
    rng, eff, dmg = e.get("range"), e.get("effective"), _int(e.get("damage", 0))
    how = "fires at will with" if e.get("hasty") else "fires"
    text = f"{who} {how} her {gun} at {target}"
    if rng is not None:
        text += f", range {_int(rng)}"
    if e.get("hasty") and e.get("roll") is not None:
        roll = _int(e["roll"])
        if e.get("aim_allowed") is False:
            text += f"; the hasty aim rolls {roll}, more than the points she has left, so no aiming bonus"
        else:
            text += f"; the hasty aim rolls {roll}, taken off the range"
    elif e.get("aim"):
        text += f", {_plural(_int(e['aim']), 'point')} poured into aiming"
    if eff is not None and rng is not None and _int(eff) != _int(rng):
        text += f", effective range {_int(eff)}"
    text += ": " + ("no damage" if dmg == 0 else f"{dmg} damage") + "."
    return text


def _damage(e: Event, n: Names) -> str:
    who = _name(n, e["ship"])
    lost = _int(e.get("lost", 0))
    if e.get("dead") and lost == 0:
        return f"{who} is already dead in the water: the shot does nothing more."
    text = f"{who} loses {lost} HP, {_int(e['hp'])} left"
    if e.get("dead"):
        return text + ": she is dead in the water."
    if e.get("actions") is not None:
        text += f"; {_points(e['actions'])} left this round"
    return text + "."


def _crew_attack(e: Event, n: Names) -> str:
    cv = e.get("combat_value")
    cvs = f" with combat value {_int(cv)}" if cv is not None else ""
    return (f"{_name(n, e['ship'])}'s crew storms across to {_name(n, e['target'])}{cvs}: "
            f"{_int(e['damage'])} damage.")


def _capture(e: Event, n: Names) -> str:
    hp = _int(e.get("hp", 0))
    return f"{_name(n, e['ship'])} puts {_plural(hp, 'HP')} of her crew aboard the dead {_name(n, e['target'])}."


def _captured(e: Event, n: Names) -> str:
    by = f" by {_name(n, e['by'])}" if e.get("by") else ""
    return f"{_name(n, e['ship'])} is taken as a prize{by}: she changes sides."


def _sunk(e: Event, n: Names) -> str:
    by = f" by {_name(n, e['by'])}" if e.get("by") else ""
    return f"{_name(n, e['ship'])} is scuttled{by} and goes down: out of play."


def _share(e: Event, n: Names) -> str:
    paid = f"; {_name(n, e['paid_by'])} pays the action point" if e.get("paid_by") else ""
    hp = _int(e.get("hp", 0))
    a, b = _name(n, e["ship"]), _name(n, e["friend"])
    if hp < 0:
        a, b, hp = b, a, -hp
    return f"{a} sends {_plural(hp, 'HP')} of crew across to {b}{paid}."


def _end_move(e: Event, n: Names) -> str:
    left = e.get("actions_left")
    tail = f", {_points(left)} left for combat" if left is not None else ""
    return f"{_name(n, e['ship'])} ends her move{tail}."


def _pass(e: Event, n: Names) -> str:
    return f"{_name(n, e['ship'])} holds her fire."


def _reveal(e: Event, n: Names) -> str:
    if e.get("carrier"):
        return f"The secret is out: {_name(n, e['ship'])} carries the cargo."
    return f"{_name(n, e['ship'])} was never the one with the cargo."


def _arrived(e: Event, n: Names) -> str:
    return f"{_name(n, e['ship'])} reaches the far island with the cargo!"


def _game_over(e: Event, n: Names) -> str:
    pts = e.get("points") or {}
    ranked = sorted(pts.items(), key=lambda kv: -float(kv[1])) if isinstance(pts, Mapping) else []
    score = ", ".join(f"{_label(n, s)} {_num(p)}" for s, p in ranked)
    winner = e.get("winner")
    result = f"victory for {_label(n, winner)}" if winner else "a draw"
    reason = f" ({str(e['reason']).replace('_', ' ')})" if e.get("reason") else ""
    return f"The battle is over{reason}: {result}" + (f", points {score}." if score else ".")


def _turn(e: Event, n: Names) -> str:
    return f"Round {_int(e.get('number', e.get('game_turn', e['turn'])))} begins."


_Handler = Callable[[Event, Names], "str | None"]

_DESCRIBE: dict[Any, _Handler] = {
    "setup": _setup,
    "deploy": _deploy,
    "carrier_chosen": _carrier_chosen,
    "round": _round,
    "turn": _turn,
    "priority": _priority,
    "activation": _activation,
    "move": _move,
    "drift": _drift,
    "repair": _repair,
    "shot": _shot,
    "damage": _damage,
    "crew_attack": _crew_attack,
    "capture": _capture,
    "captured": _captured,
    "sunk": _sunk,
    "share": _share,
    "end_move": _end_move,
    "pass": _pass,
    "reveal": _reveal,
    "arrived": _arrived,
    "game_over": _game_over,
}

#: Every event type given its own words (the rest get :func:`generic_line`).
NARRATED_TYPES: frozenset[str] = frozenset(_DESCRIBE)


def describe(event: Event, names: Names | None = None) -> str | None:
    """One line of plain words for the battle log; never raises (a damaged event gets a generic line)."""
    names = names or {}
    kind = event.get("type") if isinstance(event, Mapping) else None
    try:
        if kind in BOOKKEEPING_TYPES:
            return None
        handler = _DESCRIBE.get(kind)
        if handler is not None:
            return handler(event, names)
    except Exception:  # a damaged event must still show up in the log
        pass
    if kind == "carrier_chosen":  # never the generic line: it would list whatever ship the event held
        return SECRET_LINE
    try:
        return generic_line(event, names)
    except Exception:
        return f"Event: {kind!s}"


# --- the dice tray -----------------------------------------------------------------------------


def _dice_shot(e: Event, n: Names) -> DiceRoll | None:
    if not e.get("hasty") or e.get("roll") is None:
        return None  # a shot in the combat phase is aimed with care: no die
    roll = _int(e["roll"])
    # the event does not say the die; the book's is a D6 (a house die that rolled higher shows as big as its face)
    sides = _int(e["die"]) if e.get("die") is not None else max(6, roll)
    purpose = f"Fire at will: {_name(n, e['ship'])}'s hasty aim"
    if e.get("aim_allowed") is False:
        summary = f"{roll} is more than the points she has left: no aiming bonus"
    else:
        summary = f"{roll} off the range"
        if e.get("range") is not None and e.get("effective") is not None:
            summary = f"range {_int(e['range'])} aimed to {_int(e['effective'])}"
    summary += f", {_int(e.get('damage', 0))} damage"
    return DiceRoll(purpose, [DiceGroup(sides, [roll], None, label="aim", tally="success")], summary, e.get("ship"))


_DICE: dict[Any, Callable[[Event, Names], DiceRoll | None]] = {"shot": _dice_shot}


def dice_roll(event: Event, names: Names | None = None) -> DiceRoll | None:
    """The die an event rolled, for the dice tray: fire at will's hasty aim; None otherwise (or when damaged)."""
    try:
        handler = _DICE.get(event.get("type"))
        return handler(event, names or {}) if handler is not None else None
    except Exception:
        return None


# --- how the window marks an event --------------------------------------------------------------

_CUES: dict[Any, narration.Cue] = {
    "round": narration.Cue("heading", "bell"),
    "turn": narration.Cue("heading", "bell"),
    "game_over": narration.Cue("heading", "bell"),
    "shot": narration.Cue("notable", "gunfire"),
    "crew_attack": narration.Cue("notable", "impact"),
    **{kind: narration.Cue("notable") for kind in ("captured", "sunk", "reveal", "arrived", "carrier_chosen")},
}


def cue(event: Event) -> narration.Cue:
    """The tone of an event's log line and its sound: a ship going dead or running foul stands out."""
    if not isinstance(event, Mapping):
        return narration.PLAIN
    kind = event.get("type")
    if kind == "damage" and event.get("dead") and event.get("lost"):
        return narration.Cue("notable")
    if kind == "move" and event.get("stopped_by"):
        return narration.Cue("mishap", "impact")
    if kind == "drift" and event.get("blocked"):
        return narration.Cue("mishap")
    return _CUES.get(kind, narration.PLAIN)


def export_text(events: Iterable[Event], names: Names | None = None) -> str:
    """The whole battle as readable text in Cagway Bay's words."""
    return narration.export_text(events, describe, names)


def compass(bearing: Any) -> str:
    """The nearest compass point of a bearing ('SW'), or '' for what is not a number."""
    try:
        return compass_point(float(bearing))
    except (TypeError, ValueError):
        return ""
