"""The Credits screen: who made the art (the Game Icons artists, CC BY 3.0), the fonts and the rest."""

from __future__ import annotations

import json
from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from scenes import assets, palette, ui
from scenes.stack import Scene

ROW = 40  # height of one icon's line


@lru_cache(maxsize=1)
def credits() -> dict:
    """The credits the art script recorded beside the sprites (sprites/credits.json)."""
    return json.loads((assets.resource_dir("sprites") / "credits.json").read_text(encoding="utf-8"))


def intro_lines(width: int) -> list[tuple[str, int, tuple[int, int, int]]]:
    """(text, size, colour) lines above the list of icons, wrapped to `width` pixels."""
    data = credits()
    gi = data["game_icons"]
    artists = ", ".join(gi["artists"][:-1]) + " " + gi["artists"][-1]
    paragraphs = [
        ("Piece faces and rules symbols", 22, palette.GOLD),
        (f"Icons made by the artists of {gi['title']} ({gi['url']}): {artists}.", 16, palette.TEXT),
        (f"Licence {gi['license']} ({gi['license_url']}). Taken from {gi['source']}; {gi['changes']}.",
         16, palette.TEXT_DIM),
        ("Fonts: " + data["fonts"] + ".", 16, palette.TEXT_DIM),
        (data["other_art"][0].upper() + data["other_art"][1:] + ".", 16, palette.TEXT_DIM),
        ("Each icon, its artist and where it appears:", 18, palette.GOLD),
    ]
    out = []
    for value, size, colour in paragraphs:
        out += [(line, size, colour) for line in ui.wrap(value, size, width)]
    return out


class CreditsScene(Scene):
    """A scrolling list of credits with a picture of each icon; Back or Esc returns to the menu."""

    def on_enter(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(80, 96, w - 160, h - 196)
        self.scroll = 0
        self.back = UIButton(pygame.Rect(w // 2 - 110, h - 84, 220, 56), "Back", self.ui,
                             object_id="@menu_button")
        self.lines = intro_lines(self.box.width - 40)
        self.icons = credits()["game_icons"]["icons"]

    def content_height(self) -> int:
        return sum(size + 10 for _, size, _ in self.lines) + 8 + ROW * len(self.icons)

    def max_scroll(self) -> int:
        return max(0, self.content_height() - (self.box.height - 24))

    def scroll_by(self, dy: int) -> None:
        self.scroll = min(self.max_scroll(), max(0, self.scroll + dy))

    def widget_tips(self) -> list:
        return [("button:back", self.back, "Back to the main menu (Esc)", None)]

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.play_sound("click")
            self.app.stack.pop(self)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop(self)
                return True
            steps = {pygame.K_DOWN: ROW, pygame.K_UP: -ROW, pygame.K_PAGEDOWN: self.box.height - ROW,
                     pygame.K_PAGEUP: ROW - self.box.height, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * ROW)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        w, _ = surface.get_size()
        ui.text(surface, "Credits", (w // 2, 26), 40, palette.GOLD, bold=True, shadow=True, anchor="midtop")
        ui.panel(surface, self.box, radius=16)
        inner = self.box.inflate(-24, -24)
        old_clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.top - self.scroll
        for value, size, colour in self.lines:
            ui.text(surface, value, (inner.left + 8, y), size, colour, bold=size >= 18)
            y += size + 10
        y += 8
        columns = (inner.left + 56, inner.left + 56 + inner.width * 2 // 11, inner.left + 56 + inner.width * 5 // 11)
        for entry in self.icons:
            if y + ROW >= inner.top and y <= inner.bottom:
                picture = assets.image(entry["sprites"][0], (ROW - 6, ROW - 6))
                surface.blit(picture, (inner.left + 8, y + 3))
                cells = (entry["icon"], entry["author"], ", ".join(entry["used_for"]))
                edges = (*columns[1:], inner.right)
                for (value, x, right, colour) in zip(cells, columns, edges, (palette.TEXT, palette.TEXT_DIM, palette.TEXT)):
                    size = 16
                    while size > 11 and assets.font(size).size(value)[0] > right - x - 12:
                        size -= 1
                    ui.text(surface, value, (x, y + 20), size, colour, anchor="midleft")
            y += ROW
        surface.set_clip(old_clip)
        if self.max_scroll():
            ui.text(surface, "Scroll with the wheel or the arrow keys", (self.box.right, self.box.bottom + 6), 14,
                    palette.TEXT_DIM, anchor="topright")
