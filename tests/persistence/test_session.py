"""Take-backs: any command may be taken back until one rolls dice."""

from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.session import Session
from game.systems.btq21 import commands as c

RULES, SHIPS = load_default()


def test_take_back_restores_the_state_but_never_past_a_roll():
    sc = load_scenario(scenario_path("duel"), SHIPS, RULES)
    s = Session(sc, RULES, 3)
    start = s.state.state_hash()
    ship = s.legal()[0].ship
    s.submit(c.ActivateShip(ship))
    opt = next(o for o in s.legal() if o.type == "move")
    lo, hi = opt.ranges["distance"]
    s.submit(c.MoveSegment(ship, hi))
    assert s.can_undo()
    s.undo()
    s.undo()
    assert s.state.state_hash() == start
    assert not s.can_undo()  # the initiative roll at the start is history
    s.submit(c.ActivateShip(ship))
    s.submit(c.Tack(ship))  # a special action rolls dice
    assert not s.can_undo()
