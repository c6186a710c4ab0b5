"""The Krom board's animations: the reveal, the walks, combats and their dice, hunts, climbs, cards played, tokens gained.

Each rules event gets its animation here (`KromAnimations.event_handlers`). What the header and
the tray show follows the animations (a new round's number appears with its banner, a hunt's
dice are in the tray while they tumble), so nothing is announced before it is shown.
"""

from __future__ import annotations

import game.krom as krom
from game.core.grammar import counted
from scenes import palette, ui
from scenes.krom import cards, layout
from scenes.widgets.tween import Anim, Call, Later, Parallel, Sequence, Tween, Wait

DINO = krom.DINO


class KromAnimations:
    """The part of KromBoard that animates the rules' events (see the module docstring)."""

    def event_handlers(self) -> dict:
        return {
            "DiceRolled": self._anim_roll,
            "DestinationPicked": self._anim_picked,
            "DestinationsRevealed": self._anim_reveal,
            "KromosaurusMoved": self._anim_dino_moved,
            "Moved": self._anim_walk,
            "CombatStarted": self._anim_combat,
            "CombatScoreRaised": self._anim_score,
            "CombatWon": self._anim_combat_won,
            "Damaged": self._anim_hurt,
            "Healed": self._anim_healed_hp,
            "KnockedOut": self._anim_stunned,
            "KromosaurusDefeated": lambda e: self.show_banner(["The Kromosaurus is down!", self.log_line(e)],
                                                              palette.GOLD, 1.2),
            "Gained": lambda e: self._float_seat(e.seat, f"+{krom.amount_words(e.item, e.amount)}", palette.LEGAL)
            if e.amount else None,
            "Paid": lambda e: self._float_seat(e.seat, f"-{krom.amount_words(e.item, e.amount)}", palette.BLOCKED),
            "Lost": lambda e: self._float_seat(e.seat, f"-{krom.amount_words(e.item, e.amount)}", palette.BLOCKED)
            if e.amount else None,
            "StealDeclined": lambda e: self._float_seat(e.victim, "spared", palette.TEXT),
            "Stole": self._anim_stole,
            "Transferred": lambda e: self._float_seat(e.taker, f"+{krom.amount_words(e.item, e.amount)}", palette.LEGAL)
            if e.amount else None,
            "Rested": lambda e: self._sound("coin"),
            "BonusDrawn": lambda e: self._float_seat(e.seat, "+1 Bonus", palette.LEGAL),
            "PickingDrawn": self._anim_picking,
            "Hunted": self._anim_hunted,
            "MountainScored": self._anim_mountain_scored,
            "EvolutionRealized": self._anim_realized,
            "BonusPlayed": self._anim_bonus_played,
            "BonusCountered": lambda e: self.show_banner(
                [f"{self.name(e.by)} counters {krom.BONUS[e.card].name}!"], palette.BLOCKED, 1.0),
            "ActionPhaseStarted": self._anim_phase_started,
            "ActionPhaseEnded": lambda e: self._status(e.seat, "Done this round", "dim"),
            "RoundStarted": self._anim_round,
            "GameOver": lambda e: self.show_banner([f"{self.name(e.winners[0])} becomes the new chief!"], palette.GOLD,
                                                   1.0) if e.winners else None,
        }

    # -- helpers -------------------------------------------------------------------------------
    def _status(self, seat: int, text: str, tone: str) -> Anim:
        """A player's board says what the animation shows them doing (until the next settle)."""
        def now() -> None:
            self.statuses[seat] = (text, tone)
            if text == "Done this round" and self.acting_shown == seat:
                self.acting_shown = None
        return Call(now)

    def _sound(self, name: str) -> Anim:
        return Call(lambda: self.app.play_sound(name))

    def _board_point(self, seat: int) -> tuple[int, int]:
        r = layout.board_rect(seat, self.n)
        return (r.centerx, r.top + 40)

    def _float_seat(self, seat: int | None, text: str, colour) -> Anim | None:
        if seat is None or not 0 <= seat < self.n:
            return None
        pos = self._board_point(seat)
        return Call(lambda: self.timeline.add_background(self.floaters.pop(text, pos, colour, 22, 1.1)))

    def _tween_hp(self, who: int, left: int) -> Anim:
        start = [0.0]

        def begin() -> None:
            start[0] = self.dino_hp_shown if who == DINO else self.hp_shown[who]

        def step(t: float) -> None:
            value = start[0] + (left - start[0]) * t
            if who == DINO:
                self.dino_hp_shown = value
            else:
                self.hp_shown[who] = value

        return Tween(0.5, step, on_start=begin)

    def _roll_tray(self, faces) -> Anim:
        """Roll the tray's dice to `faces` (die index -> face), built when the step starts."""
        def build() -> Anim:
            return Parallel(*(die.roll(faces[i], 0.6 + 0.05 * i) for i, (die, _) in enumerate(self.tray.dice)
                              if i in faces))
        return Later(build)

    # -- the Movement phase and the round -----------------------------------------------------
    def _anim_reveal(self, event) -> Anim:
        lines = ["Destinations revealed"] + [f"{self.who(i)}: the {cards.place_word(p)}"
                                             for i, p in enumerate(event.places)]
        dino = self.shown.dino_place if self.dino.visible else -1
        targets = layout.standee_spots(tuple(event.places), dino, DINO)
        walks = [self.standees[i].slide([targets[i]], step_time=0.5) for i in range(self.n) if i in targets]

        def places_now() -> None:
            self.places_shown = tuple(event.places)
            self.header_phase = "Action phases"
            for i, p in enumerate(event.places):
                self.statuses[i] = (f"In the {cards.place_word(p)}", "dim")

        return Sequence(self._sound("card"), self.show_banner(lines, palette.GOLD, 1.1), Call(places_now),
                        self._sound("move"), Parallel(*walks))

    def _anim_picked(self, event) -> Anim:
        return Sequence(self._status(event.seat, "Destination chosen", "good"),
                        self._float_seat(event.seat, "picked", palette.GOLD) or Wait(0))

    def _anim_walk(self, event) -> Anim | None:
        return None  # every standee walks with the reveal, all at once

    def _anim_dino_moved(self, event) -> Anim | None:
        places = self.places_shown
        spots = layout.standee_spots(places, event.place, DINO)

        def show() -> None:
            if not self.dino.visible:
                self.dino.visible = True
                self.dino.move_to((layout.PLACES_AREA.right - 30, layout.PLACES_AREA.centery))

        shuffle = [self.standees[i].slide([spots[i]], step_time=0.3) for i in range(self.n) if i in spots]
        return Sequence(Call(show), Parallel(self.dino.slide([spots[DINO]], step_time=0.6), *shuffle), self._sound("hit"))

    def _anim_round(self, event) -> Anim:
        def now() -> None:
            self.round_shown = event.round
            self.header_phase = "Movement: secret destinations"
            self.tray.clear()
            for seat in range(self.n):
                self.statuses[seat] = ("To choose", "dim")

        return Sequence(Call(now), self.show_banner([f"Round {event.round}", "Everyone picks a destination"],
                                                    palette.GOLD, 0.9))

    def _anim_phase_started(self, event) -> Anim:
        def now() -> None:
            self.header_phase = f"Action phases: {cards.place_word(event.place)}"
            self.active_place = event.place
            self.statuses[event.seat] = ("Playing now", "gold")
            self.acting_shown = event.seat

        return Sequence(Call(now), self._sound("card"))

    # -- dice ----------------------------------------------------------------------------------
    def _anim_roll(self, event) -> Anim | None:
        who, purpose, faces = event.piece, event.purpose, tuple(event.faces)
        if purpose == "combat":
            return None  # rolled together by CombatStarted
        if purpose == "mountain":
            climb = self.snap.queries.table.climb if self.snap.queries is not None else None
            kept = climb.kept if climb is not None and climb.seat == who else ()

            def setup() -> None:
                self.tray.mountain(who, self.name(who), faces, kept)

            return Sequence(Call(setup), self._sound("dice_roll"),
                            self._roll_tray({i: f for i, f in enumerate(faces) if i not in kept}))
        if purpose == "hunt":
            return Sequence(Call(lambda: self.tray.hunt(who, self.name(who), len(faces))), self._sound("dice_roll"),
                            self._roll_tray(dict(enumerate(faces))))
        # a combat card's extra dice
        return Sequence(self._float_seat(who, f"rolls {' + '.join(map(str, faces))}", palette.GOLD) or Wait(0),
                        self._sound("dice_roll"), Wait(0.4))

    def _anim_combat(self, event) -> Anim:
        fighters = tuple(event.fighters)
        dice = self.combat_rolls.get(id(event), [])
        rolls = {e.piece: e.faces[0] for e in dice}
        scores = {e.piece: e.faces[0] + e.bonus for e in dice}
        odds = krom.fight_odds(self.shown, event.place, fighters)

        def setup() -> None:
            self.tray.combat(event.place, fighters, {}, {})
            self.tray.scores = {}
            for f in fighters:
                if f != DINO:
                    self.statuses[f] = ("Fighting", "gold")

        def scored() -> None:
            self.tray.scores = scores

        names = " vs ".join(self.name(f) for f in fighters)
        chances = " · ".join(f"{self.name(f)} {ui.percent(p)}" for f, p in zip(fighters, odds))
        roll = self._roll_tray({k: rolls[f] for k, f in enumerate(fighters) if f in rolls})
        return Sequence(Call(setup), self.show_banner([f"Combat in the {cards.place_word(event.place)}!", names,
                                                       f"Chances to win: {chances}"], palette.BLOCKED, 1.1),
                        self._sound("dice_roll"), roll, Call(scored))

    def _anim_score(self, event) -> Anim:
        def bump() -> None:
            self.tray.scores[event.seat] = event.score

        return Sequence(Call(bump), self._float_seat(event.seat, f"+{event.amount} to the fight", palette.GOLD) or Wait(0))

    def _anim_combat_won(self, event) -> Anim:
        lines = [f"{self.name(event.ranking[0])} wins the combat"]
        scores = list(event.scores)
        for f, sc in zip(event.ranking, scores):
            line = f"{self.name(f)}: {sc}"
            if scores.count(sc) > 1:
                line += f" ({krom.fighter_weight(self.shown, f)} kg: {krom.tie_words(event.place)})"
            lines.append(line)

        def scores_set() -> None:
            self.tray.scores = dict(zip(event.ranking, scores))

        return Sequence(Call(scores_set), self.show_banner(lines, palette.GOLD, 1.2))

    def _anim_mountain_scored(self, event) -> Anim:
        words = krom.combination_name(event.combination)
        return self.show_banner([f"{self.name(event.seat)} stops: {words}"], palette.GOLD, 0.9)

    def _anim_hunted(self, event) -> Anim:
        card = krom.HUNTING[event.card]
        verdict = "caught" if event.caught else "got away"
        lines = [f"{card.name} {verdict}!", f"{event.total} against {card.value}"]
        if event.caught:
            lines.append(f"Reward: {krom.bundle_words(card.reward)}")
        return self.show_banner(lines, palette.LEGAL if event.caught else palette.BLOCKED, 1.1)

    # -- hit points ------------------------------------------------------------------------------
    def _anim_hurt(self, event) -> Anim | None:
        who, amount, left = event.piece, event.amount, event.left
        standee = self.standee_for(who)
        if standee is None or not amount:
            return None
        if getattr(event, "source", "") == "cold":
            return Parallel(self._tween_hp(who, left), self._float_seat(who, f"-{amount} hp: cold", palette.ICE) or Wait(0))
        pos = (int(standee.pos[0]), int(standee.pos[1]) - standee.height)
        return Parallel(standee.hit(), self.floaters.pop(f"-{amount}", pos), self._tween_hp(who, left), self._sound("hit"))

    def _anim_healed_hp(self, event) -> Anim | None:
        who, amount, left = event.piece, event.amount, event.left
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

        stunned = self._status(event.piece, "Stunned", "bad") if event.piece != DINO else None
        return Sequence(self._sound("ko"), Tween(0.4, step), stunned,
                        self._float_seat(event.piece, "Stunned!", palette.BLOCKED) or Wait(0))

    # -- cards and tokens ------------------------------------------------------------------------
    def _anim_stole(self, event) -> Anim | None:
        if event.item != "bonus" and not event.amount:
            return None
        what = "a Bonus card" if event.item == "bonus" else krom.amount_words(event.item, event.amount)
        return Parallel(self._float_seat(event.thief, f"+{what}", palette.LEGAL) or Wait(0),
                        self._float_seat(event.victim, f"-{what}", palette.BLOCKED) or Wait(0), self._sound("capture"))

    def _anim_picking(self, event) -> Anim:
        caption = f"{self.name(event.seat)} finds: {krom.bundle_words(krom.PICKING[event.card].reward)}"
        return Sequence(Call(lambda: self.tray.show_card("picking", event.card, caption, "Forest: a Picking card")),
                        self._sound("card"), Wait(0.9))

    def _anim_realized(self, event) -> Anim:
        row = self.shown.evolution_row
        slot = row.index(event.card) if event.card in row else 0
        start = layout.slot_rect(1, slot).center
        end = layout.board_rect(event.seat, self.n).midtop
        points = krom.EVOLUTIONS[event.card].points
        return Sequence(self._sound("card"), self.fly(cards.tile("evolution", event.card), start, end, duration=0.7),
                        self._float_seat(event.seat, f"+{counted(points, 'point')}", palette.GOLD)
                        or Wait(0))

    def _anim_bonus_played(self, event) -> Anim:
        line = f"{self.name(event.seat)} plays {krom.BONUS[event.card].name}"
        if event.target is not None:
            line += f" on {self.name(event.target)}"
        combat = krom.BONUS[event.card].timing == "combat"  # a combat card leaves the fighters' dice in the tray
        return Sequence(Call(lambda: self.tray.show_card("bonus", event.card, line, "A Bonus card is played", combat)),
                        self._sound("card"), self.show_banner([line, cards.bonus_text(event.card)], palette.GOLD, 1.0))
