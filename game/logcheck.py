"""An auditor for battle logs: recount what the log says against the rule tables.

It does not call the engine.  It follows each ship's pose and sail through
the events, recomputes the disposition, the segment limits and the turn
allowance from the rules data, and recounts every success test and every
die of damage.  It also follows the order of each activation: no sail
change or start-of-activation special action once she has moved, drifted or
fired; no shot out of her own activation unless Fire As She Bears was in
force (and it lapses with her first shot); no segment beyond the first once
her rigging is crippled; and collisions aligned as the book says.  Tests run
it over self-play games; players can run it over any exported log
(``python -m game.logcheck FILE.jsonl``).
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass, field
from typing import Any

from game.content.model import RuleSet
from game.files import FileProblem, read_bytes
from game.logcheck_objectives import Objectives
from game.logcheck_options import Anchors, Fireships, Fouling, Visibility, count_hits, gun_dice
from game.logshape import damage, face_problems, shapes
from game.systems.btq21.collision import aligned_headings
from game.systems.btq21.dice import d3_from_d6

TOL = 0.002  # the log rounds to the thousandth
#: A battle log larger than this is not one (a long squadron action logs about 1 MB).
MAX_LOG_BYTES = 64 * 1024 * 1024
READABLE_FORMATS = (1, 2)  # the log formats of game/systems/events.py this auditor knows


@dataclass
class _Ship:
    size: str
    length: float
    width: float
    pose: list[float]
    sail: str | None
    quality: str
    flagship: bool
    leaks: int = 0
    rudder: bool = False
    rigging: int = 0
    segment_turns: list[float] = field(default_factory=list)
    guns: int = 0
    large_share: float = 0.0
    hull_start: int = 0
    hull: int = 0
    fires: int = 0
    battery: bool = False
    marines: bool = False
    rigging_start: int = 0
    fas: bool = False  # Fire As She Bears in force
    past_start: bool = False  # in her activation: she has moved, drifted or fired
    segments: int = 0  # segments sailed in her current activation
    crew_start: int = 0
    crew: int = 0
    squadron: str = ""
    side: str = ""
    rate: str = ""
    chasers: bool = False  # option chasers: rigged
    shifted: int = 0  # the turn she last rigged or struck her chasers


def _start(entry: dict, track: str) -> Any:
    """A track's full figure: a ship that starts damaged gives it under ``start``."""
    start = entry.get("start")
    return start.get(track, entry[track]) if isinstance(start, dict) else entry[track]


def _off_bow(heading: float, wind_from: float) -> float:
    d = (wind_from - heading) % 360.0
    return 360.0 - d if d > 180.0 else d


def expected_disposition(rules: RuleSet, heading: float, wind_from: float, length: float, width: float) -> str:
    a = _off_bow(heading, wind_from)
    if rules.disposition_mode == "angles":
        lim = rules.disposition_angles
        aback, beat, reach = lim["aback"], lim["beating"], lim["reaching"]
    else:
        corner = math.degrees(math.atan2(width, length))
        aback, beat, reach = corner, 90.0, 180.0 - corner
    if a < aback - 1e-6:
        return "aback"
    if a < beat - 1e-6:
        return "beating"
    if a <= reach + 1e-6:
        return "reaching"
    return "running"


def _successes(faces: list[int], on: int, dbl: int) -> int:
    return sum(2 if f >= dbl else 1 if f >= on else 0 for f in faces)


#: Success tests that are declared at the start of the activation (All Hands goes with them).
START_OF_ACTIVATION = ("special:fight_fires", "special:repair")


#: Fields of an event that name a ship (or battery) of the battle.
SHIP_FIELDS = ("ship", "target", "other", "by")


