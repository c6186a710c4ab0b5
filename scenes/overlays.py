"""Overlays pushed above a scene: dialogs, the settings panel and the Esc pause menu."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from scenes import palette, ui
from scenes.settings import SPEED_LABELS
from scenes.stack import Scene


class Overlay(Scene):
    """A modal panel over a dimmed scene. Subclasses lay out widgets inside `self.box`."""

    opaque = False
    width, height = 520, 360
    title = ""

    def __init__(self, app):
        super().__init__(app)
        w, h = app.size
        self.box = pygame.Rect((w - self.width) // 2, (h - self.height) // 2, self.width, self.height)

    def close(self) -> None:
        self.app.stack.pop(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
        return False

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface)
        ui.panel(surface, self.box, radius=16, shadow=10)
        if self.title:
            ui.text(surface, self.title, (self.box.centerx, self.box.top + 22), 30, palette.GOLD, bold=True,
                    shadow=True, anchor="midtop")

    def button_column(self, labels: Sequence[str], top: int, *, width: int = 300, height: int = 52, gap: int = 14,
                      object_id: str = "@menu_button") -> list[UIButton]:
        x = self.box.centerx - width // 2
        return [
            UIButton(pygame.Rect(x, top + i * (height + gap), width, height), label, self.ui, object_id=object_id)
            for i, label in enumerate(labels)
        ]


class MessageScene(Overlay):
    """A dialog: a title, a message and one or more buttons, each with an action."""

    def __init__(self, app, title: str, message: str, buttons: Sequence[tuple] = (("OK", None),)):
        """`buttons`: (label, action) or (label, action, tip) each; an action of None only closes the dialog."""
        self.message_lines = ui.wrap(message, 18, 460)
        self.height = 150 + 26 * len(self.message_lines)
        super().__init__(app)
        self.title = title
        self.actions = [(b[0], b[1]) for b in buttons]
        self.tips = {b[0]: b[2] for b in buttons if len(b) > 2}

    def on_enter(self) -> None:
        n = len(self.actions)
        width = min(200, (self.box.width - 40 - 16 * (n - 1)) // n)
        total = n * width + (n - 1) * 16
        x = self.box.centerx - total // 2
        self.buttons = {}
        for i, (label, action) in enumerate(self.actions):
            b = UIButton(pygame.Rect(x + i * (width + 16), self.box.bottom - 70, width, 48), label, self.ui)
            self.buttons[b] = action

    def widget_tips(self) -> list:
        out = []
        for b, action in self.buttons.items():
            tip = self.tips.get(b.text) or ("Close this message; nothing changes" if action is None else
                                            f"{b.text}, then close this message")
            out.append((f"button:{b.text.lower()}", b, tip, None))
        return out

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.app.play_sound("click")
            action = self.buttons[event.ui_element]
            self.close()
            if action is not None:
                action()
            return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        y = self.box.top + 70
        for line in self.message_lines:
            ui.text(surface, line, (self.box.centerx, y), 18, palette.TEXT, anchor="midtop")
            y += 26


class ErrorLines:
    """The settings panel's error: its text, drawn wrapped by the panel."""

    text = ""

    def set_text(self, text: str) -> None:
        self.text = text


