"""The replay viewer: a finished or saved battle on the table again, to scrub through, play and take over.

It is the battle's own drawing (:class:`~game.ui.scenes.battle_view.BattleView`:
the table, ships, wind, turn bar, card, log and dice tray) pointed at
:class:`AtPoint`, which gives it the battle as it stood after any number of
commands and never a human to move, so none of the battle's tools is
offered and no command is ever submitted.  Every state is already in the
session (each step keeps the state before it), so a jump to any point costs
no replay.  Where the battle has its actions, the viewer has its controls;
under the table runs the timeline.

Playing shows each command as the battle did: the ships glide, the dice
tumble in the tray, the log's newest lines are marked, at the chosen speed.
"Take command from here" asks who commands each side and plays the first
commands again in a fresh session (on a worker thread), which becomes a new
battle recording its parent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.persistence.session import Session
from game.systems.base import Control, Option
from game.systems.narration import names_from_scenario
from game.ui import palette as P
from game.ui.app import Scene
from game.ui.camera import Camera
from game.ui.fonts import text as render
from game.ui.panels.legend import Legend
from game.ui.panels.phasebar import HEIGHT as BAR_H
from game.ui.panels.replay_controls import HEIGHT as CONTROLS_H
from game.ui.panels.replay_controls import ReplayControls
from game.ui.panels.replay_log import ReplayLog
from game.ui.panels.timeline import HEIGHT as TIMELINE_H
from game.ui.panels.timeline import Timeline, TimelineBar
from game.ui.render.dice_tray import DiceTray
from game.ui.render.table import TableLayer
from game.ui.scale import px
from game.ui.scenes.battle import GAP, RIGHT_W
from game.ui.scenes.battle_view import BattleView
from game.ui.tools.animate import Animator
from game.ui.tools.playback import SPEEDS, Playback, speed_label

if TYPE_CHECKING:
    from game.ui.app import QuarterdeckApp
    from game.ui.scenes.branch_dialog import BranchDialog

#: The card's full height and the least it gives way to (the controls take a fixed height), the log's least.
CARD_H = 430
CARD_MIN = 250
LOG_MIN = 84
BADGE = (230, 199, 122)
_OPTIONS_KEPT = 64  # points whose legal options are kept (the turn bar asks every frame)


class AtPoint:
    """The battle as it stood after ``point`` commands, read the way the battle's drawing reads a Match."""

    def __init__(self, session: Session, point: int = 0) -> None:
        self.session = session
        self.point = point
        self._options: dict[int, list[Option]] = {}

    @property
    def total(self) -> int:
        return len(self.session.steps)

    @property
    def state(self) -> Any:
        return self.session.state_at(self.point)

    @property
    def version(self) -> int:
        """Changes with the point, so the drawing's caches follow it."""
        return self.point

    def options(self) -> list[Option]:
        """What the rules offered at this point: who was acting, for the turn bar and the card."""
        got = self._options.get(self.point)
        if got is None:
            if len(self._options) >= _OPTIONS_KEPT:
                self._options.clear()
            got = self._options[self.point] = self.session.system.legal(self.state)
        return got

    def to_move(self) -> str | None:
        opts = self.options()
        return self.state.ships[opts[0].ship].side if opts else None

    def thinking(self) -> bool:
        return False

    def waiting_words(self) -> str:
        return ""

    def is_human(self, side: str | None) -> bool:
        return False  # nobody plays in a replay: the battle's tools stay away

    @property
    def humans(self) -> list[str]:
        return []


