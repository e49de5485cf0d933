"""What every rule system's narration shares: the dice the tray draws, and a battle written out as text.

A rule system says what each of its events means (``describe``) and which dice
it rolled (``dice_roll``); the helpers here need no rule book: a readable line
for any event, names from a setup event or a scenario, a whole battle as text
under turn headings.  None of them raises on a strange event: a log written by
a newer engine, or a hand-edited one, must still be readable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.content.model import Scenario

Names = Mapping[str, str]
Event = Mapping[str, Any]
#: A rule system's words for one event: a line, or None for pure bookkeeping.
Describe = Callable[[Event, Names], "str | None"]

#: The tones a log line may take, and the sounds the program makes.
TONES = ("", "heading", "notable", "mishap")
SOUNDS = ("", "gunfire", "impact", "bell")


@dataclass(frozen=True)
class Cue:
    """How the window marks an event: the tone of its log line and the sound it makes.

    ``tone``: "heading" (a new turn, the end: set in bold), "notable" (a shot, a ship
    lost or taken), "mishap" (a collision, grounding, being taken aback), or plain.
    ``sound``: "gunfire", "impact", "bell", or none.
    """

    tone: str = ""
    sound: str = ""


PLAIN = Cue()


# --- dice for the tray --------------------------------------------------------


@dataclass
class DiceGroup:
    """Dice of one kind rolled together, as the tray shows them in one row.

    ``needed`` is the face a die must show to count, after modifiers (None when
    every die simply adds up, as for damage, or when the event does not say).
    ``rerolled`` holds the positions in ``faces`` of dice that were rolled
    again; ``faces`` are the final faces and ``first_faces`` (when the event
    kept them) the faces before any reroll, so the tray can animate the change.
    """

    sides: int
    faces: list[int]
    needed: int | None = None
    rerolled: list[int] = field(default_factory=list)
    label: str = ""
    first_faces: list[int] | None = None
    #: What a die that makes its number counts as: "hit" for gunnery, "success" for a test (the tray's
    #: caption said "0 hits" over a fire-fighting roll whose summary said "0 successes").
    tally: str = "hit"


@dataclass
class DiceRoll:
    """What the dice tray shows for one event: why, which dice, and what came of it."""

    purpose: str
    groups: list[DiceGroup]
    summary: str
    ship: str | None = None  # the id of the ship that rolled (or suffered), to place the tray


def event_game_turn(event: Event) -> int | None:
    """The game turn an event belongs to: ``game_turn``, or ``turn`` in a format 1 log (see ``events.py``)."""
    t = event.get("game_turn", event.get("turn"))
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        return None
    return int(t)


def generic_line(event: Any, names: Names) -> str:
    """A readable line for any event, known or not: its type, then its fields, ship ids shown by name."""
    if not isinstance(event, Mapping):
        return f"Event: {event!r}"
    kind = str(event.get("type", "event")).replace("_", " ")
    parts = []
    for k, v in event.items():
        if k in ("seq", "type", "turn", "game_turn"):
            continue
        if isinstance(v, str) and v in names:
            v = names[v]
        parts.append(f"{str(k).replace('_', ' ')} {v}")
    head = kind[:1].upper() + kind[1:]
    return f"{head}: {', '.join(parts)}." if parts else f"{head}."


def names_from_setup(events: Iterable[Event]) -> dict[str, str]:
    """Display names for ship and side ids, from the ``setup`` events of a log."""
    names: dict[str, str] = {}
    for e in events:
        if not isinstance(e, Mapping) or e.get("type") != "setup":
            continue
        for side in e.get("sides", []) or []:
            if isinstance(side, Mapping) and side.get("id") and side.get("name"):
                names[str(side["id"])] = str(side["name"])
        for ship in e.get("ships", []) or []:
            if isinstance(ship, Mapping) and ship.get("id") and ship.get("name"):
                names[str(ship["id"])] = str(ship["name"])
    return names


def names_from_scenario(scenario: Scenario) -> dict[str, str]:
    """Display names for every id a scenario's events can mention: ships, batteries, squadrons, sides, terrain.

    The log's setup event names ships and sides only; the UI has the scenario
    and can name squadrons and shores too.
    """
    names: dict[str, str] = {scenario.id: scenario.name}
    for t in scenario.terrain:
        if t.name:
            names[t.id] = t.name
    for side in scenario.sides:
        names[side.id] = side.name
        for bat in side.batteries:
            names[bat.id] = bat.name
        for sq in side.squadrons:
            names[sq.id] = sq.name
            for s in sq.ships:
                names[s.id] = s.shown_name
    return names


def export_text(events: Iterable[Event], describe: Describe, names: Names | None = None) -> str:
    """The whole battle as readable text: one line per event under a heading for each game turn.

    Names come from the log's own setup event, overridden by ``names``.  A
    file holding several battles (self-play) gets a section per battle.  The
    ``turn`` events are left out: the headings say the same.
    """
    evs = [e for e in events if isinstance(e, Mapping)]
    given = dict(names or {})
    lines = ["Quarterdeck battle log"]
    current: int | None = None
    battle_names: dict[str, str] = {**names_from_setup(evs), **given}
    for e in evs:
        kind = e.get("type")
        if kind == "setup":
            battle_names = {**names_from_setup([e]), **given}
            current = None
            lines.append("")
            lines.append(describe(e, battle_names) or "")
            continue
        if kind == "turn":
            continue
        t = event_game_turn(e)
        if t is not None and t != current:
            current = t
            lines.extend(["", f"Turn {t}"])
        text = describe(e, battle_names)
        if text:
            lines.append(f"  {text}")
    return "\n".join(lines) + "\n"
