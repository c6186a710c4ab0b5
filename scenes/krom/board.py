"""The Krom: Evolution board (`krom.board`): four places, the card rows, the player boards, the tray and the decision panel.

Wiring only: the kit's hooks, the hotspots and what a click means. Every click asks `game.krom`'s
queries for the actions it plays (or the rules' reason why none); everything shown is read from the
snapshot (`self.snap`: the view of the seat holding the mouse and the rules' facts about it). The
animations are in anims.py, the decision panel in panel.py, the drawing in sides.py and tray.py,
the tips' words in tips.py. Secrets (a Destination pick, a Bonus hand) show only to their seat,
after the kit's hand-off screen, and never while an animation leads to another seat's decision.

Hotspot keys: `place:cave` .. `place:mountain`, `standee:SEAT`, `standee:kromosaurus`,
`card:hunting:SLOT`, `card:evolution:SLOT`, `deck:hunting`, `deck:evolution`, `supply`, `kromosaurus`,
`card:destination:PLACE` (a place name), `card:hand:I` (the I-th card of the viewer's hand), `die:I`
(the tray's dice), `fighter:SEAT` / `fighter:kromosaurus` (a combat's dice), `tray:card`, `board:SEAT`,
`board:SEAT:evolutions`, and the panel's `button:KEY` (rest, shuffle, pick, climb, end, services,
more:ITEM, less:ITEM, hunt:EXTRA, reroll, stop, reward:LABEL, pass, counter, target:SEAT, take:RESOURCE,
cancel, steal), besides the kit's `button:undo`, `button:redo`, `button:suggest`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

import game.krom as krom
from game.core.grammar import counted, sentence
from game.core.match import Match
from scenes import assets, palette
from scenes.board import BoardScene, Seat
from scenes.board.furniture import ChoiceOverlay, Option
from scenes.krom import cards, layout, sides, tips
from scenes.krom.anims import KromAnimations
from scenes.krom.panel import DecisionPanel
from scenes.krom.tray import Tray
from scenes.widgets.standee import StandeeView

DINO = krom.DINO


@dataclass
class Facts:
    """What the rules say about the snapshot, asked once per settle (the board's `query_rules`)."""

    table: krom.Table
    options: tuple = ()
    hand: dict = field(default_factory=dict)  # the viewer's Bonus cards -> None (playable now) or why not
    evolutions: list = field(default_factory=list)  # per Evolution slot: None (realizable now) or why not
    prey: list = field(default_factory=list)  # per Hunting slot: None (can be hunted now) or why not
    destinations: list = field(default_factory=list)  # per place: the gesture of its Destination card
    reachable: list = field(default_factory=list)  # names of the Evolutions the viewer can pay for anywhere


class KromBoard(KromAnimations, BoardScene):
    log_rect = layout.LOG
    undo_rect = layout.UNDO
    # The rules reference (the status line's ?) opens where it explains the decision on screen.
    REFERENCE_SECTIONS = {"move": "movement", "combat": "combat", "counter": "bonus", "target": "bonus",
                          "choice": "bonus", "steal": "stunned", "climb": "mountain", "reward": "mountain"}

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app, match, seats)
        self.basket = {s.item: 0 for s in krom.cave_services()}
        self.prey: int | None = None
        self.lifted: str | None = None  # the hotspot key of the hand card under the mouse
        self.now_line = ""  # the log line of the event animating now
        self.animating_events = False
        self.statuses: dict[int, tuple[str, str]] = {}  # what the animations say a seat is doing, until the next settle
        self.acting_shown: int | None = None  # whose Action phase the animations have started
        self.combat_rolls: dict[int, list] = {}
        self.board_cache: dict[int, tuple] = {}
        self.tray = Tray()
        self.glow_hunting: dict[int, tuple] = {}
        self.glow_evolutions: dict[int, tuple] = {}
        self._steal_for = -1  # the snapshot the steal choice was put up for
        self._idle_for = -1  # the snapshot an idle pass was given for
        self._basket_seat: int | None = None  # whose Action phase in the Cave the basket belongs to
        self._layer: pygame.Surface | None = None  # the table with everything that changes only between moves
        self._table: pygame.Surface | None = None
        self._layer_drawn: tuple | None = None
        view = self.snap.view
        self.n = view.num_players
        self.round_shown = view.round
        self.header_phase = ""
        self.active_place: int | None = None
        self.places_shown = tuple(p.place for p in view.players)

    @classmethod
    def for_automation(cls, app, seed: int) -> KromBoard:
        """Six computer players on the Glacial board with the Kromosaurus (the benchmark and screenshot table)."""
        setup = krom.Setup(players=6, glacial=True, kromosaurus=True)
        seats = [Seat(palette.SEAT_NAMES[i], palette.SEATS[i], bot="easy") for i in range(6)]
        board = cls(app, Match.new(krom, setup, seed), seats)
        board.autosave = False
        return board

    @property
    def facts(self) -> Facts:
        return self.snap.queries

    def name(self, fighter: int | None) -> str:
        """A player as the rules' texts name them (the table's name), or the Kromosaurus."""
        return "nobody" if fighter is None else krom.player_name(self.shown, fighter, self.snap.names)

    def who(self, seat: int) -> str:
        """A player with their Krom, where both show: "Red (Alma)" (the Krom alone at an unnamed table)."""
        name, character = self.name(seat), krom.fighter_name(self.shown, seat)
        return character if name == character else f"{name} ({character})"

    # -- the kit's hooks -------------------------------------------------------------------------
    def build(self) -> None:
        self.standees = [StandeeView(krom.fighter_name(self.shown, i), f"seat{i}", (0, 0), self.seats[i].colour,
                                     label=krom.fighter_name(self.shown, i)[:2], height=58,
                                     face=assets.face("krom", p.character)) for i, p in enumerate(self.shown.players)]
        self.dino = StandeeView(krom.RULES.dino_name, "pink", (0, 0), (120, 40, 40), label="Rex", height=74,
                                face=assets.face("krom", "kromosaurus"))
        self.hp_shown = [float(p.hp) for p in self.shown.players]
        self.dino_hp_shown = float(self.shown.dino_hp)
        self.panel = DecisionPanel(self)
        if self.snap.number and not self.history:
            self.log.add(f"The game goes on: round {self.shown.round}, {counted(self.snap.number, 'move')} played.",
                         palette.GOLD)

    def query_rules(self, snap) -> Facts:
        view, legal, viewer = snap.view, snap.legal, snap.viewer
        facts = Facts(krom.table(view))
        if snap.over:
            return facts
        facts.options = krom.options(view, legal, snap.names)
        facts.hand = krom.bonus_reasons(view, viewer)
        facts.evolutions = krom.evolution_problems(view, viewer) if viewer is not None else \
            ["Evolutions are realized only in your own Action phase"] * len(view.evolution_row)
        facts.prey = [krom.prey_problem(view, viewer, slot) for slot in range(len(view.hunting_row))]
        facts.destinations = [krom.go(view, legal, place) for place in range(4)]
        if snap.kind == "move" and viewer is not None:
            facts.reachable = [krom.EVOLUTIONS[view.evolution_row[s]].name for s in krom.affordable_anywhere(view, viewer)]
        return facts

    def sync(self) -> None:
        s, facts = self.shown, self.facts
        self.animating_events = False
        self.statuses, self.acting_shown = {}, None
        for i, p in enumerate(s.players):
            self.hp_shown[i] = float(p.hp)
            st = self.standees[i]
            st.visible, st.alpha = True, 255
            st.tilt = 70.0 if p.stunned else 0.0
            st.dimmed = p.stunned
        self.dino_hp_shown = float(s.dino_hp)
        self.places_shown = tuple(p.place for p in s.players)
        dino_place = s.dino_place if s.dino_hp > 0 else -1
        for who, pos in layout.standee_spots(self.places_shown, dino_place, DINO).items():
            self.standee_for(who).move_to(pos)
        self.dino.visible = dino_place >= 0
        self.dino.tilt, self.dino.alpha = 0.0, 255
        self.tray.sync(s, facts.table, self.name)
        self.round_shown = s.round
        self.active_place = s.place if s.phase == "places" and 0 <= s.place < 4 else None
        if s.phase == "move":
            self.header_phase = "Movement: secret destinations"
        elif s.phase == "places":
            self.header_phase = f"Action phases: {cards.place_word(s.place)}" if s.place >= 0 else "Action phases"
        if self.prey is not None and facts.prey and facts.prey[self.prey] is not None:
            self.prey = None
        basket_seat = s.turn.seat if self.snap.kind == "main" and s.turn is not None and s.turn.place == 0 else None
        if basket_seat is None or basket_seat != self._basket_seat:
            self.basket = dict.fromkeys(self.basket, 0)
        self._basket_seat = basket_seat
        self.glow_hunting = {slot: palette.SELECT if slot == self.prey else palette.LEGAL
                             for slot, problem in enumerate(facts.prey) if problem is None}
        self.glow_evolutions = {slot: palette.LEGAL for slot, problem in enumerate(facts.evolutions) if problem is None}
        self.panel.rebuild()
        if self.snap.mine and self.snap.kind == "steal" and self._steal_for != self.snap.number:
            self.open_steal()

    def after_undo(self) -> None:
        self.prey = None
        self.basket = dict.fromkeys(self.basket, 0)
        self.tray.clear()  # a climb or a combat still going on comes back at the settle; an older roll does not

    def forget(self) -> None:
        """A new player sits down: no prey chosen, an empty basket, nothing lifted or highlighted."""
        self.prey = None
        self.basket = dict.fromkeys(self.basket, 0)
        self.lifted = None
        for st in [*self.standees, self.dino]:
            st.hovered = False
        self.glow_hunting = {}
        self.board_cache.clear()

    def before_animations(self, events) -> None:
        self.prey = None  # an action played: the selection it came from is spent
        self.basket = dict.fromkeys(self.basket, 0)
        self.lifted = None
        self.combat_rolls = {}
        current: list | None = None
        for e in events:
            kind = type(e).__name__
            if kind == "CombatStarted":
                current = self.combat_rolls.setdefault(id(e), [])
            elif kind == "DiceRolled" and e.purpose == "combat" and current is not None:
                current.append(e)
            else:
                current = None
        if events:
            self.animating_events = True
            self.statuses, self.acting_shown = {}, None
            self.now_line = ""
            self.panel.rebuild()
            self.refresh_hotspots()

    def _log_event(self, event) -> None:
        line = self.log_line(event)
        if line:
            self.now_line = line
            self.log.add(line, self.log_colour(event))

    def log_colour(self, event):
        """A log line in the colour of the seat it is about (its thief, taker or die thrower too)."""
        for name in ("seat", "piece", "thief", "taker", "by"):
            seat = getattr(event, name, None)
            if isinstance(seat, int) and 0 <= seat < len(self.seats):
                return self.seats[seat].colour
        return None

    def status_text(self):
        if self.animating_events and self.now_line and self.replay is None:
            return self.now_line, palette.TEXT
        return super().status_text()

    def reference_section(self) -> str | None:
        """In an Action phase, the section of the place played in; otherwise the decision's own section."""
        if self.snap.kind == "main" and self.shown.turn is not None:
            return krom.PLACES[self.shown.turn.place]
        return super().reference_section()

    def bot_pause(self) -> float:
        """A computer asked in a combat-card or counter window answers sooner (every seat alike, holding a card or not)."""
        return self.bot_delay / 4 if self.snap.kind in ("combat", "counter") else self.bot_delay

    def quick_answer(self, decision, legal):
        gesture = krom.pass_for_form(decision.kind, legal)
        if gesture is None:
            return None
        name = self.seats[decision.seat].name
        return ("Pass without looking", f"{name} passes at once: nothing is played, no hand is shown", gesture)

    def update(self, dt: float) -> None:
        super().update(dt)
        snap = self.snap
        if snap.mine and not self.busy and self._idle_for != snap.number and self.app.stack.top is self \
                and sum(seat.human for seat in self.seats) == 1:
            self._idle_for = snap.number
            gesture = krom.idle_pass(self.shown, snap.legal)
            if gesture is not None:  # the one human holds nothing to answer with: no screen asks them
                what = "combat" if snap.kind == "combat" else "counter"
                self.log.add(f"You hold no {what} card: you pass.", palette.TEXT_DIM)
                self.perform(gesture)

    def standee_for(self, who: int):
        if who == DINO:
            return self.dino
        return self.standees[who] if 0 <= who < len(self.standees) else None

    def point_of(self, place) -> tuple[int, int] | None:
        return layout.place_rect(place).midbottom if isinstance(place, int) and 0 <= place < 4 else None

    @property
    def banner_centre(self) -> tuple[int, int]:
        return layout.PLACES_AREA.center

    def end_lines(self) -> list[str]:
        table = self.facts.table
        rows = sorted(table.seats, key=lambda f: -f.points)
        return [f"{self.seats[f.seat].name} ({f.character}): {krom.points_words(f.points, table.target)}, "
                f"{krom.score_words(self.shown, f.seat)}" for f in rows]

    # -- what the screen shows -------------------------------------------------------------------
    def seat_shown(self, seat: int) -> tuple[str, str, bool, bool]:
        """A player's board: (status, tone, deciding, acting). While an animation plays, what it has shown so
        far (nobody decides meanwhile); between two moves, the rules' facts."""
        f = self.facts.table.seats[seat]
        if not self.animating_events:
            return f.status, f.tone, f.deciding, f.acting
        status, tone = self.statuses.get(seat, (f.status, f.tone))
        acting = f.acting if self.acting_shown is None else seat == self.acting_shown
        return status, tone, False, acting

    def destinations_shown(self) -> bool:
        """The viewer's Destination cards show while they choose their destination."""
        return self.snap.kind == "move" and self.snap.viewer is not None and self.snap.viewer == self.snap.seat \
            and self.secrets_shown()

    def hand_rects(self) -> list:
        hand = self.shown.players[self.viewer].hand if self.viewer is not None else ()
        return list(zip(hand, layout.hand_rects(len(hand), layout.hand_left(self.destinations_shown()))))

    # -- selections ------------------------------------------------------------------------------
    def choose_prey(self, slot: int) -> None:
        self.prey = slot
        self.glow_hunting = {s: palette.SELECT if s == slot else palette.LEGAL for s in self.glow_hunting}
        self.panel.rebuild()
        self.refresh_hotspots()

    def basket_more(self, item: str) -> str | None:
        """Why one more of `item` cannot go into the basket (None when it can)."""
        reason = krom.basket_problem(self.shown, self.snap.seat, self.basket, item)
        return None if reason is None else sentence(reason)

    def change_basket(self, item: str, change: int) -> None:
        self.basket[item] = max(0, self.basket[item] + change)
        self.panel.rebuild()
        self.refresh_hotspots()

    def open_steal(self) -> None:
        """Put up the choice of what the combat winner steals (the rules' options, greyed with their reasons)."""
        self._steal_for = self.snap.number
        thief, victim = self.shown.steals[0]
        options = [Option(c.action, c.label, c.tip) for c in self.facts.options]
        self.app.push(ChoiceOverlay(self.app, self, f"{self.name(victim)} is stunned!",
                                    f"{self.name(thief)} won the combat: choose what to steal.", options,
                                    number=self.snap.number))

    # -- hotspots --------------------------------------------------------------------------------
    def hotspots(self) -> None:
        spots, s, facts = self.spots, self.shown, self.facts
        legal, viewer = self.snap.legal, self.viewer
        for place in range(4):
            spots.add(f"place:{krom.PLACES[place]}", layout.place_rect(place), lambda p=place: tips.place(self, p))
        for i, st in enumerate(self.standees):
            spots.add(f"standee:{i}", st.hit_rect(), lambda i=i: tips.player(self, i))
        if self.dino.visible:
            spots.add("standee:kromosaurus", self.dino.hit_rect(), lambda: tips.kromosaurus(self))
        for slot in range(len(s.hunting_row)):
            reason = facts.prey[slot] if facts.prey else "the game is over"
            spots.add(f"card:hunting:{slot}", layout.slot_rect(0, slot), lambda i=slot: tips.hunting(self, i),
                      enabled=reason is None, reason=_sentence(reason), click=lambda i=slot: self.choose_prey(i))
        for slot in range(len(s.evolution_row)):
            gesture = krom.realize(s, legal, viewer, slot)
            spots.add(f"card:evolution:{slot}", layout.slot_rect(1, slot), lambda i=slot: tips.evolution(self, i),
                      enabled=gesture.ok, reason=_sentence(gesture.reason), click=lambda g=gesture: self.perform(g))
        for row, name in enumerate(("hunting", "evolution")):
            spots.add(f"deck:{name}", layout.deck_rect(row), lambda r=row: tips.deck(self, r))
        spots.add("supply", layout.SUPPLY, lambda: tips.supply(self))
        if s.setup.kromosaurus:
            spots.add("kromosaurus", layout.DINO_BOARD, lambda: tips.kromosaurus(self))
        if self.destinations_shown():
            for place in range(4):
                gesture = facts.destinations[place]
                spots.add(f"card:destination:{krom.PLACES[place]}", layout.destination_rect(place), tips.destination(place),
                          enabled=gesture.ok, reason=_sentence(gesture.reason), click=lambda g=gesture: self.perform(g))
        area = layout.HAND_AREA
        spots.add("hand", pygame.Rect(area.left, area.top, area.width, 30), lambda: tips.hand(self))
        if self.secrets_shown():
            for i, (card, rect) in enumerate(self.hand_rects()):
                gesture = krom.play_bonus(s, legal, viewer, card)
                spots.add(f"card:hand:{i}", rect, lambda c=card: tips.bonus(self, c), enabled=gesture.ok,
                          reason=_sentence(gesture.reason), click=lambda g=gesture: self.perform(g))
        self._tray_hotspots()
        for seat in range(self.n):
            spots.add(f"board:{seat}", layout.board_rect(seat, self.n), lambda i=seat: tips.player(self, i))
            spots.add(f"board:{seat}:evolutions", layout.realized_rect(seat, self.n), lambda i=seat: tips.realized(self, i))
        self.panel.hotspots(spots)

    def _tray_hotspots(self) -> None:
        spots, tray = self.spots, self.tray
        spots.add("tray", pygame.Rect(layout.TRAY.left, layout.TRAY.top, layout.TRAY.width, 30), lambda: tips.tray(self))
        if tray.kind == "card" and tray.card is not None:
            spots.add("tray:card", layout.tray_card_rect(), lambda: tips.tray_card(self))
            return
        climbing = self.snap.kind == "climb"
        for rect, who in tray.die_rects():
            if tray.kind == "mountain":
                kept = climbing and who in self.shown.turn.kept
                gesture = krom.toggle_die(self.shown, self.snap.legal, who) if climbing else None
                reason = None if gesture is None or gesture.ok else _sentence(gesture.reason)
                spots.add(f"die:{who}", rect, lambda i=who, k=kept, c=climbing: tips.tray_die(self, i, k, c),
                          enabled=gesture is None or gesture.ok, reason=reason,
                          click=(lambda g=gesture: self.perform(g)) if gesture is not None else None)
            elif tray.kind == "combat":
                key = "kromosaurus" if who == DINO else str(who)
                spots.add(f"fighter:{key}", rect, lambda f=who: tips.fighter_die(self, f))
            else:
                spots.add(f"die:{who}", rect, tray.die_words)

    def on_hover(self, pos) -> None:
        spot = self.spots.at(pos)
        lifted = spot.key if spot is not None and spot.key.startswith("card:hand:") else None
        if lifted != self.lifted:
            self.lifted = lifted
        for st in [*self.standees, self.dino]:
            st.hovered = st.visible and st.hit_rect().collidepoint(pos)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_backdrop(self, surface) -> None:
        """Nothing: the board's own layer (below) covers the whole window."""

    def _layer_key(self) -> tuple:
        return (self.snap.number, self.snap.viewer, self.locked, self.lifted, self.round_shown, self.header_phase,
                self.active_place, tuple(round(h * 20) for h in self.hp_shown), round(self.dino_hp_shown * 20),
                self.now_line, self.animating_events, self.panel._key, tuple(self.basket.values()), self.prey,
                self.secrets_shown())

    def draw_board(self, surface) -> None:
        # What changes only between two moves (or while hit points tween) is drawn into one layer, blitted whole.
        key = self._layer_key()
        if self._layer is None or self._layer.get_size() != surface.get_size() or key != self._layer_drawn:
            if self._layer is None or self._layer.get_size() != surface.get_size():
                self._table = pygame.Surface(surface.get_size()).convert()
                sides.draw_backdrop(self._table, self.shown.setup.glacial)
                self._layer = pygame.Surface(surface.get_size()).convert()
            self._layer_drawn = key
            layer = self._layer
            layer.blit(self._table, (0, 0))
            sides.draw_header(self, layer)
            sides.draw_cards(self, layer)
            sides.draw_hand(self, layer)
            sides.draw_players(self, layer)
            self.panel.draw(layer)
        surface.blit(self._layer, (0, 0))
        for st in sorted(self.standees, key=lambda x: x.pos[0]):
            st.draw(surface)
        self.dino.draw(surface)
        self.tray.draw(surface, self.facts.table, self.name, not self.busy)

    def suggestion_keys(self, action) -> list[str]:
        """The suggested card or button, ringed (no grid). A hunt's roll button is ringed only once its prey is the
        one chosen: before, the panel's buttons belong to another prey (or none) and the ring would mislead."""
        keys = suggested_keys(self, action)
        if action.kind == "hunt" and self.prey != action.args[0]:
            keys = [k for k in keys if not k.startswith("button:hunt:")]
        return keys

    def suggestion_cells(self, action) -> list:
        return []

    def gesture_keys(self, action) -> list[str]:
        """A purchase is its service cards, then the basket's Provide button."""
        keys = self.suggestion_keys(action)
        return keys + ["button:services"] if action.kind == "buy" else keys


