"""How each of Cagway Bay's options is offered to a player: label, help naming the rule, control, key, group.

The window knows none of the book's commands; it shows what this module puts
on each legal option.  A label may hold ``{distance}``, which the window fills
with the distance measured on the tape.
"""

from __future__ import annotations

from dataclasses import replace

from game.systems.base import Control, Option, Variant
from game.systems.cagway import board, crew, gunnery, health, movement, sticks, wind
from game.systems.cagway.state import GameState
from game.systems.cagway.tables import NONE

#: The keys this module puts on its options, (keys, what they do), for the window's list of keys.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Enter", "sail the leg laid on the tape (or drift, or deploy, when that is the tape laid)"),
    ("X", "lay the tape to sail a leg from her bow (in deployment: slide her the other way along her line)"),
    ("V", "lay the tape for a drift: one red segment downwind, then turn her on her centre"),
    ("E", "end her move (move phase); pass (combat phase)"),
    ("R", "repair, one point (2 HP)"),
    ("F", "fire at the ship marked (fire at will in the move phase)"),
    ("B", "crew combat: board the enemy she touches"),
    ("C", "capture the dead enemy she touches"),
    ("K", "scuttle the dead ship she touches"),
    ("H", "share HP with the friend she touches"),
)

#: The action panel's groups, in the order a player reads them.
GROUPS: tuple[tuple[str, str], ...] = (
    ("deploy", "Deploy"),
    ("secret", "The prize"),
    ("move", "Move"),
    ("", ""),
    ("fire", "Fire"),
    ("crew", "Crew"),
)


def _name(state: GameState, sid: str) -> str:
    s = state.ships.get(sid)
    return s.name if s else sid


