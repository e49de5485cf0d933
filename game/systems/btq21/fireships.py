"""Option ``fireships``: Gifford's Fireships.

Gifford lets a player set a ship ablaze as a fireship in the command phase:
her crew leaves her, and from then she moves all her dice straight ahead,
never turning, until she explodes on a D6 of 4-6.  Her explosion is the book's
exploding ship (an undamaged broadside against every adjacent ship) and sets
each adjacent ship ablaze on a 4+; any ship adjacent to a burning fireship at
any point takes fire on a 6.  A fireship that has not exploded after three
movement phases only drifts.

Here the lighting is a command at the start of her activation
(``light_fireship``).  From then she sails every segment at its most, turning
nothing, and fires nothing; nobody boards her and she never tests morale.  At
the start of each later activation of hers the ``explode_die`` is rolled; on
``explode_on`` she blows up where she lies, rolling her undamaged broadside's
``blast_band`` dice at the ``blast_aim`` of every ship within ``blast_range``
(his "adjacent"), each of which then takes fire on ``blast_fire_on``.  After
``sail_activations`` activations she only drifts, 1" downwind as a demasted
ship does.  Whenever a ship lies within ``blast_range`` of a burning fireship
after a move, she rolls once a turn for that fireship and takes fire on
``near_fire_on``.  A fireship is spent by her own side: she scores for nobody.
The numbers are under ``options.fireships``; docs/READINGS.md has the readings.
"""

from __future__ import annotations

from typing import Any

from game.systems.base import Command, Option
from game.systems.btq21 import board, movement
from game.systems.btq21 import commands as c
from game.systems.btq21 import events as ev
from game.systems.btq21.broadside import broadside_total, gun_sides, split_dice
from game.systems.btq21.damage import add_fires, lose, remove
from game.systems.btq21.events import Out
from game.systems.btq21.illegal import Illegal, ship_of, start_refusal
from game.systems.btq21.state import AFLOAT, CAPTURED, STRUCK, Activation, GameState, Ship

NAME = "fireships"
RULE = "Fireships"
#: Ships a fireship's flames and blast can reach: any base still on the table but a shore battery's.
CATCHES_FIRE = (AFLOAT, STRUCK, CAPTURED)


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def light_refusal(state: GameState, ship: Ship) -> str | None:
    why = start_refusal(state, ship, "be set ablaze as a fireship", RULE)
    if why:
        return why
    if ship.fireship:
        return f"{ship.name} is already a fireship"
    if ship.anchor:  # option anchors
        return f"{ship.name} is at anchor: a fireship must run free (weigh or cut her cable first) ({RULE})"
    return None


def handle_light(state: GameState, cmd: c.LightFireship, out: Out) -> None:
    ship = ship_of(state, cmd.ship)
    why = light_refusal(state, ship)
    if why:
        raise Illegal(why)
    ship.fireship = 1
    ship.fas = False
    _silence(ship)
    out.emit(ev.Fireship(ship=ship.id))


def _silence(ship: Ship) -> None:
    """Her crew has left her: no gun of hers fires again."""
    ship.fired = tuple(dict.fromkeys((*ship.fired, *gun_sides(ship), "musketry")))


#: What a fireship with nobody aboard still does.
ADRIFT_ORDERS = (c.ActivateShip, c.MoveSegment, c.Drift, c.EndActivation)


def gate(state: GameState, command: Command) -> str | None:
    """What a fireship may still be told: to sail her segment straight on (or drift), and to end her activation."""
    ship = state.ships.get(getattr(command, "ship", ""))
    if ship is None or not ship.fireship or isinstance(command, ADRIFT_ORDERS):
        return None
    return f"{ship.name} is a fireship: her crew has left her, and she sails straight on until she blows up ({RULE})"


def burning(state: GameState, ship: Ship, act: Activation, out: Out) -> None:
    """At the start of a fireship's later activations: the die for her explosion, and then she sails or drifts."""
    if not ship.fireship:
        return
    _silence(ship)
    ship.fireship += 1
    sp = spec(state)
    roll = state.dice.die(int(sp["explode_die"]))
    bang = roll in sp["explode_on"]
    out.emit(ev.FireshipRoll(ship=ship.id, roll=roll, explodes=bang))
    if bang:
        act.movement_over = True
        blow_up(state, ship, out)
        return
    if ship.fireship > int(sp["sail_activations"]):
        act.movement_over = True
        act.drifted = True
        if not ship.fouled:  # option fouling: the tangle holds her
            movement.drift(state, ship, out)


def blow_up(state: GameState, ship: Ship, out: Out) -> None:
    """Her undamaged broadside's dice at every ship within reach, and fire among them; then she is gone."""
    sp = spec(state)
    from game.systems.btq21.gunnery import roll_type  # gunnery reads the whole engine

    reach, band, aim = float(sp["blast_range"]), str(sp["blast_band"]), str(sp["blast_aim"])
    needed = int(state.rules.to_hit[aim][band])
    d10, d6 = split_dice(broadside_total(state, ship.guns, band), ship.large_share)
    for other in _within(state, ship, reach):
        faces10, hits10 = roll_type(state, d10, 10, needed, 0)
        faces6, hits6 = roll_type(state, d6, 6, needed, 0)
        out.emit(
            ev.FireshipBlast(
                ship=ship.id,
                target=other.id,
                aim=aim,
                d10=d10,
                d6=d6,
                needed=needed,
                faces_d10=tuple(faces10),
                faces_d6=tuple(faces6),
                hits=hits10 + hits6,
            )
        )
        lose(state, other, aim, hits10 + hits6, out)
        if other.on_table:
            roll = state.dice.die(int(sp["blaze_die"]))
            fire = roll in sp["blast_fire_on"]
            out.emit(ev.FireshipFlames(ship=ship.id, target=other.id, roll=roll, fire=fire, blast=True))
            if fire:
                add_fires(state, other, 1, out)
    remove(state, ship, out, ev.Exploded(ship=ship.id, cause="fireship"))


def _within(state: GameState, fireship: Ship, reach: float) -> list[Ship]:
    return [
        s
        for s in state.ships.values()
        if s.id != fireship.id
        and s.status in CATCHES_FIRE
        and not s.shore_battery
        and board.closest_distance(state, fireship.id, s.id) <= reach
    ]


def flames(state: GameState, out: Out) -> None:
    """After every command: a ship newly within reach of a burning fireship rolls, once a turn for each."""
    sp = spec(state)
    reach = float(sp["blast_range"])
    for f in [s for s in state.ships.values() if s.fireship and s.status == AFLOAT]:
        for other in _within(state, f, reach):
            pair = f"{f.id}>{other.id}"
            if pair in state.scorched:
                continue
            state.scorched = (*state.scorched, pair)
            roll = state.dice.die(int(sp["blaze_die"]))
            fire = roll in sp["near_fire_on"]
            out.emit(ev.FireshipFlames(ship=f.id, target=other.id, roll=roll, fire=fire, blast=False))
            if fire:
                add_fires(state, other, 1, out)


def new_turn(state: GameState, out: Out) -> None:
    """Each turn a ship near a burning fireship rolls again for her flames."""
    state.scorched = ()


def light_options(state: GameState) -> list[Option]:
    act = state.activation
    if act is None:
        return []
    ship = state.ships[act.ship]
    return [c.option("light_fireship", ship.id)] if light_refusal(state, ship) is None else []
