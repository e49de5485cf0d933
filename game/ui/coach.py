"""The guide of the first battle: a card of words on the table, pointing at what to do next.

The lessons are the rule system's (:class:`game.systems.tutorial.Tutorial`);
the coach checks their plain conditions against what the window sees (the
ship picked, the tape, the options on offer, the battle's events), shows the
first lesson that is ready and not yet done, and points at its subject with
a pulsing ring.  A player who goes ahead of the guide finds the lessons for
what she has already done marked done; Next (or N) ends a lesson that only
explains; "Skip guide" ends the guide and leaves the battle as it is.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.systems.tutorial import Lesson, Tutorial
from game.ui import palette as P
from game.ui.app import wrap
from game.ui.fonts import font, text
from game.ui.render.tape import handle_point
from game.ui.scale import px

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

WIDTH = 390
PAD = 12
TITLE = 20
BODY = 17
BUTTON_H = 30
GOLD = (240, 206, 110)
#: Pixels per inch the guide zooms in to (once) for the tape: at the whole table's zoom a frigate is a few pixels.
TAPE_ZOOM = 22.0
BG = (14, 22, 31, 240)


class Coach:
    """The lessons in hand and where they stand; drawn over the table, with Next and Skip buttons."""

    def __init__(self, scene: BattleScene, tutorial: Tutorial, resumed: bool = False) -> None:
        """``resumed``: a guided battle loaded again (Continue). Once the player has finished an activation
        the lessons were given and only the tips go on; before that, the guide starts again."""
        self.scene = scene
        self.tutorial = tutorial
        self.done: set[str] = {les.key for les in tutorial.lessons} if resumed and self._acted() else set()
        self.active = True
        self.current: Lesson | None = None
        self._seen: set[tuple[str, str]] = set()  # (event type, ship) of the battle so far
        self._events = 0
        self.rect: pygame.Rect | None = None
        self._zoomed = False
        ui, root = scene.app.ui, scene.root
        self.next_button = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, px(110), px(BUTTON_H)), "Next", manager=ui, container=root,
            tool_tip_text="On to the next step of the guide.  Key: N",
        )
        self.skip_button = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, px(110), px(BUTTON_H)), "Skip guide", manager=ui, container=root,
            tool_tip_text="End the guide; the battle goes on as it is.",
        )
        self._show_buttons(False)

    # --- what holds -------------------------------------------------------------------

    def _acted(self) -> bool:
        """Whether a ship of a side the player commands has finished an activation in this battle."""
        match = self.scene.match
        ships = match.state.ships
        return any(
            e.get("type") == "activation_end" and e.get("ship") in ships and match.is_human(ships[e["ship"]].side)
            for e in match.session.events
        )

    def _catch_up(self) -> None:
        events = self.scene.match.session.events
        for e in events[self._events :]:
            kind = str(e.get("type", ""))
            self._seen.add((kind, ""))
            for who in ("ship", "attacker", "defender"):
                if isinstance(e.get(who), str):
                    self._seen.add((kind, e[who]))
        self._events = len(events)

    def holds(self, condition: str) -> bool:
        """Whether one of the tutorial's conditions holds now ("next" never does by itself)."""
        sc = self.scene
        head, _, rest = condition.partition(":")
        if head == "next":
            return False
        if head == "event":
            kind, _, ship = rest.partition(":")
            return (kind, ship) in self._seen
        if head == "selected":
            return sc.selected == rest
        if head == "hover":
            return sc.hover == rest
        if head == "over":
            return sc.state.phase == "over"
        if head == "legend":
            return sc.legend.visible
        side = sc.match.to_move()
        mine = side is not None and sc.match.is_human(side)
        if head == "my_move":
            return mine
        if head == "their_move":
            return side is not None and not mine
        if head == "option":
            return mine and any(o.type == rest for o in sc.match.options())
        if head == "plan":
            plan = sc.current_plan() if mine else None
            if plan is None or plan.distance is None:
                return False
            return rest == "distance" or (rest == "turn" and abs(plan.turn) >= 0.5)
        return False

    # --- the lesson in hand --------------------------------------------------------------

    def update(self) -> None:
        if not self.active:
            return
        if self.scene.state.phase == "over":  # the end screen takes over: the guide bows out
            self.stop()
            return
        self._catch_up()
        lessons = self.tutorial.lessons
        for lesson in lessons + self.tutorial.tips:
            if lesson.key not in self.done and any(self.holds(c) for c in lesson.done):
                self.done.add(lesson.key)
        current = None
        pending = [les for les in lessons if les.key not in self.done]
        pool = pending if pending else [t for t in self.tutorial.tips if t.key not in self.done]
        for lesson in pool:
            if any(self.holds(c) for c in lesson.skip):
                self.done.add(lesson.key)
                continue
            if all(self.holds(c) for c in lesson.ready):
                current = lesson
                break
        self.current = current
        if current is not None and current.point in ("tape", "handle", "ghost") and not self._zoomed:
            self._zoom_to_the_tape()

    def _zoom_to_the_tape(self) -> None:
        """Close enough to the ship in hand to handle the tape, once (the player's zoom is hers after that)."""
        self._zoomed = True
        plan = self.scene.current_plan()
        cam = self.scene.cam
        if plan is None or cam.scale >= TAPE_ZOOM:
            return
        cam.scale = TAPE_ZOOM
        cam.cx, cam.cy = plan.start[0], plan.start[1]

    def next(self) -> None:
        """Next: the lesson in hand, if it waits for it, is done."""
        if self.current is not None and "next" in self.current.done:
            self.done.add(self.current.key)
            self.update()

    def stop(self) -> None:
        self.active = False
        self.current = None
        self.next_button.kill()
        self.skip_button.kill()
        self.rect = None

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.next_button:
                self.next()
                return True
            if event.ui_element is self.skip_button:
                self.stop()
                self.scene.app.say("guide ended: the battle is yours (L for the legend, F1 for the rules)")
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n and self.current is not None:
            if "next" in self.current.done:
                self.next()
                return True
        return False

    # --- drawing ---------------------------------------------------------------------------

    def target(self) -> pygame.Rect | None:
        """Where the lesson points, on screen."""
        sc = self.scene
        lesson = self.current
        if lesson is None or not lesson.point:
            return None
        head, _, rest = lesson.point.partition(":")
        cam = sc.cam
        if head == "ship" and rest in sc.state.ships:
            s = sc.state.ships[rest]
            x, y, _ = sc.anim.pose(rest) or s.pose
            r = max(14, int(max(s.length, s.width) * cam.scale * 0.7))
            c = cam.to_screen(x, y)
            return pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
        if head == "card":
            return pygame.Rect(sc.card_rect)
        if head == "compass":
            return sc.view.compass_rect
        if head == "log":
            return pygame.Rect(sc.log.rect)
        if head == "tray":
            lines = sc.tray.line_rects
            if sc.view.tray_rect is not None and (sc.tray.current is not None or sc.tray.pinned is not None):
                return sc.view.tray_rect.unionall(lines) if lines else sc.view.tray_rect
            return lines[0].unionall(lines) if lines else None
        if head == "legend":
            return pygame.Rect(sc.legend_button.get_abs_rect())
        if head == "action":
            for button, action in sc.actions.buttons.items():
                if action.kind == rest and button.visible:
                    return pygame.Rect(button.get_abs_rect())
            return None
        plan = sc.current_plan()
        if plan is None:
            return None
        length = sc.state.ships[plan.ship].length
        if head == "tape":
            x0, y0 = plan.start[0], plan.start[1]
            a = cam.to_screen(x0, y0)
            b = cam.to_screen(x0 + plan.forward[0] * plan.hi, y0 + plan.forward[1] * plan.hi)
            corner = (min(a[0], b[0]), min(a[1], b[1]))
            return pygame.Rect(corner, (abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)).inflate(24, 24)
        if head == "handle" and plan.distance is not None:
            c = cam.to_screen(*handle_point(plan, length))
            return pygame.Rect(c[0] - 16, c[1] - 16, 32, 32)
        if head == "ghost" and plan.distance is not None:
            x, y, _ = plan.ghost_pose()
            c = cam.to_screen(x, y)
            r = max(16, int(length * cam.scale * 0.7))
            return pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
        return None

    def _show_buttons(self, show: bool, with_next: bool = False) -> None:
        if show and with_next:
            self.next_button.show()
        else:
            self.next_button.hide()
        if show:
            self.skip_button.show()
        else:
            self.skip_button.hide()

    def draw(self, surf: pygame.Surface) -> None:
        lesson = self.current if self.active else None
        if lesson is None:
            self.rect = None
            self._show_buttons(False)
            return
        sc = self.scene
        view = pygame.Rect(sc.cam.view_x, sc.cam.view_y, sc.cam.view_w, sc.cam.view_h)
        width = min(px(WIDTH), view.width - 24)
        lines = wrap(lesson.text, font(BODY).size, width - 2 * px(PAD))
        title = text(lesson.title, TITLE, GOLD, True)
        body = [text(ln, BODY, P.TEXT) for ln in lines]
        height = px(PAD) + title.get_height() + 6 + sum(b.get_height() for b in body) + 10 + px(BUTTON_H) + px(PAD)
        target = self.target()
        box = pygame.Rect(view.left + 12, view.top + 12, width, height)
        avoid = [r for r in (target, sc.legend.rect) if r is not None]
        if box.collidelist(avoid) >= 0:  # the top left covers what it points at: the bottom left, else the middle
            low = box.move(0, view.height - height - 24)
            box = low if low.collidelist(avoid) < 0 else pygame.Rect(view.centerx - width // 2, view.top + 12,
                                                                      width, height)
        self.rect = box
        card = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(card, BG, card.get_rect(), border_radius=8)
        pygame.draw.rect(card, GOLD, card.get_rect(), 2, border_radius=8)
        y = px(PAD)
        card.blit(title, (px(PAD), y))
        step = self._step_words()
        if step:
            tag = text(step, 14, P.TEXT_DIM)
            card.blit(tag, (width - px(PAD) - tag.get_width(), y + 4))
        y += title.get_height() + 6
        for b in body:
            card.blit(b, (px(PAD), y))
            y += b.get_height()
        surf.blit(card, box.topleft)
        with_next = "next" in lesson.done
        self.skip_button.set_position((box.left + px(PAD), box.bottom - px(PAD) - px(BUTTON_H)))
        self.next_button.set_position((box.right - px(PAD) - px(110), box.bottom - px(PAD) - px(BUTTON_H)))
        self._show_buttons(True, with_next)
        if target is not None:
            self._point(surf, box, target)

    def _step_words(self) -> str:
        lessons = self.tutorial.lessons
        if self.current is None or self.current not in lessons:
            return "tip"
        return f"step {lessons.index(self.current) + 1} of {len(lessons)}"

    def _point(self, surf: pygame.Surface, box: pygame.Rect, target: pygame.Rect) -> None:
        """A pulsing ring round the subject, and a line to it from the card's nearest edge."""
        pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 5.0)
        ring = target.inflate(8 + int(6 * pulse), 8 + int(6 * pulse))
        colour = (255, int(190 + 50 * pulse), 90)
        if ring.width < 90 and ring.height < 90 and abs(ring.width - ring.height) < 12:
            pygame.draw.circle(surf, colour, ring.center, ring.width // 2, 3)
        else:
            pygame.draw.rect(surf, colour, ring, 3, border_radius=8)
        start = (min(max(ring.centerx, box.left), box.right), min(max(ring.centery, box.top), box.bottom))
        if not ring.collidepoint(start):
            end = _edge_towards(ring, start)
            pygame.draw.line(surf, colour, start, end, 2)
            pygame.draw.circle(surf, colour, end, 4)

    def keep_clear(self) -> list[pygame.Rect]:
        return [self.rect] if self.rect is not None else []


def _edge_towards(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    """Where a line from ``point`` to the rect's centre meets its edge."""
    cx, cy = rect.center
    dx, dy = point[0] - cx, point[1] - cy
    if dx == 0 and dy == 0:
        return rect.center
    sx = (rect.width / 2) / abs(dx) if dx else math.inf
    sy = (rect.height / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy, 1.0)
    return (round(cx + dx * s), round(cy + dy * s))
