"""An auditor for Cagway Bay battle logs: recount what the log says against the tables.

It never calls the engine.  From the ``setup`` line it knows every ship's card,
hit points, base and pose and the wind's source; from then on it follows each
ship's pose, hit points, side and action points through the events alone and
recounts, with the tables and plain geometry:

* the action points each ship is given at each ``round`` (her health chart at
  her HP; none for a dead ship), and every point spent after that;
* the order of each phase (``priority``): the ships farthest from the wind's
  source first in the move phase, the nearest first in combat; and that
  ships act (``activation``) in that order, skipping only ships with no part;
* each leg (``move``): the stick her movement wheel gives for the new heading
  against the point-source wind at her centre, no turn over 45 degrees, a
  turned leg at least one full segment long, the points (a part segment a
  whole point) within those she had, and where the leg left her;
* a drift: her whole move, one red segment straight downwind (or nowhere,
  blocked), all her points;
* repairs: 2 HP a point (the tables' rate), never above her card's HP;
* every shot: the gun's column on her card, the range in segments of the
  shooting stick from the distance, the aim (all but the shot's point in the
  combat phase; fire at will's die, taken only if no more than the points
  left, which it logs), the effective range (never below 1) and the chart's
  damage; and
  that the target was an enemy with crew aboard, not touching her;
* crew combat at the attacker's combat value for her HP, between touching
  ships; captures and scuttles only of dead ships touching her; HP shared
  between touching friends; a capture's prize changing sides;
* every ``damage``: to the one track, hit points; what the attack did, no more
  than she had (HP never below 0), her action points cut to her new health,
  dead at 0;
* ``game_over``: once, last, with the points each side's standing gives and
  a winner the victory terms allow (and a fleet battle ends the moment a side
  has nothing afloat).

An event that cannot be read (a field missing or of the wrong type) is
reported, with its line when ``lines`` gives them, and left out of the
recount: the auditor never raises on a damaged log.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.systems.cagway.tables import NONE, SECTORS, CagwayTables, ShipCard
from game.table.convex import base_distance
from game.table.geometry import base_corners, bearing, heading_vector, norm_heading, signed_angle

#: The log rounds lengths and angles to the thousandth; a recount may differ by this much.
TOL = 0.002
#: Rounding of the log's poses can move a ship's distance from the source by this much.
ORDER_TOL = 0.005
#: Where a pose recounted from the log may lie from the one it gives (inches; degrees).
POSE_TOL = 0.01
#: Angles this close to the line between two sectors of the wheel may read as either.
SECTOR_TOL = 0.05
#: Bases this close are touching (the engine's), and the slack the log's rounding leaves either way.
TOUCH = 0.01
TOUCH_TOL = 0.005
#: A turn smaller than this (degrees) is no turn.
TURN_EPS = 1e-3

MOVE, COMBAT = "move", "combat"
#: The book's one damage track, as ``damage`` events name it.
HP_TRACK = "hp"

# --- the shape of each event ----------------------------------------------------------------------

_NUM = "number"
_INT = "int"
_STR = "str"
_BOOL = "bool"
_POSE = "pose"
_MAP = "map"
_LIST = "list"
_OPT_STR = "str?"
_OPT_INT = "int?"
_OPT_BOOL = "bool?"
_WINNER = "winner"

#: Required fields of each kind of event and their types (every event also has seq, turn and type).
SHAPES: dict[str, dict[str, str]] = {
    "setup": {"ships": _LIST, "wind_source": _LIST, "turn_limit": _INT, "sides": _LIST, "victory": _MAP},
    "deploy": {"ship": _STR, "to": _POSE},
    "carrier_chosen": {"side": _STR},
    "round": {"actions": _MAP},
    "priority": {"phase": _STR, "order": _LIST},
    "activation": {"ship": _STR, "phase": _STR},
    "move": {
        "ship": _STR,
        "stick": _STR,
        "sector": _INT,
        "turn": _NUM,
        "distance": _NUM,
        "segments": _NUM,
        "points": _INT,
        "actions_left": _INT,
        "to": _POSE,
        "stopped_by": _OPT_STR,
    },
    "drift": {"ship": _STR, "to": _POSE, "blocked": _BOOL, "blocked_by": _OPT_STR},
    "repair": {"ship": _STR, "points": _INT, "hp_gained": _INT, "hp": _INT},
    "shot": {
        "ship": _STR,
        "target": _STR,
        "gun": _STR,
        "column": _STR,
        "distance": _NUM,
        "range": _INT,
        "aim": _INT,
        "effective": _INT,
        "damage": _INT,
        "hasty": _BOOL,
        "roll": _OPT_INT,
        "aim_allowed": _OPT_BOOL,
        "left": _OPT_INT,
    },
    "damage": {"ship": _STR, "track": _STR, "lost": _INT, "hp": _INT, "actions": _INT, "dead": _BOOL},
    "crew_attack": {"ship": _STR, "target": _STR, "combat_value": _INT, "damage": _INT},
    "capture": {"ship": _STR, "target": _STR, "hp": _INT},
    "captured": {"ship": _STR, "by": _STR},
    "sunk": {"ship": _STR, "by": _STR},
    "share": {"ship": _STR, "friend": _STR, "hp": _INT, "paid_by": _STR},
    "end_move": {"ship": _STR, "actions_left": _INT},
    "pass": {"ship": _STR},
    "reveal": {"ship": _STR, "carrier": _BOOL},
    "arrived": {"ship": _STR},
    "game_over": {"winner": _WINNER, "points": _MAP, "reason": _STR},
}

#: Fields of an event that name a ship of the battle.
SHIP_FIELDS = ("ship", "target", "friend", "by", "paid_by")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _type_ok(v: Any, kind: str) -> bool:
    if kind.endswith("?"):
        return v is None or _type_ok(v, kind[:-1])
    if kind == _NUM:
        return _is_num(v)
    if kind == _INT:
        return _is_int(v)
    if kind == _STR:
        return isinstance(v, str)
    if kind == _BOOL:
        return isinstance(v, bool)
    if kind == _POSE:
        return isinstance(v, (list, tuple)) and len(v) == 3 and all(_is_num(x) for x in v)
    if kind == _MAP:
        return isinstance(v, Mapping)
    if kind == _LIST:
        return isinstance(v, (list, tuple))
    if kind == _WINNER:
        return v is None or isinstance(v, str)
    return False


def shape_problem(e: Any) -> str | None:
    """Why an event cannot be read (a field missing or mistyped), or None."""
    if not isinstance(e, Mapping):
        return f"not an object but {type(e).__name__}"
    kind = e.get("type")
    if not isinstance(kind, str):
        return "no type"
    if not _is_int(e.get("seq")):
        return f"{kind}: seq missing or not a whole number"
    spec = SHAPES.get(kind)
    if spec is None:
        return f"unknown event type {kind[:40]!r}"
    for name, want in spec.items():
        if name not in e:
            if want.endswith("?"):
                continue
            return f"{kind}: field {name!r} missing"
        if not _type_ok(e[name], want):
            return f"{kind}: field {name!r} is not a {want.rstrip('?')} ({_short(e[name])})"
    if kind == "setup":
        return _setup_problem(e)
    if kind == "round":
        if not all(isinstance(k, str) and _is_int(v) for k, v in e["actions"].items()):
            return "round: actions must map ships to whole numbers"
    if kind == "priority" and not all(isinstance(s, str) for s in e["order"]):
        return "priority: order must list ship ids"
    if kind == "game_over" and not all(isinstance(k, str) and _is_num(v) for k, v in e["points"].items()):
        return "game_over: points must map sides to numbers"
    return None


def _setup_problem(e: Mapping[str, Any]) -> str | None:
    src = e["wind_source"]
    if len(src) != 2 or not all(_is_num(x) for x in src):
        return "setup: wind_source must be [x, y]"
    if not all(isinstance(s, Mapping) and isinstance(s.get("id"), str) for s in e["sides"]):
        return "setup: each side needs an id"
    for s in e["ships"]:
        if not isinstance(s, Mapping):
            return "setup: a ship is not an object"
        for name, want in (("id", _STR), ("side", _STR), ("card", _STR), ("hp", _INT), ("hp_max", _INT)):
            if not _type_ok(s.get(name), want):
                return f"setup: ship field {name!r} missing or not a {want}"
        if not _type_ok(s.get("pose"), _POSE):
            return "setup: ship field 'pose' must be [x, y, heading]"
        base = s.get("base")
        if not (isinstance(base, (list, tuple)) and len(base) == 2 and all(_is_num(x) and x > 0 for x in base)):
            return "setup: ship field 'base' must be [length, width]"
    return None


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


# --- what the auditor follows ---------------------------------------------------------------------


@dataclass
class _Ship:
    id: str
    card: ShipCard
    side: str
    owner: str
    hp: int
    hp_max: int
    length: float
    width: float
    pose: tuple[float, float, float]
    actions: int = 0
    sunk: bool = False
    #: Her part in the phase's order is done (move ended; combat action taken).
    done: bool = False
    #: She has sailed or repaired in this move (fire at will and drift are no longer hers).
    sailed: bool = False

    @property
    def dead(self) -> bool:
        return self.hp <= 0

    def chart_actions(self) -> int:
        return 0 if self.dead else self.card.actions(self.hp)

    def combat_value(self) -> int:
        return 0 if self.dead else self.card.combat_value(self.hp)


def sector_of(angle: float) -> int:
    """The wheel's sector for an angle off the wind: the nearest of 0..180, a line between two the upper."""
    a = max(0.0, min(180.0, angle))
    return SECTORS[min(len(SECTORS) - 1, int(math.floor((a + 22.5) / 45.0 + 1e-9)))]