def check_events(events: list[Any], rules: RuleSet, lines: list[int] | None = None) -> list[str]:
    """Every disagreement between the log and the rules, as readable lines.

    An event the auditor cannot read (a field missing or mistyped) is reported,
    with its line when ``lines`` gives them, and left out of the recount.
    """
    problems: list[str] = []
    ships: dict[str, _Ship] = {}
    wind = 0.0
    st = rules.success_test
    active: str | None = None
    table = shapes(rules)
    owed: tuple[str, str, int, int] | None = None
    book = _Bookkeeping()
    shift: float | None = None  # the shift the last wind roll calls for
    sky = ""  # the weather in force under option weather ("" without it)
    coming: str | None = None  # the weather the last weather roll calls for, until its event
    luck = _Luck(rules)
    guns = _Loads(rules)
    nations = _Nations(rules, book)
    shoals = _Shoals(rules)
    anchors = Anchors(rules)
    fouling = Fouling(rules)
    fireships = Fireships(rules)
    aims = Objectives(rules)
    sight = Visibility(rules)
    for n, e in enumerate(events):
        at = f"line {lines[n]}: " if lines is not None and n < len(lines) else ""
        broken = damage(e, table)
        if broken:
            problems.append(f"{at}damaged event: {broken}")
            continue
        kind = e["type"]
        where = f"{at}seq {e['seq']} ({kind})"
        problems += [f"{where}: {p}" for p in book.check(e, ships)]
        problems += [f"{where}: {p}" for p in face_problems(e)]
        problems += _check_order(e, ships, active, rules, where)
        if owed is not None:  # the event after a scoring broadside or volley takes its hits off the track
            problems += _check_owed(e, owed, where)
            owed = None
        problems += _check_tracks(e, ships, rules, where)
        owed = _hits_owed(e, ships)
        if kind == "activation":
            active = e.get("ship")
        elif kind in ("activation_end", "turn"):
            active = None
        if coming is not None and kind != "weather":
            if coming != sky:
                problems.append(f"{where}: the weather roll calls for {coming} but the weather stayed {sky}")
            coming = None
        problems += [f"{where}: {p}" for p in luck.check(e, ships)]
        problems += [f"{where}: {p}" for p in guns.check(e, ships, active)]
        problems += [f"{where}: {p}" for p in nations.check(e, ships, book.active, book.segments)]
        problems += [f"{where}: {p}" for p in shoals.check(e, ships)]
        problems += [f"{where}: {p}" for p in anchors.check(e, ships, active)]
        problems += [f"{where}: {p}" for p in fouling.check(e, ships, active)]
        problems += [f"{where}: {p}" for p in fireships.check(e, ships, active)]
        problems += [f"{where}: {p}" for p in aims.check(e, ships)]
        problems += [f"{where}: {p}" for p in sight.check(e, book.turn)]
        if kind == "setup":
            ships.clear()
            wind = float(e["wind_from"])
            sky = str(e.get("weather", ""))
            for s in e["ships"]:
                ships[s["id"]] = _Ship(
                    s["size"],
                    s["base"][0],
                    s["base"][1],
                    list(s["pose"]),
                    s.get("sail"),
                    s["quality"],
                    "flagship" in s["specials"],
                    rigging=s["rigging"],
                    rigging_start=_start(s, "rigging"),
                    crew=s["crew"],
                    crew_start=_start(s, "crew"),
                    squadron=str(s.get("squadron", "")),
                    side=str(s.get("side", "")),
                    rate=str(s.get("rate", "")),
                    guns=s["guns"],
                    large_share=s["large_share"],
                    hull_start=_start(s, "hull"),
                    hull=s["hull"],
                    battery="shore_battery" in s["specials"],
                    marines="marines" in s["specials"],
                )
            continue
        if kind == "wind_roll":
            problems += [f"{where}: {p}" for p in _check_wind_roll(e, rules, sky)]
            shift = _wind_shift(e, rules)
            coming = _weather_called(e, rules)
        if kind == "weather":
            if e["was"] != (sky or "normal"):
                problems.append(f"{where}: the weather was {sky or 'not in play'}, the log says {e['was']}")
            if coming is None:
                problems.append(f"{where}: the weather changed with no roll for it")
            elif e["weather"] != coming:
                problems.append(f"{where}: the roll calls for {coming}, the log says {e['weather']}")
            sky, coming = str(e["weather"]), None
        if kind == "wind":
            if shift is not None:
                want = (wind + shift) % 360.0
                if not _same_heading(float(e["from"]), want):
                    problems.append(f"{where}: the wind shifted to {e['from']}, the roll says {want:g}")
            elif "was" in e:
                problems.append(f"{where}: the wind shifted with no roll for it")
            shift = None
            wind = float(e["from"])
        for key in SHIP_FIELDS:
            if isinstance(e.get(key), str) and ships and e[key] not in ships:
                problems.append(f"{where}: '{key}' names {e[key][:40]!r}, a ship not in the setup")
        sid = e.get("ship")
        ship = ships.get(sid) if isinstance(sid, str) else None
        if kind == "move" and ship is not None:
            problems += _check_move(e, ship, wind, rules, where, sky, luck.get(sid, "speed"),
                                  fireships.least_way(sid) or nations.least_way(ship))
        elif kind == "drift" and ship is not None:
            problems += _check_drift(e, ship, wind, rules, where)
        elif kind == "sail" and ship is not None:
            if ship.sail is not None and abs(rules.sails.index(e["sail"]) - rules.sails.index(ship.sail)) != 1:
                problems.append(f"{where}: sail went from {ship.sail} to {e['sail']}, more than one level")
            ship.sail = e["sail"]
        elif kind == "taken_aback" and ship is not None:
            want = rules.taken_aback_dice[e["sail"]]
            if len(e["faces"]) != want:
                problems.append(f"{where}: {len(e['faces'])} dice for {e['sail']} sail, rules say {want}")
            if e["rigging_lost"] != min(sum(e["faces"]), ship.rigging):
                problems.append(f"{where}: rigging lost {e['rigging_lost']} but the dice say {sum(e['faces'])}")
        elif kind == "test" and ship is not None:
            on, dbl = int(st["success_on"]), int(st["double_on"])
            got = _successes(e["faces"], on, dbl)
            if got != e["successes"] or (got >= e["needed"]) != e["passed"]:
                problems.append(f"{where}: faces {e['faces']} give {got} successes, needing {e['needed']}")
            if len(e["rerolled"]) > e["rerolls"]:
                problems.append(f"{where}: {len(e['rerolled'])} rerolls, only {e['rerolls']} allowed")
            base = int(st["rerolls"][e["quality"]]) + (int(st["flagship_rerolls"]) if ship.flagship else 0)
            if e["purpose"] != "morale":
                base = max(0, base + int(luck.get(sid, "rerolls")))
            if any(not 0 <= i < len(e["first_faces"]) for i in e["rerolled"]):
                rolled = len(e["first_faces"])
                problems.append(f"{where}: rerolled dice {e['rerolled']} are not among the {rolled} rolled")
                continue
            if e["purpose"] != "morale" and e["rerolls"] != base:
                problems.append(f"{where}: {e['rerolls']} rerolls allowed, rules give a {e['quality']} crew {base}")
            all_hands = e["purpose"].endswith(":all_hands")
            want_dice = int(st["dice"]) + (int(st["all_hands_extra_dice"]) if all_hands else 0)
            if e["dice"] != want_dice or len(e["faces"]) != want_dice:
                problems.append(f"{where}: {e['dice']} dice rolled, rules say {want_dice}")
            for i in e["rerolled"]:
                if e["first_faces"][i] >= on:
                    problems.append(f"{where}: die {i} rerolled although it was a success")
        elif kind == "collision":
            problems += _check_alignment(e, ships, where)
            for key, other_key, faces_key in (("ship", "other", "faces"), ("other", "ship", "other_faces")):
                hitter = ships.get(e[other_key])
                if hitter and len(e[faces_key]) != rules.collision_dice[hitter.size]:
                    problems.append(
                        f"{where}: {e[key]} rolled {len(e[faces_key])} dice, a {hitter.size} ship "
                        f"does {rules.collision_dice[hitter.size]}D6"
                    )
        elif kind == "chasers" and ship is not None:
            problems += [f"{where}: {p}" for p in _check_chasers(e, ship, rules, active, book.turn)]
        elif kind == "broadside" and ship is not None and e["target"] in ships:
            problems += [f"{where}: {p}" for p in _check_chasers(e, ship, rules, active, book.turn)]
            load = guns.load_for(e)
            problems += _check_broadside(
                e, ship, ships[e["target"]], rules, where, sky, luck.get(sid, "to_hit") + nations.to_hit(ship), load
            )
        elif kind == "fires_fought" and ship is not None:
            removed = min(ship.fires, d3_from_d6(e["roll"])) if 1 <= e["roll"] <= 6 else -1
            if (e["removed"], e["fires"]) != (removed, ship.fires - removed):
                problems.append(
                    f"{where}: a D3 of {e['roll']} puts out {removed} of {ship.fires} fires, "
                    f"log says {e['removed']} leaving {e['fires']}"
                )
            ship.fires = e["fires"]
        elif kind == "fire_spreads" and ship is not None:
            if e["fires"] != ship.fires + 1:
                problems.append(f"{where}: {ship.fires} fires spreading make {ship.fires + 1}, log says {e['fires']}")
            ship.fires = e["fires"]
        elif kind == "demasted" and ship is not None:
            ship.sail = None
        elif kind in ("leak_worsens",) and ship is not None:
            if e["leaks"] != ship.leaks + 1:
                problems.append(f"{where}: {ship.leaks} leaks worsening make {ship.leaks + 1}, log says {e['leaks']}")
            ship.leaks = e["leaks"]
        elif kind == "repaired" and ship is not None:
            ship.leaks = e.get("leaks", ship.leaks)
            ship.rudder = e.get("rudder", ship.rudder)
        elif kind == "initiative" and e["total"] != sum(e["roll"]) + e["modifier"]:
            problems.append(f"{where}: {e['roll']} {e['modifier']:+d} make {sum(e['roll']) + e['modifier']}, "
                            f"log says {e['total']}")
        elif kind == "musketry" and ship is not None:
            hits = sum(1 for f in e["faces"] if f >= rules.musketry_hit_on)
            if hits != e["hits"] or len(e["faces"]) != e["dice"]:
                problems.append(f"{where}: {e['dice']} dice {e['faces']} give {hits} hits, log says {e['hits']}")
            if e.get("rerolled") and not ship.marines:
                problems.append(f"{where}: musketry rerolled without marines")
        elif kind == "critical_check":
            if e["critical"] != (e["roll"] >= rules.critical_check_on):
                problems.append(
                    f"{where}: a critical check of {e['roll']} is {'not ' if e['critical'] else ''}a critical"
                )
        elif kind == "critical" and ship is not None:
            row = next((r for r in rules.critical_table if r.low <= e["roll"] <= r.high), None)
            if row is None or row.effect != e["effect"] or sum(e.get("faces", [e["roll"]])) != e["roll"]:
                problems.append(f"{where}: a critical roll of {e['roll']} is not {e['effect']}")
            if e["effect"] in ("fire", "fires"):
                ship.fires += 1 if e["effect"] == "fire" else 2
            if e["effect"] == "leak":
                ship.leaks += 1
            elif e["effect"] == "rudder":
                ship.rudder = True
        elif kind == "activation" and ship is not None:
            ship.segment_turns = []
        if ship is not None and "to" in e and kind not in ("collision",):
            ship.pose = list(e["to"])
        if kind == "collision":
            if e["ship"] in ships:
                ships[e["ship"]].pose = list(e["to"])
            if e["other"] in ships:
                ships[e["other"]].pose = list(e["other_to"])
    return problems


