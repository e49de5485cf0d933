"""Option ``shot``: Gifford's loads of chain, double, grape and hot shot.

The book's broadside is round shot chosen by a good captain; Gifford lets the
player load each broadside with other shot in the command phase.  On our table
that phase is the start of her activation, before she moves or fires: she may
load each broadside with any shot the fleet still has, as often as she likes
until she moves or fires.  A slow load (double shot) is rammed home over a
whole activation: that broadside may not fire until her next activation begins.
A load stays in until she changes it.  Each broadside fired with special shot
draws one from her fleet's stock, rolled when the battle opens; when a fleet
has none left, every special load of it is drawn and the guns go back to round
shot.  The numbers are under ``options.shot``; docs/READINGS.md has the readings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.systems.base import Option
from game.systems.btq21 import commands as c
from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out
from game.systems.btq21.illegal import Illegal, ship_of, start_refusal
from game.systems.btq21.state import Activation, GameState, Ship
from game.table.arcs import SIDES

if TYPE_CHECKING:
    from game.systems.btq21.broadside import Shot

NAME = "shot"
ROUND = "round"


@dataclass(frozen=True)
class Load:
    """What one kind of shot does (``options.shot.loads``); round shot changes nothing."""

    name: str
    bands: tuple[str, ...] | None = None
    aims: tuple[str, ...] | None = None
    to_hit: int = 0
    dice_factor: float = 1.0
    slow: bool = False
    hits: str | None = None
    self_fire_on: tuple[int, ...] = ()
    target_fire_on: tuple[int, ...] = ()


_ROUND = Load(ROUND)


def enabled(state: GameState) -> bool:
    return bool(state.shot_stock)


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def load(state: GameState, name: str) -> Load:
    """The load called ``name`` as the tables in force have it."""
    if name == ROUND:
        return _ROUND
    fx = state.rules.options[NAME]["loads"][name]
    return Load(
        name,
        tuple(fx["bands"]) if fx["bands"] else None,
        tuple(fx["aims"]) if fx["aims"] else None,
        int(fx["to_hit"]),
        float(fx["dice_factor"]),
        bool(fx["slow"]),
        fx["hits"],
        tuple(fx["self_fire_on"]),
        tuple(fx["target_fire_on"]),
    )


def load_of(ship: Ship, side: str) -> str:
    """What that broadside is loaded with (round shot unless the option loaded something else)."""
    if not ship.loads or side not in SIDES:
        return ROUND
    return ship.loads[SIDES.index(side)]


def loaded(state: GameState, ship: Ship, side: str) -> Load:
    return load(state, load_of(ship, side))


def set_load(ship: Ship, side: str, name: str) -> None:
    loads = list(ship.loads or (ROUND, ROUND))
    loads[SIDES.index(side)] = name
    ship.loads = () if all(x == ROUND for x in loads) else tuple(loads)
    ship.loading = tuple(s for s in ship.loading if s != side)


def stock(state: GameState, side: str) -> int:
    """Broadsides of special shot the fleet of ``side`` has left (0 without the option)."""
    if not state.shot_stock or side not in state.sides:
        return 0
    return state.shot_stock[state.sides.index(side)]


def names(state: GameState) -> tuple[str, ...]:
    """Every load the tables know, round shot first."""
    return (ROUND, *state.rules.options[NAME]["loads"])


def title(name: str) -> str:
    return {
        "round": "round shot",
        "chain": "chain shot",
        "double": "double shot",
        "grape": "grape",
        "hot": "hot shot",
    }.get(name, name.replace("_", " "))


# --- the battle opens: each fleet's stock -----------------------------------------------


def roll_stock(state: GameState, out: Out) -> None:
    """Each fleet's broadsides of special shot, a die each in the order of the sides."""
    die = int(spec(state)["stock_die"])
    rolls = [state.dice.die(die) for _ in state.sides]
    state.shot_stock = tuple(rolls)
    for side, roll in zip(state.sides, rolls, strict=True):
        out.emit(ev.ShotStock(side=side, roll=roll, stock=roll))


# --- loading ------------------------------------------------------------------------------


