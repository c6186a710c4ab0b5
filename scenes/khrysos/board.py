"""The Khrysos Hunters board: the map with the names of its columns and rows, the hunters as their players'
dice, the white die, the hunter card with its six actions, the scoring cards, the decision bar and the log.

Built on the board kit (scenes/board/README.md): everything on it is a hotspot filled from the snapshot,
and every click is a gesture of `game.khrysos` (`go_to`, `aim_at`, `use_action`, `choices`...): the board
writes no action and no reason of its own. Hotspot keys: `cell:x,y` (rules coordinates), `hunter:N` (a
hunter's die on the map, N its card number), `action:1`..`action:6`, `button:<choice>` (the decision bar,
see `decisionbar`), and the panels' keys (see `panels`); the kit adds `button:undo`, `button:redo`,
`button:suggest`.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

import game.khrysos as K
from game.core.match import Match
from game.core.rng import Rng
from scenes.board import BoardScene, BoardView, Seat
from scenes.board.furniture import new_seed
from scenes.khrysos import art
from scenes.khrysos.anims import KhrysosAnimations
from scenes.khrysos.decisionbar import DecisionBar
from scenes.khrysos.panels import BAR, SCORE, TURN, KhrysosPanels, action_rect, opening_area
from scenes.widgets.die import DieView
from scenes.widgets.tween import Call, Sequence

Cell = tuple[int, int]

BOARD_AREA = pygame.Rect(12 + art.EDGE, 54 + art.EDGE, 676 - 2 * art.EDGE, 656 - 2 * art.EDGE)
MAP_KINDS = ("place", "turn", "trample", "move", "push", "hit")  # decisions answered on the map
WHAT = {"roll": "Roll the white die: click it or the Roll button.", "play": "Choose a hunter for this scoring card.",
        "place": "Click a lit Treasure Zone square.", "guard": "Choose how many Guard markers to spend.",
        "boost": "Choose the Boosts to spend.", "over": "The game is over."}


class Table:
    """The rules' answers for one snapshot (the board's `query_rules`), asked once; the squares, choices
    and action options are asked for the first time they are needed and kept for the snapshot."""

    def __init__(self, view, legal, names):
        self.view, self.legal, self.names = view, legal, names
        self.pending = K.pending(view)
        self.kind = self.pending.kind
        self.movers = K.movers(view)
        self.roll = K.roll(view, legal)
        self.amount = K.amount_text(view)
        self.what = WHAT.get(self.kind, "")
        self._squares: dict = {}
        self._choices: dict = {}
        self._actions: dict = {}

    def mover(self, wanted: int | None) -> int | None:
        """Who a click on a square moves: `wanted` when it may be moved now, else the first of `movers`."""
        return wanted if wanted in self.movers else (self.movers[0] if self.movers else None)

    def squares(self, mover: int | None) -> dict[Cell, K.SquareInfo]:
        mover = self.mover(mover)
        if mover not in self._squares:
            self._squares[mover] = K.board_squares(self.view, self.legal, mover, self.names)
        return self._squares[mover]

    def choices(self, mover: int | None) -> list[K.Choice]:
        mover = self.mover(mover)
        if mover not in self._choices:
            self._choices[mover] = K.choices(self.view, self.legal, self.names, mover)
        return self._choices[mover]

    def actions(self, hunter: int) -> list[K.ActionOption]:
        if hunter not in self._actions:
            self._actions[hunter] = K.action_options(self.view, self.legal, hunter)
        return self._actions[hunter]


class KhrysosBoard(KhrysosAnimations, KhrysosPanels, BoardScene):
    log_rect = pygame.Rect(700, 602, 568, 110)
    undo_rect = pygame.Rect(TURN.right - 176, TURN.top + 10, 166, 34)
    log_after_animation = True  # a roll's result reaches the log once the die stops (issue 23)
    # The rules reference's section the "?" button opens, by the decision on screen (game.learn's ids).
    REFERENCE_SECTIONS = {"play": "hunters", "place": "setup", "roll": "turn", "turn": "actions", "boost": "boosts",
                          "hit": "hit", "move": "moving", "trample": "trample", "push": "symbols", "guard": "symbols",
                          "over": "goal"}

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app, match, seats)
        self.standees: dict[int, art.HunterDie] = {}
        self.loot: set[Cell] = set(self.shown.loot)
        self.scores: list[int] = [c.treasure for c in self.shown.cards]
        self.incoming: dict[int, tuple] = {}  # hunter -> (seat, card index): hunters coming in during an animation
        self.card_layout: dict | None = None
        self.forget()

    def forget(self) -> None:
        self.preview: int | None = None  # a hunter of the hand shown on the card panel
        self.inspect: int | None = None  # a card shown on the card panel while the mouse is on its score row
        self.mover: int | None = None  # who a box Move moves now
        self.trail: list[Cell] = []  # squares a Trample has passed
        self.focus_action: int | None = None  # the action button under the mouse

    # -- starting ----------------------------------------------------------------------------
    @classmethod
    def new(cls, app, setup: K.Setup, seats: list[Seat], seed: int | None = None) -> KhrysosBoard:
        return cls(app, Match.new(K, setup, new_seed() if seed is None else seed), seats)

    @classmethod
    def for_automation(cls, app, seed: int) -> KhrysosBoard:
        """A game on Alpha Room already past deployment (the first player is about to roll)."""
        match = Match.new(K, K.Setup(players=3, map="alpha_room"), seed)
        rng = Rng(seed)
        while match.view(None).phase in ("deploy", "place"):
            match.play(match.random_action(rng))
        return cls(app, match)

    # -- the kit's hooks -------------------------------------------------------------------------
    def build(self) -> None:
        board = self.shown.board
        left, top, cols, rows = board.extent  # the map at its own extent, wherever on the builder's grid it was built
        self.grid = BoardView(cols, rows, BOARD_AREA, max_cell=72, origin=(left, top))
        self.art = art.BoardArt(board, self.grid)
        self.die_size = max(18, int(self.grid.cell_size * 0.62))
        rolled = [e.faces[0] for _, e in self.history if type(e).__name__ == "DiceRolled"]
        self.white = DieView("d6w", (TURN.left + 48, TURN.top + 44), size=56, face=rolled[-1] if rolled else 6)
        self.action_buttons = {n: UIButton(action_rect(n), str(n), self.ui) for n in range(1, 7)}
        self.bar = DecisionBar(self, BAR)
        self._build_opening()

    # -- the opening roll (Quick Start 4-5; drawn by the panels, animated by the animations) ---------------
    def opening(self):
        """The opening roll's event, or None for a game that did not start with one (a stated position)."""
        events = K.opening_events(self.shown)
        return events[0] if events else None

    def _build_opening(self) -> None:
        """The dice of the opening roll, shown while the hunters come into play; on a new game they tumble
        (once the board is on top, after any hand-off screen) and the log explains them once they land (the rules rolled them inside new_game:
        opening_events reads them back from the state)."""
        event = self.opening()
        self.opening_dice = [] if event is None else [
            (seat, k, DieView(f"seat{seat}", r.center, size=r.width, face=face))
            for seat, face, k, r in art.opening_layout(*opening_area(len(event.dice)), event)]
        fresh = not self.match.actions and not any(c.hunter for c in self.shown.cards)  # the very start of a game
        self._opening_told = event is None or not fresh or self.replay is not None
        if not self._opening_told:  # decorative: it holds nobody up (a player may choose a hunter meanwhile)
            self.timeline.add_background(Sequence(self._anim_opening(event), Call(self._opening_landed)))
        self.rebuild_log()

    def _opening_landed(self) -> None:
        """The dice have landed: their explanation goes first in the log. Only that line is added: the log is
        not rebuilt from the history here, since the hunters may still be walking in, their lines logged as
        they start (a rebuild then logged the last one twice: "… takes position on Treasure Zone 6 (H8).")."""
        self._opening_told = True
        event = self.opening()
        if event is not None:
            self.log.reset([(self.log_line(event), self.log_colour(event))] + self.log.entries)

    def rebuild_log(self, pending: int = 0) -> None:
        """The kit's log, with the opening roll's explanation as its first line once its dice have landed."""
        super().rebuild_log(pending)
        event = self.opening()
        if event is not None and getattr(self, "_opening_told", bool(self.match.actions)):
            self.log.reset([(self.log_line(event), self.log_colour(event))] + self.log.entries)

    def query_rules(self, snap) -> Table:
        table = Table(snap.view, snap.legal, snap.names)
        seat = snap.seat
        if not snap.mine and seat is not None:  # what the turn panel says while another seat decides
            who = self.seats[seat]
            table.what = f"{who.name} (computer) is playing." if not who.human else f"{who.name} is deciding."
        return table

    def sync(self) -> None:
        s, t = self.shown, self.snap.queries
        self.scores = [c.treasure for c in s.cards]
        self.loot = set(s.loot)
        self.incoming = {}
        present = {}
        for i, c in enumerate(s.cards):
            if c.at is None:
                continue
            d = self.standees.get(c.hunter)
            if d is None or d.seat != c.seat:
                d = art.HunterDie(c.hunter, c.seat, self.grid.cell_centre(c.at), self.seats[c.seat].colour, self.die_size)
            d.mark = art.card_mark(s.cards, i)
            d.visible, d.alpha, d.tilt, d.lift, d.flash, d.shake = True, 255, 0.0, 0.0, 0.0, 0.0
            d.endurance = c.endurance
            d.markers = tuple(kind for kind, _, _ in K.card_markers(s, c.hunter) if kind in ("trap", "stun"))
            d.active = s.phase == "active" and s.cards[s.turn].hunter == c.hunter
            present[c.hunter] = d
        self.standees = present
        self._spread()
        if t.kind != "trample":
            self.trail = []
        if self.mover not in t.movers:
            self.mover = None
        self.bar.sync(t.choices(self.mover))
        hunter = self.focus_hunter()
        self.card_layout = self._card_layout(hunter) if hunter is not None else None
        self.mark_terms()
        self._base_layers()

    def _spread(self) -> None:
        """Hunters sharing a square stand side by side on it."""
        by_square: dict[Cell, list[art.HunterDie]] = {}
        for c in self.shown.cards:
            if c.at is not None and c.hunter in self.standees:
                by_square.setdefault(c.at, []).append(self.standees[c.hunter])
        cell = self.grid.cell_size
        for square, dice in by_square.items():
            cx, cy = self.grid.cell_centre(square)
            k = len(dice)
            # Alone: the full die. Together: smaller dice side by side (a 2x2 grid from three), none hiding
            # another's endurance or mark.
            size = self.die_size if k == 1 else max(12, int(cell * 0.46))
            step = cell * 0.25
            spots = [(0.0, 0.0)] if k == 1 else [(-step, 0.0), (step, 0.0)] if k == 2 else \
                [(-step, -step), (step, -step), (-step, step), (step, step)]
            for d, (dx, dy) in zip(dice, spots):
                d.height = size
                d.move_to((int(cx + dx), int(cy + dy)))

    def focus_hunter(self) -> int | None:
        """The hunter whose card the card panel shows: the score row under the mouse, the hand's card under
        the mouse (or the first of the hand), else the hunter whose turn it is."""
        if self.inspect is not None:
            return self.inspect
        t = self.snap.queries
        if t is None:
            return None
        if t.kind == "play":
            hand = [c.hunter for c in t.choices(self.mover) if c.key.startswith("hand:")]
            return self.preview if self.preview in hand else (hand[0] if hand else None)
        s = self.shown
        return (s.cards[s.turn].hunter or None) if s.cards else None

    def hotspots(self) -> None:
        spots, _s, t = self.spots, self.snap.view, self.snap.queries
        mover = t.mover(self.mover)
        on_map = t.kind in MAP_KINDS
        gestures = self.spot_gestures = {}  # hotspot key -> the actions its click plays (a lesson's natural clicks)
        for square, info in t.squares(mover).items():
            gestures[f"cell:{square[0]},{square[1]}"] = info.gesture.actions
            rect = self.grid.cell_rect(square)
            danger = self.danger_line(square)
            tip = [info.name, info.does, *info.about] + ([danger] if danger else [])
            key = f"cell:{square[0]},{square[1]}"
            if on_map or info.gesture.ok:
                spots.add(key, rect, tip, enabled=info.gesture.ok, reason=info.gesture.reason,
                          click=lambda g=info.gesture: self.perform(g))
            else:  # the map is not what this decision asks about: a square only says what it holds
                spots.add(key, rect, tip, click=lambda r=info.gesture.reason, rr=rect: self.spots.refuse(r, rr))
        for hunter, die in self.standees.items():
            self._hunter_hotspot(hunter, die, mover, on_map)
        self.panel_hotspots()
        hunter = self.focus_hunter()
        if hunter is not None:
            for o in t.actions(hunter):
                gestures[f"action:{o.number}"] = o.gesture.actions
                spots.add(f"action:{o.number}", None, list(o.tip), enabled=o.gesture.ok, reason=o.gesture.reason,
                          click=self._sounded(lambda g=o.gesture: self.perform(g)), widget=self.action_buttons[o.number],
                          label=o.label)
        gestures.update({f"button:{c.key}": c.gesture.actions for c in t.choices(mover) if c.gesture is not None})
        self.bar.hotspots(spots, t.choices(mover), self._sounded(self.perform), self._sounded(self.select_mover))

    def coach_keep_clear(self) -> list:
        """A lesson's panel never covers the treasure track (the scoring cards), besides the bar's buttons."""
        return [*super().coach_keep_clear(), pygame.Rect(SCORE)]

    def cell_name(self, cell) -> str:
        return K.square_name(self.shown, tuple(cell))

    def suggestion_keys(self, action) -> list[str]:
        """What a player clicks to play a suggested action: every button, action, square or hunter whose gesture
        starts with it (the rules' gestures say, the board only looks them up)."""
        t = self.snap.queries
        mover = t.mover(self.mover)
        keys = [f"button:{c.key}" for c in t.choices(mover) if c.gesture.actions[:1] == (action,)]
        hunter = self.focus_hunter()
        if hunter is not None:
            keys += [f"action:{o.number}" for o in t.actions(hunter) if o.gesture.actions[:1] == (action,)]
        keys += [f"cell:{q[0]},{q[1]}" for q, info in t.squares(mover).items() if info.gesture.actions[:1] == (action,)]
        return keys

    def _hunter_hotspot(self, hunter: int, die, mover, on_map: bool) -> None:
        s, t = self.snap.view, self.snap.queries
        card = s.cards[s.card_of(hunter)]
        info = t.squares(mover).get(card.at)
        gesture = K.hunter_gesture(s, t.legal, hunter, mover)
        mine = [line for line in (info.about if info else ()) if line.startswith(K.HUNTERS[hunter].name + " (")]
        does = info.does if info is not None and gesture.ok and t.kind != "hit" else ""
        if gesture.ok and t.kind == "hit":
            does = next((c.tip for c in t.choices(mover) if c.key == f"hit:{hunter}"), "")
        tip = [*mine, does]
        key = f"hunter:{hunter}"
        self.spot_gestures[key] = gesture.actions
        if gesture.ok:
            self.spots.add(key, die.hit_rect(), tip, click=lambda g=gesture: self.perform(g))
        elif on_map and hunter != mover:
            self.spots.add(key, die.hit_rect(), tip, enabled=False, reason=gesture.reason)
        else:  # its own hunter, or a decision not made on the map: the die only says who it is
            self.spots.add(key, die.hit_rect(), tip,
                           click=lambda r=gesture.reason, d=die: self.spots.refuse(r, d.hit_rect()))

    def _sounded(self, fn):
        def go(*args) -> None:
            self.app.play_sound("click")
            fn(*args)
        return go

    def select_mover(self, hunter: int) -> None:
        """A box Move: the next squares move this hunter (a selection of the screen's player, not an action)."""
        self.mover = hunter
        self.bar.sync(self.snap.queries.choices(hunter))
        self._base_layers()
        self.refresh_hotspots()

    # -- previews ---------------------------------------------------------------------------------
    def _base_layers(self) -> None:
        """What the decision pending lights on the map: where the hunter may go, whom it may hit."""
        g = self.grid
        g.clear_layers()
        t = self.snap.queries
        if not self.snap.mine or t is None:
            return
        squares = t.squares(self.mover)
        lit = [sq for sq, info in squares.items() if info.gesture.ok]
        if t.kind == "place":
            g.set_layer("reachable", lit)
        elif t.kind in ("turn", "trample", "move", "push"):
            mover = t.mover(self.mover)
            g.set_layer("selected", [self.shown.cards[self.shown.card_of(mover)].at])
            g.set_layer("reachable", lit)
            if self.trail:
                g.set_layer("path", self.trail)
        elif t.kind == "hit":
            g.set_layer("in_range", K.hit_reach(self.shown))
            g.set_layer("target", lit)

    def _hover_layers(self, key: str) -> None:
        """The preview of what is under the mouse: an action's reach from where the hunter stands, the path to a
        square and what it costs, a Blast's area around a hunter aimed at."""
        g, t = self.grid, self.snap.queries
        if not self.snap.mine or t is None:
            return
        if key.startswith("action:") and t.kind == "turn" and self.focus_hunter() == t.pending.hunter:
            option = next(o for o in t.actions(t.pending.hunter) if o.number == int(key[7:]))
            for layer in ("reachable", "path", "area", "in_range", "target"):
                g.clear_layer(layer)
            g.set_layer("in_range", option.reach)
            g.set_layer("area", option.area)
            g.set_layer("target", option.targets)
            return
        if self.focus_action is None and "in_range" in g.layers and t.kind == "turn":
            self._base_layers()  # the mouse left an action button: back to the walk
        square = None
        if key.startswith("cell:"):
            x, y = key[5:].split(",")
            square = (int(x), int(y))
        elif key.startswith("hunter:"):
            i = self.shown.card_of(int(key[7:]))
            square = self.shown.cards[i].at if i is not None else None
        info = t.squares(self.mover).get(square) if square is not None else None
        if t.kind in ("turn", "trample", "move", "push"):
            g.set_layer("path", list(self.trail) + (list(info.path) if info is not None and info.gesture.ok else []))
        if info is not None and info.area:
            g.set_layer("area", info.area)
        else:
            g.clear_layer("area")

    def before_animations(self, events) -> None:
        self.grid.clear_layers()
        for e in events:
            if type(e).__name__ == "Moved" and e.cause == "trample":
                self.trail.append(e.path[-1])

    def after_undo(self) -> None:
        self.trail = []

    # -- input --------------------------------------------------------------------------------------
    def on_hover(self, pos) -> None:
        if self.grid.set_hover(pos) not in self.shown.board.floor:
            self.grid.hover = None  # the map's bounding box holds cells that are no square of the map
        for d in self.standees.values():
            d.hovered = d.visible and d.hit_rect().collidepoint(pos)
        if not self.busy and self.snap.queries is not None:
            self._follow(self.spots.at(pos))

    def refresh_hotspots(self) -> None:
        super().refresh_hotspots()
        if not self.busy and self.snap.queries is not None:
            self._follow(self.spots.hovered, again=False)  # what is under the mouse now (the buttons may have moved)

    def _follow(self, spot, again: bool = True) -> None:
        """The card panel and the map's previews follow the hotspot under the mouse: a scoring row shows its
        card, a hand's hunter its card, an action its reach, a square the way there."""
        key = spot.key if spot is not None else ""
        inspect = None
        if key.startswith("score:"):
            i = int(key[6:])
            cards = self.shown.cards
            inspect = (cards[i].hunter or None) if i < len(cards) else None
        preview = int(key[12:]) if key.startswith("button:hand:") else self.preview
        self.focus_action = int(key[7:]) if key.startswith("action:") else None
        if (inspect, preview) != (self.inspect, self.preview):
            self.inspect, self.preview = inspect, preview
            hunter = self.focus_hunter()
            self.card_layout = self._card_layout(hunter) if hunter is not None else None
            if again:
                self.refresh_hotspots()
            else:
                super().refresh_hotspots()
        self._hover_layers(key)

    def on_input(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            t = self.snap.queries
            if t is not None and t.roll.ok:
                return self.perform(t.roll)
        return False

    # -- texts --------------------------------------------------------------------------------------
    def end_lines(self) -> list[str]:
        return K.treasure_lines(self.shown, [seat.name for seat in self.seats])

    # -- drawing ---------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        self.art.draw_backdrop(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        if not self.busy:
            self.grid.draw_layers(surface)
        self.art.draw_loot(surface, self.loot)
        for d in sorted(self.standees.values(), key=lambda d: d.pos[1]):
            d.draw(surface)
        self.draw_turn(surface)
        self.draw_card(surface)
        self.draw_scores(surface)


def resume(app, match: Match) -> KhrysosBoard:
    """The board of a game replayed from a save."""
    return KhrysosBoard(app, match)

