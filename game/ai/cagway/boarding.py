"""Crews for the scripted player: boarding, prizes, scuttling and sharing hands.

When ships touch their guns fall silent and the crews fight; the player:

* **boards** an enemy touching her when her combat value (read off her
  health chart) is better than the enemy's, or when she has nothing better
  to do with her point: the attack does her combat value in damage;
* **captures** a dead enemy touching her, putting a few hands aboard (the
  prize must not die again at once, and she keeps enough to fight): a prize
  scores in full, and in a blockade run the Blocker takes any dead runner,
  since she may be the carrier;
* **scuttles** a dead enemy she cannot hold: she has no hands to spare for a
  prize (capture needs her to keep 1 HP), or a live enemy touches the prize
  and would take her back;
* **shares** HP with a friend touching her when the friend is dying (3 HP or
  less, or dead, when the enemy could take her) and she can spare them.

Each is worth (in HP of damage, as :class:`aims.Aims` counts) what it wins.
"""

from __future__ import annotations

from game.ai.cagway import sight
from game.ai.cagway.aims import Aims
from game.ai.cagway.gunnery import touching
from game.ai.cagway.sight import BLOCKER
from game.systems.base import Command, Option
from game.systems.cagway import board, health
from game.systems.cagway.state import GameState, Ship

#: A friend with this many HP or fewer is dying: HP shared with her are worth their weight and more.
DYING_HP = 3
#: She keeps at least this many HP when giving hands away (a prize or a friend), if she has them.
KEEP_HP = 11
#: Hands put aboard a prize: enough that one shot does not leave her dead again at once.
PRIZE_HANDS = 4


def crew_choice(view: GameState, aims: Aims, options: list[Option]) -> tuple[float, Command] | None:
    """The best crew action among the options: (worth, command), or None if none is worth taking."""
    best: tuple[float, Command] | None = None
    for opt in options:
        got: tuple[float, Command] | None = None
        if opt.type == "board":
            got = _board(view, aims, opt)
        elif opt.type == "capture":
            got = _capture(view, aims, opt)
        elif opt.type == "scuttle":
            got = _scuttle(view, aims, opt)
        elif opt.type == "share":
            got = _share(view, aims, opt)
        if got is not None and (best is None or got[0] > best[0]):
            best = got
    return best


def better_crew(view: GameState, ship: Ship, target: Ship) -> bool:
    """Her combat value beats the enemy's."""
    return health.combat_value(view, ship) > health.combat_value(view, target)


def _board(view: GameState, aims: Aims, opt: Option) -> tuple[float, Command]:
    ship, target = view.ships[opt.ship], view.ships[opt.fixed["target"]]
    worth = aims.value_of_hit(target, health.combat_value(view, ship))
    if not better_crew(view, ship, target):
        worth *= 0.5  # still better than nothing: her guns are silent while they touch
    return worth, opt.command()


def _hands(ship: Ship, top: int) -> int:
    """Hands to put aboard a prize: a few, never below what keeps her fighting, at least one."""
    spare = max(1, ship.hp - KEEP_HP)
    return max(1, min(top, PRIZE_HANDS, spare))


def _prize_worth(view: GameState, aims: Aims, target: Ship) -> float:
    value = float(view.card_of(target).points)
    if aims.role == BLOCKER:
        return 100.0 + value  # she may be the carrier: taking her ends the blockade run
    return value


def prize_potential(view: GameState, aims: Aims, ship: Ship, points: int) -> float:
    """What taking a dead enemy touching ``ship`` (a ghost, maybe) would be worth in the combat phase."""
    if points < 1 or ship.dead:
        return 0.0
    best = 0.0
    for f in sight.enemies(view, ship):
        if f.dead and touching(ship, f):
            best = max(best, _prize_worth(view, aims, f) * (0.4 if _retaken(view, ship, f) else 1.0))
    return best


def _retaken(view: GameState, ship: Ship, target: Ship) -> bool:
    """A live enemy other than the prize touches her: the prize would be lost again."""
    return any(
        board.touching(f, target) for f in sight.live_enemies(view, ship) if f.id != target.id and f.actions >= 1
    )


def _capture(view: GameState, aims: Aims, opt: Option) -> tuple[float, Command]:
    ship, target = view.ships[opt.ship], view.ships[opt.fixed["target"]]
    top = max(opt.choices.get("hp", (1,)))
    worth = _prize_worth(view, aims, target) * (0.4 if _retaken(view, ship, target) else 1.0)
    return worth, opt.command(hp=_hands(ship, top))


def _scuttle(view: GameState, aims: Aims, opt: Option) -> tuple[float, Command] | None:
    ship, target = view.ships[opt.ship], view.ships[opt.fixed["target"]]
    if target.side == ship.side:
        return None  # never our own
    worth = _prize_worth(view, aims, target) * 0.9  # she scores as a prize would, but is gone for good
    return worth, opt.command()


def _share(view: GameState, aims: Aims, opt: Option) -> tuple[float, Command] | None:
    ship, friend = view.ships[opt.ship], view.ships[opt.fixed["friend"]]
    values = [v for v in opt.choices.get("hp", ()) if isinstance(v, int)]
    if friend.hp <= DYING_HP and ship.hp > friend.hp + 2:
        give = [v for v in values if v > 0]
        if not give:
            return None
        want = max(1, min(max(give), (ship.hp - friend.hp) // 2, ship.hp - 1))
        amount = min(give, key=lambda v: abs(v - want))
        threatened = friend.dead and any(board.touching(friend, f) for f in sight.live_enemies(view, ship))
        worth = (4.0 if friend.dead else 2.0) + (view.card_of(friend).points / 2.0 if threatened else 0.0)
        return worth, opt.command(hp=amount)
    if ship.hp <= DYING_HP and friend.hp > ship.hp + 2:
        take = [-v for v in values if v < 0]
        if not take:
            return None
        want = max(1, min(max(take), (friend.hp - ship.hp) // 2))
        amount = min(take, key=lambda v: abs(v - want))
        return 2.0, opt.command(hp=-amount)
    return None
