"""Buttons for everything the rules allow now, built from ``legal_commands``.

The table's tools cover moving and aiming; these buttons cover the rest
(sail, special actions, boarding, ending the activation) and repeat the
table's actions for players who prefer a button.  Each knows its key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame
import pygame_gui

from game.systems.base import Option
from game.systems.btq21.commands import Command
from game.systems.btq21.state import GameState

BUTTON_H = 30


@dataclass
class Action:
    label: str
    tip: str
    make: Callable[[], Command | str]  # a command, or the name of a scene action ("commit", ...)
    key: int | None = None
    group: str = ""
    target: str | None = None  # the ship a shot or a boarding is aimed at


def _name(state: GameState, sid: str) -> str:
    s = state.ships.get(sid)
    return s.name if s else sid


def actions_for(
    state: GameState, options: list[Option], planned_distance: float | None, astern: bool = False
) -> list[Action]:
    """The human-readable choices, in the order a player thinks of them (``astern``: the tape is backing her)."""
    out: list[Action] = []
    sails = state.rules.sails
    for o in options:
        t = o.type
        if t == "activate":
            out.append(
                Action(f"Activate {_name(state, o.ship)}", "Give this ship her activation (or click her, then Enter)",
                       partial(o.command), group="activate")
            )
        elif t == "set_sail":
            cur = state.ships[o.ship].sail
            up = cur in sails and sails.index(o.fixed["sail"]) > sails.index(cur)
            out.append(
                Action(f"{'Make' if up else 'Take in'} sail: {o.fixed['sail']}",
                       "Change sail one step before moving " + ("(key =)" if up else "(key -)"),
                       partial(o.command), pygame.K_EQUALS if up else pygame.K_MINUS, "sail")
            )
        elif t in ("fight_fires", "repair"):
            what = "Fight fires" if t == "fight_fires" else f"Repair {o.fixed['what']}"
            key = pygame.K_f if t == "fight_fires" else pygame.K_r
            out.append(Action(what, f"Special action: {what.lower()} (key {pygame.key.name(key).upper()})",
                              partial(o.command, all_hands=False), key, "special"))
            out.append(Action(what + " — All Hands", "All Hands on Deck: one more die, but neither broadside may fire",
                              partial(o.command, all_hands=True), None, "special"))
        elif t == "drift":
            out.append(Action("Drift", "Demasted: drift 1\" downwind (key D)", partial(o.command), pygame.K_d))
        elif t == "tack":
            out.append(Action("Tack", "Special action: a passed test lets her ignore being taken aback this turn "
                              "(key T)", partial(o.command), pygame.K_t, "special"))
        elif t == "boxhaul":
            lo, hi = o.ranges["distance"]
            d = hi if planned_distance is None else min(hi, max(lo, planned_distance))
            for turn, word in ((1, "starboard"), (-1, "port")):
                out.append(Action(f"Boxhaul {d:.1f}\" (fail: {word})",
                                  "Special action: sail the tape's distance, then come about. If the test fails she "
                                  f"falls off 90° to {word} and loses rigging",
                                  partial(o.command, distance=d, fail_turn=turn), None, "special"))
        elif t == "declare_boarding":
            out.append(Action(f"Board {_name(state, o.fixed['target'])}",
                              "Declare boarding: this segment lays her alongside if she reaches (key B)",
                              partial(o.command), pygame.K_b, "boarding", o.fixed["target"]))
        elif t == "fire_as_she_bears":
            out.append(Action("Fire As She Bears", "Special action: after another ship's segment, fire if a "
                              "target bears, until her next activation", partial(o.command), None, "special"))
        elif t == "fire" and o.fixed.get("chain_shot"):
            tgt = _name(state, o.fixed["target"])
            bonus = int(state.rules.special_actions["chain_shot"]["to_hit"])
            out.append(Action(f"Fire {o.fixed['side']} at {tgt}: chain shot",
                              f"Special action: chain shot at the rigging ({bonus:+d} to hit at this range if the "
                              "test passes; it uses the turn's special action)",
                              partial(o.command), None, "fire", o.fixed["target"]))
        elif t == "fire":
            tgt = _name(state, o.fixed["target"])
            side = o.fixed["side"]
            for aim in o.choices["aim"]:
                out.append(Action(f"Fire {side} at {tgt}: {aim}", f"Fire the {side} broadside at {tgt}'s {aim}",
                                  partial(o.command, aim=aim), None, "fire", o.fixed["target"]))
        elif t == "hold_fire":
            out.append(Action("Hold fire", "Let the chance to fire pass (key H)", partial(o.command), pygame.K_h))
        elif t == "snap_fire":
            for aim in o.choices["aim"]:
                out.append(Action(f"Snap fire: {aim}", "Fire at the boarder alongside: point blank, half dice",
                                  partial(o.command, aim=aim), None, "fire"))
        elif t == "end_activation":
            out.append(Action("End activation", "Finish this ship's activation (key E)", partial(o.command),
                              pygame.K_e))
        elif t == "move":
            out.append(Action("Back her this segment" if astern else "Sail this segment",
                              "Commit the segment measured on the tape (Enter)", lambda: "commit", pygame.K_RETURN))
        elif t == "back_clear":
            hi = o.ranges["distance"][1]
            if astern:
                out.append(Action("Sail ahead instead", "Lay the tape from her bow again (key X)", lambda: "astern",
                                  pygame.K_x, "move"))
            else:
                out.append(Action(f"Back clear (up to {hi:.1f}\" astern)",
                                  "Fouled: a ship lies across her bow. Lay the tape from her stern, drag her back "
                                  "up to the segment minimum, turn, then Enter (key X)", lambda: "astern",
                                  pygame.K_x, "move"))
    return out


class ActionPanel:
    def __init__(self, rect: pygame.Rect, manager, container) -> None:
        self.manager = manager
        self.rect = rect
        self.scroll = pygame_gui.elements.UIScrollingContainer(
            rect, manager=manager, container=container, allow_scroll_x=False
        )
        self.buttons: dict[pygame_gui.elements.UIButton, Action] = {}
        self.key: tuple | None = None
        self.actions: list[Action] = []

    def set_actions(self, actions: list[Action], key: tuple) -> None:
        if key == self.key:
            return
        self.key = key
        for b in self.buttons:
            b.kill()
        self.buttons = {}
        self.actions = actions
        w = self.rect.width - 20
        for i, a in enumerate(actions):
            label = f"{i + 1}  {a.label}" if i < 9 else a.label  # the digit keys press the first nine
            b = pygame_gui.elements.UIButton(
                pygame.Rect(0, i * (BUTTON_H + 4), w, BUTTON_H), label, manager=self.manager,
                container=self.scroll, tool_tip_text=a.tip,
            )
            self.buttons[b] = a
        self.scroll.set_scrollable_area_dimensions((w, max(1, len(actions) * (BUTTON_H + 4))))

    def clicked(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.buttons.get(event.ui_element)
        return None

    def for_key(self, key: int) -> Action | None:
        if pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            return self.actions[i] if i < len(self.actions) else None
        for a in self.actions:
            if a.key == key:
                return a
        return None

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.scroll.set_relative_position(rect.topleft)
        self.scroll.set_dimensions(rect.size)
        self.key = None
