"""The window: one loop, a stack of scenes, and the keys that work everywhere.

Scenes (menu, battle, end screen, rules reference) receive events top first;
the top scene draws over the ones below only if it says it is an overlay.
pygame_gui widgets belong to the scene that made them and die with it.
F11 toggles fullscreen and F12 saves a screenshot from any scene.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.files import sweep, write_atomic
from game.persistence.autosave import home
from game.systems.base import RuleSystem
from game.ui import fonts, scale
from game.ui.placement import TipManager, message_spot
from game.ui.settings import Settings, read_settings, save_settings
from game.ui.theme import theme

if TYPE_CHECKING:
    from game.persistence.session import Session
    from game.ui.match import Sequel

MIN_SIZE = (960, 600)


#: Keys a scene still hears while a line of text has the keyboard: leaving, finishing, moving on, the F keys.
_THROUGH_TYPING = frozenset({
    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
    *(getattr(pygame, f"K_F{n}") for n in range(1, 13)),
})


class Scene:
    """A screen of the program.  Widgets go in ``self.root`` so they leave with the scene."""

    overlay = False
    #: The edge of ``message_area`` the program's messages go to first ("bottom" or "top").
    message_edge = "bottom"

    def __init__(self, app: App) -> None:
        self.app = app
        # a bare container: it holds the scene's widgets but lets clicks through to the table
        self.root = pygame_gui.core.UIContainer(pygame.Rect((0, 0), app.size), manager=app.ui)

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def keep_clear(self) -> list[pygame.Rect]:
        """What tool tips and the program's messages must not cover (the player's working area)."""
        return []

    def message_area(self) -> pygame.Rect | None:
        """Where the program's one-line messages go; None: along the bottom of the window."""
        return None

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resized(self, size: tuple[int, int]) -> None:
        self.root.set_dimensions(size)

    def close(self) -> None:
        self.root.kill()