class SettingsScene(Overlay):
    """Master volume, mute, animation speed and fullscreen; every change is applied and saved at once."""

    width, height = 560, 440
    title = "Settings"

    def on_enter(self) -> None:
        s = self.app.settings
        left = self.box.left + 40
        top = self.box.top + 86
        UILabel(pygame.Rect(left, top, 200, 32), "Master volume", self.ui)
        self.volume = UIHorizontalSlider(pygame.Rect(left + 200, top + 2, 220, 30), round(s.master_volume * 100),
                                         (0, 100), self.ui, click_increment=5)
        self.volume_label = UILabel(pygame.Rect(left + 426, top, 60, 32), f"{round(s.master_volume * 100)}%", self.ui)
        self.mute = UICheckBox(pygame.Rect(left, top + 62, 26, 26), "Mute all sound", self.ui, initial_state=s.muted)
        UILabel(pygame.Rect(left, top + 116, 200, 32), "Animation speed", self.ui)
        self.speed = UIDropDownMenu(list(SPEED_LABELS.values()), SPEED_LABELS[s.animation_speed],
                                    pygame.Rect(left + 200, top + 114, 220, 36), self.ui)
        self.fullscreen = UICheckBox(pygame.Rect(left, top + 178, 26, 26), "Fullscreen (F11)", self.ui,
                                     initial_state=s.fullscreen)
        self._seen = (s.muted, s.fullscreen)
        self.error = ErrorLines()  # why the settings were not kept (a path can be long: wrapped, never cut)
        self.done = UIButton(pygame.Rect(self.box.centerx - 110, self.box.bottom - 76, 220, 50), "Done", self.ui,
                             object_id="@menu_button")

    def widget_tips(self) -> list:
        return [
            ("slider:volume", self.volume, "The loudness of every sound, 0 to 100%: drag the handle, click the rail or "
             "the arrows", None),
            ("check:mute", self.mute, "Silence every sound (the volume is kept for later)", None),
            ("menu:speed", self.speed, "How fast the dice, standees and markers move: Slow, Normal, Fast or Instant",
             None),
            ("check:fullscreen", self.fullscreen, "Fill the whole screen (F11 switches at any time)", None),
            ("button:done", self.done, "Close the settings (Esc); every change is already kept", None),
        ]

    def option_tip(self, menu, option: str):
        if menu is self.speed:
            return {"Slow": "Animations at a slower pace, easy to follow", "Normal": "Animations at their own pace",
                    "Fast": "Animations at twice the pace", "Instant": "No animations: every move shows at once"}.get(option)
        return None

    def process_event(self, event) -> bool:
        # A click on the slider's rail jumps the handle there (pygame-gui only moves it by dragging or the arrows).
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._on_rail(event.pos):
            rail = self._rail()
            value = round((event.pos[0] - rail.left) / max(1, rail.width) * 100)
            self.volume.set_current_value(min(100, max(0, value)), warn=False)
            self._set_volume(self.volume.get_current_value())
            return True
        return super().process_event(event)

    def _rail(self) -> pygame.Rect:
        r = self.volume.rect
        arrows = self.volume.arrow_button_width if self.volume.left_button is not None else 0
        return pygame.Rect(r.left + arrows, r.top, r.width - 2 * arrows, r.height)

    def _on_rail(self, pos) -> bool:
        handle = self.volume.sliding_button
        return self._rail().collidepoint(pos) and not (handle is not None and handle.rect.collidepoint(pos))

    def _set_volume(self, percent: float) -> None:
        self.app.settings.master_volume = percent / 100
        self.volume_label.set_text(f"{round(percent)}%")
        self._changed()

    def _changed(self) -> None:
        problem = self.app.apply_settings()
        self.error.set_text(problem or "")

    def draw(self, surface) -> None:
        super().draw(surface)
        lines = ui.wrap(self.error.text, 14, self.box.width - 40)[:2]
        for i, line in enumerate(lines):
            ui.text(surface, line, (self.box.centerx, self.box.bottom - 124 + 18 * i), 14, palette.BLOCKED,
                    anchor="midtop")

    def update(self, dt: float) -> None:
        # Settings can change from outside the panel (F11 toggles fullscreen): the boxes follow.
        # Only a change of the settings moves a box, never a click the panel has not handled yet.
        s = self.app.settings
        seen = (s.muted, s.fullscreen)
        if seen != self._seen:
            self._seen = seen
            for box, on in ((self.mute, s.muted), (self.fullscreen, s.fullscreen)):
                if box.is_checked != on:
                    box.set_state(on)

    def handle_event(self, event) -> bool:
        s = self.app.settings
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            self._set_volume(self.volume.get_current_value())
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is self.mute:
                s.muted = on
            elif event.ui_element is self.fullscreen:
                s.fullscreen = on
            self._changed()
            if event.ui_element is self.mute and not on:
                self.app.play_sound("click")
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.speed:
            s.animation_speed = {v: k for k, v in SPEED_LABELS.items()}[event.text]
            self._changed()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.done:
            self.app.play_sound("click")
            self.close()
            return True
        return super().handle_event(event)


