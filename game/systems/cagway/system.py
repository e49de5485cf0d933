"""Cagway Bay v2.2 as a rule system: one configured instance per battle (its tables in force).

The rules live in the modules named after the book's words (wind, sticks,
movement, gunnery, crew, repair, setup, victory) behind engine.py; what is
drawn and said about them lives in narrate, reference, card, figures, legend
and account.  This class is the interface the rest of the program sees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.content.model import Scenario
from game.systems.account import AccountTerms, Blow, DiceLuck, PointsEntry
from game.systems.base import Command, Event, Option, OptionError, Preview, Refusal, RuleOption, TurnBar
from game.systems.cagway import account, engine, figures, forecast, legend, narrate, reference, sandbox, setup
from game.systems.cagway import card as cards
from game.systems.cagway.commands import COMMAND_TYPES, from_dict
from game.systems.cagway.offers import GROUPS, SHORTCUTS, offer
from game.systems.cagway.state import GameState
from game.systems.cagway.tables import CagwayTables
from game.systems.card import Card, Fate
from game.systems.figures import Badge, Model, Shape, ShotBox
from game.systems.legend import LegendGroup
from game.systems.narration import Cue, DiceRoll

Pose = tuple[float, float, float]


class CagwayBay:
    """Cagway Bay v2.2, with the tables of one rules file."""

    id = "cagway"
    title = "Cagway Bay v2.2"
    #: Every command of the book, by its type word (what a save may hold).
    commands = dict(COMMAND_TYPES)
    #: Cagway Bay has no optional rules yet.
    available: tuple[RuleOption, ...] = ()

    def __init__(self, tables: CagwayTables, options: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.tables = tables
        self.rules = tables
        self.tables_name = tables.name
        self.enabled: dict[str, Mapping[str, Any]] = {}
        for name in dict(options or {}):
            raise OptionError(f"{self.title} has no options (asked for {name!r})")

    def new_game(self, scenario: Scenario, seed: int) -> tuple[GameState, list[Event]]:
        return setup.new_game(scenario, self.tables, seed, system=self)

    def legal(self, state: GameState) -> list[Option]:
        return offer(state, engine.legal_commands(state))

    def apply(self, state: GameState, command: Command, *, scratch: bool = False) -> list[Event] | Refusal:
        return engine.apply(state, command, scratch=scratch)

    def command_from_dict(self, data: Any) -> Command:
        return from_dict(data)

    def sandbox(self, state: GameState, *, hold: bool = True) -> GameState:
        return sandbox.sandbox(state, hold=hold)

    def preview(self, state: GameState, command: Command) -> Preview:
        return forecast.preview(state, command)

    def shortcuts(self) -> tuple[tuple[str, str], ...]:
        return SHORTCUTS

    def groups(self) -> tuple[tuple[str, str], ...]:
        return GROUPS

    # --- words -------------------------------------------------------------------------

    def describe(self, event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
        return narrate.describe(dict(event), names)

    def dice_roll(self, event: Mapping[str, Any], names: Mapping[str, str]) -> DiceRoll | None:
        return narrate.dice_roll(dict(event), names)

    def cue(self, event: Mapping[str, Any]) -> Cue:
        return narrate.cue(dict(event))

    def reference(self) -> list[tuple[str, str]]:
        return reference.reference(self.tables)

    def tutorial(self) -> None:
        return None

    def legend(self) -> tuple[LegendGroup, ...]:
        return legend.legend(self.tables)

    # --- the card and the bar ---------------------------------------------------------

    def card(self, state: GameState, ship_id: str) -> Card:
        return cards.card(state, ship_id)

    def fate(self, state: GameState, ship_id: str) -> Fate:
        return cards.fate(state, ship_id)

    def turn_bar(self, state: GameState, to_move: str | None) -> TurnBar:
        return cards.turn_bar(state, to_move)

    # --- the table ---------------------------------------------------------------------

    def arcs(self, state: GameState, ship_id: str, pose: Pose | None) -> tuple[Shape, ...]:
        return figures.arcs(state, ship_id, pose)

    def zones(self, state: GameState, ship_id: str, pose: Pose | None, radius: float) -> tuple[Shape, ...]:
        return figures.zones(state, ship_id, pose, radius)

    def marks(self, state: GameState) -> tuple[Shape, ...]:
        return figures.marks(state)

    def wake(self, state: GameState, ship_id: str) -> None:
        return None

    def model(self, state: GameState, ship_id: str) -> Model:
        return figures.model(state, ship_id)

    def badges(self, state: GameState, ship_id: str) -> tuple[Badge, ...]:
        return figures.badges(state, ship_id)

    def shot_box(self, state: GameState, firer_id: str, target_id: str) -> ShotBox | None:
        return figures.shot_box(state, firer_id, target_id)

    # --- the after-action report --------------------------------------------------------

    def dice_luck(self, event: Mapping[str, Any], setup: Mapping[str, Any]) -> DiceLuck | None:
        return account.dice_luck(event, setup, self.tables)

    def points_account(self, events: Sequence[Mapping[str, Any]], scenario: Any) -> tuple[PointsEntry, ...]:
        return tuple(account.points_account(events, scenario, self.tables))

    def blow(self, event: Mapping[str, Any]) -> Blow | None:
        return account.blow(event)

    def account_terms(self) -> AccountTerms:
        return account.TERMS
