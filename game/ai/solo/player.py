"""The scripted player: Gifford's solo-play opponent on the gridless table.

Each turn every ship takes a crew check for her mode (Aggressive, Standard,
Unsure) and rolls the D12 for her manoeuvre and the dice for her must-move
distance (``solo_tables``); she sails that manoeuvre segment by segment with
the engine's own geometry (``solo_movement``) and fires at the closest enemy
she bears on at the first chance, her own activation or the enemy's
(``solo_gunnery``).  Only an Aggressive ship grapples (``solo_boarding``).
The best firing position is measured on copies of the state with the real
engine (``solo_firing_position``), and seamanship overrides any order that
would wreck her (``solo_seamanship``).  docs/SOLO.md has the readings and
the measured results.

The solo dice are the player's own: for each ship and turn a stream is drawn
from ``player_dice(seed, side, "scripted")`` keyed by the ship and the turn,
so a decision depends only on (seed, side, state, options), never on how
often it was asked for, and the game's dice are never touched.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator

from game.ai.anchors import anchor_wish
from game.ai.base import calamity_pending, player_dice
from game.ai.chasers import chaser_wish
from game.ai.fireships import fireship_wish
from game.ai.fouling import foul_wish
from game.ai.shot import load_wish
from game.ai.solo.boarding import boarding_favours
from game.ai.solo.gunnery import closest_enemy, exit_edges, fire_order, foes
from game.ai.solo.movement import back_clear, helm
from game.ai.solo.seamanship import ABACK_NEXT, FOUL, LOST, NO_SEA_ROOM, lookahead, room_under_sail
from game.ai.solo.tables import AGGRESSIVE, SoloOrders, roll_orders
from game.systems.base import Option
from game.systems.btq21 import board, movement, weather
from game.systems.btq21 import commands as c
from game.systems.btq21.dice import Dice
from game.systems.btq21.engine import Rejected, apply
from game.systems.btq21.state import GameState, Ship
from game.systems.btq21.success import rerolls_for

#: Fires at or above which the whole crew fights them (and the guns fall silent for the turn).
ALL_HANDS_FIRES = 3
#: Sail within the fighting range (easy: +1 to her guns, -1 to the enemy's) and beyond it.
FIGHT_RANGE = "effective"
FIGHT_SAIL = "easy"
FAR_SAIL = "battle"


class ScriptedPlayer:
    """A side commanded by the solo rules (see the module's docstring)."""

    kind = "scripted"

    def __init__(self, seed: int, side: str) -> None:
        self.seed = seed
        self.side = side
        self.dice = player_dice(seed, side, self.kind)
        #: The solo roll of each (ship id, game turn), made the first time it is needed.
        self.orders: dict[tuple[str, int], SoloOrders] = {}

    # --- the solo roll ------------------------------------------------------------

    def turn_dice(self, ship_id: str, turn: int) -> Dice:
        """The player's dice for one ship's solo roll in one turn."""
        return Dice.from_seed(self.dice.state ^ zlib.crc32(f"{ship_id}:{turn}".encode()))

    def orders_for(self, state: GameState, ship: Ship) -> SoloOrders:
        """Her mode, manoeuvre and must-move distance this turn, rolled once and kept."""
        key = (ship.id, state.turn)
        if key not in self.orders:
            self.orders[key] = roll_orders(self.turn_dice(ship.id, state.turn), rerolls_for(state, ship))
        return self.orders[key]

    # --- choosing -----------------------------------------------------------------

    def choose(self, state: GameState, options: list[Option]) -> c.Command:
        """The first of the script's wishes the engine would accept (tried on a copy)."""
        for cmd in self._wishes(state, options):
            if cmd is not None and _accepted(state, cmd):
                return cmd
        return self.fill(_last_resort(options))

    def _wishes(self, state: GameState, options: list[Option]) -> Iterator[c.Command | None]:
        """Commands in the order the script wants them; the first the engine accepts is played."""
        by_type: dict[str, list[Option]] = {}
        for o in options:
            by_type.setdefault(o.type, []).append(o)
        if "snap_fire" in by_type:
            yield by_type["snap_fire"][0].command(aim="hull")
        if state.snap or state.fas_window:
            yield fire_order(state, options)
            yield from (o.command() for o in by_type.get("hold_fire", []))
            return
        if "activate" in by_type:
            yield from (o.command() for o in self._activation_order(state, by_type["activate"]))
            return
        act = state.activation
        if act is None or act.ship not in state.ships:
            return
        ship = state.ships[act.ship]
        yield self._start_of_activation(ship, by_type)
        yield load_wish(state, options)  # the guns are loaded at the start too (option shot)
        yield chaser_wish(state, options)  # and chasers rigged or struck (option chasers)
        yield anchor_wish(state, options)  # and a ship at anchor swung to bear, or her cable cut (option anchors)
        yield foul_wish(state, options)  # and a fouled ship grapples or clears her rigging (option fouling)
        yield fireship_wish(state, options)  # and a small ship on target set ablaze (option fireships)
        yield self._sail(state, ship, by_type.get("set_sail", []))  # the book's order: sail, then fire and move
        yield fire_order(state, options)
        yield from (o.command() for o in by_type.get("drift", []))
        orders = self.orders_for(state, ship)
        p = movement.plan(state, act, ship) if by_type.get("move") else None
        if by_type.get("declare_boarding") and orders.mode == AGGRESSIVE and ship.side not in exit_edges(state):
            yield self._boarding(state, ship, by_type["declare_boarding"])
        if p is not None and p.aback and by_type.get("tack"):
            yield by_type["tack"][0].command()
        if by_type.get("move"):
            move = by_type["move"][0]
            cmd, verdict = helm(state, ship, move, orders, boarding=act.boarding_target is not None)
            if verdict == FOUL and by_type.get("back_clear"):
                yield back_clear(state, ship, by_type["back_clear"][0], orders)  # her bow fouled: drop back first
            if verdict in (NO_SEA_ROOM, ABACK_NEXT, LOST) and by_type.get("tack") and not act.tack:
                yield by_type["tack"][0].command()  # hemmed in: try to come about through the wind
            yield cmd
            yield move.command(distance=move.ranges["distance"][0], turn=0.0)
        if by_type.get("fire_as_she_bears") and self._worth_fas(state, ship):
            yield by_type["fire_as_she_bears"][0].command()
        yield from (o.command() for o in by_type.get("end_activation", []))

    def _activation_order(self, state: GameState, opts: list[Option]) -> list[Option]:
        """The ship nearest the enemy acts first: she is the one with something to do.

        A calamity card waiting for the squadron goes instead to the ship farthest from the enemy.
        """

        def nearest(o: Option) -> tuple[float, str]:
            ship = state.ships[o.ship]
            enemy = closest_enemy(state, ship)
            return (board.closest_distance(state, ship.id, enemy.id) if enemy else 1e9, o.ship)

        order = sorted(opts, key=nearest)
        if order and calamity_pending(state, state.ships[order[0].ship].squadron):
            order = sorted(opts, key=lambda o: (-min(nearest(o)[0], 1e8), o.ship))
        return order

    def _start_of_activation(self, ship: Ship, by_type: dict[str, list[Option]]) -> c.Command | None:
        """Fires are fought before anything else, then leaks, then a damaged rudder."""
        if by_type.get("fight_fires"):
            return by_type["fight_fires"][0].command(all_hands=ship.fires >= ALL_HANDS_FIRES)
        for what in ("leaks", "rudder"):
            for o in by_type.get("repair", []):
                if o.fixed.get("what") == what:
                    return o.command(all_hands=False)
        return None

    def _sail(self, state: GameState, ship: Ship, opts: list[Option]) -> c.Command | None:
        """Easy sail to fight (it steadies her guns and spoils the enemy's), battle sail to close.

        Full sail is set only to run for an exit edge; and no more sail is set
        where the longer segments would leave her no sea room.
        """
        if not opts or ship.sail is None:
            return None
        sails = state.rules.sails
        enemy = closest_enemy(state, ship)
        far = enemy is None or board.closest_distance(state, ship.id, enemy.id) > weather.ranges(state)[FIGHT_RANGE]
        if ship.side in exit_edges(state):
            want = "full"
        else:
            want = FAR_SAIL if far else FIGHT_SAIL
        here = sails.index(ship.sail)
        if not room_under_sail(state, ship, ship.sail) and here > 0:
            want = sails[here - 1]  # hemmed in by an edge or a shore: less way, shorter segments
        if want not in sails or want == ship.sail:
            return None
        nxt = sails[here + (1 if sails.index(want) > here else -1)]
        if sails.index(nxt) > here and not room_under_sail(state, ship, nxt):
            return None
        return next((o.command() for o in opts if o.fixed["sail"] == nxt), None)

    def _boarding(self, state: GameState, ship: Ship, opts: list[Option]) -> c.Command | None:
        """An Aggressive ship grapples the closest enemy within reach that her boarders can carry."""
        opts = [o for o in opts if boarding_favours(state, ship, state.ships[o.fixed["target"]])]
        if not opts:
            return None
        target = min(opts, key=lambda o: (board.closest_distance(state, ship.id, o.fixed["target"]), o.fixed["target"]))
        return target.command()

    def _worth_fas(self, state: GameState, ship: Ship) -> bool:
        """Fire As She Bears is how the solo ship fires "even during your movement".

        Declared when her moving is done and an enemy is within long range,
        even with both broadsides spent: it lasts until her next activation,
        so the broadsides reloaded next turn bear on an enemy who moves first.
        """
        reach = weather.ranges(state)["long"]
        return any(board.closest_distance(state, ship.id, e.id) <= reach for e in foes(state, ship))

    # --- what the self-play runner asks after a refusal ---------------------------

    def fill(self, opt: Option) -> c.Command:
        """A safe version of an option: the least way and no turn."""
        values = {k: (0.0 if k == "turn" else lo) for k, (lo, _hi) in opt.ranges.items()}
        return opt.command(**values)

    def fallback(self, opt: Option) -> c.Command:
        return self.fill(opt)


def _accepted(state: GameState, cmd: c.Command) -> bool:
    """Would the engine take it?  Tried on a trial that keeps any chance to fire open for the answer."""
    return not isinstance(apply(lookahead(state, hold=False), cmd), Rejected)


def _last_resort(options: list[Option]) -> Option:
    for kind in ("end_activation", "hold_fire", "drift", "move"):
        for o in options:
            if o.type == kind:
                return o
    return options[0]