class ReplayScene(Scene):
    """``title`` names what is watched; ``file`` the save it came from, if any; ``back`` leaves the viewer."""

    app: QuarterdeckApp

    def __init__(
        self,
        app: QuarterdeckApp,
        session: Session,
        title: str,
        file: str | None = None,
        back: Callable[[], None] | None = None,
        point: int = 0,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.title = title
        self.file = file
        self.back = back or app.back_to_menu
        self.match = AtPoint(session, max(0, min(point, len(session.steps))))
        self.timeline = Timeline(session)
        self.playback = Playback()
        self.cam = Camera(1, 1)
        self.table = TableLayer()
        self.anim = Animator()
        self.tray = DiceTray()
        self.view = BattleView(self)
        final = session.state
        self.names = {**names_from_scenario(final.scenario), **{s.id: s.name for s in final.ships.values()}}
        # what the battle's drawing and its helpers read off a battle scene: here nobody is planning or aiming
        self.selected: str | None = None
        self.hover: str | None = None
        self.mouse = (0.0, 0.0)
        self.plan = None
        self.popup = None
        self.banner: str | None = None
        self.measuring = False
        self.measure: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.drag: str | None = None  # pan | measure | scrub | click
        self.press_at: tuple[int, int] | None = None
        self.moved_since_press = False
        self.bar_hover: tuple[int, int] | None = None
        self.dialog: BranchDialog | None = None
        self.legend = Legend()
        self.log = ReplayLog(pygame.Rect(0, 0, 10, 10), session.events, self.names, session.system.describe,
                             session.system.cue)
        self.controls = ReplayControls(pygame.Rect(0, 0, px(RIGHT_W - 12), px(CONTROLS_H)), app.ui, self.root)
        self.controls.title = f"Replay: {title}"
        parent = session.parent
        # each activation in the colours of the side she fought for then: the setup's sides (BATTLE-LOG.md),
        # not the battle's last state, where a prize has changed hands
        first_side = {
            str(s.get("id")): str(s.get("side"))
            for s in (session.events[0].get("ships") or [] if session.events else [])
            if isinstance(s, dict)
        }
        self.bar = TimelineBar(
            self.timeline,
            lambda ship: P.side_colour(final, first_side.get(ship) or final.ships[ship].side)
            if ship in final.ships else P.TEXT_DIM,
            lambda ship: self.names.get(ship, ship),
            branch_point=session.branch_point if parent else None,
        )
        self.layout(app.size)
        self.cam.fit(final.table_width, final.table_height)
        self._settle(self.match.point)

    # --- what the battle's drawing asks ------------------------------------------------

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def point(self) -> int:
        return self.match.point

    def human_to_move(self) -> bool:
        return False

    def bar_limit(self) -> int:
        """Where the turn bar's words must stop: the REPLAY badge."""
        return self.app.size[0] - px(200)

    def current_plan(self) -> None:
        return None

    def tape_option(self) -> None:
        return None

    def acting_ship(self) -> str | None:
        opts = self.match.options()
        if not opts or opts[0].control is Control.SHIP:
            return None
        return opts[0].ship

    # --- layout ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """The table, the timeline under it; down the right the card, the controls and the log."""
        w, h = size
        bar, right, gap, strip, controls = px(BAR_H), px(RIGHT_W), px(GAP), px(TIMELINE_H), px(CONTROLS_H)
        self.cam.resize(0, bar, w - right, h - bar - strip)
        self.bar.set_rect(pygame.Rect(0, h - strip, w - right, strip))
        x = w - right
        room = h - bar - 4 * gap
        card_h = max(px(CARD_MIN), min(px(CARD_H), room - controls - px(LOG_MIN)))
        inner = right - 2 * gap
        self.card_rect = pygame.Rect(x + gap, bar + gap, inner, card_h)
        self.controls.set_rect(pygame.Rect(x + gap, self.card_rect.bottom + gap, inner, controls))
        log_top = self.card_rect.bottom + 2 * gap + controls
        self.log.set_rect(pygame.Rect(x + gap, log_top, inner, max(px(LOG_MIN), h - gap - log_top)))

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.layout(size)

    # --- moving through the battle ---------------------------------------------------------

    def act(self, name: str) -> None:
        """What each control (button or key) does."""
        tl, p = self.timeline, self.point
        moves: dict[str, Callable[[], int]] = {
            "start": lambda: 0,
            "end": lambda: tl.total,
            "step_back": lambda: p - 1,
            "activation_back": lambda: tl.previous_activation(p),
            "activation": lambda: tl.next_activation(p),
            "turn_back": lambda: tl.previous_turn(p),
            "turn": lambda: tl.next_turn(p),
        }
        if name in moves:
            self.playback.playing = False
            self.jump(moves[name]())
        elif name == "step":
            self.playback.playing = False
            self.step()
        elif name == "play":
            self.toggle_play()
        elif name == "faster":
            self.playback.faster()
        elif name == "slower":
            self.playback.slower()
        elif name == "branch":
            self.open_branch_dialog()
        elif name == "close":
            self.leave()

    def toggle_play(self) -> None:
        pb = self.playback
        if pb.playing:
            pb.playing = False
            return
        if self.point >= self.timeline.total:
            self.jump(0)  # played to the end: play it again from the start
        pb.playing = True
        pb.wait = 0.0

    def step(self) -> bool:
        """One command on, shown as it was played: the ships glide, its dice go to the tray, sounds."""
        if self.point >= self.timeline.total:
            return False
        before = {s.id: s.pose for s in self.state.ships.values()}
        first = self.session.events_at(self.point)
        self.match.point += 1
        speed = self.playback.speed
        for s in self.state.ships.values():
            if s.id in before and s.pose != before[s.id]:
                self.anim.add(s.id, before[s.id], s.pose, speed)
        system = self.session.system
        played: set[str] = set()
        for e in self.session.events[first : self.session.events_at(self.point)]:
            roll = system.dice_roll(e, self.names)
            if roll is not None:
                self.tray.push(roll)
            sound = system.cue(e).sound
            if sound and sound not in played:
                played.add(sound)
                self.app.sounds.play(sound, self.app.settings.volume)
        self._show_log()
        return True

    def jump(self, point: int) -> None:
        """Straight to ``point``: no gliding; the tray holds the last dice of the activation played there."""
        point = max(0, min(self.timeline.total, point))
        if point == self.point and not self.anim.busy:
            return
        self.match.point = point
        self._settle(point)

    def _settle(self, point: int) -> None:
        self.anim.skip()
        self.tray.clear()
        span = self.timeline.played(point)
        if span is not None:
            system = self.session.system
            events = self.session.events
            for i in range(self.session.events_at(point) - 1, self.session.events_at(span.first) - 1, -1):
                roll = system.dice_roll(events[i], self.names)
                if roll is not None:
                    self.tray.push(roll)
                    self.tray.skip()
                    break
        self._show_log()

    def _show_log(self) -> None:
        p = self.point
        self.log.show(self.session.events_at(p), self.session.events_at(p - 1) if p > 0 else self.session.events_at(0))

    # --- taking command ----------------------------------------------------------------------

    def branch_refusal(self) -> str | None:
        """Why the battle cannot be taken in command at this point (None: it can)."""
        if self.state.phase == "over":
            return "The battle is over at this point: step back to take command before the end."
        return None

    def where(self) -> str:
        """Where the table stands, in a line: the command, the turn and whose activation."""
        p, total = self.point, self.timeline.total
        if total == 0:
            return "No command was played in this battle"
        span = self.timeline.played(p)
        if span is None:
            return f"The battle as set up \u00b7 {total} commands"
        who = f" \u00b7 {self.names.get(span.ship, span.ship)}" if span.ship else ""
        return f"Command {p} of {total} \u00b7 turn {span.turn}{who}"

    def open_branch_dialog(self) -> None:
        from game.ui.scenes.branch_dialog import BranchDialog

        refusal = self.branch_refusal()
        if refusal:
            self.app.say(refusal)
            return
        if self.dialog is not None and self.dialog.alive():
            return
        self.playback.playing = False
        st = self.state
        sides = [(side.id, side.name, tuple(side.colour)) for side in st.scenario.sides]
        span = self.timeline.played(self.point)
        at = f"turn {span.turn}, after command {self.point} of {self.timeline.total}" if span else (
            "the start of the battle, before its first command"
        )
        words = (
            f"Play on from {at} as a new battle. The commands up to here are played again and checked "
            "one by one, then the battle is yours; its saves record where it came from. "
            "It becomes the battle that Continue resumes."
        )
        self.dialog = BranchDialog(self, sides, dict(self.session.players), words)

    def take_command(self) -> None:
        """The dialog's choice: replay the first commands on a worker, then open the new battle."""
        if self.dialog is None:
            return
        players = self.dialog.players()
        self.dialog.kill()
        self.dialog = None
        self.app.take_command(self.session, self.point, players, self.file, self._branch_failed)

    def _branch_failed(self, reason: str) -> None:
        self.app.say(f"could not take command here: {reason}", seconds=10.0)

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None

    def leave(self) -> None:
        self.back()

    # --- events, frames -------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        from game.ui.scenes.replay_input import handle_event

        return handle_event(self, event)

    def update(self, dt: float) -> None:
        speed = self.playback.speed
        self.anim.update(dt)
        self.tray.update(dt, speed)
        if self.playback.tick(dt, self.anim.busy or self.tray.busy):
            if not self.step():
                self.playback.playing = False
        if self.playback.playing and self.point >= self.timeline.total and not self.anim.busy:
            self.playback.playing = False
        if self.dialog is not None and not self.dialog.alive():
            self.dialog = None  # closed with its own button
        refusal = self.branch_refusal()
        self.controls.where = self.where()
        self.controls.refresh(
            point=self.point, total=self.timeline.total, playing=self.playback.playing,
            speed=speed_label(speed), can_slower=self.playback.speed_index > 0,
            can_faster=self.playback.speed_index < len(SPEEDS) - 1, branch_refusal=refusal,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        self._badge(surface)
        self.bar.draw(surface, self.point, self.bar_hover)
        self.controls.draw(surface)

    def _badge(self, surface: pygame.Surface) -> None:
        """'Replay' at the top right, where the battle has its Menu button: the table is not in play."""
        words = "REPLAY \u00b7 playing" if self.playback.playing else "REPLAY"
        img = render(words, 18, BADGE, True)
        box = img.get_rect().inflate(px(16), px(8))
        box.topright = (surface.get_width() - px(8), (px(BAR_H) - box.height) // 2)
        pygame.draw.rect(surface, P.PANEL, box)
        pygame.draw.rect(surface, BADGE, box, 1, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))

    def close(self) -> None:
        self.close_dialog()
        super().close()