class App:
    def __init__(self, size: tuple[int, int] = (1600, 900), *, headless: bool = False) -> None:
        self.headless = headless
        pygame.init()
        fonts.forget()  # fonts made before an earlier pygame.quit() are dead
        self.settings: Settings
        self.settings, notes = read_settings()
        # The window's frame is a software surface: presenting it through SDL's OpenGL framebuffer
        # loaded Mesa and LLVM (about 110 MB of the window's memory) for nothing the game draws.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and not headless:
            flags |= pygame.FULLSCREEN
            size = (0, 0)
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Quarterdeck")
        self.size = self.screen.get_size()
        scale.set_factor(scale.chosen(self.settings.ui_scale, self.size))
        fonts.forget()
        self.ui = TipManager(self.size, theme(), keep_clear=self._keep_clear)
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.message: tuple[str, float] | None = None  # a line shown at the bottom for a few seconds
        self.message_rect: pygame.Rect | None = None  # where it was last drawn
        self.frame_times: list[float] = []
        if notes:  # damaged settings never stop the game: say what was set back
            self.say(" ".join(notes), seconds=10.0)

    # --- scenes --------------------------------------------------------------

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().close()

    def replace(self, scene_factory) -> None:
        """Close every scene and start afresh (build the new one after the old widgets are gone)."""
        while self.scenes:
            self.pop()
        self.push(scene_factory(self))

    def _keep_clear(self) -> list[pygame.Rect]:
        return self.scene.keep_clear() if self.scene is not None else []

    def say(self, text: str, seconds: float = 4.0) -> None:
        from game.ui.fonts import message

        self.message = (message(text), time.monotonic() + seconds)

    # --- the loop ------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.screenshot()
            return
        if self.ui.process_events(event):
            return  # a widget took it (a click on a button is not also a click on the table)
        if event.type == pygame.KEYDOWN and event.key not in _THROUGH_TYPING and self._typing():
            return  # a letter typed into a text line (a file's name, a code) is not also a shortcut
        for scene in reversed(self.scenes):
            if scene.handle(event):
                break
            if not scene.overlay:
                break

    def _typing(self) -> bool:
        """Whether a line of text has the keyboard (pygame_gui leaves the KEYDOWN of a letter to the scenes)."""
        from pygame_gui.elements import UITextEntryBox, UITextEntryLine

        return any(isinstance(e, UITextEntryLine | UITextEntryBox) for e in self.ui.get_focus_set() or ())

    def _resized(self) -> None:
        w, h = self.screen.get_size()
        if (w, h) == self.size:
            return
        if not self.headless and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.size = (w, h)
        self.ui.set_window_resolution(self.size)
        if not self._rescaled():
            for scene in self.scenes:
                scene.resized(self.size)

    def apply_scale(self) -> None:
        """The UI scale setting changed: words and panels are drawn again at the new size."""
        self._rescaled()

    def _rescaled(self) -> bool:
        """If the scale the settings and the window want is not the one in force: take it, reload the widgets'
        theme at it, and lay every scene out again (True); else False."""
        if not scale.set_factor(scale.chosen(self.settings.ui_scale, self.size)):
            return False
        fonts.forget()
        self.ui.get_theme().load_theme(theme())
        self.ui.rebuild_all_from_changed_theme_data()
        for scene in self.scenes:
            scene.resized(self.size)
        return True

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.headless:
            pygame.display.toggle_fullscreen()
        error = save_settings(self.settings)
        if error:
            self.say(error)
        self._resized()

    def write_screenshot(self, path: str | os.PathLike) -> None:
        """Save the frame as a PNG, made whole in memory and then written at once (OSError if it cannot be)."""
        png = io.BytesIO()
        pygame.image.save(self.screen, png, "screenshot.png")
        write_atomic(path, png.getvalue())

    def screenshot(self, path: str | os.PathLike | None = None) -> Path | None:
        """F12: the frame to the screenshots folder, and a line saying where (or why not); None if not saved."""
        if path is None:
            path = home() / "screenshots" / time.strftime("quarterdeck-%Y%m%d-%H%M%S.png")
        try:
            self.write_screenshot(path)
        except OSError as e:
            self.say(f"screenshot not saved: {path}: {e}")
            return None
        self.say(f"screenshot saved: {path}")
        return Path(path)

    def step(self, dt: float) -> None:
        """One frame: events, updates, drawing (without flipping)."""
        for event in pygame.event.get():
            self.handle(event)
        self.update(dt)
        self.draw()

    def update(self, dt: float) -> None:
        for scene in list(self.scenes):
            scene.update(dt)
        self.ui.update(dt)

    def draw(self) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            start = i
            if not self.scenes[i].overlay:
                break
        self.screen.fill((16, 20, 26))
        for scene in self.scenes[start:]:
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        self._draw_message()

    def _draw_message(self) -> None:
        if not self.message:
            return
        text, until = self.message
        if time.monotonic() > until:
            self.message = None
            return
        from game.ui.fonts import font
        from game.ui.fonts import text as render

        window = pygame.Rect((0, 0), self.size)
        area = (self.scene.message_area() if self.scene is not None else None) or window.inflate(-40, -60)
        lines = wrap(text, font(20).size, max(120, area.width - 40))
        imgs = [render(ln, 20, (250, 245, 230)) for ln in lines]
        height = sum(i.get_height() for i in imgs)
        width = max(i.get_width() for i in imgs)
        edge = self.scene.message_edge if self.scene is not None else "bottom"
        spot = message_spot((width + 24, height + 12), area, self._keep_clear(), edge)
        self.message_rect = spot
        box = spot.inflate(-24, -12)
        pygame.draw.rect(self.screen, (0, 0, 0), spot, border_radius=6)
        y = box.top
        for img in imgs:
            self.screen.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def run(self) -> None:
        while self.running and self.scenes:
            dt = self.clock.tick(60) / 1000.0
            self.step(dt)
            pygame.display.flip()
        pygame.quit()


