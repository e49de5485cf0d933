"""A campaign on disk: YAML under the user's campaigns folder, versioned, checked on load.

A war is two years of a player's decisions, so a save is treated as a
precious thing: it is written atomically (the old file stays until the new
one is whole), what is about to be written is read back and checked first
(a campaign that would not load is never written over the last good save),
and a file that is damaged or hostile is refused with every problem as
``file:line: field: reason`` and never half-loaded.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Any

import yaml

from game.campaign.state import (
    FATES,
    PLAYERS,
    SIDES,
    STAGES,
    STATUSES,
    Battery,
    BattlePlan,
    BuildOrder,
    Campaign,
    CampaignDice,
    CampaignShip,
    LogEntry,
    Orders,
    RecrewOrder,
    Side,
    VPEntry,
    Yards,
)
from game.campaign.tables import BATTERY_KINDS, CLASSES, QUALITIES, RECREWS, shipped
from game.content.fields import Model, Slug, count, one_of, text, within
from game.content.validate import Checked, check
from game.content.yaml_nodes import ContentError, Ctx, parse_text, read_text
from game.files import write_atomic

VERSION = 1
#: Most ships a side's sheet may list (bought, built, taken and lost over two years).
MAX_SHIPS = 500
#: Most lines of the campaign's log and of a victory-point ledger.
MAX_LOG = 20_000
#: A battle's scenario text kept in the save.
MAX_SCENARIO = 1_000_000
SUFFIX = ".yaml"


class CampaignFileError(ContentError):
    """A campaign file that cannot be loaded; ``problems`` lists every reason as file:line: field: reason."""


Name = Annotated[str, text()]
Note = Annotated[str, text(empty_ok=True, max_len=20_000, lines=True)]
Count = Annotated[int, within(0, 2**63)]
Track = Annotated[int, within(0, 10_000)]
Points = Annotated[int, within(-(10**7), 10**7)]
SideId = Annotated[str, one_of(SIDES, "side")]
Quality = Annotated[str, one_of(QUALITIES, "crew quality")]


class ShipDoc(Model):
    id: Slug
    ship: Slug
    name: Name
    owner: SideId
    original_owner: SideId
    squadron: Name
    quality: Quality
    crew_class: Annotated[str, one_of(CLASSES, "crew class")]
    built_quality: Quality
    value: Annotated[int, within(0, 10**6)]
    hull: Track
    rigging: Track
    crew: Track
    hull_max: Annotated[int, within(1, 10_000)]
    rigging_max: Track
    crew_max: Annotated[int, within(1, 10_000)]
    status: Annotated[str, one_of(STATUSES, "status")]
    fate: Annotated[str, one_of(("", *FATES), "fate")] = ""
    ready_month: Annotated[int, within(0, 1000)] = 0
    home_squadron: Annotated[str, text(empty_ok=True)] = ""
    release_asked: bool = False


class BatteryDoc(Model):
    id: Slug
    name: Name
    kind: Annotated[str, one_of(BATTERY_KINDS, "battery kind")]
    value: Annotated[int, within(0, 10**6)]
    destroyed: bool = False


class YardsDoc(Model):
    building: Annotated[tuple[Slug | None, ...], count(0, 20, "berths")]
    repair: Annotated[tuple[Slug | None, ...], count(0, 20, "berths")]


class BuildDoc(Model):
    ship: Slug
    quality: Quality
    name: Annotated[str, text(empty_ok=True)]
    squadron: Name


class RecrewDoc(Model):
    ship: Slug
    crew_class: Annotated[str, one_of(RECREWS, "crew")]


class OrdersDoc(Model):
    build: Annotated[tuple[BuildDoc, ...], count(0, 20, "orders")] = ()
    repair: Annotated[tuple[Slug, ...], count(0, 20, "orders")] = ()
    release: Annotated[tuple[Slug, ...], count(0, 20, "orders")] = ()
    recrew: Annotated[tuple[RecrewDoc, ...], count(0, MAX_SHIPS, "orders")] = ()
    squadron: Name | None = None
    engage: bool = True


class VPDoc(Model):
    month: Annotated[int, within(0, 1000)]
    points: Points
    reason: Note
    ship: Annotated[str, text(empty_ok=True)]


class LogDoc(Model):
    month: Annotated[int, within(0, 1000)]
    step: Annotated[str, text(max_len=20)]
    side: SideId | None = None
    text: Note


class SideDoc(Model):
    name: Name
    nation: Slug
    player: Annotated[str, one_of(PLAYERS, "player")]
    treasury: Points
    income: Points = 0
    squadrons: Annotated[tuple[Name, ...], count(0, 50, "squadrons")]
    ships: Annotated[tuple[ShipDoc, ...], count(0, MAX_SHIPS, "ships")]
    batteries: Annotated[tuple[BatteryDoc, ...], count(0, 20, "batteries")] = ()
    yards: YardsDoc
    orders: OrdersDoc = OrdersDoc()
    vp: Annotated[tuple[VPDoc, ...], count(0, MAX_LOG, "entries")] = ()


class BattleDoc(Model):
    month: Annotated[int, within(0, 1000)]
    seed: Count
    roll: Annotated[int, within(1, 12)]
    title: Name
    summary: Annotated[str, text(empty_ok=True, max_len=20_000, lines=True)]
    squadrons: dict[SideId, Name]
    sides: dict[Slug, SideId]
    ships: Annotated[tuple[Slug, ...], count(0, 2 * MAX_SHIPS, "ships")]
    yaml_text: Annotated[str, text(max_len=MAX_SCENARIO, lines=True)]


class CampaignDoc(Model):
    version: Annotated[int, within(1, VERSION)]
    name: Name
    seed: Count
    dice_draws: Count
    month: Annotated[int, within(0, 1000)]
    stage: Annotated[str, one_of(STAGES, "stage")]
    next_id: Annotated[int, within(1, 10**6)]
    winner: SideId | None = None
    result: Annotated[str, text(empty_ok=True, max_len=2000)] = ""
    sides: dict[SideId, SideDoc]
    battle: BattleDoc | None = None
    log: Annotated[tuple[LogDoc, ...], count(0, MAX_LOG, "entries")] = ()


# --- writing --------------------------------------------------------------------------------------


def campaigns_dir() -> Path:
    from game.persistence.user import campaigns_dir as folder

    return folder()


def to_document(c: Campaign) -> dict[str, Any]:
    def side(s: Side) -> dict[str, Any]:
        return {
            "name": s.name, "nation": s.nation, "player": s.player, "treasury": s.treasury, "income": s.income,
            "squadrons": list(s.squadrons),
            "ships": [dict(vars(x)) for x in s.ships],
            "batteries": [dict(vars(b)) for b in s.batteries],
            "yards": {"building": list(s.yards.building), "repair": list(s.yards.repair)},
            "orders": {
                "build": [dict(vars(o)) for o in s.orders.build], "repair": list(s.orders.repair),
                "release": list(s.orders.release), "recrew": [dict(vars(o)) for o in s.orders.recrew],
                "squadron": s.orders.squadron, "engage": s.orders.engage,
            },
            "vp": [dict(vars(e)) for e in s.vp],
        }

    doc: dict[str, Any] = {
        "version": VERSION, "name": c.name, "seed": c.seed, "dice_draws": c.dice.draws, "month": c.month,
        "stage": c.stage, "next_id": c.next_id, "winner": c.winner, "result": c.result,
        "sides": {k: side(s) for k, s in c.sides.items()},
        "battle": None if c.battle is None else {**vars(c.battle), "squadrons": dict(c.battle.squadrons),
                                                 "sides": dict(c.battle.sides), "ships": list(c.battle.ships)},
        "log": [dict(vars(e)) for e in c.log],
    }
    return doc


def dumps(c: Campaign) -> str:
    body = yaml.safe_dump(to_document(c), sort_keys=False, allow_unicode=True, width=120)
    return f"# Quarterdeck campaign (Gifford's Campaign Module), month {c.month} of {shipped().months}\n{body}"


def default_path(c: Campaign) -> Path:
    stem = re.sub(r"[^a-z0-9_-]+", "-", c.name.lower()).strip("-") or "campaign"
    return campaigns_dir() / f"{stem[:60]}{SUFFIX}"


def save_campaign(c: Campaign, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the campaign (atomically) and return where; a campaign that would not load again is refused
    (CampaignFileError) and the file already there is left as it was."""
    target = Path(path) if path is not None else default_path(c)
    text_ = dumps(c)
    loads(text_, str(target))  # what would not load is never written over a good save
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, text_)
    return target


