"""Success tests: roll D6, 4-5 is a success and a 6 two; rerolls by crew quality.

A reroll is spent on a failed die, at most once per die, lowest face first,
and only while the test is still short of its target: rerolling can never
make a test fail, so stopping early changes no outcome, it only keeps the
dice stream short.
"""

from __future__ import annotations

from game.systems.btq21 import events as ev
from game.systems.btq21 import fortune
from game.systems.btq21.events import Out
from game.systems.btq21.state import GameState, Ship


def successes(faces: list[int], success_on: int = 4, double_on: int = 6) -> int:
    return sum(2 if f >= double_on else 1 if f >= success_on else 0 for f in faces)


def rerolls_for(state: GameState, ship: Ship, morale: bool = False) -> int:
    st = state.rules.success_test
    n = int(st["rerolls"][ship.quality])
    if ship.has("flagship"):
        n += int(st["flagship_rerolls"])
    elif morale and friendly_flagship_near(state, ship):
        n += int(st["flagship_rerolls"])
    if not morale:  # steady hands or confusion on deck, for the ship the turn's card fell on
        n = max(0, n + int(fortune.effect(state, ship, "rerolls")))
    return n


def friendly_flagship_near(state: GameState, ship: Ship) -> bool:
    """A friendly flagship afloat within the morale radius (closest distance between bases)."""
    from game.systems.btq21.board import closest_distance

    radius = float(state.rules.success_test["flagship_morale_radius"])
    for other in state.ships.values():
        if other.id != ship.id and other.side == ship.side and other.has("flagship") and other.status == "afloat":
            if closest_distance(state, ship.id, other.id) <= radius:
                return True
    return False


def success_test(
    state: GameState,
    ship: Ship,
    purpose: str,
    needed: int,
    out: Out,
    extra_dice: int = 0,
    morale: bool = False,
) -> bool:
    st = state.rules.success_test
    on, dbl = int(st["success_on"]), int(st["double_on"])
    n = int(st["dice"]) + extra_dice
    allowed = rerolls_for(state, ship, morale=morale)
    faces = state.dice.roll(n, 6)
    first = list(faces)
    rerolled: set[int] = set()
    while successes(faces, on, dbl) < needed and len(rerolled) < allowed:
        failed = [i for i, f in enumerate(faces) if f < on and i not in rerolled]
        if not failed:
            break
        i = min(failed, key=lambda k: (faces[k], k))
        faces[i] = state.dice.die(6)
        rerolled.add(i)
    got = successes(faces, on, dbl)
    passed = got >= needed
    out.emit(
        ev.Test(
            purpose=purpose,
            ship=ship.id,
            quality=ship.quality,
            dice=n,
            needed=needed,
            rerolls=allowed,
            first_faces=tuple(first),
            rerolled=tuple(sorted(rerolled)),
            faces=tuple(faces),
            successes=got,
            passed=passed,
        )
    )
    return passed
