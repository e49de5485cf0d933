"""Beat to Quarters v2.1 as a rule system: one configured instance per battle.

The instance holds the tables in force and everything that varies with them:
the handler of each command type, the functions run in the boarding phase and
the extra options.  Nothing is registered in the process: two battles under
different options or house rules can be played side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.content.model import RuleSet, Scenario
from game.content.rules import WEATHERS
from game.content.yaml_nodes import suggest
from game.systems.base import Command, Event, Option, OptionError, Preview, Refusal, RuleOption, TurnBar
from game.systems.btq21 import (
    boarding_action,
    chasers,
    engine,
    figures,
    forecast,
    fortune,
    narrate,
    national,
    sandbox,
    setup,
    shoals,
    shot,
    weather,
    wind,
)
from game.systems.btq21.card import ship_card
from game.systems.btq21.commands import COMMAND_TYPES, LoadShot, RigChasers, from_dict
from game.systems.btq21.events import Out
from game.systems.btq21.offers import offer
from game.systems.btq21.reference import reference_sections
from game.systems.btq21.state import Activation, GameState, Ship
from game.systems.card import Card
from game.systems.figures import Badge, Model, Shape, ShotBox
from game.systems.narration import Cue, DiceRoll

Pose = tuple[float, float, float]


class BeatToQuarters:
    """Beat to Quarters v2.1, with the tables of one rules file."""

    id = "btq21"
    title = "Beat to Quarters v2.1"
    #: Every command of the book, by its type word (what a save may hold).
    commands = COMMAND_TYPES
    #: The optional rules this rule system can play (Gifford's, adapted: docs/READINGS.md).
    available = (
        RuleOption(
            wind.NAME,
            "Shifting wind",
            "At the start of each turn a weather chip may come out first; then the wind may back or veer by "
            "hexsides of 60 degrees (Gifford's Beat To Quarters 4.0, Optional Rules: Weather)",
        ),
        RuleOption(
            weather.NAME,
            "Weather",
            "Shifting wind, and the weather itself may change when the weather chip comes out: perfect weather "
            "(a little more way on every ship), heavy seas (half speed, worse gunnery) or poor visibility (half "
            "the gun ranges, worse gunnery) (Gifford's Beat To Quarters 4.0, Optional Rules: Weather)",
            choices=WEATHERS,
            default=weather.NORMAL,
            value_help="the weather the battle starts in:",
        ),
        RuleOption(
            fortune.NAME,
            "Fortune and calamity",
            "Once a turn a card of fortune or calamity falls on a squadron drawn by a die: the first of its ships "
            "to act takes it (a fair wind, sharp gun captains, a gun bursting, fire in the galley...) "
            "(King George Commands and We Obey: Fortune/Calamity; the naval tables are Quarterdeck's own)",
        ),
        RuleOption(
            shot.NAME,
            "Shot",
            "Load each broadside with round, chain (rigging, to close range), double (more dice at point blank, a "
            "whole activation to load), grape (the crew, at point blank) or hot shot (may set the target ablaze, "
            "or her own ship); each fleet has a die's worth of broadsides of special shot "
            "(Gifford's Beat To Quarters 4.0, Optional Rules: Shot)",
        ),
        RuleOption(
            chasers.NAME,
            "Bow and stern chasers",
            "A ship may rig chasers at the start of her activation (firing nothing that turn): guns firing ahead "
            "and astern with half a broadside's dice, never raking; while rigged her broadsides shoot worse, and "
            "sloops and brigs fire only their chasers (Gifford's Beat To Quarters 4.0, Optional Rules: Bow and "
            "Stern Chasers)",
        ),
        RuleOption(
            national.NAME,
            "National differences",
            "Good crews may sail shorter segments and Spanish ships must sail longer ones; British ships may fire "
            "each broadside twice a turn, never twice in one segment; American gunners add 1 to every roll to hit "
            "(Gifford's Beat To Quarters 4.0, Optional Rules: National Differences)",
        ),
        RuleOption(
            shoals.NAME,
            "Shoals",
            "A shoal with a depth is shore only to ships too deep for it: a ship of its rating tests her crew "
            "each time she sails in, out of or across it and runs aground if the test fails; smaller ships sail "
            "over; larger ones ground. Shoals never block the guns' line of sight "
            "(Gifford's Beat To Quarters 4.0, Optional Rules: Shoals)",
        ),
    )

    def __init__(self, rules: RuleSet, options: dict[str, dict[str, Any]] | None = None) -> None:
        self.rules = rules
        self.tables_name = rules.name
        self.enabled = dict(options or {})
        known = {o.name: o for o in self.available}
        for name, settings in self.enabled.items():
            if name not in known:
                raise OptionError(f"{self.title} has no option {name!r}{suggest(name, known)}")
            if name not in rules.options:
                raise OptionError(f"option {name!r}: the tables in force ({rules.name}) hold no numbers for it")
            self.enabled[name] = known[name].params((settings or {}).get("value"))
        self.command_types = dict(COMMAND_TYPES)
        self.handlers: dict[type, engine.Handler] = dict(engine.HANDLERS)
        self.phase_hooks: list[Callable[[GameState, Out], None]] = [boarding_action.boarding_phase]
        self.extra_options: list[Callable[[GameState], list[Option]]] = []
        #: Run at the start of each turn after the first, before initiative is rolled.
        self.turn_hooks: list[Callable[[GameState, Out], None]] = []
        #: Run at the start of every turn, the first too, just before initiative is rolled.
        self.every_turn_hooks: list[Callable[[GameState, Out], None]] = []
        #: Run when a ship's activation begins, after the ``activation`` event.
        self.activation_hooks: list[Callable[[GameState, Ship, Activation, Out], None]] = []
        #: Run once when the battle opens, after the ``setup`` event.
        self.setup_hooks: list[Callable[[GameState, Out], None]] = []
        if shot.NAME in self.enabled:
            self.command_types[LoadShot.type] = LoadShot
            self.handlers[LoadShot] = shot.handle_load
            self.extra_options.append(shot.load_options)
            self.activation_hooks.append(shot.rammed_home)
            self.setup_hooks.append(shot.roll_stock)
        if chasers.NAME in self.enabled:
            self.command_types[RigChasers.type] = RigChasers
            self.handlers[RigChasers] = chasers.handle_rig
            self.extra_options.append(chasers.rig_options)
        if fortune.NAME in self.enabled:
            self.every_turn_hooks.append(fortune.draw)
            self.activation_hooks.append(fortune.fall)
        if weather.NAME in self.enabled:  # the weather is rolled with the wind, so it brings the shifts too
            self.turn_hooks.append(wind.new_turn_with_weather)
        elif wind.NAME in self.enabled:
            self.turn_hooks.append(wind.new_turn)

    def new_game(self, scenario: Scenario, seed: int) -> tuple[GameState, list[Event]]:
        return setup.new_game(scenario, self.rules, seed, system=self)

    def legal(self, state: GameState) -> list[Option]:
        return offer(state, engine.legal_commands(state))

    def apply(self, state: GameState, command: Command, *, scratch: bool = False) -> list[Event] | Refusal:
        return engine.apply(state, command, scratch=scratch)

    def command_from_dict(self, data: Any) -> Command:
        return from_dict(data, self.command_types)

    def sandbox(self, state: GameState, *, hold: bool = True) -> GameState:
        return sandbox.sandbox(state, hold=hold)

    def describe(self, event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
        return narrate.describe(event, names, rules=self.rules)

    def dice_roll(self, event: Mapping[str, Any], names: Mapping[str, str]) -> DiceRoll | None:
        return narrate.dice_roll(event, names=names, rules=self.rules)

    def cue(self, event: Mapping[str, Any]) -> Cue:
        return narrate.cue(event)

    def reference(self) -> list[tuple[str, str]]:
        return reference_sections(self.rules)

    def card(self, state: GameState, ship_id: str) -> Card:
        return ship_card(state, ship_id)

    def turn_bar(self, state: GameState, to_move: str | None) -> TurnBar:
        return narrate.turn_bar(state, to_move)

    def preview(self, state: GameState, command: Command) -> Preview:
        return forecast.preview(state, command)

    def arcs(self, state: GameState, ship_id: str, pose: Pose | None) -> tuple[Shape, ...]:
        return figures.arcs(state, ship_id, pose)

    def zones(self, state: GameState, ship_id: str, pose: Pose | None, radius: float) -> tuple[Shape, ...]:
        return figures.zones(state, ship_id, pose, radius)

    def wake(self, state: GameState, ship_id: str) -> Shape | None:
        return figures.wake(state, ship_id)

    def model(self, state: GameState, ship_id: str) -> Model:
        return figures.model(state, ship_id)

    def badges(self, state: GameState, ship_id: str) -> tuple[Badge, ...]:
        return figures.badges(state, ship_id)

    def shot_box(self, state: GameState, firer_id: str, target_id: str) -> ShotBox | None:
        return figures.shot_box(state, firer_id, target_id)
