"""The auditor's bookkeeping for Gifford's anchors, fouling and fireships.

Each class follows one option through a battle log, from the setup event on,
and says in readable lines where the log breaks the option's rules.  They
read only the log and the tables in force, never the engine: the engine's
mistakes must show here.  ``game.logcheck`` calls them for every event.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from game.content.model import RuleSet

TOL = 0.01


class _Based(Protocol):
    """What the auditor knows of a ship that these checks read."""

    length: float
    pose: list[float]
    past_start: bool


def _turned(a: float, b: float) -> float:
    """Signed degrees from heading a to heading b, clockwise positive."""
    return (b - a + 180.0) % 360.0 - 180.0


def _end_point(pose: list[float], length: float, end: str) -> tuple[float, float]:
    sign = 1.0 if end == "bow" else -1.0
    h = math.radians(pose[2])
    return (pose[0] + sign * math.sin(h) * length / 2.0, pose[1] + sign * math.cos(h) * length / 2.0)


class Anchors:
    """Follows option anchors: who lies at anchor by which end, and what she does there."""

    def __init__(self, rules: RuleSet) -> None:
        self.spec: dict[str, Any] | None = rules.options.get("anchors")
        self.anchored: dict[str, str] = {}  # ship -> end
        self.weighed: dict[str, int] = {}  # ship -> turns of weighing done
        self.cut: set[str] = set()
        self.worked: set[str] = set()  # ships that let go, weighed or swung this activation
        self.started = False  # the first activation has begun

    def check(self, e: dict, ships: dict[str, Any], active: str | None) -> list[str]:
        kind = e["type"]
        if kind == "setup":
            self.anchored, self.weighed, self.cut, self.worked, self.started = {}, {}, set(), set(), False
            return []
        if kind == "activation":
            self.started = True
            self.worked.discard(str(e.get("ship")))
        sid = e.get("ship")
        ship = ships.get(sid) if isinstance(sid, str) else None
        if kind in ("anchor", "swing"):
            if self.spec is None:
                return [f"an {kind} event, but the tables in force have no anchors option"]
            if ship is None:
                return []
            return self._anchor(e, str(sid), ship, active) if kind == "anchor" else self._swing(e, str(sid), ship)
        if kind in ("move", "drift") and isinstance(sid, str):
            what = "drifted" if kind == "drift" else "sailed"
            if sid in self.anchored:
                return [f"{sid} {what} while at anchor by the {self.anchored[sid]}"]
            if sid in self.worked and sid == active:
                return [f"{sid} {what} in the activation she worked her anchor"]
        if kind == "collision" and e.get("other") in self.anchored and e.get("other_aligned"):
            return [f"{e['other']} was swung round in a collision while her anchor held her"]
        return []

    def _anchor(self, e: dict, sid: str, ship: _Based, active: str | None) -> list[str]:
        act, end = e["act"], e["end"]
        out: list[str] = []
        if act == "moored":
            if self.started:
                out.append(f"{sid} moored after the battle began")
            self.anchored[sid] = end
            return out
        if sid != active:
            out.append(f"{sid} worked her anchor outside her own activation")
        at = self.anchored.get(sid)
        if act == "let_go":
            if at:
                out.append(f"{sid} let go an anchor while already at anchor by the {at}")
            if sid in self.cut:
                out.append(f"{sid} let go an anchor after cutting her cable")
            if ship.past_start:
                out.append(f"{sid} let go an anchor after she had moved or fired")
            out += self._once(sid)
            self.anchored[sid] = end
            return out
        if at != end:
            out.append(f"{sid} {'weighed' if act == 'weigh' else 'cut'} an anchor by the {end}, "
                       f"but {'she lies by the ' + at if at else 'she was not at anchor'}")
        if act == "cut":
            if ship.past_start:
                out.append(f"{sid} cut her cable after she had moved or fired")
            if sid in self.worked:
                out.append(f"{sid} cut her cable after working her anchor this activation")
            self.anchored.pop(sid, None)
            self.weighed.pop(sid, None)
            self.cut.add(sid)
            return out
        assert self.spec is not None
        need = int(self.spec["weigh_turns"])
        step = self.weighed.get(sid, 0) + 1
        if (e.get("step"), e.get("of"), e.get("weighed")) != (step, need, step >= need):
            out.append(f"{sid}'s turn {step} of weighing, of {need}, is logged as {e.get('step')} of {e.get('of')}"
                       f"{' weighed' if e.get('weighed') else ''}")
        out += self._once(sid)
        if step >= need:
            self.anchored.pop(sid, None)
            self.weighed.pop(sid, None)
        else:
            self.weighed[sid] = step
        return out

    def _swing(self, e: dict, sid: str, ship: _Based) -> list[str]:
        assert self.spec is not None
        out: list[str] = []
        at = self.anchored.get(sid)
        if not at:
            return [f"{sid} swung at anchor without an anchor down"]
        if e["about"] != at:
            out.append(f"{sid} swung about her {e['about']}, but lies by the {at}")
        if self.weighed.get(sid):
            out.append(f"{sid} swung while weighing her anchor")
        limit = float(self.spec["swing"])
        turned = _turned(ship.pose[2], float(e["to"][2]))
        if abs(turned) > limit + TOL:
            out.append(f"{sid} swung {abs(turned):.1f} degrees, more than the {limit:g} allowed")
        if abs(turned - float(e["degrees"])) > 0.05:
            out.append(f"{sid}'s heading turned {turned:.1f} degrees, the log says {e['degrees']}")
        before = _end_point(ship.pose, ship.length, at)
        after = _end_point(list(e["to"]), ship.length, at)
        if math.hypot(after[0] - before[0], after[1] - before[1]) > 0.01:
            out.append(f"{sid}'s {at} moved {math.dist(before, after):.3f}\" as she swung: she swings about her anchor")
        out += self._once(sid)
        return out

    def _once(self, sid: str) -> list[str]:
        if sid in self.worked:
            return [f"{sid} worked her anchor twice in one activation"]
        self.worked.add(sid)
        return []


#: Events that take a ship off the table.
GONE = ("sunk", "exploded", "aground", "left_table", "destroyed")


class Fouling:
    """Follows option fouling: who is fouled with whom, the dice, and what a fouled ship may do."""

    def __init__(self, rules: RuleSet) -> None:
        self.spec: dict[str, Any] | None = rules.options.get("fouling")
        self.pairs: set[frozenset[str]] = set()
        self.pending: frozenset[str] | None = None  # a collision still owed its fouling roll
        self.tried: set[str] = set()  # ships that tested to unfoul or grapple this activation
        self.passed: tuple[str, str] | None = None  # (purpose, ship) of the last passed test, for what follows it
        self.failed_drag: tuple[str, str] | None = None  # (ship, the one that dragged her) after a failed test
        self.dragging: dict[str, set[str]] = {}  # a ship just sunk -> those fouled with her, still to test
        self.on = False  # the battle is played with the option (its setup event says so)

    def fouled_with(self, sid: str) -> list[str]:
        return sorted(next(iter(p - {sid})) for p in self.pairs if sid in p)

    def check(self, e: dict, ships: dict[str, Any], active: str | None) -> list[str]:
        kind, out = e["type"], list[str]()
        sid = e.get("ship")
        if kind == "setup":
            self.pairs, self.pending, self.tried, self.passed, self.failed_drag = set(), None, set(), None, None
            self.dragging = {}
            self.on = "fouling" in (e.get("options") or [])
            return out
        if self.spec is None or not self.on:
            if kind in ("fouling", "unfouled") or e.get("fouled") or e.get("dragged_by"):
                out.append(f"a {kind} event of fouling, but the battle is not played with the fouling option")
            return out
        if kind == "activation":
            self.tried.discard(str(sid))
        if kind in ("move", "drift", "activation_end", "collision", "turn") and self.pending is not None:
            out.append(f"the collision of {' and '.join(sorted(self.pending))} was not followed by a fouling roll")
            self.pending = None
        if kind == "collision":
            self.pending = frozenset((str(sid), str(e["other"])))
        elif kind == "fouling":
            out += self._fouling(e)
        elif kind in ("move", "drift") and isinstance(sid, str) and self.fouled_with(sid):
            out.append(f"{sid} {'drifted' if kind == 'drift' else 'sailed'} while fouled with "
                       f"{', '.join(self.fouled_with(sid))}")
        elif kind == "test":
            out += self._test(e, str(sid))
        elif kind == "unfouled":
            if self.passed != ("unfoul", sid):
                out.append(f"{sid} came clear without passing a test to clear her rigging")
            if sorted(e["others"]) != self.fouled_with(str(sid)):
                out.append(f"{sid} came clear of {e['others']}, but was fouled with {self.fouled_with(str(sid))}")
            self.pairs = {p for p in self.pairs if sid not in p}
        elif kind == "grapple" and e.get("fouled"):
            if self.passed != (f"grapple:{e['target']}", sid):
                out.append(f"{sid} grappled {e['target']} where she lay without passing a test to grapple")
        if kind in GONE and isinstance(sid, str):
            if kind == "sunk" and e.get("dragged_by") and self.failed_drag != (sid, e["dragged_by"]):
                out.append(f"{sid} was dragged down by {e['dragged_by']} without failing a test for it")
            if self.pending is not None and sid in self.pending:
                self.pending = None
            if kind == "sunk":  # each still fouled with her tests next, or goes down with her
                self.dragging[sid] = set(self.fouled_with(sid))
            self.pairs = {p for p in self.pairs if sid not in p}
        if kind != "test":
            self.passed = None
        return out

    def _fouling(self, e: dict) -> list[str]:
        assert self.spec is not None
        out: list[str] = []
        pair = frozenset((str(e["ship"]), str(e["other"])))
        if self.pending != pair:
            out.append(f"a fouling roll for {' and '.join(sorted(pair))}, who have not just collided")
        self.pending = None
        roll, die = int(e["roll"]), int(self.spec["foul_die"])
        if not 1 <= roll <= die:
            out.append(f"a fouling roll of {roll} on a D{die}")
        if bool(e["fouled"]) != (roll in self.spec["foul_on"]):
            out.append(f"a fouling roll of {roll} {'does not foul' if e['fouled'] else 'fouls'} the ships")
        if e["fouled"]:
            self.pairs.add(pair)
        return out

    def _test(self, e: dict, sid: str) -> list[str]:
        assert self.spec is not None
        purpose, out = str(e.get("purpose", "")), list[str]()
        what, _, whom = purpose.partition(":")
        want = {"unfoul": "unfoul_successes", "grapple": "grapple_successes", "dragged": "drag_successes"}.get(what)
        if want is None:
            return out
        if e["needed"] != int(self.spec[want]):
            out.append(f"a {what} test needs {self.spec[want]} successes, the log says {e['needed']}")
        if what in ("unfoul", "grapple"):
            if not self.fouled_with(sid):
                out.append(f"{sid} tested to {what} while fouled with no ship")
            if sid in self.tried:
                out.append(f"{sid} tried twice in one activation to clear herself or grapple")
            self.tried.add(sid)
        if what == "dragged":
            if sid not in self.dragging.get(whom, set()):
                out.append(f"{sid} tested against being dragged down by {whom}, not fouled with her as she sank")
            self.dragging.get(whom, set()).discard(sid)
            self.failed_drag = None if e["passed"] else (sid, whom)
        self.passed = (purpose, sid) if e["passed"] else None
        return out


def gun_dice(rules: RuleSet, guns: int, large_share: float, band: str) -> tuple[int, int]:
    """(D10, D6) of a broadside of ``guns`` at ``band``, read from the tables as the book's card does."""
    col = list(rules.ranges).index(band)
    total = next((int(row[2 + col]) for row in rules.broadside_dice if row[0] <= guns <= row[1]), 0)
    large = max(0, min(total, int(total * large_share + 0.5)))
    return large, total - large


