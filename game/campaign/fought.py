"""A month's engagement fought on the table and saved: which campaign waits for it, and which save is it.

A battle on the table is saved like any other (the autosave, the player's own
saves), and a save names no campaign: a campaign file may be copied, renamed
or put back from an older copy, so a name written in the save would lie.  A
battle is known as the engagement by what makes it that battle: the scenario
the engagement was rolled into (a save carries it whole, since no other
Quarterdeck has the file) and the seed of its dice.  Same text, same seed:
the same ships in the same places under the same wind, with the same dice.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from game.campaign.save import CampaignFileError, list_campaigns, load_campaign
from game.campaign.state import PLAN_STEM, BattlePlan, Campaign
from game.files import FileProblem, read_bytes
from game.persistence.autosave import autosave_path, home
from game.persistence.save import MAX_SAVE_BYTES, SaveError, read_save
from game.persistence.user import MAX_LISTED

#: A campaign file larger than this is not a campaign's (the save's own limits keep it well under).
MAX_CAMPAIGN_BYTES = 16 * 1024 * 1024


def digest(scenario_text: str) -> str:
    """The scenario's text reduced to what matters: a campaign save keeps it stripped, a battle save whole."""
    return hashlib.sha256(scenario_text.replace("\r\n", "\n").strip().encode("utf-8")).hexdigest()


def refusal(plan: BattlePlan, scenario_text: str | None, seed: int) -> str | None:
    """Why a battle (its scenario's text and seed) is not the engagement ``plan``; None when it is."""
    if scenario_text is None:
        return "it is a battle of a shipped scenario, not a campaign's engagement"
    if seed != plan.seed:
        return f"its dice are another battle's (seed {seed}; this engagement's is {plan.seed})"
    if digest(scenario_text) != digest(plan.yaml_text):
        return "its table is another engagement's (other ships, places or wind than this month's)"
    return None


def is_campaign_battle(scenario_id: str) -> bool:
    """The scenario is named as a campaign's engagement is (written by :meth:`BattlePlan.write`)."""
    return scenario_id.startswith(PLAN_STEM)


def waiting_campaign(scenario_text: str | None, seed: int) -> tuple[Path, Campaign] | None:
    """The saved campaign (its file and itself) waiting at stage "battle" for this battle, if there is one.

    Campaigns that cannot be read are passed over: they are not this battle's
    (the campaign menu says what is wrong with them).
    """
    if scenario_text is None:
        return None
    mark = str(seed).encode()
    for path in list_campaigns():
        try:
            raw = read_bytes(path, MAX_CAMPAIGN_BYTES)
        except FileProblem:
            continue
        if b"stage: battle" not in raw or mark not in raw:
            continue  # cheap: most campaigns are not waiting for this battle, and a full load checks a lot
        try:
            c = load_campaign(path)
        except CampaignFileError:
            continue
        if c.stage == "battle" and c.battle is not None and refusal(c.battle, scenario_text, seed) is None:
            return path, c
    return None


@dataclass(frozen=True)
class SavedBattle:
    """A save of the engagement: where, whether it is the autosave, and how far the battle went."""

    path: Path
    autosave: bool
    over: bool
    turn: int | None


@dataclass
class Search:
    """What the saves hold of an engagement: the latest save of it, and why others that looked like it are not."""

    found: SavedBattle | None = None
    refused: list[str] = field(default_factory=list)


def _candidates() -> list[Path]:
    """The autosave and the player's saves, newest first (the saves folder read as far as a listing reads)."""
    paths = [autosave_path()]
    try:
        paths += sorted((p for p in (home() / "saves").iterdir() if p.suffix == ".yaml" and p.is_file()),
                        key=lambda p: p.name)[:MAX_LISTED]
    except OSError:
        pass

    def newest(p: Path) -> float:
        try:
            return -os.stat(p).st_mtime
        except OSError:
            return 0.0

    return sorted((p for p in paths if p.is_file()), key=newest)


def _same_month(scenario_id: str, plan: BattlePlan) -> bool:
    """Whether a campaign battle's name is of the plan's month (another campaign's, or this one's rolled again)."""
    return is_campaign_battle(scenario_id) and scenario_id.startswith(f"{PLAN_STEM}{plan.month:02d}-")


def saved_battles(plan: BattlePlan) -> Search:
    """The newest save of the engagement ``plan``; a save named as this month's engagement but with another
    table or other dice (an older campaign file put back, an edited save) is listed with its reason."""
    out = Search()
    mark = str(plan.seed).encode()
    for path in _candidates():
        auto = path == autosave_path()
        try:
            raw = read_bytes(path, MAX_SAVE_BYTES)
        except FileProblem:
            continue
        if b"scenario_text" not in raw or (mark not in raw and not (auto and PLAN_STEM.encode() in raw)):
            continue  # a shipped scenario's battle, or plainly another: not read further
        try:
            doc = read_save(path)
        except SaveError:
            continue  # damaged: the menu's Load says why; it is no battle to record
        why = refusal(plan, doc.get("scenario_text"), doc["seed"])
        if why is None:
            if out.found is None:
                turn = doc.get("turn")
                out.found = SavedBattle(path, auto, doc.get("over") is True, turn if isinstance(turn, int) else None)
        elif doc["scenario"] == plan.stem or (auto and _same_month(doc["scenario"], plan)):
            # a save that looks like this month's battle and is not; an earlier month's battle, long recorded,
            # is no look-alike and goes unmentioned
            out.refused.append(f"{'the autosave' if auto else path.name} is not this engagement: {why}")
    return out
