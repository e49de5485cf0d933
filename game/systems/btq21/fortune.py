"""Option ``fortune``: the fortune-or-calamity card, once every turn.

King George Commands and We Obey puts a Fortune/Calamity card in the
activation deck: when it is drawn a D10 says fortune (1-5) or calamity
(6-10), a second roll finds the card on that table, and it falls on the next
unit activated.  On this table the card is drawn at the start of every turn:
the D10, the table's die, and a die with one face per squadron that can still
act (in the order of the setup) for the squadron it falls on.  The first ship
of that squadron to be activated this turn takes it: at once for fires, leaks
and losses; for her whole activation for speed, to-hit and rerolls.  A card
whose squadron does not act is lost at the end of the turn.  Every number is
in the tables under ``options.fortune``.
"""

from __future__ import annotations

from typing import Any

from game.systems.btq21 import events as ev
from game.systems.btq21.damage import lose
from game.systems.btq21.events import Out
from game.systems.btq21.state import Activation, GameState, Ship

NAME = "fortune"
_NONE: dict[str, Any] = {"speed": 0.0, "to_hit": 0, "rerolls": 0}


def spec(state: GameState) -> dict[str, Any]:
    return dict(state.rules.options[NAME])


def draw(state: GameState, out: Out) -> None:
    """The card comes out: fortune or calamity, which card, and the squadron it falls on."""
    s = spec(state)
    able = [q for q in state.squadrons.values() if any(state.ships[i].can_act for i in q.ships)]
    state.fortune = ()
    if not able:
        return
    roll = state.dice.die(int(s["card_die"]))
    kind = "fortune" if roll in s["fortune_on"] else "calamity"
    face = state.dice.die(int(s["table_die"]))
    card = str(s[kind][face - 1])
    pick = state.dice.die(len(able))
    squadron = able[pick - 1].id
    state.fortune = (squadron, card)
    out.emit(ev.FortuneCard(roll=roll, kind=kind, face=face, card=card, squadron=squadron, pick=pick, of=len(able)))


def fall(state: GameState, ship: Ship, act: Activation, out: Out) -> None:
    """At the start of an activation: the turn's card falls on her if it is her squadron's."""
    if not state.fortune or state.fortune[0] != ship.squadron:
        return
    card = state.fortune[1]
    state.fortune = ()
    act.fortune = card
    fx = spec(state)["effects"][card]
    if int(fx["fires"]):
        ship.fires = max(0, ship.fires + int(fx["fires"]))
    if int(fx["leaks"]):
        ship.leaks = max(0, ship.leaks + int(fx["leaks"]))
    crew, rigging = (tuple(state.dice.roll(int(fx[f"{track}_dice"]), 6)) for track in ("crew", "rigging"))
    out.emit(
        ev.Fortune(
            ship=ship.id,
            card=card,
            fires=ship.fires if int(fx["fires"]) else None,
            leaks=ship.leaks if int(fx["leaks"]) else None,
            crew_faces=crew or None,
            rigging_faces=rigging or None,
        )
    )
    for track, faces in (("crew", crew), ("rigging", rigging)):
        lose(state, ship, track, sum(faces), out)


def kind(state: GameState, card: str) -> str:
    """``fortune`` or ``calamity``: the table the card is on."""
    return "fortune" if card in state.rules.options[NAME]["fortune"] else "calamity"


def effect(state: GameState, ship: Ship, key: str) -> Any:
    """What the card on her this activation adds to ``key`` (speed, to_hit, rerolls); nothing if none."""
    act = state.activation
    if act is None or act.ship != ship.id or not act.fortune:
        return _NONE[key]
    return state.rules.options[NAME]["effects"][act.fortune][key]
