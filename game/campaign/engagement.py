"""A month's engagement: set up by the generator from the chosen squadrons, and its result read back.

The generator (``game.generate``) rolls Gifford's table for the two chosen
squadrons; the campaign then writes its own ids, names and damaged tracks on
the placed ships, and its own shore batteries on a port line, so the battle
is fought by the ships the campaign has, as they are.  When it is over, the
finished game state tells what befell each: afloat or escaped with her
damage, sunk, taken, or struck and left.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from game.campaign import victory
from game.campaign.prizes import take
from game.campaign.state import ACTIVE, PRIZE, RC, REPAIR, BattlePlan, Campaign, CampaignError, CampaignShip, other
from game.campaign.tables import shipped
from game.fleets.model import Fleet, FleetShip, FleetSquadron
from game.generate import engagement

# How a Beat to Quarters battle leaves a ship (its state's words).
_AFLOAT, _STRUCK, _CAPTURED = "afloat", "struck", "captured"
_SUNK = ("sunk", "exploded")
_LEFT, _AGROUND, _DESTROYED = "left_table", "aground", "destroyed"


@dataclass
class ShipFate:
    ship: str
    name: str
    side: str  # her side before the battle
    fate: str  # afloat | escaped | sunk | captured | recaptured | abandoned | retaken
    hull: int
    rigging: int
    crew: int


@dataclass
class BattleOutcome:
    winner: str | None  # the campaign side that won the battle on points, None for a draw
    reason: str
    fates: list[ShipFate] = field(default_factory=list)
    batteries_lost: list[str] = field(default_factory=list)


#: The squadron the ships lying in port (under repair, or retaken and awaiting their crew) form in a scenario.
IN_PORT = "In port"


def engaged(c: Campaign, side: str) -> list[CampaignShip]:
    s = c.side(side)
    return [x for x in s.ships if x.squadron == s.orders.squadron and x.status == ACTIVE]


def in_port(c: Campaign, side: str) -> list[CampaignShip]:
    """Ships under repair (UR), retaken ships awaiting their crew (RC) and prizes awaiting theirs: anchored in
    port when the enemy comes to her shore (Gifford 20.f.5, 20.g.5; a prize cannot sail before she is manned)."""
    return [x for x in c.side(side).ships if x.status in (REPAIR, RC, PRIZE)]


def _fleet(c: Campaign, side: str, port: list[CampaignShip] | None = None) -> Fleet:
    s = c.side(side)
    ships = tuple(FleetShip(x.ship, x.name, x.quality) for x in engaged(c, side))
    squadrons = [FleetSquadron(str(s.orders.squadron), ships)]
    if port:
        squadrons.append(FleetSquadron(IN_PORT, tuple(FleetShip(x.ship, x.name, x.quality) for x in port)))
    return Fleet("btq21", s.nation, s.name, 0, tuple(squadrons))


def plan(c: Campaign, roll: int | None = None) -> BattlePlan:
    """Step d: the engagement rolled for the two chosen squadrons, with the ships as the campaign has them.

    ``roll`` forces a line of Gifford's table (the dice still fall as they would): for tests.
    """
    seed = c.dice.seed_for()
    fleets = (_fleet(c, "A"), _fleet(c, "B"))
    conditions = tuple({x.name: _condition(x) for x in engaged(c, s)} for s in ("A", "B"))
    port: dict[str, list[CampaignShip]] = {"A": [], "B": []}
    try:
        eng = engagement(fleets, seed, roll=roll, squadron=(0, 0), conditions=(conditions[0], conditions[1]))
        home = _shore_side(eng.roll)
        if home and in_port(c, home):
            # The same dice and line again, with her ships in port as a squadron of their own.
            port[home] = in_port(c, home)
            fleets = (_fleet(c, "A", port["A"]), _fleet(c, "B", port["B"]))
            eng = engagement(fleets, seed, roll=eng.roll, squadron=None, conditions=(conditions[0], conditions[1]))
    except ValueError as e:
        raise CampaignError(f"the engagement cannot be set up: {e}") from None
    head, _, _ = eng.yaml_text.partition("\n")
    summary = eng.summary
    data = yaml.safe_load(eng.yaml_text)
    sides: dict[str, str] = {}
    placed: list[str] = []
    for k, entry in enumerate(data["sides"]):
        side = ("A", "B")[k]
        sides[str(entry["id"])] = side
        placed += _mark_ships(entry, engaged(c, side) + port[side])
        rolled = len(entry.get("batteries") or [])
        _own_batteries(entry, c, side)
        if rolled:
            summary = _batteries_said(summary, entry, c.side(side).name)
    text = (head + "\n" if head.startswith("#") else "") + yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=110
    )
    return BattlePlan(
        month=c.month, seed=seed, roll=eng.roll, title=eng.title, summary=summary,
        squadrons={s: str(c.side(s).orders.squadron) for s in ("A", "B")}, sides=sides, ships=placed,
        yaml_text=text,
    )


def _condition(ship: CampaignShip) -> dict[str, int]:
    """Her tracks where they are below her class's figures (hull and crew at least 1, as scenarios need)."""
    out = {}
    for track, least in (("hull", 1), ("rigging", 0), ("crew", 1)):
        now = max(least, ship.track(track))
        if now < ship.most(track):
            out[track] = now
    return out


