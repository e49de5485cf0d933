"""A far end in this process for the window's tests: an authority whose other side is a computer player.

It keeps the real battle (a FairPlay with both sides' chains), plays the
window's commands when they are legal and its own side's when it is their
turn, and hands back what a network link would: Played, Refused, Said.
"""

from __future__ import annotations

from game.ai import make_player
from game.ai.decide import decide
from game.content.load import load_default, load_scenario, scenario_path
from game.fair.chain import Chain
from game.fair.link import Played, Refused, Said, TakenBack
from game.fair.selfplay import fair_battle
from game.persistence.save import to_document
from game.systems.base import Refusal

RULES, SHIPS = load_default()


class LoopLink:
    def __init__(self, scenario: str = "duel", mine: str = "british", far: str = "scripted") -> None:
        sc = load_scenario(scenario_path(scenario), SHIPS, RULES)
        sides = [s.id for s in sc.sides]
        self.chains = {s: Chain(bytes([i + 1]) * 32, length=2000) for i, s in enumerate(sides)}
        self.fp = fair_battle(sc, RULES, {s: "human" for s in sides}, self.chains)
        self.sides = frozenset({mine})
        self.name = f"{mine} (test)"
        self.far = next(s for s in sides if s != mine)
        self.agent = make_player(far, 7, self.far, "btq21")
        self.out: list = []
        self.said: list[str] = []
        self.closed = False

    def opening(self):
        return to_document(self.fp.session)

    def _play(self, cmd, side) -> Refusal | None:
        fp = self.fp
        result = fp.play(cmd, self.chains)
        if isinstance(result, Refusal):
            return result
        step = fp.session.steps[-1]
        self.out.append(Played(len(fp.session.steps), side, cmd, step.reseed, step.hash_after))
        return None

    def send(self, command) -> None:
        side = self.fp.session.side_to_move()
        if side not in self.sides:
            self.out.append(Refused("it is not your side's turn"))
            return
        why = self._play(command, side)
        if why is not None:
            self.out.append(Refused(why.reason))

    def take_back(self) -> None:
        s = self.fp.session
        if s.can_undo():
            n = len(s.steps)
            s.undo()
            self.out.append(TakenBack(n))
        else:
            self.out.append(Refused(f"that can't be taken back: {s.why_no_undo()}"))

    def say(self, text: str) -> None:
        self.said.append(text)
        self.out.append(Said(self.name, text))

    def poll(self):
        s = self.fp.session
        while not s.over:
            opts = s.legal()
            side = s.state.ships[opts[0].ship].side
            if side != self.far:
                break
            decide(self.agent, s.state, opts, lambda c, side=side: self._play(c, side) is None)
        out, self.out = self.out, []
        return out

    def status(self) -> str:
        return "connected (test)"

    def close(self) -> None:
        self.closed = True
