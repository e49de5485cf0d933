"""Beat to Quarters v2.1 as a rule system: one configured instance per battle.

The instance holds the tables in force and everything that varies with them:
the handler of each command type, the functions run in the boarding phase and
the extra options.  Nothing is registered in the process: two battles under
different options or house rules can be played side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.content.model import RuleSet, Scenario
from game.content.rules import WEATHERS
from game.content.yaml_nodes import suggest
from game.systems.account import AccountTerms, Blow, DiceLuck, PointsEntry
from game.systems.base import Command, Event, Option, OptionError, Preview, Refusal, RuleOption, TurnBar
from game.systems.btq21 import (
    account,
    anchors,
    boarding_action,
    chasers,
    engine,
    figures,
    fireships,
    forecast,
    fortune,
    fouling,
    legend,
    narrate,
    national,
    sandbox,
    setup,
    shoals,
    shot,
    tutorial,
    visibility,
    weather,
    wind,
)
from game.systems.btq21.card import ship_card, ship_fate
from game.systems.btq21.commands import (
    COMMAND_TYPES,
    OPTION_COMMANDS,
    CutCable,
    Grapple,
    LetGo,
    LightFireship,
    LoadShot,
    RigChasers,
    Swing,
    Unfoul,
    Weigh,
    from_dict,
)
from game.systems.btq21.events import Out
from game.systems.btq21.offers import GROUPS, SHORTCUTS, offer
from game.systems.btq21.reference import reference_sections
from game.systems.btq21.state import Activation, GameState, Ship
from game.systems.card import Card, Fate
from game.systems.figures import Badge, Model, Shape, ShotBox
from game.systems.legend import LegendGroup
from game.systems.narration import Cue, DiceRoll
from game.systems.tutorial import Tutorial

Pose = tuple[float, float, float]


class BeatToQuarters:
    """Beat to Quarters v2.1, with the tables of one rules file."""

    id = "btq21"
    title = "Beat to Quarters v2.1"
    #: Every command of the book and of its options, by its type word (what a save may hold; a battle
    #: refuses, as it is replayed, a command of an option it is not played with).
    commands = {**COMMAND_TYPES, **OPTION_COMMANDS}
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
        RuleOption(
            anchors.NAME,
            "Anchors",
            "Instead of moving a ship may let go an anchor by the bow or the stern: at anchor she neither drifts "
            "nor sails, but swings about the anchor up to two hexsides (120 degrees) a turn whatever the wind. "
            "Weighing takes two turns instead of moving; cutting the cable frees her at once, but she cannot "
            "anchor again (Gifford's Beat To Quarters 4.0: Anchors)",
        ),
        RuleOption(
            fouling.NAME,
            "Fouling and grappling",
            "Ships that collide may foul (a D6 of 1 or 2): tangled, neither sails until one clears her rigging with "
            "a crew test at the start of her activation; an enemy fouled with her may be grappled where she lies "
            "(another test) and boarded; a fouled ship that sinks may drag her partner down "
            "(Gifford's Beat To Quarters 4.0: Fouling/Grappling)",
        ),
        RuleOption(
            fireships.NAME,
            "Fireships",
            "At the start of her activation a ship may be set ablaze as a fireship: her crew leaves her and she "
            "sails straight on at her best speed, firing nothing. From her next activation a D6 of 4-6 blows her up, "
            "throwing her broadside and fire into every ship near her; a ship that comes near her burning may take "
            "fire; after three activations she only drifts. A fireship scores for nobody "
            "(Gifford's Beat To Quarters 4.0, Optional Rules: Fireships)",
        ),
        RuleOption(
            visibility.NAME,
            "Visibility",
            "The battle opens in fog or at night: a ship sees, and fires, only so far (the tables' reach), and "
            "every range band beyond it is closed. At the start of each turn a D6 lifts the fog on 2, 4 or 6; the "
            "night lasts the battle, or until the dawn the scenario names (Gifford's engagement table, result 1: "
            "Fog; his poor visibility halves the gun ranges)",
            choices=visibility.CHOICES,
            default=visibility.FOG,
            value_help="what closes the ranges:",
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
        #: Run after every command carried out, before the turn moves on.
        self.command_hooks: list[Callable[[GameState, Out], None]] = []
        #: Asked of every command before it is carried out: a reason to refuse it, or None.
        self.gates: list[Callable[[GameState, Command], str | None]] = []
        if shot.NAME in self.enabled:
            self._command(LoadShot, shot.handle_load)
            self.extra_options.append(shot.load_options)
            self.activation_hooks.append(shot.rammed_home)
            self.setup_hooks.append(shot.roll_stock)
        if chasers.NAME in self.enabled:
            self._command(RigChasers, chasers.handle_rig)
            self.extra_options.append(chasers.rig_options)
        if anchors.NAME in self.enabled:
            self._command(LetGo, anchors.handle_let_go)
            self._command(Weigh, anchors.handle_weigh)
            self._command(CutCable, anchors.handle_cut)
            self._command(Swing, anchors.handle_swing)
            self.extra_options.append(anchors.anchor_options)
            self.activation_hooks.append(anchors.riding)
            self.setup_hooks.append(anchors.moored)
        if fouling.NAME in self.enabled:
            self._command(Unfoul, fouling.handle_unfoul)
            self._command(Grapple, fouling.handle_grapple)
            self.extra_options.append(fouling.foul_options)
            self.activation_hooks.append(fouling.tangled)
        if fireships.NAME in self.enabled:
            self._command(LightFireship, fireships.handle_light)
            self.extra_options.append(fireships.light_options)
            self.activation_hooks.append(fireships.burning)
            self.command_hooks.append(fireships.flames)
            self.turn_hooks.append(fireships.new_turn)
            self.gates.append(fireships.gate)
        if fortune.NAME in self.enabled:
            self.every_turn_hooks.append(fortune.draw)
            self.activation_hooks.append(fortune.fall)
        if weather.NAME in self.enabled:  # the weather is rolled with the wind, so it brings the shifts too
            self.turn_hooks.append(wind.new_turn_with_weather)
        elif wind.NAME in self.enabled:
            self.turn_hooks.append(wind.new_turn)
        if visibility.NAME in self.enabled:
            self.turn_hooks.append(visibility.new_turn)

    def _command(self, kind: type[Command], handle: engine.Handler) -> None:
        """An option's command: accepted in this battle, and carried out by ``handle``."""
        self.command_types[kind.type] = kind
        self.handlers[kind] = handle

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

    def shortcuts(self) -> tuple[tuple[str, str], ...]:
        return SHORTCUTS

    def groups(self) -> tuple[tuple[str, str], ...]:
        return GROUPS

    def fate(self, state: GameState, ship_id: str) -> Fate:
        return ship_fate(state, ship_id)

    def card(self, state: GameState, ship_id: str) -> Card:
        return ship_card(state, ship_id)

    def turn_bar(self, state: GameState, to_move: str | None) -> TurnBar:
        return narrate.turn_bar(state, to_move)

    def preview(self, state: GameState, command: Command) -> Preview:
        return forecast.preview(state, command)

    def marks(self, state: GameState) -> tuple[Shape, ...]:
        """The scenario's objectives and the fog or night (the wind blows evenly: the window draws its arrow)."""
        return figures.marks(state)

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

    def legend(self) -> tuple[LegendGroup, ...]:
        return legend.legend(self.rules)

    def tutorial(self) -> Tutorial:
        return tutorial.tutorial(self.rules)

    def dice_luck(self, event: Mapping[str, Any], setup: Mapping[str, Any]) -> DiceLuck | None:
        return account.dice_luck(event, setup, self.rules)

    def points_account(self, events: Sequence[Mapping[str, Any]], scenario: Any) -> tuple[PointsEntry, ...]:
        return tuple(account.points_from_log(events, self.rules, scenario if isinstance(scenario, Scenario) else None))

    def blow(self, event: Mapping[str, Any]) -> Blow | None:
        return account.blow(event)

    def account_terms(self) -> AccountTerms:
        return account.TERMS