class KromTable(KromBoard):
    """`krom.table`: one human (Red) against two computer players, the board waiting for Red's first pick
    (the idle and screenshot table of a board waiting for a human)."""

    @classmethod
    def for_automation(cls, app, seed: int) -> KromBoard:
        setup = krom.Setup(players=3, glacial=True, kromosaurus=True)
        seats = [Seat(palette.SEAT_NAMES[i], palette.SEATS[i], bot=None if i == 0 else "easy") for i in range(3)]
        board = KromBoard(app, Match.new(krom, setup, seed), seats)
        board.autosave = False
        return board


def suggested_keys(board, action) -> list[str]:
    """The hotspots a player would click to play a suggested action (outlined in gold until they act)."""
    kind, args = action.kind, action.args
    if kind == "go":
        return [f"card:destination:{args[0]}"]
    if kind == "play" and board.viewer is not None:
        hand = board.shown.players[board.viewer].hand
        return [f"card:hand:{hand.index(args[0])}"] if args[0] in hand else []
    if kind == "realize":
        return [f"card:evolution:{args[0]}"]
    if kind in ("keep", "free"):
        return [f"die:{args[0]}"]
    if kind == "hunt":
        return [f"card:hunting:{args[0]}", f"button:hunt:{args[1]}"]
    if kind == "buy":
        return [f"button:more:{args[0]}"]
    if kind in ("reward", "target", "take"):
        return [f"button:{kind}:{args[0]}"]
    return [f"button:{kind}"]


def _sentence(reason: Any) -> str | None:
    """A reason as the tips show it: a capital first letter, a full stop."""
    if not reason:
        return None
    return sentence(str(reason))


def resume(app, match: Match) -> KromBoard:
    """The board of a Krom game replayed from its autosave."""
    return KromBoard(app, match)