# --- reading --------------------------------------------------------------------------------------


def load_campaign(path: str | os.PathLike[str]) -> Campaign:
    """The campaign saved at ``path``; CampaignFileError naming file:line: field: reason otherwise."""
    ctx = Ctx(path)
    raw = read_text(ctx)
    if raw is None:
        raise CampaignFileError(ctx.problems or [f"{ctx.label}: cannot be read"])
    return _read(ctx, raw)


def loads(text_: str, label: str = "<campaign>") -> Campaign:
    return _read(Ctx(label), text_)


def _read(ctx: Ctx, raw: str) -> Campaign:
    root = parse_text(ctx, raw)
    if root is None:
        raise CampaignFileError(ctx.problems or [f"{ctx.label}: empty file"])
    checked = check(ctx, CampaignDoc, root)
    if ctx.problems:
        raise CampaignFileError(ctx.problems)
    assert checked.model is not None
    _consistent(checked)
    if ctx.problems:
        raise CampaignFileError(ctx.problems)
    return _build(checked.model)


def _consistent(checked: Checked[CampaignDoc]) -> None:
    """What pydantic cannot see: both sides present, ids unique, berths holding their own ships, classes known."""
    from game.content.load import load_default

    doc = checked.model
    assert doc is not None
    classes = load_default()[1]
    t = shipped()
    if set(doc.sides) != set(SIDES):
        checked.add(("sides",), "a campaign has the two sides A and B", at_key=True)
        return
    if doc.month > t.months:
        checked.add(("month",), f"a campaign lasts {t.months} months")
    seen: dict[str, tuple[Any, ...]] = {}
    for sid, s in doc.sides.items():
        for i, ship in enumerate(s.ships):
            loc: tuple[Any, ...] = ("sides", sid, "ships", i)
            if ship.id in seen:
                checked.add((*loc, "id"), f"ship id {ship.id!r} is used twice")
            seen[ship.id] = loc
            if ship.ship not in classes:
                checked.add((*loc, "ship"), f"no ship class {ship.ship!r} in ships.yaml")
            if ship.owner != sid:
                checked.add((*loc, "owner"), f"she is on side {sid}'s sheet")
            for track in ("hull", "rigging", "crew"):
                if getattr(ship, track) > getattr(ship, track + "_max"):
                    checked.add((*loc, track), f"more than she was built with ({getattr(ship, track + '_max')})")
        ids = {x.id: x for x in s.ships}
        for kind, berths, status, most in (
            ("building", s.yards.building, "building", t.construction.berths),
            ("repair", s.yards.repair, "repair", t.repair.berths),
        ):
            if len(berths) != most:
                checked.add(("sides", sid, "yards", kind), f"the yard has {most} {kind} berths")
            for j, sh in enumerate(berths):
                if sh is not None and (sh not in ids or ids[sh].status != status):
                    checked.add(("sides", sid, "yards", kind, j), f"no ship {sh!r} of this side in status {status}")
        for i, order in enumerate(s.orders.recrew):
            if order.ship not in ids:
                checked.add(("sides", sid, "orders", "recrew", i, "ship"), f"no ship {order.ship!r} of this side")
        for key in ("repair", "release"):
            for i, sh in enumerate(getattr(s.orders, key)):
                if sh not in ids:
                    checked.add(("sides", sid, "orders", key, i), f"no ship {sh!r} of this side")
    if doc.stage == "battle" and doc.battle is None:
        checked.add(("stage",), "the campaign waits for a battle, but the save has none", at_key=True)