def _check_order(e: dict, ships: dict[str, _Ship], active: str | None, rules: RuleSet, where: str) -> list[str]:
    """The order within an activation and the life of Fire As She Bears (run before the event is applied)."""
    kind = e["type"]
    sid = e.get("ship")
    ship = ships.get(sid) if isinstance(sid, str) else None
    out: list[str] = []
    if kind == "activation" and ship is not None:
        ship.fas = False  # lapses when her next activation starts
        ship.past_start = False
        ship.segments = 0
    if ship is None:
        return out
    mine = sid == active
    if kind == "sail" and mine and ship.past_start:
        out.append(f"{where}: {sid} changed sail after she had moved or fired this activation")
    elif kind == "test":
        purpose = str(e.get("purpose", ""))
        if mine and purpose.startswith(START_OF_ACTIVATION) and ship.past_start:
            out.append(f"{where}: {sid} took {purpose} after she had moved or fired this activation")
        if purpose.startswith("special:fire_as_she_bears"):
            ship.fas = bool(e.get("passed"))
    elif kind == "broadside":
        if e.get("kind") != "snap_fire" and not mine:
            if not ship.fas:
                out.append(f"{where}: {sid} fired out of her activation without Fire As She Bears in force")
        ship.fas = False  # in force only until she shoots
        if mine:
            ship.past_start = True
    elif kind in ("move", "drift", "declare_boarding", "hot_shot") and mine:
        ship.past_start = True
        if kind == "move":
            crippled = ship.rigging_start - ship.rigging >= rules.crippled_at(ship.rigging_start)
            if ship.rigging <= 0:
                out.append(f"{where}: {sid} sailed a segment with no rigging left")
            elif crippled and ship.segments >= 1:
                out.append(f"{where}: {sid} sailed segment {ship.segments + 1} with her rigging crippled")
            ship.segments += 1
    return out


def _turn_is_degrees(e: dict) -> bool:
    """BATTLE-LOG.md's ``turn`` is the degrees turned in a move, a grapple and a failed box-haul."""
    return e["type"] in ("move", "grapple") or (e["type"] == "special_failed" and e.get("action") == "boxhaul")


class _Bookkeeping:
    """The log's own order: events numbered one after another, each in its game turn, activations paired.

    An event inserted, deleted or moved, or a turn or ship edited, shows here
    even where no die was rolled.
    """

    def __init__(self) -> None:
        self.seq: int | None = None
        self.turn = 1
        self.active: str | None = None
        self.segments = 0
        self.rolled: set[str] = set()  # squadrons that rolled initiative this turn
        self.target: str | None = None  # the ship the last broadside was fired at
        self.nations: dict[str, str] = {}  # squadron -> nation, from the setup
        self.over = False  # the battle has ended: a log of several (self-play --games N) may begin the next
        self.format = 1  # the log format its setup names (format 1 logs name none)

    def check(self, e: dict, ships: dict[str, _Ship]) -> list[str]:
        out = []
        kind = e["type"]
        next_battle = kind == "setup" and self.over and e["seq"] == 0
        if self.seq is not None and e["seq"] != self.seq + 1 and not next_battle:
            out.append(f"numbered {e['seq']} after {self.seq}: an event was added, removed or moved")
        self.seq = e["seq"]
        self.over = kind == "game_over"
        if kind == "setup":
            self.turn, self.active, self.rolled = 1, None, set()
            self.format = e.get("log_format", 1)
            if self.format not in READABLE_FORMATS:
                out.append(f"log format {str(self.format)[:20]}: this auditor reads formats {READABLE_FORMATS}")
            squadrons = e.get("squadrons")
            if isinstance(squadrons, list):
                self.nations = {
                    str(q.get("id")): str(q.get("nation")) for q in squadrons if isinstance(q, dict) and "nation" in q
                }
        if kind == "turn":
            if e["number"] != self.turn + 1:
                out.append(f"turn {e['number']} follows turn {self.turn}")
            self.turn, self.rolled = e["number"], set()
        if self.format >= 2 and "game_turn" not in e:
            out.append("no game_turn: every event of a format 2 log names its game turn")
        said = [e["game_turn"]] if "game_turn" in e else []
        if not _turn_is_degrees(e) and e["turn"] not in said:
            said.append(e["turn"])
        for game_turn in said:
            if game_turn != self.turn:
                out.append(f"in game turn {game_turn}, but the battle is in turn {self.turn}")
        sid = e.get("ship")
        if kind == "activation":
            if self.active is not None:
                out.append(f"{sid} activated while {self.active} was still active")
            known = ships.get(sid) if isinstance(sid, str) else None
            if known is None:
                out.append(f"no ship {str(sid)[:40]!r} in this battle")
            elif known.squadron and e.get("squadron") != known.squadron:
                out.append(f"{sid} is of squadron {known.squadron}, not {e.get('squadron')}")
            self.active, self.segments = sid, 0
        elif kind == "activation_end":
            if sid != self.active:
                out.append(f"{sid} ends an activation that was {self.active}'s")
            self.active = None
        elif kind == "move" and sid == self.active:
            self.segments += 1
            if e["segment"] != self.segments:
                out.append(f"segment {e['segment']} is her {self.segments}th this activation")
        elif kind == "initiative":
            self.rolled.add(e["squadron"])
            nation = self.nations.get(e["squadron"])
            if nation is not None and e.get("nation") != nation:
                out.append(f"squadron {e['squadron']} is {nation} in the setup, not {str(e.get('nation'))[:40]}")
            mods = e.get("modifiers")
            if isinstance(mods, dict) and sum(mods.values()) != e["modifier"]:
                out.append(f"modifiers {mods} add up to {sum(mods.values())}, log says {e['modifier']}")
        elif kind == "broadside":
            self.target = e["target"]
        elif kind == "critical_check" and sid != self.target:
            out.append(f"a critical check for {sid}, but the broadside was fired at {self.target}")
        elif kind == "initiative_order" and sorted(e["order"]) != sorted(self.rolled):
            out.append(f"the order {e['order']} is not of the squadrons that rolled ({sorted(self.rolled)})")
        elif kind == "test" and len(e["faces"]) == len(e["first_faces"]):
            changed = [i for i, (a, b) in enumerate(zip(e["first_faces"], e["faces"], strict=True)) if a != b]
            if any(i not in e["rerolled"] for i in changed):
                out.append(f"faces {e['faces']} differ from the first throw {e['first_faces']} on a die not rerolled")
        return out


