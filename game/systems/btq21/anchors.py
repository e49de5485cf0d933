"""Option ``anchors``: Gifford's Anchors.

Gifford lets a ship drop anchor instead of moving, by the bow or by the
stern.  At anchor she does not drift and may turn two hexsides a turn whatever
the wind, swinging her stern about an anchor at the bow (or her bow about one
at the stern).  Raising the anchor takes her place of moving for two turns and
she sails on the third; cutting the cable frees her at once, but she may not
anchor again.

Here each of those is a command of her activation: ``let_go`` (at its start,
instead of moving), ``swing`` (about the anchored end, up to ``swing``
degrees, the turn she may make instead of moving), ``weigh`` (instead of
moving, ``weigh_turns`` times, after which she is under way again) and
``cut_cable`` (at its start, and she sails that activation).  A ship at anchor
still fires, fights fires and repairs.  Her cable holds her against the wind
and against a ship running into her: she neither drifts (struck or
dismasted) nor is swung round in a collision.  At anchor on a shoal she takes
no test (Gifford's Shoals: "the check is not made while at anchor"): her
swing may carry her over shoals of her own draft, never over deeper ones.
The numbers are under ``options.anchors``; docs/READINGS.md has the readings.
"""

from __future__ import annotations

import math
from typing import Any

from game.systems.base import Option
from game.systems.btq21 import board, shoals, specials
from game.systems.btq21 import commands as c
from game.systems.btq21 import events as ev
from game.systems.btq21.events import Out, pose_of
from game.systems.btq21.illegal import Illegal, ship_of, start_refusal
from game.systems.btq21.movement import contact_name
from game.systems.btq21.state import AFLOAT, Activation, GameState, Ship
from game.table.geometry import heading_vector, norm_heading
from game.table.space import PIVOT_STEP, Contact

NAME = "anchors"
BOW, STERN = "bow", "stern"
ENDS = (BOW, STERN)
RULE = "Anchors"
#: Degrees of a swing too small to be one.
SLACK = 1e-6


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def swing_limit(state: GameState) -> float:
    return float(spec(state)["swing"])


def weigh_turns(state: GameState) -> int:
    return int(spec(state)["weigh_turns"])


def holds(ship: Ship) -> bool:
    """Her cable holds her: she neither drifts nor is swung round by a ship running into her."""
    return bool(ship.anchor)


def moored(state: GameState, out: Out) -> None:
    """When the battle opens: the ships the scenario puts at anchor are there."""
    sc = state.scenario
    if sc is None:
        return
    for _side, _sq, entry in sc.ships():
        ship = state.ships.get(entry.id)
        if ship is not None and entry.anchored:
            ship.anchor = entry.anchored
            out.emit(ev.Anchor(ship=ship.id, act="moored", end=ship.anchor))


def riding(state: GameState, ship: Ship, act: Activation, out: Out) -> None:
    """At the start of her activation: a ship at anchor does not sail, whatever else she does."""
    if ship.anchor:
        act.movement_over = True


# --- the pivot about the anchored end ---------------------------------------------------


def swung_pose(ship: Ship, end: str, degrees: float) -> tuple[float, float, float]:
    """Her pose after swinging ``degrees`` (clockwise positive) about her bow or stern."""
    half = ship.length / 2.0
    sign = 1.0 if end == BOW else -1.0
    fx, fy = heading_vector(ship.heading)
    px, py = ship.x + sign * fx * half, ship.y + sign * fy * half
    h = norm_heading(ship.heading + degrees)
    gx, gy = heading_vector(h)
    return (px - sign * gx * half, py - sign * gy * half, h)


def swing_blocker(state: GameState, ship: Ship, degrees: float) -> Contact | None:
    """The first thing her base meets as she swings (checked every PIVOT_STEP degrees), else None.

    Shoals she floats over, and those of her own draft (no test at anchor),
    are water to her; everything else is in the way.
    """
    sp = board.space(state)
    water = {*shoals.to_test(state, ship), *board.floats_over(state, ship.rate)}
    steps = max(1, math.ceil(abs(degrees) / PIVOT_STEP - 1e-9))
    for k in range(1, steps + 1):
        pose = swung_pose(ship, ship.anchor, degrees * k / steps)
        hits = sp.overlapping_base(pose, ship.length, ship.width, ignore=(ship.id, *water))
        if hits:
            return hits[0]
    return None


# --- refusals ---------------------------------------------------------------------------


def _at_anchor_refusal(state: GameState, ship: Ship, doing: str) -> str | None:
    act = state.activation
    if act is None or act.ship != ship.id:
        return f"{ship.name} may {doing} only in her own activation"
    if ship.status != AFLOAT:
        return f"{ship.name} cannot {doing} now"
    if not ship.anchor:
        return f"{ship.name} is not at anchor ({RULE})"
    if act.anchor_work:
        return f"{ship.name} has already {act.anchor_work} this activation: it is her move for the turn ({RULE})"
    return None


