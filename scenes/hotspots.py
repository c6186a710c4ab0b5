"""Hotspots: every clickable or hoverable thing on a screen, with a key, a rect, a tip and, when greyed, a reason.

A scene fills its `Hotspots` registry whenever what it shows changes (a board does it in `sync`,
never while drawing). The stack then does the rest for every scene alike:

- one hit-test (`at`): the hotspot added last wins where two overlap;
- one hover: the hovered hotspot's tip is painted by `draw_tip` after pygame-gui's widgets, so
  nothing covers it, kept inside the window, never empty;
- a click on an enabled hotspot calls its `click`; a click on a greyed one shows its reason for
  a moment (`refusal`) and changes nothing;
- pygame-gui widgets take part too: a hotspot may name the `widget` it stands for; the registry
  enables, disables, relabels, shows and hides it, and its pressed event calls the hotspot's `click`.
  (pygame-gui 0.6 never hovers a disabled button, so its own tooltips are never used.)
- `live = False` (a computer seat or an animation holds a board) makes every hotspot read as
  greyed, with `lock_reason`, whatever it was registered as.

Keys are stable names a lesson can point at: `cell:4,7`, `spell:3:1`, `button:end`, `card:hand:2`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Iterable, Sequence

import pygame

from game.core.grammar import after_colon, one_colon
from scenes import palette, ui

TIP_SIZE = 15
TIP_WIDTH = 330
REFUSAL_SECONDS = 2.5
FRESH_FRAMES = 3  # frames drawn after a widget is enabled, disabled, relabelled, shown or hidden

Tip = str | Sequence[str] | Callable[[], "str | Sequence[str]"]


@dataclass
class Hotspot:
    """One clickable or hoverable thing. `tip` says what it is or what a click does; `reason` why it is greyed."""

    key: str
    rect: pygame.Rect
    tip: Tip
    enabled: bool = True
    reason: str | None = None
    click: Callable[[], Any] | None = None
    right_click: Callable[[], Any] | None = None
    hover: Callable[[], Any] | None = None  # called when the mouse comes onto it (e.g. a path preview)
    widget: Any = None  # the pygame-gui element it stands for, if any
    label: str | None = None  # the widget's text, set when it changes
    always: bool = False  # usable even while the board is held (the replay bar)

    def tip_lines(self) -> list[str]:
        tip = self.tip() if callable(self.tip) else self.tip
        if isinstance(tip, str):
            return [line for line in tip.split("\n") if line.strip()]
        return [line for line in tip if line and line.strip()]


@dataclass
class Refusal:
    text: str
    rect: pygame.Rect
    left: float = REFUSAL_SECONDS


class Hotspots:
    """The registry of one scene's hotspots (see the module docstring)."""

    def __init__(self) -> None:
        self._spots: list[Hotspot] = []
        self._by_key: dict[str, Hotspot] = {}
        self._widgets: dict[Any, Hotspot] = {}
        self.known_widgets: set[Any] = set()  # widgets ever registered: those not registered now are hidden
        self.live = True
        self.lock_reason = "Not now."
        self.mouse: tuple[int, int] | None = None
        self.hovered: Hotspot | None = None
        self.came_under = False  # the hovered hotspot came under a resting mouse, or was clicked: no tip until it moves
        self.refusal: Refusal | None = None
        self._widget_state: dict[Any, tuple] = {}
        self._fresh = 0  # frames still to draw after a widget changed (pygame-gui shows a new label a frame late)
        # The game's glossary (game.learn): its words are marked in every tip and explained under it.
        self.glossary = None
        # What a tip must not cover where it fits elsewhere (a lesson's panel: the note being read); filled
        # with the hotspots, so it goes with them.
        self.keep_clear: list[pygame.Rect] = []
        # Names a greyed reason may open with, kept as written after "Not now:" (the players, the game's cards...).
        self.names: tuple[str, ...] = ()
        self._case_names: tuple[Any, tuple[str, ...]] = (None, ())

    # -- filling ------------------------------------------------------------------------
    def clear(self) -> None:
        self._spots.clear()
        self._by_key.clear()
        self._widgets.clear()
        self.keep_clear = []

    def add(self, key: str, rect, tip: Tip, *, enabled: bool = True, reason: str | None = None,
            click: Callable[[], Any] | None = None, right_click: Callable[[], Any] | None = None,
            hover: Callable[[], Any] | None = None, widget: Any = None, label: str | None = None,
            always: bool = False) -> Hotspot:
        """Register a hotspot (replacing one of the same key). A greyed hotspot must say why."""
        if not enabled and not (reason and reason.strip()):
            raise ValueError(f"hotspot {key!r} is greyed without a reason")
        spot = Hotspot(key, pygame.Rect(widget.rect if widget is not None and rect is None else rect), tip, enabled,
                       reason if not enabled else None, click, right_click, hover, widget, label, always)
        old = self._by_key.get(key)
        if old is not None:
            self._spots.remove(old)
            if old.widget is not None:
                self._widgets.pop(old.widget, None)
        self._spots.append(spot)
        self._by_key[key] = spot
        if widget is not None:
            self._widgets[widget] = spot
            self.known_widgets.add(widget)
        return spot

    def discard(self, prefix: str) -> None:
        """Take out every hotspot whose key starts with `prefix` (what showed for a moment: an open list's items)."""
        for spot in [s for s in self._spots if s.key.startswith(prefix)]:
            self._spots.remove(spot)
            del self._by_key[spot.key]
            if spot.widget is not None:
                self._widgets.pop(spot.widget, None)

    def extend(self, spots: Iterable[Hotspot]) -> None:
        for s in spots:
            self.add(s.key, s.rect, s.tip, enabled=s.enabled, reason=s.reason, click=s.click,
                     right_click=s.right_click, hover=s.hover, widget=s.widget, label=s.label, always=s.always)

    # -- asking -------------------------------------------------------------------------
    def __iter__(self):
        return iter(list(self._spots))

    def __len__(self) -> int:
        return len(self._spots)

    def __contains__(self, key: str) -> bool:
        return key in self._by_key

    def get(self, key: str) -> Hotspot | None:
        return self._by_key.get(key)

    def keys(self) -> list[str]:
        return [s.key for s in self._spots]

    def is_enabled(self, spot: Hotspot) -> bool:
        return spot.enabled and (self.live or spot.always)

    def reason_of(self, spot: Hotspot) -> str | None:
        """Why a hotspot is greyed now (None when it can be used)."""
        if not self.live and not spot.always:
            return self.lock_reason
        return None if spot.enabled else spot.reason

    def at(self, pos) -> Hotspot | None:
        """The hotspot under a pixel: the one added last wins where two overlap; hidden widgets never."""
        for spot in reversed(self._spots):
            if spot.rect.collidepoint(pos) and (spot.widget is None or spot.widget.visible):
                return spot
        return None

    def for_widget(self, widget) -> Hotspot | None:
        return self._widgets.get(widget)

    # -- the mouse ----------------------------------------------------------------------
    def move(self, pos) -> Hotspot | None:
        """The mouse moved: update the hovered hotspot (its `hover` runs when it changes)."""
        self.mouse = None if pos is None else (int(pos[0]), int(pos[1]))
        spot = None if pos is None else self.at(pos)
        hovered = self.hovered
        changed = (spot is None) != (hovered is None) or (spot is not None and hovered is not None and spot.key != hovered.key)
        self.hovered = spot
        self.came_under = False
        if changed and spot is not None and spot.hover is not None and self.is_enabled(spot):
            spot.hover()
        return spot

    def rehover(self) -> None:
        """After a refill: the hotspot under the mouse again (same key, new object). A different one that came
        under the resting mouse (the Roll button became End turn where it was clicked) shows its tip only once
        the mouse moves: a tip is for what the mouse goes to, and it would hide what the player looks at next."""
        if self.mouse is not None:
            spot = self.at(self.mouse)
            old = self.hovered
            if spot is not None and (old is None or old.key != spot.key):
                self.came_under = True
            self.hovered = spot

    def forget(self) -> None:
        """Nothing hovered, nothing refused: a new viewer sits down (the mouse position is kept)."""
        self.hovered = None
        self.refusal = None

    def press(self, pos, button: int = 1) -> bool:
        """A mouse button went down at `pos`. Returns True when a hotspot took the click.

        Widget hotspots are left to pygame-gui when enabled (their pressed event calls `click`)."""
        spot = self.at(pos)
        if spot is None:
            return False
        reason = self.reason_of(spot)
        if reason is not None:
            if button == 1 or (button == 3 and spot.right_click is not None):  # what it would have done, refused
                self.refuse(reason, spot.rect)
            return True
        if button == 3:
            if spot.right_click is not None:
                spot.right_click()
                return True
            return False
        if button != 1 or spot.widget is not None:
            return False
        if spot.click is not None:
            self._clicked()
            spot.click()
            return True
        return False

    def pressed(self, widget) -> bool:
        """pygame-gui pressed a widget: run its hotspot's click. True when the press was taken (or refused)."""
        spot = self._widgets.get(widget)
        if spot is None:
            return False
        reason = self.reason_of(spot)
        if reason is not None:
            self.refuse(reason, spot.rect)
            return True
        self._clicked()
        if spot.click is not None:
            spot.click()
            return True
        return False  # the scene handles the press itself

    def _clicked(self) -> None:
        """A click was taken: the tip of what was clicked goes until the mouse moves, so it never covers what
        the click shows (a Suggestion under the Suggest button, a chosen card)."""
        self.came_under = True

    def refuse(self, text: str, rect) -> None:
        self.refusal = Refusal(text, pygame.Rect(rect))

    def update(self, dt: float) -> None:
        if self._fresh > 0:
            self._fresh -= 1
        self.pass_time(dt)

    def pass_time(self, seconds: float) -> None:
        if self.refusal is not None:
            self.refusal.left -= seconds
            if self.refusal.left <= 0:
                self.refusal = None

    @property
    def animating(self) -> bool:
        """A widget just changed: the screen needs frames (an idle app would keep the old label)."""
        return self._fresh > 0

    @property
    def wake_in(self) -> float | None:
        """A refusal shows, still: it goes in this many seconds (the app wakes for it; a frame meanwhile shows
        nothing new)."""
        return max(0.0, self.refusal.left) if self.refusal is not None else None

    # -- widgets ------------------------------------------------------------------------
    def sync_widgets(self) -> None:
        """Set every registered widget from its hotspot (enabled, label, shown); hide the others."""
        for widget in list(self.known_widgets):
            if not widget.alive():
                self.known_widgets.discard(widget)
                continue
            spot = self._widgets.get(widget)
            state = (None,) if spot is None else (self.is_enabled(spot), spot.label)
            if self._widget_state.get(widget) == state:
                continue
            self._widget_state[widget] = state
            self._fresh = FRESH_FRAMES
            if spot is None:
                widget.hide()
                continue
            widget.show()
            relabel = spot.label is not None and getattr(widget, "text", None) != spot.label
            if relabel:
                widget.set_text(spot.label)
            if state[0]:
                widget.enable()
            else:
                widget.disable()
            if relabel:
                _draw_every_state_now(widget)

    # -- drawing ------------------------------------------------------------------------
    def tip_of(self, spot: Hotspot) -> list[str]:
        lines = spot.tip_lines()
        reason = self.reason_of(spot)
        if reason:
            lines = lines + [f"Not now: {one_colon(after_colon(reason, self.proper_names()))}"]
        return lines

    def proper_names(self) -> tuple[str, ...]:
        """`names` and the glossary's words written with a capital ("Glyph", "Treasure Zone"): a reason opening
        on one keeps its capital after a colon."""
        key = (self.names, id(self.glossary))
        if self._case_names[0] != key:
            words = tuple(s for term in self.glossary.terms.values() for s in term.spellings if s[:1].isupper()) \
                if self.glossary is not None else ()
            self._case_names = (key, tuple(self.names) + words)
        return self._case_names[1]

    def draw_tip(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hovered hotspot's tip (or a refusal just shown), above everything, inside the window; returns its box."""
        if self.refusal is not None:
            return draw_bubble(surface, [self.refusal.text], self.refusal.rect.midbottom, edge=palette.BLOCKED,
                               below=True, avoid=self.keep_clear, over=self.refusal.rect)
        spot = self.hovered
        if spot is None or self.mouse is None or self.came_under:
            return None
        if spot.widget is not None and not spot.widget.visible:
            return None
        lines = self.tip_of(spot)
        if not lines:
            return None
        return draw_bubble(surface, lines, self.mouse, dim_last=self.reason_of(spot) is not None,
                           glossary=self.glossary, avoid=self.keep_clear)


def bubble_lines(lines: list[str], *, dim_last: bool = False, size: int = TIP_SIZE,
                 width: int = TIP_WIDTH) -> tuple[list[tuple[str, bool]], tuple[int, int]]:
    """A tip's lines wrapped to `width` (each with whether it is the dimmed last one) and its box's size."""
    wrapped: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        last = dim_last and i == len(lines) - 1
        wrapped.extend((part, last) for part in ui.wrap(line, size, width))
    if not wrapped:
        return wrapped, (0, 0)
    text_w = max(ui.render(t, size, palette.TEXT).get_width() for t, _ in wrapped)
    return wrapped, (text_w + 20, (size + 5) * len(wrapped) + 12)


def place_bubble(box_size: tuple[int, int], anchor, screen: tuple[int, int], *, below: bool = False,
                 avoid: Sequence[pygame.Rect] = (), over: pygame.Rect | None = None) -> pygame.Rect:
    """Where a tip box of `box_size` goes for a mouse (or a control) at `anchor`: fully inside the screen.
    Where the usual place covers a rect of `avoid` (a lesson's note, its ring), the box goes to the first other
    place beside the mouse, or above or below the avoided rect the mouse is on, that covers none (else to the
    one that covers least); `over` is the control a refusal speaks of (a box below it may also go above it)."""
    sw, sh = screen
    inside = pygame.Rect(4, 4, sw - 8, sh - 8)
    x, y = int(anchor[0]), int(anchor[1])

    def at(**where) -> pygame.Rect:
        box = pygame.Rect((0, 0), box_size)
        for name, value in where.items():
            setattr(box, name, value)
        return box.clamp(inside)

    if below:
        first = at(midtop=(x, y + 6))
        others = [at(midbottom=(x, over.top - 6))] if over is not None else []
    else:
        box = pygame.Rect((0, 0), box_size)
        box.topleft = (x + 16, y + 18)
        if box.right > sw - 4:
            box.right = x - 10
        if box.bottom > sh - 4:
            box.bottom = y - 8
        first = box.clamp(inside)
        others = [at(bottomleft=(x + 16, y - 8)), at(topright=(x - 10, y + 18)), at(bottomright=(x - 10, y - 8)),
                  at(midbottom=(x, y - 24)), at(midtop=(x, y + 24))]
    for a in avoid:  # the mouse on the avoided rect itself (a lesson's Next): beside that rect
        if a.collidepoint(x, y):
            others += [at(bottom=a.top - 6, centerx=x), at(top=a.bottom + 6, centerx=x), at(right=a.left - 6, centery=y)]

    def covered(box: pygame.Rect) -> int:
        return sum(box.clip(a).width * box.clip(a).height * (10 if i == 0 else 1) for i, a in enumerate(avoid))

    places = [first] + others
    for box in list(places):  # each place also slid just off each rect it covers
        for a in avoid:
            if box.colliderect(a):
                moves = ((a.left - 6 - box.right, 0), (a.right + 6 - box.left, 0), (0, a.top - 6 - box.bottom),
                         (0, a.bottom + 6 - box.top))
                places += [box.move(dx, dy).clamp(inside) for dx, dy in moves]
    # The first place that covers nothing to keep clear, else the one that covers least (the first rect of
    # `avoid`, a lesson's note, counting most).
    return min(places, key=covered)


def tip_terms(text: str, glossary) -> list:
    """The glossary words of a tip's `text` (game.learn spans). A word the glossary writes with a capital
    (Action, Guard, Glyph) counts only when the text capitalises it too: "the last action was another
    player's" speaks of no Hunter-card Action."""
    if glossary is None:
        return []
    from game.learn import find_terms

    found = []
    for span in find_terms(text, glossary):
        word = text[span.start:span.end]
        if span.term.word[:1].isupper() and not word[:1].isupper():
            continue
        found.append(span)
    return found


def glossary_notes(lines: Sequence[str], glossary, most: int = 2) -> list[str]:
    """The glossary entries a tip's words call for ("Glyph: a cell that..."), first found first, at most
    `most`, leaving out a word the tip already explains in the glossary's own words."""
    text = " ".join(lines)
    notes: list[str] = []
    seen: set[str] = set()
    for span in tip_terms(text, glossary):
        term = span.term
        if term.id in seen or term.text in text:
            continue
        seen.add(term.id)
        notes.append(f"{term.word[:1].upper() + term.word[1:]}: {term.text}")
        if len(notes) == most:
            break
    return notes


def _marked_text(surface: pygame.Surface, text: str, pos, size: int, colour, glossary) -> None:
    """One line of a tip with its glossary words dotted-underlined in gold (as in the rules reference)."""
    ui.text(surface, text, pos, size, colour)
    spans = tip_terms(text, glossary)
    if not spans:
        return
    from scenes import assets

    font = assets.font(size, False)
    y = pos[1] + font.get_ascent() + 2
    for span in spans:
        left = pos[0] + font.size(text[:span.start])[0]
        right = pos[0] + font.size(text[:span.end])[0]
        for x in range(left, right, 3):
            surface.fill(palette.GOLD, pygame.Rect(x, y, 1, 1))


def draw_bubble(surface: pygame.Surface, lines: list[str], anchor, *, edge=palette.PANEL_EDGE, below: bool = False,
                dim_last: bool = False, size: int = TIP_SIZE, width: int = TIP_WIDTH, glossary=None,
                avoid: Sequence[pygame.Rect] = (), over: pygame.Rect | None = None) -> pygame.Rect:
    """A tooltip box near `anchor`, kept fully inside the surface; returns its rect. With a game's
    `glossary`, its words are marked (dotted, as in the rules reference) and explained under a rule."""
    own, (w1, h1) = bubble_lines(list(lines), dim_last=dim_last, size=size, width=width)
    if not own:
        return pygame.Rect(0, 0, 0, 0)
    notes, (w2, h2) = bubble_lines(glossary_notes(lines, glossary), size=size, width=width)
    box = place_bubble((max(w1, w2), h1 + (h2 - 12 + 4 if notes else 0)), anchor, surface.get_size(), below=below,
                       avoid=avoid, over=over)
    ui.panel(surface, box, colour=palette.BG_LIGHT, edge=edge, radius=8, shadow=4)
    h_line = size + 5
    for i, (t, last) in enumerate(own):
        pos = (box.left + 10, box.top + 6 + i * h_line)
        colour = (255, 170, 160) if last else palette.TEXT
        _marked_text(surface, t, pos, size, colour, glossary)
    top = box.top + 6 + len(own) * h_line + 4
    if notes:  # the glossary's words for what the tip names, under a rule
        pygame.draw.line(surface, palette.PANEL_EDGE, (box.left + 8, top - 3), (box.right - 8, top - 3))
    for i, (t, _) in enumerate(notes):
        ui.text(surface, t, (box.left + 10, top + i * h_line), size, palette.GOLD)
    return box


def _draw_every_state_now(widget) -> None:
    """Redraw all of a relabelled widget's states at once. pygame-gui draws one state of a relabelled
    button per frame, so a greyed button would show its old label for a frame or two after the board
    around it has changed (a new hunter's title over the last hunter's action names)."""
    shape = getattr(widget, "drawable_shape", None)
    queue = getattr(shape, "states_to_redraw_queue", None)
    if not queue or shape is None:  # no shape has no queue
        return
    while queue:
        shape.redraw_state(queue.popleft())
    shape.active_state.has_fresh_surface = True  # the manager's update this frame takes the new picture
