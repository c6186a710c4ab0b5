"""The Khrysos Hunters board: the map, the hunters as their players' dice, the white die, the hunter card
with its six actions, the scoring tracks and the log. Built on the board kit; every rule question
(where a hunter can go, whom an action reaches, why something cannot be done) is asked of
`game.khrysos.queries` and `why_illegal`.
"""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

import game.khrysos as rules
from game.core.actions import Action
from game.core.match import Match
from game.khrysos import queries as Q
from game.khrysos.hunters import HUNTERS, WIN_TREASURE
from game.khrysos.state import Setup
from scenes import assets, palette, ui
from scenes.board import BoardScene, BoardView, Seat
from scenes.khrysos import art
from scenes.widgets.die import DieView
from scenes.widgets.standee import StandeeView
from scenes.widgets.tween import Call, Parallel, Sequence, Tween, ease_in_out_cubic

Cell = tuple[int, int]

BOARD_AREA = pygame.Rect(12, 54, 676, 656)
TURN = pygame.Rect(700, 52, 568, 122)
CARD = pygame.Rect(700, 182, 568, 252)
SCORE = pygame.Rect(700, 442, 568, 152)
ROW_H = 34
SCORE_ROW = 28
OPENING = pygame.Rect(TURN.left + 12, TURN.top + 32, TURN.width - 24 - 180, 34)  # the opening roll, while hunters deploy
OPENING_NAME = 62  # pixels of each player's column kept for their name
TRACK_X = SCORE.left + 262
TRACK_STEP = 23


