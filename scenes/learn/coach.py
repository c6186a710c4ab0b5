"""The coach: a lesson run on a real scene (a game's board, the Khrysos map builder), through the scene's hooks.

It sits in `scene.coach` and does five things, nothing else:

- `hotspots(host)`: after the scene has filled its hotspots, every clickable one the step does
  not ask for is greyed with the step's one-line reason (the kit then refuses its click with that
  reason and changes nothing); the one to click now gets a gold ring; the lesson's own panel and
  buttons (Next, Leave, and at the end Play on, Next lesson, All lessons) are added last.
- `refusal(host, moves)`: vetoes any move of the learner the step does not ask for (the rules
  still judge the rest: a lesson plays through the normal `Match.play`, or the builder's edits).
- `settled(host)`: after every settle, counts the learner's moves and moves on to the next step
  once the step's moves are played, the computers' scripted moves are done and the step's
  `until` holds on the scene's position (asked of the rules).
- `draw(surface, scene)`: the panel, the ring on what to click (a hotspot of the scene, or a
  `choice:N` of a board's choice overlay) and the outlines of what to look at.
- computer seats play the step's scripted moves (`LessonBot`), then the lesson's default kinds,
  then their real level.

The scene it teaches on is its **host** (`Host`): a small protocol a game's `BoardScene` and the
map builder both implement, so there is one coach for every kind of scene. The steps, texts and
moves come from the lesson file (`game.learn`); where the learner is in it is the lesson's `Progress` (`game.learn.progress`,
pure), which the coach holds and shows.
"""

from __future__ import annotations

from typing import Any, Protocol
from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton, UIImage

from game.core.actions import Action
from game.learn import ALWAYS_ALLOWED, NO_UNDO, PLACES, Lesson, LessonBot, Progress
from scenes import palette, ui
from scenes.learn import marked, offscript
from scenes.learn.pointer import ring

PANEL_W = 372
LAYER = 20  # the panel and its buttons sit above every widget of the board
TEXT_SIZE = 16
LINE = 22
PAD = 14
BUTTON_H = 38
MARGIN = 8
OWN = "lesson:"
WATCH = "Watch: the computer is playing its turn. The lesson goes on when it is your turn again."
LABELS = {"play_on": "Play on", "next_lesson": "Next lesson", "list": "Lessons", "leave": "Leave", "next": "Next"}


def _glossary(game_id: str):
    try:
        from game import learn

        return learn.glossary(game_id)
    except (LookupError, ValueError):
        return None


class Host(Protocol):
    """What the coach asks of the scene it teaches on (a game's board, the map builder).

    Besides `app`, `ui` (its pygame-gui manager), `spots` (its hotspots) and `refresh_hotspots()`
    (fill them again; the host calls `coach.hotspots(self)` last), a host answers:"""

    app: Any
    spots: Any
    ui: Any

    def refresh_hotspots(self) -> None: ...

    def coach_history(self) -> list:
        """Every move made on the scene so far, in order (a match's actions, the builder's edits)."""

    def coach_learner_decides(self) -> bool:
        """The learner is the one to move now (not a computer seat)."""

    def coach_learner_turn(self) -> bool:
        """The scene waits for the learner (or its game is over): a step may end now."""

    def coach_over(self) -> bool:
        """The game on the scene is over (nothing to play on)."""

    def coach_others_playing(self) -> bool:
        """Computer seats are to play before the learner (Next waits for them)."""

    def coach_quiet(self, overlay: bool) -> bool:
        """Nothing to point at now (animations play, the scene is held); `overlay`: drawn from an overlay."""

    def coach_install(self, coach: Coach) -> None:
        """The coach has just come on (a board gives its computer seats to the lesson's script)."""

    def coach_holds(self, condition: str) -> bool:
        """Whether a step's `until` holds on the scene's position now, as the rules answer it."""

    def coach_free(self, key: str) -> bool:
        """A step of free moves (`kinds`) leaves this hotspot usable (the builder's tiles and slots)."""

    def coach_keep_clear(self) -> list:
        """Rects the panel must never cover (a board's bar of buttons)."""

    def coach_panel(self, height: int) -> pygame.Rect | None:
        """Where the panel of this height goes, when the scene keeps a place for it (else None)."""