def _build(doc: CampaignDoc) -> Campaign:
    def side(sid: str, d: SideDoc) -> Side:
        o = d.orders
        return Side(
            id=sid, name=d.name, nation=d.nation, player=d.player, treasury=d.treasury, income=d.income,
            ships=[CampaignShip(**x.model_dump()) for x in d.ships], squadrons=list(d.squadrons),
            batteries=[Battery(**b.model_dump()) for b in d.batteries],
            yards=Yards(list(d.yards.building), list(d.yards.repair)),
            orders=Orders(
                build=[BuildOrder(**b.model_dump()) for b in o.build], repair=list(o.repair),
                release=list(o.release), recrew=[RecrewOrder(**r.model_dump()) for r in o.recrew],
                squadron=o.squadron, engage=o.engage,
            ),
            vp=[VPEntry(**e.model_dump()) for e in d.vp],
        )

    b = doc.battle
    battle = None if b is None else BattlePlan(
        month=b.month, seed=b.seed, roll=b.roll, title=b.title, summary=b.summary, squadrons=dict(b.squadrons),
        sides=dict(b.sides), ships=list(b.ships), yaml_text=b.yaml_text + "\n",  # text is read stripped
    )
    return Campaign(
        seed=doc.seed, dice=CampaignDice(doc.seed, doc.dice_draws),
        sides={sid: side(sid, doc.sides[sid]) for sid in SIDES}, name=doc.name, version=doc.version,
        month=doc.month, stage=doc.stage, battle=battle, log=[LogEntry(**e.model_dump()) for e in doc.log],
        winner=doc.winner, result=doc.result, next_id=doc.next_id,
    )


def list_campaigns() -> list[Path]:
    """The saved campaigns, by name; an unreadable folder lists nothing."""
    try:
        return sorted(p for p in campaigns_dir().iterdir() if p.suffix == SUFFIX and p.is_file())[:200]
    except OSError:
        return []
