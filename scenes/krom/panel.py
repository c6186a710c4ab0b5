"""The decision panel of the Krom board: what the decision at hand is about, and one button per option.

Its lines and buttons come from the snapshot (the rules' `options`, facts and gestures) and the
board's own selection (the prey chosen, the Cave basket). Buttons are pygame-gui widgets registered
as hotspots (`button:KEY`), so the kit greys them with the rules' reason and paints their tips.
While an animation plays, the panel shows what is happening instead of the options of the step before.
The End button sits at the bottom; hints make room for the options when the panel is full.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton

import game.krom as krom
from game.core.grammar import colon, counted, sentence
from scenes import palette, ui
from scenes.krom import cards, layout
from scenes.learn import marked

PANEL = layout.PANEL
BUTTON_H = 34
LINE = 22
SHOP_ROW = 30
TEXT_SIZE = 15


def _label(text: str) -> tuple[str, str | None]:
    """A panel button's label and theme id: the usual font, a smaller one, or cut (its tip then says it whole)."""
    return ui.button_fit(text, PANEL.width - 24, ((18, None), (15, "@small_button")))


def _glossary():
    """Krom's glossary, whose words the panel's lines mark (none if it cannot be read: the lines stay plain)."""
    try:
        from game import learn

        return learn.glossary("krom")
    except (LookupError, ValueError):
        return None


def _button(rect: pygame.Rect, text: str, manager) -> UIButton:
    label, object_id = _label(text)
    return UIButton(rect, label, manager, object_id=object_id)


@dataclass
class Row:
    """One row of the panel: a line of text, a Cave service with its − and + buttons, or a button."""

    kind: str  # "line", "shop" or "button"
    text: str = ""
    colour: tuple[int, int, int] = palette.TEXT
    key: str = ""
    tip: str = ""
    enabled: bool = True
    reason: str | None = None
    click: Callable[[], Any] | None = None
    service: Any = None
    optional: bool = False  # a hint that may go when the panel is full

    @property
    def height(self) -> int:
        return {"line": LINE, "shop": SHOP_ROW, "button": BUTTON_H + 6}[self.kind]


