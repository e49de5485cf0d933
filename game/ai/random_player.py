"""The random player: any legal command, chosen uniformly.

It picks one of the legal options with equal chance, then each free value
uniformly in its range or among its choices.  Distances are rounded to the
hundredth of an inch and turns to the tenth of a degree (clamped inside the
range), which is how a person with a tape would move.
"""

from __future__ import annotations

from game.ai.base import player_dice
from game.systems.base import Option
from game.systems.btq21.commands import Command
from game.systems.btq21.state import GameState


class RandomPlayer:
    kind = "random"

    def __init__(self, seed: int, side: str) -> None:
        self.dice = player_dice(seed, side, self.kind)

    def choose(self, state: GameState, options: list[Option]) -> Command:
        opt = options[self.dice.die(len(options)) - 1]
        return self.fill(opt)

    def fill(self, opt: Option) -> Command:
        values = {}
        for name, (lo, hi) in opt.ranges.items():
            v = lo + (hi - lo) * self.dice.uniform()
            step = 0.1 if name == "turn" else 0.01
            v = round(v / step) * step
            values[name] = round(min(hi, max(lo, v)), 3)
        for name, opts in opt.choices.items():
            values[name] = opts[self.dice.die(len(opts)) - 1]
        return opt.command(**values)

    def fallback(self, opt: Option) -> Command:
        """A safe version of an option when a random one was refused: no turn."""
        cmd = self.fill(opt)
        if "turn" in opt.ranges:
            values = {k: getattr(cmd, k) for k in opt.ranges}
            values["turn"] = 0.0
            return opt.command(**values, **{k: getattr(cmd, k) for k in opt.choices})
        return cmd
