"""The same battle played again in one process, as ``game.fair.selfplay.play_out`` plays one: the check that a
network battle came out as the commands and reveals it recorded say it must."""

from __future__ import annotations

from typing import Any

from game.fair.ledger import Ledger
from game.fair.play import FairPlay
from game.persistence.session import Session
from game.systems.base import Refusal


class ReplayMismatch(AssertionError):
    pass


def fair_replay(doc: dict[str, Any], rules: Any, ships: Any, name: str = "the battle") -> FairPlay:
    """Play a checked save document's commands again through a fresh :class:`FairPlay`, every roll from the
    reveals its ledger recorded; commitments are made where the ledger says they were."""
    from game.persistence.save import scenario_of

    recorded: Ledger = doc["fair_dice"]
    scenario = scenario_of(doc, name, ships, rules)
    ledger = Ledger(recorded.sides)
    commitments = list(recorded.commitments)

    def commit_up_to(rolls: int) -> None:
        while commitments and commitments[0].before_roll <= rolls:
            c = commitments.pop(0)
            ledger.commit(c.side, c.tip)

    for c in commitments[: recorded.opened_after]:  # the commitments the opening reveals answer
        ledger.commit(c.side, c.tip)
    del commitments[: recorded.opened_after]
    seed = ledger.open(dict(recorded.opening), scenario.id)
    commit_up_to(0)
    if seed != doc["seed"]:
        raise ReplayMismatch(f"{name}: the opening reveals make seed {seed}, not {doc['seed']}")
    session = Session(scenario, rules, seed, dict(doc["players"]), dict(doc.get("options") or {}))
    fp = FairPlay(session, ledger)
    for i, command in enumerate(doc["commands"], 1):
        commit_up_to(len(ledger.rolls))
        roll = recorded.roll_for(i)
        result = fp.submit(command, dict(roll.reveals) if roll else None)
        if isinstance(result, Refusal):
            raise ReplayMismatch(f"{name}: command {i} ({command.type}) refused on replay: {result.reason}")
        if session.hashes[-1] != doc["hashes"][i - 1]:
            raise ReplayMismatch(f"{name}: command {i} ({command.type}) leads elsewhere on replay")
    commit_up_to(len(ledger.rolls))
    return fp
