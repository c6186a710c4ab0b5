"""Scenes and the scene stack: boards at the bottom, overlays (pause, dialogs, hand-off) pushed on top.

Changes to the stack (push, pop, replace) are queued and applied between frames, so a
scene can ask for them from inside its own event handling. Input goes down from the top
scene until one consumes it (a modal scene always does); drawing goes up from the
topmost opaque scene, so an overlay simply sits on the stack above what it dims.
Only the top scene updates: a board under the pause overlay is frozen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import pygame
import pygame_gui

from scenes.hotspots import Hotspots

if TYPE_CHECKING:
    from scenes.widgets.tween import Timeline

App = Any  # scenes.app.App (not imported: the app imports this module)
OPTION_ITEM = "option-item:"  # the key of an open drop-down list's option: OPTION_ITEM + "N:label"


class Scene:
    """A screen or an overlay. Each scene owns its own pygame-gui manager, created on first use.

    A scene that plays animations keeps its `Timeline` in `self.timeline`: while it is busy,
    any click anywhere (on a button, on the log, on the board) skips them, before the widgets
    see the click, so the screen shows the state the rules left.
    """

    opaque = True  # draws the whole window: scenes below it are not drawn
    modal = True  # input never goes to scenes below
    timeline: Timeline | None = None  # for scenes that animate

    def __init__(self, app: App):
        self.app = app
        self._ui: pygame_gui.UIManager | None = None
        self._spots: Hotspots | None = None
        self._tips_seen: tuple | None = None  # the widgets `widget_tips` named at the last look
        self._open_seen: tuple = ()  # the options of the drop-down lists open at the last look
        self._gui_tips: dict = {}  # widget -> the pygame-gui tooltip text moved to its hotspot
        self._menus: list = []  # the scene's drop-down lists
        self._widget_counts: dict = {}  # purpose -> the widgets' signature at its last look

    @property
    def spots(self) -> Hotspots:
        """The scene's hotspots (scenes.hotspots): hover, tips above everything, greyed reasons, clicks."""
        if self._spots is None:
            self._spots = Hotspots()
        return self._spots

    @property
    def ui(self) -> pygame_gui.UIManager:
        if self._ui is None:
            self._ui = self.app.new_ui()
        return self._ui

    # lifecycle
    def on_enter(self) -> None:
        """Pushed onto the stack: build widgets here."""

    def on_exit(self) -> None:
        """Popped or replaced: release anything held."""

    def on_cover(self) -> None:
        """Another scene was pushed above this one."""

    def on_uncover(self) -> None:
        """The scene above was popped; this one is on top again."""

    def close_requested(self) -> bool:
        """The window's close button was pressed: return True to ask the player first (the scene then quits
        the app itself, or not); False lets the program close."""
        return False

    # per frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; return True when it is consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds (already scaled for nothing: animation speed is applied by the widgets)."""

    def widget_tips(self) -> list[tuple[str, Any, Any, str | None]]:
        """For a panel whose controls are plain pygame-gui widgets (a dialog, the settings): (key, widget, tip,
        why it is greyed) of each. They become its hotspots, following each widget as the panel shows, hides,
        greys or rebuilds it, so every control says what a click does, and a greyed one why not. A scene that
        fills its hotspots itself returns nothing.

        By default: the buttons made with a pygame-gui tooltip (`tool_tip_text`). Their text moves to a hotspot,
        so it shows at once, above everything, like every other tip, and never twice."""
        if self._ui is None:
            return []
        for e in self._widgets_changed("tips"):
            text = getattr(e, "tool_tip_text", None)
            if text:
                self._gui_tips[e] = text
                e.tool_tip_text = None
        return [(f"widget:{i}:{getattr(w, 'text', '')}", w, text, None)
                for i, (w, text) in enumerate(self._gui_tips.items()) if w.alive()]

    def option_tip(self, menu, option: str):
        """The tip of one option of an open drop-down list `menu` (None: "Choose “option”")."""
        return None

    def _follow_open_lists(self) -> None:
        """The options of an open drop-down list are hotspots too, each with its tip, while the list is open."""
        if self._ui is None:
            return
        from pygame_gui.elements import UIDropDownMenu

        changed = self._widgets_changed("menus")
        if changed:
            self._menus = [e for e in changed if isinstance(e, UIDropDownMenu)]
        items = []
        for e in self._menus:
            if e.alive() and e.current_state is e.menu_states.get("expanded"):
                listing = getattr(e.current_state, "options_selection_list", None)
                for item in (listing.item_list if listing is not None else ()):
                    b = item.get("button_element")
                    if b is not None and b.visible:
                        items.append((e, item["text"], pygame.Rect(b.rect)))
        seen = tuple((id(m), text, tuple(r)) for m, text, r in items)
        keys = [f"{OPTION_ITEM}{i}:{text}" for i, (_, text, _) in enumerate(items)]
        if seen == self._open_seen and all(k in self.spots for k in keys):
            return
        self._open_seen = seen
        spots = self.spots
        spots.discard(OPTION_ITEM)
        for key, (menu, text, rect) in zip(keys, items):
            spots.add(key, rect, self.option_tip(menu, text) or f"Choose “{text}”")
        spots.rehover()

    def _widgets_changed(self, purpose: str) -> list:
        """The scene's pygame-gui elements when their number changed since `purpose` last looked (else nothing):
        the per-frame looks at widgets cost nothing while the panel stays as it is."""
        assert self._ui is not None, "asked only once the scene has its pygame-gui manager"
        group = self._ui.get_sprite_group()
        counts = self._widget_counts
        sprites = group.spritedict  # a new element comes last: its number and the last one tell a change
        count = (len(sprites), id(next(reversed(sprites))) if sprites else None)
        if counts.get(purpose) == count:
            return []
        counts[purpose] = count
        return group.sprites()

    def _follow_widget_tips(self) -> None:
        tips = self.widget_tips()
        if not tips:
            return
        seen = tuple((key, id(w), w.alive() and w.visible, getattr(w, "is_enabled", True), getattr(w, "text", None), why)
                     for key, w, _, why in tips)
        if seen == self._tips_seen:
            return
        self._tips_seen = seen
        spots = self.spots
        spots.clear()
        for key, widget, tip, why in tips:
            if not (widget.alive() and widget.visible):
                continue
            enabled = bool(getattr(widget, "is_enabled", True))
            spots.add(key, None, tip, enabled=enabled, reason=None if enabled else (why or "not available now"),
                      widget=widget)
        spots.rehover()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene's own things; its pygame-gui widgets are drawn after this, on top."""

    # used by the stack
    def skips_animation(self, event: pygame.event.Event) -> bool:
        """Whether this event skips the animations playing (any click while the timeline is busy)."""
        return event.type == pygame.MOUSEBUTTONDOWN and self.timeline is not None and self.timeline.busy

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.skips_animation(event):
            assert self.timeline is not None, "a busy timeline"
            self.timeline.skip()
            return True
        spots = self._spots
        if spots is not None:
            if event.type == pygame.MOUSEMOTION:
                spots.move(event.pos)
            elif (event.type == pygame.MOUSEBUTTONDOWN and spots.press(event.pos, event.button)) or (event.type == pygame_gui.UI_BUTTON_PRESSED and spots.pressed(event.ui_element)):
                return True
        consumed = False
        if self._ui is not None:
            consumed = self._ui.process_events(event)
        if not consumed:
            consumed = bool(self.handle_event(event))
        return consumed or self.modal

    @property
    def animating(self) -> bool:
        """Whether the scene needs frames now (the app sleeps between input events otherwise)."""
        busy = self.timeline is not None and self.timeline.active
        return busy or (self._spots is not None and self._spots.animating)

    @property
    def wake_in(self) -> float | None:
        """Seconds after which something still on this screen changes by itself (a refusal's bubble goes): the
        napping app draws one frame then instead of 60 a second meanwhile. None: nothing timed."""
        return self._spots.wake_in if self._spots is not None else None

    def pass_time(self, seconds: float) -> None:
        """The app napped `seconds` (nothing moved): the timers of `wake_in` count them."""
        if self._spots is not None:
            self._spots.pass_time(seconds)

    def frame_update(self, dt: float) -> None:
        self.update(dt)
        self._follow_widget_tips()
        self._follow_open_lists()
        if self._spots is not None:
            self._spots.update(dt)
            self._spots.sync_widgets()
        if self._ui is not None:
            self._ui.update(dt)

    def frame_draw(self, surface: pygame.Surface) -> None:
        self.draw(surface)
        if self._ui is not None:
            self._ui.draw_ui(surface)
        self.draw_above(surface)

    def draw_above(self, surface: pygame.Surface) -> None:
        """What goes above the pygame-gui widgets: the hovered hotspot's tip (only on the top scene). Over an open
        drop-down list only its options' tips show: the list is what the player reads then."""
        stack = getattr(self.app, "stack", None)
        if self._spots is None or not (stack is None or stack.top is self):
            return
        hovered = self._spots.hovered
        if self._open_seen and not (hovered is not None and hovered.key.startswith(OPTION_ITEM)):
            return
        self._spots.draw_tip(surface)

    def close_ui(self) -> None:
        if self._ui is not None:
            self._ui.clear_and_reset()
            self._ui = None


