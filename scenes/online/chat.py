"""The chat of an online table, as the lobby and the Table panel show it: the last lines, a field and Send."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from scenes import palette, ui

CHAT_LIMIT = 200  # characters of one chat line (the server cuts there too, and strips control characters)


class ChatBox:
    """Chat lines drawn in `rect`, with a field and a Send button along its bottom."""

    def __init__(self, manager, rect: pygame.Rect, match, size: int = 16):
        self.rect, self.match, self.size = rect, match, size
        self.entry = UITextEntryLine(pygame.Rect(rect.left + 12, rect.bottom - 52, rect.width - 136, 40), manager)
        self.entry.set_text_length_limit(CHAT_LIMIT)
        self.button = UIButton(pygame.Rect(rect.right - 114, rect.bottom - 52, 102, 40), "Send", manager)
        self.message: str | None = None  # why the last line was not sent
        self.sending = None  # the line on its way (net's Pending)
        self.unsent = ""

    def hotspots(self, spots) -> None:
        spots.add("field:chat", None, f"Type a line for everyone at the table (up to {CHAT_LIMIT} characters), then Enter",
                  widget=self.entry)
        why = None if self.match.seats else "Spectators only watch: they cannot chat."
        spots.add("button:send", None, "Send your line to everyone at the table", widget=self.button,
                  enabled=why is None, reason=why)

    def send(self) -> None:
        text = self.entry.get_text().strip()
        if not text or not self.match.seats:
            return
        self.sending = self.match.begin_chat(text)  # the window does not wait: a refusal is said when it comes
        self.unsent, self.message = text, None
        self.entry.set_text("")

    def update(self) -> None:
        """Each frame: a line the server refused says why (and comes back into the field to send again)."""
        if self.sending is not None and self.sending.done:
            sent, self.sending = self.sending, None
            self.message = sent.error
            if sent.error is not None and not self.entry.get_text():
                self.entry.set_text(self.unsent)
    def handle(self, event) -> bool:
        """Enter in the field or a click on Send sends the line."""
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry) or \
                (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button):
            self.send()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui.text(surface, "Chat", (self.rect.left + 14, self.rect.top + 12), 19, palette.TEXT_DIM, bold=True)
        if self.message:
            ui.text(surface, ui.fit(self.message, 14, self.rect.width - 90), (self.rect.right - 14, self.rect.top + 16),
                    14, palette.BLOCKED, anchor="topright")
        y, step = self.rect.bottom - 64, self.size + 6
        for line in reversed(self.match.chat[-14:]):
            for part in reversed(ui.wrap(f"{line['name']}: {line['text']}", self.size, self.rect.width - 32)):
                if y < self.rect.top + 48:
                    return
                ui.text(surface, part, (self.rect.left + 16, y), self.size, palette.TEXT, anchor="bottomleft")
                y -= step
