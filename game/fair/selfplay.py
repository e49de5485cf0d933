"""Two computer players fight a battle whose dice both make (tests, the network's headless ends, --verify)."""

from __future__ import annotations

from game.ai import make_player
from game.ai.decide import decide
from game.content.model import RuleSet, Scenario
from game.persistence.session import Session
from game.systems.base import Refusal

from .chain import Chain
from .ledger import Ledger
from .play import FairPlay

MAX_COMMANDS = 5000


def fair_battle(scenario: Scenario, rules: RuleSet, players: dict[str, str], chains: dict[str, Chain]) -> FairPlay:
    """A battle set up from both sides' commitments and first reveals, not yet played."""
    sides = tuple(s.id for s in scenario.sides)
    ledger = Ledger(sides)
    for side in sides:
        ledger.commit(side, chains[side].tip)
    seed = ledger.open({side: chains[side].reveal() for side in sides}, scenario.id)
    return FairPlay(Session(scenario, rules, seed, dict(players)), ledger)


def play_out(fp: FairPlay, chains: dict[str, Chain], max_commands: int = MAX_COMMANDS) -> FairPlay:
    """Play on to the end; each side reveals its next chain value for every command that rolls."""
    session = fp.session
    agents = {side: make_player(kind, session.seed, side, session.system.id) for side, kind in session.players.items()}
    for _ in range(max_commands):
        if session.over:
            return fp
        options = session.legal()
        side = session.side_of(options)

        decide(agents[side], session.state, options, lambda cmd: not isinstance(fp.play(cmd, chains), Refusal))
    raise RuntimeError(f"the battle did not end within {max_commands} commands")
