"""Play online: host a table (a server on this computer, then the game's own setup with a seat kind per seat),
join one (servers heard on the local network, or an address and port typed in; an open seat, or watch), or
go back to a table this program sat at ("Rejoin table ABCD")."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.core.grammar import counted
from net.client import RemoteMatch
from scenes import palette, registry, ui
from scenes.online import memory, session
from scenes.stack import Scene

LEFT = pygame.Rect(40, 96, 560, 270)
REJOIN = pygame.Rect(40, 382, 560, 250)
RIGHT = pygame.Rect(630, 96, 610, 536)
ROWS = 4  # tables and servers listed at most
NAME_LIMIT = 16


def open_lobby(app, match: RemoteMatch, warning: str | None = None) -> None:
    """A table just opened, joined or rejoined: its lobby (or its board, when the game is under way; the lobby
    goes there by itself as soon as the table's seats have come)."""
    from scenes.online.lobby import LobbyScene, board_for

    playing = match.status != "waiting" and match.seat_info and not match.ended
    app.stack.replace(board_for(app, match) if playing else LobbyScene(app, match, warning))


def make_finder():
    """Listen for table servers on the local network (net.lan); $TABLETRIO_MDNS=loopback keeps mDNS on this
    computer (tests), =off does not listen."""
    import os

    from net.lan import Finder

    where = os.environ.get("TABLETRIO_MDNS", "")
    if where == "off":
        return None
    finder = Finder(["127.0.0.1"] if where == "loopback" else None)
    finder.start()
    return finder


class PlayOnlineScene(Scene):
    """The Play online screen (see the module docstring)."""

    def __init__(self, app):
        super().__init__(app)
        self.message: str | None = None
        self.message_colour = palette.TEXT_DIM
        self.finder = None
        self.servers: list = []  # net.lan.Found, as last heard
        self.heard_revision = 0  # the finder's `revision` when `servers` was last read
        self.tables: list[dict] = []  # the tables of the server looked at
        self.looked: tuple[str, int] | None = None

    # -- building ------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.remembered = memory.load()[:4]
        self.build()
        try:
            self.finder = make_finder()
        except Exception as e:  # noqa: BLE001 - no local network to listen on: typing an address still works
            self.finder = None
            self.say(f"Tables on the local network cannot be listed here ({e}); type an address instead.")

    def on_exit(self) -> None:
        if self.finder is not None:
            finder, self.finder = self.finder, None
            finder.stop()

    def build(self) -> None:
        self.ui.clear_and_reset()
        self.host_buttons = {}
        for i, entry in enumerate(registry.playable_games()):
            b = UIButton(pygame.Rect(LEFT.left + 24, LEFT.top + 100 + i * 54, LEFT.width - 48, 44),
                         f"Host {entry.title}", self.ui, object_id="@game_button")
            self.host_buttons[b] = entry
        self.rejoin_buttons = {}
        for i, kept in enumerate(self.remembered):
            label = ui.fit(f"Rejoin table {kept.code}: {session.game_title(kept.game)}, as {kept.name or 'you'}",
                           16, REJOIN.width - 70)
            b = UIButton(pygame.Rect(REJOIN.left + 24, REJOIN.top + 56 + i * 50, REJOIN.width - 48, 42), label, self.ui)
            self.rejoin_buttons[b] = kept
        x, y = RIGHT.left + 24, RIGHT.top + 56
        self.name_entry = UITextEntryLine(pygame.Rect(x + 130, y, 220, 38), self.ui)
        self.name_entry.set_text_length_limit(NAME_LIMIT)
        self.name_entry.set_text(getattr(self, "_name", ""))
        y += 50
        self.address_entry = UITextEntryLine(pygame.Rect(x + 130, y, 220, 38), self.ui)
        self.address_entry.set_text(getattr(self, "_address", "127.0.0.1"))
        self.port_entry = UITextEntryLine(pygame.Rect(x + 360, y, 90, 38), self.ui)
        self.port_entry.set_text(getattr(self, "_port", str(session.wanted_port())))
        self.look_button = UIButton(pygame.Rect(x + 460, y, 102, 38), "Look", self.ui)
        y += 50
        self.code_entry = UITextEntryLine(pygame.Rect(x + 130, y, 130, 38), self.ui)
        self.code_entry.set_text_length_limit(8)
        self.code_entry.set_text(getattr(self, "_code", ""))
        self.join_code_button = UIButton(pygame.Rect(x + 270, y, 140, 38), "Join", self.ui)
        self.watch_code_button = UIButton(pygame.Rect(x + 420, y, 142, 38), "Watch", self.ui)
        self.server_buttons = {}
        self.server_top = y + 60
        for i, found in enumerate(self.servers[:2]):
            b = UIButton(pygame.Rect(x, self.server_top + 30 + i * 44, RIGHT.width - 48, 38),
                         ui.fit(f"{found.name}: {found.address} port {found.port}", 16, RIGHT.width - 80), self.ui)
            self.server_buttons[b] = found
        self.table_top = self.server_top + 30 + max(1, min(2, len(self.servers))) * 44 + 10
        self.seat_buttons: dict = {}
        for i, table in enumerate(self.tables[:ROWS]):
            ty = self.table_top + 30 + i * 58
            bx = x + 250
            for seat, s in enumerate(table.get("seats") or []):
                if s.get("open") and bx < RIGHT.right - 180:
                    b = UIButton(pygame.Rect(bx, ty + 4, 104, 36), ui.fit(f"Sit: {s.get('name')}", 14, 96), self.ui)
                    self.seat_buttons[b] = ("join", table, seat)
                    bx += 112
            b = UIButton(pygame.Rect(RIGHT.right - 24 - 96, ty + 4, 96, 36), "Watch", self.ui)
            self.seat_buttons[b] = ("watch", table, None)
        h = self.app.size[1]
        self.back_button = UIButton(pygame.Rect(40, h - 76, 200, 56), "Back", self.ui, object_id="@menu_button")
        self.fill_hotspots()

    def fill_hotspots(self) -> None:
        spots = self.spots
        spots.clear()
        for b, entry in self.host_buttons.items():
            spots.add(f"button:host:{entry.game_id}", None,
                      f"Open a table of {entry.title} on a server this computer runs: choose the options and who "
                      "plays each seat next, then give your friends the table's code", widget=b)
        for b, kept in self.rejoin_buttons.items():
            spots.add(f"button:rejoin:{kept.code}", None,
                      f"Sit again at table {kept.code} ({kept.host} port {kept.port}) with the seat this computer "
                      "kept: the game goes on where it is", widget=b)
        spots.add("field:name", None, "Your name at the table, hosting or joining (up to 16 letters; empty: the "
                  "seat's own name)", widget=self.name_entry)
        spots.add("field:address", None, "The address of the computer running the table server (your friend's)",
                  widget=self.address_entry)
        spots.add("field:port", None, f"The server's port (a hosted table uses {session.DEFAULT_PORT})",
                  widget=self.port_entry)
        spots.add("button:look", None, "List the tables of this server that have an open seat", widget=self.look_button)
        spots.add("field:code", None, "The table's code your friend gave you (6 letters and digits)",
                  widget=self.code_entry)
        code = self.code_entry.get_text().strip()
        why = None if code else "Type the table's code first."
        spots.add("button:join_code", None, "Take the first open seat of the table with this code", widget=self.join_code_button,
                  enabled=why is None, reason=why)
        spots.add("button:watch_code", None, "Watch the table with this code without playing (you see only what the "
                  "whole table sees)", widget=self.watch_code_button, enabled=why is None, reason=why)
        for b, found in self.server_buttons.items():
            bad = None if found.compatible else (f"That server runs Tabletop Trio {found.program}: both must run the "
                                                 "same version.")
            spots.add(f"button:server:{found.address}:{found.port}", None,
                      f"List the open tables of {found.name}'s server ({found.address} port {found.port})",
                      widget=b, enabled=bad is None, reason=bad)
        for b, (what, table, seat) in self.seat_buttons.items():
            if what == "join":
                name = table["seats"][seat].get("name")
                spots.add(f"button:sit:{table['code']}:{seat}", None,
                          f"Take the open seat {name} (seat {seat + 1}) at table {table['code']}", widget=b)
            else:
                spots.add(f"button:watch:{table['code']}", None,
                          f"Watch table {table['code']} without playing", widget=b)
        spots.add("button:back", None, "Back to the main menu (Esc)", widget=self.back_button)
        spots.sync_widgets()

    # -- acting --------------------------------------------------------------------------
    def say(self, text: str, colour=palette.BLOCKED) -> None:
        self.message, self.message_colour = ui.sentence(text), colour

    def keep_fields(self) -> None:
        self._name = self.name_entry.get_text()
        self._address = self.address_entry.get_text()
        self._port = self.port_entry.get_text()
        self._code = self.code_entry.get_text()

    def server(self) -> tuple[str, int] | None:
        address = self.address_entry.get_text().strip()
        try:
            port = int(self.port_entry.get_text().strip())
        except ValueError:
            self.say("The port is a whole number, like 8765.")
            return None
        if not address:
            self.say("Type the server's address (your friend's computer), like 192.168.1.20.")
            return None
        if not 0 < port < 65536:
            self.say("A port is a number from 1 to 65535.")
            return None
        return address, port

    def ask(self, title: str, doing: str, steps, done, failed=None) -> None:
        """A request to a server, under way while the window keeps drawing (scenes.online.connecting)."""
        from scenes.online.connecting import ConnectingScene

        self.keep_fields()
        self.app.push(ConnectingScene(self.app, title, doing, steps, done, failed or self.say))

    def look(self) -> None:
        where = self.server()
        if where is None:
            return

        def steps():
            return (yield session.client(*where).begin_tables())

        def listed(tables: list) -> None:
            self.tables, self.looked = tables, where
            self.say(f"{counted(len(tables), 'table')} with an open seat on {where[0]} port {where[1]}."
                     if tables else f"No table with an open seat on {where[0]} port {where[1]}.", palette.TEXT_DIM)
            self.build()

        def failed(reason: str) -> None:
            self.tables = []
            self.say(reason)
            self.build()

        self.ask("Looking", f"Asking {where[0]} port {where[1]} for its tables…", steps(), listed, failed)

    def join(self, code: str, seat: int | None, watch: bool, where: tuple[str, int] | None = None) -> None:
        where = where or self.server()
        if where is None:
            return
        name = self.name_entry.get_text().strip()

        def steps():
            c = session.client(*where)
            return (yield c.begin_spectate(code) if watch else c.begin_join(code, seat, name))

        self.ask("Watching" if watch else "Joining", f"Connecting to table {code} on {where[0]} port {where[1]}…",
                 steps(), lambda match: open_lobby(self.app, match, session.remember(match)))

    def rejoin(self, entry: memory.Entry) -> None:
        def failed(reason: str) -> None:
            self.say(f"Table {entry.code} cannot be reached: {reason}")
            if "ended" in reason or "no table" in reason or "opens no seat" in reason:
                memory.forget(entry.code)  # gone for good: it leaves the list
                self.remembered = memory.load()[:4]
                self.build()

        self.ask("Rejoining", f"Connecting to table {entry.code} on {entry.host} port {entry.port}…",
                 session.rejoin(entry), lambda match: open_lobby(self.app, match), failed)

    def host(self, entry: registry.GameEntry) -> None:
        session.start_server_soon()
        scene = registry.resolve(entry.new_game)(self.app)
        scene.go_online(open_table, lambda: self.app.stack.replace(PlayOnlineScene(self.app)))
        name = self.name_entry.get_text().strip()
        if name:  # the name typed here is the host's own seat's (the first, played at this screen)
            scene.names[0] = name
        self.app.stack.replace(scene)

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.code_entry:
            self.fill_hotspots()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code_entry:
            self.join(self.code_entry.get_text().strip(), None, False)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.play_sound("click")
            el = event.ui_element
            if el is self.back_button:
                self.app.home()
            elif el in self.host_buttons:
                self.host(self.host_buttons[el])
            elif el in self.rejoin_buttons:
                self.rejoin(self.rejoin_buttons[el])
            elif el is self.look_button:
                self.look()
            elif el in (self.join_code_button, self.watch_code_button):
                self.join(self.code_entry.get_text().strip(), None, el is self.watch_code_button)
            elif el in self.server_buttons:
                found = self.server_buttons[el]
                self.address_entry.set_text(found.address)
                self.port_entry.set_text(str(found.port))
                self.look()
            elif el in self.seat_buttons:
                what, table, seat = self.seat_buttons[el]
                self.join(table["code"], seat, what == "watch", self.looked)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.home()
            return True
        return False

    @property
    def animating(self) -> bool:
        # A server heard (or gone) since the list was last built: the napping app wakes to show it.
        return super().animating or (self.finder is not None and self.finder.revision != self.heard_revision)

    def update(self, dt: float) -> None:
        if self.finder is not None:
            self.heard_revision = self.finder.revision
        heard = self.finder.servers() if self.finder is not None else []
        if heard != self.servers:
            self.servers = heard
            self.keep_fields()
            self.build()

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_table(surface)
        ui.text(surface, "Play online", (40, 26), 34, palette.GOLD, bold=True, shadow=True)
        for rect, title in ((LEFT, "Host a table"), (REJOIN, "Your tables"), (RIGHT, "Join a table")):
            ui.panel(surface, rect)
            ui.text(surface, title, (rect.left + 20, rect.top + 14), 22, palette.GOLD, bold=True)
        for i, line in enumerate(ui.wrap("This computer runs the table; friends on your network find it in their "
                                         "list, others type your address and the table's code.", 16, LEFT.width - 48)[:2]):
            ui.text(surface, line, (LEFT.left + 24, LEFT.top + 48 + 21 * i), 16, palette.TEXT_DIM)
        if not self.remembered:
            ui.text(surface, "No table to go back to yet.", (REJOIN.left + 24, REJOIN.top + 60), 17, palette.TEXT_DIM)
        x, y = RIGHT.left + 24, RIGHT.top + 56
        for i, label in enumerate(("Your name", "Server", "Table code")):
            ui.text(surface, label, (x, y + 19 + 50 * i), 17, palette.TEXT, anchor="midleft")
        ui.text(surface, "On your local network", (x, self.server_top + 4), 17, palette.TEXT_DIM, bold=True)
        if not self.servers:
            ui.text(surface, "Listening… no table server heard yet." if self.finder is not None else
                    "Not listening (no local network).", (x, self.server_top + 40), 16, palette.TEXT_DIM)
        ui.text(surface, "Open tables" + (f" on {self.looked[0]} port {self.looked[1]}" if self.looked else ""),
                (x, self.table_top + 4), 17, palette.TEXT_DIM, bold=True)
        if not self.tables:
            ui.text(surface, "Press Look (or pick a server above) to list its tables.", (x, self.table_top + 40), 16,
                    palette.TEXT_DIM)
        for i, table in enumerate(self.tables[:ROWS]):
            ty = self.table_top + 30 + i * 58
            ui.text(surface, f"{table['code']} · {session.game_title(table['game'])}", (x, ty + 2), 16, palette.TEXT,
                    bold=True)
            names = ", ".join(("(open) " if s.get("open") else "") + str(s.get("name")) for s in table.get("seats") or [])
            ui.text(surface, ui.fit(names, 14, 240), (x, ty + 24), 14, palette.TEXT_DIM)
        if self.message:
            w, h = surface.get_size()
            for i, line in enumerate(ui.wrap(self.message, 17, w - 560)[:2]):
                ui.text(surface, line, (270, h - 62 + 22 * i), 17, self.message_colour)


def open_table(setup_scene, rules, setup, specs: list[dict]) -> str | None:
    """The setup's Open the table: start this computer's server, create the table (it waits for the host's Start),
    go to its lobby; while the window keeps drawing (a message when it cannot: the setup stays as it was)."""
    from scenes.online.connecting import ConnectingScene

    def steps():
        port = yield from session.server_ready()
        return (yield session.client(session.LOOPBACK, port).begin_create(rules.GAME_ID, setup.to_dict(), specs,
                                                                           wait=True))

    def failed(reason: str) -> None:
        setup_scene.error = reason

    setup_scene.app.push(ConnectingScene(setup_scene.app, "Opening the table", "Starting this computer's table "
                                         "server and opening the table…", steps(),
                                         lambda match: open_lobby(setup_scene.app, match,
                                                                  session.remember(match, hosted=True)), failed))
    return None
