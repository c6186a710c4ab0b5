"""The application: one window, the scene stack, settings, sound, and the frame loop."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
import warnings
from pathlib import Path

import pygame
import pygame_gui

from scenes import assets, instance, palette, registry, ui
from scenes.automation import ScreenDump
from scenes.settings import Settings, load_settings, remove_stale_temp_files, save_settings
from scenes.stack import Scene, SceneStack

SIZE = (1280, 720)
MIN_WINDOW = (960, 540)  # the smallest window the picture still reads well in
FPS = 60
IDLE_POLL = 0.025  # seconds an idle screen naps between two looks at the event queue
# Seconds of frames after the last input. What input changes is drawn in the frame that takes it (a hover, a
# pressed button's look, a tip: hotspot tips show at once, pygame-gui's own tooltips are not used), and pygame-gui
# answers a click one frame later (its pressed event, queued: input again). Anything that moves afterwards says
# so (`Scene.animating`). It was 1 s (60 frames a second for nothing new: a third of the frames of an online game).
LINGER = 0.1
# While a text field has the keyboard and nothing else moves: a frame this often, so its cursor keeps blinking (it
# froze, on or off, when the loop stopped drawing). pygame-gui turns it once 0.4 s of frame time gathered, not
# counting the frame that turns it: every 4th frame here, 0.54 s (0.42 s at 60 frames a second), at 7 frames a second.
BLINK = 0.135
DRAW_EVERY = 4  # run_frames without a screen draws one frame in this many (and the last): a drawing bug of an
# animation's middle still shows, at a quarter of the cost
TITLE = "Tabletop Trio"


def window_size(desktops: list[tuple[int, int]], room: tuple[int, int] = (48, 96)) -> tuple[int, int]:
    """The first window size: 1280x720 where it fits on the first desktop with `room` to spare
    (title bar, task bar), otherwise the largest 16:9 size that fits, never below MIN_WINDOW."""
    if not desktops:
        return SIZE
    free_w, free_h = desktops[0][0] - room[0], desktops[0][1] - room[1]
    scale = min(1.0, free_w / SIZE[0], free_h / SIZE[1])
    return max(MIN_WINDOW[0], round(SIZE[0] * scale)), max(MIN_WINDOW[1], round(SIZE[1] * scale))


class App:
    """Owns the window and runs frames. Drawing happens on a 1280x720 logical surface that SDL
    scales to the window (pygame.SCALED), smoothly and letterboxed, so every scene is laid out
    once and scales with it; clicks arrive in logical coordinates."""

    def __init__(self, *, settings: Settings | None = None, persist_settings: bool = True, audio: bool = True):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        pygame.font.init()
        self.warning: str | None = None
        if persist_settings:
            remove_stale_temp_files()
        if settings is None:
            settings, self.warning = load_settings(repair=persist_settings)
        self.settings = settings
        self.persist_settings = persist_settings
        pygame.display.set_caption(TITLE)
        self.screen = self._open_window()
        with contextlib.suppress(pygame.error, FileNotFoundError):
            pygame.display.set_icon(pygame.image.load(str(assets.sprite_path("ui/app_icon"))))
        self.audio = assets.Audio(enabled=audio)
        self.audio.volume = settings.effective_volume
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self._theme = json.loads(assets.theme_path().read_text(encoding="utf-8"))
        self._ui_theme: tuple | None = None  # the theme the first scene's manager loaded, and its loader: shared
        self.time = 0.0  # seconds of frames run, for animations that need a phase
        self.autoplay = False  # --autoplay: boards give every seat to a random computer player
        self.dump = ScreenDump.from_environment()  # $TABLETRIO_SCREEN_DUMP: what the screen offers, for a driver
        if settings.fullscreen:
            self.set_fullscreen(True)

    def _open_window(self) -> pygame.Surface:
        """The 1280x720 drawing surface, shown in a window of any size from MIN_WINDOW up.

        pygame.SCALED draws the logical surface into the window through SDL's renderer, with
        mouse events (and `mouse.get_pos`) given back in logical coordinates. By default pygame
        asks SDL for whole-number scales only while windowed, so a window dragged to 1800x950
        kept a 1:1 picture in black borders; pygame's own switch for that (the environment
        variable SDL_HINT_RENDER_SCALE_QUALITY, read by pygame's display module at set_mode and
        on every restore) lets the picture fill the window, letterboxed; SDL's
        SDL_RENDER_SCALE_QUALITY=linear makes the scaling smooth. pygame also pins the minimum
        window size to the logical size: it is lowered to MIN_WINDOW here and after fullscreen.
        """
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        with warnings.catch_warnings():
            # SDL may say it has no hardware renderer for the scaled window; software scaling is fine.
            warnings.simplefilter("ignore")
            screen = pygame.display.set_mode(SIZE, pygame.SCALED | pygame.RESIZABLE)
            try:
                self.window: pygame.Window | None = pygame.Window.from_display_module()
            except (AttributeError, pygame.error):
                self.window = None
        if self.window is not None:
            self.window.minimum_size = MIN_WINDOW
            size = window_size(pygame.display.get_desktop_sizes())
            if tuple(self.window.size) != size:
                self.window.size = size
                self.window.position = pygame.WINDOWPOS_CENTERED
        return screen

    # -- services for scenes ----------------------------------------------------------
    def new_ui(self) -> pygame_gui.UIManager:
        """A pygame-gui manager with the game's theme (each scene owns one). The theme is parsed and its fonts
        loaded once per window: a manager of its own took about 22 ms of CPU (parsing pygame-gui's default theme
        and ours, loading fonts on threads), paid at every hand-off screen and dialog (issue 30: 19% of the
        CPU of a three-player Krom game through the stack)."""
        if self._ui_theme is None:
            manager = _Manager(SIZE, self._theme, enable_live_theme_updates=False)
            self._ui_theme = (manager.get_theme(), manager.resource_loader)
            return manager
        theme, loader = self._ui_theme
        return _Manager(SIZE, theme, enable_live_theme_updates=False, resource_loader=loader)

    @property
    def size(self) -> tuple[int, int]:
        return SIZE

    def play_sound(self, name: str) -> None:
        self.audio.play(name)

    def apply_settings(self) -> str | None:
        """Apply changed settings now and persist them; returns a message if saving failed."""
        self.audio.volume = self.settings.effective_volume
        self.set_fullscreen(self.settings.fullscreen)
        if self.persist_settings:
            return save_settings(self.settings)
        if instance.read_only():
            return f"Kept until you quit, not saved: {instance.read_only()}."
        return None

    def set_fullscreen(self, on: bool) -> None:
        if bool(pygame.display.is_fullscreen()) == on:
            return
        with contextlib.suppress(pygame.error):  # some drivers (dummy, some X servers) cannot: the window stays
            pygame.display.toggle_fullscreen()
        if self.window is not None and not on:
            self.window.minimum_size = MIN_WINDOW  # leaving fullscreen, pygame pins it to 1280x720 again

    def to_front(self) -> None:
        """Another copy asked this one to come to the front (scenes.instance): restore the window, give it focus."""
        if self.window is None:
            return
        with contextlib.suppress(pygame.error):
            self.window.restore()
            self.window.focus()

    def quit(self) -> None:
        self.running = False

    # -- going places (scenes ask the app, so no scene imports the menu or the saves list) --------
    def home(self) -> None:
        """Back to the main menu: everything on the stack goes."""
        self.stack.reset(registry.make_scene("menu", self))

    def show(self, name: str, *args, **kwargs) -> None:
        """Replace the top scene by the scene registered as `name` (scenes.registry.SCENES), built with
        these arguments: how one scene leads to another without importing it."""
        self.stack.replace(registry.resolve(registry.SCENES[name])(self, *args, **kwargs))

    def open_saves(self, board=None) -> None:
        """The saved-games list over the current scene (with a board: Save, and Load in its place)."""
        self.push(registry.resolve(registry.SAVES)(self, board))

    def open_reference(self, game_id: str, section: str | None = None) -> None:
        """A game's rules reference over the current scene, at a section id (game.learn.reference(game).ids)."""
        registry.resolve(registry.REFERENCE)(self, game_id, section)

    def open_lessons(self, game_id: str) -> None:
        """A game's lesson list over the current scene (scenes.learn.lessonlist)."""
        registry.resolve(registry.LESSONS)(self, game_id)

    # -- frames -----------------------------------------------------------------------
    def frame(self, dt: float, draw: bool = True) -> None:
        """One frame: pending stack changes, events, update, draw (unless `draw` is False: see run_frames)."""
        self.stack.apply_pending()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                if not self.stack.close_requested():  # a scene with unsaved work may ask first
                    self.quit()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.settings.fullscreen = not self.settings.fullscreen
                self.apply_settings()
                continue
            self.stack.handle_event(event)
        self.stack.apply_pending()
        self.update_and_draw(dt, draw)

    def update_and_draw(self, dt: float, draw: bool = True) -> None:
        self.time += dt
        self.stack.update(dt)
        if not draw:
            return
        self.screen.fill(palette.BG)
        self.stack.draw(self.screen)

    def idle(self) -> bool:
        """Nothing on screen moves and nothing is queued: the loop may sleep until input arrives. Only the top
        scene updates, so only it can move: a board under a hand-off or a dialog is frozen mid-animation (its
        timeline still busy) and asked for frames that would change nothing, at two thirds of a core."""
        if self.stack.pending:
            return False
        top = self.stack.top
        return top is None or not top.animating

    def held(self) -> bool:
        """A mouse button is held down: frames go on (pygame-gui moves a scroll bar or a slider while its arrow is
        held, from frame time, without new events). A held key repeats by events (pygame-gui's key repeat)."""
        return any(pygame.mouse.get_pressed())

    def typing(self) -> bool:
        """A text field of the top scene has the keyboard (its cursor blinks)."""
        top = self.stack.top
        manager = getattr(top, "_ui", None)
        if manager is None:
            return False
        focused = manager.get_focus_set() or ()
        return any(getattr(e, "is_focused", False) and hasattr(e, "blink_cursor_time") for e in focused)

    def run(self) -> None:
        """The interactive loop: 60 frames a second while anything moves (`idle`), a mouse button is held, or for
        LINGER after input; otherwise it naps between looks at the event queue (an idle screen costs almost
        nothing: pygame's own event.wait polls the queue far more often) and draws again only when an event
        arrives, when a timer of the screen is due (`Scene.wake_in`: a refusal's bubble shown 2.5 s took 150
        frames), or, while a text field has the keyboard, every BLINK for its cursor. The picture on screen stays
        right meanwhile: nothing in it changed. A frame costs about 20 ms of CPU in a real window (half of it
        presenting the picture), so frames that show nothing new are the cost worth cutting."""
        quiet = 0.0  # seconds of frames since the last input event
        napped = 0.0  # seconds napped since the last frame
        while self.running and not self.stack.finished:
            if instance.front_asked():  # another copy asked (scenes.instance)
                self.to_front()
                quiet = 0.0
            why = self.frame_due(quiet, napped)
            if why is None:
                time.sleep(IDLE_POLL)
                napped += IDLE_POLL
                if self.dump is not None:
                    self.dump.nap(self)
                continue
            if why == "input":
                quiet = 0.0
            if napped:
                self.clock.tick()  # the nap is not animation time: timers count it, so does a cursor's blink frame
                if why == "blink":
                    dt = napped
                else:
                    if self.stack.top is not None:
                        self.stack.top.pass_time(napped)
                    dt = 1.0 / FPS
                napped = 0.0
            else:
                dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
            quiet += dt
            self.frame(dt)
            pygame.display.flip()
            if self.dump is not None:
                self.dump.tick(self, dt)

    def frame_due(self, quiet: float, napped: float) -> str | None:
        """Why the loop draws a frame now, `quiet` seconds of frames after the last input and `napped` seconds
        after the last frame: "input" queued, something "moving" (not `idle`), a mouse button "held", the
        "linger" after input, a "timer" of the top scene due (`Scene.wake_in`: a refusal's bubble to take down), a text
        field's cursor to "blink"; None: it naps."""
        if pygame.event.peek():
            return "input"
        if not self.idle() or self.autoplay:  # --autoplay: the computers play every seat on, with no input ever
            return "moving"
        if self.held():
            return "held"
        if quiet < LINGER:
            return "linger"
        top = self.stack.top
        due = top.wake_in if top is not None else None
        if due is not None and napped >= due:
            return "timer"
        if napped >= BLINK and self.typing():
            return "blink"
        return None

    def run_frames(self, n: int, dt: float = 1.0 / FPS) -> None:
        """Run exactly n frames with a fixed time step (for automation and tests). Without a screen (SDL's dummy
        video driver: tests, --screenshot headless) nobody sees a frame but the last: the picture is drawn at every
        DRAW_EVERY-th frame and at the last one, and not presented (presenting the scaled 1280x720 picture to no
        window took about 2 ms of CPU a frame; drawing it, about 40% of a board's frame in the tests' games).
        Every frame updates: the rules, animations and widgets run exactly as in a window."""
        shown = pygame.display.get_driver() != "dummy"
        for i in range(n):
            if not self.running:
                break
            self.frame(dt, draw=shown or i == n - 1 or i % DRAW_EVERY == DRAW_EVERY - 1)
            if shown:
                pygame.display.flip()

    def screenshot(self, path: str | os.PathLike) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def close(self) -> None:
        self.stack.apply_pending()
        while len(self.stack):
            self.stack._pop(None)
        if "scenes.online.session" in sys.modules:  # online play was opened: its connections and server go too
            sys.modules["scenes.online.session"].close_all()
        assets.clear_caches()
        ui.clear_caches()
        pygame.quit()


class _Manager(pygame_gui.UIManager):
    """A pygame-gui manager that may be handed a theme already loaded (with the loader that loaded it, which has
    finished: fonts a new element asks for load at once). Themes are read-only here (no live theme updates)."""

    def create_new_theme(self, theme_path=None):
        if isinstance(theme_path, pygame_gui.core.UIAppearanceTheme):
            return theme_path
        return super().create_new_theme(theme_path)

    def preload_fonts(self, font_list) -> None:
        """A scene preloads the fonts it needs; with the theme shared, another scene may have loaded them."""
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Trying to pre-load font id: .* that is already loaded")
            super().preload_fonts(font_list)