def _hits_owed(e: dict, ships: dict[str, _Ship]) -> tuple[str, str, int, int] | None:
    """(target, track, hits, points left) that a broadside or musketry just scored, if any."""
    if e["type"] not in ("broadside", "musketry") or e["hits"] <= 0:
        return None
    target = ships.get(e["target"])
    track = e.get("hits_on", e["aim"]) if e["type"] == "broadside" else "crew"
    if target is None or getattr(target, track) <= 0:
        return None
    return (e["target"], track, e["hits"], getattr(target, track))


def _check_owed(e: dict, owed: tuple[str, str, int, int], where: str) -> list[str]:
    target, track, hits, left = owed
    if e["type"] == "damage" and e.get("ship") == target and e.get("track") == track:
        if e["lost"] != min(hits, left):
            return [f"{where}: {hits} hits on {left} {track} take {min(hits, left)}, log says {e['lost']}"]
        return []
    return [f"{where}: {hits} hits on {target}'s {track} are not taken off it"]


def _check_tracks(e: dict, ships: dict[str, _Ship], rules: RuleSet, where: str) -> list[str]:
    """Each track's ``left`` follows from the losses before it; a prize's crew from her prize crew."""
    kind = e["type"]
    ship = ships.get(e.get("ship", "")) if isinstance(e.get("ship"), str) else None
    if ship is None or kind not in ("damage", "captured"):
        return []
    out = []
    if kind == "captured":
        want = min(ship.crew_start, ship.crew + int(rules.boarding["prize_crew"]))
        if e["crew"] != want:
            out.append(f"{where}: a prize with {ship.crew} crew takes a prize crew to {want}, log says {e['crew']}")
        ship.crew = e["crew"]
        return out
    track = e["track"]
    before = getattr(ship, track)
    start = getattr(ship, track + "_start")
    if e["lost"] <= 0 or e["lost"] > before or e["left"] != before - e["lost"]:
        out.append(f"{where}: {track} {before} less {e['lost']} leaves {before - e['lost']}, log says {e['left']}")
    crippled = start - e["left"] >= rules.crippled_at(start) if start > 0 else False
    if e["crippled"] != crippled:
        out.append(f"{where}: {e['left']} of {start} {track} left is {'' if crippled else 'not '}crippled")
    setattr(ship, track, e["left"])
    return out


def _check_alignment(e: dict, ships: dict[str, _Ship], where: str) -> list[str]:
    """Both ships on the line splitting the smaller angle between their heading lines (or kept, with no room)."""
    mover, other = ships.get(e.get("ship", "")), ships.get(e.get("other", ""))
    if mover is None or other is None or other.battery:
        return []
    want = aligned_headings(mover.pose[2], other.pose[2])
    out = []
    for key, before, new, flag in (
        ("ship", mover.pose[2], want[0], e.get("aligned")),
        ("other", other.pose[2], want[1], e.get("other_aligned")),
    ):
        got = float(e["to" if key == "ship" else "other_to"][2])
        ok_new, ok_kept = _same_heading(got, new), _same_heading(got, before)
        if not (ok_new if flag is True else ok_kept if flag is False else ok_new or ok_kept):
            out.append(
                f"{where}: {e[key]} ended on heading {got:g}; the book aligns her on {new:g}"
                + (f" (or leaves her on {before:g} with no room)" if flag is None else "")
            )
    return out


def _same_heading(a: float, b: float) -> bool:
    return abs((a - b + 180.0) % 360.0 - 180.0) <= 0.01


def _check_wind_roll(e: dict, rules: RuleSet, sky: str) -> list[str]:
    """The dice of a shifting-wind roll are faces of their dice, and what they call for is what was done."""
    spec = rules.options.get("wind_shifts")
    if spec is None:
        return ["a wind roll, but the tables have no shifting wind"]
    out = []
    if "weather_roll" in e:
        wx = rules.options.get("weather")
        if wx is None or not sky:
            out.append("a weather roll in a battle without the weather option")
        elif e.get("change") not in wx["change_on"] or not 1 <= e["weather_roll"] <= wx["weather_die"]:
            out.append(f"a weather roll of {e['weather_roll']} after a change roll of {e.get('change')}")
    elif sky and e.get("change") in (rules.options.get("weather") or {}).get("change_on", ()):
        out.append(f"a change roll of {e['change']} changes the weather, but no weather die was rolled")
    if e["chips"] != spec["chips"] or not 1 <= e["chip"] <= spec["chips"]:
        out.append(f"weather chip {e['chip']} of {e['chips']}, the tables draw from {spec['chips']}")
    if "change" in e and (e["chip"] != 1 or not 1 <= e["change"] <= spec["change_die"]):
        out.append(f"a wind change roll of {e['change']} after chip {e['chip']}")
    way = _wind_way(e, spec)
    if ("steps" in e) != (way != 0):
        out.append(f"a change roll of {e.get('change')} {'shifts' if way else 'does not shift'} the wind")
    if "steps" in e and not 1 <= e["steps"] <= spec["shift_die"]:
        out.append(f"a shift of {e['steps']} steps on a D{spec['shift_die']}")
    if "shift" in e and e["shift"] != ("backs" if way < 0 else "veers"):
        said = "backs" if way < 0 else "veers"
        out.append(f"the roll {e.get('change')} {said} the wind, the log says {e['shift']}")
    return out


