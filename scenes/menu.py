"""The main menu: one entry per playable game (new game, continue, learn, rules), settings and quit."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import registry as rules_registry
from game.core import SaveError
from game.core.grammar import listing
from scenes import assets, instance, palette, registry, saves, ui
from scenes.credits import CreditsScene
from scenes.overlays import MessageScene, SettingsScene
from scenes.stack import Scene

VERSION_TEXT = "Tabletop Trio 0.1"
RULES_W = 92


class MenuScene(Scene):
    def on_enter(self) -> None:
        w, h = self.app.size
        self.games = registry.playable_games()
        self.game_buttons: dict[UIButton, tuple[str, registry.GameEntry]] = {}
        gap = 30
        # Three games' cards are 340 wide; more share the window's width.
        card_w = min(340, (w - 40 - max(0, len(self.games) - 1) * gap) // max(1, len(self.games)))
        total = len(self.games) * card_w + max(0, len(self.games) - 1) * gap
        self.cards: list[tuple[pygame.Rect, registry.GameEntry]] = []
        for i, entry in enumerate(self.games):
            rect = pygame.Rect((w - total) // 2 + i * (card_w + gap), 196, card_w, 390)
            self.cards.append((rect, entry))
            # Two columns: New game over Continue, and Rules over Learn (only where the game has them).
            has_rules, has_lessons = registry.has_reference(entry.game_id), registry.has_lessons(entry.game_id)
            wide = card_w - 60 - (RULES_W + 8 if has_rules or has_lessons else 0)
            b = UIButton(pygame.Rect(rect.x + 30, rect.bottom - 108, wide, 46), "New game", self.ui,
                         object_id="@game_button")
            self.game_buttons[b] = ("new", entry)
            if has_rules:
                r = UIButton(pygame.Rect(rect.right - 30 - RULES_W, rect.bottom - 108, RULES_W, 46), "Rules", self.ui)
                self.game_buttons[r] = ("rules", entry)
            if has_lessons:
                lessons = UIButton(pygame.Rect(rect.right - 30 - RULES_W, rect.bottom - 56, RULES_W, 42), "Learn",
                                   self.ui)
                self.game_buttons[lessons] = ("learn", entry)
            if saves.has_autosave(entry.game_id):
                c = UIButton(pygame.Rect(rect.x + 30, rect.bottom - 56, wide, 42), "Continue", self.ui)
                self.game_buttons[c] = ("resume", entry)
        self.continues = {entry.game_id: saves.autosave_info(entry.game_id) for entry in self.games}
        self.online_button, self.saves_button, self.settings_button, self.credits_button, self.quit_button = (
            UIButton(pygame.Rect(w // 2 - 540 + i * 220, h - 112, 200, 56), label, self.ui, object_id="@menu_button")
            for i, label in enumerate(("Play online", "Saved games", "Settings", "Credits", "Quit")))
        self.fill_hotspots()
        if self.app.warning:
            warning, self.app.warning = self.app.warning, None
            self.app.push(MessageScene(self.app, "Settings reset", warning))

    def fill_hotspots(self) -> None:
        """Every button of the menu says what it does; Continue on a damaged save is greyed with the reason."""
        spots = self.spots
        for button, (what, entry) in self.game_buttons.items():
            if what == "new":
                spots.add(f"button:new:{entry.game_id}", None, f"Set up a new game of {entry.title}", widget=button)
                continue
            if what == "rules":
                spots.add(f"button:rules:{entry.game_id}", None,
                          f"How to play {entry.title}: every rule, searchable, with live diagrams", widget=button)
                continue
            if what == "learn":
                spots.add(f"button:learn:{entry.game_id}", None,
                          f"Learn {entry.title} by playing: short lessons on the real board, one rule at a time",
                          widget=button)
                continue
            info = self.continues.get(entry.game_id)
            damaged = info.error if info is not None else None
            spots.add(f"button:continue:{entry.game_id}", None,
                      f"Go on with the {entry.title} game in progress, where it was left", widget=button,
                      enabled=damaged is None, reason=f"{damaged} Start a new game instead." if damaged else None)
        tips = {self.online_button: ("online", "Host a table for friends on other computers, join one, or go back "
                                               "to a table you sat at"),
                self.saves_button: ("saves", "Load, watch or delete your named saves"),
                self.settings_button: ("settings", "Volume, animation speed and fullscreen"),
                self.credits_button: ("credits", "Who made the art and the sounds"),
                self.quit_button: ("quit", f"Close Tabletop Trio ({saved_words()})")}
        for button, (key, tip) in tips.items():
            spots.add(f"button:{key}", None, tip, widget=button)
        spots.sync_widgets()

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            if event.ui_element is self.settings_button:
                self.app.push(SettingsScene(self.app))
            elif event.ui_element is self.online_button:
                self.app.show("online")
            elif event.ui_element is self.saves_button:
                self.app.open_saves()
            elif event.ui_element is self.credits_button:
                self.app.push(CreditsScene(self.app))
            elif event.ui_element is self.quit_button:
                self.app.quit()
            elif event.ui_element in self.game_buttons:
                what, entry = self.game_buttons[event.ui_element]
                self._start(what, entry)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(MessageScene(self.app, "Quit Tabletop Trio?", ui.sentence(saved_words()),
                                       [("Quit", self.app.quit, f"Close Tabletop Trio ({saved_words()})"),
                                        ("Stay", None)]))
            return True
        return False

    def _start(self, what: str, entry: registry.GameEntry) -> None:
        if what == "rules":
            self.app.open_reference(entry.game_id)
            return
        if what == "learn":
            self.app.open_lessons(entry.game_id)
            return
        if what == "new":
            self.app.stack.replace(registry.resolve(entry.new_game)(self.app))
            return
        try:
            match = saves.load_autosave(entry.game_id)
        except SaveError as e:
            why = ui.sentence(str(e))
            # From now on the card says so and Continue is greyed with the reason, as for a file that cannot be read.
            info = self.continues.get(entry.game_id)
            if info is not None:
                info.error = why
                self._backdrop = None
                self.fill_hotspots()
            self.app.push(MessageScene(self.app, "This game cannot be continued", why))
            return
        self.app.stack.replace(registry.resolve(entry.resume)(self.app, match))

    def draw(self, surface: pygame.Surface) -> None:
        # Everything under the buttons is still: drawn once, then one blit a frame.
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            self._backdrop = pygame.Surface(surface.get_size()).convert()
            self._draw_backdrop(self._backdrop)
        surface.blit(self._backdrop, (0, 0))

    _backdrop: pygame.Surface | None = None

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        w, h = surface.get_size()
        title = assets.image("ui/title")
        surface.blit(title, title.get_rect(midtop=(w // 2, 40)))
        if instance.read_only():
            for i, line in enumerate(ui.wrap(ui.sentence(f"{instance.read_only()}: nothing done here is saved."),
                                             15, w - 80)[:2]):
                ui.text(surface, line, (w // 2, 8 + 18 * i), 15, palette.BLOCKED, anchor="midtop")
        if not self.cards:
            box = pygame.Rect(w // 2 - 330, 262, 660, 170)
            ui.panel(surface, box, colour=palette.PANEL, radius=16)
            ui.text(surface, "No game is playable yet", (box.centerx, box.top + 28), 26, palette.GOLD, bold=True,
                    anchor="midtop")
            titles = listing([d.title for d in rules_registry.declarations() if d.menu])
            for i, line in enumerate(ui.wrap(f"{titles} appear here as soon as their boards can be played.", 18, 560)):
                ui.text(surface, line, (box.centerx, box.top + 82 + 28 * i), 18, palette.TEXT, anchor="midtop")
        for rect, entry in self.cards:
            ui.panel(surface, rect, radius=16)
            emblem = assets.image(entry.emblem, (120, 120))
            surface.blit(emblem, emblem.get_rect(midtop=(rect.centerx, rect.top + 16)))
            ui.text(surface, ui.fit(entry.title, 24, rect.width - 20, bold=True), (rect.centerx, rect.top + 142), 24, palette.TEXT,
                    bold=True, anchor="midtop")
            ui.text(surface, entry.players, (rect.centerx, rect.top + 176), 16, palette.TEXT_DIM, anchor="midtop")
            info = self.continues.get(entry.game_id)
            if info is not None:
                lines = ["Game in progress", info.players, f"{info.progress} · saved {info.when}"] if not info.error \
                    else ["The saved game is damaged", info.error]
                parts = [(i, part) for i, line in enumerate(lines) for part in ui.wrap(line, 15, rect.width - 40)[:2]][:4]
                step = 21 if len(parts) <= 3 else 18  # a fourth line still clears the New game button
                y = rect.top + (206 if len(parts) <= 3 else 202)
                for i, part in parts:
                    ui.text(surface, part, (rect.centerx, y), 15, palette.GOLD if i == 0 else palette.TEXT, anchor="midtop")
                    y += step
        ui.text(surface, VERSION_TEXT, (w - 16, h - 12), 14, palette.TEXT_DIM, anchor="bottomright")


def saved_words() -> str:
    """What quitting leaves on disk, in words: never a claim of a save that this copy does not make."""
    if instance.read_only():
        return "nothing of this copy is saved: it is read-only"
    return "every game in progress is already saved"
