"""The player's own files beside the saves: scenarios he made or generated, fleets, campaigns.

Each kind has its folder under :func:`game.persistence.autosave.home`, so that
``QUARTERDECK_HOME`` moves them all with the saves (tests and Xvfb play rely
on that) and nothing a player makes is written among the shipped data.
"""

from __future__ import annotations

from pathlib import Path

from game.persistence.autosave import home

#: Most files of one kind a listing reads (a folder can hold anything; a menu lists a page's worth).
MAX_LISTED = 200


def scenarios_dir() -> Path:
    """Scenarios from the editor and the engagement generator."""
    return home() / "scenarios"


def fleets_dir() -> Path:
    return home() / "fleets"


def campaigns_dir() -> Path:
    return home() / "campaigns"


def mail_dir() -> Path:
    """E-mail games: each player's private copy of each game (game.mail), never sent anywhere."""
    return home() / "mail"


def user_scenarios() -> list[Path]:
    """The player's scenario files, by name; an unreadable or missing folder lists nothing."""
    folder = scenarios_dir()
    try:
        found = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file())
    except OSError:
        return []
    return found[:MAX_LISTED]