class Coach:
    """A lesson attached to a board (see the module docstring): its progress (`game.learn.Progress`) on screen."""

    def __init__(self, lesson: Lesson, *, number: int = 1, of: int = 1, on_leave: Callable[[], None] | None = None,
                 on_next: Callable[[], None] | None = None, on_list: Callable[[], None] | None = None,
                 on_done: Callable[[], str | None] | None = None, on_play_on: Callable[[Any], None] | None = None):
        self.progress = Progress(lesson)
        self.number, self.of = number, of
        self.on_leave, self.on_next, self.on_list = on_leave, on_next, on_list
        self.on_done, self.on_play_on = on_done, on_play_on
        self.save_problem: str | None = None
        self.glossary = _glossary(lesson.game)
        self.buttons: dict[str, UIButton] = {}
        self.panel = pygame.Rect(0, 0, PANEL_W, 100)
        self.width = PANEL_W  # the panel's width (a host that keeps a place for the panel may set its own)
        self.play_on_words = (LABELS["play_on"], "Go on with this game as a normal game (saved like any), without the lesson")
        self._panel_img: pygame.Surface | None = None
        self.panel_widget: UIImage | None = None
        self._panel_key: tuple | None = None
        self._terms: list[marked.Marked] = []
        self._installed = False
        self.board: Any = None

    # -- where the lesson is (its progress's answers) ----------------------------------------------
    lesson = property(lambda self: self.progress.lesson)
    step = property(lambda self: self.progress.step)
    index = property(lambda self: self.progress.index)
    finished = property(lambda self: self.progress.finished)
    history = property(lambda self: self.progress.history)
    queue = property(lambda self: self.progress.queue)
    pointer = property(lambda self: self.progress.pointer, lambda self, v: setattr(self.progress, "pointer", v))
    gesture_from = property(lambda self: self.progress.gesture_from,
                            lambda self, v: setattr(self.progress, "gesture_from", v))
    said = property(lambda self: self.progress.said, lambda self, v: setattr(self.progress, "said", v))
    over_reason = property(lambda self: self.progress.over_reason,
                           lambda self, v: setattr(self.progress, "over_reason", v))

    def target(self) -> str | None:
        return self.progress.target()

    def keys_now(self) -> list[str]:
        return self.progress.keys_now()

    # -- the kit's hooks -------------------------------------------------------------------------
    def why_no_undo(self, host) -> str | None:
        return NO_UNDO

    def refusal(self, host: Host, actions) -> str | None:
        """Why the lesson vetoes this gesture of the learner now (None: the rules may judge it)."""
        if not host.coach_learner_decides():
            return None  # the computers play the lesson's script
        legal = getattr(getattr(host, "snap", None), "legal", ())  # a game's board knows what the rules allow now
        said = self.progress.refusal(actions, legal)
        return offscript.gesture_reason(self, host, list(actions), said) if said == self.progress.reason() else said

    def vetoed(self, host: Host, reason: str, back_to: int = 0) -> None:
        """A gesture was vetoed: start the step's clicks again from the first (or from `back_to`, the first of
        the gesture, where a step asks for several)."""
        self.progress.say(reason)
        self.progress.pointer = back_to
        host.refresh_hotspots()

    def touched(self, key: str) -> None:
        self.progress.touched(key)

    def say(self, text: str) -> None:
        self.progress.say(text)

    def settled(self, host: Host) -> None:
        self.board = host
        if not self._installed:
            self._installed = True
            host.coach_install(self)
        self.progress.count(host.coach_history(), host.coach_learner_decides())
        # the rules say when a step's `until` holds
        if self.progress.step_done(host.coach_holds) and host.coach_learner_turn():
            self.advance(host)

    def bot(self, fallback: Any) -> LessonBot:
        """A computer seat's player while the lesson lasts (its script first, then `fallback`, its real level)."""
        return LessonBot(self.progress, fallback)

    def computer_move(self, legal: list) -> Action | None:
        return self.progress.computer_move(legal)

    def advance(self, board) -> None:
        """On to the next step (or the end of the lesson)."""
        if self.progress.finished:
            return
        completed = self.progress.advance()
        self._panel_key = None
        if completed and self.on_done is not None:
            self.save_problem = self.on_done()
        board.refresh_hotspots()

    def next_clicked(self) -> None:
        board = self.board  # the host
        if board is None or self.step is None or not self.step.narration:
            return
        board.app.play_sound("click")
        self.advance(board)

    # -- hotspots --------------------------------------------------------------------------------
    def hotspots(self, board: Host) -> None:
        self.board = board
        spots = board.spots
        step = self.step
        target = self.target()
        reason = self.progress.reason()
        same = set(board.coach_same(target)) if target is not None and hasattr(board, "coach_same") else set()
        for spot in list(spots):
            if spot.key.startswith(OWN) or spot.key.startswith(ALWAYS_ALLOWED):
                continue
            if (spot.key == target or spot.key in same) and spot.enabled:
                if spot.click is not None:  # else the host's own gesture says so (`touched`)
                    spot.click = self._advancing(spot.click)
                continue
            if step is not None and step.kinds and board.coach_free(spot.key):
                continue
            if spot.enabled and (spot.click is not None or spot.right_click is not None or spot.widget is not None):
                spot.enabled, spot.reason = False, offscript.spot_reason(self, board, spot.key, reason)
        self._layout(board)
        self._own_hotspots(board)

    def _advancing(self, click):
        def go() -> None:
            self.progress.clicked_target()
            if click is not None:
                click()
        return go

    def _own_hotspots(self, board) -> None:
        spots = board.spots
        # The panel takes its clicks (nothing under it is hit) but has no tip: its heading says what a tip would,
        # and a tip drawn at the mouse after Next would hide the very note the learner is to read.
        spots.add(f"{OWN}panel", self.panel, [], click=lambda: None, always=True)
        # No tip hides the note being read, nor what it rings or outlines (the ring's arrow included).
        shown = [spots.get(k) for k in self.keys_now()]
        spots.keep_clear = [pygame.Rect(self.panel)] + [s.rect.inflate(24, 70) for s in shown if s is not None]
        marked.add_term_spots(spots, self._terms, prefix=f"{OWN}term")
        for spot in list(spots):
            if spot.key.startswith(f"{OWN}term"):
                spot.always = True
        for key, (label, tip, click, enabled, reason, always) in self._button_specs(board).items():
            spots.add(f"{OWN}{key}", None, tip, click=click, widget=self._button(board, key, label), enabled=enabled,
                      reason=reason, always=always)

    def _button_specs(self, board) -> dict:
        specs: dict[str, tuple] = {}
        if self.finished:
            over = board.coach_over()
            if self.lesson.playable and not over and self.on_play_on is not None:
                label, tip = self.play_on_words
                specs["play_on"] = (label, tip, lambda: self.on_play_on(board), True, None, True)
            if self.on_next is not None:
                specs["next_lesson"] = (LABELS["next_lesson"], "Start the next lesson", self.on_next, True, None, True)
            specs["list"] = (LABELS["list"], "Back to the list of lessons", self.on_list or self.on_leave, True, None, True)
            return specs
        specs["leave"] = (LABELS["leave"], "Leave the lesson (nothing is saved; it can be taken again from the list)",
                          self.on_leave, True, None, True)
        step = self.step
        if step.narration:
            wait = self._waiting(board)
            specs["next"] = (LABELS["next"], "On to the next step of the lesson", self.next_clicked, wait is None, wait, False)
        return specs

    def _waiting(self, board: Host) -> str | None:
        """Why Next cannot be clicked yet (the computers are still playing their scripted moves)."""
        return self.progress.waiting(board.coach_others_playing())

    def _button(self, board, key: str, label: str) -> UIButton:
        rect = self._button_rects().get(key, pygame.Rect(0, 0, 10, 10))
        button = self.buttons.get(key)
        if button is None or not button.alive():
            button = self.buttons[key] = UIButton(rect, label, board.ui, starting_height=LAYER + 1,
                                                  object_id="@game_button" if key in ("next", "play_on", "next_lesson")
                                                  else None)
        elif pygame.Rect(button.rect) != rect:
            button.set_relative_position(rect.topleft)
            button.set_dimensions(rect.size)
        return button

    def _button_rects(self) -> dict[str, pygame.Rect]:
        p = self.panel
        y = p.bottom - PAD - BUTTON_H
        if self.finished:
            # Each button as wide as its label needs, the room left shared out.
            keys = [k for k in ("play_on", "next_lesson", "list") if k in self._specs_keys]
            words = {**LABELS, "play_on": self.play_on_words[0]}
            needs = [ui.render(words[k], 20, palette.TEXT, True).get_width() + 20 for k in keys]
            spare = max(0, p.width - 2 * PAD - 8 * (len(keys) - 1) - sum(needs)) // max(1, len(keys))
            rects, x = {}, p.left + PAD
            for k, need in zip(keys, needs):
                rects[k] = pygame.Rect(x, y, need + spare, BUTTON_H)
                x += need + spare + 8
            return rects
        return {"leave": pygame.Rect(p.left + PAD, y, 100, BUTTON_H),
                "next": pygame.Rect(p.right - PAD - 130, y, 130, BUTTON_H)}

    def remove(self) -> None:
        """The lesson is over on this board: its widgets go (the board then plays as a normal game)."""
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()
        if self.panel_widget is not None:
            self.panel_widget.kill()
            self.panel_widget = None

    # -- the panel -------------------------------------------------------------------------------
    def _lines(self) -> tuple[str, str, str]:
        step = self.step
        if self.finished:
            head = "Lesson complete"
            body = self.lesson.done
            if self.save_problem:
                body += " " + self.save_problem
        else:
            head = f"Step {self.index + 1} of {len(self.lesson.steps)}"
            body = step.say
            board = self.board
            if board is not None and not step.narration and step.do and len(self.progress.mine) >= len(step.do) \
                    and board.coach_others_playing():
                body = WATCH  # the step's own move is made: its instruction is done
        return head, body, self.said or ""

    def _layout(self, board) -> None:
        """Size the panel for its text and put it where it hides nothing the lesson shows."""
        head, body, said = self._lines()
        specs = self._button_specs(board)
        self._specs_keys = list(specs)
        key = (head, body, said, tuple(self._specs_keys), self.pointer, self.index)
        width = self.width - 2 * PAD
        layout = marked.layout_marked(body, self.glossary, TEXT_SIZE, width)
        said_lines = ui.wrap(said, 15, width) if said else []
        height = PAD + 20 + 26 + LINE * len(layout) + 18 * len(said_lines) + 12 + BUTTON_H + PAD
        self.panel = self._place(board, pygame.Rect(0, 0, self.width, height))
        if key != self._panel_key or self._panel_img is None or self._panel_img.get_size() != self.panel.size:
            self._panel_key = key
            self._render(head, body, said_lines)
            self._show_panel(board)
        elif pygame.Rect(self.panel_widget.rect) != self.panel:
            self._show_panel(board)

    def _show_panel(self, board) -> None:
        """The panel is a pygame-gui image on a high layer, so its buttons (one layer up) draw above it."""
        widget = self.panel_widget
        if widget is None or not widget.alive():
            self.panel_widget = UIImage(self.panel, self._panel_img, board.ui, starting_height=LAYER)
            return
        widget.set_relative_position(self.panel.topleft)
        widget.set_dimensions(self.panel.size)
        widget.set_image(self._panel_img)

    def _avoid(self, board) -> list[pygame.Rect]:
        rects = []
        step = self.step
        keys = list(step.point) + list(step.look) if step is not None else []
        for k in keys:
            spot = board.spots.get(k)
            if spot is not None:
                rects.append(spot.rect.inflate(24, 24))
        return rects

    def _place(self, board, box: pygame.Rect) -> pygame.Rect:
        kept = board.coach_panel(box.height)
        if kept is not None:
            return pygame.Rect(kept)
        w, h = board.app.size
        step = self.step
        log = pygame.Rect(getattr(board, "log_rect", None) or (w - box.width - MARGIN, 0, box.width, h - MARGIN))
        spots_at = {
            "log": pygame.Rect(min(max(MARGIN, log.right - box.width), w - box.width - MARGIN),
                               min(log.bottom, h - MARGIN) - box.height, box.width, box.height),
            "bottom-right": pygame.Rect(w - box.width - MARGIN, h - box.height - MARGIN, box.width, box.height),
            "bottom-left": pygame.Rect(MARGIN, h - box.height - MARGIN, box.width, box.height),
            "top-right": pygame.Rect(w - box.width - MARGIN, 52, box.width, box.height),
            "top-left": pygame.Rect(MARGIN, 52, box.width, box.height),
            "middle-right": pygame.Rect(w - box.width - MARGIN, (h - box.height) // 2, box.width, box.height),
            "middle-left": pygame.Rect(MARGIN, (h - box.height) // 2, box.width, box.height),
        }
        avoid = self._avoid(board) + [pygame.Rect(r) for r in board.coach_keep_clear()]
        small = [s for s in board.spots if not s.key.startswith(OWN) and s.rect.width * s.rect.height < w * h // 6
                 and (s.widget is None or s.widget.visible)]
        # Never over a control: a labelled one (a button, greyed or not) or one that can be clicked now.
        controls = [s.rect for s in small if s.widget is not None or s.label is not None
                    or (board.spots.is_enabled(s) and (s.click is not None or s.right_click is not None))]
        hard = avoid + controls
        others = [s.rect for s in small]
        wanted = step.panel if step is not None else None
        if wanted in spots_at and spots_at[wanted].collidelist(hard) < 0:
            return spots_at[wanted]
        # Else the first of the usual places that covers no control and the least of what the board shows...
        best, best_cost = None, None
        for i, name in enumerate(PLACES):
            rect = spots_at[name]
            rect.top = max(rect.top, 50)
            if rect.collidelist(hard) >= 0:
                continue
            cost = sum(rect.clip(o).width * rect.clip(o).height for o in others) + i
            if best_cost is None or cost < best_cost:
                best, best_cost = rect, cost
        if best is not None:
            return best
        # ... or, when none is free, the free place beside the controls that covers the fewest things shown.
        xs = {MARGIN, w - box.width - MARGIN} | {r.right + 6 for r in hard} | {r.left - box.width - 6 for r in hard}
        ys = {50, h - box.height - MARGIN} | {r.bottom + 6 for r in hard} | {r.top - box.height - 6 for r in hard}
        room = pygame.Rect(MARGIN, 50, w - 2 * MARGIN, h - 50 - MARGIN)
        for x in sorted(xs, reverse=True):
            for y in sorted(ys, reverse=True):
                rect = pygame.Rect(x, y, box.width, box.height)
                if not room.contains(rect) or rect.collidelist(hard) >= 0:
                    continue
                cost = len(rect.collidelistall(others))
                if best_cost is None or cost < best_cost:
                    best, best_cost = rect, cost
        if best is not None:
            return best
        return spots_at[wanted] if wanted in spots_at else spots_at[PLACES[0]]

    def _render(self, head: str, body: str, said_lines: list[str]) -> None:
        img = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        ui.panel(img, img.get_rect(), colour=palette.BG_LIGHT, edge=palette.GOLD, radius=12, shadow=0)
        ui.text(img, f"Lesson {self.number} of {self.of} · {head}", (PAD, PAD - 2), 13, palette.TEXT_DIM)
        ui.text(img, ui.fit(self.lesson.title, 19, self.width - 2 * PAD, bold=True), (PAD, PAD + 16), 19, palette.GOLD,
                bold=True)
        top = PAD + 46
        used, hits = marked.draw_marked_paragraph(img, body, (PAD, top), self.width - 2 * PAD, self.glossary, TEXT_SIZE,
                                                  line_height=LINE)
        for i, line in enumerate(said_lines):
            ui.text(img, line, (PAD, top + used + 4 + 18 * i), 15, (255, 170, 160))
        self._panel_img = img
        self._terms = [marked.Marked(m.rect.move(self.panel.topleft), m.term) for m in hits]

    # -- drawing ---------------------------------------------------------------------------------
    def labelled(self, on: Any, key: str) -> list[pygame.Rect]:
        """What the ring's arrow must not lie on: the other controls with words (buttons, greyed or not, and
        labelled hotspots) and the lesson's panel."""
        rects = [pygame.Rect(self.panel)]
        for s in on.spots:
            if s.key == key or s.key.startswith(OWN):
                continue
            if (s.widget is not None and s.widget.visible) or s.label is not None:
                rects.append(pygame.Rect(s.rect))
        return rects

    def draw(self, surface: pygame.Surface, scene: Any = None) -> None:
        board = self.board
        if board is None:
            return
        on = scene if scene is not None else board
        if board.coach_quiet(scene is not None):
            return
        step = self.step
        if step is None:
            return
        if step.narration:
            button = self.buttons.get("next")
            if scene is None and button is not None and button.visible and button.is_enabled:
                ring(surface, pygame.Rect(button.rect), arrow=False)
            for key in step.look:
                spot = on.spots.get(key)
                if spot is not None:
                    pygame.draw.rect(surface, palette.GOLD, spot.rect.inflate(8, 8), width=2, border_radius=8)
            return
        key = self.target()
        spot = on.spots.get(key) if key else None
        if spot is not None and on.spots.is_enabled(spot) and (spot.widget is None or spot.widget.visible):
            ring(surface, spot.rect, avoid=self.labelled(on, key))
