"""The small interface between a rule system and the rest of the program.

Quarterdeck is meant to play several rule books on one table.  Everything
outside ``game/systems/`` -- the window, saves and replays, the self-play
runner -- reaches a rule system only through :class:`RuleSystem`: start a
battle from a scenario, ask what may be done (:class:`Option`, each saying how
a player gives it), apply a command (events, or a :class:`Refusal` and nothing
changed), and try commands on a trial that never reads the real dice.

The generic pieces every rule system shares live here too: the command base
class and the gate that turns an untrusted mapping (a save) into a command.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar, Protocol

from game.systems.account import AccountTerms, Blow, DiceLuck, PointsEntry

#: One entry of the battle log (BATTLE-LOG.md): a JSON object with ``seq``, ``turn`` and ``type``.
Event = dict[str, Any]


class CommandError(ValueError):
    """A command description that cannot be turned into a command."""


@dataclass(frozen=True)
class Command:
    """What a player asks a rule system to do: a plain frozen value, so it can be saved and replayed."""

    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            d[f.name] = getattr(self, f.name)
        return d


class OptionError(ValueError):
    """An option a rule system does not have, or cannot play with the tables in force."""


@dataclass(frozen=True)
class RuleOption:
    """A named, documented switch of a rule system: a scenario may require it, a player may turn it on.

    An option may take one value (``NAME=VALUE`` on the command line and in a
    scenario's list), one of ``choices``; without one it takes ``default``.
    """

    name: str
    title: str
    help: str
    #: The values the option may be given (empty: it is a plain switch).
    choices: tuple[str, ...] = ()
    default: str = ""
    #: What the value means, for the command line's and the dialog's help.
    value_help: str = ""

    def params(self, value: str | None) -> dict[str, str]:
        """The option's settings as a battle and a save record them; OptionError for a value it cannot take."""
        if value is None or value == "":
            return {"value": self.default} if self.choices else {}
        if not self.choices:
            raise OptionError(f"option {self.name!r} is a plain switch and takes no value (given {value!r})")
        if value not in self.choices:
            raise OptionError(
                f"option {self.name!r} cannot be {value!r}: {self.value_help or 'one of'} {', '.join(self.choices)}"
            )
        return {"value": value}


@dataclass(frozen=True)
class Refusal:
    """A command the rules do not allow now; ``reason`` names the rule, in the player's words."""

    reason: str

    def __bool__(self) -> bool:  # a refusal is falsy, a list of events truthy
        return False


class Control(str, Enum):
    """How the window offers an option."""

    #: A button (or its key) gives the command as it stands.
    BUTTON = "button"
    #: The move measured on the tape: its ``distance`` and ``turn`` are dragged out, then committed.
    TAPE = "tape"
    #: A button that takes its ``distance`` from the tape (clamped to the option's range).
    TAPE_DISTANCE = "tape_distance"
    #: Aimed at another ship: the button names her, and she is marked on the table.
    TARGET = "target"
    #: Given by picking the option's ship on the table (or its button): which ship acts next.
    SHIP = "ship"


@dataclass(frozen=True)
class Variant:
    """One way to give an option: values for its free parameters, and how the button reads."""

    values: Mapping[str, Any]
    label: str
    help: str = ""
    key: str = ""


@dataclass(frozen=True)
class Option:
    """One kind of legal command, with the values its free parameters may take.

    ``fixed`` are set values, ``ranges`` closed intervals (lo, hi), ``choices``
    finite sets; any combination drawn from them is legal (a turn may still be
    refused when the base has no room to pivot).  The rest says how a player
    gives it: ``label`` and ``help`` (with the rule behind it), the ``control``,
    a ``key`` name (as pygame names keys: "e", "=", "return"), a ``group`` that
    buttons are gathered under, the ``target`` ship it is aimed at, and
    ``variants`` when each choice deserves a button of its own.  A tape option
    says where the tape is laid from (``measure``: "ahead", "astern"; "bow": the
    tape is laid from her bow at up to ``turn`` off her heading, she turns about
    her bow onto it and runs along it) and, when
    the tape is laid for another option, how the button that lays it for this
    one reads (``lay_label``, ``lay_key``).
    """

    type: str
    ship: str
    fixed: dict[str, Any] = field(default_factory=dict)
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    choices: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    make: Callable[..., Command] | None = field(default=None, compare=False, repr=False)
    label: str = field(default="", compare=False)
    help: str = field(default="", compare=False)
    control: Control = field(default=Control.BUTTON, compare=False)
    key: str = field(default="", compare=False)
    group: str = field(default="", compare=False)
    target: str | None = field(default=None, compare=False)
    variants: tuple[Variant, ...] = field(default=(), compare=False)
    measure: str = field(default="", compare=False)
    lay_label: str = field(default="", compare=False)
    lay_key: str = field(default="", compare=False)
    #: What the tape says while nothing is measured yet ("segment 2: reaching — drag her along the tape").
    prompt: str = field(default="", compare=False)

    def command(self, **values: Any) -> Command:
        """The command with these values for the free parameters (the lowest or first where not given)."""
        if self.make is None:
            raise CommandError(f"option {self.type!r} cannot make its command")
        args = {"ship": self.ship, **self.fixed}
        for k, (lo, _hi) in self.ranges.items():
            args[k] = values.get(k, lo)
        for k, opts in self.choices.items():
            args[k] = values.get(k, opts[0])
        return self.make(**args)


@dataclass(frozen=True)
class Stick:
    """How the tape looks for a move: a measuring stick of one colour, marked every ``segment`` inches.

    A rule system whose moves are measured with coloured sticks (Cagway Bay)
    says which stick the move being dragged takes; ``label`` names it for the
    tape's words ("green stick: 2 segments, 2 points").
    """

    colour: tuple[int, int, int]
    segment: float
    label: str = ""
    #: The farthest this stick lets her go with what she has left, inches (0: the option's range says).
    reach: float = 0.0


@dataclass
class Preview:
    """What a command would do, tried on a trial (dice of its own): where its ship ends and what to expect.

    ``warnings`` never report a trial's dice as if they had fallen: they name the
    dice to come and the chance of what matters.  ``next`` says what follows (her
    next segment, or that her movement ends); ``refused`` why the command would
    not be allowed.
    """

    pose: tuple[float, float, float] | None = None
    travelled: float = 0.0
    warnings: list[str] = field(default_factory=list)
    refused: str | None = None
    next: str | None = None
    events: list[Event] = field(default_factory=list)
    #: The stick the move is measured with (None: the plain tape).
    stick: Stick | None = None


@dataclass(frozen=True)
class TurnBar:
    """The bar across the top of the table: where the battle stands, in the rule system's words.

    ``turn``: "Turn 3 of 12"; ``order``: who acts in what order this turn, each
    (name, side, done, acting); ``status``: what is happening now.
    """

    turn: str
    order: tuple[tuple[str, str, bool, bool], ...]
    status: str


class RuleSystem(Protocol):
    """What the program may ask of a rule system (a configured instance: tables and options in force)."""

    id: str
    title: str
    #: The name of the tables in force (the book's, or a club's house rules).
    tables_name: str
    #: The options the rule system has, and those switched on in this instance (name -> settings).
    available: tuple[RuleOption, ...]
    enabled: Mapping[str, Mapping[str, Any]]

    def new_game(self, scenario: Any, seed: int) -> tuple[Any, list[Event]]:
        """The first state of a battle and its setup events."""
        ...

    def legal(self, state: Any) -> list[Option]:
        """What may be done next, each option saying how a player gives it."""
        ...

    def apply(self, state: Any, command: Command, *, scratch: bool = False) -> list[Event] | Refusal:
        """Play a command: its events, or a refusal with the state as it was."""
        ...

    def command_from_dict(self, data: Any) -> Command:
        """The gate for commands from untrusted files; raises CommandError with a reason."""
        ...

    def sandbox(self, state: Any, *, hold: bool = True) -> Any:
        """A trial copy for previews and look-ahead: dice of its own, never the game's."""
        ...

    def describe(self, event: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
        """One line of plain words for the battle log (None for pure bookkeeping); never raises."""
        ...

    def dice_roll(self, event: Mapping[str, Any], names: Mapping[str, str]) -> Any:
        """The dice an event rolled, as the dice tray draws them (a narration.DiceRoll), or None."""
        ...

    def cue(self, event: Mapping[str, Any]) -> Any:
        """How the window marks an event: a narration.Cue (the tone of its log line, its sound)."""
        ...

    def reference(self) -> list[tuple[str, str]]:
        """The rules reference: (title, body) sections in the markup of game.systems.reference_text."""
        ...

    def shortcuts(self) -> tuple[tuple[str, str], ...]:
        """The keys its options carry, (keys, what they do), for the window's list of keys."""
        ...

    def groups(self) -> tuple[tuple[str, str], ...]:
        """The groups its options are gathered in, (group, title) in the order the action panel shows them.

        A group it does not list comes after these, titled by its name.
        """
        ...

    def fate(self, state: Any, ship_id: str) -> Any:
        """How the battle left her, for the result (a game.systems.card.Fate)."""
        ...

    def card(self, state: Any, ship_id: str) -> Any:
        """What the ship's data card shows (a game.systems.card.Card)."""
        ...

    def turn_bar(self, state: Any, to_move: str | None) -> TurnBar:
        """Where the battle stands, for the bar across the table (``to_move``: the side to decide now)."""
        ...

    def preview(self, state: Any, command: Command) -> Preview:
        """What ``command`` would do, tried on a trial: for the tape's ghost and its warnings."""
        ...

    # What is drawn on the table (game.systems.figures): shapes in inches, badges, the shot box.

    def arcs(self, state: Any, ship_id: str, pose: tuple[float, float, float] | None) -> tuple[Any, ...]:
        """Her firing arcs, drawn from ``pose`` (where the tape puts her) or where she is."""
        ...

    def marks(self, state: Any) -> tuple[Any, ...]:
        """Its own marks on the table under the ships (figures.Shape), such as where the wind blows from."""
        ...

    def zones(
        self, state: Any, ship_id: str, pose: tuple[float, float, float] | None, radius: float
    ) -> tuple[Any, ...]:
        """The wind's sectors round her, ``radius`` inches out."""
        ...

    def wake(self, state: Any, ship_id: str) -> Any:
        """Her wake template, or None."""
        ...

    def model(self, state: Any, ship_id: str) -> Any:
        """How her model looks (a figures.Model: fort or ship, masts, sails spread, condition)."""
        ...

    def badges(self, state: Any, ship_id: str) -> tuple[Any, ...]:
        """The short words under her name."""
        ...

    def shot_box(self, state: Any, firer_id: str, target_id: str) -> Any:
        """What a shot at ``target_id`` would do (a figures.ShotBox), or None if she is no target."""
        ...

    def tutorial(self) -> Any:
        """Its guided first battle (a game.systems.tutorial.Tutorial), or None if it has none."""
        ...

    def legend(self) -> tuple[Any, ...]:
        """What its marks on the table and the card mean (game.systems.legend.LegendGroup), for the legend."""
        ...

    # The after-action report (game.systems.account): worked out from the battle log alone.

    def dice_luck(self, event: Mapping[str, Any], setup: Mapping[str, Any]) -> DiceLuck | None:
        """The hits an event's dice rolled against the hits they promised before they fell, or None.

        ``setup`` is the battle's setup event (the ships and their specials). Never raises on a damaged event.
        """
        ...

    def points_account(self, events: Sequence[Mapping[str, Any]], scenario: Any) -> tuple[PointsEntry, ...]:
        """How the battle's points were earned, entry by entry; they sum to the points of its ``game_over``.

        ``scenario`` is the battle's (None if it cannot be had: a scenario's own terms are then unknown).
        """
        ...

    def blow(self, event: Mapping[str, Any]) -> Blow | None:
        """Who the damage after ``event`` is put down to (gunfire, boarding, a collision), or None: nobody's hand.

        Asked of every event that is none of :attr:`AccountTerms.consequences`. Never raises on a damaged event.
        """
        ...

    def account_terms(self) -> AccountTerms:
        """What a report counts in its battles (damage tracks, firings, rakes, criticals) and its words for them."""
        ...


# --- reading commands from untrusted files -----------------------------------------------------


def command_from_dict(d: Any, types: Mapping[str, type[Command]]) -> Command:
    """The command ``d`` describes, if ``types`` knows it and every field is a plain value of its type."""
    if not isinstance(d, dict):
        raise CommandError(f"a command must be a mapping, got {type(d).__name__}")
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise CommandError(f"unknown command type {quoted(kind)}")
    cls = types[kind]
    args: dict[str, Any] = {}
    known = {f.name: f for f in fields(cls)}
    for key in d:
        if key != "type" and key not in known:
            raise CommandError(f"{kind}: unknown field {quoted(key)}")
    for name, f in known.items():
        if name not in d:
            if f.default is not MISSING:
                continue
            raise CommandError(f"{kind}: missing field {name!r}")
        args[name] = _check_value(kind, name, d[name], f.type)
    return cls(**args)


def quoted(v: Any, limit: int = 40) -> str:
    """A value from an untrusted file as a message may quote it: short, and escaped."""
    text = repr(v)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: The largest number a command field may hold: far beyond any table, far below trouble.
_LARGEST = 10**6


def _check_value(kind: str, name: str, v: Any, annotation: Any) -> Any:
    ann = str(annotation)
    if ann == "str":
        if not isinstance(v, str) or len(v) > 200:
            raise CommandError(f"{kind}.{name}: expected a short string")
        return v
    if ann == "bool":
        if not isinstance(v, bool):
            raise CommandError(f"{kind}.{name}: expected true or false")
        return v
    if ann == "int":
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) > _LARGEST:
            raise CommandError(f"{kind}.{name}: expected an integer")
        return v
    if ann == "float":
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > _LARGEST:
            raise CommandError(f"{kind}.{name}: expected a finite number")
        return float(v)
    raise CommandError(f"{kind}.{name}: unsupported field type {ann}")
