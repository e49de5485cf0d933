"""``data/campaign.yaml`` -> :class:`CampaignTables`: every number of Gifford's campaign, read and checked.

His numbers (240 points, 10 a month, five months to build ...) live in the
data file so that a club can play its own campaign by editing it; a bad file
is a :class:`~game.content.yaml_nodes.ContentError` naming ``file:line``.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Annotated

from game.content.fields import Model, one_of, text, within
from game.content.paths import data_dir
from game.content.validate import check
from game.content.yaml_nodes import Ctx, parse_file

QUALITIES = ("good", "average", "poor")
CLASSES = ("EL", "CR", "AV", "GR", "PR")
RECREWS = ("poor", "green", "average")
BATTERY_KINDS = ("heavy", "medium", "light")

Points = Annotated[int, within(0, 10_000)]
Count = Annotated[int, within(1, 100)]
Share = Annotated[float, within(0, 1, lo_open=True)]
Quality = Annotated[str, one_of(QUALITIES, "crew quality")]
CrewClass = Annotated[str, one_of(CLASSES, "crew class")]


class Refused(Model):
    refuser: Points
    other: Points


class Construction(Model):
    months: Count
    berths: Count


class RepairRate(Model):
    hull: Points
    crew: Points


class Repair(Model):
    berths: Count
    cost: Points
    rate: RepairRate


class Recrew(Model):
    cost: Points
    crew_class: CrewClass
    crew_share: Share


class RecrewTable(Model):
    poor: Recrew
    green: Recrew
    average: Recrew
    recapture: Points


class BatteryRow(Model):
    name: Annotated[str, text()]
    guns: Annotated[int, within(1, 200)]
    large_share: Annotated[float, within(0, 1)]
    fort: Annotated[int, within(1, 1000)]
    crew: Annotated[int, within(1, 1000)]
    quality: Quality
    price: Points


class Batteries(Model):
    heavy: BatteryRow
    medium: BatteryRow
    light: BatteryRow


class CampaignTables(Model):
    id: Annotated[str, text()]
    name: Annotated[str, text()]
    months: Annotated[int, within(1, 240)]
    start_points: Points
    monthly_points: Points
    refused: Refused
    most_first_rates: Annotated[int, within(0, 100)]
    most_batteries: Annotated[int, within(0, 20)]
    least_squadrons: Count
    first_rate: Annotated[str, text()]
    construction: Construction
    repair: Repair
    recrew: RecrewTable
    crew_classes: dict[CrewClass, Quality]
    class_of_quality: dict[Quality, CrewClass]
    batteries: Batteries
    auto_players: Annotated[str, text()]

    def battery(self, kind: str) -> BatteryRow:
        if kind not in BATTERY_KINDS:
            raise ValueError(f"no battery kind {kind!r} (kinds: {', '.join(BATTERY_KINDS)})")
        row: BatteryRow = getattr(self.batteries, kind)
        return row

    def recrew_row(self, crew: str) -> Recrew:
        if crew not in RECREWS:
            raise ValueError(f"no crew {crew!r} to re-crew with (crews: {', '.join(RECREWS)})")
        row: Recrew = getattr(self.recrew, crew)
        return row


def tables_path() -> Path:
    return data_dir() / "campaign.yaml"


def read_tables(path: str | os.PathLike[str]) -> CampaignTables:
    """The campaign's tables from ``path``; raises ContentError listing every problem."""
    ctx = Ctx(path)
    root = parse_file(ctx)
    ctx.raise_if_any()
    assert root is not None
    checked = check(ctx, CampaignTables, root)
    ctx.raise_if_any()
    assert checked.model is not None
    return checked.model


def campaign_problems(path: str | os.PathLike[str] | None = None) -> list[str]:
    """The problems of the campaign's tables (the shipped file by default), for --check-data."""
    from game.content.yaml_nodes import ContentError

    try:
        read_tables(path or tables_path())
    except ContentError as e:
        return list(e.problems)
    return []


@functools.cache
def shipped() -> CampaignTables:
    """The shipped tables, read once per process."""
    return read_tables(tables_path())
