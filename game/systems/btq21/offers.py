"""How each of Beat to Quarters' options is offered to a player: label, help, control, key.

The window knows none of the book's commands.  It shows what this module puts
on each legal option: the words on the button, the help with the book's
section behind it, the kind of control (a button, the measuring tape, a shot
or boarding aimed at a ship) and the key.  A label may hold ``{distance}``,
which the window fills with the distance measured on the tape.
"""

from __future__ import annotations

from dataclasses import replace

from game.systems.base import Control, Option, Variant
from game.systems.btq21 import movement, shot
from game.systems.btq21.state import GameState
from game.table.arcs import ENDS
from game.table.written import inches

#: The keys this module puts on its options, as the rules reference (F1) lists them: (keys, what they do).
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Enter", "sail the segment laid on the tape (backing clear, or swinging at anchor, when that is her move)"),
    ("X", "lay the tape the other way: ahead instead of backing clear, or back again"),
    ("= / -", "make / take in sail one step"),
    ("E", "end the activation"),
    ("H", "hold fire: let the chance to fire pass"),
    ("F / R", "fight fires / repair (the first thing to repair)"),
    ("T", "tack (special action)"),
    ("B", "declare boarding, or grapple a ship she is fouled with"),
    ("D", "drift, when dismasted"),
    ("[ / ]", "load the port / starboard broadside with the next kind of shot (option shot)"),
    ("C", "rig or strike the chasers (option chasers)"),
    ("U", "clear the tangle when fouled (option fouling)"),
    ("K", "let go the anchor by the bow, or weigh (option anchors)"),
)

#: The action panel's groups, in the order a player reads them: the ship to act, her move and the
#: plain choices (end the activation, hold fire) first, then sail, guns, boarding and special actions.
GROUPS: tuple[tuple[str, str], ...] = (
    ("activate", ""),
    ("move", "Move"),
    ("", ""),
    ("sail", "Sail"),
    ("fire", "Fire"),
    ("boarding", "Board"),
    ("special", "Special"),
    ("load", "Guns"),
    ("anchor", "Anchor"),
)


def _name(state: GameState, sid: str) -> str:
    s = state.ships.get(sid)
    return s.name if s else sid


def offer(state: GameState, options: list[Option]) -> list[Option]:
    """The options with what the window needs to offer each one."""
    return [_offer(state, o) for o in options]


