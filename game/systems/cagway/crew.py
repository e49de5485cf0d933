"""What crews do when ships touch, in the combat phase: fight, take prizes, scuttle, and share hands.

Crew combat (Combat Value; Close Combat): when two ships touch their guns are
no longer effective; a ship's crew attacks an enemy touching her and does
damage equal to her combat value, read off her health chart at her present
HP.  One action point.

Capturing: a dead enemy touching her may be taken: any number of her HP (her
crew) go aboard, and the prize joins her side.  One point.  (A reading: she
keeps at least 1 HP, and a ship holds no more than her card's HP.)

Scuttle: a ship with points left sinks a dead ship touching her, removing it
from play.  One point; a dead ship cannot scuttle itself.

Friendly ship repair: friends that touch may move HP between them, as a
capture does; dead friends are repaired this way.  One point, paid by the ship
whose combat action it is (a reading of "one of the connected ships").
"""

from __future__ import annotations

from game.systems.cagway import board, health
from game.systems.cagway import events as ev
from game.systems.cagway.commands import Board, Capture, Pass, Scuttle, Share
from game.systems.cagway.events import Out
from game.systems.cagway.illegal import Illegal, whole
from game.systems.cagway.state import COMBAT, SUNK, GameState, Ship
from game.systems.cagway.turn import acting, end_combat, named


def _pay(state: GameState, ship: Ship, action: str, rule: str) -> int:
    cost = int(state.tables.costs[action])
    if ship.actions < max(1, cost):
        raise Illegal(f"{ship.name} has no action points left ({rule})")
    return cost


def _touching(state: GameState, ship: Ship, other: Ship, rule: str) -> None:
    if not board.touching(ship, other):
        raise Illegal(f"{other.name} is not touching {ship.name} ({rule})")


def board_problem(state: GameState, ship: Ship, target: Ship) -> str | None:
    """Why her crew cannot attack ``target`` now; None if it can."""
    if target.id == ship.id or target.side == ship.side:
        return f"{target.name} is no enemy of {ship.name}"
    if not target.on_table:
        return f"{target.name} has been sunk"
    if target.dead:
        return f"{target.name} is dead in the water: further attacks do her no harm (Dead Ships)"
    if not board.touching(ship, target):
        return f"{target.name} is not touching {ship.name}: crews fight only ships they touch (Combat Value)"
    return None


def board_enemy(state: GameState, cmd: Board, out: Out) -> None:
    """Her crew attacks an enemy touching her: damage equal to her combat value (Close Combat)."""
    ship = acting(state, cmd.ship, COMBAT, "crew combat")
    cost = _pay(state, ship, "board", "Close Combat")
    target = named(state, cmd.target, "target")
    why = board_problem(state, ship, target)
    if why:
        raise Illegal(why)
    value = health.combat_value(state, ship)
    ship.actions -= cost
    end_combat(ship)
    out.emit(ev.CrewAttack(ship=ship.id, target=target.id, combat_value=value, damage=value))
    health.hurt(state, target, value, out)


def capture_limit(ship: Ship, target: Ship) -> int:
    """The most HP she can put aboard a prize: all but her last, and no more than the prize's card holds."""
    return max(0, min(ship.hp - 1, target.hp_max - target.hp))


def capture_problem(state: GameState, ship: Ship, target: Ship) -> str | None:
    if target.id == ship.id or target.side == ship.side:
        return f"{target.name} is no enemy of {ship.name}: friends share HP instead (Friendly Ship Repair)"
    if not target.on_table:
        return f"{target.name} has been sunk"
    if not target.dead:
        return f"{target.name} still has crew aboard: only a dead ship can be captured (Capturing)"
    if not board.touching(ship, target):
        return f"{target.name} is not touching {ship.name} (Capturing)"
    if capture_limit(ship, target) < 1:
        return f"{ship.name} has no crew to spare for a prize: she must keep 1 HP (Capturing, as Quarterdeck reads it)"
    return None