def wrap(text: str, size_of, width: int) -> list[str]:
    """Words laid in lines no wider than ``width`` pixels (``size_of(text) -> (w, h)``); a long word is cut."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while size_of(word)[0] > width and len(word) > 1:
            cut = max(1, len(word) * width // max(1, size_of(word)[0]))
            lines.append((line + " " + word[:cut]).strip() if line else word[:cut])
            line, word = "", word[cut:]
        trial = f"{line} {word}".strip()
        if line and size_of(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line or not lines:
        lines.append(line)
    return lines


#: The player's house-rules file in the user folder, applied to every new battle when present.
HOUSE_RULES = "house_rules.yaml"


class QuarterdeckApp(App):
    """The game's own scenes and the ways into a battle, shared by the menu and the command line."""

    def __init__(
        self, size: tuple[int, int] = (1600, 900), *, headless: bool = False, house_rules: str | None = None
    ) -> None:
        super().__init__(size, headless=headless)
        from game.content.load import load_default
        from game.systems import make_system

        self.rules, self.ships = load_default()
        self._house_rules(house_rules)
        #: The rule system of the tables loaded, for what is shown outside a battle (the rules reference).
        self.system = make_system(self.rules.system, self.rules)
        self._systems: dict[str, RuleSystem] = {}
        #: Where the way back to the menu goes instead, once (the scenario editor, after a test-play).
        self.after_battle: Callable[[QuarterdeckApp], Scene] | None = None
        self.autosave = not headless
        from game.ui.campaign.resume import campaign_sequel

        #: Asked in turn when a saved battle is loaded: where it goes on once over (a Sequel), or None.  A battle
        #: started elsewhere (a campaign's engagement) finds its way back there after the window was closed.
        self.sequel_finders: list[Callable[[QuarterdeckApp, Session], Sequel | None]] = [campaign_sequel]
        for folder in (home(), home() / "saves", home() / "reports", home() / "logs"):
            sweep(folder)  # temporary files a killed autosave or save left behind
        from game.ui.sound import Sounds

        self.sounds = Sounds()

    def system_of(self, system_id: str) -> RuleSystem:
        """Rule system ``system_id`` with its tables in force (Beat to Quarters' with the house rules), for what is
        shown outside a battle: its options, its reference."""
        if system_id == self.system.id:
            return self.system
        if system_id not in self._systems:
            from game.content.load import tables_of
            from game.systems import make_system

            self._systems[system_id] = make_system(system_id, tables_of(system_id, self.rules))
        return self._systems[system_id]

    def _house_rules(self, path: str | None) -> None:
        """The player's house rules: the file given, else ``house_rules.yaml`` in the user folder, if there is one.

        A damaged house-rules file never stops the game: the book's tables are played and the window says why.
        """
        from game.content.house import load_house_rules
        from game.content.paths import rules_path
        from game.content.yaml_nodes import ContentError

        chosen = path or (str(home() / HOUSE_RULES) if (home() / HOUSE_RULES).exists() else None)
        if chosen is None:
            return
        try:
            self.rules = load_house_rules(chosen, self.rules, rules_path())
        except ContentError as e:
            more = f" (and {len(e.problems) - 1} more)" if len(e.problems) > 1 else ""
            self.say(f"house rules not used, the book's tables are: {e.problems[0]}{more}", seconds=12.0)

    # Each returns None on success, or a one-line reason (the current scene stays as it was).

    def start_battle(
        self,
        scenario: str | Path,
        players: dict[str, str],
        seed: int | None = None,
        options: dict | None = None,
        sequel=None,
    ) -> str | None:
        """A battle of a shipped scenario by name, or of any scenario file by its path (a ``Path``, or a
        name ending in .yaml or holding a folder): the editor's, the generator's, a campaign's.  ``sequel``
        (game.ui.match.Sequel) is where the end screen offers to go when it is over (back to a campaign)."""
        from game.content.load import ContentError, list_scenarios, open_scenario, scenario_path
        from game.persistence.session import Session
        from game.ui.match import Match

        path = scenario_path(scenario)
        if path != Path(scenario) and scenario not in list_scenarios():  # a plain name: only a shipped one
            return f"unknown scenario {scenario!r} (scenarios: {', '.join(list_scenarios())})"
        if not path.is_file():
            return f"no scenario file {str(scenario)!r}"
        try:
            sc = open_scenario(path, self.ships, self.rules)
        except ContentError as e:
            return "; ".join(e.problems[:3])
        except (OSError, ValueError) as e:
            return f"{scenario}: {e}"
        sides = {s.id for s in sc.sides}
        bad = [s for s in players if s not in sides]
        if bad:
            return f"no side {bad[0]!r} in {scenario} (sides: {', '.join(sorted(sides))})"
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little")
        try:
            match = Match(
                Session(sc, self.rules, seed, dict(players), dict(options or {})), autosave=self.autosave, sequel=sequel
            )
        except ValueError as e:
            return str(e)
        if self.autosave:
            match.save_autosave()  # so Continue finds the battle even before the first activation ends
        self.open_battle(match)
        return None

    def start_first_battle(self, seed: int | None = None) -> str | None:
        """The guided first battle of the rule system in force (its scenario, players and lessons)."""
        from game.ui.coach import Coach
        from game.ui.scenes.battle import BattleScene

        tutorial = self.system.tutorial()
        if tutorial is None:
            return f"{self.system.title} has no guided first battle"
        err = self.start_battle(tutorial.scenario, dict(tutorial.players), seed)
        if err is not None:
            return err
        scene = self.scene
        assert isinstance(scene, BattleScene)
        scene.coach = Coach(scene, tutorial)
        return None

    def load_game(self, path: str | Path, sequel: Sequel | None = None) -> str | None:
        """A saved battle, going on where it was; ``sequel`` where it goes once over, else what the
        ``sequel_finders`` say (a battle whose window was closed goes back where it was started from)."""
        from game.persistence.save import SaveError, load_save
        from game.ui.match import Match

        try:
            session = load_save(path, self.rules, self.ships)
        except SaveError as e:
            return str(e)
        except OSError as e:
            return f"{path}: {e.strerror or e}"
        if session.fair is not None:
            # a battle between two computers goes on only between them: its dice need both players' reveals
            from game.ui.scenes.network import NetworkScene

            self.replace(lambda app: NetworkScene(app, resume=Path(path)))
            self.say("a network battle: host it again here, and the other player joins it", seconds=8.0)
            return None
        for finder in self.sequel_finders:
            if sequel is not None:
                break
            sequel = finder(self, session)
        try:
            match = Match(session, autosave=self.autosave, sequel=sequel)
        except ValueError as e:
            return f"{path}: {e}"
        self.open_battle(match)
        self._resume_guide()
        return None

    def _resume_guide(self) -> None:
        """A guided first battle loaded again goes on with its guide's tips (its lessons were given)."""
        from game.ui.coach import Coach
        from game.ui.scenes.battle import BattleScene

        scene = self.scene
        tutorial = self.system.tutorial()
        if not isinstance(scene, BattleScene) or tutorial is None or scene.state.phase == "over":
            return
        if scene.state.scenario_id == tutorial.scenario and scene.match.players == dict(tutorial.players):
            scene.coach = Coach(scene, tutorial, resumed=True)

    def continue_autosave(self) -> str | None:
        from game.persistence.autosave import autosave_path

        path = autosave_path()
        if not path.exists():
            return "there is no autosaved battle yet"
        return self.load_game(path)

    def open_battle(self, match) -> None:
        from game.ui.scenes.battle import BattleScene

        self.replace(lambda app: BattleScene(app, match))

    def back_to_menu(self) -> None:
        from game.ui.scenes.menu import MenuScene

        back, self.after_battle = self.after_battle, None
        self.replace(back or MenuScene)

    def show_end(self, match) -> None:
        from game.ui.scenes.end import EndScene

        self.push(EndScene(self, match))

    # --- the replay viewer ------------------------------------------------------------------

    def open_replay(self, session, title: str, file: str | None = None, back=None) -> None:
        """The viewer on a battle already played (``back`` leaves it: the main menu unless given)."""
        from game.ui.scenes.replay import ReplayScene

        self.replace(lambda app: ReplayScene(app, session, title, file=file, back=back))

    def watch_replay(self, path: str | Path, failed) -> None:
        """Read a save and play its commands again on a worker, then open the viewer on it.

        The scene below stays as it was (with its widgets covered) while the work
        shows its progress; a damaged save goes to ``failed`` in one line.
        """
        from game.persistence.save import SaveError, read_save, replay
        from game.ui.scenes.working import WorkFailed, WorkScene

        name = Path(path).name

        def work(progress):
            try:
                return replay(read_save(path), self.rules, self.ships, str(path), progress)
            except SaveError as e:
                raise WorkFailed(str(e)) from None

        self.push(WorkScene(
            self, f"Reading {name}\u2026", work, lambda s: self.open_replay(s, name, file=name), failed,
            lambda done, total: f"Replaying {name}: command {done} of {total}",
        ))

    def take_command(self, source, at: int, players: dict[str, str], file: str | None, failed) -> None:
        """A new battle from the first ``at`` commands of ``source`` (replayed on a worker), recording its parent."""
        from game.persistence.session import BranchError, branch
        from game.ui.scenes.working import WorkFailed, WorkScene

        def work(progress):
            try:
                return branch(source, at, players, file, progress)
            except (BranchError, ValueError) as e:
                raise WorkFailed(str(e)) from None

        self.push(WorkScene(
            self, "Taking command\u2026", work, self._open_branch, failed,
            lambda done, total: f"Taking command: replaying command {done} of {total}",
        ))

    def _open_branch(self, session) -> None:
        from game.ui.match import Match

        match = Match(session, autosave=self.autosave)
        if self.autosave:
            match.save_autosave()  # Continue resumes the new battle from the first moment
        self.open_battle(match)
        parent = session.parent or {}
        whence = f" of {parent['file']}" if parent.get("file") else ""
        self.say(
            f"You have command from turn {parent.get('turn', '?')} (after command {parent.get('at_command', 0)}"
            f"{whence}): a new battle, whose saves record where it came from.",
            seconds=8.0,
        )
