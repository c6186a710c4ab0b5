"""BoardScene: the one road from a click to the rules and back to the screen, shared by every board.

A board adds only its art, its panels and its clicks. The kit does the rest:

    hotspot click -> a rules query gives Actions -> act(*actions) -> Match.play -> events
          -> autosave (atomically; a failure is a warning, play goes on)
          -> EventPlayer (the only road to the screen): every hotspot greyed while it plays,
             a click or Space skips
          -> settle: one Snapshot (the viewer's view, the decision, the legal actions, the
             board's query results); the board syncs its widgets and fills its hotspots from it
          -> status line = the decision's prompt; hand-off screen when another human seat must
             decide something private; log = describe(redact(event, viewer)); game over.

`viewer` is the seat whose secrets the screen shows (None: only what the whole table sees).
It becomes a seat only after that seat's player has taken the mouse at a hand-off screen, and
each change of viewer wipes the table: nothing the previous player hovered, selected, asked or
was told survives it.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import learn
from game.core.errors import IllegalAction
from game.core.match import Match
from scenes import palette, saves, ui
from scenes.board import computer, status, suggestion
from scenes.board.anims import SharedAnimations
from scenes.board.computer import ComputerSeats, Thinking
from scenes.board.furniture import Banner, Flyer
from scenes.board.controls import KitControls
from scenes.board.gameover import show_game_over
from scenes.board.hooks import BoardHooks
from scenes.board.lessonhost import LessonHost
from scenes.board.online import OnlineTable
from scenes.board.seats import Seat, seats_of
from scenes.board.viewers import Viewers
from scenes.board.snapshot import Snapshot, deciding, take
from scenes.overlays import PauseScene
from scenes.stack import Scene
from scenes.widgets.floating import Floaters
from scenes.widgets.handoff import HandOffScene
from scenes.widgets.log import GameLog
from scenes.widgets.tween import EventPlayer, Timeline

STATUS_HEIGHT = status.STATUS_HEIGHT
FLASH_SECONDS = 3.5


class BoardScene(OnlineTable, LessonHost, Viewers, BoardHooks, ComputerSeats, KitControls, SharedAnimations, Scene):
    """Owns a Match and plays it on screen.

    Hooks for a board: `build` (widgets, once), `query_rules` (the game's query results for a snapshot),
    `sync` (widgets from `self.snap`), `hotspots` (fill `self.spots`), `forget` (a new viewer sits
    down), `draw_board`, `event_handlers` and the animation helpers `standee_for`, `point_of`, `dice_for`.
    """

    log_rect = pygame.Rect(980, 420, 286, 250)  # where the game log sits; boards may move it
    undo_rect: pygame.Rect | None = None  # where the Undo and Redo buttons sit (two halves); None: keys only
    autosave = True
    bot_delay = 0.8  # seconds a bot seems to think, at animation speed 1
    log_after_animation = False  # True: an event's log line comes once its animation has played (results follow the dice)

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        if learn.has_reference(self.rules.GAME_ID):  # the game's words marked in every tip and explained under it
            self.spots.glossary = learn.glossary(self.rules.GAME_ID)
        n = match.players
        self.seats = list(seats) if seats is not None else seats_of(match.table, n, self.default_seats(n))
        match.table["seats"] = [seat.to_dict() for seat in self.seats]
        self.spots.names = tuple(seat.name for seat in self.seats) + tuple(getattr(self.rules, "proper_names", tuple)())
        humans = [i for i in range(n) if self.here(i)]  # online: only the seats held at this screen
        # With one human at the table nobody else can look: their view stays on screen, no hand-offs.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.snap: Snapshot = take(match, self.seats, self.viewer)
        self.shown = self.snap.view
        self.flash_text: str | None = None
        self.flash_colour = palette.BLOCKED
        self.flash_left = 0.0
        self.save_warning: str | None = None
        self.banner: Banner | None = None
        self._tokens: list[Flyer] = []
        self._bot_wait: float | None = None
        self._thinking: Thinking | None = None
        self._suggesting: Thinking | None = None
        self.suggested = None  # the action last suggested, until the next action or viewer
        self.upcoming = None  # the decision that follows the animation playing now (who decides, not what they see)
        self._leading = False  # an action's animations are queued or playing, until the next settle
        self._ended = False
        self.bots: dict[int, Any] = {}  # seat -> bot with choose(view, seat, legal, rng)
        self.replay: Any = None  # a ReplayControl when this board shows a replay
        # A lesson's coach (scenes.learn): `refusal(board, actions)` vetoes what the lesson does not ask for,
        # `settled(board)` follows each settle, `draw(surface)` points at hotspots above the board,
        # `hotspots(board)` adds its own and greys what the lesson does not ask for (after the board's),
        # `vetoed(board, reason)` hears of a vetoed gesture, `why_no_undo(board)` keeps a lesson going forward;
        # while a coach is on, the game's end shows on the lesson's panel, not on the end screen.
        self.coach: Any = None
        self.gestures: list[int] = []  # where each gesture of several actions began (how many actions came before)
        self.redo_steps: list[int] = []  # how many actions each Undo took back, for Redo to put them back together
        self.undo_button = self.redo_button = self.suggest_button = self.rules_button = None

    # -- the stack -----------------------------------------------------------------------
    def on_enter(self) -> None:
        if getattr(self.app, "autoplay", False):
            self.seats = [Seat(s.name, s.colour, "random") for s in self.seats]
            self.bot_delay = 0.0
            self.app.settings.animation_speed = "instant"
        self.bots = {i: computer.make_bot(seat.bot, self.rules) for i, seat in enumerate(self.seats) if seat.bot}
        self.timeline = Timeline(lambda: self.app.settings.speed)
        self.floaters = Floaters()
        handlers = {
            "DiceRolled": self._anim_dice,
            "Moved": self._anim_moved,
            "Damaged": self._anim_damaged,
            "Healed": self._anim_healed,
            "KnockedOut": self._anim_ko,
        }
        handlers.update(self.event_handlers())
        self.player = EventPlayer(self.timeline, handlers, on_event=self._log_event, after=self.log_after_animation)
        self.log = GameLog(self.ui, pygame.Rect(self.log_rect))
        if self.undo_rect is not None and self.replay is None:  # a replay takes nothing back
            r = pygame.Rect(self.undo_rect)
            half = r.width // 2 - 4
            self.undo_button = UIButton(pygame.Rect(r.left, r.top, half, r.height), "Undo", self.ui)
            self.redo_button = UIButton(pygame.Rect(r.right - half, r.top, half, r.height), "Redo", self.ui)
        if self.replay is None and any(seat.human for seat in self.seats) and computer.has_bots(self.rules):
            right = self.undo_rect.left if self.undo_rect is not None and self.undo_rect.top < STATUS_HEIGHT \
                else self.app.size[0]
            self.suggest_button = UIButton(pygame.Rect(right - 8 - 110, 5, 110, STATUS_HEIGHT - 10), "Suggest", self.ui)
            self.build_danger(self.suggest_button.rect.left)
        if self.replay is not None:
            self.replay.build(self.ui)
        elif self.has_reference:
            right = min([self.app.size[0], *(r.left for r in self.bar_rects() if r.top < STATUS_HEIGHT)])
            self.rules_button = UIButton(pygame.Rect(right - 8 - 44, 5, 44, STATUS_HEIGHT - 10), "?", self.ui)
        self.online_enter()
        self.rebuild_log()
        self.build()
        self.settle()

    @property
    def history(self) -> list[tuple[int, Any]]:
        """(action number, event) of every action so far: the match keeps them."""
        return self.match.history()

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    @property
    def locked(self) -> bool:
        """No human input now: animating, a bot is to move, a move on its way to the table, a replay, or the game is over."""
        return self.busy or not self.snap.mine or self.sending

    def lock_reason(self) -> str:
        """Why nothing on the board can be used now, in words (scenes.board.status)."""
        return status.lock_reason(self)

    @property
    def animating(self) -> bool:
        return (super().animating or self._bot_wait is not None or self._thinking is not None
                or self._suggesting is not None or (self.replay is not None and self.replay.animating)
                or any(f.alive for f in self._tokens) or bool(self.floaters.items) or self.table_news)

    @property
    def wake_in(self) -> float | None:
        """A refusal's bubble or a flashed message still shows: it goes in this many seconds (a timer, no frames)."""
        return min((t for t in (super().wake_in, status.flash_due(self)) if t is not None), default=None)

    def pass_time(self, seconds: float) -> None:
        super().pass_time(seconds)
        status.count_flash(self, seconds)

    def process_event(self, event) -> bool:
        # A click (the base Scene) or Space skips the animation playing, before any widget sees it.
        if self.busy and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.timeline.skip()
            return True
        if self.busy and event.type in (pygame.MOUSEBUTTONUP, pygame_gui.UI_BUTTON_PRESSED) \
                and not (self.replay is not None and self._on_replay_bar(event)):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.on_hover(event.pos)
        if self.danger_key(event):
            return True
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
                return True
            if event.key == pygame.K_y:
                self.redo()
                return True
        return super().process_event(event)

    def _on_replay_bar(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return event.ui_element in self.replay.buttons.values()
        return any(r.collidepoint(event.pos) for r in self.replay.rects)

    def skips_animation(self, event) -> bool:
        # In a replay the control bar keeps working: its buttons skip what plays themselves.
        if self.replay is not None and event.type == pygame.MOUSEBUTTONDOWN and self._on_replay_bar(event):
            return False
        return super().skips_animation(event)

    def handle_event(self, event) -> bool:
        if self.locked:
            return False
        return bool(self.on_input(event))

    def pause(self) -> None:
        self.app.push(PauseScene(self.app, board=self, note=self.pause_note()))

    # -- playing -------------------------------------------------------------------------
    def act(self, action, *more) -> bool:
        """Play an action for the seat to move. A refusal shows the rules' reason and changes nothing.

        `more`: further actions of the same gesture (the steps of a walk), played right after it
        while the rules accept them; the first one refused ends the gesture quietly (a failed
        dodge roll stops a walk). All their events animate in order.
        """
        if self.busy or self.match.over:
            return False
        if self.online:
            return self.send_move(action, *more)  # the table answers; the events come with the next news
        if self.coach is not None:
            reason = self.coach.refusal(self, [action, *more])
            if reason:
                self.flash(reason)
                self.coach.vetoed(self, reason)
                return False
        start = len(self.match.actions)
        try:
            events = self.match.play(action)
        except IllegalAction as e:
            self.flash(ui.sentence(e.reason))
            return False
        for extra in more:
            if self.match.over:
                break
            try:
                events += self.match.play(extra)
            except IllegalAction:
                break
        self.gestures += [start] if len(self.match.actions) - start > 1 else []  # Undo takes it back whole
        self.redo_steps.clear()
        self._played(events)
        return True

    def perform(self, gesture) -> bool:
        """A gesture the rules turned into actions (`game.core.gesture.Gesture`): play them, or show why not."""
        if gesture.actions:
            return self.act(*gesture.actions)
        if gesture.reason:
            self.flash(ui.sentence(gesture.reason))
        return False

    def refusal(self, action) -> str | None:
        """Why the rules (or a lesson's coach) would refuse this action now (None when it is legal for the screen's player)."""
        if self.coach is not None:
            vetoed = self.coach.refusal(self, [action])
            if vetoed:
                return vetoed
        if action in self.snap.legal:
            return None
        if not self.snap.mine:
            return self.lock_reason()
        reason = self.match.why_illegal(action)
        return ui.sentence(reason) if reason else None

    def _played(self, events: list) -> None:
        self.write_autosave()
        self.suggested = None
        self.animate(events)

    # Kept for the tests and boards that play several actions themselves before showing them.
    def _after(self, events: list, numbered: list | None = None) -> None:
        self._played(events)

    def animate(self, events: list) -> None:
        """Play the events' animations (logging each as it starts), then settle."""
        self.upcoming = deciding(self.match)
        if self.viewer is not None and self.public_turn(self.upcoming):  # a computer's turn between humans
            self.leave_screen(pending=len(events))
        self._leading = True
        self.before_animations(events)
        self.spots.live = False
        self.player.play(events, then=self.settle)
        self.spots.lock_reason = self.lock_reason()  # the animation's, not the reason left from the last settle

    def before_animations(self, events: list) -> None:
        """Called after an action is played and before its events animate (e.g. clear selections)."""

    def write_autosave(self) -> None:
        if not self.autosave or self.match.over:
            return
        save = self.match.save()
        save.table["progress"] = self.progress()
        message = saves.write_autosave(save)
        if getattr(self.app, "autoplay", False) and message is None:
            print(f"autosaved {len(save.actions)}", flush=True)
        if message and message != self.save_warning:  # said once, not at every move; the pause overlay repeats it
            self.flash(message)
        self.save_warning = message

    # -- settling ------------------------------------------------------------------------
    def settle(self) -> None:
        """Animations are done (or the game jumped): show the engine's view, then see who decides next."""
        self._leading = False
        decision = deciding(self.match)
        if self.replay is None and decision is not None:
            seat = decision.seat
            if seat is not None and self.here(seat) and seat != self.viewer:
                if decision.private:
                    self._set_viewer(None)
                    hand_off = HandOffScene(self.app, self.seats[seat].name, self.seats[seat].colour,
                                            reason=self.named(decision.prompt), on_escape=self.pause,
                                            quick=self._quick(decision))
                    hand_off.on_ready = lambda s=seat, h=hand_off: self._set_viewer(s, mouse=h.spots.mouse)
                    self.app.push(hand_off)
                    return
                if self.viewer is not None:
                    self._set_viewer(None)
                    return
        if self.replay is None and self.viewer is not None and self.public_turn(decision):
            self._set_viewer(None)  # a computer plays, or the game is over: in the public view
        self._snapshot()
        if self.replay is None and self.match.over:
            if self.coach is not None:
                self.coach.settled(self)  # a lesson ends on its own panel, not on the end screen
            else:
                self._game_over()
            return
        seat = self.snap.seat
        if seat is not None and not self.seats[seat].human and self.replay is None:
            # The bot thinks during the visible delay and plays once both are over, so a seat with
            # a real choice (which takes thought) and one with a single move take the same time.
            self._bot_wait = self.bot_pause()
            self.bot_move()
        if self.coach is not None:
            self.coach.settled(self)

    _settled = settle  # the older name

    def _snapshot(self) -> None:
        snap = take(self.match, self.seats, self.viewer, replay=self.replay is not None)
        self.snap = snap
        self.shown = snap.view
        snap.queries = self.query_rules(snap)
        self.sync()
        self.refresh_hotspots()

    def refresh_hotspots(self) -> None:
        """Fill the hotspots again from the snapshot and the board's own selection (a spell armed...)."""
        spots = self.spots
        spots.clear()
        self._kit_hotspots()
        self.hotspots()
        if self.coach is not None:
            self.coach.hotspots(self)
        spots.live = not self.locked
        spots.lock_reason = self.lock_reason()
        spots.rehover()
        spots.sync_widgets()

    # -- the log -------------------------------------------------------------------------
    def log_line(self, event) -> str:
        seen = self.rules.redact(event, self.viewer)
        return self.named(self.match.text("describe", seen, self.shown))

    def named(self, text: str) -> str:
        """A rules text (a prompt, a log line) with the players called as the table named them;
        a board whose rules cannot take the names yet overrides it."""
        return text

    def _log_event(self, event) -> None:
        line = self.log_line(event)
        if line:
            self.log.add(line, self.log_colour(event))

    def log_colour(self, event) -> tuple[int, int, int] | None:
        seat = getattr(event, "seat", None)
        if isinstance(seat, int) and 0 <= seat < len(self.seats):
            return self.seats[seat].colour
        return None

    def rebuild_log(self, pending: int = 0) -> None:
        """The log again for the viewer's eyes (after the board's opening lines), but for the newest `pending`
        events (they log as they animate). Newest first, only as many as the log keeps (describing a whole long
        game again at each hand-off took a fifth of the CPU of a Krom game)."""
        history, lines = self.match.history(), []
        for _, event in reversed(history[:len(history) - pending]):
            if len(lines) == self.log.keep:
                break
            if line := self.log_line(event):
                lines.append((line, self.log_colour(event)))
        self.log.reset(list(self.opening_lines()) + lines[::-1])

    _rebuild_log = rebuild_log  # the older name

    # -- messages ------------------------------------------------------------------------
    def flash(self, text: str, colour=palette.BLOCKED) -> None:
        self.flash_text, self.flash_colour, self.flash_left = text, colour, FLASH_SECONDS

    # -- frames --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.poll_table(dt)
        self.timeline.update(dt)
        self.log.flush()
        if self.replay is not None:
            self.replay.update(dt)
        status.count_flash(self, dt)
        if self._bot_wait is not None and not self.busy:
            speed = self.app.settings.speed
            self._bot_wait -= dt * (speed if speed != float("inf") else 1e9)
            if self._bot_wait <= 0:
                self._bot_wait = None
        if self._thinking is not None and self._thinking.done and self._bot_wait is None:
            self._collect_bot_move()
        if self._suggesting is not None and self._suggesting.done:
            self._collect_suggestion()
        # Last, once this frame's moves have started: whether the board is held, and why (the reason changes
        # while it stays held: an animation, then a computer's thinking).
        live = not self.locked
        if live != self.spots.live or not live:
            self.spots.live = live
            self.spots.lock_reason = self.lock_reason()
        grid = getattr(self, "grid", None)
        if grid is not None:
            grid.live = live

    # -- the end -------------------------------------------------------------------------
    def _game_over(self) -> None:
        if not self._ended:
            self._ended = True
            show_game_over(self)

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            self._backdrop = pygame.Surface(surface.get_size()).convert()
            self.draw_backdrop(self._backdrop)
        surface.blit(self._backdrop, (0, 0))
        self.draw_board(surface)
        self.draw_danger(surface)
        for flyer in self._tokens:
            flyer.draw(surface)
        if self.banner is not None:
            self.banner.draw(surface, self.banner_centre)
        self.floaters.draw(surface)
        self.draw_status(surface)
        self.draw_online(surface)

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.replay is not None:
            return self.replay.status(), palette.GOLD
        snap = self.snap
        if snap.over:
            return "The game is over.", palette.GOLD
        seat = snap.seat
        colour = self.seats[seat].colour if seat is not None else palette.TEXT
        if seat is not None and not self.seats[seat].human:
            return f"{self.seats[seat].name} (computer) is thinking…", colour
        return self.online_status(self.named(snap.decision.prompt)), colour

    def draw_above(self, surface: pygame.Surface) -> None:
        suggestion.draw_suggestion(self, surface)
        status.draw_flash(self, surface)
        if self.coach is not None and self.app.stack.top is self:
            self.coach.draw(surface)
        super().draw_above(surface)

    def draw_status(self, surface: pygame.Surface) -> None:
        status.draw_status(self, surface)

    def status_right(self) -> int:
        """The x where the status line's text must stop: left of any kit button in the bar."""
        return status.status_right(self)

    def bar_rects(self) -> list[pygame.Rect]:
        rects = [pygame.Rect(self.undo_rect)] if self.undo_rect is not None and self.replay is None else []
        buttons = (self.suggest_button, self.danger_button, self.rules_button, self.table_button)
        rects += [b.rect for b in buttons if b is not None]
        if self.replay is not None:
            rects += self.replay.rects
        return rects
