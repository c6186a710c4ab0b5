"""The dice tray of the Krom board: the Mountain's five dice, a hunt's dice, a combat's dice, or a card just shown.

What it holds follows the animations (a roll puts its dice in, a card played shows it); between
two moves it is set again from the snapshot. Results (a combination, a total, the scores) show
only once the dice have stopped.
"""

from __future__ import annotations

import pygame

import game.krom as krom
from scenes import palette, ui
from scenes.krom import cards, layout
from scenes.widgets.die import DieView

TRAY = layout.TRAY


def die_style(fighter: int) -> str:
    """A fighter's dice colour: their seat's, ivory for the Kromosaurus."""
    return "d6" if fighter == krom.DINO else f"seat{fighter}"


class Tray:
    """What lies in the tray now (see the module docstring)."""

    def __init__(self) -> None:
        self.kind = ""  # "", "mountain", "hunt", "combat" or "card"
        self.label = ""
        self.owner: int | None = None  # whose dice these are (the climber, the hunter)
        self.dice: list[tuple[DieView, int]] = []  # (die, fighter or die number)
        self.scores: dict[int, int] = {}
        self.card: tuple[str, int, str] | None = None  # (family, card id, caption)
        self.keep_dice = False  # a card shown over a combat keeps the fighters' dice
        self.die_words = "A die of the last roll"  # what one of these dice is, for its tip

    @property
    def rolling(self) -> bool:
        return any(d.rolling for d, _ in self.dice)

    # -- filling -----------------------------------------------------------------------------
    def clear(self) -> None:
        """An empty tray (a new round)."""
        self.kind, self.label, self.owner, self.dice, self.scores, self.card, self.keep_dice = "", "", None, [], {}, None, False

    def mountain(self, seat: int, name: str, dice, kept) -> None:
        """The climber's five dice (new dice when another climber starts: each has their own colour)."""
        if self.kind != "mountain" or self.owner != seat or len(self.dice) != len(dice):
            self.kind, self.owner, self.card = "mountain", seat, None
            self.dice = [(DieView(die_style(seat), centre, 56), i)
                         for i, centre in enumerate(layout.mountain_centres(len(dice)))]
        for i, (die, _) in enumerate(self.dice):
            if not die.rolling:
                die.face = die.shown = dice[i]
            die.highlight = i in kept
        self.label = f"{name} climbs the Mountain"

    def hunt(self, seat: int, name: str, count: int) -> None:
        self.kind, self.owner, self.card = "hunt", seat, None
        self.dice = [(DieView(die_style(seat), c, 52), k) for k, c in enumerate(layout.tray_centres(count, 52, 70))]
        self.label = f"{name} hunts"
        self.die_words = f"One of {name}'s hunting dice"

    def combat(self, place: int, fighters, faces: dict[int, int], scores: dict[int, int]) -> None:
        """One die per fighter, showing `faces` (fighter -> face)."""
        if self.kind != "combat" or [f for _, f in self.dice] != list(fighters):
            self.kind, self.owner, self.card = "combat", None, None
            self.dice = [(DieView(die_style(f), c, 48), f) for f, c in zip(fighters, layout.tray_centres(len(fighters), 48))]
        for die, f in self.dice:
            if f in faces and not die.rolling:
                die.face = die.shown = faces[f]
        self.scores = dict(scores)
        self.label = f"Combat in the {cards.place_word(place)}"

    def show_card(self, family: str, card: int, caption: str, label: str, keep_dice: bool = False) -> None:
        self.card = (family, card, caption)
        self.keep_dice = keep_dice and self.kind == "combat"
        if not self.keep_dice:
            self.kind, self.dice, self.label = "card", [], label

    def sync(self, view, table, name) -> None:
        """Between two moves: what the snapshot says lies in the tray (a climb, a combat), else leave it."""
        climb = table.climb
        if climb is not None:
            self.mountain(climb.seat, name(climb.seat), climb.dice, climb.kept)
        elif self.kind == "mountain":
            for die, _ in self.dice:
                die.highlight = False
        fight = table.fight
        if fight is not None:
            faces = {f: fight.face_of(f) for f in fight.fighters}
            known = {f: d.face for d, f in self.dice} if self.kind == "combat" else {}
            self.combat(fight.place, fight.fighters, known or faces, {f: fight.score_of(f) for f in fight.fighters})

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, table, name, settled: bool) -> None:
        """The tray; `settled`: no animation plays (results may show)."""
        area = TRAY
        if self.label:
            layout.draw_fitted(surface, self.label, (area.left + 12, area.top + 8), 15, area.width - 24, palette.TEXT_DIM,
                               bold=True, smallest=12)
        if self.kind == "card" and self.card is not None:
            self._draw_card(surface)
            return
        if not self.dice:
            ui.text(surface, "Dice roll here: combats, hunts and climbs.", area.center, 15, palette.TEXT_DIM,
                    anchor="center")
            return
        rolling = self.rolling
        for die, who in self.dice:
            die.draw(surface)
            if self.kind == "combat":
                layout.draw_fitted(surface, name(who), (die.home[0], area.top + 100), 13, 68, palette.TEXT,
                                   anchor="midtop")
                score = self.scores.get(who)
                if score is not None and not die.rolling:
                    ui.text(surface, f"score {score}", (die.home[0], area.top + 118), 13, palette.GOLD, bold=True,
                            anchor="midtop")
        climb = table.climb
        if self.kind == "mountain" and climb is not None and climb.seat == self.owner and settled and not rolling:
            words = krom.combination_name(climb.combination)
            ui.text(surface, f"Showing {words}", (area.left + 12, area.bottom - 26), 15, palette.GOLD, bold=True)
            ui.text(surface, f"{len(climb.kept)} kept · {climb.rerolls_used} of {climb.rerolls_most} rerolls used",
                    (area.right - 12, area.bottom - 26), 13, palette.TEXT_DIM, anchor="topright")
        if self.kind == "hunt" and not rolling:
            total = sum(d.face for d, _ in self.dice)
            ui.text(surface, f"Total {total}", (area.centerx, area.bottom - 26), 15, palette.GOLD, bold=True,
                    anchor="midtop")
        if self.keep_dice and self.card is not None:
            self._draw_card(surface, small=True)

    def _draw_card(self, surface: pygame.Surface, small: bool = False) -> None:
        family, card, caption = self.card
        area = TRAY
        if small:  # a combat card over the fighters' dice: its name in the corner
            layout.draw_fitted(surface, caption, (area.left + 12, area.bottom - 22), 13, area.width - 24, palette.GOLD)
            return
        r = layout.tray_card_rect()
        surface.blit(cards.tile(family, card), r)
        for i, line in enumerate(ui.wrap(caption, 15, area.width - 110)[:5]):
            ui.text(surface, line, (r.right + 12, r.top + 4 + i * 20), 15, palette.TEXT)

    def die_rects(self) -> list[tuple[pygame.Rect, int]]:
        return [(d.rect(), who) for d, who in self.dice]
