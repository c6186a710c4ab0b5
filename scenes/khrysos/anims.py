"""The Khrysos board's animations of the rules' events: hunters coming in, treasure appearing, picked up,
stolen and lost, damage turning a hunter's die, retirements, walks and swaps.

Every animation shows what the event says happened; positions come from the board (its grid and score
rows), the numbers from the event itself (a treasure total, an endurance left), never from a rule.
"""

from __future__ import annotations

from scenes import assets, palette
from scenes.khrysos import art
from scenes.khrysos.art import HunterDie
from scenes.widgets.tween import Call, Parallel, Sequence


class KhrysosAnimations:
    """The part of KhrysosBoard that animates events (the board gives `grid`, `standees`, `loot`, `scores`
    and `score_point`)."""

    def event_handlers(self) -> dict:
        return {
            "HunterPlayed": self._anim_played,
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
        }

    def _anim_opening(self, event):
        """The opening roll's dice tumble onto their faces in the turn panel (one sound for all)."""
        sound = [True]

        def once() -> None:
            if sound:
                sound.clear()
                self.app.play_sound("dice_roll")

        return Parallel(*(d.roll(d.face, 0.7 + 0.05 * i, on_sound=once) for i, (_, _, d) in enumerate(self.opening_dice)))

    def standee_for(self, piece: int):
        return self.standees.get(piece)

    def point_of(self, cell) -> tuple[int, int]:
        return self.grid.cell_centre(cell)

    def dice_for(self, event) -> list:
        return [self.white]

    def _card_index(self, hunter: int) -> int | None:
        """The scoring card (row) of a hunter, as the screen showed it when the step began."""
        for i, c in enumerate(self.shown.cards):
            if c.hunter == hunter:
                return i
        return self.incoming.get(hunter, (None, None))[1]

    def _set_score(self, index: int | None, value: int) -> None:
        if index is not None and 0 <= index < len(self.scores):
            self.scores[index] = value

    def _coin(self):
        return assets.image("markers/treasure", (26, 26))

    def _anim_played(self, event):
        # The new hunter sits on the card whose turn it is (or comes): the score row names it from now.
        # in turn order from the card whose turn it was: the seat's first empty card.
        cards = self.shown.cards
        n = len(cards)
        order = [(self.shown.turn + k) % n for k in range(n)]
        card = next((i for i in order if cards[i].seat == event.seat and not cards[i].hunter), None)
        self.incoming[event.hunter] = (event.seat, card)
        return Call(lambda: self.app.play_sound("card"))

    def _anim_placed(self, event):
        seat = self.incoming.get(event.hunter, (None, None))[0]
        if seat is None:
            index = self._card_index(event.hunter)
            seat = self.shown.cards[index].seat if index is not None else 0
        d = HunterDie(event.hunter, seat, self.grid.cell_centre(event.square), self.seats[seat].colour, self.die_size)
        index = self._card_index(event.hunter)
        d.mark = art.card_mark(self.shown.cards, index) if index is not None else None
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

        end = self.score_point(index) if index is not None else start
        return Sequence(Call(pick), self.fly(self._coin(), start, end, then=lambda: self._set_score(index, event.total)))

    def _anim_stolen(self, event):
        if not event.amount:
            return None
        a, b = self._card_index(event.victim), self._card_index(event.thief)
        if a is None or b is None:
            return None

        def move() -> None:
            self._set_score(a, self.scores[a] - event.amount)
            self._set_score(b, self.scores[b] + event.amount)

        return Sequence(Call(lambda: self.app.play_sound("capture")),
                        self.fly(self._coin(), self.score_point(a), self.score_point(b), then=move))

    def _anim_retired(self, event):
        ko = self._anim_ko(event)
        index = self._card_index(event.piece)
        if index is None or not event.lost:
            return ko
        start = self.score_point(index)

        def lose() -> None:
            self._set_score(index, self.scores[index] - event.lost)

        if event.gained and event.by:
            b = self._card_index(event.by)
            if b is not None:
                def win() -> None:
                    lose()
                    self._set_score(b, self.scores[b] + event.gained)

                return Sequence(ko, self.fly(self._coin(), start, self.score_point(b), then=win))
        return Sequence(ko, self.fly(self._coin(), start, (start[0], start[1] + 80), then=lose))

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