def let_go_refusal(state: GameState, ship: Ship) -> str | None:
    why = start_refusal(state, ship, "let go an anchor", RULE)
    if why:
        return why
    if ship.anchor:
        return f"{ship.name} is already at anchor by the {ship.anchor}"
    if ship.cable_cut:
        return f"{ship.name} cut her cable: she has no anchor left to let go ({RULE})"
    return None


def weigh_refusal(state: GameState, ship: Ship) -> str | None:
    why = _at_anchor_refusal(state, ship, "weigh her anchor")
    if why:
        return why
    if ship.boarding_with:
        return f"{ship.name}'s crew is fighting a boarding action"
    return None


def cut_refusal(state: GameState, ship: Ship) -> str | None:
    why = start_refusal(state, ship, "cut her cable", RULE)
    if why:
        return why
    if not ship.anchor:
        return f"{ship.name} is not at anchor ({RULE})"
    return None


def swing_refusal(state: GameState, ship: Ship, distance: float, degrees: float) -> str | None:
    why = _at_anchor_refusal(state, ship, "swing at anchor")
    if why:
        return why
    if ship.weighing:
        return f"{ship.name} is weighing her anchor: her cable is coming in, she cannot swing ({RULE})"
    if abs(distance) > SLACK:
        return f"{ship.name} is at anchor: she swings about it, she does not sail ({RULE})"
    limit = swing_limit(state)
    if abs(degrees) > limit + SLACK:
        return f"{ship.name} may swing at most {limit:g} degrees a turn at anchor (asked {degrees:g}) ({RULE})"
    if abs(degrees) > SLACK:
        blocker = swing_blocker(state, ship, degrees)
        if blocker is not None:
            foul = contact_name(state, blocker)
            return f"{ship.name} has no room to swing {degrees:+g} degrees: she would foul {foul}"
    return None


# --- handlers ---------------------------------------------------------------------------


def _act(state: GameState) -> Activation:
    act = state.activation
    assert act is not None  # every refusal above checks for her activation first
    return act


def handle_let_go(state: GameState, cmd: c.LetGo, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    if cmd.end not in ENDS:
        raise Illegal(f"an anchor is let go by the bow or the stern, not {cmd.end!r}")
    why = let_go_refusal(state, ship)
    if why:
        raise Illegal(why)
    act = _act(state)
    specials.leave_start(state, act, ship, out)
    if ship.status != AFLOAT:
        return
    ship.anchor = cmd.end
    act.anchor_work = "let go her anchor"
    act.movement_over = True
    out.emit(ev.Anchor(ship=ship.id, act="let_go", end=ship.anchor))


def handle_weigh(state: GameState, cmd: c.Weigh, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = weigh_refusal(state, ship)
    if why:
        raise Illegal(why)
    act = _act(state)
    specials.leave_start(state, act, ship, out)
    if ship.status != AFLOAT:
        return
    act.anchor_work = "worked at her anchor"
    ship.weighing += 1
    need = weigh_turns(state)
    end = ship.anchor
    done = ship.weighing >= need
    if done:
        ship.anchor, ship.weighing = "", 0
    out.emit(
        ev.Anchor(ship=ship.id, act="weigh", end=end, step=min(ship.weighing or need, need), of=need, weighed=done)
    )


def handle_cut(state: GameState, cmd: c.CutCable, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = cut_refusal(state, ship)
    if why:
        raise Illegal(why)
    act = _act(state)
    end = ship.anchor
    ship.anchor, ship.weighing, ship.cable_cut = "", 0, True
    act.movement_over = False  # she sails this activation
    out.emit(ev.Anchor(ship=ship.id, act="cut", end=end))


def handle_swing(state: GameState, cmd: c.Swing, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = swing_refusal(state, ship, cmd.distance, cmd.turn)
    if why:
        raise Illegal(why)
    act = _act(state)
    specials.leave_start(state, act, ship, out)
    if ship.status != AFLOAT:
        return
    ship.x, ship.y, ship.heading = swung_pose(ship, ship.anchor, cmd.turn)
    act.anchor_work = "swung at anchor"
    out.emit(ev.Swing(ship=ship.id, about=ship.anchor, degrees=round(cmd.turn, 3), to=pose_of(ship)))


# --- what may be done -------------------------------------------------------------------


def anchor_options(state: GameState) -> list[Option]:
    act = state.activation
    if act is None:
        return []
    ship = state.ships[act.ship]
    out: list[Option] = []
    if let_go_refusal(state, ship) is None:
        out.append(c.option("let_go", ship.id, choices={"end": ENDS}))
    if ship.anchor and _at_anchor_refusal(state, ship, "swing") is None and not ship.weighing:
        limit = swing_limit(state)
        out.append(c.option("swing", ship.id, ranges={"distance": (0.0, 0.0), "turn": (-limit, limit)}))
    if weigh_refusal(state, ship) is None:
        out.append(c.option("weigh", ship.id))
    if cut_refusal(state, ship) is None:
        out.append(c.option("cut_cable", ship.id))
    return out
