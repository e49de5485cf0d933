"""Firing: rolling a planned broadside, musketry, criticals, and the commands.

Readings:
* A ship fires during her own activation at any moment before it ends, each
  broadside once a turn.  Musketry (point blank only) goes with a broadside
  fired at point blank, at most once a turn.
* Chain Shot is a flag on the Fire command: its test (the ship's one special
  action) is rolled before the broadside.
* Fire As She Bears: after every segment another ship sails (and after a
  drift), each ship whose FAS is in force and that has a shot is asked, in
  scenario order, to fire or hold.  FAS lapses when she fires any broadside
  (as she bears, in her own activation, or snap fire) or when her next
  activation starts.
* A broadside fired in her own activation puts the start of the activation
  behind her, as moving does: no sail change or start-of-activation special
  after it.
* All Hands on Deck uses up both broadsides for the turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.systems.btq21 import chasers, national
from game.systems.btq21 import commands as c
from game.systems.btq21 import events as ev
from game.systems.btq21 import shot as loads
from game.systems.btq21.broadside import AIMS, Shot, gun_sides, hits_on, plan_shot
from game.systems.btq21.damage import add_fires, add_leaks, lose, remove
from game.systems.btq21.events import Out
from game.systems.btq21.illegal import Illegal
from game.systems.btq21.specials import check_special_allowed, leave_start
from game.systems.btq21.state import AFLOAT, GameState, Ship
from game.systems.btq21.success import success_test
from game.table.arcs import ENDS
from game.table.geometry import to_local

if TYPE_CHECKING:
    from game.systems.base import Option


def roll_type(state: GameState, count: int, sides: int, needed: int, modifier: int) -> tuple[list[int], int]:
    """Roll a type of gun dice with extra dice for natural maximums; returns (all faces, hits)."""
    faces: list[int] = []
    pending = count
    while pending > 0:
        f = state.dice.die(sides)
        faces.append(f)
        pending -= 1
        if f == sides:
            pending += 1
    return faces, sum(1 for f in faces if hits_on(f, needed, modifier))


def fire_shot(state: GameState, shot: Shot, out: Out, kind: str = "broadside") -> int:
    firer, target = state.ships[shot.firer], state.ships[shot.target]
    faces10, hits10 = roll_type(state, shot.d10, 10, shot.needed, shot.modifier)
    faces6, hits6 = roll_type(state, shot.d6, 6, shot.needed, shot.modifier)
    hits = hits10 + hits6
    out.emit(
        ev.Broadside(
            ship=firer.id,
            target=target.id,
            side=shot.side,
            aim=shot.aim,
            range_=round(shot.range, 3),
            band=shot.band,
            rake=shot.rake,
            crippled_hull=shot.crippled,
            d10=shot.d10,
            d6=shot.d6,
            modifier=shot.modifier,
            modifiers=shot.modifiers,
            needed_d6=shot.needed,
            needed_d10=shot.needed,
            faces_d6=tuple(faces6),
            faces_d10=tuple(faces10),
            hits=hits,
            kind=kind,
            shot=shot.load if shot.load != loads.ROUND else None,
            hits_on=shot.hits_on if shot.load != loads.ROUND else None,
        )
    )
    lose(state, target, shot.hits_on, hits, out)
    if target.shore_battery or not target.on_table:
        return hits  # forts take no criticals; a sunk ship takes no more
    if shot.rake:
        critical(state, target, out)
    elif hits > 0:
        face = state.dice.die(6)
        got = face >= int(state.rules.critical_check_on)
        out.emit(ev.CriticalCheck(ship=target.id, roll=face, critical=got))
        if got:
            critical(state, target, out)
    return hits


def critical(state: GameState, ship: Ship, out: Out) -> None:
    faces = state.dice.roll(2, 6)
    roll = sum(faces)
    row = next(r for r in state.rules.critical_table if r.low <= roll <= r.high)
    out.emit(ev.Critical(ship=ship.id, roll=roll, faces=tuple(faces), effect=row.effect))
    if row.effect == "rudder":
        ship.rudder = True
    elif row.effect == "magazine":
        remove(state, ship, out, ev.Exploded(ship=ship.id))
        return
    if row.rigging_dice:
        lose(state, ship, "rigging", sum(state.dice.roll(row.rigging_dice, 6)), out)
    if row.fires:
        add_fires(state, ship, row.fires, out)
    if row.leaks:
        add_leaks(state, ship, row.leaks, out)
    if row.crew_dice and ship.on_table:
        lose(state, ship, "crew", sum(state.dice.roll(row.crew_dice, 6)), out)


def musketry(state: GameState, firer: Ship, target: Ship, out: Out) -> None:
    n = firer.musketry
    if n <= 0 or "musketry" in firer.fired or target.shore_battery:
        return
    firer.fired = firer.fired + ("musketry",)
    need = int(state.rules.musketry_hit_on)
    faces = state.dice.roll(n, 6)
    rerolled: list[int] = []
    if firer.has("marines"):
        rerolled = [i for i, f in enumerate(faces) if f < need]
        for i in rerolled:
            faces[i] = state.dice.die(6)
    hits = sum(1 for f in faces if f >= need)
    out.emit(
        ev.Musketry(ship=firer.id, target=target.id, dice=n, faces=tuple(faces), rerolled=tuple(rerolled), hits=hits)
    )
    lose(state, target, "crew", hits, out)


def can_fire_now(state: GameState, firer: Ship) -> str | None:
    """Why this ship may not fire at this moment, or None."""
    if firer.status != AFLOAT:
        return f"{firer.name} is {firer.status.replace('_', ' ')} and cannot fire"
    if firer.boarding_with:
        return f"{firer.name}'s crew is fighting a boarding action"
    if state.fas_window:
        if state.fas_window[0] != firer.id:
            return f"{state.ships[state.fas_window[0]].name} has the chance to fire as she bears first"
        return None
    act = state.activation
    if act is None or act.ship != firer.id:
        if firer.fas:
            return f"{firer.name} fires as she bears only after another ship's segment"
        return f"{firer.name} may fire only during her own activation"
    return None


def fire(state: GameState, cmd: c.Fire, out: Out) -> None:
    firer = state.ships.get(cmd.ship)
    target = state.ships.get(cmd.target)
    if firer is None or target is None:
        raise Illegal(f"unknown ship {cmd.ship if firer is None else cmd.target!r}")
    why = can_fire_now(state, firer)
    if why:
        raise Illegal(why)
    guns = "chasers" if cmd.side in ENDS else "broadside"
    if cmd.side in firer.fired:
        raise Illegal(f"{firer.name} has already fired her {cmd.side} {guns} this turn (or shifted her guns)")
    again = national.refusal(state, firer, cmd.side)
    if again:
        raise Illegal(again)
    if cmd.side not in gun_sides(firer):
        unrigged = f"{firer.name}'s chasers are not rigged"
        raise Illegal(unrigged if cmd.side in ENDS else f"unknown broadside {cmd.side!r}")
    in_window = bool(state.fas_window)
    if cmd.chain_shot:
        act = state.activation
        if in_window or act is None or act.special is not None or firer.crippled("crew"):
            raise Illegal(f"{firer.name} cannot attempt Chain Shot now (one special action a turn, own activation)")
    shot = plan_shot(state, firer, cmd.side, target, cmd.aim, chain_shot=False)
    if isinstance(shot, str):
        raise Illegal(shot)
    if cmd.chain_shot and not chain_shot_helps(state, shot):
        raise Illegal(chain_shot_useless(state, target, shot))
    if cmd.chain_shot and shot.load != loads.ROUND:
        held = loads.title(shot.load)
        raise Illegal(f"Chain Shot is a special action for round-shot guns; her {cmd.side} guns hold {held}")
    act = state.activation
    if not in_window:
        assert act is not None  # outside a window a ship shoots only in her own activation
        leave_start(state, act, firer, out)
        if firer.status != AFLOAT:
            return  # the fires she let burn took the ship before a gun was fired
        if cmd.chain_shot and firer.crippled("crew"):
            return  # they crippled her crew: no Chain Shot, her guns stay loaded (specials.under_way_for_special)
    if cmd.chain_shot:
        assert act is not None  # refused above outside her own activation
        act.special = "chain_shot"
        spec = state.rules.special_actions["chain_shot"]
        passed = success_test(state, firer, "special:chain_shot", int(spec["successes"]), out)
        if passed:
            loaded = plan_shot(state, firer, cmd.side, target, cmd.aim, chain_shot=True)
            if isinstance(loaded, str):
                raise Illegal(loaded)
            shot = loaded
    national.spend(state, firer, cmd.side)
    firer.fas = False  # Fire As She Bears is in force only until she shoots
    if in_window:
        state.fas_window = state.fas_window[1:]
    if fire_loaded(state, shot, out) and shot.band == "point_blank" and target.on_table and not target.shore_battery:
        musketry(state, firer, target, out)
    _refresh_window(state)


def fire_loaded(state: GameState, shot: Shot, out: Out, kind: str = "broadside") -> bool:
    """Fire a broadside as loaded (option ``shot``); False if hot shot set her own ship alight instead.

    Hot shot: before the guns fire a die may say the glowing shot has started a
    fire aboard her, and the broadside is lost; after it, a die may set the
    target ablaze, and a target that the broadside itself set alight as well
    blows up.
    """
    firer, target = state.ships[shot.firer], state.ships[shot.target]
    load = loads.load(state, shot.load)
    die = int(loads.spec(state)["fire_die"]) if load.self_fire_on or load.target_fire_on else 0
    if load.self_fire_on:
        face = state.dice.die(die)
        backfire = face in load.self_fire_on
        out.emit(ev.HotShot(ship=firer.id, side=shot.side, roll=face, backfire=backfire))
        if backfire:
            loads.spend(state, firer, shot, out)
            add_fires(state, firer, 1, out)
            return False
    fires_before = target.fires
    fire_shot(state, shot, out, kind)
    if load.target_fire_on and target.on_table and not target.shore_battery:
        face = state.dice.die(die)
        kindled = face in load.target_fire_on
        blew_up = kindled and target.fires > fires_before
        out.emit(ev.HotShotHit(ship=firer.id, target=target.id, roll=face, fire=kindled, explodes=blew_up))
        if blew_up:
            remove(state, target, out, ev.Exploded(ship=target.id, cause="hot_shot"))
        elif kindled:
            add_fires(state, target, 1, out)
    loads.spend(state, firer, shot, out)
    return True


def chain_shot_helps(state: GameState, shot: Shot) -> bool:
    """Chain Shot adds to hit only against rigging at the bands the rules name (point blank and close)."""
    return shot.aim == "rigging" and shot.band in state.rules.special_actions["chain_shot"]["bands"]


def chain_shot_useless(state: GameState, target: Ship, shot: Shot) -> str:
    bands = " or ".join(b.replace("_", " ") for b in state.rules.special_actions["chain_shot"]["bands"])
    if shot.aim != "rigging":
        return f"Chain Shot is fired at the rigging, not the {shot.aim}: it would spend the special action for nothing"
    return (
        f"Chain Shot helps only at {bands} range; {target.name} is at {shot.band.replace('_', ' ')} range "
        f'({shot.range:.1f}"): it would spend the special action for nothing'
    )


def snap_fire(state: GameState, cmd: c.SnapFire, out: Out) -> None:
    if not state.snap or state.snap[0] != cmd.ship:
        raise Illegal("snap fire is only for a ship just boarded, before she has acted this turn")
    defender, boarder = state.ships[state.snap[0]], state.ships[state.snap[1]]
    side = snap_side(defender, boarder)
    shot = plan_shot(state, defender, side, boarder, cmd.aim, snap=True)
    if isinstance(shot, str):
        raise Illegal(shot)
    state.snap = ()
    national.spend(state, defender, side)
    defender.fas = False
    fire_loaded(state, shot, out, kind="snap_fire")


def snap_side(defender: Ship, boarder: Ship) -> str:
    """The broadside that faces the boarder lying alongside."""
    return "port" if to_local(defender.pose, (boarder.x, boarder.y))[1] >= 0 else "starboard"


def offer_snap_fire(state: GameState, defender: Ship, boarder: Ship, out: Out) -> None:
    """Called when a boarder comes alongside: an unactivated defender may snap fire.

    On a trial nobody is there to answer, so the chance is only reported.
    """
    if defender.status == AFLOAT and not defender.activated and not defender.shore_battery:
        if national.ready(state, defender, snap_side(defender, boarder)):
            if state.trial:
                out.emit(ev.SnapChance(ship=defender.id, target=boarder.id))
            else:
                state.snap = (defender.id, boarder.id)


def hold_fire(state: GameState, cmd: c.HoldFire, out: Out) -> None:
    if state.snap and state.snap[0] == cmd.ship:
        state.snap = ()
        out.emit(ev.HoldFire(ship=cmd.ship, snap=True))
        return
    if not state.fas_window or state.fas_window[0] != cmd.ship:
        raise Illegal("there is no chance to fire as she bears to decline")
    state.fas_window = state.fas_window[1:]
    out.emit(ev.HoldFire(ship=cmd.ship))
    _refresh_window(state)


def declare_fas(state: GameState, cmd: c.FireAsSheBears, out: Out) -> None:
    act = state.activation
    ship = state.ships.get(cmd.ship)
    if act is None or ship is None or act.ship != ship.id:
        raise Illegal("Fire As She Bears is declared during the ship's own activation")
    check_special_allowed(ship, act, "fire_as_she_bears")
    act.special = "fire_as_she_bears"
    spec = state.rules.special_actions["fire_as_she_bears"]
    if success_test(state, ship, "special:fire_as_she_bears", int(spec["successes"]), out):
        ship.fas = True


def shots_available(state: GameState, firer: Ship) -> list[tuple[str, Ship]]:
    """(side, target) pairs this ship could fire now, ignoring whose moment it is."""
    return [(side, target) for side, target, _ in _shots(state, firer)]


def _shots(state: GameState, firer: Ship) -> list[tuple[str, Ship, Shot]]:
    """(side, target, the shot at her hull, or the aim her load takes) for every broadside she could fire now."""
    return list(_each_shot(state, firer))


def has_shot(state: GameState, firer: Ship) -> bool:
    """Whether she could fire any broadside now: ``shots_available`` stopping at the first
    (a fleet action has dozens of targets to measure for each ship firing as she bears)."""
    return next(_each_shot(state, firer), None) is not None


def _each_shot(state: GameState, firer: Ship) -> Iterator[tuple[str, Ship, Shot]]:
    if firer.status != AFLOAT or firer.boarding_with:
        return
    for side in gun_sides(firer):
        if not national.ready(state, firer, side):
            continue
        for target in state.ships.values():
            # plan_shot turns away friends and untargetable ships before measuring anything
            if target is not firer:
                aim = loads.aims(state, firer, side, AIMS)[0]
                shot = plan_shot(state, firer, side, target, aim)
                if not isinstance(shot, str):
                    yield side, target, shot


def open_window(state: GameState, mover: Ship) -> None:
    """After a segment: ships firing as they bear, with a shot, get their chance (never on a trial)."""
    if state.trial:
        return
    ready = [s.id for s in state.ships.values() if s.fas and s.id != mover.id and has_shot(state, s)]
    state.fas_window = tuple(ready)


def _refresh_window(state: GameState) -> None:
    """Drop ships from the window that no longer have a shot (the target sank, say)."""
    state.fas_window = tuple(s for s in state.fas_window if has_shot(state, state.ships[s]))


def _aims(state: GameState, firer: Ship, side: str, target: Ship) -> tuple[str, ...]:
    """The aims offered against ``target``: a fort is a hull; a load may allow only one."""
    return loads.aims(state, firer, side, AIMS if not target.shore_battery else ("hull",))


def fire_options(state: GameState) -> list[Option]:

    if state.snap:
        sid = state.snap[0]
        side = snap_side(state.ships[sid], state.ships[state.snap[1]])
        opts = [c.option("hold_fire", sid)]
        if side not in state.ships[sid].loading and not chasers.broadsides_barred(state, state.ships[sid], side):
            opts.append(c.option("snap_fire", sid, choices={"aim": loads.aims(state, state.ships[sid], side, AIMS)}))
        return opts
    if state.fas_window:
        sid = state.fas_window[0]
        ship = state.ships[sid]
        opts = [c.option("hold_fire", sid)]
        for side, target in shots_available(state, ship):
            aims = _aims(state, ship, side, target)
            opts.append(c.option("fire", sid, fixed={"side": side, "target": target.id}, choices={"aim": aims}))
        return opts
    act = state.activation
    if act is None:
        return []
    ship = state.ships[act.ship]
    if can_fire_now(state, ship):
        return []
    chain = act.special is None and not ship.crippled("crew")
    chain_bands = state.rules.special_actions["chain_shot"]["bands"]
    opts = []
    for side, target, shot in _shots(state, ship):
        aims = _aims(state, ship, side, target)
        if not aims:
            continue
        fixed = {"side": side, "target": target.id}
        opts.append(c.option("fire", ship.id, fixed=fixed, choices={"aim": aims}))
        # offered only where it can help, and only with round shot in the guns
        if chain and "rigging" in aims and shot.band in chain_bands and shot.load == loads.ROUND:
            opts.append(c.option("fire", ship.id, fixed={**fixed, "aim": "rigging", "chain_shot": True}))
    if act.special is None and not ship.crippled("crew") and not ship.fas and not ship.shore_battery:
        opts.append(c.option("fire_as_she_bears", ship.id))
    return opts
