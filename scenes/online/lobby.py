"""The lobby of an online table: the seats filling live, the code to share, the chat, Start and Leave."""

from __future__ import annotations

import socket

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from net.client import Pending, RemoteMatch
from scenes import clipboard, palette, registry, ui
from scenes.online import memory, session
from scenes.online.chat import ChatBox
from scenes.stack import Scene

SEATS = pygame.Rect(40, 150, 600, 400)
FILL_LEVEL = "normal"  # the computer that plays a seat still open when the host starts anyway
CHAT = pygame.Rect(670, 150, 570, 400)


def board_for(app, match: RemoteMatch) -> Scene:
    """The game's own board scene, playing the remote match (the lobby opens it once the table's seats have come:
    their names)."""
    entry = next(g for g in registry.playable_games() if g.game_id == match.rules.GAME_ID)
    return registry.resolve(entry.resume)(app, match)


def seat_state(info: dict, mine: bool) -> str:
    """A seat as the lobby and the table panel say it."""
    if info.get("kind") == "computer":
        return f"computer ({str(info.get('level')).capitalize()})"
    if mine:
        return "you, at this computer"
    if info.get("open"):
        return "open: waiting for a player"
    if info.get("computer"):
        return f"away: the computer ({str(info['computer']).capitalize()}) plays it"
    if info.get("away"):
        return "away (disconnected)"
    return "at the host's computer" if info.get("kind") == "host" else "joined"


