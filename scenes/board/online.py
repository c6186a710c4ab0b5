"""A board playing a table on a server (`net.client.RemoteMatch`): the kit's part of online play.

The board runs unchanged: the remote match has Match's face. What changes is here: the seats this screen
holds are the only ones it plays or hands the mouse to (a remote seat never gets a hand-off screen);
every frame the board takes in what the server sent (other seats' and computer seats' moves animate as if
played here; an accepted undo or a reconnect resyncs the snapshot and the log); Undo becomes a request
the other players accept or decline (a dialog on their screens); the status line says who is away and a
banner says when the connection is lost (the client reconnects by itself); a Table button opens the panel
with the seats, the chat and, for the host, handing an away seat to the computer after a chosen wait. A
finished game's full record (sent by the server once it is over) goes into the saves list.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.core.match import Match
from scenes import palette, saves, ui
from scenes.board import status
from scenes.board.snapshot import moved


class OnlineTable:
    """The part of BoardScene for a remote match (see the module docstring); nothing changes offline."""

    table_button = None
    _net_revision = -1
    _net_clock = 0.0
    _net_asked: object = None  # the undo request a dialog was shown for
    _net_saved = False
    _net_told_end = False
    _net_chat_seen = 0
    _net_sending: tuple | None = None  # (Pending, the gesture's further actions, first) while a move is on its way

    @property
    def online(self) -> bool:
        return bool(getattr(self.match, "online", False))

    @property
    def table_news(self) -> bool:
        """The server sent something not taken in yet (an idle screen wakes for it), a move is on its way, or a
        hand-over waits its time."""
        return self.online and (self.match.has_news or self.sending or bool(self.handovers()))

    @property
    def sending(self) -> bool:
        """A move of this screen is on its way to the table (the board takes no other meanwhile)."""
        return self._net_sending is not None

    def send_move(self, action, *more) -> bool:
        """Online, `act`: the move goes to the table without waiting for it (net's begin_play); its events come with
        the table's news, like anyone's. A gesture's further actions (a walk's steps) follow one by one while the
        table accepts them; the first refused ends it quietly, as offline."""
        if self.sending:
            return False
        self._net_sending = (self.match.begin_play(action), list(more), True)
        self.suggested = None
        self.refresh_hotspots()
        return True

    def ask_table(self, pending) -> None:
        """A request to the table (undo, an answer, a hand-over) under way: a refusal is said when it comes."""
        asks = self.__dict__.setdefault("_net_asks", [])
        asks.append(pending)

    def _asks_answered(self) -> None:
        asks = self.__dict__.get("_net_asks") or []
        for pending in [p for p in asks if p.done]:
            asks.remove(pending)
            if pending.error is not None:
                self.flash(ui.sentence(pending.error))

    def _move_answered(self) -> None:
        pending, more, first = self._net_sending or (None, [], False)
        if pending is None or not pending.done:
            return
        self._net_sending = None
        if pending.error is not None:
            if first:
                self.flash(ui.sentence(pending.error))  # the rules' (or the connection's) reason; nothing changed
        elif more and not self.match.over:
            self._net_sending = (self.match.begin_play(more[0]), more[1:], False)
        if not self.busy:
            self.refresh_hotspots()

    def here(self, seat: int | None) -> bool:
        """A human seat played at this screen (offline: every human seat)."""
        if seat is None or not self.seats[seat].human:
            return False
        return not self.online or seat in self.match.seats

    def handovers(self) -> dict:
        """The host's plans: seat -> (computer level, board clock when it takes over if the seat is still away)."""
        plans = self.__dict__.get("_net_plans")
        if plans is None:
            plans = self.__dict__["_net_plans"] = {}
        return plans

    def online_enter(self) -> None:
        """on_enter of a remote match: no autosave (the server keeps the table), no computer played here."""
        if not self.online:
            return
        self.autosave = False
        # Computer seats play on the server. Under --autoplay (a driver's test run) this screen's own seats are
        # played by the random player here, through the server like clicks, with their view on screen.
        self.bots = {s: bot for s, bot in self.bots.items() if s in self.match.seats} if getattr(self.app, "autoplay", False) else {}
        if getattr(self.app, "autoplay", False) and self.viewer is None and len(self.match.seats) == 1:
            self.viewer = self.match.seats[0]
        self._sync_seats()  # the other seats as the server has them: remote humans, computers
        self._net_revision = self.match.revision
        self._net_chat_seen = len(self.match.chat)
        right = min([self.app.size[0], *(r.left for r in self.bar_rects() if r.top < status.STATUS_HEIGHT)])
        self.table_button = UIButton(pygame.Rect(right - 8 - 104, 5, 104, status.STATUS_HEIGHT - 10), "Table", self.ui)

    # -- every frame ---------------------------------------------------------------------
    def poll_table(self, dt: float) -> None:
        """Take in what the server sent (see the module docstring)."""
        if not self.online or self.replay is not None:
            return
        self._net_clock += dt
        self._hand_over_due()
        self._move_answered()
        self._asks_answered()
        if not self.match.connected and self.match.host:
            from scenes.online import session

            session.revive()  # the server this program runs stopped: it starts again, the tables are on disk
        if self.busy:
            return
        match = self.match
        events = match.poll()
        if not events and match.revision == self._net_revision:
            return
        self._net_revision = match.revision
        self._sync_seats()
        if match.record is not None and not self._net_saved:
            self._save_finished()
        if events:
            self.animate(events)
        elif len(match.actions) != self.snap.number or self.snap.over != match.over or moved(match, self.snap):
            self.rebuild_log()  # an accepted undo, or a jump after a reconnect
            self.after_undo()
            self.settle()
        else:
            self.refresh_hotspots()  # who is away, the chat, an undo asked
        self._undo_dialog()
        answer, match.undo_answer = match.undo_answer, None
        if answer is not None and answer["by"] in match.seats and not answer["accepted"]:
            self.flash("Your undo was declined: the step stays played.")
        if match.ended and not self._net_told_end:
            self._ended_dialog()

    def _sync_seats(self) -> None:
        """Names and computer levels as the server has them (an away seat handed to the computer plays as one)."""
        from scenes.board.seats import Seat

        seats = self.match.table.get("seats") or []
        driven = getattr(self.app, "autoplay", False)  # --autoplay: this screen's seats stay the random player's
        fresh = [Seat(str(d.get("name") or old.name)[:24], old.colour,
                      d.get("bot") or (old.bot if driven and i in self.match.seats else None))
                 if isinstance(d, dict) else old for i, (old, d) in enumerate(zip(self.seats, seats))]
        if fresh != self.seats:
            self.seats = fresh + self.seats[len(fresh):]

    def _hand_over_due(self) -> None:
        plans = self.handovers()
        for seat, (level, when) in list(plans.items()):
            info = self.match.seat_info[seat] if seat < len(self.match.seat_info) else {}
            if not info.get("away") or info.get("computer"):
                plans.pop(seat)  # back at the table, or already handed
            elif self._net_clock >= when:
                plans.pop(seat)
                self.ask_table(self.match.begin_handover(seat, level))

    def plan_handover(self, seat: int, level: str, wait: float) -> None:
        """The host: give an away seat to the computer at `level` once it has stayed away `wait` more seconds."""
        self.handovers()[seat] = (level, self._net_clock + wait)

    def _undo_dialog(self) -> None:
        request = self.match.undo_request
        if request is None or request is self._net_asked:
            return
        mine = [s for s in request.get("waiting", ()) if s in self.match.seats]
        if not mine:
            return
        self._net_asked = request
        from scenes.overlays import MessageScene

        who = self.seats[request["by"]].name

        def answer(accept: bool) -> None:
            for seat in mine:
                self.ask_table(self.match.begin_answer(accept, seat))

        self.app.push(MessageScene(self.app, "Undo asked", f"{who} asks to take back their last step.", [
            ("Accept", lambda: answer(True), f"Let {who} take back their last step: the game goes back one step"),
            ("Decline", lambda: answer(False), "Refuse: the step stays played and the game goes on")]))

    def _ended_dialog(self) -> None:
        from scenes.overlays import MessageScene

        self._net_told_end = True
        self.app.push(MessageScene(self.app, "The table has ended", self.match.ended or "", [
            ("Main menu", self.app.home, "Back to the main menu")]))

    def _save_finished(self) -> None:
        """The server sent the whole record: the finished game goes into the saves list like any other."""
        self._net_saved = True
        save = self.match.save()
        save.table.pop("online", None)  # the table is over: no token is kept in a save file
        save.table["progress"] = self.progress()
        problem = saves.write_named(self.online_save_name(), save)
        if problem:
            self.flash(problem)
        from scenes.online import memory

        memory.forget(self.match.code)  # over: nothing to rejoin (the saves list has the whole game)

    def online_save_name(self) -> str:
        """The name the saves list keeps a finished online game under."""
        return f"Online {self.match.code} {self.rules.TITLE}"

    def finished_match(self):
        """The match a replay steps through: online, the full record once the server sent it."""
        if self.online and self.match.record is not None:
            try:
                return Match.from_save(self.match.save())
            except Exception:  # noqa: BLE001 - the record does not replay here: the screen's own history will do
                return self.match
        return self.match

    # -- undo ------------------------------------------------------------------------------
    def ask_undo(self) -> bool:
        """Online, Undo asks the other players (their screens show Accept / Decline)."""
        reason = self.why_no_undo()
        if reason is not None:
            self.flash(reason)
            return False
        self.ask_table(self.match.begin_undo())  # refused (the server's reason): said when the answer comes
        self.flash("Asked the other players to accept your undo.", palette.GOLD)
        return True

    # -- words and pictures ----------------------------------------------------------------
    def away_names(self) -> list[str]:
        return [s["name"] for s in self.match.seat_info if s.get("away") and not s.get("computer") and s.get("kind") != "computer"]

    def pause_note(self) -> str:
        """The pause overlay's last line: where the game is kept."""
        if self.online:
            return f"Table {self.match.code} keeps the game; Play online rejoins it."
        return "Your game is saved after every move."

    def remote_reason(self, seat: int) -> str:
        name = self.seats[seat].name
        info = self.match.seat_info[seat] if seat < len(self.match.seat_info) else {}
        if info.get("away"):
            return f"It is {name}'s decision; {name} is away: the table waits for them."
        return f"It is {name}'s decision, at another computer."

    def online_status(self, text: str) -> str:
        """The status line online: whose decision (and that they play elsewhere), and who is away."""
        if not self.online or self.replay is not None:
            return text
        seat = self.snap.seat
        away = self.away_names()
        if seat is not None and self.seats[seat].human and not self.here(seat) and not self.snap.over:
            name = self.seats[seat].name
            text = f"{name} is away: the table waits for them." if name in away else \
                f"{name} is deciding, at another computer."
            away = [n for n in away if n != name]
        # First, so a long instruction cut short at the line's end never hides it (seen in a real window).
        return (f"Away: {', '.join(away)} · " if away else "") + text

    def online_hotspots(self) -> None:
        if self.table_button is None:
            return
        unread = len(self.match.chat) - self._net_chat_seen
        label = f"Table ({unread})" if unread > 0 else "Table"
        self.spots.add("button:table", None, "The table: who sits where and who is away, the chat"
                       + (", handing an away seat to the computer" if self.match.host else "") + ", leaving",
                       click=self.open_table_panel, widget=self.table_button, label=label, always=True)

    def on_exit(self) -> None:
        if self.online:
            self.match.close()  # the seat's token stays in the user data: Play online offers to rejoin
        super().on_exit()

    def open_table_panel(self) -> None:
        from scenes.online.tablepanel import TablePanel

        self._net_chat_seen = len(self.match.chat)
        self.app.push(TablePanel(self.app, self))

    def draw_online(self, surface: pygame.Surface) -> None:
        """The banner while the connection is lost (the client reconnects by itself)."""
        if not self.online or self.match.connected:
            return
        w = surface.get_width()
        box = pygame.Rect(w // 2 - 260, status.STATUS_HEIGHT + 6, 520, 40)
        ui.panel(surface, box, colour=palette.BG_LIGHT, edge=palette.BLOCKED, radius=10)
        ui.text(surface, "Connection lost. Reconnecting…", box.center, 19, palette.TEXT, bold=True, anchor="center")