class DecisionPanel:
    """The panel's rows and widgets (see the module docstring)."""

    def __init__(self, board):
        self.board = board
        self.rows: list[Row] = []
        self.end: Row | None = None  # the button pinned at the bottom
        self.widgets: dict[str, UIButton] = {}
        self.placed: list[tuple[Row, int]] = []  # rows and their y
        self._key: tuple | None = None
        self.glossary = _glossary()

    # -- building ------------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Lay the panel out again from the snapshot and the selection; widgets change only when the layout does."""
        self.rows, self.end = [], None
        board = self.board
        if board.animating_events:
            self.line("What happens now", palette.GOLD)
        elif not board.snap.over:
            if board.snap.mine:
                getattr(self, f"_{board.snap.kind}", self._default)()
            else:
                self._waiting()
        self._place()
        key = tuple((r.kind, r.key, r.text, y) for r, y in self.placed) + ((self.end.key, self.end.text) if self.end else ())
        if key != self._key:
            self._key = key
            self._make_widgets()

    def _place(self) -> None:
        room = PANEL.bottom - 8 - (BUTTON_H + 8 if self.end else 0) - (PANEL.top + 12)
        rows = list(self.rows)
        while sum(r.height for r in rows) > room and any(r.optional for r in rows):
            last = max(i for i, r in enumerate(rows) if r.optional)
            rows.pop(last)
        y = PANEL.top + 12
        self.placed = []
        for r in rows:
            self.placed.append((r, y))
            y += r.height
        self.overflow = y > PANEL.top + 12 + room

    def _make_widgets(self) -> None:
        for w in self.widgets.values():
            w.kill()
        self.widgets = {}
        manager = self.board.ui
        for r, y in self.placed:
            if r.kind == "shop":
                self.widgets[f"less:{r.service.item}"] = UIButton(pygame.Rect(PANEL.right - 96, y, 30, 26), "−", manager)
                self.widgets[f"more:{r.service.item}"] = UIButton(pygame.Rect(PANEL.right - 42, y, 30, 26), "+", manager)
            elif r.kind == "button":
                self.widgets[r.key] = _button(pygame.Rect(PANEL.left + 12, y, PANEL.width - 24, BUTTON_H), r.text,
                                              manager)
        if self.end is not None:
            rect = pygame.Rect(PANEL.left + 12, PANEL.bottom - 8 - BUTTON_H, PANEL.width - 24, BUTTON_H)
            self.widgets[self.end.key] = _button(rect, self.end.text, manager)

    def line_pos(self, y: int) -> tuple[int, int]:
        return PANEL.left + 12, y

    def hotspots(self, spots) -> None:
        terms = [m for r, y in self.placed if r.kind == "line"
                 for m in marked.line_marks(r.text, self.line_pos(y), self.glossary, TEXT_SIZE, bold=r.colour == palette.GOLD)]
        marked.add_term_spots(spots, terms)  # each glossary word of the panel's lines: its entry as the tip
        rows = [r for r, _ in self.placed] + ([self.end] if self.end else [])
        for r in rows:
            if r.kind == "button":
                tip = r.tip if _label(r.text)[0] == r.text else f"{r.text}: {r.tip}"
                spots.add(f"button:{r.key}", None, tip, enabled=r.enabled, reason=r.reason,
                          click=self._sounded(r.click), widget=self.widgets[r.key])
            elif r.kind == "shop":
                board, item = self.board, r.service.item
                label = r.service.label
                more = board.basket_more(item)
                spots.add(f"button:more:{item}", None, f"Add {label} ({r.service.price} Krom) to your services",
                          enabled=more is None, reason=more, click=lambda i=item: board.change_basket(i, 1),
                          widget=self.widgets[f"more:{item}"])
                none = None if board.basket[item] else f"You have not added {label} to your services yet."
                spots.add(f"button:less:{item}", None, f"Take {label} out of your services", enabled=none is None,
                          reason=none, click=lambda i=item: board.change_basket(i, -1), widget=self.widgets[f"less:{item}"])

    def _sounded(self, fn):
        def go() -> None:
            self.board.app.play_sound("click")
            if fn is not None:
                fn()
        return go

    # -- rows ----------------------------------------------------------------------------------
    def line(self, text: str, colour=palette.TEXT, optional: bool = False) -> None:
        for part in ui.wrap(text, TEXT_SIZE, PANEL.width - 24, bold=colour == palette.GOLD):
            self.rows.append(Row("line", part, colour, optional=optional))

    def button(self, key: str, label: str, tip: str, gesture=None, click=None, pinned: bool = False) -> None:
        """A button playing `gesture` (greyed with its reason when it maps to no action) or calling `click`."""
        enabled = gesture.ok if gesture is not None else True
        reason = None if enabled else sentence(gesture.reason)
        go = click if click is not None else (lambda g=gesture: self.board.perform(g))
        row = Row("button", label, key=key, tip=tip, enabled=enabled, reason=reason, click=go)
        if pinned:
            self.end = row
        else:
            self.rows.append(row)

    def option(self, choice, pinned: bool = False) -> None:
        self.button(choice.key, choice.label, choice.tip, choice.gesture, pinned=pinned)

    def options(self, keys=None) -> None:
        for choice in self.board.facts.options:
            if keys is None or choice.key in keys:
                self.option(choice, pinned=choice.key == "end")

    # -- one layout per decision ---------------------------------------------------------------
    def _default(self) -> None:
        self.line(self.board.named(self.board.snap.decision.prompt))
        self.options()

    def _waiting(self) -> None:
        seat = self.board.snap.seat
        if seat is None:
            return
        who = self.board.who(seat)
        self.line(f"{who} is deciding", palette.GOLD)
        if not self.board.seats[seat].human:
            self.line("A computer player.", palette.TEXT_DIM)
        self.line("Watch the table: their moves show on the board and in the log.", palette.TEXT_DIM)

    def _move(self) -> None:
        b = self.board
        here = b.shown.players[b.viewer].place if b.viewer is not None else b.shown.players[b.snap.seat].place
        self.line("Movement phase", palette.GOLD)
        self.line(f"You are in the {cards.place_word(here)} and must move.")
        self.line("Click one of your Destination cards below. Nobody else sees it until every player has chosen.",
                  palette.TEXT_DIM)
        if b.facts.reachable:
            self.line(f"You can pay for: {', '.join(b.facts.reachable)}.", palette.TEXT_DIM, optional=True)

    def _main(self) -> None:
        b = self.board
        t = b.shown.turn
        self.line(f"Action phase in the {cards.place_word(t.place)}", palette.GOLD)
        getattr(self, ("_cave", "_forest", "_savanna", "_mountain")[t.place])(t)
        if any(p is None for p in b.facts.evolutions):
            self.line("Glowing Evolutions can be realized: click one.", palette.LEGAL, optional=True)
        if any(r is None for r in b.facts.hand.values()):
            self.line("Glowing Bonus cards can be played: click one.", palette.LEGAL, optional=True)
        end = next((c for c in b.facts.options if c.key == "end"), None)
        if end is not None and not end.gesture.ok and b.snap.mine:  # what is due before the phase can end
            self.line(sentence(end.gesture.reason), palette.TEXT_DIM)
        self.options({"end"})

    def _cave(self, t) -> None:
        b = self.board
        if t.cave != "services":
            self.options({"rest"})
        if t.cave == "rest":
            self.line("You rested: services are the other choice.", palette.TEXT_DIM)
            return
        self.line(f"Services (you have {b.shown.players[b.snap.seat].krom} Krom):")
        for service in krom.cave_services():
            self.rows.append(Row("shop", service=service))
        total = krom.basket_cost(b.basket)
        self.button("services", f"Provide services: {total} Krom", "Pay for everything in your services at once",
                    krom.fill_basket(b.shown, b.snap.legal, b.basket))

    def _forest(self, t) -> None:
        hike = self.board.facts.table.hike
        self.options({"shuffle", "pick"})
        if hike is not None:
            self.line(f"Picking cards drawn: {hike.drawn} of {hike.most}. Deck {hike.deck}, discard {hike.discard}.",
                      palette.TEXT_DIM)

    def _savanna(self, t) -> None:
        b = self.board
        if t.hunted:
            self.line("You hunted this Action phase.", palette.TEXT_DIM)
            return
        if b.prey is None:
            self.line("Click a prey in the Hunting row.")
            return
        card = krom.HUNTING[b.shown.hunting_row[b.prey]]
        self.line(f"{card.name}: {krom.hunt_words(card)}.")
        self.line(krom.BUY_DICE_WORDS, palette.TEXT_DIM, optional=True)
        for h in krom.hunt_options(b.shown, b.snap.legal, b.prey):
            dice = counted(h.dice, "die")
            cost = f", pay {h.cost} Krom" if h.extra else ""
            self.button(f"hunt:{h.extra}", f"Roll {dice}{cost} · {ui.percent(h.odds)}",
                        f"{krom.hunt_option_words(card, h.dice, h.extra, h.cost)}, a {ui.percent(h.odds)} chance",
                        h.gesture)

    def _mountain(self, t) -> None:
        climb = self.board.facts.table.climb
        if not t.climb:
            self.options({"climb"})
        elif climb is not None:
            self.line(f"You climbed: {krom.combination_name(climb.combination)}.",
                      palette.TEXT_DIM)

    def _climb(self) -> None:
        climb = self.board.facts.table.climb
        words = krom.combination_name(climb.combination)
        reward = " or ".join(krom.bundle_words(b) for _, b in climb.rewards) if climb.rewards else "nothing"
        self.line("The Mountain", palette.GOLD)
        self.line(f"Now: {words}, worth {reward}.")
        self.line("Click dice to keep them (gold ring).", palette.TEXT_DIM, optional=True)
        if climb.improves is not None:
            self.line(f"Chance a reroll improves it: {ui.percent(climb.improves)}", palette.LEGAL)
        self.options()

    def _reward(self) -> None:
        self.line("Choose your Mountain reward", palette.GOLD)
        self.options()

    def _combat(self) -> None:
        b = self.board
        fight = b.facts.table.fight
        self.line(f"Combat in the {cards.place_word(fight.place)}: play a card or pass", palette.GOLD)
        for f in fight.ranking:
            note = f" ({fight.weights[fight.fighters.index(f)]} kg)" if fight.tied(f) else ""
            self.line(f"{b.name(f)}: score {fight.score_of(f)}{note}")
        if any(fight.tied(f) for f in fight.fighters):
            self.line(sentence(krom.tie_words(fight.place)), palette.TEXT_DIM)
        if any(r is None for r in b.facts.hand.values()):
            self.line("Click a glowing combat card in your hand to play it.", palette.LEGAL)
        else:  # every fighter is asked, so that nobody learns whose hand holds a combat card
            self.line("You hold no combat card: you can only pass.", palette.TEXT_DIM)
        self.options()

    def _counter(self) -> None:
        b = self.board
        play = b.shown.play
        who, card = play.counters[-1] if play.counters else (play.seat, play.card)
        self.line("A Bonus card is played", palette.GOLD)
        self.line(colon(f"{b.name(who)} plays {krom.BONUS[card].name}", cards.bonus_text(card)))
        if not any(r is None for r in b.facts.hand.values()):
            # every other player is asked, so that nobody learns whose hand holds a counter card: a lone Pass
            self.line("You hold no counter card: you can only pass.", palette.TEXT_DIM)
            self.options({"pass"})
            return
        self.options()

    def _target(self) -> None:
        self.line(f"Target of {krom.BONUS[self.board.shown.play.card].name}", palette.GOLD)
        self.options()

    def _choice(self) -> None:
        self.line(colon(krom.BONUS[self.board.shown.play.card].name, "choose a resource"), palette.GOLD)
        self.options()

    def _steal(self) -> None:
        b = self.board
        thief, victim = b.shown.steals[0]
        self.line(f"{b.name(victim)} is stunned!", palette.GOLD)
        self.line(f"{b.name(thief)} chooses what to steal.")
        self.button("steal", "Choose what to steal", "Open the choice again", click=b.open_steal)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        board = self.board
        for r, y in self.placed:
            if r.kind == "line":
                marked.draw_marked_line(surface, r.text, self.line_pos(y), self.glossary, TEXT_SIZE, r.colour,
                                        bold=r.colour == palette.GOLD)
            elif r.kind == "shop":
                s = r.service
                dim = board.basket_more(s.item) is not None and not board.basket[s.item]
                ui.text(surface, f"{s.label} · {s.price} Krom", (PANEL.left + 12, y + 5), 14,
                        palette.TEXT_DIM if dim else palette.TEXT)
                ui.text(surface, str(board.basket[s.item]), (PANEL.right - 54, y + 13), 15, palette.GOLD, bold=True,
                        anchor="center")
        if board.animating_events and board.now_line:
            y = PANEL.top + 12 + LINE
            for line in ui.wrap(board.now_line, TEXT_SIZE, PANEL.width - 24)[:12]:
                ui.text(surface, line, (PANEL.left + 12, y), TEXT_SIZE, palette.TEXT)
                y += LINE
