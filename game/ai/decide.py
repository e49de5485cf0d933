"""Getting a command the engine will accept out of any computer player.

An option can still be refused for its geometry (no room to pivot, say).
After a few refusals the player is asked for a safe version of the option
(no turn), and after that the option is dropped and the player chooses among
the rest.  Turning 0 is never refused, so this always ends.  ``accepts`` says
whether the engine takes a command: self-play submits it for real, the
window tries it on a copy while the player thinks on another thread.
"""

from __future__ import annotations

from collections.abc import Callable

from game.systems.base import Option
from game.systems.btq21.commands import Command
from game.systems.btq21.state import GameState


class NoAcceptableCommand(RuntimeError):
    pass


def decide(agent, state: GameState, options: list[Option], accepts: Callable[[Command], bool]) -> Command:
    remaining = list(options)
    while remaining:
        cmd = agent.choose(state, remaining)
        opt = next((o for o in remaining if o.type == cmd.type and o.ship == cmd.ship and _matches(o, cmd)), None)
        if opt is None:
            raise NoAcceptableCommand(f"{agent.kind} chose {cmd!r}, which is not among the legal options")
        for attempt in range(5):
            if accepts(cmd):
                return cmd
            if attempt >= 2 and hasattr(agent, "fallback"):
                cmd = agent.fallback(opt)
            elif hasattr(agent, "fill"):
                cmd = agent.fill(opt)
            else:
                cmd = opt.command()
        remaining.remove(opt)
    raise NoAcceptableCommand("every legal option was refused by the engine")


def _matches(opt: Option, cmd: Command) -> bool:
    return all(getattr(cmd, k) == v for k, v in opt.fixed.items())