class _Luck:
    """Follows option fortune's card: drawn at the start of a turn, falling on the first ship of its squadron
    to act, and what it does to her for that activation."""

    def __init__(self, rules: RuleSet) -> None:
        self.spec = rules.options.get("fortune")
        self.pending: tuple[str, str] | None = None  # (squadron, card) drawn, not yet fallen
        self.due: tuple[str, str] | None = None  # (ship, card): the next event must be her fortune
        self.on: tuple[str, str] | None = None  # (ship, card) for her activation
        self.losses: list[tuple[str, str, int]] = []  # (ship, track, points rolled) still to be taken

    def get(self, ship_id: str, key: str) -> Any:
        if self.on is None or self.spec is None or self.on[0] != ship_id:
            return 0
        return self.spec["effects"][self.on[1]][key]

    def check(self, e: dict, ships: dict[str, _Ship]) -> list[str]:
        kind, out = e["type"], []
        if self.losses and kind != "damage":
            ship, track, points = self.losses[0]
            out.append(f"{ship} rolled {points} {track} lost to her card, but it was not taken off")
            self.losses.clear()
        if self.due is not None and kind != "fortune":
            out.append(f"{self.due[0]} took the activation her squadron's card ({self.due[1]}) falls on, with no card")
            self.due = None
        if kind == "fortune_card":
            out += self._card(e)
        elif kind == "activation" and self.pending is not None:
            mover = ships.get(e["ship"])
            if mover is not None and mover.squadron == self.pending[0]:
                self.due, self.pending = (e["ship"], self.pending[1]), None
        elif kind == "fortune":
            out += self._fall(e, ships)
        elif kind == "damage" and self.losses:
            sid, track, points = self.losses.pop(0)
            target = ships.get(sid)
            due = min(points, getattr(target, track, 0) if target is not None else 0)
            if (e["ship"], e["track"]) != (sid, track) or e["lost"] != due:
                out.append(f"{sid}'s card cost {due} {track}, the log takes {e['lost']} from {e['ship']}")
        elif kind == "activation_end" and self.on is not None and self.on[0] == e["ship"]:
            self.on = None
        elif kind == "turn":
            self.pending = None
        return out

    def _card(self, e: dict) -> list[str]:
        fc = self.spec
        if fc is None:
            return ["a fortune card, but the tables have no fortune and calamity"]
        out = []
        want = "fortune" if e["roll"] in fc["fortune_on"] else "calamity"
        if not 1 <= e["roll"] <= fc["card_die"] or e["kind"] != want:
            out.append(f"a card roll of {e['roll']} on a D{fc['card_die']} is {want}, log says {e['kind']}")
        table = fc.get(e["kind"]) or ()
        if not 1 <= e["face"] <= len(table) or table[e["face"] - 1] != e["card"]:
            out.append(f"face {e['face']} of the {e['kind']} table is not {e['card']!r}")
        if not 1 <= e["pick"] <= e["of"]:
            out.append(f"squadron {e['pick']} of {e['of']} drawn")
        self.pending = (e["squadron"], e["card"])
        return out

    def _fall(self, e: dict, ships: dict[str, _Ship]) -> list[str]:
        if self.due is None or self.due != (e["ship"], e["card"]) or self.spec is None:
            self.due = None
            return [f"{e['ship']} took card {e['card']!r}, which no draw gave her squadron"]
        self.due, self.on = None, (e["ship"], e["card"])
        fx, ship, out = self.spec["effects"][e["card"]], ships.get(e["ship"]), list[str]()
        if ship is None:
            return out
        for key in ("fires", "leaks"):
            if int(fx[key]):
                want = max(0, getattr(ship, key) + int(fx[key]))
                if e.get(key) != want:
                    out.append(f"{getattr(ship, key)} {key} {int(fx[key]):+d} make {want}, log says {e.get(key)}")
                setattr(ship, key, int(e.get(key, want)))
        for track in ("crew", "rigging"):
            faces = e.get(f"{track}_faces") or []
            if len(faces) != int(fx[f"{track}_dice"]):
                out.append(f"{len(faces)} dice of {track} lost, the card rolls {fx[f'{track}_dice']}")
            if faces and getattr(ship, track) > 0:
                self.losses.append((e["ship"], track, sum(faces)))
        return out


def _check_chasers(e: dict, ship: _Ship, rules: RuleSet, active: str | None, turn: int) -> list[str]:
    """Option chasers: rigged only at the start of her activation, and her guns silent for that turn."""
    spec = rules.options.get("chasers")
    if e["type"] == "chasers":
        out = []
        if spec is None:
            return ["chasers rigged, but the tables in force have no chasers option"]
        if e["ship"] != active or ship.past_start:
            out.append(f"{e['ship']} shifts her guns outside the start of her own activation")
        if e["rigged"] == ship.chasers:
            out.append(f"{e['ship']}'s chasers were already {'rigged' if ship.chasers else 'struck'}")
        ship.chasers, ship.shifted = bool(e["rigged"]), turn
        return out
    out = []
    if ship.shifted == turn:
        out.append(f"{e['ship']} fires in the turn she shifted her guns for chasers")
    if e["side"] in ("bow", "stern") and not ship.chasers:
        out.append(f"{e['ship']} fires her {e['side']} chasers without them rigged")
    if spec is not None and ship.chasers and e["side"] in ("port", "starboard") and ship.rate in spec["no_broadsides"]:
        out.append(f"{e['ship']}, a {ship.rate}, fires a broadside with her chasers rigged")
    return out


class _Nations:
    """Follows option national: each fleet's handling and gunnery, and how often each broadside fired this turn.

    Without the option every broadside still fires at most once a turn, so
    that is checked in every battle.
    """

    def __init__(self, rules: RuleSet, book: _Bookkeeping) -> None:
        self.rules = rules
        self.on = False
        self.book = book  # its squadron -> nation, read from the setup
        self.fired: dict[tuple[str, str], list[tuple[str, int]]] = {}  # (ship, side) -> stamps this turn

    def _spec(self) -> dict[str, Any]:
        return dict(self.rules.options.get("national") or {}) if self.on else {}

    def nation(self, ship: _Ship) -> str:
        return self.book.nations.get(ship.squadron, "")

    def least_way(self, ship: _Ship) -> float:
        s = self._spec()
        if not s:
            return float(self.rules.minimum_fraction)
        if ship.quality in s["handling_by_quality"]:
            return float(s["handling_by_quality"][ship.quality])
        return float(s["handling_by_nation"].get(self.nation(ship), self.rules.minimum_fraction))

    def to_hit(self, ship: _Ship) -> int:
        return int(self._spec().get("to_hit", {}).get(self.nation(ship), 0))

    def check(self, e: dict, ships: dict[str, _Ship], active: str | None, segments: int) -> list[str]:
        kind = e["type"]
        if kind == "setup":
            self.on = "national" in (e.get("options") or ())
            if self.on and "national" not in self.rules.options:
                return ["option national is on, but the tables in force have no numbers for it"]
            self.fired = {}
        elif kind == "turn":
            self.fired = {}
        if kind != "broadside" or e.get("ship") not in ships:
            return []
        ship = ships[e["ship"]]
        stamp = (str(active), segments)
        done = self.fired.setdefault((e["ship"], str(e["side"])), [])
        allowed = int(self._spec().get("volleys", {}).get(self.nation(ship), 1))
        out = []
        if len(done) >= allowed:
            out.append(f"{e['ship']} fired her {e['side']} guns {len(done) + 1} times this turn, {allowed} allowed")
        elif stamp in done:
            out.append(f"{e['ship']} fired her {e['side']} guns twice in one segment")
        done.append(stamp)
        return out