def sectors_near(angle: float) -> set[int]:
    """The sectors an angle may read as, allowing for the log's rounding near a line between two."""
    return {sector_of(angle - SECTOR_TOL), sector_of(angle), sector_of(angle + SECTOR_TOL)}


def part_segments(distance: float, segment: float) -> set[int]:
    """The points a leg of this (rounded) length may cost: one a segment, a part segment a whole one."""
    if segment <= 0:
        return {0}
    out = set()
    for d in (distance - TOL / 2, distance, distance + TOL / 2):
        out.add(0 if d <= 1e-6 else max(1, math.ceil(d / segment - 1e-9)))
    return out


class _Audit:
    def __init__(self, tables: CagwayTables) -> None:
        self.t = tables
        self.ships: dict[str, _Ship] = {}
        self.sides: list[str] = []
        self.source = (0.0, 0.0)
        self.turn_limit = 0
        self.victory: dict[str, Any] = {}
        self.table: tuple[float, float] | None = None
        self.phase = ""  # deploy, move, combat
        self.game_turn = 0
        self.order: list[str] = []
        self.acted = -1  # index in ``order`` of the ship acting (or last to act) in this phase
        self.active: str | None = None
        self.owed: tuple[str, int, str] | None = None  # (target, damage, by what) a damage event must follow
        self.capture_owed: tuple[str, str] | None = None  # (prize, captor) a captured event must follow
        self.carrier = ""
        self.arrived = ""
        self.over = False
        self.started = False
        self.setup_seen = False
        self.said_over = False
        #: The battle should have ended with the last event (a fleet with nothing afloat).
        self.ended = False

    # --- helpers -------------------------------------------------------------------

    def ship(self, sid: str) -> _Ship:
        return self.ships[sid]

    def touching(self, a: _Ship, b: _Ship) -> float:
        return base_distance(a.pose, (a.length, a.width), b.pose, (b.length, b.width))

    def acting(self, e: Mapping[str, Any], phase: str, who: str | None = None) -> list[str]:
        """The event's ship must be the one acting, in ``phase``."""
        sid = who or str(e["ship"])
        out = []
        if self.phase != phase:
            out.append(f"{e['type']} belongs to the {phase} phase, not {self.phase or 'setup'}")
        if self.active != sid:
            out.append(f"{sid} acts out of turn (it is {self.active or 'nobody'}'s turn)")
        elif self.ships[sid].done:
            out.append(f"{sid} acts after her part in the {self.phase} phase was over")
        return out

    def source_distance(self, s: _Ship) -> float:
        return math.hypot(s.pose[0] - self.source[0], s.pose[1] - self.source[1])

    def downwind(self, at: tuple[float, float]) -> float:
        if math.hypot(at[0] - self.source[0], at[1] - self.source[1]) < 1e-9:
            return 0.0
        return bearing(self.source, at)

    def afloat_sides(self) -> list[str]:
        return [side for side in self.sides if any(s.side == side and not s.sunk for s in self.ships.values())]

    def points(self) -> dict[str, float]:
        """Each side's points from every ship's standing (the tables' victory shares), to a tenth."""
        pts = {side: 0.0 for side in self.sides}
        v = self.t.victory
        for s in self.ships.values():
            value = float(s.card.points)
            enemies = [x for x in self.sides if x != s.owner]
            if s.sunk:
                for x in enemies:
                    pts[x] += value * v["sunk"]
            elif s.side != s.owner:
                pts[s.side] = pts.get(s.side, 0.0) + value * v["captured"]
            elif s.dead:
                for x in enemies:
                    pts[x] += value * v["dead"]
        return {k: round(val, 1) for k, val in pts.items()}

    # --- the events ----------------------------------------------------------------

    def check(self, e: Mapping[str, Any]) -> list[str]:
        kind = str(e["type"])
        out: list[str] = []
        if self.over:
            out.append("an event after game_over")
        if kind == "setup":
            return out + self.setup(e)
        if not self.setup_seen:
            return out + ["an event before the setup"]
        for name in SHIP_FIELDS:
            if name in e and isinstance(e[name], str) and e[name] not in self.ships:
                return out + [f"{name} {e[name][:40]!r} is no ship of this battle"]
        out += self.debts(e)
        out += self.fleet_over(kind)
        handler: Callable[[Mapping[str, Any]], list[str]] | None = getattr(self, "on_" + kind, None)
        if handler is not None:
            out += handler(e)
        out += self.hp_floor(e)
        if kind != "game_over":
            self.ended = self.ended or (
                self.victory.get("mode", "fleet") == "fleet" and self.started and self.capture_owed is None
                and len(self.afloat_sides()) < len(self.sides)
            )
        return out

    def debts(self, e: Mapping[str, Any]) -> list[str]:
        """What the event before promised: the damage of an attack, the side of a prize."""
        out: list[str] = []
        if self.owed is not None:
            target, amount, by = self.owed
            self.owed = None
            if e["type"] != "damage" and amount > 0 and not self.ships[target].dead:
                out.append(f"{by} did {amount} damage to {target} but no damage event follows")
            elif e["type"] == "damage":
                out += self.take_damage(e, target, amount)
        elif e["type"] == "damage":
            out.append("damage with no shot or crew attack before it")
        if self.capture_owed is not None:
            prize, captor = self.capture_owed
            self.capture_owed = None
            if e["type"] != "captured" or e["ship"] != prize or e["by"] != captor:
                out.append(f"the capture of {prize} by {captor} is not followed by her captured event")
        elif e["type"] == "captured":
            out.append("captured with no capture before it")
        return out

    def hp_floor(self, e: Mapping[str, Any]) -> list[str]:
        hp = e.get("hp")
        if e["type"] in ("damage", "repair") and isinstance(hp, int) and hp < 0:
            return [f"HP below 0 ({hp})"]
        return []

    def fleet_over(self, kind: str) -> list[str]:
        """In a fleet battle a side with nothing afloat has lost at once: the next event is the end."""
        out: list[str] = []
        if self.ended and kind not in ("game_over", "reveal") and not self.said_over:
            self.said_over = True
            out.append("a side had nothing afloat, but the battle went on")
        fleet = self.victory.get("mode", "fleet") == "fleet"
        self.ended = fleet and self.started and self.capture_owed is None and (
            len(self.afloat_sides()) < len(self.sides)
        )
        return out

    def setup(self, e: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        if self.setup_seen:
            out.append("a second setup")
        self.setup_seen = True
        self.ships.clear()
        self.sides = [str(s["id"]) for s in e["sides"]]
        self.source = (float(e["wind_source"][0]), float(e["wind_source"][1]))
        self.turn_limit = int(e["turn_limit"])
        self.victory = dict(e["victory"])
        table = e.get("table")
        size: tuple[Any, Any] = (None, None)
        if isinstance(table, Mapping):
            size = (table.get("width"), table.get("height"))
        fits = all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in size)
        self.table = (float(size[0]), float(size[1])) if fits else None
        self.phase = "deploy"
        for s in e["ships"]:
            card = self.t.cards.get(str(s["card"]))
            if card is None:
                out.append(f"ship {s['id']!r} has card {s['card']!r}, which the tables do not have")
                continue
            if s["hp_max"] != card.hp or not 0 <= s["hp"] <= s["hp_max"]:
                out.append(f"ship {s['id']!r} starts with {s['hp']}/{s['hp_max']} HP; her card gives {card.hp}")
            if abs(float(s["base"][0]) - card.length) > TOL or abs(float(s["base"][1]) - card.width) > TOL:
                out.append(f"ship {s['id']!r} has a base of {s['base']}, her card {card.length} by {card.width}")
            if s["side"] not in self.sides:
                out.append(f"ship {s['id']!r} is of side {s['side']!r}, which the setup does not list")
            pose = (float(s["pose"][0]), float(s["pose"][1]), float(s["pose"][2]))
            self.ships[str(s["id"])] = _Ship(
                str(s["id"]), card, str(s["side"]), str(s["side"]), int(s["hp"]), int(s["hp_max"]),
                card.length, card.width, pose,
            )
        return out

    def on_deploy(self, e: Mapping[str, Any]) -> list[str]:
        out = []
        if self.phase != "deploy":
            out.append("a ship deploys after the battle began")
        s = self.ship(str(e["ship"]))
        if self.active != s.id:
            out.append(f"{s.id} deploys out of turn (it is {self.active or 'nobody'}'s turn)")
        elif s.done:
            out.append(f"{s.id} deploys twice")
        s.pose = _pose(e["to"])
        s.done = True
        return out

    def on_carrier_chosen(self, e: Mapping[str, Any]) -> list[str]:
        named = [k for k in ("ship", "carrier", "target") if k in e]
        out = [f"carrier_chosen names a ship ({', '.join(named)}): the Blocker would learn the secret"] if named else []
        if self.victory.get("mode") != "blockade_run":
            out.append("a carrier chosen in a battle that is no blockade run")
        elif e["side"] != self.victory.get("runner"):
            out.append(f"the carrier is chosen by {e['side']!r}, not the Runner")
        return out

    def on_round(self, e: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        if self.phase == MOVE:
            out.append("a new round before the combat phase")
        if self.phase == COMBAT:
            out += self.phase_end()
        self.order, self.acted, self.active = [], -1, None
        turn = _game_turn(e)
        if self.game_turn and turn is not None and turn != self.game_turn + 1:
            out.append(f"round of turn {turn} after turn {self.game_turn}")
        if turn is not None:
            self.game_turn = turn
            if self.turn_limit and turn > self.turn_limit:
                out.append(f"turn {turn} is beyond the turn limit {self.turn_limit}")
        self.started = True
        given = dict(e["actions"])
        for s in self.ships.values():
            s.done = s.sailed = False
            if s.sunk:
                if s.id in given:
                    out.append(f"{s.id} is given action points though she was sunk")
                s.actions = 0
                continue
            want = s.chart_actions()
            if s.id not in given:
                out.append(f"{s.id} is given no action points (her health chart gives {want} at {s.hp} HP)")
            elif given[s.id] != want:
                out.append(f"{s.id} has {s.hp} HP: her health chart gives {want} action points, not {given[s.id]}")
            s.actions = want
        self.phase = ""
        return out

    def on_priority(self, e: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        phase = str(e["phase"])
        if self.phase == MOVE:
            out += self.phase_end()
        if phase == MOVE and self.phase != "":
            out.append("the move phase begins without a new round")
        if phase == COMBAT and self.phase != MOVE:
            out.append("the combat phase begins without a move phase before it")
        if phase not in (MOVE, COMBAT):
            out.append(f"no phase {phase[:20]!r}")
        self.phase = phase
        order = [str(x) for x in e["order"]]
        afloat = {s.id for s in self.ships.values() if not s.sunk}
        if set(order) != afloat or len(order) != len(afloat):
            out.append(f"the order {order} is not every ship on the table ({sorted(afloat)})")
        known = [sid for sid in order if sid in self.ships]
        dist = [self.source_distance(self.ships[sid]) for sid in known]
        way = -1.0 if phase == MOVE else 1.0  # move: farthest first; combat: nearest first
        for i in range(1, len(known)):
            if way * (dist[i] - dist[i - 1]) < -ORDER_TOL:
                words = "farther from" if phase == MOVE else "nearer"
                out.append(
                    f"{known[i]} ({dist[i]:.3f}\" from the wind's source) is {words} the source than "
                    f"{known[i - 1]} ({dist[i - 1]:.3f}\") but acts after her"
                )
        self.order = order
        self.acted = -1
        self.active = None
        for s in self.ships.values():
            s.done = False
            s.sailed = False
        return out

    def phase_end(self) -> list[str]:
        """Ships left out of the phase that had a part in it."""
        out: list[str] = []
        for sid in self.order[self.acted + 1:]:
            out += self.skipped(sid)
        return out

    def skipped(self, sid: str) -> list[str]:
        s = self.ships.get(sid)
        if s is None or s.sunk:
            return []
        if self.phase == MOVE:
            return [f"{sid} had no move in the move phase"]
        if self.phase == COMBAT and s.actions >= 1:
            return [f"{sid} had {s.actions} action points but no combat action"]
        return []

    def on_activation(self, e: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        sid = str(e["ship"])
        if e["phase"] != self.phase:
            out.append(f"activation for the {e['phase']} phase in the {self.phase or 'setup'} phase")
        if self.active is not None and not self.ships[self.active].done:
            out.append(f"{sid} is activated before {self.active} finished")
        if self.phase == "deploy":
            self.active = sid
            return out
        if sid not in self.order[self.acted + 1:]:
            out.append(f"{sid} acts out of the phase's order {self.order}")
            self.active = sid
            return out
        at = self.order.index(sid, self.acted + 1)
        for skipped in self.order[self.acted + 1: at]:
            out += self.skipped(skipped)
        self.acted = at
        self.active = sid
        s = self.ships[sid]
        if self.phase == COMBAT and s.actions < 1:
            out.append(f"{sid} is given a combat action with no action points")
        return out

    # --- the move phase --------------------------------------------------------------

    def on_move(self, e: Mapping[str, Any]) -> list[str]:
        sid = str(e["ship"])
        out = self.acting(e, MOVE)
        s = self.ship(sid)
        turn = float(e["turn"])
        dist = float(e["distance"])
        if abs(turn) > 45.0 + TOL:
            out.append(f"a leg turns {turn:g} degrees: at most 45 a leg")
        heading = norm_heading(s.pose[2] + turn)
        angle = abs(signed_angle(self.downwind((s.pose[0], s.pose[1])), heading))
        near = sectors_near(angle)
        if int(e["sector"]) not in near:
            out.append(f"heading {heading:.1f} is {angle:.1f} degrees off the wind: sector {sector_of(angle)}, "
                       f"not {e['sector']}")
        sticks = {s.card.stick(x) for x in near}
        stick = str(e["stick"])
        if stick not in sticks:
            named = " or ".join(sorted(sticks))
            out.append(f"{s.card.id}'s wheel gives the {named} stick {angle:.1f} degrees off the wind, not {stick}")
        if stick == NONE:
            out.append("a leg sailed into a sector where her wheel gives no stick")
        seg = self.t.segments.get(stick, 0.0)
        if seg > 0:
            if abs(float(e["segments"]) - dist / seg) > TOL:
                out.append(f"{dist:g}\" is {dist / seg:.3f} {stick} segments, not {e['segments']}")
            costs = part_segments(dist, seg)
            if int(e["points"]) not in costs:
                out.append(f"{dist:g}\" of the {stick} stick costs {min(costs)} points, not {e['points']}")
            if abs(turn) > TURN_EPS and dist < seg - TOL:
                out.append(f"a turned leg of {dist:g}\" is shorter than one {stick} segment ({seg:g}\")")
            if dist > s.actions * seg + TOL:
                out.append(f"{s.actions} points of the {stick} stick reach {s.actions * seg:g}\", not {dist:g}\"")
        points = int(e["points"])
        if points < 1:
            out.append("a leg that costs no points: every segment begun costs one")
        if points > s.actions:
            out.append(f"{sid} spends {points} points with {s.actions} left")
        left = s.actions - points
        if int(e["actions_left"]) != left:
            out.append(f"{sid} had {s.actions} points and spent {points}: {left} left, not {e['actions_left']}")
        want = _leg_end(s, turn, dist)
        got = _pose(e["to"])
        if not _same_pose(want, got):
            out.append(f"the leg ends at {_fmt(got)}; {turn:g} degrees about her bow and {dist:g}\" ahead is "
                       f"{_fmt(want)}")
        s.pose = got
        s.actions = max(0, left)
        s.sailed = True
        return out

    def on_drift(self, e: Mapping[str, Any]) -> list[str]:
        sid = str(e["ship"])
        out = self.acting(e, MOVE)
        s = self.ship(sid)
        if s.sailed:
            out.append(f"{sid} drifts after sailing or repairing: a drift is her whole move")
        got = _pose(e["to"])
        if e["blocked"]:
            want = (s.pose[0], s.pose[1])
        else:
            way = self.downwind((s.pose[0], s.pose[1]))
            fx, fy = heading_vector(way)
            d = self.t.drift_distance
            want = (s.pose[0] + fx * d, s.pose[1] + fy * d)
        # turning against the table's edge eases her back onto the table, by up to half her length
        eased = math.hypot(got[0] - want[0], got[1] - want[1]) <= s.length / 2 + POSE_TOL and self.at_edge(s, got)
        if math.hypot(got[0] - want[0], got[1] - want[1]) > POSE_TOL and not eased:
            what = "stays put, blocked" if e["blocked"] else f"drifts {self.t.drift_distance:g}\" downwind"
            out.append(f"{sid} {what}: her centre should be at ({want[0]:.3f}, {want[1]:.3f}), "
                       f"not ({got[0]:.3f}, {got[1]:.3f})")
        s.pose = got
        s.actions = 0
        s.sailed = True
        return out

    def at_edge(self, s: _Ship, pose: tuple[float, float, float]) -> bool:
        """Her base at ``pose`` lies against the table's edge (the setup's table; any pose if it gave none)."""
        if self.table is None:
            return True
        corners = base_corners(pose, s.length, s.width)
        near = 0.05
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        w, h = self.table
        return min(xs) <= near or min(ys) <= near or max(xs) >= w - near or max(ys) >= h - near

    def on_repair(self, e: Mapping[str, Any]) -> list[str]:
        sid = str(e["ship"])
        out = self.acting(e, MOVE)
        s = self.ship(sid)
        points = int(e["points"])
        if s.dead:
            out.append(f"{sid} is dead in the water and cannot repair herself")
        if points < 1 or points > s.actions:
            out.append(f"{sid} spends {points} points on repair with {s.actions} left")
        gained = max(0, min(points * self.t.repair_hp, s.hp_max - s.hp))
        if int(e["hp_gained"]) != gained:
            out.append(f"{points} points mend {gained} HP ({self.t.repair_hp} a point, up to her {s.hp_max}), "
                       f"not {e['hp_gained']}")
        if int(e["hp"]) != s.hp + gained:
            out.append(f"{s.hp} HP and {gained} mended make {s.hp + gained}, not {e['hp']}")
        if int(e["hp"]) > s.hp_max:
            out.append(f"{sid} is repaired to {e['hp']} HP, above her card's {s.hp_max}")
        s.hp = int(e["hp"])
        s.actions = max(0, s.actions - points)
        s.sailed = True
        return out

    def on_end_move(self, e: Mapping[str, Any]) -> list[str]:
        sid = str(e["ship"])
        out = self.acting(e, MOVE)
        s = self.ship(sid)
        if int(e["actions_left"]) != s.actions:
            out.append(f"{sid} ends her move with {e['actions_left']} points; she has {s.actions}")
        s.done = True
        return out

    # --- guns ------------------------------------------------------------------------------

    def on_shot(self, e: Mapping[str, Any]) -> list[str]:
        sid, tid = str(e["ship"]), str(e["target"])
        hasty = bool(e["hasty"])
        out = self.acting(e, MOVE if hasty else COMBAT)
        s, t = self.ship(sid), self.ship(tid)
        if hasty and s.sailed:
            out.append(f"{sid} fires at will after sailing or repairing: it must be her whole move")
        if t.side == s.side:
            out.append(f"{sid} fires on {tid}, a friend")
        if t.sunk:
            out.append(f"{sid} fires on {tid}, who was sunk")
        if t.dead:
            out.append(f"{sid} fires on {tid}, dead in the water")
        for o in self.ships.values():
            if o.side != s.side and not o.sunk and not o.dead and o.id != sid:
                if self.touching(s, o) < TOUCH - TOUCH_TOL:
                    out.append(f"{sid} fires her guns while touching {o.id}: her crew must fight instead")
                    break
        gun = s.card.gun(str(e["gun"]))
        if gun is None:
            out.append(f"{sid}'s card has no {str(e['gun'])[:20]} gun")
        elif gun.column != e["column"]:
            out.append(f"her {gun.direction} gun reads the {gun.column} column, not {e['column']}")
        column = gun.column if gun is not None else str(e["column"])
        cost = self.t.costs["fire"]
        if s.actions < max(1, cost):
            out.append(f"{sid} fires with {s.actions} action points")
        dist = float(e["distance"])
        rng = int(e["range"])
        seg = self.t.shooting_segment
        ranges = part_segments(dist, seg)
        if rng not in ranges:
            out.append(f"{dist:g}\" is range {min(ranges)} in {self.t.shooting_stick} segments, not {rng}")
        if rng < 1:
            out.append("a shot at range 0: touching ships fight with their crews")
        left = s.actions - cost
        aim = int(e["aim"])
        if hasty:
            roll = e.get("roll")
            allowed = e.get("aim_allowed")
            if e.get("left") != left:
                out.append(f"{sid} had {s.actions} points: {left} left for the aim after the shot, "
                           f"not {e.get('left')}")
            if not isinstance(roll, int) or isinstance(roll, bool) or not isinstance(allowed, bool):
                out.append("fire at will without its die (roll, aim_allowed)")
            else:
                if not 1 <= roll <= self.t.fire_at_will_die:
                    out.append(f"a D{self.t.fire_at_will_die} rolled {roll}")
                if allowed != (roll <= left):
                    out.append(f"the die {roll} with {left} points left: aim {'is' if roll <= left else 'is not'} "
                               f"allowed, the log says {allowed}")
                want_aim = roll if roll <= left else 0
                if aim != want_aim:
                    out.append(f"fire at will rolled {roll} with {left} points left: aim {want_aim}, not {aim}")
        elif aim != left:
            out.append(f"{sid} had {s.actions} points: {left} poured into aim after the shot, not {aim}")
        eff = max(1, rng - aim)
        if int(e["effective"]) != eff:
            out.append(f"range {rng} less {aim} aim is effective range {eff}, not {e['effective']}")
        dmg = self.t.damage_at(eff, column)
        if int(e["damage"]) != dmg:
            out.append(f"the chart gives {dmg} damage at effective range {eff} in the {column} column, "
                       f"not {e['damage']}")
        s.actions = 0
        if hasty:
            s.sailed = True
        else:
            s.done = True
        self.owed = (tid, int(e["damage"]), f"{sid}'s shot")
        return out

    def take_damage(self, e: Mapping[str, Any], target: str, amount: int) -> list[str]:
        out: list[str] = []
        if e["ship"] != target:
            return [f"damage to {e['ship']} after an attack on {target}"]
        t = self.ship(target)
        if e["track"] != HP_TRACK:
            out.append(f"damage to the {str(e['track'])[:40]!r} track: a ship of the book has only hit points (hp)")
        if t.dead:
            out.append(f"{target} is dead in the water: further attacks do her no harm")
        lost = min(amount, t.hp)
        if int(e["lost"]) != lost:
            out.append(f"{amount} damage to {t.hp} HP loses {lost}, not {e['lost']}")
        hp = t.hp - int(e["lost"])
        if int(e["hp"]) != hp:
            out.append(f"{t.hp} HP less {e['lost']} is {hp}, not {e['hp']}")
        t.hp = max(0, int(e["hp"]))
        cap = min(t.actions, t.chart_actions())
        if int(e["actions"]) != cap:
            out.append(f"at {t.hp} HP her chart gives {t.chart_actions()} points; she had {t.actions}: "
                       f"{cap} left, not {e['actions']}")
        t.actions = cap
        if bool(e["dead"]) != t.dead:
            out.append(f"dead is {e['dead']} at {t.hp} HP")
        return out

    # --- crews ----------------------------------------------------------------------------

    def pay(self, s: _Ship, action: str) -> list[str]:
        cost = int(self.t.costs[action])
        out = []
        if s.actions < max(1, cost):
            out.append(f"{s.id} takes a {action} action with {s.actions} action points")
        s.actions = max(0, s.actions - cost)
        return out

    def must_touch(self, a: _Ship, b: _Ship, rule: str) -> list[str]:
        d = self.touching(a, b)
        if d > TOUCH + TOUCH_TOL:
            return [f"{a.id} and {b.id} are {d:.3f}\" apart, not touching ({rule})"]
        return []

    def on_crew_attack(self, e: Mapping[str, Any]) -> list[str]:
        sid, tid = str(e["ship"]), str(e["target"])
        out = self.acting(e, COMBAT)
        s, t = self.ship(sid), self.ship(tid)
        if t.side == s.side:
            out.append(f"{sid}'s crew attacks {tid}, a friend")
        if t.dead or t.sunk:
            out.append(f"{sid}'s crew attacks {tid}, who has no crew aboard")
        out += self.must_touch(s, t, "crew combat")
        cv = s.combat_value()
        if int(e["combat_value"]) != cv:
            out.append(f"{sid}'s combat value at {s.hp} HP is {cv}, not {e['combat_value']}")
        if int(e["damage"]) != cv:
            out.append(f"a crew attack does the attacker's combat value {cv}, not {e['damage']}")
        out += self.pay(s, "board")
        s.done = True
        self.owed = (tid, int(e["damage"]), f"{sid}'s crew")
        return out

    def on_capture(self, e: Mapping[str, Any]) -> list[str]:
        sid, tid = str(e["ship"]), str(e["target"])
        out = self.acting(e, COMBAT)
        s, t = self.ship(sid), self.ship(tid)
        if not t.dead:
            out.append(f"{sid} captures {tid}, who is not dead in the water")
        if t.side == s.side:
            out.append(f"{sid} captures {tid}, a friend")
        out += self.must_touch(s, t, "capturing")
        hp = int(e["hp"])
        top = max(0, min(s.hp - 1, t.hp_max - t.hp))
        if not 1 <= hp <= top:
            out.append(f"{sid} puts {hp} HP aboard; she can put from 1 to {top}")
        out += self.pay(s, "capture")
        s.hp -= hp
        t.hp += hp
        s.actions = min(s.actions, s.chart_actions())
        t.side = s.side
        s.done = True
        self.capture_owed = (tid, sid)
        return out

    def on_captured(self, e: Mapping[str, Any]) -> list[str]:
        return []

    def on_sunk(self, e: Mapping[str, Any]) -> list[str]:
        sid, by = str(e["ship"]), str(e["by"])
        out = self.acting(e, COMBAT, by)
        s, b = self.ship(sid), self.ship(by)
        if sid == by:
            out.append(f"{sid} scuttles herself")
        if not s.dead:
            out.append(f"{by} scuttles {sid}, who is not dead in the water")
        if s.sunk:
            out.append(f"{sid} was sunk already")
        out += self.must_touch(b, s, "scuttle")
        out += self.pay(b, "scuttle")
        b.done = True
        s.sunk = True
        s.actions = 0
        return out

    def on_share(self, e: Mapping[str, Any]) -> list[str]:
        sid, fid, payer = str(e["ship"]), str(e["friend"]), str(e["paid_by"])
        out = self.acting(e, COMBAT)
        s, f = self.ship(sid), self.ship(fid)
        if f.side != s.side:
            out.append(f"{sid} shares HP with {fid}, an enemy")
        if f.sunk:
            out.append(f"{sid} shares HP with {fid}, who was sunk")
        if payer not in (sid, fid):
            out.append(f"the share is paid by {payer}, neither of the ships touching")
        out += self.must_touch(s, f, "friendly ship repair")
        hp = int(e["hp"])
        give = max(0, min(s.hp - 1, f.hp_max - f.hp))
        take = max(0, min(f.hp - 1, s.hp_max - s.hp))
        if hp == 0 or not -take <= hp <= give:
            out.append(f"{sid} moves {hp} HP; she can give 1 to {give} or take 1 to {take}")
        out += self.pay(self.ship(payer), "share")
        s.hp -= hp
        f.hp += hp
        giver = s if hp > 0 else f
        giver.actions = min(giver.actions, giver.chart_actions())
        s.done = True
        return out

    def on_pass(self, e: Mapping[str, Any]) -> list[str]:
        out = self.acting(e, COMBAT)
        self.ship(str(e["ship"])).done = True
        return out

    # --- the end ------------------------------------------------------------------------

    def on_reveal(self, e: Mapping[str, Any]) -> list[str]:
        if e["carrier"]:
            if self.carrier and self.carrier != e["ship"]:
                return [f"{e['ship']} is revealed as the carrier after {self.carrier}"]
            self.carrier = str(e["ship"])
            if self.ships[self.carrier].owner != self.victory.get("runner"):
                return [f"{self.carrier} carries the prize but is not one of the Runner's ships"]
        return []

    def on_arrived(self, e: Mapping[str, Any]) -> list[str]:
        self.arrived = str(e["ship"])
        s = self.ship(self.arrived)
        if s.sunk or s.side != self.victory.get("runner"):
            return [f"{self.arrived} arrives though she is sunk or taken"]
        return []

    def on_game_over(self, e: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        self.over = True
        winner = e["winner"]
        if winner is not None and winner not in self.sides:
            out.append(f"the winner {str(winner)[:40]!r} is no side of this battle")
        want = self.points()
        got = {str(k): float(v) for k, v in e["points"].items()}
        for side in self.sides:
            if abs(got.get(side, 0.0) - want.get(side, 0.0)) > 0.051:
                out.append(f"{side} has {want.get(side, 0.0):g} points by the ships' standing, not {got.get(side)}")
        mode = self.victory.get("mode", "fleet")
        if mode == "blockade_run":
            out += self.blockade_result(winner)
        else:
            out += self.fleet_result(winner, want)
        return out

    def at_limit(self) -> list[str]:
        """The battle ends at the turn limit: the last round's combat phase must be over."""
        if self.game_turn < self.turn_limit:
            return [f"the battle ends in turn {self.game_turn} of {self.turn_limit} with no side beaten"]
        if self.phase != COMBAT:
            return ["the battle ends at the turn limit before the last combat phase"]
        return self.phase_end()

    def blockade_result(self, winner: Any) -> list[str]:
        runner, blocker = self.victory.get("runner"), self.victory.get("blocker")
        c = self.ships.get(self.carrier)
        if winner == runner:
            if not self.arrived or self.arrived != self.carrier:
                return ["the Runner wins though the carrier never arrived"]
            return []
        if winner == blocker:
            if c is not None and (c.sunk or c.side != runner):
                return []
            return self.at_limit()
        return [f"a blockade run won by {winner!r}, neither Runner nor Blocker"]

    def fleet_result(self, winner: Any, pts: Mapping[str, float]) -> list[str]:
        alive = self.afloat_sides()
        if len(alive) < len(self.sides):
            want = alive[0] if len(alive) == 1 else None
            if winner != want:
                return [f"only {want or 'nobody'} has ships afloat, but the winner is {winner}"]
            return []
        out = self.at_limit()
        best = max(pts.values()) if pts else 0.0
        leaders = [s for s, v in pts.items() if v == best]
        want = leaders[0] if len(leaders) == 1 else None
        if winner != want:
            out.append(
                f"at the turn limit {want or 'nobody'} leads on points ({dict(pts)}), but the winner is {winner}"
            )
        return out


def _game_turn(e: Mapping[str, Any]) -> int | None:
    v = e.get("game_turn", e.get("turn"))
    return v if _is_int(v) else None


def _pose(v: Sequence[Any]) -> tuple[float, float, float]:
    return (float(v[0]), float(v[1]), float(v[2]))


def _fmt(p: tuple[float, float, float]) -> str:
    return f"({p[0]:.3f}, {p[1]:.3f}, {p[2]:.1f})"


def _leg_end(s: _Ship, turn: float, dist: float) -> tuple[float, float, float]:
    """Where a leg leaves her: turned ``turn`` degrees about the middle of her bow, then ``dist`` ahead."""
    x, y, h = s.pose
    hl = s.length / 2.0
    fx, fy = heading_vector(h)
    bx, by = x + fx * hl, y + fy * hl
    nh = norm_heading(h + turn)
    gx, gy = heading_vector(nh)
    return (bx - gx * hl + gx * dist, by - gy * hl + gy * dist, nh)


def _same_pose(a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) <= POSE_TOL and abs(signed_angle(a[2], b[2])) <= POSE_TOL


def check_events(events: Sequence[Any], tables: CagwayTables, lines: Sequence[int] | None = None) -> list[str]:
    """Every disagreement between a Cagway Bay log and its tables, as readable lines (empty: none found).

    An event the auditor cannot read is reported as damaged (with its line when ``lines`` gives them) and left
    out of the recount; nothing in a log makes it raise.
    """
    audit = _Audit(tables)
    problems: list[str] = []
    for n, e in enumerate(events):
        at = f"line {lines[n]}: " if lines is not None and n < len(lines) else ""
        broken = shape_problem(e)
        if broken:
            problems.append(f"{at}damaged event: {broken}")
            continue
        where = f"{at}seq {e['seq']} ({e['type']})"
        try:
            found = audit.check(e)
        except (KeyError, ValueError, TypeError, IndexError, ZeroDivisionError, OverflowError) as err:
            found = [f"cannot be recounted ({type(err).__name__}: {_short(str(err))})"]
        problems += [f"{where}: {p}" for p in found]
    if audit.owed is not None and audit.owed[1] > 0 and not audit.ships[audit.owed[0]].dead:
        problems.append(f"the log ends before {audit.owed[2]}'s damage to {audit.owed[0]}")
    if audit.capture_owed is not None:
        problems.append(f"the log ends before {audit.capture_owed[0]} is recorded as captured")
    return problems
