"""The Krom: Evolution board (`krom.board`): four places, the card rows, the player boards, and one panel for the decision at hand.

Everything shown comes from `self.shown` (the view of the seat holding the mouse) and the
rules' queries; every click becomes an action played through the kit's `act`. Secrets (a
Destination pick, a Bonus hand) show only to their seat, after the kit's hand-off screen.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

import game.krom as krom
from game.core.actions import Action
from game.core.grammar import counted
from game.core.match import Match
from game.krom import BONUS, EVOLUTIONS, HUNTING, PLACES, RULES
from game.krom.content import CHARACTER_BY_ID
from scenes import assets, palette, ui
from scenes.board import BoardScene, Seat
from scenes.krom import cards
from scenes.krom.seam import kind, pct
from scenes.widgets.die import DieView
from scenes.widgets.standee import StandeeView
from scenes.widgets.tween import Anim, Call, Parallel, Sequence, Tween, Wait

DINO = krom.DINO
HP_MAX = RULES.start_hp
HEADER = pygame.Rect(10, 50, 580, 24)
PLACES_AREA = pygame.Rect(10, 76, 580, 296)
CARDS_AREA = pygame.Rect(600, 50, 376, 322)
HAND_AREA = pygame.Rect(10, 380, 580, 160)
TRAY = pygame.Rect(600, 380, 376, 160)
BOARDS = pygame.Rect(10, 548, 966, 166)
PANEL = pygame.Rect(984, 50, 286, 366)
BUTTON_H = 34
TOKEN_ICONS = {"krom": "markers/krom", "wood": "markers/wood", "stone": "markers/stone", "bone": "markers/bone"}
COMBO_NAMES = {"": "no combination", "pair": "a pair", "two_pairs": "two pairs", "three": "three of a kind",
               "full_house": "a full house", "four": "four of a kind", "five": "five of a kind", "straight": "a straight"}
CAVE_ITEMS = ("wood", "stone", "bone", "bonus", "hp")


def place_rect(place: int) -> pygame.Rect:
    w, h = (PLACES_AREA.width - 8) // 2, (PLACES_AREA.height - 8) // 2
    return pygame.Rect(PLACES_AREA.left + (place % 2) * (w + 8), PLACES_AREA.top + (place // 2) * (h + 8), w, h)


def slot_rect(row: int, slot: int) -> pygame.Rect:
    """Row 0 Hunting, 1 Evolution: the face-up card in `slot`."""
    return pygame.Rect(CARDS_AREA.left + 10 + slot * 78, CARDS_AREA.top + 28 + row * 132, *cards.TILE)


def deck_rect(row: int) -> pygame.Rect:
    return pygame.Rect(CARDS_AREA.left + 10 + 4 * 78 + 6, CARDS_AREA.top + 28 + row * 132, 48, 68)


def board_rect(seat: int, n: int) -> pygame.Rect:
    w = (BOARDS.width - (n - 1) * 6) // n
    return pygame.Rect(BOARDS.left + seat * (w + 6), BOARDS.top, w, BOARDS.height)


def name_of(state, fighter: int) -> str:
    return RULES.dino_name if fighter == DINO else CHARACTER_BY_ID[state.players[fighter].character].name


class KromBoard(BoardScene):
    log_rect = pygame.Rect(984, 424, 286, 290)
    undo_rect = pygame.Rect(1096, 5, 176, 34)  # Undo and Redo at the right end of the status line

    def __init__(self, app, match: Match, seats: list[Seat] | None = None):
        super().__init__(app, match, seats)
        self.basket = {item: 0 for item in CAVE_ITEMS}
        self.prey: int | None = None
        self.hits: list[tuple[pygame.Rect, str, Any]] = []
        self.hover: tuple[pygame.Rect, str, Any] | None = None
        self.mouse = (0, 0)
        self.banner: tuple[list[str], tuple[int, int, int]] | None = None
        self.shown_card: tuple[str, int, str] | None = None  # a card just revealed in the tray: (family, id, caption)
        self.tray_label = ""
        self.tray_dice: list[tuple[DieView, str]] = []
        self.tray_kind = ""
        self.flying: tuple[pygame.Surface, tuple[float, float]] | None = None
        self.queue: list[str] = []
        self._revealing = False
        self.tray_scores: dict[int, int] = {}
        self._combat_faces: dict[int, int] = {}
        self._combat_odds: dict[int, float] = {}
        self._steal_asked = -1  # the action count at which the steal dialog was last put up
        self._pass_check = False  # look, once animations end, for a card window the lone human can only pass

    @classmethod
    def for_automation(cls, app, seed: int) -> "KromBoard":
        """Six computer players on the Glacial board with the Kromosaurus (the benchmark and screenshot table)."""
        setup = krom.Setup(players=6, glacial=True, kromosaurus=True)
        match = Match.new(krom, setup, seed)
        seats = [Seat(palette.SEAT_NAMES[i], palette.SEATS[i], bot="easy") for i in range(6)]
        board = cls(app, match, seats)
        board.autosave = False
        return board

    # -- building --------------------------------------------------------------------------
    def build(self) -> None:
        n = self.match.state.num_players
        self.standees = []
        for i, p in enumerate(self.shown.players):
            char = CHARACTER_BY_ID[p.character]
            self.standees.append(StandeeView(char.name, f"seat{i}", (0, 0), self.seats[i].colour, label=char.name[:2],
                                             height=58, face=assets.face("krom", p.character)))
        self.dino = StandeeView(RULES.dino_name, "pink", (0, 0), (120, 40, 40), label="Rex", height=74,
                                face=assets.face("krom", "kromosaurus"))
        self.hp_shown = [float(p.hp) for p in self.shown.players]
        self.dino_hp_shown = float(self.shown.dino_hp)
        self.buttons: dict[UIButton, Callable[[], Any]] = {}
        self.panel_lines: list[tuple[str, tuple[int, int, int]]] = []
        self.shop_rows: list[tuple[str, int]] = []
        self._place_cache: dict[tuple, pygame.Surface] = {}
        self._boards: dict[int, tuple[tuple, pygame.Surface]] = {}
        if self.match.actions and not self.history:
            self.log.add(f"The game goes on: round {self.shown.round}, {len(self.match.actions)} moves played.", palette.GOLD)
        self.n = n

    # -- the kit's hooks -------------------------------------------------------------------
    def sync(self) -> None:
        s = self.shown
        for i, p in enumerate(s.players):
            self.hp_shown[i] = float(p.hp)
            st = self.standees[i]
            st.visible = True
            st.alpha = 255
            st.tilt = 70.0 if p.stunned else 0.0
            st.dimmed = p.stunned
        self.dino_hp_shown = float(s.dino_hp)
        for who, pos in self.positions(s).items():
            self.standee_for(who).move_to(pos)
        self.dino.visible = s.dino_hp > 0 and s.dino_place >= 0
        self.dino.tilt, self.dino.alpha = 0.0, 255
        t = s.turn
        if t is not None and t.dice:
            self._mountain_tray(t.dice, t.kept)
        elif self.tray_kind == "mountain":
            for die, _ in self.tray_dice:
                die.highlight = False
        if s.combat is not None:
            self._combat_tray(s.combat)
        if self.prey is not None and (t is None or t.place != 2 or t.hunted or s.hunting_row[self.prey] < 0):
            self.prey = None
        if t is None or t.place != 0 or self.match.state.to_move != t.seat:
            self.basket = {item: 0 for item in CAVE_ITEMS}
        self.rebuild_panel()

    def before_animations(self, events) -> None:
        names = {type(e).__name__ for e in events}
        self._revealing = "DestinationsRevealed" in names
        self._combat_faces = {}
        for e in events:
            if type(e).__name__ == "DiceRolled" and e.purpose == "combat":
                self._combat_faces[e.piece] = e.faces[0] + getattr(e, "bonus", 0)
        self.prey = None

    def standee_for(self, who: int):
        if who == DINO:
            return self.dino
        return self.standees[who] if 0 <= who < len(self.standees) else None

    def point_of(self, place) -> tuple[int, int] | None:
        if isinstance(place, int) and 0 <= place < 4:
            return place_rect(place).midbottom
        return None

    def end_lines(self) -> list[str]:
        s = self.match.state
        target = krom.target_points(s.setup)
        rows = sorted(range(s.num_players), key=lambda i: -krom.points(s, i))
        return [f"{self.seats[i].name} ({name_of(s, i)}): {krom.points(s, i)} of {target} points" for i in rows]

    def update(self, dt: float) -> None:
        super().update(dt)
        if getattr(self, "_pass_check", False) and not self.busy:
            self._pass_check = False
            self._pass_for_the_lone_human()
        if self.queue and not self.busy and self.app.stack.top is self and not self.locked:
            action = self.queue.pop(0)
            if not self.act(action):
                self.queue.clear()

    # -- positions -------------------------------------------------------------------------
    def positions(self, s, places: tuple[int, ...] | None = None, dino_place: int | None = None) -> dict[int, tuple[int, int]]:
        places = places if places is not None else tuple(p.place for p in s.players)
        dino_place = dino_place if dino_place is not None else (s.dino_place if s.dino_hp > 0 else -1)
        out: dict[int, tuple[int, int]] = {}
        for place in range(4):
            who = [i for i, p in enumerate(places) if p == place] + ([DINO] if dino_place == place else [])
            r = place_rect(place)
            if not who:
                continue
            step = min(44, (r.width - 50) // max(1, len(who) - 1)) if len(who) > 1 else 0
            left = r.centerx - step * (len(who) - 1) // 2
            for k, w in enumerate(who):
                out[w] = (left + k * step, r.bottom - 12)
        return out

    # -- the tray --------------------------------------------------------------------------
    def _die_style(self, who: int) -> str:
        return "d6" if who == DINO else f"seat{who}"

    def _mountain_tray(self, dice, kept) -> None:
        seat = self.shown.turn.seat
        if self.tray_kind != "mountain" or len(self.tray_dice) != len(dice):
            self.tray_kind = "mountain"
            self.tray_dice = [(DieView(self._die_style(seat), (TRAY.left + 46 + i * 70, TRAY.top + 70), 56), "")
                              for i in range(len(dice))]
        for i, (die, _) in enumerate(self.tray_dice):
            if not die.rolling:
                die.face = die.shown = dice[i]
            die.highlight = i in kept
        self.tray_label = f"{name_of(self.shown, seat)} climbs the Mountain"

    def _combat_tray(self, combat) -> None:
        if self.tray_kind != "combat" or [w for _, w in self.tray_dice] != list(combat.fighters):
            self._setup_combat_dice(combat.fighters, combat.place)
        self.tray_scores = {f: combat.score_of(f) for f in combat.fighters}

    def _setup_combat_dice(self, fighters, place) -> None:
        self.tray_kind = "combat"
        n = len(fighters)
        step = min(70, (TRAY.width - 40) // max(1, n))
        left = TRAY.centerx - step * (n - 1) // 2
        self.tray_dice = []
        for k, f in enumerate(fighters):
            die = DieView(self._die_style(f), (left + k * step, TRAY.top + 66), 48)
            face = self._combat_faces.get(f)
            if face is None and self.shown.combat is not None and f in self.shown.combat.fighters:
                face = self.shown.combat.score_of(f)  # resumed mid-combat: the score stands for the die
            if face is not None:
                die.face = die.shown = max(1, min(6, face - (RULES.dino_die_bonus if f == DINO else 0)))
            self.tray_dice.append((die, f))
        self.tray_scores = dict(self._combat_faces)
        self.tray_label = f"Combat in the {cards.place_word(place)}"
        state = self.match.state

        def weight(f: int) -> int:
            return RULES.dino_weight if f == DINO else CHARACTER_BY_ID[state.players[f].character].weight

        pairs = [(weight(f), RULES.dino_die_bonus if f == DINO else 0) for f in fighters]
        self._combat_odds = dict(zip(fighters, krom.win_chances(pairs, place in (0, 2))))

    # -- animations ------------------------------------------------------------------------
    def event_handlers(self) -> dict:
        return {
            "DiceRolled": self._anim_roll,
            "DestinationPicked": lambda e: self._float_seat(e.seat, "picked", palette.GOLD),
            "DestinationsRevealed": self._anim_reveal,
            "KromosaurusMoved": self._anim_dino_moved,
            "Moved": self._anim_moved_piece,
            "CombatStarted": self._anim_combat,
            "CombatScoreRaised": self._anim_score,
            "CombatWon": self._anim_combat_won,
            "Damaged": self._anim_hurt,
            "Healed": self._anim_healed_hp,
            "KnockedOut": self._anim_stunned,
            "KromosaurusDefeated": lambda e: self._show_banner([f"{name_of(self.match.state, e.seat)} brings the Kromosaurus down!", "Trophy: +1 point"], palette.GOLD, 1.2),
            "Gained": lambda e: self._float_seat(e.seat, f"+{cards.amount(e.item, e.amount)}", palette.LEGAL) if e.amount else None,
            "Paid": lambda e: self._float_seat(e.seat, f"-{cards.amount(e.item, e.amount)}", palette.BLOCKED),
            "Lost": lambda e: self._float_seat(e.seat, f"-{cards.amount(e.item, e.amount)}", palette.BLOCKED),
            "StealDeclined": lambda e: self._float_seat(e.victim, "spared", palette.TEXT),
            "Stole": self._anim_stole,
            "Transferred": lambda e: self._float_seat(e.taker, f"+{cards.amount(e.item, e.amount)}", palette.LEGAL),
            "Rested": lambda e: self._sound("coin"),
            "BonusDrawn": lambda e: self._float_seat(e.seat, "+1 Bonus", palette.LEGAL),
            "PickingDrawn": self._anim_picking,
            "Hunted": self._anim_hunted,
            "MountainScored": self._anim_mountain_scored,
            "EvolutionRealized": self._anim_realized,
            "BonusPlayed": self._anim_bonus_played,
            "BonusCountered": self._anim_countered,
            "ActionPhaseStarted": lambda e: Call(lambda: self.app.play_sound("card")),
            "GameOver": lambda e: self._show_banner([f"{name_of(self.match.state, e.winners[0])} becomes the new chief!"], palette.GOLD, 1.0) if e.winners else None,
        }

    def _sound(self, name: str) -> Anim:
        return Call(lambda: self.app.play_sound(name))

    def _board_point(self, seat: int) -> tuple[int, int]:
        r = board_rect(seat, self.n)
        return (r.centerx, r.top + 40)

    def _float_seat(self, seat: int | None, text: str, colour) -> Anim | None:
        if seat is None or not 0 <= seat < self.n:
            return None
        pos = self._board_point(seat)
        return Call(lambda: self.timeline.add_background(self.floaters.pop(text, pos, colour, 22, 1.1)))

    def _show_banner(self, lines: list[str], colour, seconds: float) -> Anim:
        def show() -> None:
            self.banner = (lines, colour)

        def hide() -> None:
            self.banner = None

        return Sequence(Call(show), Wait(seconds), Call(hide))

    def _anim_reveal(self, event) -> Anim:
        s = self.match.state
        lines = ["Destinations revealed"] + [f"{self.seats[i].name} ({name_of(s, i)}): the {cards.place_word(p)}"
                                             for i, p in enumerate(event.places)]
        reveal = self._show_banner(lines, palette.GOLD, 1.1)
        targets = self.positions(self.shown, tuple(event.places), -1 if not self.dino.visible else self.shown.dino_place)
        walks = [self.standees[i].slide([targets[i]], step_time=0.5) for i in range(self.n) if i in targets]
        return Sequence(self._sound("card"), reveal, self._sound("move"), Parallel(*walks))

    def _anim_dino_moved(self, event) -> Anim | None:
        state = self.match.state
        places = tuple(p.place for p in state.players)
        target = self.positions(state, places, event.place).get(DINO)
        if target is None:
            return None

        def show() -> None:
            if not self.dino.visible:
                self.dino.visible = True
                self.dino.move_to((PLACES_AREA.right - 30, PLACES_AREA.centery))

        others = self.positions(state, places, event.place)
        shuffle = [self.standees[i].slide([others[i]], step_time=0.3) for i in range(self.n) if i in others]
        return Sequence(Call(show), Parallel(self.dino.slide([target], step_time=0.6), *shuffle), self._sound("hit"))

    def _anim_moved_piece(self, event) -> Anim | None:
        if self._revealing:
            return None  # walked together with the reveal
        standee = self.standee_for(event.piece)
        state = self.match.state
        target = self.positions(state).get(event.piece)
        if standee is None or target is None:
            return None
        return standee.slide([target], step_time=0.5)

    def _anim_roll(self, event) -> Anim | None:
        who, purpose, faces = event.piece, event.purpose, tuple(event.faces)
        if purpose == "combat":
            return None  # rolled together by CombatStarted
        if purpose == "mountain":
            kept = self.shown.turn.kept if self.shown.turn is not None and self.shown.turn.dice else ()

            def setup() -> None:
                self._mountain_tray(faces, ())
                for i, (die, _) in enumerate(self.tray_dice):
                    die.highlight = i in kept

            return Sequence(Call(setup), self._sound("dice_roll"),
                            Parallel(*(self._roll_later(i, f) for i, f in enumerate(faces) if i not in kept)))
        if purpose == "hunt":

            def setup_hunt() -> None:
                self.tray_kind = "hunt"
                step = min(70, (TRAY.width - 40) // max(1, len(faces)))
                left = TRAY.centerx - step * (len(faces) - 1) // 2
                self.tray_dice = [(DieView(self._die_style(who), (left + k * step, TRAY.top + 70), 52), "")
                                  for k in range(len(faces))]
                self.tray_label = f"{name_of(self.match.state, who)} hunts"
                self.shown_card = None

            return Sequence(Call(setup_hunt), self._sound("dice_roll"),
                            Parallel(*(self._roll_later(i, f) for i, f in enumerate(faces))))
        # a combat card's extra dice
        return Sequence(self._float_seat(who, f"rolls {' + '.join(map(str, faces))}", palette.GOLD) or Wait(0),
                        self._sound("dice_roll"), Wait(0.4))

    def _roll_later(self, index: int, face: int) -> Anim:
        """Roll tray die `index` when this step starts (the tray may be set up by an earlier step)."""
        holder: list[Anim] = []

        def start() -> None:
            die = self.tray_dice[index][0] if index < len(self.tray_dice) else None
            if die is not None:
                holder.append(die.roll(face, 0.6 + 0.05 * index))

        class _Later(Anim):
            def update(self_inner, dt: float) -> float:
                if not holder:
                    start()
                    if not holder:
                        self_inner.done = True
                        return dt
                left = holder[0].update(dt)
                self_inner.done = holder[0].done
                return left if self_inner.done else 0.0

            def finish(self_inner) -> None:
                if not holder:
                    start()
                if holder:
                    holder[0].finish()
                self_inner.done = True

        return _Later()

    def _anim_combat(self, event) -> Anim:
        fighters = tuple(event.fighters)
        faces = dict(self._combat_faces)

        def setup() -> None:
            self._combat_faces = faces
            self._setup_combat_dice(fighters, event.place)
            self.shown_card = None

        def roll_all() -> Anim:
            return Parallel(*(self._roll_later(k, max(1, min(6, faces.get(f, 1) - (RULES.dino_die_bonus if f == DINO else 0))))
                              for k, f in enumerate(fighters)))

        names = " vs ".join(name_of(self.match.state, f) for f in fighters)
        return Sequence(Call(setup), self._show_banner([f"Combat in the {cards.place_word(event.place)}!", names],
                                                       palette.BLOCKED, 0.9), self._sound("dice_roll"), roll_all())

    def _anim_score(self, event) -> Anim:
        def bump() -> None:
            self.tray_scores[event.seat] = event.score

        return Sequence(Call(bump), self._float_seat(event.seat, f"+{event.amount} to the fight", palette.GOLD) or Wait(0))

    def _anim_combat_won(self, event) -> Anim:
        s = self.match.state
        lines = [f"{name_of(s, event.ranking[0])} wins the combat"]
        scores = list(event.scores)
        heavy = event.place in (0, 2)
        for f, sc in zip(event.ranking, scores):
            line = f"{name_of(s, f)}: {sc}"
            if scores.count(sc) > 1:
                w = RULES.dino_weight if f == DINO else CHARACTER_BY_ID[s.players[f].character].weight
                line += f" (weight {w} kg: {'heaviest' if heavy else 'lightest'} wins ties here)"
            lines.append(line)

        def scores_set() -> None:
            self.tray_scores = dict(zip(event.ranking, scores))

        return Sequence(Call(scores_set), self._show_banner(lines, palette.GOLD, 1.2))

    def _tween_hp(self, seat: int, left: int) -> Anim:
        if seat == DINO:
            start = [self.dino_hp_shown]

            def step(t: float) -> None:
                self.dino_hp_shown = start[0] + (left - start[0]) * t

            return Tween(0.5, step, on_start=lambda: start.__setitem__(0, self.dino_hp_shown))
        start = [0.0]

        def step_seat(t: float) -> None:
            self.hp_shown[seat] = start[0] + (left - start[0]) * t

        return Tween(0.5, step_seat, on_start=lambda: start.__setitem__(0, self.hp_shown[seat]))

    def _anim_hurt(self, event) -> Anim | None:
        who = event.piece
        amount, left = (event.amount, event.left)
        standee = self.standee_for(who)
        if standee is None:
            return None
        if getattr(event, "source", "") == "cold":
            return Parallel(self._tween_hp(who, left), self._float_seat(who, f"-{amount} hp: cold", palette.ICE) or Wait(0))
        pos = (int(standee.pos[0]), int(standee.pos[1]) - standee.height)
        parts = [standee.hit(), self.floaters.pop(f"-{amount}", pos), self._tween_hp(who, left), self._sound("hit")]
        return Parallel(*parts)

    def _anim_healed_hp(self, event) -> Anim | None:
        who = event.piece
        amount, left = (event.amount, event.left)
        if not amount:
            return None
        text = {"recovered": "back on their feet", "fire": f"+{amount} hp by the fire"}.get(getattr(event, "cause", ""),
                                                                                          f"+{amount} hp")
        return Parallel(self._tween_hp(who, left), self._float_seat(who, text, palette.LEGAL) or Wait(0))

    def _anim_stunned(self, event) -> Anim | None:
        standee = self.standee_for(event.piece)
        if standee is None:
            return None

        def step(t: float) -> None:
            standee.tilt = 70 * t

        return Sequence(self._sound("ko"), Tween(0.4, step), self._float_seat(event.piece, "Stunned!", palette.BLOCKED) or Wait(0))

    def _anim_stole(self, event) -> Anim:
        what = "a Bonus card" if event.item == "bonus" else cards.amount(event.item, event.amount)
        return Parallel(self._float_seat(event.thief, f"+{what}", palette.LEGAL) or Wait(0),
                        self._float_seat(event.victim, f"-{what}", palette.BLOCKED) or Wait(0), self._sound("capture"))

    def _anim_picking(self, event) -> Anim:
        caption = f"{name_of(self.match.state, event.seat)} finds: {cards.bundle(krom.PICKING[event.card].reward)}"

        def show() -> None:
            self.shown_card = ("picking", event.card, caption)
            self.tray_kind, self.tray_dice = "card", []
            self.tray_label = "Forest: a Picking card"

        return Sequence(Call(show), self._sound("card"), Wait(0.9))

    def _anim_hunted(self, event) -> Anim:
        card = HUNTING[event.card]
        verdict = "caught" if event.caught else "got away"
        lines = [f"{card.name} {verdict}!", f"{event.total} against {card.value}"]
        if event.caught:
            lines.append(f"Reward: {cards.bundle(card.reward)}")
        return self._show_banner(lines, palette.LEGAL if event.caught else palette.BLOCKED, 1.1)

    def _anim_mountain_scored(self, event) -> Anim:
        return self._show_banner([f"{name_of(self.match.state, event.seat)} stops: {COMBO_NAMES.get(event.combination, event.combination)}"],
                                 palette.GOLD, 0.9)

    def _anim_realized(self, event) -> Anim:
        slot = self.shown.evolution_row.index(event.card) if event.card in self.shown.evolution_row else 0
        start = slot_rect(1, slot).topleft
        end = board_rect(event.seat, self.n).midtop
        image = cards.tile("evolution", event.card)

        def step(t: float) -> None:
            self.flying = (image, (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t))

        def done() -> None:
            self.flying = None

        return Sequence(self._sound("card"), Tween(0.7, step, on_done=done),
                        self._float_seat(event.seat, f"+{EVOLUTIONS[event.card].points} points", palette.GOLD) or Wait(0))

    def _anim_bonus_played(self, event) -> Anim:
        s = self.match.state
        line = f"{name_of(s, event.seat)} plays {BONUS[event.card].name}"
        if event.target is not None:
            line += f" on {name_of(s, event.target)}"

        def show() -> None:
            self.shown_card = ("bonus", event.card, line)
            if BONUS[event.card].timing != "combat":  # a combat card leaves the fighters' dice in the tray
                self.tray_kind, self.tray_label = "card", "A Bonus card is played"

        return Sequence(Call(show), self._sound("card"), self._show_banner([line, cards.bonus_text(event.card)], palette.GOLD, 1.0))

    def _anim_countered(self, event) -> Anim:
        s = self.match.state
        return self._show_banner([f"{name_of(s, event.by)} counters {BONUS[event.card].name}!"], palette.BLOCKED, 1.0)

    # -- the decision panel ----------------------------------------------------------------
    def clear_panel(self) -> None:
        for b in self.buttons:
            b.kill()
        self.buttons = {}
        self.action_buttons: dict[str, UIButton] = {}  # action text -> its button (tests click them)
        self.shop_buttons: dict[str, tuple[UIButton, UIButton]] = {}
        self.panel_lines = []
        self.shop_rows = []

    def _y(self) -> int:
        return PANEL.top + 14 + 22 * len(self.panel_lines)

    def line(self, text: str, colour=palette.TEXT) -> None:
        for part in ui.wrap(text, 15, PANEL.width - 24):
            self.panel_lines.append((part, colour))

    def rebuild_panel(self) -> None:
        """Lay out the panel for the decision at hand; widgets are recreated only when what they say changes."""
        self.panel_lines, self.shop_rows = [], []
        self.button_specs: list[tuple[str, Callable[[], Any], str | None, str | None]] = []
        state = self.match.state
        seat = state.to_move
        if self.match.over:
            pass
        elif seat is None or not self.seats[seat].human:
            self.line("Waiting for the computer…", palette.TEXT_DIM)
        else:
            getattr(self, f"_panel_{kind(state)}", self._panel_default)(state, seat)
        key = (tuple(self.panel_lines), tuple((label, reason, text) for label, _, reason, text in self.button_specs),
               tuple(self.shop_rows), tuple(self.basket.values()) if self.shop_rows else ())
        if key == getattr(self, "_panel_key", None):
            return
        self._panel_key = key
        lines, rows, specs = self.panel_lines, self.shop_rows, self.button_specs
        self.clear_panel()
        self.panel_lines, self.shop_rows, self.button_specs = lines, rows, specs
        y = self._y() + 4
        for item, _price, _reason in self.shop_rows:
            minus = UIButton(pygame.Rect(PANEL.right - 96, y, 30, 28), "−", self.ui)
            plus = UIButton(pygame.Rect(PANEL.right - 42, y, 30, 28), "+", self.ui)
            if self.basket[item] == 0:
                minus.disable()
            if _reason:
                plus.disable()
            self.buttons[minus] = lambda i=item: self._basket(i, -1)
            self.buttons[plus] = lambda i=item: self._basket(i, +1)
            self.shop_buttons[item] = (minus, plus)
            y += 34
        y = self._y() + 6 + len(self.shop_rows) * 34 + (8 if self.shop_rows else 0)
        for label, callback, reason, text in self.button_specs:
            rect = pygame.Rect(PANEL.left + 12, y, PANEL.width - 24, BUTTON_H)
            b = UIButton(rect, label, self.ui, tool_tip_text=reason or None)
            if reason:
                b.disable()
            self.buttons[b] = callback
            if text:
                self.action_buttons[text] = b
            y += BUTTON_H + 6

    def button(self, label: str, action: str | Callable[[], Any], reason: str | None = None, key: str | None = None) -> None:
        """A panel button playing an action text (disabled with the rules' reason when illegal) or calling a function."""
        text = key
        if isinstance(action, str):
            text = action
            reason = reason if reason is not None else self.match.why_illegal(text)
            callback = lambda a=text: self.act(a)  # noqa: E731
        else:
            callback = action
        self.button_specs.append((label, callback, reason, text))

    def _panel_default(self, state, seat) -> None:
        self.line(self.match.decision().prompt)

    def _panel_move(self, state, seat) -> None:
        here = state.players[seat].place
        self.line("Movement phase", palette.GOLD)
        self.line(f"You are in the {cards.place_word(here)} and must move.")
        self.line("Click one of your Destination cards below. Nobody else sees it until every player has chosen.",
                  palette.TEXT_DIM)
        reachable = krom.affordable_anywhere(state, seat)
        if reachable:
            names = ", ".join(EVOLUTIONS[state.evolution_row[s]].name for s in reachable)
            self.line(f"You can pay for: {names}.", palette.TEXT_DIM)

    def _panel_main(self, state, seat) -> None:
        t = state.turn
        p = state.players[seat]
        self.line(f"Action phase in the {cards.place_word(t.place)}", palette.GOLD)
        if t.place == 0:
            self._cave(state, seat, t, p)
        elif t.place == 1:
            self._forest(state, seat, t)
        elif t.place == 2:
            self._savanna(state, seat, t)
        else:
            self._mountain(state, seat, t)
        if krom.affordable_evolutions(state, seat):
            self.line("Glowing Evolutions can be realized: click one.", palette.LEGAL)
        if any(r is None for r in krom.playable_bonuses(state, seat).values()):
            self.line("Glowing Bonus cards can be played: click one.", palette.LEGAL)
        duty = self.match.why_illegal("end")
        if duty:  # a greyed button shows no tooltip: say here why the phase cannot end yet
            self.line(duty[0].upper() + duty[1:] + ".", palette.TEXT_DIM)
        self.button("End my Action phase", "end")

    def _cave(self, state, seat, t, p) -> None:
        if t.cave != "services":
            self.button(f"Rest: +{RULES.rest_krom} Krom, +{RULES.rest_hp} hit points", "rest")
        if t.cave == "rest":
            self.line("You rested: services are the other choice.", palette.TEXT_DIM)
            return
        self.line(f"Services — you have {p.krom} Krom:")
        total = sum(krom.cave_price(i) * n for i, n in self.basket.items())
        self.shop_rows = [(item, krom.cave_price(item), self.match.why_illegal(f"buy {item}")) for item in CAVE_ITEMS]
        reason = None
        if total == 0:
            reason = "Add services with + first."
        elif total > p.krom:
            reason = f"That costs {total} Krom; you have {p.krom}."
        self.button(f"Provide services: {total} Krom", self._buy_basket, reason, key="services")

    def _basket(self, item: str, change: int) -> None:
        self.basket[item] = max(0, self.basket[item] + change)
        self.rebuild_panel()

    def _buy_basket(self) -> None:
        actions = [f"buy {item}" for item in CAVE_ITEMS for _ in range(self.basket[item])]
        self.basket = {item: 0 for item in CAVE_ITEMS}
        if actions:
            first, self.queue = actions[0], actions[1:]
            if not self.act(first):
                self.queue = []

    def _forest(self, state, seat, t) -> None:
        if t.picks == 0:
            self.button("Reshuffle the Picking deck", "shuffle")
        cost = krom.next_pick_cost(state)
        if cost is None:
            self.line("You drew four Picking cards: the hike is over.", palette.TEXT_DIM)
        else:
            price = "free" if cost == 0 else f"{cost} Krom"
            self.button(f"Draw a Picking card ({price})", "pick")
        self.line(f"Picking deck: {len(state.picking_deck)} cards, discard {len(state.picking_discard)}.", palette.TEXT_DIM)

    def _savanna(self, state, seat, t) -> None:
        if t.hunted:
            self.line("You hunted this Action phase.", palette.TEXT_DIM)
            return
        if self.prey is None:
            self.line("Click a prey in the Hunting row.")
            return
        card = HUNTING[state.hunting_row[self.prey]]
        self.line(f"{card.name}: reach {card.value} with {card.dice} {'die' if card.dice == 1 else 'dice'}.")
        self.line("Buy dice before the roll, never after.", palette.TEXT_DIM)
        for extra in range(len(RULES.extra_dice_costs)):
            odds = krom.hunt_odds(card, extra)
            cost = krom.hunt_cost(extra)
            buy = f" +{extra} ({cost} Krom)" if extra else ""
            self.button(f"Roll {counted(card.dice + extra, 'die')}{buy} · {pct(odds)}", f"hunt {self.prey} {extra}")

    def _mountain(self, state, seat, t) -> None:
        if t.climb == "":
            self.button(f"Climb: roll {RULES.mountain_dice} dice", "climb")
        elif t.climb == "done":
            combo = krom.mountain_reward(t.dice)[0]
            self.line(f"You climbed: {COMBO_NAMES.get(combo, combo)}.", palette.TEXT_DIM)

    def _panel_climb(self, state, seat) -> None:
        t = state.turn
        combo, options = krom.mountain_reward(t.dice)
        self.line("Mountain", palette.GOLD)
        reward = " or ".join(cards.bundle(b) for _, b in options) if options else "nothing"
        self.line(f"Now: {COMBO_NAMES.get(combo, combo)}, worth {reward}.")
        self.line("Click dice to keep them (gold ring).", palette.TEXT_DIM)
        free = len(t.dice) - len(t.kept)
        if free:
            self.line(f"Chance a reroll improves it: {pct(krom.reroll_improves(t.dice, t.kept))}", palette.LEGAL)
        cost = krom.reroll_cost(state)
        if cost is None:
            self.line("No reroll left.", palette.TEXT_DIM)
        else:
            self.button(f"Reroll {counted(free, 'die')} ({cost} Krom)", "reroll")
        self.button("Stop and take the reward", "stop")

    def _panel_reward(self, state, seat) -> None:
        self.line("Choose your Mountain reward", palette.GOLD)
        for label, bundle in krom.reward_options(state):
            self.button(cards.bundle(bundle), f"reward {label}")

    def _panel_combat(self, state, seat) -> None:
        self.line("Combat: play a card or pass", palette.GOLD)
        for f, score in krom.combat_standing(state):
            extra = ""
            if f in self._combat_odds:
                extra = f" · {pct(self._combat_odds[f])} before the roll"
            self.line(f"{name_of(state, f)}: {score}{extra}")
        if self.match.legal_actions() == [Action("pass")]:
            # every fighter is asked, so that nobody learns whose hand holds a combat card
            self.line("You hold no combat card: you can only pass.", palette.TEXT_DIM)
        else:
            self.line("Click a glowing combat card in your hand to play it.", palette.LEGAL)
        self.button("Pass", "pass")

    def _panel_counter(self, state, seat) -> None:
        play = state.play
        who, card = play.counters[-1] if play.counters else (play.seat, play.card)
        self.line("A Bonus card is played", palette.GOLD)
        self.line(f"{name_of(state, who)} plays {BONUS[card].name}: {cards.bonus_text(card)}")
        counter = next((c for c in state.players[seat].hand if BONUS[c].timing == "counter"), None)
        if counter is None:
            # every other player is asked, so that nobody learns whose hand holds a counter card
            self.line("You hold no counter card: you can only pass.", palette.TEXT_DIM)
            self.button("Pass", "pass")
            return
        self.button(f"Counter it with {BONUS[counter].name}", "counter")
        self.button("Pass: let it happen", "pass")

    def settle(self) -> None:
        super().settle()
        self._pass_check = True  # in update, once the timeline is idle (this runs as its last step)

    def _pass_for_the_lone_human(self) -> None:
        """With one human at the table (the others are computers, who see nothing of the screen), a
        card window where that human can only pass is passed for them at once: no extra screen."""
        if self.match.over or self.busy or self.replay is not None:
            return
        humans = [i for i, seat in enumerate(self.seats) if seat.human]
        seat = self.match.state.to_move
        if humans != [seat] or kind(self.match.state) not in ("combat", "counter"):
            return
        if self.match.legal_actions() != [Action("pass")]:
            return
        what = "combat" if kind(self.match.state) == "combat" else "counter"
        self.log.add(f"You hold no {what} card: you pass.", palette.TEXT_DIM)
        self.act("pass")

    def _panel_target(self, state, seat) -> None:
        self.line(f"Target of {BONUS[state.play.card].name}", palette.GOLD)
        for t in range(state.num_players):
            if t != seat:
                self.button(f"{self.seats[t].name} ({name_of(state, t)})", f"target {t}")
        self.button("Cancel (keep the card)", "cancel")

    def _panel_choice(self, state, seat) -> None:
        self.line(f"{BONUS[state.play.card].name}: choose a resource", palette.GOLD)
        for r in ("wood", "stone", "bone"):
            self.button(r.capitalize(), f"take {r}")
        self.button("Cancel (keep the card)", "cancel")

    def _panel_steal(self, state, seat) -> None:
        victim = state.steals[0][1]
        self.line(f"{name_of(state, victim)} is stunned!", palette.GOLD)
        self.line(f"{name_of(state, seat)} chooses what to steal.")
        if self._steal_asked != len(self.match.actions):
            from scenes.krom.dialogs import StealDialog

            self._steal_asked = len(self.match.actions)

            half = (state.players[victim].krom + 1) // 2
            self.app.push(StealDialog(self.app, self, name_of(state, seat), name_of(state, victim), half))

    # -- input -----------------------------------------------------------------------------
    def on_hover(self, pos) -> None:
        self.mouse = pos
        self.hover = next((h for h in reversed(self.hits) if h[0].collidepoint(pos)), None)
        for st in [*self.standees, self.dino]:
            st.hovered = st.visible and st.hit_rect().collidepoint(pos)

    def on_input(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.app.play_sound("click")
            self.buttons[event.ui_element]()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((h for h in reversed(self.hits) if h[0].collidepoint(event.pos)), None)
            if hit is None:
                return False
            return self.click(hit[1], hit[2])
        return False

    def click(self, what: str, payload) -> bool:
        k = kind(self.match.state)
        if what == "destination" and k == "move":
            return self.act(f"go {PLACES[payload]}")
        if what == "hand" and payload >= 0 and k in ("main", "combat"):
            return self.act(f"play {payload}")
        if what == "evolution" and k == "main":
            return self.act(f"realize {payload}")
        if what == "hunting" and k == "main":
            t = self.match.state.turn
            if t.place != 2:
                self.flash(f"You hunt only in the Savanna; you are in the {cards.place_word(t.place)}.")
                return True
            if t.hunted:
                self.flash("You already hunted: one hunt per Action phase.")
                return True
            self.prey = payload
            self.rebuild_panel()
            return True
        if what == "die" and k == "climb":
            kept = payload in self.match.state.turn.kept
            return self.act(f"{'free' if kept else 'keep'} {payload}")
        return False

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # the kit's draw without its table: the board's cached background covers the whole window
        self.draw_board(surface)
        self.floaters.draw(surface)
        self.draw_status(surface)

    def frame_draw(self, surface) -> None:
        super().frame_draw(surface)
        self.draw_tooltip(surface)

    def _background(self, s) -> pygame.Surface:
        """Everything that changes only with the round's phase: the table, the panels, the four places."""
        key = (s.setup.glacial, s.phase == "places" and s.place)
        if getattr(self, "_bg_key", None) != key:
            self._bg_key = key
            bg = pygame.Surface(self.app.size).convert()
            ui.draw_table(bg)
            for area in (CARDS_AREA, HAND_AREA, TRAY, PANEL):
                ui.panel(bg, area, shadow=4)
            for place in range(4):
                active = s.phase == "places" and s.place == place
                bg.blit(self._place_surface(place, s.setup.glacial, active), place_rect(place))
            self._bg = bg
        return self._bg

    def draw_board(self, surface: pygame.Surface) -> None:
        self.hits = []
        s = self.shown
        surface.blit(self._background(s), (0, 0))
        self.draw_header(surface, s)
        for place in range(4):
            self.hits.append((place_rect(place), "place", place))
        for st in sorted(self.standees, key=lambda x: x.pos[0]):
            st.draw(surface)
        self.dino.draw(surface)
        self.draw_cards(surface, s)
        self.draw_hand(surface, s)
        self.draw_tray(surface, s)
        for i in range(self.n):
            self.draw_player(surface, s, i)
        self.draw_panel(surface)
        if self.flying is not None:
            image, pos = self.flying
            surface.blit(image, (int(pos[0]), int(pos[1])))
        if self.banner is not None:
            self.draw_banner(surface)
        self.hover = next((h for h in reversed(self.hits) if h[0].collidepoint(self.mouse)), None)

    def draw_header(self, surface, s) -> None:
        if s.phase == "move":
            phase = "Movement: secret destinations"
        elif s.phase == "over":
            phase = "Game over"
        else:
            phase = f"Action phases: {cards.place_word(max(0, s.place))}"
        board = "Glacial · " if s.setup.glacial else ""
        target = krom.target_points(s.setup)
        ui.text(surface, f"Round {s.round} · {phase}", (HEADER.left + 4, HEADER.centery), 17, palette.GOLD, bold=True,
                anchor="midleft")
        ui.text(surface, f"{board}{target} points to win", (HEADER.right - 4, HEADER.centery), 14, palette.TEXT_DIM,
                anchor="midright")

    def _place_surface(self, place: int, glacial: bool, active: bool) -> pygame.Surface:
        key = (place, glacial, active)
        surf = self._place_cache.get(key)
        if surf is None:
            r = place_rect(place)
            surf = pygame.Surface(r.size, pygame.SRCALPHA)
            base = palette.PLACES[PLACES[place]]
            colour = tuple((c + i) // 2 for c, i in zip(base, palette.ICE)) if glacial and place else base
            dark = tuple(int(c * 0.55) for c in colour)
            pygame.draw.rect(surf, dark, surf.get_rect(), border_radius=12)
            pygame.draw.rect(surf, colour, surf.get_rect().inflate(-8, -36).move(0, 14), border_radius=10)
            icon = assets.image(f"icons/{PLACES[place]}", (22, 22))
            surf.blit(icon, (10, 5))
            ui_name = ui.render(f"{place + 1}. {cards.place_word(place)}", 17, palette.TEXT, True, True)
            surf.blit(ui_name, (38, 4))
            note = {0: "rest or services", 1: "Picking cards", 2: "hunt a prey", 3: "climb with 5 dice"}[place]
            if glacial:
                note += " · +1 hp" if place == 0 else " · cold: -1 hp"
            img = ui.render(note, 13, palette.TEXT_DARK, True)
            surf.blit(img, (14, 40))
            edge = palette.GOLD if active else palette.PANEL_EDGE
            pygame.draw.rect(surf, edge, surf.get_rect(), width=3 if active else 2, border_radius=12)
            self._place_cache[key] = surf
        return surf

    def draw_cards(self, surface, s) -> None:
        area = CARDS_AREA
        ui.text(surface, "Hunting", (area.left + 10, area.top + 6), 15, palette.TEXT_DIM, bold=True)
        ui.text(surface, "Evolutions", (area.left + 10, area.top + 138), 15, palette.TEXT_DIM, bold=True)
        k = kind(self.match.state)
        seat = self.match.state.to_move
        mine = seat is not None and seat == self.viewer
        savanna_turn = k == "main" and mine and s.turn is not None and s.turn.place == 2 and not s.turn.hunted
        glow = {slot: palette.SELECT if slot == self.prey else palette.LEGAL for slot in range(4)} if savanna_turn else {}
        self._draw_row(surface, 0, "hunting", s.hunting_row, glow)
        affordable = krom.affordable_evolutions(self.match.state) if k == "main" and mine else []
        self._draw_row(surface, 1, "evolution", s.evolution_row, {slot: palette.LEGAL for slot in affordable})
        for row, (deck, discard) in enumerate(((len(s.hunting_deck), len(s.hunting_discard)), (len(s.evolution_deck), None))):
            r = deck_rect(row)
            surface.blit(assets.image("cards/back_krom", r.size), r)
            name = ("Hunting", "Evolution")[row]
            more = f", {discard} in the discard pile" if discard is not None else ""
            self.hits.append((r, "text", [f"{name} deck: {deck} cards face down{more}."]))
            ui.text(surface, f"deck {deck}", (r.centerx, r.bottom + 4), 12, palette.TEXT_DIM, anchor="midtop")
            if discard is not None:
                ui.text(surface, f"discard {discard}", (r.centerx, r.bottom + 18), 12, palette.TEXT_DIM, anchor="midtop")
        # the token supply, the other decks and the Kromosaurus
        y = area.top + 272
        x = area.left + 10
        for token in ("krom", "wood", "stone", "bone"):
            surface.blit(assets.image(TOKEN_ICONS[token], (20, 20)), (x, y))
            ui.text(surface, str(s.supply[token]), (x + 23, y + 1), 15, palette.TEXT, bold=True)
            x += 54
        ui.text(surface, f"Bonus {len(s.bonus_deck)}/{len(s.bonus_discard)}  Picking {len(s.picking_deck)}/{len(s.picking_discard)}",
                (area.left + 10, y + 26), 13, palette.TEXT_DIM)
        if s.setup.kromosaurus:
            self.draw_dino_board(surface, s, pygame.Rect(area.left + 226, y - 4, 144, 48))

    def _draw_row(self, surface, row: int, family: str, faces, glow: dict) -> None:
        """A face-up row (0 Hunting, 1 Evolution); `glow` rings the slots that can be clicked now."""
        for slot, card in enumerate(faces):
            r = slot_rect(row, slot)
            if card < 0:
                pygame.draw.rect(surface, palette.BG_LIGHT, r, border_radius=8)
                continue
            surface.blit(cards.tile(family, card), r)
            if slot in glow:
                pygame.draw.rect(surface, glow[slot], r.inflate(6, 6), width=3, border_radius=10)
            self.hits.append((r, family, slot))

    def draw_dino_board(self, surface, s, r: pygame.Rect) -> None:
        pygame.draw.rect(surface, palette.BG_LIGHT, r, border_radius=8)
        pygame.draw.rect(surface, palette.BLOCKED, r, width=2, border_radius=8)
        if s.dino_hp <= 0 and self.dino_hp_shown <= 0:
            holder = s.trophy
            text = f"Trophy: {name_of(s, holder)}" if holder is not None else "Kromosaurus down"
            ui.text(surface, text, r.center, 13, palette.GOLD, bold=True, anchor="center")
            return
        where = cards.place_word(s.dino_place) if s.dino_place >= 0 else "waiting"
        ui.text(surface, "Kromosaurus", (r.left + 6, r.top + 4), 12, palette.TEXT, bold=True)
        ui.text(surface, f"{round(self.dino_hp_shown)}/{RULES.dino_hp}", (r.right - 6, r.top + 4), 12, palette.HEART,
                bold=True, anchor="topright")
        ui.text(surface, where, (r.right - 6, r.bottom - 4), 11, palette.TEXT_DIM, anchor="bottomright")
        for i in range(RULES.dino_hp):
            c = palette.HEART if i < round(self.dino_hp_shown) else palette.PANEL
            pygame.draw.rect(surface, c, pygame.Rect(r.left + 6 + i * 6, r.bottom - 16, 5, 12), border_radius=2)

    def draw_hand(self, surface, s) -> None:
        area = HAND_AREA
        viewer = self.viewer
        state = self.match.state
        k = kind(state)
        if (self.busy and state.to_move != viewer) or self.match.over:
            viewer = None  # the table watches what happens; the mouse goes to someone else next
        if viewer is None:
            ui.text(surface, "Bonus hands are secret", (area.left + 12, area.top + 8), 15, palette.TEXT_DIM, bold=True)
            for i, line in enumerate(ui.wrap("Each player sees their own hand after the hand-off screen. "
                                             "The number of cards each player holds is on their board below.", 15,
                                             area.width - 40)):
                ui.text(surface, line, (area.left + 12, area.top + 40 + i * 22), 15, palette.TEXT)
            return
        name = f"{self.seats[viewer].name} ({name_of(s, viewer)})"
        x = area.left + 12
        if k == "move" and state.to_move == viewer:
            ui.text(surface, "Your Destination cards", (x, area.top + 8), 15, palette.GOLD, bold=True)
            here = s.players[viewer].place
            for place in range(4):
                r = pygame.Rect(x + place * 78, area.top + 34, *cards.TILE)
                surface.blit(cards.tile("destination", place), r)
                if place == here:
                    self._dim_rect(surface, r)
                else:
                    pygame.draw.rect(surface, palette.LEGAL, r.inflate(6, 6), width=3, border_radius=10)
                self.hits.append((r, "destination", place))
            x += 4 * 78 + 16
        hand = s.players[viewer].hand
        ui.text(surface, f"{name}'s Bonus hand ({len(hand)})", (x, area.top + 8), 15, palette.TEXT_DIM, bold=True)
        if not hand:
            ui.text(surface, "No Bonus card.", (x, area.top + 40), 15, palette.TEXT)
            return
        playable = krom.playable_bonuses(state, viewer) if state.to_move == viewer else {}
        room = area.right - 12 - x
        step = min(78, max(20, (room - cards.TILE[0]) // max(1, len(hand) - 1))) if len(hand) > 1 else 78
        for i, card in enumerate(hand):
            r = pygame.Rect(x + i * step, area.top + 34, *cards.TILE)
            lifted = self.hover is not None and self.hover[1] == "hand" and self.hover[0].topleft == r.topleft
            if lifted:
                r = r.move(0, -8)
            surface.blit(cards.tile("bonus", card), r)
            if playable.get(card, "") is None:
                pygame.draw.rect(surface, palette.LEGAL, r.inflate(6, 6), width=3, border_radius=10)
            self.hits.append((r.move(0, 8) if lifted else r, "hand", card))

    def _dim_rect(self, surface, r: pygame.Rect) -> None:
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((10, 12, 18, 150))
        surface.blit(shade, r)

    def draw_tray(self, surface, s) -> None:
        area = TRAY
        if self.tray_label:
            ui.text(surface, self.tray_label, (area.left + 12, area.top + 8), 15, palette.TEXT_DIM, bold=True)
        if self.tray_kind == "card" and self.shown_card is not None:
            family, card, caption = self.shown_card
            r = pygame.Rect(area.left + 12, area.top + 34, *cards.TILE)
            surface.blit(cards.tile(family, card), r)
            self.hits.append((r, family, ("card", card)))
            for i, line in enumerate(ui.wrap(caption, 15, area.width - 110)):
                ui.text(surface, line, (r.right + 12, r.top + 4 + i * 20), 15, palette.TEXT)
            return
        if not self.tray_dice:
            ui.text(surface, "Dice roll here: combats, hunts and climbs.", area.center, 15, palette.TEXT_DIM, anchor="center")
            return
        scores = self.tray_scores
        for i, (die, fighter) in enumerate(self.tray_dice):
            if self.tray_kind == "combat":
                die.draw(surface)
                ui.text(surface, name_of(s, fighter), (die.home[0], area.top + 104), 13, palette.TEXT, anchor="midtop")
                score = scores.get(fighter)
                if score is not None and not die.rolling:
                    ui.text(surface, f"score {score}", (die.home[0], area.top + 120), 13, palette.GOLD, bold=True,
                            anchor="midtop")
                if fighter in self._combat_odds:
                    ui.text(surface, f"{pct(self._combat_odds[fighter])} to win", (die.home[0], area.top + 137), 12,
                            palette.TEXT_DIM, anchor="midtop")
            else:
                die.draw(surface)
                if self.tray_kind == "mountain":
                    self.hits.append((die.rect(), "die", i))
        if self.tray_kind == "mountain" and s.turn is not None and s.turn.dice:
            combo = krom.mountain_reward(s.turn.dice)[0]
            ui.text(surface, f"Showing {COMBO_NAMES.get(combo, combo)}", (area.left + 12, area.bottom - 26), 15,
                    palette.GOLD, bold=True)
            kept = len(s.turn.kept)
            ui.text(surface, f"{kept} kept · {s.turn.rerolls} of 4 rerolls used", (area.right - 12, area.bottom - 26), 13,
                    palette.TEXT_DIM, anchor="topright")
        if self.tray_kind == "hunt" and not any(d.rolling for d, _ in self.tray_dice):
            total = sum(d.face for d, _ in self.tray_dice)
            ui.text(surface, f"Total {total}", (area.centerx, area.bottom - 26), 15, palette.GOLD, bold=True, anchor="midtop")

    def draw_player(self, surface, s, seat: int) -> None:
        """A player's board, redrawn only when something on it changes."""
        r = board_rect(seat, self.n)
        p = s.players[seat]
        state = self.match.state
        key = (p.to_dict(), krom.points(s, seat), round(self.hp_shown[seat] * 20), s.trophy == seat,
               self._status(s, seat), state.to_move == seat, s.turn is not None and s.turn.seat == seat,
               self.seats[seat])
        cache = self._boards.get(seat)
        if cache is None or cache[0] != key:
            img = pygame.Surface((r.width, r.height + 6), pygame.SRCALPHA)
            self._draw_player(img, s, seat, pygame.Rect(0, 0, r.width, r.height))
            cache = self._boards[seat] = (key, img)
        surface.blit(cache[1], r)
        self.hits.append((pygame.Rect(r.left + 36, r.top + 104, r.width - 52, 20), "realized", seat))
        self.hits.append((r, "player", seat))

    def _draw_player(self, surface, s, seat: int, r: pygame.Rect) -> None:
        p = s.players[seat]
        state = self.match.state
        deciding = state.to_move == seat
        acting = s.turn is not None and s.turn.seat == seat
        edge = palette.GOLD if deciding else (palette.SELECT if acting else palette.PANEL_EDGE)
        ui.panel(surface, r, edge=edge, width=3 if deciding else 2, shadow=4)
        colour = self.seats[seat].colour
        pygame.draw.rect(surface, colour, pygame.Rect(r.left, r.top, r.width, 8), border_top_left_radius=14,
                         border_top_right_radius=14)
        char = CHARACTER_BY_ID[p.character]
        x = r.left + 8
        ui.text(surface, self.seats[seat].name[:12], (x, r.top + 12), 15, colour, bold=True)
        ui.text(surface, f"{char.name} · {char.weight} kg", (x, r.top + 32), 13, palette.TEXT)
        pts = krom.points(s, seat)
        ui.text(surface, f"{pts}", (r.right - 10, r.top + 10), 24, palette.GOLD, bold=True, anchor="topright")
        ui.text(surface, "pts", (r.right - 10, r.top + 38), 11, palette.TEXT_DIM, anchor="topright")
        # life ladder 0..7 with the Heart token
        hp = self.hp_shown[seat]
        y = r.top + 56
        pip = min(16, (r.width - 16) // 8 - 2)
        for v in range(HP_MAX + 1):
            cell = pygame.Rect(x + v * (pip + 2), y, pip, pip + 2)
            pygame.draw.rect(surface, palette.PANEL_LIGHT if v else palette.BLOCKED, cell, border_radius=3)
            if v <= 7 and pip >= 14:
                ui.text(surface, str(v), cell.center, 10, palette.TEXT_DIM, anchor="center")
        heart_x = x + hp * (pip + 2) + pip / 2
        surface.blit(assets.image("markers/heart", (pip + 4, pip + 4)), (int(heart_x - pip / 2 - 2), y - 2))
        # tokens
        y = r.top + 80
        step = max(34, min(52, (r.width - 16) // 4))
        for k, token in enumerate(("krom", "wood", "stone", "bone")):
            surface.blit(assets.image(TOKEN_ICONS[token], (18, 18)), (x + k * step, y))
            ui.text(surface, str(getattr(p, token)), (x + k * step + 20, y), 14, palette.TEXT, bold=True)
        # hand count, realized Evolutions, trophy, status
        y = r.top + 104
        surface.blit(assets.image("cards/back_krom", (14, 20)), (x, y))
        ui.text(surface, f"{len(p.hand)}", (x + 18, y + 1), 14, palette.TEXT, bold=True)
        evo = len(p.evolutions)
        ui.text(surface, f"{evo} Evolution{'s' if evo != 1 else ''}", (x + 38, y + 2), 13, palette.TEXT)
        if s.trophy == seat:
            surface.blit(assets.image("markers/trophy", (20, 20)), (r.right - 28, y))
        status = self._status(s, seat)
        if status:
            ui.text(surface, status[0], (x, r.top + 130), 13, status[1], bold=True)

    def _status(self, s, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        p = s.players[seat]
        if p.stunned:
            return "Stunned", palette.BLOCKED
        if s.phase == "move":
            pick = s.picks[seat]
            if pick is None:
                return ("Choosing…" if self.match.state.to_move == seat else "To choose"), palette.TEXT_DIM
            if pick == krom.HIDDEN:
                return "Destination chosen", palette.LEGAL
            return f"Going to the {cards.place_word(pick)}", palette.GOLD
        if s.turn is not None and s.turn.seat == seat:
            return "Playing now", palette.GOLD
        order = krom.action_order(self.match.state)
        if seat in order:
            return f"Plays {self._ordinal(order.index(seat) + 1)}", palette.TEXT_DIM
        return "Done this round", palette.TEXT_DIM

    @staticmethod
    def _ordinal(n: int) -> str:
        return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")

    def draw_panel(self, surface) -> None:
        y = PANEL.top + 14
        for text, colour in self.panel_lines:
            ui.text(surface, text, (PANEL.left + 12, y), 15, colour, bold=colour == palette.GOLD)
            y += 22
        if self.shop_rows:
            y += 4
            labels = {"wood": "Wood", "stone": "Stone", "bone": "Bone", "bonus": "Bonus card", "hp": "3 hit points"}
            for item, price, reason in self.shop_rows:
                ui.text(surface, f"{labels[item]} · {price} Krom", (PANEL.left + 12, y + 5), 14,
                        palette.TEXT_DIM if reason else palette.TEXT)
                ui.text(surface, str(self.basket[item]), (PANEL.right - 54, y + 14), 15, palette.GOLD, bold=True,
                        anchor="center")
                y += 34

    def draw_banner(self, surface) -> None:
        lines, colour = self.banner
        width = max(ui.render(line, 18, palette.TEXT).get_width() for line in lines) + 48
        box = pygame.Rect(0, 0, max(340, width), 30 + 26 * len(lines))
        box.center = PLACES_AREA.center
        ui.panel(surface, box, colour=palette.BG_LIGHT, edge=colour, radius=12, width=3)
        for i, line in enumerate(lines):
            ui.text(surface, line, (box.centerx, box.top + 14 + 26 * i), 20 if i == 0 else 17,
                    colour if i == 0 else palette.TEXT, bold=i == 0, anchor="midtop")

    def draw_tooltip(self, surface) -> None:
        if self.hover is None or self.busy or self.app.stack.top is not self:
            return
        rect, what, payload = self.hover
        s = self.shown
        family, card, reason = None, None, None
        if what == "hunting" and payload < len(s.hunting_row):
            family, card = "hunting", s.hunting_row[payload]
            if card >= 0:
                chances = krom.hunt_chances(card)
                reason = "Chance to catch: " + ", ".join(f"{pct(c)} with {k} bought" for k, c in enumerate(chances))
        elif what == "evolution" and payload < len(s.evolution_row):
            family, card = "evolution", s.evolution_row[payload]
            seat = self.match.state.to_move
            if seat is not None and seat == self.viewer and kind(self.match.state) == "main":
                reason = krom.evolution_problems(self.match.state)[payload]
        elif what == "hand":
            family, card = "bonus", payload
            if self.viewer is not None and self.match.state.to_move == self.viewer:
                reason = krom.playable_bonuses(self.match.state, self.viewer).get(payload)
        elif what == "destination":
            family, card = "destination", payload
            reason = self.match.why_illegal(f"go {PLACES[payload]}")
        elif what in ("picking", "bonus") and isinstance(payload, tuple):
            family, card = what, payload[1]
        elif what == "text":
            self._text_tip(surface, rect, payload)
            return
        elif what == "realized":
            names = [EVOLUTIONS[e].name + f" ({EVOLUTIONS[e].points})" for e in s.players[payload].evolutions]
            self._text_tip(surface, rect, ["Realized Evolutions:"] + (names or ["none yet"]))
            return
        elif what == "player":
            p = s.players[payload]
            self._text_tip(surface, rect, [f"{self.seats[payload].name} plays {name_of(s, payload)} "
                                           f"({CHARACTER_BY_ID[p.character].weight} kg)",
                                           f"{p.hp} of 7 hit points, {len(p.hand)} Bonus cards in hand"])
            return
        if family is None or card is None or card < 0:
            return
        view = cards.card_view(family, card)
        img = view.surface(1.0)
        box = img.get_rect()
        box.left = rect.right + 10 if rect.right + 10 + box.width < surface.get_width() else rect.left - 10 - box.width
        box.top = max(50, min(rect.top - 40, surface.get_height() - box.height - (40 if reason else 4)))
        surface.blit(img, box)
        if reason:
            lines = ui.wrap(reason, 14, 260)
            tip = pygame.Rect(box.left, box.bottom + 4, 280, 10 + 18 * len(lines))
            if tip.bottom > surface.get_height():
                tip.bottom = box.top - 4
            ui.panel(surface, tip, colour=palette.BG_LIGHT, edge=palette.BLOCKED, radius=8, shadow=0)
            for i, line in enumerate(lines):
                ui.text(surface, line, (tip.left + 8, tip.top + 5 + 18 * i), 14, palette.TEXT)

    def _text_tip(self, surface, rect, lines) -> None:
        width = max(ui.render(line, 14, palette.TEXT).get_width() for line in lines) + 16
        tip = pygame.Rect(0, 0, width, 10 + 18 * len(lines))
        tip.midbottom = (rect.centerx, rect.top - 4)
        tip.clamp_ip(surface.get_rect())
        ui.panel(surface, tip, colour=palette.BG_LIGHT, radius=8, shadow=0)
        for i, line in enumerate(lines):
            ui.text(surface, line, (tip.left + 8, tip.top + 5 + 18 * i), 14, palette.TEXT)


def resume(app, match: Match) -> KromBoard:
    """The board of a Krom game replayed from its autosave."""
    return KromBoard(app, match)