class _Shoals:
    """Follows option shoals: who tests at which shoal, and who may take the ground on one."""

    def __init__(self, rules: RuleSet) -> None:
        self.rates = list(rules.rates)
        self.spec = rules.options.get("shoals")
        self.depths: dict[str, str] = {}  # shoal -> depth rating, from the setup
        self.last: dict[str, tuple[str, bool]] = {}  # ship -> (shoal, passed) of her last shoal test

    def _draft(self, rate: str) -> int:
        return self.rates.index(rate) if rate in self.rates else len(self.rates)

    def check(self, e: dict, ships: dict[str, _Ship]) -> list[str]:
        kind = e["type"]
        if kind == "setup":
            rated = e.get("shoals") or []
            self.depths = {str(x.get("id")): str(x.get("depth")) for x in rated if isinstance(x, dict)}
            self.last = {}
            if self.depths and self.spec is None:
                return ["shoals with depths, but the tables in force have no shoals option"]
            return []
        sid = e.get("ship")
        ship = ships.get(sid) if isinstance(sid, str) else None
        if ship is None:
            return []
        purpose = str(e.get("purpose", ""))
        if kind == "test" and purpose.startswith("shoal:"):
            shoal = purpose.split(":", 1)[1]
            depth = self.depths.get(shoal)
            out = []
            if depth is None:
                out.append(f"{sid} tested at {shoal[:40]!r}, not a shoal with a depth")
            elif self._draft(ship.rate) != self._draft(depth):
                out.append(f"{sid}, a {ship.rate} rate, tested at {shoal} ({depth} water): only a {depth} tests there")
            elif self.spec is not None and e["needed"] != int(self.spec["successes"]):
                out.append(f"a shoal test needs {self.spec['successes']} successes, log says {e['needed']}")
            self.last[str(sid)] = (shoal, bool(e["passed"]))
            return out
        if kind == "aground" and str(e.get("on")) in self.depths:
            shoal = str(e["on"])
            depth = self.depths[shoal]
            deeper = self._draft(ship.rate) < self._draft(depth)
            if not deeper and self.last.get(str(sid)) != (shoal, False):
                why = "floats over it" if self._draft(ship.rate) > self._draft(depth) else "did not fail her test"
                return [f"{sid}, a {ship.rate} rate, ran aground on {shoal} ({depth} water), but she {why}"]
        return []


class _Loads:
    """Follows option shot: each fleet's stock of special shot and what each broadside is loaded with."""

    def __init__(self, rules: RuleSet) -> None:
        self.spec = rules.options.get("shot")
        self.stock: dict[str, int] = {}
        self.loads: dict[tuple[str, str], str] = {}  # (ship, side) -> load; absent: round shot
        self.loading: set[tuple[str, str]] = set()  # slow loads not yet rammed home
        self.fires: tuple[str, int] | None = None  # (target, fires) when the last hot shot broadside was fired

    def _s(self) -> dict[str, Any]:
        assert self.spec is not None  # check() reports shot events in a battle without the option first
        return self.spec

    def load_for(self, e: dict) -> dict[str, Any] | None:
        """The numbers of the load a broadside event was fired with (None: round shot)."""
        name = e.get("shot", "round")
        if name == "round" or self.spec is None:
            return None
        return dict(self._s()["loads"].get(name, {}))

    def check(self, e: dict, ships: dict[str, _Ship], active: str | None) -> list[str]:
        kind, out = e["type"], list[str]()
        sid = e.get("ship")
        ship = ships.get(sid) if isinstance(sid, str) else None
        if kind in ("shot_stock", "load", "loaded", "shot_spent", "hot_shot", "hot_shot_hit") and self.spec is None:
            return [f"a {kind} event, but the tables in force have no shot option"]
        if kind == "setup":
            self.stock, self.loads, self.loading = {}, {}, set()
        elif kind == "shot_stock":
            if not 1 <= e["roll"] <= int(self._s()["stock_die"]) or e["stock"] != e["roll"]:
                out.append(f"a stock of {e['stock']} from a roll of {e['roll']} on a D{self._s()['stock_die']}")
            self.stock[e["side"]] = e["stock"]
        elif kind == "load" and ship is not None:
            out += self._load(e, ship, active)
        elif kind == "loaded":
            key = (str(sid), str(e["side"]))
            if key not in self.loading or self.loads.get(key) != e["shot"]:
                out.append(f"{sid}'s {e['side']} guns were not being loaded with {e['shot']}")
            self.loading.discard(key)
        elif kind == "broadside" and ship is not None:
            out += self._fired(e, ship, ships)
        elif kind == "hot_shot" and ship is not None:
            out += self._hot(e, ship)
        elif kind == "hot_shot_hit":
            out += self._hot_hit(e, ships)
        elif kind == "shot_spent":
            if self.stock.get(e["side"], 0) != 0:
                out.append(f"{e['side']} still has {self.stock.get(e['side'], 0)} broadsides of special shot")
            for key in [k for k in self.loads if ships.get(k[0]) is not None and ships[k[0]].side == e["side"]]:
                del self.loads[key]
                self.loading.discard(key)
        return out

    def _load(self, e: dict, ship: _Ship, active: str | None) -> list[str]:
        out = []
        sid, key = e["ship"], (e["ship"], e["side"])
        if sid != active or ship.past_start:
            out.append(f"{sid} loads her guns outside the start of her own activation")
        spec = self._s()["loads"].get(e["shot"]) if e["shot"] != "round" else {}
        if spec is None:
            return out + [f"no load {e['shot']!r} in the tables"]
        if e["shot"] != "round" and self.stock.get(ship.side, 0) <= 0:
            out.append(f"{ship.side} has no special shot left to load {e['shot']}")
        if e["ready"] == bool(spec.get("slow")):
            out.append(f"{e['shot']} is {'slow' if spec.get('slow') else 'quick'} to load, log says ready={e['ready']}")
        self.loading.discard(key)
        if e["shot"] == "round":
            self.loads.pop(key, None)
        else:
            self.loads[key] = e["shot"]
            if spec.get("slow"):
                self.loading.add(key)
        return out

    def _fired(self, e: dict, ship: _Ship, ships: dict[str, _Ship]) -> list[str]:
        out = []
        key = (e["ship"], e["side"])
        want = self.loads.get(key, "round")
        name = e.get("shot", "round")
        if name != want:
            out.append(f"{e['ship']}'s {e['side']} guns hold {want}, the log fires {name}")
        if key in self.loading:
            out.append(f"{e['ship']}'s {e['side']} guns fired before her {want} was rammed home")
        load = self.load_for(e)
        if load is not None:
            if load.get("bands") and e["band"] not in load["bands"]:
                out.append(f"{name} reaches {', '.join(load['bands'])}, not {e['band']}")
            if load.get("aims") and e["aim"] not in load["aims"]:
                out.append(f"{name} is aimed at the {'/'.join(load['aims'])}, not the {e['aim']}")
            track = load.get("hits") or e["aim"]
            if e.get("hits_on", e["aim"]) != track:
                out.append(f"{name}'s hits fall on the {track}, log says {e.get('hits_on')}")
            out += self._spend(ship)
            if load.get("target_fire_on"):
                target = ships.get(e["target"])
                self.fires = (e["target"], target.fires) if target is not None else None
        return out

    def _spend(self, ship: _Ship) -> list[str]:
        left = self.stock.get(ship.side, 0)
        if left <= 0:
            return [f"{ship.side} fires special shot with none left"]
        self.stock[ship.side] = left - 1
        return []

    def _hot(self, e: dict, ship: _Ship) -> list[str]:
        out = []
        key = (e["ship"], e["side"])
        load = dict(self._s()["loads"].get(self.loads.get(key, "round"), {}))
        if not load.get("self_fire_on"):
            return [f"{e['ship']}'s {e['side']} guns do not hold hot shot"]
        die = int(self._s()["fire_die"])
        if not 1 <= e["roll"] <= die or e["backfire"] != (e["roll"] in load["self_fire_on"]):
            out.append(f"a hot shot roll of {e['roll']} on a D{die} is {'not ' if e['backfire'] else ''}a fire aboard")
        if e["backfire"]:
            ship.fires += 1
            out += self._spend(ship)
        return out

    def _hot_hit(self, e: dict, ships: dict[str, _Ship]) -> list[str]:
        out = []
        die = int(self._s()["fire_die"])
        load = dict(self._s()["loads"].get("hot", {}))
        target = ships.get(e["target"])
        if self.fires is None or self.fires[0] != e["target"] or target is None:
            self.fires = None
            return [f"a hot shot strikes {e['target']}, but no hot shot broadside was fired at her"]
        if not 1 <= e["roll"] <= die or e["fire"] != (e["roll"] in load.get("target_fire_on", ())):
            out.append(f"a hot shot roll of {e['roll']} on a D{die} is {'not ' if e['fire'] else ''}a fire")
        lit = target.fires > self.fires[1]
        if e["explodes"] != (e["fire"] and lit):
            out.append(f"hot shot and a fire from the broadside {'do' if e['fire'] and lit else 'do not'} blow her up")
        if e["fire"] and not e["explodes"]:
            target.fires += 1
        self.fires = None
        return out