def count_hits(faces: list[int], needed: int, modifier: int = 0) -> int:
    """A modified face at or above the number needed hits; a natural 1 never does."""
    return sum(1 for f in faces if f != 1 and f + modifier >= needed)


class Fireships:
    """Follows option fireships: who was set ablaze, the dice of her end, and what she may still do."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.spec: dict[str, Any] | None = rules.options.get("fireships")
        self.lit: dict[str, int] = {}  # ship -> activations begun since she was lit (the lighting one is 1)
        self.rolled: set[tuple[str, str]] = set()  # (fireship, ship) that rolled for her flames this turn
        self.owed_roll: str | None = None  # a fireship whose activation began: her explosion die comes next
        self.blowing: str | None = None  # a fireship whose die said she explodes, until the exploded event

    def least_way(self, sid: str) -> float | None:
        """A fireship sails every segment at its most."""
        return 1.0 if sid in self.lit else None

    def check(self, e: dict, ships: dict[str, Any], active: str | None) -> list[str]:
        kind, out = e["type"], list[str]()
        sid = e.get("ship")
        if kind == "setup":
            self.lit, self.rolled, self.owed_roll, self.blowing = {}, set(), None, None
            return out
        if kind.startswith("fireship") and self.spec is None:
            return [f"a {kind} event, but the tables in force have no fireships option"]
        if self.spec is None:
            return out
        if self.owed_roll is not None and kind in ("move", "drift", "activation_end", "activation", "turn"):
            out.append(f"{self.owed_roll}'s activation began without the die for her explosion")
            self.owed_roll = None
        if kind == "turn":
            self.rolled = set()
        elif kind == "activation" and sid in self.lit:
            self.lit[str(sid)] += 1
            self.owed_roll = str(sid)
        elif kind == "fireship":
            if sid in self.lit:
                out.append(f"{sid} was set ablaze twice")
            ship = ships.get(sid) if isinstance(sid, str) else None
            if sid != active or (ship is not None and ship.past_start):
                out.append(f"{sid} was set ablaze other than at the start of her own activation")
            self.lit[str(sid)] = 1
        elif kind == "fireship_roll":
            out += self._roll(e)
        elif kind == "fireship_blast":
            out += self._blast(e, ships)
        elif kind == "fireship_flames":
            out += self._flames(e, ships)
        elif kind == "exploded" and e.get("cause") == "fireship":
            if self.blowing != sid:
                out.append(f"{sid} blew up as a fireship without a die that said so")
            self.blowing = None
        elif isinstance(sid, str) and sid in self.lit:
            out += self._sailing(e, sid)
        return out

    def _roll(self, e: dict) -> list[str]:
        assert self.spec is not None
        out: list[str] = []
        sid = str(e["ship"])
        if self.owed_roll != sid:
            out.append(f"a die for {sid}'s explosion out of its place")
        self.owed_roll = None
        die = int(self.spec["explode_die"])
        if not 1 <= int(e["roll"]) <= die:
            out.append(f"{sid}'s explosion die shows {e['roll']} on a D{die}")
        if bool(e["explodes"]) != (e["roll"] in self.spec["explode_on"]):
            verdict = "does not blow her up" if e["explodes"] else "blows her up"
            out.append(f"{sid}'s explosion die of {e['roll']} {verdict}")
        if e["explodes"]:
            self.blowing = sid
        return out

    def _blast(self, e: dict, ships: dict[str, Any]) -> list[str]:
        assert self.spec is not None
        out: list[str] = []
        sid, ship = str(e["ship"]), ships.get(e["ship"])
        if self.blowing != sid:
            out.append(f"{sid}'s blast struck {e['target']} without her blowing up")
        band, aim = str(self.spec["blast_band"]), str(self.spec["blast_aim"])
        if ship is not None and (e["d10"], e["d6"]) != gun_dice(self.rules, ship.guns, ship.large_share, band):
            want = gun_dice(self.rules, ship.guns, ship.large_share, band)
            out.append(f"{sid}'s blast rolled {e['d10']} D10 + {e['d6']} D6, her undamaged broadside has {want}")
        needed = int(self.rules.to_hit[aim][band])
        if e["needed"] != needed or e["aim"] != aim:
            out.append(f"{sid}'s blast needs {needed} at the {aim}, the log says {e['needed']} at the {e['aim']}")
        for faces, n, top in ((e["faces_d10"], e["d10"], 10), (e["faces_d6"], e["d6"], 6)):
            if len(faces) != n + sum(1 for f in faces if f == top) or any(not 1 <= f <= top for f in faces):
                out.append(f"{sid}'s blast shows {faces} for {n} D{top}")
        hits = count_hits(e["faces_d10"] + e["faces_d6"], needed)
        if e["hits"] != hits:
            out.append(f"{sid}'s blast faces give {hits} hits, the log says {e['hits']}")
        return out

    def _flames(self, e: dict, ships: dict[str, Any]) -> list[str]:
        assert self.spec is not None
        out: list[str] = []
        sid, target = str(e["ship"]), str(e["target"])
        if e["fire"] and target in ships:
            ships[target].fires += 1
        if sid not in self.lit:
            out.append(f"{target} caught flames from {sid}, who is no fireship")
        die = int(self.spec["blaze_die"])
        on = self.spec["blast_fire_on" if e["blast"] else "near_fire_on"]
        if not 1 <= int(e["roll"]) <= die or bool(e["fire"]) != (e["roll"] in on):
            out.append(f"a roll of {e['roll']} {'sets' if e['fire'] else 'does not set'} {target} alight, "
                       f"but only {list(on)} do")
        if e["blast"]:
            if self.blowing != sid:
                out.append(f"{sid}'s blast set fires without her blowing up")
        elif (sid, target) in self.rolled:
            out.append(f"{target} rolled twice in a turn for {sid}'s flames")
        self.rolled.add((sid, target))
        return out

    def _sailing(self, e: dict, sid: str) -> list[str]:
        assert self.spec is not None
        kind = e["type"]
        if kind == "move":
            if self.lit[sid] > int(self.spec["sail_activations"]):
                return [f"{sid}, a fireship lit {self.lit[sid] - 1} activations ago, sailed instead of drifting"]
            if abs(float(e["turn"])) > TOL:
                return [f"{sid}, a fireship, turned {e['turn']} degrees"]
            if not e.get("stopped") and abs(float(e["distance"]) - float(e["max"])) > TOL:
                return [f"{sid}, a fireship, sailed {e['distance']} of the {e['max']} she must"]
        if kind in ("broadside", "musketry", "declare_boarding", "grapple", "sail"):
            return [f"{sid}, a fireship with no crew, logged a {kind}"]
        return []


class Visibility:
    """Follows option visibility: the fog's die each turn, the dawn, and no shot beyond what a ship can see."""

    def __init__(self, rules: RuleSet) -> None:
        self.spec: dict[str, Any] | None = rules.options.get("visibility")
        self.now = ""  # "fog" or "night" while it holds
        self.dawn = 0
        self.owed = False  # a turn began in fog: its die is owed before anything else of the turn

    def reach(self) -> float:
        return float(self.spec["reach"][self.now]) if self.spec is not None and self.now else 0.0

    def check(self, e: dict, turn: int) -> list[str]:
        kind = e["type"]
        if kind == "setup":
            self.now, self.owed = str(e.get("visibility") or ""), False
            self.dawn = int(e.get("dawn") or 0) if isinstance(e.get("dawn"), int) else 0
            if self.now and self.spec is None:
                return [f"the battle opens in {self.now}, but the tables in force have no visibility option"]
            want = self.reach()
            if self.now and abs(float(e.get("visibility_range") or 0.0) - want) > TOL:
                return [f"in {self.now} the tables let a ship see {want:g}\", the log says {e.get('visibility_range')}"]
            return []
        out: list[str] = []
        if kind == "turn":
            self.owed = self.now == "fog" or (self.now == "night" and 0 < self.dawn <= int(e["number"]))
            return out
        if kind == "visibility_roll":
            return self._roll(e, turn)
        if self.owed and kind not in ("wind_roll", "wind", "weather"):
            out.append(f"the turn began in {self.now} without its roll for it")
            self.owed = False
        if kind == "broadside" and self.now and not e.get("kind") == "snap_fire":
            rng = e.get("range")
            if isinstance(rng, (int, float)) and rng > self.reach() + TOL:
                out.append(f"fired at {rng}\" in {self.now}, where a ship sees only {self.reach():g}\"")
        return out

    def _roll(self, e: dict, turn: int) -> list[str]:
        if self.spec is None or not self.now:
            return [f"a roll for the {e['was']}, but the air is {'clear' if self.spec else 'not in the tables'}"]
        out = []
        if e["was"] != self.now:
            out.append(f"the battle is in {self.now}, the log rolls for {e['was']}")
        if not self.owed:
            out.append("a roll for the visibility that is not at the start of a turn, or a second one")
        self.owed = False
        if self.now == "fog":
            roll = e.get("roll")
            if not isinstance(roll, int) or not 1 <= roll <= int(self.spec["lift_die"]):
                out.append(f"the fog's die shows {roll}, not a face of a D{self.spec['lift_die']}")
            elif (roll in self.spec["lifts_on"]) != bool(e["clears"]):
                out.append(f"a {roll} {'lifts' if roll in self.spec['lifts_on'] else 'keeps'} the fog, "
                           f"the log says it {'lifts' if e['clears'] else 'stays'}")
        elif not (self.dawn and turn >= self.dawn and e["clears"]):
            out.append(f"the night ends in turn {turn}, but the dawn is {self.dawn or 'not in this battle'}")
        if e["clears"]:
            self.now = ""
        return out
