"""The Cagway captain (game/ai/cagway/search.py): the script's moves, ranked by trials played to the round's end."""

from __future__ import annotations

from dataclasses import replace

from game.ai.cagway import CagwayScriptedPlayer, sight
from game.ai.cagway.search import CagwayCaptain
from game.ai.decide import decide
from game.ai.search import LEVELS, Level
from game.content.paths import data_dir
from game.systems.base import Refusal
from game.systems.cagway import evaluation
from game.systems.cagway.scenario import load_scenario
from game.systems.cagway.state import MOVE, OVER, Activation, GameState
from tests.systems.cagway.position import SYSTEM, TABLES

BLOCKADE = load_scenario(data_dir() / "scenarios" / "cagway_blockade_run.yaml", TABLES)
OPEN_WATER = load_scenario(data_dir() / "scenarios" / "cagway_open_water.yaml", TABLES)
#: A small search, so a test can ask many decisions: two moves, one trial each.
QUICK = Level("quick", plans=2, samples=1, replies=1, beam=0, budget_ms=None)


def _battle(scenario, seed: int, turns: int, players: dict, each=None) -> GameState:
    """Play ``scenario`` for ``turns`` turns; ``each(state, options, side)`` is called before every decision."""
    state, _ = SYSTEM.new_game(replace(scenario, turn_limit=turns), seed)
    for _ in range(3000):
        if state.phase == OVER:
            break
        opts = SYSTEM.legal(state)
        side = state.ships[opts[0].ship].side
        if each is not None:
            each(state, opts, side)
        decide(players[side], state, opts, lambda c: not isinstance(SYSTEM.apply(state, c), Refusal))
    return state


def test_every_command_the_captain_gives_is_accepted_at_once():
    for scenario, seed in ((BLOCKADE, 2), (OPEN_WATER, 5)):
        sides = [s.id for s in scenario.sides]
        captains = {side: CagwayCaptain(seed, side, QUICK) for side in sides}
        given = 0
        state, _ = SYSTEM.new_game(replace(scenario, turn_limit=2), seed)
        for _ in range(3000):
            if state.phase == OVER:
                break
            opts = SYSTEM.legal(state)
            cmd = captains[state.ships[opts[0].ship].side].choose(state, opts)
            assert not isinstance(SYSTEM.apply(state, cmd), Refusal), cmd
            given += 1
        assert state.phase == OVER and given > 30


def test_the_blocker_s_captain_never_reads_the_carrier():
    """Every Blocker decision of a battle, asked again with each runner as the carrier: always the same command."""
    asked = []

    def ask(state: GameState, opts, side: str) -> None:
        if side != "blocker":
            return
        got = set()
        for carrier in (s.id for s in state.ships.values() if s.original_side == "runner"):
            st = state.copy()
            st.carrier = carrier
            got.add(CagwayCaptain(6, "blocker", QUICK).choose(st, opts))
        assert len(got) == 1, got
        assert sight.trial(state, "blocker").carrier == ""
        asked.append(state.phase)

    players = {"blocker": CagwayCaptain(6, "blocker", QUICK), "runner": CagwayScriptedPlayer(6, "runner")}
    _battle(BLOCKADE, 6, 1, players, ask)
    assert asked.count(MOVE) > 3


def test_the_same_seed_and_position_give_the_same_command():
    state, _ = SYSTEM.new_game(OPEN_WATER, 4)
    players = {s: CagwayScriptedPlayer(4, s) for s in state.sides}
    while not (state.phase == MOVE and state.turn == 2):  # the fleets have closed a little
        opts = SYSTEM.legal(state)
        decide(players[state.ships[opts[0].ship].side], state, opts,
               lambda c: not isinstance(SYSTEM.apply(state, c), Refusal))
    side = state.ships[state.activation.ship].side
    opts = SYSTEM.legal(state)
    first = CagwayCaptain(11, side).choose(state, opts)
    assert CagwayCaptain(11, side).choose(state.copy(), opts) == first
    assert CagwayCaptain(11, side).choose(state.detached(), SYSTEM.legal(state)) == first


# --- a position where the script's first choice is worse ---------------------------------------------------------

#: Open Water, turn 6: Queen Anne (the Brethren's galleon) to move; Fancy and Pearl lie dead between the fleets.
#: Ship id: (x, y, heading, HP, action points, moved already this round).
QUEEN_ANNE_TO_MOVE = {
    "queen_anne": (20.854, 8.172, 145.521, 33, 5, False),
    "fancy": (24.155, 5.847, 0.0, 0, 0, True),
    "revenge": (26.088, 27.691, 72.762, 18, 5, False),
    "pearl": (23.829, 9.705, 45.0, 0, 0, False),
    "lyme": (15.635, 14.908, 227.414, 12, 4, False),
    "scarborough": (30.525, 18.988, 290.082, 16, 4, False),
    "swift": (20.763, 24.862, 238.865, 13, 5, False),
}


def _queen_anne_to_move() -> GameState:
    state, _ = SYSTEM.new_game(OPEN_WATER, 1)
    for sid, (x, y, heading, hp, points, moved) in QUEEN_ANNE_TO_MOVE.items():
        s = state.ships[sid]
        s.x, s.y, s.heading, s.hp, s.deployed = x, y, heading, hp, True
        s.actions = s.round_actions = points
        s.moved = s.sailed = moved
    state.turn, state.phase = 6, MOVE
    state.order = ("fancy", "queen_anne", "pearl", "lyme", "scarborough", "swift", "revenge")
    state.order_index = 1
    state.activation = Activation("queen_anne", MOVE)
    return SYSTEM.sandbox(state)  # every die at its mean: the round below plays the same each time


def _round_with(player) -> GameState:
    """The round played out: Queen Anne's move by ``player``, every other decision by the script."""
    state = _queen_anne_to_move()
    script = {side: CagwayScriptedPlayer(1, side) for side in state.sides}
    while state.phase != OVER and state.turn == 6:
        opts = SYSTEM.legal(state)
        mine = state.phase == MOVE and state.activation.ship == "queen_anne"
        cmd = (player if mine else script[state.ships[opts[0].ship].side]).choose(state, opts)
        assert not isinstance(SYSTEM.apply(state, cmd), Refusal), cmd
    return state


def test_the_search_sails_out_of_a_close_broadside_the_script_would_stay_in():
    """The script fires at will on Lyme from where Queen Anne lies (its guess of the reply is only the guns that
    bear now); Lyme, moving after her, closes and answers at close range.  The captain's trials sail Lyme's
    reply, so she stands off first: the round leaves the Brethren better off."""
    state = _queen_anne_to_move()
    opts = SYSTEM.legal(state)
    scripted = CagwayScriptedPlayer(1, "brethren").choose(state, opts)
    searched = CagwayCaptain(1, "brethren", LEVELS["normal"]).choose(state, opts)
    assert scripted.type == "fire_at_will" and searched != scripted
    by_search, by_script = _round_with(CagwayCaptain(1, "brethren")), _round_with(CagwayScriptedPlayer(1, "brethren"))
    assert evaluation.material(by_search, "brethren") > evaluation.material(by_script, "brethren") + 1.0
    assert by_search.ships["queen_anne"].hp > by_script.ships["queen_anne"].hp