def local_address() -> str:
    """This computer's address on the local network, as friends type it (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class LobbyScene(Scene):
    """Before the game: who sits where, the code to share, the chat; Start once every seat is taken."""

    def __init__(self, app, match: RemoteMatch, warning: str | None = None):
        super().__init__(app)
        self.match = match
        self.message = warning
        self.revision = -1
        self.going = False  # the board replaced the lobby: the connection is the board's now
        self.named = False
        self.starting: Pending | None = None  # the host's start, under way
        self.leaving: Pending | None = None

    def on_enter(self) -> None:
        w, h = self.app.size
        self.copy_button = UIButton(pygame.Rect(400, 92, 150, 40), "Copy code", self.ui)
        self.chat = ChatBox(self.ui, CHAT, self.match)
        self.leave_button = UIButton(pygame.Rect(40, h - 84, 200, 56), "Leave", self.ui, object_id="@menu_button")
        label = "Watch" if not self.match.seats else "Start"
        self.start_button = UIButton(pygame.Rect(w - 280, h - 84, 240, 56), label, self.ui, object_id="@game_button")
        self.fill_button = UIButton(pygame.Rect(w - 280, h - 136, 240, 44), "Start with the computer", self.ui)
        self.fill_button.hide()  # the host's, while a seat is open
        self.refresh()

    def on_exit(self) -> None:
        if not self.going:
            self.match.close()

    # -- state -----------------------------------------------------------------------------
    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seat_info) if s.get("open")]

    def why_not_start(self) -> str | None:
        """Why Start (Watch, for a spectator) cannot be pressed now; the server says who may start and when."""
        m = self.match
        if m.ended:
            return m.ended
        if not m.seat_info:
            return "The table's seats are on their way from the server."
        if self.starting is not None:
            return "Starting the game…"
        if m.status != "waiting":
            return None  # under way: to the board
        if not m.seats:
            return "The game has not started yet: the host starts it from their lobby."
        why = m.why_no_start()
        if why and self.open_seats() and m.host:
            why = f"{why} Give your friends the code {m.code}."
        return why

    def refresh(self) -> None:
        self.revision = self.match.revision
        if self.match.seat_info and not self.named:
            self.named = True
            problem = session.remember(self.match)  # now with the seats' names, for "Rejoin table ABCD, as Ann"
            self.message = self.message or problem
        spots = self.spots
        spots.clear()
        spots.add("button:copy", None, f"Put the table's code {self.match.code} on the clipboard, to paste to your friends",
                  widget=self.copy_button)
        self.chat.hotspots(spots)
        host = self.match.host
        spots.add("button:leave", None, "End this table (nobody has played yet) and go back to Play online" if host else
                  "Give your seat back (someone else may take it) and go back to Play online" if self.match.seats else
                  "Stop watching and go back to Play online", widget=self.leave_button)
        why = self.why_not_start()
        tip = ("Watch the game on its board" if not self.match.seats else
               "Start the game: every screen at the table goes to the board, the first player to decide plays"
               if self.match.host else "Go to the board (the host has started the game)")
        spots.add("button:start", None, tip, widget=self.start_button, enabled=why is None, reason=why)
        m = self.match
        if m.host and m.status == "waiting" and self.open_seats() and not m.ended:
            self.fill_button.show()
            busy = "Starting the game…" if self.starting is not None else m.status_text if not m.connected else None
            names = " and ".join(m.seat_info[i]["name"] for i in self.open_seats())
            spots.add("button:start_fill", None, f"Start now: the computer ({FILL_LEVEL.capitalize()}) plays {names}'s "
                      "seat until a friend joins and takes it over", widget=self.fill_button, enabled=busy is None,
                      reason=busy)
        else:
            self.fill_button.hide()
        for i, s in enumerate(self.match.seat_info):
            spots.add(f"seat:{i}", self.seat_rect(i), f"Seat {i + 1}: {s['name']}, {seat_state(s, i in self.match.seats)}")
        spots.sync_widgets()

    def colours(self) -> list:
        """The seats' colours as the game's own setup and board show them (Krosmaster's sides: blue and pink)."""
        if getattr(self, "_colours", None) is None:
            entry = next(g for g in registry.playable_games() if g.game_id == self.match.rules.GAME_ID)
            setup = registry.resolve(entry.new_game)
            self._colours = [setup.colour(setup, i) for i in range(max(1, len(self.match.seat_info)))] \
                if self.match.seat_info else None  # `colour` reads no setting of the scene
        return self._colours or list(palette.SEATS)

    def seat_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(SEATS.left + 16, SEATS.top + 56 + i * 52, SEATS.width - 32, 44)

    # -- acting ----------------------------------------------------------------------------
    def start(self, fill: str | None = None) -> None:
        """Start: the host asks the server to start the table (every lobby then goes to the board); once under way,
        to the board. `fill`: the computer level that plays the seats still open (Start with the computer)."""
        if self.going or self.match.ended or (fill is None and self.why_not_start() is not None):
            return  # once only: Start and the table's start in the same frame make one board, not two
        if self.match.status == "waiting":
            if self.starting is None and self.match.host:
                self.starting = self.match.begin_start(fill)
                self.refresh()
            return
        self.going = True
        self.app.stack.replace(board_for(self.app, self.match))

    def leave(self) -> None:
        """Leave: the host ends the table, a player gives their seat back (sent; this screen does not wait)."""
        if self.match.host:
            self.match.begin_end()
        elif self.match.seats:
            self.match.begin_leave()
        memory.forget(self.match.code)
        self.app.show("online")

    def handle_event(self, event) -> bool:
        if self.chat.handle(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            el = event.ui_element
            if el is self.copy_button:
                problem = clipboard.copy_text(self.match.code)
                self.message = f"{problem} The code is {self.match.code}." if problem else \
                    f"The code {self.match.code} is on the clipboard."
            elif el is self.leave_button:
                self.leave()
            elif el is self.fill_button:
                self.start(FILL_LEVEL)
            elif el is self.start_button:
                self.start()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return False

    def update(self, dt: float) -> None:
        self.match.poll()
        self.chat.update()
        if self.starting is not None and self.starting.done:
            starting, self.starting = self.starting, None
            self.message = starting.error  # refused: the server's reason (started: the table message comes)
            self.refresh()
        if self.match.revision != self.revision:
            self.refresh()
        if self.match.status != "waiting" and not self.match.ended and self.match.seat_info and self.starting is None:
            self.start()  # the host started the table: every lobby goes to the board

    @property
    def animating(self) -> bool:
        # The seats and the chat change without input, and a start is answered: an idle screen wakes for them.
        return self.match.has_news or self.starting is not None or self.chat.sending is not None

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        m = self.match
        ui.text(surface, f"Table {m.code} · {m.rules.TITLE}", (40, 26), 32, palette.GOLD, bold=True, shadow=True)
        ui.text(surface, "Table code", (40, 112), 18, palette.TEXT_DIM, anchor="midleft")
        ui.text(surface, m.code, (160, 112), 30, palette.GOLD, bold=True, anchor="midleft")
        listen = session.listen_address()
        shown = (local_address() if listen == "0.0.0.0" else listen) if m.host else m.client.host
        where = f"{shown} port {m.client.port}"
        ui.text(surface, f"Server: {where}", (580, 112), 17, palette.TEXT, anchor="midleft")
        ui.panel(surface, SEATS)
        ui.panel(surface, CHAT)
        ui.text(surface, "Seats", (SEATS.left + 16, SEATS.top + 14), 20, palette.TEXT_DIM, bold=True)
        colours = self.colours()
        for i, s in enumerate(m.seat_info):
            r = self.seat_rect(i)
            pygame.draw.rect(surface, palette.PANEL_LIGHT if i in m.seats else palette.BG_LIGHT, r, border_radius=8)
            pygame.draw.rect(surface, colours[i % len(colours)], pygame.Rect(r.left + 8, r.top + 8, 22, 28), border_radius=6)
            ui.text(surface, s["name"], (r.left + 44, r.centery), 19, palette.TEXT, bold=True, anchor="midleft")
            state = seat_state(s, i in m.seats)
            colour = palette.BLOCKED if s.get("away") and not s.get("open") and s.get("kind") != "computer" else \
                palette.GOLD if s.get("open") else palette.TEXT_DIM
            ui.text(surface, state, (r.left + 250, r.centery), 17, colour, anchor="midleft")
        self.chat.draw(surface)
        w, h = surface.get_size()
        why = self.why_not_start()
        if m.seats and not m.host and m.status == "waiting" and not m.ended:
            why = "Waiting for the host to start the game."
        ready = "Every seat is taken: Start when you are ready." if m.host else "The game is starting."
        note = self.message or (m.status_text if not m.connected else why) or ready
        for i, line in enumerate(ui.wrap(note, 17, w - 620)[:2]):
            ui.text(surface, line, (w // 2, h - 68 + 22 * i), 17, palette.TEXT, anchor="midtop")
