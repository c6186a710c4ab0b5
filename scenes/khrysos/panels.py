"""The Khrysos board's side panels: the turn (the white die, the energy left), the hunter card shown (its
six actions, symbols, Upgrades, endurance and markers) and the scoring cards, drawn from the snapshot,
with the hotspots of everything in them.

Hotspot keys: `die:energy`, `energy`, `opening` (the opening roll, while the hunters come into play), `card:hunter`, `card:endurance`, `card:marker:<guard|boost|trap|stun>`,
`card:symbol:<action>:<k>`, `card:upgrade:<action>`, `score:<card index>` (the action buttons are
`action:<1-6>`, registered by the board); the glossary's words in the turn panel's text and the scoring
cards' heading are `term:<term id>:<n>` (dotted underline, the entry as the tip, a click opens the rules there).
"""

from __future__ import annotations

import pygame

import game.khrysos as K
from game import learn
from scenes import assets, palette, ui
from scenes.khrysos import art
from scenes.learn import marked

TURN = pygame.Rect(700, 52, 568, 122)
CARD = pygame.Rect(700, 182, 568, 252)
SCORE = pygame.Rect(700, 442, 568, 152)
ROW_H = 34
SCORE_ROW = 28
TRACK_X = SCORE.left + 262
TRACK_STEP = 23
PIPS_X = TURN.left + 96
BAR = pygame.Rect(TURN.left + 10, TURN.bottom - 46, TURN.width - 20, 38)  # the decision bar
OPENING = pygame.Rect(TURN.left + 12, TURN.top + 32, TURN.width - 24 - 180, 34)  # the opening roll, while hunters come in
OPENING_NAME = 62  # pixels of each player's column kept for their name, at most


def opening_area(players: int) -> tuple[pygame.Rect, int]:
    """Where the opening roll's dice go and the pixels of each player's column kept for their name beside them.
    With four players a column is too narrow for both: the names go above their dice, which take the column's
    width (issue 34: tiny dice beside the next player's name)."""
    if players < 4:
        return OPENING, OPENING_NAME
    return pygame.Rect(OPENING.left, OPENING.top + 13, OPENING.width, OPENING.height - 11), 0


def action_rect(number: int) -> pygame.Rect:
    return pygame.Rect(CARD.left + 10, CARD.top + 46 + (number - 1) * ROW_H, 196, ROW_H - 4)


def score_row(index: int) -> pygame.Rect:
    y = SCORE.top + 34 + index * SCORE_ROW
    return pygame.Rect(SCORE.left + 6, y, SCORE.width - 12, SCORE_ROW - 4)


