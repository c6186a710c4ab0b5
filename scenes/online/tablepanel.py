"""The Table panel over an online board: who sits where and who is away, the chat, the host's hand-over of an
away seat to the computer after a wait they choose, and leaving the table (the seat stays yours to rejoin)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from scenes import palette, ui
from scenes.online.chat import ChatBox
from scenes.online.lobby import seat_state
from scenes.overlays import Overlay

LEVELS = {"Computer: Easy": "easy", "Computer: Normal": "normal", "Computer: Hard": "hard"}
WAITS = {"at once": 0.0, "after 1 minute": 60.0, "after 3 minutes": 180.0, "after 10 minutes": 600.0}


def chosen(menu) -> str:
    """A drop-down list's chosen label (pygame-gui gives a (label, id) pair or the label, by version)."""
    option = menu.selected_option
    return option[0] if isinstance(option, tuple) else option


class TablePanel(Overlay):
    width, height = 1000, 600
    title = "The table"

    def __init__(self, app, board):
        super().__init__(app)
        self.board = board
        self.match = board.match
        self.revision = -1
        self.message: str | None = None

    def on_enter(self) -> None:
        box = self.box
        self.seats_box = pygame.Rect(box.left + 24, box.top + 70, 470, 400)
        self.chat_box = pygame.Rect(box.left + 510, box.top + 70, 466, 400)
        self.hand_buttons: dict = {}
        for i in range(len(self.match.seat_info)):
            b = UIButton(pygame.Rect(self.seats_box.right - 120, self.row(i).top + 6, 110, 34), "Hand over", self.ui)
            self.hand_buttons[b] = i
        y = self.seats_box.bottom - 50
        self.level_menu = UIDropDownMenu(list(LEVELS), "Computer: Normal", pygame.Rect(self.seats_box.left + 10, y, 210, 38),
                                         self.ui)
        self.wait_menu = UIDropDownMenu(list(WAITS), "after 1 minute", pygame.Rect(self.seats_box.left + 230, y, 220, 38),
                                        self.ui)
        self.chat = ChatBox(self.ui, self.chat_box, self.match, 15)
        self.leave_button = UIButton(pygame.Rect(box.left + 24, box.bottom - 76, 260, 52), "Leave the table", self.ui)
        self.close_button = UIButton(pygame.Rect(box.right - 224, box.bottom - 76, 200, 52), "Close", self.ui,
                                     object_id="@menu_button")
        self.refresh()

    def row(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.seats_box.left + 8, self.seats_box.top + 44 + i * 50, self.seats_box.width - 16, 46)

    def why_no_handover(self, seat: int) -> str | None:
        info = self.match.seat_info[seat]
        if not self.match.host:
            return "Only the table's host may hand a seat to the computer."
        if info.get("kind") == "computer" or info.get("computer"):
            return f"The computer already plays {info['name']}."
        if not info.get("away"):
            return f"{info['name']} is at the table: only an away seat can be handed to the computer."
        if seat in self.board.handovers():
            return f"{info['name']} goes to the computer if still away when the wait is over."
        return None

    def refresh(self) -> None:
        self.revision = self.match.revision
        spots = self.spots
        spots.clear()
        for b, seat in self.hand_buttons.items():
            why = self.why_no_handover(seat)
            spots.add(f"button:handover:{seat}", None, f"Give {self.match.seat_info[seat]['name']}'s seat to the computer "
                      "(the level and the wait chosen below); if they come back first, it stays theirs", widget=b,
                      enabled=why is None, reason=why)
        host_only = None if self.match.host else "Only the table's host hands seats to the computer."
        spots.add("menu:level", None, "How well the computer plays a seat handed to it", widget=self.level_menu,
                  enabled=host_only is None, reason=host_only)
        spots.add("menu:wait", None, "How long an away player has to come back before the computer takes their seat",
                  widget=self.wait_menu, enabled=host_only is None, reason=host_only)
        self.chat.hotspots(spots)
        spots.add("button:leave", None, "Back to the main menu; your seat stays yours: Play online offers to rejoin "
                  "this table (meanwhile you show as away)", widget=self.leave_button)
        spots.add("button:close", None, "Back to the board (Esc)", widget=self.close_button)
        for i, s in enumerate(self.match.seat_info):
            spots.add(f"seat:{i}", pygame.Rect(self.row(i).left, self.row(i).top, 330, 46),
                      f"Seat {i + 1}: {s['name']}, {seat_state(s, i in self.match.seats)}")
        spots.sync_widgets()

    def option_tip(self, menu, option: str):
        if menu is self.wait_menu:
            return f"The computer takes an away seat {option}"
        return None

    def hand_over(self, seat: int) -> None:
        self.board.plan_handover(seat, LEVELS[chosen(self.level_menu)], WAITS[chosen(self.wait_menu)])
        self.message = f"{self.match.seat_info[seat]['name']} goes to the computer if still away then."
        self.refresh()

    def handle_event(self, event) -> bool:
        used = super().handle_event(event)  # Esc closes; a button clicks
        if self.chat.handle(event) or used:
            return True
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        chosen_action = {self.close_button: self.close, self.leave_button: self.app.home}.get(pressed) if pressed is not None else None
        if chosen_action is not None:
            chosen_action()
        elif pressed in self.hand_buttons:
            self.hand_over(self.hand_buttons[pressed])
        return pressed is not None

    def update(self, dt: float) -> None:
        self.board.poll_table(dt)  # the board keeps taking in the table's moves under the panel
        self.chat.update()
        self.board._net_chat_seen = len(self.match.chat)
        if self.match.revision != self.revision:
            self.refresh()

    @property
    def animating(self) -> bool:
        # News from the table, a hand-over's countdown, a chat line on its way.
        return self.board.table_news or bool(self.board.handovers()) or self.chat.sending is not None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.match
        ui.text(surface, f"Table {m.code}", (self.box.left + 24, self.box.top + 30), 18, palette.TEXT_DIM)
        ui.panel(surface, self.seats_box, colour=palette.BG_LIGHT)
        ui.panel(surface, self.chat_box, colour=palette.BG_LIGHT)
        ui.text(surface, "Seats", (self.seats_box.left + 12, self.seats_box.top + 10), 18, palette.TEXT_DIM, bold=True)
        plans = self.board.handovers()
        for i, s in enumerate(m.seat_info):
            r = self.row(i)
            colour = self.board.seats[i].colour if i < len(self.board.seats) else palette.TEXT
            pygame.draw.rect(surface, colour, pygame.Rect(r.left + 4, r.top + 9, 18, 26), border_radius=5)
            ui.text(surface, s["name"], (r.left + 32, r.top + 4), 17, palette.TEXT, bold=True)
            state = seat_state(s, i in m.seats)
            if i in plans:
                left = max(0, round(plans[i][1] - self.board._net_clock))
                state += f" · the computer in {left} s"
            ui.text(surface, ui.fit(state, 14, 300), (r.left + 32, r.top + 26), 14,
                    palette.BLOCKED if s.get("away") and not s.get("computer") and s.get("kind") != "computer"
                    else palette.TEXT_DIM)
        ui.text(surface, "Hand an away seat to", (self.seats_box.left + 12, self.seats_box.bottom - 74), 15, palette.TEXT_DIM)
        self.chat.draw(surface)
        if self.message:
            ui.text(surface, ui.fit(self.message, 16, 420), (self.box.centerx + 40, self.box.bottom - 50), 16,
                    palette.TEXT, anchor="center")
