"""What a report is drawn from: a battle's events, its rule system and (when it can be had) its scenario.

A report comes from the battle in the window (a Session), from a save (its
commands replayed, every state hash checked) or from a battle log.  A log
names its scenario and rule set but not its commands: the rule system is made
again from the tables in force (the book's, or the house rules given) with
the options the log's setup lists, and the scenario is the shipped one of
that name, if there is one (its coasts and colours; without it the plan
shows open sea and the nations' colours).
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.report.reading import ReportInputError, read_log
from game.systems.base import Event, RuleSystem

#: Files read as saves; anything else is read as a battle log.
SAVE_SUFFIXES = (".yaml", ".yml")


@dataclass
class Battle:
    """One battle to report: its events from the setup on, and what explains them."""

    events: list[Event]
    system: RuleSystem
    scenario: Any = None
    #: When it was played, as a report prints it ("12 June 2026").
    played: str = field(default_factory=lambda: day(datetime.date.today()))


def day(d: datetime.date) -> str:
    return f"{d.day} {d.strftime('%B')} {d.year}"


def from_session(session: Any) -> Battle:
    """The battle in play (or just over) in the window; its events are copied, so play may go on."""
    return Battle(list(session.events), session.system, session.scenario)


def from_file(path: str | os.PathLike[str], house_rules: str | None = None) -> Battle:
    """The battle a save or a log holds; ReportInputError with one line naming the file if it cannot be had."""
    from game.content.house import load_house_rules
    from game.content.load import ContentError, load_default
    from game.content.paths import rules_path

    name = os.fspath(path)
    try:
        rules, ships = load_default()
        if house_rules:
            rules = load_house_rules(house_rules, rules, rules_path())
    except ContentError as e:
        raise ReportInputError(e.problems[0]) from None
    try:
        played = day(datetime.date.fromtimestamp(Path(name).stat().st_mtime))
    except (OSError, ValueError, OverflowError):
        played = day(datetime.date.today())
    if name.lower().endswith(SAVE_SUFFIXES):
        return _from_save(name, rules, ships, played)
    return _from_log(name, rules, ships, played)


def _from_save(name: str, rules: Any, ships: Any, played: str) -> Battle:
    from game.persistence.save import SaveError, load_save

    try:
        session = load_save(name, rules, ships)
    except SaveError as e:
        raise ReportInputError(str(e)) from None
    except OSError as e:
        raise ReportInputError(f"{name}: {e.strerror or e}") from None
    return Battle(list(session.events), session.system, session.scenario, played)


def _from_log(name: str, rules: Any, ships: Any, played: str) -> Battle:
    from game.content.load import ContentError, list_scenarios, open_scenario, scenario_path, tables_of
    from game.systems import UnknownSystem, make_system
    from game.systems.base import OptionError

    events = read_log(name)
    setup = events[0]
    book = rules  # Beat to Quarters' tables: they read its scenarios
    played_under = setup.get("system", "btq21")
    if played_under != rules.system:
        try:
            rules = tables_of(str(played_under)[:40], rules)
        except (ContentError, UnknownSystem) as e:
            raise ReportInputError(f"{name}:1: played under rule system {str(played_under)[:40]!r}: {e}") from None
    ruleset = setup.get("ruleset", rules.id)
    if ruleset != rules.id:
        raise ReportInputError(
            f"{name}:1: played under rule set {str(ruleset)[:40]!r}; the tables in force are {rules.id!r}"
        )
    try:
        system = make_system(rules.system, rules, {option: {} for option in setup.get("options") or ()})
    except (OptionError, UnknownSystem) as e:
        raise ReportInputError(f"{name}:1: {e}") from None
    scenario = None
    if setup.get("scenario") in list_scenarios():  # only a shipped scenario, by name: never a path from the file
        try:
            scenario = open_scenario(scenario_path(setup["scenario"]), ships, book)
        except (ContentError, OSError, ValueError):
            scenario = None
    return Battle(events, system, scenario, played)
