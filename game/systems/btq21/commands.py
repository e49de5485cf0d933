"""What a player (human, script or AI) may ask Beat to Quarters to do.

Commands are plain frozen values so they can be saved, replayed, compared and
sent between threads.  ``from_dict`` is the gate for untrusted input (save
files): it accepts only these command types, known fields and plain scalar
values, and raises :class:`CommandError` with a readable reason otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.systems.base import Command, CommandError, Option, command_from_dict

__all__ = ["COMMAND_TYPES", "Command", "CommandError", "from_dict", "option"]


@dataclass(frozen=True)
class ActivateShip(Command):
    """Choose which ship of the active squadron acts next."""

    type: ClassVar[str] = "activate"
    ship: str


@dataclass(frozen=True)
class SetSail(Command):
    """Change sail by one level, before moving."""

    type: ClassVar[str] = "set_sail"
    ship: str
    sail: str


@dataclass(frozen=True)
class MoveSegment(Command):
    """Sail one segment straight ahead, then turn (``turn`` > 0 is clockwise).

    When the ship is taken aback the distance must be 0 and ``turn`` is the
    free turn the rules allow.
    """

    type: ClassVar[str] = "move"
    ship: str
    distance: float
    turn: float = 0.0


@dataclass(frozen=True)
class BackClear(Command):
    """A fouled ship's segment astern: straight back ``distance`` (up to the segment's minimum), then turn."""

    type: ClassVar[str] = "back_clear"
    ship: str
    distance: float
    turn: float = 0.0


@dataclass(frozen=True)
class Drift(Command):
    """A demasted ship's movement: 1" downwind, heading unchanged."""

    type: ClassVar[str] = "drift"
    ship: str


@dataclass(frozen=True)
class DeclareBoarding(Command):
    """At the start of a segment: this segment tries to lay the ship alongside ``target``."""

    type: ClassVar[str] = "declare_boarding"
    ship: str
    target: str


@dataclass(frozen=True)
class Tack(Command):
    """Special action during movement: pass and the ship ignores being taken aback this turn."""

    type: ClassVar[str] = "tack"
    ship: str


@dataclass(frozen=True)
class Boxhaul(Command):
    """Special action at the start of a segment.

    Pass: sail ``distance`` then turn 180 degrees, and movement ends.
    Fail: turn 90 degrees to ``fail_turn`` (+1 clockwise, -1 anticlockwise) and
    lose rigging, then carry on.
    """

    type: ClassVar[str] = "boxhaul"
    ship: str
    distance: float
    fail_turn: int = 1


@dataclass(frozen=True)
class FightFires(Command):
    type: ClassVar[str] = "fight_fires"
    ship: str
    all_hands: bool = False


@dataclass(frozen=True)
class Repair(Command):
    """Repair leaks (``what`` = "leaks") or the rudder (``what`` = "rudder")."""

    type: ClassVar[str] = "repair"
    ship: str
    what: str = "leaks"
    all_hands: bool = False


@dataclass(frozen=True)
class Fire(Command):
    """Fire one broadside (``side`` port, starboard, or battery for a fort) at ``target``.

    ``chain_shot`` first attempts the Chain Shot special action.
    """

    type: ClassVar[str] = "fire"
    ship: str
    side: str
    target: str
    aim: str = "hull"
    chain_shot: bool = False


@dataclass(frozen=True)
class SnapFire(Command):
    """A boarded ship that has not yet acted this turn fires at her boarder: point blank, half dice."""

    type: ClassVar[str] = "snap_fire"
    ship: str
    aim: str = "hull"


@dataclass(frozen=True)
class HoldFire(Command):
    """Decline a chance to fire as she bears."""

    type: ClassVar[str] = "hold_fire"
    ship: str


@dataclass(frozen=True)
class FireAsSheBears(Command):
    """Special action: pass and she may fire during other ships' activations until her next."""

    type: ClassVar[str] = "fire_as_she_bears"
    ship: str


@dataclass(frozen=True)
class EndActivation(Command):
    type: ClassVar[str] = "end_activation"
    ship: str


@dataclass(frozen=True)
class LoadShot(Command):
    """Option ``shot``: load the ``side`` broadside with ``shot`` (round, chain, double, grape, hot)."""

    type: ClassVar[str] = "load"
    ship: str
    side: str
    shot: str = "round"


@dataclass(frozen=True)
class RigChasers(Command):
    """Option ``chasers``: rig the bow and stern chasers (``rigged``) or strike them below."""

    type: ClassVar[str] = "rig_chasers"
    ship: str
    rigged: bool = True


@dataclass(frozen=True)
class LetGo(Command):
    """Option ``anchors``: instead of moving, let go an anchor by the ``end`` ("bow" or "stern")."""

    type: ClassVar[str] = "let_go"
    ship: str
    end: str = "bow"


@dataclass(frozen=True)
class Weigh(Command):
    """Option ``anchors``: instead of moving, a turn's work at weighing her anchor."""

    type: ClassVar[str] = "weigh"
    ship: str


@dataclass(frozen=True)
class CutCable(Command):
    """Option ``anchors``: at the start of her activation, cut the cable and sail."""

    type: ClassVar[str] = "cut_cable"
    ship: str


@dataclass(frozen=True)
class Swing(Command):
    """Option ``anchors``: at anchor, swing ``turn`` degrees about the anchored end (``distance`` is always 0)."""

    type: ClassVar[str] = "swing"
    ship: str
    distance: float = 0.0
    turn: float = 0.0


@dataclass(frozen=True)
class Unfoul(Command):
    """Option ``fouling``: at the start of her activation, try to clear her rigging of the ships fouled with her."""

    type: ClassVar[str] = "unfoul"
    ship: str


@dataclass(frozen=True)
class Grapple(Command):
    """Option ``fouling``: at the start of her activation, try to grapple ``target``, an enemy fouled with her."""

    type: ClassVar[str] = "grapple"
    ship: str
    target: str


@dataclass(frozen=True)
class LightFireship(Command):
    """Option ``fireships``: at the start of her activation, set her ablaze as a fireship; her crew leaves her."""

    type: ClassVar[str] = "light_fireship"
    ship: str


#: Commands an option brings; a rule-system instance adds those of the options in force.
OPTION_COMMANDS: dict[str, type[Command]] = {
    k.type: k for k in (LoadShot, RigChasers, LetGo, Weigh, CutCable, Swing, Unfoul, Grapple, LightFireship)
}

COMMAND_TYPES: dict[str, type[Command]] = {
    c.type: c
    for c in (
        ActivateShip,
        SetSail,
        MoveSegment,
        BackClear,
        Drift,
        DeclareBoarding,
        Tack,
        Boxhaul,
        FightFires,
        Repair,
        Fire,
        HoldFire,
        SnapFire,
        FireAsSheBears,
        EndActivation,
    )
}


def from_dict(d: Any, types: dict[str, type[Command]] | None = None) -> Command:
    return command_from_dict(d, COMMAND_TYPES if types is None else types)


def option(type_: str, ship: str, **details: Any) -> Option:
    """A legal option of Beat to Quarters, able to make its command."""
    return Option(type_, ship, make=COMMAND_TYPES.get(type_) or OPTION_COMMANDS[type_], **details)