def _mark_ships(side_entry: dict[str, Any], ships: list[CampaignShip]) -> list[str]:
    """Each placed ship takes the campaign id of the ship she is (matched by class and name, in order)."""
    left = list(ships)
    out = []
    for squadron in side_entry.get("squadrons") or []:
        for entry in squadron.get("ships") or []:
            same = [x for x in left if x.ship == entry["ship"] and x.name == entry.get("name", x.name)]
            found = same or [x for x in left if x.ship == entry["ship"]]
            if not found:
                raise CampaignError(f"the engagement placed a {entry['ship']} the campaign did not send")
            ship = found[0]
            left.remove(ship)
            entry["id"] = ship.id
            entry["name"] = ship.name
            entry["quality"] = ship.quality
            cond = _condition(ship)
            if cond:
                entry["condition"] = cond
            else:
                entry.pop("condition", None)
            if ship.status != ACTIVE:  # in port: riding at anchor, sails furled to the yards
                entry["anchored"] = "bow"
                entry["sail"] = _anchor_sail()
            out.append(ship.id)
    return out


def _shore_side(roll: int) -> str | None:
    """The side whose shore a line of the table is fought off ("A" or "B"), None for open water.

    The generator's shore lines put the shore side at the top of the table (its ``top``)."""
    from game.generate.tables import shipped as generator

    line = generator().lines[roll - 1]
    return str(line.top).upper() if line.layout == "shore" and line.top else None


def _anchor_sail() -> str:
    from game.generate.tables import shipped as generator

    return generator().attitudes["D"].sail


#: How the generator's words count the batteries it rolled ("3 shore batteries (heavy battery, ...)").
_ROLLED_BATTERIES = re.compile(r"\d+ shore batter(?:y|ies) \([^)]*\)")


def _batteries_said(summary: str, side_entry: dict[str, Any], owner: str) -> str:
    """The engagement's words with the shore batteries the campaign really has there, not those first rolled."""
    mine = [str(b["name"]) for b in side_entry.get("batteries") or []]
    said = (
        f"{len(mine)} shore batter{'y' if len(mine) == 1 else 'ies'} of her own ({', '.join(mine)})"
        if mine else f"no shore battery (the {owner} bought none, or has lost them)"
    )
    return _ROLLED_BATTERIES.sub(said, summary, count=1)