class HunterDie(StandeeView):
    """A hunter on the map: its player's die, turned to the hunter's endurance (as on the table)."""

    def __init__(self, hunter: int, seat: int, pos, colour, size: int):
        super().__init__(HUNTERS[hunter].name, f"seat{seat}", pos, colour, height=size)
        self.hunter = hunter
        self.seat = seat
        self.endurance = 6
        self.active = False
        self.mark: int | None = None  # which of its player's two hunters (art.card_mark), in two-player games

    def hit_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.height, self.height)
        r.center = (int(self.pos[0]), int(self.pos[1]))
        return r

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = self.height
        face = max(1, min(6, self.endurance))
        img = assets.image(f"dice/seat{self.seat}_{face}", (size, size))
        if self.flash > 0 or self.tilt or self.alpha < 255:
            img = img.copy()
            if self.flash > 0:
                img.fill((int(150 * self.flash), 0, 0, 0), special_flags=pygame.BLEND_RGBA_ADD)
            if self.tilt:
                img = pygame.transform.rotate(img, -self.tilt)
            if self.alpha < 255:
                img.set_alpha(self.alpha)
        centre = (int(self.pos[0] + self.shake), int(self.pos[1] - self.lift))
        rect = img.get_rect(center=centre)
        if self.active or self.selected or self.hovered:
            colour = palette.SELECT if (self.active or self.selected) else palette.HOVER
            pygame.draw.rect(surface, colour, pygame.Rect(0, 0, size + 8, size + 8).move(centre[0] - size // 2 - 4,
                                                                                             centre[1] - size // 2 - 4),
                             width=3, border_radius=8)
        surface.blit(img, rect)
        if self.mark is not None:  # a shape, not a colour, tells a player's two hunters apart
            art.draw_mark(surface, rect.topleft, max(10, size // 2), self.mark)


class Flyer:
    """A treasure marker flying between two points (picked up, stolen, lost)."""

    def __init__(self, start, end, size: int = 26):
        self.start, self.end, self.size = start, end, size
        self.pos = start
        self.alive = False

    def anim(self, duration: float = 0.55):
        def begin() -> None:
            self.alive = True

        def step(t: float) -> None:
            x = self.start[0] + (self.end[0] - self.start[0]) * t
            y = self.start[1] + (self.end[1] - self.start[1]) * t - 60 * t * (1 - t) * 4
            self.pos = (x, y)

        def done() -> None:
            self.alive = False

        return Tween(duration, step, ease=ease_in_out_cubic, on_start=begin, on_done=done)


class KhrysosBoard(BoardScene):
    log_rect = pygame.Rect(700, 602, 568, 110)
    undo_rect = pygame.Rect(TURN.right - 176, TURN.top + 10, 166, 34)

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app, match, seats)
        self.standees: dict[int, HunterDie] = {}
        self.loot: set[Cell] = set()
        self.scores: list[int] = [c.treasure for c in match.state.cards]
        self.flyers: list[Flyer] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.mouse = (0, 0)
        self.preview: int | None = None  # a hunter of the hand shown on the card panel
        self.inspect: int | None = None  # a card shown on the card panel while the mouse is on its score row
        self.mover: int | None = None  # who a box Move moves now
        self.trail: list[Cell] = []  # squares a Trample has passed
        self.focus_action: int | None = None  # the action button under the mouse

    # -- starting ----------------------------------------------------------------------------
    @classmethod
    def new(cls, app, setup: Setup, seats: list[Seat], seed: int | None = None) -> "KhrysosBoard":
        seed = random.randrange(1, 2**31) if seed is None else seed
        return cls(app, Match.new(rules, setup, seed), seats)

    @classmethod
    def for_automation(cls, app, seed: int) -> "KhrysosBoard":
        """A game on Alpha Room already past deployment (the first player is about to roll)."""
        board = cls(app, Match.new(rules, Setup(players=3, map="alpha_room"), seed))
        match = board.match
        while match.decision().kind in ("play", "place"):
            match.play(match.legal_actions()[0])
        return board

    # -- the kit's hooks -------------------------------------------------------------------------
    def build(self) -> None:
        board = self.match.state.board
        left, top, cols, rows = board.extent  # the map at its own extent, wherever it was built
        self.grid = BoardView(cols, rows, BOARD_AREA, max_cell=72, origin=(left, top))
        size = self.grid.cell_size
        self.map_image = art.map_surface(board, size)
        self.die_size = max(18, int(size * 0.62))
        self.white = DieView("d6w", (TURN.left + 50, TURN.top + 50), size=60, face=6)
        self.action_buttons: list[UIButton] = []
        for i in range(6):
            r = pygame.Rect(CARD.left + 10, CARD.top + 46 + i * ROW_H, 196, ROW_H - 4)
            self.action_buttons.append(UIButton(r, f"{i + 1}", self.ui))
        self.context: dict[UIButton, object] = {}
        self._context_key = None
        self._build_opening()

    # -- the opening roll (drawing helpers in art: opening_layout, opening_caption) ------------------
    def _opening(self):
        """The opening roll's event, or None for a game that did not start with one (a stated position)."""
        events = rules.opening_events(self.match.state)
        return events[0] if events else None

    def _build_opening(self) -> None:
        """The dice of the opening roll, shown while the hunters deploy; on a new game they tumble first and
        the log explains them once they settle (the rules rolled them inside new_game: opening_events reads
        them back)."""
        event = self._opening()
        self.opening_dice = [] if event is None else [
            (seat, k, DieView(f"seat{seat}", r.center, size=r.width, face=face))
            for seat, face, k, r in art.opening_layout(OPENING, event, OPENING_NAME)]
        self._opening_told = event is None or bool(self.match.actions) or self.replay is not None
        if not self._opening_told:
            self.player.play([event], then=lambda: setattr(self, "_opening_told", True))  # logs it as it lands
        self.rebuild_log()

    def rebuild_log(self) -> None:
        """The kit's log, with the opening roll's explanation as its first line once the dice have landed."""
        super().rebuild_log()
        event = self._opening()
        if event is not None and getattr(self, "_opening_told", bool(self.match.actions)):
            self.log.reset([(self.log_line(event), self.log_colour(event))] + self.log.entries)

    def _anim_opening(self, event):
        sound = [True]

        def once() -> None:
            if sound:
                sound.clear()
                self.app.play_sound("dice_roll")

        return Parallel(*(d.roll(d.face, 0.7 + 0.05 * i, on_sound=once) for i, (_, _, d) in enumerate(self.opening_dice)))

    def _draw_opening(self, surface) -> None:
        """Each player's dice of the opening roll (the roll-off smaller, after them), and who goes first."""
        event = self._opening()
        names = [seat.name for seat in self.seats]
        title = f"Opening roll: {names[event.first]} goes first" + (" after a roll-off" if event.rolloffs else "")
        ui.text(surface, ui.fit(title, 15, OPENING.width), (TURN.left + 12, TURN.top + 8), 15, palette.TEXT, bold=True)
        col = OPENING.width // len(event.dice)
        for seat in range(len(event.dice)):
            x = OPENING.left + seat * col
            ui.text(surface, ui.fit(names[seat], 14, OPENING_NAME - 6), (x, OPENING.centery), 14,
                    self.seats[seat].colour, bold=seat == event.first, anchor="midleft")
        for seat, k, die in self.opening_dice:
            die.draw(surface)
        self.tips.append((pygame.Rect(TURN.left, TURN.top, OPENING.right - TURN.left, OPENING.bottom - TURN.top),
                          self.named(self.rules.describe(event, self.match.state)) + "."))

    def sync(self) -> None:
        s = self.shown
        self.scores = [c.treasure for c in s.cards]
        self.loot = set(s.loot)
        present = {}
        for i, c in enumerate(s.cards):
            if c.at is None:
                continue
            d = self.standees.get(c.hunter)
            if d is None or d.seat != c.seat:
                d = HunterDie(c.hunter, c.seat, self.grid.cell_centre(c.at), self.seats[c.seat].colour, self.die_size)
            d.mark = art.card_mark(s.cards, i)
            d.visible, d.alpha, d.tilt, d.lift, d.flash, d.shake = True, 255, 0.0, 0.0, 0.0, 0.0
            d.endurance = c.endurance
            d.active = s.phase == "active" and s.cards[s.turn].hunter == c.hunter
            present[c.hunter] = d
        self.standees = present
        self._spread()
        p = self._pending()
        if p is None or p.kind != "trample":
            self.trail = []
        if p is None or p.kind != "push":
            self.mover = None
        elif self.mover not in (p.hunter, p.target):
            self.mover = p.target
        self._sync_context(p)
        self._sync_actions()
        self._sync_layers()

    def _spread(self) -> None:
        """Hunters sharing a square stand side by side on it."""
        by_square: dict[Cell, list[HunterDie]] = {}
        for c in self.shown.cards:
            if c.at is not None and c.hunter in self.standees:
                by_square.setdefault(c.at, []).append(self.standees[c.hunter])
        for square, dice in by_square.items():
            cx, cy = self.grid.cell_centre(square)
            k = len(dice)
            for i, d in enumerate(dice):
                off = 0 if k == 1 else int((i - (k - 1) / 2) * self.grid.cell_size * 0.3)
                d.move_to((cx + off, cy + off // 2))

    def standee_for(self, piece: int):
        return self.standees.get(piece)

    def point_of(self, cell) -> tuple[int, int]:
        return self.grid.cell_centre(cell)

    def dice_for(self, event) -> list:
        return [self.white]

    def event_handlers(self) -> dict:
        return {
            "HunterPlaced": self._anim_placed,
            "TreasurePlaced": self._anim_treasure,
            "TreasureCollected": self._anim_collected,
            "Stolen": self._anim_stolen,
            "KnockedOut": self._anim_retired,
            "Damaged": self._anim_hurt,
            "Healed": self._anim_healed_die,
            "Swapped": lambda e: None,
            "Moved": self._anim_walk,
            "TurnStarted": lambda e: Call(lambda: self.app.play_sound("card")),
            "OpeningRolled": self._anim_opening,
        }

    def before_animations(self, events) -> None:
        self.grid.clear_layers()
        for e in events:
            if type(e).__name__ == "Moved" and e.cause == "trample":
                self.trail.append(e.path[-1])

    def after_undo(self) -> None:
        self.trail = []

    def end_lines(self) -> list[str]:
        s = self.match.state
        return [f"{self.seats[seat].name}: {s.treasure_of(seat)} treasure" for seat in range(s.num_players)]

    def play_again(self):
        return KhrysosBoard.new(self.app, self.match.setup, self.seats)

    def named(self, text: str) -> str:
        """The rules' words, with each "Player N" called by the name the table gave that seat."""
        for i in range(len(self.seats) - 1, -1, -1):
            text = text.replace(f"Player {i + 1}", self.seats[i].name)
        return text

    # -- animations ----------------------------------------------------------------------------
    def _score_point(self, index: int) -> tuple[int, int]:
        value = max(0, min(WIN_TREASURE, self.scores[index] if index < len(self.scores) else 0))
        return (TRACK_X + value * TRACK_STEP + 10, SCORE.top + 34 + index * SCORE_ROW + SCORE_ROW // 2 - 4)

    def _card_index(self, hunter: int) -> int | None:
        for i, c in enumerate(self.match.state.cards):
            if c.hunter == hunter:
                return i
        for i, c in enumerate(self.shown.cards):
            if c.hunter == hunter:
                return i
        return None

    def _set_score(self, index: int, value: int) -> None:
        if 0 <= index < len(self.scores):
            self.scores[index] = value

    def _fly(self, start, end, then) -> Sequence:
        f = Flyer(start, end)
        self.flyers.append(f)
        return Sequence(f.anim(), Call(then), Call(lambda: self.flyers.remove(f) if f in self.flyers else None))

    def _anim_placed(self, event):
        c = self._card_index(event.hunter)
        seat = self.match.state.cards[c].seat if c is not None else 0
        d = HunterDie(event.hunter, seat, self.grid.cell_centre(event.square), self.seats[seat].colour, self.die_size)
        d.mark = art.card_mark(self.match.state.cards, c) if c is not None else None
        d.endurance = 6
        d.visible = False

        def add() -> None:
            self.standees[event.hunter] = d

        return Sequence(Call(add), d.appear())

    def _anim_treasure(self, event):
        if not event.squares:
            return None

        def show() -> None:
            self.loot.update(event.squares)
            self.app.play_sound("coin")

        return Sequence(Call(show), self.floaters.pop("+treasure", self.grid.cell_centre(event.squares[0]),
                                                      colour=palette.TREASURE, size=20, duration=0.5))

    def _anim_collected(self, event):
        index = self._card_index(event.hunter)
        start = self.grid.cell_centre(event.square)

        def pick() -> None:
            self.loot.discard(event.square)
            self.app.play_sound("coin")

        end = self._score_point(index) if index is not None else start
        return Sequence(Call(pick), self._fly(start, end, lambda: self._set_score(index, event.total)))

    def _anim_stolen(self, event):
        if not event.amount:
            return None
        a, b = self._card_index(event.victim), self._card_index(event.thief)
        if a is None or b is None:
            return None

        def move() -> None:
            self._set_score(a, self.scores[a] - event.amount)
            self._set_score(b, self.scores[b] + event.amount)

        return Sequence(Call(lambda: self.app.play_sound("capture")), self._fly(self._score_point(a), self._score_point(b), move))

    def _anim_retired(self, event):
        ko = self._anim_ko(event)
        a = event.seat
        index = next((i for i, c in enumerate(self.shown.cards) if c.hunter == event.piece), None)
        if index is None or not event.lost:
            return ko
        start = self._score_point(index)

        def lose() -> None:
            self._set_score(index, self.scores[index] - event.lost)

        if event.gained and event.by:
            b = self._card_index(event.by)
            if b is not None:
                def win() -> None:
                    lose()
                    self._set_score(b, self.scores[b] + event.gained)

                return Sequence(ko, self._fly(start, self._score_point(b), win))
        del a
        return Sequence(ko, self._fly(start, (start[0], start[1] + 80), lose))

    def _anim_hurt(self, event):
        d = self.standees.get(event.piece)
        set_face = Call(lambda: setattr(d, "endurance", max(1, event.left))) if d is not None else None
        return Sequence(self._anim_damaged(event), set_face)

    def _anim_healed_die(self, event):
        d = self.standees.get(event.piece)
        set_face = Call(lambda: setattr(d, "endurance", event.left)) if d is not None else None
        return Sequence(self._anim_healed(event), set_face)

    def _anim_walk(self, event):
        if event.cause == "swap":
            d = self.standees.get(event.piece)
            if d is None:
                return None
            return Call(lambda: d.move_to(self.grid.cell_centre(event.path[-1])))
        return self._anim_moved(event)

    # -- what can be clicked now -----------------------------------------------------------------
    def _pending(self):
        s = self.match.state
        return None if s.to_move is None else Q.pending(s)

    def _sync_context(self, p) -> None:
        """The buttons of the decision pending (roll, withdraw, end turn, stop, targets, Guard, Boosts, hand)."""
        wanted: list[tuple[str, object, str]] = []  # (label, action or marker, tooltip)
        human = p is not None and self.seats[p.seat].human and self.replay is None
        legal = self.match.legal_actions() if human else []
        if human:
            kinds = {a.kind for a in legal}
            if p.kind == "play":
                hand = Q.playable_hunters(self.shown) if self.viewer == p.seat or not self.match.decision().private else []
                for h in (h for h in hand if h in HUNTERS):
                    wanted.append((HUNTERS[h].name, Action("play", (h,)), f"Play {art.hunter_title(h)}"))
            elif p.kind == "roll":
                wanted.append(("Roll the die", Action("roll"), "Roll the white die: its number is this turn's energy"))
                if "withdraw" in kinds:
                    wanted.append(("Withdraw", Action("withdraw"),
                                   "Retire this hunter now (it loses 2 treasure, no opponent takes them) and play another"))
            elif p.kind == "turn":
                wanted.append(("End turn", Action("end"), "End the turn; unspent energy is lost"))
            elif p.kind == "boost":
                for a in legal:
                    if a.kind == "boost":
                        sym, amount = a.args
                        wanted.append((f"Boost {sym.capitalize()} +{amount}", a, art.symbol_tip("boost_" + sym, amount)))
                wanted.append(("No more Boosts", Action("done"), "Resolve the action as it is"))
            elif p.kind == "hit":
                for a in legal:
                    if a.kind == "target":
                        wanted.append((f"Hit {HUNTERS[a.args[0]].name}", a, "Make one hit on this hunter"))
                wanted.append(("Stop hitting", Action("done"), "Make no more hits"))
            elif p.kind == "guard":
                for a in legal:
                    k = a.args[0]
                    wanted.append((f"Spend {k} Guard", a, f"Block {k} of the {p.amount} damage with Guard markers"))
            elif p.kind in ("trample", "move"):
                wanted.append(("Stop", Action("done"), "Stop here; the squares left are lost"))
            elif p.kind == "push":
                for h in dict.fromkeys((p.target, p.hunter)):
                    wanted.append((f"Move {HUNTERS[h].name}", ("mover", h), "Choose who the next squares move"))
                wanted.append(("Stop", Action("done"), "Stop moving; the squares left are lost"))
        key = (tuple((label, str(a)) for label, a, _ in wanted), self.mover)
        if key == self._context_key:
            return
        self._context_key = key
        for b in self.context:
            b.kill()
        self.context = {}
        x = TURN.left + 10
        width = min(180, (TURN.width - 20 - 8 * max(0, len(wanted) - 1)) // max(1, len(wanted)))
        # long hunter names: the whole row in a smaller font (cut with an ellipsis if still too long)
        small = "@small_button" if any(ui.render(label, 18, palette.TEXT, True).get_width() > width - 14 for label, _, _ in wanted) else None
        for label, a, tip in wanted:
            if small:
                short = ui.fit(label, 15, width - 12, bold=True)
                if short != label:
                    label, tip = short, f"{label}: {tip[0].lower()}{tip[1:]}"
            b = UIButton(pygame.Rect(x, TURN.bottom - 46, width, 38), label, self.ui, tool_tip_text=tip, object_id=small)
            if isinstance(a, tuple) and a[1] == self.mover:
                b.select()
            self.context[b] = a
            x += width + 8

    def _focus_hunter(self) -> int | None:
        """The hunter whose card the card panel shows."""
        s = self.shown
        if self.inspect is not None:
            return self.inspect
        p = self._pending()
        if p is not None and p.kind == "play":
            return self.preview
        if not s.cards:
            return None
        c = s.cards[s.turn]
        return c.hunter or None

    def _sync_actions(self) -> None:
        hunter = self._focus_hunter()
        s = self.shown
        statuses = {st.number: st for st in Q.action_statuses(s)} if s.cards[s.turn].hunter == hunter else {}
        human = self.match.state.to_move is not None and self.seats[self.match.state.to_move].human
        for i, b in enumerate(self.action_buttons):
            number = i + 1
            if hunter is None:
                b.hide()
                continue
            b.show()
            act = HUNTERS[hunter].action(number)
            b.set_text(f"{number} · {act.name}")
            st = statuses.get(number)
            reason = None
            if st is None:
                reason = "This is not the hunter whose turn it is." if hunter != s.cards[s.turn].hunter or self.inspect else "Not now."
                if self._pending() is not None and self._pending().kind == "play":
                    reason = "Choose a hunter first (the buttons above)."
            elif not human:
                reason = "The computer is playing."
            elif not st.usable:
                reason = st.reason[0].upper() + st.reason[1:] + "."
            if reason is None:
                b.enable()
                b.set_tooltip(f"Spend {number} energy: {st.symbols}")
            else:
                b.disable()
                b.set_tooltip(reason)

    def _sync_layers(self) -> None:
        g = self.grid
        g.clear_layers()
        p = self._pending()
        if p is None or not self.seats[p.seat].human or self.replay is not None:
            return
        s = self.match.state
        if p.kind == "place":
            g.set_layer("reachable", s.choices)
        elif p.kind in ("turn", "trample", "move", "push"):
            who = self.mover if p.kind == "push" else p.hunter
            here = Q.card_of_hunter(s, who).at
            g.set_layer("selected", [here])
            if p.kind == "turn" and self.focus_action is not None:
                self._preview_action(self.focus_action)  # the action under the mouse, alone
                return
            reach = Q.reachable_squares(s, who) if Q.movement_budget(s, who) else {}
            g.set_layer("reachable", [c for c in reach if reach[c].cost > 0])
            if self.trail:
                g.set_layer("path", self.trail)
        elif p.kind == "hit":
            step = Q.current_step(s)
            at = s.cards[s.turn].at
            g.set_layer("in_range", s.board.within(at, step.range))
            targets = [Q.card_of_hunter(s, h).at for h in Q.current_targets(s)]
            g.set_layer("target", targets)
        self._hover_layers()

    def _preview_action(self, number: int) -> None:
        """While the mouse is on an action: its Range or Burst area from where the hunter stands."""
        s = self.match.state
        hunter = s.cards[s.turn].hunter
        at = s.cards[s.turn].at
        for step in Q.effective_steps(s, hunter, number):
            if step.kind == "hit":
                self.grid.set_layer("in_range", s.board.within(at, step.range))
            elif step.kind == "burst":
                self.grid.set_layer("area", Q.burst_area(s, hunter, step.value))
            elif step.kind == "trample":
                reach = Q.reachable_squares(s, hunter, step.value)
                self.grid.set_layer("area", [c for c in reach if c != at])
        targets = [Q.card_of_hunter(s, h).at for h in Q.action_targets(s, hunter, number)]
        self.grid.set_layer("target", targets)

    def _hover_layers(self) -> None:
        """The path and cost to the square under the mouse; the Blast area around a target under it."""
        g = self.grid
        p = self._pending()
        cell = g.hover
        g.clear_layer("area") if self.focus_action is None else None
        if p is None or cell is None:
            if p is not None and p.kind in ("turn", "trample", "move", "push"):
                g.set_layer("path", self.trail)
            return
        s = self.match.state
        if p.kind in ("turn", "trample", "move", "push"):
            who = self.mover if p.kind == "push" else p.hunter
            reach = Q.reachable_squares(s, who) if Q.movement_budget(s, who) else {}
            r = reach.get(cell)
            g.set_layer("path", list(self.trail) + (list(r.path) if r is not None else []))
        elif p.kind == "hit":
            step = Q.current_step(s)
            if step.blast >= 0 and cell in g.layer_cells("target"):
                g.set_layer("area", Q.blast_area(s, cell, step.blast))

    # -- input --------------------------------------------------------------------------------------
    def on_hover(self, pos) -> None:
        self.mouse = pos
        old = self.grid.hover
        self.grid.set_hover(pos)
        for d in self.standees.values():
            d.hovered = d.visible and d.hit_rect().collidepoint(pos)
        focus = next((i + 1 for i, b in enumerate(self.action_buttons) if b.visible and b.rect.collidepoint(pos)), None)
        inspect = None
        if SCORE.collidepoint(pos):
            row = (pos[1] - SCORE.top - 34) // SCORE_ROW
            if 0 <= row < len(self.shown.cards):
                inspect = self.shown.cards[row].hunter or None
        preview = next((a.args[0] for b, a in self.context.items() if isinstance(a, Action) and a.kind == "play"
                        and b.rect.collidepoint(pos)), self.preview)
        if preview is None:
            preview = next((a.args[0] for a in self.context.values() if isinstance(a, Action) and a.kind == "play"), None)
        changed = (focus != self.focus_action or inspect != self.inspect or preview != self.preview)
        self.focus_action, self.inspect, self.preview = focus, inspect, preview
        if changed and not self.busy:
            self._sync_actions()
            self._sync_layers()
        elif old != self.grid.hover and not self.busy:
            self._hover_layers()

    def on_input(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el in self.action_buttons:
                self.app.play_sound("click")
                return self.act(Action("act", (self.action_buttons.index(el) + 1,)))
            if el in self.context:
                self.app.play_sound("click")
                a = self.context[el]
                if isinstance(a, tuple):
                    self.mover = a[1]
                    self.sync()
                    return True
                return self.act(a)
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            p = self._pending()
            if p is not None and p.kind == "roll":
                return self.act(Action("roll"))
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if self.white.rect().collidepoint(event.pos):
            p = self._pending()
            if p is not None and p.kind == "roll":
                return self.act(Action("roll"))
        cell = self.grid.cell_at(event.pos)
        if cell is None:
            return False
        return self.click_square(cell)

    def click_square(self, cell: Cell) -> bool:
        p = self._pending()
        if p is None:
            return False
        s = self.match.state
        if p.kind == "place":
            return self.act(Action("place", cell))
        if p.kind == "hit":
            for h in Q.current_targets(s):
                if Q.card_of_hunter(s, h).at == cell:
                    return self.act(Action("target", (h,)))
            reason = "Nobody on that square can be hit now." if cell in s.board.floor else "That square is not on the map."
            if Q.hunters_at(s, cell):
                reason = "That hunter is out of Range (or holds no treasure to steal)."
            self.flash(reason)
            return False
        if p.kind in ("turn", "trample", "move", "push"):
            who = self.mover if p.kind == "push" else p.hunter
            actions = Q.path_actions(s, who, cell)
            if actions:
                return self.act(*actions)
            return self._refuse_square(p, who, cell)
        if p.kind == "roll":
            return self.act(Action("roll"))
        return False

    def _refuse_square(self, p, who: int, cell: Cell) -> bool:
        """Why the hunter cannot get to that square: the rules' reason for the first step."""
        s = self.match.state
        at = Q.card_of_hunter(s, who).at
        if cell == at:
            return False
        if cell not in s.board.floor:
            self.flash("That square is not on the map.")
            return False
        kind = {"turn": "move", "push": "shift"}.get(p.kind, "step")
        budget = Q.movement_budget(s, who)
        far = s.board.walk_distances(at).get(cell)
        if max(abs(cell[0] - at[0]), abs(cell[1] - at[1])) == 1 or budget == 0:
            args = (who, *cell) if kind == "shift" else cell
            reason = self.match.why_illegal(Action(kind, args)) if max(abs(cell[0] - at[0]), abs(cell[1] - at[1])) == 1 \
                else None
            if reason is None and budget == 0:
                reason = self.match.why_illegal(Action(kind, (who, at[0] + 1, at[1]) if kind == "shift" else (at[0] + 1, at[1])))
            self.flash(reason or "That square cannot be reached now.")
            return False
        if far is None:
            self.flash("No way leads there: solid lines close it off.")
        else:
            self.flash(f"That square is {far} squares away; only {budget} can be moved now.")
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        self.tips = []
        g = self.grid
        ui.panel(surface, g.rect.inflate(16, 16), colour=palette.BG_LIGHT, radius=10, shadow=4)
        surface.blit(self.map_image, g.rect)
        if not self.busy:
            g.draw_layers(surface)
        size = g.cell_size
        coin = max(12, int(size * 0.5))
        for c in self.loot:
            r = g.cell_rect(c)
            surface.blit(assets.image("markers/treasure", (coin, coin)), (r.right - coin - 1, r.top + 1))
        for d in sorted(self.standees.values(), key=lambda d: d.pos[1]):
            d.draw(surface)
        self._draw_turn(surface)
        self._draw_card(surface)
        self._draw_scores(surface)
        for f in self.flyers:
            if f.alive:
                img = assets.image("markers/treasure", (f.size, f.size))
                surface.blit(img, img.get_rect(center=(int(f.pos[0]), int(f.pos[1]))))

    def frame_draw(self, surface: pygame.Surface) -> None:
        super().frame_draw(surface)
        self._draw_tooltip(surface)  # over the buttons too

    def _draw_turn(self, surface) -> None:
        ui.panel(surface, TURN)
        s = self.shown
        if not s.started and s.phase in ("deploy", "place") and self.opening_dice:
            self._draw_opening(surface)
            return
        self.white.draw(surface)
        p = self._pending()
        x = TURN.left + 96
        if s.phase == "active":
            ui.text(surface, "Energy", (x, TURN.top + 12), 15, palette.TEXT_DIM)
            for k in range(6):
                r = pygame.Rect(x + k * 26, TURN.top + 34, 20, 20)
                lit = k < s.energy
                pygame.draw.circle(surface, palette.GOLD if lit else palette.PANEL_LIGHT, r.center, 9)
                pygame.draw.circle(surface, palette.SHADOW, r.center, 9, width=1)
            ui.text(surface, f"{s.energy} left", (x + 162, TURN.top + 34), 17, palette.TEXT, bold=True)
            self.tips.append((pygame.Rect(x, TURN.top + 30, 220, 28),
                              "Energy: each square moved costs 1; action N costs N. Each action once a turn."))
        else:
            words = {"roll": "Roll the white die: click it or the button.", "play": "Choose a hunter for this scoring card.",
                     "place": "Click a lit Treasure Zone square.", "over": "The game is over."}
            kind = p.kind if p is not None else "over"
            ui.text(surface, words.get(kind, ""), (x, TURN.top + 24), 16, palette.TEXT)
        if p is not None and p.kind in ("trample", "move", "push", "hit", "guard"):
            word = {"hit": "hits", "guard": "damage"}.get(p.kind, "squares")
            ui.text(surface, f"{p.amount} {word} left", (x, TURN.top + 58), 15, palette.GOLD)

    def _draw_card(self, surface) -> None:
        ui.panel(surface, CARD, edge=palette.CARD_FAMILIES["hunter"])
        hunter = self._focus_hunter()
        if hunter is None:
            ui.text(surface, "No hunter on this card yet", CARD.center, 18, palette.TEXT_DIM, anchor="center")
            return
        h = HUNTERS[hunter]
        s = self.shown
        card = next((c for c in s.cards if c.hunter == hunter), None)
        seat = card.seat if card is not None else self.match.state.to_move
        colour = self.seats[seat].colour if seat is not None else palette.TEXT
        pygame.draw.rect(surface, colour, pygame.Rect(CARD.left + 2, CARD.top + 8, 8, 28), border_radius=3)
        surface.blit(assets.image(assets.face("khrysos", hunter), (32, 32)), (CARD.left + 16, CARD.top + 6))
        title = f"#{h.number} {h.name}"
        ui.text(surface, title, (CARD.left + 54, CARD.top + 8), 20, palette.TEXT, bold=True)
        tw = ui.render(title, 20, palette.TEXT, True).get_width()
        ui.text(surface, h.title, (CARD.left + 62 + tw, CARD.top + 13), 15, palette.TEXT_DIM)
        if card is None:
            note = "in your hand" if self.inspect is None else ""
            ui.text(surface, note, (CARD.right - 12, CARD.top + 12), 15, palette.GOLD, anchor="topright")
        else:
            x = CARD.right - 12
            img = assets.image(f"dice/seat{card.seat}_{max(1, card.endurance)}", (30, 30))
            r = img.get_rect(topright=(x, CARD.top + 7))
            surface.blit(img, r)
            mark = art.card_mark(s.cards, s.cards.index(card))
            if mark is not None:
                art.draw_mark(surface, r.topleft, 9, mark)
            self.tips.append((r, f"Endurance {card.endurance} of 6: the die shows it; at 0 the hunter retires."
                              + ("" if mark is None else f" Its {art.MARK_WORDS[mark]} tells it from the other "
                                                          f"hunter of the same player.")))
            x = r.left - 6
            marks = [("guard", len(card.guard)), ("boost", len(card.boosts)), ("trap", 1 if card.trap else 0),
                     ("stun", 1 if card.stun else 0)]
            for kind, count in marks:
                if not count:
                    continue
                mr = pygame.Rect(0, 0, 28, 28)
                mr.topright = (x, CARD.top + 8)
                surface.blit(assets.image(f"markers/{kind}", (28, 28)), mr)
                tip = art.MARKERS[kind]
                if kind == "boost":
                    tip += " Held: " + ", ".join(f"{sym.capitalize()} +{a}" for sym, a, _ in card.boosts) + "."
                if count > 1:
                    ui.text(surface, str(count), (mr.right - 2, mr.bottom + 2), 14, palette.TEXT, bold=True, shadow=True,
                            anchor="bottomright")
                self.tips.append((mr, tip))
                x = mr.left - 4
        treasure = card.treasure if card is not None else 0
        for i, act in enumerate(h.actions):
            y = CARD.top + 46 + i * ROW_H
            up = act.upgrade is not None and treasure >= act.upgrade.at and card is not None
            used = card is not None and s.cards[s.turn] is card and s.phase == "active" and (s.used >> act.number & 1)
            tips = art.draw_symbols(surface, hunter, act.number, up, (CARD.left + 216, y + 3), 24,
                                    art.box_colour(hunter, act.number))
            self.tips.extend(tips)
            if act.upgrade is not None:
                centre = (CARD.right - 22, y + 15)
                points = [(centre[0], centre[1] - 13), (centre[0] + 13, centre[1]), (centre[0], centre[1] + 13),
                          (centre[0] - 13, centre[1])]
                pygame.draw.polygon(surface, palette.GOLD if up else palette.SHADOW, points)
                pygame.draw.polygon(surface, palette.TEXT if up else palette.TEXT_DIM, points, width=2)
                ui.text(surface, str(act.upgrade.at), centre, 14, palette.TEXT_DARK if up else palette.TEXT, bold=True,
                        anchor="center")
                state = "unlocked" if up else "locked"
                self.tips.append((pygame.Rect(centre[0] - 13, centre[1] - 13, 26, 26),
                                  f"Upgrade ({state}): with {act.upgrade.at} treasure or more, {act.upgrade.text}."))
            if used:
                ui.text(surface, "used", (CARD.right - 44, y + 15), 14, palette.TEXT_DIM, anchor="midright")

    def _draw_scores(self, surface) -> None:
        ui.panel(surface, SCORE)
        ui.text(surface, "Scoring cards", (SCORE.left + 12, SCORE.top + 8), 16, palette.TEXT_DIM, bold=True)
        for k in range(WIN_TREASURE + 1):
            ui.text(surface, str(k), (TRACK_X + k * TRACK_STEP + 10, SCORE.top + 12), 12,
                    palette.GOLD if k == WIN_TREASURE else palette.TEXT_DIM, anchor="midtop")
        s = self.shown
        for i, c in enumerate(s.cards):
            y = SCORE.top + 34 + i * SCORE_ROW
            row = pygame.Rect(SCORE.left + 6, y, SCORE.width - 12, SCORE_ROW - 4)
            current = i == s.turn and s.phase != "over"
            if current:
                pygame.draw.rect(surface, palette.PANEL_LIGHT, row, border_radius=6)
                pygame.draw.rect(surface, self.seats[c.seat].colour, row, width=2, border_radius=6)
            chip = pygame.Rect(row.left + 4, y + 4, 14, SCORE_ROW - 12)
            pygame.draw.rect(surface, self.seats[c.seat].colour, chip, border_radius=3)
            mark = art.card_mark(s.cards, i)
            if mark is not None:
                art.draw_mark(surface, chip.center, 9, mark)
            name = self.seats[c.seat].name
            who = HUNTERS[c.hunter].name if c.hunter else ("(replacement due)" if s.started else "(no hunter yet)")
            ui.text(surface, ui.fit(f"{name}: {who}", 15, 226), (row.left + 24, y + 3), 15, palette.TEXT)
            value = self.scores[i] if i < len(self.scores) else c.treasure
            for k in range(WIN_TREASURE + 1):
                cr = pygame.Rect(TRACK_X + k * TRACK_STEP, y + 3, 20, SCORE_ROW - 10)
                pygame.draw.rect(surface, palette.BG if k else palette.PANEL, cr, border_radius=4)
            marker = pygame.Rect(0, 0, 20, 20)
            marker.center = (TRACK_X + max(0, min(WIN_TREASURE, value)) * TRACK_STEP + 10, y + SCORE_ROW // 2 - 2)
            surface.blit(assets.image("markers/treasure", (20, 20)), marker)
            marked = "" if mark is None else f" Its hunter carries the {art.MARK_WORDS[mark]} on the map."
            self.tips.append((row, f"{name}'s scoring card: {value} treasure (12 wins).{marked} Hover shows this card."))

    def _draw_tooltip(self, surface) -> None:
        text = None
        if not self.busy:
            text = self.grid.reason_at(self.grid.hover)
        pos = self.mouse
        if text is None and self.grid.hover is not None and not self.busy:
            text = self._square_words(self.grid.hover)
        if text is None:
            text = next((t for r, t in reversed(self.tips) if r.collidepoint(pos)), None)
        if not text:
            return
        lines = ui.wrap(text, 15, 320)
        w = max(ui.render(line, 15, palette.TEXT).get_width() for line in lines) + 16
        h = 20 * len(lines) + 10
        box = pygame.Rect(pos[0] + 16, pos[1] + 18, w, h)
        box.clamp_ip(surface.get_rect())
        if box.collidepoint(pos):
            box.bottom = pos[1] - 8
        pygame.draw.rect(surface, palette.SHADOW, box.move(2, 3), border_radius=6)
        pygame.draw.rect(surface, palette.BG_LIGHT, box, border_radius=6)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, width=1, border_radius=6)
        for i, line in enumerate(lines):
            ui.text(surface, line, (box.left + 8, box.top + 5 + 20 * i), 15, palette.TEXT)

    def _square_words(self, cell: Cell) -> str | None:
        """What the square under the mouse holds; for a reachable square, the energy the walk costs."""
        s = self.match.state
        if cell not in s.board.floor:
            return None
        parts = []
        p = self._pending()
        if p is not None and cell in self.grid.layer_cells("reachable") and p.kind in ("turn", "trample", "move", "push"):
            who = self.mover if p.kind == "push" else p.hunter
            r = Q.reachable_squares(s, who).get(cell)
            if r is not None:
                cost = f"{r.cost} energy" if p.kind == "turn" else f"{r.cost} of the {p.amount} squares"
                parts.append(f"Move here: {len(r.path)} square{'s' if len(r.path) != 1 else ''}, {cost}.")
        for c in s.cards:
            if c.at == cell:
                parts.append(f"{HUNTERS[c.hunter].name} ({self.seats[c.seat].name}): endurance {c.endurance}, "
                             f"{c.treasure} treasure.")
        if cell in s.board.zones:
            has = " It holds a treasure." if cell in s.loot else ""
            parts.append(f"Treasure Zone {s.board.zones[cell]}: treasure appears here on a roll of "
                         f"{s.board.zones[cell]}.{has}")
        if cell in s.board.pillars:
            parts.append("Pillar: nothing moves or reaches diagonally past it.")
        elif cell in s.board.stairs:
            parts.append("Stairs: no diagonal steps on them.")
        return " ".join(parts) if parts else None



def resume(app, match: Match) -> KhrysosBoard:
    """The board of a game replayed from a save."""
    return KhrysosBoard(app, match)
