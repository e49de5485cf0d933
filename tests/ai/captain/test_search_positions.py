"""Positions from real battles where the old captain's one-activation look-ahead chose worse than the search.

Each position is reached by replaying a self-play battle (the old captain against the scripted
player, both unchanged and pinned by the golden games).  Each plan is then judged by many more
trials than either level runs (60 rounds of sampled dice; both nearest enemies reply and she sails
her own next activation after them): the material each side has left, in victory points.
"""

from __future__ import annotations

from functools import cache

from game.ai import make_player
from game.ai.captain import reach
from game.ai.captain.search import SearchCaptain, _Begin
from game.ai.decide import decide
from game.ai.search.levels import Level
from game.content.load import load_default, load_scenario, scenario_path
from game.persistence.session import Session
from game.systems.base import Refusal
from game.systems.btq21 import commands as c
from game.systems.btq21.engine import apply
from game.systems.btq21.sandbox import sandbox

#: The judge: more trials and a longer horizon than any level.
JUDGE = Level("judge", plans=1, samples=0, mean_first=False, replies=2, follow=True, second_look=False, beam=0,
              budget_ms=None)
ROUNDS = 60


@cache
def position(scenario: str, seed: int, old_side: str, steps: int) -> Session:
    rules, ships = load_default()
    sc = load_scenario(scenario_path(scenario), ships, rules)
    players = {s.id: ("captain-v1" if s.id == old_side else "scripted") for s in sc.sides}
    session = Session(sc, rules, seed, players, {})
    agents = {side: make_player(kind, seed, side) for side, kind in players.items()}
    while len(session.steps) < steps:
        options = session.legal()
        agent = agents[session.side_of(options)]
        decide(agent, session.state, options, lambda cmd: not isinstance(session.submit(cmd), Refusal))
    return session


def judged(session: Session, sid: str, plan) -> tuple[float, float, list]:
    """(mean material change, its standard error, the replies and her next activation as planned)."""
    return SearchCaptain(999, session.state.ships[sid].side, JUDGE).weigh(session.state, sid, plan, ROUNDS)


def her_next_activation(replies: list, sid: str) -> list:
    start = next(i for i, cmd in enumerate(replies) if isinstance(cmd, _Begin) and cmd.ship == sid)
    return replies[start + 1:]


def test_duel_turn_four_the_old_captain_ends_head_to_wind_with_her_guns_silent_next_time_the_hard_one_does_not():
    # Turn 4 of the duel (seed 2): Constitution to windward of the Guerriere, whose rigging is already
    # cut about.  The old captain fires Chain Shot and then turns twice to port, ending at 307.5 degrees
    # with the wind from 315: next activation she lies taken aback, cannot sail, and fires nothing.
    session = position("duel", 2, "american", 40)
    st, options = session.state, session.legal()
    old = make_player("captain-v1", 2, "american").make_plan(st, options)
    old_end = sandbox_end(st, old)
    assert abs(old_end.ships["constitution"].heading - 307.5) < 1e-6
    old_v, old_se, old_replies = judged(session, "constitution", old)
    assert not any(isinstance(cmd, c.Fire) for cmd in her_next_activation(old_replies, "constitution"))
    assert reach.aback_next(old_end, old_end.ships["constitution"])
    # The hard captain's trials sail her own next activation after the Guerriere's reply: she sees it,
    # and ends with the wind where she can sail on (measured: 150 degrees, her port broadside fired with
    # chain shot at close range; judged 24.0 ± 1.3 to the old plan's -16.2 ± 3.5).
    new = make_player("captain:hard", 2, "american").make_plan(st, options)
    assert [cmd for cmd, _ in new] != [cmd for cmd, _ in old]
    new_end = sandbox_end(st, new)
    assert not reach.aback_next(new_end, new_end.ships["constitution"])
    new_v, new_se, _ = judged(session, "constitution", new)
    assert new_v - old_v > 2 * (old_se**2 + new_se**2) ** 0.5, (new_v, old_v)


def sandbox_end(st, plan):
    end = sandbox(st)
    for cmd, _sig in plan:
        apply(end, cmd, scratch=True)
    return end