def _weather_called(e: dict, rules: RuleSet) -> str | None:
    """The weather a wind roll's weather die gives, or None if it rolled none (or one off the table)."""
    wx = rules.options.get("weather")
    face = e.get("weather_roll")
    if wx is None or not isinstance(face, int) or not 1 <= face <= len(wx["table"]):
        return None
    return str(wx["table"][face - 1])


def _weather_effects(rules: RuleSet, sky: str) -> dict[str, Any]:
    wx = rules.options.get("weather")
    return dict(wx["effects"].get(sky, {})) if wx is not None and sky else {}


def _wind_way(e: dict, spec: dict[str, Any]) -> int:
    change = e.get("change")
    return -1 if change in spec["backs_on"] else 1 if change in spec["veers_on"] else 0


def _wind_shift(e: dict, rules: RuleSet) -> float | None:
    """Degrees the wind turns (clockwise positive) for a wind roll that shifts it; None if it does not."""
    spec = rules.options.get("wind_shifts")
    if spec is None or "steps" not in e:
        return None
    return float(_wind_way(e, spec) * int(e["steps"]) * float(spec["shift_step"]))


def _check_drift(e: dict, ship: _Ship, wind: float, rules: RuleSet, where: str) -> list[str]:
    """Straight downwind, no farther than the drift distance, heading unchanged."""
    out: list[str] = []
    x0, y0, h0 = ship.pose
    x1, y1, h1 = e["to"]
    travelled = math.hypot(x1 - x0, y1 - y0)
    if abs(travelled - e["distance"]) > 0.01:
        out.append(f'{where}: the pose moved {travelled:.3f}" but the log says {e["distance"]}')
    if e["distance"] > rules.drift_distance + TOL:
        out.append(f'{where}: drifted {e["distance"]}, farther than the {rules.drift_distance:g}" a drift goes')
    if travelled > 0.01:
        bearing = math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360.0
        dev = abs((bearing - wind) % 360.0 - 180.0)
        if dev > 0.05 + math.degrees(math.atan2(0.003, travelled)):  # the log rounds to 0.001"
            out.append(f"{where}: drifted toward {bearing:.1f}, not downwind of a wind from {wind:g}")
    if not _same_heading(h0, h1):
        out.append(f"{where}: her heading went from {h0} to {h1} in a drift")
    return out


def _check_move(
    e: dict,
    ship: _Ship,
    wind: float,
    rules: RuleSet,
    where: str,
    sky: str = "",
    speed: float = 0.0,
    least: float | None = None,
) -> list[str]:
    out: list[str] = []
    x0, y0, h0 = ship.pose
    disp = expected_disposition(rules, h0, wind, ship.length, ship.width)
    if e["disposition"] != disp:
        out.append(f"{where}: heading {h0} in wind from {wind} is {disp}, log says {e['disposition']}")
    sail = e["sail"]  # the engine writes a move before any loss in it, so she still has her sail
    if sail not in rules.speeds.get(ship.size, {}):
        out.append(f"{where}: sailed a segment under {str(sail)[:40]!r} sail (a dismasted ship drifts)")
        return out
    if disp == "aback" and not e.get("boxhaul") and e["max"] == 0:
        lo = hi = 0.0
    else:
        use = "beating" if disp == "aback" else disp
        rate = rules.speeds[ship.size][sail] + rules.disposition_rate[use] + (rules.leak_rate if ship.leaks else 0)
        hi = max(0.0, rate)
        if hi > 0:  # the weather: heavy seas scale the speed; perfect weather adds to a ship with way on
            fx = _weather_effects(rules, sky)
            hi = hi * float(fx.get("speed_factor", 1.0)) + float(fx.get("speed_bonus", 0.0))
            hi = max(0.0, hi + speed)  # the turn's fortune or calamity card, if it fell on her
        lo = hi * (rules.minimum_fraction if least is None else least)
    if abs(e["max"] - hi) > TOL or abs(e["min"] - lo) > TOL:
        out.append(
            f"{where}: limits {e['min']}-{e['max']} but the rules give {lo:g}-{hi:g} "
            f"({ship.size}, {sail}, {disp}, leaks {ship.leaks})"
        )
    astern = bool(e.get("astern"))
    if astern:
        if e["distance"] > lo + TOL:
            out.append(f"{where}: backed {e['distance']}, beyond the segment minimum {lo:g} a fouled ship may back")
    elif e["distance"] > hi + TOL:
        out.append(f"{where}: sailed {e['distance']} beyond the maximum {hi:g}")
    elif e["distance"] < lo - TOL and not e.get("stopped"):
        out.append(f"{where}: sailed {e['distance']}, short of the minimum {lo:g}, with nothing in the way")
    x1, y1, h1 = e["to"]
    travelled = math.hypot(x1 - x0, y1 - y0)
    if abs(travelled - e["distance"]) > 0.01:
        out.append(f'{where}: the pose moved {travelled:.3f}" but the log says {e["distance"]}')
    if travelled > 0.01:
        bearing = math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360.0
        course = (h0 + 180.0) % 360.0 if astern else h0
        dev = abs((bearing - course + 180.0) % 360.0 - 180.0)
        if dev > 0.05 + math.degrees(math.atan2(0.003, travelled)):  # the log rounds to 0.001"
            way = "straight astern" if astern else "straight ahead"
            out.append(f"{where}: she moved on bearing {bearing:.1f}, not {way} on {course:g}")
    turned = (h1 - h0 + 180.0) % 360.0 - 180.0
    allowance = 180.0 if e.get("boxhaul") else rules.turns[ship.size]
    if abs(turned - e["turn"]) > 0.01 and abs(abs(turned) - 180.0) > 0.01:
        out.append(f"{where}: heading changed {turned:.2f} but the log says {e['turn']}")
    if abs(e["turn"]) > allowance + TOL:
        out.append(f"{where}: turned {e['turn']} degrees, more than the {allowance:g} allowed a {ship.size} ship")
    if ship.rudder and e["segment"] <= 2 and abs(e["turn"]) > TOL and not e.get("boxhaul"):
        out.append(f"{where}: turned in segment {e['segment']} with a damaged rudder")
    return out