def load_refusal(state: GameState, ship: Ship, side: str, name: str) -> str | None:
    """Why she may not load that broadside with ``name`` now, or None."""
    why = start_refusal(state, ship, "load her guns", "Shot")
    if why:
        return why
    if side not in SIDES:
        return f"unknown broadside {side!r}"
    if name not in names(state):
        return f"there is no load {name!r}: {', '.join(names(state))}"
    if name == load_of(ship, side):
        return f"her {side} guns are already loaded with {title(name)}"
    if name != ROUND and stock(state, ship.side) <= 0:
        return f"{state.side_name(ship.side)} has no special shot left: only round shot (Shot)"
    return None


def handle_load(state: GameState, cmd: c.LoadShot, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = load_refusal(state, ship, cmd.side, cmd.shot)
    if why:
        raise Illegal(why)
    set_load(ship, cmd.side, cmd.shot)
    slow = load(state, cmd.shot).slow
    if slow:
        ship.loading = ship.loading + (cmd.side,)
    out.emit(ev.Load(ship=ship.id, side=cmd.side, shot=cmd.shot, ready=not slow))


def rammed_home(state: GameState, ship: Ship, act: Activation, out: Out) -> None:
    """At the start of her activation, a slow load begun in her last one is ready."""
    for side in ship.loading:
        out.emit(ev.Loaded(ship=ship.id, side=side, shot=load_of(ship, side)))
    ship.loading = ()


def load_options(state: GameState) -> list[Option]:
    """A load option for each broadside while she is at the start of her activation.

    Its ``choices`` are every load she may take; the window offers the next one
    in turn on one button per broadside, so the panel stays short.
    """
    act = state.activation
    if act is None or not enabled(state):
        return []
    ship = state.ships[act.ship]
    out = []
    for side in SIDES:
        allowed = tuple(n for n in names(state) if load_refusal(state, ship, side, n) is None)
        if allowed:
            out.append(c.option("load", ship.id, fixed={"side": side}, choices={"shot": allowed}))
    return out


def next_load(state: GameState, ship: Ship, side: str, allowed: tuple[str, ...]) -> str:
    """The load after the present one, in the tables' order, among those allowed (for a cycling button)."""
    order = names(state)
    cur = order.index(load_of(ship, side)) if load_of(ship, side) in order else 0
    for step in range(1, len(order) + 1):
        n = order[(cur + step) % len(order)]
        if n in allowed:
            return n
    return allowed[0]


# --- firing -------------------------------------------------------------------------------


def shot_refusal(state: GameState, firer: Ship, side: str, band: str, aim: str) -> str | None:
    """Why that broadside cannot fire as loaded at this band and aim, or None."""
    name = load_of(firer, side)
    if name == ROUND:
        return None
    if side in firer.loading:
        return f"{firer.name}'s {side} guns are still being loaded with {title(name)} (until her next activation)"
    ld = load(state, name)
    if ld.bands is not None and band not in ld.bands:
        reach = ld.bands[-1].replace("_", " ")
        return f"{firer.name}'s {side} guns are loaded with {title(name)}, which reaches only {reach} range"
    if ld.aims is not None and aim not in ld.aims:
        return f"{title(name)} is fired at the {' or '.join(ld.aims)}, not the {aim}"
    return None


def aims(state: GameState, firer: Ship, side: str, offered: tuple[str, ...]) -> tuple[str, ...]:
    """The aims of ``offered`` the broadside's load allows."""
    ld = loaded(state, firer, side)
    return offered if ld.aims is None else tuple(a for a in offered if a in ld.aims)


def spend(state: GameState, firer: Ship, shot: Shot, out: Out) -> None:
    """A broadside of special shot draws on her fleet's stock; the last one sends every gun back to round."""
    if shot.load == ROUND or not state.shot_stock:
        return
    i = state.sides.index(firer.side)
    left = max(0, state.shot_stock[i] - 1)
    state.shot_stock = state.shot_stock[:i] + (left,) + state.shot_stock[i + 1 :]
    if left > 0:
        return
    drawn = [s.id for s in state.ships.values() if s.side == firer.side and (s.loads or s.loading)]
    for sid in drawn:
        state.ships[sid].loads = ()
        state.ships[sid].loading = ()
    out.emit(ev.ShotSpent(side=firer.side, ships=tuple(drawn)))