def _own_batteries(side_entry: dict[str, Any], c: Campaign, side: str) -> None:
    """On a port line the shore is hers: her own batteries stand where the generator put its."""
    rolled = side_entry.get("batteries")
    if not rolled:
        return
    t = shipped()
    mine = [b for b in c.side(side).batteries if not b.destroyed]
    out = []
    for spot, bat in zip(rolled, mine, strict=False):
        row = t.battery(bat.kind)
        entry = {
            "id": bat.id, "name": bat.name, "position": spot["position"], "guns": row.guns,
            "large_share": row.large_share, "fort": row.fort, "crew": row.crew, "quality": row.quality,
        }
        if "arc" in spot:
            entry["arc"] = spot["arc"]
        out.append(entry)
    if out:
        side_entry["batteries"] = out
    else:
        del side_entry["batteries"]
        if not side_entry.get("squadrons"):
            raise CampaignError("a side with neither ships nor batteries cannot fight")


# --- the result: steps e and f ------------------------------------------------------------------


def apply_battle(c: Campaign, state: Any) -> BattleOutcome:
    """The finished battle's state read back into the campaign: tracks, losses, prizes, victory points.

    ``state`` is the Beat to Quarters game state at its end (a session's ``state``).
    """
    plan_ = c.battle
    if c.stage != "battle" or plan_ is None:
        raise CampaignError("there is no engagement to record this month")
    if getattr(state, "phase", None) != "over":
        raise CampaignError("the battle is not over yet")
    missing = [i for i in plan_.ships if i not in state.ships]
    if missing:
        raise CampaignError(f"this battle is not the month's engagement: it has no ship {missing[0]!r}")
    winner = plan_.sides.get(state.winner) if state.winner else None
    outcome = BattleOutcome(winner, str(state.result))
    c.note("e", None, f"{plan_.title}: " + (f"{c.side(winner).name} won" if winner else "drawn") + f" ({state.result})")
    afloat = {plan_.sides[s.side] for s in state.ships.values() if s.status == _AFLOAT and s.side in plan_.sides}
    for ship_id in plan_.ships:
        _record(c, plan_, state.ships[ship_id], c.ship(ship_id), afloat, outcome)
    for side in c.sides.values():
        for bat in side.batteries:
            st = state.ships.get(bat.id)
            if st is not None and st.status == _DESTROYED and not bat.destroyed:
                bat.destroyed = True
                outcome.batteries_lost.append(bat.id)
                c.note("f", side.id, f"{bat.name} destroyed (a shore battery is never rebuilt)")
    c.battle = None
    c.stage = "after"
    victory.no_active_ships(c)
    return outcome


def _record(c: Campaign, plan_: BattlePlan, st: Any, ship: CampaignShip, afloat: set[str], out: BattleOutcome) -> None:
    side = ship.owner
    enemy = other(side)
    ship.hull, ship.rigging, ship.crew = (max(0, int(st.hull)), max(0, int(st.rigging)), max(0, int(st.crew)))
    now = plan_.sides.get(st.side, side)
    fate = "afloat"
    if st.status in _SUNK:
        fate = "sunk"
        victory.sunk(c, ship)
    elif st.status == _CAPTURED and now != side or (st.status == _STRUCK and enemy in afloat and side not in afloat):
        if ship.status == REPAIR:  # boarded under repair in her port: destroyed (Gifford 20.f.5)
            fate = "destroyed in port"
            victory.destroyed_in_port(c, ship)
        else:
            fate = _taken(c, ship, enemy, plan_.squadrons[enemy])
    elif st.status == _STRUCK and side in afloat and enemy not in afloat:
        c.note("f", side, f"{ship.name} struck, but no enemy was left to board her: she rehoists her colours")
    elif st.status in (_STRUCK, _AGROUND):
        fate = "abandoned"
        victory.abandoned(c, ship)
    elif st.status == _CAPTURED:
        fate = "retaken"
        c.note("f", side, f"{ship.name} was taken and retaken in the battle: she stays with {c.side(side).name}")
    elif st.status == _LEFT:
        fate = "escaped"
    out.fates.append(ShipFate(ship.id, ship.name, side, fate, ship.hull, ship.rigging, ship.crew))


def _taken(c: Campaign, ship: CampaignShip, captor: str, squadron: str) -> str:
    if ship.original_owner == captor:
        victory.recaptured(c, ship, captor)
    else:
        victory.captured(c, ship, captor)
    return take(c, ship, c.side(captor), squadron)