def _offer(state: GameState, o: Option) -> Option:
    t = o.type
    if t == "activate":
        return replace(o, label=f"Activate {_name(state, o.ship)}", group="activate", control=Control.SHIP,
                       help="Give this ship her activation (or click her, then Enter). Turn Sequence: ships of the "
                       "squadron with the initiative act one at a time")
    if t == "set_sail":
        sails = state.rules.sails
        cur = state.ships[o.ship].sail
        up = cur in sails and sails.index(o.fixed["sail"]) > sails.index(cur)
        return replace(o, label=f"{'Make' if up else 'Take in'} sail: {o.fixed['sail']}", group="sail",
                       key="=" if up else "-",
                       help="Change sail one step, at the start of the activation before she moves or fires "
                       "(Changing Sails)")
    if t in ("fight_fires", "repair"):
        what = "Fight fires" if t == "fight_fires" else f"Repair {o.fixed['what']}"
        key = "f" if t == "fight_fires" else "r"
        return replace(o, label=what, group="special", variants=(
            Variant({"all_hands": False}, what, f"Special action: {what.lower()} (Special Actions)", key),
            Variant({"all_hands": True}, what + " — All Hands",
                    "All Hands on Deck: one more die for the test, but neither broadside may fire this turn "
                    "(Special Actions)"),
        ))
    if t == "drift":
        return replace(o, label="Drift", key="d", help="Demasted: she drifts 1\" downwind (Drifting)")
    if t == "tack":
        return replace(o, label="Tack", key="t", group="special",
                       help="Special action: a passed test lets her ignore being taken aback this turn "
                       "(Special Actions, Taken Aback)")
    if t == "boxhaul":
        variants = tuple(
            Variant({"fail_turn": turn}, f"Boxhaul {{distance}} (fail: {word})",
                    "Special action: sail the tape's distance, then come about. If the test fails she falls off "
                    f"90° to {word} and loses rigging (Special Actions)")
            for turn, word in ((1, "starboard"), (-1, "port"))
        )
        return replace(o, label="Boxhaul", group="special", control=Control.TAPE_DISTANCE, variants=variants)
    if t == "declare_boarding":
        target = o.fixed["target"]
        return replace(o, label=f"Board {_name(state, target)}", key="b", group="boarding", control=Control.TARGET,
                       target=target,
                       help="Declare boarding: this segment lays her alongside if she reaches (Boarding Actions)")
    if t == "fire_as_she_bears":
        return replace(o, label="Fire As She Bears", group="special",
                       help="Special action: after another ship's segment, fire if a target bears, until her next "
                       "activation (Special Actions)")
    if t == "fire":
        return _offer_fire(state, o)
    if t == "load":
        return _offer_load(state, o)
    if t == "rig_chasers":
        rig = o.fixed["rigged"]
        return replace(o, label="Rig chasers" if rig else "Strike chasers below", group="load", key="c",
                       help=("Shift guns to fire ahead and astern: bow and stern chasers with half a broadside's "
                             "dice, never raking; her broadsides shoot worse while they are rigged. Nothing fires "
                             "from her this turn (Bow and Stern Chasers, an option)" if rig else
                             "Run the chasers back into the broadsides; nothing fires from her this turn "
                             "(Bow and Stern Chasers, an option)"))
    if t == "light_fireship":
        return replace(o, label="Set her ablaze as a fireship", group="special",
                       help="Her crew takes to the boats: from now she sails straight on at her best, fires nothing, "
                       "and from her next activation may blow up (4-6 on a D6), hurling her broadside and fire into "
                       "every ship near her. She scores for nobody (Fireships, an option)")
    if t == "unfoul":
        names = ", ".join(_name(state, p) for p in state.ships[o.ship].fouled)
        return replace(o, label="Clear the tangle", group="anchor", key="u",
                       help=f"Fouled with {names}: a crew test to cut her rigging clear. Passed, she sails this "
                       "activation; failed, she stays fouled (Fouling and Grappling, an option)")
    if t == "grapple":
        target = o.fixed["target"]
        return replace(o, label=f"Grapple {_name(state, target)}", group="boarding", control=Control.TARGET,
                       target=target, key="b",
                       help=f"Fouled with {_name(state, target)}: a crew test to throw the grapnels. Passed, the two "
                       "are locked in a boarding action (Fouling and Grappling, an option)")
    if t in ANCHOR_WORK:
        return _offer_anchor(state, o)
    if t == "hold_fire":
        return replace(o, label="Hold fire", key="h", help="Let the chance to fire pass (Firing Broadsides)")
    if t == "snap_fire":
        return replace(o, label="Snap fire", group="fire", variants=tuple(
            Variant({"aim": aim}, f"Snap fire: {aim}",
                    "Fire at the boarder alongside: point blank, half dice (Boarding Actions)")
            for aim in o.choices["aim"]
        ))
    if t == "end_activation":
        return replace(o, label="End activation", key="e", help="Finish this ship's activation (Turn Sequence)")
    if t == "move":
        return replace(o, label="Sail this segment", prompt=_segment_prompt(state, o), key="return",
                       control=Control.TAPE, measure="ahead", group="move",
                       lay_label="Sail ahead instead", lay_key="x",
                       help="Commit the segment measured on the tape (Movement)")
    if t == "back_clear":
        hi = o.ranges["distance"][1]
        return replace(o, label="Back her this segment", key="return", control=Control.TAPE, measure="astern",
                       group="move", lay_label=f"Back clear (up to {inches(hi)} astern)", lay_key="x",
                       help="Fouled: a ship lies across her bow. Lay the tape from her stern, drag her back up to "
                       "the segment minimum, turn, then Enter (Collisions, as Quarterdeck reads them)")
    return replace(o, label=t.replace("_", " ").capitalize())


#: The commands of option anchors.
ANCHOR_WORK = ("let_go", "swing", "weigh", "cut_cable")


def _offer_anchor(state: GameState, o: Option) -> Option:
    """Let go (by the bow or the stern), swing, weigh and cut: the anchor's work (Anchors, an option)."""
    ship = state.ships[o.ship]
    rule = "(Anchors, an option)"
    if o.type == "let_go":
        return replace(o, label="Let go anchor", group="anchor", variants=tuple(
            Variant({"end": end}, f"Anchor by the {end}",
                    f"Instead of moving, let go an anchor by the {end}: she stops here, does not drift, and may "
                    f"swing about it from next turn, her {'stern' if end == 'bow' else 'bow'} swinging {rule}",
                    "k" if end == "bow" else "")
            for end in o.choices["end"]
        ))
    if o.type == "swing":
        limit = o.ranges["turn"][1]
        return replace(o, label="Swing at anchor", key="return", control=Control.TAPE, group="anchor",
                       prompt=f"at anchor by the {ship.anchor}: swing her up to {limit:g}° (A/D), then Enter",
                       help=f"Swing about the anchor at her {ship.anchor}, up to {limit:g}° whatever the wind; "
                       f"it is her move for the turn {rule}")
    if o.type == "weigh":
        need = int(state.rules.options["anchors"]["weigh_turns"])
        step = ship.weighing + 1
        return replace(o, label=f"Weigh anchor ({step} of {need})", group="anchor", key="k",
                       help=f"Heave in the cable instead of moving: {need} turns' work, and she sails the turn after. "
                       f"She holds her ground meanwhile {rule}")
    return replace(o, label="Cut the cable", group="anchor",
                   help="Cut the cable at the start of her activation and sail at once; she has no anchor left "
                   f"to let go afterwards {rule}")