def capture(state: GameState, cmd: Capture, out: Out) -> None:
    """Take a dead enemy touching her: move HP across; the prize joins her side (Capturing)."""
    ship = acting(state, cmd.ship, COMBAT, "capturing")
    cost = _pay(state, ship, "capture", "Capturing")
    target = named(state, cmd.target, "target")
    why = capture_problem(state, ship, target)
    if why:
        raise Illegal(why)
    hp = whole(cmd.hp, "the HP to put aboard")
    top = capture_limit(ship, target)
    if not 1 <= hp <= top:
        raise Illegal(
            f"she can put from 1 to {top} HP aboard {target.name}: she must keep 1 HP, and the prize holds no more "
            f"than her card's {target.hp_max} (Capturing, as Quarterdeck reads it)"
        )
    ship.actions -= cost
    ship.hp -= hp
    target.hp += hp
    target.side, target.squadron = ship.side, ship.squadron
    health.cap_actions(state, ship)
    end_combat(ship)
    out.emit(ev.Capture(ship=ship.id, target=target.id, hp=hp))
    out.emit(ev.Captured(ship=target.id, by=ship.id))


def scuttle_problem(state: GameState, ship: Ship, target: Ship) -> str | None:
    if target.id == ship.id:
        return "a dead ship cannot scuttle herself (Scuttle)"
    if not target.on_table:
        return f"{target.name} has been sunk already"
    if not target.dead:
        return f"{target.name} is not dead in the water: only a dead ship can be scuttled (Scuttle)"
    if not board.touching(ship, target):
        return f"{target.name} is not touching {ship.name} (Scuttle)"
    return None


def scuttle(state: GameState, cmd: Scuttle, out: Out) -> None:
    """Sink a dead ship touching her, at once: she is removed from play (Scuttle)."""
    ship = acting(state, cmd.ship, COMBAT, "scuttling")
    cost = _pay(state, ship, "scuttle", "Scuttle")
    target = named(state, cmd.target, "target")
    why = scuttle_problem(state, ship, target)
    if why:
        raise Illegal(why)
    ship.actions -= cost
    target.status = SUNK
    target.actions = 0
    end_combat(ship)
    out.emit(ev.Sunk(ship=target.id, by=ship.id))


def share_limits(ship: Ship, friend: Ship) -> tuple[int, int]:
    """(most she can take from her friend, most she can give): each giver keeps 1 HP, each taker stays on her card."""
    give = max(0, min(ship.hp - 1, friend.hp_max - friend.hp))
    take = max(0, min(friend.hp - 1, ship.hp_max - ship.hp))
    return take, give


def share_problem(state: GameState, ship: Ship, friend: Ship) -> str | None:
    if friend.id == ship.id:
        return "a ship cannot share HP with herself"
    if friend.side != ship.side:
        return f"{friend.name} is an enemy: a dead enemy is captured instead (Capturing)"
    if not friend.on_table:
        return f"{friend.name} has been sunk"
    if not board.touching(ship, friend):
        return f"{friend.name} is not touching {ship.name} (Friendly Ship Repair)"
    if share_limits(ship, friend) == (0, 0):
        return f"neither {ship.name} nor {friend.name} has HP to spare or room for more (Friendly Ship Repair)"
    return None


def share(state: GameState, cmd: Share, out: Out) -> None:
    """Move HP between friends touching (Friendly Ship Repair): positive from her, negative to her."""
    ship = acting(state, cmd.ship, COMBAT, "sharing HP")
    cost = _pay(state, ship, "share", "Friendly Ship Repair")
    friend = named(state, cmd.friend, "friend")
    why = share_problem(state, ship, friend)
    if why:
        raise Illegal(why)
    hp = whole(cmd.hp, "the HP to move")
    take, give = share_limits(ship, friend)
    if hp == 0 or not -take <= hp <= give:
        raise Illegal(
            f"she can give {friend.name} from 1 to {give} HP or take from 1 to {take} (Friendly Ship Repair)"
            if give and take
            else f"she can {'give' if give else 'take'} from 1 to {give or take} HP (Friendly Ship Repair)"
        )
    ship.actions -= cost
    ship.hp -= hp
    friend.hp += hp
    health.cap_actions(state, ship if hp > 0 else friend)
    end_combat(ship)
    out.emit(ev.Share(ship=ship.id, friend=friend.id, hp=hp, paid_by=ship.id))


def pass_turn(state: GameState, cmd: Pass, out: Out) -> None:
    """She takes no combat action this round."""
    ship = acting(state, cmd.ship, COMBAT, "passing")
    end_combat(ship)
    out.emit(ev.Pass(ship=ship.id))
