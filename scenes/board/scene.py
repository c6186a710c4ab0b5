"""BoardScene: the one road from a click to the rules and back to the screen, shared by every board.

A board subclass adds only its art, its panels and its clicks. The kit does the rest:

    click -> act(action) -> Match.play -> rules.apply -> events
          -> autosave (atomically; a failure is a warning, play goes on)
          -> EventPlayer (the only road to the screen): input locked while it plays,
             a click or Space skips, then every widget syncs from view(state, viewer)
          -> status line = decision().prompt; hand-off screen when another human seat must
             decide something private; log = describe(redact(event, viewer)); game over.

`viewer` is the seat whose secrets the screen shows (None: only what the whole table sees).
It becomes a seat only after that seat's player has taken the mouse at a hand-off screen.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import pygame
import pygame_gui

from game.core.errors import IllegalAction
from pygame_gui.elements import UIButton

from game.core.events import Damaged, DiceRolled, Healed, KnockedOut, Moved
from game.core.match import Match
from game.core.rng import Rng
from scenes import palette, saves, ui
from scenes.overlays import Overlay, PauseScene
from scenes.stack import Scene
from scenes.widgets.floating import Floaters
from scenes.widgets.handoff import HandOffScene
from scenes.widgets.log import GameLog
from scenes.widgets.tween import Anim, Call, EventPlayer, Parallel, Sequence, Timeline

STATUS_HEIGHT = 44
BOT_LEVELS = ("random", "easy", "normal", "hard")
FLASH_SECONDS = 3.5


@dataclass(frozen=True)
class Seat:
    """A seat at the table as the screen shows it: a name, a colour, and who plays it."""

    name: str
    colour: tuple[int, int, int]
    bot: str | None = None  # None for a human, else the bot level ("easy", "normal", "hard")

    @property
    def human(self) -> bool:
        return self.bot is None

    def to_dict(self) -> dict:
        return {"name": self.name, "colour": list(self.colour), **({"bot": self.bot} if self.bot else {})}

    @classmethod
    def from_dict(cls, d, fallback: "Seat") -> "Seat":
        """A seat from a save's table; anything missing or malformed falls back (the table is only cosmetic)."""
        if not isinstance(d, dict):
            return fallback
        name = d.get("name") if isinstance(d.get("name"), str) and d.get("name").strip() else fallback.name
        colour = d.get("colour")
        ok = isinstance(colour, list) and len(colour) == 3 and all(isinstance(c, int) and 0 <= c <= 255 for c in colour)
        bot = d.get("bot") if d.get("bot") in BOT_LEVELS else None
        return cls(name[:24], tuple(colour) if ok else fallback.colour, bot)