def _segment_prompt(state: GameState, o: Option) -> str:
    act = state.activation
    if o.ranges["distance"][1] <= 1e-9:
        return "taken aback: no way on — choose the free turn, then click her or Enter"
    if act is None:
        return "drag her along the tape (or W), then turn (A/D)"
    p = movement.plan(state, act, state.ships[o.ship])
    return f"segment {act.segment + 1}: {p.disposition} — drag her along the tape (or W), then turn (A/D)"


def _offer_load(state: GameState, o: Option) -> Option:
    """One button per broadside that loads the next kind of shot in turn (keys [ and ])."""
    ship = state.ships[o.ship]
    side = o.fixed["side"]
    now = shot.load_of(ship, side)
    nxt = shot.next_load(state, ship, side, o.choices["shot"])
    left = shot.stock(state, ship.side)
    what = "; ".join(_load_help(state, n) for n in shot.names(state))
    label = f"{side.capitalize()} guns: {shot.title(now)} → {shot.title(nxt)}"
    key = "[" if side == "port" else "]"
    help_ = (f"Load the {side} broadside with {shot.title(nxt)} (press again for the next load). {what}. "
             f"{state.side_name(ship.side)} has {left} broadside{'s' if left != 1 else ''} of special shot left "
             "(Shot, an option)")
    return replace(o, label=label, group="load", key=key,
                   variants=(Variant({"shot": nxt}, label, help_, key),))


def _load_help(state: GameState, name: str) -> str:
    ld = shot.load(state, name)
    bits = []
    if ld.bands:
        bits.append(f"to {ld.bands[-1].replace('_', ' ')}")
    if ld.aims:
        bits.append(f"at the {'/'.join(ld.aims)}")
    if ld.hits:
        bits.append(f"hits the {ld.hits}")
    if ld.to_hit:
        bits.append(f"{ld.to_hit:+d} to hit")
    if ld.dice_factor != 1.0:
        bits.append(f"dice x{ld.dice_factor:g}")
    if ld.slow:
        bits.append("a whole activation to load")
    if ld.self_fire_on:
        bits.append("may set her own ship or the target afire")
    return f"{shot.title(name)}: {', '.join(bits) or 'the book broadside'}"


def _offer_fire(state: GameState, o: Option) -> Option:
    target = o.fixed["target"]
    tgt = _name(state, target)
    side = o.fixed["side"]
    if o.fixed.get("chain_shot"):
        bonus = int(state.rules.special_actions["chain_shot"]["to_hit"])
        return replace(o, label=f"Fire {side} at {tgt}: chain shot", group="fire", control=Control.TARGET,
                       target=target,
                       help=f"Special action: chain shot at the rigging ({bonus:+d} to hit at this range if the test "
                       "passes; it uses the turn's special action) (Special Actions)")
    load = shot.load_of(state.ships[o.ship], side)
    if side in ENDS:  # option chasers
        guns = what = f"{side} chasers"
        detail, rule = ": half a broadside's dice, no rake", "Bow and Stern Chasers"
    elif load != shot.ROUND:  # option shot
        guns, what = f"{side} {shot.title(load)}", f"{side} broadside, loaded with {shot.title(load)},"
        detail, rule = f" ({_load_help(state, load)})", "Firing Broadsides; Shot"
    else:
        guns, what, detail, rule = side, f"{side} broadside", "", "Firing Broadsides"
    return replace(o, label=f"Fire {guns} at {tgt}", group="fire", control=Control.TARGET, target=target,
                   variants=tuple(
                       Variant({"aim": aim}, f"Fire {guns} at {tgt}: {aim}",
                               f"Fire the {what} at {tgt}'s {aim}{detail} ({rule})")
                       for aim in o.choices["aim"]
                   ))