class KhrysosPanels:
    """The part of KhrysosBoard that draws the side panels and registers their hotspots."""

    # -- where things are ------------------------------------------------------------------------------
    def score_point(self, index: int | None) -> tuple[int, int]:
        """The pixel of a scoring card's marker at its current (animated) treasure."""
        if index is None:
            return SCORE.center
        value = max(0, min(K.WIN_TREASURE, self.scores[index] if index < len(self.scores) else 0))
        return (TRACK_X + value * TRACK_STEP + 10, score_row(index).top + SCORE_ROW // 2 - 2)

    def _card_layout(self, hunter: int) -> dict:
        """Rects of the card panel's parts for `hunter` (computed in sync, drawn and hovered from it)."""
        s = self.snap.view
        layout: dict = {"title": pygame.Rect(CARD.left + 16, CARD.top + 6, CARD.width - 120, 32), "markers": [],
                        "rows": []}
        i = s.card_of(hunter)
        in_play = i is not None and s.cards[i].at is not None
        x = CARD.right - 12
        if in_play:
            die = pygame.Rect(0, 0, 30, 30)
            die.topright = (x, CARD.top + 7)
            layout["endurance"] = die
            x = die.left - 6
            for kind, count, tip in K.card_markers(s, hunter):
                r = pygame.Rect(0, 0, 28, 28)
                r.topright = (x, CARD.top + 8)
                layout["markers"].append((kind, count, tip, r))
                x = r.left - 4
        for act in K.HUNTERS[hunter].actions:
            y = CARD.top + 46 + (act.number - 1) * ROW_H
            up = K.is_upgraded(s, hunter, act.number) if in_play else False
            icons, boxes = art.layout_symbols(hunter, act.number, up, (CARD.left + 216, y + 3), 24)
            diamond = pygame.Rect(CARD.right - 35, y + 2, 26, 26) if act.upgrade is not None else None
            layout["rows"].append((act, up, icons, boxes, diamond))
        return layout

    # -- the glossary's words in the panels' texts -------------------------------------------------------
    def marked_texts(self) -> list[tuple[str, tuple[int, int], int, tuple, bool]]:
        """The panels' lines whose glossary words are marked: (text, topleft, size, colour, bold)."""
        s, t = self.shown, self.snap.queries
        lines = [("Scoring cards", (SCORE.left + 12, SCORE.top + 8), 16, palette.TEXT_DIM, True)]
        if s.phase != "active" and t is not None and not self.showing_opening():  # the opening roll shows there
            right = self.undo_rect.left - 8 if self.undo_rect is not None else TURN.right - 10
            for k, line in enumerate(ui.wrap(t.what, 16, right - PIPS_X)[:2]):
                lines.append((line, (PIPS_X, TURN.top + 14 + 20 * k), 16, palette.TEXT, False))
        return lines

    def mark_terms(self) -> None:
        """Where the glossary's words of `marked_texts` lie (found once per sync, registered by `panel_hotspots`)."""
        scratch = pygame.Surface((1, 1))
        glossary = learn.glossary(K.GAME_ID)
        self.terms = [m for text, pos, size, colour, bold in self.marked_texts()
                      for m in marked.draw_marked_line(scratch, text, pos, glossary, size, colour, bold=bold)]

    def draw_marked_texts(self, surface) -> None:
        glossary = learn.glossary(K.GAME_ID)
        for text, pos, size, colour, bold in self.marked_texts():
            marked.draw_marked_line(surface, text, pos, glossary, size, colour, bold=bold)

    def open_term(self, term) -> None:
        self.app.open_reference(K.GAME_ID, learn.section_for(K.GAME_ID, term.id))

    # -- hotspots --------------------------------------------------------------------------------------
    def showing_opening(self) -> bool:
        """The turn panel shows the opening roll's dice until the first turn starts."""
        s = self.shown
        return bool(self.opening_dice) and not s.started and s.phase in ("deploy", "place", "play")

    def panel_hotspots(self) -> None:
        spots, s, t = self.spots, self.snap.view, self.snap.queries
        marked.add_term_spots(spots, getattr(self, "terms", []), click=self.open_term)
        if self.showing_opening():
            event = self.opening()
            spots.add("opening", pygame.Rect(TURN.left, TURN.top, OPENING.right - TURN.left, OPENING.bottom - TURN.top),
                      ui.sentence(self.log_line(event)))
        spots.add("die:energy", self.white.rect(), "The white die: its roll is the energy of the turn; treasure appears "
                  "on the zones of its number.", enabled=t.roll.ok, reason=t.roll.reason,
                  click=lambda: self.perform(t.roll))
        if s.phase == "active":
            spots.add("energy", pygame.Rect(PIPS_X, TURN.top + 30, 220, 28), K.energy_text(s))
        hunter = self.focus_hunter()
        if hunter is not None and self.card_layout is not None:
            lay = self.card_layout
            h = K.HUNTERS[hunter]
            spots.add("card:hunter", lay["title"], [f"#{h.number} {art.hunter_title(hunter)}",
                                                    "Its actions are listed below: hover one to see what it does now."])
            if "endurance" in lay:
                mark = self._mark_of(hunter)
                spots.add("card:endurance", lay["endurance"], [K.endurance_text(s, hunter)] + (
                    [] if mark is None else [f"Its {art.MARK_WORDS[mark]} tells it from its player's other hunter."]))
            for kind, _, tip, r in lay["markers"]:
                spots.add(f"card:marker:{kind}", r, tip)
            options = {o.number: o for o in t.actions(hunter)}
            for act, _up, icons, _, diamond in lay["rows"]:
                for k, icon in enumerate(icons):
                    spots.add(f"card:symbol:{act.number}:{k}", icon.rect, icon.tip)
                if diamond is not None:
                    spots.add(f"card:upgrade:{act.number}", diamond, options[act.number].upgrade)
        for i, _c in enumerate(s.cards):
            mark = art.card_mark(s.cards, i)
            spots.add(f"score:{i}", score_row(i), [K.score_text(s, i, self.snap.names)] + (
                [] if mark is None else [f"Its hunter carries the {art.MARK_WORDS[mark]} on the map."]))

    def _mark_of(self, hunter: int) -> int | None:
        i = self.shown.card_of(hunter)
        return None if i is None else art.card_mark(self.shown.cards, i)

    # -- drawing ---------------------------------------------------------------------------------------
    def draw_opening(self, surface) -> None:
        """Each player's dice of the opening roll (the roll-off smaller, after them), and who goes first."""
        event = self.opening()
        names = [seat.name for seat in self.seats]
        title = f"Opening roll: {names[event.first]} goes first" + (" after a roll-off" if event.rolloffs else "")
        ui.text(surface, ui.fit(title, 15, OPENING.width), (TURN.left + 12, TURN.top + 8), 15, palette.TEXT, bold=True)
        col = OPENING.width // len(event.dice)
        _, name = opening_area(len(event.dice))
        for seat in range(len(event.dice)):
            x = OPENING.left + seat * col
            if seat:  # a rule between two players' columns: each die stands under or beside its own player's name
                pygame.draw.line(surface, palette.TEXT_DIM, (x - 5, OPENING.top + 2), (x - 5, OPENING.bottom + 2))
            where, size, anchor = ((x, OPENING.centery), 14, "midleft") if name else ((x, OPENING.top - 2), 12, "topleft")
            ui.text(surface, ui.fit(names[seat], size, (name or col) - 6), where, size,
                    self.seats[seat].colour, bold=seat == event.first, anchor=anchor)
        for _, _, die in self.opening_dice:
            die.draw(surface)

    def draw_turn(self, surface) -> None:
        ui.panel(surface, TURN)
        s, t = self.shown, self.snap.queries
        if self.showing_opening():
            self.draw_opening(surface)
            return
        self.white.draw(surface)
        x = PIPS_X
        if s.phase == "active":
            ui.text(surface, "Energy", (x, TURN.top + 12), 15, palette.TEXT_DIM)
            for k in range(K.MAX_ENDURANCE):
                centre = (x + k * 26 + 10, TURN.top + 44)
                pygame.draw.circle(surface, palette.GOLD if k < s.energy else palette.PANEL_LIGHT, centre, 9)
                pygame.draw.circle(surface, palette.SHADOW, centre, 9, width=1)
            ui.text(surface, f"{s.energy} left", (x + 162, TURN.top + 34), 17, palette.TEXT, bold=True)
        if t is not None and t.amount:
            ui.text(surface, t.amount, (x, TURN.top + 58), 15, palette.GOLD)

    def draw_card(self, surface) -> None:
        ui.panel(surface, CARD, edge=palette.CARD_FAMILIES["hunter"])
        hunter = self.focus_hunter()
        lay = self.card_layout
        if hunter is None or lay is None:
            ui.text(surface, "No hunter on this card yet", CARD.center, 18, palette.TEXT_DIM, anchor="center")
            return
        h = K.HUNTERS[hunter]
        s = self.shown
        i = s.card_of(hunter)
        card = s.cards[i] if i is not None else None
        seat = card.seat if card is not None else self.snap.seat
        colour = self.seats[seat].colour if seat is not None else palette.TEXT
        pygame.draw.rect(surface, colour, pygame.Rect(CARD.left + 2, CARD.top + 8, 8, 28), border_radius=3)
        surface.blit(assets.image(assets.face("khrysos", hunter), (32, 32)), (CARD.left + 16, CARD.top + 6))
        title = f"#{h.number} {h.name}"
        ui.text(surface, title, (CARD.left + 54, CARD.top + 8), 20, palette.TEXT, bold=True)
        tw = ui.render(title, 20, palette.TEXT, True).get_width()
        ui.text(surface, h.title, (CARD.left + 62 + tw, CARD.top + 13), 15, palette.TEXT_DIM)
        if card is None and self.inspect is None:
            ui.text(surface, "in your hand", (CARD.right - 12, CARD.top + 12), 15, palette.GOLD, anchor="topright")
        if "endurance" in lay and card is not None:
            die = self.standees.get(hunter)
            face = die.endurance if die is not None else card.endurance
            surface.blit(assets.image(f"dice/seat{card.seat}_{max(1, face)}", (30, 30)), lay["endurance"])
            mark = self._mark_of(hunter)
            if mark is not None:
                art.draw_mark(surface, lay["endurance"].topleft, 9, mark)
        for kind, count, _, r in lay["markers"]:
            surface.blit(assets.image(f"markers/{kind}", (28, 28)), r)
            if count > 1:
                ui.text(surface, str(count), (r.right - 2, r.bottom + 2), 14, palette.TEXT, bold=True, shadow=True,
                        anchor="bottomright")
        options = {o.number: o for o in self.snap.queries.actions(hunter)}
        for act, up, icons, boxes, diamond in lay["rows"]:
            art.draw_symbols(surface, icons, boxes, art.box_colour(hunter, act.number))
            if diamond is not None:
                c = diamond.center
                points = [(c[0], c[1] - 13), (c[0] + 13, c[1]), (c[0], c[1] + 13), (c[0] - 13, c[1])]
                pygame.draw.polygon(surface, palette.GOLD if up else palette.SHADOW, points)
                pygame.draw.polygon(surface, palette.TEXT if up else palette.TEXT_DIM, points, width=2)
                ui.text(surface, str(act.upgrade.at), c, 14, palette.TEXT_DARK if up else palette.TEXT, bold=True,
                        anchor="center")
            if options.get(act.number) is not None and options[act.number].used:
                ui.text(surface, "used", (CARD.right - 44, diamond.centery if diamond else action_rect(act.number).centery + 2),
                        14, palette.TEXT_DIM, anchor="midright")

    def draw_scores(self, surface) -> None:
        ui.panel(surface, SCORE)
        top = K.WIN_TREASURE
        for k in range(top + 1):
            ui.text(surface, str(k), (TRACK_X + k * TRACK_STEP + 10, SCORE.top + 12), 12,
                    palette.GOLD if k == top else palette.TEXT_DIM, anchor="midtop")
        s = self.shown
        marker = assets.image("markers/treasure", (20, 20))
        for i, c in enumerate(s.cards):
            row = score_row(i)
            y = row.top
            if i == s.turn and s.phase != "over":
                pygame.draw.rect(surface, palette.PANEL_LIGHT, row, border_radius=6)
                pygame.draw.rect(surface, self.seats[c.seat].colour, row, width=2, border_radius=6)
            chip = pygame.Rect(row.left + 4, y + 4, 14, SCORE_ROW - 12)
            pygame.draw.rect(surface, self.seats[c.seat].colour, chip, border_radius=3)
            mark = art.card_mark(s.cards, i)
            if mark is not None:  # a shape, not a colour, tells a player's two hunters apart
                art.draw_mark(surface, chip.center, 9, mark)
            name = self.seats[c.seat].name
            who = K.HUNTERS[c.hunter].name if c.hunter else ("(replacement due)" if s.started else "(no hunter yet)")
            ui.text(surface, ui.fit(f"{name}: {who}", 15, 226), (row.left + 24, y + 3), 15, palette.TEXT)
            for k in range(top + 1):
                cr = pygame.Rect(TRACK_X + k * TRACK_STEP, y + 3, 20, SCORE_ROW - 10)
                pygame.draw.rect(surface, palette.BG if k else palette.PANEL, cr, border_radius=4)
            surface.blit(marker, marker.get_rect(center=self.score_point(i)))
        self.draw_marked_texts(surface)  # the decision's words on the turn panel, the heading here (glossary words underlined)