class SceneStack:
    """The stack of scenes with queued changes."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    @property
    def pending(self) -> bool:
        """Changes are queued (applied at the start of the next frame)."""
        return bool(self._pending)

    @property
    def finished(self) -> bool:
        """No scene left and none about to be pushed: the program has nothing to show."""
        return not self.scenes and not self._pending

    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self, scene: Scene | None = None) -> None:
        """Pop the top scene (or, if given, that scene and everything above it)."""
        self._pending.append(lambda: self._pop(scene))

    def replace(self, scene: Scene) -> None:
        """Replace the top scene."""
        self._pending.append(lambda: self._replace(scene))

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from `scene` (e.g. back to the main menu)."""

        def go() -> None:
            while self.scenes:
                self._pop(None)
            self._push(scene)

        self._pending.append(go)

    def apply_pending(self) -> None:
        while self._pending:
            pending, self._pending = self._pending, []
            for change in pending:
                change()

    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].on_cover()
        self.scenes.append(scene)
        scene.on_enter()

    def _replace(self, scene: Scene) -> None:
        if self.scenes:
            gone = self.scenes.pop()
            gone.on_exit()
            gone.close_ui()
        self.scenes.append(scene)
        scene.on_enter()

    def _pop(self, scene: Scene | None) -> None:
        if not self.scenes:
            return
        if scene is not None and scene not in self.scenes:
            return
        target = scene if scene is not None else self.scenes[-1]
        top = self.scenes[-1]
        mouse = top._spots.mouse if top._spots is not None else None  # where the mouse was left on the top scene
        while self.scenes:
            gone = self.scenes.pop()
            gone.on_exit()
            gone.close_ui()
            if gone is target:
                break
        if self.scenes:
            self.scenes[-1].on_uncover()
            if mouse is not None and pygame.display.get_init():
                # The scene below saw no mouse moves while it was covered: tell it where the mouse is now
                # (after a hand-off, the next player's mouse, not the previous player's last hover).
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mouse, rel=(0, 0), buttons=(0, 0, 0)))

    def close_requested(self) -> bool:
        """The window's close button: whether a scene (from the top down) asks the player first."""
        return any(scene.close_requested() for scene in reversed(self.scenes))

    def handle_event(self, event: pygame.event.Event) -> None:
        for scene in reversed(self.scenes):
            if scene.process_event(event):
                return

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].frame_update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.frame_draw(surface)