def _check_broadside(
    e: dict,
    firer: _Ship,
    target: _Ship,
    rules: RuleSet,
    where: str,
    sky: str = "",
    luck: int = 0,
    load: dict[str, Any] | None = None,
) -> list[str]:
    """Recount one broadside: band, dice by type, number needed, modifiers, extra dice and hits."""
    out: list[str] = []
    fx = _weather_effects(rules, sky)
    ranges = {b: lim * float(fx.get("range_factor", 1.0)) for b, lim in rules.ranges.items()}
    band = next((b for b, lim in ranges.items() if e["range"] <= lim), None)
    on_boundary = any(abs(e["range"] - lim) <= 0.0006 for lim in ranges.values())
    if band != e["band"] and not on_boundary:
        out.append(f"{where}: range {e['range']} is {band}, log says {e['band']}")
    d10, d6 = gun_dice(rules, firer.guns, firer.large_share, e["band"])
    crippled = firer.hull_start - firer.hull >= rules.crippled_at(firer.hull_start)
    if crippled != e["crippled_hull"]:
        out.append(f"{where}: firer's hull crippled is {crippled}, log says {e['crippled_hull']}")
    if crippled:
        d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
    if e.get("kind") == "snap_fire":
        d10, d6 = (d10 + 1) // 2, (d6 + 1) // 2
    chase = e["side"] in ("bow", "stern")
    if chase:  # option chasers: the broadside's dice scaled down, rounded down
        f = float((rules.options.get("chasers") or {}).get("dice_factor", 1.0))
        d10, d6 = math.floor(d10 * f + 1e-9), math.floor(d6 * f + 1e-9)
        if e["rake"]:
            out.append(f"{where}: chasers never rake")
    factor = float((load or {}).get("dice_factor", 1.0))
    if factor != 1.0:  # double shot (option shot)
        d10, d6 = math.ceil(d10 * factor - 1e-9), math.ceil(d6 * factor - 1e-9)
    if e["rake"]:
        d10, d6 = d10 * 2, d6 * 2
    if (d10, d6) != (e["d10"], e["d6"]):
        out.append(
            f"{where}: {firer.guns} guns at {e['band']} give {d10} D10 + {d6} D6, log says {e['d10']} + {e['d6']}"
        )
    needed = rules.to_hit[e["aim"]][e["band"]]
    if e["needed_d6"] != needed or e["needed_d10"] != needed:
        out.append(f"{where}: {e['aim']} at {e['band']} needs {needed}")
    m = rules.to_hit_modifiers
    mod = int(m["firer_quality"][firer.quality])
    if firer.battery:
        mod += int(m["shore_battery_firing"])
    elif firer.sail:
        mod += int(m["firer_sail"][firer.sail])
    if target.sail and not target.battery:
        mod += int(m["target_sail"][target.sail])
    if target.fires > 0:
        mod += int(m["target_on_fire"])
    mod += e.get("modifiers", {}).get("chain_shot", 0)
    mod += int(fx.get("to_hit", 0)) + luck + int((load or {}).get("to_hit", 0))
    if firer.chasers and e["side"] in ("port", "starboard"):
        mod += int((rules.options.get("chasers") or {}).get("broadside_to_hit", 0))
    if mod != e["modifier"]:
        out.append(f"{where}: modifier {e['modifier']} but the rules give {mod}")
    for faces, count, top in ((e["faces_d10"], e["d10"], 10), (e["faces_d6"], e["d6"], 6)):
        if len(faces) != count + faces.count(top):
            out.append(f"{where}: {len(faces)} d{top} faces for {count} dice and {faces.count(top)} extra")
    hits = count_hits(e["faces_d10"] + e["faces_d6"], needed, e["modifier"])
    if hits != e["hits"]:
        out.append(f"{where}: the faces give {hits} hits, log says {e['hits']}")
    return out


def audit(events: list[Any], rules: RuleSet, lines: list[int] | None = None) -> list[str]:
    """The log's problems, recounted by the auditor of the rule system its setup names (this one for btq21).

    Another rule system's auditor is its package's ``audit.check_events(events, tables, lines)``,
    run against that system's shipped tables.
    """
    setup = events[0] if events and isinstance(events[0], dict) else {}
    system = setup.get("system", "btq21")
    if system == "btq21" and rules.system == "btq21":
        return check_events(events, rules, lines)
    import importlib

    from game.content.load import tables_of
    from game.content.yaml_nodes import ContentError
    from game.systems import UnknownSystem

    try:
        tables = rules if system == rules.system else tables_of(str(system), rules)
    except (ContentError, UnknownSystem):
        return [f"line 1: played under rule system {str(system)[:40]!r}, which this Quarterdeck cannot audit"]
    if system == "btq21":
        return check_events(events, tables, lines)
    module = importlib.import_module(f"game.systems.{system}.audit")
    found: list[str] = module.check_events(events, tables, lines)
    return found


def read_log(path: str) -> tuple[list[Any], list[int], list[str]]:
    """The events of a JSON-lines log with their line numbers, and the lines that are not events."""
    try:
        raw = read_bytes(path, MAX_LOG_BYTES)
    except FileProblem as e:
        return [], [], [f"{e}"]
    events: list[Any] = []
    lines: list[int] = []
    problems: list[str] = []
    for n, line in enumerate(raw.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            events.append(json.loads(line.decode("utf-8")))
            lines.append(n)
        except UnicodeDecodeError:
            problems.append(f"line {n}: not UTF-8 text")
        except (ValueError, RecursionError) as e:
            problems.append(f"line {n}: not a JSON event ({str(e).splitlines()[0][:80]})")
    if not events and not problems:
        problems.append("no events: an empty log")
    return events, lines, problems


def main(argv: list[str]) -> int:
    """Audit each log given; ``--house-rules FILE`` audits against the book's tables with those changes."""
    import argparse

    from game.content.house import load_house_rules
    from game.content.load import load_default
    from game.content.paths import rules_path
    from game.content.yaml_nodes import ContentError

    ap = argparse.ArgumentParser(prog="python -m game.logcheck", description="recount battle logs against the rules")
    ap.add_argument("logs", nargs="+", metavar="FILE.jsonl")
    ap.add_argument("--house-rules", metavar="FILE", help="the house rules the battles were played under")
    args = ap.parse_args(argv)
    rules, _ = load_default()
    if args.house_rules:
        try:
            rules = load_house_rules(args.house_rules, rules, rules_path())
        except ContentError as e:
            print("\n".join(e.problems), file=sys.stderr)
            return 2
    bad = 0
    for path in args.logs:
        events, lines, problems = read_log(path)
        for p in problems + audit(events, rules, lines):
            print(f"{path}: {p}")
            bad += 1
    print("log OK" if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
