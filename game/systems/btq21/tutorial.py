"""The guided first battle of Beat to Quarters: Constitution against Guerriere, taught step by step.

The scenario (``first_battle``) sets the two frigates within gun-shot, each
broadside bearing on the other, so that every part of an activation comes up
in the first turn: picking and activating a ship, her card, the wind and its
wedges, firing, the tape, turning, the three segments, ending the
activation, the dice and the log.  The lessons wait for what they teach to be
possible (a shot on offer, the tape laid) and end when the player has done
it, so a player who goes ahead of the guide is never held back; tips later in
the battle come once each, when their moment comes.
"""

from __future__ import annotations

from game.content.model import RuleSet
from game.systems.tutorial import Lesson, Tutorial

ME, ENEMY = "constitution", "guerriere"
#: Constitution's rate, for the numbers of the tables the lessons quote.
MY_RATE = "5th"


def lessons(rules: RuleSet) -> tuple[Lesson, ...]:
    allowance = f"{float(rules.turns[rules.size_of(MY_RATE)]):g}"
    return (
        Lesson(
            "welcome", "Your first command",
            "You command USS Constitution, the blue ship. Across the water lies HMS Guerriere, the red one, sailed by "
            "the computer. Sink her, make her strike or drive her off before the last turn ends. This guide takes "
            "you through your first turn; Skip guide ends it at any time.",
            point=f"ship:{ME}",
        ),
        Lesson(
            "wind", "The wind",
            "The compass shows the wind. The arrow points where it blows to; the figure under it is the bearing it "
            "blows from. Every ship's speed depends on how the wind meets her.",
            point="compass",
        ),
        Lesson(
            "watch", "The enemy's activation",
            "Each turn both squadrons roll for the initiative, then their ships act one at a time. Guerriere is acting "
            "now: watch her sail and fire. The dice she rolls appear bottom right. Your order comes when she is done.",
            done=("my_move",), ready=("their_move",), point=f"ship:{ENEMY}",
        ),
        Lesson(
            "select", "Choose your ship",
            "The thin white ring round Constitution says she may act now. Click her: her card opens on the right.",
            done=(f"selected:{ME}", f"event:activation:{ME}"), ready=("my_move", "option:activate"), point=f"ship:{ME}",
        ),
        Lesson(
            "activate", "Activate her",
            "Press Enter, or the Activate button on the right, to begin her activation: in it she sails, fires and "
            "may try special actions, in the order you choose.",
            done=(f"event:activation:{ME}",), ready=("my_move", "option:activate"), point="action:activate",
        ),
        Lesson(
            "card", "Her card",
            "Hull, rigging and crew are rows of boxes. Hits cross them out from the full end; when the crossing "
            "reaches the pink boxes that track is crippled. Below them: how many dice her broadside rolls at each "
            "range, and the number each die needs to hit.",
            ready=(f"event:activation:{ME}",), point="card",
        ),
        Lesson(
            "wedges", "The wind round her",
            "The coloured wedges round her show the four ways the wind can meet her: blue running (an inch more each "
            "segment), green reaching, yellow beating (an inch less), red taken aback (she stops and loses rigging). "
            "The thin blue line is the wind: it falls in the green now.",
            ready=(f"event:activation:{ME}",), point=f"ship:{ME}",
        ),
        Lesson(
            "fire", "Fire!",
            "Guerriere lies inside the coloured fan on your port side: that broadside bears. Rest the pointer on "
            "her to see the range, the dice and the chance of each outcome; then click her and choose hull (to "
            "batter and sink) or rigging (to slow her). A broadside fires once a turn, before, between or after "
            "your segments.",
            done=(f"event:broadside:{ME}",), ready=("my_move", "option:fire"), point=f"ship:{ENEMY}",
        ),
        Lesson(
            "tape", "Sail along the tape",
            "The yellow tape runs from her bow. Drag her along it: the green stretch is how far she may sail in this "
            "segment, the red what she must at least. W and S lengthen and shorten it from the keyboard.",
            done=("plan:distance", f"event:move:{ME}"), ready=("my_move", "option:move"), point="tape",
        ),
        Lesson(
            "turn", "Turn her",
            f"Drag the white handle to turn her, up to {allowance} degrees each segment (the pale fan); A and D "
            "turn her a degree at a time, five with Shift. Mind the wedges: turned into the wind she would be "
            "taken aback.",
            done=("plan:turn", f"event:move:{ME}"), ready=("my_move", "option:move", "plan:distance"), point="handle",
        ),
        Lesson(
            "sail", "Sail the segment",
            "The pale ghost shows where she will end, and the words under it what the next segment brings. Click "
            "the ghost or press Enter to sail. Backspace takes the plan back.",
            done=(f"event:move:{ME}",), ready=("my_move", "option:move", "plan:distance"), point="ghost",
        ),
        Lesson(
            "segments", "Three segments",
            "An activation has three segments. The tape is laid again for each, with her speed for the wind she has "
            "then. Sail the other two the same way; her guns may fire between any of them while the enemy bears.",
            ready=(f"event:move:{ME}",), done=("next", f"event:activation_end:{ME}"),
        ),
        Lesson(
            "end", "End the activation",
            "She has sailed her three segments. Fire now if a broadside still bears, then end her activation with E "
            "or the End activation button; the other side acts next.",
            done=(f"event:activation_end:{ME}",), ready=("my_move", "option:end_activation"),
            point="action:end_activation",
        ),
        Lesson(
            "dice", "Dice and log",
            "Every roll tumbles in the tray at the bottom right, then joins the stack above it: point at a line "
            "to see that roll again, click it (or press P) to keep it up. The log on the right tells the whole "
            "battle in words.",
            ready=("event:broadside",), point="tray",
        ),
        Lesson(
            "alone", "Fight on",
            "That is a turn. From here the battle is yours: each turn begins with the initiative, then each ship acts. "
            "L shows what every mark on the table means, F1 the rules. Good hunting.",
            ready=(f"event:activation_end:{ME}",),
        ),
    )

TIPS = (
    Lesson(
        "hit", "Hit!",
        "Constitution has been hit: look at her card, where the lost boxes are crossed out. When a track's "
        "crossing reaches the pink boxes, that track is crippled.",
        ready=(f"event:damage:{ME}",), point="card",
    ),
    Lesson(
        "fire_aboard", "Fire aboard",
        "A fire has broken out. At the start of her next activation choose Fight fires (key F): every activation "
        "she does not, it grows, and six fires or leaks sink her.",
        ready=(f"event:critical:{ME}",), point="card",
    ),
    Lesson(
        "initiative", "A new turn",
        "A new turn: the initiative dice decide who acts first. The order of play is at the top left.",
        ready=("event:turn",),
    ),
    Lesson(
        "struck", "She strikes",
        "Guerriere has struck her colours: the battle is yours.",
        ready=(f"event:struck:{ENEMY}",),
    ),
)


def tutorial(rules: RuleSet) -> Tutorial:
    return Tutorial("first_battle", {"american": "human", "british": "scripted"}, lessons(rules), TIPS)