class BoardScene(Scene):
    """Owns a Match and plays it on screen. Subclasses implement `build`, `sync`, `draw_board`, `on_input`."""

    log_rect = pygame.Rect(980, 420, 286, 250)  # where the game log sits; boards may move it
    undo_rect: pygame.Rect | None = None  # where the Undo and Redo buttons sit (two halves); None: keys only
    autosave = True
    bot_delay = 0.8  # seconds a bot seems to think, at animation speed 1

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        n = match.state.num_players
        if seats is None:
            defaults = self.default_seats(n)
            table = match.table.get("seats") if isinstance(match.table.get("seats"), list) else []
            seats = [Seat.from_dict(table[i] if i < len(table) else None, defaults[i]) for i in range(n)]
        self.seats = list(seats)
        match.table["seats"] = [seat.to_dict() for seat in self.seats]
        humans = [i for i, seat in enumerate(self.seats) if seat.human]
        # With one human at the table nobody else can look: their view stays on screen, no hand-offs.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.shown = match.view(self.viewer)
        self.history: list[tuple[int, Any]] = []  # (action number, event) so far, for rebuilding the log per viewer
        self.flash_text: str | None = None
        self.flash_colour = palette.BLOCKED
        self.flash_left = 0.0
        self.save_warning: str | None = None
        self._bot_wait: float | None = None
        self._thinking: tuple | None = None  # (thread, result list, action count when asked)
        self._suggesting: tuple | None = None  # the same, for the Suggest button
        self.suggested = None  # the action last suggested, until the next action
        self._ended = False
        self.bots: dict[int, Any] = {}  # seat -> bot object with choose(view, seat, legal, rng) (issue 14)
        self.replay: Any = None  # a ReplayControl when this board shows a replay
        self.undo_button = self.redo_button = self.suggest_button = None
        self._undo_key: tuple | None = None

    # -- hooks for the board -------------------------------------------------------------
    def default_seats(self, n: int) -> list[Seat]:
        """Seats when neither the caller nor the save names them."""
        return [Seat(palette.SEAT_NAMES[i % len(palette.SEAT_NAMES)], palette.SEATS[i % len(palette.SEATS)])
                for i in range(n)]

    def build(self) -> None:
        """Create the board's widgets (called once, on entering the stack)."""

    def sync(self) -> None:
        """Set every widget from `self.shown` (the view of `self.viewer`); called whenever animations settle."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the board under the status line, the floaters and the pygame-gui widgets."""

    _backdrop: pygame.Surface | None = None

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Draw what never changes during the game (drawn once, then blitted each frame): the table by default."""
        ui.draw_table(surface)

    def on_input(self, event: pygame.event.Event) -> bool:
        """A mouse or key event while the board is waiting for a human; return True when used."""
        return False

    def on_hover(self, pos: tuple[int, int]) -> None:
        """The mouse moved (also while animating)."""

    def event_handlers(self) -> dict[str, Callable[[Any], Anim | None]]:
        """Animations for the game's own events, by event class name (the shared shapes have defaults below)."""
        return {}

    def progress(self) -> str:
        """A few words on how far the game is (saves list it): the rules' `progress(state)` if they have one."""
        words = getattr(self.rules, "progress", None)
        if words is not None:
            return words(self.match.state)
        return f"{len(self.match.actions)} moves"

    def end_lines(self) -> list[str]:
        """Extra lines for the end screen (e.g. each player's points)."""
        return []

    def play_again(self) -> "Scene | None":
        """The scene that starts a new game with the same options (None: no Play again button)."""
        return None

    @property
    def has_play_again(self) -> bool:
        return type(self).play_again is not BoardScene.play_again

    # Positions and widgets the shared animations use; a board overrides what it has.
    def standee_for(self, piece: int):
        return None

    def point_of(self, place) -> tuple[int, int] | None:
        """The pixel where a cell (or place) of a Moved path is."""
        return None

    def dice_for(self, event: DiceRolled) -> list:
        """DieViews to roll for a DiceRolled event (one per face)."""
        return []

    # -- the stack -----------------------------------------------------------------------
    def on_enter(self) -> None:
        if getattr(self.app, "autoplay", False):
            self.seats = [Seat(s.name, s.colour, "random") for s in self.seats]
            self.bot_delay = 0.0
            self.app.settings.animation_speed = "instant"
        self.bots = {i: make_bot(seat.bot, self.rules) for i, seat in enumerate(self.seats) if seat.bot}
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
        self.player = EventPlayer(self.timeline, handlers, on_event=self._log_event)
        self.log = GameLog(self.ui, pygame.Rect(self.log_rect))
        if self.undo_rect is not None:
            r = pygame.Rect(self.undo_rect)
            half = r.width // 2 - 4
            self.undo_button = UIButton(pygame.Rect(r.left, r.top, half, r.height), "Undo", self.ui)
            self.redo_button = UIButton(pygame.Rect(r.right - half, r.top, half, r.height), "Redo", self.ui)
        if self.replay is None and any(seat.human for seat in self.seats) and has_bots(self.rules):
            right = self.undo_rect.left if self.undo_rect is not None and self.undo_rect.top < STATUS_HEIGHT \
                else self.app.size[0]
            self.suggest_button = UIButton(pygame.Rect(right - 8 - 110, 5, 110, STATUS_HEIGHT - 10), "Suggest", self.ui,
                                           tool_tip_text="What the Hard computer player would do from your seat "
                                                         "(it is shown, never played for you)")
        if self.replay is not None:
            self.replay.build(self.ui)
        if not self.history and self.match.actions:
            self._replay_history()
        self.build()
        self.sync()
        self._settled()

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    @property
    def locked(self) -> bool:
        """No human input now: animating, a bot is to move, or the game is over."""
        if self.busy or self.match.over or self.replay is not None:
            return True
        seat = self.match.state.to_move
        return seat is not None and not self.seats[seat].human

    def process_event(self, event) -> bool:
        # A click (the base Scene) or Space skips the animation playing, before any widget sees it.
        if self.busy and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.timeline.skip()
            return True
        if self.busy and event.type in (pygame.MOUSEBUTTONUP, pygame_gui.UI_BUTTON_PRESSED) \
                and not (self.replay is not None and self.replay.owns(event)):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.on_hover(event.pos)
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
                return True
            if event.key == pygame.K_y:
                self.redo()
                return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self.replay is not None and self.replay.press(event.ui_element):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is not None:
            if event.ui_element is self.undo_button:
                self.undo()
                return True
            if event.ui_element is self.redo_button:
                self.redo()
                return True
            if event.ui_element is self.suggest_button:
                self.suggest()
                return True
        return super().process_event(event)

    def skips_animation(self, event) -> bool:
        # In a replay the control bar keeps working: its buttons skip what plays themselves.
        if self.replay is not None and self.replay.owns(event):
            return False
        return super().skips_animation(event)

    def handle_event(self, event) -> bool:
        if self.locked:
            return False
        return bool(self.on_input(event))

    def pause(self) -> None:
        self.app.push(PauseScene(self.app, board=self))

    # -- undo and redo (within the rules: never across a reveal or another seat's action) ----------
    def why_no_undo(self) -> str | None:
        if self.replay is not None:
            return "This is a replay."
        seat = self.match.state.to_move
        if seat is not None and not self.seats[seat].human:
            return "The computer is playing."
        return self.match.why_no_undo()

    def undo(self) -> bool:
        if self.busy:
            self.timeline.skip()
        reason = self.why_no_undo()
        if reason is not None:
            self.flash(reason)
            return False
        action = self.match.undo()
        n = len(self.match.actions)
        self.history = [(i, e) for i, e in self.history if i <= n]
        self.write_autosave()
        self.shown = self.match.view(self.viewer)
        self._rebuild_log()
        self.log.add(f"{self.seats[self.match.state.to_move].name} takes back: {self.action_words(action)}.", palette.TEXT_DIM)
        self.after_undo()
        self.sync()
        self._sync_undo_buttons()
        return True

    def redo(self) -> bool:
        if self.busy or self.replay is not None or not self.match.can_redo():
            return False
        self._after(self.match.redo())
        return True

    def after_undo(self) -> None:
        """The state went back one action without events: clear selections and previews."""

    def _sync_undo_buttons(self) -> None:
        if self.undo_button is None:
            return
        reason = None if self.busy else self.why_no_undo()
        key = (self.busy, reason, self.match.can_redo(), self.replay is None)
        if key == self._undo_key:
            return
        self._undo_key = key
        if reason is None and not self.busy:
            self.undo_button.enable()
            self.undo_button.set_tooltip("Take back your last step (Ctrl+Z)")
        else:
            self.undo_button.disable()
            self.undo_button.set_tooltip(reason or "Wait for the animation to end.")
        if self.redo_button is not None:
            if self.match.can_redo() and not self.busy and self.replay is None:
                self.redo_button.enable()
            else:
                self.redo_button.disable()

    # -- playing -------------------------------------------------------------------------
    def act(self, action, *more) -> bool:
        """Play an action for the seat to move. A refusal shows the rules' reason and changes nothing.

        `more`: further actions of the same gesture (the steps of a walk), played right after it
        while the rules accept them; the first one refused ends the gesture quietly (a failed
        dodge roll stops a walk). All their events animate in order.
        """
        if self.busy or self.match.over:
            return False
        try:
            events = self.match.play(action)
        except IllegalAction as e:
            self.flash(e.reason)
            return False
        numbered = [(len(self.match.actions), e) for e in events]
        for extra in more:
            if self.match.over:
                break
            try:
                more_events = self.match.play(extra)
            except IllegalAction:
                break
            numbered += [(len(self.match.actions), e) for e in more_events]
        self._after([e for _, e in numbered], numbered)
        return True

    def _after(self, events: list, numbered: list | None = None) -> None:
        self.write_autosave()
        n = len(self.match.actions)
        self.history.extend(numbered if numbered is not None else [(n, e) for e in events])
        self.before_animations(events)
        self.player.play(events, then=self._settled)

    def before_animations(self, events: list) -> None:
        """Called after an action is played and before its events animate (e.g. clear selections)."""

    def write_autosave(self) -> None:
        if not self.autosave:
            return
        if self.match.over:
            return
        save = self.match.save()
        save.table["progress"] = self.progress()
        message = saves.write_autosave(save)
        if getattr(self.app, "autoplay", False) and message is None:
            print(f"autosaved {len(save.actions)}", flush=True)
        if message:
            self.save_warning = message
            self.flash(message)
        else:
            self.save_warning = None

    def _settled(self) -> None:
        """Animations are done: show the engine's view, then see who decides next."""
        if self.replay is not None:
            self.shown = self.match.view(self.viewer)
            self.sync()
            return
        if self.match.over:
            self.shown = self.match.view(self.viewer)
            self.sync()
            self._game_over()
            return
        decision = self.match.decision()
        seat = decision.seat
        if seat is not None and self.seats[seat].human and seat != self.viewer:
            if decision.private:
                self._set_viewer(None)
                self.app.push(HandOffScene(self.app, self.seats[seat].name, self.seats[seat].colour,
                                           lambda s=seat: self._set_viewer(s), reason=self.named(decision.prompt)))
                return
            if self.viewer is not None:
                self._set_viewer(None)
                return
        self.shown = self.match.view(self.viewer)
        self.sync()
        if seat is not None and not self.seats[seat].human:
            # The bot thinks during the visible delay and plays once both are over, so a seat with
            # a real choice (which takes thought) and one with a single move take the same time.
            self._bot_wait = self.bot_delay
            self.bot_move()

    def _set_viewer(self, seat: int | None) -> None:
        changed = seat != self.viewer
        self.viewer = seat
        self.shown = self.match.view(seat)
        if changed:
            self._rebuild_log()
        self.sync()

    # -- the log -------------------------------------------------------------------------
    def _replay_history(self) -> None:
        """A game resumed from a save: rebuild its events (replaying its actions) so its log is back."""
        for n, action in enumerate(self.match.actions):
            try:
                _, events = self.rules.apply(self.match.state_after(n), action)
            except IllegalAction:  # cannot happen for a replayed save; the log is only cosmetic
                break
            self.history.extend((n + 1, e) for e in events)
        self._rebuild_log()

    def log_line(self, event) -> str:
        seen = self.rules.redact(event, self.viewer)
        return self.named(self.rules.describe(seen, self.match.state))

    def named(self, text: str) -> str:
        """A rules text (a prompt, a log line) with the players called as the table named them;
        a board whose rules say "Player N" overrides it."""
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

    def _rebuild_log(self) -> None:
        lines = []
        for _, event in self.history:
            line = self.log_line(event)
            if line:
                lines.append((line, self.log_colour(event)))
        self.log.reset(lines)

    # -- messages ------------------------------------------------------------------------
    def flash(self, text: str, colour=palette.BLOCKED) -> None:
        self.flash_text, self.flash_colour, self.flash_left = text, colour, FLASH_SECONDS

    # -- bots ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        self.log.flush()
        self._sync_undo_buttons()
        if self.replay is not None:
            self.replay.update(dt)
        if self.flash_left > 0:
            self.flash_left -= dt
            if self.flash_left <= 0:
                self.flash_text = None
        if self._bot_wait is not None and not self.busy:
            speed = self.app.settings.speed
            self._bot_wait -= dt * (speed if speed != float("inf") else 1e9)
            if self._bot_wait <= 0:
                self._bot_wait = None
        if self._thinking is not None and self._bot_wait is None:
            self._collect_bot_move()
        if self._suggesting is not None:
            self._collect_suggestion()
        self._sync_suggest_button()

    def bot_move(self) -> None:
        """Let the bot of the seat to move choose from that seat's view, in a thread so frames go on."""
        seat = self.match.state.to_move
        bot = self.bots.get(seat) if seat is not None else None
        if bot is None or self._thinking is not None:
            return
        self._thinking = self._think(bot, seat, Rng(len(self.match.actions) * 7919 + self.match.seed))

    def _think(self, bot, seat: int, rng: Rng) -> tuple:
        """Start `bot` choosing from `seat`'s own view in a thread, so frames go on:
        (the thread, the list its answer goes into, how many actions the game had)."""
        view = self.match.view(seat)
        legal = self.match.legal_actions()
        result: list = []
        worker = threading.Thread(target=lambda: result.append(bot.choose(view, seat, legal, rng)), daemon=True)
        worker.start()
        return worker, result, len(self.match.actions)

    def _collect_bot_move(self) -> None:
        worker, result, at = self._thinking
        if worker.is_alive():
            return
        self._thinking = None
        if result and at == len(self.match.actions) and not self.match.over:
            action, _reason = result[0]
            self.act(action)

    # -- suggestions -----------------------------------------------------------------------
    def suggest(self) -> None:
        """Ask the Hard computer player, from the deciding human's own view, what it would play."""
        seat = self.match.state.to_move
        if self.locked or seat is None or self._suggesting is not None:
            return
        bot = make_bot("hard", self.rules)
        self.suggest_button.set_text("Thinking…")
        self.suggest_button.disable()
        self._suggesting = self._think(bot, seat, Rng(len(self.match.legal_actions()) + 17))

    def _collect_suggestion(self) -> None:
        worker, result, at = self._suggesting
        if worker.is_alive():
            return
        self._suggesting = None
        self.suggest_button.set_text("Suggest")
        if result and at == len(self.match.actions):
            action, reason = result[0]
            self.suggested = action
            self.show_suggestion(action, reason)

    def show_suggestion(self, action, reason: str) -> None:
        """Show what the computer would play (a board may highlight it); it is never played for the player."""
        words = self.action_words(action)
        if reason.startswith(str(action)):
            reason = words + reason[len(str(action)):]
        self.flash(f"Suggestion: {reason}", palette.GOLD)
        grid = getattr(self, "grid", None)
        cells = self.suggestion_cells(action)
        if grid is not None and cells:
            grid.set_layer("target", cells)

    def action_words(self, action) -> str:
        """An action in words: the rules' `action_text(state, action)` when they have one."""
        text = getattr(self.rules, "action_text", None)
        return text(self.match.state, action) if text is not None else str(action)

    def suggestion_cells(self, action) -> list:
        """Cells to outline for a suggested action: by default the last two whole numbers of its text form."""
        grid = getattr(self, "grid", None)
        args = [a for a in action.args if isinstance(a, int)]
        if grid is None or len(args) < 2 or not grid.in_board((args[-2], args[-1])):
            return []
        return [(args[-2], args[-1])]

    def _sync_suggest_button(self) -> None:
        if self.suggest_button is None or self._suggesting is not None:
            return
        seat = self.match.state.to_move
        usable = not self.locked and seat is not None and self.seats[seat].human
        if usable != self.suggest_button.is_enabled:
            if usable:
                self.suggest_button.enable()
            else:
                self.suggest_button.disable()

    # -- the end -------------------------------------------------------------------------
    def _game_over(self) -> None:
        if self._ended:
            return
        self._ended = True
        if self.autosave:
            try:
                saves.discard_autosave(self.rules.GAME_ID)
            except Exception as e:  # noqa: BLE001 - the game is over either way; say so, never crash
                self.flash(str(e))
        outcome = self.match.outcome()
        if outcome is None or not outcome.winners:
            title = "No winner"
        else:
            title = " and ".join(self.seats[w].name for w in outcome.winners) + (" wins!" if len(outcome.winners) == 1 else " win!")
        reason = self.named(outcome.reason) if outcome is not None else ""
        self.app.play_sound("victory")
        self.app.push(GameOverScene(self.app, self, title, reason, self.end_lines()))

    # -- the shared animations -------------------------------------------------------------
    def _anim_dice(self, event: DiceRolled) -> Anim | None:
        dice = self.dice_for(event)
        if not dice:
            return None
        sound = [True]

        def once() -> None:
            if sound:
                sound.clear()
                self.app.play_sound("dice_roll")

        return Parallel(*(d.roll(f, 0.7 + 0.06 * i, on_sound=once) for i, (d, f) in enumerate(zip(dice, event.faces))))

    def _anim_moved(self, event: Moved) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None:
            return None
        points = [self.point_of(p) for p in event.path[1:]]
        points = [p for p in points if p is not None]
        if not points:
            return None
        if event.cause in ("teleport", "swap"):
            return Call(lambda: standee.move_to(points[-1]))
        step = 0.1 if event.cause == "slide" else 0.16
        return standee.slide(points, step_time=step, on_step=lambda: self.app.play_sound("move"))

    def _anim_damaged(self, event: Damaged) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None or event.amount <= 0:
            return None
        pos = (int(standee.pos[0]), int(standee.pos[1]) - standee.height)
        return Parallel(standee.hit(), self.floaters.pop(f"-{event.amount}", pos), Call(lambda: self.app.play_sound("hit")))

    def _anim_healed(self, event: Healed) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None or event.amount <= 0:
            return None
        pos = (int(standee.pos[0]), int(standee.pos[1]) - standee.height)
        return self.floaters.pop(f"+{event.amount}", pos, colour=palette.LEGAL)

    def _anim_ko(self, event: KnockedOut) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None:
            return None
        return Sequence(Call(lambda: self.app.play_sound("ko")), standee.knock_out())

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            self._backdrop = pygame.Surface(surface.get_size()).convert()
            self.draw_backdrop(self._backdrop)
        surface.blit(self._backdrop, (0, 0))
        self.draw_board(surface)
        self.floaters.draw(surface)
        self.draw_status(surface)

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.replay is not None:
            return self.replay.status(), palette.GOLD
        if self.match.over:
            return "The game is over.", palette.GOLD
        decision = self.match.decision()
        seat = decision.seat
        colour = self.seats[seat].colour if seat is not None else palette.TEXT
        if seat is not None and not self.seats[seat].human:
            return f"{self.seats[seat].name} (computer) is thinking…", colour
        return self.named(decision.prompt), colour

    def draw_status(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        bar = pygame.Rect(0, 0, w, STATUS_HEIGHT)
        pygame.draw.rect(surface, palette.PANEL, bar)
        pygame.draw.line(surface, palette.PANEL_EDGE, bar.bottomleft, bar.bottomright)
        text, colour = self.status_text()
        pygame.draw.rect(surface, colour, pygame.Rect(0, 0, 10, STATUS_HEIGHT))
        right = self.status_right()
        if self.busy and self.replay is None:
            hint = ui.render("Click or Space to skip", 14, palette.TEXT_DIM)
            right -= hint.get_width() + 16
            surface.blit(hint, hint.get_rect(midleft=(right + 8, STATUS_HEIGHT // 2)))
        ui.text(surface, ui.fit(text, 20, right - 34, bold=True), (22, STATUS_HEIGHT // 2), 20, palette.TEXT, bold=True,
                anchor="midleft")
        if self.flash_text:
            lines = ui.wrap(self.flash_text, 17, w - 140)[:3]
            width = 32 + max(ui.render(line, 17, palette.TEXT).get_width() for line in lines)
            box = pygame.Rect(0, 0, width, 14 + 24 * len(lines))
            box.midtop = (w // 2, STATUS_HEIGHT + 8)
            ui.panel(surface, box, colour=palette.BG_LIGHT, edge=self.flash_colour, radius=10)
            for i, line in enumerate(lines):
                ui.text(surface, line, (box.centerx, box.top + 7 + 24 * i), 17, palette.TEXT, anchor="midtop")

    def status_right(self) -> int:
        """The x where the status line's text must stop: left of any kit button in the bar."""
        right = self.app.size[0]
        bar = pygame.Rect(0, 0, right, STATUS_HEIGHT)
        for rect in self.bar_rects():
            if bar.colliderect(rect):
                right = min(right, rect.left)
        return right

    def bar_rects(self) -> list[pygame.Rect]:
        rects = [pygame.Rect(self.undo_rect)] if self.undo_rect is not None else []
        if getattr(self, "suggest_button", None) is not None:
            rects.append(self.suggest_button.rect)
        if self.replay is not None:
            rects += [b.rect for b in self.replay.buttons]
        return rects


class RandomPlayer:
    """A computer player that picks uniformly among the legal actions (the arena's 'random')."""

    def choose(self, view, seat, legal, rng):
        return legal[rng.below(len(legal))], "a random legal move"


def make_bot(level: str, rules) -> Any:
    """The computer player of a seat: the bots of game.bots when present, else a random player."""
    if level != "random":
        try:
            from game import bots
        except ImportError:
            bots = None
        if bots is not None:
            options = {"seconds": 0.8, "clock": time.perf_counter} if level == "hard" else {}
            try:
                return bots.make_bot(level, rules.GAME_ID, **options)
            except LookupError:  # no bots for this game (the showcase's demo rules)
                pass
    return RandomPlayer()


def has_bots(rules) -> bool:
    """Whether game.bots has computer players for this game (the Suggest button needs them)."""
    try:
        from game import bots

        bots.kit(rules.GAME_ID)
    except (ImportError, LookupError):
        return False
    return True


class GameOverScene(Overlay):
    """The end screen over the board: who won and why, extra lines, Play again and Main menu."""

    width, height = 560, 480
    title = "Game over"

    def __init__(self, app, board: BoardScene, headline: str, reason: str, lines: list[str]):
        super().__init__(app)
        self.board = board
        self.headline = headline
        self.reason = reason
        self.lines = lines

    def on_enter(self) -> None:
        labels = (["Play again"] if self.board.has_play_again else []) + ["Watch the replay", "Main menu"]
        buttons = self.button_column(labels, self.box.bottom - 20 - len(labels) * 66)
        self.actions = dict(zip(buttons, labels))

    def on_escape(self) -> None:
        pass  # the game is over: the only ways on are the buttons

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.app.play_sound("click")
            label = self.actions[event.ui_element]
            if label == "Play again":
                scene = self.board.play_again()
                if scene is not None:
                    self.app.stack.reset(scene)
                    return True
            if label == "Watch the replay":
                from scenes.board.saveload import start_replay

                if start_replay(self.app, self.board.match):
                    return True
            from scenes.menu import MenuScene

            self.app.stack.reset(MenuScene(self.app))
            return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        ui.text(surface, self.headline, (self.box.centerx, self.box.top + 70), 34, palette.GOLD, bold=True, shadow=True,
                anchor="midtop")
        y = self.box.top + 120
        for line in ui.wrap(self.reason, 19, self.box.width - 60):
            ui.text(surface, line, (self.box.centerx, y), 19, palette.TEXT, anchor="midtop")
            y += 26
        for line in self.lines:
            ui.text(surface, line, (self.box.centerx, y), 17, palette.TEXT_DIM, anchor="midtop")
            y += 24


class ReplayControl:
    """Steps a board through a finished or saved game: first, back, next, last, play at a chosen speed."""

    SPEEDS = (0.5, 1.0, 2.0, 4.0)
    PAUSE = 0.6  # seconds between two actions while playing, at speed 1

    def __init__(self, board: BoardScene, actions):
        self.board = board
        self.actions = list(actions)
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0
        self.buttons: dict[Any, str] = {}

    @property
    def position(self) -> int:
        return len(self.board.match.actions)

    def build(self, manager) -> None:
        w = self.board.app.size[0]
        labels = ["First", "Back", "Next", "Last", "Play", "1×"]
        x = w - 8 - len(labels) * 74
        for label in labels:
            b = UIButton(pygame.Rect(x, 4, 70, STATUS_HEIGHT - 8), label, manager)
            self.buttons[b] = label
            x += 74

    def owns(self, event) -> bool:
        """The event is for the control bar (a click on it, or one of its buttons pressed)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return event.ui_element in self.buttons
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        return any(b.rect.collidepoint(event.pos) for b in self.buttons)

    def press(self, element) -> bool:
        label = self.buttons.get(element)
        if label is None:
            return False
        self.board.app.play_sound("click")
        if label == "First":
            self.goto(0)
        elif label == "Back":
            self.goto(self.position - 1)
        elif label == "Next":
            self.forward()
        elif label == "Last":
            self.goto(len(self.actions))
        elif label in ("Play", "Pause"):
            self.playing = not self.playing
            if self.playing and self.position >= len(self.actions):
                self.goto(0)
            self.wait = 0.0
            element.set_text("Pause" if self.playing else "Play")
        else:
            self.speed = self.SPEEDS[(self.SPEEDS.index(self.speed) + 1) % len(self.SPEEDS)]
            element.set_text(f"{self.speed:g}×")
        return True

    def forward(self) -> None:
        board = self.board
        board.timeline.skip()
        if self.position >= len(self.actions):
            return
        board._after(board.match.play(self.actions[self.position]))

    def goto(self, n: int) -> None:
        """Jump to the state after the first n actions, without animating; the log follows."""
        board = self.board
        n = max(0, min(n, len(self.actions)))
        board.timeline.skip()
        match = Match.new(board.rules, board.match.setup, board.match.seed)
        match.table = board.match.table
        history = []
        for i, action in enumerate(self.actions[:n], 1):
            history.extend((i, e) for e in match.play(action))
        board.match = match
        board.history = history
        board.shown = match.view(board.viewer)
        board._rebuild_log()
        board.sync()

    def update(self, dt: float) -> None:
        if not self.playing or self.board.busy:
            return
        self.wait += dt * self.speed
        if self.wait < self.PAUSE:
            return
        self.wait = 0.0
        if self.position >= len(self.actions):
            self.playing = False
            for b, label in self.buttons.items():
                if label in ("Play", "Pause"):
                    b.set_text("Play")
            return
        self.forward()

    def status(self) -> str:
        text = f"Replay — move {self.position} of {len(self.actions)}"
        outcome = self.board.match.outcome()
        if outcome is not None and self.position >= len(self.actions):
            names = " and ".join(self.board.seats[w].name for w in outcome.winners) or "Nobody"
            text += f": {names} won"
        return text