def _pl(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def offer(state: GameState, options: list[Option]) -> list[Option]:
    """The options with what the window needs to offer each one."""
    return [_offer(state, o) for o in options]


def _offer(state: GameState, o: Option) -> Option:
    t = o.type
    if t == "deploy":
        return _deploy(state, o)
    if t == "choose_carrier":
        return replace(
            o, label=f"Hide the prize aboard {_name(state, o.ship)}", group="secret",
            help="The Runner chooses in secret which of his ships carries the prize; the Blocker must not look "
            "(Blockade Run)",
        )
    if t == "sail":
        return _sail(state, o)
    if t == "drift":
        return replace(
            o, label="Drift", key="return", control=Control.TAPE, group="move", lay_label="Drift instead",
            lay_key="v", prompt="drift: turn her on her centre (A/D), then Enter",
            help=f"Her whole move, all her points: {state.tables.drift_segments} {state.tables.drift_stick} "
            "segment downwind unless something is in the way, then turn her on her centre to any heading. "
            "A dead ship may drift (Drift)",
        )
    if t == "repair":
        return _repair(state, o)
    if t == "end_move":
        left = state.ships[o.ship].actions
        return replace(
            o, label="End her move", key="e",
            help=f"Her move is over; she keeps {_pl(left, 'action point')} for the combat phase (Move Phase)",
        )
    if t in ("fire", "fire_at_will"):
        return _fire(state, o)
    if t == "board":
        ship = state.ships[o.ship]
        target = o.fixed["target"]
        cv = health.combat_value(state, ship)
        return replace(
            o, label=f"Board {_name(state, target)}", key="b", group="crew", control=Control.TARGET, target=target,
            help=f"Touching: the guns are silent and her crew attacks at combat value {cv}, doing {cv} damage; "
            f"one point (Combat Value, Close Combat)",
        )
    if t == "capture":
        return _capture(state, o)
    if t == "scuttle":
        target = o.fixed["target"]
        return replace(
            o, label=f"Scuttle {_name(state, target)}", key="k", group="crew", control=Control.TARGET, target=target,
            help=f"Sink {_name(state, target)}, dead in the water beside her, at once: she is removed from play; "
            "one point (Scuttle)",
        )
    if t == "share":
        return _share(state, o)
    if t == "pass":
        return replace(o, label="Pass", key="e", help="She takes no combat action this round (Combat Phase)")
    return replace(o, label=t.replace("_", " ").capitalize())


def _deploy(state: GameState, o: Option) -> Option:
    astern = bool(o.fixed.get("astern"))
    way = "astern" if astern else "ahead"
    room = o.ranges["distance"][1]
    toward = _compass(state.ships[o.ship].heading + (180.0 if astern else 0.0))
    return replace(
        o, label=f"Deploy her ({toward})", key="return", control=Control.TAPE, measure=way, group="deploy",
        lay_label=f"Slide her {toward}", lay_key="x",
        prompt=f'slide her {toward} along her line (up to {room:.1f}"), turn her (A/D), then Enter',
        help="She slides along her side's deployment line, then turns in place to face any way "
        "(Blockade Run setup: the Blocker on the midline, the Runner on his edge)",
    )


def _compass(heading: float) -> str:
    """The way along the line, as a point of the compass ("east")."""
    points = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
    return points[round((heading % 360.0) / 45.0) % 8]


def _sail(state: GameState, o: Option) -> Option:
    ship = state.ships[o.ship]
    sec, stick = sticks.chart(state, ship, ship.heading)
    here = f"{stick} stick ahead ({sec}° off the wind)" if stick != NONE else f"no stick ahead ({sec}° off the wind)"
    return replace(
        o, label="Sail this leg", key="return", control=Control.TAPE, measure="bow", group="move",
        lay_label="Sail instead", lay_key="x",
        prompt=f"{here}, {_pl(ship.actions, 'point')}: lay the stick up to 45° off her bow (A/D), "
        "drag her along it (W)",
        help="Lay the stick at her bow up to 45° off her heading; she turns about her bow onto it and runs along it. "
        "Her wheel gives the stick for the new heading against the wind; one point a segment, part segments "
        "whole; a turned leg must run a full segment (Movement, The Movement Wheel, Paying for the Move)",
    )


def _repair(state: GameState, o: Option) -> Option:
    rate = state.tables.repair_hp
    ship = state.ships[o.ship]
    variants = tuple(
        Variant(
            {"points": p},
            f"Repair: {_pl(p, 'point')}, +{min(p * rate, ship.hp_max - ship.hp)} HP",
            f"Spend {_pl(p, 'action point')} to mend {rate} HP each; no new action points until the next round "
            "(Repair)",
            "r" if p == 1 else "",
        )
        for p in o.choices["points"]
    )
    return replace(o, label="Repair", group="move", variants=variants, help=f"{rate} HP a point (Repair)")


def _fire(state: GameState, o: Option) -> Option:
    ship = state.ships[o.ship]
    target = state.ships[o.fixed["target"]]
    hasty = o.type == "fire_at_will"
    left = ship.actions - state.tables.costs["fire"]
    variants = []
    for gun in o.choices["gun"]:
        b = gunnery.bearing(state, ship, gun, target)
        if b is None:
            continue
        if hasty:
            label = f"Fire at will at {target.name}: {gun} gun"
            help_ = (
                f"Range {b.range}. Her whole move and all her points: a D{state.tables.fire_at_will_die} is taken "
                f"off range {b.range} "
                f"only if it is no more than the {_pl(left, 'point')} left after the shot (Fire at Will)"
            )
        else:
            eff, dmg = gunnery.shot_damage(state, b.column, b.range, left)
            label = f"Fire at {target.name}: {gun} gun, {dmg} damage"
            help_ = (
                f"Range {b.range}. One point to fire the {gun} gun ({b.column.replace('_', '-')} column), the other "
                f"{_pl(left, 'point')} poured into aiming: effective range {eff}, {dmg} damage "
                "(Firing Weapons, Aiming)"
            )
        variants.append(Variant({"gun": gun}, label, help_, "f"))
    word = "Fire at will at" if hasty else "Fire at"
    return replace(
        o, label=f"{word} {target.name}", key="f", group="fire", control=Control.TARGET, target=target.id,
        variants=tuple(variants),
        help="Fire at Will: a move action, all her points, a die for the aim" if hasty else "Firing Weapons",
    )


def _capture(state: GameState, o: Option) -> Option:
    target = o.fixed["target"]
    variants = tuple(
        Variant(
            {"hp": hp}, f"Capture {_name(state, target)}: {hp} HP aboard",
            f"Move {hp} of her HP (crew) aboard the dead {_name(state, target)}, who joins her side; one point "
            "(Capturing)",
            "c" if i == 0 else "",
        )
        for i, hp in enumerate(_some(o.choices["hp"]))
    )
    return replace(
        o, label=f"Capture {_name(state, target)}", key="c", group="crew", control=Control.TARGET, target=target,
        variants=variants, help="Capturing: a dead enemy touching her, repaired with her own crew",
    )


def _share(state: GameState, o: Option) -> Option:
    friend = o.fixed["friend"]
    name = _name(state, friend)
    values = o.choices["hp"]
    give = _some(tuple(v for v in values if v > 0))
    take = _some(tuple(-v for v in values if v < 0))
    variants = tuple(
        Variant({"hp": v}, f"Give {name} {v} HP", f"Move {v} HP from her to {name}; one point (Friendly Ship Repair)",
                "h" if i == 0 else "")
        for i, v in enumerate(give)
    ) + tuple(
        Variant({"hp": -v}, f"Take {v} HP from {name}", f"Move {v} HP from {name} to her; one point "
                "(Friendly Ship Repair)")
        for v in take
    )
    return replace(
        o, label=f"Share HP with {name}", key="h", group="crew", control=Control.TARGET, target=friend,
        variants=variants, help="Friendly Ship Repair: touching friends move HP between them",
    )


def _some(values: tuple[int, ...]) -> tuple[int, ...]:
    """The values worth a button: 1 to 5, then every fifth, and the most (all stay legal choices)."""
    if not values:
        return ()
    top = max(values)
    keep = [v for v in sorted(values) if v <= 5 or v % 5 == 0 or v == top]
    return tuple(keep)


def describe_wind(state: GameState, sid: str) -> str:
    """Her attitude to the wind now, in words (for prompts)."""
    ship = state.ships[sid]
    return f"{wind.off_wind(state, (ship.x, ship.y), ship.heading):.0f}° off the wind"


__all__ = ["GROUPS", "SHORTCUTS", "offer", "board", "crew", "movement"]
