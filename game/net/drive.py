"""A computer player at one end of a network battle, seen through its Link exactly as a window sees it.

It builds its copy of the battle from ``link.opening()``, moves it on only by
what ``link.poll()`` hands back (checking each state hash), and sends a
command whenever its side is to move.  Used by the headless ``--host`` and
``--join`` runs, the tests and the fuzzer; it measures each command's round
trip (sent -> Played back).
"""

from __future__ import annotations

import copy
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_player
from game.ai.decide import NoAcceptableCommand, decide
from game.fair.link import Ended, Link, Notice, Played, Refused, TakenBack
from game.persistence.session import Session
from game.systems.base import Command, Refusal

#: Longest a headless battle may take before it is given up (seconds).
BATTLE_TIMEOUT = 300.0
#: How long one wait for news lasts before the player looks again (seconds).
WAIT_STEP = 0.05
#: Refusals of our own commands in a row before the player gives up (a bug, not a battle).
MAX_REFUSALS_IN_A_ROW = 50


class DriveError(RuntimeError):
    """The battle could not be played to its end over the link (the message says why)."""


@dataclass
class Outcome:
    session: Session | None = None
    latencies: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    ended: str | None = None

    def latency_ms(self) -> dict[str, Any]:
        values = sorted(self.latencies)
        if not values:
            return {"median": None, "p95": None, "n": 0}
        p95 = values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]
        return {"median": round(statistics.median(values) * 1000, 3), "p95": round(p95 * 1000, 3), "n": len(values)}


def mirror(document: dict[str, Any], rules: Any, ships: Any, progress: Any = None) -> Session:
    """The window's copy of the battle, built from an opening document as any save is (SaveError if it is not
    one); ``progress`` hears (commands replayed, of how many)."""
    from game.persistence.save import check_document, replay

    name = "the network battle"
    return replay(check_document(name, copy.deepcopy(document)), rules, ships, name, progress)


def play(link: Link, kind: str, rules: Any, ships: Any, timeout: float = BATTLE_TIMEOUT,
         stop_after: int | None = None, pace: float = 0.0) -> Outcome:
    """Play ``link``'s sides with computer player ``kind`` until the battle is over (or ``stop_after`` commands);
    ``pace`` seconds of thought before each command stretch a battle (the fuzzer plays one while it attacks)."""
    out = Outcome()
    deadline = time.monotonic() + timeout
    agent = None
    in_flight: tuple[Command, float] | None = None
    in_a_row = 0
    away = False
    arrived = getattr(link, "arrived", None)
    while time.monotonic() < deadline:
        events = link.poll()
        # the opening is taken after the poll: every Played polled came after it was set, so none is lost
        if out.session is None:
            doc = link.opening()
            if doc is not None:
                out.session = mirror(doc, rules, ships)
                for side in link.sides:
                    agent = make_player(kind, out.session.seed, side, out.session.system.id)
        for event in events:
            if isinstance(event, Played):
                session = out.session
                if session is None:
                    continue
                if event.number <= len(session.commands):
                    continue
                result = session.submit(event.command, reseed=event.reseed)
                if isinstance(result, Refusal) or session.hashes[-1] != event.state_hash:
                    raise DriveError(f"command {event.number} does not play here as it did at the host")
                if in_flight is not None and event.side in link.sides:
                    out.latencies.append(time.monotonic() - in_flight[1])
                    in_flight, in_a_row = None, 0
            elif isinstance(event, TakenBack):
                if out.session is not None:
                    out.session.undo()
            elif isinstance(event, Refused):
                out.refused.append(event.reason)
                if in_flight is not None:
                    in_flight = None
                    in_a_row += 1
                    if in_a_row > MAX_REFUSALS_IN_A_ROW:
                        raise DriveError(f"{MAX_REFUSALS_IN_A_ROW} commands refused in a row: {event.reason}")
            elif isinstance(event, Notice):
                out.notices.append(event.text)
                away = not event.connected  # no command goes while the far end is away (it would wait or fail)
            elif isinstance(event, Ended):
                out.ended = event.reason
                return out
        session = out.session
        if session is not None and (session.over or (stop_after is not None and len(session.commands) >= stop_after)):
            return out
        if (session is not None and agent is not None and in_flight is None and not away
                and session.side_to_move() in link.sides):
            options = session.legal()

            def accepts(cmd: Command, s: Session = session) -> bool:
                return not isinstance(s.preview(cmd), Refusal)

            try:
                command = decide(agent, session.state, options, accepts)
            except NoAcceptableCommand as e:
                raise DriveError(str(e)) from None
            if pace:
                time.sleep(pace)
            in_flight = (command, time.monotonic())
            link.send(command)
        if arrived is not None:
            arrived.wait(WAIT_STEP)
        else:
            time.sleep(WAIT_STEP / 10)
    raise DriveError(f"the battle did not end within {timeout:g} s")