class PauseScene(Overlay):
    """The Esc menu over a board: resume, settings, back to the main menu, quit. The game is autosaved."""

    width, height = 460, 420
    title = "Paused"

    def __init__(self, app, *, note: str = "Your game is saved after every move.", board=None):
        self.board = board  # a board offers Save / Load too
        if board is not None:
            self.height = 576
        super().__init__(app)
        self.unsaved = getattr(board, "save_warning", None)  # the last autosave failed: never claim it is saved
        self.note = self.unsaved or note

    def on_enter(self) -> None:
        self.saves = None
        labels = ["Resume", "Rules", "Save / Load", "Settings", "Main menu", "Quit"] if self.board is not None else \
            ["Resume", "Settings", "Main menu", "Quit"]
        buttons = self.button_column(labels, self.box.top + 92)
        self.rules = self.learn = None
        if self.board is not None:
            self.resume, self.rules, self.saves, self.settings, self.menu, self.quit = buttons
            # Rules and Learn share a row: half the column each.
            r = pygame.Rect(self.rules.rect)
            self.rules.kill()
            half = (r.width - 10) // 2
            self.rules = UIButton(pygame.Rect(r.left, r.top, half, r.height), "Rules", self.ui, object_id="@menu_button")
            self.learn = UIButton(pygame.Rect(r.right - half, r.top, half, r.height), "Learn", self.ui,
                                  object_id="@menu_button")
        else:
            self.resume, self.settings, self.menu, self.quit = buttons

    def widget_tips(self) -> list:
        tips = [("button:resume", self.resume, "Back to the game (Esc)", None),
                ("button:rules", self.rules, "How to play this game: every rule, searchable, with live diagrams", None),
                ("button:learn", self.learn, "Lessons on the real board, one rule at a time (this game stays saved)",
                 None),
                ("button:saves", self.saves, "Save this game under a name, or load or watch a saved one", None),
                ("button:settings", self.settings, "Volume, animation speed and fullscreen", None),
                ("button:menu", self.menu, "Back to the main menu (the game is saved: Continue takes it up again)"
                 if not self.unsaved else "Back to the main menu: the last moves are NOT saved (see the note below)",
                 None),
                ("button:quit", self.quit, "Close Tabletop Trio (the game is saved)" if not self.unsaved
                 else "Close Tabletop Trio: the last moves are NOT saved (see the note below)", None)]
        if getattr(self.board, "online", False):  # the table's server keeps an online game
            away = "you show as away and Play online offers to rejoin the table"
            tips[-2:] = [("button:menu", self.menu, f"Back to the main menu (your seat stays yours: {away})", None),
                         ("button:quit", self.quit, f"Close Tabletop Trio (your seat stays yours: {away})", None)]
        return [t for t in tips if t[1] is not None]

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.resume:
                self.app.play_sound("click")
                self.close()
                return True
            if event.ui_element is self.settings:
                self.app.play_sound("click")
                self.app.push(SettingsScene(self.app))
                return True
            if event.ui_element is self.rules and self.rules is not None:
                self.app.play_sound("click")
                self.app.open_reference(self.board.rules.GAME_ID)
                return True
            if event.ui_element is self.learn and self.learn is not None:
                self.app.play_sound("click")
                self.app.open_lessons(self.board.rules.GAME_ID)
                return True
            if event.ui_element is self.saves and self.saves is not None:
                self.app.play_sound("click")
                self.app.open_saves(self.board)
                return True
            if event.ui_element is self.menu:
                self.app.play_sound("click")
                self.app.home()
                return True
            if event.ui_element is self.quit:
                self.app.quit()
                return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        lines = ui.wrap(self.note, 15, self.box.width - 40)[:3]
        for i, line in enumerate(lines):
            ui.text(surface, line, (self.box.centerx, self.box.bottom - 22 - 20 * (len(lines) - i)), 15,
                    palette.BLOCKED if self.unsaved else palette.TEXT_DIM, anchor="midtop")
