"""The auditor's bookkeeping for the end of a battle: scenario objectives, and the points of ``game_over``.

The setup event carries the scenario's victory terms when they set objectives
or exit edges.  This class follows where each ship ends and where she lies,
checks every ``objective`` event (a zone held) against the poses the log gives
(her side alone had a ship able to fight in the zone, and it was logged when
the rules score it), notices a zone held that was not logged, and at
``game_over`` recounts every side's points and the winner: the ships lost,
taken and escaped by the book's points table, and the objectives.  The
points table itself is :func:`game.systems.btq21.victory.scoring`, a pure
function of where the log leaves the ships (as the after-action report uses
it); what it is fed is read from the log alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from game.content.model import RuleSet
from game.systems.account import totals
from game.systems.btq21.account import ENDINGS, log_standings
from game.systems.btq21.objectives import HOLD, Objective, logged_rows, mode_of, objectives_of
from game.systems.btq21.victory import scoring

#: Points are logged to a tenth.
TOL = 0.05


class _Placed(Protocol):
    pose: list[float]


class Objectives:
    """Follows one battle of a log for its objectives and its final points."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._reset({})

    def _reset(self, setup: dict[str, Any]) -> None:
        terms = setup.get("victory")
        self.terms: dict[str, Any] | None = terms if isinstance(terms, dict) else None
        try:
            self.aims: tuple[Objective, ...] = objectives_of(self.terms)
        except (TypeError, ValueError):
            self.aims = ()
        self.events: list[dict[str, Any]] = [setup] if setup else []
        self.status: dict[str, str] = {}
        self.side: dict[str, str] = {}
        for s in setup.get("ships") or ():
            if isinstance(s, dict) and isinstance(s.get("id"), str):
                self.status[s["id"]] = "afloat"
                self.side[s["id"]] = str(s.get("side", ""))
        self.held: list[str] = []
        self.turn = 1
        self.end_phase = False  # the end phase of the turn has begun (zones scored each turn are held in it)
        self.fled = False  # a ship left the table

    def check(self, e: dict[str, Any], ships: Mapping[str, _Placed]) -> list[str]:
        kind = e["type"]
        if kind == "setup":
            self._reset(e)
            return []
        self.events.append(e)
        out: list[str] = []
        sid = e.get("ship")
        if kind in ENDINGS and isinstance(sid, str) and sid in self.status:
            self.status[sid] = kind if kind != "left_table" else "left_table"
            if kind == "captured" and isinstance(e.get("side"), str):
                self.side[sid] = e["side"]
            self.fled = self.fled or kind == "left_table"
        elif kind == "phase" and e.get("phase") == "end":
            self.end_phase = True
        elif kind == "objective":
            out += self._held(e, ships)
        elif kind == "turn":
            out += self._unlogged(ships, "turn", self.turn)
            self.turn, self.end_phase = int(e["number"]), False
        elif kind == "game_over":
            if self.end_phase:
                out += self._unlogged(ships, "turn", self.turn)
            out += self._unlogged(ships, "end", 0)
            out += self._points(e)
        return out

    def _holds(self, o: Objective, ships: Mapping[str, _Placed]) -> bool:
        ours = theirs = False
        for sid, ship in ships.items():
            if self.status.get(sid) != "afloat" or not o.contains(float(ship.pose[0]), float(ship.pose[1])):
                continue
            if self.side.get(sid) == o.side:
                ours = True
            else:
                theirs = True
        return ours and not theirs

    def _held(self, e: dict[str, Any], ships: Mapping[str, _Placed]) -> list[str]:
        o = next((a for a in self.aims if a.id == e["objective"] and a.kind == HOLD), None)
        if o is None:
            return [f"the scenario has no zone to hold called {str(e['objective'])[:40]!r}"]
        out = []
        want_turn = self.turn if o.when == "turn" else 0
        if e["held_turn"] != want_turn:
            out.append(f"{o.id} is scored {'each turn' if o.when == 'turn' else 'at the end'}, "
                       f"the log holds it for turn {e['held_turn']}")
        if e["side"] != o.side or abs(float(e["points"]) - float(o.points or 0.0)) > 1e-6:
            out.append(f"{o.id} is worth {o.points:g} to {o.side}, the log scores {e['points']} to {e['side']}")
        if not self._holds(o, ships):
            out.append(f"{o.id} is not held by {o.side} alone: the log scores it all the same")
        record = f"{o.id}@{e['held_turn']}"
        if record in self.held:
            out.append(f"{o.id} scored twice for turn {e['held_turn']}")
        self.held.append(record)
        return out

    def _unlogged(self, ships: Mapping[str, _Placed], when: str, turn: int) -> list[str]:
        """Zones held when they are scored that the log does not score."""
        out = []
        for o in self.aims:
            if o.kind == HOLD and o.when == when and f"{o.id}@{turn}" not in self.held and self._holds(o, ships):
                out.append(f"{o.id} was held by {o.side} alone {'at the end' if turn == 0 else f'in turn {turn}'}, "
                           "but the log does not score it")
        return out

    def _points(self, e: dict[str, Any]) -> list[str]:
        """Recount every side's points and the winner from the log's own endings and zones."""
        if self.terms is None and self.fled:
            return []  # a log from before the terms were logged: whether she fled or escaped is not in it
        standings, sides = log_standings(self.events, self.rules)
        entries = scoring(standings, sides, self.rules, {}, self.aims, self.held, mode_of(self.terms))
        want = {k: round(v, 1) for k, v in totals(entries, sides).items()}
        got = e["points"]
        out = []
        for side in sides:
            have = got.get(side)
            if not isinstance(have, (int, float)) or abs(float(have) - want[side]) > TOL:
                out.append(f"{side} has {want[side]:g} points by the log's own events, game_over says {have}")
        best = max(want.values()) if want else 0.0
        leaders = [s for s, v in want.items() if v == best]
        winner = leaders[0] if len(leaders) == 1 else None
        if e.get("winner") != winner:
            out.append(f"the points make {winner or 'nobody (a draw)'} the winner, game_over says {e.get('winner')}")
        logged = [(r.get("side"), r.get("ship"), r.get("points")) for r in e.get("objectives") or ()]
        done = [(r["side"], r["ship"], r["points"]) for r in logged_rows(entries)]
        if logged != done:
            out.append(f"the ships' objectives done are {done or 'none'}, game_over says {logged or 'none'}")
        return out
